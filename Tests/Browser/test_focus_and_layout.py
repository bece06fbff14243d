"""Focus rings and button layout on the every-service page, measured in Chromium and in WebKit: every control's
keyboard focus ring reaches 3:1 against the colours on both sides of it, in light and dark; no label wraps at 390 px
unless its text alone is wider than its button; the action row stays one line."""
import io

import pytest
from PIL import Image
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import clear_viewport, contrast, make_driver, serve, served_test_site_variants, set_viewport

SCHEMES = ("light", "dark")
pytestmark = pytest.mark.engines("chromium", "webkit")


@pytest.fixture(scope="module")
def schemed_sites():
    """The every-service site with its colour scheme forced to each of light and dark (a forced scheme is the same
    palette the device's setting picks, and works alike in every engine); yields {scheme: url}."""
    with served_test_site_variants("every-service", {scheme: f"color_scheme: {scheme}" for scheme in SCHEMES}) as urls:
        yield urls


@pytest.fixture(scope="module")
def driver(engine):
    browser = make_driver(engine=engine)
    yield browser
    browser.quit()


# The focused element's box and its outline (width and offset; the ring is drawn from offset to offset + width
# outside the border edge, inside it where the offset is negative).
# The answer comes after two animation frames, so the screenshot that follows shows the scrolled page (WebKit's was
# taken from the frame before the scroll otherwise).
RING = """
    const e = document.activeElement, done = arguments[0];
    e.scrollIntoView({ block: 'center', inline: 'nearest' });
    requestAnimationFrame(() => requestAnimationFrame(() => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    done({ name: (e.getAttribute('aria-label') || e.textContent || e.placeholder || e.tagName).trim().slice(0, 40),
             classes: e.className, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
             style: s.outlineStyle, width: parseFloat(s.outlineWidth), offset: parseFloat(s.outlineOffset) });
    }));
"""


def ring_contrast(driver):
    """The focused control's ring against the pixels just outside and just inside it, at the middle of its top and
    bottom edges (away from rounded corners), read from a screenshot: (name, lowest ratio, samples)."""
    ring = driver.execute_async_script(RING)
    assert ring["style"] == "solid" and ring["width"] >= 2, ring
    shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("RGB")
    assert shot.width == driver.execute_script("return innerWidth"), "one device pixel per CSS pixel"
    x = int((ring["left"] + ring["right"]) / 2)
    offset, width = ring["offset"], ring["width"]
    ratios, samples = [], []
    for edge, outward in ((ring["top"], -1), (ring["bottom"], 1)):
        # Distances outward from the border edge: the ring's middle, then 1.5 px beyond each side of it.
        def at(distance):
            return shot.getpixel((x, int(edge + outward * distance)))
        middle, outside, inside = at(offset + width / 2), at(offset + width + 1.5), at(offset - 1.5)
        samples.append((middle, outside, inside))
        ratios += [contrast(middle, outside), contrast(middle, inside)]
    return ring["name"], ring["classes"], min(ratios), samples


def focus_by_tab(driver, limit=200):
    """Tabs from the top of the page through every control once; yields after each focus move."""
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    seen = set()
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        key = driver.execute_script("const e = document.activeElement; return e === document.body ? null : "
                                    "[...document.querySelectorAll('*')].indexOf(e)")
        if key is None or key in seen:
            return
        seen.add(key)
        yield


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_focus_ring_reaches_3_to_1_against_what_surrounds_it(schemed_sites, driver, engine, scheme):
    driver.get(schemed_sites[scheme])
    measured = [ring_contrast(driver) for _ in focus_by_tab(driver)]
    kinds = {classes.split()[0] if classes else "" for _, classes, _, _ in measured}
    assert {"button", "chooser-toggle", "action"} <= kinds, kinds
    assert sum(1 for _, classes, _, _ in measured if "chooser-toggle" in classes) >= 10
    # The chooser's items and the follow form, opened by keyboard from the first button's arrow.
    driver.execute_script("window.scrollTo(0, 0)")
    toggle = driver.find_element("css selector", ".chooser-toggle")
    driver.execute_script("arguments[0].focus()", toggle)
    toggle.send_keys(Keys.ENTER)
    items = driver.find_elements("css selector", ".chooser [role=menuitem]")
    assert len(items) >= 3
    for item in items:
        measured.append(ring_contrast(driver))
        driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    follow = [i for i in driver.find_elements("css selector", ".chooser [role=menuitem]") if i.text.startswith("Follow")][0]
    driver.execute_script("arguments[0].focus()", follow)
    follow.send_keys(Keys.ENTER)
    assert driver.switch_to.active_element.tag_name == "input"
    measured.append(ring_contrast(driver))
    # Tab in the chooser closes it (the runtime's rule), so the form's button is focused from the script, after the
    # keys above: focus-visible holds as it would for a keyboard user.
    driver.execute_script("document.querySelector('.follow button').focus()")
    assert driver.switch_to.active_element.text == "Follow"
    measured.append(ring_contrast(driver))
    low = [(name, classes, round(ratio, 2), samples) for name, classes, ratio, samples in measured if ratio < 3]
    print(engine, scheme, f"{len(measured)} controls, lowest ring contrast {min(r for _, _, r, _ in measured):.2f}:1")
    assert low == []


