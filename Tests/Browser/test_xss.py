"""XSS corpus: hostile input in every field a page has, built by sitegen and loaded in headless Chromium.

A hook that runs before any of the page's own scripts, in every frame, records what the payloads would do:
a payload that runs sets `window.__pwned` or calls alert/confirm/prompt, and the hook notes it (and opens no
dialog). It also collects every Content-Security-Policy violation, so a test can tell escaping (the payload is
inert text and the policy never has to act) from the policy stopping it (it must act, and Chromium logs it).
Payloads that sitegen refuses count as passing when the build fails with the expected error at its place.
"""
import functools
import http.server
import json
import pathlib
import shutil
import subprocess
import threading
import time

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By

from conftest import ROOT, QuietHandler, make_driver, serve, sitegen_binary

HOOK = r"""
(() => {
  let log;
  try { log = window.top.__xss || (window.top.__xss = {ran: [], dialogs: [], violations: []}); }
  catch (e) { log = window.__xss = {ran: [], dialogs: [], violations: []}; }
  if (window !== window.top) { try { window.__xss = log; } catch (e) {} }
  Object.defineProperty(window, "__pwned", {configurable: false, get() { return undefined; },
                                            set(value) { log.ran.push(String(value)); }});
  for (const name of ["alert", "confirm", "prompt", "print"]) {
    window[name] = function (message) { log.dialogs.push(name + ": " + String(message)); };
  }
  document.addEventListener("securitypolicyviolation", (e) => {
    log.violations.push({directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample});
  });
})();
"""


@functools.lru_cache(maxsize=1)
def binary() -> pathlib.Path:
    return sitegen_binary()


def write_site(folder: pathlib.Path, pages: dict, templates: dict = None) -> None:
    """The example's templates (with `templates` laid over them) and `pages` (path below content/ -> text)."""
    shutil.copytree(ROOT / "templates", folder / "templates")
    for name, text in (templates or {}).items():
        (folder / "templates" / name).write_text(text, encoding="utf-8")
    for path, text in pages.items():
        target = folder / "content" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))


def build(folder: pathlib.Path, pages: dict, templates: dict = None) -> subprocess.CompletedProcess:
    write_site(folder, pages, templates)
    return subprocess.run([str(binary()), "build"], cwd=folder, capture_output=True, text=True)


def built(folder: pathlib.Path, pages: dict, templates: dict = None) -> pathlib.Path:
    result = build(folder, pages, templates)
    assert result.returncode == 0, result.stderr
    return folder / "Output"


@pytest.fixture(scope="module")
def driver():
    browser = make_driver()
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    yield browser
    browser.quit()


@pytest.fixture
def site(tmp_path):
    """Serves a built Output/ folder; yields a function that starts the server and returns its URL."""
    stops = []

    def start(output: pathlib.Path) -> str:
        url, stop = serve(output)
        stops.append(stop)
        return url
    yield start
    for stop in stops:
        stop()


def visit(driver, url):
    """Loads url and lets the page settle; returns what the hook saw and the console's CSP messages."""
    driver.get_log("browser")  # drop what earlier pages logged
    driver.get(url)
    time.sleep(0.3)  # violation events are dispatched asynchronously
    return observed(driver)


def observed(driver):
    no_dialog_open(driver)
    log = driver.execute_script("return window.__xss || {ran: [], dialogs: [], violations: []}")
    console = [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]
    return log, console


def no_dialog_open(driver):
    try:
        alert = driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        raise AssertionError(f"a dialog is open: {text!r}")
    except NoAlertPresentException:
        pass


def assert_inert(driver, url, label):
    """Nothing ran, no dialog, and the policy never had to act: escaping alone made the payloads text."""
    log, console = visit(driver, url)
    assert log["ran"] == [] and log["dialogs"] == [], f"{label}: {log}"
    assert log["violations"] == [] and console == [], f"{label}: the policy had to act: {log['violations']} {console}"


def open_every_chooser(driver):
    """The chooser builds its menu from the page's data (app names, handles): open each one."""
    for toggle in driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle"):
        toggle.click()
        time.sleep(0.05)
        toggle.click()


def test_the_hook_sees_a_payload_that_runs(tmp_path, driver, site):
    """The canary: on a page without a policy, the hook must record the script, the handler and the dialog."""
    (tmp_path / "index.html").write_text("<!doctype html><title>canary</title><script>window.__pwned='canary'</script>"
                                         "<img src=x onerror=\"alert('canary-img')\">", encoding="utf-8")
    log, console = visit(driver, site(tmp_path))
    assert log["ran"] == ["canary"] and log["dialogs"] == ["alert: canary-img"] and log["violations"] == [], log


