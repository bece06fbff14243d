// Tests of the click counter (runtime/count.js) and of serve's ?simulate (preview.js): node --test Tests/Runtime
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const vm = require("node:vm");

const resources = path.join(__dirname, "../../Sources/Runtime/Resources/runtime");
const source = (name) => fs.readFileSync(path.join(resources, name), "utf8");

// The counter as pages carry it (wrapped in a function of the endpoint, as scripts/minify-runtime.py does), with a
// document that records listeners and a fetch that records beacons.
function counter(endpoint) {
  const listeners = {}, beacons = [], counted = [];
  const context = vm.createContext({
    encodeURIComponent, JSON, CustomEvent: class { constructor(type, init) { this.type = type; this.detail = init.detail; } },
    location: { origin: "https://eb.example", pathname: "/", hostname: "eb.example", href: "https://eb.example/?utm=x" },
    document: {
      addEventListener: (name, listener) => { listeners[name] = listener; },
      dispatchEvent: (event) => counted.push([event.type, event.detail.path]),
    },
    fetch: (url, options) => {
      assert.deepEqual({ ...options, body: undefined }, { method: "POST", mode: "no-cors", credentials: "omit", keepalive: true, body: undefined });
      beacons.push([url, JSON.parse(options.body)]);
      return { catch() { } };
    },
  });
  vm.runInContext("(function (endpoint) {\n" + source("count.js") + "})(" + JSON.stringify(endpoint) + ");", context);
  const tell = (name, detail) => listeners["sitegen:" + name]({ detail });
  return { tell, beacons, counted, context };
}

const ivory = { id: "ivory", app: "Ivory", url: "ivory:///user_profile/eb@social.coop" };
const endpoint = "https://eb.goatcounter.com/count";
const url = (service, outcome) => endpoint + "?p=" + encodeURIComponent(`click/${service}/${outcome}`) + "&e=true";

test("a tap the browser follows counts web, in GoatCounter's event form, with nothing about the visitor", () => {
  const { tell, beacons } = counter(endpoint);
  tell("tap", { service: "mastodon", decision: null });
  assert.deepEqual(beacons, [[url("mastodon", "web"), { name: "click/mastodon/web", url: "https://eb.example/", domain: "eb.example" }]]);
  assert.equal(beacons[0][0], "https://eb.goatcounter.com/count?p=click%2Fmastodon%2Fweb&e=true");
});

test("an app that took over counts its id; one that did not counts web, once", () => {
  const { tell, beacons } = counter(endpoint);
  tell("tap", { service: "mastodon", decision: { app: ivory } });
  tell("try", { service: "mastodon", app: "ivory", url: ivory.url });
  tell("tap", { service: "mastodon", decision: { app: ivory } }); // a second tap while trying belongs to the attempt
  assert.equal(beacons.length, 0);
  tell("settled", { service: "mastodon", state: "opened", app: "ivory", kept: {} });
  assert.deepEqual(beacons.map((b) => b[0]), [url("mastodon", "ivory")]);
  for (const state of ["absent", "declined", "left"]) {
    tell("tap", { service: "mastodon", decision: { app: ivory } });
    tell("try", { service: "mastodon", app: "ivory", url: ivory.url });
    tell("settled", { service: "mastodon", state, app: "ivory", kept: {} });
  }
  assert.deepEqual(beacons.map((b) => b[0]).slice(1), [url("mastodon", "web"), url("mastodon", "web"), url("mastodon", "web")]);
});

test("chooser picks count chooser:ID: a web choice at once, an app once it took over", () => {
  const { tell, beacons } = counter(endpoint);
  tell("tap", { service: "email", decision: { ask: true } });
  assert.equal(beacons.length, 0);
  tell("pick", { service: "email", app: "gmail-web", url: "https://mail.google.com/mail/?view=cm" });
  tell("pick", { service: "mastodon", app: "ivory", url: ivory.url });
  tell("try", { service: "mastodon", app: "ivory", url: ivory.url });
  tell("settled", { service: "mastodon", state: "opened", app: "ivory", kept: {} });
  tell("tap", { service: "mastodon", decision: { go: "https://elk.zone/social.coop/@eb" } }); // a remembered web choice
  assert.deepEqual(beacons.map((b) => b[0]), [url("email", "chooser:gmail-web"), url("mastodon", "chooser:ivory"), url("mastodon", "web")]);
});

