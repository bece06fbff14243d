#!/usr/bin/env bash
# Renders the example site, the every-service test site (Tests/Browser/sites/every-service) in both looks (brand
# colours, and calm: `buttons: calm` with its Social section as a row of round logos, `icons: true`) and the Arabic
# test site (Tests/Browser/sites/arabic) and photographs them in headless Chromium, light and dark, for the README:
# the example on a phone, the every-service page on a phone (its whole length, both looks) and on a desktop, the
# Arabic page on a phone. The Arabic page is photographed only once sitegen writes it right to left (dir="rtl").
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product sitegen >/dev/null
sitegen="$(swift build --show-bin-path)/sitegen"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/example" "$work/every-service" "$work/every-service-calm" "$work/arabic"
cp -r content templates "$work/example/"
cp -r Tests/Browser/sites/every-service/content templates "$work/every-service/"
cp -r Tests/Browser/sites/every-service/content templates "$work/every-service-calm/"
# The test site names its buttons with label: (to test it); the pictures show what a page without labels shows: each
# service's name, with the handle beneath.
sed -i '/^    label: /d' "$work/every-service/content/index.md" "$work/every-service-calm/content/index.md"
sed -i -e 's/^lang: en$/lang: en\nbuttons: calm/' -e 's/^  - section: Social$/  - section: Also on\n    icons: true/' \
  "$work/every-service-calm/content/index.md"
cp -r Tests/Browser/sites/arabic/content templates "$work/arabic/"
for site in example every-service every-service-calm arabic; do "$sitegen" build --source "$work/$site" >/dev/null; done
shoot() { # site, size, output, scheme
  local flags=()
  [ "$4" = dark ] && flags=(--force-dark-mode --blink-settings=preferredColorScheme=0)
  chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size="$2" "${flags[@]}" \
    --screenshot="$3" "file://$work/$1/Output/index.html" 2>/dev/null
}
for scheme in light dark; do
  shoot example 420,820 "docs/example-$scheme.png" "$scheme"
  shoot every-service 390,3000 "docs/every-service-phone-$scheme.png" "$scheme"
  shoot every-service-calm 390,3000 "docs/every-service-calm-phone-$scheme.png" "$scheme"
  shoot every-service 1280,800 "docs/every-service-desktop-$scheme.png" "$scheme"
done
echo "wrote docs/example-{light,dark}.png and docs/every-service-{phone,calm-phone,desktop}-{light,dark}.png"
if grep -q '<html[^>]* dir="rtl"' "$work/arabic/Output/index.html"; then
  for scheme in light dark; do shoot arabic 390,900 "docs/arabic-phone-$scheme.png" "$scheme"; done
  echo "wrote docs/arabic-phone-{light,dark}.png"
else
  echo "left out the Arabic page: this sitegen writes it left to right (no dir=\"rtl\")"
fi