# One payload per field, each naming where it came from, in the forms that break out of element content,
# attributes (both quotes), URLs, JSON in <script> and CSS in <style>.
def payload(where):
    return f"\"'><script>window.__pwned='{where}'</script><img src=x onerror=\"window.__pwned='{where}-img'\">"


def yaml_quoted(text):
    return "'" + text.replace("'", "''") + "'"


# A page address may not hold spaces (refused since they cannot be published), nor may an https avatar, so the url
# and avatar payloads have none.
ESCAPED_PAGE = f"""---
title: {yaml_quoted(payload("title"))}
description: {yaml_quoted(payload("description"))}
url: {yaml_quoted("https://example.org/?" + payload("url").replace(" ", "/"))}
avatar: {yaml_quoted("https://example.org/a.png?" + payload("avatar").replace(" ", "/"))}
links:
  - email: {yaml_quoted('"<img src=x onerror=window.__pwned=1>"@example.org')}
    label: {yaml_quoted(payload("email-label"))}
    subject: {yaml_quoted("</script><script>window.__pwned='subject'</script>")}
    body: {yaml_quoted(payload("body"))}
  - web: {yaml_quoted("https://example.org/?q=" + payload("web"))}
  - mastodon: "@eb@social.coop"
    label: {yaml_quoted("{{title}} {{{title}}} " + payload("mastodon-label"))}
    app: {{name: {yaml_quoted(payload("app-name"))}, url: "myapp://profile/{{user}}?back={{url}}"}}
  - github: octocat
    label: {yaml_quoted("</a></li></ul></nav><script>window.__pwned='label'</script>")}
---
Raw HTML is left out: <script>window.__pwned='bio-script'</script><img src=x onerror="window.__pwned='bio-img'">
<svg onload="window.__pwned='bio-svg'"></svg>

[a link](https://example.org/"onmouseover="window.__pwned='href' "{payload("link-title")}")
![{payload("alt")}](https://example.org/i.png "{payload("image-title")}")
`{payload("code")}` and <https://example.org/?{payload("autolink").replace(" ", "%20").replace(">", "%3E")}>

[toot me](mastodon:@eb@social.coop) {{{{title}}}}
"""

SEALED_PAGE = f"""---
title: Sealed
email_protection: sealed
links:
  - email: {yaml_quoted('"</noscript><script>window.__pwned=1</script>"@example.org')}
    subject: {yaml_quoted(payload("sealed-subject"))}
---
[write](mailto:someone@example.org?subject={payload("mailto").replace(" ", "%20").replace(">", "%3E").replace("<", "%3C").replace('"', "%22")})
"""

STYLED_PAGE = f"""---
title: {yaml_quoted("<" + payload("initials"))}
stylesheet: hostile.css
---
The title's initials make the favicon; the stylesheet tries to close its element.
"""

HOSTILE_CSS = """body { color: #222 }
</style><script>window.__pwned='css'</script><style>
</STYLE ><img src=x onerror="window.__pwned='css-upper'">
p { background: url("javascript:window.__pwned='css-url'") }
"""


def test_payloads_in_every_field_render_as_text(tmp_path, driver, site):
    output = built(tmp_path, {"index.md": ESCAPED_PAGE, "sealed.md": SEALED_PAGE, "styled.md": STYLED_PAGE,
                              "hostile.css": HOSTILE_CSS})
    url = site(output)
    for path in ["", "sealed/", "styled/"]:
        assert_inert(driver, url + path, path or "index")
        open_every_chooser(driver)
        log, console = observed(driver)
        assert log["ran"] == [] and log["dialogs"] == [] and log["violations"] == [] and console == [], f"{path}: {log} {console}"
    # A sealed address is assembled only when tapped: tap it.
    visit(driver, url + "sealed/")
    driver.find_element(By.CSS_SELECTOR, "a.button[data-sealed]").click()
    time.sleep(0.3)
    log, console = observed(driver)
    assert log["ran"] == [] and log["dialogs"] == [] and log["violations"] == [] and console == [], f"sealed tap: {log} {console}"
    # Escaped, not dropped: the payload reads back as the text it was.
    driver.get(url)
    assert driver.title == payload("title")
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == payload("title")
    labels = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".button span")]
    assert payload("email-label") in labels
    assert "{{title}} {{{title}}} " + payload("mastodon-label") in labels
    # The page's own runtime still ran under the policy: it added the chooser toggles.
    assert driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")
    # Files beside the page: the QR code is an SVG document, which could run script if opened directly.
    assert_inert(driver, url + "qr.svg", "qr.svg")


