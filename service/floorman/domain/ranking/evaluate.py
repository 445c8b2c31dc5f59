"""Evaluate and compare showdown hands per game (RULES.md rankings): the ranking use of the domain.

Cards are assumed validated (parsed, in the game's deck, no duplicates, a count within
:func:`~floorman.domain.ranking.games.card_count_range` and a board within
:func:`~floorman.domain.ranking.games.board_count_range`); :mod:`floorman.app.evaluation` does
that. Which rankings apply comes from the game definition (:mod:`.sides`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from floorman.domain.cards import Card
from floorman.domain.games import game_spec
from floorman.domain.hand_value import HandValue
from floorman.domain.model import Game
from floorman.domain.ranking import describe, exact_hole
from floorman.domain.ranking.sides import SideRanking, side_rankings


@dataclass(frozen=True, slots=True)
class Evaluation:
    """One hand in one game: ``high`` for every game with a high side (None for Razz, the
    lowball draw games and Badugi), ``low`` for the games with a low side (Razz, the Hi-Lo
    games, 2-7, A-5 Triple Draw, Badugi; None otherwise)."""

    high: HandValue | None
    low: HandValue | None


@dataclass(frozen=True, slots=True)
class Comparison:
    """Showdown of several hands.

    Attributes:
        winners: 0-based indices of the hands winning the pot or its high half (Razz, the
            lowball draw games and Badugi: the best low); several on a tie.
        low_winners: Hi-Lo games only: indices winning the low half; ``()`` when no low
            qualifies (the high hands scoop) and in every other game.
        results: the evaluation of each hand, in request order.
    """

    winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    results: tuple[Evaluation, ...]


def _side_value(ranking: SideRanking, own: Sequence[Card], board: Sequence[Card]) -> HandValue:
    """The value of one side: strength, the five cards that play and the description."""
    if ranking.take:
        target = ranking.hand(own, board)
        if ranking.qualifier and not target:
            a5, a5_cards = ranking.a5_fallback(own, board)
            return describe.no_low_value(a5, a5_cards)
        strength, five = exact_hole.best_five(
            ranking.any_five, own, board, ranking.take, target=target
        )
    else:
        five = (*own, *board)
        strength = ranking.any_five(five)
    if ranking.qualifier and not strength:
        a5, a5_cards = ranking.a5_fallback(own, board)
        return describe.no_low_value(a5, a5_cards)
    if ranking.reading is not None:
        return ranking.reading(strength, five)
    if ranking.is_low:
        return describe.low_value(strength, five)
    return describe.high_value(strength, five, seven_to_ace=ranking.seven_to_ace)


def evaluate(
    game: Game, cards: Sequence[Card], *, players: int = 0, board: Sequence[Card] = ()
) -> Evaluation:
    """Value of ``cards`` (own cards) with ``board`` (community cards) in ``game``.

    Own cards: 5 (Badugi: 4, the one to four that play in ``best_cards``), or 5-7 in the
    Seven Card Stud games (best five); community-card games: the
    hole cards, with three to five board cards (Hold'em and Short-deck: best five of hole and
    board, any mix; Omaha: exactly two hole and three board cards, the high and the low each
    on its own choice). ``players`` matters where the deck follows the players dealt in
    (7-A draw: 5 selects the 36-card deck and its A-6-7-8-9 straight).
    """
    return evaluate_sides(side_rankings(game, players), cards, board)


def evaluate_sides(
    rankings: Sequence[SideRanking], cards: Sequence[Card], board: Sequence[Card] = ()
) -> Evaluation:
    """:func:`evaluate` with the game's ``rankings`` already looked up
    (``side_rankings(game, players)``): for callers ranking many hands of one game."""
    cards, board = tuple(cards), tuple(board)
    high: HandValue | None = None
    low: HandValue | None = None
    for ranking in rankings:
        value = _side_value(ranking, cards, board)
        if ranking.is_low:
            low = value
        else:
            high = value
    return Evaluation(high, low)


def sides_evaluator(
    rankings: Sequence[SideRanking],
) -> Callable[[Sequence[Card], Sequence[Card]], Evaluation]:
    """``(own cards, board) -> evaluate_sides(rankings, own, board)``, specialised once for
    callers ranking many hands of one shape: a single plain high side (the Seven Card Stud,
    Five Card Stud, draw and Hold'em high games) skips the per-side dispatch. Same answers
    as :func:`evaluate_sides`."""
    if len(rankings) == 1:
        (ranking,) = rankings
        if not (ranking.take or ranking.is_low or ranking.qualifier or ranking.reading):
            five, seven_to_ace = ranking.any_five, ranking.seven_to_ace
            high_value = describe.high_value

            def high_only(own: Sequence[Card], board: Sequence[Card]) -> Evaluation:
                cards = (*own, *board) if board else tuple(own)
                return Evaluation(high_value(five(cards), cards, seven_to_ace=seven_to_ace), None)

            return high_only

    def sides(own: Sequence[Card], board: Sequence[Card]) -> Evaluation:
        return evaluate_sides(rankings, own, board)

    return sides


def _best(strengths: Sequence[int]) -> tuple[int, ...]:
    """Indices of the greatest positive strengths (``()`` when none is positive)."""
    top = max(strengths, default=0)
    return tuple(i for i, s in enumerate(strengths) if s == top) if top > 0 else ()


def _side_of(result: Evaluation, ranking: SideRanking) -> int:
    value = result.low if ranking.is_low else result.high
    return value.strength if value is not None else 0


def compare(
    game: Game,
    hands: Sequence[Sequence[Card]],
    *,
    players: int = 0,
    board: Sequence[Card] = (),
) -> Comparison:
    """Evaluate ``hands`` (own cards) with the shared ``board`` in ``game`` and name the
    winners (RULES.md "Ties split a pot"): ``winners`` on the main side (Razz: the low),
    ``low_winners`` on a Hi-Lo game's low side (none when no low qualifies).

    ``players`` 0 means the number of hands (7-A draw: five hands play the 36-card deck).
    """
    dealt = players or len(hands)
    if len(game_spec(game).deck_lowest_rank) > 1:
        players = dealt
    results = tuple(evaluate(game, hand, players=players, board=board) for hand in hands)
    rankings = side_rankings(game, players)
    winners = _best([_side_of(r, rankings[0]) for r in results])
    low_winners = _best([_side_of(r, rankings[1]) for r in results]) if len(rankings) > 1 else ()
    return Comparison(winners, low_winners, results)
