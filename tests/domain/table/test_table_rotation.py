"""RULES.md "Mixed games": named rotations and the orbit counting of a mixed table."""

from __future__ import annotations

import pytest

from floorman.domain.model import BettingStructure, Game, Stakes
from floorman.domain.table.rotation import (
    MAX_MIXED_SEATS,
    NamedRotation,
    RotationPosition,
    named_entries,
    position_after,
)

STAKES = Stakes(small_bet=20)


def test_mixed_games_horse_entries_in_order_fixed_limit_with_the_table_stakes():
    entries = named_entries(NamedRotation.HORSE, STAKES)
    assert [e.game for e in entries] == [
        Game.TEXAS_HOLDEM,
        Game.OMAHA_HI_LO,
        Game.RAZZ,
        Game.SEVEN_CARD_STUD,
        Game.SEVEN_CARD_STUD_HI_LO,
    ]
    assert {e.betting_structure for e in entries} == {BettingStructure.FIXED_LIMIT}
    assert {e.stakes for e in entries} == {STAKES}
    assert MAX_MIXED_SEATS == 8


def test_mixed_games_eight_game_entries_now_that_deuce_to_seven_triple_draw_is_dealt():
    entries = named_entries(NamedRotation.EIGHT_GAME, STAKES)
    assert [(e.game, e.betting_structure) for e in entries] == [
        (Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, BettingStructure.FIXED_LIMIT),
        (Game.TEXAS_HOLDEM, BettingStructure.FIXED_LIMIT),
        (Game.OMAHA_HI_LO, BettingStructure.FIXED_LIMIT),
        (Game.RAZZ, BettingStructure.FIXED_LIMIT),
        (Game.SEVEN_CARD_STUD, BettingStructure.FIXED_LIMIT),
        (Game.SEVEN_CARD_STUD_HI_LO, BettingStructure.FIXED_LIMIT),
        (Game.TEXAS_HOLDEM, BettingStructure.NO_LIMIT),
        (Game.OMAHA, BettingStructure.POT_LIMIT),
    ]


def test_mixed_games_each_entry_plays_one_orbit_of_the_players_dealt_in_at_its_first_hand():
    assert position_after([], entries=5) == RotationPosition(0, 0)
    # entry 0 opens with 4 players: 4 hands
    played = [(0, 4), (0, 4), (0, 4)]
    assert position_after(played, entries=5) == RotationPosition(0, 1)
    assert position_after([*played, (0, 4)], entries=5) == RotationPosition(1, 0)


def test_mixed_games_joins_and_leaves_mid_orbit_do_not_change_its_length():
    # entry 0 opens with 3 players; a fourth joins (4 dealt in), one leaves (3): still 3 hands
    played = [(0, 3), (0, 4), (0, 3)]
    assert position_after(played, entries=2) == RotationPosition(1, 0)
    # entry 1 opens with 5 players, then the rotation wraps to entry 0
    played += [(1, 5)] * 5
    assert position_after(played, entries=2) == RotationPosition(0, 0)


def test_mixed_games_dealers_choice_orbit_keeps_the_entry_its_first_hand_named():
    # the button named entry 2 of 3; the orbit of 2 hands keeps it, then entry 0 is next in
    # list order (a dealer's-choice table lets the next button name any entry instead)
    assert position_after([(2, 2)], entries=3) == RotationPosition(2, 1)
    assert position_after([(2, 2), (2, 2)], entries=3) == RotationPosition(0, 0)


def test_mixed_games_a_rotation_has_entries():
    with pytest.raises(ValueError):
        position_after([], entries=0)


def test_mixed_games_unseen_button_moves_one_seat_per_stud_hand():
    from floorman.domain.table.placement import Positions
    from floorman.domain.table.rotation import unseen_button

    # the Hold'em orbit ended with the button on seat 2; two Razz hands move it to 4 then 6
    first = unseen_button(Positions(2, 4, 6), [2, 4, 6, 7], 8)
    assert first == Positions(4, 6, 7)
    second = unseen_button(first, [2, 4, 6, 7], 8)
    assert second == Positions(6, 7, 2)
    # seat 7 left mid-orbit: the button skips its seat
    assert unseen_button(second, [2, 4, 6], 8) == Positions(2, 4, 6)
    # heads-up the button is the small blind; the first hand puts it on the lowest seat
    assert unseen_button(Positions(2, 2, 5), [2, 5], 8) == Positions(5, 5, 2)
    assert unseen_button(None, [3, 5, 8], 8) == Positions(3, 5, 8)
    with pytest.raises(ValueError):
        unseen_button(None, [3], 8)
