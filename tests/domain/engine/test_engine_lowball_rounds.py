"""Lowball draw and Badugi: streets, blinds, bet sizes per round and the cap, in fixed limit,
pot limit and no limit (RULES.md "Lowball draw and Badugi", "Five Card Draw, 7-A", "Betting
structures", "Stakes defaults")."""

from __future__ import annotations

import pytest
from engine_support import (
    BET,
    CALL,
    CHECK,
    DRAW,
    FOLD,
    NL,
    PL,
    RAISE,
    Hand,
    draw_first_round,
    table,
)

from floorman.domain.engine import snapshot, start_hand
from floorman.domain.errors import InvalidArgument
from floorman.domain.games import game_spec
from floorman.domain.model import BettingStructure, Game

TRIPLE_DRAWS = (Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, Game.ACE_TO_FIVE_TRIPLE_DRAW, Game.BADUGI)
LOWBALL = (Game.DEUCE_TO_SEVEN_SINGLE_DRAW, *TRIPLE_DRAWS)
TRIPLE_TAIL = ("draw", "third_round", "draw", "fourth_round")


def stand_pat_draw(hand: Hand) -> Hand:
    """Every live seat stands pat on the current draw."""
    while hand.street == "draw":
        hand.act(hand.to_act, DRAW)
    return hand


def check_around(hand: Hand) -> Hand:
    """Every seat checks (or calls) the current betting round."""
    street = hand.street
    while hand.street == street and snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK if CHECK in hand.legal_map() else CALL)
    return hand


# --- streets and player counts -------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "streets"),
    [
        (Game.DEUCE_TO_SEVEN_SINGLE_DRAW, ["first_round", "draw", "second_round"]),
        *((g, [*["first_round", "draw", "second_round"], *TRIPLE_TAIL]) for g in TRIPLE_DRAWS),
    ],
)
def test_lowball_streets__one_or_three_draws_with_a_betting_round_after_each(
    game: Game, streets: list[str]
) -> None:
    """RULES.md "Lowball draw and Badugi": single draw has one draw between two betting
    rounds; triple draw four betting rounds around three draws; then the showdown."""
    hand = draw_first_round(game, [1000] * 3)
    seen = [hand.street]
    while snapshot(hand.state).phase != "showdown":
        if hand.street == "draw":
            stand_pat_draw(hand)
        else:
            check_around(hand)
        if seen[-1] != hand.street:
            seen.append(hand.street)
    assert seen == [*streets, "showdown"]
    assert game_spec(game).draws == streets.count("draw")


@pytest.mark.parametrize(
    ("game", "low", "high"),
    [
        (Game.DEUCE_TO_SEVEN_SINGLE_DRAW, 2, 7),
        (Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, 2, 6),
        (Game.ACE_TO_FIVE_TRIPLE_DRAW, 2, 6),
        (Game.BADUGI, 2, 6),
    ],
)
def test_lowball_players__two_to_seven_single_draw_two_to_six_triple_draw(
    game: Game, low: int, high: int
) -> None:
    """RULES.md "Lowball draw and Badugi": 2 to 7 players single draw, 2 to 6 triple draw; a
    count outside is ``config.seats``."""
    for count in (low, high):
        start_hand(table(game, [100] * count, button=1))
    for count in (low - 1, high + 1):
        with pytest.raises(InvalidArgument) as caught:
            start_hand(table(game, [100] * count, button=1))
        assert "config.seats" in {v.field for v in caught.value.violations}


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_deal__five_cards_badugi_four_from_a_52_card_deck(game: Game) -> None:
    """RULES.md "Lowball draw and Badugi": the 52-card deck; five cards each, Badugi four."""
    hand = draw_first_round(game, [100] * 6 if game is not Game.DEUCE_TO_SEVEN_SINGLE_DRAW
                            else [100] * 7)  # fmt: skip
    per_seat = 4 if game is Game.BADUGI else 5
    assert len(hand.state.deck) == 52
    assert all(len(c) == per_seat for c in hand.state.cards)
    assert hand.state.stub == 52 - per_seat * len(hand.state.seats)


