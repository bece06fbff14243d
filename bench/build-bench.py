#!/usr/bin/env python3
"""Build benchmark: sitegen against Hugo on a generated site of link pages, both measured in the same runs on this machine.

Each page has front matter with 3 to 5 links (Mastodon and email among them) and a Markdown bio. sitegen builds it
with the project's own templates/ (what users get: inline CSS, icons, the chain runtime, a Content-Security-Policy,
a vCard and a QR code); Hugo builds the same content with a template of equal weight, inlining the same CSS and the
same runtime script. Runs alternate between the tools; each figure is the median of --runs runs. Each measured build
starts with everything before it written to disk (`sync`), so no build pays for an earlier one's writeback.

Five ways of building, each on every file system asked for (--work):
  fresh      into no output folder and with no resource cache (cache/ in the site folder): the first build; its share
             cards' cost on a line of its own (the same build with `share_card: false`, subtracted);
  cached     into no output folder with the resource cache the fresh build left (a CI deploy of a committed site);
  unchanged  again into the same folder with nothing changed (what a deploy script or a watcher does most);
  one page   one page's text edited, then built again into the same folder: sitegen's wall time, and which files got
             a new mtime (only that page's may: rsync-style deploys send what changed);
  template   the template edited (every page changes), then built into the same folder.

Targets (issue 42; at 10,000 pages, on each file system; the figures mean little on a busy machine, so the load
average is printed before and after): cached, wall at most 1.5x Hugo's and peak memory at most 64 MiB; fresh, share
card CPU at most 2 ms each, wall at most 6x Hugo's, peak at most 128 MiB; template, sitegen's wall time and user CPU
at most Hugo's, and peak memory at most 64 MiB; unchanged, wall at most 0.1x Hugo's; one page, at most 0.25 s and
only that page's files touched. And `sitegen new`'s one-page site against a one-page Hugo site (hyperfine, --runs
at least 10): fresh with its cache at most Hugo's wall, without it at most 2x Hugo's.

Usage: python3 bench/build-bench.py [--sizes 10000] [--runs 3] [--work journaled,tmpfs,disk] [--no-small]

--work names where the sites and their outputs go, comma-separated: `journaled` is an ext4 with a journal on a
loop device that the script makes and mounts (root only; most users' disks are journaled ext4), `tmpfs` is
/dev/shm, `disk` is the system's temporary folder (on this project's VM an ext4 without a journal, which skips
each recently freed inode one by one, so deleting and creating thousands of files costs far more there), and
any other value is a folder. Needs: hugo (apt-get install hugo), hyperfine, GNU time, e2fsprogs; builds sitegen in
release mode.
"""
import argparse
import json
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

# The same page as templates/layout.html + page.html, in Hugo: the CSS and the runtime read from files and inlined
# (those files are cut from a page sitegen built), the icons as sitegen writes them, a button per link.
HUGO_TEMPLATE = """<!doctype html>
<html lang="en" data-color-scheme="auto">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' https: data:; style-src 'sha256-{{ .Title | sha256 }}'; script-src 'sha256-{{ .Description | sha256 }}'; connect-src https:; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="expect" href="#sitegen-runtime" blocking="render">
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
<script id="sitegen-runtime">
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
        "runtime.js": re.search(r'<script id="sitegen-runtime">\n(.*?)</script>', html, re.S).group(1),
    }


def generate(folder, count, parts):
    rng = random.Random(count)
    for site in ("sitegen", "hugo"):
        (folder / site / "content").mkdir(parents=True)
    shutil.copytree(ROOT / "templates", folder / "sitegen" / "templates")
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
        for site in ("sitegen", "hugo"):
            (folder / site / "content" / name).write_text(front + body)


def measure(command, cwd, output=None, cache=None):
    """Wall seconds, user CPU seconds, system CPU seconds and peak RSS (MiB) of one run, from GNU time; from no
    output folder when `output` is given, and with no resource cache when `cache` (the site's cache/) is."""
    if output is not None:
        shutil.rmtree(output, ignore_errors=True)
    if cache is not None:
        shutil.rmtree(cache, ignore_errors=True)
    # The earlier builds' writes go to disk first: a 10,000-page build leaves hundreds of MB dirty, whose writeback
    # (30 s later, by the kernel's default) would otherwise stall whichever build runs then, by up to half a second.
    os.sync()
    result = run(["/usr/bin/time", "-f", "%e %U %S %M", *command], cwd)
    wall, user, system, peak = result.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user), float(system), int(peak) / 1024


