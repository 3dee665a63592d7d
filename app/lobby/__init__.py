"""Tables, seats, invites, bots in seats, and starting a game: the hall before and around play."""
