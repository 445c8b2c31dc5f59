"""Hold'em and Omaha: blinds, straddle, big-blind ante, acting order, bet sizes, the board
(RULES.md "Hold'em and Omaha", "Betting structures", "Stakes defaults", "Five Card Draw, 7-A"
for blinds, button and heads-up; docs/rules.md for the straddle decisions).

Showdowns of these games are in ``test_engine_board_showdown.py``; these hands end without one
(or stop at it) so they test the engine's betting and dealing alone.
"""

from __future__ import annotations

import pytest
from engine_support import (
    BET,
    BOARD_GAMES,
    CALL,
    CHECK,
    FL,
    FOLD,
    NL,
    PL,
    RAISE,
    Hand,
    cards,
    table,
)

from floorman.domain.engine import DealRequest, pending_deals, settle_hand, snapshot, start_hand
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import ForcedBet, ForcedBetKind, Game, RakePolicy

HOLDEM = Game.TEXAS_HOLDEM
OMAHA = Game.OMAHA


def holdem(stacks: list[int] | dict[int, int], **kw: object) -> Hand:
    """A Hold'em hand (button on the last seat unless given), hole cards dealt."""
    seats = stacks if isinstance(stacks, dict) else dict(enumerate(stacks, start=1))
    kw.setdefault("button", max(seats))
    kw.setdefault("game", HOLDEM)
    game = kw.pop("game")
    return Hand(table(game, seats, **kw)).deal_holes({})  # type: ignore[arg-type]


def violations(error: pytest.ExceptionInfo[InvalidArgument]) -> set[tuple[str, str]]:
    return {(v.field, v.rule) for v in error.value.violations}


# ------------------------------------------------------------------------------ forced bets


def test_holdem_blinds__fixed_limit_stakes_defaults() -> None:
    """RULES.md "Stakes defaults" (via "Hold'em and Omaha": blinds from the stakes): fixed
    limit $3/$6 has a $1 small blind (half the small bet rounded down to whole units) and a
    $3 big blind; $2/$4 posts $1/$2."""
    hand = holdem([1000, 1000, 1000], small_bet=300, big_bet=600)
    assert [(s.seat, s.bet) for s in snapshot(hand.state).seats] == [(1, 100), (2, 300), (3, 0)]
    hand = holdem([1000, 1000, 1000], small_bet=200, big_bet=400)
    assert [(s.seat, s.bet) for s in snapshot(hand.state).seats] == [(1, 100), (2, 200), (3, 0)]


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_holdem_pre_flop_order__left_of_the_big_blind_then_left_of_the_button(game: Game) -> None:
    """RULES.md "Hold'em and Omaha": pre-flop action starts left of the big blind; the flop,
    turn and river start with the first active player left of the button."""
    hand = holdem([500] * 5, game=game, structure=NL, small_blind=5, big_blind=10)
    assert (hand.street, hand.to_act) == ("pre_flop", 3)  # button 5, blinds 1 and 2
    hand.act(3, CALL).act(4, FOLD).act(5, CALL).act(1, CALL).act(2, CHECK)
    assert pending_deals(hand.state) == (DealRequest(0, 3, True),)
    hand.board(hand.filler(3), burn=True)
    assert (hand.street, hand.to_act) == ("flop", 1)
    hand.act(1, CHECK).act(2, CHECK).act(3, CHECK).act(5, BET, 10).act(1, FOLD)
    hand.act(2, FOLD).act(3, CALL)
    hand.board(hand.filler(1), burn=True)
    assert (hand.street, hand.to_act) == ("turn", 3)


@pytest.mark.parametrize("structure", [FL, PL, NL])
def test_holdem_heads_up__button_posts_small_blind_acts_first_pre_flop_last_after(
    structure: object,
) -> None:
    """RULES.md "Hold'em and Omaha" / "Five Card Draw, 7-A" Heads-up: the button posts the
    small blind, acts first before the flop and last after it."""
    hand = holdem([500, 500], button=2, structure=structure, small_blind=5, big_blind=10)
    view = snapshot(hand.state)
    assert [(s.seat, s.bet) for s in view.seats] == [(1, 10), (2, 5)]
    assert view.seat_to_act == 2
    hand.act(2, CALL).act(1, CHECK)
    hand.board("2c 3d Kh")
    assert hand.to_act == 1
    hand.act(1, CHECK)
    assert hand.to_act == 2