def mtimes(folder):
    """Each file's mtime (ns) below `folder`, hidden files included."""
    return {str(path.relative_to(folder)): path.stat().st_mtime_ns for path in folder.rglob("*") if path.is_file()}


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


JOURNALED_IMAGE = "/tmp/sitegen-bench-journaled.img"
JOURNALED_MOUNT = "/mnt/sitegen-bench-journaled"


def work_folder(name):
    """The folder for `name` of --work, making and mounting the journaled ext4 when asked; None when it cannot be had."""
    if name == "tmpfs":
        return "/dev/shm"
    if name == "disk":
        return tempfile.gettempdir()
    if name != "journaled":
        return name
    if os.path.ismount(JOURNALED_MOUNT):
        return JOURNALED_MOUNT
    if os.geteuid() != 0:
        print("journaled: skipped (making a loop-mounted ext4 needs root)")
        return None
    subprocess.run(["truncate", "-s", "4G", JOURNALED_IMAGE], check=True)
    subprocess.run(["mkfs.ext4", "-q", "-F", "-j", JOURNALED_IMAGE], check=True)
    os.makedirs(JOURNALED_MOUNT, exist_ok=True)
    if subprocess.run(["mount", "-o", "loop", JOURNALED_IMAGE, JOURNALED_MOUNT]).returncode != 0:
        print("journaled: skipped (cannot mount a loop device here)")
        return None
    return JOURNALED_MOUNT


def share_card_cost(ours, folder, output, count, runs, fresh):
    """A first build's share cards (one 1200x630 PNG per page, drawn by Cairo and Pango): the fresh build measured
    again with `share_card: false` in site.yml, and the difference printed on its own line; returns the CPU
    milliseconds per card."""
    settings = folder / "sitegen" / "site.yml"
    settings.write_text("share_card: false\n")
    try:
        without = [measure(ours, folder, output, folder / "sitegen" / "cache") for _ in range(runs)]
    finally:
        settings.unlink()
    wall = statistics.median(r[0] for r in fresh) - statistics.median(r[0] for r in without)
    user = statistics.median(r[1] + r[2] for r in fresh) - statistics.median(r[1] + r[2] for r in without)
    print(f"{count:>6}  first build's share cards: {wall:.2f} s wall, {user / count * 1e3:.2f} ms CPU per card")
    return user / count * 1e3


