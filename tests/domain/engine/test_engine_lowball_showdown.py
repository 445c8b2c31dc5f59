"""Lowball draw and Badugi: showdown order, winners by the low, odd chips (RULES.md "Common
to every game": Showdown order, ties and odd chips in button games; "Lowball draw and
Badugi": the rankings)."""

from __future__ import annotations

import pytest
from engine_support import BET, CALL, CHECK, DRAW, FOLD, RAISE, SHOW, Hand, table
from test_engine_lowball_rounds import LOWBALL, check_around, stand_pat_draw

from floorman.domain.cards import card_str
from floorman.domain.engine import PotShare, settle_hand, snapshot
from floorman.domain.games import game_spec
from floorman.domain.model import Game

# Two hands that tie in each game, and one that loses to both (seat -> cards). Under the stud
# rule (lowest card by suit) seat 1 would get the odd chip: its deuce (2h / Ac) is lower.
TIES = {
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW: ("7c 5c 4d 3d 2h", "Kc Kd Qs Js 9c", "7d 5d 4h 3h 2s"),
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW: ("7c 5c 4d 3d 2h", "Kc Kd Qs Js 9c", "7d 5d 4h 3h 2s"),
    Game.ACE_TO_FIVE_TRIPLE_DRAW: ("5c 4c 3d 2d Ac", "Kc Kd Qs Js 9c", "5d 4h 3h 2s Ad"),
    Game.BADUGI: ("Ac 2d 3h 4s", "Kc Kd Qs Js", "Ad 2c 3s 4h"),
}
# Best, middle and worst hand of each game by its own ranking (RULES.md "Lowball draw and
# Badugi"): 2-7: 7-5-4-3-2 beats 8-6-4-3-2 beats the ace-high A-2-3-4-5; A-5: the wheel beats
# 7-5-4-3-2 beats a pair; Badugi: a four-card badugi beats a three-card hand beats two cards.
ORDERED = {
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW: ("7c 5d 4h 3s 2c", "8d 6h 4c 3d 2s", "Ah 2h 3c 4s 5h"),
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW: ("7c 5d 4h 3s 2c", "8d 6h 4c 3d 2s", "Ah 2h 3c 4s 5h"),
    Game.ACE_TO_FIVE_TRIPLE_DRAW: ("Ah 2h 3c 4s 5d", "7c 5h 4h 3s 2c", "8d 8h 4c 3d 2s"),
    Game.BADUGI: ("Kc Qd Jh Ts", "Ac 2c 3d 4h", "As 2s 3s 4d"),
}


def own(hand: Hand, seat: int) -> str:
    """The seat's cards, as SHOW text."""
    return " ".join(card_str(c) for c in hand.state.cards[hand.state.positions[seat]])


def to_last_round(hand: Hand) -> Hand:
    """Check (or call) every round and stand pat on every draw up to the last round."""
    for _ in range(game_spec(hand.state.spec.game).draws):
        check_around(hand)
        stand_pat_draw(hand)
    return hand


