#!/usr/bin/env python3
"""Build benchmark: sitegen against Hugo on generated sites of link pages, all measured in this run on this machine.

Each page has front matter with 3 to 5 links (Mastodon and email among them) and a Markdown bio. sitegen builds it
with the project's own templates/ (what users get: inline CSS, icons, the chain runtime, a Content-Security-Policy,
a vCard and a QR code); Hugo builds the same content with a template of equal weight, inlining the same CSS and the
same runtime script. Runs alternate between the tools; each figure is the median of --runs runs. Every run starts
with no output folder, so each tool writes a fresh site (sitegen would otherwise also delete the previous output
after swapping the new one in, and Hugo overwrite it in place). A second, labelled line shows sitegen with a minimal
template (`<ul>{{#links}}…`), the pipeline without the page users get.

Prints, per tool: wall time, user CPU time per page, system CPU time, peak memory (max RSS, from GNU time), and the
average size of a page, with the load average before and after (the figures mean little on a busy machine), and
each sitegen build's user CPU as a share of Hugo's in the same runs (steadier than µs on a noisy VM); at 10,000 pages, checks the targets: sitegen's wall time at most Hugo's, at most 200 µs user CPU per page, at
most 64 MiB peak; and the example site's page at most 8 KB gzipped.

Usage: python3 bench/build-bench.py [--sizes 1000,10000] [--runs 3] [--work DIR]

--work puts the generated sites and their outputs in DIR (default: the system's temporary folder). Both tools
create thousands of files per run (sitegen four per page: the folder, the page, its vCard and its QR code; Hugo
two), and ext4 without a journal, as on this project's VM, skips each recently freed inode one by one, so a build
right after deleting the previous output pays for every file deleted in the last minute. Most machines' ext4 has
a journal and does not; to measure one, make it on a loop device:
    truncate -s 3G /tmp/j.img && mkfs.ext4 -q /tmp/j.img && mkdir -p /mnt/j && mount -o loop /tmp/j.img /mnt/j
and pass `--work /mnt/j`. `--work /dev/shm` measures the tools on tmpfs.
Needs: hugo (apt-get install hugo) and GNU time; builds sitegen in release mode.
"""
import argparse
import gzip
import os
import pathlib
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]

MINIMAL_TEMPLATE = """<!doctype html>
<html lang="{{lang}}"><head><meta charset="utf-8"><title>{{title}}</title>
<meta name="description" content="{{description}}"></head>
<body><h1>{{title}}</h1><p>{{description}}</p>
{{{body_html}}}
<ul>{{#links}}<li><a{{{attributes_html}}}>{{label}}</a></li>{{/links}}</ul>
</body></html>
"""

# The same page as templates/layout.html + page.html, in Hugo: the CSS and the runtime read from files and inlined
# (those files are cut from a page sitegen built), the icons as sitegen writes them, a button per link.
HUGO_TEMPLATE = """<!doctype html>
<html lang="en" data-color-scheme="auto">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' https: data:; style-src 'sha256-{{ .Title | sha256 }}'; script-src 'sha256-{{ .Description | sha256 }}'; connect-src https:; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta name="color-scheme" content="light dark">
<meta property="og:type" content="profile">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:description" content="{{ .Description }}">
<meta property="og:url" content="{{ .Permalink }}">
<meta name="twitter:card" content="summary">
<meta name="generator" content="hugo">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Person","description":{{ .Description | jsonify }},"name":{{ .Title | jsonify }},"url":{{ .Permalink | jsonify }}}</script>
<style>
{{ readFile "inline/style.css" | safeCSS }}
{{ range $i, $l := .Params.links }}.link-{{ add $i 1 }}{--brand:#1f4e8c;--on-brand:#ffffff}
{{ end }}</style>
</head>
<body>
<main class="card h-card">
  <header>
    <h1 class="p-name">{{ .Title }}</h1>
    <p class="tagline p-note">{{ .Description }}</p>
  </header>
  <div class="bio">
{{ .Content }}
  </div>
  <nav class="links" aria-label="Contact and follow" data-chooser>
    <svg class="symbols" aria-hidden="true">{{ readFile "inline/icons.svg" | safeHTML }}</svg>
    <ul>
      {{ range $i, $l := .Params.links }}<li class="link-{{ add $i 1 }}"><a id="link-{{ add $i 1 }}" class="button u-url" href="{{ with .url }}{{ . }}{{ else }}{{ with .email }}mailto:{{ . }}{{ else }}{{ with .mastodon }}https://social.example/{{ . }}{{ else }}https://example.org/{{ range $k, $v := $l }}{{ $v }}{{ end }}{{ end }}{{ end }}{{ end }}" data-chain='[{"app":"App","auto":true,"platforms":["ios","android"],"url":"app://{{ .label }}"}]'><svg class="icon" aria-hidden="true" width="24" height="24"><use href="#icon-link"/></svg><span>{{ .label }}</span></a></li>
      {{ end }}
    </ul>
  </nav>
  <footer>Made with hugo</footer>
</main>
<script type="application/json" id="sitegen-text">
{{ readFile "inline/runtime-text.json" | safeJS }}
</script>
<script>
{{ readFile "inline/runtime.js" | safeJS }}
</script>
</body>
</html>
"""

