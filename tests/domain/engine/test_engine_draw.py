"""The draw games: acting order, the draw, the stub reshuffle, the 7-A deck (RULES.md "Five
Card Draw, 7-A")."""

from __future__ import annotations

import pytest
from engine_support import (
    BET,
    CALL,
    CHECK,
    DRAW,
    DRAWS,
    FOLD,
    RAISE,
    Hand,
    draw_first_round,
    table,
)

from floorman.domain.cards import card_str
from floorman.domain.engine import DealRequest, LegalAction, pending_deals, snapshot
from floorman.domain.model import Game


def _held(hand: Hand, seat: int) -> list[str]:
    """The seat's cards, as text."""
    return [card_str(c) for c in hand.state.cards[hand.state.positions[seat]]]


def to_draw(hand: Hand) -> Hand:
    """Everyone calls or checks round 1."""
    while hand.street == "first_round":
        hand.act(hand.to_act, CHECK if CHECK in hand.legal_map() else CALL)
    return hand


@pytest.mark.parametrize("game", DRAWS)
def test_draw_round_1__starts_left_of_the_big_blind_and_the_big_blind_may_check(game: Game) -> None:
    """RULES.md round 1: starts left of the big blind; the small blind calls by paying the
    difference; the big blind may check if nobody raised (or raise: its option)."""
    hand = draw_first_round(game, [100] * 4)
    assert hand.to_act == 3
    assert hand.refuse(1, CALL) == "turn.out_of_turn"
    hand.act(3, CALL).act(4, CALL)
    assert hand.legal_map()[CALL] == [(5, 5)]
    hand.act(1, CALL)
    assert hand.to_act == 2
    assert hand.legal_map() == {FOLD: [(0, 0)], CHECK: [(0, 0)], RAISE: [(20, 20)]}
    hand.act(2, CHECK)
    assert hand.street == "draw"


@pytest.mark.parametrize("game", DRAWS)
def test_draw__order_starts_left_of_the_button_and_replacements_follow_each_draw(
    game: Game,
) -> None:
    """RULES.md "Draw": starting left of the button, each active player discards 0-5 and is
    dealt as many before the next one draws; standing pat needs no deal."""
    hand = to_draw(draw_first_round(game, [100] * 3))
    assert hand.to_act == 1
    assert hand.legal() == (LegalAction(FOLD), LegalAction(DRAW, 0, 5))
    held = _held(hand, 1)
    hand.act(1, DRAW, shown=" ".join(held[:2]))
    view = snapshot(hand.state)
    assert (view.phase, view.street, view.seat_to_act, view.awaiting_deal_seats) == (
        "dealing", "draw", 0, (1,))  # fmt: skip
    assert pending_deals(hand.state) == (DealRequest(1, 2, False),)
    assert hand.refuse(2, DRAW) == "turn.out_of_turn"
    assert hand.refuse_deal(2, hand.filler(2)) == "card.count"
    assert hand.refuse_deal(1, hand.filler(3)) == "card.count"
    assert hand.refuse_deal(1, hand.filler(2), up=True) == "card.count"
    hand.deal(1, hand.filler(1)).deal(1, hand.filler(1))
    assert hand.to_act == 2
    hand.act(2, DRAW)  # stands pat
    assert hand.to_act == 3
    hand.act(3, DRAW, shown=" ".join(_held(hand, 3)))
    hand.deal(3, hand.filler(5))
    assert hand.street == "second_round" and hand.to_act == 1


@pytest.mark.parametrize("game", DRAWS)
def test_draw__discards_must_be_held_and_at_most_five(game: Game) -> None:
    """RULES.md "Draw": 0-5 discards of cards the seat holds (``draw.discard_count``)."""
    hand = to_draw(draw_first_round(game, [100] * 3))
    held = _held(hand, 1)
    other = _held(hand, 2)[0]
    assert hand.refuse(1, DRAW, shown=" ".join([*held, held[0]])) == "draw.discard_count"
    assert hand.refuse(1, DRAW, shown=other) == "draw.discard_count"
    assert hand.refuse(1, DRAW, shown=f"{held[0]} {held[0]}") == "draw.discard_count"
    assert hand.refuse(1, BET, 20) == "action.not_allowed"


def test_draw__folded_players_do_not_draw_and_all_in_players_do() -> None:
    """RULES.md "Draw": each active player draws; a folded hand does not; an all-in hand does."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100, 100, 15, 100])
    hand.act(3, RAISE, 15).act(4, FOLD).act(1, CALL).act(2, CALL)
    assert hand.street == "draw"
    order = []
    while hand.street == "draw":
        order.append(hand.to_act)
        hand.act(hand.to_act, DRAW)
    assert order == [1, 2, 3]


@pytest.mark.parametrize("game", DRAWS)
def test_draw_round_2__starts_left_of_the_button(game: Game) -> None:
    """RULES.md round 2: starts with the first active player left of the button; no blinds."""
    hand = draw_first_round(game, [100] * 4)
    hand.act(3, CALL).act(4, CALL).act(1, FOLD).act(2, CHECK)
    while hand.street == "draw":
        hand.act(hand.to_act, DRAW)
    view = snapshot(hand.state)
    assert view.seat_to_act == 2 and view.current_bet == 0 and view.bets_this_round == 0


@pytest.mark.parametrize("game", DRAWS)
def test_draw_heads_up__button_acts_first_before_the_draw_last_after(game: Game) -> None:
    """RULES.md "Heads-up": the button posts the small blind and acts first before the draw,
    last after it."""
    hand = draw_first_round(game, [100, 100])  # seat 2 is the button
    assert hand.to_act == 2
    hand.act(2, CALL).act(1, CHECK)
    assert hand.to_act == 1  # draws first: left of the button
    hand.act(1, DRAW).act(2, DRAW)
    assert hand.to_act == 1
    hand.act(1, CHECK)
    assert hand.to_act == 2


def test_draw__a_player_may_fold_in_turn_during_the_draw() -> None:
    """RULES.md "Common": a player to act may always fold (house choice), the draw included."""
    hand = to_draw(draw_first_round(Game.FIVE_CARD_DRAW, [100] * 3))
    hand.act(1, FOLD)
    assert hand.to_act == 2
    hand.act(2, FOLD)
    assert snapshot(hand.state).hand_complete


# --- the stub and the reshuffle ------------------------------------------------------------


def reshuffle_table() -> Hand:
    """7-A draw, 4 players: 20 of 32 cards dealt, 12 in the stub."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW_7A, [100] * 4)
    return to_draw(hand)


