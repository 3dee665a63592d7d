"""Every Istanbul component as data: places, layouts, bonus cards, mosque and demand tiles, letters, kiosk tiles.

Counts follow docs/rules/istanbul.md (the rules spec with the product owner's rulings).
Nothing here changes during a game; the state refers to these by id or name.
"""

from __future__ import annotations

from app.engine.text import N_, Text, t, tn, words

GOODS = ("red", "green", "yellow", "blue")
GOOD_NAMES = {"red": N_("fabric"), "green": N_("spice"), "yellow": N_("fruit"), "blue": N_("jewelry")}

# ---- places ------------------------------------------------------------------------------------------------------
WAINWRIGHT, FABRIC, SPICE, FRUIT, POST_OFFICE, CARAVANSARY, FOUNTAIN, BLACK_MARKET, TEA_HOUSE = range(1, 10)
LARGE_MARKET, SMALL_MARKET, POLICE, SULTAN, SMALL_MOSQUE, GREAT_MOSQUE, GEM_DEALER = range(10, 17)
EMBASSY, KIOSK, AUCTION, SECRET_SOCIETY = 21, 22, 23, 24

PLACE_NAMES = {
    1: N_("Wainwright"), 2: N_("Fabric Warehouse"), 3: N_("Spice Warehouse"), 4: N_("Fruit Warehouse"),
    5: N_("Post Office"), 6: N_("Caravansary"), 7: N_("Fountain"), 8: N_("Black Market"), 9: N_("Tea House"),
    10: N_("Large Market"), 11: N_("Small Market"), 12: N_("Police Station"), 13: N_("Sultan's Palace"),
    14: N_("Small Mosque"), 15: N_("Great Mosque"), 16: N_("Gemstone Dealer"),
    21: N_("Embassy"), 22: N_("Kiosk"), 23: N_("Auction House"), 24: N_("Secret Society"),
}
PLACE_TEXTS = {
    1: N_("Pay 7 lira: one wheelbarrow extension (+1 capacity, at most 5). Your 3rd extension also gives 1 ruby."),
    2: N_("Fill your fabric (red) to capacity."),
    3: N_("Fill your spice (green) to capacity."),
    4: N_("Fill your fruit (yellow) to capacity."),
    5: N_("Take the goods and lira shown, then move the next mail indicator."),
    6: N_("Take 2 bonus cards (each from the deck or the top of the discard pile), then discard 1."),
    7: N_("Bring any of your assistants back to your merchant; no assistant or fee needed here."),
    8: N_("Take 1 fabric, spice or fruit, then roll: 7-8 one jewelry, 9-10 two, 11-12 three."),
    9: N_("Name a number 3-12 and roll: at least that number gains it in lira, otherwise 2 lira."),
    10: N_("Sell goods shown on the dark demand tile: 1-5 goods give 3/7/12/18/25 lira."),
    11: N_("Sell goods shown on the light demand tile: 1-5 goods give 2/5/9/14/20 lira."),
    12: N_("Send your family member from here to any other place and take that place's action."),
    13: N_("Deliver the goods shown to take the next ruby."),
    14: N_("Take the top fabric or spice mosque tile (have its number of goods, pay 1)."),
    15: N_("Take the top fruit or jewelry mosque tile (have its number of goods, pay 1)."),
    16: N_("Pay the price shown to take the next ruby."),
    21: N_("Take 2 letters."),
    22: N_("Take 1 letter, then reveal kiosk tiles: each player in turn uses one; you also use the last."),
    23: N_("Take 1 good of your choice, then auction 2 bonus cards."),
    24: N_("Hand in letters worth 6 seals: the next ruby of the Sultan's Palace or the Gemstone Dealer, for free."),
}
BASE_PLACES = tuple(range(1, 17))
EXPANSION_PLACES = BASE_PLACES + (21, 22, 23, 24)
WAREHOUSE_GOOD = {FABRIC: "red", SPICE: "green", FRUIT: "yellow"}

