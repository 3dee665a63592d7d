"""Final scoring: largest group, influence majorities per terrain, Boomtown offices, Wanted penalties — each a line of
the breakdown every player sees at the end — and the ranking with its tie-breaks (fewest Wanted camps, then most
resources left on the supply track).
"""

from __future__ import annotations

from typing import Any

from app.engine.kit import result_of, seat_ref, winners, winners_say
from app.engine.text import N_, Text, english, t, tn

from . import data as D

MAJORITY = {"copper": (11, 7), "silver": (10, 6), "gold": (9, 5), "forest": (8, 4)}
PLAY_SOURCES = (("supply", N_("Supply track")), ("investments", N_("Investment cards")),
                ("investment_bonus", N_("Investment bonus tiles")), ("boomtown", N_("Boomtown 4 VP cell")),
                ("shipping", N_("Shipping")), ("looting", N_("Looting")))


def buildings(state: dict, seat: int) -> list[int]:
    return [h for h, hx in enumerate(state["map"]) if hx["camp"] == seat]


def groups(state: dict, seat: int) -> list[int]:
    """Sizes of the seat's groups of buildings joined by shared hex edges, largest first."""
    return group_sizes(set(buildings(state, seat)))


def group_sizes(own: set[int]) -> list[int]:
    """Sizes of the groups of the hexes `own` joined by shared hex edges, largest first (`own` is emptied)."""
    sizes = []
    while own:
        todo = [own.pop()]
        size = 0
        while todo:
            h = todo.pop()
            size += 1
            for n in D.NEIGHBOURS[h]:
                if n in own:
                    own.remove(n)
                    todo.append(n)
        sizes.append(size)
    return sorted(sizes, reverse=True)


def influence(state: dict, seat: int, terrain: str) -> int:
    player = state["players"][seat]
    return len(player["tokens"][terrain]) + player["markers"][terrain]


def settlements_in(state: dict, seat: int, terrain: str) -> int:
    return sum(1 for hx in state["map"] if hx["camp"] == seat and hx["settlement"] and hx["terrain"] == terrain)


