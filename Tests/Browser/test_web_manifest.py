"""Chromium's own manifest parser on the `shortcuts` member we write: each manifest in
manifests/<folder>/ (real web apps' manifests with our member, and real Android apps' shortcuts as
a member; BrowserManifestTests keeps them equal to what the domain writes), and each manifest the
real binary edits with `quickactiond export web` (EXPORTS, written when the site starts), is
linked from a page served on loopback, and Chromium must report no manifest error and hold
exactly the shortcuts we sent, names and URLs (resolved against the manifest's URL, as the spec
says)."""
import functools
import http.server
import json
import shutil
import subprocess
import tempfile
import threading
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import pytest

from conftest import BINARY, ROOT, wait_for

MANIFESTS = Path(__file__).resolve().parent / "manifests"
CASES = sorted(folder.name for folder in MANIFESTS.iterdir() if folder.is_dir())
REAL_APPS = ROOT / "Tests/QuickActionsTests/Fixtures/RealApps"
MAPPING = {"web": {"items": {
    "SearchAction": {"url": "/search", "shortName": "Search",
                     "icons": [{"src": "/icons/search-96.png", "sizes": "96x96", "type": "image/png"}]},
    "ShareAction": {"url": "share", "description": "Share it"},
}}}
# quickactiond export web on a copy of a real manifest: (folder, base manifest, extra arguments).
EXPORTS = [
    (f"Export-{name}", REAL_APPS / f"Web/{name}/manifest.json", []) for name in ("Pinafore", "UptimeKuma", "PWAStarter")
] + [
    ("Export-PWAStarter-mapped", REAL_APPS / "Web/PWAStarter/manifest.json", ["--platforms", "MAPPING"]),
] + [
    (f"Export-Android-{name}", REAL_APPS / "Web/PWAStarter/manifest.json",
     ["--shortcuts", str(next((REAL_APPS / f"Android/{name}/res").glob("xml*/shortcuts.xml")))])
    for name in ("AntennaPod", "BBQTimer", "BinaryEye", "MyTargets", "Termux")
]


def export(directory, site_url):
    """Writes each EXPORTS case under `directory` with the real binary, as served at `site_url`."""
    mapping = directory / "platforms.json"
    mapping.write_text(json.dumps(MAPPING))
    for folder, base, arguments in EXPORTS:
        target = directory / folder
        target.mkdir()
        shutil.copyfile(base, target / "manifest.json")
        arguments = [str(mapping) if argument == "MAPPING" else argument for argument in arguments]
        subprocess.run(
            [str(BINARY), "export", "web", "--manifest", str(target / "manifest.json"),
             "--manifest-url", f"{site_url}/{folder}/manifest.json", *arguments],
            check=True, capture_output=True, timeout=60)


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
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        export(directory, url)
        for folder, _, _ in EXPORTS:
            (directory / folder / "index.html").write_text(
                f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{folder}</title>'
                f'<link rel="manifest" href="manifest.json"></head><body>{folder}</body></html>')
        yield url
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)


def test_every_case_has_shortcuts():
    assert len(CASES) >= 14, CASES


@pytest.mark.parametrize("folder", CASES + [folder for folder, _, _ in EXPORTS])
def test_chromium_reads_our_shortcuts(browser, site, folder):
    if folder.startswith("Export-"):
        with urllib.request.urlopen(f"{site}/{folder}/manifest.json") as response:
            sent = json.loads(response.read())["shortcuts"]
        manifest_url = f"{site}/{folder}/manifest.json"
        check_parsed(browser, site, folder, manifest_url, sent)
        return
    manifest_file = next(path for path in (MANIFESTS / folder).iterdir())
    sent = json.loads(manifest_file.read_text())["shortcuts"]
    manifest_url = f"{site}/{folder}/{manifest_file.name}"
    check_parsed(browser, site, folder, manifest_url, sent)


def check_parsed(browser, site, folder, manifest_url, sent):
    """Chromium parses the page's manifest at `manifest_url` with no error and holds `sent`."""
    browser.get(f"{site}/{folder}/index.html")
    result = wait_for(lambda: (lambda r: r if r.get("url") else None)(browser.execute_cdp_cmd("Page.getAppManifest", {})),
                      message="the page's manifest")
    assert result["url"] == manifest_url
    assert result["errors"] == [], result["errors"]
    parsed = result["manifest"].get("shortcuts", [])
    expected = [{"name": shortcut["name"].strip(), "url": urljoin(manifest_url, shortcut["url"])} for shortcut in sent]
    assert [{"name": shortcut["name"], "url": shortcut["url"]} for shortcut in parsed] == expected[:10]
    assert len(expected) > 0