def test_the_svg_policy_is_a_second_wall(tmp_path, driver):
    """`_headers` serves every SVG with a policy forbidding script (and `serve` the same, ServedSiteTests): payloads put
    into Output/ past the check run when the files are served bare, and nothing runs when served as `_headers` says."""
    output = built(tmp_path, {"index.md": "---\ntitle: Policy\n---\n"})
    rule = next(rule for rule in (output / "_headers").read_text(encoding="utf-8").split("\n\n") if rule.startswith("/*.svg\n"))
    header = rule.splitlines()[1].strip().split(": ", 1)
    assert header == ["Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:"], rule
    payloads = {
        "script.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>window.__pwned="script"</script></svg>',
        "onload.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=\'onload\'"><rect width="9" height="9"/></svg>',
        "frame.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><foreignObject width="90" '
                     'height="90"><h:iframe src="&#106;avascript:parent.__pwned=&quot;frame&quot;"/></foreignObject></svg>',
    }
    for name, text in payloads.items():
        (output / name).write_text(text, encoding="utf-8")

    def serving(policy):
        class Handler(QuietHandler):
            def end_headers(self):
                if policy and self.path.endswith(".svg"):
                    self.send_header(*header)
                super().end_headers()
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(output)))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"

    for policy in (False, True):
        httpd, url = serving(policy)
        try:
            for name in payloads:
                log, _ = visit(driver, url + name)
                expected = [] if policy else [name.removesuffix(".svg")]
                assert log["ran"] == expected and log["dialogs"] == [], f"{name}, policy {policy}: {log}"
        finally:
            httpd.shutdown()
            httpd.server_close()


def test_the_chooser_shows_hostile_app_names_as_text_on_a_phone(tmp_path, site):
    """Custom apps are iOS apps, so only a phone's chooser lists them: their names are built into the menu there."""
    output = built(tmp_path, {"index.md": ESCAPED_PAGE})
    url = site(output)
    phone = make_driver(mobile=True)
    try:
        phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
        visit(phone, url)
        names = []
        for toggle in phone.find_elements(By.CSS_SELECTOR, ".chooser-toggle"):
            phone.execute_script("arguments[0].click()", toggle)
            time.sleep(0.1)
            names += [e.text for e in phone.find_elements(By.CSS_SELECTOR, ".chooser [role=menuitem]")]
            phone.execute_script("arguments[0].click()", toggle)
        assert payload("app-name") in names, names
        log, console = observed(phone)
        assert log == {"ran": [], "dialogs": [], "violations": []} and console == [], (log, console)
    finally:
        phone.quit()


RAW_HTML = """Raw HTML, which unsafe_html lets through: the policy must stop every way it tries to run script.

<script>window.__pwned='script'</script>
<img src="x" onerror="window.__pwned='onerror'">
<svg onload="window.__pwned='svg-onload'"><circle r="1"/></svg>
<iframe srcdoc="<script>window.__pwned='srcdoc'</script>"></iframe>
<a id="js" href="javascript:window.__pwned='href'">plain javascript: link</a>
<a id="js-spaced" href="  JaVaSc&#x0A;ript:window.__pwned='href-obfuscated'">obfuscated javascript: link</a>
<form id="form" action="javascript:window.__pwned='form'"><button id="submit">send</button></form>
<details open ontoggle="window.__pwned='ontoggle'"><summary>s</summary></details>
<object data="javascript:window.__pwned='object'"></object>
"""


def test_raw_html_let_through_by_unsafe_html_is_stopped_by_the_policy(tmp_path, driver, site):
    page = "---\ntitle: Raw\nunsafe_html: true\nlinks:\n  - mastodon: \"@eb@social.coop\"\n---\n" + RAW_HTML
    output = built(tmp_path, {"index.md": page})
    html = (output / "index.html").read_text(encoding="utf-8")
    assert "<script>window.__pwned='script'</script>" in html  # it really is in the page
    url = site(output)
    log, console = visit(driver, url)
    for selector in ("#js", "#js-spaced", "#submit"):
        driver.find_element(By.CSS_SELECTOR, selector).click()
        time.sleep(0.2)
    log, more = observed(driver)
    console += more
    assert log["ran"] == [] and log["dialogs"] == [], log
    directives = {v["directive"] for v in log["violations"]}
    assert {"script-src-elem", "script-src-attr"} <= directives, log["violations"]
    assert any("script-src" in message for message in console), console
    # The policy let the page's own runtime through all the same: it added the chooser toggle.
    assert driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")


