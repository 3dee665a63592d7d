"""History of finished games and per-game ratings (docs/ratings.md)."""
