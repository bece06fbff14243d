"""The calm look for long pages (`buttons: calm`): every button in one style, the brand in its logo's badge; and a
section with `icons: true` as a row of round logos ("also on" profiles). Headless Chromium, light and dark."""
import pytest
from selenium.webdriver.common.by import By

from conftest import axe_violations, build_site, contrast, make_driver, serve, served_test_site_variants
from test_design import driver, parse, set_scheme  # noqa: F401 (driver: the module's one browser)

STYLES = """
return [...document.querySelectorAll('.links ul:not(.icon-row) .button')].map(b => {
  const s = getComputedStyle(b), icon = getComputedStyle(b.querySelector('.icon'));
  return {style: [s.backgroundColor, s.color, s.borderTopColor, s.borderTopWidth, s.borderRadius, s.fontWeight, s.fontSize],
          badge: icon.backgroundColor, logo: icon.color, round: icon.borderRadius};
});
"""


@pytest.fixture(scope="module")
def calm_sites():
    with served_test_site_variants("every-service", {"brand": "", "calm": "buttons: calm"}) as urls:
        yield urls


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_calm_buttons_share_one_style_and_the_brand_shows_in_the_logo(calm_sites, driver, scheme):
    set_scheme(driver, scheme)
    driver.get(calm_sites["brand"])
    brand = driver.execute_script(STYLES)
    driver.get(calm_sites["calm"])
    calm = driver.execute_script(STYLES)
    assert len(calm) == len(brand) >= 70
    assert len({tuple(b["style"]) for b in brand}) > 20, "by default each button wears its brand"
    assert len({tuple(b["style"]) for b in calm}) == 1, {tuple(b["style"]) for b in calm}
    # Each logo sits in a round badge of its brand's colour, readable on it; the badges are as many colours as the
    # buttons were.
    assert {b["badge"] for b in calm} == {b["style"][0] for b in brand}
    for button in calm:
        assert button["round"] == "50%"
        assert contrast(parse(button["badge"]), parse(button["logo"])) >= 3, button


ROW = """---
title: Also on
links:
  - mastodon: "@eb@social.coop"
  - email: someone@example.org
  - section: Also on
    icons: true
  - github: octocat
  - bluesky: eb.bsky.social
  - youtube: "@nasa"
  - instagram: nasa
  - codeberg: eb
---
"""

ROW_LAYOUT = """
return [...document.querySelectorAll('.icon-row .button')].map(b => {
  const r = b.getBoundingClientRect(), label = b.querySelector('.label').getBoundingClientRect();
  return {top: Math.round(r.top), width: r.width, height: r.height, labelWidth: label.width,
          toggle: !!b.parentElement.querySelector('.chooser-toggle')};
});
"""


@pytest.mark.parametrize("calm", [False, True])
def test_a_section_with_icons_is_one_row_of_round_named_logos(tmp_path, calm):
    page = ROW.replace("links:\n", "buttons: calm\nlinks:\n") if calm else ROW
    url, stop = serve(build_site(tmp_path, page))
    try:
        for scheme in ("light", "dark"):
            driver = make_driver()
            try:
                set_scheme(driver, scheme)
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
                driver.get(url)
                row = driver.execute_script(ROW_LAYOUT)
                assert len(row) == 5 and len({b["top"] for b in row}) == 1, row
                for button in row:
                    assert button["width"] == button["height"] >= 44 and button["labelWidth"] <= 1 and not button["toggle"], button
                names = [b.get_attribute("textContent").strip() for b in driver.find_elements(By.CSS_SELECTOR, ".icon-row .button")]
                assert [n.split()[0] for n in names] == ["GitHub", "Bluesky", "YouTube", "Instagram", "Codeberg"], names
                # The full buttons above keep their choosers.
                assert len(driver.find_elements(By.CSS_SELECTOR, ".links li .chooser-toggle")) == 2
                assert axe_violations(driver) == []
            finally:
                driver.quit()
    finally:
        stop()
