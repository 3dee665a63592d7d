"""A search bot for every game: determinized Monte Carlo search with paired playouts, from the seat's view alone.

The search sees only what its seat may know. Each round of the search deals one determinization with the game's
`scramble_hidden(state, seat, rng)` — everything the seat cannot know drawn anew from what it does know — so the
true arrangement of hidden cards never reaches a playout: a scrambled copy of the state gives the same choice as the
state itself (tests/test_search.py checks it for every game). On that deal every action the seat may take is played
out with the same random numbers (common random numbers: the same deal, the same draws, the same tie-breaks), every
seat then playing the game's heuristic bot, which is thus both the rollout policy and the model of the opponents.
Comparing the actions on the same deals removes most of the noise a playout has. A playout runs to the end of the
game, or is cut off after `cutoff` moves (a long game's `search_cutoff` per seat) and judged by the game's
`evaluate` (its estimate of each seat's chance to win), else by its `scores_so_far`.

The heuristic's own choice is the default: another action is played only when its mean gain over it, paired deal by
deal, exceeds `CONFIDENCE` standard errors, so a short budget, or one cut short by the deadline, never plays worse
than the heuristic. The reward of a playout: 3/4 for the win (shared on a tie) and 1/4 for the place. The budget
is a number of playouts and a deadline in seconds; with the same seed and a budget reached before the deadline, the
same state gives the same action.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from .bot import Bot
from .game import Action, Game, State, action_key, copy_state

MIN_DEALS = 3  # fewer complete deals than this: not enough to leave the heuristic's choice
CONFIDENCE = 2.0  # standard errors by which an action's paired gain must beat the heuristic's choice


@dataclass(frozen=True)
class Budget:
    """How long a search may think: at most `iterations` playouts, stopped at `seconds` (wall time) if sooner."""

    iterations: int
    seconds: float | None = None
    cutoff: int | None = None  # moves of a playout before it is judged by evaluate (None: to the end)


@dataclass
class SearchResult:
    action: Action
    iterations: int
    seconds: float  # wall time spent
    # Per action (by its canonical JSON): deals played out and mean reward, for a hint or a test to read.
    stats: dict[bytes, tuple[int, float]]
    left_heuristic: bool = False  # the search chose another action than the heuristic's (how often it matters)


def policy_bot(game: Game) -> Bot:
    """The game's heuristic bot, the rollout policy and the model of every other seat (random when it has none)."""
    bots = game.bots
    chosen = bots.get("heuristic") or list(bots.values())[-1]
    return chosen()


def reward(result: dict[str, Any], seat: int, num_players: int) -> float:
    """3/4 for the win (shared on a tie), 1/4 for the place: in [0, 1], higher is better."""
    winners = result.get("winners") or []
    share = 1 / len(winners) if seat in winners else 0.0
    places = result.get("places")
    place = places[seat] if places else (1 if seat in winners else num_players)
    return 0.75 * share + 0.25 * (num_players - place) / max(num_players - 1, 1)


def _judge(game: Game, state: State, seat: int, num_players: int) -> float:
    """A playout cut off before the end: the game's estimate of each seat's chance to win (`evaluate`) for the win
    and its order for the place; else the seat's standing by the points on the table; else a draw."""
    chances = game.evaluate(state)
    if chances:
        places = [1 + sum(1 for w in chances if w > v) for v in chances]
        return 0.75 * chances[seat] + 0.25 * (num_players - places[seat]) / max(num_players - 1, 1)
    scores = game.scores_so_far(state)
    if not scores:
        return 0.75 / num_players + 0.125
    best = max(scores)
    places = [1 + sum(1 for w in scores if w > v) for v in scores]
    return reward({"winners": [s for s, v in enumerate(scores) if v == best], "places": places}, seat, num_players)


def _num_players(game: Game, state: State) -> int:
    return len(state["players"]) if isinstance(state.get("players"), list) else int(state.get("num_players", 2))


def determinize(game: Game, state: State, seat: int, rng: random.Random) -> State:
    """One state the seat cannot tell from `state`, its hidden parts dealt from what the seat knows."""
    out = game.scramble_hidden(state, seat, rng)
    return out if out is not None else copy_state(state)


