"""The Istanbul state: its shape (word keys), the deal for every player count and option, and the small operations
every step uses (goods within capacity, rubies and their tracks, bonus-card and letter piles, dice, fees).

Places are keyed by their number as a string wherever a dict is keyed by place (the state is plain JSON).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypedDict

from app.engine.kit import Log, Pile, first_seat, seat_ref
from app.engine.rng import Rng
from app.engine.text import N_, t, tn, words

from . import data as D


class Player(TypedDict):
    lira: int
    capacity: int
    extensions: int
    goods: dict[str, int]
    rubies: int
    mosque: dict[str, int]  # colour -> value of the tile owned
    hand: list[int]  # bonus card ids (secret)
    stack: int  # assistants under the merchant
    spare: bool  # the 5th assistant still in the supply
    assistants: dict[str, int]  # place -> assistants left there
    merchant: int
    family: int
    companion: Any  # None: general supply; "supply": own supply; int: on that place
    letters: list[dict[str, Any]]  # {"id", "place", "delivered"}
    double_round: int  # the round of the last double turn
    yellow_turn: int  # the turn number of the last yellow-mosque use
    wainwright_ruby: bool
    coffee: int  # Grand Bazaar: coffee (not a good; no capacity limit) [design]
    guild: list[int]  # Grand Bazaar: guild cards in hand, each the number of its place (secret)
    tavern: dict[str, int]  # Grand Bazaar: Tavern series -> value of the tile owned


def setup(num_players: int, options: Any, state: dict[str, Any]) -> list[dict[str, Any]]:
    rng = Rng(state)
    log = Log()
    n = num_players
    expansion = options.expansion == "letters_and_seals"
    bazaar = options.variant == "grand_bazaar"
    cols = 5 if expansion else 4
    rows = D.GRAND_BAZAAR_ROWS if bazaar else 4
    if bazaar:
        places, recommended = D.GRAND_BAZAAR_PLACES, D.GRAND_BAZAAR_LAYOUT
    elif expansion:
        places, recommended = D.EXPANSION_PLACES, D.EXPANSION_LAYOUT
    else:
        places, recommended = D.BASE_PLACES, D.BASE_LAYOUT
    if options.layout == "recommended":
        layout = list(recommended)
    else:
        layout = random_layout(rng, places, cols, expansion, bazaar)
    start = first_seat(options, n, rng)
    if expansion:
        deck_ids = list(D.NEW_CARDS) + (list(D.BASE_CARDS) if options.bonus_cards == "mixed" else [])
    else:
        deck_ids = list(D.BASE_CARDS)
    rng.shuffle(deck_ids)
    demand = {}
    for market in (D.LARGE_MARKET, D.SMALL_MARKET):
        tiles = list(range(5))
        rng.shuffle(tiles)
        demand[str(market)] = tiles
    players = []
    for seat in range(n):
        players.append(Player(
            lira=D.START_LIRA[(seat - start) % n], capacity=D.START_CAPACITY, extensions=0,
            goods={g: 0 for g in D.GOODS}, rubies=0, mosque={}, hand=[], stack=D.START_STACK, spare=True,
            assistants={}, merchant=D.FOUNTAIN, family=D.POLICE, companion=None, letters=[], double_round=0,
            yellow_turn=-1, wainwright_ruby=False, coffee=0, guild=[], tavern={}))
    state.update({
        "n": n, "expansion": expansion, "grand_bazaar": bazaar, "cols": cols, "rows": rows, "layout": layout,
        "phase": "play", "steps": [], "over": None,
        "start": start, "turn": start, "round": 1, "turns": 1, "ending": False, "extra": False,
        "players": players,
        "neutrals": list(D.NEUTRAL_PLACES) if n == 2 else [],
        "post_office": 0, "demand": demand,
        # What every player has seen that the state does not show by itself (scramble_hidden keeps it): bonus cards
        # taken face up from the discard pile, per seat, while still in hand; how many demand tiles each market has
        # turned under its stack (seen on top, so the bottom of the stack is known in order).
        "known": {"hands": {}, "demand_turned": {}},
        "mosques": {c: list(D.MOSQUE_VALUES[n]) for c in D.GOODS},
        "mosque_rubies": {str(D.SMALL_MOSQUE): D.MOSQUE_RUBIES[n], str(D.GREAT_MOSQUE): D.MOSQUE_RUBIES[n]},
        "wainwright": {"rubies": n, "extensions": D.EXTENSIONS_PER_PLAYER * n},
        "sultan": {"rubies": D.SULTAN_RUBIES[n], "taken": 0},
        "gem": {"rubies": D.GEM_RUBIES[n], "taken": 0},
        "rubies_added": 0,
        "bonus": {"deck": deck_ids, "discard": []},
        "society_paid": [],
        "tavern": {"A": list(D.TAVERN_TILE_VALUES[n]), "B": list(D.TAVERN_TILE_VALUES[n]),
                   "rubies": D.TAVERN_RUBIES[n], "baksheesh": []} if bazaar else None,
        # The barrier: the place it stands on and the seat holding its tile (none until bought at the Tavern).
        "barrier": {"place": None, "owner": None} if bazaar else None,
        "coffee_house": {"rubies": D.COFFEE_HOUSE_RUBIES, "taken": 0} if bazaar else None,
    })
    state["bonus_total"] = len(deck_ids)
    state["rubies_total"] = ruby_supply_on_board(state)
    tokens = ("governor", "smuggler") + (("courier",) if expansion else ()) + (("coffee_trader",) if bazaar else ())
    for token in tokens:
        dice = roll(state, 2)
        state[token] = sum(dice)
        log.add("roll", t("The {token} starts at {place} (rolled {die1}+{die2}).", token=D.TOKEN_NAMES[token],
                          place=D.place_name(state[token]), die1=dice[0], die2=dice[1]), dice=dice, token=token)
    if not expansion:
        state["courier"] = None
    if not bazaar:
        state["coffee_trader"] = None
    if expansion:
        letters = [lid for lid, _ in D.LETTERS]
        rng.shuffle(letters)
        kiosk = list(D.KIOSK_TILES)
        rng.shuffle(kiosk)
        state["letters"] = {"deck": letters, "discard": []}
        state["kiosk"] = {"deck": kiosk, "discard": [], "revealed": []}
    else:
        state["letters"] = {"deck": [], "discard": []}
        state["kiosk"] = {"deck": [], "discard": [], "revealed": []}
    if bazaar:
        guild = list(D.GUILD_CARDS)
        rng.shuffle(guild)
        state["guild"] = {"deck": guild, "discard": []}
    else:
        state["guild"] = None
    for offset in range(n):
        draw_cards(state, (start + offset) % n, 1, log)
    others = [D.START_LIRA[k] for k in range(1, n)]  # in seat order after the start player
    if n == 2:
        log.add("start", t("{player} starts the game with {first} lira; {other} gets {second}.",
                           player=seat_ref(start), first=D.START_LIRA[0], other=seat_ref((start + 1) % n),
                           second=others[0]))
    else:
        log.add("start", t("{player} starts the game with {first} lira; the others get {amounts} in turn.",
                           player=seat_ref(start), first=D.START_LIRA[0], amounts=words(others)))
    return log.events


def random_layout(rng: Rng, places: tuple[int, ...], cols: int, expansion: bool, bazaar: bool = False) -> list[int]:
    """Shuffle until the Fountain is inside and the Black Market and Tea House are far enough apart.

    On the 5x5 Grand Bazaar board the Fountain is fixed in the centre cell and the other 24 are shuffled [seed]."""
    centre = len(places) // 2 if bazaar else 0
    while True:
        layout = [p for p in places if p != D.FOUNTAIN] if centre else list(places)
        rng.shuffle(layout)
        if centre:
            layout.insert(centre, D.FOUNTAIN)
        if layout_ok(layout, cols, expansion):
            return layout


def layout_ok(layout: list[int], cols: int, expansion: bool) -> bool:
    rows = len(layout) // cols
    fr, fc = divmod(layout.index(D.FOUNTAIN), cols)
    if not (0 < fr < rows - 1 and 0 < fc < cols - 1):
        return False
    br, bc = divmod(layout.index(D.BLACK_MARKET), cols)
    tr, tc = divmod(layout.index(D.TEA_HOUSE), cols)
    if abs(br - tr) + abs(bc - tc) < 3:
        return False
    return not (expansion and (br == tr or bc == tc))


# ---- geometry ----------------------------------------------------------------------------------------------------

def cell(state: dict, place: int) -> tuple[int, int]:
    return _cells(tuple(state["layout"]), state["cols"])[place]


@lru_cache(maxsize=64)
def _cells(layout: tuple[int, ...], cols: int) -> dict[int, tuple[int, int]]:
    return {p: divmod(i, cols) for i, p in enumerate(layout)}


def distance(state: dict, a: int, b: int) -> int:
    cells = _cells(tuple(state["layout"]), state["cols"])
    (ar, ac), (br, bc) = cells[a], cells[b]
    return abs(ar - br) + abs(ac - bc)


def places_at(state: dict, origin: int, distances: tuple[int, ...], seat: int | None = None) -> list[int]:
    """The places `distances` steps from `origin`. For a merchant or companion of `seat` the Grand Bazaar's barrier,
    when another player holds it, is a place it may neither cross nor stop on: the steps go around it."""
    blocked = barrier_for(state, seat)
    if blocked is None:
        return list(_places_at(tuple(state["layout"]), state["cols"], origin, distances))
    return list(_places_around(tuple(state["layout"]), state["cols"], origin, distances, blocked))


def barrier_for(state: dict, seat: int | None) -> int | None:
    """The place the barrier stops `seat`'s pieces on (None: no barrier, or `seat` holds it)."""
    barrier = state.get("barrier")
    if seat is None or not barrier or barrier["place"] is None or barrier["owner"] == seat:
        return None
    return barrier["place"]


