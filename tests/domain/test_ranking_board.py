"""Ranking of the community-card games (RULES.md "Hold'em and Omaha"): Hold'em best five of
seven; Omaha exactly two hole and three board cards, for the high and separately for the
8-or-better low; Short-deck the 7-A ranking with the 36-card deck (flush beats full house, a
straight beats three of a kind, A-6-7-8-9 the lowest straight).

The exhaustive and property tests compare against the plain classifiers written here, not
against the lookup tables.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.domain.cards import ACE, DECK_SIX_TO_ACE, RANKS, parse_cards
from floorman.domain.hand_value import HandCategory
from floorman.domain.model import Game
from floorman.domain.ranking import (
    compare,
    evaluate,
    high_7a_strength,
    high_strength,
    low_8_strength,
    side_rankings,
)
from floorman.domain.ranking.encoding import SEVEN_TO_ACE_CATEGORY_AT

SIX = RANKS.index("6")


def hand(text: str) -> list[int]:
    return [c for c in parse_cards(text.split()) if c is not None]


# ----------------------------------------------------------------------------- plain classifiers

STANDARD_PLACES = (
    "high", "pair", "two_pair", "trips", "straight", "flush", "full_house", "quads", "sf",
)  # fmt: skip
SHORT_DECK_PLACES = (
    "high", "pair", "two_pair", "trips", "straight", "full_house", "flush", "quads", "sf",
)  # fmt: skip
"""RULES.md Short-deck: flush above full house, straight above three of a kind."""


def plain_high(cards: Sequence[int], *, short_deck: bool = False) -> tuple[int, tuple[int, ...]]:
    """(category place, tie-break ranks) of exactly five cards: the textbook way."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    top: int | None = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        low_run = [ACE, SIX + 3, SIX + 2, SIX + 1, SIX] if short_deck else [ACE, 3, 2, 1, 0]
        if distinct == low_run:
            top = low_run[1]
    shape = sorted(counts.values(), reverse=True)
    grouped = tuple(sorted(ranks, key=lambda r: (counts[r], r), reverse=True))
    if top is not None and flush:
        name = "sf"
    elif shape[0] == 4:
        name = "quads"
    elif shape == [3, 2]:
        name = "full_house"
    elif flush:
        name = "flush"
    elif top is not None:
        name = "straight"
    elif shape[0] == 3:
        name = "trips"
    elif shape == [2, 2, 1]:
        name = "two_pair"
    elif shape[0] == 2:
        name = "pair"
    else:
        name = "high"
    places = SHORT_DECK_PLACES if short_deck else STANDARD_PLACES
    tiebreak = (top,) if name in ("sf", "straight") else grouped
    return places.index(name), tiebreak


def plain_low(cards: Sequence[int]) -> tuple[int, ...] | None:
    """An 8-or-better low of exactly five cards as its ace-low ranks, highest first (smaller
    is better), or None when it does not qualify."""
    lows = sorted(((c >> 2) + 1) % 13 for c in cards)  # ace 0, deuce 1 .. king 12
    if len(set(lows)) < 5 or lows[-1] > 7:
        return None
    return tuple(sorted(lows, reverse=True))


# ----------------------------------------------------------------------------- Short-deck

SHORT_DECK_COUNTS = {
    "sf": 24,  # six straights A-6-7-8-9 .. T-J-Q-K-A in four suits
    "quads": 288,
    "flush": 480,
    "full_house": 1728,
    "straight": 6120,
    "trips": 16128,
    "two_pair": 36288,
    "pair": 193536,
    "high": 122400,
}
CATEGORY_NAMES = {
    HandCategory.ROYAL_FLUSH: "sf",
    HandCategory.STRAIGHT_FLUSH: "sf",
    HandCategory.FOUR_OF_A_KIND: "quads",
    HandCategory.FLUSH: "flush",
    HandCategory.FULL_HOUSE: "full_house",
    HandCategory.STRAIGHT: "straight",
    HandCategory.THREE_OF_A_KIND: "trips",
    HandCategory.TWO_PAIR: "two_pair",
    HandCategory.ONE_PAIR: "pair",
    HandCategory.HIGH_CARD: "high",
}


def test_short_deck_every_five_card_hand_by_category() -> None:
    """Short-deck: all 376,992 five-card hands of the 36-card deck; each one's category
    equals the plain classifier's, the counts per category are the combinatorial ones, and
    the strength order puts every category above the one RULES.md ranks below it (straight
    over trips, flush over full house)."""
    rankings = side_rankings(Game.SHORT_DECK_HOLDEM)
    five = rankings[0].any_five
    ours: Counter[str] = Counter()
    plain: Counter[str] = Counter()
    span: dict[int, tuple[int, int]] = {}
    for cards in itertools.combinations(sorted(DECK_SIX_TO_ACE), 5):
        strength = five(cards)
        place, _ = plain_high(cards, short_deck=True)
        ours[CATEGORY_NAMES[SEVEN_TO_ACE_CATEGORY_AT[strength >> 20]]] += 1
        plain[SHORT_DECK_PLACES[place]] += 1
        low, high = span.get(place, (strength, strength))
        span[place] = (min(low, strength), max(high, strength))
    assert sum(ours.values()) == 376_992
    assert ours == plain == Counter(SHORT_DECK_COUNTS)
    for place in range(len(SHORT_DECK_PLACES) - 1):
        assert span[place][1] < span[place + 1][0]