def test_holdem_straddle__acts_last_with_the_option_min_raise_twice_the_straddle() -> None:
    """RULES.md "Hold'em and Omaha": a live straddle of twice the big blind, posted by the
    player left of the big blind; the action starts left of it; no limit: the minimum raise
    is a raise to twice the straddle; it acts last before the flop, with the option."""
    hand = holdem([1000] * 5, structure=NL, small_blind=5, big_blind=10, straddle=20)
    view = snapshot(hand.state)
    assert [(s.seat, s.bet) for s in view.seats] == [(1, 5), (2, 10), (3, 20), (4, 0), (5, 0)]
    assert (view.seat_to_act, view.current_bet, view.pot_total) == (4, 20, 35)
    assert hand.legal_map()[RAISE] == [(40, 1000)]
    assert hand.refuse(4, RAISE, 39) == "bet.min_raise"
    hand.act(4, CALL).act(5, CALL).act(1, CALL).act(2, CALL)
    assert hand.to_act == 3  # the straddle's option
    assert hand.legal_map()[RAISE] == [(40, 1000)]
    assert CHECK in hand.legal_map()
    hand.act(3, CHECK)
    assert hand.street == "flop" and hand.state.phase.value == "dealing"
    assert snapshot(hand.state).pot_total == 100


def test_holdem_straddle__raise_over_it_reopens_the_option() -> None:
    """RULES.md "Hold'em and Omaha": the straddle is live; raised, it may re-raise."""
    hand = holdem([1000] * 4, structure=NL, small_blind=5, big_blind=10, straddle=20)
    hand.act(4, RAISE, 60).act(1, FOLD).act(2, FOLD)
    assert hand.to_act == 3
    assert hand.legal_map()[RAISE] == [(100, 1000)]  # raised by 40: the next raise is 40 more


def test_omaha_pot_limit_maximum__blinds_and_straddle_in_the_pot() -> None:
    """RULES.md "Betting structures" Pot limit (blinds 5/10, first to act: a raise to at most
    35) and "Hold'em and Omaha" (the straddle is in the pot: 5 + 10 + 20, call 20, pot after
    the call 55, so at most a raise to 75; the minimum a raise to 40)."""
    hand = holdem([1000] * 4, game=OMAHA, structure=PL, small_blind=5, big_blind=10)
    assert hand.to_act == 3
    assert hand.legal_map()[RAISE] == [(20, 35)]
    assert hand.refuse(3, RAISE, 36) == "bet.pot_limit"
    hand = holdem([1000] * 5, game=OMAHA, structure=PL, small_blind=5, big_blind=10, straddle=20)
    assert hand.to_act == 4
    assert hand.legal_map()[RAISE] == [(40, 75)]
    assert hand.refuse(4, RAISE, 76) == "bet.pot_limit"
    hand.act(4, RAISE, 75)  # pot now 110; seat 5 calls 75 -> 185, max raise to 75 + 185 = 260
    assert hand.legal_map()[RAISE] == [(130, 260)]


def test_holdem_fixed_limit_straddle__second_bet_toward_the_cap() -> None:
    """RULES.md "Hold'em and Omaha" / "Betting structures": a fixed-limit straddle counts as
    the round's second bet: two more raises cap the betting at four."""
    hand = holdem([1000] * 5, small_bet=10, big_bet=20, straddle=20)
    assert snapshot(hand.state).bets_this_round == 2
    assert hand.legal_map()[RAISE] == [(30, 30)]
    hand.act(4, RAISE, 30).act(5, RAISE, 40)
    assert RAISE not in hand.legal_map()
    assert hand.refuse(1, RAISE, 50) == "fixed_limit.cap"
    hand.act(1, CALL).act(2, CALL).act(3, CALL).act(4, CALL)
    assert hand.street == "flop"


