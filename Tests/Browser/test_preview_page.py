"""GET /preview in headless Chromium: sign in, the menu from the seeded favorites, a favorite
and a new contact changing it live, dark and French, a trigger, a reload; then the contacts, the
placement and platform switches (mouse and keyboard), each favorite's reason for its place, pinning
by keyboard and the disabled items, scheduling an item (its window in the browser's time zone, a
422 shown next to its field, its deletion), the keyboard and axe-core's accessibility check (zero serious or critical violations). No console
error anywhere."""
import json
import urllib.request
import uuid
from datetime import datetime, timedelta, timezone

from importlib.util import find_spec
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import Server, wait_for


def console_errors(browser):
    """The console's error messages since the last call (reading empties the log)."""
    return [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]


def menu_text(browser):
    return browser.execute_script("const s = document.querySelector('#menu svg'); return s ? s.textContent : '';")


def api(server, method, path, body=None):
    request = urllib.request.Request(server.url + path, method=method, headers={"Authorization": f"Bearer {server.token}"})
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


def sign_in(browser, server):
    browser.get(server.url + "/preview")
    token = wait_for(lambda: browser.find_element(By.ID, "token") if browser.find_element(By.ID, "token").is_displayed() else None,
                     message="the token form")
    token.send_keys(server.token)
    token.send_keys(Keys.ENTER)
    wait_for(lambda: "Ada Lovelace" in menu_text(browser), message="the menu")


# axe-core 4.12.1, as shipped in the axe-playwright-python wheel (see requirements-axe.txt);
# the package itself is never imported (it would need Playwright).
AXE_SOURCE = (Path(find_spec("axe_playwright_python").origin).parent / "axe.min.js").read_text()


def axe_serious(browser):
    # Injected through the driver (DevTools), which the page's CSP does not govern.
    browser.execute_script(AXE_SOURCE)
    results = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then((r) => done({violations: r.violations, passes: r.passes.length, version: r.testEngine.version}),"
        " (e) => done({error: String(e)}));")
    assert "error" not in results, results
    serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    return results, serious


def test_the_flow(browser, server):
    console_errors(browser)
    # 1. Load /preview with a token: the page asks for it once.
    sign_in(browser, server)
    browser.execute_script("window.previewMarker = 'not reloaded';")

    # 2. The seeded favorites are in the menu (one static item, then Ada and Grace).
    text = menu_text(browser)
    assert "Search" in text and "Ada Lovelace" in text and "Grace Hopper" in text
    assert "Alan Turing" not in text
    items = browser.find_elements(By.CSS_SELECTOR, "#items li")
    assert [item.find_element(By.CLASS_NAME, "title").text for item in items][:3] == ["Search", "Ada Lovelace", "Grace Hopper"]

    # 3. Favorite a contact through the page: the menu changes from /events, without a reload.
    alan = wait_for(lambda: next(li for li in browser.find_elements(By.CSS_SELECTOR, "#contacts li.contact")
                                 if "Alan Turing" in li.text), message="Alan in the contacts")
    alan.find_element(By.CSS_SELECTOR, "button.favorite").click()
    wait_for(lambda: "Alan Turing" in menu_text(browser), message="Alan in the menu")
    assert browser.execute_script("return window.previewMarker;") == "not reloaded"
    # A fifth favorite (created last, so listed last) shows in the full list, greyed, not in the menu.
    browser.find_element(By.ID, "contact-name").send_keys("Zora Neale Hurston")
    browser.find_element(By.ID, "contact-favorite").click()
    browser.find_element(By.ID, "contact-submit").click()
    hidden = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#items li.hidden"), message="a greyed item")
    assert "Zora Neale Hurston" in hidden[0].text
    assert "Zora" not in menu_text(browser)

    # 4. Dark, then another language.
    browser.find_element(By.ID, "appearance").click()
    wait_for(lambda: browser.execute_script(
        "const s = document.querySelector('#menu svg'); return s && s.getAttribute('data-appearance') === 'dark';"),
        message="the dark menu")
    assert browser.find_element(By.ID, "appearance").get_attribute("aria-pressed") == "true"
    Select(browser.find_element(By.ID, "language")).select_by_value("fr")
    wait_for(lambda: "Rechercher" in menu_text(browser), message="the French menu")
    wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "#items li .title").text == "Rechercher", message="the French list")

    # 5. Fire a trigger and see it listed.
    browser.find_element(By.CSS_SELECTOR, "#items li button.trigger").click()
    wait_for(lambda: "SearchAction" in browser.find_element(By.ID, "triggers").text, message="the trigger in the list")
    assert api(server, "GET", "/triggers")["triggers"][0]["type"] == "SearchAction"

    # The token is kept for the tab: a reload does not ask again.
    browser.refresh()
    wait_for(lambda: "Alan Turing" in menu_text(browser), message="the menu after a reload")
    assert not browser.find_element(By.ID, "token-form").is_displayed()

    assert console_errors(browser) == []


