"""Istanbul with the Letters & Seals expansion: race through a bazaar of places for rubies."""

from app.engine import register

from .rules import Istanbul

GAME = register(Istanbul())