def search(game: Game, state: State, seat: int, budget: Budget, seed: int = 0,
           policy: Bot | None = None) -> SearchResult:
    """The action the search chooses for `seat`, which must be pending in `state`."""
    started = time.perf_counter()
    legal = game.legal(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has nothing to decide")
    keys = [action_key(_plain(a)) for a in legal]
    policy = policy or policy_bot(game)
    # The heuristic's own choice, from the seat's view alone (the same in every determinization).
    hint = keys.index(action_key(_plain(policy.choose(game.full_view(state, seat), random.Random(seed)))))
    if len(legal) == 1:
        return SearchResult(legal[0], 0, time.perf_counter() - started, {keys[0]: (0, 0.0)})
    n = _num_players(game, state)
    stop_at = started + budget.seconds if budget.seconds is not None else math.inf
    rewards: list[list[float]] = []  # per complete deal, the reward of each action
    deals = budget.iterations // len(legal)
    for deal in range(deals):
        if time.perf_counter() >= stop_at:
            break
        rng = random.Random(seed * 1_000_003 + deal)
        det = determinize(game, state, seat, rng)
        playout_seed = rng.getrandbits(64)
        row = []
        for action in legal:
            value = _playout(game, det, seat, n, action, policy, random.Random(playout_seed), budget.cutoff, stop_at)
            if value is None:
                break
            row.append(value)
        if len(row) < len(legal):
            break  # the deadline: a deal not played out for every action counts for nothing
        rewards.append(row)
    stats = {k: (len(rewards), statistics.fmean(r[i] for r in rewards) if rewards else 0.0)
             for i, k in enumerate(keys)}
    best = hint
    if len(rewards) >= MIN_DEALS:
        gains = []
        for i in range(len(legal)):
            diffs = [r[i] - r[hint] for r in rewards]
            mean = statistics.fmean(diffs)
            spread = statistics.stdev(diffs) / math.sqrt(len(diffs))
            gains.append((mean > 0 and mean > CONFIDENCE * spread, mean, -i))
        top = max(range(len(legal)), key=lambda i: gains[i])
        if gains[top][0]:
            best = top
    return SearchResult(legal[best], len(rewards) * len(legal), time.perf_counter() - started, stats, best != hint)


def _plain(action: Action) -> Action:
    return {k: v for k, v in action.items() if k not in ("label", "say")}


def _playout(game: Game, det: State, seat: int, n: int, action: Action, policy: Bot, rng: random.Random,
             cutoff: int | None, stop_at: float) -> float | None:
    """The seat's reward after it plays `action` on a copy of `det` and the heuristic plays on; None past `stop_at`."""
    state = copy_state(det)
    game.play(state, seat, _plain(action))
    moves, limit = 1, game.max_moves
    while True:
        result = game.result(state)
        if result is not None:
            return reward(result, seat, n)
        if cutoff is not None and moves >= cutoff or moves >= limit:
            return _judge(game, state, seat, n)
        if moves % 16 == 0 and time.perf_counter() >= stop_at:
            return None
        pending = sorted(game.pending(state))
        mover = pending[0] if len(pending) == 1 else rng.choice(pending)
        game.play(state, mover, _plain(policy.choose(game.full_view(state, mover), rng)))
        moves += 1


# ---- levels ----------------------------------------------------------------------------------------------------

# CPU a playout costs in each game, relative to The River's (a 2-player game from its start, measured on this
# machine: about 6 ms for River and Gold Rush, 20 ms Jambo, 27 ms Gold West; Istanbul's playouts to the end took
# 50 ms, its playouts cut off after 16 moves per seat (`search_cutoff`) about 4 ms). A level's budget is divided by
# it and by half the number of players (a playout is longer with more seats), so a level thinks about as long in
# every game.
PLAYOUT_COST = {"river": 1.0, "goldrush": 1.0, "jambo": 1.65, "goldwest": 4.5, "istanbul": 1.2}


@dataclass(frozen=True)
class Level:
    """A bot level the lobby offers: the heuristic alone (no iterations) or the search. `iterations` is the number
    of playouts in The River with 2 players; `seconds` is the deadline of a move, which binds only on a busy
    machine."""

    id: str
    iterations: int = 0
    seconds: float | None = None

    def budget(self, game: Game, num_players: int) -> Budget | None:
        if not self.iterations:
            return None
        scale = PLAYOUT_COST.get(game.id, 4.0) * max(num_players, 2) / 2
        cutoff = game.search_cutoff * num_players if game.search_cutoff else None
        return Budget(iterations=max(1, round(self.iterations / scale)), seconds=self.seconds, cutoff=cutoff)


LEVELS: dict[str, Level] = {
    "easy": Level("easy"),
    "medium": Level("medium", iterations=50, seconds=0.4),
    "hard": Level("hard", iterations=150, seconds=0.9),
}


def choose(game: Game, state: State, seat: int, level: str, seed: int = 0) -> Action:
    """The move a bot of `level` makes for `seat` (what a bot seat, or a hint, asks)."""
    budget = LEVELS[level].budget(game, _num_players(game, state))
    if budget is None:
        return policy_bot(game).choose(game.full_view(state, seat), random.Random(seed))
    return search(game, state, seat, budget, seed).action
