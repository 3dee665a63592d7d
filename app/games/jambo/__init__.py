"""Jambo: 2-player trading card game (see rules.py)."""

from app.engine import register

from .rules import Jambo

GAME = register(Jambo())
