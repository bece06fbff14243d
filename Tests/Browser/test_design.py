"""The page's design measured in headless Chromium: button contrast for every theme in light and dark, one even
layout for every button, the chooser centred, section headings, the share control, the QR dialog and the icons."""
import functools
import http.server
import io
import pathlib
import re
import threading
import time

import pytest
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import QuietHandler, contrast, make_driver, served_test_site_variants
from test_tap import phone, shifts

# Every built-in theme, and the backdrop look that a page's own `background:` gradient turns on over classic.
THEMES = {
    "classic": "theme: classic",
    "midnight": "theme: midnight",
    "mono": "theme: mono",
    "backdrop": "theme: backdrop",
    "classic-with-background": 'theme: classic\nbackground: ["#0f2027", "#2c5364", "#f7b733"]',
    # buttons: calm, on the page and on a card.
    "calm": "buttons: calm",
    "calm-on-backdrop": "theme: backdrop\nbuttons: calm",
}


@pytest.fixture(scope="module")
def themed_sites():
    """The every-service site built once per theme; yields {theme: url}."""
    with served_test_site_variants("every-service", THEMES) as urls:
        yield urls


@pytest.fixture(scope="module")
def driver():
    browser = make_driver()
    yield browser
    browser.quit()


def parse(color):
    """`rgb(r, g, b)` or `rgba(r, g, b, a)` from getComputedStyle; opaque colours only (the page has no others here)."""
    parts = [float(x) for x in re.findall(r"[\d.]+", color)]
    assert len(parts) == 3 or parts[3] == 1, color
    return parts[:3]


COLOURS = """
    // The colour behind an element: its nearest ancestor with an opaque background colour.
    function behind(e) {
      for (let n = e.parentElement; n; n = n.parentElement) {
        const c = getComputedStyle(n).backgroundColor;
        if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    }
    return [...document.querySelectorAll('.button')].map(b => {
      const s = getComputedStyle(b);
      return [b.textContent.trim(), s.backgroundColor, s.color, s.borderTopColor, s.borderTopWidth, behind(b)];
    });
"""


def set_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("theme", list(THEMES))
def test_every_button_reads_and_stands_out_from_the_page(themed_sites, driver, theme, scheme):
    set_scheme(driver, scheme)
    driver.get(themed_sites[theme])
    buttons = driver.execute_script(COLOURS)
    assert len(buttons) >= 33
    for label, fill, text, edge, width, surface in buttons:
        fill, text, edge, surface = parse(fill), parse(text), parse(edge), parse(surface)
        assert contrast(fill, text) >= 4.5, (theme, scheme, label, fill, text)
        assert float(width.rstrip("px")) >= 2, (label, width)
        assert max(contrast(fill, surface), contrast(edge, surface)) >= 3, (theme, scheme, label, fill, edge, surface)
    if theme == "mono":
        colours = {tuple(parse(c)) for row in buttons for c in row[1:4]}
        assert colours <= {(0, 0, 0), (255, 255, 255)}, colours


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("theme", ["midnight", "mono", "backdrop", "classic-with-background", "calm", "calm-on-backdrop"])
def test_no_axe_violations_in_the_other_themes(themed_sites, driver, theme, scheme):
    from axe_selenium_python import Axe
    set_scheme(driver, scheme)
    driver.get(themed_sites[theme])
    axe = Axe(driver)
    axe.inject()
    violations = axe.run()["violations"]
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in violations]


def test_contrast_ranges_are_printed(themed_sites, driver):
    """Not a budget: the figures for the report (run with -s to see them)."""
    for theme in THEMES:
        for scheme in ("light", "dark"):
            set_scheme(driver, scheme)
            driver.get(themed_sites[theme])
            rows = driver.execute_script(COLOURS)
            texts = [contrast(parse(r[1]), parse(r[2])) for r in rows]
            edges = [max(contrast(parse(r[1]), parse(r[5])), contrast(parse(r[3]), parse(r[5]))) for r in rows]
            print(f"{theme} {scheme}: text {min(texts):.2f}-{max(texts):.2f}:1, edge {min(edges):.2f}-{max(edges):.2f}:1")
            assert min(texts) >= 4.5 and min(edges) >= 3


