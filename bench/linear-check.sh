#!/usr/bin/env bash
# Times `sitegen check` (release build) on sites made to be slow if any stage were quadratic in the links a page
# has: 100,000 unknown front matter keys; 100,000 links in one paragraph (valid ones, then refused ones, each with a
# diagnostic); 100,000 email autolinks (each address hidden by the page's email shield); and 20,000 buttons of each
# service in the catalog (`sitegen services`). Prints seconds (wall and user CPU) for each; the target is under
# 2 s each.
#
# The autolinks and buttons are spread over pages of 4,000 each: a page of 100,000 autolinks is about 200 MB of
# HTML (every address written as character references, every link with its chain), which the 16 MiB page cap
# refuses. 4,000 a page is still far more than a quadratic stage survives: before it was made linear, email
# protection took 15 s for 1,000 autolinks on one page.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product sitegen >/dev/null
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/sitegen"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
services="$("$binary" services --json | python3 -c 'import json, sys; print(" ".join(s["id"] for s in json.load(sys.stdin)))')"

# make_site NAME: a fresh site in $work/NAME whose content/ python writes next (from standard input).
make_site() {
  "$binary" new "$work/$1" >/dev/null
  rm -f "$work/$1/content/"*.md
  python3 - "$work/$1/content" "${@:2}"
}

make_site keys 100000 <<'PY'
import sys
folder, count = sys.argv[1], int(sys.argv[2])
open(f"{folder}/index.md", "w").write("---\ntitle: T\n" + "".join(f"k{i}: v\n" for i in range(count)) + "---\n")
PY
links='
import sys
folder, count, scheme = sys.argv[1], int(sys.argv[2]), sys.argv[3]
open(f"{folder}/index.md", "w").write("---\ntitle: T\n---\n" + " ".join(f"[a]({scheme}://e.org/{i})" for i in range(count)) + "\n")
'
make_site links 100000 https <<<"$links"
make_site refused 100000 ftp <<<"$links"

# Pages of 4,000 links each: autolinks, or buttons of one service with a handle each (its own form, numbered).
paged='
import sys
folder, kind, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
fediverse = {"mastodon", "fediverse", "pixelfed", "peertube", "misskey", "gotosocial", "lemmy"}
phones = {"phone", "sms", "signal", "whatsapp"}
digit_ids = {"apple-podcasts", "deezer", "tidal", "stack-overflow", "goodreads", "strava", "app-store"}
def handle(i):
    if kind in fediverse: return f"@user{i:05d}@social{i % 97}.example"
    if kind in phones: return f"+49 30 {1000000 + i}"
    return {"email": f"user{i:05d}@example.org", "bluesky": f"user{i:05d}.bsky.social",
            "youtube": f"@user{i:05d}", "tiktok": f"@user{i:05d}", "matrix": f"@user{i:05d}:matrix.org",
            "discord": str(80351110224678912 + i), "spotify": f"artist:0OdUWJ0sBjDrqHyg{i:06d}",
            "apple-music": str(909253 + i), "rss": f"https://example.org/feed{i}",
            "web": f"https://example.org/p{i}", "threema": f"E{i:07d}", "youtube-music": f"UC-9-kyTW8ZkZNDHQJ6{i:05d}",
            "amazon": f"2LO3AVBF{i:05d}"}.get(kind, str(1000 + i) if kind in digit_ids else f"user{i:05d}")
per_page = 4000
for page in range(0, count, per_page):
    numbers = range(page, min(page + per_page, count))
    name = "index" if page == 0 else f"p{page // per_page}"
    if kind == "autolinks":
        text = "---\ntitle: T\n---\n" + " ".join(f"<u{i}@x.example>" for i in numbers) + "\n"
    else:
        text = "---\ntitle: T\nlinks:\n" + "".join(f"  - {kind}: \"{handle(i)}\"\n" for i in numbers) + "---\n"
    open(f"{folder}/{name}.md", "w").write(text)
'
make_site autolinks autolinks 100000 <<<"$paged"
for service in $services; do make_site "button-$service" "$service" 20000 <<<"$paged"; done

time_check() {
  # The refused links make check exit 1; time(1) then writes a line about it before the figures.
  /usr/bin/time -f "%e %U" -o "$work/time" "$binary" check --source "$work/$1" >/dev/null 2>"$work/errors" || [ "$1" = refused ] || {
    echo "check failed on $1:" >&2; head -n 3 "$work/errors" >&2; exit 1; }
  read -r wall user < <(tail -n 1 "$work/time")
  printf '%-44s wall %6.2f s   user %6.2f s\n' "$2" "$wall" "$user"
}
echo "sitegen check, release build, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
time_check keys "100,000 unknown front matter keys"
time_check links "100,000 links in one paragraph"
time_check refused "100,000 refused links in one paragraph"
time_check autolinks "100,000 email autolinks (25 pages)"
for service in $services; do time_check "button-$service" "20,000 $service buttons (5 pages)"; done