def test_short_deck_lowest_straight_and_flush_over_full_house() -> None:
    """Short-deck: A-6-7-8-9 is the lowest straight (nine high), above any trips; a flush
    beats a full house; the board can play (best five of seven)."""
    straight = evaluate(Game.SHORT_DECK_HOLDEM, hand("As 6d"), board=hand("7c 8h 9s Kd Kh"))
    assert straight.high is not None
    assert straight.high.category is HandCategory.STRAIGHT
    assert straight.high.description == "Straight, nine high"
    trips = evaluate(Game.SHORT_DECK_HOLDEM, hand("Ks Qd"), board=hand("7c 8h 9s Kd Kh"))
    assert trips.high is not None and trips.high.strength < straight.high.strength
    result = compare(
        Game.SHORT_DECK_HOLDEM,
        [hand("Ah 7h"), hand("Ks Kd")],
        board=hand("Kh 9h 6h 9c 8s"),
    )
    assert result.winners == (0,)
    assert [r.high.description for r in result.results if r.high] == [
        "Flush, ace high",
        "Full house, kings full of nines",
    ]


def test_short_deck_a_7_8_9_10_is_not_a_straight() -> None:
    """Short-deck (36-card deck): A-7-8-9-T is ace high, not a straight."""
    value = evaluate(Game.SHORT_DECK_HOLDEM, hand("Ah 7c"), board=hand("8d 9s Tc"))
    assert value.high is not None
    assert value.high.category is HandCategory.HIGH_CARD


@settings(max_examples=300, deadline=None)
@given(st.permutations(sorted(DECK_SIX_TO_ACE)))
def test_short_deck_seven_cards_are_the_best_five(deck: list[int]) -> None:
    """Short-deck: the value of hole + board (7 cards) is the best of its 21 fives."""
    cards = deck[:7]
    best = max(plain_high(five, short_deck=True) for five in itertools.combinations(cards, 5))
    value = evaluate(Game.SHORT_DECK_HOLDEM, cards[:2], board=cards[2:])
    assert value.high is not None
    assert plain_high(value.high.best_cards, short_deck=True) == best
    assert high_7a_strength(cards, short_deck_36=True) == value.high.strength


# ----------------------------------------------------------------------------- Hold'em


def test_holdem_best_five_of_seven_any_mix() -> None:
    """Hold'em: both hole cards, one, or none (the board plays)."""
    both = evaluate(Game.TEXAS_HOLDEM, hand("Qs Qd"), board=hand("Ah Kd 7c"))
    assert both.high is not None and both.high.description == "One pair, queens"
    assert both.low is None
    one = evaluate(Game.TEXAS_HOLDEM, hand("Ah 2c"), board=hand("Kh 9h 5h 3h 8c"))
    assert one.high is not None and one.high.description == "Flush, ace high"
    assert sorted(one.high.best_cards) == sorted(hand("Ah Kh 9h 5h 3h"))
    board = evaluate(Game.TEXAS_HOLDEM, hand("2c 3d"), board=hand("Ts Js Qs Ks As"))
    assert board.high is not None and board.high.category is HandCategory.ROYAL_FLUSH
    assert compare(
        Game.TEXAS_HOLDEM, [hand("2c 3d"), hand("4c 5d")], board=hand("Ts Js Qs Ks As")
    ).winners == (0, 1)


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)), st.integers(3, 5))
def test_holdem_value_is_the_best_five_of_hole_and_board(deck: list[int], board: int) -> None:
    """Hold'em with a flop, turn or river: the best of every five of the 5-7 cards."""
    cards = deck[: 2 + board]
    best = max(plain_high(five) for five in itertools.combinations(cards, 5))
    value = evaluate(Game.TEXAS_HOLDEM, cards[:2], board=cards[2:])
    assert value.high is not None
    assert plain_high(value.high.best_cards) == best
    assert high_strength(cards) == value.high.strength
    assert side_rankings(Game.TEXAS_HOLDEM)[0].hand(cards[:2], cards[2:]) == value.high.strength


# ----------------------------------------------------------------------------- Omaha

OMAHA_GAMES = {
    Game.OMAHA: (4, False),
    Game.OMAHA_HI_LO: (4, True),
    Game.FIVE_CARD_OMAHA: (5, False),
    Game.FIVE_CARD_OMAHA_HI_LO: (5, True),
}


