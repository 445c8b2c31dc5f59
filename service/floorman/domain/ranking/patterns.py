"""Direct classification of a few ranks: the definitions the lookup tables are built from.

These run only while the tables are built (a few thousand rank patterns each), never per
evaluated hand. Ranks are card rank indices (0 = deuce .. 12 = ace).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from floorman.domain.cards import ACE, RANKS
from floorman.domain.hand_value import HandCategory
from floorman.domain.ranking.encoding import (
    EXPOSED_CEILING,
    EXPOSED_SHIFT,
    LOW_27_CEILING,
    SEVEN_TO_ACE_ORDER,
    STANDARD_ORDER,
    encode_badugi,
    encode_high,
    encode_low,
    low_rank,
    pack_ranks,
)


def rank_mask(ranks: Iterable[int]) -> int:
    """13-bit mask with bit ``r`` set for each rank ``r``."""
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return mask


def _straights(lowest: int, low_ace: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """Straights from ``lowest`` up (no wrap-around) plus the ace-low one, by rank mask."""
    out = {rank_mask(range(r, r + 5)): tuple(range(r + 4, r - 1, -1)) for r in range(lowest, 9)}
    out[rank_mask((*low_ace, ACE))] = (*sorted(low_ace, reverse=True), ACE)
    return out


@dataclass(frozen=True, slots=True)
class HighRules:
    """A high ranking: category places and the straights (rank mask -> ranks, top first)."""

    order: dict[HandCategory, int]
    straights: dict[int, tuple[int, ...]]


STANDARD_HIGH: Final = HighRules(STANDARD_ORDER, _straights(0, (0, 1, 2, 3)))
"""RULES.md "Standard high ranking": the wheel 5-4-3-2-A is the lowest straight."""

_WHEEL: Final = rank_mask((0, 1, 2, 3, ACE))
DEUCE_TO_SEVEN_HIGH: Final = HighRules(
    STANDARD_ORDER, {mask: top for mask, top in STANDARD_HIGH.straights.items() if mask != _WHEEL}
)
"""RULES.md "Lowball draw and Badugi", 2-7: aces only high, so A-2-3-4-5 is no straight."""

_SEVEN, _SIX = RANKS.index("7"), RANKS.index("6")
SEVEN_TO_ACE_32: Final = HighRules(
    SEVEN_TO_ACE_ORDER, _straights(_SEVEN, tuple(range(_SEVEN, _SEVEN + 4)))
)
"""RULES.md "Five Card Draw, 7-A", 32-card deck: lowest straight A-7-8-9-T."""
SEVEN_TO_ACE_36: Final = HighRules(
    SEVEN_TO_ACE_ORDER, _straights(_SIX, tuple(range(_SIX, _SIX + 4)))
)
"""RULES.md "Five Card Draw, 7-A", 36-card deck: lowest straight A-6-7-8-9 (A-7-8-9-T is not)."""


def reading_order(ranks: Iterable[int]) -> tuple[int, ...]:
    """Ranks grouped as a dealer reads them: bigger groups first, then higher ranks first."""
    ranks = list(ranks)
    return tuple(sorted(ranks, key=lambda r: (ranks.count(r), r), reverse=True))


def _shape(ranks: Sequence[int]) -> tuple[int, ...]:
    """Group sizes, biggest first: (2, 1, 1, 1) for one pair."""
    return tuple(sorted([ranks.count(r) for r in set(ranks)], reverse=True))


_HIGH_SHAPES: Final = {
    (4, 1): HandCategory.FOUR_OF_A_KIND,
    (3, 2): HandCategory.FULL_HOUSE,
    (3, 1, 1): HandCategory.THREE_OF_A_KIND,
    (2, 2, 1): HandCategory.TWO_PAIR,
    (2, 1, 1, 1): HandCategory.ONE_PAIR,
    (1, 1, 1, 1, 1): HandCategory.HIGH_CARD,
}
_LOW_SHAPES: Final = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
}
_EXPOSED_SHAPES: Final = {
    (1,): 0, (1, 1): 0, (1, 1, 1): 0, (1, 1, 1, 1): 0,
    (2,): 1, (2, 1): 1, (2, 1, 1): 1,
    (2, 2): 2,
    (3,): 3, (3, 1): 3,
    (4,): 4,
}  # fmt: skip


def high_unsuited(ranks: Sequence[int], rules: HighRules) -> int:
    """Strength of five cards of these ranks that are not all one suit."""
    distinct = len(set(ranks)) == len(ranks)
    straight = rules.straights.get(rank_mask(ranks)) if distinct else None
    if straight is not None:
        return encode_high(rules.order[HandCategory.STRAIGHT], straight)
    category = _HIGH_SHAPES[_shape(ranks)]
    return encode_high(rules.order[category], reading_order(ranks))


def high_suited(mask: int, rules: HighRules) -> int:
    """Strength of five cards of one suit whose ranks make the 5-bit ``mask``."""
    straight = rules.straights.get(mask)
    if straight is not None:
        return encode_high(rules.order[HandCategory.STRAIGHT_FLUSH], straight)
    ranks = [r for r in range(12, -1, -1) if mask >> r & 1]
    return encode_high(rules.order[HandCategory.FLUSH], ranks)


def low_ace_to_five(ranks: Sequence[int]) -> int:
    """Ace-to-five low strength of five cards (RULES.md Razz): suits and straights ignored."""
    return encode_low(_LOW_SHAPES[_shape(ranks)], reading_order(low_rank(r) for r in ranks))


def low_27_unsuited(ranks: Sequence[int]) -> int:
    """Deuce-to-seven strength of five cards of these ranks not all one suit (greater is
    better): the standard high ranking turned over, aces high only."""
    return LOW_27_CEILING - high_unsuited(ranks, DEUCE_TO_SEVEN_HIGH)


def low_27_suited(mask: int) -> int:
    """Deuce-to-seven strength of five cards of one suit whose ranks make ``mask``."""
    return LOW_27_CEILING - high_suited(mask, DEUCE_TO_SEVEN_HIGH)


def badugi(cards: Iterable[tuple[int, int]]) -> int:
    """Badugi strength of 1-4 cards given as (rank, suit) (RULES.md "Lowball draw and
    Badugi"): of every set of cards with all ranks and all suits different, the largest, then
    the one with the lowest ace-low ranks from the top down.

    Each card becomes a pair of one-bit masks (ace-low rank, suit); a set's ranks and suits
    are all different exactly when adding its bits carries nowhere (as many bits as cards),
    and between sets of distinct ranks the smaller rank mask is the lower hand.
    """
    bits = [(1 << low_rank(rank), 1 << suit) for rank, suit in cards]
    for size in range(len(bits), 0, -1):
        lows = [
            ranks
            for ranks, suits in (
                map(sum, zip(*chosen, strict=True)) for chosen in combinations(bits, size)
            )
            if ranks.bit_count() == size == suits.bit_count()
        ]
        if lows:
            best = min(lows)
            return encode_badugi([r for r in range(12, -1, -1) if best >> r & 1])
    raise ValueError("a Badugi hand holds at least one card")


EIGHT_LOW_MAX: Final = low_rank(RANKS.index("8"))
_WORST_EIGHT_LOW: Final = encode_low(0, range(EIGHT_LOW_MAX, EIGHT_LOW_MAX - 5, -1))  # 8-7-6-5-4


def eight_or_better_of(ace_to_five: int) -> int:
    """8-or-better strength from the best ace-to-five strength of the same cards; 0 if none.

    RULES.md Hi-Lo: the best ace-to-five five uses the lowest distinct ranks whenever there are
    five of them, so a qualifying low exists exactly when that five is unpaired and eight or
    lower; and then it is the best 8-or-better low too. Unpaired lows rank above paired ones
    and compare from the top card down, so the lows at least as good as 8-7-6-5-4 (the worst
    eight) are exactly the qualifying ones.
    """
    return ace_to_five if ace_to_five >= _WORST_EIGHT_LOW else 0


def exposed_high(ranks: Sequence[int]) -> int:
    """Stud first-to-act strength of 1-4 up cards: quads > trips > two pair > pair > high."""
    pattern = _EXPOSED_SHAPES[_shape(ranks)]
    return (pattern << EXPOSED_SHIFT) | pack_ranks([r + 1 for r in reading_order(ranks)], 4)


def exposed_low(ranks: Sequence[int]) -> int:
    """Razz first-to-act strength of 1-4 up cards: the lowest ace-to-five board is greatest."""
    pattern = _EXPOSED_SHAPES[_shape(ranks)]
    lows = reading_order(low_rank(r) for r in ranks)
    return EXPOSED_CEILING - ((pattern << EXPOSED_SHIFT) | pack_ranks([r + 1 for r in lows], 4))
