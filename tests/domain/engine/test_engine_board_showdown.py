"""Showdowns of the community-card games through the engine: the board in every hand, Omaha's
exactly two hole cards, side pots, hi-lo splits with odd chips, showdown order and the muck
(RULES.md "Hold'em and Omaha", "Common to every game")."""

from __future__ import annotations

from engine_support import CALL, CHECK, FL, FOLD, MUCK, NL, RAISE, SHOW, Hand, cards, table

from floorman.domain.engine import PotShare, settle_hand
from floorman.domain.model import Game


def check_down(hand: Hand, boards: tuple[str, ...], order: tuple[int, ...]) -> Hand:
    """Deal each board street (after a burn) and let ``order`` check it through."""
    hand.reserve |= {c for board in boards for c in cards(board) if c is not None}
    for board in boards:
        hand.board(board, burn=True)
        for seat in order:
            hand.act(seat, CHECK)
    return hand


def test_holdem_side_pots__all_in_pre_flop_board_run_out_pots_by_level() -> None:
    """RULES.md "Common to every game" Side pots and "Hold'em and Omaha" (best five of seven):
    stacks 100 / 300 / 500 all in before the flop; the short stack's aces take the main pot
    (300), the middle stack's kings the side pot (400), the big stack's uncalled 200 comes
    back."""
    hand = Hand(table(Game.TEXAS_HOLDEM, [100, 300, 500], button=3, structure=NL,
                      small_blind=5, big_blind=10))  # fmt: skip
    hand.deal_holes({1: "Ah Ad", 2: "Kh Kd", 3: "Qh Qd"})
    hand.act(3, RAISE, 500).act(1, CALL).act(2, CALL)
    hand.reserve |= set(cards("2c 7s 9d 3c 4s"))
    for board in ("2c 7s 9d", "3c", "4s"):
        hand.board(board, burn=True)
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(300, (1, 2, 3), (1,)), PotShare(400, (2, 3), (2,)))
    assert result.returned == {3: 200}
    assert result.final_stacks == {1: 300, 2: 400, 3: 200}


def test_omaha_exactly_two_hole_cards__one_spade_makes_no_flush() -> None:
    """RULES.md "Hold'em and Omaha" Ranking: Omaha plays exactly two hole cards with three
    board cards: on a four-spade board a single spade in the hand is no flush (in Hold'em it
    would be a royal flush), and the pair of sevens wins."""
    hand = Hand(table(Game.OMAHA, [500, 500], button=2, structure=FL))
    hand.deal_holes({1: "7h 7d 8c 9c", 2: "Ts 3c 4d 5h"})
    hand.act(2, CALL).act(1, CHECK)
    check_down(hand, ("As Ks Qs", "Js", "2d"), (1, 2))
    hand.act(1, SHOW, shown="7h 7d 8c 9c").act(2, SHOW, shown="Ts 3c 4d 5h")
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(20, (1, 2), (1,)),)
    assert result.final_stacks == {1: 510, 2: 490}


def test_omaha_hi_lo_split__odd_chip_low_half_first_winner_left_of_the_button() -> None:
    """RULES.md "Hold'em and Omaha" / "Common to every game" (hi-lo, odd chips): a 30 pot
    splits 15 high (four kings) and 15 low, the low tied A-2-3-4-8 by seats 1 and 2: the
    odd chip goes to the first winner left of the button (seat 1: 8, seat 2: 7)."""
    hand = Hand(table(Game.OMAHA_HI_LO, [100, 100, 100], button=3, structure=FL))
    hand.deal_holes({1: "Ah 4s Qh Qd", 2: "As 4c Jh Jd", 3: "Kh Ks 9c 9d"})
    hand.act(3, CALL).act(1, CALL).act(2, CHECK)
    check_down(hand, ("2c 3d 8h", "Kc", "Kd"), (1, 2, 3))
    assert hand.to_act == 1  # no river bet: the first in the river's order shows first
    for seat, shown in ((1, "Ah 4s Qh Qd"), (2, "As 4c Jh Jd"), (3, "Kh Ks 9c 9d")):
        hand.act(seat, SHOW, shown=shown)
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(30, (1, 2, 3), (3,), (1, 2)),)
    assert result.payouts == {1: 8, 2: 7, 3: 15}
    assert result.final_stacks == {1: 98, 2: 97, 3: 105}


