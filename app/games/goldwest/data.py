"""Every Gold West component as data: the hex map's slots and terrain tiles, the 56 mining tokens, the 20 investments,
the 14 Boomtown offices, the shipping tracks and the starting resources (counts as in docs/rules/goldwest.md).

Hexes use axial coordinates (q, r). A board hex has a stable id `slot * 7 + k`: k = 0 is the slot's centre, k = 1..6
its ring positions 0..5. Which terrain lies on a hex depends on the tile dealt to the slot and its rotation (state).
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypedDict

from app.engine.text import N_, Text, t, tn

TERRAINS = ("forest", "gold", "silver", "copper")
METALS = ("gold", "silver", "copper")
MATERIALS = ("wood", "stone")
RESOURCES = ("gold", "silver", "copper", "wood", "stone")
TERRAIN_NAMES = {"forest": N_("Forest"), "gold": N_("Gold"), "silver": N_("Silver"), "copper": N_("Copper")}
RESOURCE_NAMES = {"gold": N_("Gold"), "silver": N_("Silver"), "copper": N_("Copper"), "wood": N_("Wood"),
                  "stone": N_("Stone")}

CAMPS = {2: 12, 3: 12, 4: 10}
INFLUENCE_TOKENS = 12
SECTIONS = 4  # supply track sections 0..3; a section's number is its VP when a token's resources go there

# ---- the map ----------------------------------------------------------------------------------------------------

NEIGHBOUR_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
RING_OFFSETS = ((1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0))  # ring positions 0..5
WATER = ((-1, 1), (0, 0), (1, 0), (2, -1))


class Slot(TypedDict):
    name: str
    centre: tuple[int, int]
    two_players: bool


SLOTS: tuple[Slot, ...] = (
    {"name": "A", "centre": (-5, 2), "two_players": False},
    {"name": "B", "centre": (-2, 0), "two_players": True},
    {"name": "C", "centre": (1, -2), "two_players": True},
    {"name": "D", "centre": (4, -3), "two_players": True},
    {"name": "E", "centre": (6, -2), "two_players": False},
    {"name": "F", "centre": (3, 0), "two_players": True},
    {"name": "G", "centre": (0, 2), "two_players": True},
    {"name": "H", "centre": (-3, 3), "two_players": True},
)

_T = {"Fo": "forest", "Go": "gold", "Si": "silver", "Co": "copper"}


def _tile(ring: str, centre: str) -> dict:
    return {"ring": tuple(_T[x] for x in ring.split()), "centre": _T[centre]}


# Terrain tiles: ring positions 0..5 at rotation 0, and the centre (which never turns).
TILES = (
    _tile("Co Fo Co Go Fo Co", "Si"),
    _tile("Go Co Go Si Si Go", "Fo"),
    _tile("Fo Co Fo Co Si Go", "Go"),
    _tile("Fo Go Si Go Co Si", "Co"),
    _tile("Go Fo Si Go Fo Si", "Co"),
    _tile("Go Fo Fo Co Fo Co", "Si"),
    _tile("Co Fo Co Si Si Fo", "Go"),
    _tile("Si Go Si Go Si Co", "Fo"),
)

HEX_COUNT = len(SLOTS) * 7


def _hex_coords() -> list[tuple[int, int]]:
    out = []
    for slot in SLOTS:
        cq, cr = slot["centre"]
        out.append((cq, cr))
        out.extend((cq + dq, cr + dr) for dq, dr in RING_OFFSETS)
    return out


HEX_COORDS: tuple[tuple[int, int], ...] = tuple(_hex_coords())
HEX_AT = {coord: hex_id for hex_id, coord in enumerate(HEX_COORDS)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(HEX_AT[(q + dq, r + dr)] for dq, dr in NEIGHBOUR_STEPS if (q + dq, r + dr) in HEX_AT)
    for q, r in HEX_COORDS)
WATER_ADJACENT = frozenset(h for h, (q, r) in enumerate(HEX_COORDS)
                           if any((q + dq, r + dr) in WATER for dq, dr in NEIGHBOUR_STEPS))


def slot_of(hex_id: int) -> int:
    return hex_id // 7


def terrain_at(tile: int, rotation: int, position: int) -> str:
    """Terrain of position `position` (0 centre, 1..6 ring) of a slot holding `tile` turned `rotation` steps."""
    if position == 0:
        return TILES[tile]["centre"]
    return TILES[tile]["ring"][(position - 1 + rotation) % 6]


def edge_hexes(in_play: frozenset[int]) -> frozenset[int]:
    """Hexes in play with a neighbour position that is neither a hex in play nor water (Frontier Office)."""
    out = set()
    for h in in_play:
        q, r = HEX_COORDS[h]
        for dq, dr in NEIGHBOUR_STEPS:
            spot = (q + dq, r + dr)
            if spot not in WATER and HEX_AT.get(spot) not in in_play:
                out.add(h)
                break
    return frozenset(out)


# ---- mining tokens ----------------------------------------------------------------------------------------------

class Token(TypedDict):
    id: int
    terrain: str
    resources: tuple[str, ...]


_R = {"G": "gold", "S": "silver", "C": "copper", "W": "wood", "St": "stone"}
_TOKEN_FACES = {
    "gold": [("G G", 4), ("G G G", 2), ("G G S", 2), ("G G C", 2), ("G W St", 2), ("G S", 1), ("G S C", 1)],
    "silver": [("S S", 4), ("S S S", 2), ("S S G", 2), ("S S C", 2), ("S W St", 2), ("S C", 1), ("S St", 1)],
    "copper": [("C C", 4), ("C C C", 2), ("C C G", 2), ("C C S", 2), ("C W St", 2), ("C G", 1), ("C St", 1)],
    "forest": [("W W W", 3), ("St St St", 3), ("W St", 2), ("W W St", 1), ("W St St", 1), ("W G", 1), ("W S", 1),
               ("W C", 1), ("St G", 1)],
}


def _tokens() -> tuple[Token, ...]:
    out: list[Token] = []
    for terrain in TERRAINS:
        for face, copies in _TOKEN_FACES[terrain]:
            for _ in range(copies):
                out.append({"id": len(out), "terrain": terrain, "resources": tuple(_R[x] for x in face.split())})
    return tuple(out)


TOKENS = _tokens()
TOKENS_BY_TERRAIN = {t: tuple(tok["id"] for tok in TOKENS if tok["terrain"] == t) for t in TERRAINS}


def resource_count(res: str, n: int) -> Text:
    """'2 Gold' as a Text: each resource has its own counted phrase, since other languages decline the word."""
    if res == "gold":
        return tn("{n} Gold", "{n} Gold", n)
    if res == "silver":
        return tn("{n} Silver", "{n} Silver", n)
    if res == "copper":
        return tn("{n} Copper", "{n} Copper", n)
    if res == "wood":
        return tn("{n} Wood", "{n} Wood", n)
    return tn("{n} Stone", "{n} Stone", n)


def plus(items: list[Any]) -> Any:
    """'a + b + c' as a Text (nested pairs, so every language writes its own spacing around the sign)."""
    if len(items) == 1:
        return items[0]
    return t("{first} + {second}", first=plus(items[:-1]), second=items[-1])


@cache  # one Text per token, made once: labels name a token every Build step (Texts are never changed once made)
def token_text(token_id: int) -> Any:
    """A mining token's face, 'Gold + Gold + Silver'."""
    return plus([RESOURCE_NAMES[r] for r in TOKENS[token_id]["resources"]])


