"""Per-game ranking rules and showdown winners (RULES.md game sections and rankings)."""

from __future__ import annotations

import pytest

from floorman.domain.cards import (
    DECK_SEVEN_TO_ACE,
    DECK_SIX_TO_ACE,
    FULL_DECK,
    parse_cards,
)
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game
from floorman.domain.ranking import (
    card_count_range,
    compare,
    deck_for,
    high_7a_strength,
    high_strength,
    low_8_strength,
    low_a5_strength,
)


def hand(text: str) -> list[int]:
    """Parse space-separated cards."""
    return [c for c in parse_cards(text.split()) if c is not None]


def high(text: str) -> int:
    return high_strength(hand(text))


def seven_a(text: str, *, short: bool = False) -> int:
    return high_7a_strength(hand(text), short_deck_36=short)


# ----------------------------------------------------------------------------- decks and counts


@pytest.mark.parametrize(
    ("players", "deck"),
    [(0, DECK_SEVEN_TO_ACE), (2, DECK_SEVEN_TO_ACE), (4, DECK_SEVEN_TO_ACE), (5, DECK_SIX_TO_ACE)],
)
def test_seven_to_ace_draw_deck_depends_on_players(players: int, deck: frozenset[int]) -> None:
    """Five Card Draw 7-A: 32-card deck with 0 (unknown) or 2-4 players, 36 cards with five."""
    assert deck_for(Game.FIVE_CARD_DRAW_7A, players) == deck
    assert len(deck_for(Game.FIVE_CARD_DRAW_7A, players)) == (36 if players == 5 else 32)


@pytest.mark.parametrize("players", [-1, 6, 9])
def test_seven_to_ace_draw_deck_refuses_impossible_player_counts(players: int) -> None:
    """Five Card Draw 7-A: a negative count or more than five players is a ``players`` error."""
    with pytest.raises(InvalidArgument) as error:
        deck_for(Game.FIVE_CARD_DRAW_7A, players)
    assert [(v.field, v.rule) for v in error.value.violations] == [("players", "")]


@pytest.mark.parametrize(
    "game", [g for g in Game if g not in (Game.FIVE_CARD_DRAW_7A, Game.SHORT_DECK_HOLDEM)]
)
def test_other_games_deal_the_52_card_deck(game: Game) -> None:
    """Every game but 7-A draw and Short-deck deals 52 cards, whatever the player count."""
    assert deck_for(game) == FULL_DECK
    assert deck_for(game, 9) == FULL_DECK


def test_short_deck_holdem_deals_the_36_card_deck() -> None:
    """RULES.md "Hold'em and Omaha": Short-deck uses the 36-card deck (6 through A) whatever
    the player count."""
    assert deck_for(Game.SHORT_DECK_HOLDEM) == DECK_SIX_TO_ACE
    assert deck_for(Game.SHORT_DECK_HOLDEM, 9) == DECK_SIX_TO_ACE


@pytest.mark.parametrize(
    ("game", "counts"),
    [
        (Game.TEXAS_HOLDEM, (2, 2)),
        (Game.SHORT_DECK_HOLDEM, (2, 2)),
        (Game.OMAHA, (4, 4)),
        (Game.OMAHA_HI_LO, (4, 4)),
        (Game.FIVE_CARD_OMAHA, (5, 5)),
        (Game.FIVE_CARD_OMAHA_HI_LO, (5, 5)),
        (Game.FIVE_CARD_DRAW_7A, (5, 5)),
        (Game.FIVE_CARD_DRAW, (5, 5)),
        (Game.FIVE_CARD_STUD, (5, 5)),
        (Game.SEVEN_CARD_STUD, (5, 7)),
        (Game.RAZZ, (5, 7)),
        (Game.SEVEN_CARD_STUD_HI_LO, (5, 7)),
    ],
)
def test_card_count_range_per_game(game: Game, counts: tuple[int, int]) -> None:
    """Draw games and Five Card Stud show five cards; the Seven Card Stud games five to seven;
    the community-card games exactly their hole cards (RULES.md "Hold'em and Omaha")."""
    assert card_count_range(game) == counts


# ----------------------------------------------------------------------------- 7-A draw


def test_seven_to_ace_draw_flush_beats_full_house() -> None:
    """Five Card Draw 7-A: the lowest flush (Q-T-9-8-7) beats the best full house."""
    assert seven_a("Qh Th 9h 8h 7h") > seven_a("Ac Ad Ah Kc Kd") > seven_a("Ac Ad Kh Kc Ks")
    assert high("Qh Th 9h 8h 7h") < high("Ac Ad Ah Kc Kd")


