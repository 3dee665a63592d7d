"""Gold Rush card data: every design, its printed values, its effect as data, and the copy counts of the spec.

Card instances are small ints (index into CARD). Effects that refer to other cards do so through a
*selector* (a dict matched against a design: type, tag, not_tag, star, deck), so a rule such as "Communication
routes cost you 1 coin less" is written once in the rules and used by every card that carries it.
"""

from __future__ import annotations

from typing import Any

from app.engine.text import N_

TYPE_NAMES = {
    "trading": N_("Trading enterprise"),
    "infra": N_("Infrastructure"),
    "entre": N_("Entrepreneur"),
    "mine": N_("Gold mine"),
    "science": N_("Scientific expedition"),
    "lost": N_("Lost expedition"),
    "ach": N_("Achievement"),
    "action": N_("Action"),
    "event": N_("Event"),
    "special": N_("Special achievement"),
}
TAG_NAMES = {"routes": N_("Communication routes")}
DECK_NAMES = {"g": N_("Guild"), "x": N_("Exploration"), "m": N_("Main"), "e": N_("Events")}


def _d(key, name, ru, type_, count, deck, cost=None, income=0, ingots=0, vp=0, tags=(), text="", brief="",
       **fx) -> dict:
    # `brief`: an achievement's condition in a few words, shown on the small cards of the board
    return {"key": key, "name": name, "ru": ru, "type": type_, "tags": list(tags), "count": count, "deck": deck,
            "cost": cost, "income": income, "ingots": ingots, "vp": vp, "text": text, "brief": brief, "fx": fx}


R = ("routes",)

