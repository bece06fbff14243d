// sitegen runtime: on a tap of a chain button, try the visitor's app the way this browser allows,
// then fall back to the button's own https/mailto link. Without JavaScript the link works as it is.
(function () {
  "use strict";
  var STEP_MS = 1000; // WebKit carries a tap's user gesture into timers only up to 1000 ms.

  // Which platform's app candidates apply. iPadOS reports a Mac user agent but has touch points.
  function platformOf(userAgent, platform, maxTouchPoints) {
    if (/iPhone|iPad|iPod/.test(userAgent)) return "ios";
    if (platform === "MacIntel" && maxTouchPoints > 1) return "ios";
    if (/Android/.test(userAgent)) return "android";
    return "desktop";
  }

  // Chromium-family browsers allow one external-protocol launch per tap.
  function isChromium(userAgent) {
    return /Chrome\/|Chromium\/|CriOS\/|EdgA?\//.test(userAgent);
  }

  // The app URLs to try, in order, before the fallback link. Pure, so it is tested without a browser.
  function plan(chain, fallback, platform, chromium) {
    if (platform !== "ios") return []; // desktop: no scheme prompts; Android: https opens verified apps
    if (/^mailto:/i.test(fallback)) return []; // mailto already opens the visitor's own default mail app
    var urls = [];
    for (var i = 0; i < chain.length; i++) {
      // Only app schemes: an https candidate (web compose) would leave the page and end the chain.
      if (chain[i].platforms.indexOf(platform) >= 0 && !/^https?:/i.test(chain[i].url)) urls.push(chain[i].url);
    }
    return chromium ? urls.slice(0, 1) : urls;
  }

  if (typeof module === "object" && module.exports) {
    module.exports = { platformOf: platformOf, isChromium: isChromium, plan: plan, STEP_MS: STEP_MS };
    return;
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest && event.target.closest("a[data-chain]");
    if (!link) return;
    var chain;
    try { chain = JSON.parse(link.getAttribute("data-chain")); } catch (e) { return; }
    var ua = navigator.userAgent;
    var urls = plan(chain, link.href, platformOf(ua, navigator.platform, navigator.maxTouchPoints || 0), isChromium(ua));
    if (!urls.length) return; // the browser follows href
    event.preventDefault();
    var left = false;
    function onLeave() { left = true; }
    document.addEventListener("visibilitychange", onLeave, { once: true });
    window.addEventListener("pagehide", onLeave, { once: true });
    var steps = urls.concat([link.href]);
    (function next(index) {
      if (left || index >= steps.length) return;
      window.location.href = steps[index];
      if (index + 1 < steps.length) setTimeout(function () { next(index + 1); }, STEP_MS);
    })(0);
  });
})();
