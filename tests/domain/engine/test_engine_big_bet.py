"""No limit and pot limit: minimum opens and raises, all-ins, the pot-limit maximum, big-bet
stud (RULES.md "Betting structures")."""

from __future__ import annotations

import pytest
from engine_support import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    DRAW,
    DRAWS,
    FOLD,
    NL,
    PL,
    RAISE,
    STUDS,
    Hand,
    draw_first_round,
    stud_first_street,
)

from floorman.domain.engine import snapshot
from floorman.domain.model import BettingStructure, Game


def after_draw(game: Game, structure: BettingStructure, stacks: list[int]) -> Hand:
    """A draw hand at round 2 (blinds 5/10, everyone limped and stood pat)."""
    hand = draw_first_round(game, stacks, structure=structure, small_blind=5, big_blind=10)
    while hand.street == "first_round":
        seat = hand.to_act
        hand.act(seat, CHECK if CHECK in hand.legal_map() else CALL)
    while hand.street == "draw":
        hand.act(hand.to_act, DRAW)
    return hand


# --- no limit -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", DRAWS)
def test_no_limit__minimum_opening_bet_is_the_big_blind_in_draw(game: Game) -> None:
    """RULES.md "No limit": minimum opening bet = the big blind (draw); maximum the stack."""
    hand = after_draw(game, NL, [500, 500, 500])
    assert hand.legal_map()[BET] == [(10, 490)]
    assert hand.refuse(1, BET, 9) == "bet.amount"
    assert hand.refuse(1, BET, 491) == "stack.insufficient"
    hand.act(1, BET, 490)
    assert snapshot(hand.state).seats[0].all_in


@pytest.mark.parametrize("game", STUDS)
def test_no_limit__minimum_opening_bet_is_the_small_bet_in_stud_on_every_street(game: Game) -> None:
    """RULES.md "No limit": minimum opening bet = the small bet (stud) on every street, big-bet
    streets included."""
    hand = stud_first_street(game, [500, 500], structure=NL, bring_in=5)
    hand.act(1, BRING_IN).act(2, CALL)
    for ups in ({1: "3c", 2: "4d"}, {1: "5c", 2: "Qh"}):  # a small-bet then a big-bet street
        hand.stud_street(ups)
        assert hand.legal_map()[BET] == [(10, 495)]
        hand.act(hand.to_act, CHECK).act(hand.to_act, CHECK)


@pytest.mark.parametrize("game", DRAWS)
def test_no_limit__minimum_raise_is_the_largest_previous_bet_or_raise(game: Game) -> None:
    """RULES.md "No limit": minimum raise = the size of the largest previous bet or raise in the
    round; a smaller raise is ``bet.min_raise``."""
    hand = draw_first_round(game, [1000] * 4, structure=NL, small_blind=5, big_blind=10)
    assert hand.legal_map()[RAISE] == [(20, 1000)]
    hand.act(3, RAISE, 30)  # a raise of 20
    assert hand.legal_map()[RAISE] == [(50, 1000)]
    assert hand.refuse(4, RAISE, 49) == "bet.min_raise"
    hand.act(4, RAISE, 100)  # a raise of 70
    assert hand.legal_map()[RAISE] == [(170, 1000)]
    assert hand.refuse(1, RAISE, 169) == "bet.min_raise"


@pytest.mark.parametrize("game", DRAWS)
def test_no_limit__all_in_short_of_a_full_raise_does_not_reopen(game: Game) -> None:
    """RULES.md "No limit": an all-in short of a full raise does not reopen the betting to
    players who already acted (call or fold only; a raise is ``fixed_limit.short_all_in``, the
    table's one id for the rule); the short all-in is listed as its own all-in entry."""
    hand = after_draw(game, NL, [1000, 1000, 160])
    hand.act(1, BET, 100).act(2, CALL)
    raises = [e for e in hand.legal() if e.type is RAISE]
    assert [(e.min_amount, e.max_amount, e.all_in) for e in raises] == [(150, 150, True)]
    hand.act(3, RAISE, 150)
    assert hand.to_act == 1
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(50, 50)]}
    assert hand.refuse(1, RAISE, 300) == "fixed_limit.short_all_in"


def test_no_limit__short_all_ins_that_together_make_a_full_raise_reopen() -> None:
    """TDA / RULES.md: two short all-ins adding up to a full raise (100 -> 150 -> 210) reopen
    the betting for the player who bet; the minimum raise stays the full bet of 100."""
    hand = after_draw(Game.FIVE_CARD_DRAW, NL, [1000, 160, 220, 1000])
    hand.act(1, BET, 100).act(2, RAISE, 150).act(3, RAISE, 210).act(4, CALL)
    assert hand.to_act == 1
    assert hand.legal_map()[RAISE] == [(310, 990)]