def test_holdem_fixed_limit__small_bet_pre_flop_and_flop_big_bet_turn_and_river_cap_4() -> None:
    """RULES.md "Hold'em and Omaha": fixed limit bets the small bet pre-flop and on the flop,
    the big bet on the turn and river; the blind is the first of the round's four bets."""
    hand = holdem([1000] * 3, small_bet=10, big_bet=20)
    assert hand.legal_map()[RAISE] == [(20, 20)]
    hand.act(3, RAISE, 20).act(1, RAISE, 30).act(2, RAISE, 40)
    assert hand.refuse(3, RAISE, 50) == "fixed_limit.cap"
    hand.act(3, CALL).act(1, CALL)
    hand.board("2c 3d Kh", burn=True)
    assert hand.legal_map()[BET] == [(10, 10)]
    hand.act(1, CHECK).act(2, CHECK).act(3, CHECK)
    hand.board("4s", burn=True)
    assert hand.legal_map()[BET] == [(20, 20)]
    hand.act(1, BET, 20)
    assert hand.legal_map()[RAISE] == [(40, 40)]
    hand.act(2, CALL).act(3, CALL)
    hand.board("5h")
    assert (hand.street, hand.legal_map()[BET]) == ("river", [(20, 20)])


def test_holdem_big_blind_ante__dead_money_not_the_big_blinds_bet() -> None:
    """RULES.md "Hold'em and Omaha": the big blind posts one ante for the table, dead money,
    not part of its live bet; everyone folding to it, it gets its blind back and wins the
    small blind and the ante."""
    hand = holdem([5000] * 4, structure=NL, small_blind=50, big_blind=100, big_blind_ante=100)
    view = snapshot(hand.state)
    assert [(s.seat, s.bet, s.contributed) for s in view.seats] == [
        (1, 50, 50),
        (2, 100, 200),
        (3, 0, 0),
        (4, 0, 0),
    ]
    assert (view.current_bet, view.pot_total, hand.to_act) == (100, 250, 3)
    assert hand.legal_map()[RAISE] == [(200, 5000)]
    hand.act(3, FOLD).act(4, FOLD).act(1, FOLD)
    result = settle_hand(hand.state)
    assert result.returned == {2: 50}
    assert result.payouts == {2: 200}
    assert result.final_stacks == {1: 4950, 2: 5050, 3: 5000, 4: 5000}


def test_holdem_big_blind_ante__short_covers_the_blind_first() -> None:
    """RULES.md "Hold'em and Omaha": a big blind short of blind plus ante covers the blind
    first, then what it can of the ante."""
    stakes = {"small_blind": 50, "big_blind": 100, "big_blind_ante": 100}
    hand = holdem([5000, 150, 5000], structure=NL, **stakes)
    view = snapshot(hand.state)
    assert [(s.seat, s.bet, s.contributed, s.all_in) for s in view.seats][1] == (2, 100, 150, True)
    assert hand.state.dead_chips() == {2: 50}


def test_holdem_explicit_straddle_and_big_blind_ante_forced_bets() -> None:
    """DESIGN.md "Forced bets": explicit STRADDLE and BIG_BLIND_ANTE entries post like the
    derived ones."""
    forced = [
        ForcedBet(seat=1, kind=ForcedBetKind.SMALL_BLIND, amount=5),
        ForcedBet(seat=2, kind=ForcedBetKind.BIG_BLIND, amount=10),
        ForcedBet(seat=2, kind=ForcedBetKind.BIG_BLIND_ANTE, amount=10),
        ForcedBet(seat=3, kind=ForcedBetKind.STRADDLE, amount=20),
    ]
    hand = holdem([500] * 4, structure=NL, small_blind=5, big_blind=10, forced_bets=forced)
    view = snapshot(hand.state)
    assert [(s.seat, s.bet, s.contributed) for s in view.seats] == [
        (1, 5, 5),
        (2, 10, 20),
        (3, 20, 20),
        (4, 0, 0),
    ]
    assert (view.seat_to_act, view.current_bet, hand.state.dead_chips()) == (4, 20, {2: 10})


