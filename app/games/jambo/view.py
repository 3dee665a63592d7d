"""What each audience sees of a Jambo game, and the static catalogue the renderer loads once."""

from __future__ import annotations

from typing import Any

import orjson

from app.engine import Prompt, State, said
from app.engine.memo import Memo
from app.engine.move import prompt_json
from app.engine.steps import top

from . import data as D
from .state import plain_capacity, supply
from .steps.phases import stand_cost
from .turn import sub_step, turn_frame

# Fields of a sub-step the view passes on (public by nature: what is auctioned, pooled, bid...).
PUBLIC_STEP_FIELDS = ("card", "pool", "taken", "items", "high", "leader", "what", "first", "take", "from", "left")


def view(game: Any, s: State, seat: int | None) -> dict[str, Any]:
    return views(game, s, [seat])[0]


# View parts that change slowly (a player's row), kept by a cheap content key and handed back as the very same
# object while that key is unchanged: building a row again each move cost more than its key, and the patch skips an
# unchanged part at once when it is the same object (`is`). The key must hold everything the part is made from. A
# part made again is only slower, never different. Nothing changes a view once made, so a part may be held by many
# views, moves and tables. Small (`state.Memo`): what a table's next move needs is what its previous move made.
_ROWS = Memo(32)
_PLAYERS = Memo(16)


def _row(s: State, P: Any, key: bytes, own: bool) -> dict[str, Any]:
    """A player's row as everybody sees it, or (`own`) as its player does: with the hand."""
    found = _ROWS.get((key, own))
    if found is not None:
        return found
    if own:
        row = {**_row(s, P, key, False), "hand": list(P["hand"])}
    else:
        used = s["used_utilities"]
        sixth = P["sixth"]
        ordinary = list(P["wares"])
        wares = list(ordinary)  # `held` of each type, written out (a row is made on most moves)
        if sixth >= 0:
            wares[sixth] += 1
        capacity = plain_capacity(P)
        row = {
            "gold": P["gold"], "hand_count": len(P["hand"]),
            "utils": [{"card": u, "used": u in used} for u in P["utilities"]],
            "stands": list(P["stands"]), "wares": wares,
            "ordinary": ordinary, "sixth": sixth,
            "spaces": capacity + 1, "free": capacity - sum(ordinary) + (1 if sixth < 0 else 0),
        }
    return _ROWS.keep((key, own), row)


# A sub-step as everybody sees it, by its frame and the active seat: what its description reads (every `describe` of
# Jambo's steps reads the frame and whose turn it is, nothing else). A reaction or an auction stays asked over
# several moves, and its description was rendered in English anew each time.
_STAGES = Memo(16)


def _stage(game: Any, s: State, frame: Any) -> dict[str, Any]:
    key = (orjson.dumps(frame), s["turn"])
    found = _STAGES.get(key)
    if found is not None:
        return found
    frame = orjson.loads(key[0])  # a copy: the stage outlives this state, whose lists it would otherwise hold
    stage = {"kind": frame["step"], "seat": frame["seat"], **said(game.step_for(frame).describe(game, s, frame))}
    for field in PUBLIC_STEP_FIELDS:
        if field in frame:
            stage[field] = frame[field]
    return _STAGES.keep(key, stage)


def views(game: Any, s: State, seats: list[int | None]) -> list[dict[str, Any]]:
    """The views of several audiences, their public parts made once: the audiences differ only in a player's own
    hand, the card they drew, and what a sub-step shows its own player."""
    # A row is made of its player and the utilities used this turn (their `used` marks).
    keys = [orjson.dumps([P, s["used_utilities"]]) for P in s["players"]]
    public_rows = [_row(s, P, key, False) for P, key in zip(s["players"], keys)]
    frame = sub_step(s)
    stage = _stage(game, s, frame) if frame is not None else None
    turn = turn_frame(s)
    drawn = turn["card"] if turn["step"] == "keep" else None
    discard = s["discard"]
    left = supply(s)
    stand = stand_cost(s)
    final_turn = s["ender"] is not None and s["over"] is None
    out = []
    for seat in seats:
        # Each audience's list of rows, the same object while no row changed.
        players = _PLAYERS.get((*keys, seat))
        if players is None:
            players = list(public_rows)
            if seat == 0 or seat == 1:
                players[seat] = _row(s, s["players"][seat], keys[seat], True)
            _PLAYERS.keep((*keys, seat), players)
        seen_stage = stage
        if frame is not None and seat == frame["seat"]:
            if frame["step"] in ("psychic", "scale"):
                seen_stage = {**stage, "cards": list(frame["cards"])}
            elif frame["step"] == "hyena_take":
                seen_stage = {**stage, "their_hand": list(s["players"][1 - seat]["hand"])}
        out.append({
            "turn": s["turn"], "phase": s["phase"], "actions_used": s["actions_used"],
            "actions_left": D.ACTIONS - s["actions_used"],
            "players": players,
            "deck_count": len(s["deck"]), "discard_count": len(discard),
            "discard_top": discard[-1] if discard else None,
            "drawn": (drawn if seat == s["turn"] else True) if drawn is not None else None,
            "stage": seen_stage, "supply": left, "next_stand_cost": stand,
            "wise": s["wise_men"], "ender": s["ender"], "final_turn": final_turn,
            "tie_goes_to": s["tie_goes_to"], "first": s["first"], "turns": s["turns"],
        })
    return out


