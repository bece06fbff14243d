// Added by `sitegen serve` to every HTML page it serves (never written to Output/): reloads the page after
// each successful rebuild, and shows a failed build's errors over the last good page.
(function () {
  "use strict";
  var events = new EventSource(document.currentScript.getAttribute("data-events"));
  var overlay = null;

  events.addEventListener("reload", function () {
    location.reload();
  });

  // Styles are set through the CSSOM: the page's Content-Security-Policy allows no <style> of ours.
  function style(element, css) {
    element.style.cssText = css;
  }

  events.addEventListener("build-error", function (event) {
    if (!overlay) {
      overlay = document.createElement("sitegen-build-error");
      // A shadow root keeps the page's styles off the overlay and the overlay's off the page.
      overlay.attachShadow({ mode: "open" });
      style(overlay, "all:initial;position:fixed;inset:0;z-index:2147483647;overflow:auto;" +
        "background:rgba(24,24,27,.94);color:#f4f4f5;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace");
      document.documentElement.appendChild(overlay);
    }
    // The server escaped the diagnostics into this HTML itself.
    overlay.shadowRoot.innerHTML = event.data;
    var section = overlay.shadowRoot.querySelector("section");
    if (section) style(section, "display:block;max-width:60rem;margin:2rem auto;padding:0 1.5rem");
    var heading = overlay.shadowRoot.querySelector("h1");
    if (heading) style(heading, "color:#fca5a5;font-size:1.1rem");
    var pre = overlay.shadowRoot.querySelector("pre");
    if (pre) style(pre, "white-space:pre-wrap;background:#000;padding:1rem;border-radius:.5rem");
  });
})();