def show_all(hand: Hand) -> list[int]:
    """Show every hand in the order the engine asks for; the seats in that order."""
    shown = []
    while snapshot(hand.state).phase == "showdown":
        shown.append(hand.to_act)
        hand.act(hand.to_act, SHOW, shown=own(hand, hand.to_act))
    return shown


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_showdown_order__last_aggressor_of_the_last_round_shows_first(game: Game) -> None:
    """RULES.md "Showdown order": the last player to bet or raise on the final betting round
    shows first, then clockwise; another seat showing first is ``showdown.order``."""
    hand = to_last_round(Hand(table(game, [1000] * 3, button=3)).deal_draw({}))
    hand.act(1, CHECK)
    opening = hand.legal_map()[BET][0][0]
    hand.act(2, BET, opening).act(3, RAISE, 2 * opening).act(1, CALL).act(2, CALL)
    assert snapshot(hand.state).phase == "showdown" and hand.to_act == 3
    assert hand.refuse(1, SHOW, shown=own(hand, 1)) == "showdown.order"
    assert show_all(hand) == [3, 1, 2]
    assert settle_hand(hand.state).showdown_order == (3, 1, 2)


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_showdown_order__no_bet_on_the_last_round_first_left_of_the_button(
    game: Game,
) -> None:
    """RULES.md "Showdown order": with no bet on the final round (a bet on an earlier round
    does not count), the first player in that round's acting order shows first: the first
    active player left of the button (seat 1 folded, so seat 2; button seat 4)."""
    hand = Hand(table(game, [1000] * 4, button=4)).deal_draw({})
    check_around(hand)
    stand_pat_draw(hand)
    hand.act(1, FOLD)
    opening = hand.legal_map()[BET][0][0]
    hand.act(2, BET, opening).act(3, CALL).act(4, CALL)
    for _ in range(game_spec(game).draws - 1):
        stand_pat_draw(hand)
        check_around(hand)
    assert snapshot(hand.state).phase == "showdown"
    assert show_all(hand) == [2, 3, 4]


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_winner__the_best_low_of_the_game_wins(game: Game) -> None:
    """RULES.md "Lowball draw and Badugi": 2-7 (aces high: A-2-3-4-5 is ace high, 7-5-4-3-2
    best), A-5 (the wheel best, pairs bad), Badugi (four cards beat three, three beat two):
    seat 1 holds the best, seat 2 the next; seat 1 takes the 30-chip pot."""
    best, middle, worst = ORDERED[game]
    hand = to_last_round(
        Hand(table(game, [1000] * 3, button=3)).deal_draw({1: best, 2: middle, 3: worst})
    )
    check_around(hand)
    show_all(hand)
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(30, (1, 2, 3), (1,)),)
    assert result.final_stacks == {1: 1020, 2: 990, 3: 990}


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_odd_chip__to_the_first_tied_winner_left_of_the_button(game: Game) -> None:
    """RULES.md "Common to every game" ties: in button games the odd chip goes to the first
    tied winner left of the button (here seat 3: button seat 1, seat 2 folded its small
    blind), not by the lowest card as in stud (that would be seat 1). A 25-chip pot (blinds 5
    and 10, seat 1 calls 10) split by two equal lows: seat 3 gets 13, seat 1 gets 12."""
    first, loser, third = TIES[game]
    hand = Hand(table(game, [1000] * 3, button=1)).deal_draw({1: first, 2: loser, 3: third})
    hand.act(1, CALL).act(2, FOLD).act(3, CHECK)
    for _ in range(game_spec(game).draws):
        while hand.street == "draw":
            hand.act(hand.to_act, DRAW)
        check_around(hand)
    assert show_all(hand) == [3, 1]
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(25, (1, 3), (1, 3)),)
    assert result.payouts == {3: 13, 1: 12}
    assert result.final_stacks == {1: 1002, 2: 995, 3: 1003}


@pytest.mark.parametrize("game", LOWBALL)
def test_lowball_all_in__side_pot_to_the_best_low_among_its_players(game: Game) -> None:
    """RULES.md side pots (each awarded separately, last side pot first): seat 1 all in for
    50 with the best low wins the main pot of 150; the side pot of 100 between seats 2 and 3
    goes to seat 2's better low; every hand is exposed once all betting is complete."""
    best, middle, worst = ORDERED[game]
    hand = Hand(table(game, [50, 1000, 1000], button=3)).deal_draw({1: best, 2: middle, 3: worst})
    hand.act(3, RAISE, 20).act(1, RAISE, 30).act(2, RAISE, 40).act(3, CALL).act(1, CALL)
    while snapshot(hand.state).phase != "showdown" and not snapshot(hand.state).hand_complete:
        if hand.street == "draw":
            stand_pat_draw(hand)
        else:
            bets = hand.legal_map()
            if BET in bets and hand.to_act == 2:
                hand.act(2, BET, bets[BET][0][0])
            else:
                hand.act(hand.to_act, CHECK if CHECK in bets else CALL)
    show_all(hand)
    result = settle_hand(hand.state)
    assert result.pots[0] == PotShare(150, (1, 2, 3), (1,))
    assert result.pots[1].eligible == (2, 3) and result.pots[1].winners == (2,)
    assert result.final_stacks[1] == 150
    assert sum(result.final_stacks.values()) == 2050
