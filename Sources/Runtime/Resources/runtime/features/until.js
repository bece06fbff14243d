// Feature module: scheduled links (until:). A page may be cached for weeks: a link whose window closed since the
// build goes when the page loads, with its list item. Runs after the base (decisions.js, page.js), in the same
// function.

// Whether a scheduled link's window has closed: until is its data-until (a UTC moment, "2026-12-25T00:00:00Z"),
// now the visitor's clock in milliseconds. An unreadable until keeps the link.
function windowClosed(until, now) {
  return Date.parse(until) <= now;
}

// The base has put chooser toggles beside the links by now: one goes with its link where no list item holds both.
function hideClosedLinks(now) {
  doc.querySelectorAll("a[data-until]").forEach(function (link) {
    if (!windowClosed(link.dataset.until, now)) return;
    var toggle = link.nextElementSibling;
    if (toggle && toggle.classList.contains("chooser-toggle")) toggle.remove();
    (link.closest("li") || link).remove();
  });
}
hideClosedLinks(Date.now());
