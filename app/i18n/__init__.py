"""The hall's languages: which one a request gets, and its translations.

Texts live in gettext catalogues (`locales/<lang>/LC_MESSAGES/messages.po`, English being the message ids).
Templates translate through Jinja2's i18n extension, Python through `gettext` here, and the browser through the
same catalogue served as JSON (`/i18n/<lang>.json`, read by static/js/i18n.js). The .po files are read and
compiled in memory when first needed, so there is no build step between editing a catalogue and running.

A request's language: `?lang=` on any URL (which also sets the `lang` cookie and, for a signed-in account, is
remembered on the account), else the `lang` cookie, else the browser's Accept-Language, else English.
"""

from __future__ import annotations

import io
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from app.engine.text import HOLE

LANGUAGES = ("en", "ru", "fr")
DEFAULT = "en"
NAMES = {"en": "English", "ru": "Русский", "fr": "Français"}  # each language named in itself, for the switcher
COOKIE = "lang"
LOCALES = Path(__file__).resolve().parent / "locales"
GAMES = Path(__file__).resolve().parent.parent / "games"  # each game's own catalogue: games/<id>/locales/<lang>.po

current_language: ContextVar[str] = ContextVar("current_language", default=DEFAULT)


def valid(lang: object) -> str | None:
    return lang if isinstance(lang, str) and lang in LANGUAGES else None


def from_accept_language(header: str | None) -> str | None:
    """The best of our languages for an Accept-Language header ("ru-RU,ru;q=0.9,en;q=0.8"), by its weights."""
    if not header:
        return None
    weighted = []
    for position, part in enumerate(header.split(",")[:20]):  # a hostile header is cut short, not parsed whole
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        weighted.append((-quality, position, tag.strip().replace("_", "-")))
    for _, _, tag in sorted(weighted):
        try:
            lang = Locale.parse(tag, sep="-").language if tag != "*" else None
        except (ValueError, UnknownLocaleError):
            continue
        if valid(lang):
            return lang
    return None


def choose(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    return valid(query) or valid(cookie) or from_accept_language(accept_language) or DEFAULT


@lru_cache(maxsize=None)
def catalogue(lang: str):  # noqa: ANN201 - babel's Catalog
    """The parsed .po file of a language (English has none: its ids are its texts)."""
    path = LOCALES / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as po:
        return read_po(po, locale=lang)


@lru_cache(maxsize=None)
def game_catalogue(game_id: str, lang: str):  # noqa: ANN201 - babel's Catalog
    """A game's own texts (card and place names, prompts, log lines, its renderer's words); empty when it has none."""
    path = GAMES / game_id / "locales" / f"{lang}.po"
    if not path.is_file():
        return Catalog(locale=lang)
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def game_ids() -> list[str]:
    return sorted(p.parent.name for p in GAMES.glob("*/locales") if p.is_dir())


@lru_cache(maxsize=None)
def translations(lang: str) -> NullTranslations:
    """Server-side translations: the site's texts, then every game's (option titles, game names)."""
    if lang == DEFAULT:
        return NullTranslations()
    merged = Catalog(locale=lang)
    # Babel's Catalog keeps the first message stored under an id: the site's own texts come first and win.
    for source in [catalogue(lang), *(game_catalogue(g, lang) for g in game_ids())]:
        for message in source:
            if message.id and message.string and not message.fuzzy and message.id not in merged:
                merged[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, merged, use_fuzzy=False)
    compiled.seek(0)
    return Translations(fp=compiled)


@lru_cache(maxsize=None)
def browser_messages(lang: str, game_id: str | None = None) -> dict[str, str]:
    """What the browser needs: every translated message id with its text (plural forms as a list); the site's
    catalogue, or with `game_id` that game's."""
    if lang == DEFAULT:
        return {}
    out = {}
    for message in (game_catalogue(game_id, lang) if game_id else catalogue(lang)):
        if not message.id or message.fuzzy or not message.string:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        out[key] = list(message.string) if isinstance(message.string, tuple) else message.string
    return out


def N_(message: str) -> str:  # noqa: N802 - gettext's own name, which the extraction looks for
    """Mark a text for the catalogues where it is defined; it is translated where it is shown."""
    return message


def gettext(message: str) -> str:
    return translations(current_language.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current_language.get()).ngettext(singular, plural, n)


def write(text: Any) -> str:
    """A Text (app.engine.text) in the request's language, as the browser's writeText writes it (its message and
    its string arguments looked up in the catalogues, numbers as they are), except that lists are joined with
    commas only. For refusals and notes shown on server pages."""
    if isinstance(text, str):
        return gettext(text) if text else text
    if isinstance(text, (int, float)):
        return str(text)
    if isinstance(text, dict) and "list" in text:
        return ", ".join(write(item) for item in text["list"])
    if isinstance(text, dict) and "verbatim" in text:
        return str(text["verbatim"])
    if not isinstance(text, dict) or "msg" not in text:
        return str(text)
    args = text.get("args") or {}
    msg = text["msg"]
    pattern = ngettext(msg[0], msg[1], int(args.get("n", 0))) if isinstance(msg, list) else gettext(msg)
    return HOLE.sub(lambda hole: write(args[hole.group(1)]) if hole.group(1) in args else hole.group(0), pattern)


# Bots are named "Ada (bot)" in the API, which every language shares; pages show the mark in the reader's language
# (static/js/ui.js playerName does the same in the browser).
BOT_SUFFIX = " (bot)"


def player_name(name: str | None, bot: object) -> str | None:
    """A player's name as a page shows it: a bot's English "(bot)" in the reader's language."""
    if bot and name and name.endswith(BOT_SUFFIX):
        return gettext("%(name)s (bot)") % {"name": name[: -len(BOT_SUFFIX)]}
    return name
