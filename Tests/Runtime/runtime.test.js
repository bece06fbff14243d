// Tests of the runtime's pure decisions: node --test Tests/Runtime
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");
const vm = require("node:vm");

const resources = path.join(__dirname, "../../Sources/Runtime/Resources/runtime");
const source = (file) => fs.readFileSync(path.join(resources, file), "utf8");

// Parts of the runtime, each run in a context of its own: the plain functions they declare become its properties.
// given stands in for the base's names that a feature module uses (page.js's, which needs a browser).
function load(files, given = {}) {
  const context = vm.createContext({ atob, TextDecoder, ...given });
  for (const file of files) vm.runInContext(source(file), context);
  return context;
}

// The base's decisions: pure functions with no DOM.
const runtime = load(["decisions.js"]);

const profile = "https://social.coop/@eb";
const mastodon = [
  { id: "opener", app: "Opener", auto: true, platforms: ["ios"], url: "opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb" },
  { id: "ivory", app: "Ivory", auto: true, platforms: ["ios"], url: "ivory:///user_profile/eb@social.coop" },
  { id: "mastodon", app: "Mastodon", auto: true, platforms: ["android"], url: "intent://social.coop/@eb#Intent;scheme=https;package=org.joinmastodon.android;S.browser_fallback_url=https%3A%2F%2Fsocial.coop%2F%40eb;end" },
  { id: "elk", app: "Elk", platforms: ["ios", "android", "desktop"], url: "https://elk.zone/social.coop/@eb" },
  { id: "mona", app: "Mona", platforms: ["ios"], url: "mona://search?text=@eb@social.coop&show=users" }, // unverified: only when chosen
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

// Each user agent with the platform values the page reads beside it.
function platformOfUA(name) {
  const [ua, platform, touch] = UA[name];
  return runtime.platformOf(ua, platform, touch);
}

// decide's answer as plain data: "app:URL", "go:URL" or null.
function decide(name, chain, fallback, remembered = null, absent = []) {
  const d = runtime.decide(chain, fallback, platformOfUA(name), remembered, absent);
  return d && (d.go ? "go:" + d.go : "app:" + d.app.url);
}

test("platform detection, including iPadOS's desktop user agent", () => {
  const platforms = Object.fromEntries(Object.keys(UA).map((name) => [name, platformOfUA(name)]));
  assert.deepEqual(platforms, {
    iPhoneSafari: "ios", iPadOSSafari: "ios", macSafari: "desktop", iPhoneChrome: "ios", androidChrome: "android",
    desktopChrome: "desktop", desktopFirefox: "desktop", instagramiOS: "ios", facebookAndroid: "android", tiktok: "ios",
    linkedIn: "ios", xAndroid: "android",
  });
});

test("in-app browsers are recognised, real browsers are not", () => {
  const names = Object.fromEntries(Object.entries(UA).map(([name, [ua]]) => [name, runtime.inAppBrowser(ua)?.app ?? null]));
  assert.deepEqual(names, {
    iPhoneSafari: null, iPadOSSafari: null, macSafari: null, iPhoneChrome: null, androidChrome: null, desktopChrome: null,
    desktopFirefox: null, instagramiOS: "Instagram", facebookAndroid: "Facebook", tiktok: "TikTok", linkedIn: "LinkedIn", xAndroid: "X",
  });
  const more = {
    "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 Instagram 330.0.0.18.111 Android": "Instagram",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 [FBAN/MessengerForiOS;FBAV/450.0]": "Messenger",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 [FBAN/FBIOS;FBAV/480.0]": "Facebook",
    "Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 Barcelona 330.0.0.0": "Threads",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1 musical_ly_41.9.0": "TikTok",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Snapchat/12.80.0.40": "Snapchat",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari Line/14.3.0": "LINE",
    "Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 MicroMessenger/8.0.47": "WeChat",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 [Pinterest/iOS]": "Pinterest",
  };
  for (const [ua, app] of Object.entries(more)) assert.equal(runtime.inAppBrowser(ua)?.app, app, ua);
  // Telegram's has no token of its own: the globals it defines give it away.
  assert.equal(runtime.inAppBrowser(UA.androidChrome[0], (name) => name == "TelegramWebview").app, "Telegram");
  assert.equal(runtime.inAppBrowser(UA.androidChrome[0], () => false), null);
});

test("every in-app browser entry is data with a source", () => {
  // The source is the comment line above each entry (comments cost the page nothing once minified).
  const text = source("decisions.js").split("\n");
  for (const entry of runtime.IN_APP_BROWSERS) {
    assert.ok(entry.app && (entry.ua || entry.globals), JSON.stringify(entry));
    const line = text.findIndex((l) => l.startsWith(`  { app: "${entry.app}",`));
    assert.match(text[line - 1], /^  \/\/ .{20,}/, `${entry.app} has no source`);
    for (const kind of [entry.ios, entry.android]) assert.ok(kind === undefined || ["intent", "x-safari", "instagram", "line"].includes(kind), entry.app);
  }
});

test("the escape from each in-app browser, per platform", () => {
  const entry = (app) => runtime.IN_APP_BROWSERS.find((e) => e.app == app);
  const page = "https://me.example/links/?a=1#top";
  assert.equal(runtime.escapeURL(entry("Facebook"), "android", page, 0), "intent://me.example/links/?a=1#Intent;scheme=https;end");
  assert.equal(runtime.escapeURL(entry("Facebook"), "ios", page, 17), "x-safari-https://me.example/links/?a=1#top");
  assert.equal(runtime.escapeURL(entry("Facebook"), "ios", page, 16), null); // x-safari- needs iOS 17
  assert.equal(runtime.escapeURL(entry("Instagram"), "ios", page, 16), "instagram://extbrowser/?url=https%3A%2F%2Fme.example%2Flinks%2F%3Fa%3D1%23top");
  assert.equal(runtime.escapeURL(entry("LINE"), "ios", page, 17), "https://me.example/links/?a=1&openExternalBrowser=1");
  assert.equal(runtime.escapeURL(entry("LINE"), "android", "https://me.example/", 0), "https://me.example/?openExternalBrowser=1");
  assert.equal(runtime.escapeURL(entry("TikTok"), "android", page, 0), null); // intent is not dependable there: copy the link
  assert.equal(runtime.escapeURL(entry("WeChat"), "ios", page, 17), null);
  assert.equal(runtime.escapeURL(entry("X"), "ios", page, 18), null);
  assert.equal(runtime.iosVersion(UA.iPhoneSafari[0]), 17);
  assert.equal(runtime.iosVersion(UA.androidChrome[0]), 0);
});

// platform x remembered app x absent apps x chain: what one tap does.
const ivoryURL = "app:" + mastodon[1].url, openerURL = "app:" + mastodon[0].url;
const table = [
  // name, chain, fallback, remembered, absent, expected
  ["desktopChrome", mastodon, profile, null, [], null],
  ["desktopFirefox", mastodon, profile, null, [], null],
  ["macSafari", mastodon, profile, null, [], null],
  ["desktopChrome", mastodon, profile, "elk", [], "go:" + mastodon[3].url],
  ["desktopChrome", mastodon, profile, "ivory", [], null],          // remembered app does not fit this platform
  ["desktopChrome", mail, mailto, "gmail-web", [], "go:" + mail[1].url],
  ["desktopChrome", mail, mailto, "browser", [], null],
  ["iPhoneSafari", mastodon, profile, null, [], openerURL],          // the chain's first app, alone
  ["iPadOSSafari", mastodon, profile, null, [], openerURL],
  ["iPhoneSafari", mastodon, profile, null, ["opener"], ivoryURL],   // the next tap tries the next app
  ["iPhoneSafari", mastodon, profile, null, ["opener", "ivory"], null], // chain used up: straight to the web
  ["iPhoneSafari", mastodon, profile, "ivory", [], ivoryURL],        // what worked comes first
  ["iPhoneSafari", mastodon, profile, "ivory", ["opener"], ivoryURL],
  ["iPhoneSafari", mastodon, profile, "elk", [], "go:" + mastodon[3].url], // a web choice
  ["iPhoneSafari", mastodon, profile, "mona", ["opener", "ivory"], "app:" + mastodon[4].url], // remembered after it worked
  ["iPhoneSafari", mastodon, profile, "browser", [], null],
  ["iPhoneChrome", mastodon, profile, null, [], openerURL],
  ["iPhoneChrome", mastodon, profile, "ivory", [], ivoryURL],
  ["iPhoneSafari", mail, mailto, null, [], null],                     // mailto is the visitor's own mail app
  ["iPhoneSafari", mail, mailto, "gmail", [], "app:" + mail[0].url],
  ["androidChrome", mastodon, profile, null, [], "app:" + mastodon[2].url], // intent: carries its own fallback
  ["androidChrome", mastodon, profile, null, ["mastodon"], null],
  ["androidChrome", mail, mailto, null, [], null],
  ["androidChrome", mastodon, profile, "elk", [], "go:" + mastodon[3].url],
  ["facebookAndroid", mastodon, profile, null, [], "app:" + mastodon[2].url],
  ["instagramiOS", mastodon, profile, null, [], openerURL],
  ["iPhoneSafari", [{ id: "x", app: "X", auto: true, platforms: ["android"], url: "x://" }], profile, null, [], null], // no app for the platform
  ["iPhoneSafari", [], profile, null, [], null],
];

for (const [name, chain, fallback, remembered, absent, expected] of table) {
  test(`decide: ${name}, ${chain === mail ? "mail" : chain === mastodon ? "mastodon" : "other"} chain, remembered ${remembered}, absent [${absent}]`, () => {
    assert.equal(decide(name, chain, fallback, remembered, absent), expected);
  });
}

test("a chain leaves out an id that is its app's name in lower case, and platforms that are every one", () => {
  const chain = [{ app: "Ivory", auto: true, platforms: ["ios"], url: "ivory:///x" }, { app: "Elk (web)", id: "elk", url: "https://elk.zone/x" }];
  assert.deepEqual(runtime.candidatesFor(chain, "ios").map((c) => c.id), ["ivory", "elk"]);
  assert.deepEqual(runtime.candidatesFor(chain, "android").map((c) => c.id), ["elk"]);
  assert.deepEqual(runtime.candidatesFor(chain, "desktop").map((c) => c.id), ["elk"]);
  assert.equal(decide("iPhoneSafari", chain, profile), "app:ivory:///x");
  assert.equal(decide("iPhoneSafari", chain, profile, "elk"), "go:https://elk.zone/x");
});

// features/ask.js, after the decisions it asks.
const ask = load(["decisions.js", "features/ask.js"], { tapTakers: [] });

test("first_tap: ask opens the chooser on iOS until something was learned", () => {
  const asks = (name, chain, fallback, remembered) => ask.asksFirst(chain, fallback, platformOfUA(name), remembered);
  assert.equal(asks("iPhoneSafari", mastodon, profile, null), true);
  assert.equal(asks("iPadOSSafari", mastodon, profile, "an-app-of-another-chain"), true);
  assert.equal(asks("iPhoneSafari", mastodon, profile, "ivory"), false); // what worked is tried: decide says ivory
  assert.equal(asks("iPhoneSafari", mastodon, profile, "elk"), false);   // a web choice
  assert.equal(asks("iPhoneSafari", mastodon, profile, "browser"), false);
  assert.equal(asks("iPhoneSafari", mail, mailto, null), false); // nothing to ask about: the mail app
  assert.equal(asks("androidChrome", mastodon, profile, null), false); // Android tries its intent: URL
  assert.equal(asks("desktopChrome", mastodon, profile, null), false);
  assert.equal(ask.tapTakers.length, 1); // it takes such taps before the page decides them
});

// It asks however many apps did not open before: the chooser stays until an app is remembered.
test("first_tap: ask asks until an app opened, across taps", () => {
  let remembered = null, absent = [];
  const asked = [];
  for (const installed of [[], ["ivory"]]) {
    asked.push(ask.asksFirst(mastodon, profile, "ios", remembered));
    // The visitor picks Ivory from the chooser: it opens, or it does not.
    const kept = ask.settle(ask.nextState("trying", installed.includes("ivory") ? "hidden" : "timeout"), mastodon[1], remembered, absent);
    remembered = kept.remembered;
    absent = kept.absent;
  }
  asked.push(ask.asksFirst(mastodon, profile, "ios", remembered));
  assert.deepEqual(asked, [true, true, false]);
});

// Every combination: no decision ever launches two app URLs in one tap, on any platform.
test("no decision returns two custom schemes for one tap", () => {
  const chains = { mastodon, mail, empty: [] };
  const ids = [null, "browser", ...new Set([...mastodon, ...mail].map((c) => c.id))];
  const subsets = (list) => list.reduce((all, x) => all.concat(all.map((s) => [...s, x])), [[]]);
  let checked = 0;
  for (const name of Object.keys(UA)) {
    for (const [chainName, chain] of Object.entries(chains)) {
      for (const remembered of ids) {
        for (const absent of subsets(chain.map((c) => c.id))) {
          const d = runtime.decide(chain, chainName == "mail" ? mailto : profile, platformOfUA(name), remembered, absent);
          checked++;
          if (!d) continue;
          const urls = Object.values(JSON.parse(JSON.stringify(d))).flatMap((v) => (typeof v == "string" ? [v] : [v.url]));
          assert.equal(urls.length, 1, JSON.stringify(d));
          if (d.app) {
            assert.ok(chain.includes(d.app), "an app of the chain");
            assert.ok(d.app.platforms.includes(platformOfUA(name)), "an app for this platform");
            assert.ok(d.app.id == remembered || (d.app.auto && !absent.includes(d.app.id)), "remembered, or next untried in the chain");
          }
        }
      }
    }
  }
  assert.ok(checked > 500, `${checked} combinations`);
});

test("an attempt learns from page events", () => {
  const run = (...events) => events.reduce((state, event) => runtime.nextState(state, event), "trying");
  assert.equal(run("timeout"), "absent");                 // nothing happened within the step
  assert.equal(run("hidden"), "opened");                  // the app took over
  assert.equal(run("blur", "timeout"), "asking");         // Safari asks "Open in 'App'?": wait while it asks
  assert.equal(run("blur", "timeout", "hidden"), "opened");
  assert.equal(run("blur", "timeout", "focus"), "declined"); // back without leaving: declined
  assert.equal(run("focus", "timeout"), "absent");        // focus alone says nothing
  assert.equal(run("left"), "left");                      // the page itself navigated away
  assert.equal(run("web"), "absent");                     // "Open in browser" beside the button
  assert.equal(run("blur", "web"), "absent");
  assert.equal(run("hidden", "focus", "timeout"), "opened"); // settled states stay
  assert.equal(run("blur", "timeout", "stalled"), "unanswered"); // a prompt left open: no answer, no focus back
  assert.equal(run("blur", "stalled", "focus", "hidden"), "unanswered");
  assert.equal(run("hidden", "stalled"), "opened");
  assert.equal(run("timeout", "stalled"), "absent");
  assert.equal(runtime.isSettled("unanswered"), true);
  // The bound is a few seconds: longer than a step, so it ends only attempts that nothing else has.
  assert.ok(runtime.WAIT_MS > runtime.STEP_MS && runtime.WAIT_MS <= 10000);
  assert.equal(runtime.isSettled("trying"), false);
  assert.equal(runtime.isSettled("asking"), false);
  for (const state of ["opened", "declined", "absent", "left"]) assert.equal(runtime.isSettled(state), true);
});

test("what is kept after an attempt", () => {
  const plain = (x) => JSON.parse(JSON.stringify(x));
  const ivory = mastodon[1];
  assert.deepEqual(plain(runtime.settle("opened", ivory, null, ["opener", "ivory"])), { remembered: "ivory", absent: ["opener"], go: false });
  assert.deepEqual(plain(runtime.settle("absent", ivory, null, ["opener"])), { remembered: null, absent: ["opener", "ivory"], go: true });
  assert.deepEqual(plain(runtime.settle("declined", ivory, null, [])), { remembered: null, absent: ["ivory"], go: true });
  // A remembered app that no longer opens is forgotten; another remembered choice stays.
  assert.deepEqual(plain(runtime.settle("absent", ivory, "ivory", [])), { remembered: null, absent: ["ivory"], go: true });
  assert.deepEqual(plain(runtime.settle("absent", ivory, "elk", [])), { remembered: "elk", absent: ["ivory"], go: true });
  assert.deepEqual(plain(runtime.settle("left", ivory, null, [])), { remembered: null, absent: [], go: false });
  // Unanswered learns nothing: the app is neither remembered nor marked absent, and the page stays.
  assert.deepEqual(plain(runtime.settle("unanswered", ivory, "elk", ["opener", "ivory"])), { remembered: "elk", absent: ["opener", "ivory"], go: false });
  assert.deepEqual(plain(runtime.settle("unanswered", ivory, null, null)), { remembered: null, absent: [], go: false });
});

// A visitor walks the chain over several taps: each missing app costs one tap (one alert) and is not tried again.
function walk(installed, taps) {
  let remembered = null, absent = [];
  const tried = [];
  for (let i = 0; i < taps; i++) {
    const d = runtime.decide(mastodon, profile, "ios", remembered, absent);
    if (!d) { tried.push("web"); continue; }
    tried.push(d.app.id);
    const kept = runtime.settle(runtime.nextState("trying", installed.includes(d.app.id) ? "hidden" : "timeout"), d.app, remembered, absent);
    remembered = kept.remembered;
    absent = kept.absent;
  }
  return tried;
}

test("the chain is walked in order across taps", () => {
  assert.deepEqual(walk([], 4), ["opener", "ivory", "web", "web"]);
  assert.deepEqual(walk(["ivory"], 4), ["opener", "ivory", "ivory", "ivory"]);
  assert.deepEqual(walk(["opener", "ivory"], 3), ["opener", "opener", "opener"]);
});

test("steps stay within WebKit's 1000 ms gesture window", () => {
  assert.ok(runtime.STEP_MS <= 1000);
});

// features/follow.js: the pure functions, and the chooser item it adds for a link with an account.
const follow = load(["features/follow.js"], { chooserAdditions: [] });

test("a visitor's home is a handle or a server", () => {
  // Objects made in the context compare by value after a round trip through JSON.
  const parse = (text) => JSON.parse(JSON.stringify(follow.parseHome(text)));
  assert.deepEqual(parse("@me@Example.Social"), { host: "example.social", user: "me" });
  assert.deepEqual(parse(" me@example.social "), { host: "example.social", user: "me" });
  assert.deepEqual(parse("https://example.social/"), { host: "example.social", user: null });
  assert.deepEqual(parse("127.0.0.1:8443"), { host: "127.0.0.1:8443", user: null });
  assert.equal(follow.parseHome("not a server"), null);
  assert.equal(follow.parseHome(""), null);
});

test("WebFinger asks about the visitor's account, or the server's instance actor", () => {
  assert.equal(follow.webfingerURL({ host: "example.social", user: "me" }),
    "https://example.social/.well-known/webfinger?resource=acct%3Ame%40example.social");
  assert.equal(follow.webfingerURL({ host: "127.0.0.1:8443", user: null }),
    "https://127.0.0.1:8443/.well-known/webfinger?resource=acct%3A127.0.0.1%40127.0.0.1");
});

test("the follow URL comes from the subscribe template", () => {
  const answer = { links: [
    { rel: "self", href: "https://example.social/users/me" },
    { rel: "http://ostatus.org/schema/1.0/subscribe", template: "https://example.social/authorize_interaction?uri={uri}" },
  ] };
  assert.equal(follow.followFromWebfinger(answer, "eb@social.coop"),
    "https://example.social/authorize_interaction?uri=acct%3Aeb%40social.coop");
  assert.equal(follow.followFromWebfinger({ links: [] }, "eb@social.coop"), null);
  assert.equal(follow.followFromWebfinger({ links: [{ rel: "http://ostatus.org/schema/1.0/subscribe", template: "javascript:alert(1)//{uri}" }] }, "a@b.c"), null);
  assert.equal(follow.followFromWebfinger(null, "a@b.c"), null);
  assert.equal(follow.guessedFollowURL({ host: "example.social" }, "eb@social.coop"),
    "https://example.social/authorize_interaction?uri=acct%3Aeb%40social.coop");
});

test("a link with an account gets a follow item in its chooser, one without none", () => {
  const items = [];
  follow.words = { follow: "Follow from your server…" };
  const [add] = follow.chooserAdditions;
  add({ dataset: { service: "email" } }, (label) => items.push(label));
  assert.deepEqual(items, []);
  add({ dataset: { service: "mastodon", acct: "eb@social.coop" } }, (label) => items.push(label));
  assert.deepEqual(items, ["Follow from your server…"]);
});

// features/until.js hides what closed when it runs, with a document holding these links.
function loadUntil(links) {
  const removed = [];
  const element = (name) => ({ remove: () => removed.push(name) });
  const doc = {
    querySelectorAll: (selector) => (assert.equal(selector, "a[data-until]"), links.map(({ name, until, inList, toggle }) => ({
      dataset: { until },
      closest: (s) => (assert.equal(s, "li"), inList ? element(name + "'s list item") : null),
      nextElementSibling: toggle ? { classList: { contains: (c) => c == "chooser-toggle" }, ...element(name + "'s toggle") } : null,
      ...element(name),
    }))),
  };
  return { context: load(["features/until.js"], { doc }), removed };
}

test("a scheduled link goes when its window closed, with its list item or its toggle", () => {
  const { removed } = loadUntil([
    { name: "closed", until: "2020-01-01T00:00:00Z", inList: true, toggle: true },
    { name: "open", until: "2999-01-01T00:00:00Z", inList: true, toggle: true },
    { name: "closed alone", until: "2020-01-01T00:00:00Z", inList: false, toggle: true },
  ]);
  assert.deepEqual(removed, ["closed's toggle", "closed's list item", "closed alone's toggle", "closed alone"]);
});

test("a scheduled link's window closes at its until, by the visitor's clock", () => {
  const runtime = loadUntil([]).context;
  const until = "2026-12-25T00:00:00Z", closes = Date.UTC(2026, 11, 25);
  assert.equal(runtime.windowClosed(until, closes - 1), false);
  assert.equal(runtime.windowClosed(until, closes), true);
  assert.equal(runtime.windowClosed(until, closes + 86400000), true);
  // An until the runtime cannot read keeps the link: the build already left out what had closed.
  assert.equal(runtime.windowClosed("soon", closes), false);
  assert.equal(runtime.windowClosed(undefined, closes), false);
});

// features/sealed.js: a reader of the links whose data is sealed.
const sealedModule = load(["features/sealed.js"], { linkReaders: [] });

test("sealed data opens only at tap time", () => {
  const json = JSON.stringify({ href: "mailto:ann@exämple.org", copy: "ann@exämple.org" });
  const sealed = Buffer.from(Buffer.from(json, "utf8").reverse()).toString("base64");
  assert.equal(sealed.includes("ann"), false);
  assert.deepEqual(JSON.parse(JSON.stringify(sealedModule.unseal(sealed))), { href: "mailto:ann@exämple.org", copy: "ann@exämple.org" });
  const [read] = sealedModule.linkReaders;
  assert.deepEqual(JSON.parse(JSON.stringify(read({ dataset: { sealed } }))), { href: "mailto:ann@exämple.org", copy: "ann@exämple.org" });
  assert.ok(!read({ dataset: {} }), "a link that is not sealed is read from its attributes");
});
