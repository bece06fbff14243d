// Tests of the script `sitegen serve` adds to pages, with EventSource and the DOM stubbed: node --test Tests/Runtime
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const source = fs.readFileSync(path.join(__dirname, "../../Sources/Preview/Resources/live-reload.js"), "utf8");

function page() {
  const appended = [];
  const stubs = {
    reloads: 0,
    sources: [],
    appended,
    document: {
      currentScript: { getAttribute: (name) => (name === "data-events" ? "/__sitegen/events" : null) },
      createElement: (tag) => ({
        tag,
        style: {},
        attachShadow() {
          const styled = {};
          this.shadowRoot = { innerHTML: "", styled, querySelector: (name) => (styled[name] = styled[name] || { style: {} }) };
          return this.shadowRoot;
        },
      }),
      documentElement: { appendChild: (element) => appended.push(element) },
    },
  };
  stubs.EventSource = function (url) {
    this.url = url;
    this.listeners = {};
    this.addEventListener = (name, listener) => { this.listeners[name] = listener; };
    stubs.sources.push(this);
  };
  stubs.location = { reload: () => { stubs.reloads += 1; } };
  vm.runInNewContext(source, stubs);
  return stubs;
}

test("listens on the address the server gave the script", () => {
  const stubs = page();
  assert.equal(stubs.sources.length, 1);
  assert.equal(stubs.sources[0].url, "/__sitegen/events");
});

test("a reload event reloads the page", () => {
  const stubs = page();
  stubs.sources[0].listeners["reload"]({ data: '["content/index.md"]' });
  assert.equal(stubs.reloads, 1);
});

test("build errors show in one overlay, replaced by the next error", () => {
  const stubs = page();
  const errors = stubs.sources[0].listeners["build-error"];
  errors({ data: "<section><pre>first &lt;b&gt;</pre></section>" });
  errors({ data: "<section><pre>second</pre></section>" });
  assert.equal(stubs.appended.length, 1);
  const overlay = stubs.appended[0];
  assert.equal(overlay.tag, "sitegen-build-error");
  assert.equal(overlay.shadowRoot.innerHTML, "<section><pre>second</pre></section>");
  // Styled through the CSSOM only, which a page's Content-Security-Policy allows.
  assert.match(overlay.style.cssText, /position:fixed/);
  assert.match(overlay.shadowRoot.styled.pre.style.cssText, /white-space:pre-wrap/);
  assert.equal(stubs.reloads, 0);
});
