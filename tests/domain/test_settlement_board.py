"""Settling community-card hands: the board in every hand (RULES.md "Hold'em and Omaha":
Hold'em best five of seven, Omaha exactly two hole and three board cards for each half; hi-lo
odd chips and "no qualifying low: the high hand scoops" as in the common rules)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from floorman.domain.cards import Card, parse_cards
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game, RakePolicy
from floorman.domain.settlement import PotShare, Settlement, UnverifiableHand, settle
from floorman.domain.settlement.showdown import SeatValues, cards_per_hand, evaluate_seats


def cards(text: str) -> tuple[Card | None, ...]:
    return tuple(parse_cards(text.split(), allow_unknown=True))


def run(
    game: Game,
    contributions: Mapping[int, int],
    *,
    hands: Mapping[int, str],
    board: str,
    button: int = 0,
    folded: frozenset[int] = frozenset(),
) -> Settlement:
    seats = sorted(contributions)
    order = [s for s in seats if s > button] + [s for s in seats if s <= button]
    return settle(
        game=game,
        contributions=contributions,
        folded=set(folded),
        hands={seat: cards(text) for seat, text in hands.items()},
        community=cards(board),
        rake=RakePolicy(),
        ended_first_round=False,
        odd_chip_unit=1,
        button_seat=button,
        seat_order=order,
        players_dealt=len(seats),
    )


def test_holdem_showdown_the_board_plays_any_mix() -> None:
    """Hold'em: the best five of the seven cards; a board straight ties both players (the
    pot split, the odd chip to the first winner left of the button)."""
    result = run(
        Game.TEXAS_HOLDEM,
        {1: 50, 2: 50, 3: 1},
        hands={1: "2c 3d", 2: "2h 3s"},
        board="5c 6d 7h 8s 9c",
        button=1,
        folded=frozenset({3}),
    )
    assert result.pots == (PotShare(101, (1, 2), (1, 2)),)
    assert result.payouts == {1: 50, 2: 51}


def test_holdem_showdown_one_hole_card_plays() -> None:
    """Hold'em: one hole card with four board cards (a flush with the Ah)."""
    result = run(
        Game.TEXAS_HOLDEM,
        {1: 100, 2: 100},
        hands={1: "Ah 2c", 2: "Ks Kd"},
        board="Kh 9h 5h 3h 8c",
    )
    assert result.payouts == {1: 200}


def test_omaha_must_use_two_hole_cards() -> None:
    """Omaha: four hearts on the board and one heart in hand is no flush (exactly two hole
    cards); the pair of kings in hand with the board's queen-high wins."""
    result = run(
        Game.OMAHA,
        {1: 100, 2: 100},
        hands={1: "Ah 2c 3d 4s", 2: "Kc Kd 7s 8s"},
        board="Qh Jh 9h 5h 2d",
    )
    assert result.pots[0].winners == (2,)
    assert result.payouts == {2: 200}


def test_omaha_hi_lo_halves_use_different_hole_cards_odd_chip_to_high() -> None:
    """Omaha Hi-Lo: the high with K-K, the low with A-2 of another hand; the odd chip of the
    split goes to the high half (RULES.md "Seven Card Stud family" Hi-Lo, the common rule)."""
    result = run(
        Game.OMAHA_HI_LO,
        {1: 67, 2: 67, 3: 67},
        hands={1: "Ac 2d Qs Js", 2: "Kc Kd 9s 9h", 3: "Th Td 7c 6c"},
        board="Kh 3s 4d 8h Qc",
    )
    assert result.pots == (PotShare(201, (1, 2, 3), (2,), (1,)),)
    assert result.payouts == {1: 100, 2: 101}


def test_omaha_hi_lo_one_hand_scoops_both_halves_with_different_cards() -> None:
    """Omaha Hi-Lo: A-2-K-K: the kings make the high (trip kings), A-2 the low (8-5-3-2-A)."""
    result = run(
        Game.OMAHA_HI_LO,
        {1: 100, 2: 100},
        hands={1: "As 2d Kc Kd", 2: "Qc Qd Js Tc"},
        board="Kh 3s 5d 8h 9c",
    )
    assert result.pots == (PotShare(200, (1, 2), (1,), (1,)),)
    assert result.payouts == {1: 200}


