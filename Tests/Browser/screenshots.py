"""make screenshots: PNGs of GET /preview and of GET /shortcuts/preview.svg (light above and
below the icon, Android above and below, dark, French, with warnings) into docs/, taken in Debian's headless Chromium from the real binary
started with the browser tests' fixtures. Run through scripts/browser-tests.sh --screenshots."""
import json
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from conftest import ROOT, Server, make_browser, wait_for  # noqa: E402

DOCS = ROOT / "docs"


def api(server, method, path, body=None):
    request = urllib.request.Request(server.url + path, method=method, headers={"Authorization": f"Bearer {server.token}"})
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read()


def shoot_svg(browser, server, query, name, scratch):
    svg = api(server, "GET", "/shortcuts/preview.svg?" + query)
    path = Path(scratch) / f"{name}.svg"
    path.write_bytes(svg)
    browser.get(path.as_uri())
    element = wait_for(lambda: browser.find_element(By.TAG_NAME, "svg"), message="the picture")
    out = DOCS / f"{name}.png"
    element.screenshot(str(out))
    print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size} bytes)")


def main():
    DOCS.mkdir(exist_ok=True)
    server = Server()
    browser = None
    try:
        # A favorite whose title the Home Screen cuts, with an emoji: two HIG findings.
        api(server, "POST", "/contacts", {"name": "🎉 Party planning committee (all of it)", "email": "party@example.com", "favorite": True})
        browser = make_browser(1280, 900)
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 1280, "height": 900, "deviceScaleFactor": 2, "mobile": False})
        with tempfile.TemporaryDirectory() as scratch:
            shoot_svg(browser, server, "appearance=light", "preview-light", scratch)
            shoot_svg(browser, server, "appearance=light&placement=below", "preview-below", scratch)
            shoot_svg(browser, server, "appearance=light&platform=android", "preview-android", scratch)
            shoot_svg(browser, server, "appearance=light&platform=android&placement=below", "preview-android-below", scratch)
            shoot_svg(browser, server, "appearance=dark", "preview-dark", scratch)
            shoot_svg(browser, server, "appearance=light&lang=fr", "preview-fr", scratch)
            shoot_svg(browser, server, "appearance=light&warnings=true", "preview-warnings", scratch)
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 1280, "height": 860, "deviceScaleFactor": 1, "mobile": False})
        browser.get(server.url + "/preview")
        token = wait_for(lambda: browser.find_element(By.ID, "token"), message="the token form")
        token.send_keys(server.token)
        token.send_keys(Keys.ENTER)
        wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#menu svg"), message="the menu")
        browser.find_element(By.ID, "mark-warnings").click()
        wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#menu svg g[data-findings]"), message="the markers")
        wait_for(lambda: "None yet" in browser.find_element(By.ID, "triggers").text, message="the triggers")
        out = DOCS / "preview-page.png"
        browser.save_screenshot(str(out))
        print(f"wrote {out.relative_to(ROOT)} ({out.stat().st_size} bytes)")
    finally:
        if browser is not None:
            browser.quit()
        server.stop()


if __name__ == "__main__":
    main()
