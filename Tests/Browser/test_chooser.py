"""The chooser as a visitor meets it: on a 320×568 iPhone it opens on the screen and never over its own button, its
arrow says whether it is open and which way, it has a title and the service's own app shows its logo, its edge (and
the QR window's) stands out from the page in every theme, light and dark, and the Follow form inside it is axe clean
and closes with its control and with Escape. Headless Chromium."""
import pathlib
import shutil
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import axe_violations, build_site, contrast, make_driver, serve, served_test_site_variants
from test_tap import phone, shifts

PAGE = """---
title: Choosers on a small phone
links:
  - email: someone@example.org
  - mastodon: "@eb@social.coop"
  - telegram: durov
  - spotify: "artist:0OdUWJ0sBjDrqHygGUXeCF"
  - matrix: "@eb:matrix.org"
  - bluesky: eb.bsky.social
  - signal: "+4915123456789"
  - mastodon: "@other@social.coop"
---
"""

# Where the open chooser, its button and the screen are, and which way the arrow points (its angle: 45° down, 225° up).
GEOMETRY = """
const toggle = arguments[0], panel = document.querySelector('.chooser'), button = toggle.previousElementSibling;
const box = panel.getBoundingClientRect(), own = button.getBoundingClientRect();
const m = new DOMMatrix(getComputedStyle(toggle, '::after').transform);
return {top: box.top, bottom: box.bottom, screen: innerHeight, buttonTop: own.top, buttonBottom: own.bottom,
        up: panel.classList.contains('up'), angle: Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI),
        fill: getComputedStyle(toggle).backgroundColor};
"""


# A closed toggle's arrow and fill.
ARROW = """
const m = new DOMMatrix(getComputedStyle(arguments[0], '::after').transform);
return {angle: Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI), fill: getComputedStyle(arguments[0]).backgroundColor};
"""


@pytest.fixture(scope="module")
def small_phone_site():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-chooser-"))
    try:
        url, stop = serve(build_site(folder, PAGE))
        yield url
        stop()
    finally:
        shutil.rmtree(folder)


def menu_items(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")


def assert_on_screen_and_off_its_button(geometry, where):
    assert 0 <= geometry["top"] and geometry["bottom"] <= geometry["screen"], (where, geometry)
    assert geometry["bottom"] <= geometry["buttonTop"] or geometry["top"] >= geometry["buttonBottom"], (where, "covers its button", geometry)
    # The arrow points to the menu.
    assert geometry["angle"] == (-135 if geometry["up"] else 45), (where, geometry)


def test_every_chooser_fits_a_320_by_568_screen_with_its_arrow_pointing_to_it_and_nothing_moves(small_phone_site):
    driver = phone("iphone-safari", 320)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 568, "deviceScaleFactor": 2, "mobile": True})
        driver.get(small_phone_site)
        toggles = driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")
        closed = driver.execute_script(ARROW, toggles[0])
        assert closed["angle"] == 45  # closed: down, the way a menu opens
        directions = set()
        for index, toggle in enumerate(toggles):
            for block in ("start", "center", "end"):
                driver.execute_script(f"arguments[0].scrollIntoView({{block: '{block}'}})", toggle)
                toggle.click()
                geometry = driver.execute_script(GEOMETRY, toggle)
                assert_on_screen_and_off_its_button(geometry, (index, block))
                assert geometry["fill"] != closed["fill"], "an open arrow looks open"
                directions.add(geometry["up"])
                more = [item for item in menu_items(driver) if item.text == "More apps…"]
                if more:
                    more[0].click()
                    assert "More apps…" not in [item.text for item in menu_items(driver)]
                    geometry = driver.execute_script(GEOMETRY, toggle)
                    assert_on_screen_and_off_its_button(geometry, (index, block, "more apps"))
                    # Everything the list holds can be reached: it scrolls inside the chooser.
                    last = menu_items(driver)[-1]
                    driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", last)
                    assert driver.execute_script("const b = arguments[0].getBoundingClientRect(); return b.bottom <= innerHeight && b.top >= 0", last)
                driver.find_element(By.CSS_SELECTOR, ".chooser-close").click()
                assert toggle.get_attribute("aria-expanded") == "false"
        assert directions == {True, False}, "below at the top of the screen, above at its foot"
        # Opening and closing moved nothing; "More apps…" moved nothing that the browser's score counts (what it
        # moves, it moves inside the chooser, at the visitor's own tap).
        assert [s for s in shifts(driver) if not s["input"]] == [], shifts(driver)
        assert [s for s in shifts(driver) if not any("chooser" in moved for moved in s["moved"])] == [], shifts(driver)
    finally:
        driver.quit()


