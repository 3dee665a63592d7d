"""The Istanbul steps, one module per family: movement and fees, places, encounters and turn end, Letters & Seals
places, the epilogue."""

from .ending import EpilogueStep
from .letters import AuctionStep, KioskStep
from .meetings import AfterStep, GovernorPayStep, SmugglerPayStep
from .movement import MoveStep, PayStep
from .places import (ActStep, CaravansaryStep, CatacombsStep, DiceStep, DiscardStep, FountainStep, GreenStep,
                     GuildDiscardStep)

STEP_TYPES = (MoveStep, PayStep, ActStep, FountainStep, CaravansaryStep, DiscardStep, DiceStep, GreenStep,
              AfterStep, GovernorPayStep, SmugglerPayStep, KioskStep, AuctionStep, EpilogueStep, GuildDiscardStep,
              CatacombsStep)
