"""`sitegen serve --lan` (issue 15): it prints each address a phone on this network can open and a QR code of the
first, drawn with half blocks; zxing-cpp reads the code, rendered to an image here, back to that address, and the
server answers at every address it printed (and 421 to any other Host)."""
import shutil
import subprocess
import urllib.error
import urllib.request

import pytest
import zxingcpp
from PIL import Image

from conftest import example_under_serve

UPPER, LOWER, FULL = "\u2580", "\u2584", "\u2588"


def interface_ipv4():
    """This machine's IPv4 addresses but loopback, as `ip` lists them; None without the `ip` tool."""
    if not shutil.which("ip"):
        return None
    listed = subprocess.run(["ip", "-o", "-4", "addr", "show"], capture_output=True, text=True, check=True).stdout
    return {a for a in (line.split()[3].split("/")[0] for line in listed.splitlines()) if not a.startswith("127.")}


@pytest.fixture
def lan_serve():
    """The example site under `sitegen serve --lan`; yields every line it printed up to its hint about ?debug."""
    with example_under_serve("--lan") as (_, lines):
        printed = []
        while not (printed and printed[-1].startswith(("?debug", "No network address"))):
            printed.append(lines.get(timeout=30))
        yield printed


def image_of(qr_lines, scale=6):
    """The half-block drawing as a grey image: a character's ink (its upper, lower or both halves) white, the rest
    black, as a terminal shows it with serve's colours."""
    width, height = len(qr_lines[0]), 2 * len(qr_lines)
    image = Image.new("L", (width, height), 0)
    for row, line in enumerate(qr_lines):
        for column, char in enumerate(line):
            if char in (UPPER, FULL):
                image.putpixel((column, 2 * row), 255)
            if char in (LOWER, FULL):
                image.putpixel((column, 2 * row + 1), 255)
    return image.resize((width * scale, height * scale), Image.NEAREST)


def status(url, host=None):
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_serve_lan_prints_every_network_address_and_a_qr_code_of_the_first(lan_serve):
    expected = interface_ipv4()
    if expected == set() or (expected is None and lan_serve[-1].startswith("No network address")):
        # Honest about a machine without a network: sitegen must say so, and there is no address to encode.
        assert lan_serve[-1].startswith("No network address other than loopback"), lan_serve
        pytest.skip("this machine has no network interface but loopback; sitegen said so and drew no QR code")
    offered = [line.strip() for line in lan_serve if line.startswith("  http://")]
    if expected is not None:
        assert {url.split("//")[1].rsplit(":", 1)[0] for url in offered if "[" not in url} == expected, lan_serve
    first = offered[0]
    start = next(i for i, line in enumerate(lan_serve) if line.startswith("or scan ")) + 1
    qr_lines = lan_serve[start:-1]
    assert qr_lines and all(set(line) <= {UPPER, LOWER, FULL, " "} for line in qr_lines)
    decoded = zxingcpp.read_barcodes(image_of(qr_lines))
    assert [(code.format, code.text) for code in decoded] == [(zxingcpp.BarcodeFormat.QRCode, first)]
    # Every printed address answers, by the Host it names; any other name is refused (DNS rebinding).
    for url in offered:
        assert status(url) == 200, url
    assert status(first, host="attacker.example") == 421
