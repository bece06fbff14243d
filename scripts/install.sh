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
# shellcheck disable=SC2119 # no packages beyond the build's own
install_build_dependencies
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
echo "Optional: brand icons for the buttons: sudo apt-get install fonts-fork-awesome, or pip install fontawesomefree"
