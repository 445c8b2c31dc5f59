"""Differential test of the community-card rankings against pokerkit (test-only dependency),
on random deals of every new game (RULES.md "Hold'em and Omaha").

pokerkit's classes: ``StandardHighHand`` (Hold'em), ``OmahaHoldemHand`` (Omaha and Five Card
Omaha high: exactly two hole and three board cards), ``OmahaEightOrBetterLowHand`` (the
8-or-better low half, raising ValueError when no low qualifies) and ``ShortDeckHoldemHand``.

pokerkit's short-deck category order (``pokerkit.lookups.ShortDeckHoldemLookup``: high card,
pair, two pair, three of a kind, straight, full house, flush, four of a kind, straight flush;
A-6-7-8-9 the lowest straight) is the one RULES.md gives, so every Short-deck pair of hands
is compared; nothing is skipped.
"""

from __future__ import annotations

import random

import pytest
from pokerkit import (
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    ShortDeckHoldemHand,
    StandardHighHand,
)

from floorman.domain.cards import DECK_SIX_TO_ACE, FULL_DECK, cards_str
from floorman.domain.hand_value import HandCategory
from floorman.domain.model import Game
from floorman.domain.ranking import evaluate, side_rankings

DEALS_PER_GAME = 400

GAMES = {
    # game: (hole cards, pokerkit high class, hi-lo, deck)
    Game.TEXAS_HOLDEM: (2, StandardHighHand, False, FULL_DECK),
    Game.SHORT_DECK_HOLDEM: (2, ShortDeckHoldemHand, False, DECK_SIX_TO_ACE),
    Game.OMAHA: (4, OmahaHoldemHand, False, FULL_DECK),
    Game.OMAHA_HI_LO: (4, OmahaHoldemHand, True, FULL_DECK),
    Game.FIVE_CARD_OMAHA: (5, OmahaHoldemHand, False, FULL_DECK),
    Game.FIVE_CARD_OMAHA_HI_LO: (5, OmahaHoldemHand, True, FULL_DECK),
}
LABELS = {
    HandCategory.HIGH_CARD: "High card",
    HandCategory.ONE_PAIR: "One pair",
    HandCategory.TWO_PAIR: "Two pair",
    HandCategory.THREE_OF_A_KIND: "Three of a kind",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush",
    HandCategory.FULL_HOUSE: "Full house",
    HandCategory.FOUR_OF_A_KIND: "Four of a kind",
    HandCategory.STRAIGHT_FLUSH: "Straight flush",
    HandCategory.ROYAL_FLUSH: "Straight flush",  # pokerkit has no separate royal flush
}

pytestmark = pytest.mark.xdist_group("ranking_pokerkit")


def _text(cards: list[int]) -> str:
    return "".join(cards_str(cards))


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def _pk_low(hole: str, board: str) -> OmahaEightOrBetterLowHand | None:
    try:
        return OmahaEightOrBetterLowHand.from_game(hole, board)
    except ValueError:
        return None


@pytest.mark.parametrize("game", list(GAMES), ids=lambda g: g.value)
def test_community_card_rankings_agree_with_pokerkit(game: Game) -> None:
    """Random deals (flop, turn or river), two hands on one board: the category of each high
    equals pokerkit's label, and which hand wins (high, and the low where there is one, with
    "no qualifying low" as pokerkit's ValueError) agrees with pokerkit every time."""
    holes, high_class, hi_lo, deck = GAMES[game]
    rng = random.Random(f"board-ranking-{game.value}")
    rankings = side_rankings(game)
    qualified = compared = 0
    for _ in range(DEALS_PER_GAME):
        cards = rng.sample(sorted(deck), 2 * holes + 5)
        first, second = cards[:holes], cards[holes : 2 * holes]
        board = cards[2 * holes : 2 * holes + rng.choice((3, 4, 5))]
        pk_board = _text(board)
        pk = [high_class.from_game(_text(h), pk_board) for h in (first, second)]
        ours = [evaluate(game, h, board=board) for h in (first, second)]
        for value, theirs in zip(ours, pk, strict=True):
            assert value.high is not None
            assert LABELS[value.high.category] == theirs.entry.label.value, (value, theirs)
        strengths = [rankings[0].hand(h, board) for h in (first, second)]
        assert _sign(*strengths) == _sign(pk[0], pk[1]), (first, second, board)
        compared += 1
        if not hi_lo:
            continue
        pk_lows = [_pk_low(_text(h), pk_board) for h in (first, second)]
        lows = [rankings[1].hand(h, board) for h in (first, second)]
        assert [low > 0 for low in lows] == [low is not None for low in pk_lows]
        if all(low is not None for low in pk_lows):
            assert _sign(*lows) == _sign(pk_lows[0], pk_lows[1]), (first, second, board)
            qualified += 1
    print(f"{game.value}: {compared} pairs compared, {qualified} with two qualifying lows")
    assert compared == DEALS_PER_GAME
    if hi_lo:
        assert qualified > 0
