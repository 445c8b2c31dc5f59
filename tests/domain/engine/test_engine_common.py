"""Rules common to every game: turns, action types, stacks, cards, determinism, purity
(RULES.md "Common to every game", rule-id table)."""

from __future__ import annotations

import pytest
from engine_support import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    DRAW,
    FOLD,
    RAISE,
    SHOW,
    Hand,
    draw_first_round,
    stud_first_street,
    table,
)

from floorman.domain.engine import (
    HandState,
    apply,
    check_action,
    legal_actions,
    replay,
    snapshot,
    start_hand,
)
from floorman.domain.errors import HistoryError, InvalidArgument
from floorman.domain.model import Action, Deal, Game


def test_fold__always_allowed_in_turn_even_when_a_check_is_free() -> None:
    """RULES.md "Common": a player to act may always fold, even when a check is possible (the
    fold is binding; house choice)."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100] * 3)
    hand.act(3, CALL).act(1, CALL)
    assert {e.type for e in hand.legal()} == {FOLD, CHECK, RAISE}
    hand.act(2, FOLD)
    assert snapshot(hand.state).seats[1].folded
    assert hand.street == "draw"


def test_turn__acting_out_of_turn_is_turn_out_of_turn() -> None:
    """RULE ``turn.out_of_turn``: only the seat to act may act; a seat not dealt in never may;
    nobody acts while cards are due."""
    hand = Hand(table(Game.FIVE_CARD_DRAW, [100] * 3, button=3))
    assert hand.refuse(1, CALL) == "turn.out_of_turn"
    hand.deal_draw({})
    assert hand.refuse(1, CALL) == "turn.out_of_turn"
    assert hand.refuse(9, CALL) == "turn.out_of_turn"
    violation = check_action(hand.state, Action(seat=2, type=CALL))
    assert violation is not None and (violation.expected, violation.actual) == ("3", "2")


def test_action_types__not_available_now_is_action_not_allowed() -> None:
    """RULE ``action.not_allowed``: check facing a bet, call with nothing to call, BET over a
    bet, RAISE with no bet, COMPLETE outside stud's first street, DRAW or SHOW while betting."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100] * 3)
    assert hand.refuse(3, CHECK) == "action.not_allowed"
    assert hand.refuse(3, BET, 20) == "action.not_allowed"
    assert hand.refuse(3, COMPLETE, 20) == "action.not_allowed"
    assert hand.refuse(3, BRING_IN) == "action.not_allowed"
    assert hand.refuse(3, DRAW) == "action.not_allowed"
    assert hand.refuse(3, SHOW) == "action.not_allowed"
    hand.act(3, CALL).act(1, CALL)
    assert hand.refuse(2, CALL) == "action.not_allowed"
    hand.act(2, CHECK)
    while hand.street == "draw":
        hand.act(hand.to_act, DRAW)
    assert hand.refuse(1, RAISE, 20) == "action.not_allowed"


def test_stack__betting_more_than_the_stack_is_stack_insufficient() -> None:
    """RULE ``stack.insufficient``: a bet or raise beyond the chips the seat has."""
    hand = stud_first_street(Game.SEVEN_CARD_STUD, [8, 100], bring_in=5)
    assert hand.refuse(1, COMPLETE, 10) == "stack.insufficient"
    entry = next(e for e in hand.legal() if e.type is COMPLETE)
    assert (entry.min_amount, entry.max_amount, entry.all_in) == (8, 8, True)


def test_cards__duplicate_not_in_deck_malformed() -> None:
    """RULES.md cards: a known card dealt twice is ``card.duplicate``; one outside the game's
    deck ``card.not_in_deck``; a value that is not a card ``card.malformed``."""
    hand = Hand(table(Game.FIVE_CARD_DRAW_7A, [100] * 3, button=3))
    hand.deal(1, "Ah Kh Qh Jh Th")
    assert hand.refuse_deal(2, "Ah") == "card.duplicate"
    assert hand.refuse_deal(2, "9s 9s") == "card.duplicate"
    assert hand.refuse_deal(2, "2c") == "card.not_in_deck"
    with pytest.raises(Exception) as caught:
        apply(hand.state, Deal(seat=2, cards=(60,)))
    assert caught.value.rule == "card.malformed"  # type: ignore[attr-defined]
    hand.deal(2, "?? ?? ?? ?? ??")  # unknown cards are accepted


