"""The River: race along a river of cards, discover creatures and fill a newspaper article."""

from app.engine import register

from .rules import River

GAME = register(River())