WORDS = ("music album song record listen playlist vinyl concert friend discover memory library "
         "artist jazz folk band stage tour night morning coffee garden city river ocean").split()


def sentence(rng, words=12):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def page(rng, number):
    """Front matter (YAML) and a Markdown bio; the same text feeds sitegen and Hugo."""
    links = [
        f'  - mastodon: "@user{number}@social.example"\n    label: Follow me on Mastodon',
        f"  - email: user{number}+news@example.org\n    label: Write to me\n    subject: Hello & welcome",
        f"  - url: https://example.org/people/{number}\n    label: My website",
        f"  - github: user{number}\n    label: My code",
        f'  - bluesky: "user{number}.bsky.social"\n    label: Bluesky',
    ][: rng.randint(3, 5)]
    front = f"---\ntitle: Person {number}\ndescription: {sentence(rng, 8)}\nlinks:\n" + "\n".join(links) + "\n---\n"
    body = (f"**Person {number}** likes *{rng.choice(WORDS)}*. {sentence(rng)}\n\n"
            f"{sentence(rng)} See [my site](https://example.org/people/{number}).\n\n"
            f"- {sentence(rng, 5)}\n- {sentence(rng, 6)}\n")
    return front, body


def run(command, cwd):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{result.stderr[-2000:]}")
    return result


def inline_parts(sitegen, folder):
    """The CSS, icons, runtime text and runtime of a page sitegen built with the real templates, for Hugo's template."""
    site = folder / "probe"
    (site / "content").mkdir(parents=True)
    shutil.copytree(ROOT / "templates", site / "templates")
    front, body = page(random.Random(0), 1)
    (site / "content" / "index.md").write_text(front.replace("---\n", "---\n", 1) + body)
    run([str(sitegen), "build", "--source", str(site)], folder)
    html = (site / "Output" / "index.html").read_text()
    style = re.search(r"<style>\n(.*?)</style>", html, re.S).group(1)
    style = re.sub(r"\.link-\d+\{[^}]*\}\n", "", style)
    return {
        "style.css": style,
        "icons.svg": re.search(r'<svg class="symbols" aria-hidden="true">(.*?)</svg>\n', html, re.S).group(1),
        "runtime-text.json": (ROOT / "templates" / "runtime-text.json").read_text(),
        "runtime.js": re.search(r"<script>\n(.*?)</script>", html, re.S).group(1),
    }


def generate(folder, count, parts):
    rng = random.Random(count)
    for site in ("sitegen", "minimal", "hugo"):
        (folder / site / "content").mkdir(parents=True)
    shutil.copytree(ROOT / "templates", folder / "sitegen" / "templates")
    (folder / "minimal" / "templates").mkdir()
    (folder / "minimal" / "templates" / "page.html").write_text(MINIMAL_TEMPLATE)
    layouts = folder / "hugo" / "layouts" / "_default"
    layouts.mkdir(parents=True)
    (layouts / "single.html").write_text(HUGO_TEMPLATE)
    (layouts / "list.html").write_text("")
    (folder / "hugo" / "inline").mkdir()
    for name, text in parts.items():
        (folder / "hugo" / "inline" / name).write_text(text)
    (folder / "hugo" / "config.toml").write_text(
        'baseURL = "https://example.org/"\nlanguageCode = "en"\ntitle = "Bench"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]\n')
    for number in range(1, count + 1):
        front, body = page(rng, number)
        name = f"p{number:05d}.md"
        for site in ("sitegen", "minimal", "hugo"):
            (folder / site / "content" / name).write_text(front + body)


def measure(command, cwd, output):
    """Wall seconds, user CPU seconds, system CPU seconds and peak RSS (MiB) of one run from no `output`, from GNU time."""
    shutil.rmtree(output, ignore_errors=True)
    result = run(["/usr/bin/time", "-f", "%e %U %S %M", *command], cwd)
    wall, user, system, peak = result.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user), float(system), int(peak) / 1024


def page_size(folder):
    """Average bytes of the HTML pages under `folder`."""
    sizes = [path.stat().st_size for path in folder.rglob("*.html")]
    return sum(sizes) / max(len(sizes), 1)