@pytest.mark.parametrize("game", STUDS)
def test_no_limit_stud__no_complete_first_raise_over_bring_in_is_at_least_the_small_bet(
    game: Game,
) -> None:
    """RULES.md "Pot limit and no limit stud": no COMPLETE; the first raise over the bring-in
    goes to at least the small bet and counts as a bet of that size."""
    hand = stud_first_street(game, [1000] * 3, structure=NL, bring_in=3)
    hand.act(1, BRING_IN)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(3, 3)], RAISE: [(10, 1000)]}
    assert hand.refuse(2, COMPLETE, 10) == "action.not_allowed"
    assert hand.refuse(2, RAISE, 9) == "bet.min_raise"
    hand.act(2, RAISE, 15)
    assert hand.legal_map()[RAISE] == [(30, 1000)]


def test_no_limit_stud__bring_in_may_open_with_a_bet() -> None:
    """RULES.md: the bring-in posts the bring-in or opens for at least the small bet (the
    pot/no-limit form of completing); it may not fold or check."""
    hand = stud_first_street(Game.RAZZ, [1000, 1000], structure=NL, bring_in=3)
    assert hand.refuse(1, FOLD) == "action.not_allowed"
    assert hand.refuse(1, CHECK) == "action.not_allowed"
    assert hand.refuse(1, BET, 9) == "bet.amount"
    hand.act(1, BET, 25)
    assert hand.legal_map()[RAISE] == [(50, 1000)]


# --- pot limit -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", DRAWS)
def test_pot_limit__blinds_5_10_first_to_act_may_raise_to_35(game: Game) -> None:
    """RULES.md "Pot limit": blinds 5/10, first to act: pot 15, call 10, pot after the call 25,
    maximum raise to 35 (``bet.pot_limit`` above); minimums as no limit."""
    hand = draw_first_round(game, [1000, 1000, 1000], structure=PL, small_blind=5, big_blind=10)
    assert hand.legal_map()[RAISE] == [(20, 35)]
    assert hand.refuse(3, RAISE, 36) == "bet.pot_limit"
    assert hand.refuse(3, RAISE, 19) == "bet.min_raise"
    hand.act(3, RAISE, 35)
    # small blind: current 35 + pot (5 + 10 + 35) + its call of 30 = 115
    assert hand.legal_map()[RAISE] == [(60, 115)]


@pytest.mark.parametrize("game", DRAWS)
def test_pot_limit__opening_bet_is_at_most_the_pot(game: Game) -> None:
    """RULES.md "Pot limit": with no bet, the largest bet is the pot."""
    hand = after_draw(game, PL, [1000, 1000, 1000])
    assert snapshot(hand.state).pot_total == 30
    assert hand.legal_map()[BET] == [(10, 30)]
    hand.act(1, BET, 30)
    # next: 30 + (60 + 30) = 120
    assert hand.legal_map()[RAISE] == [(60, 120)]


def test_pot_limit__stack_limits_the_maximum() -> None:
    """The pot-limit maximum never exceeds the stack; a short stack's all-in is its own entry."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [1000, 1000, 30], structure=PL,
                            small_blind=5, big_blind=10)  # fmt: skip
    assert hand.legal_map()[RAISE] == [(20, 30)]
    short = draw_first_round(Game.FIVE_CARD_DRAW, [1000, 1000, 15], structure=PL,
                             small_blind=5, big_blind=10)  # fmt: skip
    entry = next(e for e in short.legal() if e.type is RAISE)
    assert (entry.min_amount, entry.max_amount, entry.all_in) == (15, 15, True)


@pytest.mark.parametrize("game", STUDS)
def test_pot_limit_stud__first_raise_over_bring_in_at_least_small_bet_at_most_the_pot(
    game: Game,
) -> None:
    """RULES.md "Pot limit and no limit stud": the first raise over the bring-in goes to at
    least the small bet and at most the pot."""
    hand = stud_first_street(game, [1000] * 3, structure=PL, bring_in=5, ante=5)
    hand.act(1, BRING_IN)
    # pot 15 antes + 5 bring-in = 20; call 5 -> 25; max raise to 5 + 25 = 30
    assert hand.legal_map()[RAISE] == [(10, 30)]
    assert hand.refuse(2, RAISE, 31) == "bet.pot_limit"
    hand.act(2, RAISE, 30)
    # pot 15 + 5 + 30 = 50, call 30 -> 80, max 110; minimum: a bet of 30 -> 60
    assert hand.legal_map()[RAISE] == [(60, 110)]
