"""Phase 1 and 2 of a turn: moving the merchant (or the companion, or the family member by card), the assistant
step on arrival, and paying the other merchants and companions met there (2-player neutral merchants included)."""

from __future__ import annotations

from typing import Any

from app.engine.kit import Log, seat_ref
from app.engine.steps import replace
from app.engine.text import Text, t, tn, words

from .. import data as D
from .. import state as S
from .common import IStep, anytime_options, card_fields, card_label, resolve_anytime, spend_card, usable
from .places import perform, place_options


class MoveStep(IStep):
    kind = "move"

    def text(self, game, state, frame, seat):
        return t("Move your merchant 1 or 2 places: choose a place on the board.")

    def options(self, game, state, frame, seat):
        player = state["players"][seat]
        here = player["merchant"]
        out: list[dict[str, Any]] = []
        if player["companion"] == "supply":
            out.append({"type": "place_companion", "label": t("Put your companion beside your merchant")})
        near = S.places_at(state, here, (1, 2), seat)
        for p in near:
            out.append({"type": "move", "to": p, "label": t("Merchant to {place}", place=D.place_name(p))})
        if "B" in player["tavern"]:  # the Tavern tile of straight moves [Grand Bazaar]
            out += [{"type": "move", "to": p,
                     "label": t("Merchant to {place} (straight move: Tavern tile)", place=D.place_name(p))}
                    for p in S.straight_lines(state, here, seat) if p not in near]
        for kind, via in usable(state, seat, ("move_far", "stay", "join_merchant", "go_anywhere",
                                              "companion_two", "family_step", "recall_assistant")):
            name = card_label(kind, via)
            fields = card_fields(kind, via)
            if kind == "move_far":
                out += [{"type": "move", "to": p, **fields,
                         "label": t("{card}: merchant to {place}", card=name, place=D.place_name(p))}
                        for p in S.places_at(state, here, (3, 4), seat)]
            elif kind == "stay":
                if here != D.FOUNTAIN and (player["assistants"].get(str(here)) or player["stack"]):
                    out.append({"type": "move", "to": here, **fields,
                                "label": t("{card}: stay at {place}", card=name, place=D.place_name(here))})
            elif kind == "join_merchant":
                for other, op in enumerate(state["players"]):
                    if other != seat and op["merchant"] != here:
                        out.append({"type": "move", "to": op["merchant"], "join": other, **fields,
                                    "label": t("{card}: merchant to {player}'s merchant at {place}", card=name,
                                               player=seat_ref(other), place=D.place_name(op["merchant"]))})
            elif kind == "go_anywhere":
                if player["lira"] >= D.GO_ANYWHERE_PRICE:
                    out += [{"type": "move", "to": p, **fields,
                             "label": t("{card}: pay 3 lira, merchant to {place}", card=name, place=D.place_name(p))}
                            for p in state["layout"] if p != here]
            elif kind == "companion_two":
                if isinstance(player["companion"], int):
                    out += [{"type": "move", "token": "companion", "to": p, **fields,
                             "label": t("{card}: companion to {place}", card=name, place=D.place_name(p))}
                            for p in S.places_at(state, player["companion"], (2,), seat)]
            elif kind == "family_step":
                if player["family"] != D.POLICE:
                    out += [{"type": "family", "to": p, **fields,
                             "label": t("{card}: family member to {place}", card=name, place=D.place_name(p))}
                            for p in S.places_at(state, player["family"], (1,)) if p != D.POLICE]
            elif kind == "recall_assistant":
                out += [{"type": "card", "from": p, **fields,
                         "label": t("{card}: bring back the assistant from {place}", card=name,
                                    place=D.place_name(p))}
                        for p in S.own_assistants(player)]
        if isinstance(player["companion"], int):
            out += [{"type": "move", "token": "companion", "to": p,
                     "label": t("Companion to {place}", place=D.place_name(p))}
                    for p in S.places_at(state, player["companion"], (1,), seat)]
        out = [with_consequences(state, seat, move) for move in out]
        return out + guild_options(state, seat) + anytime_options(state, seat)

    def resolve(self, game, state, frame, seat, action, log):
        player = state["players"][seat]
        kind = action["type"]
        if kind == "place_companion":
            player["companion"] = player["merchant"]
            log.add("companion", t("{player} puts the companion at {place}.", player=seat_ref(seat),
                                   place=D.place_name(player["merchant"])), seat=seat)
            return
        if kind == "card" and action["card"] == "recall_assistant":
            spend_card(state, seat, action, log)
            S.recall_assistant(player, action["from"])
            log.add("recall", t("{player} brings back the assistant from {place}.", player=seat_ref(seat),
                                place=D.place_name(action["from"])), seat=seat)
            return
        if resolve_anytime(state, seat, action, log):
            return
        if kind == "guild":
            play_guild_card(state, seat, action, log)
            return
        if "card" in action:
            spend_card(state, seat, action, log)
        to = action["to"]
        if kind == "family":
            player["family"] = to
            log.add("family", t("{player}'s family member steps to {place}.", player=seat_ref(seat),
                                place=D.place_name(to)), seat=seat, to=to)
            replace(state, "act", seat, place=to, actor="family", meet=None, done=False, repeated=False,
                    nested=False)
            return
        if action.get("token") == "companion":
            player["companion"] = to
            log.add("move", t("{player}'s companion goes to {place}.", player=seat_ref(seat), place=D.place_name(to)),
                    seat=seat, to=to, token="companion")
            arrive(state, seat, to, "companion", None, log)
            return
        if action.get("card") == "go_anywhere":
            player["lira"] -= D.GO_ANYWHERE_PRICE
        player["merchant"] = to
        if action.get("card") == "stay":
            text = t("{player}'s merchant stays at {place}.", player=seat_ref(seat), place=D.place_name(to))
        else:
            text = t("{player}'s merchant goes to {place}.", player=seat_ref(seat), place=D.place_name(to))
        log.add("move", text, seat=seat, to=to, token="merchant")
        if to != D.FOUNTAIN and not assistant_step(state, seat, to, log):
            replace(state, "after", seat, meet=None, met=[], caught=[])
            return
        arrive(state, seat, to, "merchant", action.get("join"), log)


