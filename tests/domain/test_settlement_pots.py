"""Uncalled bets and side pots (RULES.md "Common to every game")."""

from __future__ import annotations

import pytest

from floorman.domain.errors import InvalidArgument
from floorman.domain.settlement import build_pots, return_uncalled


def test_common_uncalled_bet_raise_nobody_calls_is_returned() -> None:
    """Common to every game (uncalled bet): a raise to 30 over blinds 5/10 returns 20."""
    net, returned = return_uncalled({1: 5, 2: 10, 3: 30})
    assert returned == {3: 20}
    assert net == {1: 5, 2: 10, 3: 10}


def test_common_uncalled_bet_all_in_bigger_than_every_caller_is_returned() -> None:
    """Common to every game (uncalled bet): all-in 500 called for 300 and 200: 200 back."""
    net, returned = return_uncalled({1: 500, 2: 300, 3: 200})
    assert returned == {1: 200}
    assert net == {1: 300, 2: 300, 3: 200}


def test_common_uncalled_bet_counts_folded_seats_contributions() -> None:
    """Common to every game (uncalled bet): a folded seat's 100 is the level that was called."""
    net, returned = return_uncalled({1: 100, 2: 400, 3: 0})
    assert returned == {2: 300}
    assert net == {1: 100, 2: 100, 3: 0}


def test_common_uncalled_bet_short_ante_unmatched_part_returned() -> None:
    """Common to every game (short ante): a 4-chip all-in ante leaves 6 of 10 unmatched."""
    net, returned = return_uncalled({1: 4, 2: 10})
    assert returned == {2: 6}
    assert net == {1: 4, 2: 4}


def test_common_uncalled_bet_nothing_returned_when_largest_is_matched() -> None:
    """Common to every game (uncalled bet): two equal largest contributions return nothing."""
    net, returned = return_uncalled({1: 200, 2: 200, 3: 50})
    assert returned == {}
    assert net == {1: 200, 2: 200, 3: 50}


def test_common_uncalled_bet_lone_contributor_gets_everything_back() -> None:
    """Common to every game (uncalled bet): a lone bet with nobody else in is all returned."""
    assert return_uncalled({4: 60, 5: 0}) == ({4: 0, 5: 0}, {4: 60})
    assert return_uncalled({}) == ({}, {})


def test_common_side_pots_three_all_ins_of_different_stacks_and_a_caller() -> None:
    """Common to every game (side pots): all-ins 100/250/400 and a call: main + 2 side pots."""
    pots = build_pots({1: 100, 2: 250, 3: 400, 4: 400}, set())
    assert pots == [(400, (1, 2, 3, 4)), (450, (2, 3, 4)), (300, (3, 4))]


def test_common_side_pots_three_way_all_in_after_return() -> None:
    """Common to every game (side pots): three all-ins of 100/250/400 make 300 main and 300 side."""
    net, returned = return_uncalled({1: 100, 2: 250, 3: 400})
    assert returned == {3: 150}
    assert build_pots(net, set()) == [(300, (1, 2, 3)), (300, (2, 3))]


def test_common_side_pots_folded_chips_stay_in_pots_without_eligibility() -> None:
    """Common to every game (side pots): a folded 50 stays in the one pot seats 2 and 3 contest."""
    assert build_pots({1: 50, 2: 200, 3: 200}, {1}) == [(450, (2, 3))]


def test_common_side_pots_folded_chips_spread_over_levels() -> None:
    """Common to every game (side pots): a folded 300 feeds the main pot and both side pots."""
    net, returned = return_uncalled({1: 100, 2: 250, 3: 400, 4: 300})
    assert returned == {3: 100}
    pots = build_pots(net, {4})
    assert pots == [(400, (1, 2, 3)), (450, (2, 3)), (100, (3,))]


def test_common_side_pots_equal_all_ins_merge_into_one_pot() -> None:
    """Common to every game (side pots): two all-ins of 200 with a caller make one 600 pot."""
    net, _ = return_uncalled({1: 200, 2: 200, 3: 500})
    assert build_pots(net, set()) == [(600, (1, 2, 3))]


def test_common_side_pots_live_seat_without_chips_is_eligible_for_nothing() -> None:
    """Common to every game (side pots): a live seat that put in 0 is in no pot."""
    assert build_pots({1: 0, 2: 30, 3: 30}, set()) == [(60, (2, 3))]


def test_common_side_pots_dead_chips_above_live_levels_join_the_last_pot() -> None:
    """Common to every game (side pots): folded chips above every live level join the last pot."""
    assert build_pots({1: 50, 2: 120, 3: 120}, {2, 3}) == [(290, (1,))]
    assert build_pots({1: 0, 2: 15}, {2}) == [(15, (1,))]


def test_common_side_pots_no_chips_no_pots() -> None:
    """Common to every game (side pots): nothing put in makes no pot."""
    assert build_pots({1: 0, 2: 0}, set()) == []