# --- blinds --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_blinds__fixed_limit_small_blind_half_the_small_bet_big_blind_the_small_bet(
    game: Game,
) -> None:
    """RULES.md "Stakes defaults" (fixed-limit draw) and "Five Card Draw, 7-A" Blinds: 10/20
    with whole units of 100 gives a small blind of 5 (odd-chip fallback) and a big blind of
    10, posted left of the button; round 1 starts left of the big blind."""
    hand = draw_first_round(game, [1000] * 4)
    assert (hand.contributed(1), hand.contributed(2), hand.stack(1), hand.stack(2)) == (
        5, 10, 995, 990)  # fmt: skip
    assert hand.to_act == 3 and hand.legal_map()[CALL] == [(10, 10)]


@pytest.mark.parametrize("game", LOWBALL)
@pytest.mark.parametrize("structure", [PL, NL])
def test_lowball_blinds__pot_and_no_limit_blinds_come_from_the_stakes(
    game: Game, structure: BettingStructure
) -> None:
    """RULES.md "Betting structures": blinds in pot limit and no limit draw come from
    ``small_blind`` / ``big_blind``."""
    hand = draw_first_round(
        game, [1000] * 3, structure=structure, small_blind=25, big_blind=50, small_bet=50,
        big_bet=100,
    )  # fmt: skip
    assert (hand.contributed(1), hand.contributed(2), hand.contributed(3)) == (25, 50, 0)


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_heads_up__button_posts_the_small_blind_first_before_the_draw_last_after(
    game: Game,
) -> None:
    """RULES.md "Five Card Draw, 7-A" Heads-up: the button (seat 2) posts the small blind and
    acts first before the draw, last after every draw."""
    hand = draw_first_round(game, [1000, 1000])
    assert (hand.contributed(2), hand.contributed(1)) == (5, 10)
    assert hand.to_act == 2
    hand.act(2, CALL).act(1, CHECK)
    for _ in range(game_spec(game).draws):
        assert hand.street == "draw" and hand.to_act == 1
        stand_pat_draw(hand)
        assert hand.to_act == 1
        hand.act(1, CHECK)
        assert hand.to_act == 2
        hand.act(2, CHECK)


# --- fixed-limit sizes and the cap ---------------------------------------------------------


@pytest.mark.parametrize("game", TRIPLE_DRAWS)
def test_lowball_fixed_limit__triple_draw_small_bet_twice_then_big_bet_twice(game: Game) -> None:
    """RULES.md "Lowball draw and Badugi": triple draw fixed limit bets the small bet (10) on
    the first two rounds and the big bet (20) on the last two; another size is
    ``bet.amount``."""
    hand = draw_first_round(game, [1000] * 3)
    assert hand.legal_map()[RAISE] == [(20, 20)]
    assert hand.refuse(3, RAISE, 30) == "bet.amount"
    check_around(hand)
    sizes = []
    for street in ("second_round", "third_round", "fourth_round"):
        stand_pat_draw(hand)
        assert hand.street == street and hand.to_act == 1
        (opening,) = hand.legal_map()[BET]
        sizes.append(opening)
        wrong = 20 if opening == (10, 10) else 10
        assert hand.refuse(1, BET, wrong) == "bet.amount"
        hand.act(1, BET, opening[0])
        assert hand.legal_map()[RAISE] == [(2 * opening[0], 2 * opening[0])]
        hand.act(2, CALL).act(3, CALL)
    assert sizes == [(10, 10), (20, 20), (20, 20)]
    # blinds 5 + 10 called to 10 each, then 10 + 20 + 20 each: 60 per seat
    assert hand.state.contributed == [60, 60, 60]


def test_lowball_fixed_limit__single_draw_small_bet_then_big_bet() -> None:
    """RULES.md "Five Card Draw, 7-A" rounds 1 and 2 (fixed-limit 2-7 single draw): the small
    bet before the draw, the big bet after it."""
    hand = draw_first_round(Game.DEUCE_TO_SEVEN_SINGLE_DRAW, [1000] * 3)
    assert hand.legal_map()[RAISE] == [(20, 20)]
    check_around(hand)
    stand_pat_draw(hand)
    assert hand.street == "second_round"
    assert hand.legal_map()[BET] == [(20, 20)]
    assert hand.refuse(1, BET, 10) == "bet.amount"


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_fixed_limit__the_blind_and_three_raises_cap_the_first_round(game: Game) -> None:
    """RULES.md "Betting structures": at most 4 bets a round, the big blind counting as the
    first; a fifth is ``fixed_limit.cap`` (10/20: raises to 20, 30, 40, then calls)."""
    hand = draw_first_round(game, [1000] * 4)
    hand.act(3, RAISE, 20).act(4, RAISE, 30).act(1, RAISE, 40)
    assert RAISE not in hand.legal_map()
    assert hand.refuse(2, RAISE, 50) == "fixed_limit.cap"
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(30, 30)]}


