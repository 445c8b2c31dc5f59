"""Fixed limit: bet sizes, the cap, short all-ins (RULES.md "Betting structures")."""

from __future__ import annotations

import pytest
from engine_support import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    DRAW,
    DRAWS,
    FOLD,
    RAISE,
    STUDS,
    Hand,
    draw_first_round,
    stud_first_street,
    table,
)

from floorman.domain.engine import snapshot
from floorman.domain.model import Game

ALL_GAMES = (*DRAWS, *STUDS)


def opened(game: Game, stacks: list[int]) -> tuple[Hand, list[int]]:
    """A first betting round where the first full bet is in and the seats still to act.

    Draw: the big blind is the first bet; order 3, 4, ..., 1, 2. Stud: seat 1 brings in,
    seat 2 completes (the first bet); then 3, 4, ..., 1.
    """
    if game.is_draw:
        return draw_first_round(game, stacks), [3, 4, 1, 2]
    hand = stud_first_street(game, stacks, bring_in=5)
    hand.act(1, BRING_IN).act(2, COMPLETE, 10)
    return hand, [3, 4, 1]


# --- bet sizes -----------------------------------------------------------------------------


def test_fixed_limit__draw_small_bet_before_the_draw_big_bet_after() -> None:
    """RULES.md "Five Card Draw, 7-A": round 1 bets and raises are the small bet, round 2 the
    big bet; any other size is ``bet.amount``."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW_7A, [500, 500, 500])
    assert hand.legal_map()[RAISE] == [(20, 20)]
    assert hand.refuse(3, RAISE, 30) == "bet.amount"
    hand.act(3, CALL).act(1, CALL).act(2, CHECK)
    hand.act(1, DRAW).act(2, DRAW).act(3, DRAW)
    assert hand.street == "second_round"
    assert hand.legal_map()[BET] == [(20, 20)]
    assert hand.refuse(1, BET, 10) == "bet.amount"
    hand.act(1, BET, 20)
    assert hand.legal_map()[RAISE] == [(40, 40)]


def test_fixed_limit__stud_small_bet_on_3rd_and_4th_big_bet_from_5th() -> None:
    """RULES.md "Seven Card Stud family": small bet on 3rd and 4th streets, big bet on 5th-7th."""
    hand = stud_first_street(Game.SEVEN_CARD_STUD, [500, 500], bring_in=5)
    hand.act(1, BRING_IN).act(2, CALL)
    hand.stud_street({1: "3c", 2: "4d"})
    assert hand.legal_map()[BET] == [(10, 10)]
    hand.act(2, CHECK).act(1, CHECK)
    hand.stud_street({1: "5c", 2: "6d"})
    assert hand.legal_map()[BET] == [(20, 20)]
    assert hand.refuse(hand.to_act, BET, 10) == "bet.amount"


def test_fixed_limit__five_card_stud_big_bet_on_4th_and_5th() -> None:
    """RULES.md "Five Card Stud": small bet on 2nd and 3rd streets, big bet on 4th and 5th."""
    hand = stud_first_street(Game.FIVE_CARD_STUD, [500, 500], bring_in=5)
    hand.act(1, BRING_IN).act(2, CALL)
    hand.stud_street({1: "3c", 2: "4d"})
    assert hand.legal_map()[BET] == [(10, 10)]
    hand.act(2, CHECK).act(1, CHECK)
    hand.stud_street({1: "5c", 2: "6d"})
    assert hand.legal_map()[BET] == [(20, 20)]


# --- the cap -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ALL_GAMES)
def test_fixed_limit__cap_is_four_bets_and_blind_or_completion_counts_first(game: Game) -> None:
    """RULES.md "Fixed limit": at most 4 bets a round; a blind or a stud completion counts as
    the first bet, the bring-in does not; a raise after the cap is ``fixed_limit.cap``."""
    hand, order = opened(game, [1000, 1000, 1000, 1000])
    assert snapshot(hand.state).bets_this_round == 1
    hand.act(order[0], RAISE, 20).act(order[1], RAISE, 30).act(order[2], RAISE, 40)
    assert snapshot(hand.state).bets_this_round == 4
    nxt = hand.to_act
    assert RAISE not in hand.legal_map()
    assert hand.refuse(nxt, RAISE, 50) == "fixed_limit.cap"
    assert hand.legal_map()[CALL][0][0] == 40 - snapshot(hand.state).seats[nxt - 1].bet


@pytest.mark.parametrize("game", STUDS)
def test_fixed_limit__bring_in_is_not_a_bet(game: Game) -> None:
    """RULES.md "Fixed limit": after the bring-in the round has no bet yet; COMPLETE is first."""
    hand = stud_first_street(game, [1000] * 3, bring_in=5)
    hand.act(1, BRING_IN)
    view = snapshot(hand.state)
    assert (view.bets_this_round, view.current_bet) == (0, 5)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(5, 5)], COMPLETE: [(10, 10)]}
    assert hand.refuse(2, COMPLETE, 15) == "bet.amount"
    assert hand.refuse(2, BET, 10) == "action.not_allowed"


@pytest.mark.parametrize("game", STUDS)
def test_fixed_limit__completion_written_as_a_bet_or_a_raise(game: Game) -> None:
    """Histories write a completion as a bet (the bring-in seat opening for the small bet) or
    as a raise over the bring-in; both stand for COMPLETE and count as the first bet."""
    hand = stud_first_street(game, [1000] * 3, bring_in=5)
    hand.act(1, BET, 10)
    assert snapshot(hand.state).bets_this_round == 1
    other = stud_first_street(game, [1000] * 3, bring_in=5)
    other.act(1, BRING_IN).act(2, RAISE, 10)
    assert snapshot(other.state).bets_this_round == 1
    assert other.legal_map()[RAISE] == [(20, 20)]


@pytest.mark.parametrize("game", ALL_GAMES)
def test_fixed_limit__cap_applies_heads_up_by_default(game: Game) -> None:
    """RULES.md "Fixed limit": the cap still applies heads-up (house choice)."""
    hand, _ = opened(game, [1000, 1000, 1000, 1000])
    while hand.state.live_count() > 2:
        hand.act(hand.to_act, FOLD)
    for total in (20, 30, 40):
        hand.act(hand.to_act, RAISE, total)
    assert hand.refuse(hand.to_act, RAISE, 50) == "fixed_limit.cap"


@pytest.mark.parametrize("game", ALL_GAMES)
def test_fixed_limit__uncapped_heads_up_is_configurable(game: Game) -> None:
    """RULES.md "Fixed limit": ``uncapped_heads_up`` lifts the cap with two players left."""
    if game.is_draw:
        hand = draw_first_round(game, [1000, 1000], uncapped_heads_up=True)
    else:
        hand = stud_first_street(game, [1000, 1000], bring_in=5, uncapped_heads_up=True)
        hand.act(1, BRING_IN).act(2, COMPLETE, 10)
    for total in (20, 30, 40, 50, 60):
        hand.act(hand.to_act, RAISE, total)
    assert snapshot(hand.state).bets_this_round == 6


def test_fixed_limit__uncapped_heads_up_keeps_the_cap_three_handed() -> None:
    """With ``uncapped_heads_up`` and three players in, the cap of 4 bets still holds."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [1000, 1000, 1000], uncapped_heads_up=True)
    hand.act(3, RAISE, 20).act(1, RAISE, 30).act(2, RAISE, 40)
    assert hand.refuse(3, RAISE, 50) == "fixed_limit.cap"


