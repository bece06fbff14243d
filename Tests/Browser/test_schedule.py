"""Scheduled links in Chromium: a page built before a link's until hides that link once the visitor's clock passes it
(the page may be cached for weeks), and leaves every other button working."""
import pathlib
import shutil
import subprocess
import tempfile

from selenium.webdriver.common.by import By

from conftest import ROOT, serve, sitegen_binary

PAGE = """---
title: Scheduled
links:
  - url: https://kept.example/
    label: Kept
  - url: https://closed.example/
    label: Closed since 2020
    until: 2020-12-31
  - mastodon: "@eb@social.coop"
    until: 2999-01-01T00:00:00Z
---
"""


def test_a_link_whose_window_closed_after_the_build_is_hidden(browser):
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        shutil.copytree(ROOT / "templates", folder / "templates")
        (folder / "content").mkdir()
        (folder / "content" / "index.md").write_text(PAGE, encoding="utf-8")
        # Built in mid-2020, so the closed link is in the page, with its until for the runtime.
        subprocess.run([str(sitegen_binary()), "build", "--now", "2020-06-01"], cwd=folder, check=True, capture_output=True)
        html = (folder / "Output" / "index.html").read_text(encoding="utf-8")
        assert 'href="https://closed.example/" data-until="2021-01-01T00:00:00Z"' in html
        url, stop = serve(folder / "Output")
        try:
            browser.get(url)
            labels = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "nav.links li a.button")]
            assert labels == ["Kept", "Mastodon\n@eb@social.coop"]
            assert browser.find_elements(By.CSS_SELECTOR, "a[href='https://closed.example/']") == []
            assert len(browser.find_elements(By.CSS_SELECTOR, "nav.links li")) == 2, "the closed link goes with its list item"
            # The others still work: the plain link keeps its href, the chain button its chooser.
            kept = browser.find_element(By.CSS_SELECTOR, "a.button[href='https://kept.example/']")
            assert kept.is_displayed()
            browser.find_element(By.CSS_SELECTOR, ".chooser-toggle").click()
            items = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")]
            assert items, "the chooser of the button left in place opens"
            problems = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
            assert problems == []
        finally:
            stop()
