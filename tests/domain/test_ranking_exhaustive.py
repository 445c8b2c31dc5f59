"""Exhaustive checks of the standard high ranking (RULES.md "Standard high ranking").

Every one of the 2,598,960 five-card hands of the 52-card deck goes through the fast path.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise

import pytest

from floorman.domain.hand_value import HandCategory
from floorman.domain.ranking import high_strength
from floorman.domain.ranking.encoding import decode_high

TEXTBOOK_COUNTS = {
    HandCategory.ROYAL_FLUSH: 4,
    HandCategory.STRAIGHT_FLUSH: 36,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
STANDARD_ORDER_BEST_FIRST = (
    HandCategory.ROYAL_FLUSH,
    HandCategory.STRAIGHT_FLUSH,
    HandCategory.FOUR_OF_A_KIND,
    HandCategory.FULL_HOUSE,
    HandCategory.FLUSH,
    HandCategory.STRAIGHT,
    HandCategory.THREE_OF_A_KIND,
    HandCategory.TWO_PAIR,
    HandCategory.ONE_PAIR,
    HandCategory.HIGH_CARD,
)

# Module-scoped exhaustive fixtures: keep this module's tests on one xdist worker.
pytestmark = pytest.mark.xdist_group("ranking_exhaustive_52")


@pytest.fixture(scope="module")
def strengths_52() -> Counter[int]:
    """How many five-card hands of the 52-card deck have each strength."""
    return Counter(map(high_strength, combinations(range(52), 5)))


def test_standard_high_category_counts_are_textbook(strengths_52: Counter[int]) -> None:
    """Standard high ranking: category counts over all 2,598,960 hands are the textbook ones."""
    counts: Counter[HandCategory] = Counter()
    for strength, n in strengths_52.items():
        counts[decode_high(strength)[0]] += n
    assert sum(counts.values()) == 2_598_960
    assert dict(counts) == TEXTBOOK_COUNTS


def test_standard_high_has_7462_distinct_strengths(strengths_52: Counter[int]) -> None:
    """Standard high ranking: exactly 7,462 distinct five-card strengths."""
    assert len(strengths_52) == 7_462


def test_standard_high_categories_rank_in_rules_order(strengths_52: Counter[int]) -> None:
    """Standard high ranking: every hand of a category beats every hand of each lower one."""
    by_category: dict[HandCategory, list[int]] = {}
    for strength in strengths_52:
        by_category.setdefault(decode_high(strength)[0], []).append(strength)
    for better, worse in pairwise(STANDARD_ORDER_BEST_FIRST):
        assert min(by_category[better]) > max(by_category[worse]), (better, worse)


def test_standard_high_wheel_is_lowest_straight(strengths_52: Counter[int]) -> None:
    """Standard high ranking: the wheel 5-4-3-2-A is the lowest of the ten straights."""
    straights = sorted(s for s in strengths_52 if decode_high(s)[0] is HandCategory.STRAIGHT)
    assert len(straights) == 10
    assert decode_high(straights[0])[1] == (3, 2, 1, 0, 12)
    assert [decode_high(s)[1][0] for s in straights[1:]] == list(range(4, 13))
