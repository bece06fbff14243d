#!/usr/bin/env bash
# Renders the example site and the every-service test site (Tests/Browser/sites/every-service) and photographs
# them in headless Chromium, light and dark, for the README: the example on a phone, the every-service page on a
# phone (its whole length) and on a desktop.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product sitegen >/dev/null
sitegen="$(swift build --show-bin-path)/sitegen"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/example" "$work/every-service"
cp -r content templates "$work/example/"
cp -r Tests/Browser/sites/every-service/content templates "$work/every-service/"
"$sitegen" build --source "$work/example" >/dev/null
"$sitegen" build --source "$work/every-service" >/dev/null
shoot() { # site, size, output, scheme
  local flags=()
  [ "$4" = dark ] && flags=(--force-dark-mode --blink-settings=preferredColorScheme=0)
  chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size="$2" "${flags[@]}" \
    --screenshot="$3" "file://$work/$1/Output/index.html" 2>/dev/null
}
for scheme in light dark; do
  shoot example 420,820 "docs/example-$scheme.png" "$scheme"
  shoot every-service 390,3000 "docs/every-service-phone-$scheme.png" "$scheme"
  shoot every-service 1280,800 "docs/every-service-desktop-$scheme.png" "$scheme"
done
echo "wrote docs/example-{light,dark}.png and docs/every-service-{phone,desktop}-{light,dark}.png"