def test_the_same_raw_html_without_unsafe_html_is_left_out(tmp_path, driver, site):
    output = built(tmp_path, {"index.md": "---\ntitle: Raw\n---\n" + RAW_HTML})
    html = (output / "index.html").read_text(encoding="utf-8")
    assert "<script>window.__pwned" not in html and "onerror=" not in html and "javascript:" not in html
    assert_inert(driver, site(output), "raw HTML without unsafe_html")


def test_the_policy_blocks_a_script_that_a_template_lets_through(tmp_path, driver, site):
    """Escaping fails on purpose: the template writes the title raw. The policy alone must stop the script."""
    layout = (ROOT / "templates" / "page.html").read_text(encoding="utf-8")
    page_template = layout.replace("<footer>", '<div id="raw">{{{title}}}</div>\n  <footer>', 1)
    assert page_template != layout
    page = "---\ntitle: \"<script>window.__pwned='raw-title'</script>\"\nlinks:\n  - mastodon: \"@eb@social.coop\"\n---\nHi.\n"
    output = built(tmp_path, {"index.md": page}, {"page.html": page_template})
    url = site(output)
    log, console = visit(driver, url)
    assert driver.execute_script("return document.querySelector('#raw script') !== null"), "the template did not inject the script"
    assert log["ran"] == [] and log["dialogs"] == [], log
    assert [v["directive"] for v in log["violations"]] == ["script-src-elem"], log["violations"]
    assert len(console) == 1 and "inline script violates the following Content Security Policy directive 'script-src" in console[0] \
        and "blocked" in console[0], console
    # The page's own inline script still ran.
    assert driver.find_elements(By.CSS_SELECTOR, ".chooser-toggle")


def page(front, body=""):
    return "---\ntitle: Refused\n" + front + "---\n" + body