DESIGNS: list[dict[str, Any]] = [
    # ---- Guild deck: 48 cards -----------------------------------------------------------------
    _d("G01", N_("General Store"), "Мелочная лавка", "trading", 2, "g", cost=2, income=1),
    _d("G02", N_("Trade Agreement"), "Торговое соглашение", "trading", 5, "g", cost=3, income=2),
    _d("G03", N_("Fur Trading Post"), "Пушная фактория", "trading", 4, "g", cost=3, income=2),
    _d("G04", N_("Kyakhta Tea Caravan"), "Кяхтинский чайный караван", "trading", 2, "g", cost=5, income=3),
    _d("G05", N_("Distillery"), "Винокуренный завод", "trading", 1, "g", cost=6, income=4),
    _d("G06", N_("Winter Road"), "Зимник", "infra", 4, "g", cost=3, income=1, tags=R),
    _d("G07", N_("River Wharf"), "Пристань", "infra", 3, "g", cost=3, income=1, tags=R),
    _d("G08", N_("Steamship 'Lena'"), "Пароход «Лена»", "infra", 1, "g", cost=4, income=2, tags=R),
    _d("G09", N_("Great Siberian Road"), "Сибирский тракт", "infra", 2, "g", cost=6, vp=1, tags=R),
    _d("G10", N_("Merchant Arcade"), "Гостиный двор", "infra", 3, "g", cost=6, vp=1),
    _d("G11", N_("Mining School"), "Горное училище", "infra", 1, "g", cost=7, vp=1),
    _d("G12", N_("City Theatre"), "Городской театр", "infra", 1, "g", cost=7, vp=1),
    _d("G13", N_("Coaching Inn"), "Постоялый двор", "infra", 3, "g", cost=3, income=1),
    _d("G14", N_("Assay Office"), "Пробирная палатка", "infra", 2, "g", cost=3,
       text=N_("Ongoing: each time your mines produce, gain +1 coin for each Assay Office you own."), mine_coin=1),
    _d("G15", N_("Siberian Bank"), "Сибирский банк", "infra", 2, "g", cost=3,
       text=N_("Ongoing: every partnership payment you make (basic upkeep and Obligations Due) is 1 coin less "
               "per Siberian Bank you own (minimum 0)."), upkeep_relief=1),
    _d("G16", N_("Warehouse"), "Склад", "infra", 2, "g", cost=3, income=1,
       text=N_("Ongoing (full game only): your end-of-turn hand limit is 6 instead of 4 (two do not raise it "
               "further)."),
       hand_limit=6),
    _d("G17", N_("I. I. Bazanov"), "И. И. Базанов", "entre", 1, "g",
       text=N_("Ongoing: whenever you explore, draw 2 cards instead of 1, keep one and discard the other."),
       explore_draw=2),
    _d("G18", N_("N. D. Butin"), "Н. Д. Бутин", "entre", 1, "g",
       text=N_("Ongoing: cards with the subtype Communication routes cost you 1 coin less."),
       discount={"tag": "routes"}),
    _d("G19", N_("Merchant Trapeznikov"), "Купец Трапезников", "entre", 1, "g",
       text=N_("Ongoing: Trading enterprises cost you 1 coin less."), discount={"type": "trading"}),
    _d("G20", N_("V. P. Sukachev"), "В. П. Сукачёв", "entre", 1, "g",
       text=N_("Ongoing: Infrastructure cards without the Communication-routes subtype cost you 1 coin less."),
       discount={"type": "infra", "not_tag": "routes"}),
    _d("G21", N_("P. I. Kuznetsov"), "П. И. Кузнецов", "entre", 1, "g",
       text=N_("Ongoing: cards showing a VP star cost you 1 coin less."), discount={"star": True}),
    _d("G22", N_("M. K. Sidorov"), "М. К. Сидоров", "entre", 1, "g",
       text=N_("Ongoing: each time your mines produce (and you own at least 1 mine), draw 1 extra ingot token."),
       extra_ingot=1),
    _d("G23", N_("V. N. Basnin"), "В. Н. Баснин", "entre", 1, "g",
       text=N_("Ongoing: each time your money cards produce (and your printed income is at least 1), gain +1 coin."),
       income_bonus=1),
    _d("G24", N_("D. E. Benardaki"), "Д. Е. Бенардаки", "entre", 1, "g",
       text=N_("Ongoing: paying coins for exploration costs you 1 coin less (basic: 1 coin; full: 2 coins; "
               "paying with 2 hand cards is unchanged)."), explore_discount=1),
    _d("G25", N_("A. M. Sibiryakov"), "А. М. Сибиряков", "entre", 1, "g",
       text=N_("Ongoing: each time you gain a Scientific expedition, gain 2 coins."),
       on_gain={"sel": {"type": "science"}, "coins": 2}),
    _d("G26", N_("Ya. A. Nemchinov"), "Я. А. Немчинов", "entre", 1, "g",
       text=N_("Ongoing: each time you gain a Gold mine, gain 1 coin."),
       on_gain={"sel": {"type": "mine"}, "coins": 1}),
    # ---- Exploration deck: 26 cards -----------------------------------------------------------
    _d("X01", N_("Gold Mine"), "Золотой прииск", "mine", 10, "x", cost=3, ingots=1),
    _d("X02", N_("Rich Gold Mine"), "Богатый золотой прииск", "mine", 2, "x", cost=5, ingots=2),
    _d("X03", N_("Scientific Expedition"), "Научная экспедиция", "science", 9, "x", cost=5, vp=1),
    _d("X04", N_("Lost Expedition"), "Пропавшая экспедиция", "lost", 5, "x",
       text=N_("Basic: removed at set-up. Full: when revealed by any exploration nothing is gained; it is discarded.")),
    # ---- Main deck: 40 cards (14 achievements, 26 actions) -------------------------------------
    _d("M01", N_("First-Guild Merchant"), "Купец первой гильдии", "ach", 1, "m",
       brief=N_("Own 3 Trading enterprises"),
       text=N_("Condition: you own at least 3 Trading enterprises. Reward: 1 VP."),
       cond=[["count", {"type": "trading"}, 3]]),
    _d("M02", N_("Master of Routes"), "Хозяин путей сообщения", "ach", 1, "m",
       brief=N_("Own 3 Communication-routes cards"),
       text=N_("Condition: you own at least 3 Communication-routes cards. Reward: 1 VP."),
       cond=[["count", {"tag": "routes"}, 3]]),
    _d("M03", N_("Patron of Science"), "Покровитель науки", "ach", 1, "m",
       brief=N_("Own 2 Scientific expeditions"),
       text=N_("Condition: you own at least 2 Scientific expeditions. Reward: 1 VP."),
       cond=[["count", {"type": "science"}, 2]]),
    _d("M04", N_("Partnership Builder"), "Компаньон", "ach", 1, "m",
       brief=N_("Own 3 Entrepreneurs"),
       text=N_("Condition: you own at least 3 Entrepreneurs. Reward: 1 VP."),
       cond=[["count", {"type": "entre"}, 3]]),
    _d("M05", N_("City Builder"), "Градостроитель", "ach", 1, "m",
       brief=N_("Own 4 Infrastructure cards"),
       text=N_("Condition: you own at least 4 Infrastructure cards (any subtype). Reward: 1 VP."),
       cond=[["count", {"type": "infra"}, 4]]),
    _d("M06", N_("Capitalist"), "Капиталист", "ach", 1, "m",
       brief=N_("Have 10 coins (they stay yours)"),
       text=N_("Condition: you have at least 10 coins (they are not spent). Reward: 1 VP."),
       cond=[["coins", None, 10]]),
    _d("M07", N_("Prospector"), "Старатель", "ach", 1, "m",
       brief=N_("Own 2 Gold mines"),
       text=N_("Condition: you own at least 2 Gold mines. Reward: 1 VP."),
       cond=[["count", {"type": "mine"}, 2]]),
    _d("M08", N_("Diversified Business"), "Многоотраслевое дело", "ach", 1, "m",
       brief=N_("Own an Infrastructure, a Trading enterprise, an Entrepreneur and a Gold mine"),
       text=N_("Condition: you own at least one Infrastructure, one Trading enterprise, one Entrepreneur and one "
               "Gold mine. Reward: 1 VP."),
       cond=[["count", {"type": "infra"}, 1], ["count", {"type": "trading"}, 1],
             ["count", {"type": "entre"}, 1], ["count", {"type": "mine"}, 1]]),
    _d("M09", N_("Gold Reserve"), "Золотой запас", "ach", 1, "m",
       brief=N_("Your Gold mines show 4 ingots"),
       text=N_("Condition: your Gold mines show a total of at least 4 ingots. Reward: 1 VP."),
       cond=[["ingots", None, 4]]),
    _d("M10", N_("Trading House"), "Торговый дом", "ach", 1, "m",
       brief=N_("Have 7 cards in play (achievements do not count)"),
       text=N_("Condition: your play area holds at least 7 cards (achievements and the Gold Industrialist do not "
               "count). Reward: 1 VP."),
       cond=[["count", {}, 7]]),
    _d("M11", N_("Pioneer"), "Первопроходец", "ach", 1, "m",
       brief=N_("Own 3 Exploration-deck cards"),
       text=N_("Condition: you own at least 3 cards from the Exploration deck (mines and expeditions together). "
               "Reward: 1 VP."),
       cond=[["count", {"deck": "x"}, 3]]),
    _d("M12", N_("Profitable Concern"), "Доходное дело", "ach", 1, "m",
       brief=N_("Printed income of 5 or more"),
       text=N_("Condition: the printed income values of your cards add up to at least 5. Reward: 1 VP."),
       cond=[["income", None, 5]]),
    _d("M13", N_("Patron of the City"), "Меценат", "ach", 1, "m",
       brief=N_("Own a Scientific expedition and an Infrastructure card with a VP star"),
       text=N_("Condition: you own at least 1 Scientific expedition and at least 1 Infrastructure card with a VP "
               "star. Reward: 1 VP."),
       cond=[["count", {"type": "science"}, 1], ["count", {"type": "infra", "star": True}, 1]]),
    _d("M14", N_("Merchant's Word"), "Купеческое слово", "ach", 1, "m",
       brief=N_("Own 2 Trading enterprises and 2 Communication-routes cards"),
       text=N_("Condition: you own at least 2 Trading enterprises and at least 2 Communication-routes cards. "
               "Reward: 1 VP."),
       cond=[["count", {"type": "trading"}, 2], ["count", {"tag": "routes"}, 2]]),
    _d("M15", N_("Bank Loan"), "Ссуда", "action", 3, "m", text=N_("Gain 3 coins."), act={"gain": 3}),
    _d("M16", N_("Good Deal"), "Выгодная сделка", "action", 4, "m", text=N_("Gain 2 coins."), act={"gain": 2}),
    _d("M17", N_("Rush Order"), "Срочный подряд", "action", 3, "m",
       text=N_("Your money cards produce once, immediately."), act={"produce": "money"}),
    _d("M18", N_("Extra Washing"), "Внеочередная промывка", "action", 3, "m",
       text=N_("Your mines produce once, immediately."), act={"produce": "mines"}),
    _d("M19", N_("Prospecting Party"), "Поисковый отряд", "action", 3, "m",
       text=N_("Reveal the top card of the Exploration deck and resolve it exactly as an exploration (Lost "
               "expedition = nothing). Costs nothing and does not use your Exploration action for this turn."),
       act={"explore": True}),
    _d("M20", N_("Guild Connections"), "Связи в Гильдии", "action", 2, "m",
       text=N_("The next card you buy from the market this turn costs 2 coins less (minimum 0). Lapses at end of "
               "turn."), act={"next_buy": 2}),
    _d("M21", N_("Poach a Partner"), "Переманить компаньона", "action", 1, "m",
       text=N_("Move one Entrepreneur of your choice from another player's play area into yours."),
       act={"poach": True}),
    _d("M22", N_("Warehouse Fire"), "Пожар на складе", "action", 1, "m",
       text=N_("Choose another player: they return 2 coins to the bank (all their coins if they have fewer)."),
       act={"fire": 2}),
    _d("M23", N_("New Trends"), "Новые веяния", "action", 2, "m",
       text=N_("Discard all market cards to the Guild discard pile, then deal 4 new market cards from the Guild deck."),
       act={"new_market": True}),
    _d("M24", N_("Geological Survey"), "Геологическая разведка", "action", 2, "m",
       text=N_("Look at the top 3 cards of the Exploration deck and put them back in any order (only you see them)."),
       act={"survey": 3}),
    _d("M25", N_("Audit"), "Ревизия", "action", 2, "m", text=N_("Draw 2 cards from the Main deck."),
       act={"draw": 2}),
    # ---- Events deck: 24 cards ------------------------------------------------------------------
    _d("V01", N_("Fair"), "Ярмарка", "event", 6, "e", text=N_("Active player: your money cards produce."),
       ev=[["money"]]),
    _d("V02", N_("Washing Season"), "Сезон промывки", "event", 5, "e", text=N_("Active player: your mines produce."),
       ev=[["mines"]]),
    _d("V03", N_("Good Week"), "Удачная неделя", "event", 2, "e",
       text=N_("Active player: your money cards produce, then your mines produce."), ev=[["money"], ["mines"]]),
    _d("V04", N_("Pure-Gold Nugget"), "Самородок", "event", 2, "e",
       text=N_("Active player: if you own at least 1 Gold mine, draw 2 ingot tokens and cash them (Assay Office and "
               "Sidorov do not apply); otherwise gain 1 coin."), ev=[["nugget", 2, 1]]),
    _d("V05", N_("Obligations Due"), "Платёж по обязательствам", "event", 3, "e",
       text=N_("Active player: pay 1 coin per Entrepreneur you own (minus Siberian Banks). Entrepreneurs you cannot "
               "or will not pay for are discarded first."), ev=[["oblig"]]),
    _d("V06", N_("Market Day"), "Базарный день", "event", 2, "e",
       text=N_("ALL players, starting with the active player: gain 1 coin."), ev=[["all_gain", 1]]),
    _d("V07", N_("Price Rise"), "Подорожание", "event", 1, "e",
       text=N_("Active player: until the end of this turn every priced market card costs you 1 coin more (free cards "
               "stay free)."), ev=[["price_mod", 1]]),
    _d("V08", N_("Merchants' Discounts"), "Скидки у купцов", "event", 1, "e",
       text=N_("Active player: until the end of this turn every priced market card costs you 1 coin less (minimum 0)."),
       ev=[["price_mod", -1]]),
    _d("V09", N_("Trade Relations Broken"), "Разрыв торговых отношений", "event", 1, "e",
       text=N_("Active player: if you own at least one Trading enterprise, either pay 2 coins or discard one of your "
               "Trading enterprises (if you have fewer than 2 coins you must discard)."), ev=[["trade_broken", 2]]),
    _d("V10", N_("Navigation Opens"), "Открытие навигации", "event", 1, "e",
       text=N_("Active player: gain 1 coin per Communication-routes card you own."),
       ev=[["per_card", {"tag": "routes"}, 1]]),
    # ---- Special ----------------------------------------------------------------------------------
    _d("S01", N_("Gold Industrialist"), "Золотопромышленник", "special", 1, "s", vp=1,
       brief=N_("First to own 3 Gold mines; then whoever owns more than its holder"),
       text=N_("1 VP. Taken by the first player to own 3 Gold mines; moves to any player who then owns more mines "
               "than its holder, taking its VP along.")),
]

