"""ValidateAction, ListLegalActions and SettleHand over gRPC for the community-card games
(issue 11 point 3): every new game in fixed, pot and no limit against the real server
subprocess, with exact menus, boards, pots, payouts and final stacks in minor units; the
straddle, the big-blind ante and the board's refusals (RULES.md "Hold'em and Omaha",
"Betting structures", "Common to every game").
"""

from __future__ import annotations

import pytest

from floorman.v1 import poker_pb2 as pb
from tests.support.grpc_errors import violation_rules
from tests.transport.test_grpc_engine_rpcs import (
    BET,
    CALL,
    CHECK,
    FL,
    FOLD,
    MUCK,
    NL,
    PL,
    RAISE,
    SHOW,
    STRUCTURES,
    act,
    amounts,
    config,
    deal,
    ev,
    invalid,
    listing,
    menu,
    pots,
    settle,
    stacks,
    validate,
)

BOARD_GAMES = {
    "holdem": (pb.GAME_TEXAS_HOLDEM, 2),
    "omaha": (pb.GAME_OMAHA, 4),
    "omaha8": (pb.GAME_OMAHA_HI_LO, 4),
    "omaha5": (pb.GAME_FIVE_CARD_OMAHA, 5),
    "omaha58": (pb.GAME_FIVE_CARD_OMAHA_HI_LO, 5),
    "shortdeck": (pb.GAME_SHORT_DECK_HOLDEM, 2),
}
HOLES = {1: "Ac Ad Qs Qh 6c", 2: "Kc Kd 6d 6h 6s", 3: "Jc Jd Jh Js Th"}
"""Hole cards (the first 2, 4 or 5), all inside the 36-card deck: seat 1 makes trip aces on
:data:`BOARD` in every game, seat 2 kings; no straight, flush or low is possible."""
BOARD = ("Ah 7s 8d", "Tc", "Js")


def holes(count: int, seats: tuple[int, ...]) -> list[pb.HandEvent]:
    """Each seat's hole cards, dealt left of the button (button on the last seat)."""
    return [deal(seat, " ".join(HOLES[seat].split()[:count])) for seat in seats]


def board(text: str) -> pb.HandEvent:
    """Board cards: a Deal to seat 0, face up."""
    return deal(0, text, up=True)


def burn(card: str) -> pb.HandEvent:
    """A reported burn card."""
    return pb.HandEvent(deal=pb.Deal(seat=0, cards=[card], burn=True))


def blinds(structure: int) -> dict[str, int]:
    """Blinds 5/10 (fixed limit 10/20: the RULES.md defaults give the same)."""
    return {} if structure == FL else {"small_blind": 5, "big_blind": 10}


OPENING = {
    FL: [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, 20)],
    PL: [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, 35)],
    NL: [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, 1000)],
}
"""RULES.md "Betting structures": the first actor left of the big blind, blinds 5/10 (pot
limit: at most a raise to 35)."""


@pytest.mark.parametrize("structure", STRUCTURES.values(), ids=STRUCTURES.keys())
@pytest.mark.parametrize("name", BOARD_GAMES)
def test_every_board_game_and_structure_opens_left_of_the_big_blind_and_settles_folds(
    rules_stub, name, structure
):
    """Every community-card game in every structure: the pre-flop menu of the seat left of
    the big blind, the snapshot (street ``pre_flop``, no board), a raise everyone folds to,
    settled with the uncalled part returned (RULES.md "Hold'em and Omaha", "Common to every
    game")."""
    game, count = BOARD_GAMES[name]
    cfg = config(game, [1000] * 3, structure=structure, button=3, **blinds(structure))
    history = holes(count, (1, 2, 3))
    answer = validate(rules_stub, cfg, history, act(3, RAISE, 20))
    assert answer.legal
    assert menu(answer.legal_actions) == OPENING[structure]
    state = answer.state
    assert (state.street, state.phase, state.seat_to_act, list(state.board)) == (
        "pre_flop", "betting", 3, [])  # fmt: skip
    assert (state.pot_total, state.current_bet, state.bets_this_round) == (15, 10, 1)
    assert [s.card_count for s in state.seats] == [count] * 3
    history += [ev(3, RAISE, 20), ev(1, FOLD), ev(2, FOLD)]
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(25, [3], [3], [])]
    assert amounts(result.returned) == {3: 10}
    assert stacks(result) == {1: 995, 2: 990, 3: 1015}


