"""Splitting tied pots and odd-chip orders (RULES.md "Common to every game": ties, odd chips)."""

from __future__ import annotations

import pytest

from floorman.domain.cards import parse_cards
from floorman.domain.errors import InvalidArgument
from floorman.domain.settlement import (
    UnverifiableHand,
    button_order,
    split_amount,
    stud_high_order,
    stud_low_order,
)


def cards(text: str) -> tuple[int, ...]:
    """Cards from ``"As Kd ..."``."""
    return tuple(parse_cards(text.split()))  # type: ignore[arg-type]


def test_common_odd_chips_even_split_has_no_odd_chip() -> None:
    """Common to every game (ties): 300 between two winners is 150 each."""
    assert split_amount(300, [4, 2], unit=1) == {4: 150, 2: 150}


def test_common_odd_chips_three_way_split_in_order() -> None:
    """Common to every game (odd chips): 100 among three is 34, 33, 33, the first in order first."""
    assert split_amount(100, [5, 1, 3], unit=1) == {5: 34, 1: 33, 3: 33}
    assert split_amount(101, [5, 1, 3], unit=1) == {5: 34, 1: 34, 3: 33}


def test_common_odd_chips_one_unit_at_a_time_with_remainder_to_first() -> None:
    """Common to every game (odd chips): 58 among three in units of 5 is 23, 20, 15."""
    assert split_amount(58, [2, 6, 7], unit=5) == {2: 23, 6: 20, 7: 15}


def test_common_odd_chips_remainder_below_unit_goes_to_first_winner() -> None:
    """Common to every game (odd chips): 1010 between two in units of 25 is 510 and 500."""
    assert split_amount(1010, [3, 1], unit=25) == {3: 510, 1: 500}
    assert split_amount(1040, [3, 1, 2], unit=25) == {3: 365, 1: 350, 2: 325}


def test_common_odd_chips_single_winner_and_zero_amount() -> None:
    """Common to every game (ties): one winner takes all; a 0 pot gives every winner 0."""
    assert split_amount(37, [8], unit=10) == {8: 37}
    assert split_amount(0, [1, 2], unit=1) == {1: 0, 2: 0}


@pytest.mark.parametrize(
    ("amount", "winners", "unit"), [(10, [], 1), (10, [1, 1], 1), (10, [1, 2], 0), (-1, [1], 1)]
)
def test_common_odd_chips_bad_split_is_invalid(amount: int, winners: list[int], unit: int) -> None:
    """Common to every game (odd chips): no or repeated winners, unit 0, amount < 0 fail."""
    with pytest.raises(InvalidArgument):
        split_amount(amount, winners, unit=unit)


def test_common_odd_chips_button_game_first_winner_left_of_button() -> None:
    """Common to every game (odd chips, button games): button 4, winners 2 and 5: seat 5 first."""
    assert button_order([2, 5], [5, 6, 1, 2, 3, 4]) == (5, 2)


def test_common_odd_chips_button_game_wraps_around() -> None:
    """Common to every game (odd chips, button games): button 5, winners 4 and 2: seat 2 first."""
    assert button_order([4, 2], [6, 1, 2, 3, 4, 5]) == (2, 4)


def test_common_odd_chips_button_game_button_itself_is_last() -> None:
    """Common to every game (odd chips, button games): the button wins a tie's odd chip last."""
    assert button_order([3, 2], [4, 5, 1, 2, 3]) == (2, 3)


def test_common_odd_chips_button_game_winner_outside_seat_order_is_invalid() -> None:
    """Common to every game (odd chips, button games): a winner not dealt in is refused."""
    with pytest.raises(InvalidArgument):
        button_order([2, 9], [1, 2, 3])


def test_stud_family_odd_chips_high_hand_highest_card_by_suit_first() -> None:
    """Seven Card Stud family (odd chips, high): As beats Ah, so seat 2 is first."""
    hands = {1: cards("Ah Kh Qd Jc Ts 2c 3d"), 2: cards("As Kd Qc Js Th 2h 4c")}
    assert stud_high_order([1, 2], hands) == (2, 1)


def test_stud_family_odd_chips_high_hand_compares_rank_before_suit() -> None:
    """Seven Card Stud family (odd chips, high): a king of spades loses to an ace of clubs."""
    hands = {1: cards("Ks 9d 5c 2h 3h"), 2: cards("Ac 8d 4c 2c 3c"), 3: cards("Kh 9c 5d 2d 3d")}
    assert stud_high_order([1, 2, 3], hands) == (2, 1, 3)


def test_stud_family_odd_chips_low_hand_lowest_card_by_suit_aces_low() -> None:
    """Seven Card Stud family (odd chips, low): Ac beats Ad; an ace is lower than a deuce."""
    hands = {1: cards("Ad 2c 3h 4s 6c Qd Jh"), 2: cards("Ac 2d 3c 4d 6h Qc Jd")}
    assert stud_low_order([1, 2], hands) == (2, 1)
    hands = {1: cards("2c 3c 4c 5c 7d Kc Kd"), 2: cards("As 3d 4d 5d 7c Ks Kh")}
    assert stud_low_order([1, 2], hands) == (2, 1)


def test_stud_family_odd_chips_need_known_cards() -> None:
    """Seven Card Stud family (odd chips): a tied winner with ?? cards cannot be ordered."""
    hands = {1: (*cards("Ad 2c 3h 4s 6c Qd"), None), 2: cards("Ac 2d 3c 4d 6h Qc Jd")}
    with pytest.raises(UnverifiableHand) as caught:
        stud_high_order([1, 2, 3], hands)
    assert caught.value.seats == (1, 3)