def test_seven_to_ace_draw_four_of_a_kind_beats_flush() -> None:
    """Five Card Draw 7-A: four of a kind still beats any flush."""
    assert seven_a("7c 7d 7h 7s 8c") > seven_a("Ah Kh Qh Jh 9h")


def test_seven_to_ace_draw_lowest_straight_is_ace_seven_to_ten() -> None:
    """Five Card Draw 7-A, 32-card deck: A-7-8-9-T is a straight, below 7-8-9-T-J, above trips."""
    wheel = seven_a("Ac 7d 8h 9s Tc")
    assert seven_a("Ac Ad Ah Kc Qd") < wheel < seven_a("7c 8d 9h Ts Jc")


def test_seven_to_ace_draw_six_card_deck_lowest_straight_is_ace_six_to_nine() -> None:
    """Five Card Draw 7-A, 36-card deck: A-6-7-8-9 is the lowest straight; A-7-8-9-T is not one."""
    wheel = seven_a("Ac 6d 7h 8s 9c", short=True)
    assert seven_a("Ac Ad Ah Kc Qd", short=True) < wheel < seven_a("6c 7d 8h 9s Tc", short=True)
    assert seven_a("Ac 7d 8h 9s Tc", short=True) < seven_a("2c 2d 3h 4s 5c", short=True)
    assert seven_a("Ac 7d 8h 9s Tc", short=True) < seven_a("7c 7d 8h 9s Tc", short=True)


def test_seven_to_ace_draw_has_no_wrap_around_straights() -> None:
    """Five Card Draw 7-A: K-A-7-8-9 and Q-K-A-7-8 are ace-high hands, not straights."""
    assert seven_a("Kc Ad 7h 8s 9c") < seven_a("7c 7d 8h 9s Tc")
    assert seven_a("Qc Kd Ah 7s 8c") < seven_a("7c 7d 8h 9s Tc")
    assert seven_a("Kc Ad 6h 7s 8c", short=True) < seven_a("7c 7d 8h 9s Tc", short=True)


def test_seven_to_ace_draw_suited_ace_low_straight_is_lowest_straight_flush() -> None:
    """Five Card Draw 7-A: A-7-8-9-T suited is the lowest straight flush, above four of a kind."""
    low_sf = seven_a("Ah 7h 8h 9h Th")
    assert seven_a("Ac Ad Ah As Kc") < low_sf < seven_a("7h 8h 9h Th Jh")
    low_sf_36 = seven_a("Ah 6h 7h 8h 9h", short=True)
    assert seven_a("Ac Ad Ah As Kc", short=True) < low_sf_36 < seven_a("6h 7h 8h 9h Th", short=True)


def test_seven_to_ace_draw_compare_uses_hands_as_players() -> None:
    """Five Card Draw 7-A: CompareHands with players 0 and five hands plays the 36-card deck."""
    hands = [hand(t) for t in ("Ac 6d 7h 8s 9c", "Kc Kd Kh 7c 8d", "Tc Td Qs Qc Js",
                               "6h 6s 9d Ts Jd", "8h 9h Jh Ah Qd")]  # fmt: skip
    assert compare(Game.FIVE_CARD_DRAW_7A, hands).winners == (0,)
    assert compare(Game.FIVE_CARD_DRAW_7A, hands, players=4).winners == (1,)


# ----------------------------------------------------------------------------- standard high


def test_standard_high_wheel_is_lowest_straight() -> None:
    """Standard high ranking: the wheel beats trips and loses to a six-high straight."""
    assert high("Ac Ad Ah Kc Qd") < high("Ac 2d 3h 4s 5c") < high("2c 3d 4h 5s 6c")


def test_standard_high_has_no_wrap_around_straight() -> None:
    """Standard high ranking: Q-K-A-2-3 is ace high, not a straight."""
    assert high("Qc Kd Ah 2s 3c") < high("2c 2d 4h 5s 7c")


def test_standard_high_full_house_beats_flush() -> None:
    """Standard high ranking: full house above flush, flush above straight."""
    assert high("Ah Kh Qh Jh 9h") < high("2c 2d 2h 3s 3c")
    assert high("Tc Jd Qh Ks Ac") < high("2h 3h 4h 5h 7h")


def test_standard_high_best_five_ignores_sixth_and_seventh_card() -> None:
    """Seven Card Stud: only the best five count; the same five tie whatever the other two."""
    assert high("Ac Kd Qh Js 9c 3d 2h") == high("Ac Kd Qh Js 9c 4d 2s")
    assert high("Ac Kd Qh Js 9c 3d 2h") < high("Ac Kd Qh Js Tc 3d 2h")


# ----------------------------------------------------------------------------- lows


