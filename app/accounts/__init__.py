"""Who is playing: guests (a nickname in a signed cookie) and registered users (argon2 password)."""