def _two_and_three(hole: Sequence[int], board: Sequence[int]) -> list[tuple[int, ...]]:
    return [
        (*h, *b) for h in itertools.combinations(hole, 2) for b in itertools.combinations(board, 3)
    ]


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(sorted(OMAHA_GAMES, key=lambda g: g.value)),
    st.permutations(range(52)),
    st.integers(3, 5),
)
def test_omaha_best_hand_is_the_best_two_plus_three(
    game: Game, deck: list[int], board: int
) -> None:
    """Omaha (four or five hole cards, high and Hi-Lo): the high is the best of every choice
    of two hole and three board cards; the low (Hi-Lo) the best qualifying one over the same
    choices, made on its own (it may use other hole cards); the five cards that play are
    such a choice."""
    holes, hi_lo = OMAHA_GAMES[game]
    hole, shared = deck[:holes], deck[holes : holes + board]
    fives = _two_and_three(hole, shared)
    value = evaluate(game, hole, board=shared)
    assert value.high is not None
    assert plain_high(value.high.best_cards) == max(map(plain_high, fives))
    assert len(set(value.high.best_cards) & set(hole)) == 2
    assert len(set(value.high.best_cards) & set(shared)) == 3
    strengths = side_rankings(game)
    assert strengths[0].hand(hole, shared) == value.high.strength
    if not hi_lo:
        assert value.low is None and len(strengths) == 1
        return
    lows = [low for low in map(plain_low, fives) if low is not None]
    assert value.low is not None
    assert strengths[1].hand(hole, shared) == value.low.strength
    if not lows:
        assert not value.low.qualifies and value.low.strength == 0
        assert value.low.description == "No qualifying low"
        return
    assert value.low.qualifies
    assert plain_low(value.low.best_cards) == min(lows)
    assert len(set(value.low.best_cards) & set(hole)) == 2
    assert value.low.strength == low_8_strength(value.low.best_cards)


def test_omaha_exactly_two_hole_cards() -> None:
    """Omaha: a four-flush board with one heart in hand is no flush; four to a straight on
    the board with one connector in hand is no straight; quads in hand play as a pair."""
    one_heart = evaluate(Game.OMAHA, hand("Ah Kc Kd 2s"), board=hand("Qh Jh 9h 5h 2d"))
    assert one_heart.high is not None
    assert one_heart.high.description == "One pair, kings"
    straight = evaluate(Game.OMAHA, hand("9c 2d 2h 3s"), board=hand("5c 6d 7h 8s Kd"))
    assert straight.high is not None and straight.high.category is HandCategory.ONE_PAIR
    quads = evaluate(Game.OMAHA, hand("Ac Ad Ah As"), board=hand("Kc Qd 7h 5s 2d"))
    assert quads.high is not None and quads.high.description == "One pair, aces"


def test_omaha_hi_lo_halves_use_different_hole_cards() -> None:
    """Omaha Hi-Lo: A-2-K-K on K-3-5-8-9: trip kings with K-K, 8-5-3-2-A with A-2."""
    value = evaluate(Game.OMAHA_HI_LO, hand("As 2d Kc Kd"), board=hand("Kh 3s 5d 8h 9c"))
    assert value.high is not None and value.low is not None
    assert value.high.description == "Three of a kind, kings"
    assert value.low.description == "8-5-3-2-A"
    assert sorted(value.low.best_cards) == sorted(hand("As 2d 3s 5d 8h"))


def test_omaha_hi_lo_counterfeit_and_no_low() -> None:
    """Omaha Hi-Lo: A-A-2-2 on A-2-7-8-K cannot make a low (its low cards pair the board);
    with two low board cards nobody can; CompareHands then has no low winners."""
    value = evaluate(Game.OMAHA_HI_LO, hand("Ac Ad 2c 2d"), board=hand("Ah 2h 7s 8d Kc"))
    assert value.low is not None and not value.low.qualifies
    result = compare(
        Game.OMAHA_HI_LO,
        [hand("As 2d 3c 4d"), hand("Qc Qd Js Tc")],
        board=hand("Kh 7s 5d Th 9c"),
    )
    assert result.winners == (1,) and result.low_winners == ()


def test_five_card_omaha_hi_lo_low_with_other_hole_cards() -> None:
    """Five Card Omaha Hi-Lo ("Big O"): the high with Q-Q, the low with A-3; the winner of
    each half named separately."""
    result = compare(
        Game.FIVE_CARD_OMAHA_HI_LO,
        [hand("Qs Qd As 3h Jc"), hand("Kc Kd 2c 9h 9s"), hand("Ac 2s Th Td Js")],
        board=hand("Qh 4s 5d 8c 6h"),
    )
    assert result.winners == (0,)
    assert result.low_winners == (2,)  # A-2 with 4-5-6 beats A-3 with 4-5-6
    assert [r.low.description for r in result.results if r.low] == [
        "6-5-4-3-A",
        "No qualifying low",
        "6-5-4-2-A",
    ]
