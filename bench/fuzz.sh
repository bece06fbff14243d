#!/usr/bin/env bash
# Fuzzes what reads untrusted text, with libFuzzer (swiftc -sanitize=fuzzer,address):
#   frontmatter  a content file as a build reads it: UTF-8 decoding, front matter split, libyaml, fields,
#                Markdown (libcmark, through Markup), link resolution and rewriting
#                                                                          (Tests/Fuzz/FrontMatterFuzz.swift)
#   mustache     template compiling and rendering                         (Tests/Fuzz/MustacheFuzz.swift)
#   linkchain    every service's handle parser, shorthands, Punycode, IDNA, percent-encoding
#                                                                          (Tests/Fuzz/LinkChainFuzz.swift)
#   relme        the rel="me" scanner check --online runs over profile pages (Tests/Fuzz/RelMeFuzz.swift)
#   svg          a site's SVG file: libxml2's namespace-aware parse, the published-SVG allow-list and its CSS
#                reader, the icon sanitizer                               (Tests/Fuzz/SVGFuzz.swift)
#   pictureheader  the picture header reader every picture of content/ goes through before libvips
#                (Tests/Fuzz/PictureHeaderFuzz.swift)
#   deflate      the share card's deflate writer (Sources/CVips/deflate.c): any bytes, in pieces, back through zlib's
#                inflate as they were                                     (Tests/Fuzz/DeflateFuzz.swift)
#
# Usage: bash bench/fuzz.sh [SECONDS] [HARNESS...]
#   Runs each harness (default: all seven) for SECONDS (default 30), one after the other. Exits 1 if any
#   harness crashed, hung (-timeout) or ran out of memory (-rss_limit_mb / -malloc_limit_mb); the input that
#   did it is in bench/work/fuzz/findings/HARNESS/. Reproduce one with
#   bench/work/fuzz/build/HARNESS bench/work/fuzz/findings/HARNESS/crash-…
#
# Everything it writes is under bench/work/fuzz/ (git ignores bench/work/): build/ (binaries, rebuilt when a
# source is newer), corpus/HARNESS/ (kept between runs, so longer runs build on shorter ones; seeded from
# Tests/Fuzz/seeds/HARNESS/), findings/ and logs/. FUZZ_SEED sets libFuzzer's random seed (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-30}
[ $# -gt 0 ] && shift
case "$seconds" in ''|*[!0-9]*) echo "usage: bash bench/fuzz.sh [SECONDS] [frontmatter|mustache|linkchain|relme|svg|pictureheader|deflate ...]" >&2; exit 64 ;; esac
all=(frontmatter mustache linkchain relme svg pictureheader deflate)
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all[@]}")

work=bench/work/fuzz
build=$work/build
mkdir -p "$build/modules" "$work/logs"

# -O because libFuzzer's worth is executions per second; -g so sanitizer reports name lines.
# -package-name: the package's modules share `package` declarations, as SwiftPM builds them.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name sitegen)

# True when $1 is missing or older than any of the files after it.
stale() {
  local target=$1; shift
  [ -e "$target" ] || return 0
  [ -n "$(find "$@" -newer "$target" -print -quit)" ]
}

# Runs swiftc, keeping its output in a log shown only on failure (ld.gold's "Cannot export local symbol"
# warnings are harmless and many).
compile() {
  local log=$1; shift
  if ! swiftc "$@" >"$log" 2>&1; then
    grep -v "Cannot export local symbol" "$log" >&2
    return 1
  fi
}

