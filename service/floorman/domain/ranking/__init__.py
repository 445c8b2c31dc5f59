"""Hand ranking for every seed game (RULES.md rankings), table-driven.

* :func:`evaluate` / :func:`compare`: full answers (category, best five, description).
* ``*_strength``: fast strength-only paths on pre-parsed cards (greater is better).
* :func:`deck_for` / :func:`card_count_range`: what a game deals and shows down.
"""

from floorman.domain.ranking.evaluate import Comparison, Evaluation, compare, evaluate
from floorman.domain.ranking.games import card_count_range, deck_for
from floorman.domain.ranking.strength import (
    exposed_high_strength,
    exposed_low_strength,
    high_7a_strength,
    high_strength,
    low_8_strength,
    low_a5_strength,
)

__all__ = [
    "Comparison",
    "Evaluation",
    "card_count_range",
    "compare",
    "deck_for",
    "evaluate",
    "exposed_high_strength",
    "exposed_low_strength",
    "high_7a_strength",
    "high_strength",
    "low_8_strength",
    "low_a5_strength",
]
