"""Letters & Seals places that involve letters or other players: the Kiosk (every player in turn uses one revealed
tile, the active player also the last one), the Auction House (one bid each in clockwise order, a final bid by the
auctioneer) and the Secret Society (letters worth 6 seals for a free ruby)."""

from __future__ import annotations

from app.engine.kit import Log, Pile, plural, seat_ref, seats_from
from app.engine.rng import Rng
from app.engine.steps import pop, push

from .. import data as D
from .. import state as S
from .common import IStep, letters_words, one_card_kinds, one_letter_options


def open_kiosk(state: dict, seat: int, log: Log) -> None:
    kiosk = state["kiosk"]
    pile = Pile(Rng(state), kiosk["deck"], kiosk["discard"], "on_draw")
    tiles = pile.draw(state["n"] + 1)
    if pile.reshuffles:
        log.add("reshuffle", "The used kiosk tiles are shuffled into new stacks.")
    kiosk["revealed"] = tiles
    log.add("kiosk", f"The Kiosk shows tiles {', '.join(str(t) for t in tiles)}.", tiles=tiles)
    order = seats_from(seat, state["n"]) + [seat]
    push(state, "kiosk", seat, order=order, at=0, used=[])


def kiosk_options(state: dict, seat: int, tile: int) -> list[dict]:
    player = state["players"][seat]
    base = {"type": "kiosk", "tile": tile}
    text = D.KIOSK_TILES[tile]
    out = [{**base, "choice": "decline", "label": f"Tile {tile}: turn it over unused"}]
    goods = player["goods"]
    bazaar = state["grand_bazaar"]
    if tile in D.KIOSK_SIMPLE or tile in (11, 15):
        if bazaar and tile in (12, 13):
            lira = D.KIOSK_SIMPLE[tile][1]
            out += [{**base, "choice": "take", "label": f"Tile {tile}: take {lira} lira"},
                    {**base, "choice": "take", "coffee": 1, "label": f"Tile {tile}: take 1 coffee"}]
        else:
            out.append({**base, "choice": "take", "label": f"Tile {tile}: {text}"})
    elif tile == 14:
        if player["companion"] != "supply":
            out.append({**base, "choice": "take", "label": f"Tile {tile}: {text}"})
    elif tile in (16, 17):
        can = player["lira"] >= D.KIOSK_EXTENSION_LIRA if tile == 16 else all(goods[g] for g in D.GOODS)
        if can and player["capacity"] < D.MAX_CAPACITY:
            out.append({**base, "choice": "take", "label": f"Tile {tile}: {text}"})
    elif tile == 18:
        if player["merchant"] != D.FOUNTAIN:
            out.append({**base, "choice": "take", "label": f"Tile {tile}: {text}"})
    else:
        letters = one_letter_options(state, seat)
        if tile == 19:
            out += [{**base, "choice": "buy", "good": g, "label": f"Tile 19: pay 1 {D.GOOD_NAMES[g]} for a letter"}
                    for g in D.GOODS if goods[g]]
            out += [{**base, "choice": "sell", "letter": l["id"], "good": g,
                     "label": f"Tile 19: hand in {letters_words(state, seat, [l['id']])} for 1 {D.GOOD_NAMES[g]}"}
                    for l in letters for g in D.GOODS]
            if bazaar:
                if player["coffee"]:
                    out.append({**base, "choice": "buy", "coffee": 1, "label": "Tile 19: pay 1 coffee for a letter"})
                out += [{**base, "choice": "sell", "letter": l["id"], "coffee": 1,
                         "label": f"Tile 19: hand in {letters_words(state, seat, [l['id']])} for 1 coffee"}
                        for l in letters]
        elif tile == 20:
            out += [{**base, "choice": "buy", "card": k, "label": f"Tile 20: discard {D.card_name(k)} for a letter"}
                    for k in one_card_kinds(state, seat)]
            out += [{**base, "choice": "sell", "letter": l["id"],
                     "label": f"Tile 20: hand in {letters_words(state, seat, [l['id']])} for a bonus card"}
                    for l in letters]
        elif tile == 21:
            if player["lira"] >= 2:
                out.append({**base, "choice": "buy", "label": "Tile 21: pay 2 lira for a letter"})
            out += [{**base, "choice": "sell", "letter": l["id"],
                     "label": f"Tile 21: hand in {letters_words(state, seat, [l['id']])} for 3 lira"}
                    for l in letters]
        elif tile == 22:
            if player["lira"] >= 2:
                out += [{**base, "choice": "buy", "good": g, "label": f"Tile 22: pay 2 lira for 1 {D.GOOD_NAMES[g]}"}
                        for g in D.GOODS]
            out += [{**base, "choice": "sell", "good": g, "label": f"Tile 22: pay 1 {D.GOOD_NAMES[g]} for 3 lira"}
                    for g in D.GOODS if goods[g]]
            if bazaar:
                if player["lira"] >= 2:
                    out.append({**base, "choice": "buy", "coffee": 1, "label": "Tile 22: pay 2 lira for 1 coffee"})
                if player["coffee"]:
                    out.append({**base, "choice": "sell", "coffee": 1, "label": "Tile 22: pay 1 coffee for 3 lira"})
        elif tile == 23:
            if player["lira"] >= 2:
                out.append({**base, "choice": "buy", "label": "Tile 23: pay 2 lira for a bonus card"})
            out += [{**base, "choice": "sell", "card": k, "label": f"Tile 23: discard {D.card_name(k)} for 3 lira"}
                    for k in one_card_kinds(state, seat)]
    return out


