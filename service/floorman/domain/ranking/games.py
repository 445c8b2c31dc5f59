"""What each game deals and shows down, from its definition (RULES.md game sections)."""

from __future__ import annotations

from floorman.domain.cards import Card, deck_from_rank
from floorman.domain.errors import InvalidArgument
from floorman.domain.games import GAMES, game_spec
from floorman.domain.model import Game
from floorman.domain.ranking.sides import deck_lowest_rank

SHOWN: int = 5
"""Cards a showdown hand plays (the best five)."""


def deck_for(game: Game, players: int = 0) -> frozenset[Card]:
    """The deck ``game`` deals from with ``players`` dealt in (0: unknown).

    A game whose deck follows the players dealt in (7-A draw: 0-4 players -> the 32-card
    7-A deck, 5 -> the 36-card 6-A deck, RULES.md "Five Card Draw, 7-A") checks ``players``
    against its range; every other game has one deck (52 cards; Short-deck Hold'em: 36, 6
    through A) and ignores ``players``.

    Raises:
        InvalidArgument: ``players`` (rule ``""``) is negative, or above the game's maximum
            in a game whose deck follows the players.
    """
    if players < 0:
        raise InvalidArgument.single("players", "", f"players must not be negative (got {players})")
    spec = game_spec(game)
    if len(spec.deck_lowest_rank) > 1 and players > spec.max_players:
        raise InvalidArgument.single(
            "players",
            "",
            f"{game.title} seats {spec.min_players} to {spec.max_players} players (got {players})",
        )
    return deck_from_rank(deck_lowest_rank(game, players))


def every_card_of(game: Game) -> frozenset[Card]:
    """Every card some deck of ``game`` holds (the largest of its decks)."""
    lowest = min(rank for _, rank in game_spec(game).deck_lowest_rank)
    return deck_from_rank(lowest)


def card_count_range(game: Game) -> tuple[int, int]:
    """``(fewest, most)`` own cards a showdown hand of ``game`` holds (:func:`_card_count_range`,
    computed once per game)."""
    found = _CARD_COUNTS.get(game) if isinstance(game, Game) else None
    return _card_count_range(game) if found is None else found


def board_count_range(game: Game) -> tuple[int, int]:
    """``(fewest, most)`` board cards a hand of ``game`` is evaluated with
    (:func:`_board_count_range`, computed once per game)."""
    found = _BOARD_COUNTS.get(game) if isinstance(game, Game) else None
    return _board_count_range(game) if found is None else found


def _card_count_range(game: Game) -> tuple[int, int]:
    """``(fewest, most)`` own cards a showdown hand of ``game`` holds.

    Games without a board: (5, 5) for the draw games and Five Card Stud, (5, 7) for the Seven
    Card Stud games (best five of them; a stud community card counts as an own card).
    Community-card games: exactly the hole cards (Hold'em and Short-deck 2, Omaha 4, Five
    Card Omaha 5); see :func:`board_count_range`.
    """
    spec = game_spec(game)
    held = spec.hand_cards
    if spec.has_board:
        return held, held
    return min(SHOWN, held), held


def _board_count_range(game: Game) -> tuple[int, int]:
    """``(fewest, most)`` board cards a hand of ``game`` is evaluated with: (3, 5) in the
    community-card games (flop, turn, river; RULES.md "Hold'em and Omaha"), (0, 0) elsewhere."""
    spec = game_spec(game)
    if not spec.has_board:
        return 0, 0
    flop = next(street.board for street in spec.streets if street.board)
    return flop, spec.board_cards


_CARD_COUNTS: dict[Game, tuple[int, int]] = {game: _card_count_range(game) for game in GAMES}
_BOARD_COUNTS: dict[Game, tuple[int, int]] = {game: _board_count_range(game) for game in GAMES}
