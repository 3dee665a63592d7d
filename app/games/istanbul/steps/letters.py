"""Letters & Seals places that involve letters or other players: the Kiosk (every player in turn uses one revealed
tile, the active player also the last one), the Auction House (one bid each in clockwise order, a final bid by the
auctioneer) and the Secret Society (letters worth 6 seals for a free ruby)."""

from __future__ import annotations

from app.engine.game import labelled
from app.engine.kit import Log, Pile, seat_ref, seats_from
from app.engine.rng import Rng
from app.engine.steps import pop, push
from app.engine.text import t, words

from .. import data as D
from .. import state as S
from .common import IStep, anytime_options, letters_words, one_card_kinds, one_letter_options, resolve_anytime


def open_kiosk(state: dict, seat: int, log: Log) -> None:
    kiosk = state["kiosk"]
    pile = Pile(Rng(state), kiosk["deck"], kiosk["discard"], "on_draw")
    tiles = pile.draw(state["n"] + 1)
    if pile.reshuffles:
        log.add("reshuffle", t("The used kiosk tiles are shuffled into new stacks."))
    kiosk["revealed"] = tiles
    log.add("kiosk", t("The Kiosk shows tiles {tiles}.", tiles=words(tiles, ",")), tiles=tiles)
    order = seats_from(seat, state["n"]) + [seat]
    push(state, "kiosk", seat, order=order, at=0, used=[])


def kiosk_options(state: dict, seat: int, tile: int) -> list[dict]:
    player = state["players"][seat]
    base = {"type": "kiosk", "tile": tile}
    text = D.KIOSK_TILES[tile]
    out = [{**base, "choice": "decline", "label": t("Tile {tile}: turn it over unused", tile=tile)}]
    goods = player["goods"]
    bazaar = state["grand_bazaar"]
    if tile in D.KIOSK_SIMPLE or tile in (11, 15):
        if bazaar and tile in (12, 13):
            lira = D.KIOSK_SIMPLE[tile][1]
            out += [{**base, "choice": "take", "label": t("Tile {tile}: take {what}", tile=tile, what=D.lira(lira))},
                    {**base, "choice": "take", "coffee": 1,
                     "label": t("Tile {tile}: take {what}", tile=tile, what=D.coffee(1))}]
        else:
            out.append({**base, "choice": "take", "label": t("Tile {tile}: {text}", tile=tile, text=text)})
    elif tile == 14:
        if player["companion"] != "supply":
            out.append({**base, "choice": "take", "label": t("Tile {tile}: {text}", tile=tile, text=text)})
    elif tile in (16, 17):
        can = player["lira"] >= D.KIOSK_EXTENSION_LIRA if tile == 16 else all(goods[g] for g in D.GOODS)
        if can and player["capacity"] < D.MAX_CAPACITY:
            label = t("Tile {tile}: {text}", tile=tile, text=text)
            if S.extension_gives_ruby(state, seat):
                label = t("{action} It is your 3rd: the Wainwright's ruby too.", action=label)
            out.append({**base, "choice": "take", "label": label})
    elif tile == 18:
        if player["merchant"] != D.FOUNTAIN:
            out.append({**base, "choice": "take", "label": t("Tile {tile}: {text}", tile=tile, text=text)})
    else:
        letters = one_letter_options(state, seat)
        letter, card = t("a letter"), t("a bonus card")

        def pay(price, what):
            return t("Tile {tile}: pay {price} for {what}", tile=tile, price=price, what=what)

        def hand_in(lid, what):
            return t("Tile {tile}: hand in {letter} for {what}", tile=tile, letter=letters_words(state, seat, [lid]),
                     what=what)

        def discard(kind, what):
            return t("Tile {tile}: discard {card} for {what}", tile=tile, card=D.card_name(kind), what=what)

        if tile == 19:
            out += [{**base, "choice": "buy", "good": g, "label": pay(D.good_count(g, 1), letter)}
                    for g in D.GOODS if goods[g]]
            out += [{**base, "choice": "sell", "letter": l["id"], "good": g,
                     "label": hand_in(l["id"], D.good_count(g, 1))}
                    for l in letters for g in D.GOODS]
            if bazaar:
                if player["coffee"]:
                    out.append({**base, "choice": "buy", "coffee": 1, "label": pay(D.coffee(1), letter)})
                out += [{**base, "choice": "sell", "letter": l["id"], "coffee": 1,
                         "label": hand_in(l["id"], D.coffee(1))} for l in letters]
        elif tile == 20:
            out += [{**base, "choice": "buy", "card": k, "label": discard(k, letter)}
                    for k in one_card_kinds(state, seat)]
            out += [{**base, "choice": "sell", "letter": l["id"], "label": hand_in(l["id"], card)}
                    for l in letters]
        elif tile == 21:
            if player["lira"] >= 2:
                out.append({**base, "choice": "buy", "label": pay(D.lira(2), letter)})
            out += [{**base, "choice": "sell", "letter": l["id"], "label": hand_in(l["id"], D.lira(3))}
                    for l in letters]
        elif tile == 22:
            if player["lira"] >= 2:
                out += [{**base, "choice": "buy", "good": g, "label": pay(D.lira(2), D.good_count(g, 1))}
                        for g in D.GOODS]
            out += [{**base, "choice": "sell", "good": g, "label": pay(D.good_count(g, 1), D.lira(3))}
                    for g in D.GOODS if goods[g]]
            if bazaar:
                if player["lira"] >= 2:
                    out.append({**base, "choice": "buy", "coffee": 1, "label": pay(D.lira(2), D.coffee(1))})
                if player["coffee"]:
                    out.append({**base, "choice": "sell", "coffee": 1, "label": pay(D.coffee(1), D.lira(3))})
        elif tile == 23:
            if player["lira"] >= 2:
                out.append({**base, "choice": "buy", "label": pay(D.lira(2), card)})
            out += [{**base, "choice": "sell", "card": k, "label": discard(k, D.lira(3))}
                    for k in one_card_kinds(state, seat)]
    return out