# A prompt's JSON by what it is made of (its kind, text, data and secrecy): the very same dict while the prompt is the
# same, which the diff then skips with `is`; its English is not looked up again.
_PROMPTS = Memo(16)
# `waiting`, one list per set of seats waited for (at most four: none, either seat, both), shared by every view.
_WAITING: dict[tuple[int, ...], list[int]] = {}


def _prompt(game: Any, s: State, step: Any, frame: Any, seat: int) -> dict[str, Any]:
    short = step.prompt_key(s, frame)
    if short is not None:
        found = _PROMPTS.get(short)
        if found is None:
            found = _PROMPTS.keep(short, _prompt_made(game, s, step, frame, seat))
        return found
    text, data = step.text(game, s, frame, seat), step.data(game, s, frame, seat)
    kind = step.prompt_kind or step.kind
    key = orjson.dumps((kind, step.secret, text, data))
    found = _PROMPTS.get(key)
    if found is None:
        found = _PROMPTS.keep(key, prompt_json(Prompt(orjson.loads(orjson.dumps(text)), kind=kind,
                                                      secret=step.secret, data=orjson.loads(orjson.dumps(data)))))
    return found


def _prompt_made(game: Any, s: State, step: Any, frame: Any, seat: int) -> dict[str, Any]:
    """A prompt's JSON made afresh (what `_prompt` keeps)."""
    return prompt_json(Prompt(step.text(game, s, frame, seat), kind=step.prompt_kind or step.kind, secret=step.secret,
                              data=step.data(game, s, frame, seat)))


def full_views(game: Any, s: State, seats: list[int | None]) -> list[dict[str, Any]]:
    """`Game.full_views` (the same views): the top step looked up once for the prompts, the waiting list and the legal
    lists (the engine's asks `pending`, which makes every asked seat's Prompt, then `legal` for each), and each prompt's
    JSON the kept one (`_prompt`)."""
    frame = top(s)
    over = s.get("over")
    prompts: dict[int, dict[str, Any]] = {}
    listed: dict[int, list] = {}
    asked: list[int] = []
    if frame is not None and not over:
        step = game.step_for(frame)
        asked = step.seats(game, s, frame)
        for seat in seats:
            if seat is not None and seat in asked:
                prompts[seat] = _prompt(game, s, step, frame, seat)
                listed[seat] = step.labelled_options(game, s, frame, seat)
    key = tuple(sorted(asked))
    waiting = _WAITING.get(key)
    if waiting is None:
        waiting = _WAITING[key] = list(key)
    result = over or None
    out = []
    for seat, game_view in zip(seats, views(game, s, seats)):
        prompt = prompts.get(seat) if seat is not None else None
        out.append({"seat": seat, "waiting": waiting, "prompt": prompt,
                    "legal": listed[seat] if prompt is not None else [], "result": result, "game": game_view})
    return out


def catalogue() -> dict[str, Any]:
    return {
        "cards": list(D.CARD_KIND),
        "kinds": {k: {key: v[key] for key in ("name", "type", "text", "copies", "wares", "buy", "sell") if key in v}
                  for k, v in D.KINDS.items()},
        "wares": list(D.WARES),
        "ware_codes": D.WARE_CODES,
        "rules": {"actions": D.ACTIONS, "end_gold": D.END_GOLD, "sixth_fee": D.SIXTH_SPACE_FEE,
                  "max_utilities": D.MAX_UTILITIES,
                  "large_stand_spaces": D.LARGE_STAND_SPACES, "small_stand_spaces": D.SMALL_STAND_SPACES},
    }
