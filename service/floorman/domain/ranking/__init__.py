"""Hand ranking for every game (RULES.md rankings), table-driven and derived from the game
definitions (:mod:`floorman.domain.games`: pot sides, deck, exact hole cards).

* :func:`evaluate` / :func:`compare`: full answers (category, best five, description).
* :func:`side_rankings`: per pot side, fast strength functions of (own cards, board).
* ``*_strength``: fast strength-only paths on pre-parsed cards (greater is better).
* :func:`deck_for` / :func:`card_count_range` / :func:`board_count_range`: what a game deals
  and shows down.
"""

from floorman.domain.ranking.evaluate import (
    Comparison,
    Evaluation,
    compare,
    evaluate,
    evaluate_sides,
    sides_evaluator,
)
from floorman.domain.ranking.exact_hole import exact_high, exact_low_8
from floorman.domain.ranking.games import (
    board_count_range,
    card_count_range,
    deck_for,
    every_card_of,
)
from floorman.domain.ranking.sides import SideRanking, deck_lowest_rank, side_rankings
from floorman.domain.ranking.strength import (
    badugi_strength,
    exposed_high_strength,
    exposed_low_strength,
    high_7a_strength,
    high_strength,
    low_8_strength,
    low_27_strength,
    low_a5_strength,
)

__all__ = [
    "Comparison",
    "Evaluation",
    "SideRanking",
    "badugi_strength",
    "board_count_range",
    "card_count_range",
    "compare",
    "deck_for",
    "deck_lowest_rank",
    "evaluate",
    "evaluate_sides",
    "every_card_of",
    "exact_high",
    "exact_low_8",
    "exposed_high_strength",
    "exposed_low_strength",
    "high_7a_strength",
    "high_strength",
    "low_8_strength",
    "low_27_strength",
    "low_a5_strength",
    "side_rankings",
    "sides_evaluator",
]
