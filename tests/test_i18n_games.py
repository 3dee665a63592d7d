"""Every game speaks Russian and French: its catalogues translate every text its code marks, and in random games
every log line, prompt, action label and result carries a `say` whose messages and names the catalogues translate.

The catalogues are checked against what the code marks (`app/i18n/extract.py`); the playouts check what the games
really send, so a sentence built outside `t(...)` or a card name nobody marked fails here by name.
"""

from __future__ import annotations

import random
import re
from typing import Any, Iterator

import pytest

from app import engine, i18n
from app.engine.text import english, messages_in, names_in
from app.i18n import extract

GAMES = ["goldrush", "river", "goldwest", "istanbul", "jambo"]
LANGS = ["ru", "fr"]
HOLES = re.compile(r"\{(\w+)\}|%\((\w+)\)[sd]")
SEEDS = 6


def holes(text: str) -> set[str]:
    return {a or b for a, b in HOLES.findall(text)}


def translated(game_id: str, lang: str) -> dict[str, Any]:
    """msgid (the singular for plurals) -> message, from the game's catalogue and the site's (platform texts)."""
    out = {}
    for source in (i18n.catalogue(lang), i18n.game_catalogue(game_id, lang)):
        for m in source:
            if m.id:
                out[m.id[0] if isinstance(m.id, tuple) else m.id] = m
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_catalogue_translates_every_text_the_game_marks(game_id, lang):
    texts = extract.game_texts(game_id)
    assert len(texts) > 20, f"{game_id}: only {len(texts)} marked texts: are its texts built with t(...)?"
    catalogue = {(m.id[0] if isinstance(m.id, tuple) else m.id): m for m in i18n.game_catalogue(game_id, lang) if m.id}
    keys = {t[0] if isinstance(t, tuple) else t for t in texts}
    missing = sorted(keys - catalogue.keys())
    assert not missing, f"{game_id}/{lang} misses {len(missing)} texts (run `make messages`): {missing[:8]}"
    for key in keys:
        m = catalogue[key]
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(forms) and not m.fuzzy, f"{game_id}/{lang}: {key!r} is untranslated or fuzzy"
        for form in forms:
            assert holes(form) == holes(key), f"{game_id}/{lang}: {key!r} -> {form!r} changes the placeholders"
    stale = sorted(catalogue.keys() - keys)
    assert not stale, f"{game_id}/{lang} keeps texts the game no longer uses: {stale[:8]}"


def shown_texts(game_id: str, seed: int, players: int) -> Iterator[tuple[str, Any]]:
    """(where, item) for every event, prompt, legal action and result of one random game, every seat's view."""
    game = engine.get(game_id)
    rng = random.Random(seed)
    state, events = game.start(players, None, seed)
    for e in events:
        yield "event", e
    moves = 0
    while game.result(state) is None and moves < game.max_moves:
        views = game.full_views(state, list(range(players)))
        for view in views:
            if view["prompt"]:
                yield "prompt", view["prompt"]
            for action in view["legal"]:
                yield "label", action
        seat = rng.choice(sorted(game.pending(state)))
        action = rng.choice(views[seat]["legal"])
        state, events = game.apply(state, seat, action)
        moves += 1
        for e in events:
            yield "event", e
    result = game.result(state)
    assert result is not None, f"{game_id}: no result after {moves} moves"
    yield "result", result


@pytest.mark.parametrize("game_id", GAMES)
def test_every_shown_text_of_a_random_game_has_a_translated_say(game_id):
    game = engine.get(game_id)
    catalogues = {lang: translated(game_id, lang) for lang in LANGS}
    unsaid: dict[str, str] = {}
    untranslated: dict[str, set[str]] = {lang: set() for lang in LANGS}
    for seed in range(SEEDS):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        for where, item in shown_texts(game_id, seed, players):
            english_text = item.get("label", item.get("text"))
            if english_text is None:
                continue
            say = item.get("say")
            if say is None:
                unsaid.setdefault(f"{where}: {english_text}", where)
                continue
            assert english(say) == english_text, f"{game_id}: the English of {say!r} is not {english_text!r}"
            for msg in messages_in(say):
                key = msg[0] if isinstance(msg, tuple) else msg
                for lang, catalogue in catalogues.items():
                    m = catalogue.get(key)
                    if m is None or not m.string or m.fuzzy:
                        untranslated[lang].add(f"message {key!r}")
            for name in names_in(say):
                if re.fullmatch(r"[\d\s.,:+\-–/×x%]*", name):
                    continue  # numbers and signs written as text read the same in every language
                for lang, catalogue in catalogues.items():
                    m = catalogue.get(name)
                    if m is None or not m.string or m.fuzzy:
                        untranslated[lang].add(f"name {name!r}")
    assert not unsaid, f"{game_id}: {len(unsaid)} texts have no say: {sorted(unsaid)[:8]}"
    for lang in LANGS:
        assert not untranslated[lang], f"{game_id}/{lang}: {sorted(untranslated[lang])[:10]}"
