"""The value of one side of a hand: what the ranking core returns (RULES.md rankings)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from floorman.domain.cards import Card


class HandCategory(enum.IntEnum):
    """Hand categories. The integer order is the standard order, not any game's ranking.

    A low hand's category names its pattern (a 7-5-4-3-A low is ``HIGH_CARD``; a 2-7 low
    keeps the standard pattern, straights and flushes included; a Badugi hand names the
    size of the set that plays).
    """

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10
    BADUGI_ONE_CARD = 11
    BADUGI_TWO_CARDS = 12
    BADUGI_THREE_CARDS = 13
    BADUGI = 14
    """Badugi (RULES.md "Lowball draw and Badugi"): the size of the set that plays; four
    cards of four ranks and four suits is a badugi."""


@dataclass(frozen=True, slots=True)
class HandValue:
    """One side of a hand.

    Attributes:
        category: the pattern of ``best_cards``.
        best_cards: the five cards used, in the order a dealer reads them (Badugi: the one
            to four cards that play).
        strength: greater is better within one game, deck and side; 0 for a low that does
            not qualify.
        description: as a dealer announces it ("Flush, ace high", "7-5-4-3-A").
        qualifies: False only for an 8-or-better low side with no qualifying low.
    """

    category: HandCategory
    best_cards: tuple[Card, ...]
    strength: int
    description: str
    qualifies: bool = True
