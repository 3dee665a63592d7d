"""Every decision of The River, one Step each, with what it does: draft, token, move, buy, pay, replace.

A decision's rule lives with its step: where a token may take a ship or the barge (MoveStep), what buying
offers and costs (BuyStep, PayStep), which picture a new discovery may replace (ReplaceStep). Exploring a
buoy asks nothing except a replacement, so it is a plain function here next to the step it may ask.
When a move, tool, payment or picture has one possibility the server takes it (`forced_single`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from app.engine import Log, Pile, Rng, Step, plural
from app.engine import steps as frames

from . import data as C
from .state import RiverState, active_seats, homeward, owned_tools


def _token_order(tokens: list[int]) -> list[int]:
    """Numbers first, lowest first, then the star: the order tokens are offered in."""
    return sorted(set(tokens), key=lambda t: (t == C.STAR, t))


# ---- the draft ---------------------------------------------------------------------------------------------------

class DraftStep(Step):
    """Everyone in turn, last seat first, takes one starting tool (spec 2.2.4)."""

    kind: ClassVar[str] = "draft"

    def seats(self, game: Any, state: RiverState, frame: dict) -> list[int]:
        return [frame["order"][frame["at"]]]

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> str:
        return "Choose your starting equipment"

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        tools = sorted({C.EQUIPMENT_TYPE[e] for e in state["cargo"]})
        return [{"type": "draft", "equip": t, "label": f"Take the {C.FRONT_NAMES[t]}"} for t in tools]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        take_equipment(state, seat, action["equip"])
        log.add("draft", f"@{seat} takes the {C.FRONT_NAMES[action['equip']]}")
        frame["at"] += 1
        if frame["at"] == len(frame["order"]):
            frames.pop(state)  # the turn flow starts round 1


def take_equipment(state: RiverState, seat: int, tool: int) -> None:
    card = min(e for e in state["cargo"] if C.EQUIPMENT_TYPE[e] == tool)
    state["cargo"].remove(card)
    state["players"][seat]["equipment"].append(card)
    state["players"][seat]["equipment"].sort()


# ---- the secret token choice -------------------------------------------------------------------------------------

class TokenStep(Step):
    """Every player on the river chooses a token at once, in secret; the frame keeps the choices (spec 2.3)."""

    kind: ClassVar[str] = "token"
    secret: ClassVar[bool] = True

    def seats(self, game: Any, state: RiverState, frame: dict) -> list[int]:
        return [s for s in active_seats(state) if frame["chosen"][s] is None]

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> str:
        hand = set(state["players"][seat]["hand"])
        if len(hand) == 1:
            return f"Play your only token, {C.token_name(hand.pop())} (secret until everybody has chosen)"
        return "Choose a movement token (secret until everybody has chosen)"

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        tokens = _token_order(state["players"][seat]["hand"])
        # A single token is still chosen (who has chosen stays the only public fact); `only` lets the page
        # offer it as one obvious click.
        return [{"type": "token", "token": t, "only": len(tokens) == 1, "label": f"Play token {C.token_name(t)}"}
                for t in tokens]

    def on_timeout(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict:
        """A random legal token (spec section 5, ruling 1), drawn from the secret generator value without
        advancing it, so the same position always times out the same way; each seat reads other bits."""
        options = self.options(game, state, frame, seat)
        return options[(state["rng"] >> (8 * seat)) % len(options)]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frame["chosen"][seat] = action["token"]
        log.add("chosen", f"@{seat} has chosen a token")
        log.private(seat, "chosen_own", f"You chose token {C.token_name(action['token'])}")
        if all(frame["chosen"][s] is not None for s in active_seats(state)):
            for s in active_seats(state):
                state["players"][s]["token"] = frame["chosen"][s]
            frames.pop(state)  # the turn flow reveals


def chosen_tokens(state: RiverState) -> list[int | None] | None:
    """The secret choices of the round, while the token step is asked."""
    frame = frames.top(state)
    return frame["chosen"] if frame and frame["step"] == "token" else None


# ---- moving ------------------------------------------------------------------------------------------------------

def ship_moves(state: RiverState, seat: int, distance: int) -> list[tuple[str, int]]:
    """(direction, landing place) a number token allows (spec 2.4): the Bay only for a homeward ship."""
    player = state["players"][seat]
    pos = player["pos"]
    out = []
    if homeward(player):
        out.append(("forward", min(pos + distance, C.BAY)))
    elif pos + distance <= C.LAST_SECTION:
        out.append(("forward", pos + distance))
    if pos - distance >= C.HARBOUR:
        out.append(("back", pos - distance))
    return out


def barge_moves(state: RiverState, distance: int) -> list[tuple[str, int]]:
    """(direction, landing place) for the barge, which stays on sections 1-16."""
    barge = state["barge"]
    out = []
    if barge + distance <= C.LAST_SECTION:
        out.append(("forward", barge + distance))
    if barge - distance >= C.FIRST_SECTION:
        out.append(("back", barge - distance))
    return out


class MoveStep(Step):
    """A number moves the ship exactly that far, the star moves the barge by the round's lowest number."""

    kind: ClassVar[str] = "move"
    forced_single: ClassVar[bool] = True

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> str:
        token = state["players"][seat]["token"]
        return "Move the barge forward or back" if token == C.STAR else f"Move your ship {token} forward or back"

    def data(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict[str, Any]:
        token = state["players"][seat]["token"]
        if token == C.STAR:
            return {"piece": "barge", "steps": state["low"]}
        return {"piece": "ship", "steps": token}

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        token = state["players"][seat]["token"]
        if token == C.STAR:
            k = state["low"]
            return [{"type": "move", "dir": d, "piece": "barge", "steps": k, "to": p,
                     "label": f"Move the barge {k} {d} (to {C.place_name(p)})"} for d, p in barge_moves(state, k)]
        return [{"type": "move", "dir": d, "piece": "ship", "steps": token, "to": p,
                 "label": f"Move your ship {token} {d} (to {C.place_name(p)})"} for d, p in ship_moves(state, seat, token)]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frames.pop(state)
        if state["players"][seat]["token"] == C.STAR:
            move_barge(state, seat, action["dir"], log)
        else:
            move_ship(state, seat, action["dir"], log)


def move_barge(state: RiverState, seat: int, direction: str, log: Log) -> None:
    k = state["low"]
    dest = dict(barge_moves(state, k))[direction]
    state["barge"] = dest
    log.add("barge", f"@{seat} moves the barge {k} {direction} to {C.place_name(dest)}", seat=seat, to=dest)
    players = state["players"]
    # Every ship where the barge stops buys: the mover first, then this round's acting order (spec 2.5).
    here = sorted((s for s in state["order"] if players[s]["pos"] == dest), key=lambda s: s != seat)
    tasks = [["buy", s] for s in here]
    if players[seat]["pos"] in state["buoys"]:
        tasks.append(["explore", seat])
    state["tasks"] = tasks + state["tasks"]


def move_ship(state: RiverState, seat: int, direction: str, log: Log) -> None:
    player = state["players"][seat]
    token = player["token"]
    dest = dict(ship_moves(state, seat, token))[direction]
    player["pos"] = dest
    log.add("ship", f"@{seat} sails {token} {direction} to {C.place_name(dest)}", seat=seat, to=dest)
    if dest == C.BAY:
        state["bay"].append(seat)
        first = len(state["bay"]) == 1
        log.add("bay", f"@{seat} reaches the Bay" + (" first (+2 points)" if first else ""), seat=seat)
        return
    tasks = []
    if dest == state["barge"]:
        tasks.append(["buy", seat])
    if dest in state["buoys"]:
        tasks.append(["explore", seat])
    state["tasks"] = tasks + state["tasks"]


# ---- buying ------------------------------------------------------------------------------------------------------

def payable_tokens(state: RiverState, seat: int) -> list[int]:
    """Hand tokens the player may pay with: a payment must leave at least one number token in hand or used,
    so nobody is ever left with only the star (issue #10, ruling 7; it covers the spec's "never the last")."""
    player = state["players"][seat]
    out = []
    for token in set(player["hand"]):
        rest = player["hand"] + player["used"]
        rest.remove(token)
        if any(t != C.STAR for t in rest):
            out.append(token)
    return _token_order(out)


def tokens_after_paying(state: RiverState, seat: int) -> int:
    """Tokens the player still moves with (hand and used) once one is paid."""
    player = state["players"][seat]
    return len(player["hand"]) + len(player["used"]) - 1


def few_tokens_warning(state: RiverState, seat: int) -> str:
    """' (paying leaves you 2 tokens to sail with)' when a payment leaves few tokens, else ''."""
    left = tokens_after_paying(state, seat)
    return f" (paying leaves you {plural(left, 'token')} to sail with)" if left <= C.FEW_TOKENS else ""


def tools_for_sale(state: RiverState, seat: int) -> list[int]:
    """Tools on the barge; a second copy of an owned tool only when nothing else is left."""
    tools = sorted({C.EQUIPMENT_TYPE[e] for e in state["cargo"]})
    fresh = [t for t in tools if t not in owned_tools(state["players"][seat])]
    return fresh or tools


def meet_barge(game: Any, state: RiverState, seat: int, log: Log) -> None:
    """A ship on the barge's card must buy, when it can."""
    if not state["cargo"]:
        log.add("nobuy", f"@{seat} meets the barge, but its cargo is empty")
        return
    if not state["players"][seat]["hand"]:
        log.add("nobuy", f"@{seat} meets the barge, but has no token in hand to pay with")
        return
    if not payable_tokens(state, seat):
        log.add("nobuy", f"@{seat} meets the barge, but cannot pay: no number token would be left to sail with")
        return
    game.ask(state, log, "buy", seat)


class BuyStep(Step):
    """Choose a tool from the barge's cargo; paying is the next step."""

    kind: ClassVar[str] = "buy"
    forced_single: ClassVar[bool] = True
    undoable: ClassVar[bool] = True  # which equipment to buy may be changed until it is paid for

    def undoable_choice(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict) -> bool:
        # With one token to pay with, paying is forced at once and exploring follows, which turns a card over.
        return len(payable_tokens(state, seat)) > 1

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> str:
        return "The barge is here: choose equipment to buy" + few_tokens_warning(state, seat)

    def data(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict[str, Any]:
        return {"tokens_left": tokens_after_paying(state, seat)}

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        owned = owned_tools(state["players"][seat])
        return [{"type": "buy", "equip": t, "owned": t in owned, "label": f"Buy the {C.FRONT_NAMES[t]}"}
                for t in tools_for_sale(state, seat)]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frames.pop(state)
        game.ask(state, log, "pay", seat, equip=action["equip"])


class PayStep(Step):
    """Pay for the chosen tool with a hand token, which is spent for good."""

    kind: ClassVar[str] = "pay"
    forced_single: ClassVar[bool] = True

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> str:
        return f"Pay for the {C.FRONT_NAMES[frame['equip']]} with one of your tokens" + few_tokens_warning(state, seat)

    def data(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict[str, Any]:
        return {"equip": frame["equip"], "tokens_left": tokens_after_paying(state, seat)}

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        return [{"type": "pay", "token": t, "equip": frame["equip"], "label": f"Pay with token {C.token_name(t)}"}
                for t in payable_tokens(state, seat)]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frames.pop(state)
        tool, token = frame["equip"], action["token"]
        player = state["players"][seat]
        player["hand"].remove(token)
        player["spent"].append(token)
        player["spent"].sort()
        take_equipment(state, seat, tool)
        log.add("buy", f"@{seat} buys the {C.FRONT_NAMES[tool]} with token {C.token_name(token)}",
                seat=seat, equip=tool, token=token)


# ---- exploring and the newspaper ---------------------------------------------------------------------------------

def refusal(state: RiverState, seat: int, card: int) -> tuple[str, str] | None:
    """Why `seat` cannot take `card` — (reason code, words) — or None when it can: a card needs a tool the
    player owns (or is a clover) and room in the article (a free slot or a picture of another value)."""
    player = state["players"][seat]
    front = C.FRONT[card]
    if front != C.CLOVER and front not in owned_tools(player):
        return "tool", f"it needs the {C.FRONT_NAMES[front]}"
    if len(player["article"]) == C.ARTICLE_SLOTS and not replaceable_slots(state, seat, card):
        return "value", "its value does not fit the newspaper (every picture has that value)"
    return None


def replaceable_slots(state: RiverState, seat: int, card: int) -> list[int]:
    return [i for i, a in enumerate(state["players"][seat]["article"]) if C.VALUE[a] != C.VALUE[card]]


def discovery_pile(state: RiverState) -> Pile:
    """The discovery deck and the aside pile; the aside pile becomes the new deck as soon as the deck is empty."""
    return Pile(Rng(state), state["deck"], state["aside"], reshuffle="at_once")


def _refill(pile: Pile, log: Log) -> None:
    # "at_once" written out: the card just set aside must be in the aside pile before it is shuffled.
    if not pile.deck and pile.reshuffle():
        log.add("reshuffle", "The set-aside discoveries are shuffled into a new deck")


def explore(game: Any, state: RiverState, seat: int, log: Log) -> None:
    """At most two looks at the top card: take the first takeable one, set the first one aside if not (spec 2.7)."""
    if homeward(state["players"][seat]):
        log.add("explore", f"@{seat} is heading home and does not explore")
        return
    pile = discovery_pile(state)
    for look in (1, 2):
        _refill(pile, log)
        card = pile.peek()
        if card is None:
            log.add("explore", f"@{seat} explores, but no discovery cards are left")
            return
        front = C.FRONT_NAMES[C.FRONT[card]]
        refused = refusal(state, seat, card)
        if refused is None:
            pile.deck.pop()
            log.add("discover", f"@{seat} explores ({front}) and discovers the {C.CREATURE[card]} "
                                f"(value {C.VALUE[card]})", seat=seat, card=card)
            place(game, state, seat, card, log)
            _refill(pile, log)
            return
        if look == 1:
            pile.discard(pile.deck.pop())
            log.add("aside", f"@{seat} cannot take a {front} card: {refused[1]}. It is set aside", reason=refused[0])
            _refill(pile, log)
        else:
            log.add("explore", f"@{seat} cannot take the next {front} card either: {refused[1]}", reason=refused[0])


def place(game: Any, state: RiverState, seat: int, card: int, log: Log) -> None:
    article = state["players"][seat]["article"]
    if len(article) < C.ARTICLE_SLOTS:
        article.append(card)
        log.add("article", f"@{seat} puts it in picture {len(article)} of the newspaper")
        return
    game.ask(state, log, "replace", seat, card=card)


class ReplaceStep(Step):
    """A full article must take the new card in place of a picture of a different value (spec 2.8)."""

    kind: ClassVar[str] = "replace"
    forced_single: ClassVar[bool] = True

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> str:
        card = frame["card"]
        return f"Choose the picture the {C.CREATURE[card]} ({C.VALUE[card]}) replaces"

    def data(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict[str, Any]:
        return {"card": frame["card"]}

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        article = state["players"][seat]["article"]
        return [{"type": "replace", "slot": i, "old": article[i], "card": frame["card"],
                 "label": f"Replace picture {i + 1}: {C.CREATURE[article[i]]} ({C.VALUE[article[i]]})"}
                for i in replaceable_slots(state, seat, frame["card"])]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frames.pop(state)
        card, slot = frame["card"], action["slot"]
        player = state["players"][seat]
        old = player["article"][slot]
        player["article"][slot] = card
        player["replaced"].append(old)
        count = len(player["replaced"])
        text = (f"@{seat} replaces the {C.CREATURE[old]} ({C.VALUE[old]}) with the {C.CREATURE[card]} "
                f"({C.VALUE[card]}): replacement {count} of {C.REPLACEMENTS_NEEDED}")
        if count == C.REPLACEMENTS_NEEDED:
            text += "; now heading home to the Bay"
        log.add("replace", text, seat=seat, old=old, card=card, slot=slot)


STEP_TYPES = (DraftStep, TokenStep, MoveStep, BuyStep, PayStep, ReplaceStep)
