#!/usr/bin/env python3
"""Build benchmark: sitegen against Hugo and against the cmark command (the floor), on generated sites of
1, 1,000 and 10,000 link pages, all measured in this run on this machine.

Each page has front matter with 3 to 5 links (Mastodon and email among them) and a Markdown bio. Hugo builds
the same content with an equivalent minimal template; cmark renders the same Markdown bodies in one process.
Prints wall time, CPU time (user + system), peak memory (max RSS) and the ratios; checks the targets at
10,000 pages: at least 5x faster than Hugo in wall time, at most 64 MiB peak, at most 4x the cmark floor.

Usage: python3 bench/build-bench.py [--sizes 1,1000,10000] [--runs 3]
Needs: hugo and cmark (apt-get install hugo cmark); builds sitegen in release mode.
"""
import argparse
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]

SITEGEN_TEMPLATE = """<!doctype html>
<html lang="{{lang}}"><head><meta charset="utf-8"><title>{{title}}</title>
<meta name="description" content="{{description}}"></head>
<body><h1>{{title}}</h1><p>{{description}}</p>
{{{body_html}}}
<ul>{{#links}}<li><a{{{attributes_html}}}>{{label}}</a></li>{{/links}}</ul>
</body></html>
"""

HUGO_TEMPLATE = """<!doctype html>
<html lang="{{ .Site.LanguageCode }}"><head><meta charset="utf-8"><title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}"></head>
<body><h1>{{ .Title }}</h1><p>{{ .Description }}</p>
{{ .Content }}
<ul>{{ range .Params.links }}<li><a href="{{ with .url }}{{ . }}{{ else }}{{ with .email }}mailto:{{ . }}{{ else }}{{ with .mastodon }}{{ . }}{{ end }}{{ end }}{{ end }}">{{ .label }}</a></li>{{ end }}</ul>
</body></html>
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


def generate(folder, count):
    rng = random.Random(count)
    for site in ("sitegen", "hugo"):
        (folder / site / "content").mkdir(parents=True)
    (folder / "sitegen" / "templates").mkdir()
    (folder / "sitegen" / "templates" / "page.html").write_text(SITEGEN_TEMPLATE)
    layouts = folder / "hugo" / "layouts" / "_default"
    layouts.mkdir(parents=True)
    (layouts / "single.html").write_text(HUGO_TEMPLATE)
    (layouts / "list.html").write_text("")
    (folder / "hugo" / "config.toml").write_text(
        'baseURL = "https://example.org/"\nlanguageCode = "en"\ntitle = "Bench"\n'
        'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]\n')
    bodies = []
    for number in range(1, count + 1):
        front, body = page(rng, number)
        name = "index.md" if count == 1 else f"p{number:05d}.md"
        (folder / "sitegen" / "content" / name).write_text(front + body)
        (folder / "hugo" / "content" / (f"p{number:05d}.md")).write_text(front + body)
        bodies.append(body)
    (folder / "bodies.md").write_text("\n".join(bodies))


def measure(command, cwd, runs):
    """Median wall and CPU seconds and the largest peak RSS over `runs` runs, from GNU time."""
    walls, cpus, peaks = [], [], []
    for _ in range(runs):
        result = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *command], cwd=cwd, capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"{' '.join(command)} failed:\n{result.stderr[-2000:]}")
        wall, user, system, peak = result.stderr.strip().splitlines()[-1].split()
        walls.append(float(wall))
        cpus.append(float(user) + float(system))
        peaks.append(int(peak) / 1024)
    return statistics.median(walls), statistics.median(cpus), max(peaks)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1,1000,10000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for tool in ("hugo", "cmark"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing: apt-get install hugo cmark")
    subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True, capture_output=True)
    sitegen = pathlib.Path(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                          capture_output=True, text=True).stdout.strip()) / "sitegen"
    print(f"{'pages':>6}  {'tool':<8}{'wall s':>8}{'CPU s':>8}{'peak MiB':>10}   ratios")
    verdicts = []
    for count in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory(prefix="sitegen-bench-") as temp:
            folder = pathlib.Path(temp)
            generate(folder, count)
            ours = measure([str(sitegen), "build", "--source", str(folder / "sitegen"), "--base-url", "https://example.org/"], folder, args.runs)
            hugo = measure(["hugo", "--quiet", "--source", str(folder / "hugo"), "--destination", str(folder / "hugo-out")], folder, args.runs)
            floor = measure(["sh", "-c", f"cmark --smart '{folder / 'bodies.md'}' > '{folder / 'bodies.html'}'"], folder, args.runs)
        for name, (wall, cpu, peak) in (("sitegen", ours), ("hugo", hugo), ("cmark", floor)):
            ratio = ""
            if name == "sitegen":
                ratio = f"Hugo/sitegen wall {hugo[0] / max(ours[0], 1e-3):.1f}x, sitegen/cmark wall {ours[0] / max(floor[0], 1e-3):.1f}x"
            print(f"{count:>6}  {name:<8}{wall:>8.3f}{cpu:>8.3f}{peak:>10.1f}   {ratio}")
        if count == 10000:
            verdicts = [
                ("at least 5x faster than Hugo (wall)", hugo[0] / ours[0] >= 5),
                ("peak memory at most 64 MiB", ours[2] <= 64),
                ("at most 4x the cmark floor (wall)", ours[0] / max(floor[0], 1e-3) <= 4),
            ]
    for label, met in verdicts:
        print(f"target: {label}: {'met' if met else 'NOT met'}")
    return 0 if all(met for _, met in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
