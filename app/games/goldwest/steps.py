"""Every Gold West decision as a Step: activating and sowing the supply track, the metals step (investment,
Boomtown, shipping), Build or Loot, placing the token's resources, and the sub-choices investments and the Trading
Post ask for. Each step pushes what follows it; the turn flow itself is in turn.py.
"""

from __future__ import annotations

from typing import Any

from app.engine import steps as S
from app.engine.kit import Log, seat_ref
from app.engine.steps import Step
from app.engine.text import Text, t, tn

from . import data as D
from .turn import after_activation, can_pay, end_turn, face_up_hexes, held_metals, resources_text, score, ship, spend, \
    to_build


def _name(res: str) -> str:
    return D.RESOURCE_NAMES[res]


def _held(state: dict) -> dict[str, int]:
    return state["turn"]["held"]


# ---- influence tokens -------------------------------------------------------------------------------------------

SETTLEMENT_TOKENS = 2  # the seed: one influence token under the camp, one more into the terrain's row


def has_influence_token(state: dict, seat: int, count: int = 1) -> bool:
    return state["players"][seat]["influence_tokens"] >= count


def add_marker(state: dict, seat: int, terrain: str) -> None:
    """One influence token into a terrain row (a settlement or an investment's influence)."""
    player = state["players"][seat]
    player["influence_tokens"] -= 1
    player["markers"][terrain] += 1


def settle(state: dict, seat: int, hex_id: int) -> None:
    """A camp becomes a settlement: a token goes under it and another into its terrain's row (+1 influence)."""
    hx = state["map"][hex_id]
    hx["settlement"] = True
    state["players"][seat]["influence_tokens"] -= 1
    add_marker(state, seat, hx["terrain"])


def place_in_boomtown(state: dict, seat: int, cell: int, log: Log, cost: Any) -> None:
    """An influence token onto an empty Boomtown cell, paid with `cost` (None: free); the single cell pays 4 VP or
    its Trading Post resource."""
    state["players"][seat]["influence_tokens"] -= 1
    boomtown = state["boomtown"]
    boomtown["cells"][cell]["token"] = seat
    office = boomtown["cells"][cell]["office"]
    who = {"player": seat_ref(seat)}
    if office is not None:
        where = {"office": D.OFFICES[office]["name"], "cell": cell + 1, **who}
        text = (t("{player} pays {cost} and puts an influence token on the {office} (cell {cell})", cost=cost, **where)
                if cost else t("{player} puts (free) an influence token on the {office} (cell {cell})", **where))
        log.add("boomtown", text, seat=seat, cell=cell)
    elif boomtown["single_tile"] == "vp4":
        score(state, seat, "boomtown", D.BOOMTOWN_VP)
        text = (t("{player} pays {cost} and puts an influence token on the 4 VP cell of Boomtown and scores 4 VP",
                  cost=cost, **who)
                if cost else t("{player} puts (free) an influence token on the 4 VP cell of Boomtown and scores 4 VP",
                               **who))
        log.add("boomtown", text, seat=seat, cell=cell)
    else:
        where = {"tile": D.TRADING_POST_NAMES[boomtown["single_tile"]], **who}
        text = (t("{player} pays {cost} and puts an influence token on the Trading Post ({tile})", cost=cost, **where)
                if cost else t("{player} puts (free) an influence token on the Trading Post ({tile})", **where))
        log.add("boomtown", text, seat=seat, cell=cell)
        S.push(state, "trade", seat)


def open_cells(state: dict) -> list[int]:
    return [c for c, cell in enumerate(state["boomtown"]["cells"]) if cell["token"] is None]


def push_effect(game: Any, state: dict, kind: str, seat: int, log: Log, lost: Text, **fields: Any) -> None:
    """Ask an effect's choice, or say the effect is lost when it has no choice to offer."""
    frame = S.push(state, kind, seat, **fields)
    if not game.step_for(frame).options(game, state, frame, seat):
        S.pop(state)
        log.add("effect_lost", t("{player}'s {effect} has no effect", player=seat_ref(seat), effect=lost), seat=seat)


# ---- Step 1: the supply track -----------------------------------------------------------------------------------