@pytest.mark.parametrize("game", TRIPLE_DRAWS)
def test_lowball_fixed_limit__a_bet_and_three_raises_cap_every_later_round(game: Game) -> None:
    """RULES.md "Betting structures": after the draws a bet, a raise, a re-raise and the cap
    (big bet 20 on the third round: 20, 40, 60, 80); then only calls or folds."""
    hand = draw_first_round(game, [1000] * 3)
    for _ in range(2):
        check_around(hand)
        stand_pat_draw(hand)
    assert hand.street == "third_round"
    hand.act(1, BET, 20).act(2, RAISE, 40).act(3, RAISE, 60).act(1, RAISE, 80)
    assert hand.refuse(2, RAISE, 100) == "fixed_limit.cap"
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(40, 40)]}


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_fixed_limit__the_cap_applies_heads_up_unless_configured(game: Game) -> None:
    """RULES.md "Betting structures": the cap applies heads-up by default, configurable."""
    capped = draw_first_round(game, [1000, 1000])
    capped.act(2, RAISE, 20).act(1, RAISE, 30).act(2, RAISE, 40)
    assert RAISE not in capped.legal_map()
    free = draw_first_round(game, [1000, 1000], uncapped_heads_up=True)
    free.act(2, RAISE, 20).act(1, RAISE, 30).act(2, RAISE, 40)
    assert free.legal_map()[RAISE] == [(50, 50)]


# --- pot limit and no limit ----------------------------------------------------------------


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_no_limit__opening_bet_at_least_the_big_blind_after_every_draw(game: Game) -> None:
    """RULES.md "Betting structures" No limit: the minimum opening bet is the big blind (draw)
    on every round; the maximum the whole stack; below it is ``bet.amount``."""
    hand = draw_first_round(game, [1000] * 3, structure=NL, small_blind=5, big_blind=10)
    assert hand.legal_map()[RAISE] == [(20, 1000)]
    check_around(hand)
    for _ in range(game_spec(game).draws):
        stand_pat_draw(hand)
        assert hand.legal_map()[BET] == [(10, 990)]
        assert hand.refuse(1, BET, 9) == "bet.amount"
        check_around(hand)


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_no_limit__minimum_raise_is_the_largest_bet_or_raise(game: Game) -> None:
    """RULES.md No limit: the minimum raise is the largest previous bet or raise in the round
    (bet 30, raise to 100: the next raise is to at least 170); less is ``bet.min_raise``."""
    hand = draw_first_round(game, [1000] * 3, structure=NL, small_blind=5, big_blind=10)
    check_around(hand)
    stand_pat_draw(hand)
    hand.act(1, BET, 30).act(2, RAISE, 100)
    assert hand.legal_map()[RAISE] == [(170, 990)]
    assert hand.refuse(3, RAISE, 169) == "bet.min_raise"


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_pot_limit__first_to_act_may_raise_to_35_over_blinds_5_10(game: Game) -> None:
    """RULES.md Pot limit: blinds 5/10, first to act: pot 15, call 10, so the maximum is a
    raise to 35; above is ``bet.pot_limit``. After the draw with a pot of 30 the largest
    opening bet is 30."""
    hand = draw_first_round(game, [1000] * 3, structure=PL, small_blind=5, big_blind=10)
    assert hand.legal_map()[RAISE] == [(20, 35)]
    assert hand.refuse(3, RAISE, 36) == "bet.pot_limit"
    check_around(hand)
    stand_pat_draw(hand)
    assert hand.legal_map()[BET] == [(10, 30)]
    assert hand.refuse(1, BET, 31) == "bet.pot_limit"
