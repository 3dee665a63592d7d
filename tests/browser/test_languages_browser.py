"""A Russian browser gets the hall in Russian, the page scripts included, and the switcher changes it on the spot."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import choose_nickname

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(1366, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_russian_browser_reads_russian_and_switches_to_french(browser, sqlite_server, size, tmp_path):
    width, height = size
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height},
                                  is_mobile=width < 500, has_touch=width < 500)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(sqlite_server.url + "/tournaments")
    assert page.get_attribute("html", "lang") == "ru"
    assert page.is_visible("text=Кто вы?")
    choose_nickname(page, "Ivan (бот)")  # a bot's mark is not a person's name: the form says why, in Russian
    page.wait_for_selector(".nickname-form .error:has-text('оканчивается пометкой бота')")
    choose_nickname(page, "Ivan")
    page.fill("#create-tournament [name=name]", "Среда")
    page.select_option("#create-tournament [name=game]", "tally")
    assert page.input_value("#create-tournament [name=max_size]") == "5"  # Tally seats 5 at most
    page.click("#create-tournament button[type=submit]")
    page.wait_for_url("**/tournaments/**")
    # Texts from the template and from the page's script, in the same language.
    page.wait_for_selector("#t-actions >> text=Регистрация открыта.")
    assert page.inner_text("#t-status") == "регистрация"
    assert page.is_visible("button.register:has-text('Зарегистрироваться')")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=str(tmp_path / f"tournament-ru-{width}.png"), full_page=True)

    page.click(".languages a[lang=fr]")
    page.wait_for_selector("#t-actions >> text=Les inscriptions sont ouvertes.")
    assert page.get_attribute("html", "lang") == "fr"
    assert page.is_visible("h2:has-text('Classement')")
    page.reload()  # the choice is kept by the cookie, over the browser's Russian
    page.wait_for_selector("#t-actions >> text=Les inscriptions sont ouvertes.")
    page.screenshot(path=str(tmp_path / f"tournament-fr-{width}.png"), full_page=True)
    assert not errors, errors
    context.close()


def at_version(page, version: str) -> None:  # noqa: ANN001
    page.wait_for_selector(f"#table-app[data-version='{version}'] #play-area:not([hidden])")


def test_a_player_switches_language_in_the_middle_of_a_game(browser, sqlite_server):
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(sqlite_server.url + "/?lang=en")
    choose_nickname(page, "Vera")
    page.select_option("#game-select", "goldrush")
    page.select_option("#seats-select", "2")
    page.evaluate("document.querySelector('[name=\"opt:first_player\"]').value = '0'")  # Vera starts
    page.click("#create-table button[type=submit]")
    page.wait_for_url("**/tables/**")
    page.click(".seat[data-seat='1'] .add-bot")
    page.wait_for_selector(".seat[data-seat='1'] .seat-name")
    page.click("#start-button")
    page.wait_for_selector("#table-app[data-waiting='0'] #prompt-actions button")
    version = page.get_attribute("#table-app", "data-version")
    assert page.inner_text("#tab-log") == "Log" and page.inner_text("#table-status") == "in play"
    assert page.title().startswith("● Your move · Gold Rush")
    table_url = page.url

    page.click(".languages a[lang=ru]")
    page.wait_for_url("**lang=ru")
    assert page.get_attribute("html", "lang") == "ru"
    at_version(page, version)  # the same game, at the same move
    page.wait_for_selector("#players .player-turn")
    assert page.url.split("?")[0] == table_url.split("?")[0]
    assert page.inner_text("#tab-log") == "Журнал" and page.inner_text("#tab-chat").startswith("Чат")
    assert page.inner_text("#table-status") == "идёт игра"
    assert page.inner_text("#players h2") == "Игроки"
    assert page.inner_text("#players .player[data-seat='0'] .player-turn").strip() == "ходит"
    assert page.text_content("#players .player[data-seat='1'] .icon-robot title") == "за это место играет бот"
    assert "Basil (бот)" in page.inner_text("#players .player[data-seat='1'] .player-name")  # the API says "(bot)"
    assert page.get_attribute("#chat-input", "placeholder") == "Напишите что-нибудь"
    assert page.title().startswith("● Ваш ход · ")
    toggle = page.locator("#prompt-actions .all-moves-toggle")
    if toggle.count():  # the moves the board shows are also listed under this button
        assert toggle.inner_text().startswith("Все ходы (")
    prompt = page.inner_text("#prompt-text")
    assert prompt, "the prompt bar asks something"
    # The question itself is the game's: Russian as soon as the game's own catalogue is (tests/games/goldrush).
    game_catalogue = page.evaluate("fetch('/i18n/ru/goldrush.json').then((r) => (r.ok ? r.json() : {}))")
    assert not game_catalogue or re.search("[а-яА-Я]", prompt), f"the game's prompt stayed English: {prompt!r}"
    english_words = page.evaluate("""() => [...document.querySelectorAll(
        '#table-status, #side-panel .tabs, #players, #prompt-actions, #clock-panel, #connection')]
        .map((n) => n.innerText).join(' ')""")
    for english in ("Log", "Players", "to move", "in play", "live", "All moves", "Undo", "(bot)"):
        assert english not in english_words, english
    # A refusal the page has no words of its own for comes as the server's sentence, written in Russian: the chat
    # allows 20 lines a minute. It is said beside the chat, and the refused line is given back to the input.
    page.click("#tab-chat")
    for i in range(21):
        page.fill("#chat-input", f"строка {i}")
        page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat-error:not(:empty)")
    refusal = page.inner_text("#chat-error")
    assert "20" in refusal and re.search("[а-яА-Я]", refusal) and "chat messages" not in refusal, refusal
    assert page.input_value("#chat-input") == "строка 20"
    assert page.inner_text("#play-error") == ""
    # A nickname inside a sentence (a tournament's refusal) stays the player's name, even one the catalogue knows.
    kept = page.evaluate("""import('/static/js/i18n.js').then((m) => m.refusalText({message: 'Save was already dropped',
        say: {msg: '{player} was already dropped', args: {player: {verbatim: 'Save'}}}}))""")
    assert "Save" in kept and "Сохранить" not in kept and re.search("[а-яА-Я]", kept), kept

    page.click(".languages a[lang=en]")
    page.wait_for_url("**lang=en")
    assert page.get_attribute("html", "lang") == "en"
    at_version(page, version)
    page.wait_for_selector("#players .player-turn")
    assert page.inner_text("#tab-log") == "Log" and page.inner_text("#players h2") == "Players"
    assert page.inner_text("#players .player[data-seat='0'] .player-turn").strip() == "to move"
    assert "Basil (bot)" in page.inner_text("#players .player[data-seat='1'] .player-name")
    assert page.title().startswith("● Your move · Gold Rush")
    assert not errors, errors
    context.close()
