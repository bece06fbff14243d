"""`sitegen serve` in real headless Chromium: a save reloads the page, a broken save shows the errors over the
last good page, and the page's Content-Security-Policy lets the reload script run."""
import json
import pathlib

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import example_under_serve


@pytest.fixture
def served_site():
    """A copy of the example site under `sitegen serve` on a free port of 127.0.0.1, stopped with SIGINT."""
    with example_under_serve() as (folder, lines):
        while not (line := lines.get(timeout=30)).startswith("Serving "):
            pass
        yield folder, line.split(" at ")[1].split(" ")[0]


def wait_for_event_stream(browser):
    """Until the page's EventSource has its response, so no save can come before it listens."""
    def connected(driver):
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.responseReceived" and message["params"]["response"]["url"].endswith("/__sitegen/events"):
                return True
        return False
    WebDriverWait(browser, 10, poll_frequency=0.05).until(connected)


def save(page: pathlib.Path, old: str, new: str):
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new), encoding="utf-8")


OVERLAY = """
const overlay = document.querySelector('sitegen-build-error');
if (!overlay) return null;
const pre = overlay.shadowRoot.querySelector('pre');
return {text: pre.textContent, position: getComputedStyle(overlay).position,
        scripts: overlay.shadowRoot.querySelectorAll('script').length};
"""


def test_saves_reload_the_page_and_a_broken_save_shows_the_errors(served_site, browser):
    folder, url = served_site
    page = folder / "content" / "index.md"
    wait = WebDriverWait(browser, 10, poll_frequency=0.05)

    browser.get(url)
    assert browser.title == "Love Your Music"
    wait_for_event_stream(browser)

    save(page, "title: Love Your Music", "title: Love Your Records")
    wait.until(lambda driver: driver.title == "Love Your Records")
    wait_for_event_stream(browser)

    save(page, "title: Love Your Records", "title: <script>alert(1)</script>: x")
    overlay = wait.until(lambda driver: driver.execute_script(OVERLAY))
    assert "content/index.md:2:33: error: mapping values are not allowed in this context" in overlay["text"]
    assert "title: <script>alert(1)</script>: x" in overlay["text"]  # shown as text, never run
    assert overlay["scripts"] == 0
    assert overlay["position"] == "fixed"  # styled, although the page's policy allows no style of ours
    assert browser.title == "Love Your Records"  # the last good page

    save(page, "title: <script>alert(1)</script>: x", "title: Love Your Music again")
    wait.until(lambda driver: driver.title == "Love Your Music again")
    assert browser.execute_script(OVERLAY) is None

    problems = [entry for entry in browser.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    assert problems == []  # a Content-Security-Policy violation would be reported here
