"""Fast strengths of hands that use exactly ``k`` hole cards with ``5 - k`` board cards
(RULES.md "Hold'em and Omaha": Omaha plays exactly two hole and three board cards, for the
high and, separately, for the 8-or-better low).

High: the unsuited value of a five depends on its ranks only, so the hole part and the board
part are reduced to rank keys (``sum(5 ** rank)``, :mod:`.tables`) once each and every
pairing is one addition and one lookup in the same table the any-five evaluators use (4 hole
cards x 5 board cards: 6 x 10 = 60 lookups, fewer once equal keys collapse). A flush is
looked for only in a suit holding ``k`` hole and ``5 - k`` board cards.

Low (8 or better): only the distinct ranks ace to eight matter, so the hole cards and the
board reduce to 8-bit rank masks and the answer for a pair of masks is computed once (56
candidate fives, best first) and cached: at most 65,536 entries.

Board parts are cached per board (every seat at a showdown shares one).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.ranking import tables
from floorman.domain.ranking.encoding import encode_low, low_rank

_R: Final = tables.RANK_KEY
_EIGHT: Final = 8  # low ranks 0 (ace) .. 7 (eight) qualify
_LOW_BIT: Final = tuple(
    (1 << low_rank(c >> 2)) if low_rank(c >> 2) < _EIGHT else 0 for c in range(52)
)
_FIVES: Final = tuple(
    sorted(m for m in range(1 << _EIGHT) if m.bit_count() == 5)
)  # ascending mask = better low first (compare from the top card down)
_FIVE_STRENGTH: Final = {
    m: encode_low(0, [r for r in range(_EIGHT - 1, -1, -1) if m >> r & 1]) for m in _FIVES
}

SuitedTable = Sequence[int]
UnsuitedTable = dict[int, int]


@functools.cache
def _index_sets(size: int, take: int) -> tuple[tuple[int, ...], ...]:
    """Every ``take``-subset of ``range(size)``, as index tuples."""
    return tuple(combinations(range(size), take))


def _part_keys(cards: Sequence[Card], take: int) -> set[int]:
    """The distinct rank keys of every ``take``-card subset of ``cards``."""
    keys = [_R[c] for c in cards]
    if take == 2:
        return {keys[i] + keys[j] for i, j in _index_sets(len(keys), 2)}
    if take == 3:
        return {keys[i] + keys[j] + keys[k] for i, j, k in _index_sets(len(keys), 3)}
    return {sum(keys[i] for i in part) for part in _index_sets(len(keys), take)}


def _suited_masks(cards: Sequence[Card], suit: int, take: int) -> list[int]:
    """Rank masks of every ``take``-subset of the ``suit`` cards of ``cards``."""
    bits = [1 << (c >> 2) for c in cards if c & 3 == suit]
    if len(bits) < take:
        return []
    return [sum(bits[i] for i in part) for part in _index_sets(len(bits), take)]


@functools.lru_cache(maxsize=256)
def _board_parts(
    board: tuple[Card, ...], take: int
) -> tuple[tuple[int, ...], tuple[tuple[int, list[int]], ...]]:
    """(rank keys of every ``take``-card subset of ``board``, ``(suit, rank masks of its
    take-card subsets)`` for each suit holding ``take`` or more board cards)."""
    counts = [0, 0, 0, 0]
    for c in board:
        counts[c & 3] += 1
    suited = tuple(
        (suit, _suited_masks(board, suit, take)) for suit in range(4) if counts[suit] >= take
    )
    if take == 3 and len(board) == 5:  # the river: the ten triples written out
        p, q, r, s, t = map(_R.__getitem__, board)
        keys = (
            p + q + r, p + q + s, p + q + t, p + r + s, p + r + t,
            p + s + t, q + r + s, q + r + t, q + s + t, r + s + t,
        )  # fmt: skip
        return keys, suited
    return tuple(_part_keys(board, take)), suited


def exact_high(
    hole: Sequence[Card],
    board: Sequence[Card],
    take: int,
    unsuited: UnsuitedTable,
    suited: SuitedTable,
) -> int:
    """Best high strength using exactly ``take`` of ``hole`` with ``5 - take`` of ``board``.

    ``unsuited`` / ``suited`` are a ranking's five-card tables (:mod:`.tables`: rank key ->
    value ignoring flushes, one suit's rank mask -> flush value).

    Raises:
        KeyError / IndexError / ValueError: fewer than ``take`` hole or ``5 - take`` board
            cards.
    """
    board_keys, board_suited = _board_parts(tuple(board), 5 - take)
    get = unsuited.__getitem__
    if take == 2 and len(hole) == 4:  # Omaha: the six pairs written out
        a, b, c, d = map(_R.__getitem__, hole)
        best = max(
            map(
                get,
                [h + x for h in (a + b, a + c, a + d, b + c, b + d, c + d) for x in board_keys],
            )
        )
    else:
        best = max(map(get, [h + x for h in _part_keys(hole, take) for x in board_keys]))
    for suit, board_masks in board_suited:
        for mask in _suited_masks(hole, suit, take):
            for board_mask in board_masks:
                value = suited[mask | board_mask]
                if value > best:
                    best = value
    return best


def _low_mask(cards: Sequence[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= _LOW_BIT[c]
    return mask


@functools.lru_cache(maxsize=1 << 16)
def _low_for_masks(hole_mask: int, board_mask: int, take: int) -> int:
    """Best 8-or-better strength of a five made of ``take`` distinct low ranks of
    ``hole_mask`` and ``5 - take`` others of ``board_mask``; 0 when none exists."""
    rest = 5 - take
    for five in _FIVES:
        if five & ~(hole_mask | board_mask):
            continue
        only_hole = (five & ~board_mask).bit_count()
        only_board = (five & ~hole_mask).bit_count()
        if only_hole <= take and only_board <= rest:
            return _FIVE_STRENGTH[five]
    return 0


def exact_low_8(hole: Sequence[Card], board: Sequence[Card], take: int) -> int:
    """Best 8-or-better low strength using exactly ``take`` hole and ``5 - take`` board
    cards; 0 when no such low qualifies (five unpaired ranks eight or lower, ace low).

    Equals :func:`floorman.domain.ranking.strength.low_8_strength` of the best such five.
    """
    return _low_for_masks(_low_mask(hole), _low_mask(board), take)


def exact_any(
    five: Callable[[Sequence[Card]], int],
    hole: Sequence[Card],
    board: Sequence[Card],
    take: int,
) -> int:
    """Best ``five(cards)`` over every choice of ``take`` hole and ``5 - take`` board cards
    (the plain enumeration, for rankings without a dedicated path)."""
    boards = list(combinations(board, 5 - take))
    return max(five((*part, *rest)) for part in combinations(hole, take) for rest in boards)


def best_five(
    five: Callable[[Sequence[Card]], int],
    hole: Sequence[Card],
    board: Sequence[Card],
    take: int,
    *,
    target: int | None = None,
) -> tuple[int, tuple[Card, ...]]:
    """``(best five(cards), the first five reaching it)`` over the ``take`` + ``5 - take``
    choices (hole cards in ``hole`` order, then board cards): what a dealer reads out.

    ``target``, when known (the fast strength of the same hand), stops the search at the
    first five reaching it.
    """
    best, cards = -1, ()
    for part in combinations(hole, take):
        for rest in combinations(board, 5 - take):
            value = five((*part, *rest))
            if value > best:
                best, cards = value, (*part, *rest)
                if value == target:
                    return best, cards
    return best, cards