def use_kiosk_tile(state: dict, seat: int, action: dict, log: Log) -> None:
    player = state["players"][seat]
    tile, choice = action["tile"], action["choice"]
    who = seat_ref(seat)
    if choice == "decline":
        log.add("kiosk", f"{who} turns kiosk tile {tile} over unused.", seat=seat)
        return
    log.add("kiosk", f"{who} uses kiosk tile {tile}.", seat=seat, tile=tile)
    if "coffee" in action:
        coffee_kiosk_trade(state, seat, action, log)
    elif tile in D.KIOSK_SIMPLE:
        goods, lira = D.KIOSK_SIMPLE[tile]
        got = S.gain_goods(player, goods)
        player["lira"] += lira
        gains = [D.goods_words(got)] if got else []
        gains += [f"{lira} lira"] if lira else []
        log.add("goods", f"{who} takes {' and '.join(gains) or 'nothing (the wheelbarrow is full)'}.", seat=seat)
    elif tile == 11:
        player["lira"] += 2
        S.draw_cards(state, seat, 1, log)
    elif tile == 14:
        player["companion"] = "supply"
        log.add("companion", f"{who} takes the companion into their supply.", seat=seat)
    elif tile == 15:
        die = S.roll(state, 1)[0]
        player["lira"] += die
        log.add("roll", f"{who} rolls {die} and takes {die} lira.", seat=seat, dice=[die])
    elif tile == 16:
        player["lira"] -= D.KIOSK_EXTENSION_LIRA
        S.extend_wheelbarrow(state, seat, log)
    elif tile == 17:
        S.pay_goods(player, {g: 1 for g in D.GOODS})
        S.extend_wheelbarrow(state, seat, log)
    elif tile == 18:
        player["merchant"] = D.FOUNTAIN
        log.add("move", f"{who}'s merchant goes to the Fountain 7.", seat=seat, to=D.FOUNTAIN, token="merchant")
    elif choice == "buy":
        log.add("kiosk", f"{who} " + {19: f"pays 1 {D.GOOD_NAMES.get(action.get('good'), '')} for a letter.",
                                      20: f"discards {D.card_name(action['card']) if 'card' in action else ''} for a letter.",
                                      21: "pays 2 lira for a letter.",
                                      22: f"pays 2 lira for 1 {D.GOOD_NAMES.get(action.get('good'), '')}.",
                                      23: "pays 2 lira for a bonus card."}[tile], seat=seat)
        if tile == 19:
            S.pay_goods(player, {action["good"]: 1})
        elif tile == 20:
            S.discard_card(state, seat, action["card"])
        elif tile in (21, 22, 23):
            player["lira"] -= 2
        if tile == 22:
            S.gain_goods(player, {action["good"]: 1})
        elif tile == 23:
            S.draw_cards(state, seat, 1, log)
        else:
            S.draw_letter(state, seat, log)
    else:  # sell
        given = letters_words(state, seat, [action["letter"]]) if "letter" in action else ""
        log.add("kiosk", f"{who} " + {19: f"hands in a {given} for 1 {D.GOOD_NAMES.get(action.get('good'), '')}.",
                                      20: f"hands in a {given} for a bonus card.",
                                      21: f"hands in a {given} for 3 lira.",
                                      22: f"pays 1 {D.GOOD_NAMES.get(action.get('good'), '')} for 3 lira.",
                                      23: f"discards {D.card_name(action['card']) if 'card' in action else ''} for 3 lira."}[tile],
                seat=seat)
        if tile in (19, 20, 21):
            S.discard_letters(state, seat, [action["letter"]])
        elif tile == 22:
            S.pay_goods(player, {action["good"]: 1})
        elif tile == 23:
            S.discard_card(state, seat, action["card"])
        if tile == 19:
            S.gain_goods(player, {action["good"]: 1})
        elif tile == 20:
            S.draw_cards(state, seat, 1, log)
        else:
            player["lira"] += 3


