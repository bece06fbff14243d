"""Every catalog colour held to Simple Icons, the brand colours the pinned PyPI package simple-icons-pack carries
(.ci/install-deps pins the release). A colour that differs, or a service Simple Icons lacks, is an exception
listed here with its source."""
import json
import subprocess

import pytest
import simple_icons_pack

from conftest import sitegen_binary

SIMPLE_ICONS_RELEASE = "16.36.0"


def slug(service):
    """Simple Icons' slug: the one the catalog names for the service's logo, else the id without hyphens."""
    return service["icon"].get("simpleIcons") or service["id"].replace("-", "")

# Services whose colour is not Simple Icons', each with where its colour comes from.
EXCEPTIONS = {
    "mastodon": ("#563acc", "Mastodon's own brand palette (joinmastodon.org/branding); Simple Icons has the logo's #6364FF"),
    "gotosocial": ("#3b4f7a", "not in Simple Icons; GoToSocial publishes no brand colour, so this is sitegen's own slate (unsourced)"),
    "linkedin": ("#0a66c2", "not in Simple Icons (removed at LinkedIn's request); LinkedIn's brand guidelines name #0A66C2"),
    "slack": ("#4a154b", "not in Simple Icons (removed at Slack's request); Slack's brand guidelines name aubergine #4A154B"),
    "amazon": ("#ff9900", "not in Simple Icons (Amazon's icons were removed); the orange of Amazon's logo, from no primary source"),
    # Not brands: sitegen's own colours for the generic services.
    "email": ("#0b6e4f", "sitegen's own: email is no brand"),
    "phone": ("#1b7a3a", "sitegen's own: a phone number is no brand"),
    "sms": ("#2a6f9e", "sitegen's own: SMS is no brand"),
    "web": ("#1f4e8c", "sitegen's own: a web address is no brand"),
}


def catalog():
    output = subprocess.run([str(sitegen_binary()), "services", "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def test_the_pinned_release_is_installed():
    from importlib.metadata import version
    assert version("simple-icons-pack") == SIMPLE_ICONS_RELEASE


@pytest.mark.parametrize("service", catalog(), ids=lambda service: service["id"])
def test_each_colour_is_simple_icons_or_a_listed_exception(service):
    colour = service["brandColor"].lower()
    if service["id"] in EXCEPTIONS:
        expected, source = EXCEPTIONS[service["id"]]
        assert colour == expected and source
        icon = simple_icons_pack.get_icon(slug(service))
        # An exception that Simple Icons now agrees with is no exception.
        assert icon is None or "#" + icon.hex.lower() != colour, f"{service['id']}: drop the exception"
        return
    icon = simple_icons_pack.get_icon(slug(service))
    assert icon is not None, f"{service['id']}: not in Simple Icons {SIMPLE_ICONS_RELEASE}; list it as an exception with its source"
    assert colour == "#" + icon.hex.lower(), f"{service['id']}: Simple Icons {SIMPLE_ICONS_RELEASE} has #{icon.hex}"


def test_every_exception_is_a_catalog_service():
    assert set(EXCEPTIONS) <= {service["id"] for service in catalog()}
