"""The account page: change the password (other browsers are signed out) and sign out everywhere."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def signed_in(page, server) -> bool:  # noqa: ANN001
    return page.request.get(server.url + "/api/me").status == 200


def test_change_password_and_sign_out_everywhere_from_the_account_page(browser, sqlite_server):
    home = browser.new_context().new_page()
    home.goto(sqlite_server.url + "/account")
    home.fill("form[action='/forms/register'] [name=username]", "marta_acc")
    home.fill("form[action='/forms/register'] [name=password]", "plum-harbour-61")
    home.click("form[action='/forms/register'] button")
    home.goto(sqlite_server.url + "/account")
    assert signed_in(home, sqlite_server)

    laptop = browser.new_context().new_page()
    laptop.goto(sqlite_server.url + "/account")
    laptop.fill("form[action='/forms/login'] [name=username]", "marta_acc")
    laptop.fill("form[action='/forms/login'] [name=password]", "plum-harbour-61")
    laptop.click("form[action='/forms/login'] button")
    assert signed_in(laptop, sqlite_server)

    # A wrong current password is refused in words, and nothing changes.
    home.fill(".password-form [name=password]", "not-my-password")
    home.fill(".password-form [name=new_password]", "quiet-lantern-84")
    home.click(".password-form button")
    assert "Your current password is not right" in home.inner_text("main")
    assert signed_in(laptop, sqlite_server)

    home.fill(".password-form [name=password]", "plum-harbour-61")
    home.fill(".password-form [name=new_password]", "quiet-lantern-84")
    home.click(".password-form button")
    assert "Your password is changed" in home.inner_text("main")
    assert signed_in(home, sqlite_server) and not signed_in(laptop, sqlite_server)

    home.click("button.logout-everywhere")
    assert "signed out everywhere" in home.inner_text("main")
    assert not signed_in(home, sqlite_server)
    home.context.close()
    laptop.context.close()
