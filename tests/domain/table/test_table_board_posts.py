"""Between hands at a community-card table (RULES.md "Hold'em and Omaha": blinds, the button,
newcomers, missed and dead blinds and heads-up follow Five Card Draw; the table's straddle and
big-blind ante every hand; docs/rules.md "Community-card games")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from table_support import BB, DEAD, SB, posts, seats, settings, with_seat, without

from floorman.domain.model import ForcedBetKind, Game
from floorman.domain.table.placement import Positions, place_hand
from floorman.domain.table.seats import SeatStatus

STRADDLE = ForcedBetKind.STRADDLE
BBA = ForcedBetKind.BIG_BLIND_ANTE
BOARD = [Game.TEXAS_HOLDEM, Game.OMAHA, Game.SHORT_DECK_HOLDEM]


def board_settings(game: Game = Game.TEXAS_HOLDEM, **stakes: int):
    base = settings(game, seats=6)
    return replace(base, stakes=replace(base.stakes, **stakes))


@pytest.mark.parametrize("game", BOARD, ids=lambda g: g.value)
def test_board_table_dead_button_as_the_draw_games(game):
    """RULES.md "Hold'em and Omaha" -> "Five Card Draw, 7-A" Button (dead button): the big
    blind's player leaves; next hand the small blind is dead, then the button."""
    table = board_settings(game)
    first = place_hand(settings=table, seats=seats(1, 2, 3, 4), previous=None)
    second = place_hand(settings=table, seats=without(first.seats, 3), previous=first.positions)
    assert (second.positions, posts(second)) == (Positions(2, 3, 4), [(4, BB)])
    third = place_hand(settings=table, seats=second.seats, previous=second.positions)
    assert (third.positions, posts(third), third.engine_button) == (
        Positions(3, 4, 1), [(4, SB), (1, BB)], 2)  # fmt: skip


@pytest.mark.parametrize("game", BOARD, ids=lambda g: g.value)
def test_board_table_missed_blinds_posted_on_return_big_live_small_dead(game):
    """RULES.md "Five Card Draw, 7-A" Button (via "Hold'em and Omaha"): a player who sat out
    while both blinds passed posts the big blind live and the small blind dead on return."""
    table = board_settings(game)
    first = place_hand(settings=table, seats=seats(1, 2, 3, 4, 5), previous=None)
    hand, current = first, with_seat(first.seats, 5, status=SeatStatus.SITTING_OUT)
    for _ in range(3):  # the big blind passes seat 5 (4 -> 1), then 2
        hand = place_hand(settings=table, seats=current, previous=hand.positions)
        current = hand.seats
    assert current[5].owes_big_blind and current[5].owes_small_blind
    back = with_seat(current, 5, status=SeatStatus.ACTIVE)
    returned = place_hand(settings=table, seats=back, previous=hand.positions)
    assert returned.positions == Positions(1, 2, 3)
    assert posts(returned) == [(2, SB), (3, BB), (5, BB), (5, DEAD)]
    assert returned.dealt_in == (1, 2, 3, 4, 5)


def test_board_table_straddle_left_of_the_big_blind_and_big_blind_ante_every_hand():
    """RULES.md "Hold'em and Omaha": the straddle by the first seat left of the big blind and
    the big-blind ante by the big blind, hand after hand as the button moves."""
    table = board_settings(straddle=400, big_blind_ante=200)
    hand = place_hand(settings=table, seats=seats(1, 2, 4, 5), previous=None)
    assert posts(hand) == [(2, SB), (4, BB), (4, BBA), (5, STRADDLE)]
    hand = place_hand(settings=table, seats=hand.seats, previous=hand.positions)
    assert posts(hand) == [(4, SB), (5, BB), (5, BBA), (1, STRADDLE)]


def test_board_table_no_straddle_heads_up_short_or_posting_another_blind():
    """docs/rules.md "Community-card games": no straddle heads-up; none from a seat whose stack
    cannot cover it; none from a newcomer posting its entry big blind in that seat."""
    table = board_settings(straddle=400, big_blind_ante=200)
    heads_up = place_hand(settings=table, seats=seats(1, 2), previous=None)
    assert STRADDLE not in {kind for _, kind in posts(heads_up)}
    assert (heads_up.positions.big_blind, BBA) in posts(heads_up)
    short = with_seat(seats(1, 2, 3), 1, stack=399)
    first = place_hand(settings=table, seats=short, previous=None)
    assert posts(first) == [(2, SB), (3, BB), (3, BBA)]  # seat 1 (left of the BB) is short
    hand = place_hand(settings=table, seats=seats(1, 2, 3, 4), previous=None)
    newcomer = with_seat(hand.seats, 5, owes_big_blind=True)
    after = place_hand(settings=table, seats=newcomer, previous=hand.positions)
    assert after.positions == Positions(2, 3, 4)
    assert posts(after) == [(3, SB), (4, BB), (5, BB), (4, BBA)]
