// Tests of the page script (runtime/page.js) on a small fake document: node --test Tests/Runtime
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const vm = require("node:vm");

const resources = path.join(__dirname, "../../Sources/Runtime/Resources/runtime");
const source = (name) => fs.readFileSync(path.join(resources, name), "utf8");
// The words the page's JSON block gives the runtime (the table's English; these tests need only Share's).
const words = { share: "Share", copied: "Copied", "not-copied": "Could not copy", more: "More ways to open" };

// An element with what the page script uses of one.
function element(tag) {
  const classes = new Set();
  const node = {
    tagName: tag.toUpperCase(), attributes: {}, children: [], textContent: "", hidden: false, dataset: {},
    classList: { add: (c) => classes.add(c), remove: (c) => classes.delete(c), contains: (c) => classes.has(c) },
    setAttribute(name, value) { this.attributes[name] = String(value); if (name == "class") String(value).split(" ").forEach((c) => classes.add(c)); },
    appendChild(child) { this.children.push(child); return child; },
    get lastChild() { return this.children[this.children.length - 1]; },
  };
  return node;
}

// The page script as pages carry it (after decisions.js, inside one function; no feature module), on a desktop browser's page
// that has only the Share button; clipboard is what navigator.clipboard is. Returns the Share button, its label,
// the status line and the timers the script set, to run by hand.
function page(clipboard) {
  const share = element("button"), label = element("span"), timers = [];
  share.appendChild(label);
  share.hidden = true;
  const body = element("body");
  const document = {
    body,
    getElementById: (id) => id == "sitegen-text" ? { textContent: JSON.stringify(words) } : null,
    querySelector: (selector) => selector == "[data-share] .share" ? share : null,
    querySelectorAll: () => [],
    createElement: element,
    addEventListener() { },
    dispatchEvent() { },
  };
  const context = vm.createContext({
    document, atob, TextDecoder, JSON, Promise, Array, Date, CustomEvent: class { },
    navigator: { userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
                 platform: "Linux x86_64", maxTouchPoints: 0, clipboard },
    location: { href: "http://eb.example/" }, localStorage: { getItem: () => null, setItem() { }, removeItem() { } },
    addEventListener() { }, removeEventListener() { }, innerHeight: 800,
    setTimeout: (run, ms) => timers.push([ms, run]), clearTimeout() { },
  });
  context.window = context;
  vm.runInContext("(function () {\n" + source("decisions.js") + "\n" + source("page.js") + "})();", context);
  const status = body.children.find((child) => child.attributes.role == "status");
  return { share, label, status, timers };
}

// Lets the clipboard's promise settle.
const settled = () => new Promise((resolve) => setImmediate(resolve));

for (const [name, clipboard] of [
  ["refused", { writeText: () => Promise.reject(new Error("NotAllowedError")) }],
  ["missing (a page over plain http has no navigator.clipboard)", undefined],
]) {
  test(`Share, where copying is ${name}, says it could not copy, never shows the address, and goes back to Share`, async () => {
    const { share, label, status, timers } = page(clipboard);
    assert.equal(share.hidden, false);
    assert.equal(label.textContent, "Share");
    share.onclick();
    await settled();
    assert.equal(label.textContent, "Could not copy");
    assert.equal(label.classList.contains("copy-failed"), true);
    assert.equal(status.textContent, "Could not copy");
    const reset = timers.filter(([ms]) => ms == 3000);
    assert.equal(reset.length, 1);
    reset[0][1]();
    assert.equal(label.textContent, "Share");
    assert.equal(label.classList.contains("copy-failed"), false, "the class goes with the message");
  });
}

test("Share that copied says Copied, then Share again", async () => {
  const copied = [];
  const { share, label, status, timers } = page({ writeText: (text) => { copied.push(text); return Promise.resolve(); } });
  share.onclick();
  await settled();
  assert.deepEqual(copied, ["http://eb.example/"]);
  assert.equal(label.textContent, "Copied");
  assert.equal(status.textContent, "Copied");
  timers.find(([ms]) => ms == 3000)[1]();
  assert.equal(label.textContent, "Share");
  assert.equal(label.classList.contains("copy-failed"), false);
});
