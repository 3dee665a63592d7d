"""Database models and sessions; nothing game-specific lives here."""
