"""RULES.md "Mixed games": named rotations and the orbit counting of a mixed table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.model import BettingStructure, Game, Stakes
from floorman.domain.table.rotation import (
    MAX_MIXED_SEATS,
    START,
    Choice,
    NamedRotation,
    RotationPosition,
    advance,
    named_entries,
    named_rotation,
    next_entry,
    position_after,
)
from floorman.domain.table.settings import Rotation

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


# ---------------------------------------------------------------- the next entry, one by one


HORSE = named_rotation(NamedRotation.HORSE, STAKES)


@given(st.integers(1, 8), st.lists(st.integers(2, 8), min_size=1, max_size=60))
def test_mixed_games_orbits_cycle_through_every_entry_invariant(entries, dealt_in):
    """Whatever the players dealt in: the hands group into orbits, each of one entry, in
    rotation order, each as long as its first hand's players (the last may be unfinished);
    ``advance`` one hand at a time equals ``position_after``."""
    position, played, orbits = START, [], []
    for players in dealt_in:
        entry = position.entry
        if position.hands_left == 0:
            orbits.append((entry, players))
        played.append((entry, players))
        position = advance(position, entry=entry, dealt_in=players, entries=entries)
        assert position == position_after(played, entries=entries)
    assert [entry for entry, _ in orbits] == [i % entries for i in range(len(orbits))]
    assert sum(length for _, length in orbits[:-1]) + (
        orbits[-1][1] - position.hands_left if position.hands_left else orbits[-1][1]
    ) == len(dealt_in)


def test_mixed_games_next_entry_fixed_rotation_refuses_another_game():
    """A fixed rotation deals ``position.entry``; naming it (by entry or game) is accepted,
    naming another is ``rotation.game`` with the entry expected."""
    position = RotationPosition(entry=2, hands_left=3)
    assert next_entry(HORSE, position) == 2
    assert next_entry(HORSE, position, Choice(entry=3, game=Game.RAZZ)) == 2
    with pytest.raises(RuleViolation) as refused:
        next_entry(HORSE, position, Choice(game=Game.SEVEN_CARD_STUD))
    assert refused.value.rule == "rotation.game"
    assert refused.value.expected == "entry 3 (razz fixed_limit)"
    with pytest.raises(RuleViolation):
        next_entry(HORSE, position, Choice(betting_structure=BettingStructure.NO_LIMIT))
    with pytest.raises(InvalidArgument):
        next_entry(HORSE, position, Choice(entry=6))


def test_mixed_games_next_entry_dealers_choice():
    """Dealer's choice: an orbit's first hand takes the named entry (or the first with the
    named game), the next in the list when nothing is named; mid-orbit the orbit's entry."""
    choice = Rotation(entries=HORSE.entries, dealers_choice=True)
    opening = RotationPosition(entry=1, hands_left=0)
    assert next_entry(choice, opening) == 1
    assert next_entry(choice, opening, Choice(entry=5)) == 4
    assert next_entry(choice, opening, Choice(game=Game.SEVEN_CARD_STUD)) == 3
    with pytest.raises(RuleViolation):
        next_entry(choice, opening, Choice(game=Game.BADUGI))
    with pytest.raises(RuleViolation):
        next_entry(choice, opening, Choice(entry=1, game=Game.RAZZ))
    mid = RotationPosition(entry=3, hands_left=2)
    assert next_entry(choice, mid) == 3
    with pytest.raises(RuleViolation):
        next_entry(choice, mid, Choice(entry=1))
