#!/usr/bin/env python3
"""Writes the runtime every page inlines, minified, from its readable source, and a stamp of what it was made from.

The readable source is Sources/SiteGen/Resources/chain-decisions.js then chain-page.js, wrapped in one function so
their names stay out of the page's globals (as sitegen always inlined them). terser minifies it (as ES2015, see
RUNTIME_OPTIONS): it shortens the local names (globals such as `document` keep theirs) and the property names that only the
runtime's own objects carry (OWN_PROPERTIES), and compresses with its safe transforms (tried against
calmjs.parse, which this script used before: 117 bytes less gzipped, 3%). The output is the same bytes for the same
source and terser version.

The runtime most pages carry leaves out every line of chain-page.js that starts with `tell(` (and the function
itself): nothing listens to those events in such a page. It also leaves out the code of the features a page does
not have (SITEGEN_FOLLOW: a fediverse account to follow from the visitor's server; SITEGEN_SEALED: sealed addresses;
SITEGEN_UNTIL: scheduled links; SITEGEN_ASK: first_tap: ask), so there is one for each mix, named by the features it
keeps: chain-runtime.min.js (none), chain-runtime-follow.min.js, … chain-runtime-follow-sealed-until-ask.min.js.
chain-runtime-told.min.js keeps every line and feature, for pages that count clicks and for `sitegen serve`'s ?debug
overlay. chain-count.min.js is the click counter (chain-count.js) as a function of SITEGEN_COUNT_ENDPOINT, which
sitegen replaces with the page's endpoint.

    python3 scripts/minify-runtime.py          # after changing any .js file, then commit the outputs and the stamp
    python3 scripts/minify-runtime.py --check  # exit 1 when a checked-in output is out of date

Writes the outputs under Sources/SiteGen/Resources and scripts/chain-runtime.stamp (the SHA-256 of each
input and output; Tests/SiteGenTests check it against the sources, so a stale runtime fails `swift test`).
Needs node and terser (apt-get install terser, which Node finds under /usr/share/nodejs).
"""
import hashlib
import json
import re
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
RESOURCES = ROOT / "Sources" / "SiteGen" / "Resources"
SOURCES = ("chain-decisions.js", "chain-page.js", "chain-count.js")
# The features a page may lack, in the order their names join a runtime's file name.
FEATURES = ("follow", "sealed", "until", "ask")
MIXES = [tuple(f for i, f in enumerate(FEATURES) if bits >> i & 1) for bits in range(2 ** len(FEATURES))]


def runtime_name(features):
    return "chain-runtime" + "".join("-" + f for f in features) + ".min.js"


OUTPUTS = tuple(runtime_name(mix) for mix in MIXES) + ("chain-runtime-told.min.js", "chain-count.min.js")
# A line that tells (chain-page.js), left out of the runtime of pages where nothing listens.
TOLD = re.compile(r"^\s*(function )?tell\(")
STAMP = ROOT / "scripts" / "chain-runtime.stamp"


def readable(told=False):
    """The runtime as one function, before minifying; without told, the lines that tell are left out."""
    decisions, page = [(RESOURCES / name).read_text(encoding="utf-8") for name in SOURCES[:2]]
    if not told:
        page = "".join(line for line in page.splitlines(keepends=True) if not TOLD.match(line))
    return WRAPPER[0] + decisions + "\n" + page + WRAPPER[1]


def readable_counter():
    return "(function (endpoint) {\n" + (RESOURCES / SOURCES[2]).read_text(encoding="utf-8") + "})(SITEGEN_COUNT_ENDPOINT);\n"


