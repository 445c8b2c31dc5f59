"""Differential tests against treys and pokerkit (test-only references; RULES.md rankings).

Only the order of two hands is compared, never raw numbers. pokerkit's ``StandardLowHand``
is deuce-to-seven (straights and flushes count, ace high), so ace-to-five Razz is checked
against ``RegularLowHand`` (ace-to-five, straights and flushes ignored) and the Hi-Lo low
against ``EightOrBetterLowHand``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand
from treys import Card as TreysCard
from treys import Evaluator

from floorman.domain.cards import card_str
from floorman.domain.ranking import high_strength, low_8_strength, low_a5_strength

TREYS = Evaluator()
LOW_AND_NINES = [c for c in range(52) if c >> 2 <= 7 or c >> 2 == 12]  # A, 2-9


def two_hands(
    low: int, high: int, pool: Sequence[int] = range(52)
) -> st.SearchStrategy[tuple[list[int], list[int]]]:
    """Two disjoint hands of ``low``-``high`` cards each, from the cards of ``pool``."""
    cards = st.lists(st.sampled_from(pool), min_size=2 * high, max_size=2 * high, unique=True)
    return cards.flatmap(
        lambda cards: st.tuples(
            st.integers(low, high).map(lambda n: cards[:n]),
            st.integers(low, high).map(lambda n: cards[high : high + n]),
        )
    )


def order(a: object, b: object) -> int:
    """-1, 0 or 1 as ``a`` is below, equal to or above ``b``."""
    return (a > b) - (a < b)  # type: ignore[operator]


def text(cards: Sequence[int]) -> str:
    return "".join(card_str(c) for c in cards)


def treys_rank(cards: Sequence[int]) -> int:
    """treys' rank of 5-7 cards (LOWER is better), dealt as 2 hole cards and a board."""
    ints = [TreysCard.new(card_str(c)) for c in cards]
    return TREYS.evaluate(ints[:2], ints[2:])


@settings(max_examples=400, deadline=None)
@given(two_hands(5, 7))
def test_standard_high_order_agrees_with_treys(hands) -> None:
    """Standard high ranking: 5-7 card hands order as treys orders them."""
    a, b = hands
    assert order(high_strength(a), high_strength(b)) == order(treys_rank(b), treys_rank(a))


@settings(max_examples=200, deadline=None)
@given(two_hands(5, 7))
def test_standard_high_order_agrees_with_pokerkit(hands) -> None:
    """Standard high ranking: 5-7 card hands order as pokerkit's StandardHighHand orders them."""
    a, b = hands
    theirs = order(StandardHighHand.from_game(text(a)), StandardHighHand.from_game(text(b)))
    assert order(high_strength(a), high_strength(b)) == theirs


@settings(max_examples=200, deadline=None)
@given(two_hands(5, 7))
def test_razz_low_order_agrees_with_pokerkit(hands) -> None:
    """Razz: ace-to-five lows of 5-7 cards order as pokerkit's RegularLowHand orders them."""
    a, b = hands
    theirs = order(RegularLowHand.from_game(text(a)), RegularLowHand.from_game(text(b)))
    assert order(low_a5_strength(a), low_a5_strength(b)) == theirs


def _eight_or_better(cards: Sequence[int]) -> EightOrBetterLowHand | None:
    try:
        return EightOrBetterLowHand.from_game(text(cards))
    except ValueError:
        return None


@settings(max_examples=200, deadline=None)
@given(two_hands(5, 7))
def test_hi_lo_low_agrees_with_pokerkit(hands) -> None:
    """Seven Card Stud Hi-Lo: a low qualifies and orders as pokerkit's EightOrBetterLowHand."""
    a, b = hands
    pa, pb = _eight_or_better(a), _eight_or_better(b)
    assert (low_8_strength(a) > 0) == (pa is not None)
    assert (low_8_strength(b) > 0) == (pb is not None)
    if pa is not None and pb is not None:
        assert order(low_8_strength(a), low_8_strength(b)) == order(pa, pb)


@settings(max_examples=200, deadline=None)
@given(two_hands(5, 7, pool=LOW_AND_NINES))
def test_hi_lo_low_agrees_with_pokerkit_on_low_cards(hands) -> None:
    """Seven Card Stud Hi-Lo: aces-to-nines hands (lows, ties) order as pokerkit's."""
    test_hi_lo_low_agrees_with_pokerkit.hypothesis.inner_test(hands)


@settings(max_examples=150, deadline=None)
@given(two_hands(5, 7, pool=[c for c in range(52) if c >> 2 <= 4 or c >> 2 == 12]))
def test_razz_paired_lows_agree_with_pokerkit(hands) -> None:
    """Razz: aces-to-sixes hands (pairs, trips) order as pokerkit's RegularLowHand."""
    test_razz_low_order_agrees_with_pokerkit.hypothesis.inner_test(hands)
