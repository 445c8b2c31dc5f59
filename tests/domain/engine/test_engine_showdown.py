"""Showdown order, SHOW and MUCK, all-in exposure, folds, and settling whole hands (RULES.md
"Common to every game")."""

from __future__ import annotations

import pytest
from engine_support import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    DRAW,
    FOLD,
    MUCK,
    NL,
    RAISE,
    SHOW,
    Hand,
    draw_first_round,
    table,
)

from floorman.domain.cards import card_str
from floorman.domain.engine import PotShare, settle_hand, snapshot
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game, RakePolicy
from floorman.domain.settlement import UnverifiableHand

SEED_RAKE = RakePolicy(percent_bps=500, increment=50, cap=300)


def stud_to_seventh(game: Game, hands: dict[int, str], *, stacks: list[int] | None = None) -> Hand:
    """A stud hand dealt to 7th street from ``hands`` (seat -> seven cards: down down up up up
    up down), everyone calling the bring-in and checking through 6th street."""
    stacks = stacks or [1000] * len(hands)
    hand = Hand(table(game, stacks, ante=1, bring_in=5))
    split = {seat: text.split() for seat, text in hands.items()}
    for street in range(5):
        for seat, own in split.items():
            if street == 0:
                hand.deal(seat, " ".join(own[:2])).deal(seat, own[2], up=True)
            else:
                hand.deal(seat, own[street + 2], up=street < 4)
        if street == 0:
            hand.act(hand.to_act, BRING_IN)
        if street < 4:
            while snapshot(hand.state).phase == "betting":
                hand.act(hand.to_act, CALL if CALL in hand.legal_map() else CHECK)
    return hand


STUD_HANDS = {
    1: "Ah Ad 9c Kh Kd 2s 3s",  # aces up
    2: "Qc Qd 8h 7h 6h 5h 4c",  # a straight
    3: "2c 2d Tc Jd 3h 4d 9d",  # a pair of twos
}


def own(hand: Hand, seat: int) -> str:
    """The seat's own cards, as SHOW text."""
    return " ".join(card_str(c) for c in hand.state.cards[hand.state.positions[seat]])


# --- showdown order --------------------------------------------------------------------------


def test_showdown_order__last_aggressor_on_the_final_round_shows_first_then_clockwise() -> None:
    """RULES.md "Showdown order": the last player to bet or raise on the final round shows
    first, then clockwise; another seat showing first is ``showdown.order``."""
    hand = stud_to_seventh(Game.SEVEN_CARD_STUD, STUD_HANDS)
    first = hand.to_act
    hand.act(first, BET, 20)
    raiser = hand.to_act
    hand.act(raiser, RAISE, 40)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CALL)
    view = snapshot(hand.state)
    assert (view.phase, view.street, view.seat_to_act) == ("showdown", "showdown", raiser)
    other = next(s for s in (1, 2, 3) if s != raiser)
    assert hand.refuse(other, SHOW, shown=own(hand, other)) == "showdown.order"
    expected = [(raiser + k - 1) % 3 + 1 for k in range(3)]
    shown = []
    while snapshot(hand.state).phase == "showdown":
        shown.append(hand.to_act)
        hand.act(hand.to_act, SHOW, shown=own(hand, hand.to_act))
    assert shown == expected
    result = settle_hand(hand.state)
    assert result.showdown_order == tuple(expected)
    assert result.payouts == {2: sum(hand.state.contributed)}


def test_showdown_order__no_bet_first_in_the_rounds_acting_order() -> None:
    """RULES.md "Showdown order": with no bet on the final round, the first player in that
    round's acting order shows first (stud: the best exposed hand)."""
    hand = stud_to_seventh(Game.SEVEN_CARD_STUD, STUD_HANDS)
    first = hand.to_act
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    assert hand.to_act == first == 1  # K-K-2-9 showing