# --- short all-ins -------------------------------------------------------------------------


def short_all_in(game: Game, total: int) -> tuple[Hand, int, int]:
    """First round, small bet 10: a full bet of 10 is in, then a player goes all in to
    ``total``. Returns the hand, a seat that already acted, and the next seat (yet to act)."""
    if game.is_draw:
        # seat 3 calls the big blind (acts), seat 4 goes all in, seat 5 is yet to act
        hand = draw_first_round(game, [1000, 1000, 1000, total, 1000])
        hand.act(3, CALL).act(4, RAISE, total)
        return hand, 3, 5
    hand = stud_first_street(game, [1000, 1000, total + 0, 1000], bring_in=5)
    hand.act(1, BRING_IN).act(2, COMPLETE, 10).act(3, RAISE, total)
    return hand, 2, 4


@pytest.mark.parametrize("game", ALL_GAMES)
def test_fixed_limit__short_all_in_under_half_bet_does_not_reopen(game: Game) -> None:
    """RULES.md "Short all-ins": an all-in of less than half a bet does not reopen the betting
    for players who already acted (``fixed_limit.short_all_in``); a player yet to act may
    fold, call it, or complete to the full bet (a raise)."""
    hand, acted, yet = short_all_in(game, 14)
    assert hand.to_act == yet
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(14, 14)], RAISE: [(20, 20)]}
    assert hand.refuse(yet, RAISE, 24) == "bet.amount"
    hand.act(yet, CALL)
    while hand.to_act != acted:
        hand.act(hand.to_act, CALL)
    assert RAISE not in hand.legal_map()
    assert hand.legal_map()[CALL] == [(4, 4)]
    assert hand.refuse(acted, RAISE, 20) == "fixed_limit.short_all_in"
    assert hand.refuse(acted, RAISE, 24) == "fixed_limit.short_all_in"