def guild_options(state: dict, seat: int) -> list[dict]:
    """Grand Bazaar: a guild card replaces the whole turn (no move, no assistant step, no fee, no encounters); it is
    played only when carried out completely [Big Box rulebook]. Each card does its place's action where the merchant
    stands (ours), card 16 also gives 3 coffee [Big Box rulebook]; bonus cards and mosque tiles tied to a place stay
    out of it."""
    out = []
    for card in sorted(set(state["players"][seat]["guild"])):
        extra = D.GUILD_CARD_COFFEE.get(card)
        for option in place_options(state, seat, card, "guild"):
            fields = {k: v for k, v in option.items() if k not in ("type", "label")}
            action = t("{action}, and {coffee}", action=option["label"], coffee=D.coffee(extra)) if extra \
                else option["label"]
            out.append({"type": "guild", "guild": card, **fields,
                        "label": t("Guild card of {place} instead of your turn: {action}",
                                   place=D.place_name(card), action=action)})
    return out


def play_guild_card(state: dict, seat: int, action: dict, log: Log) -> None:
    card = action["guild"]
    state["players"][seat]["guild"].remove(card)
    state["guild"]["discard"].append(card)
    log.add("guild", t("{player} plays the guild card of {place} instead of a turn.", player=seat_ref(seat),
                       place=D.place_name(card)), seat=seat, card=card)
    # The action frame is already done and repeated: no repeat card, no encounters (meet None) afterwards.
    replace(state, "act", seat, place=card, actor="guild", meet=None, done=True, repeated=True, nested=False)
    fields = {k: v for k, v in action.items() if k not in ("type", "guild", "label", "say")}
    extra = D.GUILD_CARD_COFFEE.get(card)
    if extra:
        S.gain_coffee(state, seat, extra, log)
    perform(state, seat, state["steps"][-1], {"type": "act", **fields}, log)


def with_consequences(state: dict, seat: int, move: dict) -> dict:
    """A move's label with what it costs and what follows: the fees due there, or the end of the turn when the
    merchant has no assistant to leave or pick up there."""
    if move["type"] != "move":
        return move
    player = state["players"][seat]
    to = move["to"]
    if "token" not in move and "guild" not in move and to != D.FOUNTAIN \
            and not (player["assistants"].get(str(to)) or player["stack"]):
        return {**move, "label": t("{move} (no assistant there: the turn ends)", move=move["label"])}
    fees = S.fee_tokens(state, seat, to, move.get("join"))
    if not fees:
        return move
    companions = any(fee.startswith("companion") for fee in fees)
    if len(fees) == 1:
        cost = t("pay 2 lira to the companion there") if companions else t("pay 2 lira to the merchant there")
    elif companions:
        cost = tn("pay 2 lira to each of {n} merchants and companions there",
                  "pay 2 lira to each of {n} merchants and companions there", len(fees))
    else:
        cost = tn("pay 2 lira to each of {n} merchants there", "pay 2 lira to each of {n} merchants there", len(fees))
    return {**move, "label": t("{move} ({cost})", move=move["label"], cost=cost)}


