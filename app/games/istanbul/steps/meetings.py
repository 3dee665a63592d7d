"""Phase 4 and the end of a turn: catching other family members, meeting the Governor, the Smuggler, the
Courier and (Grand Bazaar) the Coffee Trader, or calling one by card; any-time cards; and ending the turn, with a
double turn paid in letters. A Tavern tile of series A waives every one of those fees [seed]."""

from __future__ import annotations

from app.engine.kit import seat_ref
from app.engine.steps import pop, push
from app.engine.text import Text, t, tn

from .. import data as D
from .. import state as S
from .common import (IStep, anytime_options, card_fields, card_label, catch_reward, letter_payments,
                     letters_words, one_card_kinds, one_letter_options, resolve_anytime, spend_card, usable)

TOKENS = ("governor", "smuggler", "courier", "coffee_trader")


def token_options(state: dict, seat: int, token: str, extra: dict, card: Text | None) -> list[dict]:
    """Ways to meet `token`; `card`: the card that calls it from afar, whose name leads each label."""
    return [{**option, "label": t("{card}: {action}", card=card, action=option["label"]) if card
             else option["label"]} for option in token_choices(state, seat, token, {"type": token, **extra})]


def token_choices(state: dict, seat: int, token: str, base: dict) -> list[dict]:
    player = state["players"][seat]
    free = S.has_service_tile(player)
    if token == "governor":
        if free:
            return [{**base, "label": t("Governor: draw a bonus card (no fee: Tavern tile)")}]
        if player["lira"] < D.FEE and not player["hand"] and not (state["bonus"]["deck"] or state["bonus"]["discard"]):
            return []
        return [{**base, "label": t("Governor: draw a bonus card, then pay 2 lira or a card")}]
    if token == "smuggler":
        if free:
            return [{**base, "good": g, "label": t("Smuggler: take {good} (no fee: Tavern tile)",
                                                   good=D.good_count(g, 1))} for g in D.GOODS]
        return [{**base, "good": g, "label": t("Smuggler: take {good}, then pay 2 lira or a good",
                                               good=D.good_count(g, 1))} for g in D.GOODS]
    if token == "coffee_trader":
        if free:
            return [{**base, "label": t("Coffee Trader: take 1 coffee (no fee: Tavern tile)")}]
        if player["lira"] < D.FEE and not any(player["goods"].values()):
            return []
        return [{**base, "label": t("Coffee Trader: take 1 coffee, then pay 2 lira or a good")}]
    if free:
        return [{**base, "pay": "free", "label": t("Courier: take a letter (no fee: Tavern tile)")}]
    out = []
    if player["lira"] >= D.FEE:
        out.append({**base, "pay": "lira", "label": t("Courier: pay 2 lira for a letter")})
    for letter in one_letter_options(state, seat):
        out.append({**base, "pay": "letter", "letter": letter["id"],
                    "label": t("Courier: hand in {letter} for a letter",
                               letter=letters_words(state, seat, [letter["id"]]))})
    return out


class AfterStep(IStep):
    kind = "after"

    def text(self, game, state, frame, seat):
        if self.catches(state, frame, seat):
            return t("Catch the family members here: 3 lira or a bonus card each.")
        if frame["meet"] is not None:
            return t("Meet whom you like here, then end your turn.")
        return t("End your turn.")

    def catches(self, state, frame, seat):
        meet = frame["meet"]
        if meet is None or meet == D.POLICE:
            return []
        return [other for other, p in enumerate(state["players"])
                if other != seat and p["family"] == meet and other not in frame["caught"]]

    def options(self, game, state, frame, seat):
        out = []
        catches = self.catches(state, frame, seat)
        for other in catches:
            out += [{"type": "catch", "seat": other, "take": "lira",
                     "label": t("Send {player}'s family member to the Police Station: take 3 lira",
                                player=seat_ref(other))},
                    {"type": "catch", "seat": other, "take": "card",
                     "label": t("Send {player}'s family member to the Police Station: take a bonus card",
                                player=seat_ref(other))}]
        meet = frame["meet"]
        if meet is not None:
            for token in TOKENS:
                if state.get(token) == meet and token not in frame["met"]:
                    out += token_options(state, seat, token, {}, None)
            for kind, via in usable(state, seat, ("use_token",)):
                for token in TOKENS:
                    if state.get(token) is not None and token not in frame["met"]:
                        out += token_options(state, seat, token, card_fields(kind, via), card_label(kind, via))
        out += anytime_options(state, seat)
        if not catches:
            out.append({"type": "end", "label": t("End the turn")})
            player = state["players"][seat]
            if state["expansion"] and player["double_round"] != state["round"]:
                for ids in letter_payments(player["letters"], D.SEALS_DOUBLE_TURN):
                    out.append({"type": "end", "letters": ids,
                                "label": t("End the turn and play again: hand in {letters}",
                                           letters=letters_words(state, seat, ids))})
        return out

    def auto(self, game, state, frame):
        if len(self.options(game, state, frame, frame["seat"])) == 1:
            return {"type": "end"}
        return None

    def resolve(self, game, state, frame, seat, action, log):
        if resolve_anytime(state, seat, action, log):
            return
        player = state["players"][seat]
        kind = action["type"]
        if kind == "catch":
            other = action["seat"]
            state["players"][other]["family"] = D.POLICE
            frame["caught"].append(other)
            log.add("catch", t("{player} sends {other}'s family member to the Police Station.", player=seat_ref(seat),
                               other=seat_ref(other)), seat=seat, to_seat=other)
            catch_reward(state, seat, action["take"], log)
            return
        if kind in TOKENS:
            frame["met"].append(kind)
            if "card" in action:
                spend_card(state, seat, action, log)
            meet_token(state, seat, action, log)
            return
        if action.get("letters"):
            S.discard_letters(state, seat, action["letters"])
            player["double_round"] = state["round"]
            state["extra"] = True
            log.add("double", tn("{player} hands in {n} letters to play again at once.",
                                 "{player} hands in {n} letters to play again at once.", len(action["letters"]),
                                 player=seat_ref(seat)), seat=seat)
        pop(state)


