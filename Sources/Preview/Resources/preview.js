// sitegen serve's preview script: in the head of every page serve renders (never in Output/), before the runtime.
// ?simulate=NAME makes the page believe it runs in that browser (an in-app browser such as instagram-ios, or plain
// ios / android): the runtime then decides as it would there. ?debug shows an overlay of what the runtime tells
// (SiteGen's Resources/runtime, tell): the platform and in-app browser it detected, each app it tries, whether the page hid,
// and what it remembered; and on a page with `analytics:`, what the counter counted (runtime/count.js). Without either parameter this script does nothing.
(function () {
  var query = new URLSearchParams(location.search), simulate = query.get("simulate");
  var debug = query.has("debug"), lines = [], panel;

  // The user-agent tokens the runtime's IN_APP_BROWSERS table looks for (runtime/decisions.js): [iOS, Android],
  // or one for both. Telegram has no token: it is known by the global its web view defines.
  var IN_APP = {
    instagram: ["Instagram 330.0.0.0"], messenger: ["FBAN/MessengerForiOS", "FB_IAB/MESSENGER"],
    facebook: ["FBAN/FBIOS;FBAV/460.0", "[FB_IAB/FB4A;FBAV/460.0.0.0;]"], threads: ["Barcelona 330.0.0.0"],
    tiktok: ["musical_ly_34.0.0 BytedanceWebview/d8a21c6"], linkedin: ["[LinkedInApp]"],
    x: ["Twitter for iPhone", "TwitterAndroid"], snapchat: ["Snapchat/12.80.0.40"], line: ["Safari Line/13.20.0", "Line/13.20.0/IAB"],
    wechat: ["MicroMessenger/8.0.49"], pinterest: ["[Pinterest/iOS]", "[Pinterest/Android]"], telegram: [""]
  };
  var BASE = {
    ios: ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148", "iPhone"],
    android: ["Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36", "Linux armv8l"]
  };

  // The browser a ?simulate= name stands for: { ua, platform, global }, or null for an unknown name.
  function simulated(name) {
    var m = /^(?:([a-z]+)-)?(ios|android)$/.exec(name || ""), base = m && BASE[m[2]], tokens = m && m[1] && IN_APP[m[1]];
    if (!base || (m[1] && !tokens)) return null;
    if (!m[1]) return { ua: base[0] + (m[2] == "ios" ? " Version/17.4 Safari/604.1" : ""), platform: base[1] };
    var token = tokens[m[2] == "ios" ? 0 : tokens.length - 1];
    return { ua: base[0] + (token ? " " + token : ""), platform: base[1],
      global: m[1] == "telegram" ? (m[2] == "ios" ? "TelegramWebviewProxy" : "TelegramWebview") : null };
  }

  function log(text) {
    lines.push(text);
    if (panel) panel.textContent = lines.join("\n");
  }

  if (simulate) {
    var as = simulated(simulate);
    if (as) {
      var fixed = { userAgent: as.ua, platform: as.platform, maxTouchPoints: 5 };
      for (var name in fixed) Object.defineProperty(navigator, name, { value: fixed[name], configurable: true });
      if (as.global) window[as.global] = {};
      log("simulating " + simulate + ": " + as.ua);
    } else {
      log("?simulate=" + simulate + " is unknown: try ios, android or one of " + Object.keys(IN_APP).map(function (k) { return k + "-ios"; }).join(", "));
    }
  }
  if (!debug) {
    if (simulate) console.info("sitegen preview: " + lines.join("; "));
    return;
  }

  var remembered = [];
  try {
    for (var i = 0; i < localStorage.length; i++) {
      var key = localStorage.key(i);
      if (key.indexOf("sitegen:") == 0) remembered.push(key.slice(8) + "=" + localStorage.getItem(key));
    }
  } catch (e) { remembered.push("(storage is off)"); }
  log("remembered at load: " + (remembered.join(", ") || "nothing"));

  function describe(decision) {
    if (!decision) return "follow the link";
    if (decision.ask) return "open the chooser";
    if (decision.go) return "go to " + decision.go;
    return "try " + decision.app.app + " (" + decision.app.id + ")";
  }
  var TOLD = {
    detected: function (d) { return "platform: " + d.platform + "; in-app browser: " + (d.app || "none"); },
    tap: function (d) { return "tap " + d.service + ": " + describe(d.decision); },
    pick: function (d) { return "chooser " + d.service + ": picked " + d.app + " (" + d.url + ")"; },
    try: function (d) { return "trying " + d.app + ": " + d.url; },
    settled: function (d) {
      return "settled " + d.app + ": " + d.state + (d.state == "opened" ? " (the page hid)" : "") + "; remembered: "
        + (d.kept.remembered || "nothing") + "; absent: " + (d.kept.absent.join(" ") || "none") + (d.kept.go ? "; following the link" : "");
    },
    copy: function (d) { return "chooser " + d.service + ": copy"; },
    follow: function (d) { return "chooser " + d.service + ": follow from your server"; },
    counted: function (d) { return "counted " + d.path + " (analytics:)"; }
  };
  Object.keys(TOLD).forEach(function (name) {
    document.addEventListener("sitegen:" + name, function (event) { log(TOLD[name](event.detail)); });
  });
  document.addEventListener("visibilitychange", function () { log(document.hidden ? "page hidden" : "page visible again"); });
  addEventListener("pagehide", function () { log("page left (pagehide)"); });
  addEventListener("blur", function () { log("page lost focus (a prompt?)"); });

  // The overlay: text only, styled through the CSSOM (the page's policy allows no style attribute), and it lets
  // taps through to the buttons under it.
  document.addEventListener("DOMContentLoaded", function () {
    panel = document.createElement("pre");
    panel.id = "sitegen-debug";
    panel.setAttribute("role", "log");
    panel.style.cssText = "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;margin:0;padding:6px 8px;max-height:40vh;overflow:auto;"
      + "background:rgba(0,0,0,.85);color:#fff;font:12px/1.35 ui-monospace,monospace;white-space:pre-wrap;pointer-events:none";
    panel.textContent = lines.join("\n");
    document.body.appendChild(panel);
  });
})();
