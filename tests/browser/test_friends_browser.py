"""Issue 32 in Chromium: the "waiting for you" page and header badge follow a friend's move live, a browser
notification from any page of the hall, the friend flow (ask, answer, who is online, invite), and the installable hall
(its service worker registered, the offline page shown without network)."""

from __future__ import annotations

import os
import secrets

import pytest

from tests.support.clients import Person
from tests.test_hostile import register

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("BOARDHALL_SHOTS")
# Counts the notifications the page shows, and lets a test say the tab is hidden (headless tabs never are).
SPY = """
window.__notes = [];
const Real = window.Notification;
window.Notification = class extends Real {
  constructor(title, opts) { super(title, opts); window.__notes.push([title, opts.body]); }
};
Object.defineProperty(window.Notification, 'permission', { get: () => Real.permission });
window.Notification.requestPermission = (...a) => Real.requestPermission(...a);
Object.defineProperty(document, 'hidden', { get: () => window.__hidden === true });
"""


def fresh(name: str) -> str:
    """A username new to the shared server, so that a browser test's second try (conftest) can register again."""
    return f"{name}{secrets.token_hex(2)}"


def browser_of(browser, server, person: Person, **extra):  # noqa: ANN001, ANN003
    """A browser context signed in as `person` (their cookie), at phone or laptop size."""
    context = browser.new_context(viewport=extra.pop("viewport", {"width": 1366, "height": 800}), **extra)
    context.add_cookies([{"name": k, "value": v, "url": server.url} for k, v in person.http.cookies.items()])
    return context