def use_kiosk_tile(state: dict, seat: int, action: dict, log: Log) -> None:
    player = state["players"][seat]
    tile, choice = action["tile"], action["choice"]
    who = seat_ref(seat)
    if choice == "decline":
        log.add("kiosk", t("{player} turns kiosk tile {tile} over unused.", player=who, tile=tile), seat=seat)
        return
    log.add("kiosk", t("{player} uses kiosk tile {tile}.", player=who, tile=tile), seat=seat, tile=tile)
    if "coffee" in action:
        coffee_kiosk_trade(state, seat, action, log)
    elif tile in D.KIOSK_SIMPLE:
        goods, lira = D.KIOSK_SIMPLE[tile]
        got = S.gain_goods(player, goods)
        player["lira"] += lira
        if got and lira:
            text = t("{player} takes {what} and {lira}.", player=who, what=D.goods_words(got), lira=D.lira(lira))
        elif got or lira:
            text = t("{player} takes {what}.", player=who, what=D.goods_words(got) if got else D.lira(lira))
        else:
            text = t("{player} takes nothing (the wheelbarrow is full).", player=who)
        log.add("goods", text, seat=seat)
    elif tile == 11:
        player["lira"] += 2
        S.draw_cards(state, seat, 1, log)
    elif tile == 14:
        player["companion"] = "supply"
        log.add("companion", t("{player} takes the companion into their supply.", player=who), seat=seat)
    elif tile == 15:
        die = S.roll(state, 1)[0]
        player["lira"] += die
        log.add("roll", t("{player} rolls {die} and takes {lira}.", player=who, die=die, lira=D.lira(die)), seat=seat,
                dice=[die])
    elif tile == 16:
        player["lira"] -= D.KIOSK_EXTENSION_LIRA
        S.extend_wheelbarrow(state, seat, log)
    elif tile == 17:
        S.pay_goods(player, {g: 1 for g in D.GOODS})
        S.extend_wheelbarrow(state, seat, log)
    elif tile == 18:
        player["merchant"] = D.FOUNTAIN
        log.add("move", t("{player}'s merchant goes to the Fountain 7.", player=who), seat=seat, to=D.FOUNTAIN,
                token="merchant")
        if seat == state["turn"]:
            merchant_moved(state, D.FOUNTAIN)
    elif choice == "buy":
        if tile == 19:
            text = t("{player} pays {price} for {what}.", player=who, price=D.good_count(action["good"], 1),
                     what=t("a letter"))
        elif tile == 20:
            text = t("{player} discards {card} for {what}.", player=who, card=D.card_name(action["card"]),
                     what=t("a letter"))
        elif tile == 21:
            text = t("{player} pays {price} for {what}.", player=who, price=D.lira(2), what=t("a letter"))
        elif tile == 22:
            text = t("{player} pays {price} for {what}.", player=who, price=D.lira(2),
                     what=D.good_count(action["good"], 1))
        else:
            text = t("{player} pays {price} for {what}.", player=who, price=D.lira(2), what=t("a bonus card"))
        log.add("kiosk", text, seat=seat)
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
        if tile in (19, 20, 21):
            gets = {19: D.good_count(action.get("good", "red"), 1), 20: t("a bonus card"), 21: D.lira(3)}[tile]
            text = t("{player} hands in a {letter} for {what}.", player=who,
                     letter=letters_words(state, seat, [action["letter"]]), what=gets)
        elif tile == 22:
            text = t("{player} pays {price} for {what}.", player=who, price=D.good_count(action["good"], 1),
                     what=D.lira(3))
        else:
            text = t("{player} discards {card} for {what}.", player=who, card=D.card_name(action["card"]),
                     what=D.lira(3))
        log.add("kiosk", text, seat=seat)
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