class Activate(Step):
    kind = "activate"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Activate a section of your supply track: take all its resources, drop one in each lower section")

    def options(self, game, state, frame, seat):
        supply = state["players"][seat]["supply"]
        out = []
        for section in range(D.SECTIONS):
            cubes = supply[section]
            if cubes:
                kept = max(0, len(cubes) - section)
                label = t("Section {section} ({resources}): {activated}", section=section,
                          resources=resources_text(cubes),
                          activated=tn("{n} resource activated", "{n} resources activated", kept))
                out.append({"type": "activate", "section": section, "count": len(cubes), "label": label})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        section = action["section"]
        supply = state["players"][seat]["supply"]
        state["turn"]["hand"] = sorted(supply[section])
        supply[section] = []
        log.add("activate", t("{player} activates section {section} of the supply track ({resources})",
                              player=seat_ref(seat), section=section, resources=resources_text(state["turn"]["hand"])),
                seat=seat, section=section)
        S.pop(state)
        continue_drops(game, state, section - 1, log)


def continue_drops(game: Any, state: dict, section: int, log: Log) -> None:
    """Drop one resource in each lower section while any are held (the server drops it when all are alike), then
    what is left is activated."""
    turn = state["turn"]
    seat = turn["seat"]
    if section >= 0 and turn["hand"]:
        game.ask(state, log, "drop", seat, section=section)
        return
    for res in turn["hand"]:
        turn["held"][res] = turn["held"].get(res, 0) + 1
    turn["hand"] = []
    log.add("activated", t("{player} has {resources} activated this turn", player=seat_ref(seat),
                           resources=resources_text(turn["held"])), seat=seat, held=dict(turn["held"]))
    after_activation(state, log)


class Drop(Step):
    kind = "drop"
    undoable = True
    forced_single = True

    def text(self, game, state, frame, seat):
        return t("Choose the resource to leave in section {section}", section=frame["section"])

    def options(self, game, state, frame, seat):
        return [{"type": "drop", "resource": res, "section": frame["section"],
                 "label": t("Leave {resource} in section {section}", resource=_name(res), section=frame["section"])}
                for res in sorted(set(state["turn"]["hand"]), key=D.RESOURCES.index)]

    def resolve(self, game, state, frame, seat, action, log):
        hand = state["turn"]["hand"]
        hand.remove(action["resource"])
        state["players"][seat]["supply"][frame["section"]].append(action["resource"])
        S.pop(state)
        continue_drops(game, state, frame["section"] - 1, log)


# ---- Step 2: use metals -----------------------------------------------------------------------------------------

class Metals(Step):
    kind = "metals"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Use your metals ({metals}): invest, Boomtown, shipping", metals=resources_text(held_metals(state)))

    def options(self, game, state, frame, seat):
        turn = state["turn"]
        held = turn["held"]
        player = state["players"][seat]
        out: list[dict] = []
        if not turn["invested"]:
            for card in state["investments"]:
                inv = D.INVESTMENT_BY_ID[card]
                if can_pay(held, inv["cost"]):
                    out.append({"type": "invest", "card": card, "cost": dict(inv["cost"]), "vp": inv["vp"],
                                "label": invest_label(state, card)})
        if not turn["boomtown"] and has_influence_token(state, seat):
            for cell in open_cells(state):
                column, row = D.cell_cost(cell)
                cost = {column: 1} if column != row else {column: 2}
                if row != column:
                    cost[row] = 1
                if can_pay(held, cost):
                    out.append({"type": "boomtown", "cell": cell, "cost": cost,
                                "label": t("Boomtown cell {cell} ({cost}): {gives}", cell=cell + 1,
                                           cost=D.cost_text(cost), gives=cell_gives(state, cell))})
        for metal in D.METALS:
            if held.get(metal, 0) and player["ship"][metal] < D.TRACK_END:
                out.append({"type": "ship", "metal": metal, "to": next_space(player["ship"][metal]),
                            "label": t("Ship {goods}: {step}", goods=D.resource_count(metal, 1),
                                       step=step_text(state, seat, metal))})
        out.append({"type": "done", "label": done_label(state)})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        kind = action["type"]
        if kind == "done":
            S.pop(state)
            to_build(state, log)
        elif kind == "ship":
            spend(state, {action["metal"]: 1})
            ship(state, seat, action["metal"], log)
        elif kind == "boomtown":
            spend(state, action["cost"])
            state["turn"]["boomtown"] = True
            place_in_boomtown(state, seat, action["cell"], log, D.cost_text(action["cost"]))
        elif kind == "invest":
            invest(game, state, seat, action["card"], log)