@pytest.mark.parametrize("structure", STRUCTURES.values(), ids=STRUCTURES.keys())
@pytest.mark.parametrize("name", BOARD_GAMES)
def test_every_board_game_and_structure_checks_down_to_a_showdown_on_the_board(
    rules_stub, name, structure
):
    """Heads-up (the button posts the small blind and acts first pre-flop, last after:
    RULES.md "Hold'em and Omaha"), burns reported, the flop, turn and river dealt to seat 0;
    the snapshot shows the board; trip aces (hole + board) beat kings; the first in the
    river's order shows first."""
    game, count = BOARD_GAMES[name]
    cfg = config(game, [1000, 1000], structure=structure, button=2, **blinds(structure))
    history = holes(count, (1, 2))
    assert listing(rules_stub, cfg, history).state.seat_to_act == 2
    history += [ev(2, CALL), ev(1, CHECK)]
    for burned, cards in zip(("5s", "4s", "3s"), BOARD, strict=True):
        if game != pb.GAME_SHORT_DECK_HOLDEM:
            history.append(burn(burned))
        history.append(board(cards))
        listed = listing(rules_stub, cfg, history)
        assert listed.state.seat_to_act == 1  # the first left of the button after the flop
        history += [ev(1, CHECK), ev(2, CHECK)]
    listed = listing(rules_stub, cfg, history)
    assert list(listed.state.board) == ["Ah", "7s", "8d", "Tc", "Js"]
    assert (listed.state.phase, listed.state.seat_to_act) == ("showdown", 1)
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(20, [1, 2], [1], [])]
    assert stacks(result) == {1: 1010, 2: 990}
    assert list(result.showdown_order) == [1, 2]


def test_omaha_hi_lo_over_grpc_splits_with_the_odd_chip_to_the_first_low_left_of_button(
    rules_stub,
):
    """RULES.md "Hold'em and Omaha" / "Common to every game" (hi-lo, odd chips): a 30 pot,
    15 to the high (four kings), the low half tied: 8 to seat 1, 7 to seat 2."""
    cfg = config(pb.GAME_OMAHA_HI_LO, [100, 100, 100], button=3)
    history = [deal(1, "Ah 4s Qh Qd"), deal(2, "As 4c Jh Jd"), deal(3, "Kh Ks 9c 9d")]
    history += [ev(3, CALL), ev(1, CALL), ev(2, CHECK)]
    for cards in ("2c 3d 8h", "Kc", "Kd"):
        history += [board(cards), ev(1, CHECK), ev(2, CHECK), ev(3, CHECK)]
    history += [
        ev(1, SHOW, cards="Ah 4s Qh Qd"),
        ev(2, SHOW, cards="As 4c Jh Jd"),
        ev(3, SHOW, cards="Kh Ks 9c 9d"),
    ]
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(30, [1, 2, 3], [3], [1, 2])]
    assert amounts(result.payouts) == {1: 8, 2: 7, 3: 15}
    assert stacks(result) == {1: 98, 2: 97, 3: 105}


def test_holdem_side_pots_and_muck_over_grpc(rules_stub):
    """RULES.md "Common to every game" (side pots, muck): 100 / 300 / 500 all in pre-flop, the
    board run out; aces take the main pot, kings the side pot, 200 comes back."""
    cfg = config(pb.GAME_TEXAS_HOLDEM, [100, 300, 500], structure=NL, button=3,
                 small_blind=5, big_blind=10)  # fmt: skip
    history = [deal(1, "Ah Ad"), deal(2, "Kh Kd"), deal(3, "Qh Qd")]
    history += [ev(3, RAISE, 500), ev(1, CALL), ev(2, CALL)]
    assert listing(rules_stub, cfg, history).state.awaiting_deal_seats == [0]
    history += [board("2c 7s 9d"), board("3c"), board("4s")]
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(300, [1, 2, 3], [1], []), (400, [2, 3], [2], [])]
    assert amounts(result.returned) == {3: 200}
    assert stacks(result) == {1: 300, 2: 400, 3: 200}
    cfg = config(pb.GAME_TEXAS_HOLDEM, [100, 100], structure=NL, button=2,
                 small_blind=5, big_blind=10)  # fmt: skip
    history = [deal(1, "Ah Ad"), deal(2, "7c 2d"), ev(2, CALL), ev(1, CHECK)]
    for cards in ("Kc 9s 4h", "3d", "Jc"):
        history += [board(cards), ev(1, BET, 10), ev(2, CALL)]
    history += [ev(1, SHOW, cards="Ah Ad"), ev(2, MUCK)]
    result = settle(rules_stub, cfg, history)
    assert stacks(result) == {1: 140, 2: 60}