def test_omaha_hi_lo__no_qualifying_low_the_high_scoops() -> None:
    """RULES.md "Hold'em and Omaha": no qualifying low, the high hand scoops."""
    hand = Hand(table(Game.OMAHA_HI_LO, [100, 100], button=2, structure=FL))
    hand.deal_holes({1: "Ah 2s Qh Qd", 2: "As 3c Jh Jd"})
    hand.act(2, CALL).act(1, CHECK)
    check_down(hand, ("9c Td Kh", "Kc", "7d"), (1, 2))
    hand.act(1, SHOW, shown="Ah 2s Qh Qd").act(2, SHOW, shown="As 3c Jh Jd")
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(20, (1, 2), (1,), ()),)


def test_holdem_split_pot__board_plays_odd_chip_first_winner_left_of_the_button() -> None:
    """RULES.md "Common to every game" Ties / odd chips (button games: from the first winner
    left of the button) and "Hold'em and Omaha" (the board may play): the small blind folds,
    a 25 pot is split by a royal flush on the board, seat 2 (first left of the button among
    the winners) gets 13, seat 3 12."""
    hand = Hand(table(Game.TEXAS_HOLDEM, [100, 100, 100], button=3, structure=NL,
                      small_blind=5, big_blind=10))  # fmt: skip
    hand.deal_holes({1: "2c 3c", 2: "4d 5d", 3: "6h 7h"})
    hand.act(3, CALL).act(1, FOLD).act(2, CHECK)
    check_down(hand, ("As Ks Qs", "Js", "Ts"), (2, 3))
    hand.act(2, SHOW, shown="4d 5d").act(3, SHOW, shown="6h 7h")
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(25, (2, 3), (2, 3)),)
    assert result.payouts == {2: 13, 3: 12}


def test_short_deck__flush_beats_full_house_at_the_showdown() -> None:
    """RULES.md "Hold'em and Omaha" Ranking (Short-deck: flush beats full house)."""
    hand = Hand(table(Game.SHORT_DECK_HOLDEM, [100, 100], button=2, structure=NL,
                      small_blind=5, big_blind=10))  # fmt: skip
    hand.deal_holes({1: "Ah 9h", 2: "Qc Qd"})
    hand.act(2, CALL).act(1, CHECK)
    check_down(hand, ("Qh 6h 6c", "7h", "Td"), (1, 2))
    hand.act(1, SHOW, shown="Ah 9h").act(2, SHOW, shown="Qc Qd")
    result = settle_hand(hand.state)
    assert result.pots == (PotShare(20, (1, 2), (1,)),)


def test_holdem_showdown__out_of_order_refused_muck_gives_the_pot_up() -> None:
    """RULES.md "Common to every game" Showdown order (``showdown.order``) and muck: facing a
    shown better hand the next player mucks and is out of the pot."""
    hand = Hand(table(Game.TEXAS_HOLDEM, [100, 100], button=2, structure=NL,
                      small_blind=5, big_blind=10))  # fmt: skip
    hand.deal_holes({1: "Ah Ad", 2: "7c 2d"})
    hand.act(2, CALL).act(1, CHECK)
    check_down(hand, ("Kc 9s 4h", "3d", "Jc"), (1, 2))
    assert hand.refuse(2, SHOW, shown="7c 2d") == "showdown.order"
    hand.act(1, SHOW, shown="Ah Ad").act(2, MUCK)
    result = settle_hand(hand.state)
    assert result.showdown_order == (1, 2)
    assert result.final_stacks == {1: 110, 2: 90}