# ---- investments ------------------------------------------------------------------------------------------------

class Investment(TypedDict):
    id: int
    cost: dict[str, int]
    vp: int
    effect: str | None  # see EFFECT_TEXT
    terrain: str | None  # for the "influence" effect


def _inv(id_: int, cost: str, vp: int, effect: str | None = None, terrain: str | None = None) -> Investment:
    counts: dict[str, int] = {}
    for part in cost.split("+"):
        n, metal = part.split()
        counts[_R[metal]] = int(n)
    return {"id": id_, "cost": counts, "vp": vp, "effect": effect, "terrain": terrain}


INVESTMENTS: tuple[Investment, ...] = (
    _inv(1, "4 C", 8),
    _inv(2, "1 G + 3 C", 7, "influence", "silver"),
    _inv(3, "4 S", 5, "shared_office"),
    _inv(4, "2 G + 2 S", 9, "peek"),
    _inv(5, "4 G", 6, "ship2"),
    _inv(6, "5 S", 13),
    _inv(7, "2 G + 2 C", 10),
    _inv(8, "4 S", 10),
    _inv(9, "5 G", 15),
    _inv(10, "2 S + 2 C", 9),
    _inv(11, "5 C", 11),
    _inv(12, "3 G + 1 S", 11, "influence", "forest"),
    _inv(13, "3 G + 1 C", 8, "influence", "copper"),
    _inv(14, "2 G + 2 C", 6, "free_office"),
    _inv(15, "4 G", 12),
    _inv(16, "2 G + 2 S", 11),
    _inv(17, "1 G + 3 S", 9, "influence", "gold"),
    _inv(18, "1 C + 3 S", 7, "upgrade"),
    _inv(19, "2 C + 2 S", 7, "gain2"),
    _inv(20, "3 C + 1 S", 7, "ship1"),
)
INVESTMENT_BY_ID = {inv["id"]: inv for inv in INVESTMENTS}
INVESTMENTS_IN_PLAY = 8
INVESTMENT_BONUS = {2: [3, 2, 1], 3: [4, 3, 2, 1], 4: [5, 4, 3, 2, 1]}