# Layouts, row by row. Base: 4 columns x 4 rows. Letters & Seals: 5 columns x 4 rows.
BASE_LAYOUT = (15, 5, 2, 14, 4, 12, 7, 3, 8, 6, 11, 9, 13, 10, 1, 16)  # "short paths"
EXPANSION_LAYOUT = (16, 15, 22, 3, 10, 8, 1, 7, 21, 4, 2, 23, 6, 12, 9, 24, 11, 5, 14, 13)

# ---- setup by player count -----------------------------------------------------------------------------------
RUBY_TARGET = {2: 6, 3: 5, 4: 5, 5: 5}
EXPANSION_RUBY_TARGET = 6
MOSQUE_VALUES = {2: (2, 4), 3: (2, 3, 4), 4: (2, 3, 4, 5), 5: (2, 3, 4, 5)}
MOSQUE_RUBIES = {2: 2, 3: 3, 4: 4, 5: 4}
SMALL_MOSQUE_COLOURS = ("red", "green")
GREAT_MOSQUE_COLOURS = ("yellow", "blue")
MOSQUE_OF = {"red": SMALL_MOSQUE, "green": SMALL_MOSQUE, "yellow": GREAT_MOSQUE, "blue": GREAT_MOSQUE}
SULTAN_FIRST = {2: 5, 3: 5, 4: 4, 5: 4}  # symbols in the first cost
SULTAN_RUBIES = {2: 6, 3: 6, 4: 7, 5: 7}
SULTAN_SYMBOLS = ("blue", "red", "green", "yellow", "any", "blue", "red", "green", "yellow", "any")
GEM_FIRST = {2: 15, 3: 14, 4: 12, 5: 12}
GEM_LAST = 23
GEM_RUBIES = {2: 9, 3: 10, 4: 12, 5: 12}
START_LIRA = (2, 3, 4, 5, 6)  # the start player first, then clockwise
EXTENSIONS_PER_PLAYER = 3
MAX_CAPACITY = 5
START_CAPACITY = 2
ASSISTANTS = 5
START_STACK = 4
WAINWRIGHT_PRICE = 7
FEE = 2  # per other merchant/companion, per governor/smuggler/courier payment
NEUTRAL_PLACES = (SMALL_MOSQUE, GREAT_MOSQUE, GEM_DEALER)

# Post office: reward by the number of indicators already down (0-4); the 5th visit resets.
POST_OFFICE_REWARDS = (
    ({"green": 1, "yellow": 1}, 2),
    ({"red": 1, "yellow": 1}, 2),
    ({"red": 1, "yellow": 1}, 3),
    ({"red": 1, "blue": 1}, 3),
    ({"red": 1, "blue": 1}, 4),
)

LARGE_DEMAND = (
    {"red": 1, "green": 1, "yellow": 1, "blue": 2},
    {"red": 1, "green": 1, "yellow": 0, "blue": 3},
    {"red": 2, "green": 1, "yellow": 0, "blue": 2},
    {"red": 1, "green": 0, "yellow": 1, "blue": 3},
    {"red": 2, "green": 0, "yellow": 1, "blue": 2},
)
SMALL_DEMAND = (
    {"red": 1, "green": 2, "yellow": 1, "blue": 1},
    {"red": 1, "green": 2, "yellow": 2, "blue": 0},
    {"red": 0, "green": 2, "yellow": 2, "blue": 1},
    {"red": 1, "green": 1, "yellow": 2, "blue": 1},
    {"red": 1, "green": 3, "yellow": 1, "blue": 0},
)
MARKET_PRICES = {LARGE_MARKET: (0, 3, 7, 12, 18, 25), SMALL_MARKET: (0, 2, 5, 9, 14, 20)}
DEMAND_TILES = {LARGE_MARKET: LARGE_DEMAND, SMALL_MARKET: SMALL_DEMAND}

