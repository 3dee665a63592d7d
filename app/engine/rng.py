"""Seeded randomness whose whole state lives inside the game state.

A game keeps `state["rng"]` (one integer); every shuffle or draw goes through `Rng(state)`,
so replaying (seed, options, players, actions) reproduces the game exactly. SplitMix64 is tiny,
fast in pure Python and good enough for shuffling cards; the integer never appears in a view.
"""

from __future__ import annotations

from typing import Any, MutableMapping, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
RNG_KEY = "rng"


def seed_state(seed: int) -> int:
    return seed & _MASK


class Rng:
    """Random draws that read and write `state[RNG_KEY]`."""

    def __init__(self, state: MutableMapping[str, Any], key: str = RNG_KEY):
        self._state = state
        self._key = key

    def _next64(self) -> int:
        x = (self._state[self._key] + 0x9E3779B97F4A7C15) & _MASK
        self._state[self._key] = x
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            r = self._next64()
            if r < limit:
                return r % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
