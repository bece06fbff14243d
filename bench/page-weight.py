#!/usr/bin/env python3
"""Prints the example page's weight: HTML bytes raw and gzipped, and the requests headless Chromium makes.

Usage: python3 bench/page-weight.py   (after bash .ci/install-deps)
Budget: one HTML request plus the avatar; at most 9.5 KB gzipped HTML (8,441 bytes with the minified CSS and runtime;
issue 13 aims at 8 KB, which bench/build-bench.py checks).
"""
import gzip
import pathlib
import sys
import urllib.parse

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests" / "Browser"))
import conftest  # noqa: E402  (the browser tests' build and serve helpers)


def main():
    site_fixture = conftest.built_site.__wrapped__()
    output = next(site_fixture)
    server_fixture = conftest.server.__wrapped__(output)
    url = next(server_fixture)
    driver = conftest.make_driver()
    try:
        driver.get(url)
        requests = conftest.requests_made(driver)
    finally:
        driver.quit()
        next(server_fixture, None)
    html = (output / "index.html").read_bytes()
    gzipped = len(gzip.compress(html, 9))
    resources = sorted({urllib.parse.urlsplit(r).path for r in requests})
    other_origins = sorted({r for r in requests if not r.startswith(url)})
    print(f"{'HTML':<28}{len(html):>8} bytes")
    print(f"{'HTML gzipped':<28}{gzipped:>8} bytes   (budget 9728)")
    print(f"{'resources fetched':<28}{len(resources):>8}         {' '.join(resources)}")
    print(f"{'requests to other origins':<28}{len(other_origins):>8}")
    next(site_fixture, None)
    return 0 if gzipped <= 9728 and not other_origins else 1


if __name__ == "__main__":
    sys.exit(main())
