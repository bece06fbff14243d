"""contact.vcf read by vobject (PyPI), an independent vCard parser: vCard 3.0 as iOS, Android and Outlook read it."""
import io
import pathlib
import tempfile

import vobject
from PIL import Image

from conftest import build_site


def small_jpeg() -> bytes:
    """A real JPEG: sitegen decodes an avatar photo to publish it."""
    out = io.BytesIO()
    Image.new("RGB", (32, 32), (200, 40, 40)).save(out, "JPEG")
    return out.getvalue()


def read_card(path: pathlib.Path):
    text = path.read_bytes().decode("utf-8")
    assert "\n" not in text.replace("\r\n", ""), "every line ends in CRLF"
    card = vobject.readOne(text, validate=True)
    assert card.name == "VCARD" and card.version.value == "3.0"
    return card


def test_the_example_card(built_site):
    card = read_card(built_site / "contact.vcf")
    assert card.fn.value == "Love Your Music"
    # `name: {given: Love Your Music}`: an app's name, kept whole rather than split as a person's.
    assert (card.n.value.family, card.n.value.given) == ("", "Love Your Music")
    assert [e.value for e in card.contents["email"]] == ["someone@example.org"]
    # The SVG avatar, drawn: the card carries it (contact apps show only JPEG and PNG, and fetch no address).
    assert card.photo.params["ENCODING"] == ["b"] and card.photo.params["TYPE"] == ["PNG"]
    # A vector drawn at the size the contact card's photo has (240 px), as the share card draws it: crisp at any size.
    assert Image.open(io.BytesIO(card.photo.value)).size == (240, 240)
    urls = [u.value for u in card.contents["url"]]
    assert urls == ["https://loveyourmusic.example/", "https://example.org/app", "https://social.coop/@eb"]
    assert len(urls) == len(set(urls)), "each address once"
    assert "x-socialprofile" not in card.contents


def test_phone_sms_name_photo_and_profiles():
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        output = build_site(folder, """---
title: Ada Lovelace
name: {given: Ada, family: "King, Countess of Lovelace"}
url: https://ada.example/
avatar: me.jpg
links:
  - phone: "+44 20 7946 0000"
  - sms: "+44 20 7946 0000"
    body: Hello
  - sms: "+44 7700 900123"
  - whatsapp: "+44 7700 900123"
  - mastodon: "@ada@social.example"
  - github: ada
  - mastodon: "@ada@social.example"
    label: The same account again
---
""", files={"me.jpg": small_jpeg()})
        card = read_card(output / "contact.vcf")
    assert card.fn.value == "Ada Lovelace"
    assert (card.n.value.given, card.n.value.family) == ("Ada", "King, Countess of Lovelace")
    phones = {t.value: sorted(t.params["TYPE"]) for t in card.contents["tel"]}
    assert phones == {"+442079460000": ["MSG", "VOICE"], "+447700900123": ["MSG"]}
    assert card.photo.params["TYPE"] == ["JPEG"] and card.photo.params["ENCODING"] == ["b"]
    assert Image.open(io.BytesIO(card.photo.value)).format == "JPEG"
    urls = [u.value for u in card.contents["url"]]
    assert urls == ["https://ada.example/", "https://wa.me/447700900123", "https://social.example/@ada", "https://github.com/ada"]
    labels = [line.value for line in card.contents["x-ablabel"]]
    assert labels == ["WhatsApp", "Mastodon", "GitHub"]
    assert not any(u.startswith(("sms:", "tel:")) for u in urls)


def transparent_png() -> bytes:
    """A PNG with see-through corners: the card keeps it a PNG, since JPEG has no transparency."""
    out = io.BytesIO()
    picture = Image.new("RGBA", (400, 300), (0, 0, 0, 0))
    picture.paste((30, 90, 200, 255), (50, 50, 350, 250))
    picture.save(out, "PNG")
    return out.getvalue()


def test_n_from_the_title_and_an_embedded_photo_without_name():
    """No `name:`: N is the title read as a person's name (the last word the family name), and the avatar travels in
    the card as its bytes, as phones' contact apps need (they fetch no address)."""
    with tempfile.TemporaryDirectory() as folder:
        folder = pathlib.Path(folder)
        output = build_site(folder, """---
title: Mary Ann Evans
url: https://mae.example/
avatar: me.png
links:
  - email: mae@mae.example
---
""", files={"me.png": transparent_png()})
        card = read_card(output / "contact.vcf")
    assert card.fn.value == "Mary Ann Evans"
    assert (card.n.value.given, card.n.value.family) == ("Mary Ann", "Evans")
    assert card.photo.params["ENCODING"] == ["b"] and card.photo.params["TYPE"] == ["PNG"]
    assert "VALUE" not in card.photo.params, "the photo is the picture, not an address"
    photo = Image.open(io.BytesIO(card.photo.value))
    # The avatar as the page shows it, cut square at the centre, 240 px; its transparency kept.
    assert photo.format == "PNG" and photo.size == (240, 240) and photo.mode in ("RGBA", "LA", "P")
    assert photo.convert("RGBA").getpixel((120, 120)) == (30, 90, 200, 255)
    assert photo.convert("RGBA").getpixel((0, 0))[3] == 0
