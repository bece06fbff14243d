#!/usr/bin/env bash
# Builds this site into Output/ with a pinned sitegen: the one step every deploy runs (GitHub Actions, Netlify
# through its CLI), and the one you can run on your own machine to see what they will do. Written by
# sitegen new --ci; the sitegen it uses is named just below.
#
#   bash build-site.sh                          # builds sitegen once (cached), then the site
#   SITEGEN=/usr/bin/sitegen bash build-site.sh # uses a sitegen you already have instead
#
# Building sitegen needs git, a Swift 6 toolchain and the C libraries below; on Debian or Ubuntu the script
# installs the libraries with apt (through sudo when not root), elsewhere it names them and stops.
set -euo pipefail
cd "$(dirname "$0")"

# The sitegen this site is built with: its source and the release tag (or commit) built from it.
repository="${SITEGEN_REPOSITORY:-@SITEGEN_REPOSITORY@}"
ref="${SITEGEN_REF:-@SITEGEN_REF@}"
# Where built sitegens are kept, one folder per ref (GitHub Actions caches this folder between runs).
cache="${SITEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sitegen}"

fail() { echo "error: $*" >&2; exit 1; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# The libraries sitegen links: the -dev packages to build it, which bring the libraries it runs with.
packages=(git pkg-config libcmark-dev libyaml-dev libmicrohttpd-dev libqrencode-dev libssl-dev libcurl4-openssl-dev
  libxml2-dev libvips-dev fonts-dejavu-core)
install_packages() {
  local missing=() package
  command -v dpkg >/dev/null || fail "install ${packages[*]} (or your system's equivalents), then run this again"
  for package in "${packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return
  if ! command -v apt-get >/dev/null || { [ "$(id -u)" -ne 0 ] && ! sudo -n true 2>/dev/null; }; then
    fail "install ${missing[*]}, then run this again"
  fi
  echo "Installing ${missing[*]} (apt)" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
}

if [ -n "${SITEGEN:-}" ]; then
  sitegen="$SITEGEN"
  [ -x "$sitegen" ] || fail "SITEGEN is '$sitegen', which is not a program: name a sitegen binary, or unset SITEGEN to build one"
else
  case "$repository" in *"/OWNER/"*) fail "name sitegen's source repository in SITEGEN_REPOSITORY (in this script or the workflow)";; esac
  install_packages
  sitegen="$cache/${ref//\//_}/sitegen"
  if [ ! -x "$sitegen" ]; then
    command -v swift >/dev/null || fail "swift is not on PATH: install a Swift 6 toolchain (https://swift.org/install), then run this again"
    source="$(mktemp -d)"
    trap 'rm -rf "$source"' EXIT
    echo "Building sitegen $ref from $repository (once: kept in $cache)" >&2
    # A tag, branch or commit, without the history: a fetch by name works for all three on GitHub.
    git -C "$source" init -q
    git -C "$source" fetch -q --depth 1 "$repository" "$ref" || fail "could not fetch $ref from $repository"
    git -C "$source" checkout -q FETCH_HEAD
    (cd "$source" && swift build -c release --static-swift-stdlib --product sitegen >&2)
    mkdir -p "$(dirname "$sitegen")"
    install -m 0755 "$(cd "$source" && swift build -c release --static-swift-stdlib --show-bin-path)/sitegen" "$sitegen"
  fi
fi

"$sitegen" --version >&2
"$sitegen" build
[ -f Output/index.html ] || fail "sitegen build finished without writing Output/index.html"