def coffee_kiosk_trade(state: dict, seat: int, action: dict, log: Log) -> None:
    """Grand Bazaar: the coffee side of kiosk tiles 12, 13, 19 and 22 [seed]."""
    player = state["players"][seat]
    tile, choice = action["tile"], action["choice"]
    if tile in (12, 13):
        S.gain_coffee(state, seat, 1, log)
    elif tile == 19 and choice == "buy":
        S.pay_coffee(state, seat, 1)
        log.add("kiosk", f"{seat_ref(seat)} pays 1 coffee for a letter.", seat=seat)
        S.draw_letter(state, seat, log)
    elif tile == 19:
        log.add("kiosk", f"{seat_ref(seat)} hands in a {letters_words(state, seat, [action['letter']])} for 1 coffee.",
                seat=seat)
        S.discard_letters(state, seat, [action["letter"]])
        S.gain_coffee(state, seat, 1, log)
    elif choice == "buy":
        player["lira"] -= 2
        log.add("kiosk", f"{seat_ref(seat)} pays 2 lira for 1 coffee.", seat=seat)
        S.gain_coffee(state, seat, 1, log)
    else:
        S.pay_coffee(state, seat, 1)
        player["lira"] += 3
        log.add("kiosk", f"{seat_ref(seat)} pays 1 coffee for 3 lira.", seat=seat)


class KioskStep(IStep):
    kind = "kiosk"

    def seats(self, game, state, frame):
        return [frame["order"][frame["at"]]]

    def text(self, game, state, frame, seat):
        if frame["at"] == len(frame["order"]) - 1:
            return "Kiosk: you may also use the last tile."
        return "Kiosk: choose one of the revealed tiles."

    def options(self, game, state, frame, seat):
        out = []
        for tile in state["kiosk"]["revealed"]:
            if tile not in frame["used"]:
                out += kiosk_options(state, seat, tile)
        return out

    def on_timeout(self, game, state, frame, seat):
        """[design] A player out of time at the Kiosk turns the first free tile over unused."""
        return next(a for a in self.options(game, state, frame, seat) if a["choice"] == "decline")

    def resolve(self, game, state, frame, seat, action, log):
        frame["used"].append(action["tile"])
        use_kiosk_tile(state, seat, action, log)
        frame["at"] += 1
        if frame["at"] == len(frame["order"]):
            kiosk = state["kiosk"]
            kiosk["discard"].extend(kiosk["revealed"])
            kiosk["revealed"] = []
            pop(state)