@lru_cache(maxsize=4096)
def _places_around(layout: tuple[int, ...], cols: int, origin: int, distances: tuple[int, ...],
                   blocked: int) -> tuple[int, ...]:
    """Shortest step counts from `origin` that never enter `blocked` (breadth first)."""
    cells = _cells(layout, cols)
    at = {cell: place for place, cell in cells.items()}
    steps = {origin: 0}
    frontier = [origin]
    while frontier:
        nxt = []
        for place in frontier:
            row, col = cells[place]
            for cell in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
                other = at.get(cell)
                if other is not None and other != blocked and other not in steps:
                    steps[other] = steps[place] + 1
                    nxt.append(other)
        frontier = nxt
    return tuple(p for p in layout if steps.get(p) in distances)


def straight_lines(state: dict, origin: int, seat: int) -> list[int]:
    """Grand Bazaar, the Tavern tile of straight moves: every place in a straight line from `origin`, up to the
    board's edge or the barrier (when another player holds it)."""
    cells = _cells(tuple(state["layout"]), state["cols"])
    at = {cell: place for place, cell in cells.items()}
    blocked = barrier_for(state, seat)
    out = []
    row, col = cells[origin]
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        r, c = row + dr, col + dc
        while (r, c) in at and at[(r, c)] != blocked:
            out.append(at[(r, c)])
            r, c = r + dr, c + dc
    return out


