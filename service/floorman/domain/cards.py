"""Cards and decks (RULES.md "Common to every game").

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, where ``rank`` is 0 for a deuce up to
12 for an ace and ``suit`` is 0 clubs, 1 diamonds, 2 hearts, 3 spades (the suit order used for
bring-in and odd-chip ties, low to high). An unknown card (``??`` in a hand history) is
``None`` wherever a position may hold one.

Text form: rank ``2 3 4 5 6 7 8 9 T J Q K A`` then suit ``c d h s``. Input accepts either case
and ``10`` for ``T``; output is always the ``Th`` form.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Final

from floorman.domain.errors import FieldViolation, InvalidArgument

Card = int

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip
ACE: Final = 12
UNKNOWN_TEXT: Final = "??"

_CARD_TEXT: Final = tuple(r + s for r in RANKS for s in SUITS)
_PARSE: Final[dict[str, Card]] = {}
for _i, _t in enumerate(_CARD_TEXT):
    for _r in {_t[0], _t[0].lower()}:
        for _s in {_t[1], _t[1].upper()}:
            _PARSE[_r + _s] = _i
    if _t[0] == "T":
        _PARSE["10" + _t[1]] = _i
        _PARSE["10" + _t[1].upper()] = _i
CARD_TEXTS: Final = _CARD_TEXT
"""The text of every card, by card number (``CARD_TEXTS[card]``; no unknown card)."""
CARD_BY_TEXT: Final[Mapping[str, Card]] = MappingProxyType(_PARSE)
"""Every accepted card text (either case, ``10`` for ``T``; no surrounding spaces) -> card:
a lookup for callers that fall back to :func:`parse_cards` when a text is not in it."""


def rank_of(card: Card) -> int:
    """Rank index of ``card``: 0 (deuce) .. 12 (ace)."""
    return card >> 2


def suit_of(card: Card) -> int:
    """Suit index of ``card``: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card & 3


def make_card(rank: int, suit: int) -> Card:
    """The card of rank index ``rank`` (0-12) and suit index ``suit`` (0-3)."""
    return rank * 4 + suit


def card_str(card: Card | None) -> str:
    """Text form of ``card`` (``"Th"``); ``"??"`` for an unknown card (``None``)."""
    return UNKNOWN_TEXT if card is None else _CARD_TEXT[card]


def cards_str(cards: Iterable[Card | None]) -> list[str]:
    """Text forms of ``cards``, in order."""
    return [card_str(c) for c in cards]


def try_parse_card(text: str) -> Card | None:
    """The card ``text`` names, or ``None`` when it is not a card (``??`` included)."""
    return _PARSE.get(text.strip())


def parse_card(text: str, *, field: str = "card") -> Card:
    """Parse one card.

    Raises:
        InvalidArgument: ``card.malformed`` naming ``field`` when ``text`` is not a card
            (``??`` included: use :func:`parse_cards` with ``allow_unknown``).
    """
    card = _PARSE.get(text.strip())
    if card is None:
        raise InvalidArgument(
            [FieldViolation(field, "card.malformed", f"{text!r} is not a card (e.g. 'Ah', 'Td')")]
        )
    return card


def parse_cards(
    texts: Sequence[str],
    *,
    field: str = "cards",
    allow_unknown: bool = False,
    deck: frozenset[Card] | None = None,
    seen: dict[Card, str] | None = None,
) -> list[Card | None]:
    """Parse a list of cards, collecting every problem before raising.

    Args:
        texts: card texts.
        field: field path prefix for violations; item ``i`` is reported as ``field[i]``.
        allow_unknown: accept ``??`` (returned as ``None``).
        deck: when given, a card outside it is ``card.not_in_deck``.
        seen: cards already used elsewhere in the request, mapped to the field that used them;
            updated in place. A card seen twice is ``card.duplicate``.

    Returns:
        One entry per text: the card, or ``None`` for ``??``.

    Raises:
        InvalidArgument: with one field violation per bad card (``card.malformed``,
            ``card.not_in_deck``, ``card.duplicate``).
    """
    seen = {} if seen is None else seen
    out: list[Card | None] = []
    problems: list[FieldViolation] = []
    for i, text in enumerate(texts):
        path = f"{field}[{i}]"
        stripped = text.strip()
        if allow_unknown and stripped == UNKNOWN_TEXT:
            out.append(None)
            continue
        card = _PARSE.get(stripped)
        if card is None:
            problems.append(
                FieldViolation(path, "card.malformed", f"{text!r} is not a card (e.g. 'Ah', 'Td')")
            )
            out.append(None)
            continue
        if deck is not None and card not in deck:
            problems.append(
                FieldViolation(path, "card.not_in_deck", f"{card_str(card)} is not in this deck")
            )
        elif card in seen:
            problems.append(
                FieldViolation(
                    path, "card.duplicate", f"{card_str(card)} appears twice (also {seen[card]})"
                )
            )
        else:
            seen[card] = path
        out.append(card)
    if problems:
        raise InvalidArgument(problems)
    return out


def deck_from_rank(lowest_rank: int) -> frozenset[Card]:
    """All cards whose rank index is ``lowest_rank`` or above (0: the full 52-card deck).
    The 13 decks are built once and shared (frozen): every validated request asks for one."""
    deck = _DECKS.get(lowest_rank)
    return frozenset(range(lowest_rank * 4, 52)) if deck is None else deck


_DECKS: Final[dict[int, frozenset[Card]]] = {
    rank: frozenset(range(rank * 4, 52)) for rank in range(len(RANKS))
}


FULL_DECK: Final = deck_from_rank(0)
DECK_SEVEN_TO_ACE: Final = deck_from_rank(RANKS.index("7"))  # 32 cards
DECK_SIX_TO_ACE: Final = deck_from_rank(RANKS.index("6"))  # 36 cards
