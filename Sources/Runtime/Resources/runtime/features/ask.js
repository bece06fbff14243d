// Feature module: first_tap: ask. On iOS, a tap on a button whose chain has apps to try (data-first-tap="ask")
// opens its chooser rather than trying the first app, until something was learned for that button: an app that
// opened, or a choice remembered. Runs after the base (decisions.js, page.js), in the same function.

// Whether a tap asks: on iOS, where decide would try an app the visitor did not choose (an app of the chain, however
// many did not open before), with nothing remembered.
function asksFirst(chain, fallback, platform, remembered) {
  var decision = platform == "ios" && decide(chain, fallback, platform, remembered, []);
  return !!decision && !!decision.app && decision.app.id != remembered;
}

// Only buttons that have a chooser ask: its toggle is the link's sibling.
tapTakers.push(function (event, link, data) {
  var toggle = link.parentNode.querySelector(".chooser-toggle"), service = link.dataset.service;
  if (!toggle || link.dataset.firstTap != "ask"
    || !asksFirst(data.chain, data.href, platform, store("app:" + service))) return;
  tell("tap", { service: service, decision: { ask: true } });
  event.preventDefault();
  if (!trying) { // one attempt at a time; its "Open in browser" is the way on
    event.stopImmediatePropagation(); // this very click must not count as one outside the chooser it opens
    openChooser(toggle, link);
  }
  return true;
});
