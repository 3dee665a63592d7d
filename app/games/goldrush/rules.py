"""Gold Rush (Siberian gold-rush card game, «Золотая лихорадка»): the server-side rules.

Two rule sets share the code: the *basic* game (race to 4 VP: +2 coins and income every turn, one action — buy a
market card or a blind 2-coin draw from the Guild deck — one achievement a turn, secret + face-up achievements) and
the *full* game (race to 6 VP: an event every turn, a hand of Main-deck cards, Market + Exploration actions, action
cards, hand limit 4). See docs/rules/goldrush.md for the rules as implemented and every ruling.

State layout (plain JSON, card ids are ints indexing cards.CARD):
  var "basic"|"full", n, target, eq (equal turns), first, cap (round cap), round, turn (active seat),
  ph: "pay" | "trade" | "main" | "keep" | "xpay" | "survey" | "hand" | "over",
  sub: data of the current sub-step, cont: where a payment step continues ("main" | "post_event"),
  bought/explored/claimed: this turn's flags, mod: event price modifier, gc: Guild Connections played,
  ev: the event revealed this turn, deck/disc: {"g","x","m","e"} -> lists (top = last), market, row (basic
  face-up achievements), gi: Gold Industrialist holder or None, pool: the 20 ingot tokens (face down),
  p: per seat {"c": coins, "a": play area, "h": hand, "w": claimed achievements, "s": secret achievement|None},
  final: the round is the last one, over: {"winners", "reason"} once finished.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Literal

from pydantic import BaseModel

from app.engine import BadOptions, Game, Prompt, RandomBot, Rng

from .bot import HeuristicBot
from .cards import ACHIEVEMENT_IDS, CARD, DECK_IDS, INGOT_POOL, LOST_IDS, catalogue_data, matches

BASIC_TARGET, FULL_TARGET = 4, 6
BASIC_CAP, FULL_CAP = 12, 15
MARKET_SIZE = 4
HAND_LIMIT = 4


class Options(BaseModel):
    variant: Literal["basic", "full"] = "full"
    equal_turns: bool = False
    first_player: int | None = None


# ---------------------------------------------------------------------------------------------- helpers
def nm(cid: int) -> str:
    return CARD[cid]["name"]


def count(p: dict, sel: dict) -> int:
    return sum(1 for c in p["a"] if matches(CARD[c], sel))


def fx_sum(p: dict, key: str) -> int:
    """Sum of a numeric ongoing effect over the cards in a play area."""
    return sum(CARD[c]["fx"].get(key, 0) for c in p["a"])


def has_fx(p: dict, key: str) -> bool:
    return any(key in CARD[c]["fx"] for c in p["a"])


def mines(p: dict) -> int:
    return sum(1 for c in p["a"] if CARD[c]["type"] == "mine")


def ingots(p: dict) -> int:
    return sum(CARD[c]["ingots"] for c in p["a"])


def income(p: dict) -> int:
    return sum(CARD[c]["income"] for c in p["a"])


def vp(state: dict, seat: int) -> int:
    p = state["p"][seat]
    return sum(CARD[c]["vp"] for c in p["a"]) + len(p["w"]) + (1 if state["gi"] == seat else 0)


def metric(p: dict, name: str, sel: dict | None) -> int:
    if name == "count":
        return count(p, sel or {})
    if name == "coins":
        return p["c"]
    if name == "ingots":
        return ingots(p)
    if name == "income":
        return income(p)
    raise ValueError(name)


def meets(p: dict, cid: int) -> bool:
    """Does a player meet an achievement's condition now?"""
    return all(metric(p, m, sel) >= n for m, sel, n in CARD[cid]["fx"]["cond"])


def home(state: dict, cid: int) -> str:
    """The deck whose discard pile a card goes to (basic: exploration cards live in the Guild deck)."""
    deck = CARD[cid]["deck"]
    if deck == "x" and state["var"] == "basic":
        return "g"
    return deck


def discard(state: dict, cid: int) -> None:
    state["disc"][home(state, cid)].append(cid)


def available(state: dict, k: str) -> int:
    return len(state["deck"][k]) + len(state["disc"][k])


def _reshuffle(state: dict, k: str) -> None:
    """An empty deck takes its discard pile, shuffled (seed: "if a deck has run out, its discard pile is shuffled
    and becomes the new deck")."""
    deck, pile = state["deck"][k], state["disc"][k]
    if not deck and pile:
        deck.extend(pile)
        pile.clear()
        Rng(state).shuffle(deck)


