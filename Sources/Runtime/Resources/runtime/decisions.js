// sitegen runtime, the base's first part: the decisions, as pure functions with no DOM, tested with node --test.
// Every page inlines decisions.js and page.js, in that order, then the modules of the features it has
// (features/*.js), all in one function (see scripts/minify-runtime.py).

var STEP_MS = 1000; // WebKit carries a tap's user gesture into timers only up to 1000 ms.
var WAIT_MS = 5000; // The longest a tap shows "Opening…": a prompt nobody answers must not leave it for good.

// iPadOS reports a Mac user agent but has touch points.
function platformOf(ua, platform, touchPoints) {
  return /iPhone|iPad|iPod/.test(ua) || (platform == "MacIntel" && touchPoints > 1) ? "ios" : /Android/.test(ua) ? "android" : "desktop";
}

// The iOS major version from the user agent ("OS 17_4"), or 0.
function iosVersion(ua) {
  var m = / OS (\d+)_/.exec(ua);
  return m ? +m[1] : 0;
}

// A URL that leaves the browser for an app (a custom scheme or an Android intent).
function isAppURL(url) {
  return !/^(https?|mailto|tel|sms):/i.test(url);
}

// The chain's candidates for this platform. The chain leaves out what goes without saying: a candidate's id where it
// is its app's name in lower case (filled in here), its platforms where it runs on every one.
function candidatesFor(chain, platform) {
  return chain.filter(function (c) {
    c.id = c.id || c.app.toLowerCase();
    return !c.platforms || c.platforms.indexOf(platform) >= 0;
  });
}

// What one tap on a chain button does. Every iOS scheme without its app costs the visitor an alert that the page
// can neither see nor suppress, so a tap launches at most one app URL, on every platform:
// - the app that worked for this visitor before (remembered), else
// - on iOS, the next app of the chain (those marked auto, in order) not yet marked absent for this visitor; on
//   Android, the chain's intent: URL;
// - else nothing: the browser follows the button's href.
// chain: the button's candidates; remembered: an app id, "browser" or null; absent: app ids that did not open.
// Returns { app: candidate } (try it, then the href), { go: url } (a web choice) or null.
function decide(chain, fallback, platform, remembered, absent) {
  if (remembered == "browser") return null;
  var candidates = candidatesFor(chain, platform), chosen = candidates.find(function (c) { return c.id == remembered; });
  if (chosen) return isAppURL(chosen.url) ? { app: chosen } : { go: chosen.url };
  // Android takes only intent: URLs, which carry their own browser fallback.
  var apps = candidates.filter(function (c) { return c.auto && isAppURL(c.url) && (platform == "ios" || /^intent:/i.test(c.url)); });
  var untried = apps.find(function (c) { return (absent || []).indexOf(c.id) < 0; });
  if (platform == "ios") {
    if (/^mailto:/i.test(fallback)) return null; // mailto already opens the visitor's own mail app
  } else if (platform != "android") return null;
  return untried ? { app: untried } : null;
}

// How an attempt to open an app goes, one page event at a time. Safari's "Open in 'App'?" prompt does not stop
// timers, so the fallback timer alone would send a visitor who is still deciding to the web behind the prompt:
// - "hidden" (document.hidden): the app took over: "opened";
// - "blur" without hidden: the browser is asking: "asking", and the timer no longer counts;
// - "focus" back while asking, still not hidden: the visitor declined: "declined";
// - "timeout" (STEP_MS) while still "trying": no app answered: "absent";
// - "web" (the visitor took "Open in browser" beside the button): "absent", at once;
// - "left" (pagehide: the page itself navigated, such as Chrome following an intent's fallback): "left";
// - "stalled" (WAIT_MS) while still asking: neither the page hid nor did focus come back (a protocol dialog left
//   open, a blur from elsewhere): "unanswered", which learns nothing and leaves "Open in browser" to the visitor.
function nextState(state, event) {
  if (state != "trying" && state != "asking") return state;
  return { hidden: "opened", left: "left", web: "absent", blur: "asking", focus: state == "asking" ? "declined" : state,
    timeout: state == "trying" ? "absent" : state, stalled: "unanswered" }[event] || state;
}

function isSettled(state) {
  return state != "trying" && state != "asking";
}

// What the page keeps once an attempt is settled, and whether it now follows the href. An app that opened is
// remembered (a chooser pick only now, after it worked) and tried first next time; one that did not is marked
// absent, so the next tap tries the next app, and is forgotten if it was remembered. A declined prompt counts as
// absent too: the visitor said no to that app, and the blur may have been the alert of a missing one.
function settle(state, candidate, remembered, absent) {
  if (state == "unanswered") return { remembered: remembered, absent: absent || [], go: false };
  absent = (absent || []).filter(function (id) { return id != candidate.id; });
  if (state == "opened") return { remembered: candidate.id, absent: absent, go: false };
  if (state == "left") return { remembered: remembered, absent: absent, go: false };
  return { remembered: remembered == candidate.id ? null : remembered, absent: absent.concat(candidate.id), go: true };
}

