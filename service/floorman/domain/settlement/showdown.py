"""Showdown values per game and who wins a pot (RULES.md game sections, "Hi-Lo").

Every strength comes from :mod:`floorman.domain.ranking` (greater is better); this module
only decides which ranking each game uses and compares the eligible seats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from floorman.domain import ranking
from floorman.domain.cards import Card, card_str
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.model import Game
from floorman.domain.settlement.types import UnverifiableHand


@dataclass(frozen=True, slots=True)
class SeatValues:
    """A seat's showdown strengths; ``main`` fills ``winners`` (Razz: the low), ``low`` is the
    Hi-Lo 8-or-better low (0: no qualifying low; always 0 in other games)."""

    main: int
    low: int = 0


def cards_per_hand(game: Game) -> int:
    """Cards a showdown hand holds, own cards plus the community card: 5 or 7."""
    return ranking.card_count_range(game)[1]


def check_players_dealt(game: Game, players_dealt: int) -> None:
    """Refuse a 7-A draw player count outside 2-5 (RULES.md "Five Card Draw, 7-A").

    Raises:
        InvalidArgument: ``players_dealt`` out of range for 7-A draw.
    """
    if game is Game.FIVE_CARD_DRAW_7A and not 2 <= players_dealt <= 5:
        raise InvalidArgument.single(
            "players_dealt", "", f"7-A draw deals 2 to 5 players, not {players_dealt}"
        )


def evaluate_seats(
    *,
    game: Game,
    seats: Iterable[int],
    hands: Mapping[int, Sequence[Card | None]],
    community: Sequence[Card | None],
    players_dealt: int,
) -> dict[int, SeatValues]:
    """Showdown strengths of ``seats``.

    7-A draw uses the 36-card deck ranking when 5 players are dealt in, else the 32-card one.
    Stud hands count the community card.

    Args:
        game: the game.
        seats: the seats to evaluate (the eligible seats of contested pots).
        hands: seat -> own cards; community: the shared stud card, if any.
        players_dealt: players dealt in (picks the 7-A deck).

    Returns:
        seat -> :class:`SeatValues`.

    Raises:
        UnverifiableHand: some seats' cards (or the community card) are missing or ``??``.
        InvalidArgument: ``card.count`` for a hand of the wrong size, ``card.not_in_deck``
            for a card outside the game's deck, ``card.duplicate`` for a card held twice.
    """
    seats = sorted(set(seats))
    known_community = tuple(card for card in community if card is not None)
    if len(known_community) != len(community):
        raise UnverifiableHand(seats, "the community card is unknown")
    unknown = [s for s in seats if not hands.get(s) or any(c is None for c in hands[s])]
    if unknown:
        raise UnverifiableHand(unknown, "a contested pot needs every eligible seat's cards")
    full = {seat: (*hands[seat], *known_community) for seat in seats}
    _check_cards(game, full, known_community, players_dealt)
    strength = _strength_function(game, players_dealt)
    if game is Game.SEVEN_CARD_STUD_HI_LO:
        return {s: SeatValues(strength(c), ranking.low_8_strength(c)) for s, c in full.items()}
    return {seat: SeatValues(strength(cards)) for seat, cards in full.items()}


def best_seats(
    values: Mapping[int, int], eligible: Iterable[int], *, qualifying_only: bool = False
) -> tuple[int, ...]:
    """The eligible seats with the greatest strength, ascending.

    With ``qualifying_only`` a strength of 0 (no qualifying low) never wins: ``()`` when no
    eligible seat qualifies.
    """
    contenders = [seat for seat in eligible if not qualifying_only or values[seat] > 0]
    if not contenders:
        return ()
    top = max(values[seat] for seat in contenders)
    return tuple(sorted(seat for seat in contenders if values[seat] == top))


def _strength_function(game: Game, players_dealt: int) -> Callable[[Sequence[Card]], int]:
    """The ranking whose winners fill ``winners`` in ``game``."""
    if game is Game.FIVE_CARD_DRAW_7A:
        short_deck_36 = players_dealt == 5

        def seven_ace(cards: Sequence[Card]) -> int:
            return ranking.high_7a_strength(cards, short_deck_36=short_deck_36)

        return seven_ace
    if game is Game.RAZZ:
        return ranking.low_a5_strength
    return ranking.high_strength


def _check_cards(
    game: Game,
    full: Mapping[int, tuple[Card, ...]],
    community: Sequence[Card],
    players_dealt: int,
) -> None:
    """Refuse hands of the wrong size, cards outside the deck and cards held twice."""
    size = cards_per_hand(game)
    deck = ranking.deck_for(game, players_dealt)
    problems: list[FieldViolation] = []
    seen: dict[Card, str] = {}
    for seat, cards in full.items():
        field = f"hands[{seat}]"
        if len(cards) != size:
            message = f"{len(cards)} cards with the community; {size} needed"
            problems.append(FieldViolation(field, "card.count", message))
        for card in cards[: len(cards) - len(community)]:
            problems.extend(_card_problems(card, field, deck, seen))
    for card in community:
        problems.extend(_card_problems(card, "community", deck, seen))
    if problems:
        raise InvalidArgument(problems)


def _card_problems(
    card: Card, field: str, deck: frozenset[Card], seen: dict[Card, str]
) -> list[FieldViolation]:
    """``card.not_in_deck`` or ``card.duplicate`` for one card of ``field``; records it."""
    if card not in deck:
        text = card_str(card) if isinstance(card, int) and 0 <= card < 52 else repr(card)
        return [FieldViolation(field, "card.not_in_deck", f"{text} is not in this deck")]
    if card in seen:
        message = f"{card_str(card)} is also in {seen[card]}"
        return [FieldViolation(field, "card.duplicate", message)]
    seen[card] = field
    return []
