"""The chain runtime and chooser in real headless Chromium, on pages served from 127.0.0.1."""
import json
import pathlib
import shutil
import ssl
import subprocess
import tempfile
import threading
import time
import http.server

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import build_site, make_driver, serve


def navigations(driver):
    """Document requests the page made (URL and wall time), from Chromium's performance log."""
    found = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent" and message["params"].get("type") == "Document":
            found.append((message["params"]["request"]["url"], message["params"]["wallTime"]))
    return found


def wait_for_navigation(driver, prefix, timeout=5):
    deadline = time.time() + timeout
    seen = []
    while time.time() < deadline:
        seen += navigations(driver)
        for url, wall in seen:
            if url.startswith(prefix):
                return url, wall
        time.sleep(0.05)
    raise AssertionError(f"no navigation to {prefix}; saw {seen}")


def allow_clipboard(driver, url):
    origin = url.rstrip("/")
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})


def open_chooser(driver, index):
    toggle = driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")[index]
    toggle.click()
    WebDriverWait(driver, 3).until(lambda d: toggle.get_attribute("aria-expanded") == "true")
    return toggle


def items(driver):
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")]


def test_a_desktop_tap_goes_straight_to_the_fallback(server, browser):
    browser.get(server)
    navigations(browser)  # drop the page load
    clicked = time.time()
    browser.find_element(By.ID, "link-1").click()
    url, wall = wait_for_navigation(browser, "https://social.coop/")
    assert url == "https://social.coop/@eb"
    # No timer stands between the tap and the navigation (a timed chain step would be >= 1000 ms).
    assert wall - clicked < 0.5


@pytest.mark.engines("chromium", "webkit")
def test_the_chooser_works_by_keyboard_alone(server, browser):
    browser.get(server)
    from selenium.webdriver.common.action_chains import ActionChains
    # Tab through the page: the bio's link, then the first button, then its chooser toggle.
    order = []
    for _ in range(3):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        active = browser.switch_to.active_element
        order.append(active.get_attribute("id") or active.get_attribute("class") or active.text)
    assert order == ["", "link-1", "chooser-toggle"] or order[1:] == ["link-1", "chooser-toggle"], order
    toggle = browser.switch_to.active_element
    assert toggle.get_attribute("aria-label") == "More ways to open Follow my Mastodon"
    assert toggle.get_attribute("aria-expanded") == "false"
    toggle.send_keys(Keys.ENTER)
    assert toggle.get_attribute("aria-expanded") == "true"
    menu = browser.find_element(By.CSS_SELECTOR, "[role=menu]")
    assert menu.get_attribute("aria-label") == "More ways to open Follow my Mastodon"
    # The visitor's default first; desktop has no Mastodon app to launch, and Elk on the web is offered, never tried unasked.
    assert items(browser) == ["Open in browser", "Elk (web)", "Follow from your server…", "Copy handle"]
    assert browser.switch_to.active_element.text == "Open in browser"
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert browser.switch_to.active_element.text == "Elk (web)"
    browser.switch_to.active_element.send_keys(Keys.END)
    assert browser.switch_to.active_element.text == "Copy handle"
    browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert browser.switch_to.active_element.text == "Open in browser"  # wraps around
    browser.switch_to.active_element.send_keys(Keys.ARROW_UP)
    assert browser.switch_to.active_element.text == "Copy handle"
    browser.switch_to.active_element.send_keys(Keys.HOME)
    assert browser.switch_to.active_element.text == "Open in browser"
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert browser.find_elements(By.CSS_SELECTOR, "[role=menu]") == []
    assert browser.switch_to.active_element == toggle
    assert toggle.get_attribute("aria-expanded") == "false"


def test_copy_confirms_visibly(server, browser):
    allow_clipboard(browser, server)
    browser.get(server)
    open_chooser(browser, 0)
    copy = browser.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")[-1]
    copy.click()
    WebDriverWait(browser, 3).until(lambda d: copy.text == "Copied")
    status = browser.find_element(By.CSS_SELECTOR, "[role=status].sr-only")
    WebDriverWait(browser, 3).until(lambda d: status.get_attribute("textContent") == "Copied")
    assert browser.execute_script("return navigator.clipboard.readText()") == "@eb@social.coop"


