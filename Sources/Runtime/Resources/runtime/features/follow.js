// Feature module: follow a fediverse account from the visitor's own server (a page with a Mastodon-style account,
// data-acct). Its chooser gets "Follow from your server…": the visitor names their server, WebFinger there gives its
// subscribe template, and the page goes to that server's follow page. The only request the runtime makes, and only
// to the server the visitor names. Runs after the base (decisions.js, page.js), in the same function.

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
  var link = ((json && json.links) || []).find(function (link) {
    return link.rel == "http://ostatus.org/schema/1.0/subscribe" && /^https:\/\/.*\{uri\}/i.test(link.template);
  });
  return link ? link.template.replace("{uri}", encodeURIComponent("acct:" + acct)) : null;
}

function guessedFollowURL(home, acct) {
  return serverURL(home, "/authorize_interaction?uri=", acct);
}

// The chooser of a link with an account offers to follow it.
chooserAdditions.push(function (link, item, menu) {
  var acct = link.dataset.acct;
  if (acct) item(words.follow, function () {
    tell("follow", { service: link.dataset.service });
    showFollow(menu, acct);
  });
});

// The follow form, in place of the chooser's list, under its title and close control: the visitor's home,
// remembered once its server answered.
function showFollow(menu, acct) {
  var form = make("form", { class: "follow" });
  menu.replaceWith(form);
  // A handle, not a sentence: no capital, correction or spelling marks from the keyboard.
  var input = make("input", { placeholder: words.example, autocapitalize: "none", autocorrect: "off", spellcheck: "false", autocomplete: "off" }, "", make("label", {}, words.home, form));
  input.value = store("home") || "";
  make("button", {}, words.go, form);
  var status = make("p", { class: "follow-status", role: "status" }, "", form);
  input.focus();
  form.onsubmit = function (event) {
    event.preventDefault();
    var typed = input.value.trim(), home = parseHome(typed);
    if (!home) return status.textContent = words.unclear;
    status.textContent = words.asking;
    // A server that answers without a subscribe template (or with an error) gets Mastodon's follow page;
    // one that does not answer at all (down, or no CORS) gets the message. Only a server whose WebFinger
    // answered is remembered for next time.
    fetch(webfingerURL(home), { credentials: "omit", referrerPolicy: "no-referrer" }).then(function (response) {
      if (response.ok) store("home", typed);
      return response.json().catch(function () { }).then(function (answer) {
        return response.ok && followFromWebfinger(answer, acct) || guessedFollowURL(home, acct);
      });
    }).then(go, function () {
      fill(status, words.unreachable, { server: home.host, handle: "@" + acct });
    });
  };
}