def draw(state: dict, k: str) -> int | None:
    """Top card of a deck, or None if the deck and its discard pile are both empty. A deck that runs out is
    reshuffled from its discard pile at once, before the drawn card is discarded or anything else happens; a deck
    that is empty when drawn from (cards were discarded after it ran out with an empty pile) is reshuffled first."""
    _reshuffle(state, k)
    deck = state["deck"][k]
    if not deck:
        return None
    c = deck.pop()
    _reshuffle(state, k)
    return c


def price(state: dict, seat: int, cid: int) -> int:
    """What `seat` pays for a market card now: printed price - discounts + surcharges, at least 0; free stays free."""
    d = CARD[cid]
    if not d["cost"]:
        return 0
    p = state["p"][seat]
    cost = d["cost"] + state["mod"] - 2 * state["gc"]
    for c in p["a"]:
        sel = CARD[c]["fx"].get("discount")
        if sel is not None and matches(d, sel):
            cost -= 1
    return max(0, cost)


def explore_cost(state: dict, seat: int) -> int:
    base = 2 if state["var"] == "basic" else 3
    return max(0, base - fx_sum(state["p"][seat], "explore_discount"))


def owed(state: dict, seat: int, why: str) -> int:
    p = state["p"][seat]
    ents = count(p, {"type": "entre"})
    due = ents // 2 if why == "upkeep" else ents
    return max(0, due - fx_sum(p, "upkeep_relief"))


def hand_limit(p: dict) -> int:
    return max([HAND_LIMIT] + [CARD[c]["fx"].get("hand_limit", 0) for c in p["a"]])