def test_a_remembered_choice_survives_a_reload_and_can_be_forgotten(server, browser):
    browser.get(server)
    open_chooser(browser, 1)  # email
    # The visitor's own mail app first; web mail, whose compose URLs no vendor documents, under "More apps…".
    assert items(browser) == ["Your mail app", "More apps…", "Copy address"]
    browser.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")[1].click()
    assert items(browser) == ["Your mail app", "Gmail (web)", "Outlook.com", "Yahoo Mail (web)", "Copy address"]
    assert browser.switch_to.active_element.text == "Gmail (web)"
    browser.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")[1].click()
    url, _ = wait_for_navigation(browser, "https://mail.google.com/")
    assert url.startswith("https://mail.google.com/mail/?view=cm&fs=1&to=someone%40example.org&su=Hello%20from%20your%20page")

    browser.get(server)
    navigations(browser)
    browser.find_element(By.ID, "link-2").click()  # the remembered app opens on a plain tap
    wait_for_navigation(browser, "https://mail.google.com/")

    browser.get(server)
    open_chooser(browser, 1)
    chosen = browser.find_elements(By.CSS_SELECTOR, ".chooser [aria-current=true]")
    assert [e.text for e in chosen] == ["Gmail (web)"]  # the remembered app stays out of "More apps…"
    assert items(browser)[:3] == ["Your mail app", "Gmail (web)", "More apps…"]
    assert items(browser)[-1] == "Forget my choice"
    browser.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")[-1].click()
    assert browser.execute_script("return localStorage.getItem('sitegen:app:email')") is None
    open_chooser(browser, 1)
    assert "Forget my choice" not in items(browser)


@pytest.mark.engines("chromium", "webkit")
def test_the_email_address_is_not_in_the_page_source_as_text(built_site, server, browser):
    source = (built_site / "index.html").read_text(encoding="utf-8")
    assert "someone@example.org" not in source
    assert "someone%40example.org" not in source  # nor as the mail apps' URLs carry it
    browser.get(server)
    # ...yet browsers read it: the link and the copy text are intact.
    link = browser.find_element(By.ID, "link-2")
    assert link.get_attribute("href") == "mailto:someone@example.org?subject=Hello%20from%20your%20page"


SEALED_PAGE = """---
title: Sealed
email_protection: sealed
links:
  - email: ann@example.org
    label: Write to me
---
Or [mail me](mailto:ann@example.org).
"""


def test_a_sealed_address_is_assembled_only_at_tap_time():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-sealed-"))
    try:
        output = build_site(folder, SEALED_PAGE)
        source = (output / "index.html").read_text(encoding="utf-8")
        assert "ann@example.org" not in source and "&#97;&#110;&#110;&#64;" not in source
        url, stop = serve(output)
        try:
            driver = make_driver()
            try:
                allow_clipboard(driver, url)
                driver.get(url)
                open_chooser(driver, 0)
                copy = [e for e in driver.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]") if e.text == "Copy address"][0]
                copy.click()
                WebDriverWait(driver, 3).until(lambda d: copy.text == "Copied")
                status = driver.find_element(By.CSS_SELECTOR, "[role=status].sr-only")
                WebDriverWait(driver, 3).until(lambda d: status.get_attribute("textContent") == "Copied")
                assert driver.execute_script("return navigator.clipboard.readText()") == "ann@example.org"
            finally:
                driver.quit()
            without_js = make_driver(javascript=False)
            try:
                without_js.get(url)
                assert "ann (at) example.org" in without_js.find_element(By.TAG_NAME, "body").text
            finally:
                without_js.quit()
        finally:
            stop()
    finally:
        shutil.rmtree(folder)


