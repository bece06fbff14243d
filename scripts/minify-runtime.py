#!/usr/bin/env python3
"""Writes the runtime every page inlines, minified, from its readable source, and a stamp of what it was made from.

The readable source is Sources/SiteGen/Resources/chain-decisions.js then chain-page.js, wrapped in one function so
their names stay out of the page's globals (as sitegen always inlined them). calmjs.parse minifies it, shortening
the local names (globals such as `document` keep theirs). The output is the same bytes for the same source:
Python's string hashing is fixed before calmjs runs, since it orders names through sets.

    python3 scripts/minify-runtime.py          # after changing either .js file, then commit all three outputs
    python3 scripts/minify-runtime.py --check  # exit 1 when the checked-in runtime is out of date

Writes Sources/SiteGen/Resources/chain-runtime.min.js and scripts/chain-runtime.stamp (the SHA-256 of each input
and of the output; Tests/SiteGenTests check it against the sources, so a stale runtime fails `swift test`).
Needs calmjs.parse (pip install calmjs.parse).
"""
import hashlib
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
RESOURCES = ROOT / "Sources" / "SiteGen" / "Resources"
SOURCES = ("chain-decisions.js", "chain-page.js")
OUTPUT = RESOURCES / "chain-runtime.min.js"
STAMP = ROOT / "scripts" / "chain-runtime.stamp"


def readable():
    """The runtime as one function, before minifying."""
    parts = [(RESOURCES / name).read_text(encoding="utf-8") for name in SOURCES]
    return "(function () {\n" + parts[0] + "\n" + parts[1] + "})();\n"


def minified():
    from calmjs.parse import es5
    from calmjs.parse.unparsers.es5 import minify_print
    return minify_print(es5(readable()), obfuscate=True, obfuscate_globals=False, shadow_funcname=False) + "\n"


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def stamp(output):
    lines = ["# Written by scripts/minify-runtime.py: the SHA-256 of each source and of the runtime made from them."]
    lines += [f"{sha256((RESOURCES / name).read_bytes())}  {name}" for name in SOURCES]
    lines.append(f"{sha256(output.encode())}  {OUTPUT.name}")
    return "\n".join(lines) + "\n"


def main():
    if os.environ.get("PYTHONHASHSEED") != "0":
        # calmjs assigns short names partly through sets of strings: fix the hash seed for repeatable output.
        sys.exit(subprocess.run([sys.executable, *sys.argv], env={**os.environ, "PYTHONHASHSEED": "0"}).returncode)
    try:
        output = minified()
    except ImportError:
        sys.exit("calmjs.parse is missing: pip install calmjs.parse")
    if "--check" in sys.argv:
        fresh = OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == output and STAMP.exists() and STAMP.read_text() == stamp(output)
        print("the minified runtime is up to date" if fresh else "the minified runtime is out of date: run python3 scripts/minify-runtime.py")
        return 0 if fresh else 1
    OUTPUT.write_text(output, encoding="utf-8")
    STAMP.write_text(stamp(output))
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({len(output.encode())} bytes) and {STAMP.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