def merchant_moved(state: dict, place: int) -> None:
    """The active player's merchant left for `place` during its action (kiosk tile 18): the turn's encounters, still
    to come, happen where the merchant now is, also when it acted through the Police Station (as with the
    Catacombs, where the seed drops them). A companion's or a family member's encounters stay where they were."""
    for frame in state["steps"]:
        if frame["step"] == "act" and not frame["nested"] and frame["actor"] == "merchant" \
                and frame["meet"] is not None:
            frame["meet"] = place


def coffee_kiosk_trade(state: dict, seat: int, action: dict, log: Log) -> None:
    """Grand Bazaar: the coffee side of kiosk tiles 12, 13, 19 and 22 [seed]."""
    player = state["players"][seat]
    tile, choice = action["tile"], action["choice"]
    if tile in (12, 13):
        S.gain_coffee(state, seat, 1, log)
    elif tile == 19 and choice == "buy":
        S.pay_coffee(state, seat, 1)
        log.add("kiosk", t("{player} pays {price} for {what}.", player=seat_ref(seat), price=D.coffee(1),
                           what=t("a letter")), seat=seat)
        S.draw_letter(state, seat, log)
    elif tile == 19:
        log.add("kiosk", t("{player} hands in a {letter} for {what}.", player=seat_ref(seat),
                           letter=letters_words(state, seat, [action["letter"]]), what=D.coffee(1)), seat=seat)
        S.discard_letters(state, seat, [action["letter"]])
        S.gain_coffee(state, seat, 1, log)
    elif choice == "buy":
        player["lira"] -= 2
        log.add("kiosk", t("{player} pays {price} for {what}.", player=seat_ref(seat), price=D.lira(2),
                           what=D.coffee(1)), seat=seat)
        S.gain_coffee(state, seat, 1, log)
    else:
        S.pay_coffee(state, seat, 1)
        player["lira"] += 3
        log.add("kiosk", t("{player} pays {price} for {what}.", player=seat_ref(seat), price=D.coffee(1),
                           what=D.lira(3)), seat=seat)


class KioskStep(IStep):
    kind = "kiosk"

    def seats(self, game, state, frame):
        return [frame["order"][frame["at"]]]

    def text(self, game, state, frame, seat):
        if frame["at"] == len(frame["order"]) - 1:
            return t("Kiosk: you may also use the last tile.")
        return t("Kiosk: choose one of the revealed tiles.")

    def options(self, game, state, frame, seat):
        out = []
        for tile in state["kiosk"]["revealed"]:
            if tile not in frame["used"]:
                out += kiosk_options(state, seat, tile)
        if seat == state["turn"]:  # the any-time cards are for the player whose turn it is
            out += anytime_options(state, seat, D.MIDSTEP_KINDS)
        return out

    def on_timeout(self, game, state, frame, seat):
        """[design] A player out of time at the Kiosk turns the first free tile over unused."""
        # As the legal list gives it (English label and say), so the platform's move matches a legal one.
        return labelled(next(a for a in self.options(game, state, frame, seat) if a.get("choice") == "decline"))

    def resolve(self, game, state, frame, seat, action, log):
        if resolve_anytime(state, seat, action, log):
            return
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
        log.add("auction", t("No bonus cards are left to auction."))
        return
    order = seats_from(seat, state["n"]) + [seat]
    log.add("auction", t("{player} auctions 2 bonus cards.", player=seat_ref(seat)), seat=seat)
    push(state, "auction", seat, order=order, at=0, bid=0, leader=None)


