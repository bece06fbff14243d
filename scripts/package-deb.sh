#!/usr/bin/env bash
# Makes sitegen_VERSION_amd64.deb from this checkout: the release binary with the Swift runtime linked in
# (--static-swift-stdlib) and stripped, its man page and shell completions made by the binary itself from the
# one command table, and Depends computed by dpkg-shlibdeps from the libraries the binary really links.
#
#   bash scripts/package-deb.sh            # writes ./sitegen_VERSION_amd64.deb and runs lintian on it
#   OUT=dist bash scripts/package-deb.sh   # into dist/
#
# Needs: a Swift 6 toolchain, and the -dev packages of scripts/build-dependencies.sh with dpkg-dev (dpkg-shlibdeps)
# and binutils (strip), which it installs with apt when missing (or names, in one line, before compiling); python3
# with simple-icons-pack (the logos the package carries), checked before compiling; lintian, for the check at the
# end, when installed. The build's output (and its compiler warnings) goes to a log that is printed only
# when the build fails, so a user sees one line per step.
#
# lintian (Debian 12's 2.116.3) reports no error and no warning on the package; no override is needed. Its
# informational tags (lintian --display-info), each left for a reason:
#   - spelling-error-in-binary (about 25 words: AGAINS, Portugese, overriden, ...): strings of the bundled Swift
#     runtime, Foundation and ICU data, none of sitegen's own (each was looked for in Sources/ and templates/).
#   - hardening-no-fortify-functions: sitegen compiles no C; the C libraries it uses are Debian's own, built
#     with fortify, and the Swift runtime is linked in as its toolchain ships it.
#   - hardening-no-bindnow: SwiftPM links without -z now; passing -Xlinker -z -Xlinker now would give the
#     release build flags of its own that scripts/install.sh does not use (a second full build). Left for now.
# Fixed rather than left: a stripped binary (Debian policy 10.1), the man page, the copyright file with a
# copyright notice for each part bundled, changelog.gz (a native package: the version has no Debian revision),
# md5sums, files 0644 and folders 0755 owned by root (--root-owner-group).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-.}"
mkdir -p "$out"

fail() { echo "error: $*" >&2; exit 1; }
step() { echo "$*" >&2; }
source scripts/build-dependencies.sh
install_build_dependencies dpkg-dev binutils
# The logos the package carries come from Simple Icons' PyPI package (.ci/install-deps installs it).
python3 -c 'import simple_icons_pack' 2>/dev/null \
  || fail "simple-icons-pack is not installed: pip install simple-icons-pack==16.36.0, then run this again (the package carries its logos)"
for tool in swift clang dpkg-deb dpkg-shlibdeps strip gzip; do
  command -v "$tool" >/dev/null || fail "$tool is not on PATH (dpkg-dev gives dpkg-shlibdeps; binutils gives strip)"
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log="$work/build.log"

step "Building sitegen (swift build -c release --static-swift-stdlib; log kept, shown only on failure)"
if ! swift build -c release --static-swift-stdlib --product sitegen >"$log" 2>&1; then
  cat "$log" >&2
  fail "the release build failed (its log is above)"