def example_page_gzipped(sitegen):
    """The example site's page (content/ and templates/ of the repository), gzipped, in bytes."""
    with tempfile.TemporaryDirectory(prefix="sitegen-example-") as temp:
        for name in ("content", "templates"):
            shutil.copytree(ROOT / name, pathlib.Path(temp) / name)
        run([str(sitegen), "build"], temp)
        return len(gzip.compress((pathlib.Path(temp) / "Output" / "index.html").read_bytes(), 9))


def file_system(folder):
    """The type of the file system holding `folder`, from /proc/mounts (the longest mount point that contains it)."""
    best, kind = "", "unknown"
    try:
        with open("/proc/mounts") as mounts:
            for line in mounts:
                fields = line.split()
                point = fields[1]
                if os.path.realpath(folder).startswith(point.rstrip("/") + "/") or os.path.realpath(folder) == point:
                    if len(point) > len(best):
                        best, kind = point, fields[2]
    except OSError:
        pass
    return kind


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default=None, help="folder for the generated sites and outputs (default: temporary folder)")
    args = parser.parse_args()
    if not shutil.which("hugo"):
        sys.exit("hugo is missing: apt-get install hugo")
    run(["swift", "build", "-c", "release", "--product", "sitegen"], ROOT)
    sitegen = pathlib.Path(run(["swift", "build", "-c", "release", "--show-bin-path"], ROOT).stdout.strip()) / "sitegen"
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}  ({os.cpu_count()} cores)")
    work = args.work or tempfile.gettempdir()
    print(f"sites and outputs in {work} ({file_system(work)})")
    print(f"{'pages':>6}  {'tool':<28}{'wall s':>8}{'user µs/page':>14}{'sys s':>8}{'peak MiB':>10}{'page bytes':>12}")
    verdicts = []
    for count in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory(prefix="sitegen-bench-", dir=args.work) as temp:
            folder = pathlib.Path(temp)
            generate(folder, count, inline_parts(sitegen, folder))
            outputs = {
                "sitegen (real templates)": folder / "sitegen" / "Output",
                "hugo (equal-weight template)": folder / "hugo" / "public",
                "sitegen (minimal template)": folder / "minimal" / "Output",
            }
            commands = {
                "sitegen (real templates)": [str(sitegen), "build", "--source", str(folder / "sitegen"), "--base-url", "https://example.org/"],
                "hugo (equal-weight template)": ["hugo", "--quiet", "--source", str(folder / "hugo"), "--destination", str(outputs["hugo (equal-weight template)"])],
                "sitegen (minimal template)": [str(sitegen), "build", "--source", str(folder / "minimal"), "--base-url", "https://example.org/"],
            }
            samples = {name: [] for name in commands}
            for _ in range(args.runs):  # alternating, so both tools see the same machine load
                for name, command in commands.items():
                    samples[name].append(measure(command, folder, outputs[name]))
            sizes = {name: page_size(output) for name, output in outputs.items()}
        figures = {}
        for name, runs in samples.items():
            wall = statistics.median(r[0] for r in runs)
            user = statistics.median(r[1] for r in runs)
            system = statistics.median(r[2] for r in runs)
            peak = max(r[3] for r in runs)
            figures[name] = (wall, user, peak)
            print(f"{count:>6}  {name:<28}{wall:>8.2f}{user / count * 1e6:>14.0f}{system:>8.2f}{peak:>10.1f}{sizes[name]:>12.0f}")
        # Both tools measured in the same runs, so the ratio holds on a slower or busier machine where µs do not.
        real, minimal, hugo_user = (figures[name][1] for name in ("sitegen (real templates)", "sitegen (minimal template)", "hugo (equal-weight template)"))
        print(f"{count:>6}  user CPU per page, as a share of Hugo's: sitegen {real / hugo_user:.0%}, "
              f"sitegen's pipeline alone (minimal template) {minimal / hugo_user:.0%}")
        if count == 10000:
            ours, hugo = figures["sitegen (real templates)"], figures["hugo (equal-weight template)"]
            verdicts = [
                (f"sitegen's wall time at most Hugo's ({ours[0]:.2f} s vs {hugo[0]:.2f} s)", ours[0] <= hugo[0]),
                (f"at most 200 µs user CPU per page ({ours[1] / count * 1e6:.0f} µs)", ours[1] / count * 1e6 <= 200),
                (f"peak memory at most 64 MiB ({ours[2]:.1f} MiB)", ours[2] <= 64),
            ]
    example = example_page_gzipped(sitegen)
    verdicts.append((f"the example page at most 8 KB gzipped ({example} bytes)", example <= 8192))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for label, met in verdicts:
        print(f"target: {label}: {'met' if met else 'NOT met'}")
    return 0 if all(met for _, met in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
