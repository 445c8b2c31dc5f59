"""Settling whole hands: returns, pots, rake, winners, odd chips, hi-lo (RULES.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from floorman.domain.cards import Card, parse_cards
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game, RakePolicy
from floorman.domain.settlement import PotShare, Settlement, UnverifiableHand, settle

SEED_RAKE = RakePolicy(percent_bps=500, increment=50, cap=300)


def cards(text: str) -> tuple[Card | None, ...]:
    """Cards from ``"As Kd ??"`` (``??`` is ``None``)."""
    return tuple(parse_cards(text.split(), allow_unknown=True))


def run(
    game: Game,
    contributions: Mapping[int, int],
    *,
    folded: Iterable[int] = (),
    hands: Mapping[int, str] | None = None,
    community: str = "",
    rake: RakePolicy | None = None,
    ended_first_round: bool = False,
    unit: int = 1,
    button: int = 0,
    seat_order: Sequence[int] | None = None,
    players_dealt: int | None = None,
) -> Settlement:
    """Call :func:`settle` with card texts and clockwise seat order derived from ``button``."""
    seats = sorted(contributions)
    if seat_order is None:
        seat_order = [s for s in seats if s > button] + [s for s in seats if s <= button]
    return settle(
        game=game,
        contributions=contributions,
        folded=set(folded),
        hands={seat: cards(text) for seat, text in (hands or {}).items()},
        community=cards(community),
        rake=rake or RakePolicy(),
        ended_first_round=ended_first_round,
        odd_chip_unit=unit,
        button_seat=button,
        seat_order=seat_order,
        players_dealt=len(seats) if players_dealt is None else players_dealt,
    )


# Five Card Draw hands, best first.
QUADS = "As Ad Ah Ac Kd"
FULL_HOUSE = "Ks Kh Kc Qd Qh"
TWO_PAIR = "3c 3d 4h 4s Jc"
PAIR = "2c 2d 7h 8s 6c"

# Seven Card Stud Hi-Lo hands (own cards).
HI_FLUSH_NO_LOW = "Ks Qs Js 9s 3s Kd Kh"
LOW_WHEEL_SIX = "Ac 2d 3c 4d 6h Qc Jd"  # 6-4-3-2-A low, ace high
LOW_WHEEL_SIX_TIE = "Ad 2c 3h 4s 6c Qd Jh"  # the same low, ace high
LOW_EIGHT = "Ad 2c 3h 5s 8c Qh Jh"  # 8-5-3-2-A low, ace high
NO_LOW_TWO_PAIR = "Ac 9d Tc Jd Qh 9c Td"


def test_common_won_by_folds_needs_no_cards_and_returns_the_raise() -> None:
    """Common to every game (all fold; uncalled bet): seat 3 takes 25 and gets its 20 back."""
    result = run(Game.FIVE_CARD_DRAW, {1: 5, 2: 10, 3: 30}, folded=[1, 2], button=3)
    assert result == Settlement(
        pots=(PotShare(25, (3,), (3,)),), rake=0, payouts={3: 25}, returned={3: 20}
    )
    assert result.chips_back(3) == 45


def test_common_uncalled_bet_is_never_raked() -> None:
    """Common to every game (uncalled bet, rake): 10 % is raked on the 25 pot, not the 45 put in."""
    result = run(
        Game.FIVE_CARD_DRAW,
        {1: 5, 2: 10, 3: 30},
        folded=[1, 2],
        rake=RakePolicy(percent_bps=1000),
        button=3,
    )
    assert (result.rake, result.payouts, result.returned) == (2, {3: 23}, {3: 20})


def test_stud_family_razz_all_in_on_the_ante_returns_the_unmatched_ante() -> None:
    """Common to every game (short ante), Razz: seat 1 all-in for 4 wins 8; seat 2 gets 6 back."""
    result = run(
        Game.RAZZ,
        {1: 4, 2: 10},
        hands={1: "As 2s 3s 4s 5s Kc Qc", 2: "Kd Kh Qd Qh Jd Jh Td"},
        rake=RakePolicy(percent_bps=5000),
    )
    assert result.returned == {2: 6}
    assert result.rake == 4
    assert result.pots == (PotShare(4, (1, 2), (1,)),)
    assert result.payouts == {1: 4}


def test_common_side_pots_awarded_to_different_winners() -> None:
    """Common to every game (side pots): all-ins 100/250/400 and a caller: 3 winners."""
    result = run(
        Game.FIVE_CARD_DRAW,
        {1: 100, 2: 250, 3: 400, 4: 400},
        hands={1: QUADS, 2: FULL_HOUSE, 3: PAIR, 4: TWO_PAIR},
        button=4,
    )
    assert result.pots == (
        PotShare(400, (1, 2, 3, 4), (1,)),
        PotShare(450, (2, 3, 4), (2,)),
        PotShare(300, (3, 4), (4,)),
    )
    assert result.payouts == {1: 400, 2: 450, 4: 300}
    assert result.returned == {}


def test_common_side_pots_folded_chips_and_a_one_seat_side_pot() -> None:
    """Common to every game (side pots): folded 300 feeds 3 pots; seat 3 alone takes the last."""
    result = run(
        Game.FIVE_CARD_DRAW,
        {1: 100, 2: 250, 3: 400, 4: 300},
        folded=[4],
        hands={1: PAIR, 2: QUADS, 3: FULL_HOUSE},
        button=1,
    )
    assert result.returned == {3: 100}
    assert result.pots == (
        PotShare(400, (1, 2, 3), (2,)),
        PotShare(450, (2, 3), (2,)),
        PotShare(100, (3,), (3,)),
    )
    assert result.payouts == {2: 850, 3: 100}


def test_common_unverifiable_contested_pot_names_seats_without_known_cards() -> None:
    """Common to every game (showdown): ?? or missing cards in a contested pot: unverifiable."""
    with pytest.raises(UnverifiableHand) as caught:
        run(Game.FIVE_CARD_DRAW, {1: 300, 2: 300, 3: 100}, hands={1: "?? ?? ?? ?? ??", 2: QUADS})
    assert caught.value.seats == (1, 3)


def test_common_unverifiable_unknown_community_card_concerns_every_contender() -> None:
    """Seven Card Stud family (community card): a ?? community card: all contenders unverifiable."""
    with pytest.raises(UnverifiableHand) as caught:
        run(
            Game.SEVEN_CARD_STUD,
            {1: 50, 2: 50, 3: 50},
            folded=[3],
            hands={1: "As Ad Ah Ac Kd Kh", 2: "2c 2d 7h 8s 9c Ts"},
            community="??",
        )
    assert caught.value.seats == (1, 2)


def test_common_rake_seed_example_winner_paid_1050() -> None:
    """Common to every game (rake): seed example: a pot of 1100 pays 50; the winner gets 1050."""
    result = run(
        Game.FIVE_CARD_DRAW, {1: 550, 2: 550}, hands={1: PAIR, 2: TWO_PAIR}, rake=SEED_RAKE
    )
    assert result.rake == 50
    assert result.pots == (PotShare(1050, (1, 2), (2,)),)
    assert result.payouts == {2: 1050}


def test_common_rake_capped_at_300() -> None:
    """Common to every game (rake): a pot of 10000 pays the 300 cap, not 500."""
    result = run(Game.FIVE_CARD_DRAW, {1: 5000, 2: 5000}, hands={1: QUADS, 2: PAIR}, rake=SEED_RAKE)
    assert (result.rake, result.payouts) == (300, {1: 9700})


def test_common_rake_waived_when_the_hand_ends_on_the_first_round() -> None:
    """Common to every game (rake): no_rake_first_round and a first-round fold rake nothing."""
    policy = RakePolicy(percent_bps=500, increment=0, cap=0, no_rake_first_round=True)
    result = run(
        Game.FIVE_CARD_DRAW, {1: 500, 2: 1000}, folded=[1], rake=policy, ended_first_round=True
    )
    assert (result.rake, result.payouts, result.returned) == (0, {2: 1000}, {2: 500})


def test_common_rake_from_main_pot_smaller_than_the_rake_then_side_pot() -> None:
    """Common to every game (rake): a 30 main pot is emptied by a 103 rake; the side pot pays 73."""
    result = run(
        Game.FIVE_CARD_DRAW,
        {1: 10, 2: 510, 3: 510},
        hands={1: QUADS, 2: PAIR, 3: FULL_HOUSE},
        rake=RakePolicy(percent_bps=1000),
    )
    assert result.rake == 103
    assert result.pots == (PotShare(0, (1, 2, 3), (1,)), PotShare(927, (2, 3), (3,)))
    assert result.payouts == {3: 927}


def test_common_rake_on_a_zero_pot_is_zero() -> None:
    """Common to every game (rake): a hand where nothing was put in has no pot and no rake."""
    result = run(Game.FIVE_CARD_DRAW, {1: 0, 2: 0}, rake=SEED_RAKE)
    assert result == Settlement(pots=(), rake=0, payouts={}, returned={})


def test_common_odd_chips_button_game_first_winner_left_of_button() -> None:
    """Common to every game (odd chips, button games): button 3, seats 2 and 5 tie: 5 first."""
    hands = {2: "9c Tc Jd Qh Ks", 3: PAIR, 5: "9d Th Jc Qs Kd"}
    result = run(Game.FIVE_CARD_DRAW, {2: 10, 3: 10, 5: 5}, hands=hands, button=3)
    # seat 5 is all-in for 5: the tie is in the main pot; seat 2 alone beats seat 3 in the side pot
    assert result.pots == (PotShare(15, (2, 3, 5), (2, 5)), PotShare(10, (2, 3), (2,)))
    assert result.payouts == {2: 17, 5: 8}


def test_common_odd_chips_button_game_wraps_around_past_the_highest_seat() -> None:
    """Common to every game (odd chips, button games): button 5 wraps: seat 2 gets the odd chip."""
    hands = {2: "9c Tc Jd Qh Ks", 3: PAIR, 5: "9d Th Jc Qs Kd"}
    for button, first in ((5, 2), (3, 5), (1, 2), (4, 5)):
        result = run(
            Game.FIVE_CARD_DRAW, {2: 9, 3: 7, 5: 9}, folded=[3], hands=hands, button=button
        )
        assert result.payouts == {first: 13, 7 - first: 12}, button


def test_common_odd_chips_three_way_split_left_of_button() -> None:
    """Common to every game (odd chips): 100 three ways from button 2 pays 34 to seat 3, 33, 33."""
    straight = {1: "9c Tc Jd Qh Ks", 3: "9d Th Jc Qs Kd", 4: "9h Ts Jh Qc Kc"}
    result = run(
        Game.FIVE_CARD_DRAW, {1: 25, 2: 25, 3: 25, 4: 25}, folded=[2], hands=straight, button=2
    )
    assert result.pots == (PotShare(100, (1, 3, 4), (1, 3, 4)),)
    assert result.payouts == {1: 33, 3: 34, 4: 33}


def test_common_odd_chips_unit_above_one_remainder_to_first_winner() -> None:
    """Common to every game (odd chips): 1010 in units of 25: 510 left of the button, 500."""
    hands = {1: "9c Tc Jd Qh Ks", 2: "9d Th Jc Qs Kd"}
    result = run(Game.FIVE_CARD_DRAW, {1: 505, 2: 505}, hands=hands, unit=25, button=1)
    assert result.payouts == {2: 510, 1: 500}


def test_stud_family_odd_chips_stud_high_highest_card_by_suit() -> None:
    """Seven Card Stud family (odd chips, high): tied straights: As (seat 2) gets 133 of 265."""
    result = run(
        Game.SEVEN_CARD_STUD,
        {1: 105, 2: 105, 3: 55},
        folded=[3],
        hands={1: "Ah Kh Qd Jc Ts 2c 3d", 2: "As Kd Qc Js Th 2h 4c"},
    )
    assert result.pots == (PotShare(265, (1, 2), (1, 2)),)
    assert result.payouts == {1: 132, 2: 133}


def test_stud_family_odd_chips_community_card_not_compared() -> None:
    """Seven Card Stud family (odd chips): community As counts in hands, not for odd chips."""
    result = run(
        Game.SEVEN_CARD_STUD,
        {1: 50, 2: 50, 3: 1},
        folded=[3],
        hands={1: "Kc Kd 7h 2c 3d 4h", 2: "Ac Qh Jc 2d 3c 9s"},
        community="As",
    )
    assert result.pots[0].winners == (2,)
    tie = run(
        Game.SEVEN_CARD_STUD,
        {1: 50, 2: 50, 3: 1},
        folded=[3],
        hands={1: "Kc Qd Jh 2c 3d 4h", 2: "Kd Qh Jc 2d 3c 4s"},
        community="As",
    )
    assert tie.pots == (PotShare(101, (1, 2), (1, 2)),)
    assert tie.payouts == {1: 50, 2: 51}


def test_stud_family_odd_chips_razz_lowest_card_by_suit_aces_low() -> None:
    """Seven Card Stud family (Razz odd chips): tied 6-4 lows: seat 2 holds Ac, gets 51 of 101."""
    result = run(
        Game.RAZZ,
        {1: 50, 2: 50, 3: 1},
        folded=[3],
        hands={1: LOW_WHEEL_SIX_TIE, 2: LOW_WHEEL_SIX},
    )
    assert result.pots == (PotShare(101, (1, 2), (1, 2)),)
    assert result.payouts == {1: 50, 2: 51}


def test_stud_family_razz_best_low_wins_and_fills_winners() -> None:
    """Seven Card Stud family (Razz): 7-5-4-3-2 beats 8-5-3-2-A; the low fills winners."""
    result = run(
        Game.RAZZ,
        {1: 80, 2: 80},
        hands={1: "7c 5d 4h 3s 2d Kd Kh", 2: LOW_EIGHT},
    )
    assert result.pots == (PotShare(160, (1, 2), (1,)),)
    assert result.payouts == {1: 160}


def test_stud_family_hi_lo_split_odd_chip_to_high() -> None:
    """Seven Card Stud family (Hi-Lo): 205 splits 103 high to seat 1, 102 low to seat 2."""
    result = run(
        Game.SEVEN_CARD_STUD_HI_LO,
        {1: 100, 2: 100, 3: 5},
        folded=[3],
        hands={1: HI_FLUSH_NO_LOW, 2: LOW_WHEEL_SIX},
    )
    assert result.pots == (PotShare(205, (1, 2), (1,), (2,)),)
    assert result.payouts == {1: 103, 2: 102}


def test_stud_family_hi_lo_halves_in_odd_chip_units() -> None:
    """Seven Card Stud family (Hi-Lo): 215 in units of 5: low half 105, high half 110."""
    result = run(
        Game.SEVEN_CARD_STUD_HI_LO,
        {1: 105, 2: 105, 3: 5},
        folded=[3],
        hands={1: HI_FLUSH_NO_LOW, 2: LOW_WHEEL_SIX},
        unit=5,
    )
    assert result.payouts == {1: 110, 2: 105}


def test_stud_family_hi_lo_high_scoops_without_qualifying_low() -> None:
    """Seven Card Stud family (Hi-Lo): no 8-or-better low, the flush takes all 205."""
    result = run(
        Game.SEVEN_CARD_STUD_HI_LO,
        {1: 100, 2: 100, 3: 5},
        folded=[3],
        hands={1: HI_FLUSH_NO_LOW, 2: NO_LOW_TWO_PAIR},
    )
    assert result.pots == (PotShare(205, (1, 2), (1,), ()),)
    assert result.payouts == {1: 205}


def test_stud_family_hi_lo_quartered_low_half() -> None:
    """Seven Card Stud family (Hi-Lo): 303 pays 152 high; tied lows share 151 as 76 (Ac) and 75."""
    result = run(
        Game.SEVEN_CARD_STUD_HI_LO,
        {1: 101, 2: 101, 3: 101},
        hands={1: HI_FLUSH_NO_LOW, 2: LOW_WHEEL_SIX_TIE, 3: LOW_WHEEL_SIX},
    )
    assert result.pots == (PotShare(303, (1, 2, 3), (1,), (2, 3)),)
    assert result.payouts == {1: 152, 2: 75, 3: 76}


def test_stud_family_hi_lo_same_player_wins_both_halves() -> None:
    """Seven Card Stud family (Hi-Lo): a 5-high straight is best high and best low: all 201."""
    result = run(
        Game.SEVEN_CARD_STUD_HI_LO,
        {1: 100, 2: 100, 3: 1},
        folded=[3],
        hands={1: "Ks Kd 9s 8h 6c Jd Qh", 2: "Ac 2d 3c 4d 5h Kc Qs"},
    )
    assert result.pots == (PotShare(201, (1, 2), (2,), (2,)),)
    assert result.payouts == {2: 201}


def test_stud_family_hi_lo_with_side_pots() -> None:
    """Seven Card Stud family (Hi-Lo), side pots: main 150 splits 75/75, side 200 splits 100/100."""
    result = run(
        Game.SEVEN_CARD_STUD_HI_LO,
        {1: 50, 2: 150, 3: 150},
        hands={1: LOW_WHEEL_SIX, 2: HI_FLUSH_NO_LOW, 3: LOW_EIGHT},
    )
    assert result.pots == (
        PotShare(150, (1, 2, 3), (2,), (1,)),
        PotShare(200, (2, 3), (2,), (3,)),
    )
    assert result.payouts == {1: 75, 2: 175, 3: 100}


def test_seven_ace_draw_flush_beats_full_house() -> None:
    """Five Card Draw, 7-A: a flush beats a full house (a classic draw full house wins)."""
    hands = {1: "Ah Jh 9h 8h 7h", 2: "Kc Kd Ks Qc Qd"}
    assert run(Game.FIVE_CARD_DRAW_7A, {1: 40, 2: 40}, hands=hands).payouts == {1: 80}
    assert run(Game.FIVE_CARD_DRAW, {1: 40, 2: 40}, hands=hands).payouts == {2: 80}


def test_seven_ace_draw_deck_follows_players_dealt() -> None:
    """Five Card Draw, 7-A: A-7-8-9-T is a straight with 2-4 players dealt in, not with 5."""
    hands = {1: "Ah 7c 8d 9s Tc", 2: "Kc Kd 7h 8h 9c"}
    contributions = {1: 40, 2: 40, 3: 0, 4: 0}
    result = run(Game.FIVE_CARD_DRAW_7A, contributions, folded=[3, 4], hands=hands)
    assert result.payouts == {1: 80}
    result = run(Game.FIVE_CARD_DRAW_7A, contributions, folded=[3, 4], hands=hands, players_dealt=5)
    assert result.payouts == {2: 80}


def test_common_settlement_refuses_wrong_card_counts_and_duplicates() -> None:
    """Common to every game (cards): 4 draw cards: card.count; shared card: card.duplicate."""
    with pytest.raises(InvalidArgument) as caught:
        run(Game.FIVE_CARD_DRAW, {1: 10, 2: 10}, hands={1: "As Ad Ah Ac", 2: PAIR})
    assert [(v.field, v.rule) for v in caught.value.violations] == [("hands[1]", "card.count")]
    with pytest.raises(InvalidArgument) as caught:
        run(Game.FIVE_CARD_DRAW, {1: 10, 2: 10}, hands={1: QUADS, 2: "Ks Kh Kc Qd As"})
    assert [(v.field, v.rule) for v in caught.value.violations] == [("hands[2]", "card.duplicate")]


def test_seven_ace_draw_settlement_refuses_cards_outside_the_deck() -> None:
    """Five Card Draw, 7-A (deck): a deuce is card.not_in_deck; a six only with 5 players dealt."""
    hands = {1: "Ah Kh Qh Jh 2c", 2: "6c 7d 8h 9s Tc"}
    with pytest.raises(InvalidArgument) as caught:
        run(Game.FIVE_CARD_DRAW_7A, {1: 10, 2: 10}, hands=hands)
    assert [(v.field, v.rule) for v in caught.value.violations] == [
        ("hands[1]", "card.not_in_deck"),
        ("hands[2]", "card.not_in_deck"),
    ]
    hands = {1: "Ah Kh Qh Jh 9h", 2: "6c 7d 8h 9s Tc"}
    result = run(Game.FIVE_CARD_DRAW_7A, {1: 10, 2: 10}, hands=hands, players_dealt=5)
    assert result.payouts == {1: 20}


def test_common_settlement_refuses_bad_arguments() -> None:
    """Common to every game: unit 0, a repeated seat, a button not last, 7-A with 6 players fail."""
    base = {1: 10, 2: 10}
    with pytest.raises(InvalidArgument):
        run(Game.FIVE_CARD_DRAW, base, folded=[1], unit=0)
    with pytest.raises(InvalidArgument):
        run(Game.FIVE_CARD_DRAW, base, folded=[1], seat_order=[1, 2, 1])
    with pytest.raises(InvalidArgument):
        run(Game.FIVE_CARD_DRAW, base, folded=[1], button=1, seat_order=[1, 2])
    with pytest.raises(InvalidArgument):
        run(Game.FIVE_CARD_DRAW_7A, base, folded=[1], players_dealt=6)
