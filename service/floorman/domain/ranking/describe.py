"""From a strength back to a dealer's reading: the five cards used and the announcement."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from floorman.domain.cards import ACE, RANK_NAMES, RANK_PLURALS, RANKS, Card
from floorman.domain.hand_value import HandCategory, HandValue
from floorman.domain.ranking.encoding import decode_high, decode_low

NO_QUALIFYING_LOW: Final = "No qualifying low"


_BIT: Final = tuple(1 << card for card in range(64))


def pick_cards(
    cards: Sequence[Card], ranks: Sequence[int], *, suit: int | None = None
) -> tuple[Card, ...]:
    """One card of ``cards`` per entry of ``ranks``, in that order (higher suits first).

    ``suit``, when given, restricts the choice to that suit (a flush). The cards are held
    as a bit set (card ``c`` is bit ``c``; rank ``r`` owns bits ``4r`` to ``4r + 3``), so
    the highest suit left of a rank is its highest set bit.

    Raises:
        KeyError: ``cards`` cannot supply ``ranks``.
    """
    bit = _BIT
    held = 0
    for card in cards:
        held |= bit[card]
    if suit is not None:
        flush = [(rank << 2) + suit for rank in ranks]
        if any(not held >> card & 1 for card in flush) or len(set(flush)) < len(flush):
            raise KeyError(suit)
        return tuple(flush)
    picked = []
    for rank in ranks:
        base = rank << 2
        suits = (held >> base) & 15
        if not suits:
            raise KeyError(rank)
        card = base + suits.bit_length() - 1
        held ^= bit[card]
        picked.append(card)
    return tuple(picked)


def _flush_suit(cards: Sequence[Card]) -> int:
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[c & 3] += 1
    return max(range(4), key=counts.__getitem__)


def _high_description(category: HandCategory, ranks: Sequence[int]) -> str:
    top = RANK_NAMES[ranks[0]]
    match category:
        case HandCategory.ROYAL_FLUSH:
            return "Royal flush"
        case HandCategory.STRAIGHT_FLUSH:
            return f"Straight flush, {top} high"
        case HandCategory.FOUR_OF_A_KIND:
            return f"Four of a kind, {RANK_PLURALS[ranks[0]]}"
        case HandCategory.FULL_HOUSE:
            return f"Full house, {RANK_PLURALS[ranks[0]]} full of {RANK_PLURALS[ranks[3]]}"
        case HandCategory.FLUSH:
            return f"Flush, {top} high"
        case HandCategory.STRAIGHT:
            return f"Straight, {top} high"
        case HandCategory.THREE_OF_A_KIND:
            return f"Three of a kind, {RANK_PLURALS[ranks[0]]}"
        case HandCategory.TWO_PAIR:
            return f"Two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[2]]}"
        case HandCategory.ONE_PAIR:
            return f"One pair, {RANK_PLURALS[ranks[0]]}"
        case _:
            return f"High card, {top}"


@functools.cache
def _high_reading(strength: int, seven_to_ace: bool) -> tuple[HandCategory, tuple[int, ...], str]:
    category, ranks = decode_high(strength, seven_to_ace=seven_to_ace)
    return category, ranks, _high_description(category, ranks)


def high_reading(
    strength: int, *, seven_to_ace: bool = False
) -> tuple[HandCategory, tuple[int, ...], str]:
    """``(category, ranks in reading order, description)`` of a high ``strength`` (cached)."""
    return _high_reading(strength, seven_to_ace)


_SUITED: Final = frozenset(
    (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH, HandCategory.ROYAL_FLUSH)
)


def high_value(strength: int, cards: Sequence[Card], *, seven_to_ace: bool = False) -> HandValue:
    """The :class:`HandValue` of a high ``strength`` reached with ``cards``.

    ``seven_to_ace`` selects the 7-A category order (flush above full house).
    """
    category, ranks, text = _high_reading(strength, seven_to_ace)
    suit = _flush_suit(cards) if category in _SUITED else None
    return HandValue(category, pick_cards(cards, ranks, suit=suit), strength, text)


def low_text(ranks: Sequence[int]) -> str:
    """A low as a dealer reads it: ``"7-5-4-3-A"`` (card rank indices in reading order)."""
    return "-".join("A" if r == ACE else RANKS[r] for r in ranks)


@functools.cache
def _low_reading(strength: int) -> tuple[HandCategory, tuple[int, ...], str]:
    category, ranks = decode_low(strength)
    return category, ranks, low_text(ranks)


def low_value(strength: int, cards: Sequence[Card]) -> HandValue:
    """The :class:`HandValue` of a positive ace-to-five low ``strength`` reached with ``cards``."""
    category, ranks, text = _low_reading(strength)
    return HandValue(category, pick_cards(cards, ranks), strength, text)


def no_low_value(best_a5_strength: int, cards: Sequence[Card]) -> HandValue:
    """The low side of a Hi-Lo hand without an 8-or-better low (RULES.md Hi-Lo).

    The category and cards of the best ace-to-five five, ``qualifies=False``, strength 0,
    description "No qualifying low".
    """
    category, ranks, _ = _low_reading(best_a5_strength)
    return HandValue(category, pick_cards(cards, ranks), 0, NO_QUALIFYING_LOW, qualifies=False)
