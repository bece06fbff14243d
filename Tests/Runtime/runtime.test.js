// Tests of the runtime's pure decisions: node --test Tests/Runtime
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const vm = require("node:vm");

// chain-decisions.js declares plain functions; run in a context of its own they become its properties.
const runtime = vm.createContext({ atob, TextDecoder });
vm.runInContext(fs.readFileSync(path.join(__dirname, "../../Sources/SiteGen/Resources/chain-decisions.js"), "utf8"), runtime);

const profile = "https://social.coop/@eb";
const mastodon = [
  { id: "opener", app: "Opener", auto: true, platforms: ["ios"], url: "opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb" },
  { id: "ivory", app: "Ivory", auto: true, platforms: ["ios"], url: "ivory:///user_profile/eb@social.coop" },
  { id: "mastodon", app: "Mastodon", auto: true, platforms: ["android"], url: "intent://social.coop/@eb#Intent;scheme=https;package=org.joinmastodon.android;S.browser_fallback_url=https%3A%2F%2Fsocial.coop%2F%40eb;end" },
  { id: "elk", app: "Elk", platforms: ["ios", "android", "desktop"], url: "https://elk.zone/social.coop/@eb" },
  { id: "mona", app: "Mona", platforms: ["ios"], url: "mona://social.coop/@eb" }, // unverified: only when chosen
];
const mailto = "mailto:a@b.org";
const mail = [
  { id: "gmail", app: "Gmail", platforms: ["ios"], url: "googlegmail:///co?to=a%40b.org" },
  { id: "gmail-web", app: "Gmail (web)", platforms: ["ios", "android", "desktop"], url: "https://mail.google.com/mail/?view=cm&fs=1&to=a%40b.org" },
];

const UA = {
  iPhoneSafari: ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "iPhone", 5],
  iPadOSSafari: ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", "MacIntel", 5],
  macSafari: ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", "MacIntel", 0],
  iPhoneChrome: ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1", "iPhone", 5],
  androidChrome: ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36", "Linux armv8l", 5],
  desktopChrome: ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36", "Linux x86_64", 0],
  desktopFirefox: ["Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", "Linux x86_64", 0],
  instagramiOS: ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.0 (iPhone14,5; iOS 17_4; en_US)", "iPhone", 5],
  facebookAndroid: ["Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.0;]", "Linux armv8l", 5],
  tiktok: ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_34.0.0 BytedanceWebview/d8a21c6", "iPhone", 5],
  linkedIn: ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.1", "iPhone", 5],
  xAndroid: ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 TwitterAndroid/10.40.0", "Linux armv8l", 5],
};

function decide(name, chain, fallback, remembered = null) {
  const [ua, platform, touch] = UA[name];
  return [...runtime.plan(chain, fallback, runtime.platformOf(ua, platform, touch), runtime.isChromium(ua), remembered)];
}

test("platform detection, including iPadOS's desktop user agent", () => {
  const platforms = Object.fromEntries(Object.entries(UA).map(([name, [ua, p, t]]) => [name, runtime.platformOf(ua, p, t)]));
  assert.deepEqual(platforms, {
    iPhoneSafari: "ios", iPadOSSafari: "ios", macSafari: "desktop", iPhoneChrome: "ios", androidChrome: "android",
    desktopChrome: "desktop", desktopFirefox: "desktop", instagramiOS: "ios", facebookAndroid: "android", tiktok: "ios",
    linkedIn: "ios", xAndroid: "android",
  });
});

test("in-app browsers are recognised, real browsers are not", () => {
  const names = Object.fromEntries(Object.entries(UA).map(([name, [ua]]) => [name, runtime.inAppBrowser(ua)]));
  assert.deepEqual(names, {
    iPhoneSafari: null, iPadOSSafari: null, macSafari: null, iPhoneChrome: null, androidChrome: null, desktopChrome: null,
    desktopFirefox: null, instagramiOS: "Instagram", facebookAndroid: "Facebook", tiktok: "TikTok", linkedIn: "LinkedIn", xAndroid: "X",
  });
});

