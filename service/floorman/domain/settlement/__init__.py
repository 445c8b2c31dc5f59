"""Settlement: uncalled bets, pots and side pots, rake, odd chips, hi-lo splits (RULES.md).

Pure functions over integer minor units; the hand state machine calls :func:`settle` once a
hand is over. The steps are public too, so audit and the transport can reuse them:

1. :func:`return_uncalled` — the uncalled bet (or unmatched ante) goes back to its bettor.
2. :func:`build_pots` — main pot and side pots from the contribution levels of live seats.
3. :func:`compute_rake` / :func:`take_rake` — rake on the total pot, out of the main pot first.
4. :func:`split_amount` with the odd-chip orders — a pot or a hi-lo half among tied winners.

Chip conservation: ``sum(payouts) + rake + sum(returned) == sum(contributions)``.
"""

from floorman.domain.settlement.odd_chips import (
    button_order,
    split_amount,
    stud_high_order,
    stud_low_order,
)
from floorman.domain.settlement.pots import build_pots, return_uncalled
from floorman.domain.settlement.rake import compute_rake, take_rake
from floorman.domain.settlement.settle import settle
from floorman.domain.settlement.types import PotShare, Settlement, UnverifiableHand

__all__ = [
    "PotShare",
    "Settlement",
    "UnverifiableHand",
    "build_pots",
    "button_order",
    "compute_rake",
    "return_uncalled",
    "settle",
    "split_amount",
    "stud_high_order",
    "stud_low_order",
    "take_rake",
]
