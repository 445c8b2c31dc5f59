"""Exact number and card helpers shared by the hand-history readers.

Money in a history is written in currency units (``$0.25``) or chips (``2500``, ``10112.5`` in
PHH); floorman keeps integer minor units (RULES.md "Common to every game": no floating point in
money paths). Every conversion here goes through :class:`decimal.Decimal` built from the text,
never through ``float``.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Final

from floorman.domain.cards import RANKS, SUITS, UNKNOWN_TEXT, Card, try_parse_card
from floorman.domain.history.limits import beyond_amount_limit

Amount = int | Decimal
"""A PHH number: an ``int`` when integral, else the exact Decimal (``10112.5``, ``inf``)."""

CURRENCY_SYMBOLS: Final = "$€£"

_TWO_CHAR_CARDS: Final[dict[str, Card | None]] = {
    rank + suit: try_parse_card(rank + suit)
    for rank in RANKS + RANKS.lower()
    for suit in SUITS + SUITS.upper()
}
_TWO_CHAR_CARDS[UNKNOWN_TEXT] = None
"""Every two-character card text ``parse_card_run`` accepts (either case; ``??``: None)."""

_SHORT_RUNS: Final[dict[str, tuple[Card | None, ...]]] = {
    "": (),
    **{text: (card,) for text, card in _TWO_CHAR_CARDS.items()},
    **{
        first + second: (one, two)
        for first, one in _TWO_CHAR_CARDS.items()
        for second, two in _TWO_CHAR_CARDS.items()
    },
}
"""Every run of at most two cards ``parse_card_run`` accepts, parsed (one lookup each; a
longer run is read four characters at a time). The tuples are immutable, so shared."""


def normalize_amount(value: int | Decimal) -> Amount:
    """``value`` as an ``int`` when it is finite and integral, else unchanged.

    Raises:
        ValueError: for NaN, which no history may hold.
    """
    if isinstance(value, bool):
        raise ValueError("a boolean is not a number")
    if isinstance(value, int):
        return value
    if value.is_nan():
        raise ValueError("NaN is not an amount")
    if value.is_finite() and value == value.to_integral_value():
        return int(value)
    return value


def parse_number(text: str) -> Amount:
    """Parse a PHH number written in an action (``"250000"``, ``"10112.5"``), exactly.

    Raises:
        ValueError: when ``text`` is not a non-negative finite decimal number, or is past
            the amount limit (10^15).
    """
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{text!r} is not a number") from None
    if not value.is_finite() or value < 0:
        raise ValueError(f"{text!r} is not a non-negative finite number")
    if problem := beyond_amount_limit(value):
        raise ValueError(problem)
    return normalize_amount(value)


def format_number(value: Amount) -> str:
    """The PHH text of ``value``: ``250000``, ``10112.5``, ``inf``."""
    if isinstance(value, int):
        return str(value)
    if value.is_infinite():
        return "inf" if value > 0 else "-inf"
    return format(value.normalize(), "f")


def parse_money(text: str, *, scale: int) -> int:
    """Parse a room's amount (``"$1,234.56"``, ``"€0.10"``, ``"2500"``) into minor units.

    Args:
        text: the amount as written; currency symbols and thousands separators are ignored.
        scale: minor units per written unit (100 for money games, 1 for chips).

    Returns:
        The amount in minor units.

    Raises:
        ValueError: when the text is not a non-negative decimal, is finer than one minor
            unit (``$0.125``), or is past the amount limit (10^15 minor units).
    """
    cleaned = text.strip().lstrip(CURRENCY_SYMBOLS).replace(",", "")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount") from None
    if not value.is_finite() or value < 0:
        raise ValueError(f"{text!r} is not a non-negative amount")
    minor = value * scale
    if minor != minor.to_integral_value():
        raise ValueError(f"{text!r} is finer than one minor unit (scale {scale})")
    if beyond_amount_limit(minor):
        raise ValueError(f"{text!r} is beyond the amount limit (|amount| <= 10^15 minor units)")
    return int(minor)


def parse_card_run(text: str) -> tuple[Card | None, ...]:
    """Parse concatenated two-character cards (``"AsKd??"``); ``??`` gives ``None``.

    Raises:
        ValueError: when the text has an odd length or holds something that is not a card.
    """
    run = card_run(text)
    if run is not None:
        return run
    if len(text) % 2:
        raise ValueError(f"{text!r} is not a run of two-character cards")
    return tuple(_one_card(text[i : i + 2]) for i in range(0, len(text), 2))  # names the error


def card_run(text: str) -> tuple[Card | None, ...] | None:
    """``parse_card_run(text)``, or ``None`` when ``text`` is not a run of cards (no
    exception: the fast path of the readers, which then name the problem)."""
    run = _SHORT_RUNS.get(text)
    if run is not None or len(text) <= 4:
        return run
    if len(text) % 2:
        return None
    runs = _SHORT_RUNS
    cards: tuple[Card | None, ...] = ()
    for i in range(0, len(text), 4):
        part = runs.get(text[i : i + 4])
        if part is None:
            return None
        cards += part
    return cards


def parse_card_list(text: str) -> tuple[Card | None, ...]:
    """Parse space-separated cards (``"Ah 10d ??"``); ``??`` gives ``None``.

    Raises:
        ValueError: when an item is not a card.
    """
    return tuple(_one_card(item) for item in text.split())


def _one_card(text: str) -> Card | None:
    if text == UNKNOWN_TEXT:
        return None
    card = try_parse_card(text)
    if card is None:
        raise ValueError(f"{text!r} is not a card")
    return card