test("a pick that replaces a running attempt counts only the pick", () => {
  const { tell, beacons } = counter(endpoint);
  tell("tap", { service: "mastodon", decision: { app: ivory } });
  tell("try", { service: "mastodon", app: "ivory", url: ivory.url });
  tell("pick", { service: "mastodon", app: "icecubes", url: "icecubesapp://social.coop/@eb" });
  tell("settled", { service: "mastodon", state: "left", app: "ivory", kept: {} }); // the old attempt, dropped
  tell("try", { service: "mastodon", app: "icecubes", url: "icecubesapp://social.coop/@eb" });
  tell("settled", { service: "mastodon", state: "absent", app: "icecubes", kept: {} });
  assert.deepEqual(beacons.map((b) => b[0]), [url("mastodon", "web")]);
});

test("copy and follow from your server count as such, and each count is told for serve's ?debug", () => {
  const { tell, beacons, counted } = counter(endpoint);
  tell("copy", { service: "email" });
  tell("follow", { service: "mastodon" });
  assert.deepEqual(beacons.map((b) => b[0]), [url("email", "copy"), url("mastodon", "follow-remote")]);
  assert.deepEqual(counted, [["sitegen:counted", "click/email/copy"], ["sitegen:counted", "click/mastodon/follow-remote"]]);
});

// ?simulate=NAME must give the runtime the very browser it names: checked with the runtime's own detection.
const decisions = vm.createContext({});
vm.runInContext(source("decisions.js"), decisions);

function simulate(name) {
  const context = vm.createContext({ URLSearchParams, console: { info() { } }, navigator: { userAgent: "HeadlessChrome", platform: "Linux x86_64", maxTouchPoints: 0 }, location: { search: "?simulate=" + name } });
  context.window = context;
  vm.runInContext(fs.readFileSync(path.join(__dirname, "../../Sources/Preview/Resources/preview.js"), "utf8"), context);
  const nav = context.navigator;
  return {
    platform: decisions.platformOf(nav.userAgent, nav.platform, nav.maxTouchPoints),
    app: (decisions.inAppBrowser(nav.userAgent, (global) => global in context) || {}).app || null,
    ios: decisions.iosVersion(nav.userAgent),
  };
}

test("every in-app browser the runtime knows can be simulated on iOS and Android", () => {
  const names = { instagram: "Instagram", messenger: "Messenger", facebook: "Facebook", threads: "Threads", tiktok: "TikTok",
    linkedin: "LinkedIn", x: "X", snapchat: "Snapchat", line: "LINE", wechat: "WeChat", pinterest: "Pinterest", telegram: "Telegram" };
  assert.deepEqual(Object.values(names).sort(), JSON.parse(vm.runInContext("JSON.stringify(IN_APP_BROWSERS.map(function (e) { return e.app; }))", decisions)).sort());
  for (const [slug, app] of Object.entries(names)) {
    for (const platform of ["ios", "android"]) {
      assert.deepEqual(simulate(`${slug}-${platform}`).app, app, `${slug}-${platform}`);
      assert.equal(simulate(`${slug}-${platform}`).platform, platform, `${slug}-${platform}`);
    }
  }
  assert.deepEqual(simulate("ios"), { platform: "ios", app: null, ios: 17 });
  assert.deepEqual(simulate("android"), { platform: "android", app: null, ios: 0 });
  assert.deepEqual(simulate("myspace-ios"), { platform: "desktop", app: null, ios: 0 }); // unknown: left as it is
});
