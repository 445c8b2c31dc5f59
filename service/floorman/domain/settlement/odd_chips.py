"""Splitting a pot among tied winners, and the odd-chip orders (RULES.md "Common to every game").

Ties split a pot evenly; leftover odd chips, in ``odd_chip_unit`` pieces, go one at a time to
the tied winners in odd-chip order, and any remainder below the unit goes to the first one:
* button games (draw): clockwise starting from the first winner left of the button;
* stud, high hands: the winner holding the highest card by suit first (rank, then suit
  c < d < h < s), counting all of the player's own cards (not the community card);
* stud, low hands (Razz and the Hi-Lo low half): the winner holding the lowest card by suit,
  aces low, first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from floorman.domain.cards import ACE, Card, rank_of, suit_of
from floorman.domain.errors import InvalidArgument
from floorman.domain.settlement.types import UnverifiableHand


def split_amount(
    amount: int, winners_in_odd_chip_order: Sequence[int], *, unit: int
) -> dict[int, int]:
    """Split ``amount`` evenly among tied winners, odd chips in odd-chip order.

    RULES.md "Common to every game" (ties, odd chips). With ``n`` winners each gets
    ``(amount // (n * unit)) * unit``; the leftover goes one ``unit`` at a time to the winners
    in the given order; a remainder below ``unit`` goes to the first winner.
    Example: 25 among three, unit 1 -> 9, 8, 8; 25 among two, unit 10 -> 15, 10.

    Args:
        amount: minor units to split (>= 0).
        winners_in_odd_chip_order: distinct seats, the first one due the first odd chip.
        unit: the odd-chip unit in minor units (>= 1).

    Returns:
        seat -> minor units for every winner (0 included), in the given order; the values
        sum to ``amount``.

    Raises:
        InvalidArgument: no winner, a repeated winner, a unit below 1 or a negative amount.
    """
    order = tuple(winners_in_odd_chip_order)
    if not order or len(set(order)) != len(order):
        raise InvalidArgument.single("winners", "", f"winners {list(order)} must be distinct, >= 1")
    if unit < 1:
        raise InvalidArgument.single("odd_chip_unit", "", f"odd-chip unit {unit} must be >= 1")
    if amount < 0:
        raise InvalidArgument.single("amount", "", f"amount {amount} must be >= 0")
    share = amount // (len(order) * unit) * unit
    leftover = amount - share * len(order)
    shares = dict.fromkeys(order, share)
    for seat in order[: leftover // unit]:
        shares[seat] += unit
    shares[order[0]] += leftover % unit
    return shares


def button_order(winners: Sequence[int], seat_order: Sequence[int]) -> tuple[int, ...]:
    """Winners in button-game odd-chip order: as they come in ``seat_order``.

    Args:
        winners: the tied seats.
        seat_order: the seats dealt in, clockwise, starting left of the button.

    Raises:
        InvalidArgument: a winner missing from ``seat_order``.
    """
    position = {seat: index for index, seat in enumerate(seat_order)}
    missing = [seat for seat in winners if seat not in position]
    if missing:
        raise InvalidArgument.single("seat_order", "", f"seats {missing} are not in seat_order")
    return tuple(sorted(winners, key=position.__getitem__))


def stud_high_order(
    winners: Sequence[int], hands: Mapping[int, Sequence[Card | None]]
) -> tuple[int, ...]:
    """Winners in stud high odd-chip order: highest own card by suit first.

    A card's int order is rank then suit (c < d < h < s), so the highest card is the largest.

    Args:
        winners: the tied seats.
        hands: seat -> that seat's own cards (community card excluded).

    Raises:
        UnverifiableHand: a winner whose cards are missing or unknown.
    """
    known = _known_hands(winners, hands)
    return tuple(sorted(winners, key=lambda seat: max(known[seat]), reverse=True))


def stud_low_order(
    winners: Sequence[int], hands: Mapping[int, Sequence[Card | None]]
) -> tuple[int, ...]:
    """Winners in stud low odd-chip order: lowest own card by suit, aces low, first.

    Args:
        winners: the tied seats.
        hands: seat -> that seat's own cards (community card excluded).

    Raises:
        UnverifiableHand: a winner whose cards are missing or unknown.
    """
    known = _known_hands(winners, hands)
    return tuple(sorted(winners, key=lambda seat: min(map(_ace_low_key, known[seat]))))


def _ace_low_key(card: Card) -> tuple[int, int]:
    """Sort key of ``card`` with the ace below the deuce, then by suit."""
    rank = rank_of(card)
    return (-1 if rank == ACE else rank, suit_of(card))


def _known_hands(
    winners: Sequence[int], hands: Mapping[int, Sequence[Card | None]]
) -> dict[int, tuple[Card, ...]]:
    """The winners' own cards, all known; refuse a hand that is missing, empty or has ``??``."""
    known: dict[int, tuple[Card, ...]] = {}
    unknown: list[int] = []
    for seat in winners:
        cards = tuple(hands.get(seat, ()))
        if not cards or any(card is None for card in cards):
            unknown.append(seat)
        else:
            known[seat] = cards  # type: ignore[assignment]
    if unknown:
        raise UnverifiableHand(unknown, "odd-chip order needs every tied winner's cards")
    return known
