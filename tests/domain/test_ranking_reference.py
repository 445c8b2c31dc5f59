"""The ranking core against an independent sort-and-count reference written here.

RULES.md sections checked: "Standard high ranking", "Five Card Draw, 7-A" (both decks),
"Seven Card Stud family" (Razz ace-to-five low, Hi-Lo 8-or-better low). The reference shares
no code with :mod:`floorman.domain.ranking`: it sorts and counts the ranks of each five cards.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.domain.cards import DECK_SEVEN_TO_ACE, DECK_SIX_TO_ACE
from floorman.domain.model import Game
from floorman.domain.ranking import (
    evaluate,
    high_7a_strength,
    high_strength,
    low_8_strength,
    low_a5_strength,
)

ACE = 12
# Category names, worst first, per ranking (RULES.md).
STANDARD_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush", "royal flush",
)  # fmt: skip
SEVEN_TO_ACE_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight",
    "full house", "flush", "four of a kind", "straight flush", "royal flush",
)  # fmt: skip
# The four ranks that make a straight with a low ace, per deck.
ACE_LOW_52, ACE_LOW_32, ACE_LOW_36 = (3, 2, 1, 0), (8, 7, 6, 5), (7, 6, 5, 4)
SHAPE_NAMES = {
    (4, 1): "four of a kind",
    (3, 2): "full house",
    (3, 1, 1): "three of a kind",
    (2, 2, 1): "two pair",
    (2, 1, 1, 1): "one pair",
    (1, 1, 1, 1, 1): "high card",
}

# Module-scoped exhaustive fixtures: keep this module's tests on one xdist worker.
pytestmark = pytest.mark.xdist_group("ranking_reference")


@functools.cache
def ref_high(ranks: tuple[int, ...], flush: bool, ace_low: tuple[int, ...]) -> tuple[str, tuple]:
    """(category name, ranks to compare) of five cards by definition; ranks sorted high first."""
    counts = Counter(ranks)
    shape = tuple(sorted(counts.values(), reverse=True))
    top = None
    if shape == (1, 1, 1, 1, 1):
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks[0] == ACE and ranks[1:] == ace_low:
            top = ranks[1]
    if top is not None and flush:
        return ("royal flush" if top == ACE else "straight flush"), (top,)
    if top is not None:
        return "straight", (top,)
    if flush:
        return "flush", ranks
    grouped = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    return SHAPE_NAMES[shape], grouped


def ref_high_key(
    cards: Sequence[int], names: tuple[str, ...] = STANDARD_NAMES, ace_low=ACE_LOW_52
) -> tuple:
    """Sortable reference key of five cards (greater is better)."""
    ranks = tuple(sorted((c // 4 for c in cards), reverse=True))
    name, tiebreak = ref_high(ranks, len({c % 4 for c in cards}) == 1, ace_low)
    return (names.index(name), tiebreak)


def ref_low_a5_key(cards: Sequence[int]) -> tuple:
    """Reference ace-to-five key of five cards: SMALLER is better (pairs, then ranks; ace 1)."""
    counts = Counter(1 if c // 4 == ACE else c // 4 + 2 for c in cards)
    shape = sorted(counts.values(), reverse=True)
    return (shape, sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def ref_low_8_key(cards: Sequence[int]) -> tuple | None:
    """Reference 8-or-better key of five cards (smaller is better), None when not a low."""
    lows = sorted((1 if c // 4 == ACE else c // 4 + 2 for c in cards), reverse=True)
    return lows if len(set(lows)) == 5 and lows[0] <= 8 else None


def assert_same_order(ours: Sequence[int], ref: Sequence[tuple]) -> None:
    """``ours`` and ``ref`` order the same items identically, ties included."""
    pairs = sorted(set(zip(ref, ours, strict=True)))
    refs = [r for r, _ in pairs]
    strengths = [s for _, s in pairs]
    assert len(set(refs)) == len(refs), "one reference class got two strengths"
    assert strengths == sorted(set(strengths)), "strengths disagree with the reference order"


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# ------------------------------------------------------------- standard high: every class


def test_standard_high_golden_order_over_all_7462_classes() -> None:
    """Standard high ranking: our order of one hand per class (7,462) equals the reference's."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        used: Counter[int] = Counter()
        hand = []
        for i, r in enumerate(ranks):  # unsuited: suits by position, never five alike
            hand.append(r * 4 + (used[r] if len(set(ranks)) < 5 else i % 4))
            used[r] += 1
        hands.append(hand)
        if len(set(ranks)) == 5:
            hands.append([r * 4 for r in ranks])  # the same ranks suited
    assert len(hands) == 7_462
    assert_same_order([high_strength(h) for h in hands], [ref_high_key(h) for h in hands])


