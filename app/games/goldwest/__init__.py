"""Gold West: mine tokens from a hex map, sow resources along a supply track, invest, build and ship for the most VP."""

from app.engine import register

from .rules import GoldWest

GAME = register(GoldWest())
