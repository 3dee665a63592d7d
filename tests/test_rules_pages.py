"""The rules pages, written for players, in the reader's language: templates/rules/<lang>/<id>.md when that translation
exists, else the English templates/rules/<id>.md. Every English file has a Russian and a French translation with the
same sections, so a section (or a table row, or a list item) added in English without its translation fails here.
The developers' notes (docs/rules/<id>.md) are never served, and nothing of them (tags, file paths, action fields)
may reach a served page."""

from __future__ import annotations

import html
import re

import pytest
from pathlib import Path

import httpx
from markdown_it import MarkdownIt

from app.i18n import LANGUAGES
from app.lobby import rulebook

RULES = Path(__file__).resolve().parent.parent / "templates" / "rules"
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
SCRIPTS = {"ru": CYRILLIC, "fr": FRENCH_WORDS}


@pytest.mark.parametrize("lang", sorted(SCRIPTS))
def test_every_english_rules_file_has_a_translation_with_the_same_sections_and_tables(lang):
    looks_translated = SCRIPTS[lang]
    assert {p.stem for p in ENGLISH} >= {"goldrush", "river", "jambo", "goldwest", "istanbul"}
    for english in ENGLISH:
        translated = RULES / lang / english.name
        assert translated.is_file(), f"{english.name} has no translation in templates/rules/{lang}/"
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
    assert CYRILLIC.search(title)
    # Russian section anchors, readable in the address bar, and the table of contents pointing at them.
    first = _headings(RULES / "ru" / "river.md")["h2"][0]
    assert re.search(r'<h2 id="[^"]*[а-я][^"]*">' + re.escape(first) + "</h2>", page.text)
    # The language chosen once stays (the cookie); English again on request.
    assert _page_h1(client.get("/games/river/rules").text) == title
    assert _page_h1(client.get("/games/river/rules?lang=en").text) == _headings(RULES / "river.md")["h1"][0]
    client.close()


# What only a developer's note carries: the specs' source tags, file paths, the protocol's words.
# ("Golden Scarab" is one of The River's creatures, a word players read.)
NOTES_ONLY = re.compile(
    r"\[(seed|design|public|ours|spec)\]|/work/|\bdocs/|\bapp/|\.md\b|\.py\b|action fields?|renderer|\bseed\b|"
    r"\bspec\b|heuristic|golden(?! scarab)|digest|product owner|TypedDict|\bview\(", re.I)
ALL_PAGES = ENGLISH + sorted(RULES.glob("*/*.md"))


@pytest.mark.parametrize("path", ALL_PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_rules_page_is_written_for_players_not_developers(path):
    text = path.read_text(encoding="utf-8")
    found = sorted({m.group(0) for m in NOTES_ONLY.finditer(text)})
    assert not found, f"{path.parent.name}/{path.name} reads like our notes: {found}"
    headings = _headings(path)
    # Goal, what is on the table, how a turn goes, the end and the scoring, the table options, rulings and house
    # choices: at least these six sections, in that order (their titles are the writer's).
    assert len(headings["h2"]) >= 6, f"{path.name}: {headings['h2']}"


def _turn_summary(path: Path) -> str:
    """The words of the third section ("how a turn goes") before its first subsection: what a phone shows first."""
    tokens = MarkdownIt("js-default").parse(path.read_text(encoding="utf-8"))
    h2 = [i for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"]
    start = h2[2] + 3
    end = next((i for i, t in enumerate(tokens[start:], start) if t.type == "heading_open"), len(tokens))
    return " ".join(t.content for t in tokens[start:end] if t.type == "inline")


@pytest.mark.parametrize("path", ALL_PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_how_a_turn_goes_fits_one_phone_screen_before_any_detail(path):
    # A 390 x 844 phone shows some 900 characters of body text under the heading; details go in subsections.
    summary = _turn_summary(path)
    assert 40 < len(summary) <= 900, f"{path.parent.name}/{path.name}: {len(summary)} characters before the details"


def test_a_picture_of_a_piece_is_a_slot_the_games_renderer_fills(tmp_path, monkeypatch):
    (tmp_path / "river.md").write_text(
        "# The River\n\n## Pieces\n\nA ship ![your ship](picture:ship) and a photo ![x](/static/x.png)\n",
        encoding="utf-8")
    monkeypatch.setattr(rulebook, "RULES_DIR", tmp_path)
    book = rulebook.rulebook("river", "en")
    assert '<span class="rules-picture-slot" data-picture="ship" role="img" aria-label="your ship"></span>' in book.html
    assert '<img src="/static/x.png" alt="x"' in book.html and book.has_pictures


def test_the_rules_page_draws_its_pictures_with_the_games_renderer(sqlite_server):
    for path in ENGLISH:
        page = httpx.get(sqlite_server.url + f"/games/{path.stem}/rules?lang=en")
        if "picture:" in path.read_text(encoding="utf-8"):
            assert f"from '/static/games/{path.stem}.js'" in page.text and 'data-picture="' in page.text


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
