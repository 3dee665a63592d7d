"""Boardhall: an online board-game hall (see README.md and docs/)."""