def test_showdown_order__draw_no_bet_starts_left_of_the_button() -> None:
    """RULES.md: in draw, with no bet after the draw, the first active player left of the
    button shows first."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100] * 3)
    hand.act(3, CALL).act(1, CALL).act(2, CHECK)
    while hand.street == "draw":
        hand.act(hand.to_act, DRAW)
    hand.act(1, CHECK).act(2, CHECK).act(3, CHECK)
    assert snapshot(hand.state).phase == "showdown" and hand.to_act == 1


def test_showdown_order__all_in_short_raise_counts_as_the_last_aggressor() -> None:
    """RULES.md "Showdown order": an all-in short raise on the final round counts as the last
    bet; every hand is then exposed without a SHOW."""
    hand = stud_to_seventh(Game.SEVEN_CARD_STUD, STUD_HANDS, stacks=[1000, 1000, 30])
    # seat 3 has 30 - 1 ante - 5 = 24 left
    hand.act(1, BET, 20).act(2, CALL).act(3, RAISE, 24).act(1, CALL).act(2, CALL)
    assert snapshot(hand.state).hand_complete
    result = settle_hand(hand.state)
    assert result.showdown_order == (3, 1, 2)


# --- SHOW and MUCK -------------------------------------------------------------------------


def test_show__must_carry_every_own_card_as_dealt() -> None:
    """RULES.md: SHOW carries all the seat's own cards and must match what was dealt (cards
    that differ from the dealt ones are ``card.count``, issue 10 point 9)."""
    hand = stud_to_seventh(Game.SEVEN_CARD_STUD, STUD_HANDS)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    assert hand.refuse(1, SHOW, shown="Ah Ad 9c Kh Kd 2s") == "card.count"
    assert hand.refuse(1, SHOW, shown="Ah Ad 9c Kh Kd 2s 4s") == "card.count"
    assert hand.refuse(1, SHOW, shown="Ah Ad 9c Kh Kd 2s 3s 4s") == "card.count"
    assert hand.refuse(1, FOLD) == "action.not_allowed"
    hand.act(1, SHOW, shown="3s 2s Kd Kh 9c Ad Ah")


def test_show__reveals_unknown_dealt_cards() -> None:
    """An unknown dealt card is revealed by the SHOW (a card already out is ``card.duplicate``)."""
    hand = Hand(table(Game.FIVE_CARD_DRAW, [100, 100], button=2))
    hand.deal(1, "?? ?? ?? ?? ??").deal(2, "2c 3c 4c 5c 7d")
    hand.act(2, CALL).act(1, CHECK).act(1, DRAW).act(2, DRAW).act(1, CHECK).act(2, CHECK)
    assert hand.refuse(1, SHOW, shown="Ah Kh Qh Jh 2c") == "card.duplicate"
    hand.act(1, SHOW, shown="Ah Kh Qh Jh 9h")
    hand.act(2, SHOW, shown="2c 3c 4c 5c 7d")
    result = settle_hand(hand.state)
    assert result.payouts == {1: 20}


def test_muck__gives_up_the_hand_and_the_last_hand_wins_without_showing() -> None:
    """RULES.md: players facing a shown hand may muck; once one hand is left it wins without
    showing."""
    hand = stud_to_seventh(Game.SEVEN_CARD_STUD, STUD_HANDS)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    hand.act(1, SHOW, shown=own(hand, 1)).act(2, MUCK)
    assert hand.to_act == 3
    hand.act(3, MUCK)
    assert snapshot(hand.state).hand_complete
    result = settle_hand(hand.state)
    assert result.payouts == {1: 3 + 15}
    assert hand.refuse(3, SHOW, shown=own(hand, 3)) == "hand.complete"


def test_muck__first_to_show_may_muck_and_the_others_show() -> None:
    """A muck by the first to show hands the pot to the best of the hands shown."""
    hand = stud_to_seventh(Game.SEVEN_CARD_STUD, STUD_HANDS)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    hand.act(1, MUCK).act(2, SHOW, shown=own(hand, 2)).act(3, SHOW, shown=own(hand, 3))
    assert settle_hand(hand.state).payouts == {2: 18}


# --- all-in exposure, folds, the end --------------------------------------------------------


def test_all_in__every_hand_is_exposed_and_no_show_is_needed() -> None:
    """RULES.md (TDA): once a player is all in and all betting is complete, every hand in the
    pot is turned face up: the remaining cards are dealt and the hand ends without SHOW."""
    hand = Hand(table(Game.SEVEN_CARD_STUD, [30, 1000], ante=1, bring_in=5))
    hand.deal(1, "Ah Ad").deal(1, "2c", up=True).deal(2, "Qc Qd").deal(2, "8h", up=True)
    hand.act(1, BRING_IN).act(2, CALL)
    assert snapshot(hand.state).phase == "dealing"
    hand.deal(1, "Kh", up=True).deal(2, "7h", up=True)
    hand.act(1, BET, 10).act(2, RAISE, 20).act(1, RAISE, 24)  # all in (short raise)
    hand.act(2, CALL)
    assert hand.state.exposed and snapshot(hand.state).phase == "dealing"
    hand.deal(1, "Kd", up=True).deal(2, "6h", up=True)
    hand.deal(1, "2s", up=True).deal(2, "5h", up=True)
    hand.act(2, SHOW, shown="Qc Qd 8h 7h 6h 5h")  # a reveal on the way is accepted
    hand.deal(1, "3s").deal(2, "4c")
    assert snapshot(hand.state).hand_complete
    result = settle_hand(hand.state)
    assert result.payouts == {2: 60} and result.final_stacks == {1: 0, 2: 1030}
    assert hand.refuse(2, CHECK) == "hand.complete"


def test_won_by_folds__ends_without_showing_and_everything_after_is_hand_complete() -> None:
    """RULES.md: if all but one player fold, the last one wins without showing; any action or
    deal after the end is ``hand.complete``; the uncalled bet comes back (not a payout)."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW_7A, [100, 100, 100])
    hand.act(3, RAISE, 20).act(1, FOLD).act(2, FOLD)
    view = snapshot(hand.state)
    assert view.hand_complete and view.street == "complete" and view.seat_to_act == 0
    assert hand.refuse(3, CHECK) == "hand.complete"
    assert hand.refuse(3, SHOW, shown=own(hand, 3)) == "hand.complete"
    assert hand.refuse_deal(3, "??") == "hand.complete"
    result = settle_hand(hand.state)
    assert result.payouts == {3: 25} and result.returned == {3: 10}
    assert result.final_stacks == {1: 95, 2: 90, 3: 115}
    assert result.showdown_order == ()


