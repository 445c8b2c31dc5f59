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

import functools
from collections.abc import Sequence
from itertools import product
from typing import Final

from floorman.domain.cards import RANKS, Card
from floorman.domain.hand_value import HandCategory, HandValue
from floorman.domain.ranking import describe
from floorman.domain.ranking.encoding import (
    LOW_27_CEILING,
    decode_badugi,
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


@functools.cache
def _low_27_reading(strength: int) -> tuple[HandCategory, tuple[int, ...], str]:
    """``(category, ranks in reading order, description)`` of a 2-7 ``strength``."""
    category, ranks, text = describe.high_reading(LOW_27_CEILING - strength)
    if category is HandCategory.ROYAL_FLUSH:
        category = HandCategory.STRAIGHT_FLUSH
    if category is HandCategory.HIGH_CARD:
        text = describe.low_text(ranks)
    return category, ranks, text


def low_27_value(strength: int, cards: Sequence[Card]) -> HandValue:
    """The :class:`HandValue` of a 2-7 ``strength`` reached with five ``cards``: the standard
    pattern (a 7-5-4-3-2 low is ``HIGH_CARD``, a straight stays ``STRAIGHT``, a royal flush
    is a ``STRAIGHT_FLUSH`` read "Royal flush"); an unpaired, unsuited, unconnected low reads
    "7-5-4-3-2", any other hand as the high ranking reads it; the five cards in reading
    order."""
    category, ranks, text = _low_27_reading(strength)
    return HandValue(category, describe.pick_cards(cards, ranks), strength, text)


_ACE_LOW: Final = tuple(low_rank(card >> 2) for card in range(52))
"""Ace-low rank of each card."""


@functools.cache
def _badugi_reading(strength: int) -> tuple[HandCategory, tuple[int, ...], str]:
    """``(category, ace-low ranks that play high to low, description)`` of a Badugi strength."""
    lows = decode_badugi(strength)
    text = "-".join("A" if r == 0 else RANKS[r - 1] for r in lows)
    label = "Badugi" if len(lows) == 4 else f"{len(lows)}-card"
    return BADUGI_CATEGORIES[len(lows) - 1], lows, f"{label} {text}"


def badugi_playing(strength: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``cards`` that make the Badugi ``strength``, high to low (ace low): one
    card per rank that plays, the earliest in ``cards`` that keeps the suits all different.

    Raises:
        ValueError: no set of ``cards`` reaches ``strength``.
    """
    options = [[c for c in cards if _ACE_LOW[c] == low] for low in _badugi_reading(strength)[1]]
    for chosen in product(*options):
        if len({c & 3 for c in chosen}) == len(chosen):
            return chosen
    raise ValueError(f"no Badugi set of {list(cards)} has strength {strength}")


def badugi_value(strength: int, cards: Sequence[Card]) -> HandValue:
    """The :class:`HandValue` of a Badugi hand: ``best_cards`` the one to four cards that
    play (high to low), the category their count, "Badugi 4-3-2-A" / "3-card 8-5-2"."""
    category, _, text = _badugi_reading(strength)
    return HandValue(category, badugi_playing(strength, cards), strength, text)
