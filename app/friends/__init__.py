"""Friends: requests, the friends list, inviting a friend to a table; the "waiting for you" and friends pages."""
