"""Chromium's own manifest parser on the `shortcuts` member we write: each manifest in
manifests/<folder>/ (real web apps' manifests with our member, and real Android apps' shortcuts as
a member; BrowserManifestTests keeps them equal to what the domain writes) is linked from a page
served on loopback, and Chromium must report no manifest error and hold exactly the shortcuts we
sent, names and URLs (resolved against the manifest's URL, as the spec says)."""
import functools
import http.server
import json
import shutil
import tempfile
import threading
from pathlib import Path
from urllib.parse import urljoin

import pytest

from conftest import wait_for

MANIFESTS = Path(__file__).resolve().parent / "manifests"
CASES = sorted(folder.name for folder in MANIFESTS.iterdir() if folder.is_dir())


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def site():
    """The manifests, each beside an index.html that links it, served on 127.0.0.1 (ephemeral port)."""
    directory = Path(tempfile.mkdtemp(prefix="quickactiond-manifests."))
    for folder in CASES:
        target = directory / folder
        shutil.copytree(MANIFESTS / folder, target)
        manifest = next(path.name for path in target.iterdir())
        (target / "index.html").write_text(
            f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{folder}</title>'
            f'<link rel="manifest" href="{manifest}"></head><body>{folder}</body></html>')
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)


def test_every_case_has_shortcuts():
    assert len(CASES) >= 14, CASES


@pytest.mark.parametrize("folder", CASES)
def test_chromium_reads_our_shortcuts(browser, site, folder):
    manifest_file = next(path for path in (MANIFESTS / folder).iterdir())
    sent = json.loads(manifest_file.read_text())["shortcuts"]
    manifest_url = f"{site}/{folder}/{manifest_file.name}"
    browser.get(f"{site}/{folder}/index.html")
    result = wait_for(lambda: (lambda r: r if r.get("url") else None)(browser.execute_cdp_cmd("Page.getAppManifest", {})),
                      message="the page's manifest")
    assert result["url"] == manifest_url
    assert result["errors"] == [], result["errors"]
    parsed = result["manifest"].get("shortcuts", [])
    expected = [{"name": shortcut["name"].strip(), "url": urljoin(manifest_url, shortcut["url"])} for shortcut in sent]
    assert [{"name": shortcut["name"], "url": shortcut["url"]} for shortcut in parsed] == expected[:10]
    assert len(expected) > 0