@lru_cache(maxsize=4096)
def _places_at(layout: tuple[int, ...], cols: int, origin: int, distances: tuple[int, ...]) -> tuple[int, ...]:
    cells = _cells(layout, cols)
    orow, ocol = cells[origin]
    return tuple(p for p in layout if abs(cells[p][0] - orow) + abs(cells[p][1] - ocol) in distances)


# ---- goods, money, rubies ------------------------------------------------------------------------------------------

def gain_goods(player: Player, goods: dict[str, int]) -> dict[str, int]:
    """Add goods up to capacity (the excess is lost); returns what was actually added."""
    added = {}
    for good, count in goods.items():
        room = player["capacity"] - player["goods"][good]
        got = max(0, min(count, room))
        player["goods"][good] += got
        if got:
            added[good] = got
    return added


def has_goods(player: Player, goods: dict[str, int]) -> bool:
    return all(player["goods"][g] >= c for g, c in goods.items())


def pay_goods(player: Player, goods: dict[str, int]) -> None:
    for good, count in goods.items():
        assert player["goods"][good] >= count
        player["goods"][good] -= count


def ruby_target(state: dict) -> int:
    return D.EXPANSION_RUBY_TARGET if state["expansion"] else D.RUBY_TARGET[state["n"]]


def ruby_supply_on_board(state: dict) -> int:
    out = (state["wainwright"]["rubies"] + sum(state["mosque_rubies"].values()) + state["sultan"]["rubies"]
           + state["gem"]["rubies"])
    if state.get("grand_bazaar"):
        out += state["tavern"]["rubies"] + state["coffee_house"]["rubies"]
    return out


