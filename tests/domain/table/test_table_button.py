"""RULES.md Five Card Draw 7-A "Button" and "Blinds": the dead-button rule (the default).

The big blind always moves to the next player, so nobody posts it twice or skips it; the
button or the small blind may be dead (RRoP / TDA).
"""

from __future__ import annotations

import random

import pytest
from table_support import BB, DEAD, SB, orbit, posts, seats, settings, with_seat, without

from floorman.domain.errors import RuleViolation
from floorman.domain.table.placement import Positions, place_hand
from floorman.domain.table.seats import SeatStatus

S6 = settings(seats=6)


def test_button_first_hand_starts_on_the_lowest_seat():
    """RULES.md "Button": the first hand puts the button on the lowest seat, then SB and BB."""
    placement = place_hand(settings=S6, seats=seats(2, 4, 5, 6), previous=None)
    assert placement.positions == Positions(2, 4, 5)
    assert placement.engine_button == 2
    assert posts(placement) == [(4, SB), (5, BB)]
    assert placement.dealt_in == (2, 4, 5, 6)
    assert placement.new_game


def test_button_moves_clockwise_after_each_hand():
    """RULES.md "Button": with nobody moving, button, SB and BB each advance one player."""
    placements = orbit(S6, seats(1, 2, 3, 4), 5)
    assert [p.positions for p in placements] == [
        Positions(1, 2, 3),
        Positions(2, 3, 4),
        Positions(3, 4, 1),
        Positions(4, 1, 2),
        Positions(1, 2, 3),
    ]
    assert [posts(p) for p in placements][2] == [(4, SB), (1, BB)]


def test_button_dead_button_big_blind_leaves_small_blind_is_dead():
    """RULES.md "Button" (dead button): the big blind's player leaves, so next hand the small
    blind (his seat) is dead and nobody posts it; the BB moves to the next player."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    second = place_hand(settings=S6, seats=without(first.seats, 3), previous=first.positions)
    assert second.positions == Positions(2, 3, 4)
    assert posts(second) == [(4, BB)]
    assert second.dealt_in == (1, 2, 4)
    assert second.engine_button == 2
    third = place_hand(settings=S6, seats=second.seats, previous=second.positions)
    assert third.positions == Positions(3, 4, 1)  # the button is dead on the empty seat 3
    assert posts(third) == [(4, SB), (1, BB)]
    assert third.engine_button == 2  # seat 2 acts last on two hands in a row (RRoP)


def test_button_dead_button_small_blind_leaves_button_is_dead():
    """RULES.md "Button" (dead button): the small blind's player leaves, so next hand the
    button is dead on his empty seat; last hand's BB posts the SB, the next player the BB."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    second = place_hand(settings=S6, seats=without(first.seats, 2), previous=first.positions)
    assert second.positions == Positions(2, 3, 4)
    assert posts(second) == [(3, SB), (4, BB)]
    assert second.engine_button == 1  # the deal starts left of the dead button: seat 3
    assert second.dealt_in == (1, 3, 4)


def test_button_dead_button_button_leaves_blinds_move_normally():
    """RULES.md "Button" (dead button): the button's player leaves; the blinds move on as
    usual and nobody skips or repeats the big blind."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    second = place_hand(settings=S6, seats=without(first.seats, 1), previous=first.positions)
    assert second.positions == Positions(2, 3, 4)
    assert posts(second) == [(3, SB), (4, BB)]
    third = place_hand(settings=S6, seats=second.seats, previous=second.positions)
    assert third.positions == Positions(3, 4, 2)
    assert posts(third) == [(4, SB), (2, BB)]


def test_button_dead_button_busted_big_blind_is_skipped_like_an_empty_seat():
    """RULES.md "Button": a player who busts in the big blind (stack 0, marked busted) is not
    dealt in; next hand the small blind on his seat is dead."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    busted = with_seat(first.seats, 3, stack=0, status=SeatStatus.BUSTED)
    second = place_hand(settings=S6, seats=busted, previous=first.positions)
    assert second.positions == Positions(2, 3, 4)
    assert posts(second) == [(4, BB)]
    assert 3 not in second.dealt_in


def test_button_dead_button_busted_button_and_small_blind():
    """RULES.md "Button": both the button and the small blind bust; the BB still moves to the
    next player, the button is dead on last hand's small-blind seat."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4, 5), previous=None)
    broke = with_seat(with_seat(first.seats, 1, stack=0, status=SeatStatus.BUSTED), 2, stack=0,
                      status=SeatStatus.BUSTED)  # fmt: skip
    second = place_hand(settings=S6, seats=broke, previous=first.positions)
    assert second.positions == Positions(2, 3, 4)
    assert posts(second) == [(3, SB), (4, BB)]
    assert second.dealt_in == (3, 4, 5)
    assert second.engine_button == 5  # the dead button's nearest seat dealt in, before it


def test_button_nobody_posts_the_big_blind_twice_or_skips_it_while_players_leave():
    """RULES.md "Button" (dead button): over random departures, the BB goes to the next player
    after last hand's BB each hand, so no player posts it twice in a row."""
    rng = random.Random(7)
    for _ in range(200):
        table = seats(*rng.sample(range(1, 7), rng.randint(3, 6)))
        previous = None
        last_big = None
        for _hand in range(12):
            present = sorted(table)
            if len(present) < 2:
                break
            placement = place_hand(settings=S6, seats=table, previous=previous)
            big = placement.positions.big_blind
            if previous is not None and not placement.new_game:
                start = previous.big_blind
                after = [*range(start + 1, 7), *range(1, start + 1)]
                assert big == next(s for s in after if s in table)
            assert big != last_big
            last_big, previous, table = big, placement.positions, placement.seats
            if rng.random() < 0.3:
                table = without(table, rng.choice(sorted(table)))