def test_replay__is_deterministic_and_names_the_first_bad_event() -> None:
    """DESIGN.md: the same events rebuild an equal state; a bad history is a HistoryError with
    the 0-based index of the first bad event and its rule."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100] * 3)
    hand.act(3, RAISE, 20).act(1, CALL).act(2, CALL)
    again = replay(hand.config, hand.events)
    assert again == hand.state and again is not hand.state
    assert snapshot(again) == snapshot(hand.state)
    bad = [*hand.events[:3], Action(seat=2, type=CALL), *hand.events[3:]]
    with pytest.raises(HistoryError) as caught:
        replay(hand.config, bad)
    assert (caught.value.index, caught.value.rule) == (3, "turn.out_of_turn")
    with pytest.raises(InvalidArgument):
        replay(table(Game.RAZZ, [100]), [])


def test_apply__never_changes_its_input() -> None:
    """``apply`` is pure: the input state is unchanged and still usable."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100] * 3)
    before = hand.state
    copy = replay(hand.config, hand.events)
    after = apply(before, Action(seat=3, type=RAISE, amount=20))
    assert before == copy and after != before
    assert snapshot(before).seat_to_act == 3 and snapshot(after).seat_to_act == 1
    assert legal_actions(before) == legal_actions(copy)


def test_check_action__answers_without_raising() -> None:
    """``check_action`` returns the violation (or None) and never changes the state."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100] * 3)
    assert check_action(hand.state, Action(seat=3, type=CALL)) is None
    violation = check_action(hand.state, Action(seat=3, type=RAISE, amount=25))
    assert violation is not None and violation.rule == "bet.amount"
    assert violation.message and violation.seat == 3


def test_snapshot__pot_amount_to_call_and_seats() -> None:
    """The snapshot gives the street, the seat to act, the pot (chips in the pots and in front),
    the amount to call (capped by the stack) and every seat's view."""
    hand = Hand(table(Game.SEVEN_CARD_STUD, [100, 100, 4], ante=1, bring_in=5))
    hand.stud_street({1: "2c", 2: "Kd", 3: "Ah"})
    hand.act(1, BRING_IN).act(2, COMPLETE, 10)
    view = snapshot(hand.state)
    assert (view.street, view.phase, view.seat_to_act) == ("third_street", "betting", 3)
    assert (view.pot_total, view.current_bet, view.amount_to_call) == (18, 10, 3)
    assert [(s.stack, s.bet, s.contributed) for s in view.seats] == [
        (94, 5, 6), (89, 10, 11), (3, 0, 1)]  # fmt: skip
    assert view.bets_this_round == 1 and not view.hand_complete
    assert view.seats[2].card_count == 3 and len(view.seats[2].up_cards) == 1


@pytest.mark.parametrize("game", list(Game))
def test_chips__conserved_at_every_step(game: Game) -> None:
    """RULES.md "Chip conservation": stacks + everything put in = the starting stacks."""
    if game.is_draw:
        hand = draw_first_round(game, [100, 50, 100])
    else:
        hand = stud_first_street(game, [100, 50, 100], bring_in=5, ante=1)
        hand.act(1, BRING_IN)
    start = 250
    while snapshot(hand.state).phase == "betting":
        view = snapshot(hand.state)
        assert sum(s.stack for s in view.seats) + view.pot_total == start
        entry = legal_actions(hand.state)[-1]
        hand.act(hand.to_act, entry.type, entry.max_amount)
    view = snapshot(hand.state)
    assert sum(s.stack for s in view.seats) + view.pot_total == start
    assert start_hand(hand.config) == replay(hand.config, [])


def test_state__clone_copies_every_field_and_shares_no_list() -> None:
    """``HandState.clone`` (spelled out for speed) covers every slot and copies the lists."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100] * 3)
    state = hand.state
    copy = state.clone()
    for name in HandState.__slots__:
        value = getattr(state, name)
        assert getattr(copy, name) == value, name
        if isinstance(value, list):
            assert getattr(copy, name) is not value, name


def test_stack__raising_when_the_call_takes_every_chip_is_stack_insufficient() -> None:
    """RULE ``stack.insufficient``: a seat whose call takes its whole stack cannot raise."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100, 100, 8])
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(8, 8)]}
    assert hand.refuse(3, RAISE, 20) == "stack.insufficient"
