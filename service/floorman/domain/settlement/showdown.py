"""Showdown values per game and who wins a pot (RULES.md game sections, "Hi-Lo").

Every strength comes from :mod:`floorman.domain.ranking` (greater is better), which derives
the rankings from the game definition; this module checks the cards and compares the
eligible seats.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from floorman.domain import ranking
from floorman.domain.cards import Card, card_str
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.fast_init import fast_frozen_init
from floorman.domain.games import GameSpec, game_spec
from floorman.domain.model import Game
from floorman.domain.settlement.types import UnverifiableHand


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class SeatValues:
    """A seat's showdown strengths; ``main`` fills ``winners`` (Razz: the low), ``low`` is the
    Hi-Lo 8-or-better low (Stud Hi-Lo, Omaha Hi-Lo; 0: no qualifying low; always 0 in other
    games)."""

    main: int
    low: int = 0


def cards_per_hand(game: Game) -> int:
    """Cards a showdown hand holds, own cards plus the community cards: 5 or 7 (Hold'em and
    Short-deck 7, Omaha 9, Five Card Omaha 10)."""
    spec = game_spec(game)
    return spec.hand_cards + spec.board_cards


def check_players_dealt(game: Game, players_dealt: int) -> None:
    """Refuse a player count outside the game's range where the deck follows it (RULES.md
    "Five Card Draw, 7-A": 2 to 5 players).

    Raises:
        InvalidArgument: ``players_dealt`` out of range.
    """
    spec = game_spec(game)
    if len(spec.deck_lowest_rank) > 1 and not spec.min_players <= players_dealt <= spec.max_players:
        raise InvalidArgument.single(
            "players_dealt",
            "",
            f"{game.title} deals {spec.min_players} to {spec.max_players} players, "
            f"not {players_dealt}",
        )


def evaluate_seats(
    *,
    game: Game,
    seats: Iterable[int],
    hands: Mapping[int, Sequence[Card | None]],
    community: Sequence[Card | None],
    players_dealt: int,
) -> dict[int, SeatValues]:
    """Showdown strengths of ``seats``, by the game definition's pot sides.

    The deck (and so the 7-A straights) follows ``players_dealt`` where the game says so
    (7-A draw: the 36-card ranking with 5 players, else the 32-card one). In a stud game
    ``community`` is the shared 7th-street card, part of every hand; in a community-card
    game it is the board (RULES.md "Hold'em and Omaha": Hold'em and Short-deck play the best
    five of hole and board cards; Omaha exactly two hole and three board cards, the Hi-Lo
    low on its own choice of cards).

    Args:
        game: the game.
        seats: the seats to evaluate (the eligible seats of contested pots).
        hands: seat -> own cards; community: the shared stud card, if any, or the board.
        players_dealt: players dealt in (picks the 7-A deck).

    Returns:
        seat -> :class:`SeatValues`.

    Raises:
        UnverifiableHand: some seats' cards or the community cards are missing or ``??``, or
            a community-card game's board is not complete (five cards).
        InvalidArgument: ``card.count`` for a hand of the wrong size (``hands[seat]``) or a
            board of more cards than the game deals (``community``), ``card.not_in_deck`` for
            a card outside the game's deck, ``card.duplicate`` for a card held twice.
    """
    seats = sorted(set(seats))
    spec = game_spec(game)
    has_board, board_cards = spec.has_board, spec.board_cards  # derived: read once
    known_community = tuple(community) if None not in community else ()
    if len(known_community) != len(community):
        raise UnverifiableHand(seats, f"the {_community_name(spec)} is unknown")
    if has_board and len(known_community) < board_cards:
        have, need = len(known_community), board_cards
        raise UnverifiableHand(seats, f"the board has {have} cards; a showdown needs {need}")
    unknown = [s for s in seats if not hands.get(s) or None in hands[s]]
    if unknown:
        raise UnverifiableHand(unknown, "a contested pot needs every eligible seat's cards")
    own = {seat: tuple(hands[seat]) for seat in seats}
    _check_cards(
        game,
        own,
        known_community,
        players_dealt,
        shape=(has_board, spec.hand_cards, board_cards),
    )
    rankings = ranking.side_rankings(game, players_dealt)
    if has_board:
        board = known_community
        values = {seat: [r.hand(cards, board) for r in rankings] for seat, cards in own.items()}
    else:
        values = {
            seat: [r.any_five((*cards, *known_community)) for r in rankings]
            for seat, cards in own.items()
        }
    return {seat: SeatValues(*strengths) for seat, strengths in values.items()}


def _community_name(spec: GameSpec) -> str:
    return "board" if spec.has_board else "community card"


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


def _check_cards(
    game: Game,
    own: Mapping[int, tuple[Card, ...]],
    community: Sequence[Card],
    players_dealt: int,
    *,
    shape: tuple[bool, int, int],
) -> None:
    """Refuse hands of the wrong size, cards outside the deck and cards held twice.
    ``shape`` is the game's ``(has_board, hand_cards, board_cards)``."""
    has_board, hand_cards, board_cards = shape
    size = hand_cards + board_cards  # cards_per_hand(game)
    deck = ranking.deck_for(game, players_dealt)
    problems: list[FieldViolation] = []
    seen: dict[Card, str] = {}
    if len(community) > board_cards and has_board:
        message = f"{len(community)} board cards; {board_cards} at most"
        problems.append(FieldViolation("community", "card.count", message))
    every = [card for cards in own.values() for card in cards]
    every.extend(community)
    if (
        not problems
        and len(set(every)) == len(every)
        and deck.issuperset(every)
        and not any(
            len(cards) != hand_cards if has_board else len(cards) + len(community) != size
            for cards in own.values()
        )
    ):
        return  # the usual case, in one pass: every size right, every card new and in the deck
    for seat, cards in own.items():
        field = f"hands[{seat}]"
        if has_board and len(cards) != hand_cards:
            message = f"{len(cards)} hole cards; {hand_cards} needed"
            problems.append(FieldViolation(field, "card.count", message))
        elif not has_board and len(cards) + len(community) != size:
            message = f"{len(cards) + len(community)} cards with the community; {size} needed"
            problems.append(FieldViolation(field, "card.count", message))
        for card in cards:
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