# ------------------------------------------------------------- 7-A draw: every hand

DECKS_7A = {
    "32-card": (sorted(DECK_SEVEN_TO_ACE), ACE_LOW_32, False),
    "36-card": (sorted(DECK_SIX_TO_ACE), ACE_LOW_36, True),
}
# RULES.md "Five Card Draw, 7-A": closed-form counts (32 cards: 8 ranks, 5 straights; 36 cards:
# 9 ranks, 6 straights), written independently of both the code and the reference above.
COUNTS_BY_COMBINATORICS = {
    "32-card": {
        "royal flush": 4,
        "straight flush": 5 * 4 - 4,
        "four of a kind": 8 * 28,
        "flush": 4 * (56 - 5),
        "full house": 8 * 4 * 7 * 6,
        "straight": 5 * (4**5 - 4),
        "three of a kind": 8 * 4 * 21 * 16,
        "two pair": 28 * 36 * 6 * 4,
        "one pair": 8 * 6 * 35 * 64,
        "high card": (56 - 5) * (4**5 - 4),
    },
    "36-card": {
        "royal flush": 4,
        "straight flush": 6 * 4 - 4,
        "four of a kind": 9 * 32,
        "flush": 4 * (126 - 6),
        "full house": 9 * 4 * 8 * 6,
        "straight": 6 * (4**5 - 4),
        "three of a kind": 9 * 4 * 28 * 16,
        "two pair": 36 * 36 * 7 * 4,
        "one pair": 9 * 6 * 56 * 64,
        "high card": (126 - 6) * (4**5 - 4),
    },
}


@pytest.fixture(scope="module", params=sorted(DECKS_7A))
def all_7a(request: pytest.FixtureRequest) -> tuple[str, list[int], list[tuple]]:
    """(deck name, our strength of every five-card hand, the reference key of each)."""
    deck, ace_low, short = DECKS_7A[request.param]
    ours, refs = [], []
    for hand in combinations(deck, 5):
        ours.append(high_7a_strength(hand, short_deck_36=short))
        refs.append(ref_high_key(hand, SEVEN_TO_ACE_NAMES, ace_low))
    return request.param, ours, refs


def test_seven_to_ace_draw_category_counts_match_definition(all_7a) -> None:
    """Five Card Draw 7-A: per-category counts over every hand of the deck match the definition."""
    deck, ours, refs = all_7a
    cards, _ace_low, short = DECKS_7A[deck]
    definition = Counter(SEVEN_TO_ACE_NAMES[r[0]] for r in refs)
    # Our category of each distinct strength, read through the public evaluate().
    example = dict(zip(ours, combinations(cards, 5), strict=True))
    category = {
        s: evaluate(Game.FIVE_CARD_DRAW_7A, h, players=5 if short else 0)
        .high.category.name.lower()
        .replace("_", " ")
        for s, h in example.items()
    }
    assert Counter(category[s] for s in ours) == definition
    assert sum(definition.values()) == (376_992 if short else 201_376)
    assert definition == COUNTS_BY_COMBINATORICS[deck]


def test_seven_to_ace_draw_golden_order_matches_reference(all_7a) -> None:
    """Five Card Draw 7-A: the order over every hand of the deck equals the reference's."""
    _, ours, refs = all_7a
    assert_same_order(ours, refs)


