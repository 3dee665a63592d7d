"""The rules pages' pictures: draw each named picture with a game's renderer on its rules page in Chromium."""

from __future__ import annotations

import re
from pathlib import Path

PICTURE_NAME = re.compile(r"picture:([a-z0-9_-]{1,40})")

DRAW = """async ([game, names]) => {
  const { pictures } = await import(`/static/games/${game}.js`);
  const out = {};
  for (const name of names) {
    const node = pictures[name]();
    document.body.append(node);
    const box = node.getBoundingClientRect();
    out[name] = [box.width, box.height, node.querySelectorAll('svg').length + (node.tagName === 'svg' ? 1 : 0)];
  }
  return out;
}"""


def empty_pictures(page, server, game: str, names: list[str]) -> dict:  # noqa: ANN001
    """The pictures among `names` that draw nothing (smaller than 8 px, or no drawing in them): {} when all do."""
    page.goto(f"{server.url}/games/{game}/rules")
    sizes = page.evaluate(DRAW, [game, names])
    return {name: size for name, size in sizes.items() if size[0] < 8 or size[1] < 8 or not size[2]}


def named_in_rules(game: str) -> set[str]:
    """Every picture name the game's rules pages (each language) ask for."""
    root = Path(__file__).resolve().parent.parent.parent / "templates" / "rules"
    pages = [root / f"{game}.md", *(p / f"{game}.md" for p in root.iterdir() if p.is_dir())]
    return {name for page in pages if page.exists() for name in PICTURE_NAME.findall(page.read_text(encoding="utf-8"))}
