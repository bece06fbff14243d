"""Fixtures for the real-browser tests: the example site built by sitegen, served on 127.0.0.1, and headless Chromium."""
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

ROOT = pathlib.Path(__file__).resolve().parents[2]


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


def make_driver(javascript=True, mobile=False):
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


@pytest.fixture
def browser():
    driver = make_driver()
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


def serve(folder: pathlib.Path):
    """Serves folder on a free port of 127.0.0.1; returns (url, stop)."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()

    def stop():
        httpd.shutdown()
        httpd.server_close()
    return f"http://127.0.0.1:{httpd.server_address[1]}/", stop


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