@pytest.mark.parametrize("game", ALL_GAMES)
def test_fixed_limit__short_all_in_of_half_a_bet_counts_as_a_full_raise(game: Game) -> None:
    """RULES.md "Short all-ins": 10/20, bet 10, all-in to 16: others may call 16 or raise to 26,
    and the betting is reopened for players who already acted."""
    hand, acted, yet = short_all_in(game, 16)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(16, 16)], RAISE: [(26, 26)]}
    assert snapshot(hand.state).bets_this_round == 2
    hand.act(yet, CALL)
    while hand.to_act != acted:
        hand.act(hand.to_act, CALL)
    assert hand.legal_map()[RAISE] == [(26, 26)]
    hand.act(acted, RAISE, 26)
    assert snapshot(hand.state).bets_this_round == 3


def test_fixed_limit__second_short_all_in_of_half_a_bet_reopens() -> None:
    """RULES.md "Short all-ins": 10 -> 14 (short) -> 19: the second all-in adds half a bet, so
    it counts as a full raise; the betting reopens and the next raise goes to 29."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [1000, 1000, 1000, 14, 19, 1000])
    hand.act(3, CALL).act(4, RAISE, 14)
    assert snapshot(hand.state).bets_this_round == 1
    hand.act(5, RAISE, 19)
    assert snapshot(hand.state).bets_this_round == 2
    assert hand.legal_map()[RAISE] == [(29, 29)]
    hand.act(6, CALL).act(1, CALL).act(2, CALL)
    assert hand.to_act == 3
    assert hand.legal_map()[RAISE] == [(29, 29)]


def test_fixed_limit__short_all_ins_short_of_a_full_bet_together_do_not_reopen() -> None:
    """RULES.md "Short all-ins": 10 -> 14 -> 18 -> 19, each under half a bet and 9 in all,
    less than a full bet: a player who already acted may only call or fold."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [1000, 1000, 1000, 14, 18, 19])
    hand.act(3, CALL).act(4, RAISE, 14).act(5, RAISE, 18).act(6, RAISE, 19)
    hand.act(1, CALL).act(2, CALL)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(9, 9)]}
    assert hand.refuse(3, RAISE, 20) == "fixed_limit.short_all_in"