def next_space(space: int) -> int:
    return space + 2 if space + 1 in D.BONUS_SPACES else space + 1


def step_text(state: dict, seat: int, metal: str) -> Text:
    """Where one step of `metal`'s stagecoach goes and what it scores there: VP, or the bonus tile it takes."""
    space = state["players"][seat]["ship"][metal]
    to = next_space(space)
    if space + 1 in D.BONUS_SPACES:
        stack = state["ship_bonus"][metal][D.BONUS_SPACES.index(space + 1)]
        if stack:
            return t("stagecoach to space {space}, takes the {vp} VP tile", space=to, vp=stack[0])
        return t("stagecoach to space {space} (no bonus tile left)", space=to)
    if D.TRACK_VP.get(to):
        return t("stagecoach to space {space}, {vp} VP", space=to, vp=D.TRACK_VP[to])
    return t("stagecoach to space {space}", space=to)


def invest_label(state: dict, card: int) -> Text:
    """The card's cost and VP, the bonus tile it takes now, and its effect."""
    inv = D.INVESTMENT_BY_ID[card]
    paid = {"card": card, "cost": D.cost_text(inv["cost"]), "vp": inv["vp"]}
    bonus = state["investment_bonus"][0] if state["investment_bonus"] else None
    effect = effect_text(card)
    if bonus and effect:
        return t("Invest in card {card} ({cost}): {vp} VP + {bonus} VP bonus tile. {effect}", bonus=bonus,
                 effect=effect, **paid)
    if bonus:
        return t("Invest in card {card} ({cost}): {vp} VP + {bonus} VP bonus tile", bonus=bonus, **paid)
    if effect:
        return t("Invest in card {card} ({cost}): {vp} VP. {effect}", effect=effect, **paid)
    return t("Invest in card {card} ({cost}): {vp} VP", **paid)


def effect_text(card: int) -> Text | None:
    inv = D.INVESTMENT_BY_ID[card]
    if inv["effect"] is None:
        return None
    message = D.EFFECT_TEXT[inv["effect"]]  # marked for the catalogue where it is defined
    if inv["terrain"]:
        return t(message, terrain=D.TERRAIN_NAMES[inv["terrain"]])
    return t(message)


def done_label(state: dict) -> Text:
    """Ending the metals step names what it throws away: metals left (Wood and Stone still build), or in the last
    turn everything still held."""
    turn = state["turn"]
    lost = dict(turn["held"]) if turn["final"] else held_metals(state)
    if turn["final"]:
        if lost:
            return t("End your last turn (the unused {resources} will be lost)", resources=resources_text(lost))
        return t("End your last turn")
    if lost:
        return t("Go on to Build or Loot (the unused {resources} will be lost)", resources=resources_text(lost))
    return t("Go on to Build or Loot")


def cell_name(state: dict, cell: int) -> str | Text:
    """An office's name, or what the single cell gives."""
    office = state["boomtown"]["cells"][cell]["office"]
    if office is not None:
        return D.OFFICES[office]["name"]
    tile = state["boomtown"]["single_tile"]
    return t("4 VP") if tile == "vp4" else t("Trading Post ({tile})", tile=D.TRADING_POST_NAMES[tile])


def shared_gives(state: dict, cell: int) -> Text:
    """A shared token scores the office; on the single cell it gives nothing at once (it counts in Boomtown)."""
    if state["boomtown"]["cells"][cell]["office"] is None:
        return t("{place}: nothing at once, one more token of yours in Boomtown", place=cell_name(state, cell))
    return cell_gives(state, cell)


def cell_gives(state: dict, cell: int) -> Text:
    """For a label: the office and what it scores at the end, or what the single cell gives at once."""
    office = state["boomtown"]["cells"][cell]["office"]
    if office is not None:
        return t("{office} (at the end: {scores})", office=D.OFFICES[office]["name"], scores=D.OFFICES[office]["text"])
    tile = state["boomtown"]["single_tile"]
    if tile == "vp4":
        return t("4 VP at once")
    return t("Trading Post, gives {tile} at once", tile=D.TRADING_POST_NAMES[tile])


