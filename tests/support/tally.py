"""Tally: a tiny game that lives in the tests and exercises every prompt shape the real games need.

Each round: every seat secretly picks 1-3 at once (simultaneous, like The River); the active seat then
banks its pick or attacks a seat, which reacts inside the active turn (like Jambo's defence); finally
every other seat in turn bids or passes for a bonus (like Istanbul's auction). Each seat also holds a
secret card dealt from a shuffled deck, to test hidden information. Most points after `rounds` rounds wins.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.engine import Game, Prompt, Rng


class TallyOptions(BaseModel):
    rounds: int = Field(default=2, ge=1, le=20)
    first_player: int | None = None
    # Offers a "boom" action whose rules code crashes, and "poison" actions after which view, pending, legal or
    # result crash, to test that a bug in the rules never bricks a table.
    buggy: bool = False


class Tally(Game):
    id = "tally"
    title = "Tally (test game)"
    min_players = 2
    max_players = 5
    Options = TallyOptions
    max_moves = 400

    def setup(self, num_players, options, state):
        deck = list(range(20))
        Rng(state).shuffle(deck)
        state.update(n=num_players, rounds=options.rounds, round=1, phase="secret",
                     active=options.first_player if options.first_player is not None else Rng(state).below(num_players),
                     picks=[None] * num_players, points=[0] * num_players,
                     secret=[deck.pop() for _ in range(num_players)], deck=deck,
                     target=None, bidders=[], high=None, over=False, buggy=options.buggy)
        return [{"type": "deal", "text": f"Cards are dealt; @{state['active']} will be first"},
                {"type": "secret", "text": f"You hold card {state['secret'][0]}", "seats": [0]}]

    def pending(self, state):
        _poisoned(state, "pending")
        if state["over"]:
            return {}
        phase = state["phase"]
        if phase == "secret":
            return {s: Prompt("Pick 1, 2 or 3 in secret", kind="pick", secret=True)
                    for s in range(state["n"]) if state["picks"][s] is None}
        if phase == "main":
            return {state["active"]: Prompt("Bank your pick or attack someone")}
        if phase == "react":
            return {state["target"]: Prompt("You are attacked: block or yield", kind="react")}
        return {state["bidders"][0]: Prompt("Bid 1 point for the bonus, or pass", kind="auction")}

    def legal(self, state, seat):
        _poisoned(state, "legal")
        if seat not in self.pending(state):
            return []
        phase = state["phase"]
        if phase == "secret":
            boom = [{"type": "boom", "label": "Crash the rules"}] + [
                {"type": "poison", "where": where, "label": f"Break {where}"} for where in POISONABLE
            ] if state["buggy"] else []
            return [{"type": "pick", "n": k, "label": f"Pick {k}"} for k in (1, 2, 3)] + boom
        if phase == "main":
            return [{"type": "bank", "label": "Bank"}] + [
                {"type": "attack", "seat": s, "label": f"Attack seat {s + 1}"} for s in range(state["n"]) if s != seat]
        if phase == "react":
            return [{"type": "block", "label": "Block"}, {"type": "yield", "label": "Yield"}]
        actions = [{"type": "pass", "label": "Pass"}]
        if state["points"][seat] >= 1:
            actions.append({"type": "bid", "label": "Bid 1"})
        return actions

    def play(self, state, seat, action):
        kind = action["type"]
        active = state["active"]
        if kind == "boom":
            state["picks"][seat] = 99  # a half-done change that must never be kept
            raise RuntimeError("a bug in the rules")
        if kind == "poison":  # the move itself plays fine; the state it leaves makes a later call crash
            state["poison"] = action["where"]
            return [{"type": "poison", "text": f"@{seat} breaks {action['where']}"}]
        if kind == "pick":
            state["picks"][seat] = action["n"]
            events = [{"type": "picked", "text": f"@{seat} has picked"}]
            if all(p is not None for p in state["picks"]):
                state["phase"] = "main"
                events.append({"type": "reveal", "text": "Picks revealed: " + ", ".join(
                    f"@{s} {p}" for s, p in enumerate(state["picks"])), "picks": list(state["picks"])})
            return events
        if kind == "bank":
            state["points"][seat] += state["picks"][seat]
            return [{"type": "bank", "text": f"@{seat} banks {state['picks'][seat]}"}] + self._to_auction(state)
        if kind == "attack":
            state["target"] = action["seat"]
            state["phase"] = "react"
            return [{"type": "attack", "text": f"@{seat} attacks @{action['seat']}"}]
        if kind in ("block", "yield"):
            if kind == "yield":
                state["points"][active] += state["picks"][active]
            state["target"] = None
            return [{"type": kind, "text": f"@{seat} {'blocks' if kind == 'block' else 'yields'}"}] + self._to_auction(state)
        if kind == "bid":
            state["points"][seat] -= 1
            state["high"] = seat
        state["bidders"].pop(0)
        events = [{"type": kind, "text": f"@{seat} {'bids' if kind == 'bid' else 'passes'}"}]
        if not state["bidders"]:
            events += self._end_round(state)
        return events

    def _to_auction(self, state):
        n, active = state["n"], state["active"]
        state["phase"] = "auction"
        state["bidders"] = [(active + k) % n for k in range(1, n)]
        state["high"] = None
        return []

    def _end_round(self, state):
        events = []
        if state["high"] is not None:
            state["points"][state["high"]] += 2
            events.append({"type": "bonus", "text": f"@{state['high']} takes the bonus"})
        # A private event: only the seat concerned learns its new secret card.
        if state["deck"]:
            card = state["deck"].pop()
            state["deck"].append(state["secret"][state["active"]])
            state["secret"][state["active"]] = card
            events.append({"type": "secret", "text": f"You now hold card {card}", "seats": [state["active"]]})
            events.append({"type": "swap", "text": f"@{state['active']} swaps their card"})
        if state["round"] >= state["rounds"]:
            state["over"] = True
            return events + [{"type": "end", "text": "The game is over"}]
        state["round"] += 1
        state["active"] = (state["active"] + 1) % state["n"]
        state["phase"] = "secret"
        state["picks"] = [None] * state["n"]
        return events

    def view(self, state, seat):
        _poisoned(state, "view")
        reveal = state["phase"] != "secret"
        return {
            "round": state["round"], "phase": state["phase"], "active": state["active"], "points": state["points"],
            "picked": [p is not None for p in state["picks"]],
            "picks": [p if reveal or s == seat else None for s, p in enumerate(state["picks"])],
            "my_card": state["secret"][seat] if seat is not None else None,
            "deck": len(state["deck"]), "target": state["target"],
        }

    def result(self, state):
        _poisoned(state, "result")
        if not state["over"]:
            return None
        best = max(state["points"])
        winners = [s for s, p in enumerate(state["points"]) if p == best]
        return {"scores": list(state["points"]), "winners": winners, "text": "Most points wins."}

    def timeout_action(self, state, seat):
        # Its own rule for a clock that runs out: pick 1, yield to an attack, pass in the auction. Banking or
        # attacking is left to the platform (its strongest bot decides), so both paths are exercised.
        return {"secret": {"type": "pick", "n": 1, "label": "Pick 1"}, "react": {"type": "yield", "label": "Yield"},
                "auction": {"type": "pass", "label": "Pass"}}.get(state["phase"])

    def catalogue(self):
        return {"cards": {str(k): f"Card {k}" for k in range(20)}}


POISONABLE = ("view", "pending", "legal", "result")


def _poisoned(state, where):
    if state.get("poison") == where:
        raise RuntimeError(f"a bug in {where}")


TALLY = Tally()
