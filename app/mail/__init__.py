"""Email for turn-based play: a registered player's address (verified by a signed link), what they want to hear
about (their turn, a game's end, a friend's invite; by default and per table), and the queue a single worker sends
from, batched (at most one email per player per MAIL_EVERY_MINUTES) in the player's language.

`service` keeps addresses, preferences and the queue; `tokens` signs the links; `worker` sends; `routes` is the API
and the pages. Live play never imports this package: app/main.py subscribes it to the hub's notices.
"""
