"""Deuce-to-seven low and Badugi readings (RULES.md "Lowball draw and Badugi").

The strengths are table-driven (:func:`~floorman.domain.ranking.strength.low_27_strength`,
:func:`~floorman.domain.ranking.strength.badugi_strength`; encodings in :mod:`.encoding`):

* 2-7: the lowest hand by the standard high ranking wins; aces are always high, so
  A-2-3-4-5 is ace high (no straight, a flush when suited); straights and flushes count
  against the hand. Strength ``LOW_27_CEILING - high``: greater is better, always positive;
  7-5-4-3-2 offsuit is the greatest.
* Badugi: of four cards, the largest set with all ranks and all suits different plays (aces
  low); more cards beat fewer, then the lower highest card, then the next. Strength
  ``(size << 16) | (0xFFFF - ranks)``: greater is better; A-2-3-4 of four suits is the
  greatest.

This module turns a strength back into a dealer's reading: the cards that play and the
announcement. Exactly five (2-7) or four (Badugi) distinct cards, unvalidated (see
:mod:`.evaluate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from floorman.domain.cards import RANKS, Card
from floorman.domain.hand_value import HandCategory, HandValue
from floorman.domain.ranking import describe
from floorman.domain.ranking.encoding import (
    LOW_27_CEILING,
    decode_badugi,
    decode_high,
    low_rank,
)
from floorman.domain.ranking.strength import badugi_strength, low_27_strength

__all__ = [
    "BADUGI_CATEGORIES",
    "LOW_27_CEILING",
    "badugi_playing",
    "badugi_strength",
    "badugi_value",
    "low_27_strength",
    "low_27_value",
]

BADUGI_CATEGORIES: Final = (
    HandCategory.BADUGI_ONE_CARD,
    HandCategory.BADUGI_TWO_CARDS,
    HandCategory.BADUGI_THREE_CARDS,
    HandCategory.BADUGI,
)
"""Badugi category by the size of the set that plays (1 to 4)."""


def low_27_value(strength: int, cards: Sequence[Card]) -> HandValue:
    """The :class:`HandValue` of a 2-7 ``strength`` reached with ``cards``: the standard
    pattern (a 7-5-4-3-2 low is ``HIGH_CARD``, a straight stays ``STRAIGHT``); an unpaired,
    unsuited, unconnected low reads "7-5-4-3-2", any other hand as the high ranking reads it."""
    high = LOW_27_CEILING - strength
    category, ranks = decode_high(high)
    if category is HandCategory.ROYAL_FLUSH:
        category = HandCategory.STRAIGHT_FLUSH
    reading = describe.high_value(high, cards)
    text = describe.low_text(ranks) if category is HandCategory.HIGH_CARD else reading.description
    return HandValue(category, reading.best_cards, strength, text)


def badugi_playing(strength: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``cards`` that make the Badugi ``strength``, high to low (ace low): the
    first set, in the order of ``cards``, of that many cards with those ranks and all suits
    different.

    Raises:
        ValueError: no set of ``cards`` reaches ``strength``.
    """
    lows = decode_badugi(strength)
    for chosen in combinations(cards, len(lows)):
        ordered = sorted(chosen, key=lambda c: low_rank(c >> 2), reverse=True)
        if [low_rank(c >> 2) for c in ordered] == list(lows) and len(
            {c & 3 for c in chosen}
        ) == len(chosen):
            return tuple(ordered)
    raise ValueError(f"no Badugi set of {list(cards)} has strength {strength}")


def badugi_value(strength: int, cards: Sequence[Card]) -> HandValue:
    """The :class:`HandValue` of a Badugi hand: ``best_cards`` the one to four cards that
    play (high to low), the category their count, "Badugi 4-3-2-A" / "3-card 8-5-2"."""
    lows = decode_badugi(strength)
    size = len(lows)
    text = "-".join("A" if r == 0 else RANKS[r - 1] for r in lows)
    label = "Badugi" if size == 4 else f"{size}-card"
    return HandValue(
        BADUGI_CATEGORIES[size - 1], badugi_playing(strength, cards), strength, f"{label} {text}"
    )