def test_seven_to_ace_draw_every_category_pair_in_rules_order(all_7a) -> None:
    """Five Card Draw 7-A: every hand of a category beats every hand of each lower category."""
    _, ours, refs = all_7a
    low: dict[int, int] = {}
    high: dict[int, int] = {}
    for strength, ref in zip(ours, refs, strict=True):
        low[ref[0]] = min(low.get(ref[0], strength), strength)
        high[ref[0]] = max(high.get(ref[0], strength), strength)
    places = sorted(low)
    assert len(places) == len(SEVEN_TO_ACE_NAMES)
    for worse, better in combinations(places, 2):
        assert low[better] > high[worse], (SEVEN_TO_ACE_NAMES[better], SEVEN_TO_ACE_NAMES[worse])


# ------------------------------------------------------------- best five of seven (hypothesis)

HANDS = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)
TWO_HANDS = st.lists(st.integers(0, 51), min_size=14, max_size=14, unique=True).flatmap(
    lambda cards: st.tuples(
        st.integers(5, 7).map(lambda n: cards[:n]),
        st.integers(5, 7).map(lambda n: cards[7 : 7 + n]),
    )
)


@settings(max_examples=300, deadline=None)
@given(HANDS)
def test_stud_high_best_of_seven_is_best_five_subset(cards: list[int]) -> None:
    """Seven Card Stud: the high is the best five-card subset's, and best_cards is one."""
    fives = list(combinations(cards, 5))
    assert high_strength(cards) == max(map(high_strength, fives))
    best = evaluate(Game.SEVEN_CARD_STUD, cards).high
    assert set(best.best_cards) <= set(cards)
    assert ref_high_key(best.best_cards) == max(map(ref_high_key, fives))


@settings(max_examples=300, deadline=None)
@given(TWO_HANDS)
def test_stud_high_order_matches_reference_on_five_to_seven_cards(hands) -> None:
    """Standard high ranking: two hands of 5-7 cards compare as the reference's best subsets."""
    a, b = hands
    ref_a = max(ref_high_key(f) for f in combinations(a, 5))
    ref_b = max(ref_high_key(f) for f in combinations(b, 5))
    assert sign(high_strength(a) - high_strength(b)) == (ref_a > ref_b) - (ref_a < ref_b)


@settings(max_examples=300, deadline=None)
@given(TWO_HANDS)
def test_razz_best_low_of_seven_matches_reference(hands) -> None:
    """Razz: the low of 5-7 cards is the reference's best subset, and best_cards is one."""
    a, b = hands
    ref_a = min(ref_low_a5_key(f) for f in combinations(a, 5))
    ref_b = min(ref_low_a5_key(f) for f in combinations(b, 5))
    assert sign(low_a5_strength(a) - low_a5_strength(b)) == (ref_a < ref_b) - (ref_a > ref_b)
    assert low_a5_strength(a) == max(map(low_a5_strength, combinations(a, 5)))
    assert ref_low_a5_key(evaluate(Game.RAZZ, a).low.best_cards) == ref_a


@settings(max_examples=300, deadline=None)
@given(TWO_HANDS)
def test_hi_lo_eight_or_better_low_matches_reference(hands) -> None:
    """Seven Card Stud Hi-Lo: the 8-or-better low matches the reference's best qualifying five."""
    keys = []
    for cards in hands:
        lows = [k for k in map(ref_low_8_key, combinations(cards, 5)) if k is not None]
        keys.append(min(lows) if lows else None)
        assert (low_8_strength(cards) == 0) == (not lows)
        value = evaluate(Game.SEVEN_CARD_STUD_HI_LO, cards).low
        assert value.qualifies == bool(lows)
        if lows:
            assert low_8_strength(cards) == low_a5_strength(cards)
            assert ref_low_8_key(value.best_cards) == keys[-1]
    (ka, kb), (a, b) = keys, hands
    if ka is not None and kb is not None:
        assert sign(low_8_strength(a) - low_8_strength(b)) == (ka < kb) - (ka > kb)