# --- settlement ------------------------------------------------------------------------------


def test_settle__three_way_all_in_with_two_side_pots() -> None:
    """RULES.md side pots: built from contribution levels, each awarded separately; the
    uncalled part of the largest bet comes back."""
    config = table(Game.FIVE_CARD_DRAW, [50, 100, 300], structure=NL, button=3,
                   small_blind=5, big_blind=10)  # fmt: skip
    hand = Hand(config)
    hand.deal(1, "Ac Ad Ah As Kc").deal(2, "Kd Kh Ks Qc Qd").deal(3, "2c 3d 4h 5s 7c")
    hand.act(3, RAISE, 300).act(1, CALL).act(2, CALL)
    assert hand.state.exposed
    for seat in (1, 2, 3):
        hand.act(seat, DRAW)
    assert snapshot(hand.state).hand_complete
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(150, (1, 2, 3), (1,)), PotShare(100, (2, 3), (2,)))
    assert result.returned == {3: 200}
    assert result.payouts == {1: 150, 2: 100}
    assert result.final_stacks == {1: 150, 2: 100, 3: 200}


def test_settle__hi_lo_split_with_an_odd_chip_to_the_high_half() -> None:
    """RULES.md Hi-Lo: the pot splits between the best high and the best qualifying low; an odd
    chip between the halves goes to the high half (pot 13: high 7, low 6)."""
    hand = Hand(table(Game.SEVEN_CARD_STUD_HI_LO, [1000] * 3, ante=1, bring_in=5))
    hand.deal(1, "Kh Kd").deal(1, "Ks", up=True)
    hand.deal(2, "Ac 2d").deal(2, "3h", up=True)
    hand.deal(3, "5c 5d").deal(3, "6h", up=True)
    hand.act(2, BRING_IN).act(3, FOLD).act(1, CALL)
    for up1, up2 in (("9c", "4s"), ("9d", "7d"), ("Jc", "Td")):
        hand.deal(1, up1, up=True).deal(2, up2, up=True)
        hand.act(hand.to_act, CHECK).act(hand.to_act, CHECK)
    hand.deal(1, "Qc").deal(2, "Js")
    hand.act(hand.to_act, CHECK).act(hand.to_act, CHECK)
    while snapshot(hand.state).phase == "showdown":
        hand.act(hand.to_act, SHOW, shown=own(hand, hand.to_act))
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(13, (1, 2), (1,), (2,)),)
    assert result.payouts == {1: 7, 2: 6}