def invest(game: Any, state: dict, seat: int, card: int, log: Log) -> None:
    inv = D.INVESTMENT_BY_ID[card]
    player = state["players"][seat]
    spend(state, inv["cost"])
    state["turn"]["invested"] = True
    state["investments"].remove(card)
    player["investments"].append(card)
    score(state, seat, "investments", inv["vp"])
    paid = {"player": seat_ref(seat), "cost": D.cost_text(inv["cost"]), "card": card, "vp": inv["vp"]}
    if state["investment_bonus"]:
        bonus = state["investment_bonus"].pop(0)
        score(state, seat, "investment_bonus", bonus)
        text = t("{player} pays {cost} for investment {card} and scores {vp} VP, plus a {bonus} VP bonus tile",
                 bonus=bonus, **paid)
    else:
        text = t("{player} pays {cost} for investment {card} and scores {vp} VP", **paid)
    log.add("invest", text, seat=seat, card=card)
    effect = inv["effect"]
    what = t("investment {card}", card=card)
    if effect == "influence":
        if has_influence_token(state, seat):
            add_marker(state, seat, inv["terrain"])
            log.add("influence", t("{player} gains 1 influence in {terrain}", player=seat_ref(seat),
                                   terrain=D.TERRAIN_NAMES[inv["terrain"]]), seat=seat)
        else:
            log.add("effect_lost", t("{player} has no influence token left for {effect}", player=seat_ref(seat),
                                     effect=what), seat=seat)
    elif effect == "ship1" or effect == "ship2":
        push_effect(game, state, "free_ship", seat, log, what, left=1 if effect == "ship1" else 2)
    elif effect == "gain2":
        push_effect(game, state, "gain", seat, log, what, left=2)
    elif effect == "peek":
        push_effect(game, state, "peek", seat, log, what, left=2)
    elif effect in ("shared_office", "free_office", "upgrade"):
        push_effect(game, state, effect, seat, log, what)


# ---- investment effects and the Trading Post --------------------------------------------------------------------

class FreeShip(Step):
    kind = "free_ship"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Free shipping: move a stagecoach one step ({left} left)", left=frame["left"])

    def options(self, game, state, frame, seat):
        player = state["players"][seat]
        return [{"type": "free_ship", "metal": m, "to": next_space(player["ship"][m]),
                 "label": t("Free step on the {metal} track: {step}", metal=_name(m), step=step_text(state, seat, m))}
                for m in D.METALS if player["ship"][m] < D.TRACK_END]

    def resolve(self, game, state, frame, seat, action, log):
        ship(state, seat, action["metal"], log, free=True)
        frame["left"] -= 1
        if not frame["left"] or not self.options(game, state, frame, seat):
            S.pop(state)


class Gain(Step):
    kind = "gain"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Gain a resource onto your supply track, without VP ({left} left)", left=frame["left"])

    def options(self, game, state, frame, seat):
        return [{"type": "gain", "resource": res, "section": section,
                 "label": t("{resource} to section {section}", resource=_name(res), section=section)}
                for res in D.RESOURCES for section in range(D.SECTIONS)]

    def resolve(self, game, state, frame, seat, action, log):
        state["players"][seat]["supply"][action["section"]].append(action["resource"])
        log.add("gain", t("{player} gains {goods} in section {section}", player=seat_ref(seat),
                          goods=D.resource_count(action["resource"], 1), section=action["section"]), seat=seat)
        frame["left"] -= 1
        if not frame["left"]:
            S.pop(state)


class Peek(Step):
    kind = "peek"

    def text(self, game, state, frame, seat):
        return t("Look at a face-down mining token ({left} left)", left=frame["left"])

    def options(self, game, state, frame, seat):
        seen = state["players"][seat]["peeked"]
        return [{"type": "peek", "hex": h, "label": t("Look at the token on hex {hex}", hex=h)}
                for h, hx in enumerate(state["map"]) if hx["token"] is not None and not hx["face_up"] and h not in seen]

    def resolve(self, game, state, frame, seat, action, log):
        h = action["hex"]
        state["players"][seat]["peeked"].append(h)
        terrain = D.TERRAIN_NAMES[state["map"][h]["terrain"]]
        log.add("peek", t("{player} looks at a face-down {terrain} token", player=seat_ref(seat), terrain=terrain),
                seat=seat, hex=h)
        log.private(seat, "peek_face", t("The {terrain} token on hex {hex} shows {resources}", terrain=terrain, hex=h,
                                         resources=D.token_text(state["map"][h]["token"])),
                    hex=h, token=state["map"][h]["token"])
        frame["left"] -= 1
        if not frame["left"] or not self.options(game, state, frame, seat):
            S.pop(state)


