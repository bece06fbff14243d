// sitegen runtime, part 1 of 2: the decisions, as pure functions with no DOM, tested with node --test.
// sitegen inlines chain-decisions.js and chain-page.js, in that order, into one function in every page.

var STEP_MS = 1000; // WebKit carries a tap's user gesture into timers only up to 1000 ms.

// iPadOS reports a Mac user agent but has touch points.
function platformOf(ua, platform, touchPoints) {
  return /iPhone|iPad|iPod/.test(ua) || (platform == "MacIntel" && touchPoints > 1) ? "ios" : /Android/.test(ua) ? "android" : "desktop";
}

// Chromium-family browsers allow one external-protocol launch per tap.
function isChromium(ua) {
  return /Chrome\/|Chromium|CriOS|EdgiOS/.test(ua); // Edge and Opera say Chrome/ too
}

// The social app whose in-app browser this is, where app links often fail; null in a real browser.
function inAppBrowser(ua) {
  var m = /Instagram|FBA[NV]|FB_IAB|Bytedance|TikTok|LinkedInApp|Twitter/.exec(ua); // TikTok's webview says Bytedance
  return m && ({ F: "Facebook", B: "TikTok", L: "LinkedIn", T: "X" }[m[0][0]] || m[0]);
}

// A URL that leaves the browser for an app (a custom scheme or an Android intent).
function isAppURL(url) {
  return !/^(https?|mailto|tel|sms):/i.test(url);
}

function candidatesFor(chain, platform) {
  return chain.filter(function (c) { return c.platforms.indexOf(platform) >= 0; });
}

// The URLs to try, in order, before the button's own link. chain: the button's candidates, those to try
// unasked marked auto; remembered: the app id the visitor chose for this service, "browser", or null.
function plan(chain, fallback, platform, chromium, remembered) {
  var urls = [], steps = [], launches = 0;
  if (remembered == "browser") return steps;
  chain = candidatesFor(chain, platform);
  chain.forEach(function (c) { if (c.id == remembered) urls.push(c.url); });
  chain.forEach(function (c) {
    // iOS walks the app schemes, except for mailto, which already opens the visitor's own mail app.
    // Android takes an intent: URL, which carries its own browser fallback, only when nothing was chosen.
    // Only candidates marked auto are tried unasked; the others wait in the chooser.
    if (c.auto && (platform == "ios" ? isAppURL(c.url) && !/^mailto:/i.test(fallback) && urls.indexOf(c.url) < 0
      : platform == "android" && !urls.length && /^intent:/i.test(c.url))) urls.push(c.url);
  });
  urls.some(function (url) {
    if (!isAppURL(url)) return steps.push(url); // a web page ends the chain
    if (!chromium || !launches++) steps.push(url); // never a second custom scheme in one Chromium tap
  });
  return steps;
}

// "@you@example.social", "you@example.social", "example.social" or "https://example.social/".
function parseHome(input) {
  var m = /^(?:https?:\/\/)?@?(?:([^@\s\/]+)@)?([\w-]+(?:\.[\w-]+)+(?::\d+)?)\/?$/i.exec(String(input || "").trim());
  return m && { host: m[2].toLowerCase(), user: m[1] || null };
}

// WebFinger on the visitor's server, about their account or, given only a server, its instance actor.
function webfingerURL(home) {
  var name = home.host.replace(/:\d+$/, "");
  return serverURL(home, "/.well-known/webfinger?resource=", home.user ? home.user + "@" + home.host : name + "@" + name);
}

// An https URL on the visitor's server with an acct: URI as its last, encoded part.
function serverURL(home, path, acct) {
  return "https://" + home.host + path + encodeURIComponent("acct:" + acct);
}

// The remote-follow URL from a WebFinger answer's https subscribe template, or null.
function followFromWebfinger(json, acct) {
  var found = null;
  ((json && json.links) || []).some(function (link) {
    var t = link.template;
    return link.rel == "http://ostatus.org/schema/1.0/subscribe" && /^https:\/\/.*\{uri\}/i.test(t) && (found = t.replace("{uri}", encodeURIComponent("acct:" + acct)));
  });
  return found;
}

function guessedFollowURL(home, acct) {
  return serverURL(home, "/authorize_interaction?uri=", acct);
}

// Sealed data: base64 of the reversed UTF-8 bytes of JSON, so an address is never in the page as text.
function unseal(text) {
  var bytes = Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); }).reverse();
  return JSON.parse(new TextDecoder().decode(bytes));
}