def test_holdem_straddle__refused_in_the_wrong_place_or_size() -> None:
    """RULES.md "Hold'em and Omaha" / rule ids ``straddle.amount`` / ``straddle.player``: a
    straddle is twice the big blind, left of the big blind, in a community-card game only;
    a big-blind ante is the big blind's."""
    with pytest.raises(InvalidArgument) as caught:
        start_hand(table(HOLDEM, [500] * 4, button=4, structure=NL, big_blind=10, straddle=30))
    assert violations(caught) == {("config.stakes.straddle", "straddle.amount")}
    with pytest.raises(InvalidArgument) as caught:
        start_hand(table(Game.FIVE_CARD_DRAW, [500] * 4, button=4, straddle=20))
    assert violations(caught) == {("config.stakes.straddle", "straddle.player")}
    with pytest.raises(InvalidArgument) as caught:
        start_hand(table(Game.SEVEN_CARD_STUD, [500] * 4, big_blind_ante=20))
    assert violations(caught) == {("config.stakes.big_blind_ante", "ante.amount")}
    blinds = [
        ForcedBet(seat=1, kind=ForcedBetKind.SMALL_BLIND, amount=5),
        ForcedBet(seat=2, kind=ForcedBetKind.BIG_BLIND, amount=10),
    ]
    wrong = [
        ([ForcedBet(seat=4, kind=ForcedBetKind.STRADDLE, amount=20)], "seat", "straddle.player"),
        ([ForcedBet(seat=3, kind=ForcedBetKind.STRADDLE, amount=30)], "amount", "straddle.amount"),
        ([ForcedBet(seat=1, kind=ForcedBetKind.BIG_BLIND_ANTE, amount=10)], "seat", "blind.player"),
    ]
    for extra, part, rule in wrong:
        config = table(HOLDEM, [500] * 4, button=4, structure=NL, small_blind=5, big_blind=10,
                       forced_bets=[*blinds, *extra])  # fmt: skip
        with pytest.raises(InvalidArgument) as caught:
            start_hand(config)
        assert violations(caught) == {(f"config.forced_bets[2].{part}", rule)}
    draw = table(Game.FIVE_CARD_DRAW, [500] * 4, button=4, forced_bets=[
        *blinds, ForcedBet(seat=3, kind=ForcedBetKind.STRADDLE, amount=20)])  # fmt: skip
    with pytest.raises(InvalidArgument) as caught:
        start_hand(draw)
    assert ("config.forced_bets[2].kind", "straddle.player") in violations(caught)


def test_holdem_straddle__none_heads_up_none_when_the_seat_cannot_cover_it() -> None:
    """docs/rules.md (straddle decisions): heads-up there is no straddle (the seat left of the
    big blind is the small blind); a player who cannot cover the whole straddle does not
    straddle; an explicit straddle heads-up is ``straddle.player``."""
    hand = holdem([500, 500], button=2, structure=NL, small_blind=5, big_blind=10, straddle=20)
    assert (snapshot(hand.state).current_bet, hand.to_act) == (10, 2)
    hand = holdem([500, 500, 15], structure=NL, small_blind=5, big_blind=10, straddle=20)
    assert (snapshot(hand.state).current_bet, hand.to_act) == (10, 3)
    forced = [
        ForcedBet(seat=2, kind=ForcedBetKind.SMALL_BLIND, amount=5),
        ForcedBet(seat=1, kind=ForcedBetKind.BIG_BLIND, amount=10),
        ForcedBet(seat=2, kind=ForcedBetKind.STRADDLE, amount=20),
    ]
    with pytest.raises(InvalidArgument) as caught:
        start_hand(table(HOLDEM, [500, 500], button=2, structure=NL, small_blind=5,
                         big_blind=10, forced_bets=forced))  # fmt: skip
    assert violations(caught) == {("config.forced_bets[2].seat", "straddle.player")}


# ------------------------------------------------------------------------------ the board


