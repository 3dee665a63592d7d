"""Gold West as a StepGame: metadata, options, the hooks the engine and the tests call (invariants, what is hidden)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from app.engine import RandomBot
from app.engine import steps as S
from app.engine.game import State, copy_state
from app.engine.kit import BaseOptions, Log, seat_ref, unseen_shuffle
from app.engine.steps import StepGame
from app.engine.text import N_, t, words

from . import data as D
from . import scoring, view as V
from .bot import GoldWestBot
from .state import setup_state
from .steps import STEP_TYPES
from .turn import begin_turn, finish, held_metals, to_build


class Options(BaseOptions):
    trading_post: bool = Field(default=False, title=N_("Trading Post"), description=N_(
        "The single Boomtown cell gives a resource (Copper, Silver, Gold or Wood-or-Stone) instead of 4 VP."))
    bandits: bool = Field(default=False, title=N_("Bandits"), description=N_(
        "The Insurance Office and the Hoosegow join the Boomtown offices that may be drawn."))
    two_player_majorities: bool = Field(default=False, title=N_("Online 2-player majorities"), description=N_(
        "With 2 players, the leader in a terrain scores only its second-place value and the other player nothing "
        "(the online version's rule); by default both places score as with more players."))


class GoldWest(StepGame):
    id: ClassVar[str] = "goldwest"
    title: ClassVar[str] = N_("Gold West")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    summary: ClassVar[str] = N_("Mine metals in the hills, build camps and settlements, invest and ship goods "
                                "across the old West.")
    minutes: ClassVar[tuple[int, int]] = (45, 60)
    Options = Options
    max_moves: ClassVar[int] = 4000
    move_cap: ClassVar[int] = 1200  # longest measured: 237 moves (four heuristic bots)
    bots: ClassVar[dict] = {"random": RandomBot, "heuristic": GoldWestBot}
    step_types = STEP_TYPES

    def setup(self, num_players: int, options: Any, state: State) -> list[dict]:
        setup_state(state, num_players, options)
        log = Log()
        log.add("setup", t("The map is dealt; {hexes} hexes, 12 tokens by the water face up. Turn order: {order}",
                           hexes=len([h for h in state["map"] if h["terrain"]]),
                           order=words([seat_ref(s) for s in state["order"]], ",")))
        begin_turn(state, state["order"][0], log)
        self.advance(state, log)
        return log.events

    def advance(self, state: State, log: Log) -> None:
        """The metals step ends by itself once no metal is left to spend (and no effect is pending)."""
        frame = S.top(state)
        while frame is not None and frame["step"] == "metals" and not held_metals(state):
            S.pop(state)
            to_build(state, log)
            frame = S.top(state)

    def finish_now(self, state: State, log: Log) -> None:
        finish(state, log)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return V.view(state, seat)

    def views(self, state: State, seats: list[int | None]) -> list[dict[str, Any]]:
        return V.views(state, seats)

    def catalogue(self) -> dict[str, Any]:
        return V.catalogue()

    # ---- hooks ------------------------------------------------------------------------------------------------
    def invariants(self, state: State) -> None:
        n = state["num_players"]
        players = state["players"]
        where = [hx["token"] for hx in state["map"] if hx["token"] is not None]
        where += [t for stack in state["box"].values() for t in stack] + state["discarded"]
        where += [t for p in players for ids in p["tokens"].values() for t in ids]
        assert sorted(where) == list(range(len(D.TOKENS))), "mining tokens not conserved"
        cells = state["boomtown"]["cells"]
        for seat, p in enumerate(players):
            built = sum(1 for hx in state["map"] if hx["camp"] == seat)
            assert p["camps"] >= 0 and p["camps"] + built + p["wanted"] == D.CAMPS[n], "camps not conserved"
            in_town = sum((c["token"] == seat) + (c["shared"] == seat) for c in cells)
            # A settlement holds one token under its camp and one in its terrain's row (counted in markers).
            under = sum(1 for hx in state["map"] if hx["camp"] == seat and hx["settlement"])
            assert p["influence_tokens"] >= 0
            assert p["influence_tokens"] + sum(p["markers"].values()) + in_town + under == D.INFLUENCE_TOKENS
            for t in D.TERRAINS:
                assert p["markers"][t] >= scoring.settlements_in(state, seat, t)
                assert all(D.TOKENS[tok]["terrain"] == t for tok in p["tokens"][t])
            assert p["vp"] == sum(p["points"].values()), "VP differ from their sources"
            assert p["points"].get("investments", 0) == sum(D.INVESTMENT_BY_ID[c]["vp"] for c in p["investments"])
            assert p["points"].get("looting", 0) == -p["wanted"]
            shipped = sum(v for m in D.METALS for space, v in D.TRACK_VP.items() if p["ship"][m] >= space)
            assert p["points"].get("shipping", 0) == shipped + sum(p["ship_tiles"])
            assert all(0 <= p["ship"][m] <= D.TRACK_END and p["ship"][m] not in D.BONUS_SPACES for m in D.METALS)
            assert all(res in D.RESOURCES for section in p["supply"] for res in section)
        for hx in state["map"]:
            assert not (hx["camp"] is not None and hx["looted"]) and not (hx["settlement"] and hx["camp"] is None)
            assert hx["token"] is None or D.TOKENS[hx["token"]]["terrain"] == hx["terrain"]
            if hx["camp"] is not None or hx["looted"]:
                assert hx["token"] is None
        for c in cells:
            assert c["shared"] is None or (c["token"] is not None and c["shared"] != c["token"])
        owned = [c for p in players for c in p["investments"]]
        assert len(set(owned + state["investments"])) == len(owned) + len(state["investments"]) == 8
        bonus, left = D.INVESTMENT_BONUS[n], state["investment_bonus"]
        taken = bonus[:len(bonus) - len(left)]
        assert left == bonus[len(taken):] and len(taken) <= len(owned)
        assert sum(p["points"].get("investment_bonus", 0) for p in players) == sum(taken)
        tiles = sorted([t for p in players for t in p["ship_tiles"]]
                       + [t for stacks in state["ship_bonus"].values() for stack in stacks for t in stack])
        assert tiles == sorted(t for m in D.METALS for t in D.SHIPPING_TILES[m] * len(D.BONUS_SPACES))
        assert all(v >= 0 for v in state["turn"]["held"].values())
        if state["over"]:
            assert state["over"]["scores"] == scoring.final_scores(state)[0]

    def scramble_hidden(self, state: State, audience: int | None, rng: Any) -> State | None:
        """Face-down tokens (on the map and left in the box) change places within their terrain, except those the
        audience has looked at."""
        out = copy_state(state)
        seen = set(out["players"][audience]["peeked"]) if audience is not None else set()
        for terrain in D.TERRAINS:
            spots = [h for h, hx in enumerate(out["map"]) if hx["terrain"] == terrain and hx["token"] is not None
                     and not hx["face_up"] and h not in seen]
            pool = unseen_shuffle([out["map"][h]["token"] for h in spots] + out["box"][terrain], rng)
            for h in spots:
                out["map"][h]["token"] = pool.pop()
            out["box"][terrain] = sorted(pool)
        out["rng"] = rng.getrandbits(64)  # the draws to come are unknown too
        return out
