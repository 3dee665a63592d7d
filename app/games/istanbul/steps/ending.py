"""After the last round: each player in turn may still play bonus cards that only give lira or goods (they can
break ties), then the game is scored."""

from __future__ import annotations

from app.engine.steps import pop
from app.engine.text import t

from .. import data as D
from .common import IStep, anytime_options, resolve_anytime


class EpilogueStep(IStep):
    kind = "epilogue"

    def seats(self, game, state, frame):
        return [frame["order"][frame["at"]]]

    def text(self, game, state, frame, seat):
        return t("The game is over: play cards that give lira or goods, then finish.")

    def options(self, game, state, frame, seat):
        return anytime_options(state, seat, D.EPILOGUE_KINDS) + [{"type": "done", "label": t("Finish")}]

    def auto(self, game, state, frame):
        if len(self.options(game, state, frame, frame["order"][frame["at"]])) == 1:
            return {"type": "done"}
        return None

    def resolve(self, game, state, frame, seat, action, log):
        if action["type"] == "done":
            frame["at"] += 1
            if frame["at"] == len(frame["order"]):
                pop(state)
            return
        resolve_anytime(state, seat, action, log)