def test_the_chooser_has_a_title_and_the_services_own_app_shows_its_logo(small_phone_site):
    driver = phone("iphone-safari", 390)
    try:
        driver.get(small_phone_site)
        driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")[1].click()  # Mastodon
        title = driver.find_element(By.CSS_SELECTOR, ".chooser-title")
        assert title.text.splitlines() == ["Mastodon", "@eb@social.coop"]
        handle = title.find_element(By.CSS_SELECTOR, "bdi")
        assert handle.get_attribute("dir") == "ltr"
        with_logo = [item.text for item in menu_items(driver) if item.find_elements(By.CSS_SELECTOR, "svg.icon")]
        assert with_logo == ["Mastodon"], with_logo
        assert [item.text for item in menu_items(driver)][:5] == ["Open in browser", "Opener", "Ivory", "Ice Cubes", "Mastodon"]
        menu = driver.find_element(By.CSS_SELECTOR, ".chooser [role=menu]")
        assert menu.get_attribute("aria-label") == "More ways to open Mastodon @eb@social.coop"
    finally:
        driver.quit()


THEMES = {name: f"theme: {name}" for name in ("classic", "midnight", "mono", "backdrop")}

# The edge of a box as seen from outside it: its border colour (where it is at least 1 px wide) and its fill, each
# against what is around it (the page and the card, dimmed by the backdrop for the QR window); the better of the two
# is the edge a visitor sees.
EDGE = """
const box = arguments[0], dim = arguments[1], s = getComputedStyle(box), root = getComputedStyle(document.documentElement);
const solid = (c) => { const e = document.createElement('i'); e.style.color = c; document.body.append(e); const v = getComputedStyle(e).color; e.remove(); return v; };
return {border: s.borderTopColor, width: parseFloat(s.borderTopWidth), fill: s.backgroundColor,
        around: [solid(root.getPropertyValue('--page')), solid(root.getPropertyValue('--card'))], dim: dim};
"""


def channels(css):
    import re
    return [float(x) for x in re.findall(r"[\d.]+", css)][:3]


def edge_contrast(seen):
    best = float("inf")
    for around in seen["around"]:
        outside = [c * (1 - seen["dim"]) for c in channels(around)]
        candidates = [contrast(channels(seen["fill"]), outside)]
        if seen["width"] >= 1:
            candidates.append(contrast(channels(seen["border"]), outside))
        best = min(best, max(candidates))
    return best


@pytest.fixture(scope="module")
def themed():
    with served_test_site_variants("every-service", THEMES) as urls:
        yield urls


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("theme", list(THEMES))
def test_the_chooser_and_the_qr_window_have_an_edge_of_3_to_1(themed, theme, scheme):
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        driver.get(themed[theme])
        driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")[0].click()
        chooser = edge_contrast(driver.execute_script(EDGE, driver.find_element(By.CSS_SELECTOR, ".chooser"), 0))
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        driver.find_element(By.CSS_SELECTOR, "[popovertarget=qr]").click()
        # The backdrop: black at .55 over what is behind the window.
        assert driver.execute_script("return getComputedStyle(document.getElementById('qr'), '::backdrop').backgroundColor") == "rgba(0, 0, 0, 0.55)"
        window = edge_contrast(driver.execute_script(EDGE, driver.find_element(By.ID, "qr"), 0.55))
        print(f"{theme} {scheme}: chooser edge {chooser:.2f}:1, QR window edge {window:.2f}:1")
        assert chooser >= 3 and window >= 3, (chooser, window)
    finally:
        driver.quit()


def test_the_follow_form_is_axe_clean_and_closes_with_its_control_and_with_escape(server):
    driver = make_driver()
    try:
        driver.get(server)
        toggle = driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")[0]
        toggle.click()
        assert axe_violations(driver) == []
        [item for item in menu_items(driver) if item.text.startswith("Follow")][0].click()
        field = driver.find_element(By.CSS_SELECTOR, ".follow input")
        assert driver.switch_to.active_element == field
        assert tuple(field.get_dom_attribute(name) for name in ("autocapitalize", "autocorrect", "spellcheck")) == ("none", "off", "false")
        assert axe_violations(driver) == []
        # Tab moves on inside the form, which stays open.
        field.send_keys(Keys.TAB)
        assert driver.switch_to.active_element.text == "Follow"
        assert driver.find_elements(By.CSS_SELECTOR, ".follow")
        close = driver.find_element(By.CSS_SELECTOR, ".chooser-close")
        assert close.get_attribute("aria-label") == "Close" and close.rect["width"] >= 44 and close.rect["height"] >= 44
        close.click()
        assert driver.find_elements(By.CSS_SELECTOR, ".chooser") == []
        assert toggle.get_attribute("aria-expanded") == "false" and driver.switch_to.active_element == toggle
        toggle.click()
        [item for item in menu_items(driver) if item.text.startswith("Follow")][0].click()
        driver.switch_to.active_element.send_keys(Keys.ESCAPE)
        assert driver.find_elements(By.CSS_SELECTOR, ".chooser") == []
        assert driver.switch_to.active_element == toggle
    finally:
        driver.quit()
