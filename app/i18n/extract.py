"""Finding the texts to translate and keeping the catalogues in step with them (`make messages`).

Two kinds of catalogue (docs/i18n.md):
- the site's, `app/i18n/locales/<lang>/LC_MESSAGES/messages.po`: templates, page scripts, platform Python;
- one per game, `app/games/<id>/locales/<lang>.po`: its rules code (Texts built with `t`/`tn`, names marked
  with `N_`), and its renderer `static/games/<id>.js` (`gettext`/`ngettext`).
Each game's texts stay in its own files, so games are translated (and merged) independently.

`python -m app.i18n.extract` adds new texts, untranslated, to every catalogue and drops the ones no code uses.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
SITE_CFG = ROOT / "app" / "i18n" / "babel.cfg"
GAMES = ROOT / "app" / "games"
TRANSLATED = ("ru", "fr")
HEADER_COMMENT = "Boardhall texts. Message ids are the English texts; `make messages` adds new ones (see docs/i18n.md)."

# Rules code writes t("...", **args) and tn("one", "many", n); everything else uses gettext's own names.
GAME_KEYWORDS = {**DEFAULT_KEYWORDS, "t": None, "tn": (1, 2)}


def _texts(found) -> dict[str | tuple[str, str], None]:  # noqa: ANN001 - babel's extraction tuples
    out: dict[str | tuple[str, str], None] = {}
    for _file, _line, message, _comments, _context in found:
        if message and message != "" and (not isinstance(message, tuple) or message[0]):
            out[tuple(message) if isinstance(message, tuple) else message] = None  # keeps the order found
    return out


def site_texts() -> dict[str | tuple[str, str], None]:
    with SITE_CFG.open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    return _texts(extract_from_dir(str(ROOT), method_map, options_map, keywords=GAME_KEYWORDS))


def site_po(lang: str) -> Path:
    return ROOT / "app" / "i18n" / "locales" / lang / "LC_MESSAGES" / "messages.po"


def game_ids() -> list[str]:
    """Games with a catalogue folder (`app/games/<id>/locales`)."""
    return sorted(p.parent.name for p in GAMES.glob("*/locales") if p.is_dir())


def game_texts(game_id: str) -> dict[str | tuple[str, str], None]:
    method_map = [(f"app/games/{game_id}/**.py", "python"), (f"static/games/{game_id}.js", "javascript"),
                  (f"static/games/{game_id}/**.js", "javascript")]
    found = extract_from_dir(str(ROOT), method_map, {}, keywords=GAME_KEYWORDS)
    return _texts(found)


def game_po(game_id: str, lang: str) -> Path:
    return GAMES / game_id / "locales" / f"{lang}.po"


def _update(path: Path, lang: str, texts: dict[str | tuple[str, str], None]) -> None:
    template = Catalog(locale=lang)
    for text in texts:
        template.add(text)
    if path.exists():
        with path.open("rb") as po:
            catalog = read_po(po, locale=lang)
    else:
        catalog = Catalog(locale=lang)
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    path.parent.mkdir(parents=True, exist_ok=True)
    body = io.BytesIO()
    write_po(body, catalog, width=120, no_location=True, omit_header=True, sort_output=False)
    # A fixed header (babel's own carries today's date, which would change the file on every run).
    header = (f"# {HEADER_COMMENT}\nmsgid \"\"\nmsgstr \"\"\n\"Language: {lang}\\n\"\n"
              f"\"Plural-Forms: {catalog.plural_forms}\\n\"\n\"MIME-Version: 1.0\\n\"\n"
              f"\"Content-Type: text/plain; charset=utf-8\\n\"\n\"Content-Transfer-Encoding: 8bit\\n\"\n\n")
    path.write_bytes(header.encode() + body.getvalue())


def update_game(game_id: str) -> None:
    texts = game_texts(game_id)
    for lang in TRANSLATED:
        _update(game_po(game_id, lang), lang, texts)


def update_site() -> None:
    texts = site_texts()
    for lang in TRANSLATED:
        _update(site_po(lang), lang, texts)


def main(argv: list[str]) -> None:
    """`python -m app.i18n.extract`: the site and every game; with arguments, only those games."""
    if not argv:
        update_site()
        print(f"site: {len(site_texts())} texts")
    for game_id in argv or game_ids():
        update_game(game_id)
        print(f"{game_id}: {len(game_texts(game_id))} texts")


if __name__ == "__main__":
    main(sys.argv[1:])
