"""Evaluate and compare showdown hands per game (RULES.md rankings): the ranking use of the domain.

Cards are assumed validated (parsed, in the game's deck, no duplicates, a count within
:func:`~floorman.domain.ranking.games.card_count_range`); :mod:`floorman.app.evaluation` does that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.domain.cards import Card
from floorman.domain.hand_value import HandValue
from floorman.domain.model import Game
from floorman.domain.ranking import describe
from floorman.domain.ranking.games import short_deck_36
from floorman.domain.ranking.strength import (
    high_7a_strength,
    high_strength,
    low_8_strength,
    low_a5_strength,
)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """One hand in one game: ``high`` for every game with a high side (None for Razz),
    ``low`` for Razz and Stud Hi-Lo (None otherwise)."""

    high: HandValue | None
    low: HandValue | None


@dataclass(frozen=True, slots=True)
class Comparison:
    """Showdown of several hands.

    Attributes:
        winners: 0-based indices of the hands winning the pot or its high half (Razz: the
            best low); several on a tie.
        low_winners: Stud Hi-Lo only: indices winning the low half; ``()`` when no low
            qualifies (the high hands scoop) and in every other game.
        results: the evaluation of each hand, in request order.
    """

    winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    results: tuple[Evaluation, ...]


def evaluate(game: Game, cards: Sequence[Card], *, players: int = 0) -> Evaluation:
    """Value of ``cards`` (5 cards, or 5-7 in the Seven Card Stud games) in ``game``.

    ``players`` matters in 7-A draw only: 5 selects the 36-card deck (A-6-7-8-9 straight).
    """
    cards = tuple(cards)
    if game is Game.RAZZ:
        return Evaluation(None, describe.low_value(low_a5_strength(cards), cards))
    if game is Game.FIVE_CARD_DRAW_7A:
        strength = high_7a_strength(cards, short_deck_36=short_deck_36(game, players))
        return Evaluation(describe.high_value(strength, cards, seven_to_ace=True), None)
    high = describe.high_value(high_strength(cards), cards)
    if game is not Game.SEVEN_CARD_STUD_HI_LO:
        return Evaluation(high, None)
    low_strength = low_8_strength(cards)
    if low_strength:
        return Evaluation(high, describe.low_value(low_strength, cards))
    return Evaluation(high, describe.no_low_value(low_a5_strength(cards), cards))


def _best(strengths: Sequence[int]) -> tuple[int, ...]:
    """Indices of the greatest positive strengths (``()`` when none is positive)."""
    top = max(strengths, default=0)
    return tuple(i for i, s in enumerate(strengths) if s == top) if top > 0 else ()


def compare(game: Game, hands: Sequence[Sequence[Card]], *, players: int = 0) -> Comparison:
    """Evaluate ``hands`` in ``game`` and name the winners (RULES.md "Ties split a pot").

    ``players`` 0 in 7-A draw means the number of hands (five hands: the 36-card deck).
    """
    if game is Game.FIVE_CARD_DRAW_7A and players == 0:
        players = len(hands)
    results = tuple(evaluate(game, hand, players=players) for hand in hands)
    if game is Game.RAZZ:
        return Comparison(_best([r.low.strength for r in results if r.low]), (), results)
    winners = _best([r.high.strength for r in results if r.high])
    if game is Game.SEVEN_CARD_STUD_HI_LO:
        return Comparison(winners, _best([r.low.strength for r in results if r.low]), results)
    return Comparison(winners, (), results)
