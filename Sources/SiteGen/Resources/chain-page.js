// sitegen runtime, part 2 of 2: the page. On a tap of a chain button, open the visitor's app the way this
// browser allows, then fall back to the button's own https/mailto link. Each button also gets a chooser: pick
// an app (remembered), open in the browser, copy, or follow from your own fediverse server. Without JavaScript
// the link works as it is and no chooser appears. No cookies, no analytics; the only requests go to a server
// the visitor names. Runs after chain-decisions.js, inside the same function.

var doc = document, ua = navigator.userAgent, openMenu;
var platform = platformOf(ua, navigator.platform, navigator.maxTouchPoints);
var chromium = isChromium(ua);

// Remembered choices: store(key) reads, store(key, value) writes, store(key, null) forgets.
function store(key, value) {
  try {
    var storage = localStorage;
    key = "sitegen:" + key;
    return value === undefined ? storage.getItem(key) : value ? storage.setItem(key, value) : storage.removeItem(key);
  } catch (e) { } // storage can be off (private modes, policies): then nothing is remembered
}

// An element with attributes and text; text goes in as text, never as markup.
function make(tag, attributes, text, parent) {
  var node = doc.createElement(tag);
  for (var name in attributes) node.setAttribute(name, attributes[name]);
  node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// The button's href, chain and copy text; sealed buttons keep theirs encoded until now.
function linkData(link) {
  var sealed = link.dataset.sealed;
  return sealed ? unseal(sealed) : { href: link.href, chain: JSON.parse(link.dataset.chain || "[]"), copy: link.dataset.copy };
}

function go(url) { location.href = url; }

// A tap: try each step at most STEP_MS apart, stopping once an app has taken over the screen.
doc.addEventListener("click", function (event) {
  var link = event.target.closest("a[data-service]");
  if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  var data = linkData(link), left;
  var steps = plan(data.chain, data.href, platform, chromium, store("app:" + link.dataset.service));
  if (!steps.length && !link.dataset.sealed) return; // the browser follows href
  event.preventDefault();
  // A web step leaves the page, so the link's own href follows only app steps.
  if (!steps.length || isAppURL(steps[steps.length - 1])) steps.push(data.href);
  function onLeave() { left = 1; }
  doc.addEventListener("visibilitychange", onLeave);
  addEventListener("pagehide", onLeave);
  (function next(i) {
    if (left || i >= steps.length) return;
    go(steps[i]);
    setTimeout(next, STEP_MS, i + 1);
  })(0);
});

// The words the chooser shows come from the template (a JSON block with id sitegen-text), so a site can
// translate them; without that block the buttons still work, with no chooser.
var words = doc.getElementById("sitegen-text");
if (!words) return;
words = JSON.parse(words.textContent);

var live = make("p", { class: "sr-only", role: "status" }, "", doc.body);

function copy(text, item) {
  navigator.clipboard.writeText(text).then(function () {
    item.textContent = words.copied;
    live.textContent = words.copied;
  }, function () { item.textContent = text; });
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

function fillMenu(panel, link) {
  var data = linkData(link), service = "app:" + link.dataset.service, remembered = store(service), acct = link.dataset.acct;
  function item(label, action, id) {
    var button = make("button", { class: "chooser-item", type: "button", role: "menuitem", tabindex: -1 }, label, panel);
    if (id && id == remembered) button.setAttribute("aria-current", true); // the remembered choice
    button.onclick = function () { action(button); };
  }
  function choose(id, url) { return function () { store(service, id); closeMenu(); go(url); }; }
  candidatesFor(data.chain, platform).forEach(function (c) { item(c.app, choose(c.id, c.url), c.id); });
  // "Open in browser", or for an address "Your mail app": the link's own href either way.
  item(words["open-" + link.dataset.copyKind], choose("browser", data.href), "browser");
  if (acct) item(words.follow, function () { showFollow(panel, acct); });
  item(words["copy-" + link.dataset.copyKind], function (button) { copy(data.copy, button); });
  if (remembered) item(words.forget, function () { store(service, null); live.textContent = words.forgotten; closeMenu(1); });
}

function showFollow(panel, acct) {
  panel.textContent = "";
  var form = make("form", { class: "follow" }, "", panel);
  var input = make("input", { placeholder: words.example }, "", make("label", {}, words.home, form));
  input.value = store("home") || "";
  make("button", {}, words.go, form);
  var status = make("p", { class: "follow-status", role: "status" }, "", form);
  input.focus();
  form.onsubmit = function (event) {
    event.preventDefault();
    var home = parseHome(input.value);
    if (!home) return status.textContent = words.unclear;
    store("home", input.value.trim());
    status.textContent = words.asking;
    // A server that answers without a subscribe template (or with an error) gets Mastodon's follow page;
    // one that does not answer at all (down, or no CORS) gets the message.
    fetch(webfingerURL(home), { credentials: "omit", referrerPolicy: "no-referrer" }).then(function (response) {
      return response.json().catch(function () { }).then(function (answer) {
        return response.ok && followFromWebfinger(answer, acct) || guessedFollowURL(home, acct);
      });
    }).then(go, function () {
      status.textContent = words.unreachable.replace("{server}", home.host).replace("{handle}", "@" + acct);
    });
  };
}

doc.addEventListener("keydown", function (event) {
  if (!openMenu) return;
  var items = menuItems(), n = items.length, i = items.indexOf(doc.activeElement);
  var move = { ArrowDown: i + 1, ArrowUp: i - 1 + n, Home: 0, End: n - 1 }[event.key];
  if (event.key == "Escape") closeMenu(1);
  else if (event.key == "Tab") return closeMenu();
  else if (move == null || !n) return;
  else items[move % n].focus();
  event.preventDefault();
});

doc.addEventListener("click", function (event) {
  // The event's path, not its target: a menu item may have replaced itself (the follow form) by now.
  var path = event.composedPath();
  if (openMenu && path.indexOf(openMenu.p) < 0 && path.indexOf(openMenu.t) < 0) closeMenu();
});

// Chooser toggles go beside the links inside elements that the template marks with data-chooser.
doc.querySelectorAll("[data-chooser] a[data-service]").forEach(function (link) {
  var label = words.more + " " + link.textContent.trim();
  var toggle = make("button", { class: "chooser-toggle", type: "button", "aria-haspopup": "menu", "aria-expanded": false, "aria-label": label });
  link.after(toggle);
  toggle.onclick = function () {
    var wasOpen = openMenu && openMenu.t == toggle;
    closeMenu();
    if (wasOpen) return;
    var panel = make("div", { class: "chooser", role: "menu", "aria-label": label });
    fillMenu(panel, link);
    toggle.after(panel);
    toggle.setAttribute("aria-expanded", true);
    openMenu = { t: toggle, p: panel };
    menuItems()[0].focus();
  };
});

// ---- In-app browsers ----

var app = inAppBrowser(ua);
if (app) {
  var banner = make("div", { class: "in-app", role: "note" });
  make("p", {}, words["in-app"].replace("{app}", app), banner);
  var android = platform == "android", action = make("button", { class: "in-app-action" }, words[android ? "leave" : "copy-page"], banner);
  action.onclick = function () {
    // An intent with no package opens the default browser (developer.chrome.com/docs/android/intents).
    android ? go("intent://" + location.host + location.pathname + "#Intent;scheme=https;end") : copy(location.href, action);
  };
  doc.body.prepend(banner);
}

// ---- Share (the page's own address) ----
// The template's share button stays hidden without JavaScript. With the Web Share API (phones, Safari, Edge) it
// opens the system's share sheet; elsewhere it copies the page's address, and the button says so for a while.
var share = doc.querySelector("[data-share] .share");
if (share) {
  var shareLabel = share.lastChild;
  shareLabel.textContent = words.share;
  share.hidden = false;
  share.onclick = function () {
    var url = (doc.querySelector("link[rel=canonical]") || location).href;
    navigator.share ? navigator.share({ title: doc.title, url: url }).catch(function () { }) : copy(url, shareLabel);
    setTimeout(function () { shareLabel.textContent = words.share; }, 3000);
  };
}
