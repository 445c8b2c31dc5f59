"""Differential test of the lowball rankings against pokerkit (test-only dependency), on
seeded random hands (RULES.md "Lowball draw and Badugi").

pokerkit's classes (a greater pokerkit hand is the better one):

* ``StandardLowHand``: deuce-to-seven; its ``Standard2Lookup`` has straights that do not wrap
  (A-2-3-4-5 is ace high, not a straight), straights and flushes count: RULES.md 2-7.
* ``RegularLowHand``: ace-to-five, straights and flushes ignored: RULES.md A-5.
* ``BadugiHand.from_game``: the best set of one to four cards of distinct ranks and suits,
  aces low (pokerkit's ``StandardBadugiHand`` is the deuce-to-seven badugi variant, not
  RULES.md's): RULES.md Badugi.

Half of the hands come from the whole deck, half from a small pool (A-7 for 2-7 and A-5,
four ranks of two or three suits for Badugi) so that wheels, straights, flushes, pairs and
short Badugi sets come up often. Only orders (which of two hands is better, or a tie) and
the 2-7 pattern are compared. Known differences: none; every pair is compared and
:data:`KNOWN_DIFFERENCES` counts them at 0.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from pokerkit import BadugiHand, RegularLowHand, StandardLowHand

from floorman.domain.cards import FULL_DECK, Card, cards_str
from floorman.domain.hand_value import HandCategory
from floorman.domain.model import Game
from floorman.domain.ranking import evaluate, side_rankings

pytestmark = pytest.mark.xdist_group("ranking_pokerkit")

PAIRS = 3_000
"""Random pairs of hands per ranking (1,500 from the whole deck, 1,500 from the pool)."""
KNOWN_DIFFERENCES: dict[str, int] = {"2-7": 0, "A-5": 0, "Badugi": 0}
"""Pairs of hands floorman and pokerkit order differently, per ranking: none."""
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
}
DECK = sorted(FULL_DECK)
ACE_TO_SEVEN = [c for c in DECK if c >> 2 <= 5 or c >> 2 == 12]  # 2-7 and A: 28 cards


def text(cards: Sequence[Card]) -> str:
    return "".join(cards_str(cards))


def sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def random_pairs(size: int, pool: Callable[[random.Random], Sequence[Card]], seed: str):
    """:data:`PAIRS` pairs of disjoint ``size``-card hands: half from the deck, half from
    ``pool(rng)``."""
    rng = random.Random(seed)
    for i in range(PAIRS):
        cards = rng.sample(DECK if i % 2 else pool(rng), 2 * size)
        yield cards[:size], cards[size:]


def low_pool(_: random.Random) -> Sequence[Card]:
    return ACE_TO_SEVEN


def badugi_pool(rng: random.Random) -> Sequence[Card]:
    """Four random ranks in two or three random suits (8 or 12 cards): many short sets."""
    ranks = rng.sample(range(13), 4)
    suits = rng.sample(range(4), rng.choice((2, 3)))
    return [4 * r + s for r in ranks for s in suits]


@pytest.mark.parametrize(
    "game",
    [Game.DEUCE_TO_SEVEN_SINGLE_DRAW, Game.DEUCE_TO_SEVEN_TRIPLE_DRAW],
    ids=lambda g: g.value,
)
def test_deuce_to_seven_orders_and_patterns_agree_with_pokerkit_standard_low_hand(
    game: Game,
) -> None:
    """2-7 (RULES.md "Lowball draw and Badugi"): on random pairs of five-card hands the
    better hand (or a tie) is pokerkit's ``StandardLowHand`` one, and the category the
    service reports is pokerkit's label (a royal flush is a straight flush in both)."""
    (ranking,) = side_rankings(game)
    differences = 0
    labels: Counter[str] = Counter()
    for a, b in random_pairs(5, low_pool, f"lowball-27-{game.value}"):
        ours = sign(ranking.any_five(a), ranking.any_five(b))
        theirs = sign(StandardLowHand(text(a)), StandardLowHand(text(b)))
        differences += ours != theirs
        for hand in (a, b):
            value = evaluate(game, hand).low
            assert value is not None
            label = StandardLowHand(text(hand)).entry.label.value
            assert LABELS[value.category] == label, (cards_str(hand), value, label)
            labels[label] += 1
    assert differences == KNOWN_DIFFERENCES["2-7"]
    assert {"Straight", "Flush", "One pair", "Two pair", "High card"} <= set(labels)


def test_ace_to_five_orders_agree_with_pokerkit_regular_low_hand() -> None:
    """A-5 (RULES.md "Lowball draw and Badugi", the A-5 Triple Draw ranking): on random
    pairs of five-card hands the better hand (or a tie) is pokerkit's ``RegularLowHand``
    one."""
    (ranking,) = side_rankings(Game.ACE_TO_FIVE_TRIPLE_DRAW)
    differences = 0
    for a, b in random_pairs(5, low_pool, "lowball-a5"):
        ours = sign(ranking.any_five(a), ranking.any_five(b))
        theirs = sign(RegularLowHand(text(a)), RegularLowHand(text(b)))
        differences += ours != theirs
    assert differences == KNOWN_DIFFERENCES["A-5"]


def test_badugi_orders_and_playing_cards_agree_with_pokerkit_badugi_hand() -> None:
    """Badugi (RULES.md "Lowball draw and Badugi"): on random pairs of four-card hands the
    better hand (or a tie) is pokerkit's ``BadugiHand.from_game`` one; the cards that play
    make a pokerkit Badugi hand equal to the whole hand's, of as many cards."""
    (ranking,) = side_rankings(Game.BADUGI)
    differences = 0
    sizes: Counter[int] = Counter()
    for a, b in random_pairs(4, badugi_pool, "lowball-badugi"):
        theirs_a, theirs_b = BadugiHand.from_game(text(a)), BadugiHand.from_game(text(b))
        differences += sign(ranking.any_five(a), ranking.any_five(b)) != sign(theirs_a, theirs_b)
        for hand, theirs in ((a, theirs_a), (b, theirs_b)):
            value = evaluate(Game.BADUGI, hand).low
            assert value is not None
            assert BadugiHand(text(value.best_cards)) == theirs
            assert len(value.best_cards) == len(theirs.cards)
            sizes[len(value.best_cards)] += 1
    assert differences == KNOWN_DIFFERENCES["Badugi"]
    assert set(sizes) == {1, 2, 3, 4}