def bench(sitegen, name, work, count, runs):
    """The four ways of building at `count` pages under `work`; returns the verdicts of the targets."""
    with tempfile.TemporaryDirectory(prefix="sitegen-bench-", dir=work) as temp:
        folder = pathlib.Path(temp)
        generate(folder, count, inline_parts(sitegen, folder))
        ours_out, hugo_out = folder / "sitegen" / "Output", folder / "hugo" / "public"
        ours = [str(sitegen), "build", "-q", "--source", str(folder / "sitegen"), "--base-url", "https://example.org/"]
        hugo = ["hugo", "--quiet", "--source", str(folder / "hugo"), "--destination", str(hugo_out)]
        template, hugo_template = folder / "sitegen" / "templates" / "page.html", folder / "hugo" / "layouts" / "_default" / "single.html"
        originals = {template: template.read_text(), hugo_template: hugo_template.read_text()}
        rows = {}

        def row(label, samples):
            wall = statistics.median(r[0] for r in samples)
            user = statistics.median(r[1] for r in samples)
            system = statistics.median(r[2] for r in samples)
            peak = max(r[3] for r in samples)
            rows[label] = (wall, user, system, peak)
            print(f"{count:>6}  {label:<30}{wall:>8.2f}{user / count * 1e6:>14.0f}{system:>8.2f}{peak:>10.1f}")

        cache = folder / "sitegen" / "cache"
        fresh = {"sitegen": [], "hugo": []}
        for _ in range(runs):
            fresh["sitegen"].append(measure(ours, folder, ours_out, cache))
            fresh["hugo"].append(measure(hugo, folder, hugo_out))
        row("fresh: sitegen", fresh["sitegen"])
        row("fresh: hugo", fresh["hugo"])
        card_ms = share_card_cost(ours, folder, ours_out, count, runs, fresh["sitegen"])
        # That left an output without cards, and no cache: one build, not measured, draws them again, so that
        # "cached" and "unchanged" find the site as the fresh build left it (with --runs 1 its only run drew them).
        run(ours, folder)

        cached = []
        for _ in range(runs):
            cached.append(measure(ours, folder, ours_out))
        row("cached: sitegen", cached)

        unchanged = {"sitegen": [], "hugo": []}
        for _ in range(runs):
            unchanged["sitegen"].append(measure(ours, folder))
            unchanged["hugo"].append(measure(hugo, folder))
        row("unchanged: sitegen", unchanged["sitegen"])
        row("unchanged: hugo", unchanged["hugo"])

        edited, touched_ok = [], True
        for number in range(1, runs + 1):
            page_file = folder / "sitegen" / "content" / f"p{number:05d}.md"
            page_file.write_text(page_file.read_text() + f"\nEdited {number}.\n")
            before = mtimes(ours_out)
            edited.append(measure(ours, folder))
            after = mtimes(ours_out)
            touched = sorted(path for path, time in after.items() if before.get(path) != time)
            allowed = {f"p{number:05d}/index.html", f"p{number:05d}/contact.vcf", f"p{number:05d}/qr.svg", ".sitegen-manifest"}
            touched_ok &= set(touched) <= allowed and f"p{number:05d}/index.html" in touched
            print(f"{count:>6}  one page edited: files with a new mtime: {', '.join(touched)}")
        row("one page edited: sitegen", edited)

        every = {"sitegen": [], "hugo": []}
        for number in range(runs):
            for path, text in originals.items():
                path.write_text(text + f"<!-- edit {number} -->\n")
            every["sitegen"].append(measure(ours, folder))
            every["hugo"].append(measure(hugo, folder))
        row("template edited: sitegen", every["sitegen"])
        row("template edited: hugo", every["hugo"])

    kind = f"{name} ({file_system(work)}, {count} pages)"
    unchanged_ratio = rows["unchanged: sitegen"][0] / rows["unchanged: hugo"][0]
    every_ours, every_hugo = rows["template edited: sitegen"], rows["template edited: hugo"]
    fresh_ours, fresh_hugo, cached_ours = rows["fresh: sitegen"], rows["fresh: hugo"], rows["cached: sitegen"]
    return [
        (f"{kind}: cached (CI with the cache), wall at most 1.5x Hugo's ({cached_ours[0] / fresh_hugo[0]:.2f}x: {cached_ours[0]:.2f} s vs {fresh_hugo[0]:.2f} s)", cached_ours[0] <= 1.5 * fresh_hugo[0]),
        (f"{kind}: cached, peak memory at most 64 MiB ({cached_ours[3]:.1f} MiB)", cached_ours[3] <= 64),
        (f"{kind}: fresh (no cache), share card CPU at most 2 ms each ({card_ms:.2f} ms)", card_ms <= 2),
        (f"{kind}: fresh (no cache), wall at most 6x Hugo's ({fresh_ours[0] / fresh_hugo[0]:.2f}x: {fresh_ours[0]:.2f} s vs {fresh_hugo[0]:.2f} s)", fresh_ours[0] <= 6 * fresh_hugo[0]),
        (f"{kind}: fresh (no cache), peak memory at most 128 MiB ({fresh_ours[3]:.1f} MiB)", fresh_ours[3] <= 128),
        (f"{kind}: unchanged, wall at most 0.1x Hugo's ({unchanged_ratio:.2f}x: {rows['unchanged: sitegen'][0]:.2f} s vs {rows['unchanged: hugo'][0]:.2f} s)", unchanged_ratio <= 0.1),
        (f"{kind}: unchanged, peak memory at most 64 MiB ({rows['unchanged: sitegen'][3]:.1f} MiB)", rows["unchanged: sitegen"][3] <= 64),
        (f"{kind}: one page edited, at most 0.25 s ({rows['one page edited: sitegen'][0]:.2f} s)", rows["one page edited: sitegen"][0] <= 0.25),
        (f"{kind}: one page edited, only its files get a new mtime", touched_ok),
        (f"{kind}: template edited, wall at most Hugo's ({every_ours[0]:.2f} s vs {every_hugo[0]:.2f} s)", every_ours[0] <= every_hugo[0]),
        (f"{kind}: template edited, user CPU per page at most Hugo's ({every_ours[1] / count * 1e6:.0f} µs vs {every_hugo[1] / count * 1e6:.0f} µs)", every_ours[1] <= every_hugo[1]),
        (f"{kind}: template edited, peak memory at most 64 MiB ({every_ours[3]:.1f} MiB)", every_ours[3] <= 64),
    ]