DESIGN: dict[str, dict[str, Any]] = {d["key"]: d for d in DESIGNS}

# Instance table: card id -> design dict (ids are stable: designs in the order above, copies in a row).
CARD: list[dict[str, Any]] = []
for _d_ in DESIGNS:
    CARD.extend([_d_] * _d_["count"])
CARD_KEY: list[str] = [d["key"] for d in CARD]

DECK_IDS: dict[str, list[int]] = {k: [i for i, d in enumerate(CARD) if d["deck"] == k] for k in "gxme"}
GOLD_INDUSTRIALIST = next(i for i, d in enumerate(CARD) if d["key"] == "S01")
ACHIEVEMENT_IDS = [i for i, d in enumerate(CARD) if d["type"] == "ach"]
LOST_IDS = [i for i, d in enumerate(CARD) if d["type"] == "lost"]

# Gold ingot tokens: 20 face-down tokens, 8 x 1, 8 x 2, 4 x 3.
INGOT_POOL = [1] * 8 + [2] * 8 + [3] * 4


def matches(design: dict[str, Any], sel: dict[str, Any]) -> bool:
    """Does a card design satisfy a selector (type, tag, not_tag, star, deck; all given keys must hold)?"""
    if "type" in sel and design["type"] != sel["type"]:
        return False
    if "tag" in sel and sel["tag"] not in design["tags"]:
        return False
    if "not_tag" in sel and sel["not_tag"] in design["tags"]:
        return False
    if "star" in sel and (design["vp"] > 0) != sel["star"]:
        return False
    if "deck" in sel and design["deck"] != sel["deck"]:
        return False
    return True


def type_line(design: dict[str, Any]) -> str:
    line = TYPE_NAMES[design["type"]]
    if design["tags"]:
        line += " — " + ", ".join(TAG_NAMES[t] for t in design["tags"])
    return line


def catalogue_data() -> dict[str, Any]:
    return {
        "designs": {d["key"]: {"name": d["name"], "ru": d["ru"], "type": d["type"], "type_line": type_line(d),
                               "tags": d["tags"], "cost": d["cost"], "income": d["income"], "ingots": d["ingots"],
                               "vp": d["vp"], "text": d["text"], "brief": d["brief"], "deck": d["deck"],
                               "count": d["count"]}
                    for d in DESIGNS},
        "cards": CARD_KEY,
        "types": TYPE_NAMES,
        "tags": TAG_NAMES,
        "decks": DECK_NAMES,
        "ingots": {"1": 8, "2": 8, "3": 4},
    }
