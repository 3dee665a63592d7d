"""The rules pages in the reader's language: docs/rules/<lang>/<id>.md when that translation exists, else the English
docs/rules/<id>.md, which stays the reference. Every English file has a Russian translation with the same sections, so
a section (or a table row, or a list item) added in English without its translation fails here."""

from __future__ import annotations

import html
import re

import pytest
from pathlib import Path

import httpx
from markdown_it import MarkdownIt

from app.i18n import LANGUAGES
from app.lobby import rulebook

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
ENGLISH = sorted(RULES.glob("*.md"))
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _headings(path: Path) -> dict[str, list[str]]:
    """Each heading level's texts, read as markdown (a '#' inside a code span or a table is no heading)."""
    tokens = MarkdownIt("js-default").parse(path.read_text(encoding="utf-8"))
    found: dict[str, list[str]] = {"h1": [], "h2": [], "h3": []}
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag in found:
            found[token.tag].append(tokens[i + 1].content)
    return found


def _tables(path: Path) -> list[int]:
    """The number of body rows of each table, in order."""
    tokens = MarkdownIt("js-default").parse(path.read_text(encoding="utf-8"))
    rows, counts, inside = 0, [], False
    for token in tokens:
        if token.type == "tbody_open":
            rows, inside = 0, True
        elif token.type == "tr_open" and inside:
            rows += 1
        elif token.type == "tbody_close":
            counts.append(rows)
            inside = False
    return counts


def _list_items(path: Path) -> int:
    """How many list items (a wrapped line that starts with '+ ' or '1. ' turns into one by mistake)."""
    return sum(t.type == "list_item_open" for t in MarkdownIt("js-default").parse(path.read_text(encoding="utf-8")))


def _page_h1(text: str) -> str:
    match = re.search(r"<h1>(.*?)</h1>", text, re.S)
    assert match, "the rules page has no title"
    return html.unescape(match.group(1))


# Per language: how to tell its text (a heading left in English fails), and a word of the line that names the
# English page as the reference.
FRENCH_WORDS = re.compile(r"\b(les|des|du|la|le|et|une?|aux?|règles|joueurs?|fin|tour|partie|cartes?|points?)\b|[àâçéèêëîôûùœ]", re.I)
SCRIPTS = {"ru": (CYRILLIC, "английск"), "fr": (FRENCH_WORDS, "anglais")}


@pytest.mark.parametrize("lang", sorted(SCRIPTS))
def test_every_english_rules_file_has_a_translation_with_the_same_sections_and_tables(lang):
    looks_translated, reference_word = SCRIPTS[lang]
    assert {p.stem for p in ENGLISH} >= {"goldrush", "river", "jambo", "goldwest", "istanbul"}
    for english in ENGLISH:
        translated = RULES / lang / english.name
        assert translated.is_file(), f"{english.name} has no translation in docs/rules/{lang}/"
        en, tr = _headings(english), _headings(translated)
        assert len(tr["h1"]) == 1 and looks_translated.search(tr["h1"][0]), f"{lang}/{english.name}: the title is not translated"
        for level in ("h2", "h3"):
            assert len(tr[level]) == len(en[level]), (
                f"{lang}/{english.name} has {len(tr[level])} {level} sections, the English page {len(en[level])}")
            if lang == "ru":  # Cyrillic tells a Russian heading for sure; French shares its letters with English
                untranslated = [h for h in tr[level] if not looks_translated.search(h)]
                assert not untranslated, f"{lang}/{english.name}: headings left in English: {untranslated}"
        assert _tables(translated) == _tables(english), f"{lang}/{english.name}: the tables differ from the English ones"
        assert _list_items(translated) == _list_items(english), f"{lang}/{english.name}: the lists differ from the English ones"
        # The line that names the English page as the reference comes right under the title.
        first = translated.read_text(encoding="utf-8").split("\n\n")[1]
        assert reference_word in first and "?lang=en" in first, f"{lang}/{english.name} does not point to the English page"


def test_every_translated_rules_file_has_the_sections_of_its_english_file():
    """Any language folder, whoever writes it: a translation of a file we have, with as many sections."""
    folders = [d for d in RULES.iterdir() if d.is_dir()]
    assert {d.name for d in folders} <= set(LANGUAGES) - {"en"}, "a rules folder that is no site language"
    for folder in folders:
        for translated in folder.glob("*.md"):
            english = RULES / translated.name
            assert english.is_file(), f"{folder.name}/{translated.name} translates no English rules file"
            assert len(_headings(translated)["h2"]) == len(_headings(english)["h2"]), f"{folder.name}/{translated.name}"


def test_the_rules_page_is_in_the_readers_language_when_translated_else_in_english(sqlite_server):
    for lang in LANGUAGES:
        for english in ENGLISH:
            translated = RULES / lang / english.name
            source = translated if lang != "en" and translated.is_file() else english
            expected = _headings(source)["h1"][0]
            page = httpx.get(sqlite_server.url + f"/games/{english.stem}/rules?lang={lang}")
            assert page.status_code == 200
            assert _page_h1(page.text) == expected, (lang, english.name)
            # The table of contents lists the sections of the file shown, in its language.
            first_section = _headings(source)["h2"][0]
            assert f">{html.escape(first_section, quote=False)}</a></li>" in page.text, (lang, english.name)


def test_the_russian_river_rules_page(sqlite_server):
    client = httpx.Client(base_url=sqlite_server.url)
    page = client.get("/games/river/rules?lang=ru")
    assert page.status_code == 200
    title = _page_h1(page.text)
    assert title.startswith("Река") and CYRILLIC.search(title)
    # The Russian text, its Russian section anchors, and the way back to the English reference.
    assert '<h2 id="компоненты">Компоненты</h2>' in page.text and 'href="#компоненты"' in page.text
    assert 'href="?lang=en"' in page.text
    assert "Explorers steam along a river of cards" not in page.text
    # The language chosen once stays (the cookie); English again on request.
    assert _page_h1(client.get("/games/river/rules").text) == title
    assert _page_h1(client.get("/games/river/rules?lang=en").text) == "The River — rules as implemented"
    client.close()


def test_a_language_without_its_file_falls_back_to_english_and_nothing_else_reaches_the_disk(tmp_path, monkeypatch):
    (tmp_path / "fr").mkdir()
    (tmp_path / "ru").mkdir()
    (tmp_path / "river.md").write_text("# The River\n\n## One\n", encoding="utf-8")
    (tmp_path / "ru" / "river.md").write_text("# Река\n\n## Один\n", encoding="utf-8")
    monkeypatch.setattr(rulebook, "RULES_DIR", tmp_path)
    assert rulebook.rules_path("river", "ru") == tmp_path / "ru" / "river.md"
    assert rulebook.rules_path("river", "fr") == tmp_path / "river.md"  # the folder exists, the file does not
    assert rulebook.rules_path("river", "en") == tmp_path / "river.md"
    for odd in ("de", "../ru", "ru/../..", "", "RU"):  # not a site language: English, never a path built from it
        assert rulebook.rules_path("river", odd) == tmp_path / "river.md", odd
    assert rulebook.rules_path("jambo", "ru") is None  # no file in any language
    assert rulebook.rulebook("river", "ru").title == "Река"
    assert rulebook.rulebook("river", "ru").sections == (("один", "Один"),)
