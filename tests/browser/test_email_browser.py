"""The account page's email part in Chromium: add an address, open the link it receives, choose what to hear about,
remove the address; a guest is told why they cannot; a server without SMTP says so. Screenshots of each state at
a laptop's and a phone's size go to $SHOTS (when set) for a person to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.test_accessibility_browser import serious_violations
from tests.support.browser import choose_nickname
from app.accounts.keys import Keys
from app.mail import tokens
from tests.support.servers import TEST_SECRET, Server, free_port
from tests.support.smtp import SmtpServer, links

pytestmark = pytest.mark.browser
SIZES = {"laptop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def mail_hall(tmp_path_factory):
    smtp = SmtpServer().start()
    port = free_port()
    server = Server(database_url=f"sqlite:///{tmp_path_factory.mktemp('mailpage') / 'hall.db'}", port=port,
                    PUBLIC_URL=f"http://127.0.0.1:{port}", MAIL_TICK_S="0.2", **smtp.env())
    server.start()
    yield server, smtp
    server.stop()
    smtp.stop()


def shoot(page, name: str) -> None:  # noqa: ANN001
    if os.environ.get("SHOTS"):
        Path(os.environ["SHOTS"]).mkdir(parents=True, exist_ok=True)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.screenshot(path=f"{os.environ['SHOTS']}/{name}-{size}.png", full_page=True)
        page.set_viewport_size(SIZES["laptop"])


def register(page, server, username: str) -> None:  # noqa: ANN001
    page.goto(server.url + "/account")
    page.fill("form[action='/forms/register'] [name=username]", username)
    page.fill("form[action='/forms/register'] [name=password]", "plum-harbour-61")
    page.click("form[action='/forms/register'] button")


def test_add_verify_choose_and_remove_an_address_on_the_account_page(browser, mail_hall):
    server, smtp = mail_hall
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    page.goto(server.url + "/account")
    choose_nickname(page, "Mila")
    page.goto(server.url + "/account")
    assert "Guests cannot receive email" in page.inner_text("#email")
    shoot(page, "email-guest")
    register(page, server, "mila_mail")
    page.goto(server.url + "/account")
    email = page.locator("#email")
    assert "Not confirmed" not in email.inner_text()
    shoot(page, "email-empty")
    page.fill(".email-form [name=address]", "mila@example.test")
    page.click(".email-form button")
    assert "We sent a confirmation link" in page.inner_text("main")
    assert "Not confirmed yet" in page.inner_text("#email")
    [message] = smtp.inbox.wait("mila@example.test")
    [link] = [u for u in links(message) if "/mail/verify" in u]
    page.goto(link)
    assert "Your email address is confirmed" in page.inner_text("main")
    shoot(page, "email-verified-link")
    page.click("text=Choose what you hear about on your account page.")
    assert "Confirmed." in page.inner_text("#email")
    page.uncheck(".email-preferences [name=turn]")
    page.click(".email-preferences button")
    assert "Your email choices are saved" in page.inner_text("main")
    assert not page.is_checked(".email-preferences [name=turn]") and page.is_checked(".email-preferences [name=invite]")
    assert page.request.get(server.url + "/api/me/email").json()["preferences"]["turn"] is False
    # A turn-based table of hers gets a choice of its own, then follows the default again.
    table = page.request.post(server.url + "/api/tables", data={
        "game": "tally", "seats": 2, "pace": {"mode": "turn_based", "deadline_h": 24}}).json()["id"]
    page.goto(server.url + "/account")
    row = page.locator(f".email-tables li:has(input[name=table][value='{table}'])")
    assert "Tally" in row.inner_text() and row.locator("[name=turn]").is_checked() is False  # the default: off
    row.locator("[name=turn]").check()
    row.locator("button:not([name])").click()
    assert page.request.get(server.url + "/api/me/email").json()["tables"][table]["turn"] is True
    page.locator(f".email-tables li:has(input[name=table][value='{table}']) button[name=default]").click()
    assert table not in page.request.get(server.url + "/api/me/email").json()["tables"]
    for lang in ("fr", "ru", "en"):
        page.goto(server.url + f"/account?lang={lang}")
        shoot(page, f"email-confirmed-{lang}")
    assert serious_violations(page) == []  # axe, on the fullest state of the email part
    page.click("button.email-remove")
    assert "Your email address is deleted" in page.inner_text("main")
    assert "mila@example.test" not in page.content()
    assert page.request.get(server.url + "/api/me/email").json()["address"] is None
    page.context.close()


def test_the_unsubscribe_link_asks_once_then_stops_everything(browser, mail_hall):
    server, smtp = mail_hall
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    register(page, server, "ivo_mail")
    page.goto(server.url + "/account")
    page.fill(".email-form [name=address]", "ivo@example.test")
    page.click(".email-form button")
    [message] = smtp.inbox.wait("ivo@example.test")
    page.goto([u for u in links(message) if "/mail/verify" in u][0])
    user_id = page.request.get(server.url + "/api/me").json()["user"]["id"]
    # The link an email carries, signed as the worker signs it (test servers sign with TEST_SECRET).
    link = f"{server.url}/mail/unsubscribe?token={tokens.sign(Keys([TEST_SECRET]), tokens.UNSUBSCRIBE, user_id)}"
    reader = browser.new_context(viewport=SIZES["laptop"]).new_page()  # the mail program's browser: not signed in
    reader.goto(link)
    assert page.request.get(server.url + "/api/me/email").json()["preferences"]["turn"] is True  # opening is not enough
    shoot(reader, "email-unsubscribe")
    assert serious_violations(reader) == []
    reader.click("button.unsubscribe")
    assert "You are unsubscribed" in reader.inner_text("main")
    reader.goto(server.url + "/mail/unsubscribe?token=forged.token.here")
    assert "This link does not work" in reader.inner_text("main")
    page.goto(server.url + "/account")
    assert page.locator(".email-preferences input:checked").count() == 0
    reader.context.close()
    page.context.close()


def test_a_hall_without_smtp_says_so_on_the_account_page(browser, sqlite_server):
    page = browser.new_context(viewport=SIZES["laptop"]).new_page()
    register(page, sqlite_server, "no_smtp_page")
    page.goto(sqlite_server.url + "/account")
    assert "Email is not set up on this server" in page.inner_text("#email")
    assert page.locator(".email-form").count() == 0
    shoot(page, "email-off")
    page.context.close()