def ev(text: str, type_: str = "info", **extra) -> dict:
    e = {"type": type_, "text": text}
    e.update(extra)
    return e


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ---------------------------------------------------------------------------------------------- the game
class GoldRush(Game):
    id = "goldrush"
    title = "Gold Rush"
    min_players = 2
    max_players = 6
    Options = Options
    max_moves = 6000
    bots = {"random": RandomBot, "heuristic": HeuristicBot}

    # ------------------------------------------------------------------ setup
    def setup(self, num_players: int, options: Options, state: dict) -> list[dict]:
        rng = Rng(state)
        basic = options.variant == "basic"
        if options.first_player is not None and not 0 <= options.first_player < num_players:
            raise BadOptions(f"first_player must be a seat number below {num_players}")
        first = options.first_player if options.first_player is not None else rng.below(num_players)
        deck = {k: list(v) for k, v in DECK_IDS.items()}
        state.update({
            "var": options.variant, "n": num_players, "eq": options.equal_turns, "first": first,
            "target": BASIC_TARGET if basic else FULL_TARGET, "cap": BASIC_CAP if basic else FULL_CAP,
            "round": 1, "turn": first, "ph": "main", "sub": None, "cont": None,
            "bought": False, "explored": False, "claimed": False, "mod": 0, "gc": 0, "ev": None,
            "disc": {k: [] for k in "gxme"}, "market": [], "row": [], "gi": None, "pool": list(INGOT_POOL),
            "p": [{"c": 0 if basic else 2, "a": [], "h": [], "w": [], "s": None} for _ in range(num_players)],
            "final": False, "over": None, "box": [],
        })
        if basic:
            # Lost expeditions go back to the box; the rest of the Exploration deck joins the Guild deck.
            deck["g"] += [c for c in deck["x"] if c not in LOST_IDS]
            state["box"] = list(LOST_IDS) + [c for c in deck["m"] if c not in ACHIEVEMENT_IDS] + deck["e"]
            achievements = list(ACHIEVEMENT_IDS)
            rng.shuffle(achievements)
            for p in state["p"]:
                p["s"] = achievements.pop()
            state["row"] = sorted(achievements)
            deck["x"], deck["m"], deck["e"] = [], [], []
        for k in deck:
            rng.shuffle(deck[k])
        state["deck"] = deck
        self._refill(state)
        events: list[dict] = []
        self._start_turn(state, events)  # the first player's turn begins with the deal: its events open the log
        return events

    # ------------------------------------------------------------------ protocol
    def pending(self, state: dict) -> dict[int, Prompt]:
        if state["over"]:
            return {}
        return {state["turn"]: Prompt(self._prompt_text(state), kind=state["ph"])}

    def _prompt_text(self, state: dict) -> str:
        ph, sub = state["ph"], state["sub"]
        if ph == "pay":
            due = owed(state, state["turn"], sub["why"])
            what = "Upkeep" if sub["why"] == "upkeep" else "Obligations Due"
            return f"{what}: pay {plural(due, 'coin')} for your entrepreneurs or discard one of them"
        if ph == "trade":
            return "Trade Relations Broken: pay 2 coins or discard one of your Trading enterprises"
        if ph == "keep":
            return "Keep one of the two explored cards; the other is discarded"
        if ph == "xpay":
            return f"Choose {'two cards' if not sub['picked'] else 'one more card'} from your hand to pay for exploration"
        if ph == "survey":
            return "Geological Survey: put the top Exploration cards back in the order you like"
        if ph == "hand":
            lim = hand_limit(state["p"][state["turn"]])
            return f"Discard down to {lim} cards in hand"
        if state["var"] == "basic":
            return "Your turn: buy one market card or send an expedition, claim an achievement, or end your turn"
        return "Your turn: buy, explore, play cards from your hand, or end your turn"

    def legal(self, state: dict, seat: int) -> list[dict]:
        if state["over"] or seat != state["turn"]:
            return []
        p = state["p"][seat]
        ph = state["ph"]
        out: list[dict] = []
        if ph == "pay":
            due = owed(state, seat, state["sub"]["why"])
            if p["c"] >= due:
                out.append({"type": "pay", "label": f"Pay {plural(due, 'coin')} for your partnerships"})
            for c in self._distinct(c for c in p["a"] if CARD[c]["type"] == "entre"):
                out.append({"type": "drop", "card": c, "label": f"Discard {nm(c)} instead of paying"})
            return out
        if ph == "trade":
            if p["c"] >= 2:
                out.append({"type": "pay", "label": "Pay 2 coins to keep your trade"})
            for c in self._distinct(c for c in p["a"] if CARD[c]["type"] == "trading"):
                out.append({"type": "drop", "card": c, "label": f"Discard {nm(c)}"})
            return out
        if ph == "keep":
            return [{"type": "keep", "card": c, "label": f"Keep {nm(c)}"} for c in self._distinct(state["sub"]["cards"])]
        if ph == "xpay":
            picked = state["sub"]["picked"]
            out = [{"type": "xpay", "card": c, "label": f"Pay with {nm(c)}"}
                   for c in self._distinct(c for c in p["h"] if c not in picked)]
            out.append({"type": "cancel", "label": "Cancel the exploration"})
            return out
        if ph == "survey":
            seen = set()
            for order in permutations(state["sub"]["cards"]):
                names = tuple(nm(c) for c in order)
                if names in seen:
                    continue
                seen.add(names)
                out.append({"type": "order", "cards": list(order),
                            "label": "Put back, top first: " + ", ".join(names)})
            return out
        if ph == "hand":
            return [{"type": "discard", "card": c, "label": f"Discard {nm(c)}"} for c in self._distinct(p["h"])]
        # main action phase
        if state["var"] == "basic":
            if not state["bought"]:
                out += self._buys(state, seat)
                cost = explore_cost(state, seat)
                if p["c"] >= cost and available(state, "g"):
                    out.append({"type": "explore", "label": f"Send an expedition: pay {cost}, take the top Guild card"})
            if not state["claimed"]:
                mine = [c for c in state["row"] if meets(p, c)]
                if p["s"] is not None and meets(p, p["s"]):
                    mine.append(p["s"])
                for c in mine:
                    out.append({"type": "claim", "card": c, "label": f"Claim {nm(c)}"})
            out.append({"type": "end", "label": "End your turn" if state["bought"] else "Pass and end your turn"})
            return out
        if not state["bought"]:
            out += self._buys(state, seat)
        if not state["explored"] and available(state, "x"):
            cost = explore_cost(state, seat)
            if p["c"] >= cost:
                out.append({"type": "explore", "label": f"Explore: pay {plural(cost, 'coin')}"})
            if len(p["h"]) >= 2:
                out.append({"type": "explore_cards", "label": "Explore: pay with 2 cards from your hand"})
        for c in self._distinct(p["h"]):
            out += self._plays(state, seat, c)
        lim = hand_limit(p)
        extra = f" (then discard down to {lim} cards)" if len(p["h"]) > lim else ""
        out.append({"type": "end", "label": "End your turn" + extra})
        return out

    @staticmethod
    def _distinct(cards) -> list[int]:
        """One card per design (copies of a design are interchangeable), keeping the first seen."""
        seen: set[str] = set()
        out = []
        for c in cards:
            k = CARD[c]["key"]
            if k not in seen:
                seen.add(k)
                out.append(c)
        return out

    def _buys(self, state: dict, seat: int) -> list[dict]:
        coins = state["p"][seat]["c"]
        out = []
        for c in self._distinct(state["market"]):
            cost = price(state, seat, c)
            if cost <= coins:
                out.append({"type": "buy", "card": c,
                            "label": f"Buy {nm(c)} for {plural(cost, 'coin')}" if cost else f"Take {nm(c)} (free)"})
        return out

    def _plays(self, state: dict, seat: int, c: int) -> list[dict]:
        d = CARD[c]
        p = state["p"][seat]
        if d["type"] == "ach":
            return [{"type": "play", "card": c, "label": f"Play {d['name']} (1 VP)"}] if meets(p, c) else []
        if d["type"] != "action":
            return []
        act = d["fx"]["act"]
        name = d["name"]
        if "poach" in act:
            out = []
            for s in range(state["n"]):
                if s != seat:
                    for e in self._distinct(x for x in state["p"][s]["a"] if CARD[x]["type"] == "entre"):
                        out.append({"type": "play", "card": c, "target": s, "ent": e,
                                    "label": f"Play {name}: take {nm(e)} from @{s}"})
            return out
        if "fire" in act:
            return [{"type": "play", "card": c, "target": s, "label": f"Play {name} on @{s}"}
                    for s in range(state["n"]) if s != seat]
        if ("explore" in act or "survey" in act) and not available(state, "x"):
            return []
        return [{"type": "play", "card": c, "label": f"Play {name}"}]

    # ------------------------------------------------------------------ play
    def play(self, state: dict, seat: int, action: dict) -> list[dict]:
        events: list[dict] = []
        t = action["type"]
        p = state["p"][seat]
        ph = state["ph"]
        if ph in ("pay", "trade"):
            if ph == "pay":
                why = state["sub"]["why"]
                if t == "pay":
                    due = owed(state, seat, why)
                    p["c"] -= due
                    events.append(ev(f"@{seat} pays {plural(due, 'coin')} for partnerships", "pay"))
                    self._after_payment(state, events)
                else:
                    self._lose(state, seat, action["card"], events, "cannot or will not pay for")
                    if owed(state, seat, why) == 0:
                        self._after_payment(state, events)
            else:
                if t == "pay":
                    p["c"] -= 2
                    events.append(ev(f"@{seat} pays 2 coins to keep trading", "pay"))
                else:
                    self._lose(state, seat, action["card"], events, "gives up")
                self._after_payment(state, events)
        elif t == "buy":
            c = action["card"]
            cost = price(state, seat, c)
            p["c"] -= cost
            state["market"].remove(c)
            state["bought"] = True
            state["gc"] = 0
            events.append(ev(f"@{seat} buys {nm(c)} for {plural(cost, 'coin')}" if cost else
                             f"@{seat} takes {nm(c)} from the market", "buy", card=c))
            self._gain(state, seat, c, events)
            self._maybe_auto_end(state, events)
        elif t == "explore":
            cost = explore_cost(state, seat)
            p["c"] -= cost
            events.append(ev(f"@{seat} pays {plural(cost, 'coin')} for an expedition", "explore"))
            if state["var"] == "basic":
                state["bought"] = True
            else:
                state["explored"] = True
            self._explore(state, seat, events)
        elif t == "explore_cards":
            state["ph"], state["sub"] = "xpay", {"picked": []}
        elif t == "xpay":
            picked = state["sub"]["picked"]
            picked.append(action["card"])
            if len(picked) == 2:
                for c in picked:
                    p["h"].remove(c)
                    discard(state, c)
                events.append(ev(f"@{seat} discards {nm(picked[0])} and {nm(picked[1])} to pay for an expedition",
                                 "explore"))
                state["ph"], state["sub"] = "main", None
                state["explored"] = True
                self._explore(state, seat, events)
        elif t == "cancel":
            state["ph"], state["sub"] = "main", None
        elif t == "keep":
            self._keep(state, seat, action["card"], events)
        elif t == "order":
            order = action["cards"]
            state["deck"]["x"].extend(reversed(order))
            state["ph"], state["sub"] = "main", None
            events.append(ev(f"@{seat} puts the top Exploration cards back", "survey"))
            events.append(ev("You put back, top first: " + ", ".join(nm(c) for c in order), "survey", seats=[seat]))
        elif t == "claim":
            c = action["card"]
            if c == p["s"]:
                p["s"] = None
                events.append(ev(f"@{seat} reveals a secret achievement and claims it: {nm(c)} (1 VP)", "claim",
                                 card=c))
            else:
                state["row"].remove(c)
                events.append(ev(f"@{seat} claims {nm(c)} (1 VP)", "claim", card=c))
            p["w"].append(c)
            state["claimed"] = True
            self._maybe_auto_end(state, events)
        elif t == "play":
            self._play_card(state, seat, action, events)
        elif t == "discard":
            c = action["card"]
            p["h"].remove(c)
            discard(state, c)
            events.append(ev(f"@{seat} discards {nm(c)} from hand", "discard", card=c))
            if len(p["h"]) <= hand_limit(p):
                self._finish_turn(state, events)
        elif t == "end":
            if state["var"] == "full" and len(p["h"]) > hand_limit(p):
                state["ph"], state["sub"] = "hand", None
            else:
                self._finish_turn(state, events)
        else:  # pragma: no cover - play only receives legal actions
            raise ValueError(t)
        return events

    # ------------------------------------------------------------------ turn structure
    def _start_turn(self, state: dict, events: list[dict]) -> None:
        seat = state["turn"]
        p = state["p"][seat]
        state.update({"bought": False, "explored": False, "claimed": False, "mod": 0, "gc": 0, "ev": None,
                      "sub": None, "ph": "main"})
        events.append(ev(f"@{seat} starts a turn (round {state['round']})", "turn", seat=seat))
        if state["var"] == "basic":
            p["c"] += 2
            events.append(ev(f"@{seat} takes 2 coins", "coins"))
            self._produce_money(state, seat, events)
            self._produce_mines(state, seat, events)
            state["cont"] = "main"
            self._ask_payment(state, seat, "upkeep", events)
            return
        c = draw(state, "e")
        state["ev"] = c
        state["disc"]["e"].append(c)
        events.append(ev(f"Event for @{seat}: {nm(c)}. {CARD[c]['text']}", "event", card=c))
        state["cont"] = "post_event"
        for step in CARD[c]["fx"]["ev"]:
            kind = step[0]
            if kind == "money":
                self._produce_money(state, seat, events)
            elif kind == "mines":
                self._produce_mines(state, seat, events)
            elif kind == "nugget":
                if mines(p):
                    self._cash_ingots(state, seat, step[1], 0, "the nugget", events)
                else:
                    p["c"] += step[2]
                    events.append(ev(f"@{seat} owns no mine and gains {plural(step[2], 'coin')}", "coins"))
            elif kind == "all_gain":
                for i in range(state["n"]):
                    s = (seat + i) % state["n"]
                    state["p"][s]["c"] += step[1]
                events.append(ev(f"Every player gains {plural(step[1], 'coin')}", "coins"))
            elif kind == "price_mod":
                state["mod"] = step[1]
            elif kind == "per_card":
                gain = count(p, step[1]) * step[2]
                p["c"] += gain
                events.append(ev(f"@{seat} gains {plural(gain, 'coin')}", "coins"))
            elif kind == "oblig":
                self._ask_payment(state, seat, "oblig", events)
                return
            elif kind == "trade_broken":
                if count(p, {"type": "trading"}):
                    state["ph"], state["sub"] = "trade", {}
                    return
                events.append(ev(f"@{seat} owns no Trading enterprise: nothing happens", "info"))
        self._post_event(state, events)

    def _ask_payment(self, state: dict, seat: int, why: str, events: list[dict]) -> None:
        if owed(state, seat, why) > 0:
            state["ph"], state["sub"] = "pay", {"why": why}
        else:
            if why == "oblig" and count(state["p"][seat], {"type": "entre"}):
                events.append(ev(f"@{seat}'s banks cover the obligations", "pay"))
            self._after_payment(state, events)

    def _after_payment(self, state: dict, events: list[dict]) -> None:
        state["sub"] = None
        if state["cont"] == "post_event":
            self._post_event(state, events)
        else:
            state["ph"] = "main"

    def _post_event(self, state: dict, events: list[dict]) -> None:
        seat = state["turn"]
        self._refill(state)
        self._draw_main(state, seat, 2, events)
        state["ph"], state["sub"] = "main", None

    def _draw_main(self, state: dict, seat: int, n: int, events: list[dict]) -> None:
        got = []
        for _ in range(n):
            c = draw(state, "m")
            if c is None:
                break
            got.append(c)
        state["p"][seat]["h"].extend(got)
        if got:
            events.append(ev(f"@{seat} draws {plural(len(got), 'card')}", "draw"))
            events.append(ev("You draw " + ", ".join(nm(c) for c in got), "draw", seats=[seat], cards=got))
        else:
            events.append(ev("The Main deck is exhausted: no card to draw", "draw"))

    def _refill(self, state: dict) -> None:
        while len(state["market"]) < MARKET_SIZE:
            c = draw(state, "g")
            if c is None:
                break
            state["market"].append(c)

    def _maybe_auto_end(self, state: dict, events: list[dict]) -> None:
        """Basic: once the action is taken and no achievement can still be claimed, the turn ends by itself."""
        if state["var"] != "basic" or not state["bought"] or state["ph"] != "main":
            return
        seat = state["turn"]
        p = state["p"][seat]
        if not state["claimed"]:
            if any(meets(p, c) for c in state["row"]) or (p["s"] is not None and meets(p, p["s"])):
                return
        self._finish_turn(state, events)

    def _finish_turn(self, state: dict, events: list[dict]) -> None:
        seat = state["turn"]
        n = state["n"]
        if state["var"] == "basic":
            self._refill(state)
        score = vp(state, seat)
        if score >= state["target"]:
            if not state["eq"]:
                state["over"] = {"winners": [seat], "reason": "target"}
                state["ph"], state["sub"] = "over", None
                events.append(ev(f"@{seat} reaches {score} VP and wins!", "end"))
                return
            if not state["final"]:
                events.append(ev(f"@{seat} reaches {score} VP: the round is finished so everyone has had as many "
                                 f"turns", "final"))
            state["final"] = True
        if not state["market"] and not available(state, "g") and not state["final"]:
            state["final"] = True
            events.append(ev("The market and the Guild deck are exhausted: this is the last round", "final"))
        nxt = (seat + 1) % n
        if nxt == state["first"]:
            if state["final"] or state["round"] >= state["cap"]:
                if any(vp(state, s) >= state["target"] for s in range(n)):
                    reason = "equal turns"
                else:
                    reason = "exhaustion" if state["final"] else "round cap"
                self._end_by_points(state, reason, events)
                return
            state["round"] += 1
        state["turn"] = nxt
        self._start_turn(state, events)

    def _end_by_points(self, state: dict, reason: str, events: list[dict]) -> None:
        n = state["n"]
        key = [(vp(state, s), state["p"][s]["c"]) for s in range(n)]
        best = max(key)
        winners = [s for s in range(n) if key[s] == best]
        state["over"] = {"winners": winners, "reason": reason}
        state["ph"], state["sub"] = "over", None
        who = " and ".join(f"@{s}" for s in winners)
        events.append(ev(f"Game over ({reason}): {who} {'wins' if len(winners) == 1 else 'share the win'} with "
                         f"{best[0]} VP", "end"))

    # ------------------------------------------------------------------ effects
    def _gain(self, state: dict, seat: int, c: int, events: list[dict]) -> None:
        """A card enters a play area: 'each time you gain' abilities, then the Gold Industrialist check."""
        p = state["p"][seat]
        p["a"].append(c)
        d = CARD[c]
        for x in p["a"]:
            on = CARD[x]["fx"].get("on_gain")
            if on and matches(d, on["sel"]):
                p["c"] += on["coins"]
                events.append(ev(f"{nm(x)} pays @{seat} {plural(on['coins'], 'coin')}", "coins"))
        if d["type"] == "mine":
            self._check_gi(state, events)

    def _lose(self, state: dict, seat: int, c: int, events: list[dict], why: str) -> None:
        state["p"][seat]["a"].remove(c)
        discard(state, c)
        events.append(ev(f"@{seat} {why} {nm(c)}: it is discarded", "lose", card=c))

    def _check_gi(self, state: dict, events: list[dict]) -> None:
        counts = [mines(p) for p in state["p"]]
        holder = state["gi"]
        need = 3 if holder is None else counts[holder] + 1
        best = max(range(state["n"]), key=lambda s: (counts[s], s == state["turn"]))
        if counts[best] >= need and best != holder:
            state["gi"] = best
            events.append(ev(f"@{best} owns {counts[best]} gold mines and takes the Gold Industrialist (1 VP)",
                             "industrialist"))

    def _produce_money(self, state: dict, seat: int, events: list[dict]) -> None:
        p = state["p"][seat]
        inc = income(p)
        if inc <= 0:
            return
        gain = inc + fx_sum(p, "income_bonus")
        p["c"] += gain
        events.append(ev(f"@{seat}'s money cards produce {plural(gain, 'coin')}", "income"))

    def _produce_mines(self, state: dict, seat: int, events: list[dict]) -> None:
        p = state["p"][seat]
        n = ingots(p)
        if n <= 0:
            return
        self._cash_ingots(state, seat, n + fx_sum(p, "extra_ingot"), fx_sum(p, "mine_coin"), "mines", events)

    def _cash_ingots(self, state: dict, seat: int, n: int, bonus: int, what: str, events: list[dict]) -> None:
        pool = state["pool"]
        Rng(state).shuffle(pool)
        drawn = pool[:min(n, len(pool))]
        gain = sum(drawn) + bonus
        state["p"][seat]["c"] += gain
        extra = f" + {bonus} from Assay Offices" if bonus else ""
        events.append(ev(f"@{seat}'s {what} yield ingots {', '.join(map(str, drawn))}{extra}: "
                         f"{plural(gain, 'coin')}", "ingots", ingots=drawn))

    def _explore(self, state: dict, seat: int, events: list[dict]) -> None:
        """Basic: blind draw from the Guild deck; full: reveal from the Exploration deck. Bazanov: 2, keep 1."""
        k = "g" if state["var"] == "basic" else "x"
        n = 2 if has_fx(state["p"][seat], "explore_draw") else 1
        got = [c for c in (draw(state, k) for _ in range(n)) if c is not None]
        real = [c for c in got if CARD[c]["type"] != "lost"]
        if len(got) == 2 and real and len(self._distinct(got)) == 2:
            state["sub"] = {"cards": got}
            state["ph"] = "keep"
            events.append(ev(f"@{seat} draws 2 cards and keeps one of them", "explore"))
            events.append(ev("You draw " + ", ".join(nm(c) for c in got), "explore", seats=[seat]))
            return
        if not got:
            events.append(ev("The expedition finds nothing: the deck is exhausted", "explore"))
            return
        keep = real[0] if real else None
        for c in got:
            if c != keep:
                discard(state, c)
                events.append(ev(f"@{seat}'s expedition turns up {nm(c)}: it is discarded", "explore", card=c))
        if keep is not None:
            events.append(ev(f"@{seat}'s expedition brings {nm(keep)}", "explore", card=keep))
            self._gain(state, seat, keep, events)
        self._maybe_auto_end(state, events)

    def _keep(self, state: dict, seat: int, c: int, events: list[dict]) -> None:
        cards = state["sub"]["cards"]
        other = cards[1] if cards[0] == c else cards[0]
        state["ph"], state["sub"] = "main", None
        discard(state, other)
        events.append(ev(f"@{seat} discards {nm(other)}", "explore", card=other))
        if CARD[c]["type"] == "lost":
            discard(state, c)
            events.append(ev(f"@{seat} keeps the Lost Expedition: nothing is gained", "explore", card=c))
        else:
            events.append(ev(f"@{seat} keeps {nm(c)}", "explore", card=c))
            self._gain(state, seat, c, events)
        self._maybe_auto_end(state, events)

    def _play_card(self, state: dict, seat: int, action: dict, events: list[dict]) -> None:
        c = action["card"]
        p = state["p"][seat]
        p["h"].remove(c)
        d = CARD[c]
        if d["type"] == "ach":
            p["w"].append(c)
            events.append(ev(f"@{seat} plays the achievement {d['name']} (1 VP)", "claim", card=c))
            return
        discard(state, c)
        events.append(ev(f"@{seat} plays {d['name']}", "play", card=c))
        act = d["fx"]["act"]
        if "gain" in act:
            p["c"] += act["gain"]
            events.append(ev(f"@{seat} gains {plural(act['gain'], 'coin')}", "coins"))
        elif "produce" in act:
            if act["produce"] == "money":
                self._produce_money(state, seat, events)
            else:
                self._produce_mines(state, seat, events)
        elif "explore" in act:
            self._explore(state, seat, events)
        elif "next_buy" in act:
            state["gc"] += 1
        elif "poach" in act:
            s, e = action["target"], action["ent"]
            state["p"][s]["a"].remove(e)
            events.append(ev(f"@{seat} poaches {nm(e)} from @{s}", "poach", card=e))
            self._gain(state, seat, e, events)
        elif "fire" in act:
            s = action["target"]
            lost = min(act["fire"], state["p"][s]["c"])
            state["p"][s]["c"] -= lost
            events.append(ev(f"@{s} loses {plural(lost, 'coin')} in the fire", "coins"))
        elif "new_market" in act:
            for x in state["market"]:
                discard(state, x)
            state["market"] = []
            self._refill(state)
            events.append(ev("The market is swept away and dealt anew", "market"))
        elif "survey" in act:
            deck = state["deck"]["x"]
            if not deck:
                draw_back = draw(state, "x")
                deck.append(draw_back)
            top = [deck.pop() for _ in range(min(act["survey"], len(deck)))]
            state["ph"], state["sub"] = "survey", {"cards": top}
            events.append(ev("You see, top first: " + ", ".join(nm(x) for x in top), "survey", seats=[seat]))
        elif "draw" in act:
            self._draw_main(state, seat, act["draw"], events)

    # ------------------------------------------------------------------ views and result
    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        players = []
        for s, p in enumerate(state["p"]):
            players.append({
                "coins": p["c"], "area": p["a"], "achievements": p["w"], "hand": len(p["h"]),
                "secret": p["s"] is not None, "vp": vp(state, s), "mines": mines(p), "income": income(p),
                "ingots": ingots(p), "industrialist": state["gi"] == s,
            })
        me = state["p"][seat] if seat is not None else None
        sub = None
        if state["sub"] is not None and state["ph"] in ("keep", "survey", "xpay"):
            sub = {"kind": state["ph"]}
            if seat == state["turn"]:
                sub.update({k: v for k, v in state["sub"].items() if k in ("cards", "picked")})
        out = {
            "variant": state["var"], "players": players, "turn": state["turn"], "phase": state["ph"], "sub": sub,
            "round": state["round"], "round_cap": state["cap"], "first": state["first"], "target": state["target"],
            "equal_turns": state["eq"], "final_round": state["final"],
            "market": state["market"], "prices": ([price(state, seat, c) for c in state["market"]]
                                                  if seat == state["turn"] else
                                                  [CARD[c]["cost"] or 0 for c in state["market"]]),
            "row": state["row"], "industrialist": state["gi"], "event": state["ev"],
            "decks": {k: len(state["deck"][k]) for k in "gxme"},
            "discards": {k: {"count": len(state["disc"][k]), "top": state["disc"][k][-1] if state["disc"][k] else None}
                         for k in "gxme"},
            "ingot_pool": len(state["pool"]),
            "turn_flags": {"bought": state["bought"], "explored": state["explored"], "claimed": state["claimed"],
                           "price_mod": state["mod"], "guild_connections": state["gc"]},
            "explore_cost": explore_cost(state, state["turn"]),
            "over": state["over"],
        }
        if me is not None:
            out["hand"] = me["h"]
            out["my_secret"] = me["s"]
            out["hand_limit"] = hand_limit(me)
        return out

    def result(self, state: dict) -> dict[str, Any] | None:
        over = state["over"]
        if not over:
            return None
        n = state["n"]
        scores = [vp(state, s) for s in range(n)]
        coins = [state["p"][s]["c"] for s in range(n)]
        winners = over["winners"]
        others = sorted((s for s in range(n) if s not in winners), key=lambda s: (-scores[s], -coins[s], s))
        ranking = [list(winners)]
        for s in others:
            if ranking[-1] and ranking[-1][0] not in winners and \
                    (scores[ranking[-1][0]], coins[ranking[-1][0]]) == (scores[s], coins[s]):
                ranking[-1].append(s)
            else:
                ranking.append([s])
        names = " and ".join(f"@{s}" for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return {"scores": scores, "winners": list(winners), "ranking": ranking, "coins": coins,
                "reason": over["reason"], "text": f"{names} {verb} with {scores[winners[0]]} VP ({over['reason']})"}

    def catalogue(self) -> dict[str, Any]:
        return catalogue_data()