def test_contacts_search_create_edit_delete_and_user_text_stays_text(browser, server):
    hostile = "<img src=x onerror=alert(1)> Eve"
    api(server, "POST", "/contacts", {"name": hostile, "email": "eve@example.com", "favorite": True})
    console_errors(browser)
    browser.execute_script("sessionStorage.clear();")
    sign_in(browser, server)
    wait_for(lambda: "Eve" in menu_text(browser), message="Eve in the menu")
    assert hostile in menu_text(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "#menu img, #contacts img, #items img") == []
    assert any(hostile in li.text for li in browser.find_elements(By.CSS_SELECTOR, "#contacts li"))

    # Search, as the API's q (diacritics folded).
    search = browser.find_element(By.ID, "search")
    search.send_keys("angstrom")
    wait_for(lambda: [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#contacts li .name")] == ["Anders Ångström"],
             message="the search result")
    search.send_keys(Keys.CONTROL, "a")
    search.send_keys(Keys.DELETE)
    wait_for(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#contacts li.contact")) == 5, message="all contacts")

    # Create, edit, delete.
    browser.find_element(By.ID, "contact-name").send_keys("Katherine Johnson")
    browser.find_element(By.ID, "contact-email").send_keys("kj@example.com")
    browser.find_element(By.ID, "contact-submit").click()
    katherine = wait_for(lambda: next(li for li in browser.find_elements(By.CSS_SELECTOR, "#contacts li.contact")
                                      if "Katherine Johnson" in li.text), message="the new contact")
    katherine.find_element(By.CSS_SELECTOR, "button.edit").click()
    name = browser.find_element(By.ID, "contact-name")
    name.clear()
    name.send_keys("Katherine G. Johnson")
    browser.find_element(By.ID, "contact-submit").click()
    edited = wait_for(lambda: next(li for li in browser.find_elements(By.CSS_SELECTOR, "#contacts li.contact")
                                   if "Katherine G. Johnson" in li.text), message="the edited contact")
    edited.find_element(By.CSS_SELECTOR, "button.delete").click()
    wait_for(lambda: not any("Katherine" in li.text for li in browser.find_elements(By.CSS_SELECTOR, "#contacts li")),
             message="the contact gone")
    assert api(server, "GET", "/contacts?q=katherine")["contacts"] == []
    assert console_errors(browser) == []


def svg_attribute(browser, name):
    return browser.execute_script(f"const s = document.querySelector('#menu svg'); return s ? s.getAttribute('{name}') : null;")


def drawn_text(browser):
    """The picture's lines, top to bottom as drawn (its title and description left out)."""
    return browser.execute_script("return [...document.querySelectorAll('#menu svg text')].map((t) => t.textContent).join('\\n');")


def test_placement_and_platform_switches(browser, server):
    browser.get(server.url + "/preview")
    browser.execute_script("sessionStorage.clear();")
    sign_in(browser, server)
    # Above the icon on an iPhone by default: the system items on top, the first item last.
    assert svg_attribute(browser, "data-placement") == "above" and svg_attribute(browser, "data-platform") == "ios"
    text = drawn_text(browser)
    assert text.index("Remove App") < text.index("Grace Hopper") < text.index("Search")
    # The placement switch, by mouse: the menu opens below the icon, in the list's order.
    browser.find_element(By.CSS_SELECTOR, "#placement input[value='below']").click()
    wait_for(lambda: svg_attribute(browser, "data-placement") == "below", message="the menu below the icon")
    text = drawn_text(browser)
    assert text.index("Search") < text.index("Grace Hopper") < text.index("Remove App")
    # The platform switch, by keyboard: Tab reaches the checked radio, an arrow key moves to Android.
    browser.execute_script("document.activeElement.blur();")
    visited = []
    for _ in range(80):
        active = browser.switch_to.active_element
        visited.append(active.get_attribute("id") or active.get_attribute("name") or active.tag_name)
        if active.get_attribute("name") == "platform":
            break
        ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element.get_attribute("value") == "ios", visited
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    wait_for(lambda: svg_attribute(browser, "data-platform") == "android", message="the Android popup by keyboard")
    assert browser.find_element(By.CSS_SELECTOR, "#platform input[value='android']").is_selected()
    assert "Remove App" not in drawn_text(browser) and "Search" in drawn_text(browser)
    assert svg_attribute(browser, "data-placement") == "below", "the other switch keeps its choice"
    # Each control has an accessible name: its group's legend and its own label.
    names = browser.execute_script(
        "return [...document.querySelectorAll('.switch')].map((f) => f.querySelector('legend').textContent + ': ' +"
        " [...f.querySelectorAll('label')].map((l) => l.textContent.trim()).join('|'));")
    assert names == ["Device: iPhone|Android", "Menu opens: Above the icon|Below the icon"]
    results, serious = axe_serious(browser)
    assert serious == [], json.dumps(serious, indent=1)[:4000]
    assert console_errors(browser) == []


def full_list(browser):
    """The full list's items as (title, reason, pinned), in order."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#items li')].map((li) => [li.querySelector('.title').textContent,"
        " li.querySelector('.reason') ? li.querySelector('.reason').textContent : '', li.classList.contains('pinned')]);")


def contact_item(browser, name):
    return wait_for(lambda: next(li for li in browser.find_elements(By.CSS_SELECTOR, "#contacts li.contact") if name in li.text),
                    message=f"{name} in the contacts")


def test_reasons_pins_and_disabled_items(browser, server):
    browser.get(server.url + "/preview")
    browser.execute_script("sessionStorage.clear();")
    console_errors(browser)
    sign_in(browser, server)
    # The seeded favorites were never picked: they keep their creation order, and say so.
    wait_for(lambda: full_list(browser)[1:3] == [["Ada Lovelace", "by creation (never picked)", False],
                                                  ["Grace Hopper", "by creation (never picked)", False]], message="the reasons")
    assert full_list(browser)[0] == ["Search", "", False], "a static item has no reason"

    # A pick of Grace puts her ahead of Ada, with her score; the page follows from /events.
    contacts = {c["name"]: c for c in api(server, "GET", "/contacts")["contacts"]}
    request = urllib.request.Request(
        server.url + "/trigger", method="POST",
        data=json.dumps({"type": "FavoriteAction", "userInfo": {"contactId": contacts["Grace Hopper"]["id"]}}).encode(),
        headers={"Authorization": f"Bearer {server.token}", "Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4())})
    urllib.request.urlopen(request, timeout=10).close()
    wait_for(lambda: [title for title, _, _ in full_list(browser)[1:3]] == ["Grace Hopper", "Ada Lovelace"], message="Grace first")
    assert full_list(browser)[1][1].startswith("score "), full_list(browser)

    # Only favorites have a Pin button; Ada's is pressed by keyboard and puts her first, marked.
    assert contact_item(browser, "Alan Turing").find_elements(By.CSS_SELECTOR, "button.pin") == []
    pin = contact_item(browser, "Ada Lovelace").find_element(By.CSS_SELECTOR, "button.pin")
    assert pin.get_attribute("aria-pressed") == "false" and pin.get_attribute("aria-label") == "Pin Ada Lovelace"
    pin.send_keys(Keys.ENTER)
    wait_for(lambda: full_list(browser)[1:3] == [["Ada Lovelace", "pinned #1", True], ["Grace Hopper", full_list(browser)[2][1], False]],
             message="Ada pinned first")
    wait_for(lambda: contact_item(browser, "Ada Lovelace").find_element(By.CSS_SELECTOR, "button.pin").get_attribute("aria-pressed")
             == "true", message="the pressed Pin button")
    assert api(server, "GET", f"/contacts/{contacts['Ada Lovelace']['id']}")["pinned"] is True
    # The picture shows the same items in the new order (above the icon: reversed, the first item last).
    wait_for(lambda: 0 <= drawn_text(browser).find("Grace Hopper") < drawn_text(browser).find("Ada Lovelace"), message="the new order drawn")

    # Pressed again, the button unpins.
    contact_item(browser, "Ada Lovelace").find_element(By.CSS_SELECTOR, "button.pin").click()
    wait_for(lambda: [title for title, _, _ in full_list(browser)[1:3]] == ["Grace Hopper", "Ada Lovelace"], message="Ada unpinned")
    assert api(server, "GET", f"/contacts/{contacts['Ada Lovelace']['id']}")["pinned"] is False

    # Unfavorited, Grace leaves the list and is listed as no longer in it, with the message.
    assert not browser.find_element(By.ID, "disabled-heading").is_displayed()
    contact_item(browser, "Grace Hopper").find_element(By.CSS_SELECTOR, "button.favorite").click()
    wait_for(lambda: "This contact is no longer a favorite" in browser.find_element(By.ID, "disabled").text, message="the disabled item")
    assert browser.find_element(By.ID, "disabled-heading").is_displayed()
    assert "Grace Hopper" not in [title for title, _, _ in full_list(browser)]

    results, serious = axe_serious(browser)
    assert serious == [], json.dumps(serious, indent=1)[:4000]
    assert console_errors(browser) == []


def scheduled_list(browser):
    return [li.find_element(By.CLASS_NAME, "title").text for li in browser.find_elements(By.CSS_SELECTOR, "#scheduled li.scheduled-item")]


def fill_schedule(browser, kind, title, start, end):
    """Types the type and title; sets the two datetime-local inputs (their keyboard format is the locale's)."""
    for field, text in (("type", kind), ("title", title)):
        box = browser.find_element(By.ID, f"schedule-{field}")
        box.clear()
        box.send_keys(text)
    browser.execute_script("document.getElementById('schedule-from').value = arguments[0];"
                           "document.getElementById('schedule-until').value = arguments[1];",
                           start.strftime("%Y-%m-%dT%H:%M"), end.strftime("%Y-%m-%dT%H:%M"))


def test_schedule_an_item(browser, server):
    # The browser's clock in India (+05:30, no daylight saving), so the offset the page adds shows.
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Kolkata"})
    try:
        browser.get(server.url + "/preview")
        browser.execute_script("sessionStorage.clear();")
        console_errors(browser)
        sign_in(browser, server)
        wait_for(lambda: browser.find_element(By.CSS_SELECTOR, "#scheduled li").text == "None", message="no scheduled item")
        india = timedelta(hours=5, minutes=30)
        start = (datetime.now(timezone.utc) + india - timedelta(minutes=5)).replace(second=0, microsecond=0, tzinfo=None)
        end = start + timedelta(hours=2)

        # Scheduled now, by keyboard (Enter in the subtitle submits): listed, and in the list and the
        # picture between the static item and the favorites, with its reason.
        fill_schedule(browser, "SummerSaleAction", "Summer sale", start, end)
        subtitle = browser.find_element(By.ID, "schedule-subtitle")
        subtitle.send_keys("Until tonight")
        subtitle.send_keys(Keys.ENTER)
        wait_for(lambda: scheduled_list(browser) == ["Summer sale"], message="the item in the scheduled list")
        [stored] = api(server, "GET", "/scheduled-items")["items"]
        assert stored["from"] == (start - india).strftime("%Y-%m-%dT%H:%M:00.000Z"), stored
        assert stored["until"] == (end - india).strftime("%Y-%m-%dT%H:%M:00.000Z"), stored
        assert stored["subtitle"] == {"default": "Until tonight"} and stored["type"] == "SummerSaleAction"
        wait_for(lambda: [title for title, _, _ in full_list(browser)[:4]] == ["Search", "Summer sale", "Ada Lovelace", "Grace Hopper"],
                 message="the item after the static one")
        assert full_list(browser)[1][1].startswith("scheduled"), full_list(browser)
        wait_for(lambda: 0 <= drawn_text(browser).find("Ada Lovelace") < drawn_text(browser).find("Summer sale")
                 < drawn_text(browser).find("Search"), message="the item drawn between the favorites and the static item")
        assert browser.find_element(By.ID, "schedule-type").get_attribute("value") == "", "the form is emptied"

        # A window that ends before it starts: the server's 422 detail next to `until`, announced.
        fill_schedule(browser, "WinterSaleAction", "Winter sale", start + timedelta(hours=2), start + timedelta(hours=1))
        browser.find_element(By.ID, "schedule-submit").click()
        until_error = browser.find_element(By.ID, "schedule-until-error")
        wait_for(lambda: "must be after from" in until_error.text, message="the 422 detail next to until")
        until = browser.find_element(By.ID, "schedule-until")
        assert until.get_attribute("aria-invalid") == "true" and until.get_attribute("aria-describedby") == "schedule-until-error"
        assert until_error.get_attribute("role") == "alert"
        assert browser.switch_to.active_element.get_attribute("id") == "schedule-until"
        assert browser.find_element(By.ID, "schedule-from-error").text == ""
        assert len(api(server, "GET", "/scheduled-items")["items"]) == 1
        results, serious = axe_serious(browser)
        assert serious == [], json.dumps(serious, indent=1)[:4000]

        # An item scheduled elsewhere shows up from the `shortcuts` event, without a reload.
        browser.execute_script("window.previewMarker = 'not reloaded';")
        now = datetime.now(timezone.utc)
        api(server, "POST", "/scheduled-items", {"type": "FlashSaleAction", "title": {"default": "Flash sale"},
                                                 "from": (now - timedelta(minutes=1)).isoformat(), "until": (now + timedelta(hours=1)).isoformat()})
        wait_for(lambda: sorted(scheduled_list(browser)) == ["Flash sale", "Summer sale"], message="the item from /events")
        assert browser.execute_script("return window.previewMarker;") == "not reloaded"

        # Delete removes it from the scheduled list, the list and the picture.
        summer = next(li for li in browser.find_elements(By.CSS_SELECTOR, "#scheduled li.scheduled-item") if "Summer sale" in li.text)
        button = summer.find_element(By.CSS_SELECTOR, "button.delete")
        assert button.get_attribute("aria-label") == "Delete scheduled Summer sale"
        button.send_keys(Keys.ENTER)
        wait_for(lambda: scheduled_list(browser) == ["Flash sale"], message="the item gone from the scheduled list")
        wait_for(lambda: "Summer sale" not in [title for title, _, _ in full_list(browser)], message="the item gone from the list")
        wait_for(lambda: "Summer sale" not in drawn_text(browser), message="the item gone from the picture")
        assert [item["title"]["default"] for item in api(server, "GET", "/scheduled-items")["items"]] == ["Flash sale"]
        # The one error in the console is the 422's own network line.
        errors = console_errors(browser)
        assert all("/scheduled-items" in entry["message"] and "422" in entry["message"] for entry in errors), errors
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_an_account_token_gets_the_page_without_scheduled_items(browser):
    # With --accounts the scheduled items are the admin token's: an account's page leaves them out.
    accounts = Server(accounts=True)
    try:
        account = api(accounts, "POST", "/accounts", {"name": "Alice"})
        browser.get(accounts.url + "/preview")
        browser.execute_script("sessionStorage.clear();")
        browser.refresh()
        console_errors(browser)
        token = wait_for(lambda: browser.find_element(By.ID, "token") if browser.find_element(By.ID, "token").is_displayed() else None,
                         message="the token form")
        token.send_keys(account["token"])
        token.send_keys(Keys.ENTER)
        wait_for(lambda: "Search" in menu_text(browser), message="the account's menu")
        wait_for(lambda: browser.find_element(By.ID, "status").text == "Up to date.", message="the page loaded")
        assert not browser.find_element(By.ID, "schedule-section").is_displayed()
        errors = console_errors(browser)
        assert all("/scheduled-items" in entry["message"] and "403" in entry["message"] for entry in errors), errors
    finally:
        accounts.stop()


def test_keyboard_and_axe(browser, server):
    browser.execute_script("sessionStorage.clear();")
    sign_in(browser, server)
    # Keyboard: Tab reaches the appearance switch, and Space presses it.
    browser.execute_script("document.activeElement.blur();")
    for _ in range(12):
        if browser.switch_to.active_element.get_attribute("id") == "appearance":
            break
        ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element.get_attribute("id") == "appearance"
    ActionChains(browser).send_keys(Keys.SPACE).perform()
    wait_for(lambda: browser.find_element(By.ID, "appearance").get_attribute("aria-pressed") == "true", message="dark by keyboard")
    counts = []
    for appearance in ["dark", "light"]:
        if appearance == "light":
            browser.find_element(By.ID, "appearance").click()
            wait_for(lambda: browser.find_element(By.ID, "appearance").get_attribute("aria-pressed") == "false", message="light")
        results, serious = axe_serious(browser)
        counts.append((appearance, len(results["violations"]), len(serious), results["passes"]))
        assert serious == [], json.dumps(serious, indent=1)[:4000]
    print(f"axe-core {results['version']}:", ", ".join(f"{a}: {v} violations ({s} serious or critical), {p} rules passed" for a, v, s, p in counts))
    assert console_errors(browser) == []
