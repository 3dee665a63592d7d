"""Live play: the table hub (act -> engine -> persist -> publish), the websocket endpoint, the broker, bots."""
