#!/usr/bin/env python3
"""Prints the size of the chain runtime: readable (Sources/Runtime/Resources/runtime, every feature), and as the example
page inlines it (the base and the modules of its features, minified by scripts/minify-runtime.py: terser, local names and
its own property names shortened), plain and gzipped against the 4.5 KB budget; what a page with `analytics:` carries
instead; then the tap-to-navigation time of a desktop tap in headless Chromium.

Usage: python3 bench/runtime-size.py [--no-browser]
"""
import gzip
import importlib
import pathlib
import re
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
import conftest  # noqa: E402  (the browser tests' build and serve helpers)

# 4.5 KB: the one-app-per-tap walk and in-app escapes (issue 11) and the share button (issue 12) grew it from 2.5 KB
# to 4 KB; the lines that tell what happens, in every page since one runtime serves all (issue 27), cost 150 bytes more;
# the chooser's title and close control, the attempt's bar and handles isolated in notices (issue 41) about 210.
BUDGET = 4608


def readable():
    """The runtime with every feature before minifying, as scripts/minify-runtime.py assembles it."""
    sys.path.insert(0, str(ROOT / "scripts"))
    runtime = importlib.import_module("minify-runtime")
    return "\n".join([runtime.base()] + [runtime.module(feature) for feature in runtime.features()])


def tap_to_navigation_ms(output):
    """Milliseconds from a click on the example's Mastodon button to the navigation request, median of 5."""
    from test_runtime import navigations, wait_for_navigation
    url, stop = conftest.serve(output)
    driver = conftest.make_driver()
    times = []
    try:
        for _ in range(5):
            driver.get(url)
            navigations(driver)
            clicked = time.time()
            driver.find_element("id", "link-1").click()
            _, wall = wait_for_navigation(driver, "https://social.coop/")
            times.append((wall - clicked) * 1000)
    finally:
        driver.quit()
        stop()
    return sorted(times)[len(times) // 2]


def main():
    site = conftest.built_site.__wrapped__()
    output = next(site)
    page = (output / "index.html").read_text(encoding="utf-8")
    runtime = [body for attributes, body in re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S) if "type=" not in attributes]
    assert len(runtime) == 1, "expected one inline runtime script"
    source = readable()
    minified = runtime[0]
    packed = len(gzip.compress(minified.encode(), 9))
    print(f"{'readable runtime':<30}{len(source.encode()):>7} bytes")
    print(f"{'  gzipped':<30}{len(gzip.compress(source.encode(), 9)):>7} bytes")
    print(f"{'inlined (minified)':<30}{len(minified.encode()):>7} bytes")
    print(f"{'inlined + gzipped':<30}{packed:>7} bytes   (budget {BUDGET})")
    # Only pages with `analytics:` carry the counter, after the runtime.
    counter = (ROOT / "Sources" / "Runtime" / "Resources" / "minified" / "count.min.js").read_bytes()
    print(f"{'with analytics: (+ gzipped)':<30}{len(gzip.compress(minified.encode() + counter, 9)):>7} bytes   (the runtime and the counter)")
    if "--no-browser" not in sys.argv:
        print(f"{'desktop tap to navigation':<30}{tap_to_navigation_ms(output):>7.0f} ms    (median of 5; no timer in between)")
    next(site, None)
    return 0 if packed <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
