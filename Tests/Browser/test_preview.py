"""serve's phone-first preview in real headless Chromium: ?simulate=instagram-ios makes a served page behave as in
Instagram on an iPhone, ?debug shows what the runtime detects, tries, sees and remembers; a built page honours
neither (issue 15)."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver
from test_serve import served_site  # noqa: F401  (the fixture)
from test_tap import RECORDER, tap


def desktop_with_recorder():
    driver = make_driver()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    return driver


def overlay(driver):
    found = driver.find_elements(By.ID, "sitegen-debug")
    return found[0].get_attribute("textContent") if found else None


def test_debug_shows_each_step_of_a_simulated_instagram_on_an_iphone(served_site):
    _, url = served_site
    driver = desktop_with_recorder()
    try:
        driver.get(url + "?simulate=instagram-ios&debug")
        WebDriverWait(driver, 10).until(lambda d: overlay(d))
        text = overlay(driver)
        assert "simulating instagram-ios" in text and "remembered at load: nothing" in text
        assert "platform: ios; in-app browser: Instagram" in text
        # The page behaves as in Instagram: its banner offers Instagram's own way out.
        leave = driver.find_element(By.CSS_SELECTOR, ".in-app .in-app-action")
        assert leave.get_attribute("href").startswith("instagram://extbrowser/?url=")
        tap(driver, "link-1")  # no app: Opener is tried, then the link
        text = overlay(driver)
        assert "tap mastodon: try Opener (opener)" in text
        assert "trying opener: opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb" in text
        assert "settled opener: absent; remembered: nothing; absent: opener; following the link" in text
        driver.execute_script("window.__takeOver = 'ivory:'")
        tap(driver, "link-1", wait=300)
        text = overlay(driver)
        assert "trying ivory: ivory:///user_profile/eb@social.coop\npage hidden\nsettled ivory: opened (the page hid); remembered: ivory" in text
        assert driver.execute_script("return getComputedStyle(document.getElementById('sitegen-debug')).position") == "fixed"
        assert [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]] == []
    finally:
        driver.quit()


def test_without_the_parameters_a_served_page_is_as_built(served_site):
    _, url = served_site
    driver = desktop_with_recorder()
    try:
        driver.get(url)
        time.sleep(0.3)
        assert overlay(driver) is None and driver.find_elements(By.CSS_SELECTOR, ".in-app") == []
    finally:
        driver.quit()


def test_a_built_page_ignores_debug_and_simulate(server):
    driver = desktop_with_recorder()
    try:
        driver.get(server + "?simulate=instagram-ios&debug")
        time.sleep(0.3)
        assert overlay(driver) is None and driver.find_elements(By.CSS_SELECTOR, ".in-app") == []
        assert driver.execute_script("return navigator.userAgent").find("Instagram") < 0
        assert [url for url, _ in tap(driver, "link-1", wait=300)] == ["https://social.coop/@eb"]  # desktop: the link
    finally:
        driver.quit()
