"""Photos and the share card in a real browser, Chromium and WebKit: a phone photo with EXIF GPS as the avatar comes
out at twice its slot without EXIF, the page costs two requests as the server counts them (itself and the photo; the
favicon is inlined), and og:image is a 1200x630 PNG that is not blank."""
import io
import pathlib
import shutil
import tempfile
import time
import urllib.parse
import urllib.request

from PIL import Image

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import build_site, serve

PAGE = """---
title: Ada Lovelace
description: Mathematician and writer.
url: https://ada.example/
avatar: ada.jpg
links:
  - email: ada@example.org
---
Hello.
"""


def phone_photo() -> bytes:
    """A 1200x900 JPEG whose EXIF holds a camera maker and a GPS position, as a phone writes them."""
    image = Image.new("RGB", (1200, 900))
    image.putdata([(x % 256, y % 256, (x + y) % 256) for y in range(900) for x in range(1200)])
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"
    exif[0x8825] = {1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 17.0)}
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif.tobytes(), quality=85)
    return out.getvalue()


@pytest.mark.engines("chromium", "webkit")
def test_photo_and_share_card(browser):
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-photos-"))
    try:
        source = phone_photo()
        assert Image.open(io.BytesIO(source)).getexif().get_ifd(0x8825)  # what must not leave is there
        output = build_site(folder, PAGE, {"ada.jpg": source})
        served = []
        url, stop = serve(output, requests=served)
        try:
            browser.get(url)
            WebDriverWait(browser, 5).until(lambda d: d.execute_script("return document.querySelector('img.avatar').complete"))
            time.sleep(1)
            # The page and its photo, counted by the server: the favicon is a data: URL, so no third request.
            assert len(served) <= 2 and set(served) == {"/", "/ada.jpg"}, served
            shown = browser.execute_script(
                "const i = document.querySelector('img.avatar'); return [i.complete, i.naturalWidth, i.naturalHeight]")
            assert shown == [True, 256, 256]

            with urllib.request.urlopen(url + "ada.jpg") as response:
                photo = response.read()
            image = Image.open(io.BytesIO(photo))
            assert image.format == "JPEG" and image.size == (256, 256)
            assert not image.getexif() and b"Exif" not in photo and b"PhoneMaker" not in photo and b"GPS" not in photo

            card_url = browser.find_element("css selector", 'meta[property="og:image"]').get_attribute("content")
            assert card_url.startswith("https://ada.example/card-") and card_url.endswith(".png")
            with urllib.request.urlopen(url + urllib.parse.urlparse(card_url).path.lstrip("/")) as response:
                card = Image.open(io.BytesIO(response.read()))
            assert card.format == "PNG" and card.size == (1200, 630)
            colours = card.convert("RGB").getcolors(maxcolors=1_000_000)
            assert colours is not None and len(colours) > 100  # not blank: page, card, ring, photo, text
            meta = {name: browser.find_element("css selector", f'meta[property="og:image:{name}"]').get_attribute("content")
                    for name in ("width", "height", "alt")}
            assert meta == {"width": "1200", "height": "630", "alt": "Ada Lovelace: Mathematician and writer."}
            assert browser.find_element("css selector", 'meta[name="twitter:card"]').get_attribute("content") == "summary_large_image"
        finally:
            stop()
    finally:
        shutil.rmtree(folder)