def meet_token(state: dict, seat: int, action: dict, log) -> None:
    player = state["players"][seat]
    token = action["type"]
    free = S.has_service_tile(player)
    who = seat_ref(seat)
    if token == "governor":
        log.add("meet", t("{player} meets the Governor.", player=who), seat=seat)
        S.draw_cards(state, seat, 1, log)
        if free:
            log.add("pay", t("{player} pays the Governor nothing (Tavern tile).", player=who), seat=seat)
            S.move_token(state, "governor", log)
        else:
            push(state, "governor_pay", seat)
    elif token in ("smuggler", "coffee_trader"):
        if token == "smuggler":
            S.gain_goods(player, {action["good"]: 1})
            log.add("meet", t("{player} meets the Smuggler and takes {good}.", player=who,
                              good=D.good_count(action["good"], 1)), seat=seat)
        else:
            log.add("meet", t("{player} meets the Coffee Trader.", player=who), seat=seat)
            S.gain_coffee(state, seat, D.COFFEE_TRADER_COFFEE, log)
        if free:
            log.add("pay", t("{player} pays the Smuggler nothing (Tavern tile).", player=who) if token == "smuggler"
                    else t("{player} pays the Coffee Trader nothing (Tavern tile).", player=who), seat=seat)
            S.move_token(state, token, log)
        else:
            push(state, "smuggler_pay", seat, token=token)
    else:
        if action["pay"] == "free":
            log.add("meet", t("{player} meets the Courier and pays nothing (Tavern tile).", player=who), seat=seat)
        elif action["pay"] == "lira":
            player["lira"] -= D.FEE
            log.add("meet", t("{player} pays the Courier 2 lira.", player=who), seat=seat)
        else:
            given = letters_words(state, seat, [action["letter"]])
            S.discard_letters(state, seat, [action["letter"]])
            log.add("meet", t("{player} hands the Courier a {letter}.", player=who, letter=given), seat=seat)
        S.draw_letter(state, seat, log)
        S.move_token(state, "courier", log)


class GovernorPayStep(IStep):
    kind = "governor_pay"

    def text(self, game, state, frame, seat):
        return t("Pay the Governor: 2 lira or 1 bonus card.")

    def options(self, game, state, frame, seat):
        out = []
        if state["players"][seat]["lira"] >= D.FEE:
            out.append({"type": "pay", "label": t("Pay {lira}", lira=D.lira(D.FEE))})
        out += [{"type": "discard", "card": k, "label": t("Discard {card}", card=D.card_name(k))}
                for k in one_card_kinds(state, seat)]
        return out

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "pay":
            state["players"][seat]["lira"] -= D.FEE
            log.add("pay", t("{player} pays the Governor 2 lira.", player=seat_ref(seat)), seat=seat)
        else:
            S.discard_card(state, seat, action["card"])
            log.add("discard", t("{player} gives the Governor {card}.", player=seat_ref(seat),
                                 card=D.card_name(action["card"])), seat=seat)
        pop(state)
        S.move_token(state, "governor", log)


class SmugglerPayStep(IStep):
    """The fee of the Smuggler, or of the Coffee Trader (frame "token"): 2 lira or 1 good (never coffee) [design]."""

    kind = "smuggler_pay"

    def text(self, game, state, frame, seat):
        if frame.get("token", "smuggler") == "smuggler":
            return t("Pay the Smuggler: 2 lira or 1 good.")
        return t("Pay the Coffee Trader: 2 lira or 1 good.")

    def options(self, game, state, frame, seat):
        player = state["players"][seat]
        out = []
        if player["lira"] >= D.FEE:
            out.append({"type": "pay", "label": t("Pay {lira}", lira=D.lira(D.FEE))})
        out += [{"type": "good", "good": g, "label": t("Give {good}", good=D.good_count(g, 1))} for g in D.GOODS
                if player["goods"][g]]
        return out + anytime_options(state, seat, D.MIDSTEP_KINDS)

    def resolve(self, game, state, frame, seat, action, log):
        if resolve_anytime(state, seat, action, log):
            return
        player = state["players"][seat]
        token = frame.get("token", "smuggler")
        who = seat_ref(seat)
        smuggler = token == "smuggler"
        if action["type"] == "pay":
            player["lira"] -= D.FEE
            log.add("pay", t("{player} pays the Smuggler 2 lira.", player=who) if smuggler
                    else t("{player} pays the Coffee Trader 2 lira.", player=who), seat=seat)
        else:
            S.pay_goods(player, {action["good"]: 1})
            good = D.good_count(action["good"], 1)
            log.add("pay", t("{player} gives the Smuggler {good}.", player=who, good=good) if smuggler
                    else t("{player} gives the Coffee Trader {good}.", player=who, good=good), seat=seat)
        pop(state)
        S.move_token(state, token, log)
