"""Photographs one person's page three ways on a 390×844 phone, light and dark, and joins them side by side into
docs/compare-phone-{light,dark}.png: sitegen's default look, sitegen with `buttons: calm`, and our imitation of
LittleLink's default look. docs/screenshot.sh builds the pages and runs this with the folder that holds them.

Each page is taken whole (marks beside it show where the phone's screen ends), so a longer page is not cut short;
the viewport stays 390×844 while the page is photographed, so `100vh` means what it means on the phone."""
import shutil
import subprocess
import sys
from base64 import b64decode
from io import BytesIO

from PIL import Image, ImageDraw, ImageFont
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

WIDTH, HEIGHT = 390, 844
PAGES = [("person", "sitegen"), ("person-calm", "sitegen, buttons: calm"), ("littlelink-like", "LittleLink-like (an imitation)")]
GAP, TOP, BOTTOM = 28, 56, 52
LOOKS = {"light": ("#e4e2df", "#1c1b1a", "#a8a4a0"), "dark": ("#2a2928", "#f0eeeb", "#6e6a66")}  # ground, ink, line


def photograph(driver, url, scheme):
    """The whole page at the phone's width, as a picture."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.get(url)
    height = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]["height"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": WIDTH, "height": max(HEIGHT, int(height)), "scale": 1}})
    return Image.open(BytesIO(b64decode(shot["data"]))).convert("RGB")


def font(size):
    found = subprocess.run(["fc-match", "-f", "%{file}", "sans-serif:bold"], capture_output=True, text=True).stdout
    return ImageFont.truetype(found, size) if found else ImageFont.load_default(size)


def join(shots, scheme, output):
    """The pictures side by side under their captions, each as long as the longest, the screen's end marked."""
    ground, ink, line = LOOKS[scheme]
    length = max(shot.height for shot in shots)
    sheet = Image.new("RGB", (GAP + len(shots) * (WIDTH + GAP), TOP + length + BOTTOM), ground)
    draw = ImageDraw.Draw(sheet)
    title, note = font(20), font(15)
    for index, (shot, (_, caption)) in enumerate(zip(shots, PAGES)):
        left = GAP + index * (WIDTH + GAP)
        draw.text((left + WIDTH / 2, TOP / 2), caption, fill=ink, font=title, anchor="mm")
        draw.rectangle((left, TOP, left + WIDTH - 1, TOP + length - 1), fill=shot.getpixel((0, shot.height - 1)))
        sheet.paste(shot, (left, TOP))
        for x in (left - GAP + 4, left + WIDTH + 4):  # in the gaps, so it crosses no page
            draw.line((x, TOP + HEIGHT, x + GAP - 9, TOP + HEIGHT), fill=line, width=3)
    draw.text((sheet.width / 2, TOP + length + BOTTOM / 2), "The marks beside each page show where a 390 × 844 phone screen ends.",
              fill=ink, font=note, anchor="mm")
    sheet.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(output, optimize=True)


def main(work, docs):
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--window-size={WIDTH},{HEIGHT}"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    try:
        for scheme in LOOKS:
            shots = [photograph(driver, f"file://{work}/{site}/Output/index.html", scheme) for site, _ in PAGES]
            join(shots, scheme, f"{docs}/compare-phone-{scheme}.png")
    finally:
        driver.quit()


if __name__ == "__main__":
    main(*sys.argv[1:])
