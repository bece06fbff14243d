#!/usr/bin/env python3
"""Writes Simple Icons' SVGs into a folder sitegen reads brand logos from.

    python3 scripts/simple-icons.py FOLDER                      # every icon of the installed set (about 3,500, 5 MB)
    python3 scripts/simple-icons.py FOLDER SLUG ...             # only these
    python3 scripts/simple-icons.py FOLDER --catalog SITEGEN    # those SITEGEN's catalog names (sitegen services --json)

The icons come from the PyPI package simple-icons-pack (CC0-1.0), a compiled module with no SVG files of its
own, so sitegen (Swift) cannot read it: this step turns it into files. FOLDER gets SLUG.svg for each icon and
simple-icons.txt, which names the release and its licence and is the file by which sitegen knows the folder.
Files of FOLDER that this script did not write are left alone; an icon already there is replaced.
"""
import json
import os
import subprocess
import sys


def main(arguments):
    if not arguments or arguments[0].startswith("-"):
        sys.exit("usage: python3 scripts/simple-icons.py FOLDER [SLUG ...]")
    try:
        import simple_icons_pack
        from importlib.metadata import version
    except ImportError:
        sys.exit("error: simple-icons-pack is not installed: pip install simple-icons-pack==16.36.0, then run this again")
    folder, slugs = arguments[0], arguments[1:]
    if slugs[:1] == ["--catalog"] and len(slugs) == 2:
        services = json.loads(subprocess.run([slugs[1], "services", "--json"], check=True, capture_output=True).stdout)
        named = sorted({service["icon"]["simpleIcons"] for service in services if service["icon"].get("simpleIcons")})
        # A brand the release lacks (sitegen keeps its slug so that a build says so) is left to the fallback sets.
        slugs = [slug for slug in named if simple_icons_pack.get_icon(slug) is not None]
        absent = sorted(set(named) - set(slugs))
        if absent:
            print("Simple Icons %s has no icon for %s: those buttons keep a fallback" % (version("simple-icons-pack"), ", ".join(absent)), file=sys.stderr)
    if slugs:
        icons, unknown = [], []
        for slug in slugs:
            icon = simple_icons_pack.get_icon(slug)
            (icons.append(icon) if icon is not None else unknown.append(slug))
        if unknown:
            sys.exit("error: Simple Icons %s has no icon named %s" % (version("simple-icons-pack"), ", ".join(unknown)))
    else:
        icons = [getattr(simple_icons_pack, name) for name in dir(simple_icons_pack) if name.startswith("SI_")]
    # An icon whose licence forbids commercial use (Misskey's CC-BY-NC-SA-4.0, in 16.36.0) is not written: the pages
    # sitegen makes may sell, and the Debian package carries these files. sitegen falls back for it as for a brand the
    # set lacks (and skips such an icon in a folder an older copy of this script wrote).
    # The licences are listed over every icon asked for, those left out too, so that sitegen also skips an icon
    # under such a licence that an older copy of this script wrote into the folder.
    own = ["  %s.svg: %s" % (icon.slug, icon.license) for icon in sorted(icons, key=lambda icon: icon.slug)
           if icon.license and icon.license != "CC0-1.0"]
    barred = [icon for icon in icons if "NC" in (icon.license or "").upper().split("-")]
    if barred:
        print("Left out for their non-commercial licences: %s" % ", ".join("%s (%s)" % (icon.slug, icon.license) for icon in barred), file=sys.stderr)
        icons = [icon for icon in icons if icon not in barred]
    os.makedirs(folder, exist_ok=True)
    for icon in icons:
        # Slugs are lowercase letters and digits (dots are spelt "dot"): a file name that cannot leave the folder.
        if not icon.slug.replace("_", "").isalnum() or not icon.slug.isascii():
            sys.exit("error: unexpected icon name %r" % icon.slug)
        write(os.path.join(folder, icon.slug + ".svg"), icon.svg)
    # A few icons carry a licence of their own instead of CC0 (PeerTube's CC-BY-SA-4.0, ...): named here, one a line
    # as "  SLUG.svg: LICENCE", where sitegen reads it to credit each one on the pages that show it.
    write(os.path.join(folder, "simple-icons.txt"),
          "Simple Icons %s (https://simpleicons.org), from the PyPI package simple-icons-pack.\n"
          "License: CC0-1.0 (https://creativecommons.org/publicdomain/zero/1.0/). Brand names and logos remain\n"
          "their owners' trademarks; see https://github.com/simple-icons/simple-icons/blob/develop/DISCLAIMER.md\n"
          % version("simple-icons-pack")
          + ("Icons under a licence of their own (one that forbids commercial use is listed but not written):\n" + "\n".join(own) + "\n" if own else ""))
    print("Wrote %d Simple Icons to %s" % (len(icons), folder), file=sys.stderr)


def write(path, text):
    # Through a temporary file, so that a build reading the folder meanwhile never sees half an icon.
    temporary = path + ".part"
    with open(temporary, "w", encoding="utf-8") as file:
        file.write(text)
    os.replace(temporary, path)


if __name__ == "__main__":
    main(sys.argv[1:])
