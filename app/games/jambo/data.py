"""Jambo components as data: the 110 deck cards (ids 0..109), their kinds, texts and ware-card prices.

Counts follow docs/rules/jambo.md (the rules spec, section 6) exactly (40 wares, 5 small stands,
22 utilities, 29 people, 14 animals). A card id is an int; CARD_KIND[id] gives its kind key.
"""

from __future__ import annotations

from typing import Any

from app.engine.text import N_, Text, t, tn, words

# Ware types, by index: trinkets (jewelry), hides, tea, silk, fruit, salt.
WARES = [N_("trinkets"), N_("hides"), N_("tea"), N_("silk"), N_("fruit"), N_("salt")]
WARE_CODES = "KHTLFS"
TOKENS_PER_WARE = 6
START_GOLD = 20
START_HAND = 5
ACTIONS = 5
LARGE_STAND_SPACES = 6
SMALL_STAND_SPACES = 3
SIXTH_SPACE_FEE = 2
FIRST_STAND_COST = 6
LATER_STAND_COST = 3
MAX_UTILITIES = 3
END_GOLD = 60
END_BONUS_UNUSED = 2  # ending a turn with at least this many actions unused brings 1 gold

# (design, wares as codes, buy price, sell price, copies)
_WARE_CARDS = [
    ("W01", "KHTLFS", 10, 18, 4),
    ("W02", "KKK", 3, 10, 2),
    ("W03", "HHH", 3, 10, 2),
    ("W04", "TTT", 3, 10, 2),
    ("W05", "LLL", 3, 10, 2),
    ("W06", "FFF", 3, 10, 2),
    ("W07", "SSS", 3, 10, 2),
    ("W08", "KKF", 4, 11, 2),
    ("W09", "LLS", 4, 11, 2),
    ("W10", "TTL", 4, 11, 2),
    ("W11", "SSK", 4, 11, 2),
    ("W12", "FFH", 4, 11, 2),
    ("W13", "HHT", 4, 11, 2),
    ("W14", "SLK", 5, 12, 2),
    ("W15", "KHL", 5, 12, 2),
    ("W16", "SKF", 5, 12, 2),
    ("W17", "FHT", 5, 12, 2),
    ("W18", "TSF", 5, 12, 2),
    ("W19", "LHT", 5, 12, 2),
]

# kind -> (name, type, copies, text). Types: stand, utility, person, animal (wares are added below).
_OTHER = [
    ("stand", N_("Small Market Stand"), "stand", 5,
     N_("Adds 3 ware spaces. Costs 6 gold if it is the first small stand of the game, otherwise 3.")),
    ("well", N_("Well"), "utility", 3, N_("Use (1 action, once a turn): pay 1 gold, draw 1 card.")),
    ("drums", N_("Drums"), "utility", 3,
     N_("Use (1 action, once a turn): return 1 of your wares to the supply, draw 1 card.")),
    ("throne", N_("Throne"), "utility", 2,
     N_("Use (1 action, once a turn): take 1 ware from the opponent's stands and give them 1 of yours.")),
    ("boat", N_("Boat"), "utility", 2,
     N_("Use (1 action, once a turn): discard 1 card from your hand, take 1 ware of your choice.")),
    ("scale", N_("Scale"), "utility", 2,
     N_("Use (1 action, once a turn): draw 2 cards, keep 1, give the other to the opponent.")),
    ("mask", N_("Mask of Transformation"), "utility", 2,
     N_("Use (1 action, once a turn, also in phase 1): swap 1 card from your hand with the top card of the "
        "discard pile.")),
    ("supplies", N_("Supplies"), "utility", 2,
     N_("Use (1 action, once a turn): pay 1 gold or discard 1 card; reveal cards until a ware card, take it; "
     "discard the others.")),
    ("kettle", N_("Kettle"), "utility", 2,
     N_("Use (1 action, once a turn): discard 1 or 2 cards from your hand, draw as many.")),
    ("leopard", N_("Leopard Statue"), "utility", 2,
     N_("Use (1 action, once a turn): pay 2 gold, take 1 ware of your choice.")),
    ("weapons", N_("Weapons"), "utility", 2,
     N_("Use (1 action, once a turn): discard 1 card from your hand, take 2 gold.")),
    ("guard", N_("Guard"), "person", 6,
     N_("Reaction (no action): when the opponent plays an animal, cancel it. Both cards are discarded.")),
    ("rainmaker", N_("Rain Maker"), "person", 3,
     N_("Reaction (no action): after the opponent buys or sells with a ware card, take that card into your hand.")),
    ("shaman", N_("Shaman"), "person", 2,
     N_("Exchange all your wares of one type for as many wares of one other type from the supply.")),
    ("psychic", N_("Psychic"), "person", 2,
     N_("Look at the top 6 cards of the draw pile, take 1 into your hand, put the rest back in order.")),
    ("elder", N_("Tribal Elder"), "person", 2,
     N_("Choose: the opponent discards down to 3 cards, or you draw until you hold 5 cards.")),
    ("wiseman", N_("Wise Man from Afar"), "person", 2,
     N_("For the rest of this turn, ware cards buy for 2 gold less and sell for 2 gold more.")),
    ("portuguese", N_("Portuguese"), "person", 2, N_("Sell any number of your wares to the supply for 2 gold each.")),
    ("basket", N_("Basket Maker"), "person", 2, N_("Pay 2 gold, take 2 wares of one type from the supply.")),
    ("traveling", N_("Traveling Merchant"), "person", 2,
     N_("Choose 2 wares from the supply and auction them; the winner pays the bid and takes both.")),
    ("arabian", N_("Arabian Merchant"), "person", 2,
     N_("Reveal the top 3 cards and auction them; the winner pays and takes all 3 into hand; unsold, they are "
        "discarded.")),
    ("dancer", N_("Dancer"), "person", 2,
     N_("Discard a 3-ware card from your hand with the Dancer, return any 3 of your wares, take that card's sell "
        "price.")),
    ("carrier", N_("Carrier"), "person", 1,
     N_("Choose: take 2 wares of one type, or draw 2 cards. The opponent gets the other option.")),
    ("drummer", N_("Drummer"), "person", 1, N_("Take 1 utility card from the discard pile into your hand.")),
    ("crocodile", N_("Crocodile"), "animal", 5,
     N_("Attack: use one of the opponent's utilities once (no action), then it is discarded.")),
    ("parrot", N_("Parrot"), "animal", 2, N_("Attack: take 1 ware from the opponent's stands into yours.")),
    ("hyena", N_("Hyena"), "animal", 2,
     N_("Attack: look at the opponent's hand, take 1 card, then give them 1 card from your hand.")),
    ("snake", N_("Snake"), "animal", 1,
     N_("Attack: each player keeps 1 utility of their choice and discards the others.")),
    ("elephant", N_("Elephant"), "animal", 1,
     N_("Attack: pool all wares of both players; starting with you, take 1 each in turn until none remain.")),
    ("ape", N_("Ape"), "animal", 1,
     N_("Attack: pool both hands; starting with you, take 1 card each in turn until none remain.")),
    ("lion", N_("Lion"), "animal", 1,
     N_("Attack: pool all utilities; starting with you, take 1 each in turn (at most 3 each) until none remain.")),
    ("cheetah", N_("Cheetah"), "animal", 1, N_("Attack: the opponent chooses: give you 2 gold, or you draw 2 cards.")),
]

