"""Gold Rush turn flow: what happens at the start of a turn, between decisions, and at its end; the effects shared by
several decisions (gaining a card, production, exploring); and the end of the game.

Basic turn: +2 coins, money cards and mines produce, upkeep for partnerships, then one action (a market card or a
blind Guild draw) and one achievement, in either order. Full turn: an event card for the active seat, two Main-deck
cards, then any of the Market action, the Exploration action and cards from the hand; the hand limit at the end.
"""

from __future__ import annotations

from app.engine import Log, Rng, Text, one_per_design, seat_ref, steps, t, tn, words

from .data import CARD, matches
from .scoring import end_by_points, win_at_target
from .state import (MARKET_SIZE, GoldRushState, available, claimable, count, discard, draw, effect_sum, has_effect,
                    income, ingots, mines, name, new_turn_flags, owed, vp)


def coins(n: int) -> Text:
    return tn("{n} coin", "{n} coins", n)


def cards(n: int) -> Text:
    return tn("{n} card", "{n} cards", n)


def card_names(cards_: list[int]) -> dict:
    """Card names as a list argument written with commas ("Audit, Fair"), as the English log always had them."""
    return words([name(c) for c in cards_], ",")


# Each card's design key, by card id (asked for every card a decision's options offer).
DESIGN = [design["key"] for design in CARD]


def distinct(cards) -> list[int]:
    """One card per design (copies of a design are interchangeable), keeping the first seen."""
    return one_per_design(cards, DESIGN.__getitem__)


# ---- start of a turn ----------------------------------------------------------------------------------------------

def start_turn(state: GoldRushState, log: Log) -> None:
    seat = state["turn"]
    player = state["players"][seat]
    state["turn_flags"] = new_turn_flags()
    state["event"] = None
    state["phase"] = "start"
    steps.clear(state)
    who = seat_ref(seat)
    log.add("turn", t("{player} starts a turn (round {round})", player=who, round=state["round"]), seat=seat)
    if state["variant"] == "basic":
        player["coins"] += 2
        log.add("coins", t("{player} takes 2 coins", player=who))
        produce_money(state, seat, log)
        produce_mines(state, seat, log)
        ask_payment(state, seat, "upkeep", log)
        return
    card = draw(state, "e")
    state["event"] = card
    state["discard"]["e"].append(card)
    log.add("event", t("Event for {player}: {card}. {effect}", player=who, card=name(card), effect=CARD[card]["text"]),
            card=card)
    for effect in CARD[card]["fx"]["ev"]:
        kind = effect[0]
        if kind == "money":
            produce_money(state, seat, log)
        elif kind == "mines":
            produce_mines(state, seat, log)
        elif kind == "nugget":
            if mines(player):
                drawn, worth = cash_ingots(state, seat, effect[1], 0)
                log.add("ingots", t("{player} finds a nugget: ingots {ingots}, worth {coins}", player=who,
                                    ingots=words(drawn), coins=coins(worth)), ingots=drawn)
            else:
                player["coins"] += effect[2]
                log.add("coins", t("{player} owns no mine and gains {coins}", player=who, coins=coins(effect[2])))
        elif kind == "all_gain":
            for other in state["players"]:
                other["coins"] += effect[1]
            log.add("coins", t("Every player gains {coins}", coins=coins(effect[1])))
        elif kind == "price_mod":
            state["turn_flags"]["price_mod"] = effect[1]
        elif kind == "per_card":
            gain = count(player, effect[1]) * effect[2]
            player["coins"] += gain
            log.add("coins", t("{player} gains {coins}", player=who, coins=coins(gain)))
        elif kind == "oblig":
            ask_payment(state, seat, "oblig", log)
            return
        elif kind == "trade_broken":
            if count(player, {"type": "trading"}):
                steps.push(state, "trade")
                return
            log.add("info", t("{player} owns no Trading enterprise: nothing happens", player=who))
    after_event(state, log)