def small_site(sitegen, work, runs):
    """`sitegen new`'s one-page site against a one-page Hugo site of the same template, by hyperfine (each run into no
    output folder); returns the verdicts of the targets."""
    if not shutil.which("hyperfine"):
        print("one-page site: skipped (hyperfine is missing: apt-get install hyperfine)")
        return []
    with tempfile.TemporaryDirectory(prefix="sitegen-bench-small-", dir=work) as temp:
        folder = pathlib.Path(temp)
        generate(folder, 1, inline_parts(sitegen, folder))
        run([str(sitegen), "new", "new-site"], folder)
        site, hugo_site = folder / "new-site", folder / "hugo"
        run([str(sitegen), "build", "-q", "--source", str(site)], folder)  # fills its cache
        commands = {
            "with its cache": (f"rm -rf {site}/Output", f"{sitegen} build -q --source {site}"),
            "without a cache": (f"rm -rf {site}/Output {site}/cache", f"{sitegen} build -q --source {site}"),
            "hugo": (f"rm -rf {hugo_site}/public", f"hugo --quiet --source {hugo_site} --destination {hugo_site}/public"),
        }
        means = {}
        for label, (prepare, command) in commands.items():
            export = folder / "hyperfine.json"
            run(["hyperfine", "--style", "none", "--warmup", "2", "--runs", str(max(runs, 10)), "--prepare", prepare,
                 "--export-json", str(export), command], folder)
            result = json.loads(export.read_text())["results"][0]
            means[label] = result["mean"]
            print(f"     1  one-page site, fresh, {label:<17}{result['mean'] * 1e3:>8.1f} ms ± {result['stddev'] * 1e3:.1f} (user {result['user'] * 1e3:.1f} ms)")
    kind = f"one-page site ({file_system(work)})"
    return [
        (f"{kind}: fresh with its cache at most Hugo's wall ({means['with its cache'] * 1e3:.1f} ms vs {means['hugo'] * 1e3:.1f} ms)", means["with its cache"] <= means["hugo"]),
        (f"{kind}: fresh without a cache at most 2x Hugo's wall ({means['without a cache'] * 1e3:.1f} ms vs {means['hugo'] * 1e3:.1f} ms)", means["without a cache"] <= 2 * means["hugo"]),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default="journaled,tmpfs,disk", help="where the sites and outputs go, comma-separated (see the docstring)")
    parser.add_argument("--no-small", action="store_true", help="leave out the one-page site (hyperfine)")
    args = parser.parse_args()
    if not shutil.which("hugo"):
        sys.exit("hugo is missing: apt-get install hugo")
    run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "sitegen"], ROOT)
    built = pathlib.Path(run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--show-bin-path"], ROOT).stdout.strip()) / "sitegen"
    # Measured from a private copy: a build records the binary's stamp (size, inode, times) among what every page
    # shares, so a rebuild in this checkout, or perf hard-linking the binary into ~/.debug (which moves its change
    # time), during a run would make the next build render every page again, and "unchanged" would time that.
    private = tempfile.mkdtemp(prefix="sitegen-bench-binary-")
    sitegen = pathlib.Path(private) / "sitegen"
    shutil.copy2(built, sitegen)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}  ({os.cpu_count()} cores)")
    verdicts = []
    for name in args.work.split(","):
        work = work_folder(name)
        if work is None:
            continue
        print(f"\n{name}: sites and outputs in {work} ({file_system(work)})")
        print(f"{'pages':>6}  {'build':<30}{'wall s':>8}{'user µs/page':>14}{'sys s':>8}{'peak MiB':>10}")
        for count in [int(s) for s in args.sizes.split(",")]:
            verdicts += bench(sitegen, name, work, count, args.runs)
        if not args.no_small:
            verdicts += small_site(sitegen, work, args.runs)
    shutil.rmtree(private, ignore_errors=True)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for label, met in verdicts:
        print(f"target: {label}: {'met' if met else 'NOT met'}")
    return 0 if all(met for _, met in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
