"""Replays of finished games, rebuilt from the seed and the move log through the engine (docs/protocol.md)."""
