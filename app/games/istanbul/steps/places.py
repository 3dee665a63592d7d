"""Phase 3: every place's action, the sub-choices some of them ask (Fountain, Caravansary, dice with the fabric
mosque tile, the spice tile's extra good), and the cards that repeat an action (Sultan, Post Office, Gemstone
Dealer, Mosques, Secret Society).

The action frame `act` stays under its sub-steps with `done` set; when they are settled it offers the repeat
card if one applies, else the turn moves on to the encounters (`after`) at the place in `meet`.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from app.engine.kit import Log, seat_ref
from app.engine.steps import pop, push
from app.engine.text import Text, t

from .. import data as D
from .. import state as S
from .common import (IStep, anytime_options, card_fields, card_label, letter_payments, letters_words,
                     one_card_kinds, resolve_anytime, spend_card, usable)
from .letters import open_auction, open_kiosk, secret_society, society_bonus


def place_options(state: dict, seat: int, place: int, actor: str, lower: bool = False) -> list[dict[str, Any]]:
    """Every way `seat` can carry out the action of `place` now (empty: it cannot). `lower`: the labels as a repeat
    card writes them after its name, in lower case ("Post Office twice: take 1 fabric, 1 fruit and 2 lira"); only
    the places a card repeats have them."""
    player = state["players"][seat]
    name = D.PLACE_NAMES[place]
    goods = player["goods"]
    if place == D.WAINWRIGHT:
        if player["capacity"] < D.MAX_CAPACITY and player["lira"] >= D.WAINWRIGHT_PRICE:
            if S.extension_gives_ruby(state, seat):
                return [{"type": "act", "label": t("Pay 7 lira for your 3rd wheelbarrow extension and the "
                                                   "Wainwright's ruby")}]
            return [{"type": "act", "label": t("Pay 7 lira for a wheelbarrow extension")}]
        return []
    if place in D.WAREHOUSE_GOOD:
        fill = {D.FABRIC: t("Fill your fabric"), D.SPICE: t("Fill your spice"), D.FRUIT: t("Fill your fruit")}
        return [{"type": "act", "label": fill[place]}]
    if place == D.POST_OFFICE:
        goods_, lira = D.POST_OFFICE_REWARDS[state["post_office"]]
        if lower:
            return [{"type": "act", "label": t("take {goods} and {lira}", goods=D.goods_words(goods_),
                                               lira=D.lira(lira))}]
        return [{"type": "act", "label": t("Take {goods} and {lira}", goods=D.goods_words(goods_), lira=D.lira(lira))}]
    if place in (D.CARAVANSARY, D.FOUNTAIN, D.EMBASSY, D.KIOSK):
        labels = {D.CARAVANSARY: t("Take 2 bonus cards, then discard 1"), D.FOUNTAIN: t("Call back your assistants"),
                  D.EMBASSY: t("Take 2 letters"), D.KIOSK: t("Take 1 letter and open the kiosk")}
        return [{"type": "act", "label": labels[place]}]
    if place == D.BLACK_MARKET:
        return [{"type": "act", "good": g, "label": t("Take {good}, then roll for jewelry", good=D.good_count(g, 1))}
                for g in ("red", "green", "yellow")]
    if place == D.TEA_HOUSE:
        return [{"type": "act", "number": k, "label": t("Call {number} and roll", number=k)}
                for k in range(D.TEA_HOUSE_LOW, D.TEA_HOUSE_HIGH + 1)]
    if place in (D.LARGE_MARKET, D.SMALL_MARKET):
        demand = D.DEMAND_TILES[place][state["demand"][str(place)][0]]
        return [{"type": "act", "sell": sale, "label": sale_label(place, sale, lower)} for sale in sales(goods, demand)]
    if place == D.POLICE:
        if player["family"] != D.POLICE or actor == "family":
            return []
        return [{"type": "act", "to": p, "label": t("Send your family member to {place}", place=D.place_name(p))}
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
            label = (t("deliver {goods} for a ruby", goods=D.goods_words(cost)) if lower
                     else t("Deliver {goods} for a ruby", goods=D.goods_words(cost)))
            out.append({"type": "act", "any": extra, "label": label})
        return out
    if place in (D.SMALL_MOSQUE, D.GREAT_MOSQUE):
        colours = D.SMALL_MOSQUE_COLOURS if place == D.SMALL_MOSQUE else D.GREAT_MOSQUE_COLOURS
        out = []
        for colour in colours:
            pile = state["mosques"][colour]
            if pile and colour not in player["mosque"] and goods[colour] >= pile[0]:
                args = {"good": D.GOOD_NAMES[colour], "value": pile[0], "payment": D.good_count(colour, 1)}
                label = (t("take the {good} tile ({value}), paying {payment}", **args) if lower
                         else t("Take the {good} tile ({value}), paying {payment}", **args))
                out.append({"type": "act", "colour": colour, "label": label})
        return out
    if place == D.GEM_DEALER:
        if S.gem_available(state) and player["lira"] >= S.gem_price(state):
            price = D.lira(S.gem_price(state))
            return [{"type": "act", "label": t("pay {lira} for a ruby", lira=price) if lower
                     else t("Pay {lira} for a ruby", lira=price)}]
        return []
    if place == D.AUCTION:
        return [{"type": "act", "good": g,
                 "label": t("Take {good}, then auction 2 bonus cards", good=D.good_count(g, 1))}
                for g in D.GOODS]
    if place == D.SECRET_SOCIETY:
        out = []
        for ids in letter_payments(player["letters"], D.SEALS_SOCIETY):
            for source in S.ruby_tracks(state):
                if state[source]["rubies"]:
                    letters = letters_words(state, seat, ids)
                    label = (t("hand in {letters}: a ruby from the {track}", letters=letters,
                               track=S.TRACK_NAMES_LOWER[source]) if lower
                             else t("Hand in {letters}: a ruby from the {track}", letters=letters,
                                    track=S.TRACK_NAMES[source]))
                    bonus = society_bonus(state, seat)
                    if bonus:
                        label = t("{action}, and {lira} from the Secret Society", action=label, lira=D.lira(bonus))
                    out.append({"type": "act", "letters": ids, "source": source, "label": label})
        return out
    if place in (D.ROASTING_PLANT, D.GUILD_HALL):
        if place == D.ROASTING_PLANT:
            return [{"type": "act", "label": t("Take {coffee}", coffee=D.coffee(D.ROASTING_COFFEE))}]
        return [{"type": "act", "label": t("Draw 2 guild cards, then discard 1")}]
    if place == D.TAVERN:
        return tavern_options(state, seat)
    if place == D.COFFEE_HOUSE:
        price = S.coffee_price(state)
        if state["coffee_house"]["rubies"] and player["coffee"] >= price:
            return [{"type": "act", "label": t("Pay {coffee} for a ruby", coffee=D.coffee(price))}]
        return []
    if place == D.CATACOMBS:
        return [{"type": "act", "good": g, "label": t("Take {what}, then move your merchant anywhere",
                                                      what=D.good_count(g, 1))}
                for g in D.GOODS] + \
            [{"type": "act", "coffee": 1, "label": t("Take {what}, then move your merchant anywhere",
                                                     what=D.coffee(1))}]
    raise ValueError(f"{name}: no such place")


def tavern_options(state: dict, seat: int) -> list[dict[str, Any]]:
    """The Tavern's three uses of coffee [play reports]: a Tavern tile, the barrier, a ruby through the Baksheesh
    tile. Their prices are ours (data.py)."""
    player = state["players"][seat]
    coffee = player["coffee"]
    out: list[dict[str, Any]] = []
    for series in D.TAVERN_SERIES:
        pile = state["tavern"][series]
        if pile and series not in player["tavern"] and coffee >= max(pile[0], D.TAVERN_TILE_COST):
            out.append({"type": "act", "series": series,
                        "label": t("Take the {series} ({name}) Tavern tile ({value}), paying {coffee}",
                                   series=series, name=D.TAVERN_SERIES_NAMES[series], value=pile[0],
                                   coffee=D.coffee(D.TAVERN_TILE_COST))})
    tavern = state["tavern"]
    if tavern["rubies"] and seat not in tavern["baksheesh"] and coffee >= D.BAKSHEESH_COFFEE:
        out.append({"type": "act", "baksheesh": True,
                    "label": t("Baksheesh: pay {coffee} for a ruby", coffee=D.coffee(D.BAKSHEESH_COFFEE))})
    if coffee >= D.BARRIER_COFFEE:
        barrier = state["barrier"]["place"]
        # "to": the place chosen on the board, as the Police Station's destination is
        out += [{"type": "act", "barrier": True, "to": p,
                 "label": t("Pay {coffee} to put the barrier on {place}: other players' merchants cannot cross it",
                            coffee=D.coffee(D.BARRIER_COFFEE), place=D.place_name(p))}
                for p in state["layout"] if p not in (D.FOUNTAIN, barrier)]
    return out


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


def sale_label(place: int, sale: dict[str, int], lower: bool = False) -> Text:
    lira = D.lira(D.MARKET_PRICES[place][sum(sale.values())])
    if lower:
        return t("sell {goods} for {lira}", goods=D.goods_words(sale), lira=lira)
    return t("Sell {goods} for {lira}", goods=D.goods_words(sale), lira=lira)


def roll_at(state: dict, seat: int, place: int, frame_fields: dict, log: Log, tiles: bool = True) -> None:
    """Roll 2 dice for the Black Market or Tea House; with the fabric mosque tile the player may adjust first
    (`tiles` False: not through a guild card, which is not at the place)."""
    dice = S.roll(state, 2)
    log.add("roll", t("{player} rolls {die1}+{die2}.", player=seat_ref(seat), die1=dice[0], die2=dice[1]), seat=seat,
            dice=dice)
    if tiles and "red" in state["players"][seat]["mosque"]:
        push(state, "dice", seat, place=place, dice=dice, **frame_fields)
    else:
        dice_result(state, seat, place, dice, frame_fields, log)


def dice_result(state: dict, seat: int, place: int, dice: list[int], fields: dict, log: Log) -> None:
    player = state["players"][seat]
    total = sum(dice)
    if place == D.BLACK_MARKET:
        jewelry = D.black_market_jewelry(total)
        got = S.gain_goods(player, {"blue": jewelry}) if jewelry else {}
        log.add("goods", t("{player} gets {jewelry} (sum {total}).", player=seat_ref(seat),
                           jewelry=D.good_count("blue", got.get("blue", 0)), total=total), seat=seat)
    else:
        gain = fields["number"] if total >= fields["number"] else D.TEA_HOUSE_CONSOLATION
        player["lira"] += gain
        log.add("lira", t("{player} called {number}, rolled {total} and takes {lira}.", player=seat_ref(seat),
                          number=fields["number"], total=total, lira=D.lira(gain)), seat=seat)


def perform(state: dict, seat: int, frame: dict, action: dict, log: Log) -> None:
    """Carry out the place action `action` (one of place_options)."""
    place = frame["place"]
    player = state["players"][seat]
    who = seat_ref(seat)
    # A guild card does the action away from the place: mosque tiles tied to a place do not apply [Big Box rulebook].
    tiles = frame["actor"] != "guild"
    if place == D.WAINWRIGHT:
        player["lira"] -= D.WAINWRIGHT_PRICE
        S.extend_wheelbarrow(state, seat, log)
    elif place in D.WAREHOUSE_GOOD:
        good = D.WAREHOUSE_GOOD[place]
        got = S.gain_goods(player, {good: player["capacity"]})
        log.add("goods", t("{player} fills up with {goods}.", player=who, goods=D.good_count(good, got.get(good, 0))),
                seat=seat)
        if tiles and "green" in player["mosque"] and player["lira"] >= D.FEE:
            push(state, "green", seat)
    elif place == D.POST_OFFICE:
        goods, lira = D.POST_OFFICE_REWARDS[state["post_office"]]
        S.gain_goods(player, goods)
        player["lira"] += lira
        state["post_office"] = (state["post_office"] + 1) % len(D.POST_OFFICE_REWARDS)
        log.add("goods", t("{player} takes {goods} and {lira} at the Post Office.", player=who,
                           goods=D.goods_words(goods), lira=D.lira(lira)), seat=seat)
    elif place == D.CARAVANSARY:
        if state["grand_bazaar"]:
            # [design] The new Caravansary's coffee; taken before the cards, which changes nothing.
            S.gain_coffee(state, seat, D.CARAVANSARY_COFFEE, log, D.CARAVANSARY)
        push(state, "caravansary", seat, draws=2)
    elif place == D.FOUNTAIN:
        push(state, "fountain", seat)
    elif place == D.BLACK_MARKET:
        S.gain_goods(player, {action["good"]: 1})
        log.add("goods", t("{player} takes {what}.", player=who, what=D.good_count(action["good"], 1)), seat=seat)
        roll_at(state, seat, place, {}, log, tiles)
    elif place == D.TEA_HOUSE:
        log.add("call", t("{player} calls {number}.", player=who, number=action["number"]), seat=seat)
        roll_at(state, seat, place, {"number": action["number"]}, log, tiles)
    elif place in (D.LARGE_MARKET, D.SMALL_MARKET):
        sale = action["sell"]
        S.pay_goods(player, sale)
        lira = D.MARKET_PRICES[place][sum(sale.values())]
        player["lira"] += lira
        log.add("sell", t("{player} sells {goods} for {lira}.", player=who, goods=D.goods_words(sale),
                          lira=D.lira(lira)), seat=seat)
        if action.get("card") != "any_market":
            stack = state["demand"][str(place)]
            stack.append(stack.pop(0))
            turned = S.known(state)["demand_turned"]
            turned[str(place)] = turned.get(str(place), 0) + 1
    elif place == D.POLICE:
        player["family"] = action["to"]
        log.add("family", t("{player}'s family member goes to {place}.", player=who, place=D.place_name(action["to"])),
                seat=seat, to=action["to"])
        push(state, "act", seat, place=action["to"], actor="family", meet=None, done=False, repeated=False,
             nested=True)
    elif place == D.SULTAN:
        fixed, _ = S.sultan_cost(state)
        cost = {g: fixed[g] + action["any"].get(g, 0) for g in D.GOODS}
        S.pay_goods(player, cost)
        log.add("sultan", t("{player} delivers {goods} to the Sultan.", player=who, goods=D.goods_words(cost)),
                seat=seat)
        S.give_ruby(state, seat, "sultan", log)
    elif place in (D.SMALL_MOSQUE, D.GREAT_MOSQUE):
        colour = action["colour"]
        value = state["mosques"][colour].pop(0)
        player["mosque"][colour] = value
        S.pay_goods(player, {colour: 1})
        log.add("mosque", t("{player} takes the {good} mosque tile ({value}).", player=who, good=D.GOOD_NAMES[colour],
                            value=value), seat=seat)
        if colour == "blue":
            player["spare"] = False
            player["stack"] += 1
            log.add("assistant", t("{player}'s fifth assistant joins the merchant.", player=who), seat=seat)
        pair = D.SMALL_MOSQUE_COLOURS if place == D.SMALL_MOSQUE else D.GREAT_MOSQUE_COLOURS
        if all(c in player["mosque"] for c in pair) and state["mosque_rubies"][str(place)]:
            S.give_ruby(state, seat, str(place), log)
    elif place == D.GEM_DEALER:
        price = S.gem_price(state)
        player["lira"] -= price
        log.add("gem", t("{player} pays {lira} to the Gemstone Dealer.", player=who, lira=D.lira(price)), seat=seat)
        S.give_ruby(state, seat, "gem", log)
    elif place == D.EMBASSY:
        S.draw_letter(state, seat, log)
        S.draw_letter(state, seat, log)
    elif place == D.KIOSK:
        S.draw_letter(state, seat, log)
        open_kiosk(state, seat, log)
    elif place == D.AUCTION:
        S.gain_goods(player, {action["good"]: 1})
        log.add("goods", t("{player} takes {what}.", player=who, what=D.good_count(action["good"], 1)), seat=seat)
        open_auction(state, seat, log)
    elif place == D.SECRET_SOCIETY:
        secret_society(state, seat, action, log)
    elif place == D.ROASTING_PLANT:
        S.gain_coffee(state, seat, D.ROASTING_COFFEE, log, D.ROASTING_PLANT)
    elif place == D.GUILD_HALL:
        drawn = S.draw_guild(state, seat, D.GUILD_DRAW, log)
        if len(drawn) > D.GUILD_KEEP:
            push(state, "guild_discard", seat, count=len(drawn) - D.GUILD_KEEP)
    elif place == D.TAVERN:
        tavern(state, seat, action, log)
    elif place == D.COFFEE_HOUSE:
        price = S.coffee_price(state)
        S.pay_coffee(state, seat, price)
        log.add("coffee_house", t("{player} pays {coffee} to the Coffee House.", player=who, coffee=D.coffee(price)),
                seat=seat)
        S.give_ruby(state, seat, "coffee_house", log)
    elif place == D.CATACOMBS:
        if "coffee" in action:
            S.gain_coffee(state, seat, 1, log, D.CATACOMBS)
        else:
            S.gain_goods(player, {action["good"]: 1})
            log.add("goods", t("{player} takes {what} in the Catacombs.", player=who,
                               what=D.good_count(action["good"], 1)), seat=seat)
        # The merchant leaves for a place where it has no encounters, so this turn has none at all [design].
        for frame_ in state["steps"]:
            if frame_["step"] == "act":
                frame_["meet"] = None
        push(state, "catacombs", seat)


def tavern(state: dict, seat: int, action: dict, log: Log) -> None:
    player = state["players"][seat]
    who = seat_ref(seat)
    if "series" in action:
        series = action["series"]
        value = state["tavern"][series].pop(0)
        player["tavern"][series] = value
        S.pay_coffee(state, seat, D.TAVERN_TILE_COST)
        log.add("tavern", t("{player} pays {coffee} and takes the {series} ({name}) Tavern tile ({value}).", player=who,
                            coffee=D.coffee(D.TAVERN_TILE_COST), series=series,
                            name=D.TAVERN_SERIES_NAMES[series], value=value), seat=seat)
    elif "baksheesh" in action:
        S.pay_coffee(state, seat, D.BAKSHEESH_COFFEE)
        state["tavern"]["baksheesh"].append(seat)
        log.add("tavern", t("{player} pays {coffee} through the Baksheesh tile.", player=who,
                            coffee=D.coffee(D.BAKSHEESH_COFFEE)), seat=seat)
        S.give_ruby(state, seat, "tavern", log)
    else:
        S.pay_coffee(state, seat, D.BARRIER_COFFEE)
        state["barrier"] = {"place": action["to"], "owner": seat}
        log.add("barrier", t("{player} pays {coffee} and puts the barrier on {place}.", player=who,
                             coffee=D.coffee(D.BARRIER_COFFEE), place=D.place_name(action["to"])),
                seat=seat, to=action["to"])


class ActStep(IStep):
    kind = "act"

    def text(self, game, state, frame, seat):
        name = D.place_name(frame["place"])
        if frame["done"]:
            return t("{place}: play a card to take the action again, or go on.", place=name)
        if frame["actor"] == "family":
            return t("Your family member at {place}: take the action or skip it.", place=name)
        if frame["actor"] == "companion":
            return t("Your companion at {place}: take the action or skip it.", place=name)
        return t("You at {place}: take the action or skip it.", place=name)

    def place_choices(self, state, frame, seat):
        place = frame["place"]
        if not frame["done"]:
            return place_options(state, seat, place, frame["actor"])
        if frame["repeated"] or place not in D.REPEAT_CARD:
            return []
        out = []
        for kind, via in usable(state, seat, (D.REPEAT_CARD[place],)):
            for option in place_options(state, seat, place, frame["actor"], lower=True):
                out.append({**option, **card_fields(kind, via),
                            "label": t("{card}: {action}", card=card_label(kind, via), action=option["label"])})
        return out

    def options(self, game, state, frame, seat):
        out = self.place_choices(state, frame, seat)
        if not frame["done"] and frame["place"] == D.SMALL_MARKET:
            for kind, via in usable(state, seat, ("any_market",)):
                for sale in sales(state["players"][seat]["goods"], None):
                    out.append({"type": "act", "sell": sale, **card_fields(kind, via),
                                "label": t("{card}: {action}", card=card_label(kind, via),
                                           action=sale_label(D.SMALL_MARKET, sale, lower=True))})
        out.append({"type": "continue" if frame["done"] else "skip",
                    "label": t("Go on") if frame["done"] else t("Skip the action")})
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
                log.add("skip", t("{player} takes no action at {place}.", player=seat_ref(seat),
                                  place=D.place_name(frame["place"])), seat=seat)
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
        return t("Fountain: call back any of your assistants, then finish.")

    def options(self, game, state, frame, seat):
        player = state["players"][seat]
        out = [{"type": "recall", "from": p, "label": t("Call back the assistant from {place}", place=D.place_name(p))}
               for p in S.own_assistants(player)]
        if state["expansion"] and player["companion"] != "supply":
            if player["companion"] is None:
                label = t("Take your companion from the general supply into your supply")
            else:
                label = t("Take your companion from {place} into your supply", place=D.place_name(player["companion"]))
            out.append({"type": "companion", "label": label})
        out.append({"type": "done", "label": t("Finish at the Fountain")})
        return out

    def auto(self, game, state, frame):
        if len(self.options(game, state, frame, frame["seat"])) == 1:
            return {"type": "done"}
        return None

    def resolve(self, game, state, frame, seat, action, log):
        player = state["players"][seat]
        if action["type"] == "recall":
            S.recall_assistant(player, action["from"])
            log.add("recall", t("{player} calls back the assistant from {place}.", player=seat_ref(seat),
                                place=D.place_name(action["from"])), seat=seat)
        elif action["type"] == "companion":
            player["companion"] = "supply"
            log.add("companion", t("{player} takes the companion into their supply.", player=seat_ref(seat)), seat=seat)
        else:
            pop(state)


class CaravansaryStep(IStep):
    kind = "caravansary"

    def text(self, game, state, frame, seat):
        return t("Caravansary: take a bonus card ({left} left) from the deck or the discard pile.", left=frame["draws"])

    def options(self, game, state, frame, seat):
        out = []
        if state["bonus"]["deck"] or state["bonus"]["discard"]:
            out.append({"type": "draw", "from": "deck", "label": t("Draw from the deck")})
        if state["bonus"]["discard"]:
            kind = S.top_discard_kind(state)
            out.append({"type": "draw", "from": "discard",
                        "label": t("Take {card} from the discard pile", card=D.card_name(kind))})
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
                S.known(state)["hands"].setdefault(str(seat), []).append(card)
                log.add("draw", t("{player} takes {card} from the discard pile.", player=seat_ref(seat),
                                  card=D.card_name(D.CARD_KIND[card])), seat=seat)
            frame["draws"] -= 1
            if frame["draws"] and self.options(game, state, frame, seat):
                return
        pop(state)
        if state["players"][seat]["hand"]:
            push(state, "discard", seat)


class DiscardStep(IStep):
    kind = "discard"

    def text(self, game, state, frame, seat):
        return t("Caravansary: discard 1 bonus card.")

    def options(self, game, state, frame, seat):
        return [{"type": "discard", "card": k, "label": t("Discard {card}", card=D.card_name(k))}
                for k in one_card_kinds(state, seat)]

    def resolve(self, game, state, frame, seat, action, log):
        S.discard_card(state, seat, action["card"])
        log.add("discard", t("{player} discards {card}.", player=seat_ref(seat), card=D.card_name(action["card"])),
                seat=seat)
        pop(state)


class DiceStep(IStep):
    kind = "dice"

    def text(self, game, state, frame, seat):
        return t("You rolled {die1}+{die2}: keep it, or use your fabric mosque tile.", die1=frame["dice"][0],
                 die2=frame["dice"][1])

    def options(self, game, state, frame, seat):
        out = [{"type": "keep", "label": t("Keep {total}", total=sum(frame["dice"]))}]
        for i, die in enumerate(frame["dice"]):
            if die != 4:
                out.append({"type": "four", "die": i, "label": t("Turn the {die} to a 4", die=die)})
        out.append({"type": "reroll", "label": t("Roll both dice again (final)")})
        return out

    def resolve(self, game, state, frame, seat, action, log):
        dice = list(frame["dice"])
        if action["type"] == "four":
            dice[action["die"]] = 4
            log.add("roll", t("{player} turns a die to 4: {die1}+{die2}.", player=seat_ref(seat), die1=dice[0],
                              die2=dice[1]), seat=seat, dice=dice)
        elif action["type"] == "reroll":
            dice = S.roll(state, 2)
            log.add("roll", t("{player} rolls again: {die1}+{die2}.", player=seat_ref(seat), die1=dice[0],
                              die2=dice[1]), seat=seat, dice=dice)
        pop(state)
        fields = {k: v for k, v in frame.items() if k == "number"}
        dice_result(state, seat, frame["place"], dice, fields, log)


class GuildDiscardStep(IStep):
    """Guild Hall: after drawing, discard guild cards face up until only one of the drawn ones is kept; like the
    Caravansary, the card put back may be any guild card in hand [design]."""

    kind = "guild_discard"

    def text(self, game, state, frame, seat):
        return t("Guild Hall: discard 1 guild card face up.")

    def options(self, game, state, frame, seat):
        return [{"type": "guild_discard", "card": c,
                 "label": t("Discard the guild card of {place}", place=D.place_name(c))}
                for c in sorted(state["players"][seat]["guild"])]

    def resolve(self, game, state, frame, seat, action, log):
        state["players"][seat]["guild"].remove(action["card"])
        state["guild"]["discard"].append(action["card"])
        log.add("guild", t("{player} discards the guild card of {place}.", player=seat_ref(seat),
                           place=D.place_name(action["card"])), seat=seat, card=action["card"])
        frame["count"] -= 1
        if not frame["count"]:
            pop(state)


class CatacombsStep(IStep):
    """Catacombs 25: the merchant with its assistants goes to any other place; no assistant step, no fee, no action,
    no encounters there [seed]; the move is not a walk, so nothing on the way matters [design]."""

    kind = "catacombs"

    def text(self, game, state, frame, seat):
        return t("Catacombs: choose any place for your merchant.")

    def options(self, game, state, frame, seat):
        here = state["players"][seat]["merchant"]
        return [{"type": "move", "to": p, "label": t("Merchant to {place}", place=D.place_name(p))}
                for p in state["layout"] if p not in (here, D.CATACOMBS)]

    def resolve(self, game, state, frame, seat, action, log):
        state["players"][seat]["merchant"] = action["to"]
        log.add("move", t("{player}'s merchant goes to {place} through the Catacombs.", player=seat_ref(seat),
                          place=D.place_name(action["to"])), seat=seat, to=action["to"], token="merchant")
        pop(state)


class GreenStep(IStep):
    kind = "green"
    undoable = True

    def text(self, game, state, frame, seat):
        return t("Spice mosque tile: pay 2 lira for 1 extra good?")

    def undoable_choice(self, game, state, frame, seat, action):
        return action["type"] in ("buy", "no")  # a card played here may draw or roll

    def options(self, game, state, frame, seat):
        return [{"type": "buy", "good": g, "label": t("Pay 2 lira for {good}", good=D.good_count(g, 1))}
                for g in D.GOODS] + [{"type": "no", "label": t("No extra good")}] + \
            anytime_options(state, seat, D.MIDSTEP_KINDS)

    def resolve(self, game, state, frame, seat, action, log):
        if resolve_anytime(state, seat, action, log):
            return
        if action["type"] == "buy":
            player = state["players"][seat]
            player["lira"] -= D.FEE
            S.gain_goods(player, {action["good"]: 1})
            log.add("goods", t("{player} pays 2 lira for {good}.", player=seat_ref(seat),
                               good=D.good_count(action["good"], 1)), seat=seat)
        pop(state)
