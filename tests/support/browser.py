"""Browser steps shared by the platform and game browser tests: open a table through the invite link."""

from __future__ import annotations


def choose_nickname(page, nickname: str) -> None:  # noqa: ANN001
    page.fill("input[name=nickname]", nickname)
    page.click(".nickname-form button[type=submit]")


def open_table_with_friend(browser, server, game: str, seats: int, options_js: str = "") -> tuple:  # noqa: ANN001
    """The host opens a table from the lobby form; a friend follows the invite link, picks a nickname and is seated.

    Returns (host_page, friend_page, table_id). `options_js` runs on the lobby page before submitting
    (to set game options in the generated form).
    """
    host = browser.new_context().new_page()
    host.goto(server.url + "/")
    choose_nickname(host, "Hostess")
    host.select_option("#game-select", game)
    host.select_option("#seats-select", str(seats))
    if options_js:
        host.evaluate(options_js)
    host.click("#create-table button[type=submit]")
    host.wait_for_url("**/tables/**")
    host.wait_for_selector("#seats .seat")
    invite = host.input_value("#invite-url")
    table_id = host.url.split("/tables/")[1].split("?")[0]

    friend = browser.new_context().new_page()
    friend.goto(invite)
    choose_nickname(friend, "Friend")  # with a name, the invite link seats them: no "Take this seat" to find
    friend.wait_for_selector("#seats .seat-name:has-text('Friend')")
    # The host's waiting room updates live, without reloading.
    host.wait_for_selector("#seats .seat-name:has-text('Friend')")
    return host, friend, table_id