TRACK_NAMES = {"sultan": N_("Sultan's Palace"), "gem": N_("Gemstone Dealer"), "coffee_house": N_("Coffee House")}
# The same names inside a label that a repeat card writes in lower case ("Secret Society twice: hand in ...").
TRACK_NAMES_LOWER = {"sultan": N_("sultan's palace"), "gem": N_("gemstone dealer"), "coffee_house": N_("coffee house")}


def give_ruby(state: dict, seat: int, source: str, log: Log) -> None:
    """One ruby from a source ("wainwright", "14", "15", "tavern", "sultan", "gem", "coffee_house") to `seat`;
    the ruby tracks refill with the expansion."""
    if source in ("wainwright", "tavern"):
        state[source]["rubies"] -= 1
    elif source in state["mosque_rubies"]:
        state["mosque_rubies"][source] -= 1
    else:
        track = state[source]
        track["rubies"] -= 1
        track["taken"] += 1
        if state["expansion"] and track["rubies"] == 0:
            track["rubies"] = 1
            state["rubies_added"] += 1
            log.add("refill", t("A ruby from the general supply refills the {track}'s track.",
                                track=TRACK_NAMES[source]))
    player = state["players"][seat]
    player["rubies"] += 1
    log.add("ruby", t("{player} takes a ruby ({rubies} now).", player=seat_ref(seat),
                      rubies=tn("{n} ruby", "{n} rubies", player["rubies"])), seat=seat)
    if player["rubies"] >= ruby_target(state) and not state["ending"]:
        state["ending"] = True
        log.add("ending", tn("{player} has {n} rubies: this round is the last.",
                             "{player} has {n} rubies: this round is the last.", player["rubies"],
                             player=seat_ref(seat)))


def sultan_available(state: dict) -> bool:
    return state["sultan"]["rubies"] > 0


def sultan_cost(state: dict) -> tuple[dict[str, int], int]:
    """(fixed goods, number of goods of any colour) for the next Sultan ruby."""
    k = min(D.SULTAN_FIRST[state["n"]] + state["sultan"]["taken"], len(D.SULTAN_SYMBOLS))
    fixed = {g: 0 for g in D.GOODS}
    anys = 0
    for symbol in D.SULTAN_SYMBOLS[:k]:
        if symbol == "any":
            anys += 1
        else:
            fixed[symbol] += 1
    return fixed, anys


def gem_available(state: dict) -> bool:
    return state["gem"]["rubies"] > 0


def gem_price(state: dict) -> int:
    return min(D.GEM_FIRST[state["n"]] + state["gem"]["taken"], D.GEM_LAST)


def coffee_price(state: dict) -> int:
    """Coffee for the next Coffee House ruby; after a refill the last price stays [design]."""
    return D.COFFEE_HOUSE_PRICES[min(state["coffee_house"]["taken"], len(D.COFFEE_HOUSE_PRICES) - 1)]


def ruby_tracks(state: dict) -> tuple[str, ...]:
    """The ruby tracks the Secret Society may take from."""
    return ("sultan", "gem", "coffee_house") if state.get("grand_bazaar") else ("sultan", "gem")


