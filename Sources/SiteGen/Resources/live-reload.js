// Added by `sitegen serve` to every HTML page it serves (never written to Output/): reloads the page after
// each successful rebuild, and shows a failed build's errors over the last good page.
(function () {
  "use strict";
  var script = document.currentScript;
  var events = new EventSource(script.getAttribute("data-events"));
  var overlay = null;

  events.addEventListener("reload", function () {
    location.reload();
  });

  events.addEventListener("build-error", function (event) {
    if (!overlay) {
      overlay = document.createElement("sitegen-build-error");
      // A shadow root keeps the page's styles off the overlay and the overlay's off the page.
      overlay.attachShadow({ mode: "open" });
      document.documentElement.appendChild(overlay);
    }
    // The server escaped the diagnostics into this HTML itself.
    overlay.shadowRoot.innerHTML =
      "<style>:host{all:initial;position:fixed;inset:0;z-index:2147483647;overflow:auto;" +
      "background:rgba(24,24,27,.94);color:#f4f4f5;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}" +
      "section{max-width:60rem;margin:2rem auto;padding:0 1.5rem}h1{color:#fca5a5;font-size:1.1rem}" +
      "pre{white-space:pre-wrap;background:#000;padding:1rem;border-radius:.5rem}</style>" + event.data;
  });
})();
