"""The rules pages of Jambo and The River in a real browser, on a desktop and on a phone, in three languages: every
picture slot is filled by the game's own drawing code (the pieces the table shows), nothing scrolls sideways, and
no script fails."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SIZES = {"desktop": dict(viewport={"width": 1366, "height": 800}),
         "phone": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)}
# A piece each page must show, drawn as the table draws it.
DRAWN = {"jambo": ".jambo-card", "river": ".river-map .river-ship"}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(DRAWN))
def test_the_rules_pictures_are_the_tables_own_pieces(browser, sqlite_server, game, size):
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    for lang in ("en", "fr", "ru"):
        page.goto(sqlite_server.url + f"/games/{game}/rules?lang={lang}")
        page.wait_for_selector(f".rules-picture-slot {DRAWN[game]}")
        slots = page.eval_on_selector_all(".rules-picture-slot",
                                          "ss => ss.map(s => [s.dataset.picture, s.children.length])")
        assert len(slots) >= 3, slots
        assert all(children for _, children in slots), f"{lang}: empty pictures {[n for n, c in slots if not c]}"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"{lang}: the page scrolls sideways"
    # The River's ships carry a mark, never a letter.
    if game == "river":
        assert page.eval_on_selector_all(".rules-picture-slot .river-ship text", "ts => ts.length") == 0
    assert not errors, errors
    context.close()
