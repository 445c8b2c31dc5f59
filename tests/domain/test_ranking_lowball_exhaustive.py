"""Exhaustive checks of the lowball rankings against plain implementations written here
(RULES.md "Lowball draw and Badugi").

* 2-7 (deuce to seven) and A-5 (ace to five): every one of the 2,598,960 five-card hands of
  the 52-card deck goes through the game's table-driven strength (``side_rankings(game)``:
  :func:`~floorman.domain.ranking.low_27_strength` for both 2-7 games,
  :func:`~floorman.domain.ranking.low_a5_strength` for A-5 Triple Draw). The hands are
  generated as each multiset of ranks times each choice of suits per rank, so the plain
  reading below runs once per (ranks, all one suit) class, and every hand of a class must
  get one strength.
* Badugi: every one of the 270,725 four-card hands, each against the plain reading.

"Same order" means: strength and plain key determine each other (as many distinct
strengths as plain keys, each strength paired with one key) and sorting by strength sorts
the keys.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, pairwise, product

import pytest

from floorman.domain.cards import ACE, Card
from floorman.domain.games import PotSide
from floorman.domain.hand_value import HandCategory
from floorman.domain.model import Game
from floorman.domain.ranking import side_rankings
from floorman.domain.ranking.describe import low_value
from floorman.domain.ranking.encoding import decode_badugi
from floorman.domain.ranking.lowball import badugi_value, low_27_value

# Module-scoped exhaustive fixtures: keep this module's tests on one xdist worker.
pytestmark = pytest.mark.xdist_group("ranking_exhaustive_lowball")

DEUCE_GAMES = (Game.DEUCE_TO_SEVEN_SINGLE_DRAW, Game.DEUCE_TO_SEVEN_TRIPLE_DRAW)

# ------------------------------------------------------------------ plain implementations

PLAIN_HIGH_CATEGORIES = (
    HandCategory.HIGH_CARD,
    HandCategory.ONE_PAIR,
    HandCategory.TWO_PAIR,
    HandCategory.THREE_OF_A_KIND,
    HandCategory.STRAIGHT,
    HandCategory.FLUSH,
    HandCategory.FULL_HOUSE,
    HandCategory.FOUR_OF_A_KIND,
    HandCategory.STRAIGHT_FLUSH,
)
"""The standard high ranking, worst first (a royal flush is the top straight flush)."""
PLAIN_LOW_PATTERNS = {
    (1, 1, 1, 1, 1): HandCategory.HIGH_CARD,
    (2, 1, 1, 1): HandCategory.ONE_PAIR,
    (2, 2, 1): HandCategory.TWO_PAIR,
    (3, 1, 1): HandCategory.THREE_OF_A_KIND,
    (3, 2): HandCategory.FULL_HOUSE,
    (4, 1): HandCategory.FOUR_OF_A_KIND,
}
"""Ace-to-five patterns, best first (dict order)."""


def grouped(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes biggest first, ranks as a dealer reads them: bigger groups first, then
    the higher rank first)."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(counts[r] for r in order), tuple(order)


def plain_deuce_to_seven(ranks: Sequence[int], suited: bool) -> tuple[int, tuple[int, ...]]:
    """RULES.md 2-7: the hand's place in the standard high ranking with aces always high
    (A-2-3-4-5 is no straight), as (category index, ranks in reading order); the SMALLER key
    is the better 2-7 hand."""
    shape, order = grouped(ranks)
    straight = len(shape) == 5 and max(ranks) - min(ranks) == 4  # no wheel: aces only high
    if straight and suited:
        category = HandCategory.STRAIGHT_FLUSH
    elif shape == (4, 1):
        category = HandCategory.FOUR_OF_A_KIND
    elif shape == (3, 2):
        category = HandCategory.FULL_HOUSE
    elif suited:
        category = HandCategory.FLUSH
    elif straight:
        category = HandCategory.STRAIGHT
    else:
        category = {
            (3, 1, 1): HandCategory.THREE_OF_A_KIND,
            (2, 2, 1): HandCategory.TWO_PAIR,
            (2, 1, 1, 1): HandCategory.ONE_PAIR,
        }.get(shape, HandCategory.HIGH_CARD)
    return PLAIN_HIGH_CATEGORIES.index(category), order


def ace_low(rank: int) -> int:
    """Ace 0, deuce 1 .. king 12."""
    return 0 if rank == ACE else rank + 1


def plain_ace_to_five(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """RULES.md A-5 (Razz's low): aces low, straights and flushes ignored, pairs count
    against: (pattern index, ace-low ranks in reading order); the SMALLER key is better."""
    shape, order = grouped([ace_low(r) for r in ranks])
    return list(PLAIN_LOW_PATTERNS).index(shape), order


def plain_badugi(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """RULES.md Badugi: the largest set of cards with all ranks and all suits different
    plays (aces low), then the lower highest card, then the next: (set size, ace-low ranks
    of the best set high to low)."""
    for size in range(len(cards), 0, -1):
        sets = [
            sorted((ace_low(c >> 2) for c in chosen), reverse=True)
            for chosen in combinations(cards, size)
            if len({c >> 2 for c in chosen}) == size == len({c & 3 for c in chosen})
        ]
        if sets:
            return size, tuple(min(sets))
    raise AssertionError("no card")


def badugi_goodness(key: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    """A plain Badugi key turned so that greater is better (more cards, then lower ranks)."""
    size, ranks = key
    return size, tuple(-r for r in ranks)


# ------------------------------------------------------------------ every five-card hand


@dataclass(frozen=True, slots=True)
class RankClass:
    """The five-card hands of one multiset of ranks, all of one suit or not."""

    ranks: tuple[int, ...]
    suited: bool
    hands: int
    sample: tuple[Card, ...]
    deuce_to_seven: Counter[int]  # strength -> hands
    ace_to_five: Counter[int]


UNSUITED_SUITS = [s for s in product(range(4), repeat=5) if len(set(s)) > 1]
"""Suits of five cards of distinct ranks, not all one suit (1,020)."""


def five_card_classes() -> Iterator[tuple[tuple[int, ...], bool, list[tuple[Card, ...]]]]:
    """Every five-card hand once, as (sorted ranks, all one suit, the hands): each multiset
    of ranks (at most four of a rank) times each choice of suits for the cards of each rank."""
    for ranks in combinations_with_replacement(range(13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        if len(counts) == 5:
            yield ranks, True, [tuple(4 * r + s for r in ranks) for s in range(4)]
            yield (
                ranks,
                False,
                [
                    tuple(4 * r + s for r, s in zip(ranks, suits, strict=True))
                    for suits in UNSUITED_SUITS
                ],
            )
            continue
        per_rank = [
            [tuple(4 * r + s for s in suits) for suits in combinations(range(4), n)]
            for r, n in sorted(counts.items())
        ]
        yield ranks, False, [sum(parts, ()) for parts in product(*per_rank)]


@pytest.fixture(scope="module")
def classes() -> list[RankClass]:
    """Every five-card hand through the 2-7 and the A-5 strength of the games, by class."""
    (deuce,) = {side_rankings(g)[0].any_five for g in DEUCE_GAMES}
    (a5,) = side_rankings(Game.ACE_TO_FIVE_TRIPLE_DRAW)
    assert a5.side is PotSide.LOW_A5
    out = []
    for ranks, suited, hands in five_card_classes():
        out.append(
            RankClass(
                ranks,
                suited,
                len(hands),
                hands[0],
                Counter(map(deuce, hands)),
                Counter(map(a5.any_five, hands)),
            )
        )
    return out


def test_five_card_generation_covers_every_hand_once(classes: list[RankClass]) -> None:
    """The classes hold 2,598,960 hands: C(52, 5), each multiset of ranks split suited /
    unsuited (6,175 multisets, 1,287 of them unpaired)."""
    assert sum(c.hands for c in classes) == 2_598_960
    assert len({c.ranks for c in classes}) == 6_175
    assert sum(c.suited for c in classes) == 1_287


def same_order(pairs: dict[int, object], *, better_is_greater: bool, distinct: int) -> None:
    """Strength -> plain key is a bijection onto ``distinct`` keys that sorts them."""
    assert len(pairs) == distinct
    assert len(set(pairs.values())) == distinct
    keys = [pairs[s] for s in sorted(pairs)]
    for lower, higher in pairwise(keys):
        assert (lower < higher) if better_is_greater else (lower > higher), (lower, higher)  # type: ignore[operator]


DEUCE_TO_SEVEN_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 36,  # 40 less the 4 suited wheels (royal flushes included)
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_112,  # 5,108 + the 4 suited A-2-3-4-5
    HandCategory.STRAIGHT: 9_180,  # 10,200 less the 1,020 offsuit wheels
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_303_560,  # 1,302,540 + the 1,020 offsuit A-5-4-3-2
}
"""RULES.md 2-7 over all 2,598,960 hands: aces only high, so the ten wheels of each suit
pattern leave the straights."""
DEUCE_TO_SEVEN_DISTINCT = {
    HandCategory.STRAIGHT_FLUSH: 9,
    HandCategory.FOUR_OF_A_KIND: 156,
    HandCategory.FULL_HOUSE: 156,
    HandCategory.FLUSH: 1_278,
    HandCategory.STRAIGHT: 9,
    HandCategory.THREE_OF_A_KIND: 858,
    HandCategory.TWO_PAIR: 858,
    HandCategory.ONE_PAIR: 2_860,
    HandCategory.HIGH_CARD: 1_278,
}
"""Distinct 2-7 values per category: 7,462 in all, as in the standard high ranking."""


def test_deuce_to_seven_matches_the_plain_ranking_over_every_five_card_hand(
    classes: list[RankClass],
) -> None:
    """2-7 (RULES.md "Lowball draw and Badugi"): every hand of a class gets one strength;
    strengths and the plain aces-high ranking order the 2,598,960 hands alike (7,462 values;
    a greater strength is a lower high hand); the categories the service reports count as
    :data:`DEUCE_TO_SEVEN_COUNTS` (the plain ranking's counts)."""
    pairs: dict[int, tuple[int, tuple[int, ...]]] = {}
    counts: Counter[HandCategory] = Counter()
    plain_counts: Counter[HandCategory] = Counter()
    distinct: Counter[HandCategory] = Counter()
    for c in classes:
        ((strength, n),) = c.deuce_to_seven.items()
        plain = plain_deuce_to_seven(c.ranks, c.suited)
        assert pairs.setdefault(strength, plain) == plain, c.ranks
        category = low_27_value(strength, c.sample).category
        counts[category] += n
        plain_counts[PLAIN_HIGH_CATEGORIES[plain[0]]] += n
    for plain in pairs.values():
        distinct[PLAIN_HIGH_CATEGORIES[plain[0]]] += 1
    same_order(pairs, better_is_greater=False, distinct=7_462)
    assert dict(counts) == dict(plain_counts) == DEUCE_TO_SEVEN_COUNTS
    assert dict(distinct) == DEUCE_TO_SEVEN_DISTINCT


def test_deuce_to_seven_best_and_worst_hands(classes: list[RankClass]) -> None:
    """2-7: the greatest strength is 7-5-4-3-2 not all of one suit (1,020 hands), the least a
    royal flush (4); A-2-3-4-5 offsuit reads "A-5-4-3-2" (no pair, ace high), the best of the
    ace-high hands, just below the worst king-high one (K-Q-J-T-8)."""
    by_strength = {next(iter(c.deuce_to_seven)): c for c in classes}
    assert len(by_strength) == 7_462  # one class per strength
    ordered = sorted(by_strength)
    best, worst = by_strength[ordered[-1]], by_strength[ordered[0]]
    assert (best.ranks, best.suited, best.hands) == ((0, 1, 2, 3, 5), False, 1_020)
    assert (worst.ranks, worst.suited, worst.hands) == ((8, 9, 10, 11, 12), True, 4)
    no_pair = [by_strength[s] for s in ordered if len(set(by_strength[s].ranks)) == 5]
    no_pair = [c for c in no_pair if not c.suited and plain_deuce_to_seven(c.ranks, False)[0] == 0]
    at = [c.ranks for c in no_pair].index((0, 1, 2, 3, ACE))
    assert no_pair[at + 1].ranks == (6, 8, 9, 10, 11)  # K-Q-J-T-8
    assert no_pair[at - 1].ranks == (0, 1, 2, 4, ACE)  # A-6-4-3-2
    wheel = no_pair[at]
    value = low_27_value(next(iter(wheel.deuce_to_seven)), wheel.sample)
    assert (value.category, value.description) == (HandCategory.HIGH_CARD, "A-5-4-3-2")


ACE_TO_FIVE_COUNTS = {
    HandCategory.HIGH_CARD: 1_317_888,  # C(13, 5) * 4^5: straights and flushes do not count
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FOUR_OF_A_KIND: 624,
}
"""RULES.md A-5 over all 2,598,960 hands: the patterns of the ranks alone."""


def test_ace_to_five_matches_the_plain_ranking_over_every_five_card_hand(
    classes: list[RankClass],
) -> None:
    """A-5 (RULES.md "Lowball draw and Badugi", Razz's low; the A-5 Triple Draw ranking):
    suits never matter (a suited and an offsuit class of the same ranks get one strength);
    strengths and the plain ace-low ranking order the hands alike (6,175 values, one per
    multiset of ranks); pattern counts as :data:`ACE_TO_FIVE_COUNTS`; 5-4-3-2-A (1,024
    hands, suited ones too) is the greatest."""
    pairs: dict[int, tuple[int, tuple[int, ...]]] = {}
    counts: Counter[HandCategory] = Counter()
    plain_counts: Counter[HandCategory] = Counter()
    hands: Counter[int] = Counter()
    for c in classes:
        ((strength, n),) = c.ace_to_five.items()
        plain = plain_ace_to_five(c.ranks)
        assert pairs.setdefault(strength, plain) == plain, c.ranks
        counts[low_value(strength, c.sample).category] += n
        plain_counts[list(PLAIN_LOW_PATTERNS.values())[plain[0]]] += n
        hands[strength] += n
    same_order(pairs, better_is_greater=False, distinct=6_175)
    assert dict(counts) == dict(plain_counts) == ACE_TO_FIVE_COUNTS
    best = max(pairs)
    assert (pairs[best], hands[best]) == ((0, (4, 3, 2, 1, 0)), 1_024)


# ------------------------------------------------------------------ every four-card hand

BADUGI_COUNTS = {
    HandCategory.BADUGI: 17_160,  # C(13, 4) ranks * 4! ways to give them four suits
    HandCategory.BADUGI_THREE_CARDS: 154_440,
    HandCategory.BADUGI_TWO_CARDS: 96_252,
    HandCategory.BADUGI_ONE_CARD: 2_873,  # four of one suit (2,860) or four of a kind (13)
}
"""RULES.md Badugi over all 270,725 four-card hands, by the size of the set that plays."""
BADUGI_DISTINCT = 1_092
"""One value per set of distinct ace-low ranks: C(13,4) + C(13,3) + C(13,2) + 13."""


@pytest.fixture(scope="module")
def badugi_hands() -> list[tuple[tuple[Card, ...], int]]:
    """Every four-card hand with its Badugi strength (the game's ranking)."""
    (ranking,) = side_rankings(Game.BADUGI)
    assert ranking.side is PotSide.BADUGI
    hands = list(combinations(range(52), 4))
    return list(zip(hands, map(ranking.any_five, hands), strict=True))


def test_badugi_matches_the_plain_ranking_over_every_four_card_hand(
    badugi_hands: list[tuple[tuple[Card, ...], int]],
) -> None:
    """Badugi (RULES.md "Lowball draw and Badugi"): strengths and the plain reading order the
    270,725 hands alike (1,092 values); the size of the playing set counts as
    :data:`BADUGI_COUNTS`; A-2-3-4 of four suits (24 hands) is the greatest."""
    assert len(badugi_hands) == 270_725
    pairs: dict[int, tuple[int, tuple[int, ...]]] = {}
    sizes: Counter[int] = Counter()
    hands: Counter[int] = Counter()
    for cards, strength in badugi_hands:
        plain = badugi_goodness(plain_badugi(cards))
        assert pairs.setdefault(strength, plain) == plain, cards
        sizes[plain[0]] += 1
        hands[strength] += 1
    same_order(pairs, better_is_greater=True, distinct=BADUGI_DISTINCT)
    categories = {
        HandCategory.BADUGI_ONE_CARD: 1,
        HandCategory.BADUGI_TWO_CARDS: 2,
        HandCategory.BADUGI_THREE_CARDS: 3,
        HandCategory.BADUGI: 4,
    }
    assert {category: sizes[size] for category, size in categories.items()} == BADUGI_COUNTS
    best = max(pairs)
    assert (pairs[best], hands[best]) == ((4, (-3, -2, -1, 0)), 24)
    for strength, (size, ranks) in pairs.items():  # the encoding gives the plain set back
        assert decode_badugi(strength) == tuple(-r for r in ranks)
        assert strength >> 16 == size


def test_badugi_reading_names_the_cards_that_play_over_every_four_card_hand(
    badugi_hands: list[tuple[tuple[Card, ...], int]],
) -> None:
    """Badugi reading of every hand: the category is the size of the set that plays; the
    best cards are that many of the hand's cards, all ranks and suits different, high to low
    (aces low): the ranks of the hand's best set (checked against the plain reading in
    :func:`test_badugi_matches_the_plain_ranking_over_every_four_card_hand`)."""
    categories: Counter[HandCategory] = Counter()
    for cards, strength in badugi_hands:
        value = badugi_value(strength, cards)
        playing = value.best_cards
        assert set(playing) <= set(cards)
        assert len({c >> 2 for c in playing}) == len({c & 3 for c in playing}) == len(playing)
        assert tuple(ace_low(c >> 2) for c in playing) == decode_badugi(strength)
        categories[value.category] += 1
    assert dict(categories) == BADUGI_COUNTS
