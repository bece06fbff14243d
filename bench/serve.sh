#!/usr/bin/env bash
# Loads `sitegen serve` with wrk on 127.0.0.1 for a bounded time, then prints requests per second,
# latency and errors (zero expected).
# Usage: bash bench/serve.sh [SECONDS] [THREADS] [CONNECTIONS]   (defaults: 10 2 32)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10} threads=${2:-2} connections=${3:-32}

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null; then
    echo "Installing wrk (Debian package) for the benchmark" >&2
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >/dev/null
  else
    echo "error: wrk is needed: apt-get install wrk" >&2; exit 1
  fi
fi

swift build -c release --static-swift-stdlib --product sitegen >&2
binary=.build/release/sitegen
work=bench/work
rm -rf "$work" && mkdir -p "$work"
"$binary" new "$work/site" >/dev/null
cp content/avatar.svg "$work/site/content/"

"$binary" serve --source "$work/site" --port 0 --no-open >"$work/serve.log" 2>&1 &
server=$!
trap 'kill -INT "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
url=""
for _ in $(seq 1 100); do
  url=$(sed -n 's/^Serving .* at \(http:[^ ]*\) .*/\1/p' "$work/serve.log")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "error: serve did not start:" >&2; cat "$work/serve.log" >&2; exit 1; }
case "$url" in http://127.0.0.1:*) ;; *) echo "error: refusing to load $url: only 127.0.0.1" >&2; exit 1 ;; esac

bench() { # PATH
  echo "== GET $1 for ${seconds}s, $threads threads, $connections connections"
  wrk -t"$threads" -c"$connections" -d"${seconds}s" --timeout 5s --latency "${url%/}$1" >"$work/wrk.txt"
  awk '
    /Requests\/sec/ { rps = $2 }
    /^    Latency/ { avg = $2; max = $4 }
    /^     50%/ { p50 = $2 } /^     99%/ { p99 = $2 }
    /requests in/ { requests = $1 }
    /Socket errors/ { gsub(",", ""); socket = $4 + $6 + $8 + $10 }
    /Non-2xx or 3xx/ { status = $5 }
    END {
      printf "requests/s: %s (%d requests)\nlatency: avg %s, p50 %s, p99 %s, max %s\n", rps, requests, avg, p50, p99, max
      printf "errors: %d (socket %d, non-2xx/3xx %d)\n", socket + status, socket, status
    }' "$work/wrk.txt"
}
bench /              # the page, from memory, with the reload script added
bench /avatar.svg    # a file sent from content/ on disk