# Black market: jewelry by dice sum.
def black_market_jewelry(total: int) -> int:
    return 3 if total >= 11 else 2 if total >= 9 else 1 if total >= 7 else 0


TEA_HOUSE_LOW, TEA_HOUSE_HIGH, TEA_HOUSE_CONSOLATION = 3, 12, 2

# ---- bonus cards ---------------------------------------------------------------------------------------------------
# kind: (name, text, copies, expansion?)
BONUS_KINDS: dict[str, tuple[str, str, int, bool]] = {
    "gain_good": (N_("Gain 1 good"), N_("Take 1 good of your choice, before or after your place action."), 4, False),
    "five_lira": (N_("Take 5 lira"), N_("Take 5 lira, any time in your turn."), 4, False),
    "sultan_twice": (N_("Sultan's Palace twice"), N_("At the Sultan's Palace, take the action a second time."), 2,
                     False),
    "post_twice": (N_("Post Office twice"), N_("At the Post Office, take the action a second time."), 2, False),
    "gem_twice": (N_("Gemstone Dealer twice"), N_("At the Gemstone Dealer, buy a second ruby at the new price."), 2,
                  False),
    "family_home": (N_("Family member home"), N_("Send your family member back to the Police Station and take 3 lira "
                                                 "or 1 bonus card."), 2, False),
    "stay": (N_("Stay"), N_("Instead of moving, stay where you are (not at the Fountain); the assistant step still "
             "applies."), 2, False),
    "move_far": (N_("Move 3-4"), N_("Move your merchant exactly 3 or 4 places instead of 1-2."), 4, False),
    "recall_assistant": (N_("Return 1 assistant"), N_("In the movement phase, bring 1 of your assistants back to your "
                         "merchant."), 2, False),
    "any_market": (N_("Small Market: any goods"), N_("At the Small Market, sell any 1-5 goods, ignoring the demand "
                   "tile."), 2, False),
    "take_letter": (N_("Take 1 letter"), N_("Take 1 letter, any time in your turn."), 2, True),
    "dice_reward": (N_("Dice reward"), N_("Roll 2 dice: 2-5 gives 3 lira, 6-8 gives 5 lira, 9-12 gives 7 lira."), 2,
                    True),
    "sell_good": (N_("Sell 1 good"), N_("Pay 1 good of your choice and take 7 lira."), 2, True),
    "good_red": (N_("Fabric and 3 lira"), N_("Take 1 fabric and 3 lira."), 1, True),
    "good_green": (N_("Spice and 3 lira"), N_("Take 1 spice and 3 lira."), 1, True),
    "good_yellow": (N_("Fruit and 3 lira"), N_("Take 1 fruit and 3 lira."), 1, True),
    "good_blue": (N_("Jewelry and 3 lira"), N_("Take 1 jewelry and 3 lira."), 1, True),
    "copy_discard": (N_("Copy the discard"), N_("Use the effect of the top card of the bonus discard pile (it stays "
                     "there)."), 2, True),
    "family_step": (N_("Family member steps"), N_("Instead of moving, move your family member (not at the Police "
                    "Station) to an adjacent place other than the Police Station and take its action, without "
                    "encounters."), 2, True),
    "join_merchant": (N_("Join a merchant"), N_("Instead of moving, move your merchant to another player's merchant; "
                      "you do not pay that merchant."), 2, True),
    "companion_two": (N_("Companion 2 places"), N_("Move your companion 2 places instead of 1."), 2, True),
    "use_token": (N_("Call a helper"), N_("In your encounters, use the Governor, Smuggler or Courier wherever it is, "
                  "paying its cost; then it moves."), 2, True),
    "mosque_twice": (N_("Mosque twice"), N_("At a Mosque, take the action a second time."), 2, True),
    "society_twice": (N_("Secret Society twice"), N_("At the Secret Society, take the action a second time."), 2, True),
    "go_anywhere": (N_("Go anywhere"), N_("Instead of moving, pay 3 lira and move your merchant to any place."), 2,
                    True),
}
GOOD_CARD = {"good_red": "red", "good_green": "green", "good_yellow": "yellow", "good_blue": "blue"}
DICE_REWARD = ((5, 3), (8, 5), (12, 7))  # (highest sum, lira)
SELL_GOOD_LIRA = 7
GO_ANYWHERE_PRICE = 3


