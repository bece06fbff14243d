#!/usr/bin/env bash
# Renders the example site, the every-service test site (Tests/Browser/sites/every-service) in both looks (brand
# colours, and calm: `buttons: calm` with its Social section as a row of round logos, `icons: true`) and the Arabic
# test site (Tests/Browser/sites/arabic) and photographs them in headless Chromium, light and dark, for the README:
# the example on a phone, the every-service page on a phone (its whole length, both looks) and on a desktop, the
# Arabic page on a phone. The Arabic page is photographed only once sitegen writes it right to left (dir="rtl").
# Then one made-up person (docs/compare/person) three ways on a phone, light and dark, joined side by side into
# docs/compare-phone-{light,dark}.png: sitegen's default look, sitegen with `buttons: calm` (its "Also on" section as
# round logos, `icons: true`), and docs/compare/littlelink-like, our imitation of LittleLink's default look with the
# same Simple Icons logos (docs/compare/shoot.py takes and joins them, with Selenium and Pillow).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product sitegen >/dev/null
sitegen="$(swift build --show-bin-path)/sitegen"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/example" "$work/every-service" "$work/every-service-calm" "$work/arabic" "$work/person" "$work/person-calm"
cp -r content templates "$work/example/"
cp -r Tests/Browser/sites/every-service/content templates "$work/every-service/"
cp -r Tests/Browser/sites/every-service/content templates "$work/every-service-calm/"
# The test site names its buttons with label: (to test it); the pictures show what a page without labels shows: each
# service's name, with the handle beneath.
sed -i '/^    label: /d' "$work/every-service/content/index.md" "$work/every-service-calm/content/index.md"
sed -i -e 's/^lang: en$/lang: en\nbuttons: calm/' -e 's/^  - section: Social$/  - section: Also on\n    icons: true/' \
  "$work/every-service-calm/content/index.md"
cp -r Tests/Browser/sites/arabic/content templates "$work/arabic/"
cp -r docs/compare/person/content templates "$work/person/"
cp -r docs/compare/person/content templates "$work/person-calm/"
sed -i -e 's/^lang: en$/lang: en\nbuttons: calm/' -e 's/^  - section: Also on$/&\n    icons: true/' "$work/person-calm/content/index.md"
for site in example every-service every-service-calm arabic person person-calm; do "$sitegen" build --source "$work/$site" >/dev/null; done
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

# The LittleLink-like page takes the brand logos from the Simple Icons set sitegen uses (the same files).
icons=
for folder in "${XDG_DATA_HOME:-$HOME/.local/share}" /usr/local/share /usr/share; do
  if [ -z "$icons" ] && [ -f "$folder/sitegen/simple-icons/simple-icons.txt" ]; then icons="$folder/sitegen/simple-icons"; fi
done
[ -n "$icons" ] || { echo "no Simple Icons set found: run bash .ci/install-deps" >&2; exit 1; }
mkdir -p "$work/littlelink-like/Output"
cp -r docs/compare/littlelink-like/. "$work/littlelink-like/Output/"
cp docs/compare/person/content/avatar.svg "$work/littlelink-like/Output/"
for slug in mastodon signal github bluesky; do cp "$icons/$slug.svg" "$work/littlelink-like/Output/icons/"; done
python3 docs/compare/shoot.py "$work" docs
echo "wrote docs/compare-phone-{light,dark}.png"