// In-app browsers as data: how each one's user agent (or, for Telegram, a global it defines) gives it away, and
// how a visitor leaves it for a real browser on iOS and Android (keyed by platformOf's names). Escapes: "intent" (Android: an intent:
// URL without a package opens the default browser), "x-safari" (iOS 17+: x-safari-https://… opens Safari),
// "instagram" (instagram://extbrowser/?url=…), "line" (?openExternalBrowser=1). None: no escape works, so the
// visitor gets "Copy link" and how to open it from the app's menu. Each entry's source is the comment above it
// (collected in shared/notes/in-app-browsers.md); comments cost the page nothing once minified.
var IN_APP_BROWSERS = [
  // UA: shalanah/inapp-spy regexAppName.ts; x-safari broke in Instagram 424 (inapp-debugger #22), extbrowser verified on Instagram 445 (inapp-debugger #23); intent: developer.chrome.com/docs/android/intents, inapp-debugger README
  { app: "Instagram", ua: /\bInstagram\b/, ios: "instagram", android: "intent" },
  // UA: inapp-spy regexAppName.ts; escapes: shalanah/inapp-debugger README (2024-10/11)
  { app: "Messenger", ua: /FBAN\/MessengerForiOS|FB_IAB\/MESSENGER/, ios: "x-safari", android: "intent" },
  // UA: inapp-spy regexAppName.ts, faisalman/ua-parser-js; escapes: inapp-debugger README (x-safari fails in half-screen ads, inapp-spy #53)
  { app: "Facebook", ua: /FBAN\/FBIOS|FB_IAB\/FB4A|FBAV\/|MetaIAB Facebook/, ios: "x-safari", android: "intent" },
  // UA (Android): inapp-spy regexAppName.ts; escapes: inapp-debugger README
  { app: "Threads", ua: /\bBarcelona\b/, ios: "x-safari", android: "intent" },
  // UA: inapp-spy regexAppName.ts, ua-parser-js; Android intent "not dependable" (inapp-debugger README)
  { app: "TikTok", ua: /musical_ly|BytedanceWebview|\btrill_/, ios: "x-safari" },
  // UA: inapp-spy, ua-parser-js; escapes: inapp-debugger README (Android uses a Custom Tab)
  { app: "LinkedIn", ua: /LinkedInApp/, ios: "x-safari" },
  // UA: inapp-spy, ua-parser-js; nothing escapes X for iPhone 11.43 (inapp-debugger #15)
  { app: "X", ua: /Twitter for iPhone|TwitterAndroid/ },
  // UA: inapp-spy, ua-parser-js; no iOS escape (inapp-debugger README)
  { app: "Snapchat", ua: /Snapchat\// },
  // UA: inapp-spy, ua-parser-js; openExternalBrowser=1: developers.line.biz using-line-url-scheme (community for the name)
  { app: "LINE", ua: /\bLine\/\d/, ios: "line", android: "line" },
  // UA: inapp-spy, ua-parser-js; no escape on either platform (inapp-debugger README)
  { app: "WeChat", ua: /MicroMessenger\// },
  // UA: ampproject/amphtml test-dynamic-classes.js; no escape found
  { app: "Pinterest", ua: /\[Pinterest\/(iOS|Android)\]/ },
  // globals: inapp-spy detectTelegram.ts; escapes: inapp-debugger README
  { app: "Telegram", globals: ["TelegramWebview", "TelegramWebviewProxy", "TelegramWebviewProxyProto"], ios: "x-safari", android: "intent" },
];

// The in-app browser this page is in, or null in a real browser. has(name) tells whether a global exists.
function inAppBrowser(ua, has) {
  return IN_APP_BROWSERS.find(function (entry) {
    return entry.ua ? entry.ua.test(ua) : has && entry.globals.some(has);
  }) || null;
}

// The URL that takes this page out of the in-app browser, or null when only copying the link is left.
function escapeURL(entry, platform, href, ios) {
  var kind = entry[platform], m = /^(https?):\/\/(.*)$/.exec(href);
  if (!m || !kind) return null;
  if (kind == "intent") return "intent://" + m[2].replace(/#.*/, "") + "#Intent;scheme=" + m[1] + ";end";
  if (kind == "line") return (href = href.replace(/#.*/, "")) + (href.indexOf("?") < 0 ? "?" : "&") + "openExternalBrowser=1";
  if (kind == "instagram") return "instagram://extbrowser/?url=" + encodeURIComponent(href);
  return ios >= 17 ? "x-safari-" + href : null; // x-safari: iOS 17 and later
}
