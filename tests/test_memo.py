"""The games' memo of parts kept between moves (app/engine/memo.py): bounded, and what is used stays."""

from app.engine.memo import Memo


def test_a_memo_keeps_what_was_used_last_and_holds_at_most_two_generations():
    """An entry found again survives the turnover of generations; one not asked again goes."""
    memo = Memo(2)
    assert memo.get("hot") is None
    hot = memo.keep("hot", [1])
    for i in range(10):
        assert memo.get("hot") is hot
        assert memo.keep(("cold", i), [i]) == [i]
        assert len(memo) <= 4
    assert memo.get(("cold", 0)) is None
    assert memo.get(("cold", 9)) == [9]
    memo.clear()
    assert len(memo) == 0 and memo.get("hot") is None
