"""Lookup tables behind the fast strength functions, built once per process on first use.

Keys: every card contributes ``5 ** rank`` to a rank key (base-5 digit ``r`` counts the cards of
rank ``r``; at most four per rank, so digits never carry), and the high key adds one to the
card's 4-bit suit field above bit 31. The suit fields start at 3, so bit 3 of a field is set
exactly when that suit holds five or more cards (a flush is possible).

Tables (dicts keyed by rank key, lists indexed by 13-bit rank mask):
* standard high: best unsuited strength of any 5-7 ranks; best suited strength per mask;
* 7-A (32- and 36-card decks): 5-7 cards (Five Card Draw 7-A, Short-deck Hold'em);
* ace-to-five low and 8-or-better low of any 5-7 ranks;
* deuce-to-seven low of five cards: keyed by the rank key plus the flush bit of the high key;
* Badugi of four cards: keyed by a sum of per-suit codes (:data:`BADUGI_SUIT_CODE`), the
  same for every relabelling of the suits;
* exposed boards (1-4 up cards), high and razz.
Best-of-six and best-of-seven entries come from the best-of-five ones by dropping one card.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations_with_replacement, product
from operator import eq
from typing import Final

from floorman.domain.ranking import patterns
from floorman.domain.ranking.patterns import HighRules

RANK_COUNT: Final = 13
SUIT_SHIFT: Final = 31
RANK_KEY_MASK: Final = (1 << SUIT_SHIFT) - 1
RANK_KEY: Final = tuple(5 ** (c >> 2) for c in range(52))
HIGH_KEY: Final = tuple(RANK_KEY[c] + (1 << (SUIT_SHIFT + 4 * (c & 3))) for c in range(52))
HIGH_KEY_START: Final = 0x3333 << SUIT_SHIFT
FLUSH_BITS: Final = 0x8888 << SUIT_SHIFT
SUIT_FLUSH_BIT: Final = tuple(0x8 << (SUIT_SHIFT + 4 * s) for s in range(4))
SUIT_BITS_SHIFT: Final = 16
SUIT_BITS_KEY: Final = tuple(1 << (SUIT_BITS_SHIFT * (c & 3) + (c >> 2)) for c in range(52))
"""Per-card key whose sum over distinct cards holds each suit's 13-bit rank mask, 16 bits apart."""


LOW_27_KEY_MASK: Final = RANK_KEY_MASK | FLUSH_BITS
"""High key of five cards -> deuce-to-seven key: the rank key, plus the flush bit of the suit
when all five are of one suit."""

_BADUGI_HIGHER: Final = 31  # field of the suits holding two to four cards, above the singles
_BADUGI_GROUP: Final = 22  # within it: two-card suits below, three- and four-card suits above
_BADUGI_MOST: Final = 4


def _badugi_suit_codes() -> tuple[int, ...]:
    """13-bit rank mask of one suit's cards -> its code (0 for masks of five or more ranks).

    Over the four suits of four cards the codes add up without ambiguity: a one-card suit
    adds ``5 ** rank`` (base-5 counts, at most four); a two-card suit adds ``i + (i * i << 8)``
    for its index ``i`` (1-78; the sum and the sum of squares of at most two indices give
    them back); a three- or four-card suit (at most one, with no two-card suit) adds its own
    index (1-1,001, one count over both sizes) above those.
    """
    codes = [0] * (1 << RANK_COUNT)
    pairs = groups = 0
    for mask in sorted(range(1, 1 << RANK_COUNT), key=int.bit_count):
        size = mask.bit_count()
        if size == 1:
            codes[mask] = 5 ** (mask.bit_length() - 1)  # its rank key
        elif size == 2:
            pairs += 1
            codes[mask] = (pairs + (pairs * pairs << 8)) << _BADUGI_HIGHER
        elif size <= _BADUGI_MOST:
            groups += 1
            codes[mask] = groups << (_BADUGI_HIGHER + _BADUGI_GROUP)
    return tuple(codes)


