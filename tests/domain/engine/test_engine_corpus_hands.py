"""Real stud hands from the PHH corpus, translated by hand into engine events (sanity checks;
the full corpus replay lives with the PHH reader). Sources under ``../shared/corpus/phh/``;
expected results are the files' ``finishing_stacks``."""

from __future__ import annotations

from engine_support import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    RAISE,
    SHOW,
    Hand,
    table,
)

from floorman.domain.engine import PotShare, replay, settle_hand, snapshot
from floorman.domain.model import Game


def test_corpus_f7s_h05__completion_and_a_hand_won_by_folds() -> None:
    """F7S/wsop-2023-43-5-h05: bring-in 3s, a completion, a 5th-street bet takes it down."""
    hand = Hand(
        table(Game.SEVEN_CARD_STUD, [4050000, 7750000, 4825000, 8525000, 4550000],
              ante=50000, bring_in=50000, small_bet=200000, big_bet=400000)
    )  # fmt: skip
    for seat, down, up in (
        (1, "Td 3c", "4d"), (2, "Kd 3h", "4c"), (3, "As 8d", "5c"), (4, "8c 5s", "Qc"),
        (5, "Kc 8s", "3s"),
    ):  # fmt: skip
        hand.deal(seat, down).deal(seat, up, up=True)
    assert hand.to_act == 5
    hand.act(5, BRING_IN).act(1, FOLD).act(2, FOLD).act(3, FOLD).act(4, COMPLETE, 200000)
    hand.act(5, CALL)
    hand.deal(4, "6d", up=True).deal(5, "9s", up=True)
    hand.act(4, CHECK).act(5, CHECK)
    hand.deal(4, "Ah", up=True).deal(5, "Ad", up=True)
    hand.act(4, CHECK).act(5, BET, 400000).act(4, FOLD)
    result = settle_hand(hand.state)
    assert [result.final_stacks[s] for s in range(1, 6)] == [
        4000000, 7700000, 4775000, 8275000, 4950000]  # fmt: skip
    assert result.returned == {5: 400000}


def test_corpus_f7s8_h50__hi_lo_split_with_an_unknown_door_card() -> None:
    """F7S/8/wsop-2023-43-5-h50: seat 4's cards are unknown (``??``), its door card too (the
    written record's fault: docs/rules.md "A face-up card must be known"), so the bring-in is
    accepted as recorded with a ``card.unknown`` note; the pot splits high/low."""
    hand = Hand(
        table(Game.SEVEN_CARD_STUD_HI_LO, [4500000, 1750000, 14675000, 5950000, 2825000],
              ante=50000, bring_in=75000, small_bet=250000, big_bet=500000),
        written=True,
    )  # fmt: skip
    for seat, down, up in (
        (1, "6s 5h", "6d"), (2, "5c 2s", "Js"), (3, "Ac 7d", "3h"), (4, "?? ??", "??"),
        (5, "Td 2h", "Ah"),
    ):  # fmt: skip
        hand.deal(seat, down).deal(seat, up, up=True)
    hand.act(3, BRING_IN).act(4, FOLD).act(5, FOLD).act(1, COMPLETE, 250000).act(2, FOLD)
    hand.act(3, CALL)
    assert [n.rule for n in snapshot(hand.state).notes] == ["card.unknown"]
    hand.deal(1, "As", up=True).deal(3, "6c", up=True)
    hand.act(1, BET, 250000).act(3, CALL)
    hand.deal(1, "4h", up=True).deal(3, "2d", up=True)
    hand.act(1, BET, 500000).act(3, CALL)
    hand.deal(1, "7s", up=True).deal(3, "2c", up=True)
    hand.act(3, CHECK).act(1, BET, 500000).act(3, CALL)
    hand.deal(1, "Jc").deal(3, "Kh")
    hand.act(3, CHECK).act(1, BET, 500000).act(3, CALL)
    hand.act(1, SHOW, shown="6s 5h 6d As 4h 7s Jc").act(3, SHOW, shown="Ac 7d 3h 6c 2d 2c Kh")
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(4250000, (1, 3), (1,), (3,)),)
    assert [result.final_stacks[s] for s in range(1, 6)] == [
        4575000, 1700000, 14750000, 5900000, 2775000]  # fmt: skip
    assert replay(hand.config, hand.events, allow_unknown_up=True) == hand.state


def test_corpus_fr_h85__raise_capped_by_the_opponents_stack_then_all_in_exposure() -> None:
    """FR/wsop-2023-43-5-h85 (RULES.md "Known differences": pokerkit 0.7.7 rejects it): on
    6th street a raise to exactly what the opponent can match; both hands are then exposed,
    shown on 6th and again after 7th street."""
    hand = Hand(
        table(Game.RAZZ, [2650000, 27050000], ante=100000, bring_in=100000, small_bet=300000,
              big_bet=600000)
    )  # fmt: skip
    hand.deal(1, "8c 2h").deal(1, "4c", up=True).deal(2, "4h 3d").deal(2, "8d", up=True)
    hand.act(2, BRING_IN).act(1, COMPLETE, 300000).act(2, RAISE, 600000).act(1, CALL)
    hand.deal(1, "Ad", up=True).deal(2, "2s", up=True)
    hand.act(1, BET, 300000).act(2, RAISE, 600000).act(1, CALL)
    hand.deal(1, "Qd", up=True).deal(2, "Td", up=True)
    hand.act(2, BET, 600000).act(1, CALL)
    hand.deal(1, "Jd", up=True).deal(2, "8s", up=True)
    hand.act(1, BET, 600000).act(2, RAISE, 750000).act(1, CALL)
    hand.act(2, SHOW, shown="4h 3d 8d 2s Td 8s").act(1, SHOW, shown="8c 2h 4c Ad Qd Jd")
    hand.deal(1, "Kh").deal(2, "7h")
    assert snapshot(hand.state).hand_complete
    hand.act(1, SHOW, shown="8c 2h 4c Ad Qd Jd Kh").act(2, SHOW, shown="4h 3d 8d 2s Td 8s 7h")
    result = settle_hand(hand.state)
    assert [result.final_stacks[s] for s in (1, 2)] == [0, 29700000]