TERSER = """
const { minify } = require("terser");
minify(require("fs").readFileSync(0, "utf8"), JSON.parse(process.argv[1])).then((result) => process.stdout.write(result.code));
"""
# The runtime's body is minified as ES2015 (arrow functions where a function does not use `this`; the runtime already
# needs browsers from after ES2015, and without it the links work as they are) and then wrapped in
# `(function(){…})();`, which stays as tests read it. The counter, a function of its endpoint, is minified whole, as ES5.
# wrap_func_args off: no parentheses around each callback (a hint for eager parsing, which a script this small does
# not need).
# passes 2 and keep_fargs off (no runtime function reads its own length or `arguments`) shorten it; sequences off
# keeps statements apart with `;` instead of joining them with `,`, which gzip compresses better (measured on the
# example page, with the source change that reads a button's toggle only where first_tap: ask needs it: 32 bytes).
RUNTIME_OPTIONS = {"ecma": 2015, "parse": {"bare_returns": True}, "toplevel": True,
                   "compress": {"unsafe_arrows": True, "passes": 2, "keep_fargs": False, "sequences": False},
                   "format": {"wrap_func_args": False}}
# Property names that only the runtime's own objects carry (decide's and settle's answers, the in-app browser table,
# a visitor's home), which terser may shorten like local names. remembered, absent and go are kept in the runtime
# that tells: its events carry them to the counter and serve's ?debug overlay.
OWN_PROPERTIES = ("ask", "ua", "globals", "host", "user")
TOLD_PROPERTIES = ("remembered", "absent", "go")
COUNTER_OPTIONS = {"ecma": 5, "mangle": True, "compress": {"negate_iife": False}}
WRAPPER = ("(function () {\n", "})();\n")


def minify_runtime(source, features=FEATURES, told=False):
    """The runtime (readable's text) minified, with the code of the features not in features left out."""
    own = OWN_PROPERTIES + (() if told else TOLD_PROPERTIES)
    options = {**RUNTIME_OPTIONS, "compress": {**RUNTIME_OPTIONS["compress"], "global_defs": {"SITEGEN_" + f.upper(): f in features for f in FEATURES}},
               "mangle": {"properties": {"regex": "^(" + "|".join(own) + ")$"}}}
    assert source.startswith(WRAPPER[0]) and source.endswith(WRAPPER[1])
    return "(function(){" + minify(source[len(WRAPPER[0]):-len(WRAPPER[1])], options) + "})();\n"


def minify(source, options):
    env = {**os.environ, "NODE_PATH": os.pathsep.join(filter(None, [os.environ.get("NODE_PATH"), "/usr/share/nodejs"]))}
    try:
        result = subprocess.run(["node", "-e", TERSER, json.dumps(options)], input=source, capture_output=True, text=True, env=env)
    except FileNotFoundError:
        raise ImportError("node")
    if "Cannot find module" in result.stderr:
        raise ImportError("terser")
    if result.returncode != 0:
        sys.exit(result.stderr)
    return result.stdout


def minified():
    """Each output's name and text."""
    plain = readable(False)
    return dict(zip(OUTPUTS, [minify_runtime(plain, mix) for mix in MIXES]
                    + [minify_runtime(readable(True), told=True), minify(readable_counter(), COUNTER_OPTIONS) + "\n"]))


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def stamp(outputs):
    lines = ["# Written by scripts/minify-runtime.py: the SHA-256 of each source and of the runtime made from them."]
    lines += [f"{sha256((RESOURCES / name).read_bytes())}  {name}" for name in SOURCES]
    lines += [f"{sha256(text.encode())}  {name}" for name, text in outputs.items()]
    return "\n".join(lines) + "\n"


def main():
    try:
        outputs = minified()
    except ImportError:
        sys.exit("terser is missing: apt-get install terser (and node)")
    if "--check" in sys.argv:
        fresh = all((RESOURCES / name).exists() and (RESOURCES / name).read_text(encoding="utf-8") == text for name, text in outputs.items())
        fresh = fresh and STAMP.exists() and STAMP.read_text() == stamp(outputs)
        print("the minified runtime is up to date" if fresh else "the minified runtime is out of date: run python3 scripts/minify-runtime.py")
        return 0 if fresh else 1
    for name, text in outputs.items():
        (RESOURCES / name).write_text(text, encoding="utf-8")
        print(f"wrote {(RESOURCES / name).relative_to(ROOT)} ({len(text.encode())} bytes)")
    STAMP.write_text(stamp(outputs))
    print(f"wrote {STAMP.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