def _card_ids() -> tuple[tuple[int, str], ...]:
    out, next_id = [], 0
    for kind, (_, _, copies, _) in BONUS_KINDS.items():
        for _ in range(copies):
            out.append((next_id, kind))
            next_id += 1
    return tuple(out)


CARDS = _card_ids()
CARD_KIND = dict(CARDS)
BASE_CARDS = tuple(cid for cid, kind in CARDS if not BONUS_KINDS[kind][3])
NEW_CARDS = tuple(cid for cid, kind in CARDS if BONUS_KINDS[kind][3])
REPEAT_CARD = {SULTAN: "sultan_twice", POST_OFFICE: "post_twice", GEM_DEALER: "gem_twice",
               SMALL_MOSQUE: "mosque_twice", GREAT_MOSQUE: "mosque_twice", SECRET_SOCIETY: "society_twice"}
# Cards that may be played whenever the active player is not in the middle of an action.
ANYTIME_KINDS = ("gain_good", "five_lira", "family_home", "take_letter", "dice_reward", "sell_good",
                 "good_red", "good_green", "good_yellow", "good_blue")
# The same in the middle of a step (a fee being paid, a kiosk tile being chosen): "Gain 1 good" is kept for when no
# other action is being resolved [spec §15 item 9].
MIDSTEP_KINDS = tuple(k for k in ANYTIME_KINDS if k != "gain_good")
# After the last round, only cards that give lira or goods (tie breaks).
EPILOGUE_KINDS = ("gain_good", "five_lira", "dice_reward", "good_red", "good_green", "good_yellow", "good_blue")

# ---- letters -------------------------------------------------------------------------------------------------------
# [design, ours] 2 letters for every place of the Letters & Seals board except the Fountain 7 and the Police
# Station 12 (every merchant starts on 7 and every family member on 12, which would deliver them for nothing).
LETTER_PLACES = tuple(p for p in EXPANSION_PLACES if p not in (FOUNTAIN, POLICE))
LETTERS = tuple((i, p) for i, p in enumerate(q for q in LETTER_PLACES for _ in range(2)))
LETTER_PLACE = dict(LETTERS)
COURIER_LETTERS = 1
SEALS_DOUBLE_TURN = 3
SEALS_SOCIETY = 6
SOCIETY_LIRA = (3, 2, 1)

# ---- kiosk tiles -----------------------------------------------------------------------------------------------------
KIOSK_TILES: dict[int, str] = {
    1: N_("Take 1 fruit and 1 lira."), 2: N_("Take 1 spice and 1 lira."), 3: N_("Take 1 fabric and 1 lira."),
    4: N_("Take 2 fruit."), 5: N_("Take 2 spice."), 6: N_("Take 2 fabric."),
    7: N_("Take 1 fruit."), 8: N_("Take 1 spice."), 9: N_("Take 1 fabric."), 10: N_("Take 1 jewelry."),
    11: N_("Take 1 bonus card and 2 lira."), 12: N_("Take 2 lira."), 13: N_("Take 3 lira."),
    14: N_("Put your companion into your own supply."), 15: N_("Roll 1 die: 1 lira per pip."),
    16: N_("Pay 10 lira for 1 wheelbarrow extension."), 17: N_("Pay 1 of each good for 1 wheelbarrow extension."),
    18: N_("Move your merchant (with its assistants) to the Fountain, collecting no assistants."),
    19: N_("Pay 1 good for 1 letter, or hand in 1 letter for 1 good."),
    20: N_("Discard 1 bonus card for 1 letter, or hand in 1 letter for 1 bonus card."),
    21: N_("Pay 2 lira for 1 letter, or hand in 1 letter for 3 lira."),
    22: N_("Pay 2 lira for 1 good of your choice, or pay 1 good for 3 lira."),
    23: N_("Pay 2 lira for 1 bonus card, or discard 1 bonus card for 3 lira."),
}
KIOSK_SIMPLE = {  # tile: (goods, lira)
    1: ({"yellow": 1}, 1), 2: ({"green": 1}, 1), 3: ({"red": 1}, 1), 4: ({"yellow": 2}, 0), 5: ({"green": 2}, 0),
    6: ({"red": 2}, 0), 7: ({"yellow": 1}, 0), 8: ({"green": 1}, 0), 9: ({"red": 1}, 0), 10: ({"blue": 1}, 0),
    12: ({}, 2), 13: ({}, 3),
}
KIOSK_EXTENSION_LIRA = 10


