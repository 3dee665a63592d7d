"""The River's components and board as data (spec sections 1 and 4; the card split is the spec's [design]).

Card ids are small ints. Equipment cards are 0-17 (type = id // 3, three copies of each of six
tools). Discovery cards are 18-73: the front shows a tool (0-5) or the four-leaf clover (6); the
back shows a creature and its value.
"""

from __future__ import annotations

RIVER_LENGTH = 18          # position 0 = Harbour, 1-16 = river sections, 17 = Bay
HARBOUR = 0
BAY = 17
FIRST_SECTION = 1
LAST_SECTION = 16
NUM_BUOYS = 8
STAR = 0                   # the star movement token
TOKENS = [1, 2, 3, 4, 5, STAR]
ARTICLE_SLOTS = 4
REPLACEMENTS_NEEDED = 4
ROUND_CAP = 40
FIRST_BONUS = 2
UNFINISHED_PENALTY = 2
FEW_TOKENS = 3             # the buy and pay prompts warn when a payment leaves this many tokens or fewer

CLOVER = 6
EQUIPMENT = [  # (English, Russian)
    ("Butterfly net", "Сачок"),
    ("Lantern", "Фонарь"),
    ("Spyglass", "Подзорная труба"),
    ("Magnifying glass", "Лупа"),
    ("Diving mask", "Маска для ныряния"),
    ("Camera", "Фотоаппарат"),
]
EQUIPMENT_COPIES = 3
FRONT_NAMES = [name for name, _ in EQUIPMENT] + ["Four-leaf clover"]

# Discovery backs by front: (creature, value, copies).
DISCOVERIES: dict[int, list[tuple[str, int, int]]] = {
    0: [("Reed Midge", 1, 1), ("Mist Moth", 2, 2), ("Glass Dragonfly", 3, 2), ("Singing Mayfly", 4, 2), ("Sky Carp", 5, 1)],
    1: [("Glow-worm", 1, 1), ("Ember Newt", 2, 2), ("Lamp-eyed Toad", 3, 2), ("Night Heron Spirit", 4, 2), ("Moon Eel", 5, 1)],
    2: [("Bank Vole", 1, 1), ("Crested Kingfisher", 2, 2), ("Long-necked Otter", 3, 2), ("Cliff Griffin", 4, 2),
        ("River Dragon", 5, 1)],
    3: [("Pebble Beetle", 1, 1), ("Striped Snail", 2, 2), ("Mossback Tortoise", 3, 2), ("Crystal Crayfish", 4, 2),
        ("Golden Scarab", 5, 1)],
    4: [("Bubble Shrimp", 1, 1), ("Spotted Loach", 2, 2), ("Whiskered Catfish", 3, 2), ("Pearl Mussel Queen", 4, 2),
        ("Giant Water Serpent", 5, 1)],
    5: [("Shy Beaver", 1, 1), ("Dancing Crane", 2, 2), ("Two-headed Heron", 3, 2), ("Water Horse", 4, 2),
        ("Lake Monster", 5, 1)],
    CLOVER: [("Lucky Tadpole", 1, 2), ("Clover Frog", 2, 3), ("Rainbow Trout", 3, 2), ("Wishing Fish", 4, 1)],
}


def _build() -> tuple[list[int], list[tuple[int, str, int]]]:
    equipment_type = [t for t in range(len(EQUIPMENT)) for _ in range(EQUIPMENT_COPIES)]
    discoveries: list[tuple[int, str, int]] = []
    for front in range(CLOVER + 1):
        for creature, value, copies in DISCOVERIES[front]:
            discoveries.extend([(front, creature, value)] * copies)
    return equipment_type, discoveries


EQUIPMENT_TYPE, _DISC = _build()
NUM_EQUIPMENT = len(EQUIPMENT_TYPE)          # 18
FIRST_DISCOVERY = NUM_EQUIPMENT              # discovery ids 18..73
NUM_DISCOVERIES = len(_DISC)                 # 56
NUM_CARDS = NUM_EQUIPMENT + NUM_DISCOVERIES  # 74
DISCOVERY_IDS = list(range(FIRST_DISCOVERY, NUM_CARDS))
FRONT = {FIRST_DISCOVERY + i: f for i, (f, _, _) in enumerate(_DISC)}
CREATURE = {FIRST_DISCOVERY + i: c for i, (_, c, _) in enumerate(_DISC)}
VALUE = {FIRST_DISCOVERY + i: v for i, (_, _, v) in enumerate(_DISC)}


def token_name(token: int) -> str:
    return "★" if token == STAR else str(token)


def place_name(position: int) -> str:
    """'the Harbour', 'section 7', 'the Bay'."""
    if position == HARBOUR:
        return "the Harbour"
    if position == BAY:
        return "the Bay"
    return f"section {position}"
