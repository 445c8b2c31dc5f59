"""Reported burns (proto ``Deal.burn``): RULES.md "Hold'em and Omaha" (one burn card before
each board street), "Seven Card Stud family" (before each of 4th-7th streets), "Five Card
Draw, 7-A" (no burn before the draw's first deal). A burn is the dealer's card: seat 0 (the
proto's community seat), face down, one card, once, before the street's first card; anything
else is ``card.count``. During a draw a reported burn still counts against the stub
(docs/rules.md "Service-dealt tables never run short": ``draw.stub`` "after reported burns").
"""

from __future__ import annotations

import pytest
from engine_support import BRING_IN, CALL, CHECK, Hand, cards, table

from floorman.domain.engine import apply
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Deal, Game


def _refused(hand: Hand, deal: Deal) -> RuleViolation:
    before = hand.state
    with pytest.raises(RuleViolation) as caught:
        apply(hand.state, deal)
    assert hand.state == before
    return caught.value


def _flop_due() -> Hand:
    """Hold'em, seats 1-3 (button 3), hole cards dealt, pre-flop betting over."""
    hand = Hand(table(Game.TEXAS_HOLDEM, {1: 1000, 2: 1000, 3: 1000}, button=3))
    hand.deal_holes({1: "Ac Ad", 2: "Kc Kd", 3: "Qc Qd"})
    return hand.act(3, CALL).act(1, CALL).act(2, CHECK)


def burn(text: str, seat: int = 0, *, up: bool = False) -> Deal:
    return Deal(seat=seat, cards=cards(text), face_up=up, burn=True)


@pytest.mark.parametrize("seat", [9, 2])
def test_holdem_burn__to_a_seat_is_card_count(seat: int) -> None:
    """RULES.md "Hold'em and Omaha" / proto ``Deal``: a burn is the dealer's card, seat 0; a
    burn for seat 9 (not in the hand) or seat 2 (a player) is ``card.count``, like the same
    deal without ``burn``."""
    hand = _flop_due()
    error = _refused(hand, burn("2c", seat))
    assert (error.rule, error.seat, error.expected) == ("card.count", seat, "0")
    assert f"a burn is the dealer's card: it is reported for seat 0, not seat {seat}" in str(error)


def test_holdem_burn__face_up_is_card_count() -> None:
    """A burn card is face down (it is never shown): ``face_up`` is ``card.count``."""
    error = _refused(_flop_due(), burn("2c", up=True))
    assert error.rule == "card.count"
    assert "a burn card is dealt face down, never face up" in str(error)


def test_holdem_burn__before_the_hole_cards_is_card_count() -> None:
    """RULES.md "Hold'em and Omaha": burns come before the board streets, never before the
    hole cards (pre-flop deals without a burn)."""
    hand = Hand(table(Game.TEXAS_HOLDEM, {1: 1000, 2: 1000, 3: 1000}, button=3))
    error = _refused(hand, burn("2c"))
    assert error.rule == "card.count"
    assert "no burn is due now: pre_flop is dealt without a burn" in str(error)
    hand.deal(1, "Ac Ad")
    assert _refused(hand, burn("2c")).rule == "card.count"


def test_holdem_burn__one_card_once_before_each_board_street() -> None:
    """RULES.md "Hold'em and Omaha": ONE burn card before each board street: a second burn,
    a two-card burn, a burn after the flop's first card are ``card.count``; the turn takes
    its own burn again."""
    hand = _flop_due()
    error = _refused(hand, burn("2c 3c"))
    assert (error.rule, error.expected) == ("card.count", "1")
    assert "flop burns one card, not 2" in str(error)
    hand.burn("2c")
    error = _refused(hand, burn("3c"))
    assert error.rule == "card.count"
    assert "flop's card is already burned" in str(error)
    hand.board("4d")
    error = _refused(hand, burn("3c"))
    assert "flop's cards are being dealt (its burn comes before its first card)" in str(error)
    hand.board("5d 6h")
    assert _refused(hand, burn("3c")).rule == "card.count"  # the flop's betting
    hand.act(1, CHECK).act(2, CHECK).act(3, CHECK)
    hand.burn("3c").board("7s")
    assert hand.state.stub == 52 - 6 - 2 - 4


def test_holdem_burn__unreported_burns_are_not_assumed() -> None:
    """proto ``Deal.burn``: "unreported burns are not assumed": the board without burns."""
    hand = _flop_due()
    hand.board("4d 5d 6h")
    assert hand.state.stub == 52 - 6 - 3


def test_stud_burn__before_fourth_street_not_third() -> None:
    """RULES.md "Seven Card Stud family": burns before 4th-7th streets; 3rd street deals
    without one (``card.count``), and 4th street takes one, once."""
    hand = Hand(table(Game.SEVEN_CARD_STUD, [100, 100], bring_in=5))
    error = _refused(hand, burn("??"))
    assert "third_street is dealt without a burn" in str(error)
    hand.stud_street({1: "Kh", 2: "2c"})
    hand.act(2, BRING_IN, 5).act(1, CALL)
    hand.burn("??")
    assert "already burned" in str(_refused(hand, burn("??")))
    assert _refused(hand, burn("??", 1)).rule == "card.count"
