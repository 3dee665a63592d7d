"""Every achievement's condition, just met and just missed; claimed through the legal moves of both games."""

import pytest
from goldrush_helpers import act, claim, find, give, ids, new, take

from app.games.goldrush.state import meets, vp

# achievement -> (cards and coins that meet it, cards and coins one short)
CASES = {
    "M01": ((["G02"] * 3, 0), (["G02"] * 2, 0)),
    "M02": ((["G06", "G06", "G08"], 0), (["G06", "G06", "G02"], 0)),
    "M03": ((["X03", "X03"], 0), (["X03", "X01"], 0)),
    "M04": ((["G18", "G19", "G20"], 0), (["G18", "G19"], 0)),
    "M05": ((["G13", "G13", "G06", "G10"], 0), (["G13", "G13", "G06"], 0)),
    "M06": (([], 10), ([], 9)),
    "M07": ((["X01", "X01"], 0), (["X01", "X03"], 0)),
    "M08": ((["G13", "G02", "G18", "X01"], 0), (["G13", "G02", "G18"], 0)),
    "M09": ((["X02", "X02"], 0), (["X02", "X01"], 0)),
    "M10": ((["G01", "G01"] + ["G02"] * 5, 0), (["G01"] + ["G02"] * 5, 0)),
    "M11": ((["X01", "X03", "X02"], 0), (["X01", "X03", "G02"], 0)),
    "M12": ((["G04", "G02"], 0), (["G04", "G01"], 0)),
    "M13": ((["X03", "G10"], 0), (["X03", "G13"], 0)),
    "M14": ((["G02", "G02", "G06", "G06"], 0), (["G02", "G02", "G06"], 0)),
}


def _player(variant, cards, coins):
    s = new(variant)
    for k in cards:
        give(s, 0, k)
    s["players"][0]["coins"] = coins
    return s


@pytest.mark.parametrize("key", sorted(CASES))
def test_goldrush_achievement_condition(key):
    (ok_cards, ok_coins), (short_cards, short_coins) = CASES[key]
    cid = ids(key)[0]
    s = _player("basic", ok_cards, ok_coins)
    assert meets(s["players"][0], cid)
    s = _player("basic", short_cards, short_coins)
    assert not meets(s["players"][0], cid)


@pytest.mark.parametrize("key", sorted(CASES))
def test_goldrush_achievement_claim_basic_and_full(key):
    (cards, coins), _ = CASES[key]
    cid = ids(key)[0]
    s = _player("basic", cards, coins)
    take(s, cid)
    s["row"].append(cid)
    before = vp(s, 0)
    s, _ = claim(s, 0, cid)
    assert cid in s["players"][0]["achievements"] and vp(s, 0) == before + 1
    f = _player("full", cards, coins)
    take(f, cid)
    f["players"][0]["hand"].append(cid)
    before = vp(f, 0)
    f, _ = act(f, 0, "play", card=cid)
    assert cid in f["players"][0]["achievements"] and vp(f, 0) == before + 1 and cid not in f["players"][0]["hand"]


def test_goldrush_achievement_not_claimable_when_short():
    _, (cards, coins) = CASES["M01"]
    cid = ids("M01")[0]
    s = _player("basic", cards, coins)
    take(s, cid)
    s["row"].append(cid)
    assert find(s, 0, "claim", card=cid) is None