def place_name(place: int) -> Text:
    """A place as the log and the labels name it, "Fountain 7": its name (in the catalogue) and its number."""
    return t("{place} {number}", place=PLACE_NAMES[place], number=place)


def card_name(kind: str) -> str:
    return BONUS_KINDS[kind][0]


def good_count(good: str, n: int) -> Text:
    """"2 spice": one message per good, so each language gives every good its own plural forms."""
    if good == "red":
        return tn("{n} fabric", "{n} fabric", n)
    if good == "green":
        return tn("{n} spice", "{n} spice", n)
    if good == "yellow":
        return tn("{n} fruit", "{n} fruit", n)
    return tn("{n} jewelry", "{n} jewelry", n)


def lira(n: int) -> Text:
    return tn("{n} lira", "{n} lira", n)


def coffee(n: int) -> Text:
    return tn("{n} coffee", "{n} coffee", n)


def goods_words(goods: dict[str, int]) -> Text:
    """"1 fabric, 2 spice" (commas only, as the rules texts write a cost), or "nothing"."""
    parts = [good_count(g, n) for g, n in goods.items() if n]
    return words(parts, ",") if parts else t("nothing")


# ---- Grand Bazaar: house rules (draft) -------------------------------------------------------------------------------
# Base game + Letters & Seals + our own placeholder rules for the Mocha & Baksheesh parts whose published texts could
# not be read (shared/rules/istanbul-mocha-baksheesh.md). Every number below is that spec's named constant; the ones
# marked [design] there are ours, not the publisher's.
VARIANT_LABEL = N_("Grand Bazaar — house rules (draft)")
VARIANT_NOTE = N_("Base game, Letters & Seals and Mocha & Baksheesh on a 5x5 board. Where the published texts could "
                  "not be read (what the Roasting Plant, Guild Hall and Coffee House give, most guild cards, every "
                  "coffee price), the numbers are our own draft.")
VARIANT_SHORT = N_("The coffee amounts and prices, the Guild Hall's draw and most guild cards are our own draft "
                   "rules.")
ROASTING_PLANT, GUILD_HALL, TAVERN, COFFEE_HOUSE, CATACOMBS = 17, 18, 19, 20, 25
PLACE_NAMES.update({17: N_("Roasting Plant"), 18: N_("Guild Hall"), 19: N_("Tavern"), 20: N_("Coffee House"),
                    25: N_("Catacombs")})