# CVips, the C target that loads libvips at run time (vips.c), draws the share card (card.c) and compresses it
# (deflate.c), as one object of its own (its header is all Swift sees). Its include flags are Package.swift's: GLib's
# headers, which libvips' include, and Cairo's, Pango's, HarfBuzz's and FreeType's, which the card's drawing includes.
cvips_object() {
  local object=$build/CVips.o source parts=()
  stale "$object" Sources/CVips || { echo "$object"; return 0; }
  for source in Sources/CVips/*.c; do
    clang -c -O2 -I Sources/CVips/include -I /usr/include/glib-2.0 -I "/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/glib-2.0/include" \
      -I /usr/include/cairo -I /usr/include/pango-1.0 -I /usr/include/harfbuzz -I /usr/include/freetype2 \
      "$source" -o "$build/CVips-$(basename "$source" .c).o" >&2 || return 1
    parts+=("$build/CVips-$(basename "$source" .c).o")
  done
  ld -r "${parts[@]}" -o "$object" >&2 || return 1
  echo "$object"
}

# SwiftPM generates PackageResources for what a target embeds (Package.swift's embedInCode); the harness makes it the
# same way, each file's real bytes under SwiftPM's name for it: $1 the Swift file to write, then the files and folders.
package_resources() {
  python3 - "$@" <<'PY'
import pathlib, re, sys
files = []
for path in map(pathlib.Path, sys.argv[2:]):
    files += sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
lines = ["enum PackageResources {"]
for file in files:
    name = re.sub(r"[^A-Za-z0-9]", "_", file.name)
    lines.append(f"    static let {name}: [UInt8] = [{','.join(str(b) for b in file.read_bytes())}]")
pathlib.Path(sys.argv[1]).write_text("\n".join(lines + ["}"]) + "\n")
PY
}

# A library target as a module of its own, instrumented, as `swiftc` needs it for `import`; files after the name are
# compiled into it too (its PackageResources). Built again when its sources change or when a module built before it
# does (the caller's `objects`, in the order they import each other): its object calls into theirs.
build_module() {
  local name=$1 object=$build/$1.o
  shift
  stale "$object" Sources/"$name" "${objects[@]}" "$@" || return 0
  echo "building module $name" >&2
  compile "$work/logs/build-$name.log" "${flags[@]}" -wmo -module-name "$name" -emit-object -o "$object" \
    -I Sources/CMicroHTTPD -I Sources/CQREncode -I Sources/CCrypto -I Sources/CVips/include -I Sources/CLibXML2 \
    -I Sources/CYAML -I Sources/CCmark -Xcc -I/usr/include/libxml2 -I "$build/modules" \
    -emit-module -emit-module-path "$build/modules/$name.swiftmodule" Sources/"$name"/*.swift "$@"
}

build_harness() {
  local harness=$1 binary=$build/$1
  case "$harness" in
    mustache)
      # LinkChain (whose HexDigits the renderer escapes with) as a module of its own, as SwiftPM builds it.
      local objects=()
      build_module LinkChain || return 1
      stale "$binary" Sources/Mustache Tests/Fuzz/MustacheFuzz.swift "$build/LinkChain.o" || return 0
      echo "building $harness" >&2
      # One module with the library: the harness sees what the library's own files see.
      compile "$work/logs/build-$harness.log" "${flags[@]}" -module-name MustacheFuzz -I "$build/modules" \
        Sources/Mustache/*.swift Tests/Fuzz/MustacheFuzz.swift "$build/LinkChain.o" -o "$binary"
      ;;
    linkchain)
      stale "$binary" Sources/LinkChain Tests/Fuzz/LinkChainFuzz.swift || return 0
      echo "building $harness" >&2
      compile "$work/logs/build-$harness.log" "${flags[@]}" -module-name LinkChainFuzz \
        Sources/LinkChain/*.swift Tests/Fuzz/LinkChainFuzz.swift -o "$binary"
      ;;
    relme)
      stale "$binary" Sources/OnlineCheck/RelMeLinks.swift Sources/HTMLReading/CharacterReferences.swift Tests/Fuzz/RelMeFuzz.swift || return 0
      echo "building $harness" >&2
      compile "$work/logs/build-$harness.log" "${flags[@]}" -module-name RelMeFuzz \
        Sources/OnlineCheck/RelMeLinks.swift Sources/HTMLReading/CharacterReferences.swift Tests/Fuzz/RelMeFuzz.swift -o "$binary"
      ;;
    svg)
      # SiteBasics (and what it imports) and CSSSyntax as modules; the SVG files of Artwork with the harness in one module, over
      # libxml2 through its module map (which also links it).
      local module modules=(LinkChain Mustache SiteBasics CSSSyntax) objects=()
      for module in "${modules[@]}"; do
        build_module "$module"
        objects+=("$build/$module.o")
      done
      local sources=(Sources/Artwork/XMLTree.swift Sources/Artwork/CSSText.swift Sources/Artwork/PublishedSVG.swift Sources/Artwork/SVG.swift)
      stale "$binary" "${sources[@]}" Sources/CLibXML2 "${objects[@]}" Tests/Fuzz/SVGFuzz.swift || return 0
      echo "building $harness" >&2
      compile "$work/logs/build-$harness.log" "${flags[@]}" -module-name SVGFuzz -I "$build/modules" \
        -I Sources/CLibXML2 -I Sources/CCrypto -Xcc -I/usr/include/libxml2 "${sources[@]}" Tests/Fuzz/SVGFuzz.swift "${objects[@]}" -o "$binary"
      ;;
    pictureheader)
      stale "$binary" Sources/Artwork/PictureHeader.swift Tests/Fuzz/PictureHeaderFuzz.swift || return 0
      echo "building $harness" >&2
      compile "$work/logs/build-$harness.log" "${flags[@]}" -module-name PictureHeaderFuzz \
        Sources/Artwork/PictureHeader.swift Tests/Fuzz/PictureHeaderFuzz.swift -o "$binary"
      ;;
    deflate)
      stale "$binary" Sources/CVips/deflate.c Sources/CVips/include Sources/CZlib Tests/Fuzz/DeflateFuzz.swift || return 0
      echo "building $harness" >&2
      # The C file is what is fuzzed: instrumented for coverage and AddressSanitizer like the Swift (fuzzer-no-link: the
      # harness brings libFuzzer's main). zlib through CZlib's module map, which also links it.
      clang -c -O2 -g -fsanitize=fuzzer-no-link,address -I Sources/CVips/include Sources/CVips/deflate.c -o "$build/deflate.o" \
        >"$work/logs/build-deflate-c.log" 2>&1 || { cat "$work/logs/build-deflate-c.log" >&2; return 1; }
      compile "$work/logs/build-$harness.log" "${flags[@]}" -module-name DeflateFuzz -I Sources/CVips/include -I Sources/CZlib \
        Tests/Fuzz/DeflateFuzz.swift "$build/deflate.o" -o "$binary"
      ;;
    frontmatter)
      # SiteGen's own dependencies, each a module of its own, in the order they import each other.
      local module modules=(LinkChain Mustache SiteBasics CSSSyntax Paint Artwork Markup Companions OutputFolder SiteSource Minify Runtime) objects=()
      # The minified runtime that Runtime embeds, and the words table SiteSource embeds (Package.swift).
      local runtime_resources=$build/Runtime-PackageResources.swift words_resources=$build/SiteSource-PackageResources.swift
      stale "$runtime_resources" Sources/Runtime/Resources/minified && package_resources "$runtime_resources" Sources/Runtime/Resources/minified
      stale "$words_resources" Sources/SiteSource/Resources/words.yml && package_resources "$words_resources" Sources/SiteSource/Resources/words.yml
      for module in "${modules[@]}"; do
        case "$module" in
          Runtime) build_module "$module" "$runtime_resources" ;;
          SiteSource) build_module "$module" "$words_resources" ;;
          *) build_module "$module" ;;
        esac || return 1
        objects+=("$build/$module.o")
      done
      stale "$binary" Sources/SiteGen Sources/CYAML Sources/CCmark "${objects[@]}" \
        Tests/Fuzz/FrontMatterFuzz.swift || return 0
      echo "building $harness" >&2
      # SiteGen's files and the harness in one module; the C libraries through their module maps, which also link them.
      local cvips
      cvips=$(cvips_object) || return 1
      compile "$work/logs/build-$harness.log" "${flags[@]}" -module-name FrontMatterFuzz -I "$build/modules" \
        -I Sources/CYAML -I Sources/CCmark -I Sources/CCrypto -I Sources/CQREncode -I Sources/CVips/include \
        -I Sources/CLibXML2 -Xcc -I/usr/include/libxml2 \
        Sources/SiteGen/*.swift Tests/Fuzz/FrontMatterFuzz.swift \
        "${objects[@]}" "$cvips" -o "$binary"
      ;;
    *)
      echo "error: unknown harness '$harness': expected ${all[*]}" >&2
      return 64
      ;;
  esac
}

for harness in "${harnesses[@]}"; do
  build_harness "$harness"
done

# Swift's own crash reporter would catch a harness's fatalError before libFuzzer does, and can hang there
# instead of exiting: leave crashes to libFuzzer, which saves the input.
export SWIFT_BACKTRACE=enable=no

failed=()
for harness in "${harnesses[@]}"; do
  corpus=$work/corpus/$harness findings=$work/findings/$harness log=$work/logs/$harness.log
  mkdir -p "$corpus" "$findings"
  echo "fuzzing $harness for ${seconds}s" >&2
  # -timeout: seconds one input may take (real ones take milliseconds); -rss_limit_mb: the process's memory,
  # of which AddressSanitizer itself takes about 500 MB; -malloc_limit_mb: one allocation.
  status=0
  "$build/$harness" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
    -max_len=4096 -seed="${FUZZ_SEED:-1}" -dict="Tests/Fuzz/$harness.dict" -artifact_prefix="$findings/" \
    -print_final_stats=1 "$corpus" "Tests/Fuzz/seeds/$harness" >"$log" 2>&1 || status=$?
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' <<<"$last" || true)
  if [ "$status" -eq 0 ]; then
    echo "$harness: ok, ${runs:-?} runs, ${speed:-?} exec/s, ${coverage:-no coverage line}" >&2
  else
    echo "$harness: FAILED (exit $status), ${coverage:-no coverage line}; from $log:" >&2
    # The message (a Swift fatal error, a sanitizer report, a timeout or out-of-memory) and the stack under it.
    grep -m1 -A40 -E "Fatal error|ERROR: |==ERROR|ALARM|out-of-memory" "$log" >&2 || tail -40 "$log" >&2
    failed+=("$harness")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (inputs in $work/findings/)" >&2
  exit 1
fi