# Payloads sitegen must refuse, each with the error it must report at the payload's place.
REFUSED = [
    ("markdown javascript: link", page("", "[x](javascript:window.__pwned=1)\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in a link"),
    ("markdown link, mixed case", page("", "[x](JaVaScRiPt:window.__pwned=1)\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in a link"),
    ("markdown link, character references", page("", "[x](&#106;&#x61;vascript&colon;window.__pwned=1)\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in a link"),
    ("markdown link, split by a tab", page("", "[x](<java\tscript:window.__pwned=1>)\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in a link"),
    ("markdown link, split by a newline", page("", "[x](<java&#10;script:window.__pwned=1>)\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in a link"),
    ("markdown link, leading spaces", page("", "[x](   javascript:window.__pwned=1)\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in a link"),
    ("markdown autolink", page("", "<javascript:window.__pwned=1>\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in a link"),
    ("markdown reference link", page("", "[x]\n\n[x]: javascript:window.__pwned=1\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in a link"),
    ("markdown vbscript: link", page("", "[x](vbscript:msgbox)\n"),
     "content/index.md:4:1: error: 'vbscript:' is not allowed in a link"),
    ("markdown data: link", page("", "[x](data:text/html,<script>window.__pwned=1</script>)\n"),
     "content/index.md:4:1: error: 'data:' is not allowed in a link"),
    ("markdown data: image", page("", "![x](data:image/svg+xml,%3Csvg%20onload=window.__pwned=1%3E)\n"),
     "content/index.md:4:1: error: 'data:' is not allowed in an image"),
    ("markdown javascript: image", page("", "![x](javascript:window.__pwned=1)\n"),
     "content/index.md:4:1: error: 'javascript:' is not allowed in an image"),
    ("page url", page("url: 'javascript:window.__pwned=1'\n"),
     "content/index.md:3:6: error: 'url' must be the page's public address"),
    ("avatar javascript:", page("avatar: 'javascript:window.__pwned=1'\n"),
     "content/index.md:3:9: error: 'avatar' must be an image path relative to this page"),
    ("avatar data:", page("avatar: 'data:image/svg+xml,<svg onload=window.__pwned=1>'\n"),
     "content/index.md:3:9: error: 'avatar' must be an image path relative to this page"),
    ("lang", page("lang: 'en\"><script>window.__pwned=1</script>'\n"),
     "content/index.md:3:7: error: 'en\"><script>window.__pwned=1</script>' is not a language tag"),
    ("theme", page("theme: 'classic</style><script>window.__pwned=1</script>'\n"),
     "content/index.md:3:8: error: unknown theme"),
    ("stylesheet from elsewhere", page("stylesheet: 'https://evil.example/x.css'\n"),
     "content/index.md:3:13: error: 'stylesheet' must be a CSS file path relative to this page"),
    ("fediverse_creator", page("fediverse_creator: '@\"><script>window.__pwned=1</script>@example.org'\n"),
     'content/index.md:3:20: error: fediverse_creator: "@"><script>window.__pwned=1</script>@example.org" is not a f'),
    ("colour breaking out of CSS", page("links:\n  - web: https://example.org/\n    color: '#fff}</style><script>window.__pwned=1</script>'\n"),
     "content/index.md:5:12: error: '#fff}</style><script>window.__pwned=1</script>' is not a colour"),
    ("web link javascript:", page("links:\n  - web: 'javascript:window.__pwned=1'\n"),
     "content/index.md:4:10: error: \"javascript:window.__pwned=1\" is not an https web address"),
    ("mastodon handle with markup", page("links:\n  - mastodon: '@eb\"><script>@social.coop'\n"),
     'content/index.md:4:15: error: "@eb"><script>@social.coop" is not a Mastodon handle'),
    ("bluesky DID with markup", page("links:\n  - bluesky: 'did:plc:<script>'\n"),
     "content/index.md:4:14: error: \"did:plc:<script>\" is not a Bluesky handle"),
    ("custom app javascript:", page("links:\n  - github: octocat\n    app: {name: X, url: 'javascript:window.__pwned=1'}\n"),
     'content/index.md:5:25: error: "javascript:window.__pwned=1" is not an app URL template', 'The scheme "javascript:" is not allowed'),
    ("custom app, mixed case and spaces", page("links:\n  - github: octocat\n    app: {name: X, url: '  JaVaScRiPt:window.__pwned=1'}\n"),
     'content/index.md:5:25: error: "JaVaScRiPt:window.__pwned=1" is not an app URL template', 'The scheme "javascript:" is not allowed'),
    ("custom app data:", page("links:\n  - github: octocat\n    app: {name: X, url: 'data:text/html,<script>window.__pwned=1</script>'}\n"),
     'content/index.md:5:25: error: "data:text/html,<script>window.__pwned=1</script>" is not an app URL template', 'The scheme "data:" is not allowed'),
    ("custom app vbscript:", page("links:\n  - github: octocat\n    app: {name: X, url: 'vbscript:msgbox'}\n"),
     'content/index.md:5:25: error: "vbscript:msgbox" is not an app URL template', 'The scheme "vbscript:" is not allowed'),
    ("custom app breaking out of the attribute", page("links:\n  - github: octocat\n    app: {name: X, url: 'myapp://x\"><script>window.__pwned=1</script>'}\n"),
     'content/index.md:5:25: error: "myapp://x"><script>window.__pwned=1</script>" is not an app URL template', 'must be percent-encoded'),
]

HOSTILE_SVGS = [
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><script>window.__pwned=1</script><path d="M0 0"/></svg>',
     "content/icon.svg:1:68: error: <script> is not allowed in an icon"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="window.__pwned=1"><path d="M0 0"/></svg>',
     'content/icon.svg:1:86: error: the event handler onload="…" on <svg> is not allowed in an icon'),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><a href="javascript:window.__pwned=1"><path d="M0 0"/></a></svg>',
     "content/icon.svg:1:98: error: <a> is not allowed in an icon"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0" style="x" fill="url(javascript:window.__pwned=1)"/></svg>',
     'content/icon.svg:1:125: error: fill="url(javascript:window.__pwned=1)" on <path> refers to another resource'),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:window.__pwned=1"/></foreignObject></svg>',
     "content/icon.svg:1:75: error: <foreignObject> is not allowed in an icon"),
]


def reported(stderr, expected, detail=None):
    """Whether a line of stderr starts with `expected` (path:line:column: error: message) and holds `detail`."""
    return any(line.startswith(expected) and (detail is None or detail in line) for line in stderr.splitlines())


@pytest.mark.parametrize("case", REFUSED, ids=[case[0] for case in REFUSED])
def test_sitegen_refuses_the_payload(tmp_path, case):
    name, text, expected, *detail = case
    result = build(tmp_path, {"index.md": text})
    assert result.returncode == 1, result.stdout
    assert reported(result.stderr, expected, *detail), result.stderr
    assert not (tmp_path / "Output").exists()


@pytest.mark.parametrize("svg,expected", HOSTILE_SVGS)
def test_sitegen_refuses_a_hostile_icon(tmp_path, svg, expected):
    text = page("links:\n  - web: https://example.org/\n    icon: icon.svg\n")
    result = build(tmp_path, {"index.md": text, "icon.svg": svg})
    assert result.returncode == 1, result.stdout
    assert reported(result.stderr, expected), result.stderr
    assert not (tmp_path / "Output").exists()


# SVG files under content/ are published byte for byte: the build accepts one only when nothing in it can run.
# Accepted files that use every feature left to them, opened directly as a visitor (or an attacker's link) would.
INERT_SVGS = {
    "styled.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>circle { fill: #c00 }</style>'
                  '<circle cx="5" cy="5" r="5"/></svg>',
    "gradient.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g">'
                    '<stop offset="0" stop-color="#f00"/></linearGradient></defs><circle cx="5" cy="5" r="5" fill="url(#g)"/></svg>',
    "internal-link.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><a href="#c"><circle id="c" cx="5" cy="5" r="5"/></a>'
                         '<use href="#c"/></svg>',
    "animated.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5">'
                    '<animate attributeName="r" from="1" to="5" dur="0.1s"/></circle></svg>',
    "inkscape.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
                    'viewBox="0 0 10 10"><sodipodi:namedview pagecolor="#fff"/><circle cx="5" cy="5" r="5" '
                    'sodipodi:nodetypes="c"/></svg>',
}

# Each refused with an error at its line, so it is never published.
HOSTILE_SVGS = {
    "script.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>window.__pwned="svg-script"</script></svg>',
    "handler.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=\'svg-onload\'"></svg>',
    "set-handler.svg": '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="onmouseover" to="window.__pwned=1"/></svg>',
    "set-href.svg": '<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="javascript:window.__pwned=1"/>'
                    '<circle r="5"/></a></svg>',
    "foreign.svg": '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" '
                   'src="javascript:parent.__pwned=1"/></foreignObject></svg>',
    "remote.svg": '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/p.png"/></svg>',
    "import.svg": '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://tracker.example/a.css);</style></svg>',
    # The two: XHTML under a prefix, the scheme behind a character reference.
    "xhtml-frame.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:frameset>'
                       '<h:frame src="&#106;avascript:parent.__pwned=\'svg-frame\'"/></h:frameset></svg>',
    "xhtml-refresh.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml">'
                         '<h:meta http-equiv="refresh" content="0;url=https://tracker.example/"/></svg>',
    "escaped-import.svg": '<svg xmlns="http://www.w3.org/2000/svg"><style>@\\69mport url(https://tracker.example/a.css);</style></svg>',
    "prefixed-xlink.svg": '<svg xmlns="http://www.w3.org/2000/svg" xmlns:q="http://www.w3.org/1999/xlink">'
                          '<image q:href="https://tracker.example/p.png"/></svg>',
}


def test_published_svg_files_are_inert_or_refused(tmp_path, driver, site):
    # Published by intent: the page links to each file, so each is published (or refused).
    def page(names):
        return "---\ntitle: SVG files\n---\n" + " ".join(f"[{name}]({name})" for name in names) + "\n"
    output = built(tmp_path / "inert", {"index.md": page(INERT_SVGS), **INERT_SVGS})
    url = site(output)
    for name in INERT_SVGS:
        assert (output / name).read_text(encoding="utf-8") == INERT_SVGS[name], f"{name} was changed"
        assert_inert(driver, url + name, name)
    # The canary: the same server and hook do see a script that runs in an SVG opened directly.
    (output / "canary.svg").write_text(HOSTILE_SVGS["script.svg"], encoding="utf-8")
    log, _ = visit(driver, url + "canary.svg")
    assert log["ran"] == ["svg-script"], log
    for name, text in HOSTILE_SVGS.items():
        result = build(tmp_path / name, {"index.md": page([name]), name: text})
        assert result.returncode == 1, f"{name} was accepted"
        assert f"content/{name}:1:" in result.stderr and "published SVG" in result.stderr, result.stderr
        assert not (tmp_path / name / "Output").exists()
