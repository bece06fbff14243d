"""The example page in real headless Chromium: weight, requests, accessibility, validity, QR code."""
import gzip
import json
import pathlib
import shutil
import subprocess
import urllib.parse

import pytest
from axe_selenium_python import Axe

from conftest import nu_html_checker, requests_made


def test_one_html_request_plus_the_avatar_and_nothing_from_other_origins(server, browser, built_site):
    browser.get(server)
    browser.find_element("css selector", ".button")
    urls = requests_made(browser)
    origins = {urllib.parse.urlsplit(u)[:2] for u in urls}
    assert origins == {urllib.parse.urlsplit(server)[:2]}, urls
    # The favicon is inlined as a data: URL, so the page and its avatar are the only requests (two, not three).
    assert sorted(urllib.parse.urlsplit(u).path for u in urls) == ["/", "/avatar.svg"], urls
    html = (built_site / "index.html").read_bytes()
    assert len(gzip.compress(html, 9)) <= 14 * 1024


def test_no_console_errors_and_the_policy_lets_the_page_run(server, browser):
    browser.get(server)
    problems = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert problems == []
    # The inline style applied (a CSP hash mismatch would leave the button unstyled).
    radius = browser.execute_script("return getComputedStyle(document.querySelector('.button')).borderRadius")
    assert radius != "0px"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violations(server, browser, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get(server)
    axe = Axe(browser)
    axe.inject()
    results = axe.run()
    assert results["violations"] == [], json.dumps(results["violations"], indent=1)


@pytest.mark.engines("chromium", "webkit")
def test_tap_targets_are_at_least_44_px(server, browser):
    browser.get(server)
    sizes = browser.execute_script("""
        return [...document.querySelectorAll('.button, .action, .chooser-toggle')]
          .filter(e => e.offsetParent !== null)
          .map(e => { const r = e.getBoundingClientRect(); return [e.textContent.trim(), r.width, r.height]; });
    """)
    assert len(sizes) >= 4
    for label, width, height in sizes:
        assert width >= 44 and height >= 44, (label, width, height)


@pytest.mark.engines("chromium", "webkit")
def test_focus_is_visible(server, browser):
    browser.get(server)
    outline = browser.execute_script("""
        const b = document.querySelector('.button'); b.focus();
        return getComputedStyle(b).outlineStyle + ' ' + getComputedStyle(b).outlineWidth;
    """)
    assert outline.startswith("solid") and not outline.endswith(" 0px")


def test_reduced_motion_turns_transitions_off(server, browser):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    browser.get(server)
    assert browser.execute_script("return getComputedStyle(document.querySelector('.button')).transitionDuration") == "0s"


def test_the_nu_html_checker_finds_no_errors(built_site):
    result = nu_html_checker(built_site)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_qr_code_decodes_to_the_page_address(built_site):
    import cairosvg
    import zxingcpp
    from PIL import Image
    import io

    png = cairosvg.svg2png(bytestring=(built_site / "qr.svg").read_bytes(), output_width=400, output_height=400)
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert [r.text for r in results] == ["https://loveyourmusic.example/"]


def test_links_work_with_javascript_off(server, built_site):
    from conftest import make_driver
    driver = make_driver(javascript=False)
    try:
        driver.get(server)
        hrefs = [a.get_attribute("href") for a in driver.find_elements("css selector", ".button")]
        assert hrefs[0] == "https://social.coop/@eb"
        assert hrefs[1].startswith("mailto:someone@example.org")
        assert all(h.startswith(("https:", "mailto:")) for h in hrefs)
    finally:
        driver.quit()