fi
binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/sitegen"
version="$("$binary" --version | sed 's/^sitegen //')"
[[ "$version" =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || fail "'$binary --version' printed '$version', not a Debian version"
architecture="$(dpkg --print-architecture)"

root="$work/root"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/sitegen" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$root/usr/bin/sitegen"
# Debian policy 10.1: binaries are shipped stripped of their symbols and of the .comment and .note sections.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/sitegen"

# The man page and the completions come from the binary being packaged, so they describe exactly its commands.
"$root/usr/bin/sitegen" --help-man | gzip -9n >"$root/usr/share/man/man1/sitegen.1.gz"
"$root/usr/bin/sitegen" completions bash >"$root/usr/share/bash-completion/completions/sitegen"
"$root/usr/bin/sitegen" completions zsh >"$root/usr/share/zsh/vendor-completions/_sitegen"
"$root/usr/bin/sitegen" completions fish >"$root/usr/share/fish/vendor_completions.d/sitegen.fish"

# The buttons' logos: the Simple Icons (CC0) the catalog names, taken from the installed PyPI package when the
# package is built (.ci/install-deps installs it), into the folder sitegen looks in (/usr/share/sitegen/simple-icons).
python3 scripts/simple-icons.py "$root/usr/share/sitegen/simple-icons" --catalog "$root/usr/bin/sitegen" 2>>"$log" \
  || { cat "$log" >&2; fail "scripts/simple-icons.py could not write the logos"; }
simple_icons_notice="$(sed 's/^/  /' "$root/usr/share/sitegen/simple-icons/simple-icons.txt")"

# A native package (the version has no Debian revision): its changelog is changelog.gz, made from this
# package's own history in the format dpkg-parsechangelog reads.
maintainer="${DEBFULLNAME:-$(git config user.name || echo sitegen)} <${DEBEMAIL:-$(git config user.email || echo sitegen@localhost)}>"
{
  echo "sitegen ($version) unstable; urgency=medium"
  echo
  echo "  * Packaged from commit $(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)."
  echo
  echo " -- $maintainer  $(date -R -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)")"
} | gzip -9n >"$root/usr/share/doc/sitegen/changelog.gz"

# Plain text rather than the machine-readable format: a binary package has no source tree for Files: patterns,
# and what matters here is naming what the one binary bundles.
# The root commit's year (no `| head`: under pipefail, git killed by SIGPIPE would end the script silently).
first_year="$(git log --max-parents=0 --format=%cd --date=format:%Y 2>/dev/null | sed -n '$p')"
cat >"$root/usr/share/doc/sitegen/copyright" <<COPYRIGHT
sitegen
=======

Copyright (c) ${first_year:-$(date +%Y)} the sitegen authors.
sitegen's authors have not yet published a licence for it. The templates and the page runtime embedded in
the binary are part of sitegen.

Bundled in /usr/bin/sitegen
---------------------------

The Swift runtime is linked into the binary (it is not packaged in Debian):

* The Swift standard library, swift-corelibs-foundation, swift-foundation and swift-corelibs-libdispatch.
  Copyright (c) 2014 and later, Apple Inc. and the Swift project authors.
  License: Apache License, Version 2.0, with the Runtime Library Exception. The licence's full text is in
  /usr/share/common-licenses/Apache-2.0. The exception: "As an exception, if you use this Software to compile
  your source code and portions of this Software are embedded into the binary product as a result, you may
  redistribute such product without providing attribution as would otherwise be required by Sections 4(a),
  4(b) and 4(d) of the License."

* swift-foundation-icu (ICU's code and Unicode data, for Foundation's internationalization).
  Copyright (c) 2016 and later, Unicode, Inc. and others.
  License: Unicode License v3 (https://www.unicode.org/license.txt), which grants use, copying, modification
  and distribution provided that its copyright and permission notice appear with all copies.

Shipped in /usr/share/sitegen/simple-icons
------------------------------------------

The brand logos of the services sitegen knows, one SVG file each, taken when the package was built from the
PyPI package simple-icons-pack, which redistributes Simple Icons (https://simpleicons.org, Copyright (c) the
Simple Icons contributors). License: CC0-1.0 (https://creativecommons.org/publicdomain/zero/1.0/; its full
text is in /usr/share/common-licenses/CC0-1.0), except the icons named below with a licence of their own.
Brand names and logos remain the trademarks of their owners. The folder's simple-icons.txt says:

${simple_icons_notice}

Not bundled
-----------

The C libraries sitegen uses (cmark, libyaml, libmicrohttpd, libqrencode, OpenSSL, curl, libvips) are dynamic
dependencies: see their packages' copyright files. Fallback icons for brands Simple Icons lacks are read at
build time from Fork Awesome (fonts-fork-awesome) or Font Awesome when installed, never shipped.
COPYRIGHT

# Depends: what the binary links, as dpkg-shlibdeps finds it, never typed by hand. It reads a minimal
# debian/control in the folder it runs in. (It warns that a few libraries are linked but unused; the log keeps that.)
mkdir -p "$work/shlibs/debian"
printf 'Source: sitegen\nMaintainer: %s\n\nPackage: sitegen\nArchitecture: any\nDescription: sitegen\n' "$maintainer" >"$work/shlibs/debian/control"
# libvips, libcurl and libmicrohttpd are loaded at run time (dlopen, CVips, CCurl and CMicroHTTPD), so the binary does
# not link them: probes that link every function those targets load, built here and not shipped, let dpkg-shlibdeps
# find their packages and versions the same way.
# shellcheck disable=SC2046 # pkg-config's flags are words
clang -DSITEGEN_VIPS_PROBE -I Sources/CVips/include $(pkg-config --cflags vips) Sources/CVips/vips.c \
  -o "$work/shlibs/vips-probe" $(pkg-config --libs vips) || fail "clang could not link the libvips probe (libvips-dev)"
# shellcheck disable=SC2046
clang -DSITEGEN_CURL_PROBE -I Sources/CCurl/include $(pkg-config --cflags libcurl) Sources/CCurl/curl.c \
  -o "$work/shlibs/curl-probe" $(pkg-config --libs libcurl) || fail "clang could not link the libcurl probe (libcurl4-openssl-dev)"
# shellcheck disable=SC2046
clang -DSITEGEN_MHD_PROBE -I Sources/CMicroHTTPD/include $(pkg-config --cflags libmicrohttpd) Sources/CMicroHTTPD/microhttpd.c \
  -o "$work/shlibs/microhttpd-probe" $(pkg-config --libs libmicrohttpd) || fail "clang could not link the libmicrohttpd probe (libmicrohttpd-dev)"
depends="$(cd "$work/shlibs" && dpkg-shlibdeps -O -e "$root/usr/bin/sitegen" -e vips-probe -e curl-probe -e microhttpd-probe 2>>"$log" \
  | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { cat "$log" >&2; fail "dpkg-shlibdeps found no dependencies"; }
# A program linked with packed relocations (Package.swift, where glibc is 2.36 or later) needs the C library's
# GLIBC_ABI_DT_RELR, which Debian 12's symbols file does not name, so dpkg-shlibdeps asks for less: glibc 2.35
# (Ubuntu 22.04's) would install it and then refuse to start it.
if readelf -V "$root/usr/bin/sitegen" | grep -q GLIBC_ABI_DT_RELR; then
  depends="$(printf '%s' "$depends" | sed -E 's/libc6 \(>= 2\.(3[0-5]|[12][0-9])\)/libc6 (>= 2.36)/')"
  case "$depends" in *"libc6 (>= 2.36)"*|*"libc6 (>= 2.3"[6-9]*|*"libc6 (>= 2.4"*) ;; *) fail "the program needs glibc 2.36 (packed relocations) but Depends does not say so: $depends" ;; esac
