"""Placeholder replaced below."""
from app.engine import RandomBot as GoldWestBot  # noqa: F401
