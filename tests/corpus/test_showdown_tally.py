"""The corpus showdown test's own tally: contributions, uncalled bets, pots and shares.

Checked on small made-up hands so the corpus test stands on tested ground (RULES.md "Common
to every game": uncalled bets, side pots by contribution level, ties split; "Seven Card Stud
family": hi-lo halves).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from showdown_tally import Pot, build_pots, expected_shares, return_uncalled, tally_phh, tally_stars

from floorman.domain.cards import parse_card
from floorman.domain.history.phh import parse_phh
from floorman.domain.history.pokerstars import parse_file
from floorman.domain.model import Game


@pytest.mark.parametrize(
    ("contributed", "live", "expected"),
    [
        ({1: 15, 3: 20, 4: 20}, [1, 3, 4], [Pot(45, (1, 3, 4)), Pot(10, (3, 4))]),
        ({1: 50, 2: 100, 3: 100}, [1, 3], [Pot(150, (1, 3)), Pot(100, (3,))]),
        ({1: 10, 2: 10}, [1, 2], [Pot(20, (1, 2))]),
        (
            {1: 30, 2: 60, 3: 100, 4: 100},
            [1, 2, 3],
            [Pot(120, (1, 2, 3)), Pot(90, (2, 3)), Pot(80, (3,))],
        ),
    ],
)
def test_common_side_pots_by_contribution_levels(contributed, live, expected) -> None:
    """Common to every game (side pots): levels of live players; folded chips stay in."""
    assert build_pots(contributed, live) == expected


def test_common_uncalled_excess_of_the_top_contributor_is_returned() -> None:
    """Common to every game (uncalled bet): the top contributor gets back what nobody matched."""
    contributed = {1: 110, 2: 10, 3: 60}
    return_uncalled(contributed)
    assert contributed == {1: 60, 2: 10, 3: 60}
    tied = {1: 50, 2: 50}
    return_uncalled(tied)
    assert tied == {1: 50, 2: 50}


def test_stud_hi_lo_shares_split_halves_then_ties() -> None:
    """Seven Card Stud family (hi-lo): half to the high, half split between tied lows."""
    shares, parts = expected_shares(100, (1,), (3, 4))
    assert shares == {1: Fraction(50), 3: Fraction(25), 4: Fraction(25)}
    assert parts == {1: 1, 3: 1, 4: 1}
    shares, parts = expected_shares(101, (1,), (1,))
    assert shares == {1: Fraction(101)}
    assert parts == {1: 2}


PHH_STUD = """
variant = 'F7S'
antes = [10, 10, 10]
bring_in = 15
small_bet = 50
big_bet = 100
starting_stacks = [1000, 95, 1000]
actions = [
  'd dh p1 AsKs2c', 'd dh p2 QdQh3c', 'd dh p3 4d5d6d',
  'p1 pb', 'p2 cbr 50', 'p3 cbr 100', 'p1 f', 'p2 cc', 'p3 cc',
  'd dh p2 7c', 'd dh p3 8c', 'd dh p2 9c', 'd dh p3 Tc', 'd dh p2 Jc', 'd dh p3 Jd',
  'd dh p2 2h', 'd dh p3 3h',
  'p3 sm 4d5d6d8cTcJd3h', 'p2 sm QdQh3c7c9cJc2h',
]
finishing_stacks = [975, 215, 905]
"""


def test_phh_tally_short_all_in_call_side_pot_and_winnings() -> None:
    """PHH amounts: pb posts the bring-in, cbr raises to a street total, cc calls (all in for
    less when short); winnings come from finishing minus starting stacks plus chips put in."""
    tally = tally_phh(parse_phh(PHH_STUD))
    assert tally.game is Game.SEVEN_CARD_STUD
    assert tally.contributed == {1: 25, 2: 95, 3: 95}
    assert tally.folded == {1}
    assert tally.live == [2, 3]
    assert tally.won == {1: 0, 2: 215, 3: 0}
    assert len(tally.cards[2]) == 7 and tally.incomplete(2) is None
    assert tally.problems == []


def test_phh_tally_reports_finishing_stacks_that_do_not_add_up() -> None:
    """Common to every game (chip conservation): finishing stacks paying more than the pot
    are reported."""
    text = PHH_STUD.replace("[975, 215, 905]", "[975, 225, 900]")
    tally = tally_phh(parse_phh(text))
    assert tally.problems == ["finishing stacks pay 220 but the players put in 215"]


def test_phh_tally_heads_up_antes_and_blinds_are_reversed() -> None:
    """PHH heads-up: antes and blinds are read reversed (p2, the button, posts the small
    blind and here the ante)."""
    text = """
variant = 'F5CD'
antes = [3, 0]
blinds_or_straddles = [5, 10]
small_bet = 10
big_bet = 20
starting_stacks = [100, 100]
actions = ['d dh p1 ??????????', 'd dh p2 ??????????', 'p2 f']
"""
    tally = tally_phh(parse_phh(text))
    assert tally.contributed == {1: 8, 2: 8}


def test_phh_tally_marks_unknown_shown_cards_incomplete() -> None:
    """A shown hand with ``??`` or too few cards cannot be ranked: the reason says so."""
    text = PHH_STUD.replace("'p2 sm QdQh3c7c9cJc2h'", "'p2 sm ??Qh3c7c9cJc2h'")
    tally = tally_phh(parse_phh(text))
    assert tally.incomplete(2) == "player 2 has unknown (??) final cards"


STARS_COMMUNITY = """\
PokerStars Game #5005:  7 Card Stud Limit ($0.04/$0.08) - 2009/07/01 10:00:00 ET
Table 'T' 8-max
Seat 1: A ($1 in chips)
Seat 2: B ($1 in chips)
Seat 3: C ($1 in chips)
A: posts the ante $0.01
B: posts the ante $0.01
C: posts the ante $0.01
*** 3rd STREET ***
B: brings in for $0.02
A: calls $0.02
C: raises $0.02 to $0.04
A: calls $0.02
B: folds
*** RIVER *** [6h]
A: checks
C: bets $0.08
A: folds
Uncalled bet ($0.08) returned to C
C collected $0.13 from pot
*** SUMMARY ***
Total pot $0.13 | Rake $0
Board [6h]
Seat 1: A folded on the River
Seat 2: B folded on the 3rd Street
Seat 3: C collected ($0.13)
"""


def test_stars_tally_contributions_returns_and_community_card() -> None:
    """PokerStars amounts are explicit: chips added minus the uncalled bet returned; the
    7th-street community card joins every player's final cards."""
    hand = parse_file(STARS_COMMUNITY).hands[0]
    tally = tally_stars(hand)
    assert tally.contributed == {1: 5, 2: 3, 3: 5}
    assert tally.folded == {1, 2}
    assert tally.live == [3]
    assert tally.community == (parse_card("6h"),)
    assert tally.collected == {0: {3: 13}}
