#!/usr/bin/env python3
"""Save -> browser reload latency of `sitegen serve`, measured through the live-reload stream.

Makes a site with `sitegen new`, serves it on 127.0.0.1 (a free port), subscribes to the event stream every served
page's script listens to (/__sitegen/events, Server-Sent Events), then saves content/index.md --saves times the way
editors do (a hidden temporary file renamed over the page). Each latency is from just before the rename to the
arrival of the `reload` event that names the page: what a browser waits before it reloads. Saves are spaced by a
random 100 to 300 ms, so each is a build of its own. Prints p50, p95 and the slowest, with the load average before
and after (the machine is shared: the figures mean little under a heavy load). Target: p95 <= 100 ms.

--poll measures the polling fallback (`serve --poll`) instead of the kernel's file events, for comparison.

Usage: python3 bench/reload-latency.py [--saves 50] [--poll] [--binary PATH]
(default binary: .build/release/sitegen, built with `swift build -c release --static-swift-stdlib --product sitegen` when missing)
"""
import argparse
import os
import pathlib
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def binary(path):
    if path:
        return pathlib.Path(path).resolve()
    built = ROOT / ".build/release/sitegen"
    if not built.exists():
        print("Building sitegen in release mode (swift build -c release --static-swift-stdlib --product sitegen)", file=sys.stderr)
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "sitegen"], cwd=ROOT, check=True)
    return built


def save(path, text):
    """As editors save: a hidden temporary file, then renamed over the page. Returns the time of the rename."""
    temporary = path.with_name("." + path.name + ".saving")
    temporary.write_text(text)
    started = time.monotonic()
    os.rename(temporary, path)
    return started


class EventStream:
    """The live-reload stream, read on a thread of its own: each event's name, data and arrival time."""

    def __init__(self, port):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.socket.sendall(b"GET /__sitegen/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        self.events = []
        self.condition = threading.Condition()
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        buffer = b""
        headers_done = False
        while True:
            try:
                chunk = self.socket.recv(65536)
            except OSError:
                return
            if not chunk:
                return
            arrived = time.monotonic()
            buffer += chunk
            if not headers_done:
                if b"\r\n\r\n" not in buffer:
                    continue
                buffer = buffer.split(b"\r\n\r\n", 1)[1]
                headers_done = True
            # Chunked transfer or not, events end with a blank line; chunk-size lines are not `event:`/`data:`.
            while b"\n\n" in buffer:
                block, buffer = buffer.split(b"\n\n", 1)
                name, data = None, []
                for line in block.decode("utf-8", "replace").splitlines():
                    if line.startswith("event: "):
                        name = line[len("event: "):]
                    elif line.startswith("data: "):
                        data.append(line[len("data: "):])
                if name:
                    with self.condition:
                        self.events.append((name, "\n".join(data), arrived))
                        self.condition.notify_all()

    def next(self, after, timeout=10):
        """The first event received after index `after`: (index, name, data, time)."""
        deadline = time.monotonic() + timeout
        with self.condition:
            while len(self.events) <= after:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no live-reload event within %s s" % timeout)
                self.condition.wait(left)
            return (after + 1,) + self.events[after]

    def close(self):
        self.socket.close()


def percentile(values, fraction):
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, int(round(fraction * len(ordered) + 0.5)) - 1))
    return ordered[index]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=50)
    parser.add_argument("--poll", action="store_true", help="measure serve --poll (the polling fallback)")
    parser.add_argument("--binary", help="the sitegen binary (default: .build/release/sitegen)")
    arguments = parser.parse_args()
    sitegen = binary(arguments.binary)
    work = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-reload-"))
    server = None
    try:
        subprocess.run([str(sitegen), "new", "site"], cwd=work, check=True, stdout=subprocess.DEVNULL)
        site = work / "site"
        command = [str(sitegen), "serve", "--port", "0"] + (["--poll"] if arguments.poll else [])
        server = subprocess.Popen(command, cwd=site, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        port = None
        for line in server.stdout:
            match = re.match(r"Serving .* at http://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
                break
        if port is None:
            sys.exit("error: serve did not start")
        # The rest of serve's output is read and dropped, so that its pipe never fills.
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
        stream = EventStream(port)
        time.sleep(1)  # the first build, and its event if any, are over
        seen = len(stream.events)
        page = site / "content/index.md"
        original = page.read_text()
        load_before = os.getloadavg()
        latencies = []
        for number in range(arguments.saves):
            started = save(page, original.replace("What you do, in one line.", "Save number %d." % number))
            while True:
                seen, name, data, arrived = stream.next(seen)
                if name == "build-error":
                    sys.exit("error: the build failed: " + data)
                if name == "reload" and "content/index.md" in data:
                    break
            latencies.append((arrived - started) * 1000)
            time.sleep(random.uniform(0.1, 0.3))
        load_after = os.getloadavg()
        stream.close()
        mechanism = "polling (serve --poll)" if arguments.poll else "kernel file events (inotify)"
        print("sitegen serve, save -> reload event, %d saves, %s, %d cores" % (len(latencies), mechanism, os.cpu_count()))
        print("  p50 %.1f ms   p95 %.1f ms   slowest %.1f ms   mean %.1f ms" % (
            statistics.median(latencies), percentile(latencies, 0.95), max(latencies), statistics.fmean(latencies)))
        print("  load average before %.2f %.2f %.2f, after %.2f %.2f %.2f" % (load_before + load_after))
        print("  target p95 <= 100 ms: %s" % ("met" if percentile(latencies, 0.95) <= 100 else "NOT met"))
    finally:
        if server and server.poll() is None:
            server.send_signal(2)  # SIGINT, as Ctrl-C
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
