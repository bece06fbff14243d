#!/usr/bin/env bash
# The Debian package as a user meets it: installed into a temporary root (dpkg -x, so no root and nothing on
# this machine changes), then sitegen new, build and publish --push into a local bare repository, with no Swift
# toolchain on PATH (PATH=/usr/bin:/bin, LD_LIBRARY_PATH empty): the binary must need only what Depends names.
# Prints the package's size, the install time and the new -> published time.
#
#   bash Tests/Package/test-deb.sh                          # makes the .deb first (scripts/package-deb.sh: minutes)
#   bash Tests/Package/test-deb.sh sitegen_0.1.0_amd64.deb  # tests a .deb already made
#
# Not part of swift test: the release build alone takes minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
repository="$(pwd)"
fail() { echo "FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f s", b - a }'; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
deb="${1:-}"
if [ -z "$deb" ]; then
  OUT="$work/deb" bash scripts/package-deb.sh
  deb="$(ls "$work"/deb/sitegen_*.deb)"
fi
[ -f "$deb" ] || fail "no package at '$deb'"
deb="$(realpath "$deb")"

start=$(now)
dpkg -x "$deb" "$work/root"
installed=$(now)
sitegen="$work/root/usr/bin/sitegen"

# Every library the binary loads is on the system, and none is Swift's: the runtime is linked in.
libraries="$(LD_LIBRARY_PATH= ldd "$sitegen")"
! grep -q "not found" <<<"$libraries" || fail "missing libraries: $(grep 'not found' <<<"$libraries")"
! grep -qi "swift\|Foundation\|dispatch" <<<"$libraries" || fail "loads a Swift runtime library: $libraries"
echo "Depends: $(dpkg-deb -f "$deb" Depends)"

# The shell's view: only what a user without Swift has, git's settings of this test only.
run() {
  env -i HOME="$work/home" PATH=/usr/bin:/bin LD_LIBRARY_PATH= LANG=C.UTF-8 \
    GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=Ada GIT_AUTHOR_EMAIL=ada@example.org \
    GIT_COMMITTER_NAME=Ada GIT_COMMITTER_EMAIL=ada@example.org SITEGEN="$sitegen" "$@"
}
mkdir -p "$work/home"
run sh -c '! command -v swift' >/dev/null || fail "swift is on PATH=/usr/bin:/bin: the test would prove nothing"
[ "$(run "$sitegen" version)" = "$(dpkg-deb -f "$deb" Version | sed 's/^/sitegen /')" ] || fail "sitegen version is not the package's"

# The man page and completions the package installs are well formed.
run man -l "$work/root/usr/share/man/man1/sitegen.1.gz" >/dev/null 2>"$work/man.err" || fail "man: $(cat "$work/man.err")"
# Read whole before grep -q looks (under pipefail a writer cut off by grep's early exit fails the pipeline).
manual="$(zcat "$work/root/usr/share/man/man1/sitegen.1.gz")"
grep -q 'publish' <<<"$manual" || fail "the man page does not name publish"
bash -n "$work/root/usr/share/bash-completion/completions/sitegen" || fail "the bash completion does not parse"

began=$(now)
run sh -ec '
  cd "$0"
  "$SITEGEN" new site --title "Ada Lovelace" --link mastodon:@ada@mastodon.social --url https://links.ada-lovelace.net/ >/dev/null
  git init -q --bare remote.git
  cd site
  # the examples new wrote, replaced as a user does before publishing (publish refuses them)
  sed -i "s#What you do, in one line.#Mathematician, writer.#; /^A few words about you/,/open the visitor/c I write about the Analytical Engine." content/index.md
  git init -q -b main && git add -A && git commit -qm "The site" && git remote add origin ../remote.git
  "$SITEGEN" build -q
  git status --porcelain > ../status.before && cp .git/index ../index.before && git rev-parse HEAD > ../head.before
  "$SITEGEN" publish --push > ../publish.out
' "$work" || fail "new, build or publish failed"
published=$(now)

cd "$work"
cat publish.out
git -c core.hooksPath=/dev/null clone -q -b gh-pages remote.git clone || fail "no gh-pages branch on the remote"
[ -f clone/index.html ] && [ -f clone/qr.svg ] && [ -f clone/.nojekyll ] || fail "the branch lacks the site: $(ls -A clone)"
# The share card is drawn by libvips, which sitegen loads at run time: only Depends can have brought it.
cards=(clone/card-*.png)
[ -f "${cards[0]}" ] && [ "$(head -c 8 "${cards[0]}" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] \
  || fail "no share card PNG was published (libvips not loaded?): $(ls -A clone)"
[ "$(cat clone/CNAME)" = "links.ada-lovelace.net" ] || fail "CNAME holds '$(cat clone/CNAME)'"
[ ! -e clone/.sitegen-manifest ] || fail "the manifest was published"
cd site
git status --porcelain | cmp -s - ../status.before || fail "git status changed"
cmp -s .git/index ../index.before || fail "the index changed"
[ "$(git rev-parse HEAD)" = "$(cat ../head.before)" ] || fail "HEAD moved"
tip="$(git --git-dir=../remote.git rev-parse gh-pages)"
again="$(run sh -c 'cd "$0" && "$SITEGEN" publish --push' "$work/site")"
grep -q "no commit" <<<"$again" || fail "a second publish with no change made a commit"
[ "$(git --git-dir=../remote.git rev-parse gh-pages)" = "$tip" ] || fail "the remote's branch moved"

# The logos come with the package: a fresh install (no icon set on the machine for this HOME, none beside it but the
# package's /usr/share/sitegen/simple-icons) shows Mastodon's, and a page of every service a logo for each brand.
grep -q '<symbol id="icon-brand-mastodon"' "$work/clone/index.html" && grep -q 'Brand icons: Simple Icons' "$work/clone/index.html" \
  || fail "the published page has no Simple Icons logo for Mastodon"
# (The few brands Simple Icons lacks fall back to Font Awesome or Fork Awesome, which the package does not carry.)
cp -r "$repository/Tests/Browser/sites/every-service" "$work/every" && cp -r "$repository/templates" "$work/every/templates"
run sh -c 'cd "$0" && "$SITEGEN" build -q 2>../every.err' "$work/every" || fail "the page of every service did not build: $(cat "$work/every.err")"
from_package="$(ls "$work/root/usr/share/sitegen/simple-icons" | grep -c '\.svg$')"
logos="$(grep -o '<symbol id="icon-brand-[a-z0-9-]*"' "$work/every/Output/index.html" | sort -u | wc -l)"
[ "$logos" -ge "$from_package" ] && [ "$from_package" -ge 100 ] \
  || fail "the page of every service shows $logos logos; the package carries $from_package: $(cat "$work/every.err")"
echo "Logos: $logos on the page of every service, $from_package of them from the package's Simple Icons"

echo "PASS: $(basename "$deb"): package $(stat -c %s "$deb") bytes ($(du -h "$deb" | cut -f1)), installed $(du -sh "$work/root" | cut -f1);" \
  "install (dpkg -x) $(seconds "$start" "$installed"); new -> published $(seconds "$began" "$published")"
