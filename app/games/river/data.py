"""The River's components and board as data (spec sections 1 and 4; the card split is the spec's [design]).

Card ids are small ints. Equipment cards are 0-17 (type = id // 3, three copies of each of six
tools). Discovery cards are 18-73: the front shows a tool (0-5) or the four-leaf clover (6); the
back shows a creature and its value.
"""

from __future__ import annotations

from app.engine.text import N_, Text, t

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
    (N_("Butterfly net"), "Сачок"),
    (N_("Lantern"), "Фонарь"),
    (N_("Spyglass"), "Подзорная труба"),
    (N_("Magnifying glass"), "Лупа"),
    (N_("Diving mask"), "Маска для ныряния"),
    (N_("Camera"), "Фотоаппарат"),
]
EQUIPMENT_COPIES = 3
FRONT_NAMES = [name for name, _ in EQUIPMENT] + [N_("Four-leaf clover")]

# Discovery backs by front: (creature, value, copies).
DISCOVERIES: dict[int, list[tuple[str, int, int]]] = {
    0: [(N_("Reed Midge"), 1, 1), (N_("Mist Moth"), 2, 2), (N_("Glass Dragonfly"), 3, 2), (N_("Singing Mayfly"), 4, 2),
        (N_("Sky Carp"), 5, 1)],
    1: [(N_("Glow-worm"), 1, 1), (N_("Ember Newt"), 2, 2), (N_("Lamp-eyed Toad"), 3, 2),
        (N_("Night Heron Spirit"), 4, 2), (N_("Moon Eel"), 5, 1)],
    2: [(N_("Bank Vole"), 1, 1), (N_("Crested Kingfisher"), 2, 2), (N_("Long-necked Otter"), 3, 2),
        (N_("Cliff Griffin"), 4, 2), (N_("River Dragon"), 5, 1)],
    3: [(N_("Pebble Beetle"), 1, 1), (N_("Striped Snail"), 2, 2), (N_("Mossback Tortoise"), 3, 2),
        (N_("Crystal Crayfish"), 4, 2), (N_("Golden Scarab"), 5, 1)],
    4: [(N_("Bubble Shrimp"), 1, 1), (N_("Spotted Loach"), 2, 2), (N_("Whiskered Catfish"), 3, 2),
        (N_("Pearl Mussel Queen"), 4, 2), (N_("Giant Water Serpent"), 5, 1)],
    5: [(N_("Shy Beaver"), 1, 1), (N_("Dancing Crane"), 2, 2), (N_("Two-headed Heron"), 3, 2),
        (N_("Water Horse"), 4, 2), (N_("Lake Monster"), 5, 1)],
    CLOVER: [(N_("Lucky Tadpole"), 1, 2), (N_("Clover Frog"), 2, 3), (N_("Rainbow Trout"), 3, 2),
             (N_("Wishing Fish"), 4, 1)],
}


def _build() -> tuple[list[int], list[tuple[int, str, int]]]:
    equipment_type = [tool for tool in range(len(EQUIPMENT)) for _ in range(EQUIPMENT_COPIES)]
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
    """'3', or '★' for the star (in the catalogues too, so a language may write the star its own way)."""
    return N_("★") if token == STAR else str(token)


def destination(position: int) -> Text:
    """'to the Harbour', 'to section 7', 'to the Bay': whole, because languages choose the preposition by the place
    (Russian "в гавань" but "на участок 7")."""
    if position == HARBOUR:
        return t("to the Harbour")
    if position == BAY:
        return t("to the Bay")
    return t("to section {section}", section=position)