def test_the_waiting_page_and_badge_follow_a_friends_move_live(browser, sqlite_server):
    ann, bob = register(sqlite_server, fresh("ann_live")), register(sqlite_server, fresh("bob_live"))
    tid = ann.open_table(seats=2, options={"rounds": 1, "first_player": 0})["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    ann.post(f"/api/tables/{tid}/start")
    mine, theirs = ann.socket(tid), bob.socket(tid)
    mine.until("snapshot"), theirs.until("snapshot")
    context = browser_of(browser, sqlite_server, ann, permissions=["notifications"])
    context.add_init_script(SPY)
    waiting = context.new_page()
    waiting.goto(sqlite_server.url + "/waiting")
    # Both pick at once in Tally: ann is awaited from the start, until she has picked.
    waiting.wait_for_selector(f"#waiting-list li[data-table='{tid}']")
    mine.act_ok({"type": "pick", "n": 3, "label": "Pick 3"})
    waiting.wait_for_selector("#waiting-empty:not([hidden])")
    assert waiting.locator("#waiting-count").is_hidden()
    lobby = context.new_page()  # another page of the hall, where the notification comes from
    lobby.goto(sqlite_server.url + "/")
    lobby.evaluate("localStorage.setItem('boardhall.alerts', JSON.stringify({notify: true})); window.__hidden = true")
    lobby.wait_for_function("document.getElementById('waiting-count').textContent === '0'")
    theirs.sync_to(1)
    theirs.act_ok({"type": "pick", "n": 1, "label": "Pick 1"})  # bob moves: ann is to move again
    row = waiting.locator(f"#waiting-list li[data-table='{tid}']")
    row.wait_for()
    assert "bob_live" in row.inner_text() and row.locator("a.waiting-go").get_attribute("href") == f"/tables/{tid}"
    waiting.wait_for_function("document.getElementById('waiting-count').textContent === '1'")
    assert waiting.locator("#waiting-count").is_visible()
    lobby.wait_for_function("document.getElementById('waiting-count').textContent === '1'")
    lobby.wait_for_function("window.__notes.length === 1")
    title, body = lobby.evaluate("window.__notes[0]")
    assert title == "Your move" and "bob_live" in body
    assert waiting.evaluate("window.__notes.length") == 0  # a visible page does not notify
    # Ann follows the link and moves: the table leaves her list on every page.
    row.locator("a.waiting-go").click()
    waiting.wait_for_url(f"**/tables/{tid}")
    mine.sync_to(2)
    mine.act_ok({"type": "bank", "label": "Bank"})
    lobby.wait_for_function("document.getElementById('waiting-count').hidden")
    mine.close()
    theirs.close()
    context.close()


def test_friends_ask_answer_see_who_is_online_and_invite(browser, sqlite_server):
    ann, bob = register(sqlite_server, fresh("ann_flow")), register(sqlite_server, fresh("bob_flow"))
    anns = browser_of(browser, sqlite_server, ann).new_page()
    bobs = browser_of(browser, sqlite_server, bob, viewport={"width": 390, "height": 844}).new_page()
    bobs.goto(sqlite_server.url + "/waiting")
    anns.goto(sqlite_server.url + "/friends")
    anns.wait_for_selector("main[data-ready]")
    anns.fill("#friend-nickname", "nobody_here_at_all")
    anns.click("#add-friend button")
    anns.wait_for_selector("#friends-error:has-text('no registered player is called nobody_here_at_all')")
    anns.fill("#friend-nickname", bob.user["nickname"])
    anns.click("#add-friend button")
    anns.wait_for_selector("#outgoing li:has-text('bob_flow')")
    bobs.wait_for_selector("#friend-requests:not([hidden])")  # live, on the page bob had open
    assert bobs.inner_text("#friend-requests") == "1"
    bobs.click("#friends-link")
    bobs.wait_for_selector("main[data-ready]")
    bobs.click("#incoming li:has-text('ann_flow') button[data-do=accept]")
    friend = bobs.locator("#friends li:has-text('ann_flow')")
    friend.wait_for()
    assert "online" in friend.locator(".online-dot").get_attribute("class").split()  # ann's page is open
    anns.wait_for_function("!document.querySelector('#outgoing')")  # her page reloaded on the answer
    anns.wait_for_selector("#friends li:has-text('bob_flow')")
    # Ann opens a table and invites bob from her friends list; it waits for him.
    table = ann.open_table(seats=2)
    ann.open_table(seats=2)  # another open table of hers: the link from the first one chooses the first
    anns.goto(sqlite_server.url + f"/tables/{table['id']}")
    anns.click(".invite-friends a")
    anns.wait_for_url(f"**/friends?table={table['id']}")
    anns.wait_for_selector("main[data-ready]")
    assert anns.input_value("#invite-table") == table["id"]
    anns.click("#friends li:has-text('bob_flow') button[data-do=invite]")
    anns.wait_for_selector("#friends li:has-text('bob_flow') button[data-do=invite]:disabled")
    bobs.wait_for_selector("#friend-requests[hidden]", state="attached")
    bobs.wait_for_function("document.getElementById('waiting-count').textContent === '1'")
    bobs.click("#waiting-link")
    bobs.click(f"#waiting-list li[data-table='{table['id']}'] a.waiting-go")
    bobs.wait_for_url(f"**/tables/{table['id']}?invite=*")
    bobs.wait_for_selector("#seats .seat")
    # On a phone the table's bar stays one line with the count in it: the page never scrolls sideways.
    assert bobs.evaluate("document.documentElement.scrollWidth") <= 390
    assert bobs.locator("#waiting-count").is_visible()
    # A guest is told why there are no friends and where to register.
    guest = browser.new_context().new_page()
    guest.goto(sqlite_server.url + "/")
    guest.fill("input[name=nickname]", "Wanderer")
    guest.click(".nickname-form button[type=submit]")
    guest.wait_for_selector("#friends-link")
    guest.click("#friends-link")
    assert "register" in guest.inner_text("#friends-guest").lower()
    for page in (anns, bobs, guest):
        page.context.close()


def test_the_hall_registers_its_service_worker_and_shows_the_offline_page(browser, sqlite_server):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(sqlite_server.url + "/")
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == sqlite_server.url + "/"
    page.reload()  # now controlled by the worker
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    # Online, pages come from the server as before, never from the worker's cache.
    assert page.evaluate("caches.open('boardhall-offline-v1').then((c) => c.keys()).then((k) => k.map((r) => "
                         "new URL(r.url).pathname).sort())") == ["/offline", "/static/css/site.css",
                                                                  "/static/icons/icon-192.png"]
    # The table works as before under the worker: a short invite link redirects, the page's socket goes live.
    table = Person(sqlite_server, "WorkerHost").open_table(seats=2)
    page.goto(sqlite_server.url + f"/join/{table['invite']}")
    page.wait_for_url(f"**/tables/{table['id']}?invite={table['invite']}")
    page.wait_for_selector("#seats .seat-name:has-text('WorkerHost')")
    page.wait_for_selector(".connection.live")
    context.set_offline(True)
    page.goto(sqlite_server.url + "/games/tally/rules")
    assert page.locator("h1").inner_text() == "You are offline"
    context.set_offline(False)
    page.goto(sqlite_server.url + "/")
    assert page.locator("input[name=nickname]").count() == 1  # the lobby itself, from the server
    context.close()


def test_the_waiting_and_friends_pages_have_no_serious_accessibility_violation(browser, sqlite_server):
    from tests.browser.test_accessibility_browser import serious_violations

    ann, bob, cy = (register(sqlite_server, fresh(name)) for name in ("ann_axe", "bob_axe", "cy_axe"))
    ann.post("/api/friends", {"user_id": bob.id})
    bob.post(f"/api/friends/{ann.id}/accept")
    cy.post("/api/friends", {"user_id": ann.id})
    bob.post(f"/api/tables/{bob.open_table(seats=2)['id']}/invites", {"user_id": ann.id})
    ann.open_table(seats=3)
    tid = ann.open_table(seats=2, options={"rounds": 1, "first_player": 0})["id"]
    bob.post(f"/api/tables/{tid}/join", {})
    ann.post(f"/api/tables/{tid}/start")
    guest = Person(sqlite_server, "AxeGuest")
    for person, paths in ((ann, ("/waiting", "/friends", "/waiting?lang=ru", "/friends?lang=fr")),
                          (guest, ("/friends", "/offline"))):
        context = browser_of(browser, sqlite_server, person, viewport={"width": 390, "height": 844})
        page = context.new_page()
        for path in paths:
            page.goto(sqlite_server.url + path)
            page.wait_for_load_state("networkidle")
            assert serious_violations(page) == [], path
        context.close()
