"""What the Istanbul steps share: the step base with its automatic moves, bonus cards playable "any time in your
turn" (and through the card that copies the discard pile), and the fruit-mosque recall.

A step's `auto` returns the choice the game makes by itself when a decision has only one sensible answer
(nothing to do at a place, the end of a turn with nothing left to play); the turn flow resolves it at once.
"""

from __future__ import annotations

from typing import Any

from app.engine.kit import Log, seat_ref
from app.engine.steps import Step
from app.engine.text import Text, t, words

from .. import data as D
from .. import state as S


class IStep(Step):
    def auto(self, game: Any, state: dict, frame: dict) -> dict | None:
        return None

    def data(self, game: Any, state: dict, frame: dict, seat: int) -> dict:
        return {k: v for k, v in frame.items() if k not in ("step",)}


def usable(state: dict, seat: int, kinds: tuple[str, ...]) -> list[tuple[str, str | None]]:
    """(kind, via) for each card kind in `kinds` the seat can play: from its hand, or copied from the discard top."""
    held = set(S.hand_kinds(state["players"][seat]))
    out: list[tuple[str, str | None]] = [(k, None) for k in kinds if k in held]
    top = S.top_discard_kind(state)
    if "copy_discard" in held and top in kinds and top != "copy_discard":
        out.append((top, "copy_discard"))
    return out


def card_fields(kind: str, via: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"card": kind}
    if via:
        out["via"] = via
    return out


def card_label(kind: str, via: str | None) -> Text:
    name = D.card_name(kind)
    return t("{card} (copied by {via})", card=name, via=D.card_name(via)) if via else t("{card}", card=name)


def spend_card(state: dict, seat: int, action: dict, log: Log) -> None:
    """Discard the card an action names (the copying card when it went through the discard pile)."""
    kind = action["card"]
    via = action.get("via")
    S.discard_card(state, seat, via or kind)
    if via:
        text = t("{player} plays {card} through {via}.", player=seat_ref(seat), card=D.card_name(kind),
                 via=D.card_name(via))
    else:
        text = t("{player} plays {card}.", player=seat_ref(seat), card=D.card_name(kind))
    log.add("card", text, seat=seat, card=kind)


def anytime_options(state: dict, seat: int, kinds: tuple[str, ...] = D.ANYTIME_KINDS) -> list[dict]:
    player = state["players"][seat]
    out = []
    for kind, via in usable(state, seat, kinds):
        base = {"type": "card", **card_fields(kind, via)}
        label = card_label(kind, via)
        if kind == "gain_good":
            out += [{**base, "good": g, "label": t("{card}: take {what}", card=label, what=D.good_count(g, 1))}
                    for g in D.GOODS if player["goods"][g] < player["capacity"]]
        elif kind == "family_home":
            if player["family"] != D.POLICE:
                out += [{**base, "take": "lira", "label": t("{card}: take {what}", card=label, what=D.lira(3))},
                        {**base, "take": "card", "label": t("{card}: take 1 bonus card", card=label)}]
        elif kind == "sell_good":
            out += [{**base, "good": g, "label": t("{card}: pay {what} for {lira}", card=label,
                                                    what=D.good_count(g, 1), lira=D.lira(D.SELL_GOOD_LIRA))}
                    for g in D.GOODS if player["goods"][g]]
            if state["grand_bazaar"] and player["coffee"]:
                out.append({**base, "coffee": 1, "label": t("{card}: pay {what} for {lira}", card=label,
                                                             what=D.coffee(1), lira=D.lira(D.SELL_GOOD_LIRA))})
        elif kind == "take_letter":
            if state["expansion"]:
                out.append({**base, "label": label})
        else:
            out.append({**base, "label": label})
    if kinds is D.ANYTIME_KINDS:
        out += yellow_options(state, seat)
    return out