def gain_coffee(state: dict, seat: int, count: int, log: Log, where: int | None = None) -> None:
    """`count` coffee to `seat`; `where` is the place that gave it when the log names it."""
    state["players"][seat]["coffee"] += count
    args = {"player": seat_ref(seat), "coffee": D.coffee(count), "total": state["players"][seat]["coffee"]}
    if where == D.CARAVANSARY:
        text = t("{player} takes {coffee} at the Caravansary ({total} now).", **args)
    elif where == D.ROASTING_PLANT:
        text = t("{player} takes {coffee} at the Roasting Plant ({total} now).", **args)
    elif where == D.CATACOMBS:
        text = t("{player} takes {coffee} in the Catacombs ({total} now).", **args)
    else:
        text = t("{player} takes {coffee} ({total} now).", **args)
    log.add("coffee", text, seat=seat)


def pay_coffee(state: dict, seat: int, count: int) -> None:
    player = state["players"][seat]
    assert player["coffee"] >= count
    player["coffee"] -= count


def draw_guild(state: dict, seat: int, count: int, log: Log) -> list[int]:
    return draw_secret(state, seat, "guild", "guild", count, log)


def draw_secret(state: dict, seat: int, piles: str, hand: str, count: int, log: Log) -> list[int]:
    """Cards from a face-down deck (`state[piles]`: "bonus" or "guild") into a secret hand: everyone is told how
    many, the drawer also which. An empty deck is refilled from the shuffled discard pile; with both empty nothing is
    drawn."""
    bonus = piles == "bonus"
    pile = Pile(Rng(state), state[piles]["deck"], state[piles]["discard"], "on_draw")
    cards = pile.draw(count)
    kind = "draw" if bonus else piles
    if pile.reshuffles:
        log.add("reshuffle", t("The bonus discard pile is shuffled into a new deck.") if bonus
                else t("The guild discard pile is shuffled into a new deck."))
    state["players"][seat][hand].extend(cards)
    who = seat_ref(seat)
    if cards:
        if bonus:
            log.add(kind, tn("{player} draws {n} bonus card.", "{player} draws {n} bonus cards.", len(cards),
                             player=who), seat=seat)
            names = words([D.card_name(D.CARD_KIND[c]) for c in cards], ",")
        else:
            log.add(kind, tn("{player} draws {n} guild card.", "{player} draws {n} guild cards.", len(cards),
                             player=who), seat=seat)
            names = t("the guild cards of {places}", places=words([D.place_name(c) for c in cards], ","))
        log.private(seat, kind + "_private", t("{player} draws {cards}.", player=who, cards=names), cards=cards)
    else:
        log.add(kind, t("No bonus card is left to draw.") if bonus else t("No guild card is left to draw."))
    return cards


def has_service_tile(player: Player) -> bool:
    """The Tavern tile of series A: no fee to the Governor, Smuggler, Coffee Trader and Courier [seed]."""
    return "A" in player.get("tavern", {})


# ---- piles and dice ------------------------------------------------------------------------------------------------

def draw_cards(state: dict, seat: int, count: int, log: Log) -> list[int]:
    return draw_secret(state, seat, "bonus", "hand", count, log)


def hand_kinds(player: Player) -> list[str]:
    return [D.CARD_KIND[c] for c in player["hand"]]


def discard_card(state: dict, seat: int, kind: str) -> int:
    hand = state["players"][seat]["hand"]
    card = next(c for c in hand if D.CARD_KIND[c] == kind)
    hand.remove(card)
    state["bonus"]["discard"].append(card)
    # A card of this kind seen going into the hand is no longer known to be there: nobody can tell the two apart.
    shown = known(state)["hands"].get(str(seat), [])
    seen = next((c for c in shown if D.CARD_KIND[c] == kind), None)
    if seen is not None:
        shown.remove(seen)
    return card


def known(state: dict) -> dict:
    """The record of what every player has seen (a game dealt before it was kept starts it empty)."""
    return state.setdefault("known", {"hands": {}, "demand_turned": {}})


def top_discard_kind(state: dict) -> str | None:
    pile = state["bonus"]["discard"]
    return D.CARD_KIND[pile[-1]] if pile else None


def draw_letter(state: dict, seat: int, log: Log) -> bool:
    pile = Pile(Rng(state), state["letters"]["deck"], state["letters"]["discard"], "on_draw")
    letter = pile.draw_one()
    if pile.reshuffles:
        log.add("reshuffle", t("The used letters are shuffled into a new stack."))
    if letter is None:
        log.add("letter", t("No letter is left to take."))
        return False
    place = D.LETTER_PLACE[letter]
    state["players"][seat]["letters"].append({"id": letter, "place": place, "delivered": False})
    log.add("letter", t("{player} takes a letter for {place}.", player=seat_ref(seat), place=D.place_name(place)),
            seat=seat, letter=letter)
    return True


