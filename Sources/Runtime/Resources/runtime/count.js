// sitegen's click counter: only pages with `analytics: {endpoint: …}` carry it, after the runtime, which then tells
// what happens (page.js and the feature modules, tell). Each tap on a contact button ends in one beacon to the endpoint, in
// GoatCounter's event form: POST ?p=click/SERVICE/OUTCOME&e=true. OUTCOME is the app that took over (the page hid),
// "web", "chooser:ID" (an item the visitor took in the chooser: an app that took over, or a web choice), "copy" or
// "follow-remote". Nothing is stored and nothing names the visitor; the body repeats the event for an endpoint
// that reads JSON (Plausible's events API). scripts/minify-runtime.py wraps this in a function of `endpoint`.

// What the counter knows between told events: whether an attempt to open an app runs, the chooser item (an
// app) that started it, and whether a chooser pick replaced a running attempt (whose end then counts nothing).
function countStart() {
  return { trying: false, pick: null, replaced: false };
}

// One told event: the counter's next state and the outcome it counts, or none while the tap is still open.
function countStep(state, name, detail) {
  var next = { trying: state.trying, pick: state.pick, replaced: state.replaced }, outcome = null;
  if (name == "tap") {
    // A tap while an attempt runs is that attempt's; one that asks (the chooser opens) counts the pick later.
    if (!state.trying && (!detail.decision || detail.decision.go)) outcome = "web";
  } else if (name == "pick") {
    next.replaced = state.trying;
    if (/^(https?|mailto|tel|sms):/i.test(detail.url)) outcome = "chooser:" + detail.app;
    else next.pick = detail.app;
  } else if (name == "try") {
    next.trying = true;
  } else if (name == "settled") {
    next.trying = next.replaced = false;
    if (!state.replaced) {
      outcome = detail.state == "opened" ? (state.pick == detail.app ? "chooser:" : "") + detail.app : "web";
      next.pick = null;
    }
  } else if (name == "copy") {
    outcome = "copy";
  } else if (name == "follow") {
    outcome = "follow-remote";
  }
  return { state: next, outcome: outcome };
}

// The beacon's address: GoatCounter reads its parameters from the query, whatever the method.
function countURL(endpoint, service, outcome) {
  return endpoint + "?p=" + encodeURIComponent("click/" + service + "/" + outcome) + "&e=true";
}

var counting = countStart();
["tap", "pick", "try", "settled", "copy", "follow"].forEach(function (name) {
  document.addEventListener("sitegen:" + name, function (event) {
    var step = countStep(counting, name, event.detail), path;
    counting = step.state;
    if (!step.outcome) return;
    path = "click/" + event.detail.service + "/" + step.outcome;
    // The beacon is a keepalive fetch, not navigator.sendBeacon: the same request, which outlives the page the
    // tap leaves, but sendBeacon always sends cookies (the endpoint's, and the page's own on a same-site
    // endpoint), and this sends none.
    fetch(countURL(endpoint, event.detail.service, step.outcome), {
      method: "POST", mode: "no-cors", credentials: "omit", keepalive: true,
      body: JSON.stringify({ name: path, url: location.origin + location.pathname, domain: location.hostname })
    }).catch(function () { }); // an endpoint that is down costs the visitor nothing
    document.dispatchEvent(new CustomEvent("sitegen:counted", { detail: { path: path } })); // for serve's ?debug
  });
});