KINDS: dict[str, dict] = {}
CARD_KIND: list[str] = []

for _code, _wares, _buy, _sell, _copies in _WARE_CARDS:
    _names = ", ".join(WARES[WARE_CODES.index(c)] for c in _wares)
    KINDS[_code] = {
        "name": f"Wares: {_names}",
        "type": "ware",
        "copies": _copies,
        "wares": [WARE_CODES.index(c) for c in _wares],
        "buy": _buy,
        "sell": _sell,
        "text": f"Buy {_names} for {_buy} gold, or sell them for {_sell} gold. Discard after use.",
    }
    CARD_KIND += [_code] * _copies

for _kind, _name, _type, _copies, _text in _OTHER:
    KINDS[_kind] = {"name": _name, "type": _type, "copies": _copies, "text": _text}
    CARD_KIND += [_kind] * _copies

NUM_CARDS = len(CARD_KIND)
ANIMALS = {k for k, v in KINDS.items() if v["type"] == "animal"}
UTILITIES = {k for k, v in KINDS.items() if v["type"] == "utility"}
REACTIONS = {"guard", "rainmaker"}


def kind(card: int) -> str:
    return CARD_KIND[card]


def card_type(card: int) -> str:
    return KINDS[CARD_KIND[card]]["type"]


def name(card: int) -> str:
    return KINDS[CARD_KIND[card]]["name"]


def ware_list(wares: list[int]) -> str:
    return ", ".join(WARES[t] for t in wares)


# ---- names in Texts (app/engine/text.py): what each reader's language writes ------------------------------------

def gold(n: int) -> Text:
    """'3 gold': an amount of gold, which other languages write with their own plural forms."""
    return tn("{n} gold", "{n} gold", n)


def wares_say(wares: list[int]) -> dict[str, Any]:
    """Ware types as a list argument, written like `ware_list` ('tea, tea, silk')."""
    return words([WARES[t] for t in wares], ",")


def card_say(card: int) -> str | Text:
    """A card's name as a Text argument: a marked name, or for a ware card 'Wares: ' and its wares."""
    k = KINDS[CARD_KIND[card]]
    if k["type"] == "ware":
        return t("Wares: {wares}", wares=wares_say(k["wares"]))
    return k["name"]


def cards_say(cards: list[int], join: str = ",") -> dict[str, Any]:
    """Card names as a list argument ('Lion, Well' with the default commas); with a ware card among several, kept
    apart by semicolons (`cards_apart`)."""
    if len(cards) > 1 and any(card_type(c) == "ware" for c in cards):
        return cards_apart(cards)  # type: ignore[return-value]
    return words([card_say(c) for c in cards], join)  # type: ignore[arg-type]


def cards_apart(cards: list[int]) -> str | Text:
    """Card names kept apart by semicolons ('Wares: tea, silk, fruit; Lion'): a ware card's name has commas of its
    own, so a comma between cards would run two cards' wares together (issue #27, item 11)."""
    out = card_say(cards[0])
    for card in cards[1:]:
        out = t("{cards}; {card}", cards=out, card=card_say(card))
    return out


assert NUM_CARDS == 110
assert sum(1 for k in CARD_KIND if KINDS[k]["type"] == "ware") == 40
assert sum(1 for k in CARD_KIND if KINDS[k]["type"] == "stand") == 5
assert sum(1 for k in CARD_KIND if KINDS[k]["type"] == "utility") == 22
assert sum(1 for k in CARD_KIND if KINDS[k]["type"] == "person") == 29
assert sum(1 for k in CARD_KIND if KINDS[k]["type"] == "animal") == 14