def discard_letters(state: dict, seat: int, ids: list[int]) -> int:
    """Hand in letters; returns the seals they showed."""
    player = state["players"][seat]
    seals = 0
    for lid in ids:
        letter = next(l for l in player["letters"] if l["id"] == lid)
        player["letters"].remove(letter)
        seals += 2 if letter["delivered"] else 1
        state["letters"]["discard"].append(lid)
    return seals


def seals(player: Player) -> int:
    return sum(2 if l["delivered"] else 1 for l in player["letters"])


def roll(state: dict, count: int) -> list[int]:
    rng = Rng(state)
    return [rng.randint(1, 6) for _ in range(count)]


def move_token(state: dict, token: str, log: Log) -> None:
    """Roll 2 dice and move the Governor, Smuggler, Courier or Coffee Trader to the place with that number."""
    dice = roll(state, 2)
    state[token] = sum(dice)
    log.add("roll", t("The {token} rolls {die1}+{die2} and goes to {place}.", token=D.TOKEN_NAMES[token],
                      die1=dice[0], die2=dice[1], place=D.place_name(state[token])), dice=dice, token=token)


# ---- tokens on places ------------------------------------------------------------------------------------------

def fee_tokens(state: dict, seat: int, place: int, skip_merchant_of: int | None = None) -> list[str]:
    """What `seat` must pay 2 lira to on arriving at `place`: other merchants, their companions, neutral merchants."""
    if place == D.FOUNTAIN:
        return []
    out = []
    for other, player in enumerate(state["players"]):
        if other == seat:
            continue
        if player["merchant"] == place and other != skip_merchant_of:
            out.append(f"merchant:{other}")
        if player["companion"] == place:
            out.append(f"companion:{other}")
    out += ["neutral"] * state["neutrals"].count(place)
    return out


def own_assistants(player: Player) -> list[int]:
    return sorted(int(p) for p, c in player["assistants"].items() if c)


def recall_assistant(player: Player, place: int) -> None:
    key = str(place)
    player["assistants"][key] -= 1
    if not player["assistants"][key]:
        del player["assistants"][key]
    player["stack"] += 1


def extension_gives_ruby(state: dict, seat: int) -> bool:
    """Whether `seat`'s next wheelbarrow extension is its 3rd, which takes the Wainwright's ruby."""
    player = state["players"][seat]
    return player["extensions"] == D.EXTENSIONS_PER_PLAYER - 1 and not player["wainwright_ruby"] \
        and bool(state["wainwright"]["rubies"])


def extend_wheelbarrow(state: dict, seat: int, log: Log) -> None:
    player = state["players"][seat]
    player["capacity"] += 1
    player["extensions"] += 1
    state["wainwright"]["extensions"] -= 1
    log.add("extension", t("{player} extends the wheelbarrow to {capacity} of each good.", player=seat_ref(seat),
                           capacity=player["capacity"]), seat=seat)
    if player["extensions"] == D.EXTENSIONS_PER_PLAYER and not player["wainwright_ruby"] \
            and state["wainwright"]["rubies"]:
        player["wainwright_ruby"] = True
        give_ruby(state, seat, "wainwright", log)


def deliver_letters(state: dict, log: Log) -> None:
    """Letters whose place holds one of their owner's tokens are turned over (automatic, any time)."""
    if not state["expansion"]:
        return
    for seat, player in enumerate(state["players"]):
        spots = {player["merchant"], player["family"]}
        if isinstance(player["companion"], int):
            spots.add(player["companion"])
        for letter in player["letters"]:
            if not letter["delivered"] and letter["place"] in spots:
                letter["delivered"] = True
                log.add("deliver", t("{player} delivers a letter at {place}.", player=seat_ref(seat),
                                     place=D.place_name(letter["place"])), seat=seat, letter=letter["id"])
