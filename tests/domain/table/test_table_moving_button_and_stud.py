"""RULES.md "Button" (the moving-button table option) and Seven Card Stud family "dealer
position" (fixed, antes only, newcomers dealt in next hand, no blinds)."""

from __future__ import annotations

from table_support import ANTE, BB, SB, orbit, posts, seats, settings, with_seat, without

from floorman.domain.model import ForcedBetKind, Game
from floorman.domain.table.placement import Positions, place_hand
from floorman.domain.table.seats import SeatStatus
from floorman.domain.table.settings import ButtonRule

MOVING = settings(seats=6, rule=ButtonRule.MOVING_BUTTON)


def test_moving_button_small_blind_leaves_button_moves_to_next_active_player():
    """RULES.md "Button" (moving button option): the button moves to the next active player
    and the blinds follow it: nothing is dead."""
    first = place_hand(settings=MOVING, seats=seats(1, 2, 3, 4), previous=None)
    second = place_hand(settings=MOVING, seats=without(first.seats, 2), previous=first.positions)
    assert second.positions == Positions(3, 4, 1)
    assert posts(second) == [(4, SB), (1, BB)]
    assert second.engine_button == 3


def test_moving_button_big_blind_leaves_blinds_follow_the_button():
    """RULES.md "Button" (moving button): the BB leaves; button, SB and BB are the next three
    active players."""
    first = place_hand(settings=MOVING, seats=seats(1, 2, 3, 4), previous=None)
    second = place_hand(settings=MOVING, seats=without(first.seats, 3), previous=first.positions)
    assert second.positions == Positions(2, 4, 1)
    assert posts(second) == [(4, SB), (1, BB)]


def test_moving_button_sitting_out_player_skipped_owes_blinds():
    """RULES.md "Button" (moving button): a player sitting out when the blinds pass him owes
    them (both after the BB passes, the SB after only the SB passes)."""
    first = place_hand(settings=MOVING, seats=seats(1, 2, 3, 4, 5), previous=None)
    away = with_seat(first.seats, 3, status=SeatStatus.SITTING_OUT)
    second = place_hand(settings=MOVING, seats=away, previous=first.positions)
    assert second.positions == Positions(2, 4, 5)
    assert second.seats[3].owes_small_blind and not second.seats[3].owes_big_blind
    away = with_seat(second.seats, 1, status=SeatStatus.SITTING_OUT)
    third = place_hand(settings=MOVING, seats=away, previous=second.positions)
    assert third.positions == Positions(4, 5, 2)
    assert third.seats[1].owes_big_blind and third.seats[1].owes_small_blind


def test_moving_button_heads_up_button_alternates():
    """RULES.md "Heads-up" with the moving button: the button (small blind) alternates."""
    placements = orbit(MOVING, seats(3, 6), 3)
    assert [p.positions for p in placements] == [
        Positions(3, 3, 6),
        Positions(6, 6, 3),
        Positions(3, 3, 6),
    ]


def test_moving_button_three_to_two_button_moves_on():
    """RULES.md "Heads-up" with the moving button: from three to two players the button moves
    to the next active player, who posts the small blind."""
    first = place_hand(settings=MOVING, seats=seats(1, 2, 3), previous=None)
    second = place_hand(settings=MOVING, seats=without(first.seats, 3), previous=first.positions)
    assert second.positions == Positions(2, 2, 1)
    assert posts(second) == [(2, SB), (1, BB)]


STUD = settings(Game.SEVEN_CARD_STUD, seats=8, ante=25, dealer_seat=3)


def test_stud_dealer_position_is_fixed_and_every_player_antes():
    """RULES.md Seven Card Stud family: the dealer position never moves; antes only."""
    placements = orbit(STUD, seats(1, 2, 5, 7), 3)
    for placement in placements:
        assert placement.positions is None
        assert placement.engine_button == 3
        assert [(b.seat, b.kind) for b in placement.forced_bets] == [
            (1, ANTE), (2, ANTE), (5, ANTE), (7, ANTE),
        ]  # fmt: skip
        assert all(b.amount == 25 for b in placement.forced_bets)
        assert not any(b.kind in (ForcedBetKind.BIG_BLIND, ForcedBetKind.SMALL_BLIND)
                       for b in placement.forced_bets)  # fmt: skip


def test_stud_newcomer_is_dealt_in_next_hand_without_blinds():
    """RULES.md Seven Card Stud family: a newcomer is dealt in at the next hand and only antes,
    whatever entry option he chose; sitting-out and busted players are left out."""
    table = with_seat(seats(1, 2, 4), 6, owes_big_blind=False)
    table = with_seat(table, 2, status=SeatStatus.SITTING_OUT)
    table = with_seat(table, 4, stack=0, status=SeatStatus.BUSTED)
    placement = place_hand(settings=STUD, seats=table, previous=None)
    assert placement.dealt_in == (1, 6)
    assert [b.kind for b in placement.forced_bets] == [ANTE, ANTE]


def test_stud_without_ante_posts_nothing():
    """RULES.md "Stakes defaults": ante 0 means no ante, so a stud hand starts with no forced
    bet (the bring-in is acted, not posted)."""
    placement = place_hand(
        settings=settings(Game.RAZZ, seats=8), seats=seats(1, 2, 3), previous=None
    )
    assert placement.forced_bets == ()
    assert placement.engine_button == 0
