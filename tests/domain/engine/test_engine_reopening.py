"""Reopening is judged per player (RULES.md "Betting structures", "Reopening is judged per
player", TDA 47): a player who already acted may raise only when what it faces above its own
last bet or call, added after its own action, is at least one full raise (fixed limit: one
full bet, an all-in of half a bet or more counting as a full one).

The RULES.md example is NL 50/100 with five players A-E: A bets 100, B all in for 125, C calls
125, D all in for 200, E calls 200: A faces 100 more (a full raise: A may raise, minimum to
300), C faces 75 more (short: C may only call or fold). Here A-E are seats 1-5 of a Five Card
Draw hand on its second betting round (the button on seat 5, blinds 50/100, everyone limped
and stood pat: 500 in the pot), and the same example in pot limit and fixed limit.
"""

from __future__ import annotations

from engine_support import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    DRAW,
    FL,
    FOLD,
    NL,
    PL,
    RAISE,
    Hand,
    draw_first_round,
    stud_first_street,
)

from floorman.domain.engine import snapshot
from floorman.domain.model import BettingStructure, Game

A, B, C, D, E = 1, 2, 3, 4, 5


def second_round(structure: BettingStructure, stacks: list[int], **stakes: int) -> Hand:
    """Five Card Draw, seats 1-5 (button 5): round 1 limped and checked, everyone stands pat;
    seat 1 (A) opens round 2."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, stacks, structure=structure, **stakes)
    while hand.street == "first_round":
        hand.act(hand.to_act, CHECK if CHECK in hand.legal_map() else CALL)
    while hand.street == "draw":
        hand.act(hand.to_act, DRAW)
    assert hand.to_act == A
    return hand


def rules_example(structure: BettingStructure) -> Hand:
    """RULES.md: A bets 100, B all in for 125, C calls 125, D all in for 200, E calls 200
    (blinds 50/100; B holds 225 and D 300 before the hand, A, C and E 5000)."""
    stacks = [5000, 225, 5000, 300, 5000]
    hand = second_round(
        structure, stacks, small_blind=50, big_blind=100, small_bet=100, big_bet=100
    )
    assert snapshot(hand.state).pot_total == 500
    hand.act(A, BET, 100).act(B, RAISE, 125).act(C, CALL).act(D, RAISE, 200).act(E, CALL)
    assert hand.to_act == A
    return hand


def test_reopening_is_judged_per_player__rules_example_no_limit() -> None:
    """RULES.md NL example: A faces 100 more, a full raise: it may raise, minimum to 300
    (less is ``bet.min_raise``); after A calls, C faces 75 more, short of a full raise: it
    may only call or fold (a raise is ``fixed_limit.short_all_in``)."""
    hand = rules_example(NL)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(100, 100)], RAISE: [(300, 4900)]}
    assert hand.refuse(A, RAISE, 299) == "bet.min_raise"
    hand.act(A, CALL)
    assert hand.to_act == C
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(75, 75)]}
    assert hand.refuse(C, RAISE, 300) == "fixed_limit.short_all_in"
    assert hand.refuse(C, RAISE, 4875) == "fixed_limit.short_all_in"
    hand.act(C, CALL)
    assert snapshot(hand.state).phase == "complete"  # all in and the betting over: exposed


def test_reopening_is_judged_per_player__a_full_raise_by_a_reopens_for_c() -> None:
    """RULES.md NL example, A raises to 300 (a full raise after C's call): C now faces 175
    more and may raise again, minimum to 400 (the full raise stays 100)."""
    hand = rules_example(NL)
    hand.act(A, RAISE, 300)
    assert hand.to_act == C
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(175, 175)], RAISE: [(400, 4900)]}


def test_reopening_is_judged_per_player__rules_example_pot_limit() -> None:
    """The RULES.md example in pot limit: A may raise from 300 to the pot, 200 + (1250 in the
    pots and bets + 100 to call) = 1550 (more is ``bet.pot_limit``); C may only call or fold."""
    hand = rules_example(PL)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(100, 100)], RAISE: [(300, 1550)]}
    assert hand.refuse(A, RAISE, 299) == "bet.min_raise"
    assert hand.refuse(A, RAISE, 1551) == "bet.pot_limit"
    hand.act(A, CALL)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(75, 75)]}
    assert hand.refuse(C, RAISE, 300) == "fixed_limit.short_all_in"


def fixed_limit_example(d_all_in: int) -> Hand:
    """The RULES.md example in fixed limit 50/100 (big bet 100 on round 2): A bets 100, B all
    in for 125 (short: under half a bet), C calls 125, D all in for ``d_all_in``, E calls."""
    hand = second_round(FL, [5000, 175, 5000, 50 + d_all_in, 5000], small_bet=50, big_bet=100)
    hand.act(A, BET, 100).act(B, RAISE, 125).act(C, CALL).act(D, RAISE, d_all_in).act(E, CALL)
    assert hand.to_act == A
    return hand


def test_reopening_is_judged_per_player__fixed_limit_short_all_ins_short_of_a_bet() -> None:
    """Fixed limit: D all in for 160 (35 over 125, under half a bet): A faces 60 more and C 35,
    neither a full bet: both may only call or fold (``fixed_limit.short_all_in``)."""
    hand = fixed_limit_example(160)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(60, 60)]}
    assert hand.refuse(A, RAISE, 200) == "fixed_limit.short_all_in"
    hand.act(A, CALL)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(35, 35)]}
    assert hand.refuse(C, RAISE, 200) == "fixed_limit.short_all_in"


def test_reopening_is_judged_per_player__fixed_limit_half_a_bet_counts_as_a_full_one() -> None:
    """Fixed limit: D all in for 175 (50 over 125: half a bet, so a full raise): A and C may
    both raise, one bet above it, to 275 (another size is ``bet.amount``)."""
    hand = fixed_limit_example(175)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(75, 75)], RAISE: [(275, 275)]}
    assert hand.refuse(A, RAISE, 225) == "bet.amount"
    hand.act(A, CALL)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(50, 50)], RAISE: [(275, 275)]}


def open_pair_street() -> Hand:
    """Seven Card Stud 10/20, bring-in 5: everyone calls the bring-in; on 4th street seat 2
    shows a pair of nines (either bet size, 10 or 20) and acts first, then 3, 4, 5, 1. A = 2
    bets 10, B = 3 all in to 14, C = 4 calls 14, D = 5 all in to 18, E = 1 all in to 22: each
    all-in is under half a bet, together 12 over A's bet."""
    hand = stud_first_street(Game.SEVEN_CARD_STUD, [27, 1000, 19, 1000, 23], bring_in=5)
    hand.act(1, BRING_IN)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CALL)
    hand.stud_street({1: "3d", 2: "9h", 3: "4s", 4: "5h", 5: "8c"})
    assert hand.to_act == 2
    assert hand.legal_map()[BET] == [(10, 10), (20, 20)]
    hand.act(2, BET, 10).act(3, RAISE, 14).act(4, CALL).act(5, RAISE, 18)
    assert hand.legal_map()[RAISE] == [(20, 20), (22, 22)]
    hand.act(1, RAISE, 22)
    return hand


def test_reopening_is_judged_per_player__fixed_limit_short_all_ins_before_and_after() -> None:
    """Fixed limit (the 4th-street open pair allows an all-in between the two sizes): the
    bettor faces 12 more, added after its bet, a full bet: it may raise one bet above 22 (32 or
    42); the player who called 14 faces 8 added after its call (the 4 before it do not count):
    it may only call or fold (``fixed_limit.short_all_in``)."""
    hand = open_pair_street()
    assert hand.to_act == 2
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(12, 12)], RAISE: [(32, 32), (42, 42)]}
    hand.act(2, CALL)
    assert hand.to_act == 4
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(8, 8)]}
    assert hand.refuse(4, RAISE, 32) == "fixed_limit.short_all_in"