class AuctionStep(IStep):
    kind = "auction"

    def seats(self, game, state, frame):
        return [frame["order"][frame["at"]]]

    def text(self, game, state, frame, seat):
        auctioneer = frame["order"][0]
        if seat == auctioneer:
            paid = t("if you win, you pay the bank; if another player wins, they pay you")
        else:
            paid = t("if you win, you pay {player}", player=seat_ref(auctioneer))
        if frame["leader"] is None:
            return t("Auction of 2 bonus cards: make a bid ({paid}).", paid=paid)
        return t("Auction of 2 bonus cards: {player} bids {bid}. Bid higher or pass ({paid}).",
                 player=seat_ref(frame["leader"]), bid=frame["bid"], paid=paid)

    def options(self, game, state, frame, seat):
        lira = state["players"][seat]["lira"]
        out = [{"type": "bid", "amount": a, "label": t("Bid {lira}", lira=D.lira(a))}
               for a in range(frame["bid"] + 1, lira + 1)]
        opening = frame["at"] == 0
        if not (opening and out):
            out.append({"type": "pass", "label": t("Pass")})
        return out

    def on_timeout(self, game, state, frame, seat):
        """[design] Out of time in an auction: pass (the auctioneer's compulsory opening bid is 1 lira)."""
        options = self.options(game, state, frame, seat)
        return labelled(next((a for a in options if a["type"] == "pass"), options[0]))

    def auto(self, game, state, frame):
        seat = frame["order"][frame["at"]]
        last = frame["at"] == len(frame["order"]) - 1
        if state["players"][seat]["lira"] <= frame["bid"] or (last and frame["leader"] == seat):
            return {"type": "pass"}
        return None

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "bid":
            frame["bid"], frame["leader"] = action["amount"], seat
            log.add("bid", t("{player} bids {lira}.", player=seat_ref(seat), lira=D.lira(action["amount"])), seat=seat)
        else:
            log.add("bid", t("{player} passes.", player=seat_ref(seat)), seat=seat)
        frame["at"] += 1
        if frame["at"] < len(frame["order"]):
            return
        pop(state)
        winner, bid = frame["leader"], frame["bid"]
        if winner is None:
            log.add("auction", t("Nobody bids: the cards stay in the deck."))
            return
        auctioneer = frame["order"][0]
        state["players"][winner]["lira"] -= bid
        if winner == auctioneer:
            log.add("auction", t("{player} wins the auction and pays {lira} to the bank.", player=seat_ref(winner),
                                 lira=D.lira(bid)), seat=winner)
        else:
            state["players"][auctioneer]["lira"] += bid
            log.add("auction", t("{player} wins the auction and pays {lira} to {other}.", player=seat_ref(winner),
                                 lira=D.lira(bid), other=seat_ref(auctioneer)), seat=winner)
        S.draw_cards(state, winner, 2, log)


def society_bonus(state: dict, seat: int) -> int:
    """The lira the Secret Society still has for `seat`: 3, 2 and 1 for the first three players served, once each."""
    paid = state["society_paid"]
    return D.SOCIETY_LIRA[len(paid)] if seat not in paid and len(paid) < len(D.SOCIETY_LIRA) else 0


def secret_society(state: dict, seat: int, action: dict, log: Log) -> None:
    given = letters_words(state, seat, action["letters"])
    S.discard_letters(state, seat, action["letters"])
    log.add("society", t("{player} hands {letters} to the Secret Society.", player=seat_ref(seat), letters=given),
            seat=seat)
    S.give_ruby(state, seat, action["source"], log)
    lira = society_bonus(state, seat)
    if lira:
        state["society_paid"].append(seat)
        state["players"][seat]["lira"] += lira
        log.add("lira", t("{player} takes {lira} from the Secret Society.", player=seat_ref(seat), lira=D.lira(lira)),
                seat=seat)