EFFECT_TEXT = {
    None: "",
    "influence": N_("+1 influence in {terrain}"),
    "shared_office": N_("Put an influence token free on a Boomtown cell another player holds alone (you score it "
                        "too)"),
    "peek": N_("Look in secret at 2 face-down mining tokens"),
    "ship2": N_("2 free shipping steps"),
    "ship1": N_("1 free shipping step"),
    "free_office": N_("Put an influence token free on an empty Boomtown cell"),
    "upgrade": N_("Turn one of your camps into a settlement"),
    "gain2": N_("Gain 2 resources of your choice onto your supply track (no VP)"),
}


def investment_text(inv_id: int) -> str:
    inv = INVESTMENT_BY_ID[inv_id]
    text = EFFECT_TEXT[inv["effect"]]
    return text.format(terrain=TERRAIN_NAMES[inv["terrain"]]) if inv["terrain"] else text


def cost_text(cost: dict[str, int]) -> Any:
    """'1 Gold + 3 Copper' as a Text."""
    return plus([resource_count(m, n) for m, n in cost.items()])


# ---- Boomtown ---------------------------------------------------------------------------------------------------

BOOMTOWN_ROWS = ("gold", "silver", "copper")  # top to bottom; the metal shown at a row's right
BOOMTOWN_COLUMNS = ("copper", "silver", "gold")  # left to right; the metal at a column's head
SINGLE_CELL_SPOTS = (0, 2, 4, 6, 8)  # corners and centre: only there can four 2-cell offices tile the rest
BOOMTOWN_VP = 4


def cell_cost(cell: int) -> tuple[str, str]:
    """The two metals a Boomtown cell costs: its column's, then its row's."""
    return BOOMTOWN_COLUMNS[cell % 3], BOOMTOWN_ROWS[cell // 3]


class Office(TypedDict):
    id: int
    key: str
    name: str
    text: str
    bandits: bool


OFFICES: tuple[Office, ...] = tuple({"id": i, "key": k, "name": n, "text": x, "bandits": b} for i, (k, n, x, b) in enumerate((
    ("docks", N_("Docks"), N_("1 VP per camp and 2 VP per settlement of yours next to the water"), False),
    ("frontier", N_("Frontier Office"), N_("1 VP per building of yours on the edge of the board"), False),
    ("homestead", N_("Homestead Office"), N_("2 VP for each influence you have in your weakest terrain"), False),
    ("courthouse", N_("Courthouse"),
     N_("1 VP per building of yours in the terrain where your influence is highest"), False),
    ("deeds", N_("Deeds Office"), N_("2 VP per terrain majority award (1st or 2nd) you receive"), False),
    ("depot", N_("Depot"), N_("2 VP per building in your second-largest group"), False),
    ("mayor", N_("Mayor's Office"), N_("3 VP per 2 influence tokens you have in Boomtown"), False),
    ("saloon", N_("Saloon"), N_("2 VP per investment card you own"), False),
    ("sheriff", N_("Sheriff's Office"), N_("1 VP per building of yours next to another player's building"), False),
    ("shipping", N_("Shipping Office"), N_("2 VP per shipping bonus tile you own"), False),
    ("surveyor", N_("Surveyor's Office"),
     N_("1 VP per building of yours in your longest straight line of hexes"), False),
    ("town_hall", N_("Town Hall"), N_("1 VP per settlement of yours"), False),
    ("insurance", N_("Insurance Office"), N_("1 VP per building of yours next to a looted hex"), True),
    ("hoosegow", N_("Hoosegow"), N_("1 VP per camp of any player in the Wanted area"), True),
)))
OFFICES_IN_PLAY = 4

# Trading Post tiles for the single Boomtown cell (option): what placing influence there gives.
TRADING_POST_TILES = ("copper", "silver", "gold", "wood_or_stone")
TRADING_POST_NAMES = {"copper": N_("Copper"), "silver": N_("Silver"), "gold": N_("Gold"),
                      "wood_or_stone": N_("Wood or Stone")}

# ---- shipping ---------------------------------------------------------------------------------------------------

TRACK_END = 10
TRACK_VP = {2: 2, 6: 3}  # VP for entering these spaces
BONUS_SPACES = (4, 9)  # never stopped on: a step onto one goes on to the next space and takes a bonus tile
SHIPPING_TILES = {"copper": (7, 4), "silver": (8, 5), "gold": (9, 6)}  # first and second coach past a bonus space

# ---- turn order -------------------------------------------------------------------------------------------------

# Starting supply by place in turn order: resources per section 0..3.
START_SUPPLY = (
    (("wood",), ("stone", "copper"), (), ()),
    (("wood",), ("stone", "silver"), (), ()),
    (("wood",), ("stone", "gold"), (), ()),
    (("wood",), ("stone", "gold"), ("copper",), ()),
)
