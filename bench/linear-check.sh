#!/usr/bin/env bash
# Times `sitegen check` (release build) on pages made to be slow if any stage were quadratic: 100,000 unknown
# front matter keys, and 100,000 links in one paragraph (valid ones, then refused ones, each with a diagnostic).
# Prints seconds (wall and user CPU) for each; the target is under 2 s each.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product sitegen >/dev/null
binary="$(swift build -c release --show-bin-path)/sitegen"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$binary" new "$work/site" >/dev/null
count=100000
python3 - "$work/site/content" "$count" <<'PY'
import sys
folder, count = sys.argv[1], int(sys.argv[2])
open(f"{folder}/keys.md", "w").write("---\ntitle: T\n" + "".join(f"k{i}: v\n" for i in range(count)) + "---\n")
open(f"{folder}/links.md", "w").write("---\ntitle: T\n---\n" + " ".join(f"[a](https://e.org/{i})" for i in range(count)) + "\n")
open(f"{folder}/refused.md", "w").write("---\ntitle: T\n---\n" + " ".join(f"[a](ftp://e.org/{i})" for i in range(count)) + "\n")
PY
time_check() {
  local keep="$1"
  for page in keys links refused; do [ "$page" = "$keep" ] || mv "$work/site/content/$page.md" "$work/$page.md" 2>/dev/null || true; done
  [ -f "$work/site/content/$keep.md" ] || mv "$work/$keep.md" "$work/site/content/$keep.md"
  # The refused links make check exit 1; time(1) then writes a line about it before the figures.
  /usr/bin/time -f "%e %U" -o "$work/time" "$binary" check --source "$work/site" >/dev/null 2>&1 || true
  read -r wall user < <(tail -n 1 "$work/time")
  printf '%-40s wall %6.2f s   user %6.2f s\n' "$2" "$wall" "$user"
}
echo "sitegen check, release build, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
time_check keys "100,000 unknown front matter keys"
time_check links "100,000 links in one paragraph"
time_check refused "100,000 refused links in one paragraph"