LAYOUT = """
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; };
    return [...document.querySelectorAll('.links li')].map(li => {
      const button = li.querySelector('.button'), toggle = li.querySelector('.chooser-toggle');
      return { button: box(button), label: box(button.querySelector('span')), icon: box(button.querySelector('.icon')),
               toggle: toggle && box(toggle), lines: Math.round(button.querySelector('span').getBoundingClientRect().height
                 / parseFloat(getComputedStyle(button).lineHeight)) };
    });
"""


@pytest.mark.parametrize("theme", ["classic", "calm"])
@pytest.mark.parametrize("width", [320, 390, 1280])
def test_every_button_shares_its_edges_and_the_chooser_is_centred(themed_sites, driver, width, theme):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    try:
        set_scheme(driver, "light")
        driver.get(themed_sites[theme])
        rows = driver.execute_script(LAYOUT)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert len(rows) >= 33
    first = rows[0]
    if width == 320:
        assert first["lines"] >= 2, "the long Mastodon label wraps at 320 px, so centring is tested on a wrapped label"
    toggles = 0
    for row in rows:
        # Buttons line up on both edges and icons at the start, with or without a chooser.
        for part in ("button", "icon"):
            assert abs(row[part][0] - first[part][0]) < 0.5 and abs(row[part][1] - first[part][1]) < 0.5, (width, part, row, first)
        # A label on one line is centred in its button, unless it is too wide to be centred clear of the icon (a long
        # handle at 320 px): then, like a wrapped one, it has all the width from the icon on.
        if row["lines"] == 1:
            centred = abs((row["label"][0] + row["label"][1]) / 2 - (row["button"][0] + row["button"][1]) / 2) <= 1
            assert centred or row["label"][0] - row["icon"][1] <= 8.5, (width, row)
        else:
            assert row["label"][0] - row["icon"][1] <= 8.5, ("a wrapped label starts right after the icon", width, row)
        middle = (row["button"][2] + row["button"][3]) / 2
        assert abs((row["icon"][2] + row["icon"][3]) / 2 - middle) <= 2, (width, row)
        if row["toggle"]:
            toggles += 1
            assert abs((row["toggle"][2] + row["toggle"][3]) / 2 - middle) <= 2, (width, row)
            assert row["toggle"][0] >= row["label"][1] - 0.5, ("the chooser never covers the label", width, row)
            assert row["toggle"][3] - row["toggle"][2] >= 44
    assert toggles >= 10
    toggle_rights = {round(r["button"][1] - r["toggle"][1], 1) for r in rows if r["toggle"]}
    assert len(toggle_rights) == 1, toggle_rights


def test_a_short_page_is_centred_on_a_tall_desktop_window_with_a_clear_hierarchy(server, driver):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 1400, "deviceScaleFactor": 1, "mobile": False})
    try:
        driver.get(server)
        card, avatar, name, tagline, body, height = driver.execute_script("""
            const box = s => document.querySelector(s).getBoundingClientRect().toJSON();
            const size = s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize);
            return [box('.card'), box('.avatar'), size('h1'), size('.tagline'), size('.bio'), innerHeight];
        """)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    above, below = card["top"], height - card["bottom"]
    assert above > 200 and abs(above - below) <= 24, (above, below)
    assert avatar["width"] >= 128 and name >= 2 * body and tagline > body, (avatar, name, tagline, body)


class TwoPartHandler(QuietHandler):
    """Serves the page as a slow network brings it: everything up to the end of its header, then, PAUSE_S later, the
    rest (Content-Length sent first, so the browser knows more is coming); any other file at once."""
    PAUSE_S = 0.6

    def do_GET(self):
        if self.path != "/":
            return super().do_GET()
        page = (pathlib.Path(self.directory) / "index.html").read_bytes()
        cut = page.index(b"</header>")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page[:cut])
        self.wfile.flush()
        time.sleep(self.PAUSE_S)
        self.wfile.write(page[cut:])