@pytest.mark.parametrize("leaver", [1, 2, 3])
def test_heads_up_going_from_three_players_to_two_moves_the_big_blind_on(leaver):
    """RULES.md "Heads-up": from three players to two, the BB moves to the next player (nobody
    posts it twice) and the other player has the button and posts the small blind."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3), previous=None)
    assert first.positions == Positions(1, 2, 3)
    second = place_hand(settings=S6, seats=without(first.seats, leaver), previous=first.positions)
    big = {1: 2, 2: 1, 3: 1}[leaver]
    button = ({1, 2, 3} - {leaver, big}).pop()
    assert second.positions == Positions(button, button, big)
    assert posts(second) == [(button, SB), (big, BB)]
    assert second.engine_button == button


def test_heads_up_the_button_posts_the_small_blind_and_blinds_alternate():
    """RULES.md "Heads-up": the button posts the small blind; the blinds swap every hand."""
    placements = orbit(S6, seats(2, 5), 4)
    assert [p.positions for p in placements] == [
        Positions(2, 2, 5),
        Positions(5, 5, 2),
        Positions(2, 2, 5),
        Positions(5, 5, 2),
    ]
    assert posts(placements[1]) == [(5, SB), (2, BB)]


def test_heads_up_to_three_newcomer_behind_the_big_blind_waits():
    """RULES.md "Button" / "Heads-up": heads-up X (button) and Y (BB); a newcomer sits between
    them, where the big blind passes him last: he waits, the pair plays heads-up again with
    the BB moving on, then the newcomer takes the BB and three are dealt in."""
    first = place_hand(settings=S6, seats=seats(1, 3), previous=None)
    assert first.positions == Positions(1, 1, 3)
    table = with_seat(first.seats, 2, status=SeatStatus.WAITING_FOR_BIG_BLIND)
    second = place_hand(settings=S6, seats=table, previous=first.positions)
    assert second.dealt_in == (1, 3)
    assert second.positions == Positions(3, 3, 1)
    third = place_hand(settings=S6, seats=second.seats, previous=second.positions)
    assert third.dealt_in == (1, 2, 3)
    assert third.positions == Positions(3, 1, 2)
    assert posts(third) == [(1, SB), (2, BB)]
    assert third.seats[2].status is SeatStatus.ACTIVE


def test_blinds_newcomer_posting_is_dealt_in_at_once():
    """RULES.md "Button": a newcomer who posts a big blind is dealt in at the next hand with
    a live BB in his position (outside the button and small-blind seats)."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    table = with_seat(first.seats, 6, owes_big_blind=True)
    second = place_hand(settings=S6, seats=table, previous=first.positions)
    assert second.dealt_in == (1, 2, 3, 4, 6)
    assert posts(second) == [(3, SB), (4, BB), (6, BB)]
    assert not second.seats[6].owes_big_blind


