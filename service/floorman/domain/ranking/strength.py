"""Fast strength-only evaluation: pre-parsed cards in, an ``int`` out, greater is better.

No validation: callers pass the right number of distinct cards (see :mod:`.evaluate` for
what each game accepts). Each function adds up a per-card key and looks the sum up in a
table (:mod:`.tables`). A table is built on the first call that needs it (well under a
second); ``None`` marks a table not built yet, and the ``except TypeError`` around the lookup
costs nothing once it is. Seven- and five-card hands are unpacked explicitly, which is
about twice as fast as ``sum(map(...))`` in CPython 3.11.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.domain.cards import Card
from floorman.domain.ranking import tables

_K = tables.HIGH_KEY
_R = tables.RANK_KEY
_START = tables.HIGH_KEY_START
_FLUSH_BITS = tables.FLUSH_BITS
_RANK_MASK = tables.RANK_KEY_MASK
_B0, _B1, _B2, _B3 = tables.SUIT_FLUSH_BIT
_SUIT_BITS = tables.SUIT_BITS_KEY
_SUIT_SHIFT = tables.SUIT_BITS_SHIFT
_MASK13 = (1 << tables.RANK_COUNT) - 1
_LOW_27_MASK = tables.LOW_27_KEY_MASK
_BADUGI_CODE = tables.BADUGI_SUIT_CODE
_S1, _S2, _S3 = _SUIT_SHIFT, 2 * _SUIT_SHIFT, 3 * _SUIT_SHIFT

_standard_unsuited: dict[int, int] | None = None
_standard_suited: list[int] | None = None
_seven_to_ace_unsuited: list[dict[int, int] | None] = [None, None]
_seven_to_ace_suited: list[list[int] | None] = [None, None]
_ace_to_five: dict[int, int] | None = None
_eight_or_better: dict[int, int] | None = None
_deuce_to_seven: dict[int, int] | None = None
_badugi: dict[int, int] | None = None
_exposed_high: dict[int, int] | None = None
_exposed_low: dict[int, int] | None = None


def _load_standard() -> None:
    global _standard_unsuited, _standard_suited
    _standard_unsuited = tables.standard_unsuited()
    _standard_suited = tables.standard_suited()


def _load_seven_to_ace() -> None:
    for short in (False, True):
        _seven_to_ace_unsuited[short] = tables.seven_to_ace_unsuited(short)
        _seven_to_ace_suited[short] = tables.seven_to_ace_suited(short)


def _load_lows() -> None:
    global _ace_to_five, _eight_or_better
    _ace_to_five = tables.ace_to_five_low()
    _eight_or_better = tables.eight_or_better_low()


def _load_lowball() -> None:
    global _deuce_to_seven, _badugi
    _deuce_to_seven = tables.deuce_to_seven_low()
    _badugi = tables.badugi()


def _load_exposed() -> None:
    global _exposed_high, _exposed_low
    _exposed_high = tables.exposed_high()
    _exposed_low = tables.exposed_low()


def _suit_mask(key: int, cards: Sequence[Card]) -> int:
    """13-bit rank mask of the suit holding five or more of ``cards`` (``key`` says which)."""
    if key & _B0:
        shift = 0
    elif key & _B1:
        shift = _SUIT_SHIFT
    elif key & _B2:
        shift = 2 * _SUIT_SHIFT
    else:
        shift = 3 * _SUIT_SHIFT
    return (sum(map(_SUIT_BITS.__getitem__, cards)) >> shift) & _MASK13


def _high_key(cards: Sequence[Card]) -> int:
    return sum(map(_K.__getitem__, cards), _START)


def _rank_key(cards: Sequence[Card]) -> int:
    return sum(map(_R.__getitem__, cards))


def high_strength(cards: Sequence[Card]) -> int:
    """Standard high strength of the best five of 5-7 ``cards`` (RULES.md "Standard high ranking").

    ``strength >> 20`` is the category's place (1 high card .. 9 straight flush) and the low
    20 bits the ranks in reading order (:mod:`.encoding`); 7,462 distinct values over all
    five-card hands.
    """
    n = len(cards)
    if n == 7:
        a, b, c, d, e, f, g = cards
        key = _START + _K[a] + _K[b] + _K[c] + _K[d] + _K[e] + _K[f] + _K[g]
    elif n == 5:
        a, b, c, d, e = cards
        key = _START + _K[a] + _K[b] + _K[c] + _K[d] + _K[e]
    else:
        key = _high_key(cards)
    try:
        if key & _FLUSH_BITS:
            return max(
                _standard_suited[_suit_mask(key, cards)], _standard_unsuited[key & _RANK_MASK]
            )
        return _standard_unsuited[key & _RANK_MASK]
    except TypeError:
        if _standard_unsuited is not None:
            raise
        _load_standard()
        return high_strength(cards)


def high_strength_with_board(own: Sequence[Card], board: Sequence[Card]) -> int:
    """:func:`high_strength` of ``own`` and ``board`` cards together (5-7 cards), without
    building the seven-card sequence for the common Hold'em case (2 hole + 5 board)."""
    if len(own) == 2 and len(board) == 5:
        a, b = own
        c, d, e, f, g = board
        key = _START + _K[a] + _K[b] + _K[c] + _K[d] + _K[e] + _K[f] + _K[g]
        try:
            if not key & _FLUSH_BITS:
                return _standard_unsuited[key & _RANK_MASK]
        except TypeError:
            if _standard_unsuited is not None:
                raise
            _load_standard()
            return high_strength_with_board(own, board)
    return high_strength((*own, *board))