def assistant_step(state: dict, seat: int, place: int, log: Log) -> bool:
    """Pick up an assistant waiting at `place`, else leave one there; False when neither is possible."""
    player = state["players"][seat]
    key = str(place)
    if player["assistants"].get(key):
        S.recall_assistant(player, place)
        log.add("assistant", t("{player} picks up the assistant waiting there.", player=seat_ref(seat)), seat=seat)
    elif player["stack"]:
        player["stack"] -= 1
        player["assistants"][key] = player["assistants"].get(key, 0) + 1
        log.add("assistant", t("{player} leaves an assistant there.", player=seat_ref(seat)), seat=seat)
    else:
        log.add("turn_ends", t("{player} has no assistant to leave: the turn ends.", player=seat_ref(seat)), seat=seat)
        return False
    return True


def arrive(state: dict, seat: int, place: int, token: str, join: int | None, log: Log) -> None:
    """After the move: pay the others met there if any, else go on to the place's action."""
    fees = S.fee_tokens(state, seat, place, join)
    if fees:
        replace(state, "pay", seat, place=place, token=token, fees=fees)
    else:
        replace(state, "act", seat, place=place, actor=token, meet=place, done=False, repeated=False, nested=False)


def fee_words(fees: list[str]) -> dict:
    """Whom a player pays on arriving: "@1's merchant, a neutral merchant"."""
    out: list[Text] = []
    for fee in fees:
        if fee == "neutral":
            out.append(t("a neutral merchant"))
        else:
            what, other = fee.split(":")
            if what == "merchant":
                out.append(t("{player}'s merchant", player=seat_ref(int(other))))
            else:
                out.append(t("{player}'s companion", player=seat_ref(int(other))))
    return words(out, ",")


class PayStep(IStep):
    kind = "pay"

    def text(self, game, state, frame, seat):
        return t("Pay {lira} to {whom} to act here, or end your turn.", lira=D.lira(2 * len(frame["fees"])),
                 whom=fee_words(frame["fees"]))

    def options(self, game, state, frame, seat):
        total = D.FEE * len(frame["fees"])
        out = []
        if state["players"][seat]["lira"] >= total:
            out.append({"type": "pay", "lira": total, "label": t("Pay {lira}", lira=D.lira(total))})
        out.append({"type": "refuse", "label": t("Do not pay: end the turn")})
        # "Take 5 lira" and the other any-time cards: a player short of lira may still pay [spec §15 item 9].
        return out + anytime_options(state, seat)

    def resolve(self, game, state, frame, seat, action, log):
        if resolve_anytime(state, seat, action, log):
            return
        if action["type"] == "refuse":
            log.add("turn_ends", t("{player} does not pay: the turn ends.", player=seat_ref(seat)), seat=seat)
            replace(state, "after", seat, meet=None, met=[], caught=[])
            return
        player = state["players"][seat]
        neutrals = 0
        for fee in frame["fees"]:
            player["lira"] -= D.FEE
            if fee == "neutral":
                neutrals += 1
                continue
            other = int(fee.split(":")[1])
            state["players"][other]["lira"] += D.FEE
            log.add("pay", t("{player} pays 2 lira to {other}.", player=seat_ref(seat), other=seat_ref(other)),
                    seat=seat, to_seat=other)
        place = frame["place"]
        for _ in range(neutrals):
            log.add("pay", t("{player} pays 2 lira to the bank for a neutral merchant.", player=seat_ref(seat)),
                    seat=seat)
            state["neutrals"].remove(place)
            dice = S.roll(state, 2)
            state["neutrals"].append(sum(dice))
            log.add("roll", t("The neutral merchant rolls {die1}+{die2} and goes to {place}.", die1=dice[0],
                              die2=dice[1], place=D.place_name(sum(dice))), dice=dice, token="neutral")
        replace(state, "act", seat, place=place, actor=frame["token"], meet=place, done=False, repeated=False,
                nested=False)