BADUGI_SUIT_CODE: Final = _badugi_suit_codes()
"""Per-suit code of a 13-bit rank mask: the Badugi key of four cards is the sum of the codes
of their four suits' masks (from :data:`SUIT_BITS_KEY`), the same for every relabelling of
the suits, different for any two hands that are not relabellings of each other."""


def badugi_key(suit_masks: Sequence[int]) -> int:
    """The Badugi table key of a hand given as its four suits' 13-bit rank masks."""
    return sum(map(BADUGI_SUIT_CODE.__getitem__, suit_masks))


def rank_multisets(size: int, lowest: int = 0) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` ranks from ``lowest`` up holding each rank at most four
    times (sorted tuples)."""
    for ranks in combinations_with_replacement(range(lowest, RANK_COUNT), size):
        if not any(map(eq, ranks, ranks[4:])):  # five of one rank
            yield ranks


def rank_key(ranks: Sequence[int]) -> int:
    """The rank key of ``ranks`` (sum of ``5 ** rank``)."""
    return sum(map(_POWERS.__getitem__, ranks))


_POWERS: Final = tuple(5**r for r in range(RANK_COUNT))


def _best_of_five(*fives: Callable[[Sequence[int]], int]) -> tuple[dict[int, int], ...]:
    """For each function of five ranks: rank key of 5-7 ranks -> its best five-card value.

    One pass over the rank multisets fills every table: a six- or seven-card entry is the
    best of the entries one card smaller (each five-card subset lies in one of them).
    """
    tables = tuple({} for _ in fives)
    for ranks in rank_multisets(5):
        key = rank_key(ranks)
        for table, five in zip(tables, fives, strict=True):
            table[key] = five(ranks)
    getters = [table.__getitem__ for table in tables]
    for size in (6, 7):
        for ranks in rank_multisets(size):
            powers = tuple(map(_POWERS.__getitem__, ranks))
            key = sum(powers)
            drops = [key - p for p in set(powers)]
            for table, get in zip(tables, getters, strict=True):
                table[key] = max(map(get, drops))
    return tables


@functools.cache
def _five_to_seven() -> tuple[dict[int, int], ...]:
    """(standard unsuited high, ace-to-five low, 8-or-better low) over 5-7 ranks."""
    high, ace_to_five = _best_of_five(
        lambda ranks: patterns.high_unsuited(ranks, patterns.STANDARD_HIGH),
        patterns.low_ace_to_five,
    )
    eight = {key: patterns.eight_or_better_of(value) for key, value in ace_to_five.items()}
    return high, ace_to_five, eight


def _suited(rules: HighRules, *, up_to: int) -> list[int]:
    """13-bit rank mask -> best suited strength of the cards of one suit (0 under five)."""
    table = [0] * (1 << RANK_COUNT)
    masks = sorted(range(1 << RANK_COUNT), key=int.bit_count)
    for mask in masks:
        bits = mask.bit_count()
        if bits == 5:
            table[mask] = patterns.high_suited(mask, rules)
        elif 5 < bits <= up_to:
            table[mask] = max(table[mask & ~(1 << r)] for r in range(RANK_COUNT) if mask >> r & 1)
    return table


@functools.cache
def standard_unsuited() -> dict[int, int]:
    """Rank key of 5-7 cards -> best standard high strength ignoring flushes."""
    return _five_to_seven()[0]


@functools.cache
def standard_suited() -> list[int]:
    """Rank mask of one suit's 5-7 cards -> best flush or straight flush strength."""
    return _suited(patterns.STANDARD_HIGH, up_to=7)


_SEVEN_TO_ACE_LOWEST: Final = (5, 4)  # lowest rank index in the 32- and 36-card decks


@functools.cache
def seven_to_ace_unsuited(short_deck_36: bool) -> dict[int, int]:
    """Rank key of 5-7 cards -> best 7-A strength ignoring flushes.

    Five-card entries cover every rank; six- and seven-card entries only the ranks of the
    deck (7-A from the seven, or from the six with ``short_deck_36``: Short-deck Hold'em).
    """
    rules = patterns.SEVEN_TO_ACE_36 if short_deck_36 else patterns.SEVEN_TO_ACE_32
    table = {rank_key(ranks): patterns.high_unsuited(ranks, rules) for ranks in rank_multisets(5)}
    get = table.__getitem__
    for size in (6, 7):
        for ranks in rank_multisets(size, _SEVEN_TO_ACE_LOWEST[short_deck_36]):
            powers = tuple(map(_POWERS.__getitem__, ranks))
            key = sum(powers)
            table[key] = max(get(key - p) for p in set(powers))
    return table


@functools.cache
def seven_to_ace_suited(short_deck_36: bool) -> list[int]:
    """Rank mask of one suit's 5-7 cards -> best 7-A flush or straight flush strength."""
    rules = patterns.SEVEN_TO_ACE_36 if short_deck_36 else patterns.SEVEN_TO_ACE_32
    return _suited(rules, up_to=7)


@functools.cache
def ace_to_five_low() -> dict[int, int]:
    """Rank key of 5-7 cards -> best ace-to-five low strength."""
    return _five_to_seven()[1]


@functools.cache
def eight_or_better_low() -> dict[int, int]:
    """Rank key of 5-7 cards -> best 8-or-better low strength (0: no qualifying low)."""
    return _five_to_seven()[2]


@functools.cache
def deuce_to_seven_low() -> dict[int, int]:
    """Deuce-to-seven key of five cards (:data:`LOW_27_KEY_MASK`) -> their 2-7 low strength."""
    table: dict[int, int] = {}
    for ranks in rank_multisets(5):
        key = rank_key(ranks)
        table[key] = patterns.low_27_unsuited(ranks)
        if len(set(ranks)) == 5:
            suited = patterns.low_27_suited(patterns.rank_mask(ranks))
            for flush_bit in SUIT_FLUSH_BIT:
                table[key | flush_bit] = suited
    return table


@functools.cache
def badugi() -> dict[int, int]:
    """Badugi key of four cards (:func:`badugi_key`) -> their Badugi strength.

    One entry per hand up to the suits' names: each way to split four cards into suit groups
    (4, 3+1, 2+2, 2+1+1, 1+1+1+1), with every choice of ranks per group (16,432 entries).
    """
    ranks_of = {m: [r for r in range(RANK_COUNT) if m >> r & 1] for m in range(1 << RANK_COUNT)}
    masks = {n: [m for m in ranks_of if m.bit_count() == n] for n in (1, 2, 3, 4)}
    table: dict[int, int] = {}
    for shape in ((4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)):
        groups = [(size, shape.count(size)) for size in sorted(set(shape), reverse=True)]
        choices = [combinations_with_replacement(masks[size], n) for size, n in groups]
        for chosen in product(*choices):
            suits = [mask for group in chosen for mask in group]
            cards = [(r, suit) for suit, mask in enumerate(suits) for r in ranks_of[mask]]
            suits += [0] * (_BADUGI_MOST - len(suits))
            table[badugi_key(suits)] = patterns.badugi(cards)
    return table


def _exposed(strength: Callable[[Sequence[int]], int]) -> dict[int, int]:
    return {
        rank_key(ranks): strength(ranks) for size in range(1, 5) for ranks in rank_multisets(size)
    }


@functools.cache
def exposed_high() -> dict[int, int]:
    """Rank key of 1-4 up cards -> stud first-to-act strength (high games)."""
    return _exposed(patterns.exposed_high)


@functools.cache
def exposed_low() -> dict[int, int]:
    """Rank key of 1-4 up cards -> razz first-to-act strength."""
    return _exposed(patterns.exposed_low)
