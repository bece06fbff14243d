#!/usr/bin/env python3
"""Writes the runtime pages inline, minified, from its readable source, and a stamp of what it was made from.

The readable source is in Sources/Runtime/Resources/runtime: the base every page carries (decisions.js then
page.js) and one module for each feature a page may lack (features/NAME.js: following a fediverse account from the
visitor's server, sealed addresses, scheduled links, first_tap: ask). A page inlines the base and the modules of the
features it has, in the order of their names, as one script: `(function(){` BASE MODULES… `})();` (sitegen's
PageRuntime writes that function around them), so their names stay out of the page's globals and the modules use the
base's names as their own. The feature modules are the files in features/: a new one is a file there and a case of
RuntimeFeature (Sources/Runtime/PageRuntime.swift; SiteGen's RuntimeFeature.isUsed(by:) says which pages have it); this script takes every file
it finds, and a test holds the two to each other.

terser minifies each part on its own (as ES2015, see RUNTIME_OPTIONS): it shortens the local names (globals such as
`document` keep theirs) and the property names that only the runtime's own objects carry (OWN_PROPERTIES), and
compresses with its safe transforms. One name cache carries the short names from the base to the modules, so a
module's `make` is the base's, whatever terser called it; the base keeps every function and variable a module uses
(top_retain). Before writing, the script checks that no two parts declare the same name and that the parts together
use no name that the readable source does not (a name shortened in one part and not in another would be one). The
output is the same bytes for the same source and terser version.

Every part keeps the lines that tell what happens (`tell(…)`, events that the click counter of a page with
`analytics:` and `sitegen serve`'s ?debug overlay listen to): one runtime for every page, at about 150 bytes gzipped
per page, rather than a second runtime that tells. count.min.js is the click counter (count.js) as a function of
SITEGEN_COUNT_ENDPOINT, which sitegen replaces with the page's endpoint.

    python3 scripts/minify-runtime.py          # after changing any .js file, then commit the outputs and the stamp
    python3 scripts/minify-runtime.py --check  # exit 1 when a checked-in output is out of date

Writes Sources/Runtime/Resources/minified (runtime.min.js, NAME.min.js for each feature, count.min.js) and scripts/chain-runtime.stamp (the SHA-256 of each input and output; Tests/SiteGenTests check it
against the sources, so a stale runtime fails `swift test`). Needs node and terser (apt-get install terser, which
Node finds under /usr/share/nodejs).
"""
import hashlib
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
RESOURCES = ROOT / "Sources" / "Runtime" / "Resources"
SOURCE = RESOURCES / "runtime"
MINIFIED = RESOURCES / "minified"
BASE = ("decisions.js", "page.js")
COUNTER = "count.js"
STAMP = ROOT / "scripts" / "chain-runtime.stamp"


def features():
    """The feature modules, by name, in the order pages inline them: their file names'."""
    return sorted(path.stem for path in (SOURCE / "features").glob("*.js"))


def source(name):
    """A readable file of the runtime."""
    return (SOURCE / name).read_text(encoding="utf-8")


def base():
    return "\n".join(source(name) for name in BASE)


def module(feature):
    return source(f"features/{feature}.js")


def readable_counter():
    return "(function (endpoint) {\n" + (SOURCE / COUNTER).read_text(encoding="utf-8") + "})(SITEGEN_COUNT_ENDPOINT);\n"


# Minifies the parts given on stdin ({"parts": [[name, code], …], "options": …}, the base first) with one name cache,
# after checking them, and prints {name: code}.
TERSER = r"""
const { minify } = require("terser");
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const fail = (message) => { process.stderr.write(message + "\n"); process.exit(1); };
async function scope(code) {
  const { ast } = await minify(code, { compress: false, mangle: false, format: { ast: true, code: false } });
  ast.figure_out_scope();
  return { declared: [...ast.variables.keys()], used: new Set(ast.globals.keys()) };
}
(async () => {
  const parts = input.parts, scopes = await Promise.all(parts.map(([, code]) => scope(code)));
  const owner = new Map();
  parts.forEach(([name], i) => scopes[i].declared.forEach((n) => {
    if (owner.has(n)) fail(`${name} declares ${n}, which ${owner.get(n)} declares too: the parts share one function`);
    owner.set(n, name);
  }));
  parts.forEach(([name], i) => scopes[i].used.forEach((n) => {
    const from = owner.get(n);
    if (from && from != parts[0][0]) fail(`${name} uses ${n} of ${from}: a part uses only the base's names`);
  }));
  // The base keeps what the modules use of it, as it is: a module calls it by its short name.
  const retained = new Set(scopes.slice(1).flatMap((s) => [...s.used].filter((n) => owner.get(n) == parts[0][0])));
  const nameCache = {}, out = {};
  for (const [i, [name, code]] of parts.entries()) {
    const options = JSON.parse(JSON.stringify(input.options));
    if (i == 0 && retained.size) options.compress.top_retain = [...retained];
    out[name] = (await minify(code, { ...options, nameCache })).code;
  }
  // Together the parts use the very globals the readable source does (document, navigator, …), and declare each name once.
  const whole = await scope(parts.map(([name]) => out[name]).join(""));
  const expected = new Set(scopes.flatMap((s) => [...s.used].filter((n) => !owner.has(n))));
  const unexpected = [...whole.used].filter((n) => !expected.has(n));
  if (unexpected.length) fail(`the minified parts use ${unexpected.join(", ")}, which the source does not`);
  const counted = (await Promise.all(parts.map(([name]) => scope(out[name])))).flatMap((s) => s.declared);
  if (new Set(counted).size != counted.length) fail("two minified parts declare the same name");
  process.stdout.write(JSON.stringify(out));
})().catch((error) => fail(String(error)));
"""
# Each part is minified as ES2015 (arrow functions where a function does not use `this`; the runtime already needs
# browsers from after ES2015, and without it the links work as they are); PageRuntime wraps the parts in
# `(function(){…})();`. toplevel: the parts' own names are the function's, not the page's. The counter, a function of
# its endpoint, is minified whole, as ES5.
# wrap_func_args off: no parentheses around each callback (a hint for eager parsing, which a script this small does
# not need).
# passes 2 and keep_fargs off (no runtime function reads its own length or `arguments`) shorten it; sequences off
# keeps statements apart with `;` instead of joining them with `,`, which gzip compresses better (measured on the
# example page, with the source change that reads a button's toggle only where first_tap: ask needs it: 32 bytes).
RUNTIME_OPTIONS = {"ecma": 2015, "toplevel": True,
                   "compress": {"unsafe_arrows": True, "passes": 2, "keep_fargs": False, "sequences": False},
                   "format": {"wrap_func_args": False}}