def test_fixed_limit__all_in_call_for_less_than_the_bet() -> None:
    """A player short of the call calls all in (CALL min = max = its stack, all_in)."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [1000, 1000, 7])
    entry = next(e for e in hand.legal() if e.type is CALL)
    assert (entry.min_amount, entry.max_amount, entry.all_in) == (7, 7, True)
    hand.act(3, CALL)
    assert snapshot(hand.state).seats[2].all_in


def test_fixed_limit__all_in_bet_below_the_bet_size_is_its_own_entry() -> None:
    """An all-in below the fixed bet is listed alone with min = max = the all-in total."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [1000, 1000, 16])
    raises = [e for e in hand.legal() if e.type is RAISE]
    assert [(e.min_amount, e.max_amount, e.all_in) for e in raises] == [(16, 16, True)]
    assert hand.refuse(3, RAISE, 15) == "bet.amount"
    assert hand.refuse(3, RAISE, 20) == "stack.insufficient"


def test_fixed_limit__raise_capped_by_what_the_opponent_can_match() -> None:
    """A raise to exactly what the only opponent can still match stands for the full raise
    (the excess would come back uncalled): the corpus hand FR/wsop-2023-43-5-h85."""
    hand = Hand(table(Game.RAZZ, [2650, 27050], small_bet=300, big_bet=600, ante=100,
                      bring_in=100), reserve="Ad 2s Qd Td Jd 8s")  # fmt: skip
    hand.stud_street({1: "4c", 2: "8d"}, {1: "8c 2h", 2: "4h 3d"})
    hand.act(2, BRING_IN).act(1, COMPLETE, 300).act(2, RAISE, 600).act(1, CALL)
    hand.stud_street({1: "Ad", 2: "2s"})
    hand.act(1, BET, 300).act(2, RAISE, 600).act(1, CALL)
    hand.stud_street({1: "Qd", 2: "Td"})
    hand.act(2, BET, 600).act(1, CALL)
    hand.stud_street({1: "Jd", 2: "8s"})
    hand.act(1, BET, 600)
    assert hand.refuse(2, RAISE, 700) == "bet.amount"
    hand.act(2, RAISE, 750)
    hand.act(1, CALL)
    assert snapshot(hand.state).seats[0].all_in


@pytest.mark.parametrize("game", STUDS)
def test_fixed_limit__all_in_completion_of_half_a_bet_is_the_full_completion(game: Game) -> None:
    """RULES.md "Betting structures": a stud bring-in is no bet and an all-in of half a bet or
    more counts as a full bet. 10/20 with a bring-in of 5: seat 2 completes all in to 8 (half
    of 10 or more, measured from nothing): it is the round's first bet; the next player may
    call 8 or raise one full bet above it, to 18, and the bring-in seat, which already acted,
    may raise to 18 too."""
    hand = stud_first_street(game, [1000, 8, 1000, 1000], bring_in=5)
    hand.act(1, BRING_IN).act(2, COMPLETE, 8)
    assert snapshot(hand.state).bets_this_round == 1
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(8, 8)], RAISE: [(18, 18)]}
    hand.act(3, CALL).act(4, CALL)
    assert hand.to_act == 1
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(3, 3)], RAISE: [(18, 18)]}


@pytest.mark.parametrize("game", STUDS)
def test_fixed_limit__all_in_completion_under_half_a_bet_is_short(game: Game) -> None:
    """RULES.md "Short all-ins": 10/20 with a bring-in of 2: seat 2 completes all in to 4,
    under half a bet: no bet yet; the next player may call 4 or complete to 10, and once
    everyone calls 4 the bring-in seat may only call or fold."""
    hand = stud_first_street(game, [1000, 4, 1000, 1000], bring_in=2)
    hand.act(1, BRING_IN).act(2, COMPLETE, 4)
    assert snapshot(hand.state).bets_this_round == 0
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(4, 4)], COMPLETE: [(10, 10)]}
    hand.act(3, CALL).act(4, CALL)
    assert hand.to_act == 1
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(2, 2)]}