fi
# Not a library, so no tool finds it: the share card's text is drawn in DejaVu Sans (ShareCard.swift).
depends="$depends, fonts-dejavu-core"

installed_size="$(du -k -s --apparent-size --exclude=DEBIAN "$root" | cut -f1)"
cat >"$root/DEBIAN/control" <<CONTROL
Package: sitegen
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Recommends: git
Suggests: fonts-fork-awesome
Section: web
Priority: optional
Description: static site generator for contact pages that open the visitor's apps
 sitegen builds a static site from Markdown pages and Mustache templates. Each
 button of a page (Mastodon, email, Signal, a phone number, ...) opens the
 visitor's own app when it is installed, and the web otherwise.
 .
 It previews the site with live reload (sitegen serve), checks it (sitegen
 check), and commits the built site to a gh-pages branch and pushes it
 (sitegen publish --push; git is recommended for that). The services' logos
 come with it (Simple Icons); Fork Awesome, when installed, draws the few
 brands Simple Icons lacks.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
# Files 0644 and folders 0755 whatever the umask; only the binary is executable.
find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +
chmod 0755 "$root/usr/bin/sitegen"

deb="$out/sitegen_${version}_${architecture}.deb"
dpkg-deb --build --root-owner-group "$root" "$deb" >>"$log" 2>&1 || { cat "$log" >&2; fail "dpkg-deb failed"; }
step "Made $deb ($(du -h "$deb" | cut -f1)); Depends: $depends"

if command -v lintian >/dev/null; then
  # Errors and warnings: any is a failure of this script (the informational tags are explained at the top).
  findings="$(lintian "$deb" 2>&1 | grep -v '^running with root privileges' || true)"
  [ -z "$findings" ] || { echo "$findings" >&2; fail "lintian reports the problems above"; }
  step "lintian: no errors, no warnings"
else
  step "lintian is not installed (apt-get install lintian): the package was not checked"
fi
