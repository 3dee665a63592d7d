"""Gold Rush (Siberian gold-rush card game): registers the game with the engine."""

from app.engine import register

from .rules import GoldRush

GAME = register(GoldRush())