LABELS = """
    // Each label's line count and its text's width on one line (a copy laid out without wrapping), with its button's width.
    return [...document.querySelectorAll('.links .button')].map(b => {
      const label = b.querySelector('span'), copy = label.cloneNode(true);
      Object.assign(copy.style, { position: 'absolute', whiteSpace: 'nowrap', visibility: 'hidden' });
      b.appendChild(copy);
      const alone = copy.getBoundingClientRect().width;
      copy.remove();
      return { text: label.textContent, lines: Math.round(label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight)),
               alone, button: b.getBoundingClientRect().width };
    });
"""


def test_no_label_wraps_at_390_px_unless_its_text_is_wider_than_its_button(schemed_sites, driver, engine):
    driver.get(schemed_sites["light"])
    set_viewport(driver, 390)
    try:
        labels = driver.execute_script(LABELS)
    finally:
        clear_viewport(driver)
    assert len(labels) >= 33
    assert 340 <= labels[0]["button"] <= 358, labels[0]
    wrapped = [label for label in labels if label["lines"] > 1]
    print(engine, [(label["text"], label["lines"], round(label["alone"]), round(label["button"])) for label in wrapped])
    assert [label for label in wrapped if label["alone"] <= label["button"]] == []
    assert [label["text"] for label in wrapped] == ["Follow my Mastodon account for news and releases"]


@pytest.mark.parametrize("width", [320, 390])
def test_the_action_row_stays_one_line(schemed_sites, driver, engine, width):
    driver.get(schemed_sites["light"])
    set_viewport(driver, width)
    try:
        tops = driver.execute_script("return [...document.querySelectorAll('.actions > :not([hidden])')].map(a => a.getBoundingClientRect().top)")
        heights = driver.execute_script("return [...document.querySelectorAll('.actions > :not([hidden])')].map(a => a.getBoundingClientRect().height)")
        inside = driver.execute_script("""
            const row = document.querySelector('.actions').getBoundingClientRect();
            return [...document.querySelectorAll('.actions > :not([hidden])')].every(a => {
              const r = a.getBoundingClientRect(); return r.left >= row.left - 0.5 && r.right <= row.right + 0.5; });""")
    finally:
        clear_viewport(driver)
    assert len(tops) == 3 and max(tops) - min(tops) < 1, tops
    assert inside
    assert max(heights) < 45, ("each English label on one line of its own", heights)


def test_the_title_block_breathes_and_the_follow_input_is_not_bold(schemed_sites, driver):
    driver.get(schemed_sites["light"])
    gap = driver.execute_script("return document.querySelector('.tagline').getBoundingClientRect().top - document.querySelector('h1').getBoundingClientRect().bottom")
    assert gap >= 16, gap
    toggle = driver.find_element("css selector", ".chooser-toggle")
    toggle.click()
    [i for i in driver.find_elements("css selector", ".chooser [role=menuitem]") if i.text.startswith("Follow")][0].click()
    weights = driver.execute_script("return [getComputedStyle(document.querySelector('.follow input')).fontWeight, getComputedStyle(document.querySelector('.follow label')).fontWeight]")
    assert weights[0] == "400" and int(weights[1]) >= 600, weights


LONG_WORD = "averyveryverylongnamewithoutanyplacetobreakitatall"
LONG_WORD_PAGE = f"""---
title: Wrapping
links:
  - web: https://example.org/
    label: Write to me about anything at {LONG_WORD}
---
Ordinary words then {LONG_WORD}{LONG_WORD} in the text.
"""

# For each element, each whitespace-separated word of its text: how many line boxes it spans (a Range over it).
WORD_LINES = """
    return arguments[0].map(selector => {
      const element = document.querySelector(selector), text = element.firstChild.nodeType == 3 ? element.firstChild : element.querySelector('span, p').firstChild;
      const words = [], range = document.createRange();
      for (const match of text.data.matchAll(/\\S+/g)) {
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        words.push([match[0], tops.size]);
      }
      return [selector, words, element.scrollWidth <= element.clientWidth];
    });
"""


def test_a_long_word_breaks_and_ordinary_words_stay_whole(driver, engine, tmp_path):
    from conftest import build_site
    url, stop = serve(build_site(tmp_path, LONG_WORD_PAGE))
    try:
        driver.get(url)
        set_viewport(driver, 320)
        measured = driver.execute_script(WORD_LINES, [".links .button span", ".bio p"])
    finally:
        clear_viewport(driver)
        stop()
    for selector, words, fits in measured:
        assert fits, (selector, "nothing overflows its box")
        assert [word for word, lines in words if LONG_WORD in word and lines < 2] == [], (selector, words)
        assert [(word, lines) for word, lines in words if LONG_WORD not in word and lines > 1] == [], (selector, words)
