"""The card data: counts exactly as the spec's card lists."""

from collections import Counter

from app.games.goldrush.data import CARD, DECK_IDS, DESIGN, INGOT_POOL, catalogue_data, matches, type_line


def _types(deck):
    return Counter(CARD[c]["type"] for c in DECK_IDS[deck])


def test_deck_sizes_and_total():
    assert {k: len(v) for k, v in DECK_IDS.items()} == {"g": 48, "x": 26, "m": 40, "e": 24}
    assert len(CARD) == 139  # + the Gold Industrialist


def test_guild_deck_composition():
    t = _types("g")
    assert t == {"trading": 14, "infra": 24, "entre": 10}
    assert sum(1 for c in DECK_IDS["g"] if "routes" in CARD[c]["tags"]) == 10
    assert all(CARD[c]["cost"] is None for c in DECK_IDS["g"] if CARD[c]["type"] == "entre")


def test_exploration_deck_composition():
    assert _types("x") == {"mine": 12, "science": 9, "lost": 5}
    assert sum(CARD[c]["ingots"] for c in DECK_IDS["x"]) == 14


def test_main_and_event_decks():
    assert _types("m") == {"ach": 14, "action": 26}
    assert _types("e") == {"event": 24}
    counts = {k: DESIGN[k]["count"] for k in ("V01", "V02", "V03", "V04", "V05", "V06", "V07", "V08", "V09", "V10")}
    assert counts == {"V01": 6, "V02": 5, "V03": 2, "V04": 2, "V05": 3, "V06": 2, "V07": 1, "V08": 1, "V09": 1,
                      "V10": 1}
    actions = {k: DESIGN[k]["count"] for k in DESIGN if k.startswith("M") and DESIGN[k]["type"] == "action"}
    assert actions == {"M15": 3, "M16": 4, "M17": 3, "M18": 3, "M19": 3, "M20": 2, "M21": 1, "M22": 1, "M23": 2,
                       "M24": 2, "M25": 2}


def test_merged_basic_deck_mostly_costs_three():
    merged = [c for c in DECK_IDS["g"] + DECK_IDS["x"] if CARD[c]["type"] != "lost"]
    assert len(merged) == 69
    assert sum(1 for c in merged if CARD[c]["cost"] == 3) == 35


def test_vp_in_the_box():
    # 9 expeditions + 7 VP buildings + 14 achievements + Gold Industrialist = 31
    stars = sum(CARD[c]["vp"] for c in range(len(CARD)))
    assert stars + 14 == 31


def test_ingot_pool():
    assert Counter(INGOT_POOL) == {1: 8, 2: 8, 3: 4}


def test_selectors_and_subtypes():
    road = DESIGN["G09"]  # Infrastructure — Communication routes, VP star
    assert matches(road, {"type": "infra"}) and matches(road, {"tag": "routes"}) and matches(road, {"star": True})
    assert not matches(road, {"type": "infra", "not_tag": "routes"})
    assert type_line(road) == "Infrastructure — Communication routes"
    assert matches(DESIGN["X01"], {"deck": "x"})


def test_catalogue_is_json_and_complete():
    import json
    cat = catalogue_data()
    json.dumps(cat)
    assert len(cat["cards"]) == 139 and set(cat["designs"]) == set(DESIGN)
