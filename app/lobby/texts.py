"""Games as a reader sees them: title, summary and options schema in the request's language.

The registry keeps English (the rules code never translates); each request gets a translated copy. The texts are
looked up in every catalogue at once (app.i18n.translations merges the site's with every game's), so a game's
own catalogue translates its title, summary and option texts, and the site's translates the options every game
shares. Only human texts change: the option names, enum values, defaults and numbers stay the protocol's.
"""

from __future__ import annotations

from typing import Any

from app.i18n import DEFAULT, N_, current_language, gettext

from .schemas import GamePublic

# Options the engine's kit gives every game (app/engine/kit.py), translated in the site's catalogue.
SHARED_OPTION_TEXTS = (N_("First player"), N_("Seat that starts; random when empty."))


def text(value: str) -> str:
    """One English text in the reader's language (an empty one stays empty: gettext("") is the header)."""
    return gettext(value) if value else value


def schema(node: Any) -> Any:
    """A JSON schema with its `title`, `description` and enum `labels` translated, everything else as it was."""
    if isinstance(node, list):
        return [schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key in ("title", "description") and isinstance(value, str):
            out[key] = text(value)
        elif key == "labels" and isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
            out[key] = {code: text(label) for code, label in value.items()}
        elif key in ("enum", "default", "const", "examples"):
            out[key] = value  # values are codes, never shown as they are
        else:
            out[key] = schema(value)
    return out


def game(info: GamePublic) -> GamePublic:
    if current_language.get() == DEFAULT:
        return info
    return info.model_copy(update={"title": text(info.title), "summary": text(info.summary),
                                   "options": schema(info.options)})


def games(infos: list[GamePublic]) -> list[GamePublic]:
    return [game(g) for g in infos]


def option_words(schema_: dict[str, Any], options: dict[str, Any]) -> list[str]:
    """A table's options that differ from the game's defaults, as "title: value" in the reader's language (`schema_`
    is the game's options schema, translated), so a player knows what they join."""
    out = []
    for name, prop in (schema_.get("properties") or {}).items():
        if name not in options or options[name] == prop.get("default"):
            continue
        value = options[name]
        labels = prop.get("labels") or {}
        if name == "first_player" and isinstance(value, int):
            words = gettext("seat %(number)s") % {"number": value + 1}
        elif isinstance(value, bool):
            words = gettext("yes") if value else gettext("no")
        elif isinstance(value, str) and value in labels:
            words = labels[value]
        else:
            words = str(value)
        out.append(gettext("%(option)s: %(value)s") % {"option": prop.get("title") or name, "value": words})
    return out
