"""Common rules in each of the six games and each betting structure (RULES.md "Common to
every game", "Betting structures")."""

from __future__ import annotations

import pytest
from engine_support import (
    BRING_IN,
    CALL,
    CHECK,
    DRAW,
    FOLD,
    SHOW,
    Hand,
    table,
)

from floorman.domain.cards import card_str
from floorman.domain.engine import Phase, legal_actions, pending_deals, settle_hand, snapshot
from floorman.domain.model import ActionType, BettingStructure, Game

COMBOS = [(game, structure) for game in Game for structure in BettingStructure]
IDS = [f"{game.value}-{structure.value}" for game, structure in COMBOS]


def new_hand(game: Game, structure: BettingStructure, stacks: list[int]) -> Hand:
    """Blinds 5/10 (draw, button on the last seat) or ante 1 / bring-in 5 (stud); bets 10/20."""
    kw: dict[str, object] = {"structure": structure}
    if game.is_draw:
        kw |= {"button": len(stacks), "small_blind": 5, "big_blind": 10}
    else:
        kw |= {"ante": 1, "bring_in": 5}
    return Hand(table(game, stacks, **kw))  # type: ignore[arg-type]


def step_passively(hand: Hand) -> None:
    """One step: deal what is due, stand pat, post the bring-in, check or call."""
    if pending_deals(hand.state):
        request = pending_deals(hand.state)[0]
        hand.deal(request.seat, hand.filler(request.count), up=request.face_up)
    elif hand.state.phase is Phase.DRAWING:
        hand.act(hand.to_act, DRAW)
    else:
        kinds = {e.type for e in legal_actions(hand.state)}
        kind = next(k for k in (BRING_IN, CHECK, CALL) if k in kinds)
        hand.act(hand.to_act, kind)


def to_last_round(hand: Hand) -> Hand:
    """Play passively until the last betting round is open."""
    state = hand.state
    while not (state.is_last_street and state.phase is Phase.BETTING):
        step_passively(hand)
        state = hand.state
    return hand


@pytest.mark.parametrize(("game", "structure"), COMBOS, ids=IDS)
def test_common__hand_won_by_folds_then_hand_complete(
    game: Game, structure: BettingStructure
) -> None:
    """RULES.md: if all but one player fold, the last one wins without showing; anything after
    is ``hand.complete``; the uncalled bet comes back and is never a payout."""
    hand = new_hand(game, structure, [500, 500, 500])
    while hand.state.phase is not Phase.BETTING:
        step_passively(hand)
    if BRING_IN in {e.type for e in hand.legal()}:
        hand.act(hand.to_act, BRING_IN)
    while not hand.state.complete:
        hand.act(hand.to_act, FOLD)
    view = snapshot(hand.state)
    assert view.hand_complete and view.seat_to_act == 0 and view.street == "complete"
    winner = next(s.seat for s in view.seats if not s.folded)
    assert hand.refuse(winner, CHECK) == "hand.complete"
    result = settle_hand(hand.state)
    assert result.showdown_order == () and result.rake == 0
    assert sum(result.final_stacks.values()) == 1500
    assert set(result.payouts) <= {winner} and set(result.returned) <= {winner}


@pytest.mark.parametrize(("game", "structure"), COMBOS, ids=IDS)
def test_common__fold_is_allowed_even_when_a_check_is_free(
    game: Game, structure: BettingStructure
) -> None:
    """RULES.md: a player to act may always fold, even when a check is possible (house choice)."""
    hand = to_last_round(new_hand(game, structure, [500, 500, 500]))
    seat = hand.to_act
    assert {e.type for e in hand.legal()} >= {FOLD, CHECK}
    hand.act(seat, FOLD)
    assert snapshot(hand.state).seats[seat - 1].folded


@pytest.mark.parametrize(("game", "structure"), COMBOS, ids=IDS)
def test_showdown_order__last_aggressor_first_in_every_game(
    game: Game, structure: BettingStructure
) -> None:
    """RULES.md "Showdown order": the last bettor or raiser of the final round shows first,
    then clockwise; SHOW out of turn is ``showdown.order``."""
    hand = to_last_round(new_hand(game, structure, [5000, 5000, 5000]))
    opener = hand.to_act
    bet = next(e for e in hand.legal() if e.type is ActionType.BET)
    hand.act(opener, ActionType.BET, bet.min_amount)
    raiser = hand.to_act
    raise_ = next(e for e in hand.legal() if e.type is ActionType.RAISE)
    hand.act(raiser, ActionType.RAISE, raise_.min_amount)
    while hand.state.phase is Phase.BETTING:
        hand.act(hand.to_act, CALL)
    assert hand.to_act == raiser
    other = next(s for s in (1, 2, 3) if s != raiser)
    assert hand.refuse(other, SHOW) == "showdown.order"
    order = []
    while hand.state.phase is Phase.SHOWDOWN:
        seat = hand.to_act
        order.append(seat)
        held = hand.state.cards[hand.state.positions[seat]]
        hand.act(seat, SHOW, shown=" ".join(card_str(c) for c in held))
    assert order == [(raiser - 1 + k) % 3 + 1 for k in range(3)]
    assert settle_hand(hand.state).showdown_order == tuple(order)


@pytest.mark.parametrize(("game", "structure"), COMBOS, ids=IDS)
def test_all_in__hands_exposed_and_the_rest_dealt_without_betting(
    game: Game, structure: BettingStructure
) -> None:
    """RULES.md (TDA): once a player is all in and all betting is complete, the remaining cards
    are dealt without betting and the hand ends without SHOW; chips are conserved."""
    hand = new_hand(game, structure, [18, 1000])
    while not hand.state.complete:
        state = hand.state
        if state.phase is Phase.BETTING:
            seat = hand.to_act
            kinds = {e.type for e in hand.legal()}
            if BRING_IN in kinds:
                hand.act(seat, BRING_IN)
            elif state.stacks[state.positions[seat]] and seat == 1:
                entry = [e for e in hand.legal() if e.type in (ActionType.BET, ActionType.RAISE,
                         ActionType.COMPLETE)][-1]  # fmt: skip
                hand.act(seat, entry.type, entry.max_amount)
            else:
                hand.act(seat, CALL if CALL in kinds else CHECK)
        else:
            assert state.phase is not Phase.SHOWDOWN
            step_passively(hand)
    assert hand.state.exposed
    result = settle_hand(hand.state)
    assert sum(result.final_stacks.values()) == 1018
