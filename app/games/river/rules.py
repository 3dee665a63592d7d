"""The River (Река): a light family race for 2-4 players along a river of 18 cards.

Every round each player still on the river secretly picks one movement token (1-5 or the star);
when all have picked, the tokens are revealed and resolved in the seed's order (star first, then
lowest number; ties: ship nearer the Harbour, then the fixed tie-break order). A number moves your
ship exactly that many cards forward or back; the star moves the red barge by the round's lowest
number instead (2 when everybody chose the star). A ship on the barge's card must buy equipment
with one of its hand tokens (spent for good); a ship on a buoy explores the discovery deck (two
looks at most) and places the creature in its 4-picture newspaper article; a full article must be
improved by exactly 4 replacements, after which the ship heads for the Bay. The round in which the
first ship reaches the Bay is the last. See docs/rules/river.md for every ruling.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, Field

from app.engine import BadOptions, Game, Prompt, RandomBot, Rng

from . import cards as C
from .bot import RiverBot


class RiverOptions(BaseModel):
    first_player: int | None = Field(
        default=None, ge=0, le=3,
        description="Seat that wins ties of the acting order first (replaces 'the youngest'); random when empty")


def _tok(token: int) -> str:
    return C.token_name(token)


def _where(p: int) -> str:
    if p == C.HARBOUR:
        return "the Harbour"
    if p == C.BAY:
        return "the Bay"
    return f"section {p}"


class River(Game):
    id: ClassVar[str] = "river"
    title: ClassVar[str] = "The River"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = RiverOptions
    max_moves: ClassVar[int] = 2500
    bots: ClassVar[dict] = {"random": RandomBot, "heuristic": RiverBot}

    # ------------------------------------------------------------------ set-up
    def setup(self, num_players: int, options: BaseModel, state: dict) -> None:
        rng = Rng(state)
        n = num_players
        sections = list(range(C.FIRST_SECTION, C.LAST_SECTION + 1))
        rng.shuffle(sections)
        buoys = sorted(sections[: C.NUM_BUOYS])
        barge = sections[C.NUM_BUOYS]
        fp = getattr(options, "first_player", None)
        if fp is not None and not 0 <= fp < n:
            raise BadOptions(f"first_player must be a seat number below {n}")
        if fp is not None:
            tiebreak = [(fp + i) % n for i in range(n)]
        else:
            tiebreak = list(range(n))
            rng.shuffle(tiebreak)
        deck = list(C.DISCOVERY_IDS)
        rng.shuffle(deck)
        state.update({
            "n": n,
            "round": 0,
            "phase": "draft",
            "tiebreak": tiebreak,
            "draft": list(range(n - 1, -1, -1)),  # last seat chooses first
            "pos": [C.HARBOUR] * n,
            "buoys": buoys,
            "barge": barge,
            "cargo": list(range(C.NUM_EQUIPMENT)),
            "equip": [[] for _ in range(n)],
            "deck": deck,  # top = last element
            "aside": [],
            "hand": [sorted(C.TOKENS) for _ in range(n)],
            "used": [[] for _ in range(n)],
            "spent": [[] for _ in range(n)],
            "chosen": [None] * n,
            "revealed": [None] * n,
            "order": [],
            "idx": -1,
            "low": None,
            "tasks": [],
            "sub": None,
            "article": [[] for _ in range(n)],
            "replaced": [[] for _ in range(n)],
            "bay": [],
        })

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def active(state: dict) -> list[int]:
        """Seats still on the river (not in the Bay)."""
        return [s for s in range(state["n"]) if state["pos"][s] != C.BAY]

    @staticmethod
    def homeward(state: dict, seat: int) -> bool:
        return len(state["replaced"][seat]) >= C.REPLACEMENTS_NEEDED

    @staticmethod
    def owned_types(state: dict, seat: int) -> set[int]:
        return {C.EQUIPMENT_TYPE[e] for e in state["equip"][seat]}

    def ship_moves(self, state: dict, seat: int, k: int) -> list[tuple[str, int]]:
        p = state["pos"][seat]
        out = []
        if self.homeward(state, seat):
            out.append(("forward", min(p + k, C.BAY)))
        elif p + k <= C.LAST_SECTION:
            out.append(("forward", p + k))
        if p - k >= C.HARBOUR:
            out.append(("back", p - k))
        return out

    @staticmethod
    def barge_moves(state: dict, k: int) -> list[tuple[str, int]]:
        b = state["barge"]
        out = []
        if b + k <= C.LAST_SECTION:
            out.append(("forward", b + k))
        if b - k >= C.FIRST_SECTION:
            out.append(("back", b - k))
        return out

    @staticmethod
    def can_buy(state: dict, seat: int) -> bool:
        hand, used = state["hand"][seat], state["used"][seat]
        return bool(state["cargo"]) and bool(hand) and len(hand) + len(used) >= 2

    def buy_types(self, state: dict, seat: int) -> list[int]:
        types = sorted({C.EQUIPMENT_TYPE[e] for e in state["cargo"]})
        fresh = [t for t in types if t not in self.owned_types(state, seat)]
        return fresh or types

    def takeable(self, state: dict, seat: int, card: int) -> bool:
        front = C.FRONT[card]
        if front != C.CLOVER and front not in self.owned_types(state, seat):
            return False
        art = state["article"][seat]
        if len(art) < C.ARTICLE_SLOTS:
            return True
        return any(C.VALUE[a] != C.VALUE[card] for a in art)

    def replace_slots(self, state: dict, seat: int, card: int) -> list[int]:
        return [i for i, a in enumerate(state["article"][seat]) if C.VALUE[a] != C.VALUE[card]]

    @staticmethod
    def rank_key(state: dict, seat: int) -> tuple:
        return (state["pos"][seat], state["tiebreak"].index(seat))

    def score(self, state: dict, seat: int) -> int:
        s = sum(C.VALUE[c] for c in state["article"][seat])
        if state["bay"] and state["bay"][0] == seat:
            s += C.FIRST_BONUS
        if not self.homeward(state, seat):
            s -= C.UNFINISHED_PENALTY
        return s

    # ------------------------------------------------------------------ protocol
    def pending(self, state: dict) -> dict[int, Prompt]:
        ph = state["phase"]
        if ph == "draft":
            return {state["draft"][0]: Prompt("Choose your starting equipment", kind="draft")}
        if ph == "choose":
            return {s: Prompt("Choose a movement token (secret until everybody has chosen)", kind="token", secret=True)
                    for s in self.active(state) if state["chosen"][s] is None}
        if ph == "act" and state["sub"]:
            sub = state["sub"]
            k = sub["kind"]
            if k == "move":
                tok = state["revealed"][sub["seat"]]
                text = ("Move the barge forward or back" if tok == C.STAR
                        else f"Move your ship {tok} forward or back")
            elif k == "buy":
                text = "The barge is here: choose equipment to buy"
            elif k == "pay":
                text = f"Pay for the {C.FRONT_NAMES[sub['equip']]} with one of your tokens"
            else:
                text = f"Choose the picture the {C.CREATURE[sub['card']]} ({C.VALUE[sub['card']]}) replaces"
            return {sub["seat"]: Prompt(text, kind=k)}
        return {}

    def legal(self, state: dict, seat: int) -> list[dict]:
        ph = state["phase"]
        if ph == "draft":
            if state["draft"][0] != seat:
                return []
            avail = sorted({C.EQUIPMENT_TYPE[e] for e in state["cargo"]})
            return [{"type": "draft", "equip": t, "label": f"Take the {C.FRONT_NAMES[t]}"} for t in avail]
        if ph == "choose":
            if state["pos"][seat] == C.BAY or state["chosen"][seat] is not None:
                return []
            return [{"type": "token", "token": t, "label": f"Play token {_tok(t)}"}
                    for t in sorted(set(state["hand"][seat]), key=lambda t: (t == C.STAR, t))]
        sub = state["sub"]
        if ph != "act" or not sub or sub["seat"] != seat:
            return []
        k = sub["kind"]
        if k == "move":
            return self._move_options(state, seat)
        if k == "buy":
            return [{"type": "buy", "equip": t, "label": f"Buy the {C.FRONT_NAMES[t]}"} for t in self.buy_types(state, seat)]
        if k == "pay":
            return [{"type": "pay", "token": t, "label": f"Pay with token {_tok(t)}"}
                    for t in sorted(set(state["hand"][seat]), key=lambda t: (t == C.STAR, t))]
        card = sub["card"]
        return [{"type": "replace", "slot": i,
                 "label": f"Replace picture {i + 1}: {C.CREATURE[state['article'][seat][i]]} "
                          f"({C.VALUE[state['article'][seat][i]]})"}
                for i in self.replace_slots(state, seat, card)]

    def _move_options(self, state: dict, seat: int) -> list[dict]:
        tok = state["revealed"][seat]
        if tok == C.STAR:
            k = state["low"]
            return [{"type": "move", "dir": d, "label": f"Move the barge {k} {d} (to {_where(p)})"}
                    for d, p in self.barge_moves(state, k)]
        return [{"type": "move", "dir": d, "label": f"Move your ship {tok} {d} (to {_where(p)})"}
                for d, p in self.ship_moves(state, seat, tok)]

    def play(self, state: dict, seat: int, action: dict) -> list[dict]:
        ev: list[dict] = []
        t = action["type"]
        if t == "draft":
            self._take_equipment(state, seat, action["equip"])
            ev.append({"type": "draft", "text": f"@{seat} takes the {C.FRONT_NAMES[action['equip']]}"})
            state["draft"].pop(0)
            if not state["draft"]:
                self._start_round(state, ev)
        elif t == "token":
            state["chosen"][seat] = action["token"]
            ev.append({"type": "chosen", "text": f"@{seat} has chosen a token"})
            ev.append({"type": "chosen_own", "text": f"You chose token {_tok(action['token'])}", "seats": [seat]})
            if all(state["chosen"][s] is not None for s in self.active(state)):
                self._reveal(state, ev)
        elif t == "move":
            state["sub"] = None
            self._do_move(state, seat, action["dir"], ev)
        elif t == "buy":
            state["sub"] = None
            self._choose_equipment(state, seat, action["equip"], ev)
        elif t == "pay":
            equip = state["sub"]["equip"]
            state["sub"] = None
            self._pay(state, seat, equip, action["token"], ev)
        elif t == "replace":
            card = state["sub"]["card"]
            state["sub"] = None
            self._replace(state, seat, card, action["slot"], ev)
        self._advance(state, ev)
        return ev

    # ------------------------------------------------------------------ flow
    def _start_round(self, state: dict, ev: list) -> None:
        state["round"] += 1
        state["phase"] = "choose"
        state["order"], state["idx"], state["low"] = [], -1, None
        n = state["n"]
        state["chosen"] = [None] * n
        state["revealed"] = [None] * n
        for s in self.active(state):
            if not state["hand"][s]:
                state["hand"][s] = sorted(state["used"][s])
                state["used"][s] = []
                ev.append({"type": "recycle", "text": f"@{s} takes back all used tokens"})
        ev.append({"type": "round", "text": f"Round {state['round']}: everybody chooses a movement token"})

    def _reveal(self, state: dict, ev: list) -> None:
        act = self.active(state)
        for s in act:
            tok = state["chosen"][s]
            state["hand"][s].remove(tok)
            state["used"][s].append(tok)
            state["used"][s].sort()
            state["revealed"][s] = tok
        stars = sorted((s for s in act if state["revealed"][s] == C.STAR), key=lambda s: self.rank_key(state, s))
        nums = sorted((s for s in act if state["revealed"][s] != C.STAR),
                      key=lambda s: (state["revealed"][s],) + self.rank_key(state, s))
        state["order"] = stars + nums
        state["low"] = min((state["revealed"][s] for s in nums), default=2)
        state["chosen"] = [None] * state["n"]
        state["phase"] = "act"
        state["idx"] = -1
        shown = ", ".join(f"@{s} {_tok(state['revealed'][s])}" for s in act)
        ev.append({"type": "reveal", "text": f"Tokens revealed: {shown}",
                   "tokens": {str(s): state["revealed"][s] for s in act}, "order": list(state["order"])})

    def _advance(self, state: dict, ev: list) -> None:
        while state["phase"] == "act" and state["sub"] is None:
            if state["tasks"]:
                kind, s = state["tasks"].pop(0)
                if kind == "move":
                    self._task_move(state, s, ev)
                elif kind == "buy":
                    self._task_buy(state, s, ev)
                else:
                    self._task_explore(state, s, ev)
                continue
            state["idx"] += 1
            if state["idx"] >= len(state["order"]):
                self._end_round(state, ev)
                return
            state["tasks"] = [["move", state["order"][state["idx"]]]]

    def _end_round(self, state: dict, ev: list) -> None:
        if state["bay"] or state["round"] >= C.ROUND_CAP:
            state["phase"] = "over"
            state["order"], state["idx"] = [], -1
            res = self.result(state)
            ev.append({"type": "end", "text": res["text"]})
        else:
            self._start_round(state, ev)

    def _task_move(self, state: dict, seat: int, ev: list) -> None:
        opts = self._move_options(state, seat)
        if len(opts) == 1:
            self._do_move(state, seat, opts[0]["dir"], ev)
        else:
            state["sub"] = {"kind": "move", "seat": seat}

    def _do_move(self, state: dict, seat: int, direction: str, ev: list) -> None:
        tok = state["revealed"][seat]
        if tok == C.STAR:
            k = state["low"]
            dest = dict(self.barge_moves(state, k))[direction]
            state["barge"] = dest
            ev.append({"type": "barge", "text": f"@{seat} moves the barge {k} {direction} to {_where(dest)}",
                       "seat": seat, "to": dest})
            here = [s for s in state["order"] if state["pos"][s] == dest]
            here.sort(key=lambda s: s != seat)  # the mover first, then this round's acting order
            tasks = [["buy", s] for s in here]
            if state["pos"][seat] in state["buoys"]:
                tasks.append(["explore", seat])
            state["tasks"] = tasks + state["tasks"]
            return
        dest = dict(self.ship_moves(state, seat, tok))[direction]
        state["pos"][seat] = dest
        ev.append({"type": "ship", "text": f"@{seat} sails {tok} {direction} to {_where(dest)}", "seat": seat, "to": dest})
        if dest == C.BAY:
            state["bay"].append(seat)
            first = len(state["bay"]) == 1
            ev.append({"type": "bay", "text": f"@{seat} reaches the Bay" + (" first (+2 points)" if first else ""),
                       "seat": seat})
            return
        tasks = []
        if dest == state["barge"]:
            tasks.append(["buy", seat])
        if dest in state["buoys"]:
            tasks.append(["explore", seat])
        state["tasks"] = tasks + state["tasks"]

    def _task_buy(self, state: dict, seat: int, ev: list) -> None:
        if not state["cargo"]:
            ev.append({"type": "nobuy", "text": f"@{seat} meets the barge, but its cargo is empty"})
            return
        if not self.can_buy(state, seat):
            ev.append({"type": "nobuy", "text": f"@{seat} meets the barge, but has no token to pay with"})
            return
        types = self.buy_types(state, seat)
        if len(types) == 1:
            self._choose_equipment(state, seat, types[0], ev)
        else:
            state["sub"] = {"kind": "buy", "seat": seat}

    def _choose_equipment(self, state: dict, seat: int, equip: int, ev: list) -> None:
        tokens = sorted(set(state["hand"][seat]))
        if len(tokens) == 1:
            self._pay(state, seat, equip, tokens[0], ev)
        else:
            state["sub"] = {"kind": "pay", "seat": seat, "equip": equip}

    def _pay(self, state: dict, seat: int, equip: int, token: int, ev: list) -> None:
        state["hand"][seat].remove(token)
        state["spent"][seat].append(token)
        state["spent"][seat].sort()
        self._take_equipment(state, seat, equip)
        ev.append({"type": "buy", "text": f"@{seat} buys the {C.FRONT_NAMES[equip]} with token {_tok(token)}",
                   "seat": seat, "equip": equip, "token": token})

    @staticmethod
    def _take_equipment(state: dict, seat: int, equip: int) -> None:
        card = min(e for e in state["cargo"] if C.EQUIPMENT_TYPE[e] == equip)
        state["cargo"].remove(card)
        state["equip"][seat].append(card)
        state["equip"][seat].sort()

    @staticmethod
    def _refill(state: dict, ev: list) -> None:
        """When the deck runs out, the aside pile is shuffled into a new deck at once (its top front is public)."""
        if not state["deck"] and state["aside"]:
            state["deck"] = state["aside"]
            state["aside"] = []
            Rng(state).shuffle(state["deck"])
            ev.append({"type": "reshuffle", "text": "The set-aside discoveries are shuffled into a new deck"})

    def _draw_top(self, state: dict, ev: list) -> int | None:
        self._refill(state, ev)
        return state["deck"][-1] if state["deck"] else None

    def _task_explore(self, state: dict, seat: int, ev: list) -> None:
        if self.homeward(state, seat):
            ev.append({"type": "explore", "text": f"@{seat} is heading home and does not explore"})
            return
        for look in (1, 2):
            card = self._draw_top(state, ev)
            if card is None:
                ev.append({"type": "explore", "text": f"@{seat} explores, but no discovery cards are left"})
                return
            front = C.FRONT_NAMES[C.FRONT[card]]
            if self.takeable(state, seat, card):
                state["deck"].pop()
                ev.append({"type": "discover",
                           "text": f"@{seat} explores ({front}) and discovers the {C.CREATURE[card]} "
                                   f"(value {C.VALUE[card]})", "seat": seat, "card": card})
                self._place(state, seat, card, ev)
                self._refill(state, ev)
                return
            if look == 1:
                state["deck"].pop()
                state["aside"].append(card)
                ev.append({"type": "aside", "text": f"@{seat} cannot take a {front} card and sets it aside"})
                self._refill(state, ev)
            else:
                ev.append({"type": "explore", "text": f"@{seat} cannot take the next {front} card either"})

    def _place(self, state: dict, seat: int, card: int, ev: list) -> None:
        art = state["article"][seat]
        if len(art) < C.ARTICLE_SLOTS:
            art.append(card)
            ev.append({"type": "article", "text": f"@{seat} puts it in picture {len(art)} of the newspaper"})
            return
        slots = self.replace_slots(state, seat, card)
        if len(slots) == 1:
            self._replace(state, seat, card, slots[0], ev)
        else:
            state["sub"] = {"kind": "replace", "seat": seat, "card": card}

    def _replace(self, state: dict, seat: int, card: int, slot: int, ev: list) -> None:
        old = state["article"][seat][slot]
        state["article"][seat][slot] = card
        state["replaced"][seat].append(old)
        n = len(state["replaced"][seat])
        text = (f"@{seat} replaces the {C.CREATURE[old]} ({C.VALUE[old]}) with the {C.CREATURE[card]} "
                f"({C.VALUE[card]}): replacement {n} of {C.REPLACEMENTS_NEEDED}")
        if n == C.REPLACEMENTS_NEEDED:
            text += "; now heading home to the Bay"
        ev.append({"type": "replace", "text": text, "seat": seat, "old": old, "card": card, "slot": slot})

    # ------------------------------------------------------------------ results and views
    def result(self, state: dict) -> dict | None:
        if state["phase"] != "over":
            return None
        n = state["n"]
        scores = [self.score(state, s) for s in range(n)]

        def key(s: int) -> tuple:
            bay = (1, -state["bay"].index(s)) if s in state["bay"] else (0, 0)
            return (scores[s], bay, state["pos"][s], len(state["replaced"][s]))

        seats = sorted(range(n), key=key, reverse=True)
        ranking: list[list[int]] = []
        for s in seats:
            if ranking and key(ranking[-1][0]) == key(s):
                ranking[-1].append(s)
            else:
                ranking.append([s])
        winners = ranking[0]
        names = " and ".join(f"@{s}" for s in winners)
        detail = "; ".join(f"@{s} {scores[s]}" for s in range(n))
        how = "first into the Bay" if state["bay"] else f"the {C.ROUND_CAP}-round limit"
        text = f"{names} win{'s' if len(winners) == 1 else ''} ({how} ended the game). Scores: {detail}"
        return {"scores": scores, "winners": winners, "ranking": ranking, "text": text}

    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        n = state["n"]
        ph = state["phase"]
        players = []
        for s in range(n):
            players.append({
                "seat": s,
                "pos": state["pos"][s],
                "equipment": [C.EQUIPMENT_TYPE[e] for e in state["equip"][s]],
                "hand": list(state["hand"][s]),  # the secret choice is still counted in the hand
                "used": list(state["used"][s]),
                "spent": list(state["spent"][s]),
                "article": list(state["article"][s]),
                "replaced": list(state["replaced"][s]),
                "homeward": self.homeward(state, s),
                "in_bay": s in state["bay"],
                "chosen": ph == "choose" and state["chosen"][s] is not None,
                "waiting": ph == "choose" and state["pos"][s] != C.BAY and state["chosen"][s] is None,
                "token": state["revealed"][s] if ph == "act" else None,
                "score": self.score(state, s),
            })
        cargo: dict[str, int] = {}
        for e in state["cargo"]:
            key = str(C.EQUIPMENT_TYPE[e])
            cargo[key] = cargo.get(key, 0) + 1
        sub = state["sub"]
        pub_sub = None
        if sub and ph == "act":
            pub_sub = {k: v for k, v in sub.items()}
        turn = None
        if ph == "act" and 0 <= state["idx"] < len(state["order"]):
            turn = state["order"][state["idx"]]
        elif ph == "draft":
            turn = state["draft"][0]
        top = state["deck"][-1] if state["deck"] else None
        out = {
            "phase": ph,
            "round": state["round"],
            "round_cap": C.ROUND_CAP,
            "turn": turn,
            "order": list(state["order"]),
            "order_index": state["idx"],
            "low": state["low"],
            "tiebreak": list(state["tiebreak"]),
            "buoys": list(state["buoys"]),
            "barge": state["barge"],
            "cargo": cargo,
            "deck_count": len(state["deck"]),
            "deck_top": C.FRONT[top] if top is not None else None,
            "aside": [C.FRONT[c] for c in state["aside"]],
            "players": players,
            "bay": list(state["bay"]),
            "sub": pub_sub,
            "my_choice": state["chosen"][seat] if seat is not None and 0 <= seat < n and ph == "choose" else None,
        }
        return out

    def catalogue(self) -> dict[str, Any]:
        return {
            "river_length": C.RIVER_LENGTH,
            "bay": C.BAY,
            "star": C.STAR,
            "tokens": C.TOKENS,
            "clover": C.CLOVER,
            "fronts": C.FRONT_NAMES,
            "equipment_ru": [ru for _, ru in C.EQUIPMENT],
            "cards": {str(c): {"front": C.FRONT[c], "creature": C.CREATURE[c], "value": C.VALUE[c]}
                      for c in C.DISCOVERY_IDS},
            "article_slots": C.ARTICLE_SLOTS,
            "replacements": C.REPLACEMENTS_NEEDED,
        }