def ask_payment(state: GoldRushState, seat: int, why: str, log: Log) -> None:
    """Basic upkeep or Obligations Due: a payment step when something is owed, else the turn goes on."""
    if owed(state, seat, why) > 0:
        steps.push(state, "pay", why=why)
        return
    if why == "oblig" and count(state["players"][seat], {"type": "entre"}):
        log.add("pay", t("{player}'s banks cover the obligations", player=seat_ref(seat)))
    after_payment(state, why, log)


def after_payment(state: GoldRushState, why: str, log: Log) -> None:
    """Basic upkeep leads to the actions; a full game's event payment leads to the rest of the event phase."""
    if why == "upkeep":
        begin_actions(state)
    else:
        after_event(state, log)


def after_event(state: GoldRushState, log: Log) -> None:
    """Full game: the market is refilled and the active seat draws 2 Main-deck cards, then acts."""
    refill(state)
    draw_main(state, state["turn"], 2, log)
    begin_actions(state)


def begin_actions(state: GoldRushState) -> None:
    state["phase"] = "actions"
    steps.push(state, "main")


def draw_main(state: GoldRushState, seat: int, n: int, log: Log) -> None:
    got = []
    for _ in range(n):
        card = draw(state, "m")
        if card is None:
            break
        got.append(card)
    state["players"][seat]["hand"].extend(got)
    if got:
        log.add("draw", t("{player} draws {cards}", player=seat_ref(seat), cards=cards(len(got))))
        log.private(seat, "draw", t("You draw {cards}", cards=card_names(got)), cards=got)
    else:
        log.add("draw", t("The Main deck is exhausted: no card to draw"))


def refill(state: GoldRushState) -> None:
    while len(state["market"]) < MARKET_SIZE:
        card = draw(state, "g")
        if card is None:
            break
        state["market"].append(card)


# ---- end of a turn ------------------------------------------------------------------------------------------------

def maybe_auto_end(state: GoldRushState, log: Log) -> None:
    """Basic: once the action is taken and no achievement can still be claimed, the turn ends by itself."""
    frame = steps.top(state)
    if state["variant"] != "basic" or not state["turn_flags"]["bought"] or frame is None or frame["step"] != "main":
        return
    if not state["turn_flags"]["claimed"] and claimable(state, state["turn"]):
        return
    finish_turn(state, log)


def finish_turn(state: GoldRushState, log: Log) -> None:
    seat = state["turn"]
    n = state["num_players"]
    steps.clear(state)
    state["phase"] = "end"
    if state["variant"] == "basic":
        refill(state)
    score = vp(state, seat)
    if score >= state["target"]:
        if not state["equal_turns"]:
            win_at_target(state, seat, score, log)
            return
        if not state["final_round"]:
            log.add("final", t("{player} reaches {vp} VP: the round is finished so everyone has had as many turns",
                               player=seat_ref(seat), vp=score))
        state["final_round"] = True
    if state["safety_end"] and not state["market"] and not available(state, "g") and not state["final_round"]:
        state["final_round"] = True
        log.add("final", t("The market and the Guild deck are exhausted: this is the last round"))
    following = (seat + 1) % n
    if following == state["first"]:
        if state["final_round"] or (state["safety_end"] and state["round"] >= state["round_cap"]):
            if any(vp(state, s) >= state["target"] for s in range(n)):
                reason = "equal turns"
            else:
                reason = "exhaustion" if state["final_round"] else "round cap"
            end_by_points(state, reason, log)
            return
        state["round"] += 1
    state["turn"] = following
    start_turn(state, log)


# ---- effects shared by several decisions -------------------------------------------------------------------------

def gain(state: GoldRushState, seat: int, card: int, log: Log) -> None:
    """A card enters a play area: 'each time you gain' abilities, then the Gold Industrialist check."""
    player = state["players"][seat]
    player["area"].append(card)
    design = CARD[card]
    for owned in player["area"]:
        on_gain = CARD[owned]["fx"].get("on_gain")
        if on_gain and matches(design, on_gain["sel"]):
            player["coins"] += on_gain["coins"]
            log.add("coins", t("{card} pays {player} {coins}", card=name(owned), player=seat_ref(seat),
                               coins=coins(on_gain["coins"])))
    if design["type"] == "mine":
        check_industrialist(state, log)


