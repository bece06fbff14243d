#!/usr/bin/env bash
# Installs sitegen from this checkout: the C libraries it builds with (through apt, when missing), a release
# build with the Swift runtime linked in, and the binary in $PREFIX/bin (default /usr/local/bin).
#
#   bash scripts/install.sh                    # /usr/local/bin/sitegen (asks for sudo when needed)
#   PREFIX=~/.local bash scripts/install.sh    # ~/.local/bin/sitegen, no sudo
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${PREFIX:-/usr/local}"

fail() { echo "error: $*" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

source scripts/build-dependencies.sh
# pip too where it is missing, for the brand logos (Simple Icons) below.
if command -v python3 >/dev/null && python3 -m pip --version >/dev/null 2>&1; then
  # shellcheck disable=SC2119 # no packages beyond the build's own
  install_build_dependencies
else
  install_build_dependencies python3-pip
fi
command -v swift >/dev/null || fail "swift is not on PATH: install a Swift 6 toolchain (https://swift.org/install), then run this again"

echo "Building sitegen (swift build -c release)" >&2
# The Swift runtime linked in, so the binary runs on machines without a Swift toolchain.
swift build -c release --static-swift-stdlib --product sitegen >&2
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/sitegen"
[ -x "$binary" ] || fail "the build did not make $binary"

if mkdir -p "$prefix/bin" 2>/dev/null && [ -w "$prefix/bin" ]; then
  install -m 0755 "$binary" "$prefix/bin/sitegen"
else
  as_root install -d "$prefix/bin"
  as_root install -m 0755 "$binary" "$prefix/bin/sitegen"
fi
echo "Installed $prefix/bin/sitegen ($("$prefix/bin/sitegen" --version))"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "Note: $prefix/bin is not on your PATH; add it, or run $prefix/bin/sitegen" ;;
esac

# The buttons' logos: Simple Icons (CC0) from PyPI, the icons the catalog names written beside the binary
# ($PREFIX/share/sitegen/simple-icons), where sitegen looks for them.
icons="$prefix/share/sitegen/simple-icons"
if ! python3 -c 'import simple_icons_pack' 2>/dev/null; then
  echo "Installing simple-icons-pack 16.36.0 (pip, for the brand logos)" >&2
  python3 -m pip install --user --quiet --disable-pip-version-check simple-icons-pack==16.36.0 2>/dev/null \
    || python3 -m pip install --user --quiet --disable-pip-version-check --break-system-packages simple-icons-pack==16.36.0 \
    || fail "pip could not install simple-icons-pack; install it (pip install simple-icons-pack==16.36.0) and run this again"
fi
if mkdir -p "$icons" 2>/dev/null && [ -w "$icons" ]; then
  python3 scripts/simple-icons.py "$icons" --catalog "$prefix/bin/sitegen"
else
  staged="$(mktemp -d)"
  python3 scripts/simple-icons.py "$staged" --catalog "$prefix/bin/sitegen"
  as_root install -d "$icons"
  as_root install -m 0644 "$staged"/* "$icons/"
  rm -rf "$staged"
fi
echo "Optional: fallback icons for brands Simple Icons lacks (LinkedIn, Slack, Amazon): pip install fontawesomefree"
