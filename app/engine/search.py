"""A search bot for every game: information-set Monte Carlo tree search over the seat's own decisions.

The search sees only what its seat may know. Every iteration deals a fresh determinization with the game's
`scramble_hidden(state, seat, rng)` — everything the seat cannot know drawn anew from what it does know — so the
true arrangement of hidden cards never reaches a playout: a scrambled copy of the state gives the same choice as the
state itself (tests/test_search.py checks it for every game). The tree holds the seat's own decisions only, keyed by
the sequence of its actions (an information set: the same moves in every determinization); the other seats, and the
seat itself once outside the tree, play the game's heuristic bot, which therefore is the model of the opponents as
well as the rollout policy. A playout runs to the end of the game, or is cut off after `cutoff` moves and judged by
the game's `scores_so_far`.

The reward of a playout for the seat: 3/4 for the win (shared on a tie) and 1/4 for its place, so the search still
prefers second place to last when it cannot win. The budget is a number of iterations and a deadline in seconds;
with the same seed and an iteration budget reached before the deadline, the same state gives the same action.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from .bot import Bot
from .game import Action, Game, State, action_key, copy_state

MIN_VISITS = 3  # a root action visited fewer times than this is not trusted over the heuristic's choice
EXPLORATION = 0.7  # UCB1's constant for rewards in [0, 1]; a little below sqrt(2): the heuristic's playouts are noisy


@dataclass
class _Node:
    visits: int = 0
    total: float = 0.0
    available: int = 0  # iterations in which this action was legal (information-set UCB)
    children: dict[bytes, "_Node"] = field(default_factory=dict)

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass(frozen=True)
class Budget:
    """How long a search may think: at most `iterations` playouts, and none started after `seconds`."""

    iterations: int
    seconds: float | None = None
    cutoff: int | None = None  # moves of a playout before it is judged by scores_so_far (None: to the end)


@dataclass
class SearchResult:
    action: Action
    iterations: int
    seconds: float  # wall time spent
    # Per root action (by its canonical JSON): visits and mean reward, for a hint or a test to read.
    stats: dict[bytes, tuple[int, float]]


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
    """A playout cut off before the end: the seat's standing by the points on the table, else a draw."""
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
    if len(legal) == 1:
        return SearchResult(legal[0], 0, time.perf_counter() - started, {keys[0]: (0, 0.0)})
    policy = policy or policy_bot(game)
    n = _num_players(game, state)
    # The heuristic's own choice, from the seat's view alone: tried first, and played when the search has not
    # looked at anything long enough to prefer another (a small budget never plays worse than the heuristic).
    hint = action_key(_plain(policy.choose(game.full_view(state, seat), random.Random(seed))))
    root = _Node()
    stop_at = started + budget.seconds if budget.seconds is not None else math.inf
    done = 0
    while done < budget.iterations and time.perf_counter() < stop_at:
        rng = random.Random(seed * 1_000_003 + done)
        if not _iterate(game, determinize(game, state, seat, rng), seat, n, root, hint, policy, rng, budget.cutoff,
                        stop_at):
            break  # the deadline came during the playout, which counts for nothing
        done += 1
    stats = {k: (c.visits, c.total / c.visits if c.visits else 0.0) for k, c in root.children.items()}
    # Most visited, then best mean, then the heuristic's, then the first listed: ties never depend on dict order.
    best = max(range(len(legal)), key=lambda i: (*stats.get(keys[i], (0, 0.0)), keys[i] == hint, -i))
    if stats.get(keys[best], (0, 0.0))[0] < MIN_VISITS and hint in keys:
        best = keys.index(hint)
    return SearchResult(legal[best], done, time.perf_counter() - started, stats)


def _plain(action: Action) -> Action:
    return {k: v for k, v in action.items() if k not in ("label", "say")}


def _iterate(game: Game, det: State, seat: int, n: int, root: _Node, hint: bytes, policy: Bot,
             rng: random.Random, cutoff: int | None, stop_at: float) -> bool:
    """One playout from `det`, its reward added along the tree path; False (and nothing added) past `stop_at`."""
    node: _Node | None = root
    path = [root]
    moves = 0
    limit = game.max_moves
    while True:
        result = game.result(det)
        if result is not None:
            value = reward(result, seat, n)
            break
        if cutoff is not None and moves >= cutoff or moves >= limit:
            value = _judge(game, det, seat, n)
            break
        if moves % 16 == 15 and time.perf_counter() >= stop_at:
            return False
        pending = sorted(game.pending(det))
        if node is not None and seat in pending:
            mover = seat
            action, node = _select(node, game.legal(det, seat), hint if node is root else None)
            path.append(node)
            if node.visits == 0:
                node = None  # just expanded: the rest is a playout
        else:
            mover = pending[0] if len(pending) == 1 else rng.choice(pending)
            view = game.full_view(det, mover)
            action = policy.choose(view, rng)
        game.play(det, mover, _plain(action))
        moves += 1
    for visited in path:
        visited.visits += 1
        visited.total += value
    return True


def _select(node: _Node, legal: list[Action], first: bytes | None) -> tuple[Action, _Node]:
    """An untried action first (`first`, the heuristic's choice at the root, before the listed order), else the
    best by UCB among those legal now."""
    untried: tuple[Action, _Node] | None = None
    best: tuple[float, Action, _Node] | None = None
    for action in legal:
        key = action_key(_plain(action))
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = _Node()
        child.available += 1
        if child.visits == 0:
            if untried is None or key == first:
                untried = (action, child)
        elif untried is None:
            score = child.ucb()
            if best is None or score > best[0]:
                best = (score, action, child)
    if untried is not None:
        return untried
    assert best is not None
    return best[1], best[2]


# ---- levels ----------------------------------------------------------------------------------------------------

# CPU a playout costs in each game, relative to The River's (a 2-player game from its start, measured on this
# machine: about 6 ms for River and Gold Rush, 20 ms Jambo, 27 ms Gold West, 50 ms Istanbul). A level's budget is
# divided by it and by half the number of players (a playout is longer with more seats), so a level thinks about
# as long in every game.
PLAYOUT_COST = {"river": 1.0, "goldrush": 1.0, "jambo": 3.3, "goldwest": 4.5, "istanbul": 8.0}


@dataclass(frozen=True)
class Level:
    """A bot level the lobby offers: the heuristic alone (no iterations) or the search. `iterations` is the budget
    in The River with 2 players; `seconds` is the deadline of a move, which binds only on a busy machine."""

    id: str
    iterations: int = 0
    seconds: float | None = None

    def budget(self, game: Game, num_players: int) -> Budget | None:
        if not self.iterations:
            return None
        scale = PLAYOUT_COST.get(game.id, 4.0) * max(num_players, 2) / 2
        return Budget(iterations=max(MIN_VISITS, round(self.iterations / scale)), seconds=self.seconds)


LEVELS: dict[str, Level] = {
    "easy": Level("easy"),
    "medium": Level("medium", iterations=32, seconds=0.4),
    "hard": Level("hard", iterations=100, seconds=0.9),
}


def choose(game: Game, state: State, seat: int, level: str, seed: int = 0) -> Action:
    """The move a bot of `level` makes for `seat` (what a bot seat, or a hint, asks)."""
    budget = LEVELS[level].budget(game, _num_players(game, state))
    if budget is None:
        return policy_bot(game).choose(game.full_view(state, seat), random.Random(seed))
    return search(game, state, seat, budget, seed).action