class SharedOffice(Step):
    kind = "shared_office"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Put an influence token on a Boomtown cell another player holds")

    def options(self, game, state, frame, seat):
        if not has_influence_token(state, seat):
            return []
        return [{"type": "shared_office", "cell": c,
                 "label": t("Share Boomtown cell {cell}: {gives}", cell=c + 1, gives=shared_gives(state, c))}
                for c, cell in enumerate(state["boomtown"]["cells"])
                if cell["token"] is not None and cell["token"] != seat and cell["shared"] is None]

    def resolve(self, game, state, frame, seat, action, log):
        cell = action["cell"]
        state["players"][seat]["influence_tokens"] -= 1
        state["boomtown"]["cells"][cell]["shared"] = seat
        log.add("boomtown", t("{player} shares Boomtown cell {cell} ({name})", player=seat_ref(seat), cell=cell + 1,
                              name=cell_name(state, cell)), seat=seat, cell=cell)
        S.pop(state)


class FreeOffice(Step):
    kind = "free_office"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Put an influence token free on an empty Boomtown cell")

    def options(self, game, state, frame, seat):
        if not has_influence_token(state, seat):
            return []
        return [{"type": "free_office", "cell": c,
                 "label": t("Boomtown cell {cell} (free): {gives}", cell=c + 1, gives=cell_gives(state, c))}
                for c in open_cells(state)]

    def resolve(self, game, state, frame, seat, action, log):
        S.pop(state)
        place_in_boomtown(state, seat, action["cell"], log, None)


class Upgrade(Step):
    kind = "upgrade"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Turn one of your camps into a settlement")

    def options(self, game, state, frame, seat):
        if not has_influence_token(state, seat, SETTLEMENT_TOKENS):
            return []
        return [{"type": "upgrade", "hex": h,
                 "label": t("Upgrade your camp on hex {hex} ({terrain})", hex=h,
                            terrain=D.TERRAIN_NAMES[hx["terrain"]])}
                for h, hx in enumerate(state["map"]) if hx["camp"] == seat and not hx["settlement"]]

    def resolve(self, game, state, frame, seat, action, log):
        hx = state["map"][action["hex"]]
        settle(state, seat, action["hex"])
        log.add("upgrade", t("{player} turns a camp in {terrain} into a settlement", player=seat_ref(seat),
                             terrain=D.TERRAIN_NAMES[hx["terrain"]]), seat=seat, hex=action["hex"])
        S.pop(state)


class Trade(Step):
    kind = "trade"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Trading Post: use the resource this turn, or put it on your supply track for its section's VP")

    def options(self, game, state, frame, seat):
        tile = state["boomtown"]["single_tile"]
        kinds = list(D.MATERIALS) if tile == "wood_or_stone" else [tile]
        out = []
        for res in kinds:
            one = D.resource_count(res, 1)
            out.append({"type": "trade", "resource": res, "section": None,
                        "label": t("Use {goods} this turn", goods=one)})
            out.extend({"type": "trade", "resource": res, "section": s,
                        "label": t("{goods} to section {section} ({vp} VP)", goods=one, section=s, vp=s)}
                       for s in range(D.SECTIONS))
        return out

    def resolve(self, game, state, frame, seat, action, log):
        res, section = action["resource"], action["section"]
        if section is None:
            held = _held(state)
            held[res] = held.get(res, 0) + 1
            log.add("trade", t("{player} takes {goods} to use this turn", player=seat_ref(seat),
                               goods=D.resource_count(res, 1)), seat=seat)
        else:
            state["players"][seat]["supply"][section].append(res)
            score(state, seat, "supply", section)
            log.add("trade", t("{player} puts {goods} in section {section} and scores {vp} VP", player=seat_ref(seat),
                               goods=D.resource_count(res, 1), section=section, vp=section), seat=seat)
        S.pop(state)