def test_blinds_newcomer_waiting_is_dealt_in_when_the_big_blind_reaches_him():
    """RULES.md "Button": a newcomer who waits for the big blind is held out until the BB
    reaches his seat, then posts it in turn."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    table = with_seat(first.seats, 6, status=SeatStatus.WAITING_FOR_BIG_BLIND)
    second = place_hand(settings=S6, seats=table, previous=first.positions)
    assert 6 not in second.dealt_in
    third = place_hand(settings=S6, seats=second.seats, previous=second.positions)
    assert third.positions == Positions(3, 4, 6)
    assert posts(third) == [(4, SB), (6, BB)]
    assert third.seats[6].status is SeatStatus.ACTIVE


def test_blinds_newcomer_between_button_and_big_blind_waits_for_the_button_to_pass():
    """RULES.md "Button" (RRoP: nobody is dealt in between the big blind and the button): a
    newcomer who posts but sits in the button / small-blind area waits one hand."""
    first = place_hand(settings=S6, seats=seats(1, 2, 4, 5), previous=None)
    assert first.positions == Positions(1, 2, 4)
    table = with_seat(first.seats, 3, owes_big_blind=True)
    second = place_hand(settings=S6, seats=table, previous=first.positions)
    assert second.positions == Positions(2, 4, 5)
    assert 3 not in second.dealt_in
    assert second.seats[3].owes_big_blind
    third = place_hand(settings=S6, seats=second.seats, previous=second.positions)
    assert third.positions == Positions(4, 5, 1)
    assert 3 in third.dealt_in
    assert posts(third) == [(5, SB), (1, BB), (3, BB)]


def test_blinds_missed_big_blind_owes_both_blinds_posted_on_return():
    """RULES.md "Button": a player sitting out when the BB passes him owes both blinds; back,
    he posts them outside the button area: the big blind live, the small blind dead."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    away = with_seat(first.seats, 4, status=SeatStatus.SITTING_OUT)
    second = place_hand(settings=S6, seats=away, previous=first.positions)
    assert second.positions == Positions(2, 3, 1)
    assert second.seats[4].owes_big_blind and second.seats[4].owes_small_blind
    back = with_seat(second.seats, 4, status=SeatStatus.ACTIVE)
    third = place_hand(settings=S6, seats=back, previous=second.positions)
    assert third.positions == Positions(3, 1, 2)
    assert 4 not in third.dealt_in  # right after the button: between the button and the BB
    fourth = place_hand(settings=S6, seats=third.seats, previous=third.positions)
    assert fourth.positions == Positions(1, 2, 3)
    assert posts(fourth) == [(2, SB), (3, BB), (4, BB), (4, DEAD)]
    dead = [b for b in fourth.forced_bets if b.seat == 4 and b.dead]
    assert [(b.amount, b.dead) for b in dead] == [(100, True)]
    assert not fourth.seats[4].owes


def test_blinds_missed_small_blind_only_is_posted_dead():
    """RULES.md "Button": last hand's big blind sits out, so the small blind on his seat is
    dead and he owes it; back, he posts it dead once the button has passed him."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    away = with_seat(first.seats, 3, status=SeatStatus.SITTING_OUT)
    second = place_hand(settings=S6, seats=away, previous=first.positions)
    assert second.positions == Positions(2, 3, 4)
    assert posts(second) == [(4, BB)]
    assert second.seats[3].owes_small_blind and not second.seats[3].owes_big_blind
    back = with_seat(second.seats, 3, status=SeatStatus.ACTIVE)
    third = place_hand(settings=S6, seats=back, previous=second.positions)
    assert third.positions == Positions(3, 4, 1)
    assert 3 not in third.dealt_in
    fourth = place_hand(settings=S6, seats=third.seats, previous=third.positions)
    assert fourth.positions == Positions(4, 1, 2)
    assert 3 in fourth.dealt_in
    assert [(b.seat, b.kind.value, b.amount, b.dead) for b in fourth.forced_bets][-1] == (
        3, "dead_blind", 100, True,
    )  # fmt: skip


def test_blinds_returning_player_waiting_for_the_big_blind_owes_nothing_then():
    """RULES.md "Button": a returning player may wait for the BB instead of posting; taking
    it in turn clears what he owed."""
    first = place_hand(settings=S6, seats=seats(1, 2, 3, 4), previous=None)
    away = with_seat(first.seats, 4, status=SeatStatus.SITTING_OUT)
    second = place_hand(settings=S6, seats=away, previous=first.positions)
    waiting = with_seat(second.seats, 4, status=SeatStatus.WAITING_FOR_BIG_BLIND)
    placements = orbit(S6, waiting, 4, previous=second.positions)
    bigs = [p.positions.big_blind for p in placements]
    assert bigs == [2, 3, 4, 1]
    assert [4 in p.dealt_in for p in placements] == [False, False, True, True]
    assert posts(placements[2]) == [(3, SB), (4, BB)]
    assert not placements[2].seats[4].owes


def test_sit_out_players_are_not_dealt_in_and_new_game_when_too_few():
    """RULES.md "Button": sitting-out and busted players are never dealt in; with one player
    left able to play the table cannot start a hand (``table.players``)."""
    table = with_seat(seats(1, 2, 3), 2, status=SeatStatus.SITTING_OUT)
    table = with_seat(table, 3, stack=0, status=SeatStatus.BUSTED)
    with pytest.raises(RuleViolation) as refused:
        place_hand(settings=S6, seats=table, previous=None)
    assert refused.value.rule == "table.players"
    assert (refused.value.expected, refused.value.actual) == ("2", "1")


def test_button_new_game_when_only_waiting_players_could_join():
    """RULES.md "Button": when the rules would deal fewer than two players in (the others
    wait), a new game starts: everyone present is dealt in, debts forgiven, and the big blind
    keeps its rotation."""
    first = place_hand(settings=S6, seats=seats(1, 4), previous=None)  # 1 button, 4 BB
    table = with_seat(without(first.seats, 4), 2, status=SeatStatus.WAITING_FOR_BIG_BLIND)
    second = place_hand(settings=S6, seats=table, previous=first.positions)
    assert second.new_game
    assert second.dealt_in == (1, 2)
    assert second.positions == Positions(2, 2, 1)  # the BB moved on from seat 4 to seat 1
    assert second.seats[2].status is SeatStatus.ACTIVE