def test_common_side_pots_every_seat_folded_is_invalid() -> None:
    """Common to every game (side pots): chips with every seat folded are refused."""
    with pytest.raises(InvalidArgument) as caught:
        build_pots({1: 10, 2: 10}, {1, 2})
    assert caught.value.violations[0].field == "folded"


@pytest.mark.parametrize("bad", [-1, 2.5, True])
def test_common_money_contributions_must_be_non_negative_integers(bad: object) -> None:
    """Common to every game (money): a negative, float or bool contribution is refused."""
    with pytest.raises(InvalidArgument) as caught:
        return_uncalled({1: 10, 2: bad})  # type: ignore[dict-item]
    assert caught.value.violations[0].field == "contributions[2]"


# --- dead blinds (RULES.md "Five Card Draw, 7-A", Button: a missed small blind is posted dead) --


def test_button_dead_small_blind_uncontested_is_never_returned() -> None:
    """Common to every game (uncalled bet) / Five Card Draw "Button" (big blind live, small
    blind dead): seat 3 posts a live 10 and a dead 5 and everyone folds; the live 10 is
    matched by seat 2's big blind, so nothing is returned and the whole 30 is the pot."""
    contributions, dead = {1: 5, 2: 10, 3: 15}, {3: 5}
    net, returned = return_uncalled(contributions, dead)
    assert returned == {}
    assert net == {1: 5, 2: 10, 3: 15}
    assert build_pots(net, {1, 2}, dead) == [(30, (3,))]


def test_button_dead_small_blind_raise_returns_only_live_chips() -> None:
    """Common to every game (uncalled bet) / Five Card Draw "Button": the returning player
    (live 10 + dead 5) raises to 40 and nobody calls; only the live excess over the big
    blind's 10 (30) comes back, the dead 5 stays in the 30 pot."""
    net, returned = return_uncalled({1: 5, 2: 10, 3: 45}, {3: 5})
    assert returned == {3: 30}
    assert net == {1: 5, 2: 10, 3: 15}
    assert build_pots(net, {1, 2}, {3: 5}) == [(30, (3,))]


def test_button_dead_small_blind_called_goes_to_the_main_pot() -> None:
    """Common to every game (uncalled bet, side pots) / Five Card Draw "Button": the
    PokerStars case: contributions 10, 10, 50 and 55 of which 5 dead; the live 50 is called,
    so nothing is returned and the pot is 125 (not 120 with 5 "uncalled")."""
    contributions, dead = {1: 10, 2: 10, 3: 50, 5: 55}, {5: 5}
    net, returned = return_uncalled(contributions, dead)
    assert returned == {}
    assert build_pots(net, {1, 2}, dead) == [(125, (3, 5))]


def test_button_dead_small_blind_with_side_pot_sets_no_level() -> None:
    """Common to every game (side pots) / Five Card Draw "Button": seat 1 all in for 30, the
    dead-blind poster (5 dead + 100 live) and seat 2 put in 100; the live levels are 30 and
    100 and the dead 5 goes to the main pot: 95 for seats 1-3, 140 for seats 2-3."""
    contributions, dead = {1: 30, 2: 100, 3: 105}, {3: 5}
    net, returned = return_uncalled(contributions, dead)
    assert returned == {}
    assert build_pots(net, set(), dead) == [(95, (1, 2, 3)), (140, (2, 3))]


def test_button_dead_small_blind_of_an_all_in_poster_counts_only_live_chips() -> None:
    """Common to every game (side pots) / Five Card Draw "Button": the poster is all in for 45
    of which 5 dead; its live 40 is the main pot's level (120 + the dead 5 = 125) and the
    callers' 100 each make a 120 side pot."""
    contributions, dead = {1: 45, 2: 100, 3: 100}, {1: 5}
    net, returned = return_uncalled(contributions, dead)
    assert returned == {}
    assert build_pots(net, set(), dead) == [(125, (1, 2, 3)), (120, (2, 3))]


def test_button_dead_chips_alone_reach_no_level() -> None:
    """Common to every game (side pots): a seat with only dead chips in is eligible for no
    pot others bet into; its dead chips still go to the main pot."""
    assert build_pots({1: 5, 2: 20, 3: 20}, set(), {1: 5}) == [(45, (2, 3))]
    assert build_pots({1: 5, 2: 0}, set(), {1: 5}) == [(5, (1, 2))]


@pytest.mark.parametrize(
    ("dead", "message"), [({2: -1}, "non-negative"), ({2: 11}, "exceed"), ({4: 1}, "exceed")]
)
def test_common_money_dead_chips_within_the_contribution(dead: dict, message: str) -> None:
    """Common to every game (money): dead chips are non-negative and at most what the seat
    put in (``dead[<seat>]``)."""
    with pytest.raises(InvalidArgument) as caught:
        return_uncalled({1: 10, 2: 10}, dead)
    (violation,) = caught.value.violations
    assert violation.field == f"dead[{next(iter(dead))}]" and message in violation.message