def lose(state: GoldRushState, seat: int, card: int, log: Log, why: str) -> None:
    """A card leaves a play area for its discard pile; `why` is the message saying so, e.g. "{player} gives up
    {card}: it is discarded"."""
    state["players"][seat]["area"].remove(card)
    discard(state, card)
    log.add("lose", t(why, player=seat_ref(seat), card=name(card)), card=card)


def check_industrialist(state: GoldRushState, log: Log) -> None:
    counts = [mines(p) for p in state["players"]]
    holder = state["industrialist"]
    need = 3 if holder is None else counts[holder] + 1
    best = max(range(state["num_players"]), key=lambda s: (counts[s], s == state["turn"]))
    if counts[best] >= need and best != holder:
        state["industrialist"] = best
        # at least 3 mines: the singular never shows in English, but other languages have more than one plural
        log.add("industrialist", tn("{player} owns {n} gold mine and takes the Gold Industrialist (1 VP)",
                                    "{player} owns {n} gold mines and takes the Gold Industrialist (1 VP)",
                                    counts[best], player=seat_ref(best)))


def produce_money(state: GoldRushState, seat: int, log: Log) -> None:
    player = state["players"][seat]
    printed = income(player)
    if printed <= 0:
        return
    gained = printed + effect_sum(player, "income_bonus")
    player["coins"] += gained
    log.add("income", t("{player}'s money cards produce {coins}", player=seat_ref(seat), coins=coins(gained)))


def produce_mines(state: GoldRushState, seat: int, log: Log) -> None:
    player = state["players"][seat]
    shown = ingots(player)
    if shown <= 0:
        return
    bonus = effect_sum(player, "mine_coin")
    drawn, worth = cash_ingots(state, seat, shown + effect_sum(player, "extra_ingot"), bonus)
    tokens = words(drawn, ",")
    if bonus:
        text = t("{player}'s mines yield ingots {ingots} + {bonus} from Assay Offices: {coins}", player=seat_ref(seat),
                 ingots=tokens, bonus=bonus, coins=coins(worth))
    else:
        text = t("{player}'s mines yield ingots {ingots}: {coins}", player=seat_ref(seat), ingots=tokens,
                 coins=coins(worth))
    log.add("ingots", text, ingots=drawn)


def cash_ingots(state: GoldRushState, seat: int, n: int, bonus: int) -> tuple[list[int], int]:
    """Draw n face-down ingot tokens and cash them (they go back at once: the pool is shuffled before every draw);
    returns the tokens drawn and the coins gained."""
    pool = state["ingots"]
    Rng(state).shuffle(pool)
    drawn = pool[:min(n, len(pool))]
    coins = sum(drawn) + bonus
    state["players"][seat]["coins"] += coins
    return drawn, coins


def explore(state: GoldRushState, seat: int, log: Log) -> None:
    """Basic: blind draw from the Guild deck; full: reveal from the Exploration deck. Bazanov: 2, keep 1."""
    k = "g" if state["variant"] == "basic" else "x"
    n = 2 if has_effect(state["players"][seat], "explore_draw") else 1
    got = [c for c in (draw(state, k) for _ in range(n)) if c is not None]
    real = [c for c in got if CARD[c]["type"] != "lost"]
    if len(got) == 2 and real and len(distinct(got)) == 2:
        steps.push(state, "keep", cards=got)
        log.add("explore", t("{player} draws 2 cards and keeps one of them", player=seat_ref(seat)))
        log.private(seat, "explore", t("You draw {cards}", cards=card_names(got)))
        return
    if not got:
        log.add("explore", t("The expedition finds nothing: the deck is exhausted"))
        return
    keep = real[0] if real else None
    for card in got:
        if card != keep:
            discard(state, card)
            log.add("explore", t("{player}'s expedition turns up {card}: it is discarded", player=seat_ref(seat),
                                 card=name(card)), card=card)
    if keep is not None:
        log.add("explore", t("{player}'s expedition brings {card}", player=seat_ref(seat), card=name(keep)), card=keep)
        gain(state, seat, keep, log)
    maybe_auto_end(state, log)