PLACE_TEXTS.update({
    17: N_("Take 2 coffee."),
    18: N_("Draw 2 guild cards, then discard 1 guild card face up."),
    19: N_("Spend coffee on one of three: place the barrier (2 coffee), a Tavern tile (have its number, pay 1) or a "
           "ruby through the Baksheesh tile (5 coffee, once each)."),
    20: N_("Pay the price in coffee for the next ruby (6, 7, 8, 9, then 10)."),
    25: N_("Take 1 good of your choice or 1 coffee, then move your merchant to any place: no action, no encounters."),
})
# Texts that read differently in the Grand Bazaar (coffee symbols count there, never elsewhere [seed]).
GRAND_BAZAAR_PLACE_TEXTS = {
    6: N_("Take 2 bonus cards (each from the deck or the top of the discard pile), then discard 1; then take 1 "
          "coffee."),
    24: N_("Hand in letters worth 6 seals: the next ruby of the Sultan's Palace, the Gemstone Dealer or the Coffee "
        "House, for free."),
}
GRAND_BAZAAR_KIOSK_TEXTS = {
    12: N_("Take 1 coffee or 2 lira."),
    13: N_("Take 1 coffee or 3 lira."),
    19: N_("Pay 1 good or 1 coffee for 1 letter, or hand in 1 letter for 1 good or 1 coffee."),
    22: N_("Pay 2 lira for 1 good of your choice or 1 coffee, or pay 1 good or 1 coffee for 3 lira."),
}
GRAND_BAZAAR_CARD_TEXTS = {
    "sell_good": N_("Pay 1 good of your choice or 1 coffee and take 7 lira."),
    "use_token": N_("In your encounters, use the Governor, Smuggler, Courier or Coffee Trader wherever it is, paying "
                    "its cost; then it moves."),
}
GRAND_BAZAAR_PLACES = EXPANSION_PLACES + (ROASTING_PLANT, GUILD_HALL, TAVERN, COFFEE_HOUSE, CATACOMBS)
# [design, spec §13.4] The Mocha & Baksheesh first-game layout with the Fountain moved to the centre, 21-25 added.
GRAND_BAZAAR_LAYOUT = (16, 15, 18, 3, 10, 8, 1, 21, 17, 4, 2, 19, 7, 12, 9, 20, 11, 5, 14, 13, 22, 23, 6, 24, 25)
GRAND_BAZAAR_COLS = 5
GRAND_BAZAAR_ROWS = 5

# Facts (the German Big Box rulebook, page 12, and two play reports): a guild card replaces the whole turn, guild
# card 16 gives the Gemstone Dealer's ruby and 3 coffee, the Tavern offers the barrier, a Tavern tile or a ruby through
# the Baksheesh tile, the two kinds of Tavern tiles, the barrier stops other players' merchants, the Coffee Trader,
# 6 rubies for every player count, a Coffee House track read "6 to 10". Every other number here is ours.
CARAVANSARY_COFFEE = 1
ROASTING_COFFEE = 2  # ours
GUILD_DRAW = 2  # ours
GUILD_KEEP = 1  # ours
GUILD_CARDS = tuple(range(1, 21))  # one guild card per place 1-20; a card is the number of its place (ours)
# A guild card carries out its place's action where the merchant stands, instead of the whole turn (ours, except
# card 16: the Gemstone Dealer's ruby at its price, plus 3 coffee).
GUILD_CARD_COFFEE = {GEM_DEALER: 3}
TAVERN_SERIES = ("A", "B")
TAVERN_SERIES_NAMES = {"A": N_("free meetings"), "B": N_("straight moves")}
TAVERN_TILE_VALUES = MOSQUE_VALUES  # 2-5, fewer with 2-3 players, as the mosque tiles (ours)
TAVERN_TILE_COST = 1  # coffee paid for a Tavern tile, holding at least its number (ours)
TAVERN_RUBIES = MOSQUE_RUBIES  # the rubies the Baksheesh tile gives, one per player, 4 at most (ours)
BAKSHEESH_COFFEE = 5  # ours
BARRIER_COFFEE = 2  # ours
COFFEE_HOUSE_PRICES = (6, 7, 8, 9, 10)
COFFEE_HOUSE_RUBIES = len(COFFEE_HOUSE_PRICES)
COFFEE_TRADER_COFFEE = 1
# Tokens moved by 2 dice, with the names the log uses.
TOKEN_NAMES = {"governor": N_("Governor"), "smuggler": N_("Smuggler"), "courier": N_("Courier"),
               "coffee_trader": N_("Coffee Trader")}
