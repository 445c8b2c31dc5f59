"""Deuce-to-seven low and Badugi (RULES.md "Lowball draw and Badugi"): strengths and readings.

* 2-7: the lowest hand by the standard high ranking wins; aces are always high, so
  A-2-3-4-5 is ace high (no straight, a flush when suited); straights and flushes count
  against the hand. Strength ``LOW_27_CEILING - high`` where ``high`` is the hand's standard
  high strength with that one change (:mod:`.encoding`): greater is better, always positive;
  7-5-4-3-2 offsuit is the greatest.
* Badugi: of four cards, the largest set with all ranks and all suits different plays (aces
  low); more cards beat fewer, then the lower highest card, then the next. Strength
  ``(size << 16) | (0xFFFF - ranks)`` with ``ranks`` the ace-low ranks of the set, high to low,
  four bits each (padded): greater is better; A-2-3-4 of four suits is the greatest.

Exactly five (2-7) or four (Badugi) distinct cards, unvalidated (see :mod:`.evaluate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from floorman.domain.cards import ACE, RANKS, Card
from floorman.domain.hand_value import HandCategory, HandValue
from floorman.domain.ranking import describe
from floorman.domain.ranking.encoding import (
    CATEGORY_SHIFT,
    STANDARD_ORDER,
    decode_high,
    encode_high,
    low_rank,
    pack_ranks,
    unpack_ranks,
)
from floorman.domain.ranking.strength import high_strength

LOW_27_CEILING: Final = (STANDARD_ORDER[HandCategory.STRAIGHT_FLUSH] + 1) << CATEGORY_SHIFT
"""Above every high strength: ``LOW_27_CEILING - high`` is positive."""
_WHEEL: Final = frozenset({ACE, 0, 1, 2, 3})
_ACE_HIGH_WHEEL: Final = (ACE, 3, 2, 1, 0)
_BADUGI_SHIFT: Final = 16
_BADUGI_RANKS: Final = (1 << _BADUGI_SHIFT) - 1
BADUGI_CATEGORIES: Final = (
    HandCategory.BADUGI_ONE_CARD,
    HandCategory.BADUGI_TWO_CARDS,
    HandCategory.BADUGI_THREE_CARDS,
    HandCategory.BADUGI,
)
"""Badugi category by the size of the set that plays (1 to 4)."""


def high_27(cards: Sequence[Card]) -> int:
    """The standard high strength of five ``cards`` with aces always high (the wheel
    A-2-3-4-5 is ace high, not a straight)."""
    ranks = {card >> 2 for card in cards}
    if ranks != _WHEEL:
        return high_strength(cards)
    suited = len({card & 3 for card in cards}) == 1
    category = HandCategory.FLUSH if suited else HandCategory.HIGH_CARD
    return encode_high(STANDARD_ORDER[category], _ACE_HIGH_WHEEL)


def low_27_strength(cards: Sequence[Card]) -> int:
    """Deuce-to-seven low strength of exactly five ``cards`` (greater is better, > 0)."""
    return LOW_27_CEILING - high_27(cards)


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


def _badugi_key(cards: Sequence[Card]) -> int | None:
    """Strength of ``cards`` as a Badugi set, or None when two share a rank or a suit."""
    if len({c >> 2 for c in cards}) != len(cards) or len({c & 3 for c in cards}) != len(cards):
        return None
    lows = sorted((low_rank(c >> 2) for c in cards), reverse=True)
    return (len(cards) << _BADUGI_SHIFT) | (_BADUGI_RANKS - pack_ranks(lows, width=4))


def badugi_best(cards: Sequence[Card]) -> tuple[int, tuple[Card, ...]]:
    """``(strength, the cards that play, high to low)`` of four Badugi ``cards``."""
    for size in range(len(cards), 0, -1):
        best: tuple[int, tuple[Card, ...]] | None = None
        for subset in combinations(cards, size):
            key = _badugi_key(subset)
            if key is not None and (best is None or key > best[0]):
                best = (key, subset)
        if best is not None:
            strength, subset = best
            ordered = tuple(sorted(subset, key=lambda c: low_rank(c >> 2), reverse=True))
            return strength, ordered
    raise ValueError("a Badugi hand holds at least one card")


def badugi_strength(cards: Sequence[Card]) -> int:
    """Badugi strength of four ``cards`` (greater is better, > 0)."""
    return badugi_best(cards)[0]


def badugi_value(strength: int, cards: Sequence[Card]) -> HandValue:
    """The :class:`HandValue` of a Badugi hand: ``best_cards`` the one to four cards that
    play (high to low), the category their count, "Badugi 4-3-2-A" / "3-card 8-5-2"."""
    _, playing = badugi_best(cards)
    size = strength >> _BADUGI_SHIFT
    lows = unpack_ranks(_BADUGI_RANKS - (strength & _BADUGI_RANKS), width=4)[:size]
    text = "-".join("A" if r == 0 else RANKS[r - 1] for r in lows)
    label = "Badugi" if size == 4 else f"{size}-card"
    return HandValue(BADUGI_CATEGORIES[size - 1], playing, strength, f"{label} {text}")