def high_7a_strength(cards: Sequence[Card], *, short_deck_36: bool = False) -> int:
    """7-A strength of the best five of 5-7 ``cards`` (RULES.md "Five Card Draw, 7-A",
    "Hold'em and Omaha" Short-deck).

    Flush beats full house, a straight beats three of a kind; the lowest straight is
    A-7-8-9-T, or A-6-7-8-9 when ``short_deck_36`` (the 36-card deck: 7-A draw with five
    players, Short-deck Hold'em). Six and seven cards must come from that deck.
    """
    n = len(cards)
    if n == 7:
        a, b, c, d, e, f, g = cards
        key = _START + _K[a] + _K[b] + _K[c] + _K[d] + _K[e] + _K[f] + _K[g]
    elif n == 5:
        a, b, c, d, e = cards
        key = _START + _K[a] + _K[b] + _K[c] + _K[d] + _K[e]
    else:
        key = _high_key(cards)
    try:
        if key & _FLUSH_BITS:
            return max(
                _seven_to_ace_suited[short_deck_36][_suit_mask(key, cards)],
                _seven_to_ace_unsuited[short_deck_36][key & _RANK_MASK],
            )
        return _seven_to_ace_unsuited[short_deck_36][key & _RANK_MASK]
    except TypeError:
        if _seven_to_ace_unsuited[short_deck_36] is not None:
            raise
        _load_seven_to_ace()
        return high_7a_strength(cards, short_deck_36=short_deck_36)


def low_a5_strength(cards: Sequence[Card]) -> int:
    """Ace-to-five low strength of the best five of 5-7 ``cards`` (RULES.md Razz); always > 0.

    Straights and flushes are ignored, pairs count against; 5-4-3-2-A is the greatest. Also
    the A-5 Triple Draw ranking (RULES.md "Lowball draw and Badugi"), on exactly five cards.
    """
    n = len(cards)
    if n == 7:
        a, b, c, d, e, f, g = cards
        key = _R[a] + _R[b] + _R[c] + _R[d] + _R[e] + _R[f] + _R[g]
    elif n == 5:
        a, b, c, d, e = cards
        key = _R[a] + _R[b] + _R[c] + _R[d] + _R[e]
    else:
        key = _rank_key(cards)
    try:
        return _ace_to_five[key]
    except TypeError:
        if _ace_to_five is not None:
            raise
        _load_lows()
        return _ace_to_five[key]


def low_8_strength(cards: Sequence[Card]) -> int:
    """8-or-better low strength of the best five of 5-7 ``cards``; 0 when no low qualifies.

    RULES.md Hi-Lo: five unpaired ranks eight or lower, ace low, any five of the cards. A
    qualifying low equals :func:`low_a5_strength` of the same cards.
    """
    if len(cards) == 7:
        a, b, c, d, e, f, g = cards
        key = _R[a] + _R[b] + _R[c] + _R[d] + _R[e] + _R[f] + _R[g]
    else:
        key = _rank_key(cards)
    try:
        return _eight_or_better[key]
    except TypeError:
        if _eight_or_better is not None:
            raise
        _load_lows()
        return _eight_or_better[key]


def low_27_strength(cards: Sequence[Card]) -> int:
    """Deuce-to-seven low strength of exactly five ``cards`` (RULES.md "Lowball draw and
    Badugi"): greater is better, always > 0; 7-5-4-3-2 not all of one suit is the greatest.

    The standard high ranking turned over, with aces always high (A-2-3-4-5 is ace high, no
    straight; a flush when suited): straights and flushes count against the hand.
    """
    a, b, c, d, e = cards
    key = _START + _K[a] + _K[b] + _K[c] + _K[d] + _K[e]
    try:
        return _deuce_to_seven[key & _LOW_27_MASK]
    except TypeError:
        if _deuce_to_seven is not None:
            raise
        _load_lowball()
        return low_27_strength(cards)


def badugi_strength(cards: Sequence[Card]) -> int:
    """Badugi strength of exactly four ``cards`` (RULES.md "Lowball draw and Badugi"):
    greater is better, always > 0; A-2-3-4 of four suits is the greatest.

    The largest set with all ranks and all suits different plays (aces low); between sets
    of one size the lower highest card, then the next. ``strength >> 16`` is the set's size;
    :func:`~floorman.domain.ranking.encoding.decode_badugi` gives its ranks.
    """
    a, b, c, d = cards
    key = _SUIT_BITS[a] + _SUIT_BITS[b] + _SUIT_BITS[c] + _SUIT_BITS[d]
    code = _BADUGI_CODE
    try:
        return _badugi[
            code[key & _MASK13]
            + code[key >> _S1 & _MASK13]
            + code[key >> _S2 & _MASK13]
            + code[key >> _S3]
        ]
    except TypeError:
        if _badugi is not None:
            raise
        _load_lowball()
        return badugi_strength(cards)


def exposed_high_strength(cards: Sequence[Card]) -> int:
    """Stud first-to-act strength of 1-4 up ``cards`` (RULES.md Seven Card Stud family, Five
    Card Stud).

    Quads > trips > two pair > one pair > high cards, then the next highest exposed cards;
    straights and flushes do not count. Greater acts first; the engine breaks full ties.
    """
    key = _rank_key(cards)
    try:
        return _exposed_high[key]
    except TypeError:
        if _exposed_high is not None:
            raise
        _load_exposed()
        return _exposed_high[key]


def exposed_low_strength(cards: Sequence[Card]) -> int:
    """Razz first-to-act strength of 1-4 up ``cards`` (RULES.md Seven Card Stud family): the
    lowest ace-to-five board is greatest (pairs are bad). The engine breaks full ties."""
    key = _rank_key(cards)
    try:
        return _exposed_low[key]
    except TypeError:
        if _exposed_low is not None:
            raise
        _load_exposed()
        return _exposed_low[key]
