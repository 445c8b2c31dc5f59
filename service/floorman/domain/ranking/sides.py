"""Each pot side's ranking, derived from the game definition (:mod:`floorman.domain.games`).

A game's :attr:`~floorman.domain.games.GameSpec.sides` name the rankings (high, 7-A high, an
ace-to-five low, an 8-or-better low, a deuce-to-seven low, Badugi); its deck picks the 7-A
straights (the 36-card deck makes A-6-7-8-9 the lowest straight); its
:attr:`~floorman.domain.games.GameSpec.exact_hole_cards` says whether a hand is any five of
its own and board cards (Hold'em, every stud and draw game) or exactly that many own cards
with the rest from the board (Omaha). Nothing here names a game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from floorman.domain.cards import RANKS, Card
from floorman.domain.games import PotSide, game_spec
from floorman.domain.hand_value import HandValue
from floorman.domain.model import Game
from floorman.domain.ranking import exact_hole, lowball, tables
from floorman.domain.ranking.strength import (
    badugi_strength,
    high_7a_strength,
    high_strength,
    high_strength_with_board,
    low_8_strength,
    low_27_strength,
    low_a5_strength,
)

Strength = Callable[[Sequence[Card]], int]
"""Best five of 5-7 cards -> strength (greater is better)."""
HandStrength = Callable[[Sequence[Card], Sequence[Card]], int]
"""(own cards, board) -> strength of the best hand the game allows."""
Reading = Callable[[int, Sequence[Card]], HandValue]
"""(positive strength, the cards that reach it) -> the hand's value as a dealer reads it."""

_SIX: Final = RANKS.index("6")


@dataclass(frozen=True, slots=True)
class SideRanking:
    """One pot side of one game at one deck.

    Attributes:
        side: the ranking.
        any_five: best five of 5-7 cards (also the value of exactly five cards).
        hand: (own cards, board) -> strength under the game's hole-card rule.
        take: own cards a hand must use (0: any five of own and board cards).
        is_low: a low side (fills Evaluation.low).
        qualifier: a low that may not qualify (8 or better): strength 0 then.
        seven_to_ace: 7-A category order (flush above full house).
        reading: a positive strength and its cards -> :class:`HandValue` (``None``: the
            high or ace-to-five reading the other fields select).
    """

    side: PotSide
    any_five: Strength
    hand: HandStrength
    take: int
    is_low: bool
    qualifier: bool
    seven_to_ace: bool
    reading: Reading | None = None

    def a5_fallback(
        self, own: Sequence[Card], board: Sequence[Card]
    ) -> tuple[int, tuple[Card, ...]]:
        """Best ace-to-five low and its five cards under the same hole-card rule (the cards a
        non-qualifying 8-or-better low side reports)."""
        if self.take:
            return exact_hole.best_five(low_a5_strength, own, board, self.take)
        cards = (*own, *board)
        return low_a5_strength(cards), cards


def _seven_to_ace(short_deck_36: bool) -> Strength:
    def strength(cards: Sequence[Card]) -> int:
        return high_7a_strength(cards, short_deck_36=short_deck_36)

    return strength


def _any_five_hand(five: Strength) -> HandStrength:
    if five is high_strength:
        return high_strength_with_board

    def hand(own: Sequence[Card], board: Sequence[Card]) -> int:
        return five((*own, *board)) if board else five(own)

    return hand


def _exact_hand(side: PotSide, five: Strength, take: int, short_deck_36: bool) -> HandStrength:
    """(own, board) -> strength with exactly ``take`` own cards: the dedicated fast paths for
    the high and 8-or-better sides, plain enumeration otherwise."""
    if side is PotSide.HIGH or side is PotSide.HIGH_7A:
        if side is PotSide.HIGH:
            unsuited, suited = tables.standard_unsuited(), tables.standard_suited()
        else:
            unsuited = tables.seven_to_ace_unsuited(short_deck_36)
            suited = tables.seven_to_ace_suited(short_deck_36)

        def high(own: Sequence[Card], board: Sequence[Card]) -> int:
            return exact_hole.exact_high(own, board, take, unsuited, suited)

        return high
    if side is PotSide.LOW_8:

        def low(own: Sequence[Card], board: Sequence[Card]) -> int:
            return exact_hole.exact_low_8(own, board, take)

        return low

    def plain(own: Sequence[Card], board: Sequence[Card]) -> int:
        return exact_hole.exact_any(five, own, board, take)

    return plain


@functools.cache
def side_ranking(side: PotSide, deck_lowest_rank: int, take: int) -> SideRanking:
    """The :class:`SideRanking` of ``side`` with a deck from ``deck_lowest_rank`` up and
    ``take`` exact own cards (0: any five)."""
    short_deck_36 = deck_lowest_rank == _SIX
    five: Strength = {
        PotSide.HIGH: high_strength,
        PotSide.HIGH_7A: _seven_to_ace(short_deck_36),
        PotSide.LOW_A5: low_a5_strength,
        PotSide.LOW_8: low_8_strength,
        PotSide.LOW_27: low_27_strength,
        PotSide.BADUGI: badugi_strength,
    }[side]
    hand = _exact_hand(side, five, take, short_deck_36) if take else _any_five_hand(five)
    return SideRanking(
        side=side,
        any_five=five,
        hand=hand,
        take=take,
        is_low=side in _LOW_SIDES,
        qualifier=side is PotSide.LOW_8,
        seven_to_ace=side is PotSide.HIGH_7A,
        reading=_READINGS.get(side),
    )


_LOW_SIDES: Final = frozenset({PotSide.LOW_A5, PotSide.LOW_8, PotSide.LOW_27, PotSide.BADUGI})
"""Sides whose value is carried in ``low`` (RULES.md "Lowball draw and Badugi")."""
_READINGS: Final[dict[PotSide, Reading]] = {
    PotSide.LOW_27: lowball.low_27_value,
    PotSide.BADUGI: lowball.badugi_value,
}


def deck_lowest_rank(game: Game, players: int = 0) -> int:
    """Lowest rank index of the deck ``game`` deals with ``players`` dealt in (0: the deck
    of the fewest players; a count above the game's range: the deck of the most)."""
    steps = game_spec(game).deck_lowest_rank
    for most, lowest in steps:
        if players <= most:
            return lowest
    return steps[-1][1]


def side_rankings(game: Game, players: int = 0) -> tuple[SideRanking, ...]:
    """The rankings of ``game``'s pot sides, main side first, for ``players`` dealt in
    (built once per game and deck: every evaluation asks for them)."""
    lowest = deck_lowest_rank(game, players)
    key = (game, lowest)
    found = _SIDE_RANKINGS.get(key)
    if found is None:
        spec = game_spec(game)
        found = tuple(side_ranking(side, lowest, spec.exact_hole_cards) for side in spec.sides)
        _SIDE_RANKINGS[key] = found
    return found


_SIDE_RANKINGS: dict[tuple[Game, int], tuple[SideRanking, ...]] = {}
"""(game, lowest deck rank) -> :func:`side_rankings` (a few dozen entries at most)."""
