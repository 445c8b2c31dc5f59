"""Hands in a row at one table (pure): stacks carry over, chips are conserved, busted seats
are marked, seat commands and refusals (RULES.md "Common to every game" chip conservation,
Five Card Draw 7-A "Button", table rule ids of :mod:`floorman.domain.table.rules`)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from table_support import new_table, play_hand, settings

from floorman.domain.engine import Finding
from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.games import game_spec
from floorman.domain.model import Game, RakePolicy
from floorman.domain.table.events import FindingRecorded, PlayerSeated, SeatSatIn, SeatSatOut
from floorman.domain.table.lobby import leave_seat, seat_player, sit_in, sit_out
from floorman.domain.table.play import begin_hand
from floorman.domain.table.seats import EntryOption, SeatStatus
from floorman.domain.table.settings import check_settings
from floorman.domain.table.state import fold


@pytest.mark.parametrize("game", list(Game))
def test_chip_conservation_across_hands_stacks_carry_over_rake_leaves(game):
    """RULES.md "Chip conservation": over 30 random hands the table's chips change only by
    the rake; each hand starts from the previous hand's final stacks."""
    seats = min(6, game_spec(game).max_players)
    base = settings(game, seats=seats, small_bet=20, ante=2 if game.is_stud else 0)
    table_settings = check_settings(replace(base, rake=RakePolicy(percent_bps=500, cap=30)))
    state = new_table(table_settings, [(1, 400), (2, 300), (4, 500)])
    rng = random.Random(hash(game.value) & 0xFFFF)
    total = 1200
    for _ in range(30):
        if sum(1 for s in state.seats.values() if s.present) < 2:
            break
        before = {n: s.stack for n, s in state.seats.items()}
        state = play_hand(state, rng, policy="random")
        run = state.last_hand
        assert {s.seat: s.stack for s in run.config.seats} == {
            s.seat: before[s.seat] for s in run.config.seats
        }
        total -= run.result.rake
        assert sum(s.stack for s in state.seats.values()) == total
        for number, stack in run.result.final_stacks.items():
            assert state.seats[number].stack == stack
            if stack == 0:
                assert state.seats[number].status is SeatStatus.BUSTED


def test_busted_player_is_marked_and_not_dealt_in_again():
    """RULES.md "Button": a player who loses every chip is marked busted and the next hand
    is dealt without him."""
    state = new_table(settings(small_bet=200), [(1, 100), (2, 5000), (3, 5000)])
    rng = random.Random(3)
    for _ in range(20):
        state = play_hand(state, rng, policy="call")
        if state.seats[1].status is SeatStatus.BUSTED:
            break
    assert state.seats[1].status is SeatStatus.BUSTED and state.seats[1].stack == 0
    started = begin_hand(state, hand_id="x")
    assert 1 not in {s.seat for s in started.config.seats}


def test_seat_player_refusals_name_the_table_rule():
    """Seat commands: a taken seat is ``seat.occupied``, a player seated twice
    ``seat.player``; a seat outside the table or a buy-in outside the limits is malformed."""
    table_settings = check_settings(replace(settings(), min_buy_in=1000, max_buy_in=5000))
    state = new_table(table_settings, [(1, 2000)])
    with pytest.raises(RuleViolation) as taken:
        seat_player(state, seat=1, player_id="zed", buy_in=2000, entry=None)
    assert (taken.value.rule, taken.value.seat) == ("seat.occupied", 1)
    with pytest.raises(RuleViolation) as twice:
        seat_player(state, seat=2, player_id="p1", buy_in=2000, entry=None)
    assert twice.value.rule == "seat.player"
    with pytest.raises(InvalidArgument) as outside:
        seat_player(state, seat=7, player_id="zed", buy_in=2000, entry=None)
    assert outside.value.violations[0].field == "seat"
    with pytest.raises(InvalidArgument) as poor:
        seat_player(state, seat=2, player_id="zed", buy_in=999, entry=None)
    assert [(v.field, v.rule) for v in poor.value.violations] == [("buy_in", "buy_in.amount")]
    event = seat_player(state, seat=2, player_id="zed", buy_in=1000, entry=None)
    assert event == PlayerSeated(
        seat=2, player_id="zed", buy_in=1000, entry=EntryOption.WAIT_FOR_BIG_BLIND
    )


def test_sit_out_sit_in_and_leave_follow_the_seat_status():
    """RULES.md "Button" (a player may sit out): sitting out twice or sitting in while active
    is ``seat.status``; leaving an empty seat is ``seat.empty``; a player in the hand in
    progress may not leave (``hand.in_progress``)."""
    state = new_table(settings(), [(1, 2000), (2, 2000), (3, 2000)])
    state = fold(state, sit_out(state, seat=2), sequence=state.sequence + 1)
    assert state.seats[2].status is SeatStatus.SITTING_OUT
    with pytest.raises(RuleViolation) as again:
        sit_out(state, seat=2)
    assert again.value.rule == "seat.status"
    with pytest.raises(RuleViolation) as active:
        sit_in(state, seat=1, entry=None)
    assert active.value.rule == "seat.status"
    with pytest.raises(RuleViolation) as empty:
        leave_seat(state, seat=5)
    assert empty.value.rule == "seat.empty"
    event = sit_in(state, seat=2, entry=None)
    assert event == SeatSatIn(seat=2, entry=EntryOption.POST_BIG_BLIND)
    started = begin_hand(state, hand_id="h1")
    state = fold(state, started, sequence=state.sequence + 1)
    with pytest.raises(RuleViolation) as playing:
        leave_seat(state, seat=1)
    assert playing.value.rule == "hand.in_progress"
    assert leave_seat(state, seat=2).cash_out == 2000  # not dealt in: may leave


def test_sitting_in_before_missing_a_blind_owes_nothing():
    """RULES.md "Button": a player who sits out and comes back before any blind passed him
    owes nothing and is simply active."""
    state = new_table(settings(), [(1, 2000), (2, 2000), (3, 2000)])
    state = fold(state, SeatSatOut(seat=3), sequence=state.sequence + 1)
    state = fold(state, sit_in(state, seat=3, entry=None), sequence=state.sequence + 1)
    seat = state.seats[3]
    assert (seat.status, seat.owes_small_blind, seat.owes_big_blind) == (
        SeatStatus.ACTIVE, False, False,
    )  # fmt: skip


def test_findings_change_nothing_but_the_sequence():
    """A finding event annotates the log: the state, and the oldest sequence a caller may
    still hold, stay as they were."""
    state = new_table(settings(), [(1, 2000), (2, 2000)])
    after = fold(
        state,
        FindingRecorded(hand_id="", finding=Finding("hand.complete", "no hand")),
        sequence=state.sequence + 1,
    )
    assert after.sequence == state.sequence + 1
    assert after.state_sequence == state.state_sequence
    assert replace(after, sequence=state.sequence) == state


def test_start_hand_refused_while_a_hand_is_unsettled():
    """``hand.in_progress``: the next hand cannot start before the last one is settled."""
    state = new_table(settings(), [(1, 2000), (2, 2000)])
    state = fold(state, begin_hand(state, hand_id="h1"), sequence=state.sequence + 1)
    with pytest.raises(RuleViolation) as refused:
        begin_hand(state, hand_id="h2")
    assert refused.value.rule == "hand.in_progress"