def test_omaha_hi_lo_no_low_with_two_low_board_cards_high_scoops() -> None:
    """Omaha Hi-Lo: only two board cards eight or lower: no low can use three, the high
    scoops (RULES.md "Hold'em and Omaha")."""
    result = run(
        Game.OMAHA_HI_LO,
        {1: 100, 2: 100},
        hands={1: "As 2d 3c 4d", 2: "Qc Qd Js Tc"},
        board="Kh 7s 5d Th 9c",
    )
    assert result.pots == (PotShare(200, (1, 2), (2,)),)
    assert result.payouts == {2: 200}


def test_five_card_omaha_exactly_two_of_five() -> None:
    """Five Card Omaha: five hole cards, still exactly two with three board cards."""
    values = evaluate_seats(
        game=Game.FIVE_CARD_OMAHA_HI_LO,
        seats=[1, 2],
        hands={1: cards("As 2s 3s 4s 5s"), 2: cards("Kc Kd Qc Qd Jh")},
        community=cards("6s 7s 8d Kh Qs"),
        players_dealt=2,
    )
    assert values[1].low > 0 and values[2].low == 0
    assert values[1].main > values[2].main  # a spade flush (two spades in hand) beats a set


def test_short_deck_flush_beats_full_house_on_the_board() -> None:
    """Short-deck: flush beats full house; the 36-card deck has no five."""
    result = run(
        Game.SHORT_DECK_HOLDEM,
        {1: 100, 2: 100},
        hands={1: "Ah 7h", 2: "Ks Kd"},
        board="Kh 9h 6h 9c 8s",
    )
    assert result.payouts == {1: 200}
    with pytest.raises(InvalidArgument) as error:
        run(
            Game.SHORT_DECK_HOLDEM,
            {1: 100, 2: 100},
            hands={1: "5h 7h", 2: "Ks Kd"},
            board="Kh 9h 6h 9c 8s",
        )
    assert [(v.field, v.rule) for v in error.value.violations] == [("hands[1]", "card.not_in_deck")]


def test_board_game_card_problems() -> None:
    """Wrong hole-card counts, a board card held by a seat, a board of six cards."""
    with pytest.raises(InvalidArgument) as error:
        evaluate_seats(
            game=Game.OMAHA,
            seats=[1, 2],
            hands={1: cards("As 2s 3s"), 2: cards("Kc Kd Qc Qd")},
            community=cards("Kc 7s 8d Kh Qs 2c"),
            players_dealt=2,
        )
    assert [(v.field, v.rule) for v in error.value.violations] == [
        ("community", "card.count"),
        ("hands[1]", "card.count"),
        ("community", "card.duplicate"),
    ]


def test_board_game_incomplete_or_unknown_board_is_unverifiable() -> None:
    """A contested pot cannot be judged on a board short of the river or with ``??``."""
    for board in ("Kc 7s 8d Kh", "Kc 7s 8d Kh ??"):
        with pytest.raises(UnverifiableHand):
            evaluate_seats(
                game=Game.TEXAS_HOLDEM,
                seats=[1, 2],
                hands={1: cards("As 2s"), 2: cards("Qc Qd")},
                community=cards(board),
                players_dealt=2,
            )


def test_cards_per_hand_counts_the_board() -> None:
    """Own cards plus the board: Hold'em 7, Omaha 9, Five Card Omaha 10; seed games 5 / 7."""
    assert cards_per_hand(Game.TEXAS_HOLDEM) == 7
    assert cards_per_hand(Game.SHORT_DECK_HOLDEM) == 7
    assert cards_per_hand(Game.OMAHA_HI_LO) == 9
    assert cards_per_hand(Game.FIVE_CARD_OMAHA) == 10
    assert cards_per_hand(Game.FIVE_CARD_DRAW) == 5
    assert cards_per_hand(Game.RAZZ) == 7
    assert SeatValues(1).low == 0
