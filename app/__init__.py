"""Boardhall: an online board-game hall (see docs/ and ../shared/design/ARCHITECTURE.md)."""
