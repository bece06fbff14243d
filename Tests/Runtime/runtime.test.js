// Tests of the runtime's pure decisions: node --test Tests/Runtime
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const runtime = require(path.join(__dirname, "../../Sources/SiteGen/Resources/runtime.js"));

const profile = "https://social.coop/@eb";
const chain = [
  { app: "Opener", platforms: ["ios"], url: "opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb" },
  { app: "Ivory", platforms: ["ios"], url: "ivory:///user_profile/eb@social.coop" },
  { app: "Elk", platforms: ["ios", "android", "desktop"], url: "https://elk.zone/social.coop/@eb" },
];
const mailChain = [
  { app: "Gmail", platforms: ["ios"], url: "googlegmail:///co?to=a%40b.org" },
  { app: "Gmail (web)", platforms: ["ios", "android", "desktop"], url: "https://mail.google.com/mail/?view=cm&fs=1&to=a%40b.org" },
];

const iPhoneSafari = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const iPadOSSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const iPhoneChrome = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1";
const androidChrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const desktopChrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const desktopFirefox = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";

test("platform detection, including iPadOS's desktop user agent", () => {
  assert.equal(runtime.platformOf(iPhoneSafari, "iPhone", 5), "ios");
  assert.equal(runtime.platformOf(iPadOSSafari, "MacIntel", 5), "ios");
  assert.equal(runtime.platformOf(iPadOSSafari, "MacIntel", 0), "desktop"); // a real Mac
  assert.equal(runtime.platformOf(androidChrome, "Linux armv8l", 5), "android");
  assert.equal(runtime.platformOf(desktopChrome, "Linux x86_64", 0), "desktop");
});

test("Chromium family is recognised on every platform", () => {
  assert.equal(runtime.isChromium(iPhoneChrome), true);
  assert.equal(runtime.isChromium(androidChrome), true);
  assert.equal(runtime.isChromium(desktopChrome), true);
  assert.equal(runtime.isChromium(iPhoneSafari), false);
  assert.equal(runtime.isChromium(desktopFirefox), false);
});

test("desktop and Android go straight to the fallback link", () => {
  assert.deepEqual(runtime.plan(chain, profile, "desktop", true), []);
  assert.deepEqual(runtime.plan(chain, profile, "desktop", false), []);
  assert.deepEqual(runtime.plan(chain, profile, "android", true), []);
});

test("iOS Safari tries the iOS app schemes in chain order, never a web candidate", () => {
  assert.deepEqual(runtime.plan(chain, profile, "ios", false), [chain[0].url, chain[1].url]);
});

test("a mailto fallback is the visitor's own mail app, so nothing is tried before it", () => {
  assert.deepEqual(runtime.plan(mailChain, "mailto:a@b.org", "ios", false), []);
});

test("Chromium on iOS tries one custom scheme at most", () => {
  assert.deepEqual(runtime.plan(chain, profile, "ios", true), [chain[0].url]);
});

test("a chain with no candidate for the platform tries nothing", () => {
  assert.deepEqual(runtime.plan([{ app: "X", platforms: ["android"], url: "x://" }], profile, "ios", false), []);
});

test("steps stay within WebKit's 1000 ms gesture window", () => {
  assert.ok(runtime.STEP_MS <= 1000);
});
