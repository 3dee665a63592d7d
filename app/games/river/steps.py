"""Every decision of The River, one Step each, with what it does: draft, token, move, buy, pay, replace.

A decision's rule lives with its step: where a token may take a ship or the barge (MoveStep), what buying
offers and costs (BuyStep, PayStep), which picture a new discovery may replace (ReplaceStep). Exploring a
buoy asks nothing except a replacement, so it is a plain function here next to the step it may ask.
When a move, tool, payment or picture has one possibility the server takes it (`forced_single`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from app.engine import Log, Pile, Rng, Step, seat_ref
from app.engine import steps as frames
from app.engine.game import labelled
from app.engine.text import N_, Text, t, tn

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

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> Text:
        return t("Choose your starting equipment")

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        tools = sorted({C.EQUIPMENT_TYPE[e] for e in state["cargo"]})
        return [{"type": "draft", "equip": tool, "label": t("Take the {equipment}", equipment=C.FRONT_NAMES[tool])}
                for tool in tools]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        take_equipment(state, seat, action["equip"])
        log.add("draft", t("{player} takes the {equipment}", player=seat_ref(seat),
                           equipment=C.FRONT_NAMES[action["equip"]]))
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

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> Text:
        hand = set(state["players"][seat]["hand"])
        if len(hand) == 1:
            return t("Play your only token, {token} (secret until everybody has chosen)",
                     token=C.token_name(hand.pop()))
        return t("Choose a movement token (secret until everybody has chosen)")

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        tokens = _token_order(state["players"][seat]["hand"])
        # A single token is still chosen (who has chosen stays the only public fact); `only` lets the page
        # offer it as one obvious click.
        return [{"type": "token", "token": token, "only": len(tokens) == 1,
                 "label": t("Play token {token}", token=C.token_name(token))} for token in tokens]

    def on_timeout(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict:
        """A random legal token (spec section 5, ruling 1), drawn from the secret generator value without
        advancing it, so the same position always times out the same way; each seat reads other bits."""
        options = self.options(game, state, frame, seat)
        return labelled(options[(state["rng"] >> (8 * seat)) % len(options)])

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frame["chosen"][seat] = action["token"]
        log.add("chosen", t("{player} has chosen a token", player=seat_ref(seat)))
        log.private(seat, "chosen_own", t("You chose token {token}", token=C.token_name(action["token"])))
        if all(frame["chosen"][s] is not None for s in active_seats(state)):
            for s in active_seats(state):
                state["players"][s]["token"] = frame["chosen"][s]
            frames.pop(state)  # the turn flow reveals


def chosen_tokens(state: RiverState) -> list[int | None] | None:
    """The secret choices of the round, while the token step is asked."""
    frame = frames.top(state)
    return frame["chosen"] if frame and frame["step"] == "token" else None


# ---- moving ------------------------------------------------------------------------------------------------------

# The directions as the sentences name them (a move's `dir` stays the plain word).
DIRECTION = {"forward": N_("forward"), "back": N_("back")}

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

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> Text:
        token = state["players"][seat]["token"]
        if token == C.STAR:
            return t("Move the barge forward or back")
        return t("Move your ship {steps} forward or back", steps=token)

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
                     "label": t("Move the barge {steps} {direction} ({destination})", steps=k, direction=DIRECTION[d],
                                destination=C.destination(p))} for d, p in barge_moves(state, k)]
        return [{"type": "move", "dir": d, "piece": "ship", "steps": token, "to": p,
                 "label": t("Move your ship {steps} {direction} ({destination})", steps=token, direction=DIRECTION[d],
                            destination=C.destination(p))} for d, p in ship_moves(state, seat, token)]

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
    log.add("barge", t("{player} moves the barge {steps} {direction} {destination}", player=seat_ref(seat), steps=k,
                       direction=DIRECTION[direction], destination=C.destination(dest)), seat=seat, to=dest)
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
    log.add("ship", t("{player} sails {steps} {direction} {destination}", player=seat_ref(seat), steps=token,
                      direction=DIRECTION[direction], destination=C.destination(dest)), seat=seat, to=dest)
    if dest == C.BAY:
        state["bay"].append(seat)
        first = len(state["bay"]) == 1
        who = seat_ref(seat)
        log.add("bay", t("{player} reaches the Bay first (+2 points)", player=who) if first
                else t("{player} reaches the Bay", player=who), seat=seat)
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


def with_few_tokens_warning(prompt: Text, state: RiverState, seat: int) -> Text:
    """The prompt, and '(paying leaves you 2 tokens to sail with)' after it when a payment leaves few tokens."""
    left = tokens_after_paying(state, seat)
    if left > C.FEW_TOKENS:
        return prompt
    return t("{prompt} ({warning})", prompt=prompt, warning=tn("paying leaves you {n} token to sail with",
                                                              "paying leaves you {n} tokens to sail with", left))


def tools_for_sale(state: RiverState, seat: int) -> list[int]:
    """Tools on the barge; a second copy of an owned tool only when nothing else is left."""
    tools = sorted({C.EQUIPMENT_TYPE[e] for e in state["cargo"]})
    fresh = [t for t in tools if t not in owned_tools(state["players"][seat])]
    return fresh or tools


def meet_barge(game: Any, state: RiverState, seat: int, log: Log) -> None:
    """A ship on the barge's card must buy, when it can."""
    if not state["cargo"]:
        log.add("nobuy", t("{player} meets the barge, but its cargo is empty", player=seat_ref(seat)))
        return
    if not state["players"][seat]["hand"]:
        log.add("nobuy", t("{player} meets the barge, but has no token in hand to pay with", player=seat_ref(seat)))
        return
    if not payable_tokens(state, seat):
        log.add("nobuy", t("{player} meets the barge, but cannot pay: no number token would be left to sail with",
                           player=seat_ref(seat)))
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

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> Text:
        return with_few_tokens_warning(t("The barge is here: choose equipment to buy"), state, seat)

    def data(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict[str, Any]:
        return {"tokens_left": tokens_after_paying(state, seat)}

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        owned = owned_tools(state["players"][seat])
        return [{"type": "buy", "equip": tool, "owned": tool in owned,
                 "label": t("Buy the {equipment}", equipment=C.FRONT_NAMES[tool])}
                for tool in tools_for_sale(state, seat)]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frames.pop(state)
        game.ask(state, log, "pay", seat, equip=action["equip"])


class PayStep(Step):
    """Pay for the chosen tool with a hand token, which is spent for good."""

    kind: ClassVar[str] = "pay"
    forced_single: ClassVar[bool] = True

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> Text:
        return with_few_tokens_warning(t("Pay for the {equipment} with one of your tokens",
                                         equipment=C.FRONT_NAMES[frame["equip"]]), state, seat)

    def data(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict[str, Any]:
        return {"equip": frame["equip"], "tokens_left": tokens_after_paying(state, seat)}

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        return [{"type": "pay", "token": token, "equip": frame["equip"],
                 "label": t("Pay with token {token}", token=C.token_name(token))}
                for token in payable_tokens(state, seat)]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frames.pop(state)
        tool, token = frame["equip"], action["token"]
        player = state["players"][seat]
        player["hand"].remove(token)
        player["spent"].append(token)
        player["spent"].sort()
        take_equipment(state, seat, tool)
        log.add("buy", t("{player} buys the {equipment} with token {token}", player=seat_ref(seat),
                         equipment=C.FRONT_NAMES[tool], token=C.token_name(token)), seat=seat, equip=tool, token=token)


# ---- exploring and the newspaper ---------------------------------------------------------------------------------

def refusal(state: RiverState, seat: int, card: int) -> tuple[str, Text] | None:
    """Why `seat` cannot take `card` — (reason code, words) — or None when it can: a card needs a tool the
    player owns (or is a clover) and room in the article (a free slot or a picture of another value)."""
    player = state["players"][seat]
    front = C.FRONT[card]
    if front != C.CLOVER and front not in owned_tools(player):
        return "tool", t("it needs the {equipment}", equipment=C.FRONT_NAMES[front])
    if len(player["article"]) == C.ARTICLE_SLOTS and not replaceable_slots(state, seat, card):
        return "value", t("its value does not fit the newspaper (every picture has that value)")
    return None


def replaceable_slots(state: RiverState, seat: int, card: int) -> list[int]:
    return [i for i, a in enumerate(state["players"][seat]["article"]) if C.VALUE[a] != C.VALUE[card]]


def discovery_pile(state: RiverState) -> Pile:
    """The discovery deck and the aside pile; the aside pile becomes the new deck as soon as the deck is empty."""
    return Pile(Rng(state), state["deck"], state["aside"], reshuffle="at_once")


def _refill(pile: Pile, log: Log) -> None:
    # "at_once" written out: the card just set aside must be in the aside pile before it is shuffled.
    if not pile.deck and pile.reshuffle():
        log.add("reshuffle", t("The set-aside discoveries are shuffled into a new deck"))


def explore(game: Any, state: RiverState, seat: int, log: Log) -> None:
    """At most two looks at the top card: take the first takeable one, set the first one aside if not (spec 2.7)."""
    if homeward(state["players"][seat]):
        log.add("explore", t("{player} is heading home and does not explore", player=seat_ref(seat)))
        return
    pile = discovery_pile(state)
    for look in (1, 2):
        _refill(pile, log)
        card = pile.peek()
        if card is None:
            log.add("explore", t("{player} explores, but no discovery cards are left", player=seat_ref(seat)))
            return
        front = C.FRONT_NAMES[C.FRONT[card]]
        refused = refusal(state, seat, card)
        if refused is None:
            pile.deck.pop()
            log.add("discover", t("{player} explores ({equipment}) and discovers the {creature} (value {value})",
                                  player=seat_ref(seat), equipment=front, creature=C.CREATURE[card],
                                  value=C.VALUE[card]), seat=seat, card=card)
            place(game, state, seat, card, log)
            _refill(pile, log)
            return
        if look == 1:
            pile.discard(pile.deck.pop())
            log.add("aside", t("{player} cannot take a {equipment} card: {reason}. It is set aside",
                               player=seat_ref(seat), equipment=front, reason=refused[1]), reason=refused[0])
            _refill(pile, log)
        else:
            log.add("explore", t("{player} cannot take the next {equipment} card either: {reason}",
                                 player=seat_ref(seat), equipment=front, reason=refused[1]), reason=refused[0])


def place(game: Any, state: RiverState, seat: int, card: int, log: Log) -> None:
    article = state["players"][seat]["article"]
    if len(article) < C.ARTICLE_SLOTS:
        article.append(card)
        log.add("article", t("{player} puts it in picture {picture} of the newspaper", player=seat_ref(seat),
                             picture=len(article)))
        return
    game.ask(state, log, "replace", seat, card=card)


class ReplaceStep(Step):
    """A full article must take the new card in place of a picture of a different value (spec 2.8)."""

    kind: ClassVar[str] = "replace"
    forced_single: ClassVar[bool] = True

    def text(self, game: Any, state: RiverState, frame: dict, seat: int) -> Text:
        card = frame["card"]
        return t("Choose the picture the {creature} ({value}) replaces", creature=C.CREATURE[card], value=C.VALUE[card])

    def data(self, game: Any, state: RiverState, frame: dict, seat: int) -> dict[str, Any]:
        return {"card": frame["card"]}

    def options(self, game: Any, state: RiverState, frame: dict, seat: int) -> list[dict]:
        article = state["players"][seat]["article"]
        return [{"type": "replace", "slot": i, "old": article[i], "card": frame["card"],
                 "label": t("Replace picture {picture}: {creature} ({value})", picture=i + 1,
                            creature=C.CREATURE[article[i]], value=C.VALUE[article[i]])}
                for i in replaceable_slots(state, seat, frame["card"])]

    def resolve(self, game: Any, state: RiverState, frame: dict, seat: int, action: dict, log: Log) -> None:
        frames.pop(state)
        card, slot = frame["card"], action["slot"]
        player = state["players"][seat]
        old = player["article"][slot]
        player["article"][slot] = card
        player["replaced"].append(old)
        count = len(player["replaced"])
        args = {"player": seat_ref(seat), "old": C.CREATURE[old], "old_value": C.VALUE[old], "new": C.CREATURE[card],
                "new_value": C.VALUE[card], "count": count, "needed": C.REPLACEMENTS_NEEDED}
        if count == C.REPLACEMENTS_NEEDED:
            text = t("{player} replaces the {old} ({old_value}) with the {new} ({new_value}): replacement {count} of "
                     "{needed}; now heading home to the Bay", **args)
        else:
            text = t("{player} replaces the {old} ({old_value}) with the {new} ({new_value}): replacement {count} of "
                     "{needed}", **args)
        log.add("replace", text, seat=seat, old=old, card=card, slot=slot)


STEP_TYPES = (DraftStep, TokenStep, MoveStep, BuyStep, PayStep, ReplaceStep)
