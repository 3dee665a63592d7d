"""Istanbul (2-5 players) with the Letters & Seals expansion: move your merchant and assistants around a grid of
bazaar places, collect goods and lira, and be the first to 5 or 6 rubies. The game object: options, the step
list, and the hooks the engine and the test contract use (invariants, hidden information, timeouts)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field, model_validator

from app.engine import RandomBot
from app.engine.game import copy_state
from app.engine.kit import BaseOptions, Log, unseen_shuffle
from app.engine.steps import StepGame, push
from app.engine.text import N_

from . import data as D
from . import state as S
from . import turn, view
from .bot import IstanbulBot
from .bot import chances as bot_chances
from .steps import STEP_TYPES


class IstanbulOptions(BaseOptions):
    # Titles, descriptions and labels are marked for the game's catalogue: the server writes them in the reader's
    # language. The variant's description repeats D.VARIANT_LABEL and D.VARIANT_NOTE word for word, as one text.
    first_player: int | None = Field(default=None, ge=0, le=4, title=N_("First player"),
                                     description=N_("Seat that starts; random when empty."))
    expansion: Literal["none", "letters_and_seals"] = Field(
        default="letters_and_seals", title=N_("Expansion"),
        description=N_("Play the base game alone or with Letters & Seals."),
        json_schema_extra={"labels": {"none": N_("Base game only"), "letters_and_seals": N_("Letters & Seals")}})
    layout: Literal["recommended", "random"] = Field(
        default="recommended", title=N_("Board layout"),
        description=N_("The recommended board, or places shuffled within the rules' limits."),
        json_schema_extra={"labels": {"recommended": N_("Recommended"), "random": N_("Random")}})
    bonus_cards: Literal["mixed", "new_only"] = Field(
        default="mixed", title=N_("Bonus cards"),
        description=N_("With Letters & Seals: base and new bonus cards mixed, or the new ones only."),
        json_schema_extra={"labels": {"mixed": N_("Base and new, mixed"), "new_only": N_("New ones only")}})
    variant: Literal["standard", "grand_bazaar"] = Field(
        default="standard", title=N_("Variant"),
        description=N_("Standard: the published rules. Grand Bazaar — house rules (draft): Base game, Letters & "
                       "Seals and Mocha & Baksheesh on a 5x5 board. Where the published texts could not be read (what "
                       "the Roasting Plant, Guild Hall and Coffee House give, most guild cards, every coffee price), "
                       "the numbers are our own draft. Needs Letters & Seals."),
        json_schema_extra={"labels": {"standard": N_("Standard"), "grand_bazaar": D.VARIANT_LABEL}})

    @model_validator(mode="after")
    def grand_bazaar_needs_letters(self) -> "IstanbulOptions":
        if self.variant == "grand_bazaar" and self.expansion != "letters_and_seals":
            raise ValueError("the Grand Bazaar variant is played with Letters & Seals (expansion: letters_and_seals)")
        return self


class Istanbul(StepGame):
    id: ClassVar[str] = "istanbul"
    title: ClassVar[str] = N_("Istanbul")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    summary: ClassVar[str] = N_("Lead your merchant and assistants through the bazaar, trade goods and gather rubies "
                                "before the others.")
    minutes: ClassVar[tuple[int, int]] = (40, 70)
    Options: ClassVar[type[BaseModel]] = IstanbulOptions
    max_moves: ClassVar[int] = 20000
    move_cap: ClassVar[int] = 20000  # longest measured: about 5,000 moves (random bots wander; heuristic far fewer)
    bots: ClassVar[dict] = {"random": RandomBot, "heuristic": IstanbulBot}
    # A game takes 350-550 moves: the search plays about two turns of each seat and judges by `evaluate`.
    search_cutoff: ClassVar[int] = 16
    step_types = STEP_TYPES

    def setup(self, num_players: int, options: BaseModel, state: dict) -> list[dict]:
        events = S.setup(num_players, options, state)
        push(state, "move", state["start"])
        log = Log()
        self.advance(state, log)
        return events + log.events

    def advance(self, state: dict, log: Log) -> None:
        turn.advance(self, state, log)

    def finish_now(self, state: dict, log: Log) -> None:
        state["phase"] = "epilogue"  # the turn flow's own end: the result, then nothing more
        turn.next_turn(state, log)

    def view(self, state: dict, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def views(self, state: dict, seats: list[int | None]) -> list[dict[str, Any]]:
        return view.views(state, seats)

    def catalogue(self) -> dict[str, Any]:
        return view.catalogue()

    def invariants(self, state: dict) -> None:
        n = state["n"]
        players = state["players"]
        for p in players:
            assert p["lira"] >= 0, "negative lira"
            assert 0 <= p["stack"] and sum(p["assistants"].values()) + p["stack"] + p["spare"] == D.ASSISTANTS
            assert all(c > 0 for c in p["assistants"].values())
            assert p["capacity"] == D.START_CAPACITY + p["extensions"] <= D.MAX_CAPACITY
            assert all(0 <= p["goods"][g] <= p["capacity"] for g in D.GOODS), p["goods"]
            assert p["spare"] == ("blue" not in p["mosque"])
            assert p["merchant"] in state["layout"] and p["family"] in state["layout"]
        assert state["wainwright"]["extensions"] + sum(p["extensions"] for p in players) == D.EXTENSIONS_PER_PLAYER * n
        rubies = S.ruby_supply_on_board(state) + sum(p["rubies"] for p in players)
        assert rubies == state["rubies_total"] + state["rubies_added"], "rubies not conserved"
        assert min(S.ruby_supply_on_board(state), state["sultan"]["rubies"], state["gem"]["rubies"]) >= 0
        cards = state["bonus"]["deck"] + state["bonus"]["discard"] + [c for p in players for c in p["hand"]]
        assert sorted(cards) == sorted(set(cards)) and len(cards) == state["bonus_total"], "bonus cards not conserved"
        for colour in D.GOODS:
            owned = [p["mosque"][colour] for p in players if colour in p["mosque"]]
            assert sorted(owned + state["mosques"][colour]) == sorted(D.MOSQUE_VALUES[n])
        if state["expansion"]:
            letters = state["letters"]["deck"] + state["letters"]["discard"] + \
                [l["id"] for p in players for l in p["letters"]]
            assert sorted(letters) == [lid for lid, _ in D.LETTERS], "letters not conserved"
            kiosk = state["kiosk"]
            assert sorted(kiosk["deck"] + kiosk["discard"] + kiosk["revealed"]) == sorted(D.KIOSK_TILES)
            assert len(state["society_paid"]) == len(set(state["society_paid"])) <= len(D.SOCIETY_LIRA)
        if state["grand_bazaar"]:
            assert all(p["coffee"] >= 0 for p in players), "negative coffee"
            guild = state["guild"]["deck"] + state["guild"]["discard"] + [c for p in players for c in p["guild"]]
            assert sorted(guild) == list(D.GUILD_CARDS), "guild cards not conserved"
            for series in D.TAVERN_SERIES:
                owned = [p["tavern"][series] for p in players if series in p["tavern"]]
                assert sorted(owned + state["tavern"][series]) == sorted(D.TAVERN_TILE_VALUES[n])
            assert state["tavern"]["rubies"] >= 0 and state["coffee_house"]["rubies"] >= 0
            paid = state["tavern"]["baksheesh"]
            assert len(paid) == len(set(paid)) == D.TAVERN_RUBIES[n] - state["tavern"]["rubies"], "baksheesh rubies"
            barrier = state["barrier"]
            assert (barrier["place"] is None) == (barrier["owner"] is None) and barrier["place"] != D.FOUNTAIN
            tokens = (state["governor"], state["smuggler"], state["courier"], state["coffee_trader"])
            assert all(2 <= t <= 12 for t in tokens)

    def evaluate(self, state: dict) -> list[float]:
        return bot_chances(state)

    def scramble_hidden(self, state: dict, audience: int | None, rng: Any) -> dict:
        """Unknown to `audience`: other players' bonus cards (and Grand Bazaar guild cards), every deck's order,
        demand tiles under the top one. Kept as everyone saw them: bonus cards taken face up from the discard pile
        (still in their taker's hand) and the demand tiles a market has turned under its stack."""
        out = copy_state(state)
        seen = S.known(out)
        others = [(s, p) for s, p in enumerate(out["players"]) if s != audience]
        shown = {s: [c for c in seen["hands"].get(str(s), []) if c in p["hand"]] for s, p in others}
        secret = {s: [c for c in p["hand"] if c not in shown[s]] for s, p in others}
        pool = unseen_shuffle(out["bonus"]["deck"] + [c for s, _ in others for c in secret[s]], rng)
        out["bonus"]["deck"] = pool[:len(out["bonus"]["deck"])]
        rest = pool[len(out["bonus"]["deck"]):]
        for s, p in others:
            count = len(secret[s])
            p["hand"], rest = shown[s] + rest[:count], rest[count:]
            seen["hands"][str(s)] = list(shown[s])  # what is kept no longer names cards that left the hand
        others = [p for _, p in others]
        if out["grand_bazaar"]:
            pool = unseen_shuffle(out["guild"]["deck"] + [c for p in others for c in p["guild"]], rng)
            out["guild"]["deck"], rest = pool[:len(out["guild"]["deck"])], pool[len(out["guild"]["deck"]):]
            for p in others:
                p["guild"], rest = rest[:len(p["guild"])], rest[len(p["guild"]):]
        out["letters"]["deck"] = unseen_shuffle(out["letters"]["deck"], rng)
        out["kiosk"]["deck"] = unseen_shuffle(out["kiosk"]["deck"], rng)
        for place, stack in out["demand"].items():
            hidden = len(stack) - 1 - min(seen["demand_turned"].get(place, 0), len(stack) - 1)
            stack[1:1 + hidden] = unseen_shuffle(stack[1:1 + hidden], rng)
        out["rng"] = rng.randrange(1 << 64)
        return out
