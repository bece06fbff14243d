// sitegen runtime, the base's second part: the page. On a tap of a chain button, try at most one app the way this
// browser allows (decide in decisions.js), show that it is trying with a way out, learn whether it worked, and
// otherwise follow the button's own https/mailto link. Each button also gets a chooser: pick an app, open in the
// browser or copy. Without JavaScript the link works as it is and no chooser appears. No cookies; the only requests
// go to a server the visitor names (features/follow.js) and, where the page sets `analytics:`, count.js's one count
// per tap. Runs after decisions.js, inside the same function.

var doc = document, ua = navigator.userAgent, openMenu, trying;
var platform = platformOf(ua, navigator.platform, navigator.maxTouchPoints);

// ---- Where feature modules plug in ----
// A feature a page may lack (following from the visitor's server, sealed addresses, scheduled links, first_tap: ask)
// is a module, features/NAME.js, that sitegen inlines after this file only in pages that have it: it uses this
// file's functions and adds itself here, or listens to the page itself. These are the places it adds to:
// - linkReaders: functions of a link that give its data (see linkData) where it is not in its attributes, else nothing;
// - tapTakers: functions (event, link, data) that may take a tap on a chain button before the page decides what it
//   does, answering whether they did;
// - chooserAdditions: functions (link, item, panel) that add items to a link's chooser, after its apps and before
//   "Copy", with item(label, action).
var linkReaders = [], tapTakers = [], chooserAdditions = [];

// Remembered choices: store(key) reads, store(key, value) writes, store(key, null) forgets.
function store(key, value) {
  try {
    var storage = localStorage;
    key = "sitegen:" + key;
    return value === undefined ? storage.getItem(key) : value ? storage.setItem(key, value) : storage.removeItem(key);
  } catch (e) { } // storage can be off (private modes, policies): then nothing is remembered
}

// The app ids that did not open for this visitor, per service.
function absentApps(service) {
  return (store("absent:" + service) || "").split(" ").filter(Boolean);
}

