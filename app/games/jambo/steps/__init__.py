"""Every decision of Jambo, one Step class each, grouped by family; each card's rule sits next to its steps."""

from . import animals, auction, people, phases, utilities
from .common import RULES

STEP_TYPES = phases.STEPS + utilities.STEPS + people.STEPS + auction.STEPS + animals.STEPS

__all__ = ["RULES", "STEP_TYPES"]
