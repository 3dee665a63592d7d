"""Bots choose from what a seat may know: they get the seat's view (with its legal list), never the state."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any


class Bot(ABC):
    name = "bot"

    @abstractmethod
    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """One of view["legal"]."""


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        return rng.choice(view["legal"])
