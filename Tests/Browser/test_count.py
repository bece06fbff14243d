"""Counts that keep links direct (issue 15): the example page with `analytics:` pointed at a fake endpoint on
127.0.0.1, tapped in headless Chromium. Each tap sends exactly one beacon naming the service and what happened, with
no cookie; the buttons' hrefs are the page's without the setting; the policy lets the beacon through and nothing
else is blocked. Without the setting the page sends nothing and its policy is today's (the golden page's).
"""
import contextlib
import http.server
import pathlib
import re
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, example_under_serve, make_driver, requests_made, serve, sitegen_binary
from test_tap import phone, tap

GOLDEN = ROOT / "Tests" / "SiteGenTests" / "Golden" / "example" / "index.html"


class Endpoint(http.server.BaseHTTPRequestHandler):
    """Records every request (method, path, query, Cookie header) and answers like GoatCounter: a 1x1 GIF."""
    received = []

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        url = urllib.parse.urlsplit(self.path)
        Endpoint.received.append({"method": self.command, "path": url.path, "query": urllib.parse.parse_qs(url.query),
                                  "cookie": self.headers.get("Cookie"), "body": body})
        self.send_response(200)
        self.send_header("Content-Type", "image/gif")
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()
        self.wfile.write(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;")

    do_GET = do_POST = answer

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def endpoint():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Endpoint)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/count"
    httpd.shutdown()
    httpd.server_close()


def analytics(endpoint):
    return f"analytics: {{endpoint: \"{endpoint}\"}}\n"


@pytest.fixture(scope="module")
def counted_site(endpoint):
    """The example site with `analytics: {endpoint: …}` in its front matter, built and served."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-count-"))
    for name in ("content", "templates"):
        shutil.copytree(ROOT / name, folder / name)
    page = folder / "content" / "index.md"
    page.write_text(page.read_text(encoding="utf-8").replace("---\n", "---\n" + analytics(endpoint), 1), encoding="utf-8")
    subprocess.run([str(sitegen_binary()), "build"], cwd=folder, check=True, capture_output=True)
    url, stop = serve(folder / "Output")
    yield url, folder / "Output"
    stop()
    shutil.rmtree(folder)


def beacons_after(action, wait=0.6):
    """The endpoint's requests that `action` caused."""
    before = len(Endpoint.received)
    action()
    time.sleep(wait)
    return Endpoint.received[before:]


def counted_paths(action):
    """The event paths (p=) of the beacons that `action` caused."""
    return [r["query"]["p"][0] for r in beacons_after(action)]


@contextlib.contextmanager
def iphone_on(url):
    """An iPhone's Safari (test_tap's recorder included) on the page, checked for policy violations at the end."""
    driver = phone("iphone-safari")
    try:
        driver.get(url)
        yield driver
        assert policy_problems(driver) == []
    finally:
        driver.quit()


def policy_problems(driver):
    return [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]


def csp_of(page_html):
    return re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page_html).group(1)


def test_a_desktop_tap_sends_one_beacon_naming_the_service_and_web_without_a_cookie(counted_site, endpoint):
    url, output = counted_site
    driver = phone("iphone-safari")  # for its navigation recorder; the UA is set back to desktop below
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0.0.0 Safari/537.36", "platform": "Linux x86_64"})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    try:
        driver.get(url)
        driver.add_cookie({"name": "visitor", "value": "page-cookie"})  # the page's own cookie must not travel
        received = beacons_after(lambda: tap(driver, "link-1", wait=300))
        assert [(r["method"], r["path"], r["query"], r["cookie"]) for r in received] == \
            [("POST", "/count", {"p": ["click/mastodon/web"], "e": ["true"]}, None)]
        assert received[0]["body"] == '{"name":"click/mastodon/web","url":"%s","domain":"127.0.0.1"}' % url
        # Nothing stored for counting: the page keeps only what the chain learns (nothing, for a desktop web tap).
        assert driver.execute_script("return Object.keys(localStorage)") == []
        assert policy_problems(driver) == []
    finally:
        driver.quit()


def test_the_app_that_took_over_is_the_outcome_and_a_missing_one_counts_web(counted_site):
    with iphone_on(counted_site[0]) as driver:
        driver.execute_script("window.__takeOver = 'opener:'")
        assert counted_paths(lambda: tap(driver, "link-1", wait=300)) == ["click/mastodon/opener"]
        driver.execute_script("window.__takeOver = null; localStorage.clear()")
        # Opener missing: the link once the step is up.
        assert counted_paths(lambda: tap(driver, "link-1")) == ["click/mastodon/web"]


def test_chooser_choices_count_as_chooser_copy_and_follow(counted_site):
    with iphone_on(counted_site[0]) as driver:
        def choose(label_start):
            driver.get(counted_site[0])
            driver.find_element(By.CSS_SELECTOR, "#link-1 + .chooser-toggle").click()
            next(i for i in driver.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]") if i.text.startswith(label_start)).click()
        assert counted_paths(lambda: choose("Copy")) == ["click/mastodon/copy"]
        assert counted_paths(lambda: choose("Open in browser")) == ["click/mastodon/chooser:browser"]
        assert counted_paths(lambda: choose("Follow")) == ["click/mastodon/follow-remote"]


def test_hrefs_stay_the_real_links_and_the_policy_names_the_endpoint(counted_site, built_site, endpoint):
    _, output = counted_site
    counted, plain = (output / "index.html").read_text(), (built_site / "index.html").read_text()
    links = lambda text: re.findall(r'<a [^>]*href="([^"]*)"', text)
    assert links(counted) == links(plain) and "https://social.coop/@eb" in links(counted)
    origin = endpoint.rsplit("/", 1)[0]
    assert csp_of(counted) == csp_of(plain).replace("connect-src https:;", f"connect-src https: {origin};") \
        .replace(re.search(r"script-src ([^;]*);", csp_of(plain)).group(1), re.search(r"script-src ([^;]*);", csp_of(counted)).group(1))


def test_without_the_setting_nothing_is_sent_and_the_policy_is_todays(server, built_site):
    assert csp_of((built_site / "index.html").read_text()) == csp_of(GOLDEN.read_text())
    driver = make_driver()
    try:
        driver.get(server)
        driver.find_element(By.ID, "link-2").click()  # mailto: stays on the page
        time.sleep(0.5)
        assert [r for r in requests_made(driver) if not r.startswith(server) and not r.startswith("mailto:")] == []
        assert policy_problems(driver) == []
    finally:
        driver.quit()


def test_serves_debug_overlay_shows_what_was_counted(endpoint):
    with example_under_serve(front_matter=analytics(endpoint)) as (_, lines):
        while not (line := lines.get(timeout=30)).startswith("Serving "):
            pass
        with iphone_on(line.split(" at ")[1].split(" ")[0] + "?debug") as driver:
            driver.execute_script("window.__takeOver = 'opener:'")
            assert counted_paths(lambda: tap(driver, "link-1", wait=300)) == ["click/mastodon/opener"]
            overlay = driver.find_element(By.ID, "sitegen-debug").get_attribute("textContent")
            assert "settled opener: opened (the page hid); remembered: opener" in overlay
            assert overlay.endswith("counted click/mastodon/opener (analytics:)")
