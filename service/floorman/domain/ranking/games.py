"""What each seed game deals and ranks (RULES.md game sections)."""

from __future__ import annotations

from typing import Final

from floorman.domain.cards import DECK_SEVEN_TO_ACE, DECK_SIX_TO_ACE, FULL_DECK, Card
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game

MAX_PLAYERS_7A: Final = 5
"""RULES.md "Five Card Draw, 7-A": 2 to 5 players; five dealt in puts the sixes in the deck."""

_COUNTS: Final = {
    Game.FIVE_CARD_DRAW_7A: (5, 5),
    Game.FIVE_CARD_DRAW: (5, 5),
    Game.FIVE_CARD_STUD: (5, 5),
    Game.SEVEN_CARD_STUD: (5, 7),
    Game.RAZZ: (5, 7),
    Game.SEVEN_CARD_STUD_HI_LO: (5, 7),
}


def deck_for(game: Game, players: int = 0) -> frozenset[Card]:
    """The deck ``game`` deals from with ``players`` dealt in (0: unknown).

    7-A draw: 0-4 players -> the 32-card 7-A deck, 5 -> the 36-card 6-A deck (RULES.md "Five
    Card Draw, 7-A"); every other game: the 52-card deck (``players`` ignored).

    Raises:
        InvalidArgument: ``players`` (rule ``""``) is negative, or above 5 in 7-A draw.
    """
    if players < 0:
        raise InvalidArgument.single("players", "", f"players must not be negative (got {players})")
    if game is not Game.FIVE_CARD_DRAW_7A:
        return FULL_DECK
    if players > MAX_PLAYERS_7A:
        raise InvalidArgument.single(
            "players", "", f"Five Card Draw 7-A seats 2 to 5 players (got {players})"
        )
    return DECK_SIX_TO_ACE if players == MAX_PLAYERS_7A else DECK_SEVEN_TO_ACE


def short_deck_36(game: Game, players: int) -> bool:
    """True when ``game`` is 7-A draw played with the 36-card deck (five players)."""
    return game is Game.FIVE_CARD_DRAW_7A and players == MAX_PLAYERS_7A


def card_count_range(game: Game) -> tuple[int, int]:
    """``(fewest, most)`` cards a showdown hand of ``game`` holds: (5, 5) for the draw games and
    Five Card Stud, (5, 7) for the Seven Card Stud games (best five of them)."""
    return _COUNTS[game]
