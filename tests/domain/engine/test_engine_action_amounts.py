"""Amounts on CALL, FOLD and CHECK (RULES.md "Betting structures", rule id ``bet.amount``;
docs/rules.md "A CALL that names an amount must name the chips it adds")."""

from __future__ import annotations

import pytest
from engine_support import (
    CALL,
    CHECK,
    DRAWS,
    FL,
    FOLD,
    NL,
    PL,
    STUDS,
    Hand,
    draw_first_round,
    stud_first_street,
)

from floorman.domain.engine import apply, check_action, snapshot
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Action, ActionType, BettingStructure, Game


def _refusal(hand: Hand, seat: int, kind: ActionType, amount: int) -> RuleViolation:
    """The violation ``apply`` raises for the action (the state stays as it was)."""
    before = hand.state
    with pytest.raises(RuleViolation) as caught:
        apply(hand.state, Action(seat=seat, type=kind, amount=amount))
    assert hand.state == before
    return caught.value


def _facing_20(game: Game, structure: BettingStructure = FL) -> Hand:
    """Draw round 1, blinds 10/20 (small bet 20), four players of 1000: seat 3 owes 20."""
    return draw_first_round(game, [1000] * 4, small_bet=20, big_bet=40, structure=structure,
                            small_blind=10, big_blind=20)  # fmt: skip


@pytest.mark.parametrize("structure", [FL, PL, NL], ids=["fixed", "pot", "no_limit"])
@pytest.mark.parametrize("game", DRAWS)
def test_betting_structures_call_amount_other_than_the_call_is_bet_amount(
    game: Game, structure: BettingStructure
) -> None:
    """RULES.md "Betting structures" (``bet.amount``): with 20 to call, a CALL of 999 or of 19
    is refused with expected 20 and the amount given as actual, and ``check_action``
    (ValidateAction) names the same; a CALL of 20 or of 0 (unspecified) adds exactly 20."""
    hand = _facing_20(game, structure)
    assert hand.to_act == 3 and hand.legal_map()[CALL] == [(20, 20)]
    for amount in (999, 19, 40):
        refused = _refusal(hand, 3, CALL, amount)
        assert (refused.rule, refused.seat, refused.expected, refused.actual) == (
            "bet.amount", 3, "20", str(amount),
        )  # fmt: skip
        validated = check_action(hand.state, Action(seat=3, type=CALL, amount=amount))
        assert validated is not None and (validated.rule, validated.expected) == (
            "bet.amount",
            "20",
        )
    hand.act(3, CALL, 20)
    assert hand.stack(3) == 980 and hand.contributed(3) == 20
    hand.act(4, CALL)
    assert hand.stack(4) == 980 and snapshot(hand.state).pot_total == 70


@pytest.mark.parametrize("game", DRAWS)
def test_betting_structures_short_all_in_call_names_the_stack(game: Game) -> None:
    """RULES.md "Betting structures" (``bet.amount``): a seat with 15 facing 20 calls all in
    for 15; a CALL naming 20 is refused with expected 15; naming 15 is accepted."""
    hand = draw_first_round(game, [1000, 1000, 15, 1000], small_bet=20,
                            big_bet=40, small_blind=10, big_blind=20)  # fmt: skip
    refused = _refusal(hand, 3, CALL, 20)
    assert (refused.rule, refused.expected, refused.actual) == ("bet.amount", "15", "20")
    hand.act(3, CALL, 15)
    assert hand.stack(3) == 0 and snapshot(hand.state).seats[2].all_in


@pytest.mark.parametrize("game", STUDS)
def test_seven_card_stud_family_call_of_the_bring_in_names_its_chips(game: Game) -> None:
    """RULES.md "Seven Card Stud family" and ``bet.amount``: over a bring-in of 5 a CALL
    naming 10 is refused (expected 5); naming 5 adds 5."""
    hand = stud_first_street(game, [100] * 3, bring_in=5).act(1, ActionType.BRING_IN)
    refused = _refusal(hand, 2, CALL, 10)
    assert (refused.rule, refused.seat, refused.expected, refused.actual) == (
        "bet.amount", 2, "5", "10",
    )  # fmt: skip
    hand.act(2, CALL, 5)
    assert hand.stack(2) == 95


@pytest.mark.parametrize("game", DRAWS)
def test_betting_structures_fold_or_check_with_an_amount_is_bet_amount(game: Game) -> None:
    """RULES.md ``bet.amount``: a FOLD or a CHECK naming chips is refused (expected 0); with
    amount 0 both are accepted."""
    hand = _facing_20(game)
    refused = _refusal(hand, 3, FOLD, 50)
    assert (refused.rule, refused.seat, refused.expected, refused.actual) == (
        "bet.amount", 3, "0", "50",
    )  # fmt: skip
    hand.act(3, FOLD).act(4, CALL).act(1, CALL)
    assert hand.to_act == 2 and CHECK in hand.legal_map()
    refused = _refusal(hand, 2, CHECK, 20)
    assert (refused.rule, refused.expected, refused.actual) == ("bet.amount", "0", "20")
    hand.act(2, CHECK)
    assert hand.street == "draw"


@pytest.mark.parametrize("game", DRAWS)
def test_five_card_draw_fold_at_the_draw_with_an_amount_is_bet_amount(game: Game) -> None:
    """RULES.md "Five Card Draw, 7-A" (the draw) and ``bet.amount``: a FOLD in turn at the
    draw naming chips is refused; without an amount it folds."""
    hand = _facing_20(game)
    for seat in (3, 4, 1):
        hand.act(seat, CALL)
    hand.act(2, CHECK)
    assert hand.street == "draw" and hand.to_act == 1
    refused = _refusal(hand, 1, FOLD, 20)
    assert (refused.rule, refused.expected, refused.actual) == ("bet.amount", "0", "20")
    hand.act(1, FOLD)
    assert hand.to_act == 2 and snapshot(hand.state).seats[0].folded


def test_betting_structures_a_call_where_none_is_due_stays_action_not_allowed() -> None:
    """RULES.md rule table: a CALL with nothing to call is ``action.not_allowed`` whatever
    amount it names (the action type is wrong before its size is)."""
    hand = _facing_20(Game.FIVE_CARD_DRAW)
    for seat in (3, 4, 1):
        hand.act(seat, CALL)
    assert _refusal(hand, 2, CALL, 20).rule == "action.not_allowed"


@pytest.mark.parametrize("game", DRAWS)
def test_engine_refuses_fields_an_action_type_does_not_take(game: Game) -> None:
    """domain/actions.py (docs/rules.md extra ids ``action.extra_cards`` /
    ``action.extra_amount``): the engine itself refuses a CALL carrying cards and a DRAW,
    SHOW or MUCK carrying chips, so replayed and audited histories get the rule too."""
    hand = _facing_20(game)
    stray_cards = Action(seat=3, type=CALL, cards=(None,))
    with pytest.raises(RuleViolation) as caught:
        apply(hand.state, stray_cards)
    assert (caught.value.rule, caught.value.seat, caught.value.message) == (
        "action.extra_cards", 3, "a CALL carries no cards (only DRAW and SHOW do)",
    )  # fmt: skip
    for kind in (ActionType.DRAW, ActionType.SHOW, ActionType.MUCK):
        refused = check_action(hand.state, Action(seat=3, type=kind, amount=7))
        assert refused is not None and (refused.rule, refused.message) == (
            "action.extra_amount",
            f"a {kind.value.upper()} puts in no chips: it cannot carry the amount 7",
        )