# Property names that only the runtime's own objects carry (the in-app browser table, a visitor's home), which
# terser may shorten like local names; the properties of what it tells (remembered, absent, go, …) keep theirs.
OWN_PROPERTIES = ("ua", "globals", "host", "user")
COUNTER_OPTIONS = {"ecma": 5, "mangle": True, "compress": {"negate_iife": False}}


RUNTIME_OPTIONS["mangle"] = {"properties": {"regex": "^(" + "|".join(OWN_PROPERTIES) + ")$"}}


def minify_parts(parts):
    """Each part ([(name, readable text)], the base first) minified, by name, with the base's names shared."""
    return json.loads(node(TERSER, json.dumps({"parts": parts, "options": RUNTIME_OPTIONS})))


def node(program, stdin, *arguments):
    env = {**os.environ, "NODE_PATH": os.pathsep.join(filter(None, [os.environ.get("NODE_PATH"), "/usr/share/nodejs"]))}
    try:
        result = subprocess.run(["node", "-e", program, *arguments], input=stdin, capture_output=True, text=True, env=env)
    except FileNotFoundError:
        raise ImportError("node")
    if "Cannot find module" in result.stderr:
        raise ImportError("terser")
    if result.returncode != 0:
        sys.exit(result.stderr)
    return result.stdout


COUNTER_TERSER = """
const { minify } = require("terser");
minify(require("fs").readFileSync(0, "utf8"), JSON.parse(process.argv[1])).then((result) => process.stdout.write(result.code));
"""


def minified():
    """Each output's name (in Resources/minified) and text."""
    names = features()
    plain = minify_parts([("runtime", base())] + [(feature, module(feature)) for feature in names])
    outputs = {"runtime.min.js": plain["runtime"] + "\n"}
    outputs.update({f"{feature}.min.js": plain[feature] + "\n" for feature in names})
    outputs["count.min.js"] = node(COUNTER_TERSER, readable_counter(), json.dumps(COUNTER_OPTIONS)) + "\n"
    return outputs


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def sources():
    """Every readable file, by its path under Resources."""
    return sorted(str(path.relative_to(RESOURCES)) for path in SOURCE.rglob("*.js"))


def stamp(outputs):
    lines = ["# Written by scripts/minify-runtime.py: the SHA-256 of each source and of the runtime made from them."]
    lines += [f"{sha256((RESOURCES / name).read_bytes())}  {name}" for name in sources()]
    lines += [f"{sha256(text.encode())}  {MINIFIED.name}/{name}" for name, text in outputs.items()]
    return "\n".join(lines) + "\n"


def main():
    try:
        outputs = minified()
    except ImportError:
        sys.exit("terser is missing: apt-get install terser (and node)")
    written = sorted(path.name for path in MINIFIED.glob("*"))
    if "--check" in sys.argv:
        fresh = written == sorted(outputs) and all((MINIFIED / name).read_text(encoding="utf-8") == text for name, text in outputs.items())
        fresh = fresh and STAMP.exists() and STAMP.read_text() == stamp(outputs)
        print("the minified runtime is up to date" if fresh else "the minified runtime is out of date: run python3 scripts/minify-runtime.py")
        return 0 if fresh else 1
    MINIFIED.mkdir(exist_ok=True)
    for name in written:
        if name not in outputs:  # a feature module that is gone
            (MINIFIED / name).unlink()
            print(f"removed {(MINIFIED / name).relative_to(ROOT)}")
    for name, text in outputs.items():
        (MINIFIED / name).write_text(text, encoding="utf-8")
        print(f"wrote {(MINIFIED / name).relative_to(ROOT)} ({len(text.encode())} bytes)")
    STAMP.write_text(stamp(outputs))
    print(f"wrote {STAMP.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