def test_settle__rake_seed_example_and_discrepancies() -> None:
    """RULES.md "Rake": 5 %, 50 per full 1000, capped at 300: a pot of 1100 pays 50 and the
    winner is paid 1050; a declared payout that differs is a ``payout.amount`` discrepancy."""
    config = table(Game.FIVE_CARD_DRAW, [5000, 5000], structure=NL, button=2,
                   small_blind=50, big_blind=100, rake=SEED_RAKE)  # fmt: skip
    hand = Hand(config)
    hand.deal(1, "Ac Ad Ah As Kc").deal(2, "2c 3d 4h 5s 7c")
    hand.act(2, RAISE, 550).act(1, CALL).act(1, DRAW).act(2, DRAW).act(1, CHECK).act(2, CHECK)
    hand.act(1, SHOW, shown="Ac Ad Ah As Kc").act(2, MUCK)
    result = settle_hand(hand.state, declared_payouts={1: 1100})
    assert (result.rake, result.payouts) == (50, {1: 1050})
    assert result.final_stacks == {1: 5500, 2: 4450}
    (finding,) = result.discrepancies
    assert (finding.rule, finding.seat, finding.expected, finding.actual) == (
        "payout.amount", 1, "1050", "1100")  # fmt: skip
    assert settle_hand(hand.state, declared_payouts={1: 1050}).discrepancies == ()


def test_settle__rake_cap_and_no_rake_on_the_first_round() -> None:
    """RULES.md "Rake": the cap limits the rake; optionally none when the hand ends on the
    first betting round."""
    for no_first, expected in ((False, 150), (True, 0)):
        rake = RakePolicy(percent_bps=500, increment=50, cap=300, no_rake_first_round=no_first)
        config = table(Game.FIVE_CARD_DRAW, [5000] * 3, structure=NL, button=3,
                       small_blind=50, big_blind=100, rake=rake)  # fmt: skip
        hand = Hand(config).deal_draw({})
        hand.act(3, RAISE, 1000).act(1, CALL).act(2, RAISE, 2000).act(3, FOLD).act(1, FOLD)
        result = settle_hand(hand.state)
        assert result.rake == expected
        assert result.returned == {2: 1000}
        assert result.payouts == {2: 3000 - expected}
    capped = table(Game.FIVE_CARD_DRAW, [9000, 9000], structure=NL, button=2, small_blind=50,
                   big_blind=100, rake=SEED_RAKE)  # fmt: skip
    hand = Hand(capped).deal_draw({1: "Ac Ad Ah As Kc", 2: "2c 3d 4h 5s 7c"})
    hand.act(2, RAISE, 9000).act(1, CALL)
    for seat in (1, 2):
        hand.act(seat, DRAW)
    assert settle_hand(hand.state).rake == 300


def test_settle__history_stopped_before_the_showdown() -> None:
    """A SettleHand history may stop at the showdown: the remaining hands are shown in
    showdown order; unknown cards there make the hand unverifiable."""
    hand = stud_to_seventh(Game.SEVEN_CARD_STUD, STUD_HANDS)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    result = settle_hand(hand.state)
    assert result.showdown_order == (1, 2, 3) and result.payouts == {2: 18}
    blind = Hand(table(Game.FIVE_CARD_DRAW, [100, 100], button=2))
    blind.deal(1, "?? ?? ?? ?? ??").deal(2, "?? ?? ?? ?? ??")
    blind.act(2, CALL).act(1, CHECK).act(1, DRAW).act(2, DRAW).act(1, CHECK).act(2, CHECK)
    with pytest.raises(UnverifiableHand):
        settle_hand(blind.state)


def test_settle__an_unfinished_hand_is_invalid_argument() -> None:
    """Settling a hand with actions or cards still due names the ``history`` field."""
    hand = draw_first_round(Game.FIVE_CARD_DRAW, [100, 100, 100])
    with pytest.raises(InvalidArgument) as caught:
        settle_hand(hand.state)
    assert caught.value.violations[0].field == "history"