def straddle_config(game: int, structure: int, **extra: int) -> pb.HandConfig:
    cfg = config(game, [1000] * 5, structure=structure, button=5, small_blind=5, big_blind=10)
    cfg.stakes.straddle = 20
    for name, value in extra.items():
        setattr(cfg.stakes, name, value)
    return cfg


def test_straddle_over_grpc__left_of_it_acts_first_min_raise_to_40_pot_limit_75(rules_stub):
    """RULES.md "Hold'em and Omaha" / "Betting structures": a straddle of 20 (blinds 5/10)
    posted by seat 3; seat 4 acts first: no limit at least a raise to 40; pot limit at most 75
    (pot 35, call 20, pot after the call 55); the straddle's option comes last."""
    cards = {1: "Ac Ad", 2: "Kc Kd", 3: "Qc Qd", 4: "Jc Jd", 5: "Tc Td"}
    history = [deal(seat, text) for seat, text in cards.items()]
    listed = listing(rules_stub, straddle_config(pb.GAME_TEXAS_HOLDEM, NL), history)
    assert (listed.state.seat_to_act, listed.state.current_bet, listed.state.pot_total) == (
        4, 20, 35)  # fmt: skip
    assert menu(listed.legal_actions) == [("FOLD", 0, 0), ("CALL", 20, 20), ("RAISE", 40, 1000)]
    omaha = straddle_config(pb.GAME_OMAHA, PL)
    extra = {1: "2h 3h", 2: "4h 5h", 3: "6h 7h", 4: "8h 9h", 5: "2s 3s"}
    omaha_history = [deal(seat, f"{text} {extra[seat]}") for seat, text in cards.items()]
    listed = listing(rules_stub, omaha, omaha_history)
    assert menu(listed.legal_actions) == [("FOLD", 0, 0), ("CALL", 20, 20), ("RAISE", 40, 75)]
    history += [ev(4, CALL), ev(5, CALL), ev(1, CALL), ev(2, CALL)]
    listed = listing(rules_stub, straddle_config(pb.GAME_TEXAS_HOLDEM, NL), history)
    assert listed.state.seat_to_act == 3
    assert menu(listed.legal_actions) == [("FOLD", 0, 0), ("CHECK", 0, 0), ("RAISE", 40, 1000)]


def test_big_blind_ante_over_grpc_is_dead_money_settled_to_the_chip(rules_stub):
    """RULES.md "Hold'em and Omaha": the big blind's ante (100 at 50/100) is dead money: with
    everyone folding to the big blind it takes the small blind and the ante, its blind back."""
    cfg = config(pb.GAME_TEXAS_HOLDEM, [5000] * 4, structure=NL, button=4,
                 small_blind=50, big_blind=100)  # fmt: skip
    cfg.stakes.big_blind_ante = 100
    history = [deal(s, t) for s, t in {1: "Ac Ad", 2: "Kc Kd", 3: "Qc Qd", 4: "Jc Jd"}.items()]
    listed = listing(rules_stub, cfg, history)
    assert [(s.seat, s.bet, s.contributed) for s in listed.state.seats][:2] == [
        (1, 50, 50), (2, 100, 200)]  # fmt: skip
    history += [ev(3, FOLD), ev(4, FOLD), ev(1, FOLD)]
    result = settle(rules_stub, cfg, history)
    assert amounts(result.payouts) == {2: 200}
    assert amounts(result.returned) == {2: 50}
    assert stacks(result) == {1: 4950, 2: 5050, 3: 5000, 4: 5000}


