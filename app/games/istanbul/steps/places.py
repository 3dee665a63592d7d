"""Phase 3: every place's action, the sub-choices some of them ask (Fountain, Caravansary, dice with the fabric
mosque tile, the spice tile's extra good), and the cards that repeat an action (Sultan, Post Office, Gemstone
Dealer, Mosques, Secret Society).

The action frame `act` stays under its sub-steps with `done` set; when they are settled it offers the repeat
card if one applies, else the turn moves on to the encounters (`after`) at the place in `meet`.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from app.engine.kit import Log, plural, seat_ref
from app.engine.steps import pop, push

from .. import data as D
from .. import state as S
from .common import (IStep, anytime_options, card_fields, card_label, letter_payments, letters_words,
                     one_card_kinds, resolve_anytime, spend_card, usable)
from .letters import open_auction, open_kiosk, secret_society


def place_options(state: dict, seat: int, place: int, actor: str) -> list[dict[str, Any]]:
    """Every way `seat` can carry out the action of `place` now (empty: it cannot)."""
    player = state["players"][seat]
    name = D.PLACE_NAMES[place]
    goods = player["goods"]
    if place == D.WAINWRIGHT:
        if player["capacity"] < D.MAX_CAPACITY and player["lira"] >= D.WAINWRIGHT_PRICE:
            return [{"type": "act", "label": "Pay 7 lira for a wheelbarrow extension"}]
        return []
    if place in D.WAREHOUSE_GOOD:
        return [{"type": "act", "label": f"Fill your {D.GOOD_NAMES[D.WAREHOUSE_GOOD[place]]}"}]
    if place == D.POST_OFFICE:
        goods_, lira = D.POST_OFFICE_REWARDS[state["post_office"]]
        return [{"type": "act", "label": f"Take {D.goods_words(goods_)} and {lira} lira"}]
    if place in (D.CARAVANSARY, D.FOUNTAIN, D.EMBASSY, D.KIOSK):
        labels = {D.CARAVANSARY: "Take 2 bonus cards, then discard 1", D.FOUNTAIN: "Call back your assistants",
                  D.EMBASSY: "Take 2 letters", D.KIOSK: "Take 1 letter and open the kiosk"}
        return [{"type": "act", "label": labels[place]}]
    if place == D.BLACK_MARKET:
        return [{"type": "act", "good": g, "label": f"Take 1 {D.GOOD_NAMES[g]}, then roll for jewelry"}
                for g in ("red", "green", "yellow")]
    if place == D.TEA_HOUSE:
        return [{"type": "act", "number": k, "label": f"Call {k} and roll"}
                for k in range(D.TEA_HOUSE_LOW, D.TEA_HOUSE_HIGH + 1)]
    if place in (D.LARGE_MARKET, D.SMALL_MARKET):
        demand = D.DEMAND_TILES[place][state["demand"][str(place)][0]]
        return [{"type": "act", "sell": sale, "label": sale_label(place, sale)} for sale in sales(goods, demand)]
    if place == D.POLICE:
        if player["family"] != D.POLICE or actor == "family":
            return []
        return [{"type": "act", "to": p, "label": f"Send your family member to {D.place_name(p)}"}
                for p in state["layout"] if p != D.POLICE]
    if place == D.SULTAN:
        if not S.sultan_available(state):
            return []
        fixed, anys = S.sultan_cost(state)
        if not S.has_goods(player, fixed):
            return []
        rest = {g: goods[g] - fixed[g] for g in D.GOODS}
        out = []
        for extra in multisets(rest, anys):
            cost = {g: fixed[g] + extra.get(g, 0) for g in D.GOODS}
            out.append({"type": "act", "any": extra, "label": f"Deliver {D.goods_words(cost)} for a ruby"})
        return out
    if place in (D.SMALL_MOSQUE, D.GREAT_MOSQUE):
        colours = D.SMALL_MOSQUE_COLOURS if place == D.SMALL_MOSQUE else D.GREAT_MOSQUE_COLOURS
        out = []
        for colour in colours:
            pile = state["mosques"][colour]
            if pile and colour not in player["mosque"] and goods[colour] >= pile[0]:
                out.append({"type": "act", "colour": colour,
                            "label": f"Take the {D.GOOD_NAMES[colour]} tile ({pile[0]}), paying 1 "
                                     f"{D.GOOD_NAMES[colour]}"})
        return out
    if place == D.GEM_DEALER:
        if S.gem_available(state) and player["lira"] >= S.gem_price(state):
            return [{"type": "act", "label": f"Pay {S.gem_price(state)} lira for a ruby"}]
        return []
    if place == D.AUCTION:
        return [{"type": "act", "good": g, "label": f"Take 1 {D.GOOD_NAMES[g]}, then auction 2 bonus cards"}
                for g in D.GOODS]
    if place == D.SECRET_SOCIETY:
        out = []
        for ids in letter_payments(player["letters"], D.SEALS_SOCIETY):
            for source in S.ruby_tracks(state):
                if state[source]["rubies"]:
                    out.append({"type": "act", "letters": ids, "source": source,
                                "label": f"Hand in {letters_words(state, seat, ids)}: a ruby from the "
                                         f"{S.TRACK_NAMES[source]}"})
        return out
    if place in (D.ROASTING_PLANT, D.GUILD_HALL):
        if place == D.ROASTING_PLANT:
            return [{"type": "act", "label": f"Take {roasting_coffee(player)} coffee"}]
        return [{"type": "act", "label": "Draw 2 guild cards, then discard 1"}]
    if place == D.TAVERN:
        out = []
        for series in D.TAVERN_SERIES:
            pile = state["tavern"][series]
            if pile and series not in player["tavern"] and player["coffee"] >= max(pile[0], D.TAVERN_BAKSHEESH_COST):
                out.append({"type": "act", "series": series,
                            "label": f"Take the {series} ({D.TAVERN_SERIES_NAMES[series]}) Tavern tile ({pile[0]}), "
                                     f"paying {D.TAVERN_BAKSHEESH_COST} coffee"})
        return out
    if place == D.COFFEE_HOUSE:
        price = S.coffee_price(state)
        if state["coffee_house"]["rubies"] and player["coffee"] >= price:
            return [{"type": "act", "label": f"Pay {price} coffee for a ruby"}]
        return []
    if place == D.CATACOMBS:
        return [{"type": "act", "good": g, "label": f"Take 1 {D.GOOD_NAMES[g]}, then move your merchant anywhere"}
                for g in D.GOODS] + \
            [{"type": "act", "coffee": 1, "label": "Take 1 coffee, then move your merchant anywhere"}]
    raise ValueError(f"{name}: no such place")


def roasting_coffee(player: dict) -> int:
    return D.ROASTING_COFFEE + (D.TAVERN_B_COFFEE if "B" in player["tavern"] else 0)


def sales(goods: dict[str, int], demand: dict[str, int] | None) -> list[dict[str, int]]:
    """Every non-empty sale of at most 5 goods the player holds (within the demand tile when there is one)."""
    limits = [min(goods[g], demand[g] if demand else 5) for g in D.GOODS]
    out = []
    for counts in product(*(range(l + 1) for l in limits)):
        if 0 < sum(counts) <= 5:
            out.append({g: c for g, c in zip(D.GOODS, counts) if c})
    return out


def multisets(available: dict[str, int], size: int) -> list[dict[str, int]]:
    out = []
    for counts in product(*(range(min(available[g], size) + 1) for g in D.GOODS)):
        if sum(counts) == size:
            out.append({g: c for g, c in zip(D.GOODS, counts) if c})
    return out


def sale_label(place: int, sale: dict[str, int]) -> str:
    count = sum(sale.values())
    return f"Sell {D.goods_words(sale)} for {D.MARKET_PRICES[place][count]} lira"


def roll_at(state: dict, seat: int, place: int, frame_fields: dict, log: Log) -> None:
    """Roll 2 dice for the Black Market or Tea House; with the fabric mosque tile the player may adjust first."""
    dice = S.roll(state, 2)
    log.add("roll", f"{seat_ref(seat)} rolls {dice[0]}+{dice[1]}.", seat=seat, dice=dice)
    if "red" in state["players"][seat]["mosque"]:
        push(state, "dice", seat, place=place, dice=dice, **frame_fields)
    else:
        dice_result(state, seat, place, dice, frame_fields, log)


def dice_result(state: dict, seat: int, place: int, dice: list[int], fields: dict, log: Log) -> None:
    player = state["players"][seat]
    total = sum(dice)
    if place == D.BLACK_MARKET:
        jewelry = D.black_market_jewelry(total)
        got = S.gain_goods(player, {"blue": jewelry}) if jewelry else {}
        log.add("goods", f"{seat_ref(seat)} gets {plural(got.get('blue', 0), 'jewelry', 'jewelry')} "
                f"(sum {total}).", seat=seat)
    else:
        gain = fields["number"] if total >= fields["number"] else D.TEA_HOUSE_CONSOLATION
        player["lira"] += gain
        log.add("lira", f"{seat_ref(seat)} called {fields['number']}, rolled {total} and takes {gain} lira.",
                seat=seat)


def perform(state: dict, seat: int, frame: dict, action: dict, log: Log) -> None:
    """Carry out the place action `action` (one of place_options)."""
    place = frame["place"]
    player = state["players"][seat]
    who = seat_ref(seat)
    if place == D.WAINWRIGHT:
        player["lira"] -= D.WAINWRIGHT_PRICE
        S.extend_wheelbarrow(state, seat, log)
    elif place in D.WAREHOUSE_GOOD:
        good = D.WAREHOUSE_GOOD[place]
        got = S.gain_goods(player, {good: player["capacity"]})
        log.add("goods", f"{who} fills up with {plural(got.get(good, 0), D.GOOD_NAMES[good], D.GOOD_NAMES[good])}.",
                seat=seat)
        if "green" in player["mosque"] and player["lira"] >= D.FEE:
            push(state, "green", seat)
    elif place == D.POST_OFFICE:
        goods, lira = D.POST_OFFICE_REWARDS[state["post_office"]]
        S.gain_goods(player, goods)
        player["lira"] += lira
        state["post_office"] = (state["post_office"] + 1) % len(D.POST_OFFICE_REWARDS)
        log.add("goods", f"{who} takes {D.goods_words(goods)} and {lira} lira at the Post Office.", seat=seat)
    elif place == D.CARAVANSARY:
        if state["grand_bazaar"]:
            # [design] The new Caravansary's coffee; taken before the cards, which changes nothing.
            S.gain_coffee(state, seat, D.CARAVANSARY_COFFEE, log, " at the Caravansary")
        push(state, "caravansary", seat, draws=2)
    elif place == D.FOUNTAIN:
        push(state, "fountain", seat)
    elif place == D.BLACK_MARKET:
        S.gain_goods(player, {action["good"]: 1})
        log.add("goods", f"{who} takes 1 {D.GOOD_NAMES[action['good']]}.", seat=seat)
        roll_at(state, seat, place, {}, log)
    elif place == D.TEA_HOUSE:
        log.add("call", f"{who} calls {action['number']}.", seat=seat)
        roll_at(state, seat, place, {"number": action["number"]}, log)
    elif place in (D.LARGE_MARKET, D.SMALL_MARKET):
        sale = action["sell"]
        S.pay_goods(player, sale)
        lira = D.MARKET_PRICES[place][sum(sale.values())]
        player["lira"] += lira
        log.add("sell", f"{who} sells {D.goods_words(sale)} for {lira} lira.", seat=seat)
        if action.get("card") != "any_market":
            stack = state["demand"][str(place)]
            stack.append(stack.pop(0))
    elif place == D.POLICE:
        player["family"] = action["to"]
        log.add("family", f"{who}'s family member goes to {D.place_name(action['to'])}.", seat=seat,
                to=action["to"])
        push(state, "act", seat, place=action["to"], actor="family", meet=None, done=False, repeated=False,
             nested=True)
    elif place == D.SULTAN:
        fixed, _ = S.sultan_cost(state)
        cost = {g: fixed[g] + action["any"].get(g, 0) for g in D.GOODS}
        S.pay_goods(player, cost)
        log.add("sultan", f"{who} delivers {D.goods_words(cost)} to the Sultan.", seat=seat)
        S.give_ruby(state, seat, "sultan", log)
    elif place in (D.SMALL_MOSQUE, D.GREAT_MOSQUE):
        colour = action["colour"]
        value = state["mosques"][colour].pop(0)
        player["mosque"][colour] = value
        S.pay_goods(player, {colour: 1})
        log.add("mosque", f"{who} takes the {D.GOOD_NAMES[colour]} mosque tile ({value}).", seat=seat)
        if colour == "blue":
            player["spare"] = False
            player["stack"] += 1
            log.add("assistant", f"{who}'s fifth assistant joins the merchant.", seat=seat)
        pair = D.SMALL_MOSQUE_COLOURS if place == D.SMALL_MOSQUE else D.GREAT_MOSQUE_COLOURS
        if all(c in player["mosque"] for c in pair) and state["mosque_rubies"][str(place)]:
            S.give_ruby(state, seat, str(place), log)
    elif place == D.GEM_DEALER:
        price = S.gem_price(state)
        player["lira"] -= price
        log.add("gem", f"{who} pays {price} lira to the Gemstone Dealer.", seat=seat)
        S.give_ruby(state, seat, "gem", log)
    elif place == D.EMBASSY:
        S.draw_letter(state, seat, log)
        S.draw_letter(state, seat, log)
    elif place == D.KIOSK:
        S.draw_letter(state, seat, log)
        open_kiosk(state, seat, log)
    elif place == D.AUCTION:
        S.gain_goods(player, {action["good"]: 1})
        log.add("goods", f"{who} takes 1 {D.GOOD_NAMES[action['good']]}.", seat=seat)
        open_auction(state, seat, log)
    elif place == D.SECRET_SOCIETY:
        secret_society(state, seat, action, log)
    elif place == D.ROASTING_PLANT:
        S.gain_coffee(state, seat, roasting_coffee(player), log, " at the Roasting Plant")
    elif place == D.GUILD_HALL:
        drawn = S.draw_guild(state, seat, D.GUILD_DRAW, log)
        if len(drawn) > D.GUILD_KEEP:
            push(state, "guild_discard", seat, count=len(drawn) - D.GUILD_KEEP)
    elif place == D.TAVERN:
        series = action["series"]
        value = state["tavern"][series].pop(0)
        player["tavern"][series] = value
        S.pay_coffee(state, seat, D.TAVERN_BAKSHEESH_COST)
        log.add("tavern", f"{who} pays {D.TAVERN_BAKSHEESH_COST} coffee and takes the {series} "
                f"({D.TAVERN_SERIES_NAMES[series]}) Tavern tile ({value}).", seat=seat)
        if all(s in player["tavern"] for s in D.TAVERN_SERIES) and state["tavern"]["rubies"]:
            S.give_ruby(state, seat, "tavern", log)
    elif place == D.COFFEE_HOUSE:
        price = S.coffee_price(state)
        S.pay_coffee(state, seat, price)
        log.add("coffee_house", f"{who} pays {price} coffee to the Coffee House.", seat=seat)
        S.give_ruby(state, seat, "coffee_house", log)
    elif place == D.CATACOMBS:
        if "coffee" in action:
            S.gain_coffee(state, seat, 1, log, " in the Catacombs")
        else:
            S.gain_goods(player, {action["good"]: 1})
            log.add("goods", f"{who} takes 1 {D.GOOD_NAMES[action['good']]} in the Catacombs.", seat=seat)
        # The merchant leaves for a place where it has no encounters, so this turn has none at all [design].
        for frame_ in state["steps"]:
            if frame_["step"] == "act":
                frame_["meet"] = None
        push(state, "catacombs", seat)


class ActStep(IStep):
    kind = "act"

    def text(self, game, state, frame, seat):
        name = D.place_name(frame["place"])
        if frame["done"]:
            return f"{name}: play a card to take the action again, or go on."
        who = {"family": "Your family member", "companion": "Your companion"}.get(frame["actor"], "You")
        return f"{who} at {name}: take the action or skip it."

    def place_choices(self, state, frame, seat):
        place = frame["place"]
        if not frame["done"]:
            return place_options(state, seat, place, frame["actor"])
        if frame["repeated"] or place not in D.REPEAT_CARD:
            return []
        out = []
        for kind, via in usable(state, seat, (D.REPEAT_CARD[place],)):
            for option in place_options(state, seat, place, frame["actor"]):
                out.append({**option, **card_fields(kind, via),
                            "label": f"{card_label(kind, via)}: {option['label'].lower()}"})
        return out

    def options(self, game, state, frame, seat):
        out = self.place_choices(state, frame, seat)
        if not frame["done"] and frame["place"] == D.SMALL_MARKET:
            for kind, via in usable(state, seat, ("any_market",)):
                for sale in sales(state["players"][seat]["goods"], None):
                    out.append({"type": "act", "sell": sale, **card_fields(kind, via),
                                "label": f"{card_label(kind, via)}: {sale_label(D.SMALL_MARKET, sale).lower()}"})
        out.append({"type": "continue" if frame["done"] else "skip",
                    "label": "Go on" if frame["done"] else "Skip the action"})
        return out + anytime_options(state, seat)

    def auto(self, game, state, frame):
        seat = frame["seat"]
        if frame["done"]:
            if not self.place_choices(state, frame, seat):
                return {"type": "continue"}
            return None
        if len(self.options(game, state, frame, seat)) == 1:
            return {"type": "skip"}
        return None

    def resolve(self, game, state, frame, seat, action, log):
        if resolve_anytime(state, seat, action, log):
            return
        if action["type"] in ("skip", "continue"):
            if action["type"] == "skip":
                log.add("skip", f"{seat_ref(seat)} takes no action at {D.place_name(frame['place'])}.", seat=seat)
            pop(state)
            if not frame["nested"]:
                push(state, "after", seat, meet=frame["meet"], met=[], caught=[])
            return
        if "card" in action:
            spend_card(state, seat, action, log)
            if action["card"] != "any_market":
                frame["repeated"] = True
        frame["done"] = True
        perform(state, seat, frame, action, log)


class FountainStep(IStep):
    kind = "fountain"
    undoable = True  # calling back assistants reveals and draws nothing

    def text(self, game, state, frame, seat):
        return "Fountain: call back assistants (click them), then finish."

    def options(self, game, state, frame, seat):
        player = state["players"][seat]
        out = [{"type": "recall", "from": p, "label": f"Call back the assistant from {D.place_name(p)}"}
               for p in S.own_assistants(player)]
        if state["expansion"] and player["companion"] != "supply":
            where = "the general supply" if player["companion"] is None else D.place_name(player["companion"])
            out.append({"type": "companion", "label": f"Take your companion from {where} into your supply"})
        out.append({"type": "done", "label": "Finish at the Fountain"})
        return out

    def auto(self, game, state, frame):
        if len(self.options(game, state, frame, frame["seat"])) == 1:
            return {"type": "done"}
        return None

    def resolve(self, game, state, frame, seat, action, log):
        player = state["players"][seat]
        if action["type"] == "recall":
            S.recall_assistant(player, action["from"])
            log.add("recall", f"{seat_ref(seat)} calls back the assistant from {D.place_name(action['from'])}.",
                    seat=seat)
        elif action["type"] == "companion":
            player["companion"] = "supply"
            log.add("companion", f"{seat_ref(seat)} takes the companion into their supply.", seat=seat)
        else:
            pop(state)


class CaravansaryStep(IStep):
    kind = "caravansary"

    def text(self, game, state, frame, seat):
        return f"Caravansary: take a bonus card ({frame['draws']} left) from the deck or the discard pile."

    def options(self, game, state, frame, seat):
        out = []
        if state["bonus"]["deck"] or state["bonus"]["discard"]:
            out.append({"type": "draw", "from": "deck", "label": "Draw from the deck"})
        if state["bonus"]["discard"]:
            kind = S.top_discard_kind(state)
            out.append({"type": "draw", "from": "discard", "label": f"Take {D.card_name(kind)} from the discard pile"})
        return out

    def auto(self, game, state, frame):
        if not self.options(game, state, frame, frame["seat"]):
            return {"type": "none"}
        return None

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "draw":
            if action["from"] == "deck":
                S.draw_cards(state, seat, 1, log)
            else:
                card = state["bonus"]["discard"].pop()
                state["players"][seat]["hand"].append(card)
                log.add("draw", f"{seat_ref(seat)} takes {D.card_name(D.CARD_KIND[card])} from the discard pile.",
                        seat=seat)
            frame["draws"] -= 1
            if frame["draws"] and self.options(game, state, frame, seat):
                return
        pop(state)
        if state["players"][seat]["hand"]:
            push(state, "discard", seat)


class DiscardStep(IStep):
    kind = "discard"

    def text(self, game, state, frame, seat):
        return "Caravansary: discard 1 bonus card."

    def options(self, game, state, frame, seat):
        return [{"type": "discard", "card": k, "label": f"Discard {D.card_name(k)}"}
                for k in one_card_kinds(state, seat)]

    def resolve(self, game, state, frame, seat, action, log):
        S.discard_card(state, seat, action["card"])
        log.add("discard", f"{seat_ref(seat)} discards {D.card_name(action['card'])}.", seat=seat)
        pop(state)


class DiceStep(IStep):
    kind = "dice"

    def text(self, game, state, frame, seat):
        return f"You rolled {frame['dice'][0]}+{frame['dice'][1]}: keep it, or use your fabric mosque tile."

    def options(self, game, state, frame, seat):
        out = [{"type": "keep", "label": f"Keep {sum(frame['dice'])}"}]
        for i, die in enumerate(frame["dice"]):
            if die != 4:
                out.append({"type": "four", "die": i, "label": f"Turn the {die} to a 4"})
        out.append({"type": "reroll", "label": "Roll both dice again (final)"})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        dice = list(frame["dice"])
        if action["type"] == "four":
            dice[action["die"]] = 4
            log.add("roll", f"{seat_ref(seat)} turns a die to 4: {dice[0]}+{dice[1]}.", seat=seat, dice=dice)
        elif action["type"] == "reroll":
            dice = S.roll(state, 2)
            log.add("roll", f"{seat_ref(seat)} rolls again: {dice[0]}+{dice[1]}.", seat=seat, dice=dice)
        pop(state)
        fields = {k: v for k, v in frame.items() if k == "number"}
        dice_result(state, seat, frame["place"], dice, fields, log)


class GuildDiscardStep(IStep):
    """Guild Hall: after drawing, discard guild cards face up until only one of the drawn ones is kept; like the
    Caravansary, the card put back may be any guild card in hand [design]."""

    kind = "guild_discard"

    def text(self, game, state, frame, seat):
        return "Guild Hall: discard 1 guild card face up."

    def options(self, game, state, frame, seat):
        return [{"type": "guild_discard", "card": c, "label": f"Discard the guild card of {D.place_name(c)}"}
                for c in sorted(state["players"][seat]["guild"])]

    def resolve(self, game, state, frame, seat, action, log):
        state["players"][seat]["guild"].remove(action["card"])
        state["guild"]["discard"].append(action["card"])
        log.add("guild", f"{seat_ref(seat)} discards the guild card of {D.place_name(action['card'])}.", seat=seat,
                card=action["card"])
        frame["count"] -= 1
        if not frame["count"]:
            pop(state)


class CatacombsStep(IStep):
    """Catacombs 25: the merchant with its assistants goes to any other place; no assistant step, no fee, no action,
    no encounters there [seed]; the move is not a walk, so nothing on the way matters [design]."""

    kind = "catacombs"

    def text(self, game, state, frame, seat):
        return "Catacombs: move your merchant to any place (click it)."

    def options(self, game, state, frame, seat):
        here = state["players"][seat]["merchant"]
        return [{"type": "move", "to": p, "label": f"Merchant to {D.place_name(p)}"}
                for p in state["layout"] if p not in (here, D.CATACOMBS)]

    def resolve(self, game, state, frame, seat, action, log):
        state["players"][seat]["merchant"] = action["to"]
        log.add("move", f"{seat_ref(seat)}'s merchant goes to {D.place_name(action['to'])} through the Catacombs.",
                seat=seat, to=action["to"], token="merchant")
        pop(state)


class GreenStep(IStep):
    kind = "green"
    undoable = True

    def text(self, game, state, frame, seat):
        return "Spice mosque tile: pay 2 lira for 1 extra good?"

    def options(self, game, state, frame, seat):
        return [{"type": "buy", "good": g, "label": f"Pay 2 lira for 1 {D.GOOD_NAMES[g]}"} for g in D.GOODS] + \
            [{"type": "no", "label": "No extra good"}]

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "buy":
            player = state["players"][seat]
            player["lira"] -= D.FEE
            S.gain_goods(player, {action["good"]: 1})
            log.add("goods", f"{seat_ref(seat)} pays 2 lira for 1 {D.GOOD_NAMES[action['good']]}.", seat=seat)
        pop(state)