// platform x remembered choice x chain
const table = [
  // name, chain, fallback, remembered, expected steps (before the link's own href)
  ["desktopChrome", mastodon, profile, null, []],
  ["desktopFirefox", mastodon, profile, null, []],
  ["macSafari", mastodon, profile, null, []],
  ["desktopChrome", mastodon, profile, "elk", [mastodon[3].url]],
  ["desktopChrome", mastodon, profile, "ivory", []],          // remembered app does not fit this platform
  ["desktopChrome", mail, mailto, "gmail-web", [mail[1].url]],
  ["desktopChrome", mail, mailto, "browser", []],
  ["iPhoneSafari", mastodon, profile, null, [mastodon[0].url, mastodon[1].url]],
  ["iPadOSSafari", mastodon, profile, null, [mastodon[0].url, mastodon[1].url]],
  ["iPhoneSafari", mastodon, profile, "ivory", [mastodon[1].url, mastodon[0].url]],
  ["iPhoneSafari", mastodon, profile, "elk", [mastodon[3].url]], // a web choice ends the chain
  ["iPhoneSafari", mastodon, profile, "mona", [mastodon[4].url, mastodon[0].url, mastodon[1].url]], // chosen, then the auto ones
  ["iPhoneSafari", mastodon, profile, "browser", []],
  ["iPhoneChrome", mastodon, profile, null, [mastodon[0].url]],  // Chromium: one custom scheme per tap
  ["iPhoneChrome", mastodon, profile, "ivory", [mastodon[1].url]],
  ["iPhoneSafari", mail, mailto, null, []],                     // mailto is the visitor's own mail app
  ["iPhoneSafari", mail, mailto, "gmail", [mail[0].url]],
  ["androidChrome", mastodon, profile, null, [mastodon[2].url]], // intent: carries its own fallback
  ["androidChrome", mail, mailto, null, []],
  ["androidChrome", mastodon, profile, "elk", [mastodon[3].url]],
  ["facebookAndroid", mastodon, profile, null, [mastodon[2].url]],
  ["instagramiOS", mastodon, profile, null, [mastodon[0].url, mastodon[1].url]],
  ["iPhoneSafari", [{ id: "x", app: "X", auto: true, platforms: ["android"], url: "x://" }], profile, null, []], // no app for the platform
  ["iPhoneSafari", [], profile, null, []],
];

for (const [name, chain, fallback, remembered, expected] of table) {
  test(`plan: ${name}, ${chain === mail ? "mail" : chain === mastodon ? "mastodon" : "other"} chain, remembered ${remembered}`, () => {
    assert.deepEqual(decide(name, chain, fallback, remembered), expected);
  });
}

test("Chromium family is recognised on every platform", () => {
  for (const name of ["iPhoneChrome", "androidChrome", "desktopChrome"]) assert.equal(runtime.isChromium(UA[name][0]), true, name);
  for (const name of ["iPhoneSafari", "desktopFirefox", "macSafari"]) assert.equal(runtime.isChromium(UA[name][0]), false, name);
});

test("steps stay within WebKit's 1000 ms gesture window", () => {
  assert.ok(runtime.STEP_MS <= 1000);
});

test("a visitor's home is a handle or a server", () => {
  // Objects made in the context compare by value after a round trip through JSON.
  const parse = (text) => JSON.parse(JSON.stringify(runtime.parseHome(text)));
  assert.deepEqual(parse("@me@Example.Social"), { host: "example.social", user: "me" });
  assert.deepEqual(parse(" me@example.social "), { host: "example.social", user: "me" });
  assert.deepEqual(parse("https://example.social/"), { host: "example.social", user: null });
  assert.deepEqual(parse("127.0.0.1:8443"), { host: "127.0.0.1:8443", user: null });
  assert.equal(runtime.parseHome("not a server"), null);
  assert.equal(runtime.parseHome(""), null);
});

test("WebFinger asks about the visitor's account, or the server's instance actor", () => {
  assert.equal(runtime.webfingerURL({ host: "example.social", user: "me" }),
    "https://example.social/.well-known/webfinger?resource=acct%3Ame%40example.social");
  assert.equal(runtime.webfingerURL({ host: "127.0.0.1:8443", user: null }),
    "https://127.0.0.1:8443/.well-known/webfinger?resource=acct%3A127.0.0.1%40127.0.0.1");
});

test("the follow URL comes from the subscribe template", () => {
  const answer = { links: [
    { rel: "self", href: "https://example.social/users/me" },
    { rel: "http://ostatus.org/schema/1.0/subscribe", template: "https://example.social/authorize_interaction?uri={uri}" },
  ] };
  assert.equal(runtime.followFromWebfinger(answer, "eb@social.coop"),
    "https://example.social/authorize_interaction?uri=acct%3Aeb%40social.coop");
  assert.equal(runtime.followFromWebfinger({ links: [] }, "eb@social.coop"), null);
  assert.equal(runtime.followFromWebfinger({ links: [{ rel: "http://ostatus.org/schema/1.0/subscribe", template: "javascript:alert(1)//{uri}" }] }, "a@b.c"), null);
  assert.equal(runtime.followFromWebfinger(null, "a@b.c"), null);
  assert.equal(runtime.guessedFollowURL({ host: "example.social" }, "eb@social.coop"),
    "https://example.social/authorize_interaction?uri=acct%3Aeb%40social.coop");
});

test("sealed data opens only at tap time", () => {
  const json = JSON.stringify({ href: "mailto:ann@exämple.org", copy: "ann@exämple.org" });
  const sealed = Buffer.from(Buffer.from(json, "utf8").reverse()).toString("base64");
  assert.equal(sealed.includes("ann"), false);
  assert.deepEqual(JSON.parse(JSON.stringify(runtime.unseal(sealed))), { href: "mailto:ann@exämple.org", copy: "ann@exämple.org" });
});