def test_razz_best_low_is_five_four_three_two_ace() -> None:
    """Razz: 5-4-3-2-A is the best low; straights and flushes do not count against it."""
    assert low_a5_strength(hand("5h 4h 3h 2h Ah Kc Kd")) > low_a5_strength(hand("6c 4d 3h 2s Ac"))


def test_razz_pairs_count_against_a_low() -> None:
    """Razz: any unpaired low beats a paired one; a lower pair beats a higher pair."""
    assert low_a5_strength(hand("Kc Qd Jh Ts 9c")) > low_a5_strength(hand("Ac Ad 2h 3s 4c"))
    assert low_a5_strength(hand("2c 2d Kh Qs Jc")) > low_a5_strength(hand("3c 3d 4h 5s 6c"))


def test_razz_compares_highest_card_first() -> None:
    """Razz: lows compare from the top card down (7-5-4-3-2 beats 7-6-3-2-A)."""
    assert low_a5_strength(hand("7c 5d 4h 3s 2c")) > low_a5_strength(hand("7d 6h 2s 3c Ad"))
    assert low_a5_strength(hand("8c 4d 3h 2s Ac")) < low_a5_strength(hand("7d 6h 5s 4c 3d"))


def test_hi_lo_eight_or_better_needs_five_unpaired_eight_or_lower() -> None:
    """Seven Card Stud Hi-Lo: 8-7-6-5-4 qualifies, 9-high and paired hands do not."""
    assert low_8_strength(hand("8c 7d 6h 5s 4c")) > 0
    assert low_8_strength(hand("9c 7d 6h 5s 4c")) == 0
    assert low_8_strength(hand("8c 8d 6h 5s 4c 4d Kc")) == 0
    assert low_8_strength(hand("8c 8d 6h 5s 4c 3d Kc")) == low_a5_strength(hand("8c 6h 5s 4c 3d"))


# ----------------------------------------------------------------------------- compare


def test_compare_splits_a_tie_between_equal_hands() -> None:
    """Ties split a pot: equal best fives both win."""
    hands = [hand("Ac Kd Qh Js 9c"), hand("Ad Kh Qs Jc 9d"), hand("Ah Ks Qc Jd 8h")]
    assert compare(Game.FIVE_CARD_DRAW, hands).winners == (0, 1)


def test_hi_lo_splits_high_and_low_between_players() -> None:
    """Seven Card Stud Hi-Lo: the best high and the best qualifying low each win a half."""
    hands = [
        hand("Kc Kd Kh 9s 9c Qd Jh"),  # full house, no low
        hand("Ac 2d 3h 4s 7c Td Jc"),  # 7-4-3-2-A low
        hand("As 2s 3c 5d 8h Th Qs"),  # 8-5-3-2-A low
    ]
    result = compare(Game.SEVEN_CARD_STUD_HI_LO, hands)
    assert (result.winners, result.low_winners) == ((0,), (1,))


def test_hi_lo_high_scoops_when_no_low_qualifies() -> None:
    """Seven Card Stud Hi-Lo: with no qualifying low, low_winners is empty (the high scoops)."""
    hands = [hand("Kc Kd Kh 9s 9c Qd Jh"), hand("Ac 2d 3h 9s Tc Td Jc")]
    result = compare(Game.SEVEN_CARD_STUD_HI_LO, hands)
    assert (result.winners, result.low_winners) == ((0,), ())
    assert [r.low.qualifies for r in result.results] == [False, False]


def test_hi_lo_one_hand_can_scoop_both_halves() -> None:
    """Seven Card Stud Hi-Lo: a wheel wins the high with a straight and the low with 5-4-3-2-A."""
    hands = [hand("Ac 2d 3h 4s 5c Kd Kh"), hand("Qc Qd Jh Js 8c 7d 6h")]
    result = compare(Game.SEVEN_CARD_STUD_HI_LO, hands)
    assert (result.winners, result.low_winners) == ((0,), (0,))


def test_hi_lo_tied_lows_split_the_low_half() -> None:
    """Seven Card Stud Hi-Lo: equal lows (same ranks, other suits) share the low half."""
    hands = [hand("Ac 2d 3h 4s 7c Kd Kh"), hand("Ad 2c 3s 4h 7d Qc Qs")]
    result = compare(Game.SEVEN_CARD_STUD_HI_LO, hands)
    assert (result.winners, result.low_winners) == ((0,), (0, 1))


def test_razz_winner_is_the_best_low_in_winners() -> None:
    """Razz: the best ace-to-five low fills ``winners``; ``low_winners`` stays empty."""
    hands = [hand("Kc Kd 7h 3s 2c 9d Th"), hand("8c 6d 4h 3c 2d Ks Qs")]
    result = compare(Game.RAZZ, hands)
    assert (result.winners, result.low_winners) == ((1,), ())
    assert all(r.high is None for r in result.results)
