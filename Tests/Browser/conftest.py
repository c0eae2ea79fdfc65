"""Fixtures for the browser tests: the real quickactiond on 127.0.0.1 (ephemeral port, a
token, the fixtures in this folder) and headless Chromium from Debian driven by Selenium
through Debian's chromedriver. Each is started by the tests and always stopped."""
import os
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
BINARY = Path(os.environ.get("QUICKACTIOND_BINARY", ROOT / ".build/debug/quickactiond"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


class Server:
    """A running quickactiond."""

    def __init__(self, *extra, accounts=False):
        # With accounts, `token` is the admin token.
        self.token = secrets.token_hex(16)
        self.directory = tempfile.mkdtemp(prefix="quickactiond-browser.")
        credentials = ["--accounts", "--admin-token", self.token] if accounts else ["--token", self.token]
        self.process = subprocess.Popen(
            [str(BINARY), "--host", "127.0.0.1", "--port", "0", "--db", f"{self.directory}/q.sqlite", *credentials,
             "--shortcuts", str(FIXTURES / "Info.plist"), "--localizations", str(FIXTURES), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
        if not match:
            self.stop()
            raise RuntimeError(f"quickactiond did not start: {line!r}")
        self.url = match.group(1)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture
def server():
    running = Server()
    try:
        yield running
    finally:
        running.stop()


def make_browser(width=1400, height=1000):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--force-device-scale-factor=1", "--disable-extensions", "--no-first-run", "--lang=en-US"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))


@pytest.fixture(scope="module")
def browser():
    driver = make_browser()
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(condition, timeout=10.0, message="condition"):
    """Polls `condition` until it returns something truthy; fails after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = condition()
            if last:
                return last
        except Exception as error:  # the DOM may be mid-update
            last = error
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {message} (last: {last!r})")