def test_a_page_that_arrives_in_two_parts_is_drawn_once_whole_so_its_centred_card_never_moves(built_site):
    """The card is centred on the screen: drawn from the first part alone (the header), it would sit lower and then
    move up by half the rest once the buttons came. A phone on a slow network or a busy CPU draws a half-parsed page
    where nothing says to wait."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(TwoPartHandler, directory=str(built_site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    driver = phone("iphone-safari", 320)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 568, "deviceScaleFactor": 2, "mobile": True})
        driver.get(f"http://127.0.0.1:{httpd.server_address[1]}/")
        # Two frames after the load, so a shift of the last one is reported too.
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
        assert driver.execute_script("return document.querySelectorAll('.chooser-toggle').length") > 0, "the whole page came"
        assert shifts(driver) == []
    finally:
        driver.quit()
        httpd.shutdown()
        httpd.server_close()


def test_sections_are_headings_between_the_buttons(themed_sites, driver):
    driver.get(themed_sites["classic"])
    sections = driver.execute_script("""
        return [...document.querySelectorAll('.links h2')].map(h => {
          const list = h.nextElementSibling;
          return [h.textContent, list.tagName, list.querySelector('.button span').textContent];
        });
    """)
    assert sections == [
        ["Fediverse", "UL", "Follow my Mastodon account for news and releases"],
        ["Talk to me", "UL", "Email"],
        ["Social", "UL", "Bluesky"],
        ["Messengers", "UL", "Telegram"],
        ["Listen", "UL", "Spotify"],
        ["Code and support", "UL", "Github"],
        ["More of the fediverse and social networks", "UL", "Lemmy"],
        ["More messengers", "UL", "Messenger"],
        ["More to listen to", "UL", "Apple Podcasts"],
        ["More code", "UL", "Stack Overflow"],
        ["Support me", "UL", "PayPal"],
        ["Writing", "UL", "Medium"],
        ["Work and play", "UL", "Behance"],
        ["Shops and apps", "UL", "Etsy"],
        ["Research, games and more", "UL", "Kick"],
        ["Read", "UL", "Rss"],
    ]
    # Below the page's one h1, so the outline reads name, then sections.
    assert driver.execute_script("return document.querySelectorAll('h1').length") == 1


def tab_to(driver, selector, limit=40):
    driver.find_element(By.TAG_NAME, "body").click()
    for _ in range(limit):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.execute_script(f"return document.activeElement.matches({selector!r})"):
            return driver.switch_to.active_element
    raise AssertionError(f"Tab never reached {selector}")


def test_share_by_keyboard_falls_back_to_copying_the_address(server, driver):
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.rstrip("/"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    driver.get(server)
    assert driver.execute_script("return 'share' in navigator") is False, "this Chromium has no Web Share: the copy path is tested"
    share = tab_to(driver, ".share")
    assert share.text == "Share" and share.is_displayed()
    share.send_keys(Keys.ENTER)
    assert driver.execute_script("return document.querySelector('.share').textContent") == "Copied"
    assert driver.execute_script("return document.querySelector('[role=status]').textContent") == "Copied"
    copied = driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], e => arguments[0]('error ' + e))")
    assert copied == "https://loveyourmusic.example/"


@pytest.mark.engines("chromium", "webkit")
def test_share_uses_the_web_share_api_where_there_is_one(server, browser):
    browser.get(server)
    browser.execute_script("navigator.share = d => { window.shared = d; return Promise.resolve(); }")
    share = tab_to(browser, ".share")
    share.send_keys(Keys.SPACE)
    assert browser.execute_script("return window.shared") == {"title": "Love Your Music", "url": "https://loveyourmusic.example/"}
    assert share.text == "Share"


@pytest.mark.engines("chromium", "webkit")
def test_share_where_copying_fails_says_so_never_shows_the_address_and_recovers(server, browser):
    browser.get(server)
    # No Web Share, and a clipboard that refuses, as a browser without permission does.
    browser.execute_script("""
        Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
        Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('NotAllowedError')) }, configurable: true });
    """)
    share = tab_to(browser, ".share")
    share.send_keys(Keys.ENTER)
    label = browser.find_element(By.CSS_SELECTOR, ".share span")
    WebDriverWait(browser, 2).until(lambda d: label.text != "Share")
    assert label.text == "Could not copy" and "loveyourmusic" not in share.text
    assert "copy-failed" in label.get_attribute("class")
    WebDriverWait(browser, 5).until(lambda d: label.text == "Share")
    assert "copy-failed" not in (label.get_attribute("class") or "")


def test_without_javascript_there_is_no_share_button(server):
    browser = make_driver(javascript=False)
    try:
        browser.get(server)
        assert not browser.find_element(By.CSS_SELECTOR, ".share").is_displayed()
        assert browser.find_element(By.CSS_SELECTOR, "a.action[download]").text == "Save contact"
    finally:
        browser.quit()


@pytest.mark.parametrize("engine, mobile", [("chromium", False), ("chromium", True), ("webkit", False)])
def test_the_qr_code_opens_in_a_dialog_on_any_device(server, engine, mobile):
    browser = make_driver(mobile=mobile, engine=engine)
    try:
        browser.get(server)
        opener = browser.find_element(By.CSS_SELECTOR, "[popovertarget=qr]")
        assert opener.is_displayed() and opener.text == "QR code"
        assert not browser.find_element(By.ID, "qr").is_displayed()
        opener.click()
        dialog = browser.find_element(By.ID, "qr")
        assert browser.execute_script("return document.getElementById('qr').matches(':popover-open')")
        image = dialog.find_element(By.TAG_NAME, "img")
        browser.execute_script("return arguments[0].decode()", image)
        assert browser.execute_script("return arguments[0].naturalWidth", image) > 0
        browser.switch_to.active_element.send_keys(Keys.ESCAPE)
        assert not browser.execute_script("return document.getElementById('qr').matches(':popover-open')")
    finally:
        browser.quit()


def solid_core_radius(ink):
    """The radius in px of the largest disc that is inked all through: a blob is mostly such a disc."""
    best = 0
    for cx, cy in ink:
        r = best
        while r < 12 and all((cx + dx, cy + dy) in ink for dx in range(-r - 1, r + 2) for dy in range(-r - 1, r + 2)
                             if dx * dx + dy * dy <= (r + 1) ** 2):
            r += 1
        best = max(best, r)
    return best


def test_every_icon_is_a_shape_not_a_blob_at_24_px(themed_sites, driver):
    """Each icon the every-service page uses, drawn white at 24 px on black. Font Awesome's Signal icon drew a solid
    disc 18 px across (its dashed ring merged with the bubble); no icon may have a solid core wider than 16 px
    (Patreon's own round mark is the widest allowed), nor be empty."""
    driver.get(themed_sites["classic"])
    names = driver.execute_script("""
        // Styled through the CSSOM: the page's Content-Security-Policy refuses style attributes.
        const names = [...document.querySelectorAll('symbol')].map(s => s.id);
        const sheet = document.createElement('div'), svg = 'http://www.w3.org/2000/svg';
        Object.assign(sheet.style, { position: 'fixed', inset: '0', zIndex: '9', background: '#000', color: '#fff', display: 'flex',
                                     flexWrap: 'wrap', gap: '8px', padding: '8px', alignContent: 'flex-start' });
        sheet.id = 'sheet';
        for (const n of names) {
          const icon = sheet.appendChild(document.createElementNS(svg, 'svg'));
          icon.setAttribute('width', 24); icon.setAttribute('height', 24); icon.dataset.name = n; icon.style.display = 'block';
          icon.appendChild(document.createElementNS(svg, 'use')).setAttribute('href', '#' + n);
        }
        document.body.appendChild(sheet);
        return names;
    """)
    assert len(names) >= 25
    shot = Image.open(io.BytesIO(driver.get_screenshot_as_png())).convert("L")
    assert shot.width == driver.execute_script("return innerWidth"), "one device pixel per CSS pixel"
    measured = {}
    for element in driver.find_elements(By.CSS_SELECTOR, "#sheet svg"):
        x, y = round(element.rect["x"]), round(element.rect["y"])
        pixels = shot.crop((x, y, x + 24, y + 24)).load()
        ink = {(i, j) for i in range(24) for j in range(24) if pixels[i, j] >= 128}
        measured[element.get_attribute("data-name")] = (len(ink) / 576, solid_core_radius(ink))
    assert set(measured) == set(names)
    print({name: f"{share:.2f} r{radius}" for name, (share, radius) in measured.items()})
    assert all(share > 0.05 for share, _ in measured.values()), measured
    assert {name: radius for name, (_, radius) in measured.items() if radius > 8} == {}
