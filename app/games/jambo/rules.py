"""Jambo (Rüdiger Dorn, 2004) for exactly 2 players: server-enforced rules.

State layout (plain JSON):
- "players": per seat {"gold", "hand": [card ids], "utils": [card ids], "stands": [small stand card ids],
  "wares": [count per ware type on ordinary spaces], "sixth": ware type on the 6th space of the large stand or -1}
- "deck" (top = last), "discard" (top = last), "limbo" (cards being resolved, discarded when done)
- "turn", "phase" (1 draw / 2 play), "acts" (actions used), "drawn" (card drawn in phase 1, awaiting keep/discard)
- "stage": a sub-step of the current turn {"kind", "seat" (who decides), ...} or None
- "used" (utilities used this turn), "wise" (Wise Men played this turn), "built" (a small stand was built)
- "ender" (seat that ended a turn with >= 60 gold), "over", "tie"

Wares are placed by the server on ordinary free spaces first and on the 6th space of the large stand (2-gold fee)
only when needed; wares leave ordinary spaces first. This is always the player's cheapest placement, so the
player never has to choose spaces. Ware tokens are limited to 6 per type: the supply is 6 minus both players'
holdings. Reactions (Guard, Rain Maker) are always offered to the opponent, whatever their hand, so the pause
itself reveals nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from app.engine import Event, Game, Prompt, RandomBot, Rng, State

from . import cards as C
from .bot import JamboBot
from .cards import KINDS, WARES, kind, name


class JamboOptions(BaseModel):
    first_player: int | None = Field(default=None, ge=0, le=1, description="Seat that starts; random when empty.")
    tie_goes_to: Literal["first_to_60", "last_player"] = Field(
        default="first_to_60",
        description="Who wins a tie in gold: the player who first reached 60 (French rules) or the player "
                    "who took the last turn (English edition).")


def _ev(typ: str, text: str, seats: list[int] | None = None, **extra: Any) -> Event:
    e: Event = {"type": typ, "text": text}
    if seats is not None:
        e["seats"] = seats
    e.update(extra)
    return e


# ---- ware helpers ------------------------------------------------------------------------------------------------

def held(P: dict, t: int) -> int:
    return P["wares"][t] + (1 if P["sixth"] == t else 0)


def total_wares(P: dict) -> int:
    return sum(P["wares"]) + (1 if P["sixth"] >= 0 else 0)


def plain_capacity(P: dict) -> int:
    return C.LARGE_STAND_SPACES - 1 + C.SMALL_STAND_SPACES * len(P["stands"])


def free_plain(P: dict) -> int:
    return plain_capacity(P) - sum(P["wares"])


def free_spaces(P: dict) -> int:
    return free_plain(P) + (1 if P["sixth"] < 0 else 0)


def fit_fee(P: dict, n: int) -> int | None:
    """The 6th-space fee to place n more wares, or None when they do not fit."""
    fp = free_plain(P)
    if n <= fp:
        return 0
    if n == fp + 1 and P["sixth"] < 0:
        return C.SIXTH_SPACE_FEE
    return None


def can_take(P: dict, n: int, price: int = 0) -> bool:
    fee = fit_fee(P, n)
    return fee is not None and P["gold"] >= price + fee


def supply(s: State) -> list[int]:
    """Tokens left in the general supply (6 per type minus both stands and an Elephant pool being drafted)."""
    st = s["stage"]
    pool = st["pool"] if st is not None and st["kind"] == "elephant" else [0] * 6
    return [C.TOKENS_PER_WARE - held(s["players"][0], t) - held(s["players"][1], t) - pool[t] for t in range(6)]


def put_ware(P: dict, t: int) -> bool:
    """Place one ware (ordinary space first, else the 6th space paying the fee). False: no room, it stays in supply."""
    if free_plain(P) > 0:
        P["wares"][t] += 1
        return True
    if P["sixth"] < 0 and P["gold"] >= C.SIXTH_SPACE_FEE:
        P["gold"] -= C.SIXTH_SPACE_FEE
        P["sixth"] = t
        return True
    return False


def take_ware(P: dict, t: int) -> None:
    if P["wares"][t] > 0:
        P["wares"][t] -= 1
    else:
        assert P["sixth"] == t
        P["sixth"] = -1


def held_types(P: dict) -> list[int]:
    return [t for t in range(6) if held(P, t) > 0]


def _count(wares: list[int]) -> list[int]:
    c = [0] * 6
    for t in wares:
        c[t] += 1
    return c


# ---- the game ----------------------------------------------------------------------------------------------------

class Jambo(Game):
    id: ClassVar[str] = "jambo"
    title: ClassVar[str] = "Jambo"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]] = JamboOptions
    max_moves: ClassVar[int] = 30000
    bots: ClassVar[dict] = {"random": RandomBot, "heuristic": JamboBot}

    # ---- setup ------------------------------------------------------------------------------------------------
    def setup(self, num_players: int, options: BaseModel, state: State) -> None:
        rng = Rng(state)
        deck = list(range(C.NUM_CARDS))
        rng.shuffle(deck)
        players = []
        for _ in range(2):
            hand = [deck.pop() for _ in range(C.START_HAND)]
            players.append({"gold": C.START_GOLD, "hand": hand, "utils": [], "stands": [],
                            "wares": [0] * 6, "sixth": -1})
        first = options.first_player if options.first_player is not None else rng.below(2)
        state.update({
            "players": players, "deck": deck, "discard": [], "limbo": [],
            "turn": first, "first": first, "phase": 1, "acts": 0, "drawn": None, "stage": None,
            "used": [], "wise": 0, "built": False, "ender": None, "over": False,
            "tie": options.tie_goes_to, "turns": 1,
        })

    # ---- small helpers ----------------------------------------------------------------------------------------
    def _draw(self, s: State) -> int | None:
        if not s["deck"]:
            if not s["discard"]:
                return None
            s["deck"] = s["discard"]
            s["discard"] = []
            Rng(s).shuffle(s["deck"])
        return s["deck"].pop()

    def _draw_to_hand(self, s: State, seat: int, n: int, ev: list[Event]) -> int:
        got = []
        for _ in range(n):
            c = self._draw(s)
            if c is None:
                break
            got.append(c)
            s["players"][seat]["hand"].append(c)
        if got:
            ev.append(_ev("draw", f"@{seat} draws {len(got)} card{'s' if len(got) > 1 else ''}"))
            ev.append(_ev("draw_private", f"@{seat} draws " + ", ".join(name(c) for c in got), [seat], cards=got))
        else:
            ev.append(_ev("draw", f"@{seat} draws nothing: no cards left"))
        return len(got)

    def _discard(self, s: State, card: int) -> None:
        s["discard"].append(card)
        if card in s["used"]:
            s["used"].remove(card)

    def _can_draw(self, s: State) -> bool:
        return bool(s["deck"] or s["discard"])

    def stand_cost(self, s: State) -> int:
        return C.LATER_STAND_COST if s["built"] else C.FIRST_STAND_COST

    def _price_buy(self, s: State, k: str) -> int:
        return max(0, KINDS[k]["buy"] - 2 * s["wise"])

    def _price_sell(self, s: State, k: str) -> int:
        return KINDS[k]["sell"] + 2 * s["wise"]

    def _can_buy(self, s: State, seat: int, k: str) -> bool:
        P = s["players"][seat]
        need = _count(KINDS[k]["wares"])
        sup = supply(s)
        if any(need[t] > sup[t] for t in range(6)):
            return False
        return can_take(P, len(KINDS[k]["wares"]), self._price_buy(s, k))

    def _can_sell(self, s: State, seat: int, k: str) -> bool:
        P = s["players"][seat]
        need = _count(KINDS[k]["wares"])
        return all(held(P, t) >= need[t] for t in range(6))

    def _shaman_pairs(self, s: State, seat: int) -> list[tuple[int, int]]:
        P = s["players"][seat]
        sup = supply(s)
        pairs = []
        for a in held_types(P):
            n = held(P, a)
            Q = {"gold": P["gold"], "wares": list(P["wares"]), "sixth": P["sixth"], "stands": P["stands"]}
            for _ in range(n):
                take_ware(Q, a)
            for b in range(6):
                if b != a and sup[b] >= n and can_take(Q, n):
                    pairs.append((a, b))
        return pairs

    def _ware_gain_types(self, s: State, seat: int, n: int, price: int) -> list[int]:
        """Types of which `seat` can take n from the supply paying `price` (and the 6th-space fee if needed)."""
        P = s["players"][seat]
        if not can_take(P, n, price):
            return []
        sup = supply(s)
        return [t for t in range(6) if sup[t] >= n]

    # ---- utility use --------------------------------------------------------------------------------------------
    def _util_usable(self, s: State, seat: int, k: str) -> bool:
        P = s["players"][seat]
        O = s["players"][1 - seat]
        if k == "well":
            return P["gold"] >= 1
        if k == "drums":
            return total_wares(P) > 0
        if k == "throne":
            return total_wares(P) > 0 and total_wares(O) > 0
        if k == "boat":
            return bool(P["hand"]) and bool(self._ware_gain_types(s, seat, 1, 0))
        if k == "scale":
            return self._can_draw(s)
        if k == "mask":
            return bool(P["hand"]) and bool(s["discard"])
        if k == "supplies":
            return P["gold"] >= 1 or bool(P["hand"])
        if k in ("kettle", "weapons"):
            return bool(P["hand"])
        if k == "leopard":
            return bool(self._ware_gain_types(s, seat, 1, 2))
        return False

    def _use_util(self, s: State, seat: int, k: str, ev: list[Event]) -> None:
        """Start the effect of a utility of kind k for `seat` (action and marks handled by the caller)."""
        P = s["players"][seat]
        if k != "well":
            ev.append(_ev("use", f"@{seat} uses {KINDS[k]['name']}"))
        if k == "well":
            P["gold"] -= 1
            ev.append(_ev("pay", f"@{seat} pays 1 gold to the Well"))
            self._draw_to_hand(s, seat, 1, ev)
            self._done(s, ev)
        elif k == "scale":
            got = [c for c in (self._draw(s), self._draw(s)) if c is not None]
            if len(got) == 2:
                ev.append(_ev("reveal_private", "You draw " + " and ".join(name(c) for c in got), [seat]))
                s["stage"] = {"kind": "scale", "seat": seat, "cards": got}
            else:
                P["hand"] += got
                ev.append(_ev("draw", f"@{seat} draws {len(got)} card(s) with the Scale"))
                self._done(s, ev)
        elif k in ("drums", "throne", "boat", "mask", "supplies", "kettle", "leopard", "weapons"):
            stage_kind = {"throne": "throne_take", "boat": "boat_card", "kettle": "kettle1"}.get(k, k)
            s["stage"] = {"kind": stage_kind, "seat": seat}
        else:  # pragma: no cover
            raise AssertionError(k)

    # ---- pending / prompts -----------------------------------------------------------------------------------------
    def pending(self, state: State) -> dict[int, Prompt]:
        if state["over"]:
            return {}
        st = state["stage"]
        if st is not None:
            # Prompt texts are shown as they are (only event and view texts name players as "@<seat>"): the
            # reacting player is asked about "your opponent".
            text = self._stage_text(state, st).replace(f"@{state['turn']}", "Your opponent")
            return {st["seat"]: Prompt(text, kind=st["kind"])}
        t = state["turn"]
        if state["phase"] == 1:
            if state["drawn"] is not None:
                return {t: Prompt("Keep the card you drew (and go to phase 2) or discard it", kind="keep")}
            return {t: Prompt(f"Phase 1: draw a card, or go to phase 2 ({5 - state['acts']} actions left)",
                              kind="draw")}
        return {t: Prompt(f"Phase 2: play cards or use utilities ({5 - state['acts']} actions left)", kind="play")}

    def _stage_text(self, s: State, st: dict) -> str:
        k = st["kind"]
        texts = {
            "guard": f"@{s['turn']} plays {name(st['card']) if 'card' in st else 'an animal'}: react?",
            "rain": f"@{s['turn']} used a ware card: react?",
            "replace": "You already have 3 utilities: choose one to discard",
            "drums": "Drums: choose a ware to return",
            "throne_take": "Throne: choose a ware to take from the opponent",
            "throne_give": "Throne: choose a ware to give in exchange",
            "boat_card": "Boat: choose a card to discard",
            "boat_ware": "Boat: choose a ware to take",
            "scale": "Scale: choose the card to keep (the other goes to the opponent)",
            "mask": "Mask: choose a hand card to swap with the top of the discard pile",
            "supplies": "Supplies: pay 1 gold or discard a card",
            "kettle1": "Kettle: choose a card to discard",
            "kettle2": "Kettle: discard a second card, or stop",
            "leopard": "Leopard Statue: choose a ware to take for 2 gold",
            "weapons": "Weapons: choose a card to discard for 2 gold",
            "shaman_from": "Shaman: choose the ware type to give up",
            "shaman_to": "Shaman: choose the ware type to receive",
            "psychic": "Psychic: choose a card to take",
            "elder": "Tribal Elder: choose an effect",
            "elder_discard": "Tribal Elder: discard down to 3 cards",
            "portuguese": "Portuguese: sell wares for 2 gold each, or finish",
            "basket": "Basket Maker: choose the ware type (2 for 2 gold)",
            "travel1": "Traveling Merchant: choose the first ware to auction",
            "travel2": "Traveling Merchant: choose the second ware to auction",
            "auction": "Auction: bid or pass",
            "dancer_card": "Dancer: choose a 3-ware card to discard",
            "dancer_ware": "Dancer: choose a ware to return",
            "carrier": "Carrier: choose your option",
            "carrier_ware": "Carrier: choose the ware type",
            "carrier_opp": "Carrier: choose the ware type you receive",
            "drummer": "Drummer: choose a utility from the discard pile",
            "croc": "Crocodile: choose an opponent's utility",
            "parrot": "Parrot: choose a ware to take",
            "hyena_take": "Hyena: choose a card to take from the opponent's hand",
            "hyena_give": "Hyena: choose a card to give back",
            "snake": "Snake: choose the utility you keep",
            "elephant": "Elephant: take a ware from the pool",
            "ape": "Ape: take a card from the pool",
            "lion": "Lion: take a utility from the pool",
            "cheetah": "Cheetah: give 2 gold or let the opponent draw 2 cards",
        }
        return texts.get(k, k)

    # ---- legal ---------------------------------------------------------------------------------------------------
    def legal(self, state: State, seat: int) -> list[dict]:
        if seat not in self.pending(state):
            return []
        st = state["stage"]
        if st is not None:
            return self._stage_legal(state, st)
        if state["phase"] == 1:
            return self._phase1_legal(state)
        return self._phase2_legal(state)

    def _phase1_legal(self, s: State) -> list[dict]:
        if s["drawn"] is not None:
            nm = name(s["drawn"])
            return [{"type": "keep", "label": f"Keep {nm}"},
                    {"type": "reject", "label": f"Discard {nm}"}]
        out = []
        if s["acts"] < C.ACTIONS and self._can_draw(s):
            out.append({"type": "draw", "label": "Draw a card (1 action)"})
        out.append({"type": "phase2", "label": "Go to phase 2"})
        if s["acts"] < C.ACTIONS:
            out += [a for a in self._util_actions(s) if kind(a["card"]) == "mask"]
        out.append({"type": "end", "label": "End turn"})
        return out

    def _util_actions(self, s: State) -> list[dict]:
        t = s["turn"]
        out = []
        for u in s["players"][t]["utils"]:
            if u not in s["used"] and self._util_usable(s, t, kind(u)):
                out.append({"type": "use", "card": u, "label": f"Use {name(u)} (1 action)"})
        return out

    def _phase2_legal(self, s: State) -> list[dict]:
        t = s["turn"]
        P = s["players"][t]
        O = s["players"][1 - t]
        out: list[dict] = []
        if s["acts"] < C.ACTIONS:
            seen = set()
            for c in P["hand"]:
                k = kind(c)
                if k in seen:
                    continue
                seen.add(k)
                typ = KINDS[k]["type"]
                if typ == "ware":
                    wl = C.ware_list(KINDS[k]["wares"])
                    if self._can_buy(s, t, k):
                        price = self._price_buy(s, k)
                        fee = fit_fee(P, len(KINDS[k]["wares"]))
                        extra = f" + {fee} for the 6th space" if fee else ""
                        out.append({"type": "buy", "card": c, "label": f"Buy {wl} for {price} gold{extra}"})
                    if self._can_sell(s, t, k):
                        out.append({"type": "sell", "card": c,
                                    "label": f"Sell {wl} for {self._price_sell(s, k)} gold"})
                    continue
                if self._playable(s, t, k, P, O):
                    label = f"Play {KINDS[k]['name']}"
                    if k == "stand":
                        label += f" for {self.stand_cost(s)} gold"
                    out.append({"type": "play", "card": c, "label": label})
            out += self._util_actions(s)
        out.append({"type": "end", "label": "End turn"})
        return out

    def _playable(self, s: State, t: int, k: str, P: dict, O: dict) -> bool:
        if k in C.REACTIONS:
            return False
        if k == "stand":
            return P["gold"] >= self.stand_cost(s)
        if k in C.UTILITIES or k in ("elder", "wiseman", "snake", "elephant", "ape", "lion", "cheetah", "carrier"):
            return True
        if k == "shaman":
            return bool(self._shaman_pairs(s, t))
        if k == "psychic" or k == "arabian":
            return self._can_draw(s)
        if k == "portuguese":
            return total_wares(P) > 0
        if k == "basket":
            return bool(self._ware_gain_types(s, t, 2, 2))
        if k == "traveling":
            return sum(supply(s)) >= 2
        if k == "dancer":
            return total_wares(P) >= 3 and any(
                KINDS[kind(c)]["type"] == "ware" and len(KINDS[kind(c)]["wares"]) == 3 for c in P["hand"])
        if k == "drummer":
            return any(kind(c) in C.UTILITIES for c in s["discard"])
        if k == "crocodile":
            return bool(O["utils"])
        if k == "parrot":
            return total_wares(O) > 0 and can_take(P, 1)
        if k == "hyena":
            return bool(O["hand"])
        raise AssertionError(k)  # pragma: no cover

    def _card_choices(self, cards: list[int], verb: str, typ: str = "pick") -> list[dict]:
        """One action per distinct kind among `cards` (identical cards are interchangeable)."""
        out, seen = [], set()
        for c in cards:
            if kind(c) not in seen:
                seen.add(kind(c))
                out.append({"type": typ, "card": c, "label": f"{verb} {name(c)}"})
        return out

    def _ware_choices(self, types: list[int], verb: str, suffix: str = "") -> list[dict]:
        return [{"type": "ware", "ware": t, "label": f"{verb} {WARES[t]}{suffix}"} for t in types]

    @staticmethod
    def _fee_note(P: dict, n: int) -> str:
        """Label suffix when taking n wares by choice puts one on the 6th space (the 2-gold fee)."""
        return f" + {C.SIXTH_SPACE_FEE} for the 6th space" if fit_fee(P, n) else ""

    def _stage_legal(self, s: State, st: dict) -> list[dict]:
        k = st["kind"]
        seat = st["seat"]
        P = s["players"][seat]
        O = s["players"][1 - seat]
        if k == "guard":
            out = []
            if any(kind(c) == "guard" for c in P["hand"]):
                out.append({"type": "guard", "label": f"Play Guard: cancel the {name(st['card'])}"})
            out.append({"type": "allow", "label": "No reaction"})
            return out
        if k == "rain":
            out = []
            if any(kind(c) == "rainmaker" for c in P["hand"]):
                out.append({"type": "rain", "label": f"Play Rain Maker: take the ware card ({name(st['card'])})"})
            out.append({"type": "allow", "label": "No reaction"})
            return out
        if k == "replace":
            return [{"type": "pick", "card": u, "label": f"Discard {name(u)}"} for u in P["utils"]]
        if k == "drums":
            return self._ware_choices(held_types(P), "Return")
        if k == "throne_take":
            return self._ware_choices(held_types(O), "Take their")
        if k == "throne_give":
            return self._ware_choices(held_types(P), "Give your")
        if k in ("boat_card", "weapons", "kettle1", "mask"):
            verb = {"mask": "Swap"}.get(k, "Discard")
            return self._card_choices(P["hand"], verb)
        if k == "kettle2":
            return self._card_choices(P["hand"], "Discard") + [{"type": "stop", "label": "Stop: draw 1 card"}]
        if k == "boat_ware":
            return self._ware_choices(self._ware_gain_types(s, seat, 1, 0), "Take", self._fee_note(P, 1))
        if k == "leopard":
            return self._ware_choices(self._ware_gain_types(s, seat, 1, 2), "Take",
                                      " for 2 gold" + self._fee_note(P, 1))
        if k == "scale":
            return [{"type": "pick", "card": c, "label": f"Keep {name(c)}, give {name(o)}"}
                    for c, o in ((st["cards"][0], st["cards"][1]), (st["cards"][1], st["cards"][0]))]
        if k == "supplies":
            out = []
            if P["gold"] >= 1:
                out.append({"type": "gold", "label": "Pay 1 gold"})
            return out + self._card_choices(P["hand"], "Discard")
        if k == "shaman_from":
            froms = sorted({a for a, _ in self._shaman_pairs(s, seat)})
            return [{"type": "ware", "ware": a, "label": f"Give up all {held(P, a)} {WARES[a]}"} for a in froms]
        if k == "shaman_to":
            tos = [b for a, b in self._shaman_pairs(s, seat) if a == st["from"]]
            Q = {"wares": list(P["wares"]), "sixth": P["sixth"], "stands": P["stands"]}
            n = held(P, st["from"])
            for _ in range(n):
                take_ware(Q, st["from"])
            return self._ware_choices(tos, "Receive", self._fee_note(Q, n))
        if k == "psychic":
            return self._card_choices(st["cards"], "Take")
        if k == "elder":
            return [{"type": "opt", "opt": "discard", "label": "The opponent discards down to 3 cards"},
                    {"type": "opt", "opt": "draw", "label": "Draw until you hold 5 cards"}]
        if k == "elder_discard":
            return self._card_choices(P["hand"], "Discard")
        if k == "portuguese":
            return self._ware_choices(held_types(P), "Sell 1", " for 2 gold") + [
                {"type": "stop", "label": "Finish selling"}]
        if k == "basket":
            return self._ware_choices(self._ware_gain_types(s, seat, 2, 2), "Take 2",
                                      " for 2 gold" + self._fee_note(P, 2))
        if k == "travel1":
            sup = supply(s)
            return self._ware_choices([t for t in range(6) if sup[t] >= 1], "Auction")
        if k == "travel2":
            sup = supply(s)
            sup[st["first"]] -= 1
            return self._ware_choices([t for t in range(6) if sup[t] >= 1], f"Auction {WARES[st['first']]} and")
        if k == "auction":
            return self._bid_choices(s, st)
        if k == "dancer_card":
            hand3 = [c for c in P["hand"] if KINDS[kind(c)]["type"] == "ware" and len(KINDS[kind(c)]["wares"]) == 3]
            return [{"type": "pick", "card": c, "label": f"Discard {name(c)} (sell price {KINDS[kind(c)]['sell']})"}
                    for c in self._dedupe(hand3)]
        if k == "dancer_ware":
            return self._ware_choices(held_types(P), "Return")
        if k == "carrier":
            out = []
            if self._ware_gain_types(s, seat, 2, 0):
                out.append({"type": "opt", "opt": "wares", "label": "Take 2 wares of one type (opponent draws 2)"})
            out.append({"type": "opt", "opt": "cards", "label": "Draw 2 cards (opponent takes 2 wares)"})
            return out
        if k == "carrier_ware":
            return self._ware_choices(self._ware_gain_types(s, seat, 2, 0), "Take 2", self._fee_note(P, 2))
        if k == "carrier_opp":
            sup = supply(s)
            return self._ware_choices([t for t in range(6) if sup[t] >= 2], "Take 2")
        if k == "drummer":
            return self._card_choices([c for c in reversed(s["discard"]) if kind(c) in C.UTILITIES], "Take")
        if k == "croc":
            out = []
            for u in self._dedupe(O["utils"]):
                if self._util_usable(s, seat, kind(u)):
                    out.append({"type": "pick", "card": u, "use": True,
                                "label": f"Use their {name(u)}, then discard it"})
                out.append({"type": "pick", "card": u, "use": False, "label": f"Discard their {name(u)} unused"})
            return out
        if k == "parrot":
            return self._ware_choices(held_types(O), "Take their", self._fee_note(P, 1))
        if k == "hyena_take":
            return self._card_choices(O["hand"], "Take their")
        if k == "hyena_give":
            return self._card_choices(P["hand"], "Give")
        if k == "snake":
            return [{"type": "pick", "card": u, "label": f"Keep {name(u)}"} for u in self._dedupe(P["utils"])]
        if k == "elephant":
            return self._ware_choices([t for t in range(6) if st["pool"][t] > 0], "Take")
        if k in ("ape", "lion"):
            return self._card_choices(st["pool"], "Take")
        if k == "cheetah":
            out = []
            if P["gold"] >= 2:
                out.append({"type": "opt", "opt": "gold", "label": "Give 2 gold"})
            out.append({"type": "opt", "opt": "cards", "label": "Let them draw 2 cards"})
            return out
        raise AssertionError(k)  # pragma: no cover

    @staticmethod
    def _dedupe(cards: list[int]) -> list[int]:
        out, seen = [], set()
        for c in cards:
            if kind(c) not in seen:
                seen.add(kind(c))
                out.append(c)
        return out

    @staticmethod
    def bid_amounts(high: int, gold: int) -> list[int]:
        """Bids offered: every whole amount above the high bid up to the bidder's gold (spec §8.12)."""
        return list(range(high + 1, gold + 1))

    def _bid_choices(self, s: State, st: dict) -> list[dict]:
        P = s["players"][st["seat"]]
        out = [{"type": "bid", "amount": a, "label": f"Bid {a} gold"} for a in self.bid_amounts(st["high"], P["gold"])]
        out.append({"type": "pass", "label": "Pass"})
        return out

    # ---- play ----------------------------------------------------------------------------------------------------
    def play(self, state: State, seat: int, action: dict) -> list[Event]:
        ev: list[Event] = []
        st = state["stage"]
        if st is not None:
            self._stage_play(state, seat, st, action, ev)
        elif state["phase"] == 1:
            self._phase1_play(state, seat, action, ev)
        else:
            self._phase2_play(state, seat, action, ev)
        return ev

    def _phase1_play(self, s: State, t: int, a: dict, ev: list[Event]) -> None:
        P = s["players"][t]
        typ = a["type"]
        if typ == "draw":
            s["acts"] += 1
            c = self._draw(s)
            s["drawn"] = c
            ev.append(_ev("draw", f"@{t} draws a card"))
            ev.append(_ev("draw_private", f"@{t} draws {name(c)}", [t], card=c))
        elif typ == "keep":
            P["hand"].append(s["drawn"])
            s["drawn"] = None
            s["phase"] = 2
            ev.append(_ev("keep", f"@{t} keeps the card and goes to phase 2"))
            self._auto_end(s, ev)
        elif typ == "reject":
            c = s["drawn"]
            s["drawn"] = None
            self._discard(s, c)
            ev.append(_ev("reject", f"@{t} discards {name(c)}", card=c))
            if s["acts"] >= C.ACTIONS:
                s["phase"] = 2
                self._auto_end(s, ev)
        elif typ == "phase2":
            s["phase"] = 2
            ev.append(_ev("phase", f"@{t} goes to phase 2"))
            self._auto_end(s, ev)
        elif typ == "end":
            self._end_turn(s, ev)
        elif typ == "use":
            self._start_use(s, t, a["card"], ev)

    def _start_use(self, s: State, t: int, u: int, ev: list[Event]) -> None:
        s["acts"] += 1
        s["used"].append(u)
        self._use_util(s, t, kind(u), ev)

    def _phase2_play(self, s: State, t: int, a: dict, ev: list[Event]) -> None:
        P = s["players"][t]
        typ = a["type"]
        if typ == "end":
            self._end_turn(s, ev)
            return
        if typ == "use":
            self._start_use(s, t, a["card"], ev)
            return
        c = a["card"]
        k = kind(c)
        s["acts"] += 1
        P["hand"].remove(c)
        if typ == "buy":
            price = self._price_buy(s, k)
            P["gold"] -= price
            fee_before = P["gold"]
            for w in KINDS[k]["wares"]:
                assert put_ware(P, w)
            fee = fee_before - P["gold"]
            self._discard(s, c)
            extra = f" (+{fee} for the 6th space)" if fee else ""
            ev.append(_ev("buy", f"@{t} buys {C.ware_list(KINDS[k]['wares'])} for {price} gold{extra}", card=c))
            s["stage"] = {"kind": "rain", "seat": 1 - t, "card": c}
            return
        if typ == "sell":
            for w in KINDS[k]["wares"]:
                take_ware(P, w)
            gain = self._price_sell(s, k)
            P["gold"] += gain
            self._discard(s, c)
            ev.append(_ev("sell", f"@{t} sells {C.ware_list(KINDS[k]['wares'])} for {gain} gold", card=c))
            s["stage"] = {"kind": "rain", "seat": 1 - t, "card": c}
            return
        # play a card
        ev.append(_ev("play", f"@{t} plays {name(c)}", card=c))
        if k == "stand":
            cost = self.stand_cost(s)
            P["gold"] -= cost
            s["built"] = True
            P["stands"].append(c)
            ev.append(_ev("stand", f"@{t} pays {cost} gold for a small market stand (+3 spaces)"))
            self._auto_end(s, ev)
            return
        if k in C.UTILITIES:
            if len(P["utils"]) >= C.MAX_UTILITIES:
                s["stage"] = {"kind": "replace", "seat": t, "card": c}
                return
            P["utils"].append(c)
            self._auto_end(s, ev)
            return
        s["limbo"].append(c)
        if k in C.ANIMALS:
            s["stage"] = {"kind": "guard", "seat": 1 - t, "card": c}
            return
        self._start_person(s, t, k, ev)

    def _start_person(self, s: State, t: int, k: str, ev: list[Event]) -> None:
        if k == "shaman":
            s["stage"] = {"kind": "shaman_from", "seat": t}
        elif k == "psychic":
            if not s["deck"]:
                self._reshuffle(s)
            n = min(6, len(s["deck"]))
            cards = list(reversed(s["deck"][len(s["deck"]) - n:]))  # top first
            del s["deck"][len(s["deck"]) - n:]
            s["stage"] = {"kind": "psychic", "seat": t, "cards": cards}
            ev.append(_ev("look_private", "You see " + ", ".join(name(c) for c in cards), [t]))
        elif k == "elder":
            s["stage"] = {"kind": "elder", "seat": t}
        elif k == "wiseman":
            s["wise"] += 1
            ev.append(_ev("wise", f"Until the end of @{t}'s turn, ware cards buy for {2 * s['wise']} less and "
                                  f"sell for {2 * s['wise']} more"))
            self._done(s, ev)
        elif k == "portuguese":
            s["stage"] = {"kind": "portuguese", "seat": t}
        elif k == "basket":
            s["stage"] = {"kind": "basket", "seat": t}
        elif k == "traveling":
            s["stage"] = {"kind": "travel1", "seat": t}
        elif k == "arabian":
            got = [c for c in (self._draw(s), self._draw(s), self._draw(s)) if c is not None]
            ev.append(_ev("reveal", f"@{t} reveals " + ", ".join(name(c) for c in got) + " for auction", cards=got))
            s["stage"] = {"kind": "auction", "seat": t, "what": "cards", "items": got, "high": 0,
                          "leader": None}
        elif k == "dancer":
            s["stage"] = {"kind": "dancer_card", "seat": t}
        elif k == "carrier":
            s["stage"] = {"kind": "carrier", "seat": t}
        elif k == "drummer":
            s["stage"] = {"kind": "drummer", "seat": t}
        else:  # pragma: no cover
            raise AssertionError(k)

    def _reshuffle(self, s: State) -> None:
        if not s["deck"] and s["discard"]:
            s["deck"] = s["discard"]
            s["discard"] = []
            Rng(s).shuffle(s["deck"])

    def _start_animal(self, s: State, t: int, k: str, ev: list[Event]) -> None:
        P = s["players"][t]
        O = s["players"][1 - t]
        o = 1 - t
        if k == "crocodile":
            s["stage"] = {"kind": "croc", "seat": t}
        elif k == "parrot":
            s["stage"] = {"kind": "parrot", "seat": t}
        elif k == "hyena":
            ev.append(_ev("look_private", f"@{o}'s hand: " + ", ".join(name(c) for c in O["hand"]), [t]))
            s["stage"] = {"kind": "hyena_take", "seat": t}
        elif k == "snake":
            self._snake_next(s, t, ev)
        elif k == "elephant":
            pool = [held(P, x) + held(O, x) for x in range(6)]
            for Q in (P, O):
                Q["wares"] = [0] * 6
                Q["sixth"] = -1
            ev.append(_ev("pool", "All wares are pooled: " + ", ".join(
                f"{pool[x]} {WARES[x]}" for x in range(6) if pool[x]) if sum(pool) else "No wares to pool"))
            if sum(pool):
                s["stage"] = {"kind": "elephant", "seat": t, "pool": pool}
            else:
                self._done(s, ev)
        elif k == "ape":
            pool = P["hand"] + O["hand"]
            P["hand"], O["hand"] = [], []
            ev.append(_ev("pool", "All hand cards are pooled: " + ", ".join(name(c) for c in pool), cards=pool))
            if pool:
                s["stage"] = {"kind": "ape", "seat": t, "pool": pool}
            else:
                self._done(s, ev)
        elif k == "lion":
            pool = P["utils"] + O["utils"]
            P["utils"], O["utils"] = [], []
            ev.append(_ev("pool", "All utilities are pooled: " + (", ".join(name(c) for c in pool) or "none"),
                          cards=pool))
            if pool:
                s["stage"] = {"kind": "lion", "seat": t, "pool": pool, "taken": [0, 0]}
            else:
                self._done(s, ev)
        elif k == "cheetah":
            s["stage"] = {"kind": "cheetah", "seat": o}
        else:  # pragma: no cover
            raise AssertionError(k)

    def _snake_next(self, s: State, start: int, ev: list[Event]) -> None:
        """Ask `start` (then the other if `start` is the active player) to keep one utility."""
        t = s["turn"]
        seats = [t, 1 - t] if start == t else [start]
        for q in seats:
            if len(s["players"][q]["utils"]) >= 2:
                s["stage"] = {"kind": "snake", "seat": q}
                return
        self._done(s, ev)

    # ---- stage play ------------------------------------------------------------------------------------------------
    def _stage_play(self, s: State, seat: int, st: dict, a: dict, ev: list[Event]) -> None:
        k = st["kind"]
        t = s["turn"]
        P = s["players"][seat]
        O = s["players"][1 - seat]
        typ = a["type"]
        if k == "guard":
            c = st["card"]
            if typ == "guard":
                g = next(x for x in P["hand"] if kind(x) == "guard")
                P["hand"].remove(g)
                ev.append(_ev("guard", f"@{seat} plays a Guard: the {name(c)} is cancelled", card=g))
                s["limbo"].append(g)
                self._done(s, ev)
            else:
                ev.append(_ev("allow", f"@{seat} does not react"))
                s["stage"] = None
                self._start_animal(s, t, kind(c), ev)
            return
        if k == "rain":
            if typ == "rain":
                r = next(x for x in P["hand"] if kind(x) == "rainmaker")
                P["hand"].remove(r)
                s["discard"].remove(st["card"])
                P["hand"].append(st["card"])
                self._discard(s, r)
                ev.append(_ev("rain", f"@{seat} plays Rain Maker and takes {name(st['card'])}", card=st["card"]))
            self._done(s, ev)
            return
        if k == "replace":
            u = a["card"]
            P["utils"].remove(u)
            self._discard(s, u)
            P["utils"].append(st["card"])
            ev.append(_ev("replace", f"@{seat} discards {name(u)} to make room", card=u))
            self._done(s, ev)
            return
        if k == "drums":
            take_ware(P, a["ware"])
            ev.append(_ev("return", f"@{seat} returns 1 {WARES[a['ware']]}"))
            self._draw_to_hand(s, seat, 1, ev)
            self._done(s, ev)
            return
        if k == "throne_take":
            s["stage"] = {"kind": "throne_give", "seat": seat, "take": a["ware"]}
            return
        if k == "throne_give":
            mine, theirs = a["ware"], st["take"]
            take_ware(P, mine)
            take_ware(O, theirs)
            ok1 = put_ware(P, theirs)
            ok2 = put_ware(O, mine)
            ev.append(_ev("throne", f"@{seat} takes 1 {WARES[theirs]} from @{1 - seat} and gives 1 {WARES[mine]}"
                          + ("" if ok1 and ok2 else " (a ware without room goes back to the supply)")))
            self._done(s, ev)
            return
        if k in ("boat_card", "weapons", "kettle1", "kettle2", "elder_discard"):
            if typ == "stop":
                s["stage"] = None
                self._draw_to_hand(s, seat, 1, ev)
                self._done(s, ev)
                return
            c = a["card"]
            P["hand"].remove(c)
            self._discard(s, c)
            ev.append(_ev("discard", f"@{seat} discards {name(c)}", card=c))
            if k == "boat_card":
                s["stage"] = {"kind": "boat_ware", "seat": seat}
            elif k == "weapons":
                P["gold"] += 2
                ev.append(_ev("gain", f"@{seat} takes 2 gold"))
                self._done(s, ev)
            elif k == "kettle1":
                if P["hand"]:
                    s["stage"] = {"kind": "kettle2", "seat": seat}
                else:
                    self._draw_to_hand(s, seat, 1, ev)
                    self._done(s, ev)
            elif k == "kettle2":
                self._draw_to_hand(s, seat, 2, ev)
                self._done(s, ev)
            else:  # elder_discard
                if len(P["hand"]) <= 3:
                    self._done(s, ev)
            return
        if k in ("boat_ware", "leopard", "parrot"):
            w = a["ware"]
            if k == "leopard":
                P["gold"] -= 2
            if k == "parrot":
                take_ware(O, w)
            assert put_ware(P, w)
            src = {"boat_ware": "", "leopard": " for 2 gold", "parrot": f" from @{1 - seat}"}[k]
            ev.append(_ev("gain_ware", f"@{seat} takes 1 {WARES[w]}{src}"))
            self._done(s, ev)
            return
        if k == "scale":
            keep = a["card"]
            other = st["cards"][1] if st["cards"][0] == keep else st["cards"][0]
            P["hand"].append(keep)
            O["hand"].append(other)
            ev.append(_ev("scale", f"@{seat} keeps one card and gives the other to @{1 - seat}"))
            ev.append(_ev("scale_private", f"@{1 - seat} receives {name(other)}", [0, 1], card=other))
            self._done(s, ev)
            return
        if k == "mask":
            c = a["card"]
            top = s["discard"].pop()
            P["hand"].remove(c)
            P["hand"].append(top)
            s["discard"].append(c)
            ev.append(_ev("mask", f"@{seat} swaps {name(c)} from hand with {name(top)} from the discard pile", card=c))
            self._done(s, ev)
            return
        if k == "supplies":
            if typ == "gold":
                P["gold"] -= 1
                ev.append(_ev("pay", f"@{seat} pays 1 gold"))
            else:
                P["hand"].remove(a["card"])
                self._discard(s, a["card"])
                ev.append(_ev("discard", f"@{seat} discards {name(a['card'])}", card=a["card"]))
            revealed, found = [], None
            while True:
                c = self._draw(s)
                if c is None:
                    break
                if KINDS[kind(c)]["type"] == "ware":
                    found = c
                    break
                revealed.append(c)
            for c in revealed:
                s["discard"].append(c)
            if found is not None:
                P["hand"].append(found)
            text = f"@{seat} reveals " + (", ".join(name(c) for c in revealed) or "no other card")
            text += f" and takes {name(found)}" if found is not None else " and finds no ware card"
            ev.append(_ev("supplies", text))
            self._done(s, ev)
            return
        if k == "shaman_from":
            s["stage"] = {"kind": "shaman_to", "seat": seat, "from": a["ware"]}
            return
        if k == "shaman_to":
            x, y = st["from"], a["ware"]
            n = held(P, x)
            for _ in range(n):
                take_ware(P, x)
            for _ in range(n):
                assert put_ware(P, y)
            ev.append(_ev("shaman", f"@{seat} exchanges {n} {WARES[x]} for {n} {WARES[y]}"))
            self._done(s, ev)
            return
        if k == "psychic":
            c = a["card"]
            rest = [x for x in st["cards"] if x != c]
            P["hand"].append(c)
            s["deck"].extend(reversed(rest))
            ev.append(_ev("psychic", f"@{seat} takes one of the top cards; the others go back in order"))
            ev.append(_ev("psychic_private", f"You take {name(c)}", [seat], card=c))
            self._done(s, ev)
            return
        if k == "elder":
            if a["opt"] == "discard":
                ev.append(_ev("elder", f"@{1 - seat} must discard down to 3 cards"))
                if len(O["hand"]) > 3:
                    s["stage"] = {"kind": "elder_discard", "seat": 1 - seat}
                else:
                    self._done(s, ev)
            else:
                need = max(0, 5 - len(P["hand"]))
                if need:
                    self._draw_to_hand(s, seat, need, ev)
                else:
                    ev.append(_ev("elder", f"@{seat} already holds 5 cards"))
                self._done(s, ev)
            return
        if k == "portuguese":
            if typ == "stop":
                self._done(s, ev)
                return
            take_ware(P, a["ware"])
            P["gold"] += 2
            ev.append(_ev("sell", f"@{seat} sells 1 {WARES[a['ware']]} for 2 gold"))
            if total_wares(P) == 0:
                self._done(s, ev)
            return
        if k == "basket":
            w = a["ware"]
            P["gold"] -= 2
            assert put_ware(P, w) and put_ware(P, w)
            ev.append(_ev("gain_ware", f"@{seat} pays 2 gold and takes 2 {WARES[w]}"))
            self._done(s, ev)
            return
        if k == "travel1":
            s["stage"] = {"kind": "travel2", "seat": seat, "first": a["ware"]}
            return
        if k == "travel2":
            items = [st["first"], a["ware"]]
            ev.append(_ev("auction", f"@{seat} auctions {C.ware_list(items)}"))
            s["stage"] = {"kind": "auction", "seat": seat, "what": "wares", "items": items, "high": 0,
                          "leader": None}
            return
        if k == "auction":
            self._auction_play(s, seat, st, a, ev)
            return
        if k == "dancer_card":
            c = a["card"]
            P["hand"].remove(c)
            s["limbo"].append(c)
            s["stage"] = {"kind": "dancer_ware", "seat": seat, "card": c, "left": 3}
            ev.append(_ev("discard", f"@{seat} discards {name(c)} with the Dancer", card=c))
            return
        if k == "dancer_ware":
            take_ware(P, a["ware"])
            ev.append(_ev("return", f"@{seat} returns 1 {WARES[a['ware']]}"))
            st["left"] -= 1
            if st["left"] == 0:
                gain = KINDS[kind(st["card"])]["sell"]
                P["gold"] += gain
                ev.append(_ev("gain", f"@{seat} takes {gain} gold"))
                self._done(s, ev)
            return
        if k == "carrier":
            if a["opt"] == "wares":
                s["stage"] = {"kind": "carrier_ware", "seat": seat}
            else:
                self._draw_to_hand(s, seat, 2, ev)
                sup = supply(s)
                if any(x >= 2 for x in sup):
                    s["stage"] = {"kind": "carrier_opp", "seat": 1 - seat}
                else:
                    ev.append(_ev("carrier", f"@{1 - seat} gets no wares: the supply is too low"))
                    self._done(s, ev)
            return
        if k in ("carrier_ware", "carrier_opp"):
            w = a["ware"]
            placed = sum(1 for _ in range(2) if put_ware(P, w))
            ev.append(_ev("gain_ware", f"@{seat} takes {placed} {WARES[w]}"
                          + ("" if placed == 2 else f" ({2 - placed} without room go back to the supply)")))
            if k == "carrier_ware":
                self._draw_to_hand(s, 1 - seat, 2, ev)
            self._done(s, ev)
            return
        if k == "drummer":
            c = a["card"]
            s["discard"].remove(c)
            P["hand"].append(c)
            ev.append(_ev("drummer", f"@{seat} takes {name(c)} from the discard pile", card=c))
            self._done(s, ev)
            return
        if k == "croc":
            u = a["card"]
            O["utils"].remove(u)
            s["limbo"].insert(0, u)
            if a["use"]:
                ev.append(_ev("croc", f"@{seat} uses @{1 - seat}'s {name(u)}, which is then discarded", card=u))
                s["stage"] = None
                self._use_util(s, seat, kind(u), ev)
            else:
                ev.append(_ev("croc", f"@{seat} discards @{1 - seat}'s {name(u)}", card=u))
                self._done(s, ev)
            return
        if k == "hyena_take":
            c = a["card"]
            O["hand"].remove(c)
            P["hand"].append(c)
            ev.append(_ev("hyena", f"@{seat} takes a card from @{1 - seat}'s hand"))
            ev.append(_ev("hyena_private", f"@{seat} takes {name(c)} from @{1 - seat}", [0, 1], card=c))
            s["stage"] = {"kind": "hyena_give", "seat": seat}
            return
        if k == "hyena_give":
            c = a["card"]
            P["hand"].remove(c)
            O["hand"].append(c)
            ev.append(_ev("hyena", f"@{seat} gives a card to @{1 - seat}"))
            ev.append(_ev("hyena_private", f"@{seat} gives {name(c)} to @{1 - seat}", [0, 1], card=c))
            self._done(s, ev)
            return
        if k == "snake":
            keep = a["card"]
            for u in list(P["utils"]):
                if u != keep:
                    P["utils"].remove(u)
                    s["limbo"].insert(0, u)
            ev.append(_ev("snake", f"@{seat} keeps {name(keep)} and discards the other utilities"))
            if seat == t:
                self._snake_next(s, 1 - t, ev)
            else:
                self._done(s, ev)
            return
        if k == "elephant":
            w = a["ware"]
            st["pool"][w] -= 1
            ok = put_ware(P, w)
            ev.append(_ev("pick", f"@{seat} takes 1 {WARES[w]}" + ("" if ok else " (no room: back to the supply)")))
            self._draft_next(s, st, ev)
            return
        if k in ("ape", "lion"):
            c = a["card"]
            st["pool"].remove(c)
            if k == "ape":
                P["hand"].append(c)
            else:
                P["utils"].append(c)
                st["taken"][seat] += 1
            ev.append(_ev("pick", f"@{seat} takes {name(c)}", card=c))
            self._draft_next(s, st, ev)
            return
        if k == "cheetah":
            if a["opt"] == "gold":
                P["gold"] -= 2
                O["gold"] += 2
                ev.append(_ev("cheetah", f"@{seat} gives 2 gold to @{1 - seat}"))
            else:
                ev.append(_ev("cheetah", f"@{seat} lets @{1 - seat} draw 2 cards"))
                self._draw_to_hand(s, 1 - seat, 2, ev)
            self._done(s, ev)
            return
        raise AssertionError(k)  # pragma: no cover

    def _draft_next(self, s: State, st: dict, ev: list[Event]) -> None:
        pool = st["pool"]
        if (sum(pool) if st["kind"] == "elephant" else len(pool)) == 0:
            self._done(s, ev)
            return
        nxt = 1 - st["seat"]
        if st["kind"] == "lion" and st["taken"][nxt] >= C.MAX_UTILITIES:
            nxt = st["seat"]
        st["seat"] = nxt

    def _auction_play(self, s: State, seat: int, st: dict, a: dict, ev: list[Event]) -> None:
        if a["type"] == "bid":
            st["high"] = a["amount"]
            st["leader"] = seat
            st["seat"] = 1 - seat
            ev.append(_ev("bid", f"@{seat} bids {a['amount']} gold"))
            return
        ev.append(_ev("pass", f"@{seat} passes"))
        # The first pass ends the auction (spec §6.4): without an opening bid nobody buys.
        if st["leader"] is None:
            if st["what"] == "cards":
                for c in st["items"]:
                    s["discard"].append(c)
                ev.append(_ev("auction_end", "Nobody bids: the cards are discarded"))
            else:
                ev.append(_ev("auction_end", "Nobody bids: the wares stay in the supply"))
            self._done(s, ev)
            return
        w = st["leader"]
        W = s["players"][w]
        W["gold"] -= st["high"]
        if st["what"] == "cards":
            W["hand"] += st["items"]
            ev.append(_ev("auction_end", f"@{w} pays {st['high']} gold and takes the cards"))
        else:
            placed = sum(1 for x in st["items"] if put_ware(W, x))
            ev.append(_ev("auction_end", f"@{w} pays {st['high']} gold and takes {C.ware_list(st['items'])}"
                          + ("" if placed == 2 else " (wares without room go back to the supply)")))
        self._done(s, ev)

    # ---- end of resolution / turn ----------------------------------------------------------------------------------
    def _done(self, s: State, ev: list[Event]) -> None:
        for c in s["limbo"]:
            self._discard(s, c)
        s["limbo"] = []
        s["stage"] = None
        self._auto_end(s, ev)

    def _auto_end(self, s: State, ev: list[Event]) -> None:
        if s["stage"] is None and s["phase"] == 2 and s["acts"] >= C.ACTIONS and not s["over"]:
            self._end_turn(s, ev)

    def _end_turn(self, s: State, ev: list[Event]) -> None:
        t = s["turn"]
        P = s["players"][t]
        unused = C.ACTIONS - s["acts"]
        if s["drawn"] is not None:  # pragma: no cover - ending is not offered with a card awaiting a decision
            raise AssertionError("drawn card pending")
        if unused >= 2:
            P["gold"] += 1
            ev.append(_ev("bonus", f"@{t} ends the turn with {unused} unused actions and takes 1 gold"))
        else:
            ev.append(_ev("end", f"@{t} ends the turn"))
        if s["ender"] is None:
            if P["gold"] >= C.END_GOLD:
                s["ender"] = t
                ev.append(_ev("final", f"@{t} has {P['gold']} gold: @{1 - t} plays one last turn"))
        else:
            s["over"] = True
            r = self.result(s)
            ev.append(_ev("game_over", r["text"]))
            return
        s["turn"] = 1 - t
        s["turns"] += 1
        s["phase"] = 1
        s["acts"] = 0
        s["used"] = []
        s["wise"] = 0
        ev.append(_ev("turn", f"@{1 - t}'s turn"))

    # ---- result ----------------------------------------------------------------------------------------------------
    def winner(self, s: State) -> int:
        e = s["ender"]
        o = 1 - e
        ge, go = s["players"][e]["gold"], s["players"][o]["gold"]
        if go > ge or (go == ge and s["tie"] == "last_player"):
            return o
        return e

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["over"]:
            return None
        w = self.winner(state)
        scores = [p["gold"] for p in state["players"]]
        tie = " (tie on gold)" if scores[0] == scores[1] else ""
        return {"scores": scores, "winners": [w], "ranking": [[w], [1 - w]],
                "text": f"@{w} wins with {scores[w]} gold against {scores[1 - w]}{tie}"}

    # ---- view ------------------------------------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        s = state
        players = []
        for i, P in enumerate(s["players"]):
            pv = {
                "gold": P["gold"], "hand_count": len(P["hand"]),
                "utils": [{"card": u, "used": u in s["used"]} for u in P["utils"]],
                "stands": list(P["stands"]), "wares": [held(P, t) for t in range(6)],
                "ordinary": list(P["wares"]), "sixth": P["sixth"],
                "spaces": plain_capacity(P) + 1, "free": free_spaces(P),
            }
            if seat == i:
                pv["hand"] = list(P["hand"])
            players.append(pv)
        st = s["stage"]
        stage = None
        if st is not None:
            stage = {"kind": st["kind"], "seat": st["seat"], "text": self._stage_text(s, st)}
            for key in ("card", "pool", "taken", "items", "high", "leader", "what", "first", "take", "from", "left"):
                if key in st:
                    stage[key] = st[key]
            if st["kind"] in ("psychic", "scale") and seat == st["seat"]:
                stage["cards"] = list(st["cards"])
            if st["kind"] == "hyena_take" and seat == st["seat"]:
                stage["their_hand"] = list(s["players"][1 - seat]["hand"])
        drawn = s["drawn"]
        return {
            "turn": s["turn"], "phase": s["phase"], "actions_used": s["acts"], "actions_left": C.ACTIONS - s["acts"],
            "players": players,
            "deck_count": len(s["deck"]), "discard_count": len(s["discard"]),
            "discard_top": s["discard"][-1] if s["discard"] else None,
            "drawn": (drawn if seat == s["turn"] else True) if drawn is not None else None,
            "stage": stage, "supply": supply(s), "next_stand_cost": self.stand_cost(s),
            "wise": s["wise"], "ender": s["ender"], "final_turn": s["ender"] is not None and not s["over"],
            "tie_goes_to": s["tie"], "first": s["first"], "turns": s["turns"],
        }

    def catalogue(self) -> dict[str, Any]:
        return {
            "cards": list(C.CARD_KIND),
            "kinds": {k: {key: v[key] for key in ("name", "type", "text", "copies", "wares", "buy", "sell") if key in v}
                      for k, v in KINDS.items()},
            "wares": list(WARES),
            "ware_codes": C.WARE_CODES,
            "rules": {"actions": C.ACTIONS, "end_gold": C.END_GOLD, "sixth_fee": C.SIXTH_SPACE_FEE,
                      "max_utilities": C.MAX_UTILITIES},
        }