class FakeFediverse(http.server.BaseHTTPRequestHandler):
    """A visitor's home server: WebFinger with or without a subscribe template, and the follow page."""
    with_template = True
    asked = []

    def do_GET(self):
        FakeFediverse.asked.append(self.path)
        port = self.server.server_address[1]
        if self.path.startswith("/.well-known/webfinger"):
            links = [{"rel": "self", "href": f"https://127.0.0.1:{port}/users/me"}]
            if FakeFediverse.with_template:
                links.append({"rel": "http://ostatus.org/schema/1.0/subscribe",
                              "template": f"https://127.0.0.1:{port}/authorize_interaction?uri={{uri}}"})
            self.reply(200, "application/jrd+json", json.dumps({"subject": "acct:me@127.0.0.1", "links": links}))
        elif self.path.startswith("/.well-known/nodeinfo"):
            self.reply(200, "application/json", json.dumps({"links": []}))
        elif self.path.startswith("/authorize_interaction"):
            self.reply(200, "text/html", "<!doctype html><title>Follow</title><p>Follow?</p>")
        else:
            self.reply(404, "text/plain", "not found")

    def reply(self, status, kind, body):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def fediverse_server():
    """An HTTPS server on 127.0.0.1 with a certificate made for this test run."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-tls-"))
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")], check=True, capture_output=True)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeFediverse)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()
    shutil.rmtree(folder)


def follow(driver, server, home):
    driver.get(server)
    open_chooser(driver, 0)
    [e for e in driver.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]") if e.text.startswith("Follow")][0].click()
    field = driver.find_element(By.CSS_SELECTOR, ".follow input")
    assert driver.switch_to.active_element == field
    field.clear()
    field.send_keys(home)
    field.send_keys(Keys.ENTER)


def test_follow_from_your_server_uses_its_subscribe_template(server, browser, fediverse_server):
    FakeFediverse.with_template, FakeFediverse.asked = True, []
    follow(browser, server, f"@me@127.0.0.1:{fediverse_server}")
    WebDriverWait(browser, 5).until(lambda d: "/authorize_interaction" in d.current_url)
    assert browser.current_url == f"https://127.0.0.1:{fediverse_server}/authorize_interaction?uri=acct%3Aeb%40social.coop"
    assert FakeFediverse.asked[0] == f"/.well-known/webfinger?resource=acct%3Ame%40127.0.0.1%3A{fediverse_server}"
    browser.get(server)  # the handle is remembered
    open_chooser(browser, 0)
    [e for e in browser.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]") if e.text.startswith("Follow")][0].click()
    assert browser.find_element(By.CSS_SELECTOR, ".follow input").get_attribute("value") == f"@me@127.0.0.1:{fediverse_server}"


def test_follow_without_a_template_falls_back_to_authorize_interaction(server, browser, fediverse_server):
    FakeFediverse.with_template, FakeFediverse.asked = False, []
    follow(browser, server, f"127.0.0.1:{fediverse_server}")
    WebDriverWait(browser, 5).until(lambda d: "/authorize_interaction" in d.current_url)
    assert browser.current_url == f"https://127.0.0.1:{fediverse_server}/authorize_interaction?uri=acct%3Aeb%40social.coop"
    assert FakeFediverse.asked[0] == "/.well-known/webfinger?resource=acct%3A127.0.0.1%40127.0.0.1"


def test_follow_with_the_server_down_says_so_and_the_page_stays_usable(server, browser):
    follow(browser, server, "127.0.0.1:9")  # nothing listens on the discard port
    status = browser.find_element(By.CSS_SELECTOR, ".follow-status")
    WebDriverWait(browser, 10).until(lambda d: status.text.startswith("Could not reach"))
    assert status.text == "Could not reach 127.0.0.1:9. Check the address, or copy @eb@social.coop and search for it in your app."
    # A server that never answered is not remembered, so it is not offered again.
    assert browser.execute_script("return localStorage.getItem('sitegen:home')") is None
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    navigations(browser)
    browser.find_element(By.ID, "link-1").click()
    wait_for_navigation(browser, "https://social.coop/@eb")


def test_in_app_browsers_offer_a_way_out(server):
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent":
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.0"})
        driver.get(server)
        banner = driver.find_element(By.CSS_SELECTOR, ".in-app")
        assert banner.text.startswith("You are in Instagram's browser")
        # Instagram's own escape to the browser (verified on Instagram 445); test_tap.py covers the others.
        way = banner.find_element(By.CSS_SELECTOR, "a.in-app-action")
        assert way.text == "Open in your browser"
        assert way.get_attribute("href") == "instagram://extbrowser/?url=" + server.replace(":", "%3A").replace("/", "%2F")
        # The notice is a landmark of its own (an aside), so all the page's content is in one (axe's rule "region").
        from axe_selenium_python import Axe
        axe = Axe(driver)
        axe.inject()
        violations = axe.run()["violations"]
        assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in violations]
    finally:
        driver.quit()


def test_no_console_errors_while_using_the_chooser(server, browser):
    browser.get(server)
    open_chooser(browser, 0)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    open_chooser(browser, 1)
    problems = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert problems == []
