#!/usr/bin/env bash
# Builds this site into Output/ with a pinned sitegen: the one step every deploy runs (GitHub Actions, Netlify
# through its CLI), and the one you can run on your own machine to see what they will do. Written by
# sitegen new --ci; the sitegen it uses is named just below.
#
#   bash build-site.sh                          # builds sitegen once (cached), then the site
#   SITEGEN=/usr/bin/sitegen bash build-site.sh # uses a sitegen you already have instead
#
# Building sitegen needs git and a Swift 6 toolchain, and the C libraries its release names in
# scripts/build-dependencies.sh: installed with apt when missing (through sudo when not root), or named, in one
# line, where that cannot be done. They are needed to run it too, so they are checked on every run.
set -euo pipefail
cd "$(dirname "$0")"

# The sitegen this site is built with: its source and the release tag (or commit) built from it.
repository="${SITEGEN_REPOSITORY:-@SITEGEN_REPOSITORY@}"
ref="${SITEGEN_REF:-@SITEGEN_REF@}"
# Where built sitegens are kept, one folder per ref (GitHub Actions caches this folder between runs).
cache="${SITEGEN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sitegen}"

fail() { echo "error: $*" >&2; exit 1; }

if [ -n "${SITEGEN:-}" ]; then
  sitegen="$SITEGEN"
  [ -x "$sitegen" ] || fail "SITEGEN is '$sitegen', which is not a program: name a sitegen binary, or unset SITEGEN to build one"
else
  case "$repository" in *"/OWNER/"*) fail "name sitegen's source repository in SITEGEN_REPOSITORY (in this script or the workflow)";; esac
  kept="$cache/${ref//\//_}"
  sitegen="$kept/sitegen"
  if [ ! -x "$sitegen" ]; then
    command -v git >/dev/null || fail "git is not on PATH: install git, then run this again"
    command -v swift >/dev/null || fail "swift is not on PATH: install a Swift 6 toolchain (https://swift.org/install), then run this again"
    source="$(mktemp -d)"
    trap 'rm -rf "$source"' EXIT
    echo "Building sitegen $ref from $repository (once: kept in $kept)" >&2
    # A tag, branch or commit, without the history: a fetch by name works for all three on GitHub.
    git -C "$source" init -q
    git -C "$source" fetch -q --depth 1 "$repository" "$ref" || fail "could not fetch $ref from $repository"
    git -C "$source" checkout -q FETCH_HEAD
    mkdir -p "$kept"
    cp "$source/scripts/build-dependencies.sh" "$kept/"
    # shellcheck source=/dev/null
    source "$kept/build-dependencies.sh" && install_build_dependencies
    (cd "$source" && swift build -c release --static-swift-stdlib --product sitegen >&2)
    install -m 0755 "$(cd "$source" && swift build -c release --static-swift-stdlib --show-bin-path)/sitegen" "$sitegen"
  else
    # shellcheck source=/dev/null
    source "$kept/build-dependencies.sh" && install_build_dependencies
  fi
fi

"$sitegen" --version >&2
"$sitegen" build
[ -f Output/index.html ] || fail "sitegen build finished without writing Output/index.html"
