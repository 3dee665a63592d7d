"""The rules pages: templates/rules/<game>.md, the rules written for players, rendered as HTML.

A translation lives in templates/rules/<lang>/<game>.md and is shown to a reader of that language; a game without one
in the reader's language shows the English file. Any folder named after a site language works, so adding a language
needs only its files. The developers' notes on each game (rulings, sources, action fields) are docs/rules/<game>.md
and are never served.

A picture of a piece is written as a markdown image whose address is `picture:<name>`
(`![a merchant](picture:merchant)`): it becomes an empty slot that the rules page fills by calling the game
renderer's `pictures[name]()` (static/games/<game>.js), so the page shows the very drawing the table uses.

Markdown goes through markdown-it-py with raw HTML switched off (the text is ours, but a page should never carry
markup nobody reviewed as markup); headings get ids so a section can be linked, and the second-level ones make the
page's table of contents. Each file is rendered once per process and kept, as the files change only with a deploy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml as escape_html

from app.i18n import DEFAULT, valid

RULES_DIR = Path(__file__).resolve().parent.parent.parent / "templates" / "rules"
PICTURE = re.compile(r"picture:([a-z0-9_-]{1,40})")
GAME_ID = re.compile(r"[a-z0-9_]{1,32}")


@dataclass(frozen=True)
class Rulebook:
    title: str
    html: str
    sections: tuple[tuple[str, str], ...]  # (anchor id, heading text) of each second-level heading
    has_pictures: bool = False  # the page has picture slots for the game's renderer to fill


def rules_path(game_id: str, lang: str = DEFAULT) -> Path | None:
    """The rules file of a game in `lang` when it has been translated, else the English one, when there is one
    (neither a game id nor a language reaches the file system unchecked)."""
    if not GAME_ID.fullmatch(game_id):
        return None
    if valid(lang) and lang != DEFAULT:
        translated = RULES_DIR / lang / f"{game_id}.md"
        if translated.is_file():
            return translated
    path = RULES_DIR / f"{game_id}.md"
    return path if path.is_file() else None


def _slug(text: str, taken: set[str]) -> str:
    # Letters of any script are kept, so a Russian heading gets a readable anchor rather than "section-4";
    # an English heading gets the same anchor as before (only ASCII letters and digits in it).
    base = re.sub(r"[\W_]+", "-", text.lower()).strip("-") or "section"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


@lru_cache(maxsize=32)
def _render(path: Path, mtime: float) -> Rulebook:  # noqa: ARG001 - mtime is part of the cache key
    md = MarkdownIt("js-default")  # CommonMark + tables + strikethrough, raw HTML off
    tokens = md.parse(path.read_text(encoding="utf-8"))
    taken: set[str] = set()
    sections: list[tuple[str, str]] = []
    title = ""
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        # The heading's words without their markup ("Undo **[ours]**" reads "Undo [ours]" in the contents).
        text = "".join(c.content for c in tokens[i + 1].children or () if c.type in ("text", "code_inline"))
        if token.tag == "h1" and not title:
            title = text  # the page's header shows it; the body starts below it
            continue
        slug = _slug(text, taken)
        token.attrSet("id", slug)
        if token.tag == "h2":
            sections.append((slug, text))
    if title:
        first = next(i for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h1")
        del tokens[first:first + 3]
    has_pictures = False
    for token in tokens:
        for child in token.children or ():
            match = PICTURE.fullmatch(child.attrGet("src") or "") if child.type == "image" else None
            if match:
                # An inline slot the page script fills; the alt text stays as its accessible name.
                alt = "".join(c.content for c in child.children or ())
                child.type, child.tag, child.nesting, child.children = "html_inline", "", 0, None
                child.content = (f'<span class="rules-picture-slot" data-picture="{match.group(1)}" role="img" '
                                 f'aria-label="{escape_html(alt)}"></span>')
                has_pictures = True
    # Wide tables scroll inside their own box instead of widening the page on a phone; the box takes the keyboard's
    # focus, so it scrolls without a mouse too.
    html = md.renderer.render(tokens, md.options, {})
    html = html.replace("<table>", '<div class="table-scroll" tabindex="0"><table>').replace("</table>", "</table></div>")
    return Rulebook(title=title, html=html, sections=tuple(sections), has_pictures=has_pictures)


def rulebook(game_id: str, lang: str = DEFAULT) -> Rulebook | None:
    path = rules_path(game_id, lang)
    return None if path is None else _render(path, path.stat().st_mtime)