def resolve_anytime(state: dict, seat: int, action: dict, log: Log) -> bool:
    """Play an any-time card or the fruit-mosque recall; False when the action is neither."""
    player = state["players"][seat]
    if action["type"] == "recall":
        player["lira"] -= D.FEE
        player["yellow_turn"] = state["turns"]
        S.recall_assistant(player, action["from"])
        log.add("recall", t("{player} pays 2 lira (fruit mosque tile) to bring back the assistant from {place}.",
                            player=seat_ref(seat), place=D.place_name(action["from"])), seat=seat)
        return True
    if action["type"] != "card" or action["card"] not in D.ANYTIME_KINDS:
        return False
    kind = action["card"]
    spend_card(state, seat, action, log)
    who = seat_ref(seat)
    if kind == "gain_good":
        S.gain_goods(player, {action["good"]: 1})
        log.add("goods", t("{player} takes {what}.", player=who, what=D.good_count(action["good"], 1)), seat=seat)
    elif kind == "five_lira":
        player["lira"] += 5
        log.add("lira", t("{player} takes {what}.", player=who, what=D.lira(5)), seat=seat)
    elif kind == "family_home":
        player["family"] = D.POLICE
        log.add("family", t("{player}'s family member goes back to the Police Station.", player=who), seat=seat)
        catch_reward(state, seat, action["take"], log)
    elif kind == "take_letter":
        S.draw_letter(state, seat, log)
    elif kind == "dice_reward":
        dice = S.roll(state, 2)
        lira = next(reward for top, reward in D.DICE_REWARD if sum(dice) <= top)
        player["lira"] += lira
        log.add("roll", t("{player} rolls {die1}+{die2} and takes {lira}.", player=who, die1=dice[0], die2=dice[1],
                          lira=D.lira(lira)), seat=seat, dice=dice)
    elif kind == "sell_good":
        if "coffee" in action:
            S.pay_coffee(state, seat, 1)
            paid = D.coffee(1)
        else:
            S.pay_goods(player, {action["good"]: 1})
            paid = D.good_count(action["good"], 1)
        player["lira"] += D.SELL_GOOD_LIRA
        log.add("lira", t("{player} pays {what} and takes {lira}.", player=who, what=paid,
                          lira=D.lira(D.SELL_GOOD_LIRA)), seat=seat)
    else:
        good = D.GOOD_CARD[kind]
        S.gain_goods(player, {good: 1})
        player["lira"] += 3
        log.add("goods", t("{player} takes {what} and {lira}.", player=who, what=D.good_count(good, 1),
                           lira=D.lira(3)), seat=seat)
    return True


def yellow_options(state: dict, seat: int) -> list[dict]:
    player = state["players"][seat]
    if "yellow" not in player["mosque"] or player["yellow_turn"] == state["turns"] or player["lira"] < D.FEE:
        return []
    return [{"type": "recall", "from": p,
             "label": t("Fruit mosque tile: pay 2 lira to bring back the assistant from {place}",
                        place=D.place_name(p))}
            for p in S.own_assistants(player)]


def catch_reward(state: dict, seat: int, take: str, log: Log) -> None:
    if take == "lira":
        state["players"][seat]["lira"] += 3
        log.add("lira", t("{player} takes {what}.", player=seat_ref(seat), what=D.lira(3)), seat=seat)
    else:
        S.draw_cards(state, seat, 1, log)


def letter_payments(letters: list[dict], seals: int) -> list[list[int]]:
    """Ways to hand in letters showing at least `seals` seals, each minimal (no letter could be kept back), one per
    design: delivered letters are interchangeable, undelivered ones for the same place too."""
    groups: dict[tuple[int, bool], list[int]] = {}
    for letter in letters:
        # a delivered letter is just 2 seals, whatever place it was for
        key = (0, True) if letter["delivered"] else (letter["place"], False)
        groups.setdefault(key, []).append(letter["id"])
    designs = sorted(groups)
    out: list[list[int]] = []

    def walk(i: int, chosen: list[tuple[int, bool]], total: int) -> None:
        if total >= seals:
            smallest = min(2 if d else 1 for _, d in chosen)
            if total - smallest < seals:
                counts: dict[tuple[int, bool], int] = {}
                for key in chosen:
                    counts[key] = counts.get(key, 0) + 1
                out.append(sorted(lid for key, c in counts.items() for lid in groups[key][:c]))
            return
        if i == len(designs):
            return
        key = designs[i]
        for count in range(len(groups[key]), -1, -1):
            walk(i + 1, chosen + [key] * count, total + count * (2 if key[1] else 1))

    walk(0, [], 0)
    return out


def letters_words(state: dict, seat: int, ids: list[int]) -> dict:
    """"letter 13, delivered letter 5": the letters a payment hands in."""
    letters = [l for l in state["players"][seat]["letters"] if l["id"] in ids]
    return words([t("delivered letter {number}", number=l["place"]) if l["delivered"]
                  else t("letter {number}", number=l["place"]) for l in letters], ",")


def one_letter_options(state: dict, seat: int) -> list[dict]:
    """One letter per design (place, side) to hand in."""
    seen = set()
    out = []
    for letter in state["players"][seat]["letters"]:
        key = (letter["place"], letter["delivered"])
        if key not in seen:
            seen.add(key)
            out.append(letter)
    return out


def one_card_kinds(state: dict, seat: int) -> list[str]:
    seen: list[str] = []
    for kind in S.hand_kinds(state["players"][seat]):
        if kind not in seen:
            seen.append(kind)
    return seen