def test_draw_stub__reshuffle_takes_other_players_discards_never_the_drawers_own() -> None:
    """RULES.md "Draw": if the stub cannot cover a draw, the rest of the stub and every card
    discarded earlier by OTHER players are shuffled into a new stub; the drawer's own discards
    are not; a card dealt again without such a reshuffle is ``card.duplicate``."""
    hand = reshuffle_table()
    assert hand.state.stub == 12
    first_discards = _held(hand, 1)
    hand.act(1, DRAW, shown=" ".join(first_discards)).deal(1, hand.filler(5))
    assert hand.to_act == 2
    # seat 2 draws 5 of the 7 left: seat 1's discards are not available (no reshuffle yet)
    hand.act(2, DRAW, shown=" ".join(_held(hand, 2)))
    assert hand.refuse_deal(2, first_discards[0]) == "card.duplicate"
    hand.deal(2, hand.filler(5))
    assert hand.state.stub == 2
    # seat 3 draws 5 from 2: the reshuffle brings back seats 1 and 2's discards, not its own
    own = _held(hand, 3)
    hand.act(3, DRAW, shown=" ".join(own))
    assert hand.refuse_deal(3, own[0]) == "card.duplicate"
    hand.deal(3, " ".join(first_discards))
    assert hand.state.stub == 2 + 10 - 5
    # seat 4 draws without a new reshuffle: seat 3's discards are still out
    hand.act(4, DRAW, shown=_held(hand, 4)[0])
    assert hand.refuse_deal(4, own[0]) == "card.duplicate"


def test_draw_stub__folded_hands_are_never_reshuffled() -> None:
    """RULES.md "Draw": folded hands never go into the reshuffle."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW_7A, [100] * 4)
    folded = _held(hand, 3)
    hand.act(3, FOLD).act(4, CALL).act(1, CALL).act(2, CHECK)
    for seat in (1, 2):
        hand.act(seat, DRAW, shown=" ".join(_held(hand, seat))).deal(seat, hand.filler(5))
    assert hand.state.stub == 2
    hand.act(4, DRAW, shown=" ".join(_held(hand, 4)))
    assert hand.refuse_deal(4, folded[0]) == "card.duplicate"


def test_draw_stub__cards_beyond_the_stub_and_the_reshuffle_are_draw_stub() -> None:
    """RULES.md "Draw": cards dealt beyond the stub and the reshuffle are ``draw.stub``."""
    hand = reshuffle_table()
    hand.burn(" ".join(["??"] * 10))  # reported burns leave 2 cards
    hand.act(1, DRAW, shown=" ".join(_held(hand, 1)[:3]))
    assert hand.refuse_deal(1, "?? ?? ??") == "draw.stub"
    hand.deal(1, "?? ??")
    assert hand.refuse_deal(1, "??") == "draw.stub"


# --- the 7-A deck --------------------------------------------------------------------------


def test_seven_to_ace__deck_follows_the_players_dealt_in() -> None:
    """RULES.md "Five Card Draw, 7-A": 7 through A with 2-4 players (a six is
    ``card.not_in_deck``); 6 through A with 5 players (a five is not in the deck)."""
    four = Hand(table(Game.FIVE_CARD_DRAW_7A, [100] * 4, button=4))
    assert four.refuse_deal(1, "6h") == "card.not_in_deck"
    four.deal(1, "7h 8h 9h Th Jh")
    five = Hand(table(Game.FIVE_CARD_DRAW_7A, [100] * 5, button=5))
    five.deal(1, "6h 7h 8h 9h Th")
    assert five.refuse_deal(2, "5h") == "card.not_in_deck"
    assert five.state.stub == 31


def test_draw__unknown_hole_cards_may_be_discarded_and_are_revealed() -> None:
    """DESIGN.md "Unknown cards": a seat holding ``??`` cards may discard them as ``??`` or
    name them (revealed); a named card already elsewhere is ``card.duplicate``."""
    hand = Hand(table(Game.FIVE_CARD_DRAW, [100, 100], button=2))
    hand.deal(1, "?? ?? ?? ?? ??").deal(2, "2c 3c 4c 5c 7d")
    hand.act(2, CALL).act(1, CHECK)
    assert hand.refuse(1, DRAW, shown="2c") == "card.duplicate"
    hand.act(1, DRAW, shown="Ah Kh ??")
    assert hand.state.cards[0] == (None, None)
    assert hand.refuse_deal(1, "Ah ?? ??") == "card.duplicate"
    hand.deal(1, "?? ?? ??")
    assert hand.to_act == 2