def test_board_refusals_over_grpc(rules_stub):
    """RULES.md rule ids ``board.count`` (a board card before its street, too many board
    cards), ``history.incomplete`` (the flop still due), ``straddle.player`` /
    ``straddle.amount`` (a straddle in a game without a board, or not twice the big blind),
    with the BadRequest field paths."""
    cfg = config(pb.GAME_TEXAS_HOLDEM, [1000] * 3, button=3)
    early = [deal(1, "Ac Ad"), board("2c 3c 4c")]
    error = invalid(settle, rules_stub, cfg, early)
    assert violation_rules(error) == [("history[1]", "board.count")]
    many = [*holes(2, (1, 2, 3)), ev(3, CALL), ev(1, CALL), ev(2, CHECK), board("2c 3c 4c 5c")]
    error = invalid(settle, rules_stub, cfg, many)
    assert violation_rules(error) == [("history[6]", "board.count")]
    stopped = [*holes(2, (1, 2, 3)), ev(3, CALL), ev(1, CALL), ev(2, CHECK)]
    error = invalid(settle, rules_stub, cfg, stopped)
    assert violation_rules(error) == [("history", "history.incomplete")]
    assert "cards are still due on flop (the board)" in error.details()
    draw = config(pb.GAME_FIVE_CARD_DRAW, [1000] * 3, button=3)
    draw.stakes.straddle = 20
    error = invalid(listing, rules_stub, draw, [])
    assert violation_rules(error) == [("config.stakes.straddle", "straddle.player")]
    wrong = straddle_config(pb.GAME_TEXAS_HOLDEM, NL)
    wrong.stakes.straddle = 30
    error = invalid(listing, rules_stub, wrong, [])
    assert violation_rules(error) == [("config.stakes.straddle", "straddle.amount")]


def test_unspecified_structure_is_the_games_default(rules_stub):
    """RULES.md "Hold'em and Omaha" defaults: an unspecified structure is fixed limit for
    Hold'em, pot limit for Omaha, no limit for Short-deck (blinds 5/10, first to act)."""
    expected = {
        pb.GAME_TEXAS_HOLDEM: ("RAISE", 20, 20),
        pb.GAME_OMAHA: ("RAISE", 20, 35),
        pb.GAME_SHORT_DECK_HOLDEM: ("RAISE", 20, 1000),
    }
    for game, entry in expected.items():
        cfg = config(game, [1000] * 3, button=3, small_blind=5, big_blind=10)
        cfg.betting_structure = pb.BETTING_STRUCTURE_UNSPECIFIED
        count = 4 if game == pb.GAME_OMAHA else 2
        listed = listing(rules_stub, cfg, holes(count, (1, 2, 3)))
        assert menu(listed.legal_actions)[-1] == entry, game


@pytest.mark.parametrize(
    ("name", "event", "position"),
    [
        ("seat 9", pb.Deal(seat=9, cards=["2c"], burn=True), 6),
        ("seat 2", pb.Deal(seat=2, cards=["2c"], burn=True), 6),
        ("face up", pb.Deal(seat=0, cards=["2c"], face_up=True, burn=True), 6),
        ("two cards", pb.Deal(seat=0, cards=["2c", "3c"], burn=True), 6),
        ("before the hole cards", pb.Deal(seat=0, cards=["2c"], burn=True), 0),
    ],
)
def test_burn_refusals_over_grpc(rules_stub, name, event, position):
    """RULES.md "Hold'em and Omaha" (one burn card before each board street) and proto
    ``Deal`` (seat 0: the dealer's / community seat): a burn for a seat, face up, of two
    cards or before the hole cards is INVALID_ARGUMENT ``history[i]`` ``card.count`` in
    ValidateAction, ListLegalActions and SettleHand; so is a second burn before the flop."""
    cfg = config(pb.GAME_TEXAS_HOLDEM, [1000] * 3, button=3)
    history = [*holes(2, (1, 2, 3)), ev(3, CALL), ev(1, CALL), ev(2, CHECK)]
    history.insert(position, pb.HandEvent(deal=event))
    for call, *rest in (
        (validate, act(1, CHECK)),
        (listing,),
        (settle,),
    ):
        error = invalid(call, rules_stub, cfg, history, *rest)
        assert violation_rules(error) == [(f"history[{position}]", "card.count")], name
    twice = [*holes(2, (1, 2, 3)), ev(3, CALL), ev(1, CALL), ev(2, CHECK), burn("5s")]
    error = invalid(listing, rules_stub, cfg, [*twice, burn("4s")])
    assert violation_rules(error) == [("history[7]", "card.count")]
    assert "flop's card is already burned" in error.details()
    assert listing(rules_stub, cfg, [*twice, board("2c 3c 4c")]).state.seat_to_act == 1