def test_holdem_board__flop_turn_river_with_burns_and_board_count() -> None:
    """RULES.md "Hold'em and Omaha" Deal: the flop deals three board cards, the turn and the
    river one each, a burn before each (reported as a burn); ``board.count`` for board cards
    out of their street or in the wrong number; the snapshot shows the board."""
    hand = Hand(table(HOLDEM, [500] * 3, button=3))
    assert hand.refuse_deal(0, "2c", up=True) == "board.count"
    hand.deal_holes({})
    assert hand.refuse_deal(0, "2c", up=True) == "board.count"  # pre-flop betting first
    hand.act(3, CALL).act(1, CALL).act(2, CHECK)
    assert hand.refuse_deal(0, "2c 3c 4c 5c", up=True) == "board.count"
    assert hand.refuse_deal(1, "2c") == "card.count"
    hand.burn("Kd").deal(0, "2c", up=True)  # a flop may come card by card
    assert pending_deals(hand.state) == (DealRequest(0, 2, True),)
    hand.deal(0, "3c 4c", up=True)
    assert snapshot(hand.state).community == cards("2c 3c 4c")
    hand.act(1, CHECK).act(2, CHECK).act(3, CHECK)
    assert hand.refuse_deal(0, "5c 6c", up=True) == "board.count"
    assert hand.refuse_deal(0, "Kd", up=True) == "card.duplicate"  # the burn is out
    hand.burn().deal(0, "5c", up=True)
    assert len(snapshot(hand.state).community) == 4
    assert snapshot(hand.state).street == "turn"


def test_holdem_all_in_run_out__remaining_board_dealt_without_betting() -> None:
    """RULES.md "Common to every game" (all in, betting complete: every hand face up) and
    "Hold'em and Omaha": the remaining board streets are dealt with no betting."""
    hand = holdem([100, 300, 300], structure=NL, small_blind=5, big_blind=10)
    hand.act(3, RAISE, 300).act(1, CALL).act(2, FOLD)
    assert hand.state.exposed
    for street, count in (("flop", 3), ("turn", 1), ("river", 1)):
        assert (hand.street, pending_deals(hand.state)) == (street, (DealRequest(0, count, True),))
        hand.board(hand.filler(count), burn=True)
    assert snapshot(hand.state).hand_complete
    assert len(hand.state.community) == 5


def test_holdem_no_flop_no_drop__no_rake_when_the_hand_ends_pre_flop() -> None:
    """RULES.md "Common to every game" Rake ("optionally no rake when the hand ends on the
    first betting round": no flop, no drop); a hand ending on the flop is raked."""
    rake = RakePolicy(percent_bps=1000, no_rake_first_round=True)
    hand = holdem([500] * 3, structure=NL, small_blind=5, big_blind=10, rake=rake)
    hand.act(3, RAISE, 30).act(1, CALL).act(2, FOLD)  # both stay: it reaches the flop
    hand.board("2c 3d Kh").act(1, BET, 60).act(3, FOLD)
    result = settle_hand(hand.state)
    assert (result.rake, result.payouts, result.returned) == (7, {1: 63}, {1: 60})
    hand = holdem([500] * 3, structure=NL, small_blind=5, big_blind=10, rake=rake)
    hand.act(3, RAISE, 30).act(1, FOLD).act(2, FOLD)
    result = settle_hand(hand.state)
    assert (result.rake, result.payouts, result.returned) == (0, {3: 25}, {3: 20})


def test_holdem_showdown_order__last_river_aggressor_first_else_left_of_the_button() -> None:
    """RULES.md "Common to every game" Showdown order: the river's last bettor shows first;
    with no river bet the first player in the river's acting order (left of the button)."""
    hand = holdem([500] * 3, structure=NL, small_blind=5, big_blind=10)
    hand.act(3, CALL).act(1, CALL).act(2, CHECK)
    for board in ("2c 3d Kh", "4s", "5h"):
        hand.board(board)
        if board != "5h":
            hand.act(1, CHECK).act(2, CHECK).act(3, CHECK)
    hand.act(1, CHECK).act(2, BET, 10).act(3, CALL).act(1, CALL)
    assert [hand.state.seats[p] for p in hand.state.show_order] == [2, 3, 1]
    assert hand.to_act == 2
    hand = holdem([500] * 3, structure=NL, small_blind=5, big_blind=10)
    hand.act(3, CALL).act(1, CALL).act(2, CHECK)
    for board in ("2c 3d Kh", "4s", "5h"):
        hand.board(board).act(1, CHECK).act(2, CHECK).act(3, CHECK)
    assert [hand.state.seats[p] for p in hand.state.show_order] == [1, 2, 3]
