"""How a strength integer encodes a hand (RULES.md "Standard high ranking", 7-A and low rankings).

A high strength is ``(order << 20) | ranks``: ``order`` is the category's place in the game's
ranking (1 = high card ... 9 = straight flush; the standard and the 7-A orders differ only in
where flush and full house sit) and ``ranks`` packs the five rank indices (0 = deuce .. 12 =
ace) four bits each, in the order a dealer reads them (groups first, then kickers high to low;
straights from the top, the wheel as 5-4-3-2-A). Comparing the integers compares the hands.

A low strength (ace-to-five, and the 8-or-better low) is ``LOW_CEILING - value`` with ``value =
(pattern << 20) | ranks`` where ranks are low ranks (0 = ace, 1 = deuce .. 12 = king) in reading
order and ``pattern`` is 0 for five unpaired cards up to 5 for four of a kind. Greater is
better, and every low strength is positive: 0 is reserved for "no qualifying low".

A deuce-to-seven low strength is ``LOW_27_CEILING - high`` with ``high`` the hand's standard
high strength, aces always high (the wheel A-2-3-4-5 is ace high, no straight).

A Badugi strength is ``(size << 16) | (0xFFFF - ranks)``: ``size`` the cards that play (1-4)
and ``ranks`` their ace-low ranks high to low, four bits each, padded with zeros.

Exposed-board strengths (stud first-to-act) pack one to four up cards the same way with four
bits per card holding ``rank + 1`` (0 = no card), so they compare among boards of one size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from floorman.domain.cards import ACE
from floorman.domain.hand_value import HandCategory

RANK_BITS: Final = 4
CATEGORY_SHIFT: Final = 20
TIEBREAK_MASK: Final = (1 << CATEGORY_SHIFT) - 1

# Category -> place in the ranking, per game family (royal flush is the top straight flush).
STANDARD_ORDER: Final[dict[HandCategory, int]] = {
    HandCategory.HIGH_CARD: 1,
    HandCategory.ONE_PAIR: 2,
    HandCategory.TWO_PAIR: 3,
    HandCategory.THREE_OF_A_KIND: 4,
    HandCategory.STRAIGHT: 5,
    HandCategory.FLUSH: 6,
    HandCategory.FULL_HOUSE: 7,
    HandCategory.FOUR_OF_A_KIND: 8,
    HandCategory.STRAIGHT_FLUSH: 9,
}
SEVEN_TO_ACE_ORDER: Final[dict[HandCategory, int]] = {
    **STANDARD_ORDER,
    HandCategory.FLUSH: 7,
    HandCategory.FULL_HOUSE: 6,
}
STANDARD_CATEGORY_AT: Final = {v: k for k, v in STANDARD_ORDER.items()}
SEVEN_TO_ACE_CATEGORY_AT: Final = {v: k for k, v in SEVEN_TO_ACE_ORDER.items()}

# Low patterns, best (0) to worst; straights and flushes do not exist in a low.
LOW_PATTERNS: Final = (
    HandCategory.HIGH_CARD,
    HandCategory.ONE_PAIR,
    HandCategory.TWO_PAIR,
    HandCategory.THREE_OF_A_KIND,
    HandCategory.FULL_HOUSE,
    HandCategory.FOUR_OF_A_KIND,
)
LOW_CEILING: Final = len(LOW_PATTERNS) << CATEGORY_SHIFT

LOW_27_CEILING: Final = (STANDARD_ORDER[HandCategory.STRAIGHT_FLUSH] + 1) << CATEGORY_SHIFT
"""Above every high strength: ``LOW_27_CEILING - high`` is positive."""

BADUGI_SHIFT: Final = 16
BADUGI_RANKS: Final = (1 << BADUGI_SHIFT) - 1
BADUGI_MOST: Final = 4

# Exposed-board patterns, worst (0) to best, for one to four up cards.
EXPOSED_PATTERNS: Final = (
    HandCategory.HIGH_CARD,
    HandCategory.ONE_PAIR,
    HandCategory.TWO_PAIR,
    HandCategory.THREE_OF_A_KIND,
    HandCategory.FOUR_OF_A_KIND,
)
EXPOSED_SHIFT: Final = 16
EXPOSED_CEILING: Final = len(EXPOSED_PATTERNS) << EXPOSED_SHIFT


def pack_ranks(ranks: Sequence[int], width: int = 5) -> int:
    """Pack ``ranks`` (each 0-15) four bits each, the first one most significant.

    Shorter sequences are padded with zeros at the low end up to ``width`` entries.
    """
    value = 0
    for i in range(width):
        value = (value << RANK_BITS) | (ranks[i] if i < len(ranks) else 0)
    return value


def unpack_ranks(value: int, width: int = 5) -> tuple[int, ...]:
    """The ``width`` four-bit fields of ``value``, most significant first."""
    return tuple(
        (value >> (RANK_BITS * (width - 1 - i))) & ((1 << RANK_BITS) - 1) for i in range(width)
    )


def encode_high(order: int, ranks: Sequence[int]) -> int:
    """High strength from a category place ``order`` and five ranks in reading order."""
    return (order << CATEGORY_SHIFT) | pack_ranks(ranks)


def decode_high(
    strength: int, *, seven_to_ace: bool = False
) -> tuple[HandCategory, tuple[int, ...]]:
    """``(category, ranks in reading order)`` of a high strength; the top straight flush is royal.

    Raises:
        KeyError: ``strength`` is not a high strength.
    """
    table = SEVEN_TO_ACE_CATEGORY_AT if seven_to_ace else STANDARD_CATEGORY_AT
    category = table[strength >> CATEGORY_SHIFT]
    ranks = unpack_ranks(strength & TIEBREAK_MASK)
    if category is HandCategory.STRAIGHT_FLUSH and ranks[0] == ACE:
        category = HandCategory.ROYAL_FLUSH
    return category, ranks


def low_rank(rank: int) -> int:
    """Ace-low rank of a card rank index: ace 0, deuce 1 .. king 12."""
    return 0 if rank == ACE else rank + 1


def card_rank_of_low(low: int) -> int:
    """Card rank index (deuce 0 .. ace 12) of an ace-low rank."""
    return ACE if low == 0 else low - 1


def encode_low(pattern: int, lows: Sequence[int]) -> int:
    """Low strength (greater is better) from a pattern index and five ace-low ranks."""
    return LOW_CEILING - ((pattern << CATEGORY_SHIFT) | pack_ranks(lows))


def decode_low(strength: int) -> tuple[HandCategory, tuple[int, ...]]:
    """``(pattern category, card rank indices in reading order)`` of a positive low strength."""
    value = LOW_CEILING - strength
    lows = unpack_ranks(value & TIEBREAK_MASK)
    return LOW_PATTERNS[value >> CATEGORY_SHIFT], tuple(card_rank_of_low(r) for r in lows)


def encode_badugi(lows: Sequence[int]) -> int:
    """Badugi strength (greater is better) of a set of 1-4 ace-low ranks, high to low."""
    return (len(lows) << BADUGI_SHIFT) | (BADUGI_RANKS - pack_ranks(lows, width=BADUGI_MOST))


def decode_badugi(strength: int) -> tuple[int, ...]:
    """The ace-low ranks (high to low, one per card that plays) of a Badugi strength."""
    size = strength >> BADUGI_SHIFT
    lows = unpack_ranks(BADUGI_RANKS - (strength & BADUGI_RANKS), width=BADUGI_MOST)
    return lows[:size]
