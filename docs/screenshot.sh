#!/usr/bin/env bash
# Renders the example site and photographs it in headless Chromium, light and dark, for the README.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product sitegen >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r content templates "$work/"
"$(swift build --show-bin-path)/sitegen" build --source "$work" >/dev/null
for scheme in light dark; do
  flags=()
  [ "$scheme" = dark ] && flags=(--force-dark-mode --blink-settings=preferredColorScheme=0)
  chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=420,780 "${flags[@]}" \
    --screenshot="docs/example-$scheme.png" "file://$work/Output/index.html" 2>/dev/null
done
echo "wrote docs/example-light.png and docs/example-dark.png"