def open_auction(state: dict, seat: int, log: Log) -> None:
    if not (state["bonus"]["deck"] or state["bonus"]["discard"]):
        log.add("auction", "No bonus cards are left to auction.")
        return
    order = seats_from(seat, state["n"]) + [seat]
    log.add("auction", f"{seat_ref(seat)} auctions 2 bonus cards.", seat=seat)
    push(state, "auction", seat, order=order, at=0, bid=0, leader=None)


class AuctionStep(IStep):
    kind = "auction"

    def seats(self, game, state, frame):
        return [frame["order"][frame["at"]]]

    def text(self, game, state, frame, seat):
        if frame["leader"] is None:
            return "Auction of 2 bonus cards: make a bid."
        return f"Auction of 2 bonus cards: @{frame['leader']} bids {frame['bid']}. Bid higher or pass."

    def options(self, game, state, frame, seat):
        lira = state["players"][seat]["lira"]
        out = [{"type": "bid", "amount": a, "label": f"Bid {a} lira"} for a in range(frame["bid"] + 1, lira + 1)]
        opening = frame["at"] == 0
        if not (opening and out):
            out.append({"type": "pass", "label": "Pass"})
        return out

    def on_timeout(self, game, state, frame, seat):
        """[design] Out of time in an auction: pass (the auctioneer's compulsory opening bid is 1 lira)."""
        options = self.options(game, state, frame, seat)
        return next((a for a in options if a["type"] == "pass"), options[0])

    def auto(self, game, state, frame):
        seat = frame["order"][frame["at"]]
        last = frame["at"] == len(frame["order"]) - 1
        if state["players"][seat]["lira"] <= frame["bid"] or (last and frame["leader"] == seat):
            return {"type": "pass"}
        return None

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "bid":
            frame["bid"], frame["leader"] = action["amount"], seat
            log.add("bid", f"{seat_ref(seat)} bids {action['amount']} lira.", seat=seat)
        else:
            log.add("bid", f"{seat_ref(seat)} passes.", seat=seat)
        frame["at"] += 1
        if frame["at"] < len(frame["order"]):
            return
        pop(state)
        winner, bid = frame["leader"], frame["bid"]
        if winner is None:
            log.add("auction", "Nobody bids: the cards stay in the deck.")
            return
        auctioneer = frame["order"][0]
        state["players"][winner]["lira"] -= bid
        if winner == auctioneer:
            log.add("auction", f"{seat_ref(winner)} wins the auction and pays {bid} lira to the bank.", seat=winner)
        else:
            state["players"][auctioneer]["lira"] += bid
            log.add("auction", f"{seat_ref(winner)} wins the auction and pays {bid} lira to {seat_ref(auctioneer)}.",
                    seat=winner)
        S.draw_cards(state, winner, 2, log)


def secret_society(state: dict, seat: int, action: dict, log: Log) -> None:
    words = letters_words(state, seat, action["letters"])
    S.discard_letters(state, seat, action["letters"])
    log.add("society", f"{seat_ref(seat)} hands {words} to the Secret Society.", seat=seat)
    S.give_ruby(state, seat, action["source"], log)
    paid = state["society_paid"]
    if seat not in paid and len(paid) < len(D.SOCIETY_LIRA):
        lira = D.SOCIETY_LIRA[len(paid)]
        paid.append(seat)
        state["players"][seat]["lira"] += lira
        log.add("lira", f"{seat_ref(seat)} takes {plural(lira, 'lira', 'lira')} from the Secret Society.", seat=seat)
