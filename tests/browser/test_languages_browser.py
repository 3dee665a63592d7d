"""A Russian browser gets the hall in Russian, the page scripts included, and the switcher changes it on the spot."""

from __future__ import annotations

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