// An element with attributes and text; text goes in as text, never as markup.
function make(tag, attributes, text, parent) {
  var node = doc.createElement(tag);
  for (var name in attributes) node.setAttribute(name, attributes[name]);
  node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// The button's href, chain and copy text: from a feature's reader (a sealed address is decoded only now), else its
// attributes.
function linkData(link) {
  var data;
  linkReaders.some(function (read) { return data = read(link); });
  return data || { href: link.href, chain: JSON.parse(link.dataset.chain || "[]"), copy: link.dataset.copy };
}

// A sentence of the words with its {placeholders} filled in, into node: each value (a handle, a server, an app, a
// number) isolated left to right (bdi dir=ltr), so that on a right-to-left page @jo@host and +49 151 … keep their
// order.
function fill(node, sentence, values) {
  node.textContent = "";
  sentence.split(/\{(\w+)\}/).forEach(function (part, i) {
    node.append(i % 2 ? make("bdi", { dir: "ltr" }, values[part]) : part);
  });
  return node;
}

function go(url) { location.href = url; }

// What happened, told as a "sitegen:NAME" event on the document to a script beside this one: the counter that
// `analytics:` adds, or serve's ?debug overlay. Every page tells, so that one runtime serves them all.
function tell(name, detail) { doc.dispatchEvent(new CustomEvent("sitegen:" + name, { detail: detail })); }

// The words come from the template (a JSON block with id sitegen-text), so a site can translate them; without that
// block the buttons still work, with no chooser, no progress and no notice.
var words = doc.getElementById("sitegen-text");
words = words && JSON.parse(words.textContent);
var live = words && make("p", { class: "sr-only", role: "status" }, "", doc.body);

// Tries one app for a link: a bar at the foot of the screen says "Opening Ivory…" with an "Open in browser" link
// (announced to screen readers, and the next stop after the button by keyboard), page events move the attempt along
// (nextState), and once it is settled the page keeps what it learned and, unless the app took over, follows the href.
// The bar is fixed to the screen, so nothing on the page moves while it comes and goes (a layout shift of 0).
function attempt(link, data, candidate) {
  if (trying) trying("left"); // a pick from the chooser replaces an attempt still running, learning nothing from it
  var service = link.dataset.service, state = "trying", timer, stall;
  var left = doc.querySelector(".attempt"); // the way out an unanswered attempt left: this attempt brings its own
  if (left) left.remove();
  var bar = words && make("div", { class: "attempt" }), opening = bar && fill(make("span", {}, "", bar), words.opening, { app: candidate.app });
  var way = bar && make("a", { class: "open-web", href: data.href }, words["open-" + link.dataset.copyKind], bar);
  function on(event) {
    if (event == "hidden" && !doc.hidden) return;
    state = nextState(state, event);
    if (!isSettled(state)) return;
    clearTimeout(timer);
    clearTimeout(stall);
    doc.removeEventListener("visibilitychange", onVisibility);
    removeEventListener("pagehide", onLeft);
    removeEventListener("blur", onBlur);
    removeEventListener("focus", onFocus);
    link.removeAttribute("aria-busy");
    // Unanswered, the visitor may still want the web: the way stays, now a plain link to it.
    if (bar) state == "unanswered" ? (way.onclick = null, opening.remove()) : bar.remove();
    if (live) live.textContent = "";
    trying = null;
    var kept = settle(state, candidate, store("app:" + service), absentApps(service));
    tell("settled", { service: service, state: state, app: candidate.id, kept: kept });
    store("app:" + service, kept.remembered);
    store("absent:" + service, kept.absent.join(" "));
    if (kept.go) go(data.href);
  }
  function onVisibility() { on("hidden"); }
  function onLeft() { on("left"); }
  function onBlur() { on("blur"); }
  function onFocus() { on("focus"); }
  doc.addEventListener("visibilitychange", onVisibility);
  addEventListener("pagehide", onLeft);
  addEventListener("blur", onBlur);
  addEventListener("focus", onFocus);
  trying = on;
  if (bar) {
    // The way out counts as "nothing opened": the visitor saw no app and chose the web.
    way.onclick = function (event) { event.preventDefault(); on("web"); };
    link.after(bar);
    link.setAttribute("aria-busy", true);
    live.textContent = opening.textContent + " " + way.textContent;
  }
  tell("try", { service: service, app: candidate.id, url: candidate.url });
  timer = setTimeout(on, STEP_MS, "timeout");
  stall = setTimeout(on, WAIT_MS, "stalled");
  go(candidate.url);
}

// A tap on a chain button.
doc.addEventListener("click", function (event) {
  var link = event.target.closest("a[data-service]");
  if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  var data = linkData(link), service = link.dataset.service;
  if (tapTakers.some(function (take) { return take(event, link, data); })) return;
  var decision = decide(data.chain, data.href, platform, store("app:" + service), absentApps(service));
  tell("tap", { service: service, decision: decision });
  // The browser follows href, unless the link's data goes elsewhere (a sealed address's href is only "#").
  if (!decision && data.href == link.href) return;
  event.preventDefault();
  if (trying) return; // one attempt at a time; its "Open in browser" is the way on
  if (!decision) go(data.href);
  else if (decision.go) go(decision.go);
  else attempt(link, data, decision.app);
});

// Copies text and says so in item. Where copying is refused (or there is no clipboard: pages served over plain http),
// item shows the text to copy by hand, or, for a label that must keep its size (`brief`: Share, whose text is the
// page's own address), says it could not copy.
function copy(text, item, brief) {
  function failed() {
    brief ? item.textContent = words["not-copied"] : fill(item, "{text}", { text: text });
    item.classList.add("copy-failed");
    if (brief) live.textContent = words["not-copied"];
  }
  try {
    navigator.clipboard.writeText(text).then(function () {
      item.textContent = words.copied;
      live.textContent = words.copied;
    }, failed);
  } catch (e) { failed(); }
}

// ---- The chooser ----

function closeMenu(focusToggle) {
  if (!openMenu) return;
  openMenu.t.setAttribute("aria-expanded", false);
  openMenu.p.remove();
  if (focusToggle) openMenu.t.focus();
  openMenu = null;
}

function menuItems() { return Array.from(openMenu.p.querySelectorAll("[role=menuitem]")); }

// The chooser's items, short enough for a phone's screen: the visitor's own default first (the link itself: "Open in
// browser", or for an address "Your mail app"), then the apps for this platform whose URL a primary source documents
// (and any the chain tries, or the visitor chose before), in chain order; the rest wait under "More apps…". The
// service's own app shows the button's logo. Items go in `menu`, the list under the chooser's title.
function fillMenu(menu, link) {
  var data = linkData(link), service = "app:" + link.dataset.service, remembered = store(service), logo = link.querySelector(".icon");
  function item(label, action, id, before) {
    var button = make("button", { class: "chooser-item", type: "button", role: "menuitem", tabindex: -1 }, label);
    if (id == link.dataset.service && logo) button.prepend(logo.cloneNode(true));
    menu.insertBefore(button, before || null);
    if (id && id == remembered) button.setAttribute("aria-current", true); // the remembered choice
    button.onclick = function () { action(button); };
    return button;
  }
  // A web choice (and the browser) always works, so it is remembered at once; an app only once it has opened.
  function choose(candidate) {
    return function () {
      closeMenu();
      tell("pick", { service: link.dataset.service, app: candidate.id, url: candidate.url });
      if (isAppURL(candidate.url)) return attempt(link, data, candidate);
      store(service, candidate.id);
      go(candidate.url);
    };
  }
  item(words["open-" + link.dataset.copyKind], choose({ id: "browser", url: data.href }), "browser");
  var candidates = candidatesFor(data.chain, platform), more = candidates.filter(function (c) { return c.more && c.id != remembered; });
  candidates.forEach(function (c) { if (more.indexOf(c) < 0) item(c.app, choose(c), c.id); });
  // The rest in its place: the chooser keeps its height limit, and scrolls its list where they do not all fit.
  if (more.length) item(words.others || "More apps…", function (button) {
    more.forEach(function (c) { item(c.app, choose(c), c.id, button); });
    menuItems()[menuItems().indexOf(button) - more.length].focus();
    button.remove();
  });
  chooserAdditions.forEach(function (add) { add(link, item, menu); });
  item(words["copy-" + link.dataset.copyKind], function (button) {
    tell("copy", { service: link.dataset.service });
    copy(data.copy, button);
  });
  if (remembered) item(words.forget, function () { store(service, null); live.textContent = words.forgotten; closeMenu(1); });
}

// The chooser opens below its button, or above it where it does not fit below and the screen has more room above;
// it is never taller than that room (its list scrolls), so it stays on the screen and off its button. The arrow
// points to it.
function place(panel, toggle) {
  var button = panel.parentNode.getBoundingClientRect(), gap = 8;
  var below = innerHeight - button.bottom - 2 * gap, above = button.top - 2 * gap;
  var up = panel.getBoundingClientRect().height > below && above > below;
  panel.classList.toggle("up", up);
  toggle.classList.toggle("up", up);
  panel.style.maxHeight = Math.max(up ? above : below, 0) + "px";
  panel.scrollIntoView({ block: "nearest" });
}

function openChooser(toggle, link) {
  var wasOpen = openMenu && openMenu.t == toggle;
  closeMenu();
  if (wasOpen) return;
  // A title (the button's own label, its handle kept left to right) with a close control, then the list.
  var label = toggle.getAttribute("aria-label"), panel = make("div", { class: "chooser" });
  var head = make("div", { class: "chooser-head" }, "", panel), title = make("p", { class: "chooser-title" }, "", head);
  title.append.apply(title, Array.from(link.querySelector(".label").cloneNode(true).childNodes));
  make("button", { class: "chooser-close", type: "button", "aria-label": words.close }, "\u00d7", head).onclick = function () { closeMenu(1); };
  var menu = make("div", { class: "chooser-list", role: "menu", "aria-label": label }, "", panel);
  fillMenu(menu, link);
  toggle.after(panel);
  toggle.setAttribute("aria-expanded", true);
  openMenu = { t: toggle, p: panel };
  place(panel, toggle);
  menuItems()[0].focus({ preventScroll: true });
}

doc.addEventListener("keydown", function (event) {
  if (!openMenu) return;
  var items = menuItems(), n = items.length, i = items.indexOf(doc.activeElement);
  var move = { ArrowDown: i + 1, ArrowUp: i - 1 + n, Home: 0, End: n - 1 }[event.key];
  if (event.key == "Escape") closeMenu(1);
  else if (event.key == "Tab") return i < 0 || closeMenu(); // Tab leaves a menu, and moves on in the follow form
  else if (move == null || !n) return;
  else items[move % n].focus();
  event.preventDefault();
});

doc.addEventListener("click", function (event) {
  // The event's path, not its target: a menu item may have replaced itself (the follow form) by now.
  var path = event.composedPath();
  if (openMenu && path.indexOf(openMenu.p) < 0 && path.indexOf(openMenu.t) < 0) closeMenu();
});

// Chooser toggles go beside the links inside elements that the template marks with data-chooser (where the page has
// its words: without them no chooser, no in-app notice and no share button appear, and the buttons still work), but
// not in a row of round logos (a section with icons: true), too small for one.
if (words) doc.querySelectorAll("[data-chooser] :not(.icon-row) > li > a[data-service]").forEach(function (link) {
  var label = words.more + " " + link.textContent.trim();
  var toggle = make("button", { class: "chooser-toggle", type: "button", "aria-haspopup": "menu", "aria-expanded": false, "aria-label": label });
  link.after(toggle);
  toggle.onclick = function () { openChooser(toggle, link); };
});

// A page coming back from the back-forward cache ends any attempt it was in.
addEventListener("pageshow", function (event) { if (event.persisted && trying) trying("left"); });

// ---- In-app browsers ----

var app = words && inAppBrowser(ua, function (name) { return name in window; });
tell("detected", { platform: platform, app: app && app.app });
if (app) {
  // A block above the card (the body lays its children out in a column), a landmark of its own, as all content is.
  var banner = make("aside", { class: "in-app" }), out = escapeURL(app, platform, location.href, iosVersion(ua));
  fill(make("p", {}, "", banner), words["in-app"], { app: app.app });
  if (out) make("a", { class: "in-app-action", href: out }, words.leave, banner);
  else {
    var action = make("button", { class: "in-app-action", type: "button" }, words["copy-page"], banner);
    action.onclick = function () { copy(location.href, action); };
    make("p", { class: "in-app-how" }, words["in-app-how"], banner);
  }
  doc.body.prepend(banner);
  // Downloads fail in several in-app browsers: the vCard link becomes "Copy contact".
  doc.querySelectorAll("a[download][href$='.vcf']").forEach(function (save) {
    var button = make("button", { class: save.className, type: "button" }, words["copy-contact"]);
    button.onclick = function () { copy(contactText(), button); };
    save.replaceWith(button);
  });
}

// The page's name, each contact button's label with its handle, address or link, and the page's address.
function contactText() {
  var heading = doc.querySelector("h1"), lines = [heading ? heading.textContent.trim() : doc.title];
  doc.querySelectorAll("[data-chooser] .button").forEach(function (link) {
    var data = linkData(link);
    lines.push(link.textContent.trim() + ": " + (data.copy || data.href));
  });
  return lines.concat(location.href).join("\n");
}

// ---- Share (the page's own address) ----
// The template's share button stays hidden without JavaScript. With the Web Share API (phones, Safari, Edge) it
// opens the system's share sheet; elsewhere it copies the page's address, and the button says so for a while.
var share = words && doc.querySelector("[data-share] .share");
if (share) {
  var shareLabel = share.lastChild;
  shareLabel.textContent = words.share;
  share.hidden = false;
  share.onclick = function () {
    var url = (doc.querySelector("link[rel=canonical]") || location).href;
    navigator.share ? navigator.share({ title: doc.title, url: url }).catch(function () { }) : copy(url, shareLabel, 1);
    setTimeout(function () {
      shareLabel.textContent = words.share;
      shareLabel.classList.remove("copy-failed");
    }, 3000);
  };
}
