#!/usr/bin/env python3
"""Link check benchmark: `sitegen check --links` on a site of N links spread over H slow servers on 127.0.0.1.

Each server answers every request after --delay seconds (HEAD and GET alike), as a slow site would. The servers are
reached through the SITEGEN_TEST_LOOPBACK_HOSTS seam (plain http to 127.0.0.1, the real host name in Host), so
nothing leaves the machine. Prints the wall time of a first run (every address asked), of a second run (every
address fine within the day, so answered from .sitegen-link-cache), and what one request at a time would take.

Target: 100 links over 10 servers answering in 0.4 s each finish within the check's total limit of 60 s, and well
under the 40 s that one request at a time would take (8 at a time: about 5 s); the second run, under a second.

Usage: python3 bench/link-check.py [--links 100] [--hosts 10] [--delay 0.4] [--binary .build/debug/sitegen]
"""
import argparse
import http.server
import os
import shutil
import socketserver
import subprocess
import tempfile
import threading
import time


class SlowHandler(http.server.BaseHTTPRequestHandler):
    delay = 0.4

    def answer(self, body):
        time.sleep(self.delay)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        if body:
            self.wfile.write(b"ok")

    def do_HEAD(self):
        self.answer(False)

    def do_GET(self):
        self.answer(True)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--links", type=int, default=100)
    parser.add_argument("--hosts", type=int, default=10)
    parser.add_argument("--delay", type=float, default=0.4)
    parser.add_argument("--binary", default=".build/debug/sitegen")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    SlowHandler.delay = options.delay

    servers = [Server(("127.0.0.1", 0), SlowHandler) for _ in range(options.hosts)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    hosts = {f"slow{index}.example": server.server_address[1] for index, server in enumerate(servers)}
    site = tempfile.mkdtemp(prefix="sitegen-link-bench-")
    try:
        os.makedirs(os.path.join(site, "content"))
        shutil.copytree(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "templates"), os.path.join(site, "templates"))
        names = sorted(hosts)
        links = "".join(f"  - url: https://{names[index % len(names)]}/{index}\n" for index in range(options.links))
        with open(os.path.join(site, "content", "index.md"), "w") as page:
            page.write(f"---\ntitle: Bench\nlinks:\n{links}---\n")
        environment = dict(os.environ, SITEGEN_TEST_LOOPBACK_HOSTS=",".join(f"{host}=127.0.0.1:{port}" for host, port in hosts.items()))
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        for label in ("first run", "second run (cache)"):
            start = time.monotonic()
            result = subprocess.run([binary, "check", "--links"], cwd=site, env=environment, capture_output=True, text=True)
            elapsed = time.monotonic() - start
            summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr.strip()
            print(f"{label}: {elapsed:.2f} s, exit {result.returncode}: {summary}")
        print(f"one request at a time would take at least {options.links * options.delay:.1f} s")
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        for server in servers:
            server.shutdown()
        shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()