def majorities(state: dict) -> dict[str, list[tuple[int, int, Text]]]:
    """Per terrain: (seat, VP, place words) for every award. Ties on influence are broken by settlements there;
    a tie for 1st shares 1st + 2nd (rounded down) and nobody is 2nd; a tie for 2nd shares 2nd. The same at every
    player count (the seed has no exception); the online 2-player rule, an option, gives only the 2nd-place value,
    to the leader."""
    n = state["num_players"]
    online_duel = n == 2 and state["options"].get("two_player_majorities", False)
    out: dict[str, list[tuple[int, int, Text]]] = {}
    for terrain in D.TERRAINS:
        first, second = MAJORITY[terrain]
        keys = {s: (influence(state, s, terrain), settlements_in(state, s, terrain)) for s in range(n)}
        ranked = sorted({k for k in keys.values() if k[0] > 0}, reverse=True)
        levels = [[s for s in range(n) if keys[s] == k] for k in ranked]
        awards: list[tuple[int, int, Text]] = []
        if levels:
            top = levels[0]
            if online_duel:
                awards = [(s, second // len(top), t("most influence (2 players: 2nd-place value)")) for s in top]
            elif len(top) > 1:
                awards = [(s, (first + second) // len(top), t("tied 1st of {tied}", tied=len(top))) for s in top]
            else:
                awards = [(top[0], first, t("1st"))]
                if len(levels) > 1:
                    tied = levels[1]
                    place = t("2nd") if len(tied) == 1 else t("tied 2nd of {tied}", tied=len(tied))
                    awards += [(s, second // len(tied), place) for s in tied]
        out[terrain] = awards
    return out


def wanted_penalties(state: dict) -> dict[int, int]:
    counts = [p["wanted"] for p in state["players"]]
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    out: dict[int, int] = {}
    if not levels:
        return out
    most = [s for s, c in enumerate(counts) if c == levels[0]]
    for s in most:
        out[s] = -counts[s]
    if len(most) == 1 and len(levels) > 1:
        for s, c in enumerate(counts):
            if c == levels[1]:
                out[s] = -(c // 2)
    return out


def _adjacent_to(state: dict, h: int, test) -> bool:
    return any(test(state["map"][n]) for n in D.NEIGHBOURS[h])


def office_value(state: dict, seat: int, key: str, awards: int) -> int:
    own = buildings(state, seat)
    hexes = state["map"]
    player = state["players"][seat]
    if key == "docks":
        return sum(2 if hexes[h]["settlement"] else 1 for h in own if h in D.WATER_ADJACENT)
    if key == "frontier":
        in_play = frozenset(h for h, hx in enumerate(hexes) if hx["terrain"] is not None)
        edge = D.edge_hexes(in_play)
        return sum(1 for h in own if h in edge)
    if key == "homestead":
        return 2 * min(influence(state, seat, t) for t in D.TERRAINS)
    if key == "courthouse":
        best = max(D.TERRAINS, key=lambda t: (influence(state, seat, t), len(player["tokens"][t])))
        return len(player["tokens"][best])
    if key == "deeds":
        return 2 * awards
    if key == "depot":
        sizes = groups(state, seat)
        return 2 * sizes[1] if len(sizes) > 1 else 0
    if key == "mayor":
        cells = state["boomtown"]["cells"]
        tokens = sum((c["token"] == seat) + (c["shared"] == seat) for c in cells)
        return 3 * (tokens // 2)
    if key == "saloon":
        return 2 * len(player["investments"])
    if key == "sheriff":
        return sum(1 for h in own if _adjacent_to(state, h, lambda hx: hx["camp"] not in (None, seat)))
    if key == "shipping":
        return 2 * len(player["ship_tiles"])
    if key == "surveyor":
        return longest_line(own)
    if key == "town_hall":
        return sum(1 for h in own if hexes[h]["settlement"])
    if key == "insurance":
        return sum(1 for h in own if _adjacent_to(state, h, lambda hx: hx["looted"]))
    if key == "hoosegow":
        return sum(p["wanted"] for p in state["players"])
    raise ValueError(f"unknown office {key}")


def longest_line(own: list[int]) -> int:
    """Most own buildings on one straight line of hexes along any of the three axes (gaps allowed)."""
    lines: dict[tuple[str, int], int] = {}
    for h in own:
        q, r = D.HEX_COORDS[h]
        for axis, value in (("q", q), ("r", r), ("s", -q - r)):
            lines[(axis, value)] = lines.get((axis, value), 0) + 1
    return max(lines.values(), default=0)


def score_line(label: str | Text, points: int, **extra: Any) -> dict[str, Any]:
    """One line of the breakdown: its English `label` as before, and `say` for the other languages."""
    say = label if isinstance(label, dict) else t(label)
    return {"label": english(say), "points": points, **extra, "say": say}


def breakdown(state: dict) -> list[list[dict[str, Any]]]:
    """Every player's score line by line: what was scored during play, then each final-scoring item."""
    n = state["num_players"]
    lines: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    for seat, player in enumerate(state["players"]):
        for source, label in PLAY_SOURCES:
            if player["points"].get(source):
                lines[seat].append(score_line(label, player["points"][source], during_play=True))
        sizes = groups(state, seat)
        if sizes:
            size = tn("{n} building", "{n} buildings", sizes[0])
            lines[seat].append(score_line(t("Largest group ({buildings})", buildings=size), 2 * sizes[0]))
    award_counts = [0] * n
    for terrain, awards in majorities(state).items():
        for seat, vp, place in awards:
            award_counts[seat] += 1
            label = t("{terrain} influence: {place}", terrain=D.TERRAIN_NAMES[terrain], place=place)
            lines[seat].append(score_line(label, vp))
    cells = state["boomtown"]["cells"]
    for entry in state["boomtown"]["offices"]:
        office = D.OFFICES[entry["office"]]
        for cell in entry["cells"]:
            for seat in (cells[cell]["token"], cells[cell]["shared"]):
                if seat is not None:
                    points = office_value(state, seat, office["key"], award_counts[seat])
                    lines[seat].append(score_line(office["name"], points))
    for seat, vp in wanted_penalties(state).items():
        if vp:
            # "camps" even for one in English (as the breakdown has always read); other languages count properly.
            wanted = state["players"][seat]["wanted"]
            lines[seat].append(score_line(tn("Wanted area ({n} camps)", "Wanted area ({n} camps)", wanted), vp))
    return lines


def final_scores(state: dict) -> tuple[list[int], list[list[dict[str, Any]]]]:
    lines = breakdown(state)
    return [sum(line["points"] for line in player) for player in lines], lines


def final_result(state: dict) -> dict[str, Any]:
    scores, lines = final_scores(state)
    keys = [(scores[s], -p["wanted"], sum(len(sec) for sec in p["supply"])) for s, p in enumerate(state["players"])]
    won = winners(keys)
    detail = [t("{player} {score}", player=seat_ref(s), score=scores[s]) for s in range(state["num_players"])]
    text = t("{winners}. Scores: {scores}", winners=winners_say(won), scores=semicolons(detail))
    return result_of(scores, keys, text, breakdown=lines)


def semicolons(items: list[Text]) -> Text:
    """'a; b; c' as a Text (nested pairs)."""
    if len(items) == 1:
        return items[0]
    return t("{first}; {second}", first=semicolons(items[:-1]), second=items[-1])
