"""Pages in other languages (Tests/Browser/sites/arabic, and German made here), built with the example's templates:
an Arabic page runs right to left, its controls mirrored, and neither it nor its runtime says a word of English; a
German page's controls are German. Each runs in Chromium and WebKit; the in-app notice is seen in Chromium only,
which can pass for Instagram's browser on a phone (DevTools)."""
import pathlib
import re
import shutil
import tempfile

import pytest
import yaml
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, build_site, make_driver, serve, served_test_site

WORDS = yaml.safe_load((ROOT / "Sources" / "SiteSource" / "Resources" / "words.yml").read_text(encoding="utf-8"))
INSTAGRAM = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 "
             "Instagram 330.0.0.0 (iPhone14,5; iOS 17_4; en_US; en; scale=3.00; 1170x2532; 573212323)")


def latin_words(texts):
    """The words of Latin letters in texts, lower-cased; {placeholders} are not words."""
    return {word.lower() for text in texts for word in re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", text))}


# The English of the table that no Arabic text of it holds too (the Arabic keeps "QR", "sitegen" and example handles).
ENGLISH = latin_words(WORDS["en"].values()) - latin_words(WORDS["ar"].values())

# Every text a visitor or a screen reader meets: text outside script and style, and the attributes read aloud or shown.
PAGE_TEXT = """
const texts = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const parent = walker.currentNode.parentElement;
  if (!parent.closest('script, style')) texts.push(walker.currentNode.data);
}
for (const element of document.querySelectorAll('[aria-label], [alt], [placeholder], [title]'))
  for (const name of ['aria-label', 'alt', 'placeholder', 'title'])
    if (element.hasAttribute(name)) texts.push(element.getAttribute(name));
texts.push(document.title);
return texts;
"""


@pytest.fixture(scope="module")
def arabic():
    with served_test_site("arabic") as (_, url):
        yield url


def rect(driver, element):
    return driver.execute_script("const r = arguments[0].getBoundingClientRect(); return {left: r.left, right: r.right};", element)


@pytest.mark.engines("chromium", "webkit")
def test_an_arabic_page_runs_right_to_left_with_its_controls_mirrored(arabic, engine):
    driver = make_driver(engine=engine)
    try:
        driver.get(arabic)
        assert driver.execute_script("return [document.documentElement.dir, getComputedStyle(document.body).direction]") == ["rtl", "rtl"]
        button = driver.find_element(By.CSS_SELECTOR, ".links li:first-child .button")
        icon, label = button.find_element(By.CSS_SELECTOR, ".icon"), button.find_element(By.CSS_SELECTOR, "span")
        assert rect(driver, icon)["left"] >= rect(driver, label)["right"], "the icon is on the right of the label"
        # The chooser's arrow is on the left, as far from the button's left edge as it is from the right one in English.
        toggle = driver.find_element(By.CSS_SELECTOR, ".links li:first-child .chooser-toggle")
        assert rect(driver, toggle)["right"] <= rect(driver, label)["left"]
        inset = rect(driver, toggle)["left"] - rect(driver, button)["left"]
        assert 6 <= inset <= 10, inset
        # The chooser's menu lines its items up at the right.
        toggle.click()
        item = driver.find_element(By.CSS_SELECTOR, ".chooser [role=menuitem]")
        assert driver.execute_script("return getComputedStyle(arguments[0]).textAlign", item) in ("start", "right")
    finally:
        driver.quit()


@pytest.mark.engines("chromium", "webkit")
def test_an_arabic_page_and_its_runtime_say_no_english_word(arabic, engine):
    assert {"share", "contact", "browser", "copy", "follow", "server", "close"} <= ENGLISH
    driver = make_driver(engine=engine)
    try:
        if engine == "chromium":
            # In Instagram's browser, for the in-app notice and Copy contact, on a phone (DevTools: Chromium only).
            driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": INSTAGRAM, "platform": "iPhone"})
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        driver.get(arabic)
        if engine == "chromium":
            WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".in-app"), "the in-app notice shows")
        texts = driver.execute_script(PAGE_TEXT)
        # Each chooser, open, and the follow form of the fediverse account's.
        for index in range(len(driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle"))):
            toggle = driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")[index]
            driver.execute_script("arguments[0].click()", toggle)
            texts += driver.execute_script(PAGE_TEXT)
            if index == 0:
                items = driver.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")
                follow = [item for item in items if item.text == WORDS["ar"]["follow_from_server"]]
                assert follow, [item.text for item in items]
                follow[0].click()
                assert driver.find_elements(By.CSS_SELECTOR, ".follow input")
                texts += driver.execute_script(PAGE_TEXT)
            driver.execute_script("arguments[0].click()", toggle)
        # The QR code's dialog, open.
        driver.execute_script("document.getElementById('qr').showPopover()")
        texts += driver.execute_script(PAGE_TEXT)
        assert any(WORDS["ar"]["qr_scan"] in text for text in texts)
        assert any(WORDS["ar"]["more_ways"] in text for text in texts)
        assert any(WORDS["ar"]["share"] == text for text in texts)
        assert latin_words(texts) & ENGLISH == set(), sorted(latin_words(texts) & ENGLISH)
    finally:
        driver.quit()


@pytest.mark.engines("chromium", "webkit")
def test_a_german_page_has_german_controls(engine):
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-german-"))
    page = ("---\ntitle: Ada\nlang: de\nurl: https://ada.example/\nlinks:\n  - mastodon: \"@ada@social.example\"\n"
            "  - email: ada@example.org\n---\n")
    output = build_site(folder, page)
    url, stop = serve(output)
    driver = make_driver(engine=engine)
    try:
        driver.get(url)
        assert driver.execute_script("return document.documentElement.dir") == ""
        actions = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".actions .action")]
        assert actions == ["Teilen", "Kontakt speichern", "QR-Code"]
        assert driver.find_element(By.CSS_SELECTOR, "nav.links").get_attribute("aria-label") == "Kontakt und Profile"
        toggle = driver.find_element(By.CSS_SELECTOR, ".chooser-toggle")
        assert toggle.get_attribute("aria-label").startswith("Andere Wege zum Öffnen von ")
        toggle.click()
        items = [item.text for item in driver.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")]
        assert "Im Browser öffnen" in items and "Benutzernamen kopieren" in items and "Von deinem Server aus folgen…" in items
        assert driver.find_element(By.TAG_NAME, "footer").text == "Erstellt mit sitegen"
    finally:
        driver.quit()
        stop()
        shutil.rmtree(folder)


ARABIC_HANDLES = """---
title: ليلى حداد
lang: ar
links:
  - mastodon: "@layla@social.example"
  - phone: "+4915123456789"
  - signal: "+4915123456789"
---
"""

# Whether every character of the element's text is drawn left of the next: the text reads in logical order, left to
# right, whatever the page's direction ("@layla@social.example", not "layla@social.example@").
LEFT_TO_RIGHT = """
const element = arguments[0], lefts = [];
const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  for (let i = 0; i < node.data.length; i++) {
    if (node.data[i] == ' ') continue;
    const range = document.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    lefts.push(range.getBoundingClientRect().left);
  }
}
return lefts.every((left, i) => i == 0 || left > lefts[i - 1]);
"""


def test_handles_numbers_and_servers_read_left_to_right_on_an_arabic_page(tmp_path):
    """Labels, the chooser's title and the follow form's notice on an Arabic page: each handle, number and server is
    isolated and drawn in logical order, and a number written as bare digits is shown grouped (+49 151 23456789)."""
    url, stop = serve(build_site(tmp_path, ARABIC_HANDLES))
    driver = make_driver()
    try:
        driver.get(url)
        details = driver.find_elements(By.CSS_SELECTOR, ".button .detail")
        assert [d.text for d in details] == ["@layla@social.example", "+49 151 23456789", "+49 151 23456789"]
        for detail in details:
            assert detail.get_attribute("dir") == "ltr" and driver.execute_script(LEFT_TO_RIGHT, detail), detail.text
        # The links stay E.164.
        assert [b.get_attribute("href") for b in driver.find_elements(By.CSS_SELECTOR, ".button")][1:] == [
            "tel:+4915123456789", "https://signal.me/#p/+4915123456789"]
        driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")[0].click()
        title = driver.find_element(By.CSS_SELECTOR, ".chooser-title bdi")
        assert title.text == "@layla@social.example" and driver.execute_script(LEFT_TO_RIGHT, title)
        follow = [e for e in driver.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]") if e.text == WORDS["ar"]["follow_from_server"]]
        follow[0].click()
        field = driver.find_element(By.CSS_SELECTOR, ".follow input")
        field.send_keys("127.0.0.1:9\n")  # nothing listens on the discard port
        status = driver.find_element(By.CSS_SELECTOR, ".follow-status")
        WebDriverWait(driver, 10).until(lambda d: status.find_elements(By.TAG_NAME, "bdi"))
        isolated = status.find_elements(By.TAG_NAME, "bdi")
        assert [b.text for b in isolated] == ["127.0.0.1:9", "@layla@social.example"]
        assert all(driver.execute_script(LEFT_TO_RIGHT, b) for b in isolated)
    finally:
        driver.quit()
        stop()