# ---- Step 3: Build or Loot, then the token's resources -----------------------------------------------------------

def build_kind(state: dict) -> str:
    held = _held(state)
    wood, stone = held.get("wood", 0) > 0, held.get("stone", 0) > 0
    if wood and stone:
        return "settlement" if has_influence_token(state, state["turn"]["seat"], SETTLEMENT_TOKENS) else "camp"
    return "camp" if wood or stone else "loot"


class Build(Step):
    kind = "build"
    undoable = True

    def text(self, game, state, frame, seat):
        how = build_kind(state)
        if how == "settlement":
            return t("Choose a face-up mining token to build a settlement (you hold Wood and Stone)")
        if how == "camp":
            return t("Choose a face-up mining token to build a camp (you hold Wood or Stone)")
        return t("Choose a face-up mining token to loot (you hold no Wood or Stone: a camp goes to the Wanted area, "
                 "-1 VP)")

    def options(self, game, state, frame, seat):
        how = build_kind(state)
        out = []
        for h in face_up_hexes(state):
            hx = state["map"][h]
            where = {"hex": h, "terrain": D.TERRAIN_NAMES[hx["terrain"]], "resources": D.token_text(hx["token"])}
            if how == "settlement":
                label = t("Settle on hex {hex}: {terrain}, {resources}", **where)
            elif how == "camp":
                label = t("Camp on hex {hex}: {terrain}, {resources}", **where)
            else:
                label = t("Loot on hex {hex}: {terrain}, {resources} (a camp to the Wanted area, -1 VP)", **where)
            out.append({"type": "build", "hex": h, "as": how, "label": label})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        h, how = action["hex"], action["as"]
        hx = state["map"][h]
        player = state["players"][seat]
        token = hx["token"]
        hx["token"] = None
        state["turn"]["hex"] = h
        player["camps"] -= 1
        terrain = D.TERRAIN_NAMES[hx["terrain"]]
        if how == "loot":
            hx["looted"] = True
            player["wanted"] += 1
            state["discarded"].append(token)
            score(state, seat, "looting", -1)
            log.add("loot", t("{player} loots a {terrain} hex ({resources}): a camp goes to the Wanted area, -1 VP",
                              player=seat_ref(seat), terrain=terrain, resources=D.token_text(token)), seat=seat, hex=h)
        else:
            hx["camp"] = seat
            player["tokens"][hx["terrain"]].append(token)
            if how == "settlement":
                settle(state, seat, h)
            where = {"player": seat_ref(seat), "terrain": terrain, "resources": D.token_text(token)}
            if how == "settlement":
                text = t("{player} builds a settlement on a {terrain} hex ({resources}): +2 influence in {terrain}",
                         **where)
            else:
                text = t("{player} builds a camp on a {terrain} hex ({resources}): +1 influence in {terrain}", **where)
            log.add("build", text, seat=seat, hex=h)
        S.replace(state, "place", seat, token=token)


class Place(Step):
    kind = "place"

    def text(self, game, state, frame, seat):
        return t("Put {resources} in one section of your supply track (VP = section number)",
                 resources=D.token_text(frame["token"]))

    def data(self, game, state, frame, seat):
        return {"token": frame["token"], "resources": list(D.TOKENS[frame["token"]]["resources"])}

    def options(self, game, state, frame, seat):
        return [{"type": "place", "section": s, "vp": s, "label": t("Section {section}: {vp} VP", section=s, vp=s)}
                for s in range(D.SECTIONS)]

    def resolve(self, game, state, frame, seat, action, log):
        section = action["section"]
        resources = list(D.TOKENS[frame["token"]]["resources"])
        state["players"][seat]["supply"][section].extend(resources)
        score(state, seat, "supply", section)
        log.add("place", t("{player} puts {resources} in section {section} and scores {vp} VP", player=seat_ref(seat),
                           resources=resources_text(resources), section=section, vp=section),
                seat=seat, section=section)
        S.pop(state)
        end_turn(state, log)


STEP_TYPES = (Activate, Drop, Metals, FreeShip, Gain, Peek, SharedOffice, FreeOffice, Upgrade, Trade, Build, Place)
