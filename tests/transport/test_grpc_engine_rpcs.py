"""ValidateAction, ListLegalActions, SettleHand (and CompareHands' community card) over gRPC
against the real server subprocess (issue 3, "Over gRPC against the running server").

Every game in fixed limit, pot limit and no limit, with exact menus, pots, payouts and final
stacks in minor units; the RULES.md scenarios the issue names (side pots, hi-lo odd chip, rake
cap, short all-ins, the open-pair option, the 7-A stub reshuffle, no-limit minimum raise,
pot-limit maximum); illegal histories and proposed actions with their exact rule ids; malformed
requests with their BadRequest field paths; unknown cards as FAILED_PRECONDITION.
"""

from __future__ import annotations

from collections.abc import Sequence

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from tests.support.grpc_errors import field_violations, violation_rules

DRAW7A = pb.GAME_FIVE_CARD_DRAW_7A
DRAW = pb.GAME_FIVE_CARD_DRAW
STUD = pb.GAME_SEVEN_CARD_STUD
RAZZ = pb.GAME_RAZZ
STUD8 = pb.GAME_SEVEN_CARD_STUD_HI_LO
STUD5 = pb.GAME_FIVE_CARD_STUD
GAMES = {"7a": DRAW7A, "draw": DRAW, "stud": STUD, "razz": RAZZ, "stud8": STUD8, "stud5": STUD5}
FL = pb.BETTING_STRUCTURE_FIXED_LIMIT
PL = pb.BETTING_STRUCTURE_POT_LIMIT
NL = pb.BETTING_STRUCTURE_NO_LIMIT
STRUCTURES = {"fixed_limit": FL, "pot_limit": PL, "no_limit": NL}

FOLD, CHECK, CALL = pb.ACTION_TYPE_FOLD, pb.ACTION_TYPE_CHECK, pb.ACTION_TYPE_CALL
BET, RAISE, COMPLETE = pb.ACTION_TYPE_BET, pb.ACTION_TYPE_RAISE, pb.ACTION_TYPE_COMPLETE
BRING_IN, DRAW_CARDS = pb.ACTION_TYPE_BRING_IN, pb.ACTION_TYPE_DRAW
SHOW, MUCK = pb.ACTION_TYPE_SHOW, pb.ACTION_TYPE_MUCK


# ----------------------------------------------------------------------------- helpers


def config(
    game: int,
    stacks: Sequence[int],
    *,
    structure: int = FL,
    button: int = 0,
    small_bet: int = 10,
    big_bet: int = 20,
    ante: int = 0,
    bring_in: int = 0,
    small_blind: int = 0,
    big_blind: int = 0,
    rake: pb.RakePolicy | None = None,
) -> pb.HandConfig:
    """A HandConfig for seats 1..n holding ``stacks`` (player ids ``p1``, ``p2`` ...)."""
    return pb.HandConfig(
        game=game,
        betting_structure=structure,
        stakes=pb.Stakes(
            small_bet=small_bet,
            big_bet=big_bet,
            ante=ante,
            bring_in=bring_in,
            small_blind=small_blind,
            big_blind=big_blind,
        ),
        rake=rake,
        seats=[pb.SeatState(seat=i, player_id=f"p{i}", stack=s) for i, s in enumerate(stacks, 1)],
        button_seat=button,
    )


def deal(seat: int, cards: str, *, up: bool = False) -> pb.HandEvent:
    """A Deal event: ``cards`` space-separated."""
    return pb.HandEvent(deal=pb.Deal(seat=seat, cards=cards.split(), face_up=up))


def act(seat: int, kind: int, amount: int = 0, cards: str = "") -> pb.Action:
    """An Action (``cards``: the DRAW discards or the SHOW cards, space-separated)."""
    return pb.Action(seat=seat, type=kind, amount=amount, cards=cards.split())


def ev(seat: int, kind: int, amount: int = 0, cards: str = "") -> pb.HandEvent:
    """An Action event."""
    return pb.HandEvent(action=act(seat, kind, amount, cards))


def stud_street(ups: dict[int, str], downs: dict[int, str] | None = None) -> list[pb.HandEvent]:
    """One stud street: each seat's down cards (if any), then its up card."""
    events = []
    for seat, up in ups.items():
        if downs and seat in downs:
            events.append(deal(seat, downs[seat]))
        events.append(deal(seat, up, up=True))
    return events


def validate(stub, cfg, history, action) -> rpb.ValidateActionResponse:
    """ValidateAction."""
    request = rpb.ValidateActionRequest(config=cfg, history=history, action=action)
    return stub.ValidateAction(request, timeout=10)


def listing(stub, cfg, history) -> rpb.ListLegalActionsResponse:
    """ListLegalActions."""
    request = rpb.ListLegalActionsRequest(config=cfg, history=history)
    return stub.ListLegalActions(request, timeout=10)


def settle(stub, cfg, history, declared: dict[int, int] | None = None) -> rpb.SettleHandResponse:
    """SettleHand with ``declared`` payouts ``{seat: amount}``."""
    request = rpb.SettleHandRequest(
        config=cfg,
        history=history,
        declared_payouts=[pb.Payout(seat=s, amount=a) for s, a in (declared or {}).items()],
    )
    return stub.SettleHand(request, timeout=10)


def menu(actions: Sequence[pb.LegalAction]) -> list[tuple[str, int, int]]:
    """``[("CALL", 10, 10), ("RAISE", 20, 35)]`` from LegalAction messages."""
    return [
        (pb.ActionType.Name(a.type).removeprefix("ACTION_TYPE_"), a.min_amount, a.max_amount)
        for a in actions
    ]


def pots(response: rpb.SettleHandResponse) -> list[tuple[int, list[int], list[int], list[int]]]:
    """``(amount, eligible, winners, low winners)`` of each pot."""
    return [
        (p.amount, list(p.eligible_seats), list(p.winner_seats), list(p.low_winner_seats))
        for p in response.pots
    ]


def amounts(payouts: Sequence[pb.Payout]) -> dict[int, int]:
    """``{seat: amount}``."""
    return {p.seat: p.amount for p in payouts}


def stacks(response: rpb.SettleHandResponse) -> dict[int, int]:
    """Final stacks ``{seat: stack}``."""
    return {s.seat: s.stack for s in response.final_stacks}


def error_info(error: grpc.RpcError) -> error_details_pb2.ErrorInfo:
    """The ``google.rpc.ErrorInfo`` detail of a failed call."""
    status = rpc_status.from_call(error)
    assert status is not None
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    return info


def invalid(call, *args) -> grpc.RpcError:
    """Run ``call(*args)``; it must fail with INVALID_ARGUMENT. Returns the error."""
    with pytest.raises(grpc.RpcError) as caught:
        call(*args)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
    return caught.value


# ------------------------------------------------------- every game in every structure

DRAW_HANDS = [deal(1, "7c 7d 8c 8d 9c"), deal(2, "9d Tc Td Jc Jd"), deal(3, "Qc Qd Kc Kd Ac")]
HIGH_DOORS = {1: "2c", 2: "9d", 3: "Th"}  # seat 1 brings in (lowest door card)
RAZZ_DOORS = {1: "Kd", 2: "5d", 3: "4h"}  # seat 1 brings in (highest door card, ace low)


def opening_hand(game: int, structure: int) -> tuple[pb.HandConfig, list[pb.HandEvent], str]:
    """Three seats of 1000 at 10/20 (draw: blinds 5/10, button seat 3; stud: ante 1, bring-in
    5) dealt their first street: the config, the history and the first street's name."""
    if game in (DRAW, DRAW7A):
        blinds = {} if structure == FL else {"small_blind": 5, "big_blind": 10}
        cfg = config(game, [1000] * 3, structure=structure, button=3, **blinds)
        return cfg, list(DRAW_HANDS), "first_round"
    cfg = config(game, [1000] * 3, structure=structure, ante=1)
    doors = RAZZ_DOORS if game == RAZZ else HIGH_DOORS
    if game == STUD5:
        return cfg, stud_street(doors, {1: "As", 2: "Ks", 3: "Qs"}), "second_street"
    downs = {1: "As Ks", 2: "Qs Js", 3: "Ts 9s"}
    return cfg, stud_street(doors, downs), "third_street"


OPENING_MENUS = {
    # (draw?, structure): the first actor's menu (draw: seat 3 facing the big blind;
    # stud: seat 1 bringing in); RULES.md "Betting structures", "Seven Card Stud family".
    (True, FL): [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, 20)],
    (True, PL): [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, 35)],
    (True, NL): [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, 1000)],
    (False, FL): [("BRING_IN", 5, 5), ("COMPLETE", 10, 10)],
    (False, PL): [("BRING_IN", 5, 5), ("BET", 10, 10)],
    (False, NL): [("BRING_IN", 5, 5), ("BET", 10, 999)],
}
SECOND_MENUS = {
    # The second actor's menu: draw seat 1 (small blind) facing a raise to 20; stud seat 2
    # facing the bring-in of 5 (pot limit: 5 + the pot after the call, 8 + 5 = 18).
    (True, FL): [("FOLD", 0, 0), ("CALL", 15, 15), ("RAISE", 30, 30)],
    (True, PL): [("FOLD", 0, 0), ("CALL", 15, 15), ("RAISE", 30, 70)],
    (True, NL): [("FOLD", 0, 0), ("CALL", 15, 15), ("RAISE", 30, 1000)],
    (False, FL): [("FOLD", 0, 0), ("CALL", 5, 5), ("COMPLETE", 10, 10)],
    (False, PL): [("FOLD", 0, 0), ("CALL", 5, 5), ("RAISE", 10, 18)],
    (False, NL): [("FOLD", 0, 0), ("CALL", 5, 5), ("RAISE", 10, 999)],
}


@pytest.mark.parametrize("structure", STRUCTURES.values(), ids=STRUCTURES.keys())
@pytest.mark.parametrize("game", GAMES.values(), ids=GAMES.keys())
def test_every_game_and_structure_validates_and_settles_a_hand_won_by_folds(
    rules_stub, game, structure
):
    """Every game in every structure (RULES.md "Betting structures", game sections): exact
    opening menus and snapshot, then a raise everyone folds to, settled to the chip with the
    uncalled part returned (RULES.md "Common to every game")."""
    cfg, history, street = opening_hand(game, structure)
    draw = game in (DRAW, DRAW7A)
    first = act(3, RAISE, 20) if draw else act(1, BRING_IN, 5)
    answer = validate(rules_stub, cfg, history, first)
    assert answer.legal and not answer.HasField("violation")
    assert menu(answer.legal_actions) == OPENING_MENUS[draw, structure]
    state = answer.state
    assert (state.street, state.phase, state.seat_to_act) == (street, "betting", 3 if draw else 1)
    assert (state.pot_total, state.amount_to_call, state.current_bet, state.bets_this_round) == (
        (15, 10, 10, 1) if draw else (3, 0, 0, 0)
    )
    assert [(s.seat, s.stack, s.bet, s.contributed) for s in state.seats] == (
        [(1, 995, 5, 5), (2, 990, 10, 10), (3, 1000, 0, 0)]
        if draw
        else [(1, 999, 0, 1), (2, 999, 0, 1), (3, 999, 0, 1)]
    )
    history.append(pb.HandEvent(action=first))
    listed = listing(rules_stub, cfg, history)
    assert listed.state.seat_to_act == (1 if draw else 2)
    assert menu(listed.legal_actions) == SECOND_MENUS[draw, structure]

    if draw:
        history += [ev(1, FOLD), ev(2, FOLD)]
        winner, pot, final, back = 3, 25, {1: 995, 2: 990, 3: 1015}, 10
    else:
        second = COMPLETE if structure == FL else RAISE
        history += [ev(2, second, 10), ev(3, FOLD), ev(1, FOLD)]
        winner, pot, final, back = 2, 13, {1: 994, 2: 1007, 3: 999}, 5
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(pot, [winner], [winner], [])]
    assert result.rake == 0
    assert amounts(result.payouts) == {winner: pot}
    assert amounts(result.returned) == {winner: back}
    assert stacks(result) == final
    assert [s.player_id for s in result.final_stacks] == ["p1", "p2", "p3"]
    assert list(result.showdown_order) == []
    assert list(result.discrepancies) == []


# ----------------------------------------------------------------------- settlements


def test_three_way_all_in_makes_a_main_pot_and_a_side_pot(rules_stub):
    """RULES.md "Common to every game" (side pots, uncalled bets) in no-limit Five Card Draw:
    stacks 100 / 250 / 400 all in; main pot 300 to seat 1, side pot 300 to seat 2, seat 3's
    uncalled 150 returned; a declared payout that differs is a ``payout.amount`` discrepancy."""
    cfg = config(DRAW, [100, 250, 400], structure=NL, button=3, small_blind=5, big_blind=10)
    history = [
        deal(1, "Ah Ad Ac Kd Ks"),  # full house
        deal(2, "Qh Qd Qc 7s 2d"),  # trips
        deal(3, "Jh Jd 9c 8s 3d"),  # one pair
    ]
    answer = validate(rules_stub, cfg, history, act(3, RAISE, 400))
    assert answer.legal
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, 400)]
    history += [ev(3, RAISE, 400), ev(1, CALL), ev(2, CALL)]
    history += [ev(1, DRAW_CARDS), ev(2, DRAW_CARDS), ev(3, DRAW_CARDS)]  # all stand pat
    result = settle(rules_stub, cfg, history, declared={1: 450, 2: 150})
    assert pots(result) == [(300, [1, 2, 3], [1], []), (300, [2, 3], [2], [])]
    assert amounts(result.payouts) == {1: 300, 2: 300}
    assert amounts(result.returned) == {3: 150}
    assert stacks(result) == {1: 300, 2: 300, 3: 150}
    assert list(result.showdown_order) == [3, 1, 2]  # the last aggressor first
    assert [(d.rule, d.seat, d.expected, d.actual) for d in result.discrepancies] == [
        ("payout.amount", 1, "300", "450"),
        ("payout.amount", 2, "300", "150"),
    ]
    clean = settle(rules_stub, cfg, history, declared={1: 300, 2: 300})
    assert list(clean.discrepancies) == []


def test_stud_hi_lo_split_gives_the_odd_chip_to_the_high_half(rules_stub):
    """RULES.md "Hi-Lo": a 13-chip pot splits 7 to the high hand (kings full) and 6 to the
    8-or-better low (7-4-3-2-A); the history stops before the showdown, so both hands are
    shown in showdown order (seat 1 first: no bet on the last round)."""
    cfg = config(STUD8, [200, 200, 200], ante=1)
    history = stud_street({1: "Ks", 2: "3d", 3: "Qs"}, {1: "Kc Kd", 2: "As 2c", 3: "Jc Tc"})
    history += [ev(2, BRING_IN, 5), ev(3, FOLD), ev(1, CALL)]
    for ups in ({1: "9h", 2: "4h"}, {1: "9d", 2: "7s"}, {1: "Qc", 2: "8c"}):
        history += [*stud_street(ups), ev(1, CHECK), ev(2, CHECK)]
    history += [deal(1, "Jh"), deal(2, "Td"), ev(1, CHECK), ev(2, CHECK)]
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(13, [1, 2], [1], [2])]
    assert amounts(result.payouts) == {1: 7, 2: 6}
    assert stacks(result) == {1: 201, 2: 200, 3: 199}
    assert list(result.showdown_order) == [1, 2]


@pytest.mark.parametrize(
    ("stack_2", "rake", "paid"),
    [(4000, 300, 7700), (550, 50, 1050)],
    ids=["capped_at_300", "seed_example_1100_pays_50"],
)
def test_rake_is_capped_and_taken_in_increments(rules_stub, stack_2, rake, paid):
    """RULES.md "Rake": 5 %, 50 per full 1000, capped at 300: a pot of 8000 pays 300 (not 400);
    the seed example's pot of 1100 pays 50 and the winner is paid 1050."""
    policy = pb.RakePolicy(percent_bps=500, increment=50, cap=300)
    cfg = config(
        DRAW, [5000, stack_2], structure=NL, button=2, small_blind=50, big_blind=100, rake=policy
    )
    history = [deal(1, "Ah Ad Ac Kd Ks"), deal(2, "Qh Qd Qc 7s 2d")]
    history += [ev(2, RAISE, stack_2), ev(1, CALL), ev(1, DRAW_CARDS), ev(2, DRAW_CARDS)]
    result = settle(rules_stub, cfg, history)
    assert result.rake == rake
    assert pots(result) == [(paid, [1, 2], [1], [])]
    assert stacks(result) == {1: 5000 - stack_2 + paid, 2: 0}


def test_no_rake_when_the_hand_ends_on_the_first_round(rules_stub):
    """RULES.md "Rake" (``no_rake_first_round``): a hand won by folds before the draw pays none."""
    policy = pb.RakePolicy(percent_bps=1000, cap=0, no_rake_first_round=True)
    cfg = config(DRAW, [1000] * 3, button=3, rake=policy)
    result = settle(rules_stub, cfg, [*DRAW_HANDS, ev(3, RAISE, 20), ev(1, FOLD), ev(2, FOLD)])
    assert result.rake == 0
    assert stacks(result) == {1: 995, 2: 990, 3: 1015}


def stud_short_all_in(short_stack: int) -> tuple[pb.HandConfig, list[pb.HandEvent]]:
    """Seven Card Stud 10/20: seat 2 holds ``short_stack``; all call the bring-in; on 4th street
    seat 1 (ace high) bets 10 and seat 2 raises all in with what is left."""
    cfg = config(STUD, [500, short_stack, 500])
    history = stud_street(HIGH_DOORS, {1: "7c 8d", 2: "9c 9s", 3: "Tc Ts"})
    history += [ev(1, BRING_IN, 5), ev(2, CALL), ev(3, CALL)]
    history += [*stud_street({1: "Ac", 2: "3s", 3: "4d"}), ev(1, BET, 10)]
    history.append(ev(2, RAISE, short_stack - 5))
    return cfg, history


@pytest.mark.parametrize(
    ("short_stack", "seat_3_menu", "seat_1_menu"),
    [
        # all in to 14 (less than half a bet): seat 3 may complete the raise to 20; seat 1,
        # who already acted, may only call or fold.
        (19, [("FOLD", 0, 0), ("CALL", 14, 14), ("RAISE", 20, 20)],
         [("FOLD", 0, 0), ("CALL", 4, 4)]),
        # all in to 16 (half a bet or more): a full raise, so 26 and the betting reopens.
        (21, [("FOLD", 0, 0), ("CALL", 16, 16), ("RAISE", 26, 26)],
         [("FOLD", 0, 0), ("CALL", 6, 6), ("RAISE", 26, 26)]),
    ],
    ids=["all_in_14_less_than_half", "all_in_16_half_or_more"],
)  # fmt: skip
def test_fixed_limit_short_all_in_reopens_only_from_half_a_bet(
    rules_stub, short_stack, seat_3_menu, seat_1_menu
):
    """RULES.md "Short all-ins in fixed limit" (10/20, bet 10): an all-in to 14 does not
    reopen the betting (a raise is ``fixed_limit.short_all_in``); an all-in to 16 does."""
    cfg, history = stud_short_all_in(short_stack)
    assert menu(listing(rules_stub, cfg, history).legal_actions) == seat_3_menu
    history.append(ev(3, CALL))
    answer = validate(rules_stub, cfg, history, act(1, RAISE, 24 if short_stack == 19 else 26))
    assert menu(answer.legal_actions) == seat_1_menu
    if short_stack == 19:
        assert not answer.legal
        assert answer.violation.rule == "fixed_limit.short_all_in"
        assert (answer.violation.seat, answer.violation.event_index) == (1, -1)
    else:
        assert answer.legal


def test_stud_side_pot_after_a_short_all_in_is_settled_pot_by_pot(rules_stub):
    """RULES.md "Side pots" in Seven Card Stud: seat 2 all in for 21 wins the main pot of 63
    with quad nines; seat 3's trip tens beat seat 1's aces for the side pot of 20."""
    cfg, history = stud_short_all_in(21)
    history += [ev(3, CALL), ev(1, RAISE, 26), ev(3, CALL)]
    for ups in ({1: "Ad", 2: "9h", 3: "Qd"}, {1: "Kc", 2: "5c", 3: "Jh"}):
        history += [*stud_street(ups), ev(1, CHECK), ev(3, CHECK)]
    history += [deal(1, "3h"), deal(2, "6c"), deal(3, "2d"), ev(1, CHECK), ev(3, CHECK)]
    result = settle(rules_stub, cfg, history, declared={2: 83})
    assert pots(result) == [(63, [1, 2, 3], [2], []), (20, [1, 3], [3], [])]
    assert amounts(result.payouts) == {2: 63, 3: 20}
    assert stacks(result) == {1: 469, 2: 63, 3: 489}
    assert list(result.showdown_order) == [1, 2, 3]
    assert [(d.rule, d.seat, d.expected, d.actual) for d in result.discrepancies] == [
        ("payout.amount", 2, "63", "83"),
        ("payout.amount", 3, "20", "0"),
    ]


def test_razz_no_limit_all_in_hand_is_dealt_out_and_won_by_the_wheel(rules_stub):
    """RULES.md "Razz" in no limit: both all in on 5th street; the hand is dealt out face up
    (TDA) and the 5-4-3-2-A wheel takes the 600 pot; the last raiser shows first."""
    cfg = config(RAZZ, [300, 300], structure=NL)
    history = stud_street({1: "Kd", 2: "5d"}, {1: "7c 9c", 2: "Ah 3s"})
    history += [ev(1, BRING_IN, 5), ev(2, CALL)]
    history += stud_street({1: "Qc", 2: "4h"})
    answer = validate(rules_stub, cfg, history, act(2, BET, 10))
    assert answer.legal and answer.state.seat_to_act == 2  # the lowest board acts first
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CHECK", 0, 0), ("BET", 10, 295)]
    history += [ev(2, BET, 10), ev(1, CALL)]
    history += [*stud_street({1: "3c", 2: "2h"}), ev(2, BET, 100), ev(1, RAISE, 285), ev(2, CALL)]
    history += [*stud_street({1: "Jc", 2: "6h"}), deal(1, "Tc"), deal(2, "8s")]
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(600, [1, 2], [2], [])]
    assert stacks(result) == {1: 0, 2: 600}
    assert list(result.showdown_order) == [1, 2]


def test_five_card_stud_pot_limit_hand_with_show_and_muck(rules_stub):
    """RULES.md "Five Card Stud" in pot limit: a raise over the bring-in to the pot (23), a
    pot-sized bet (54); at the showdown seat 2 shows kings and seat 3 mucks: 162 to seat 2."""
    cfg = config(STUD5, [200, 200, 200], structure=PL, ante=1)
    history = stud_street(HIGH_DOORS, {1: "Ah", 2: "Kd", 3: "Tc"})
    history += [ev(1, BRING_IN, 5), ev(2, CALL)]
    answer = validate(rules_stub, cfg, history, act(3, RAISE, 24))
    assert (answer.legal, answer.violation.rule) == (False, "bet.pot_limit")
    assert (answer.violation.expected, answer.violation.actual) == ("23", "24")
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CALL", 5, 5), ("RAISE", 10, 23)]
    history += [ev(3, RAISE, 23), ev(1, FOLD), ev(2, CALL)]
    history += [*stud_street({2: "Kh", 3: "3s"}), ev(2, CHECK)]
    answer = validate(rules_stub, cfg, history, act(3, BET, 54))
    assert answer.legal
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CHECK", 0, 0), ("BET", 10, 54)]
    assert (answer.state.street, answer.state.pot_total) == ("third_street", 54)
    history += [ev(3, BET, 54), ev(2, CALL)]
    for ups in ({2: "4c", 3: "5d"}, {2: "6s", 3: "7h"}):
        history += [*stud_street(ups), ev(2, CHECK), ev(3, CHECK)]
    history += [ev(2, SHOW, cards="Kd 9d Kh 4c 6s"), ev(3, MUCK)]
    result = settle(rules_stub, cfg, history)
    assert [(p[0], p[2]) for p in pots(result)] == [(162, [2])]
    assert amounts(result.payouts) == {2: 162}
    assert stacks(result) == {1: 194, 2: 284, 3: 122}
    assert list(result.showdown_order) == [2, 3]


# ---------------------------------------------------------------- draws and the stub

SEVEN_A_DEAL = [
    deal(1, "7c 8d 9h Jc Kd"),
    deal(2, "7d 8h 9s Jd Ks"),
    deal(3, "7s 8s 9c Jh Kc"),
    deal(4, "Ac Ad Ah As Qc"),
]  # 20 of the 32 cards; the stub holds 7h 8c 9d Tc Td Th Ts Js Qd Qh Qs Kh
SEVEN_A_ROUND_1 = [ev(3, CALL), ev(4, CALL), ev(1, CALL), ev(2, CHECK)]
SEVEN_A_DRAWS = [
    ev(1, DRAW_CARDS, cards="7c 8d 9h Jc Kd"),
    deal(1, "Tc Td Th Ts 9d"),
    ev(2, DRAW_CARDS, cards="7d 8h 9s Jd Ks"),
    deal(2, "Qd Qh Qs Kh Js"),  # the stub is down to 7h 8c
    ev(3, DRAW_CARDS, cards="7s 8s 9c Jh Kc"),
]


def test_seven_a_draw_reshuffles_the_stub_with_earlier_discards(rules_stub):
    """RULES.md "Five Card Draw, 7-A" ("Draw"): four players, the 32-card deck; seat 3 needs 5
    cards from a stub of 2, so the stub and seats 1 and 2's discards are reshuffled and seat 3
    gets 7h 8c (stub) 7c 8d (seat 1) 7d (seat 2); seat 4's quad aces win the 80 pot."""
    cfg = config(DRAW7A, [500] * 4, button=4)
    history = [*SEVEN_A_DEAL, *SEVEN_A_ROUND_1, *SEVEN_A_DRAWS[:4]]
    answer = validate(rules_stub, cfg, history, SEVEN_A_DRAWS[4].action)
    assert answer.legal
    assert (answer.state.street, answer.state.phase, answer.state.seat_to_act) == (
        "draw",
        "drawing",
        3,
    )
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("DRAW", 0, 5)]
    history = [*SEVEN_A_DEAL, *SEVEN_A_ROUND_1, *SEVEN_A_DRAWS]
    waiting = listing(rules_stub, cfg, history).state
    assert (waiting.phase, waiting.seat_to_act, list(waiting.awaiting_deal_seats)) == (
        "dealing",
        0,
        [3],
    )
    history += [deal(3, "7h 7c 7d 8c 8d"), ev(4, DRAW_CARDS)]  # seat 4 stands pat
    history += [ev(1, CHECK), ev(2, CHECK), ev(3, CHECK), ev(4, BET, 20)]
    history += [ev(1, FOLD), ev(2, FOLD), ev(3, CALL)]
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(80, [3, 4], [4], [])]
    assert stacks(result) == {1: 490, 2: 490, 3: 470, 4: 550}
    assert list(result.showdown_order) == [4, 3]


def test_seven_a_draw_refuses_a_discard_dealt_back_without_a_reshuffle(rules_stub):
    """RULES.md "Draw": seat 2's draw is covered by the stub, so seat 1's discard 7c cannot be
    dealt to it (``card.duplicate``); a reshuffle never gives seat 3 its own discard 7s."""
    cfg = config(DRAW7A, [500] * 4, button=4)
    history = [*SEVEN_A_DEAL, *SEVEN_A_ROUND_1, *SEVEN_A_DRAWS[:3], deal(2, "7c Qh Qs Kh Js")]
    error = invalid(settle, rules_stub, cfg, history)
    assert violation_rules(error) == [("history[11]", "card.duplicate")]
    history = [*SEVEN_A_DEAL, *SEVEN_A_ROUND_1, *SEVEN_A_DRAWS, deal(3, "7s 7c 7d 8c 8d")]
    error = invalid(settle, rules_stub, cfg, history)
    assert violation_rules(error) == [("history[13]", "card.duplicate")]


def test_draw_no_limit_minimum_raise_is_the_last_raise_size(rules_stub):
    """RULES.md "No limit" (draw, blinds 5/10): after a raise to 30 the next raise goes to at
    least 50 (``bet.min_raise`` for 40); the maximum is the whole stack."""
    cfg = config(DRAW, [1000] * 3, structure=NL, button=3, small_blind=5, big_blind=10)
    history = [*DRAW_HANDS, ev(3, RAISE, 30)]
    answer = validate(rules_stub, cfg, history, act(1, RAISE, 40))
    assert not answer.legal
    violation = answer.violation
    assert (violation.rule, violation.seat, violation.expected, violation.actual) == (
        "bet.min_raise",
        1,
        "50",
        "40",
    )
    assert violation.message
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CALL", 25, 25), ("RAISE", 50, 1000)]
    assert validate(rules_stub, cfg, history, act(1, RAISE, 50)).legal


def test_draw_pot_limit_maximum_is_a_raise_to_35_over_blinds_5_10(rules_stub):
    """RULES.md "Pot limit": blinds 5/10, first to act: pot 15, call 10, so a raise to 35 is
    the largest (``bet.pot_limit`` for 36)."""
    cfg = config(DRAW, [1000] * 3, structure=PL, button=3, small_blind=5, big_blind=10)
    assert validate(rules_stub, cfg, DRAW_HANDS, act(3, RAISE, 35)).legal
    answer = validate(rules_stub, cfg, DRAW_HANDS, act(3, RAISE, 36))
    assert (answer.legal, answer.violation.rule) == (False, "bet.pot_limit")
    assert (answer.violation.expected, answer.violation.actual) == ("35", "36")


# ---------------------------------------------------------------------- stud options


def stud_fourth_street(ups: dict[int, str]) -> tuple[pb.HandConfig, list[pb.HandEvent]]:
    """Seven Card Stud 10/20, three seats of 500, everyone calls the bring-in, then the 4th
    street up cards ``ups``."""
    cfg = config(STUD, [500] * 3)
    history = stud_street(HIGH_DOORS, {1: "7c 8d", 2: "7h 8h", 3: "7s 8s"})
    history += [ev(1, BRING_IN, 5), ev(2, CALL), ev(3, CALL)]
    return cfg, history + stud_street(ups)


def test_stud_open_pair_allows_the_small_or_the_big_bet(rules_stub):
    """RULES.md "Stud Hi only" (open pair on 4th street): BET 10 or BET 20, nothing between;
    after a 10 bet each raise may be either size (to 20 or 30); after a big bet, big only."""
    cfg, history = stud_fourth_street({1: "2d", 2: "Ah", 3: "Kh"})  # seat 1 shows 2c 2d
    answer = validate(rules_stub, cfg, history, act(1, BET, 20))
    assert answer.legal and answer.state.street == "fourth_street"
    assert menu(answer.legal_actions) == [
        ("FOLD", 0, 0), ("CHECK", 0, 0), ("BET", 10, 10), ("BET", 20, 20),
    ]  # fmt: skip
    assert validate(rules_stub, cfg, history, act(1, BET, 15)).violation.rule == "bet.amount"
    small = menu(listing(rules_stub, cfg, [*history, ev(1, BET, 10)]).legal_actions)
    assert small == [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, 20), ("RAISE", 30, 30)]
    big = menu(listing(rules_stub, cfg, [*history, ev(1, BET, 20)]).legal_actions)
    assert big == [("FOLD", 0, 0), ("CALL", 20, 20), ("RAISE", 40, 40)]


def test_stud_big_bet_on_fourth_street_needs_an_open_pair(rules_stub):
    """RULES.md "Stud Hi only": without an open pair a 4th-street bet of 20 is
    ``stud.open_pair``; Razz has no such option (``bet.amount``)."""
    cfg, history = stud_fourth_street({1: "Ad", 2: "3h", 3: "4h"})
    answer = validate(rules_stub, cfg, history, act(1, BET, 20))
    assert (answer.legal, answer.violation.rule) == (False, "stud.open_pair")
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CHECK", 0, 0), ("BET", 10, 10)]
    razz = config(RAZZ, [500] * 3)
    history = stud_street(RAZZ_DOORS, {1: "7c 8d", 2: "7h 8h", 3: "7s 8s"})
    history += [ev(1, BRING_IN, 5), ev(2, CALL), ev(3, CALL)]
    history += stud_street({1: "2d", 2: "5h", 3: "Ah"})  # seat 2 pairs its fives: acts last
    answer = validate(rules_stub, razz, history, act(3, BET, 20))
    assert answer.state.seat_to_act == 3
    assert (answer.legal, answer.violation.rule) == (False, "bet.amount")


# ------------------------------------------------------------ illegal proposed actions

VIOLATIONS = [
    # (id, config, history, action, rule, seat, expected, actual, menu of the seat to act)
    ("fixed_limit_cap", config(DRAW, [1000] * 3, button=3),
     [*DRAW_HANDS, ev(3, RAISE, 20), ev(1, RAISE, 30), ev(2, RAISE, 40)], act(3, RAISE, 50),
     "fixed_limit.cap", 3, "", "", [("FOLD", 0, 0), ("CALL", 20, 20)]),
    ("out_of_turn", config(DRAW, [1000] * 3, button=3), DRAW_HANDS, act(2, CALL),
     "turn.out_of_turn", 2, "3", "2", OPENING_MENUS[True, FL]),
    ("bring_in_player", config(STUD, [1000] * 3, ante=1),
     stud_street(HIGH_DOORS, {1: "As Ks", 2: "Qs Js", 3: "Ts 9s"}), act(2, BRING_IN, 5),
     "bring_in.player", 2, "1", "2", OPENING_MENUS[False, FL]),
    ("bring_in_amount", config(STUD, [1000] * 3, ante=1),
     stud_street(HIGH_DOORS, {1: "As Ks", 2: "Qs Js", 3: "Ts 9s"}), act(1, BRING_IN, 4),
     "bring_in.amount", 1, "5", "4", OPENING_MENUS[False, FL]),
    ("bring_in_may_not_fold", config(STUD, [1000] * 3, ante=1),
     stud_street(HIGH_DOORS, {1: "As Ks", 2: "Qs Js", 3: "Ts 9s"}), act(1, FOLD),
     "action.not_allowed", 1, "", "", OPENING_MENUS[False, FL]),
    ("min_raise", config(DRAW, [1000] * 3, structure=NL, button=3, big_blind=10),
     DRAW_HANDS, act(3, RAISE, 15), "bet.min_raise", 3, "20", "15", OPENING_MENUS[True, NL]),
    ("stack_insufficient", config(DRAW, [1000] * 3, structure=NL, button=3, big_blind=10),
     DRAW_HANDS, act(3, RAISE, 1001), "stack.insufficient", 3, "1000", "1001",
     OPENING_MENUS[True, NL]),
    ("check_facing_a_bet", config(DRAW, [1000] * 3, button=3), DRAW_HANDS, act(3, CHECK),
     "action.not_allowed", 3, "", "", OPENING_MENUS[True, FL]),
    ("cards_due_before_acting", config(DRAW, [1000] * 3, button=3), DRAW_HANDS[:2],
     act(3, CALL), "turn.out_of_turn", 3, "", "3", []),
    ("hand_complete", config(DRAW, [1000] * 3, button=3),
     [*DRAW_HANDS, ev(3, RAISE, 20), ev(1, FOLD), ev(2, FOLD)], act(3, CHECK),
     "hand.complete", 3, "", "", []),
    ("discard_count", config(DRAW, [1000] * 2, button=2),
     [deal(1, "2c 3c 4c 5c 6c"), deal(2, "2d 3d 4d 5d 6d"), ev(2, CALL), ev(1, CHECK)],
     act(1, DRAW_CARDS, cards="2c 3c 4c 5c 6c 7c"), "draw.discard_count", 1, "5", "6",
     [("FOLD", 0, 0), ("DRAW", 0, 5)]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("cfg", "history", "action", "rule", "seat", "expected", "actual", "legal"),
    [case[1:] for case in VIOLATIONS],
    ids=[case[0] for case in VIOLATIONS],
)
def test_illegal_proposed_action_is_a_normal_answer_naming_the_rule(
    rules_stub, cfg, history, action, rule, seat, expected, actual, legal
):
    """RULES.md rule ids (``fixed_limit.cap``, ``turn.out_of_turn``, ``bring_in.player``,
    ``bet.min_raise`` ...): an illegal proposed action is ``legal: false`` with the violation
    (rule, readable message, seat, expected, actual) and the legal menu, not an error."""
    answer = validate(rules_stub, cfg, history, action)
    assert not answer.legal
    violation = answer.violation
    assert (violation.rule, violation.seat) == (rule, seat)
    assert (violation.expected, violation.actual) == (expected, actual)
    assert violation.message and violation.event_index == -1
    assert menu(answer.legal_actions) == legal


# ------------------------------------------------------------------ illegal histories

STUD_THIRD = stud_street(HIGH_DOORS, {1: "As Ks", 2: "Qs Js", 3: "Ts 9s"})
ILLEGAL_HISTORIES = [
    # (id, config, history, index of the first bad event, rule)
    ("bring_in_checks", config(STUD, [1000] * 3, ante=1), [*STUD_THIRD, ev(1, CHECK)], 6,
     "action.not_allowed"),
    ("out_of_turn", config(DRAW, [1000] * 3, button=3), [*DRAW_HANDS, ev(1, CALL), ev(3, CALL)],
     3, "turn.out_of_turn"),
    ("raise_after_the_cap", config(DRAW, [1000] * 3, button=3),
     [*DRAW_HANDS, ev(3, RAISE, 20), ev(1, RAISE, 30), ev(2, RAISE, 40), ev(3, RAISE, 50)],
     6, "fixed_limit.cap"),
    ("card_dealt_twice", config(DRAW, [1000] * 3, button=3),
     [deal(1, "Ah Kh Qh Jh Th"), deal(2, "2c 3c 4c 5c Ah")], 1, "card.duplicate"),
    ("card_outside_the_7a_deck", config(DRAW7A, [1000] * 3, button=3),
     [deal(1, "Ah Kh Qh Jh 2h")], 0, "card.not_in_deck"),
    ("seat_not_dealt_in", config(DRAW, [1000] * 3, button=3), [deal(7, "Ah Kh Qh Jh Th")], 0,
     "card.count"),
    ("wrong_bring_in_player", config(STUD, [1000] * 3, ante=1), [*STUD_THIRD, ev(2, BRING_IN)],
     6, "bring_in.player"),
    ("action_after_the_end", config(DRAW, [1000] * 3, button=3),
     [*DRAW_HANDS, ev(3, RAISE, 20), ev(1, FOLD), ev(2, FOLD), ev(2, CHECK)], 6,
     "hand.complete"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("cfg", "history", "index", "rule"),
    [case[1:] for case in ILLEGAL_HISTORIES],
    ids=[case[0] for case in ILLEGAL_HISTORIES],
)
def test_illegal_history_is_invalid_argument_naming_the_first_bad_event(
    rules_stub, cfg, history, index, rule
):
    """An illegal recorded history (RULES.md rule ids) is INVALID_ARGUMENT whose BadRequest
    names ``history[N]`` for the first bad event and starts its description with the rule
    id, for ValidateAction, ListLegalActions and SettleHand alike."""
    calls = [
        lambda: validate(rules_stub, cfg, history, act(1, FOLD)),
        lambda: listing(rules_stub, cfg, history),
        lambda: settle(rules_stub, cfg, history),
    ]
    for call in calls:
        error = invalid(call)
        assert violation_rules(error) == [(f"history[{index}]", rule)]
        assert f"history[{index}]" in error.details()


# ------------------------------------------------------------------ malformed requests

GOOD = config(DRAW, [1000] * 3, button=3)


def _with(**changes: object) -> pb.HandConfig:
    """A copy of the good draw config with ``changes`` applied (a list replaces a field)."""
    cfg = pb.HandConfig()
    cfg.CopyFrom(GOOD)
    for name, value in changes.items():
        if name in ("seats", "forced_bets"):
            field = getattr(cfg, name)
            del field[:]
            field.extend(value)  # type: ignore[arg-type]
        elif name == "stakes":
            cfg.stakes.CopyFrom(value)  # type: ignore[arg-type]
        else:
            setattr(cfg, name, value)
    return cfg


def _seats(*pairs: tuple[int, int]) -> list[pb.SeatState]:
    return [pb.SeatState(seat=seat, stack=stack) for seat, stack in pairs]


MALFORMED = [
    # (id, config, history, action (None: unset), [(field, rule)])
    ("action_unset", GOOD, DRAW_HANDS, None, [("action", "")]),
    ("negative_stack", _with(seats=_seats((1, 100), (2, -5), (3, 100))), [], act(3, CALL),
     [("config.seats[1].stack", "")]),
    ("seat_zero", _with(seats=_seats((0, 100), (2, 100), (3, 100))), [], act(3, CALL),
     [("config.seats[0].seat", "")]),
    ("seat_twice", _with(seats=_seats((1, 100), (1, 100), (3, 100))), [], act(3, CALL),
     [("config.seats[1].seat", "")]),
    ("game_unset", _with(game=pb.GAME_UNSPECIFIED), [], act(3, CALL), [("config.game", "")]),
    ("one_seat", _with(seats=_seats((1, 100)), button_seat=1), [], act(1, CALL),
     [("config.seats", "")]),
    ("button_not_dealt_in", _with(button_seat=9), [], act(3, CALL),
     [("config.button_seat", "")]),
    ("full_bring_in", config(STUD, [100, 100], bring_in=10), [], act(1, BRING_IN),
     [("config.stakes.bring_in", "bring_in.amount")]),
    ("busted_seat", _with(seats=_seats((1, 100), (2, 0), (3, 100))), [], act(3, CALL),
     [("config.seats[1].stack", "")]),
    ("draw_bring_in", _with(forced_bets=[
        pb.ForcedBet(seat=1, kind=pb.FORCED_BET_KIND_BRING_IN, amount=5)]), [], act(3, CALL),
     [("config.forced_bets[0].kind", "bring_in.player")]),
    ("big_blind_twice", _with(forced_bets=[
        pb.ForcedBet(seat=1, kind=pb.FORCED_BET_KIND_SMALL_BLIND, amount=5),
        pb.ForcedBet(seat=2, kind=pb.FORCED_BET_KIND_BIG_BLIND, amount=10),
        pb.ForcedBet(seat=2, kind=pb.FORCED_BET_KIND_BIG_BLIND, amount=10)]), [], act(3, CALL),
     [("config.forced_bets[2]", "blind.player")]),
    ("small_and_big_blind_on_one_seat", _with(forced_bets=[
        pb.ForcedBet(seat=2, kind=pb.FORCED_BET_KIND_SMALL_BLIND, amount=5),
        pb.ForcedBet(seat=2, kind=pb.FORCED_BET_KIND_BIG_BLIND, amount=10)]), [], act(3, CALL),
     [("config.forced_bets[1]", "blind.player")]),
    ("straddle_twice", _with(game=pb.GAME_TEXAS_HOLDEM, forced_bets=[
        pb.ForcedBet(seat=2, kind=pb.FORCED_BET_KIND_BIG_BLIND, amount=10),
        pb.ForcedBet(seat=3, kind=pb.FORCED_BET_KIND_STRADDLE, amount=20),
        pb.ForcedBet(seat=3, kind=pb.FORCED_BET_KIND_STRADDLE, amount=20)]), [], act(3, CALL),
     [("config.forced_bets[2]", "straddle.player")]),
    ("no_small_bet", _with(stakes=pb.Stakes()), [], act(3, CALL),
     [("config.stakes.small_bet", "")]),
    ("malformed_card", GOOD, [deal(1, "Ah Xx Qh Jh Th")], act(1, FOLD),
     [("history[0].deal.cards[1]", "card.malformed")]),
    ("empty_event", GOOD, [pb.HandEvent()], act(1, FOLD), [("history[0]", "")]),
    ("action_type_unknown", GOOD, DRAW_HANDS, pb.Action(seat=3, type=99),
     [("action.type", "")]),
    ("every_part_at_once", _with(seats=_seats((1, 100), (2, -5), (3, 100))),
     [deal(1, "Ah Xx Qh Jh Th")], None,
     [("config.seats[1].stack", ""), ("history[0].deal.cards[1]", "card.malformed"),
      ("action", "")]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("cfg", "history", "action", "expected"),
    [case[1:] for case in MALFORMED],
    ids=[case[0] for case in MALFORMED],
)
def test_malformed_request_is_invalid_argument_with_field_paths(
    rules_stub, cfg, history, action, expected
):
    """A malformed ValidateAction request (config, history or action) is INVALID_ARGUMENT
    listing every problem with its field path (``config.seats[1].stack``, ``action`` ...) and
    its RULES.md rule id where one applies (``bring_in.amount``, ``card.malformed``)."""
    request = rpb.ValidateActionRequest(config=cfg, history=history)
    if action is not None:
        request.action.CopyFrom(action)
    error = invalid(rules_stub.ValidateAction, request)
    assert violation_rules(error) == expected


def test_settle_hand_refuses_a_malformed_declared_payout(rules_stub):
    """SettleHand: a negative declared payout is INVALID_ARGUMENT ``declared_payouts[0].amount``."""
    history = [*DRAW_HANDS, ev(3, RAISE, 20), ev(1, FOLD), ev(2, FOLD)]
    error = invalid(settle, rules_stub, GOOD, history, {3: -1})
    assert violation_rules(error) == [("declared_payouts[0].amount", "")]


@pytest.mark.parametrize(
    ("cfg", "history", "why"),
    [
        (GOOD, [*DRAW_HANDS, ev(3, CALL)], "seat 1 is still to act on first_round"),
        (GOOD, [*DRAW_HANDS, ev(3, CALL), ev(1, CALL), ev(2, CHECK)], "seat 1 is still to draw"),
        (config(STUD, [1000] * 3, ante=1),
         [*STUD_THIRD, ev(1, BRING_IN), ev(2, CALL), ev(3, CALL)],
         "cards are still due on fourth_street (seat 1, seat 2, seat 3)"),
        (GOOD, [], "cards are still due on first_round (seat 1, seat 2, seat 3)"),
    ],
    ids=["betting", "drawing", "dealing", "nothing_dealt"],
)  # fmt: skip
def test_settle_hand_refuses_a_history_that_stops_mid_hand(rules_stub, cfg, history, why):
    """DESIGN.md "Errors": SettleHand on a history that stops mid-hand is INVALID_ARGUMENT on
    field ``history`` whose description is the rule id ``history.incomplete`` (docs/rules.md
    "Extra rule ids") and what is still due (a history may stop at the showdown, not before)."""
    error = invalid(settle, rules_stub, cfg, history)
    assert field_violations(error) == [
        ("history", f"history.incomplete: the hand is not over: {why}")
    ]


def test_settle_hand_refuses_a_busted_seat(rules_stub):
    """docs/rules.md "A busted player (stack 0) is not dealt in": a stateless HandConfig seat
    with stack 0 is INVALID_ARGUMENT ``config.seats[1].stack``, never dealt in."""
    cfg = config(DRAW, [1000, 0, 1000], button=3)
    history = [*DRAW_HANDS, ev(3, CALL), ev(1, CALL), ev(2, CHECK)]
    error = invalid(settle, rules_stub, cfg, history)
    assert field_violations(error) == [("config.seats[1].stack", "a seat dealt in needs chips: 0")]


# ------------------------------------------------------------- forced bring-in


def forced_bring_in_stud() -> pb.HandConfig:
    """DESIGN.md "Forced bets": Seven Card Stud 20/40, ante 5 each (the explicit list is the
    whole list, antes included) and a forced bring-in of 7 by seat 3, stacks 500."""
    cfg = config(STUD, [500] * 3, small_bet=20, big_bet=40, ante=5)
    forced = [pb.ForcedBet(seat=s, kind=pb.FORCED_BET_KIND_ANTE, amount=5) for s in (1, 2, 3)]
    forced.append(pb.ForcedBet(seat=3, kind=pb.FORCED_BET_KIND_BRING_IN, amount=7))
    cfg.forced_bets.extend(forced)
    return cfg


# seat 1 would bring in by the cards (2c, the lowest door card)
FORCED_THIRD = stud_street({1: "2c", 2: "9d", 3: "Th"}, {1: "As Ad", 2: "Kc Kd", 3: "Qc Qd"})


def test_forced_bring_in_names_the_seat_and_the_amount(rules_stub):
    """DESIGN.md "Forced bets": a BRING_IN forced bet overrides the door cards' choice (seat
    1) and the stakes' bring-in (10): seat 3 is to act with BRING_IN 7 or COMPLETE 20; seat 1
    bringing in is ``bring_in.player``."""
    cfg = forced_bring_in_stud()
    listed = listing(rules_stub, cfg, FORCED_THIRD)
    assert listed.state.seat_to_act == 3
    assert listed.state.pot_total == 15
    assert menu(listed.legal_actions) == [("BRING_IN", 7, 7), ("COMPLETE", 20, 20)]
    answer = validate(rules_stub, cfg, FORCED_THIRD, act(1, BRING_IN))
    assert not answer.legal
    assert (answer.violation.rule, answer.violation.seat) == ("bring_in.player", 1)
    assert (answer.violation.expected, answer.violation.actual) == ("3", "1")


def test_forced_bring_in_hand_settles_with_exact_chips(rules_stub):
    """DESIGN.md "Forced bets": a whole hand with a forced bring-in of 7 by seat 3, completed
    by seat 2 and called; seat 1's trip aces beat trip kings on 7th street. Pot 15 antes +
    3 x 20 + 2 x 40 = 155 to seat 1; seat 3 folded after putting in 25."""
    history = [*FORCED_THIRD, ev(3, BRING_IN, 7), ev(1, CALL), ev(2, COMPLETE, 20),
               ev(3, CALL), ev(1, CALL)]  # fmt: skip
    for ups in ({1: "3c", 2: "4d", 3: "5h"}, {1: "6s", 2: "7s", 3: "8s"},
                {1: "Jc", 2: "Jd", 3: "Jh"}):  # fmt: skip
        history += [*stud_street(ups), ev(3, CHECK), ev(1, CHECK), ev(2, CHECK)]
    history += [deal(1, "Ac"), deal(2, "Kh"), deal(3, "Qh")]
    history += [ev(3, CHECK), ev(1, BET, 40), ev(2, CALL), ev(3, FOLD)]
    result = settle(rules_stub, forced_bring_in_stud(), history)
    assert pots(result) == [(155, [1, 2], [1], [])]
    assert amounts(result.payouts) == {1: 155}
    assert stacks(result) == {1: 590, 2: 435, 3: 475}
    assert list(result.showdown_order) == [1, 2]


# ---------------------------------------------------------------------- unknown cards


def stud5_unknown_downs() -> tuple[pb.HandConfig, list[pb.HandEvent]]:
    """Five Card Stud heads-up, both hole cards unknown (``??``), checked to the showdown."""
    cfg = config(STUD5, [100, 100], ante=1)
    history = stud_street({1: "2c", 2: "9d"}, {1: "??", 2: "??"})
    history += [ev(1, BRING_IN), ev(2, CALL)]
    for ups in ({1: "3c", 2: "Kd"}, {1: "4c", 2: "Qd"}, {1: "5c", 2: "Jd"}):
        history += [*stud_street(ups), ev(2, CHECK), ev(1, CHECK)]
    return cfg, history


def test_settle_hand_needing_unknown_cards_is_failed_precondition(rules_stub):
    """DESIGN.md "Unknown cards": a showdown that needs ``??`` cards is FAILED_PRECONDITION
    with ErrorInfo (rule ``card.unknown``, the seats); once shown, the hand settles (6c-high
    straight flush over the diamond flush: 12 to seat 1)."""
    cfg, history = stud5_unknown_downs()
    view = listing(rules_stub, cfg, history).state
    assert (view.phase, view.seat_to_act) == ("showdown", 2)
    assert [(list(s.up_cards), s.card_count) for s in view.seats] == [
        (["2c", "3c", "4c", "5c"], 5),
        (["9d", "Kd", "Qd", "Jd"], 5),
    ]
    for shown, seats in (([], "1,2"), ([ev(2, SHOW, cards="Ad 9d Kd Qd Jd")], "1")):
        with pytest.raises(grpc.RpcError) as caught:
            settle(rules_stub, cfg, history + shown)
        assert caught.value.code() is grpc.StatusCode.FAILED_PRECONDITION
        info = error_info(caught.value)
        assert (info.reason, info.domain) == ("UNVERIFIABLE_HAND", "floorman")
        assert dict(info.metadata) == {"rule": "card.unknown", "seats": seats}
    history += [ev(2, SHOW, cards="Ad 9d Kd Qd Jd"), ev(1, SHOW, cards="6c 2c 3c 4c 5c")]
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(12, [1, 2], [1], [])]
    assert stacks(result) == {1: 106, 2: 94}


def test_hand_won_by_folds_settles_with_unknown_cards(rules_stub):
    """RULES.md "If all but one player fold": no showdown, so unknown hole cards do not
    matter; the bring-in's uncalled 5 comes back and the antes (2) are paid to seat 1."""
    cfg = config(STUD5, [100, 100], ante=1)
    history = stud_street({1: "2c", 2: "9d"}, {1: "??", 2: "??"})
    result = settle(rules_stub, cfg, [*history, ev(1, BRING_IN), ev(2, FOLD)])
    assert pots(result) == [(2, [1], [1], [])]
    assert amounts(result.returned) == {1: 5}
    assert stacks(result) == {1: 101, 2: 99}


# ------------------------------------------------------- CompareHands community card


def compare(stub, game, hands, community):
    """CompareHands with ``community_cards``."""
    request = rpb.CompareHandsRequest(
        game=game, hands=[pb.Hand(cards=h.split()) for h in hands], community_cards=community
    )
    return stub.CompareHands(request, timeout=10)


@pytest.mark.parametrize(
    ("game", "hands", "community", "winners", "low_winners", "uses"),
    [
        (STUD, ["As Ad Kc Kd 2h 3s", "Qs Qd Qc 7h 8s 9c"], ["Ac"], [0], [], "high"),
        (STUD, ["Kh Qh Jh Th 2c 3d", "As 2s 3s 4s 5d 6d"], ["Ah"], [0], [], "high"),
        (RAZZ, ["2c 3c 4c 5c Kd Kh", "2d 3d 4d 6d Qd Qh"], ["Ac"], [0], [], "low"),
        (STUD8, ["Kc Kd Ks 9h 9d Qc", "As 2c 3d 4h Td Jd"], ["7s"], [0], [1], "low"),
    ],
    ids=["stud_full_house_uses_it", "stud_royal_flush_with_it", "razz_wheel", "stud8_split"],
)
def test_compare_hands_counts_the_shared_community_card(
    rules_stub, game, hands, community, winners, low_winners, uses
):
    """RULES.md "Seven Card Stud family": the 7th-street community card is part of every
    hand (six own cards + one shared); CompareHands takes it once in ``community_cards`` and
    the winning hand's best five use it (the high side, or the low: Razz, the Hi-Lo low)."""
    response = compare(rules_stub, game, hands, community)
    assert (list(response.winners), list(response.low_winners)) == (winners, low_winners)
    if uses == "high":
        best = response.results[winners[0]].high
    else:
        best = response.results[(low_winners or winners)[0]].low
    assert community[0] in best.best_cards


@pytest.mark.parametrize(
    ("game", "hands", "community", "expected"),
    [
        (DRAW, ["Ah Kd Qc Jh 9s"], ["2c"], [("community_cards", "card.count")]),
        (STUD5, ["Ah Kd Qc Jh 9s"], ["2c"], [("community_cards", "card.count")]),
        (STUD, ["Ah Kd Qc Jh 9s 8s", "2c 3c 4c 5c 6c 7c"], ["Ah"],
         [("hands[0].cards[0]", "card.duplicate")]),
        (STUD, ["Ah Kd Qc Jh 9s 8s 7s"], ["2c"], [("hands[0].cards", "card.count")]),
        (STUD, ["Ah Kd Qc Jh 9s 8s"], ["Zz"], [("community_cards[0]", "card.malformed")]),
    ],
    ids=["draw_has_none", "five_card_stud_has_none", "duplicate_of_a_hand_card",
         "eight_cards_in_all", "malformed"],
)  # fmt: skip
def test_compare_hands_validates_community_cards(rules_stub, game, hands, community, expected):
    """Community cards: seven-card stud games only, 5 to 7 cards per hand with them, no card
    both shared and held (``card.count``, ``card.duplicate``, ``card.malformed``)."""
    error = invalid(compare, rules_stub, game, hands, community)
    assert violation_rules(error) == expected


# ------------------------------------------------------------------------- robustness

_CARDS = st.sampled_from(["Ah", "Kd", "7c", "7h", "2s", "??", "Xx", "9d", "Ts"])
_EVENT = st.one_of(
    st.builds(
        lambda seat, cards, up: deal(seat, " ".join(cards), up=up),
        st.integers(0, 4),
        st.lists(_CARDS, min_size=1, max_size=3),
        st.booleans(),
    ),
    st.builds(ev, st.integers(0, 4), st.integers(0, 11), st.integers(-5, 60)),
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    game=st.integers(0, 13),
    structure=st.integers(0, 4),
    straddle=st.sampled_from([0, 0, 20, 7]),
    big_blind_ante=st.sampled_from([0, 0, 5]),
    seat_stacks=st.lists(st.integers(-1, 120), min_size=0, max_size=4),
    button=st.integers(0, 4),
    history=st.lists(_EVENT, max_size=8),
    action=st.builds(act, st.integers(0, 4), st.integers(0, 11), st.integers(-5, 60)),
)
def test_engine_rpcs_never_answer_internal(
    rules_stub, game, structure, straddle, big_blind_ante, seat_stacks, button, history, action
):
    """Random engine requests (every game, the community-card games' straddle and big-blind
    ante among them) are answered OK, INVALID_ARGUMENT or FAILED_PRECONDITION, never
    INTERNAL or UNKNOWN (user input never reaches an unmapped error)."""
    cfg = config(game, seat_stacks, structure=structure, button=button, ante=1)
    cfg.stakes.straddle = straddle
    cfg.stakes.big_blind_ante = big_blind_ante
    for call in (
        lambda: validate(rules_stub, cfg, history, action),
        lambda: listing(rules_stub, cfg, history),
        lambda: settle(rules_stub, cfg, history),
    ):
        try:
            call()
        except grpc.RpcError as error:
            assert error.code() in (
                grpc.StatusCode.INVALID_ARGUMENT,
                grpc.StatusCode.FAILED_PRECONDITION,
            ), error.details()


# ------------------------------------------- reopening judged per player (RULES.md example)

FIVE_DRAW_HANDS = [
    deal(1, "2c 3c 4c 5c 7d"), deal(2, "2d 3d 4d 5d 7h"), deal(3, "2h 3h 4h 5h 7s"),
    deal(4, "2s 3s 4s 5s 8c"), deal(5, "6c 6d 6h 6s 8d"),
]  # fmt: skip


def rules_reopening_example(structure: int) -> tuple[pb.HandConfig, list[pb.HandEvent]]:
    """RULES.md "Reopening is judged per player": Five Card Draw, blinds 50/100, seats 1-5 =
    A-E (button 5), everyone limps and stands pat; on round 2 A bets 100, B all in for 125,
    C calls 125, D all in for 200, E calls 200."""
    cfg = config(DRAW, [5000, 225, 5000, 300, 5000], structure=structure, button=5,
                 small_bet=100, big_bet=100, small_blind=50, big_blind=100)  # fmt: skip
    history = [*FIVE_DRAW_HANDS, ev(3, CALL), ev(4, CALL), ev(5, CALL), ev(1, CALL), ev(2, CHECK)]
    history += [ev(seat, DRAW_CARDS) for seat in (1, 2, 3, 4, 5)]
    history += [ev(1, BET, 100), ev(2, RAISE, 125), ev(3, CALL), ev(4, RAISE, 200), ev(5, CALL)]
    return cfg, history


@pytest.mark.parametrize(
    ("structure", "top"), [(NL, 4900), (PL, 1550)], ids=["no_limit", "pot_limit"]
)
def test_reopening_is_judged_per_player_over_grpc(rules_stub, structure, top):
    """RULES.md "Reopening is judged per player", over ListLegalActions and ValidateAction: A
    faces 100 more (a full raise): RAISE from 300 (to the stack, or pot limit's 1550); a raise
    to 299 is ``bet.min_raise``. After A calls, C faces 75 more: CALL or FOLD only, and a raise
    is ``fixed_limit.short_all_in``."""
    cfg, history = rules_reopening_example(structure)
    answer = listing(rules_stub, cfg, history)
    assert answer.state.seat_to_act == 1
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CALL", 100, 100), ("RAISE", 300, top)]
    assert validate(rules_stub, cfg, history, act(1, RAISE, 300)).legal
    refused = validate(rules_stub, cfg, history, act(1, RAISE, 299))
    assert (refused.legal, refused.violation.rule) == (False, "bet.min_raise")
    history.append(ev(1, CALL))
    answer = listing(rules_stub, cfg, history)
    assert answer.state.seat_to_act == 3
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CALL", 75, 75)]
    refused = validate(rules_stub, cfg, history, act(3, RAISE, 300))
    assert (refused.legal, refused.violation.rule, refused.violation.seat) == (
        False, "fixed_limit.short_all_in", 3
    )  # fmt: skip


def test_a_face_up_unknown_card_in_a_history_is_invalid_argument(rules_stub):
    """docs/rules.md "A face-up card must be known": a history whose door card (event 1) is
    ``??`` is INVALID_ARGUMENT on ValidateAction and ListLegalActions, field ``history[1]``,
    rule ``card.unknown``; unknown down cards are accepted."""
    cfg = config(STUD, [500, 500, 500])
    history = [deal(1, "?? ??"), deal(1, "??", up=True)]
    for call, request in (
        (rules_stub.ValidateAction,
         rpb.ValidateActionRequest(config=cfg, history=history, action=act(1, BRING_IN))),
        (rules_stub.ListLegalActions, rpb.ListLegalActionsRequest(config=cfg, history=history)),
    ):  # fmt: skip
        error = invalid(call, request)
        assert violation_rules(error) == [("history[1]", "card.unknown")]
        assert field_violations(error) == [
            ("history[1]", "card.unknown: seat 1's card is dealt face up: the whole table sees "
             "it, so it must be known, not ??")
        ]  # fmt: skip
    history[1] = deal(1, "2c", up=True)
    assert listing(rules_stub, cfg, history).state.awaiting_deal_seats == [2, 3]


@pytest.mark.parametrize(
    ("d_all_in", "a_menu", "c_menu"),
    [
        # D all in for 160: 35 over B's 125, under half a bet: nobody who acted may raise.
        (160, [("FOLD", 0, 0), ("CALL", 60, 60)], [("FOLD", 0, 0), ("CALL", 35, 35)]),
        # D all in for 175: half a bet over 125, a full raise: A and C may raise to 275.
        (175, [("FOLD", 0, 0), ("CALL", 75, 75), ("RAISE", 275, 275)],
         [("FOLD", 0, 0), ("CALL", 50, 50), ("RAISE", 275, 275)]),
    ],
    ids=["short_of_a_bet", "half_a_bet"],
)  # fmt: skip
def test_reopening_is_judged_per_player_in_fixed_limit_over_grpc(
    rules_stub, d_all_in, a_menu, c_menu
):
    """RULES.md "Reopening is judged per player", fixed limit 50/100 (round 2 bets 100): A
    bets 100, B all in for 125, C calls, D all in, E calls; the menus of A, then (after A
    calls) of C; a raise where none is offered is ``fixed_limit.short_all_in``."""
    cfg = config(DRAW, [5000, 175, 5000, 50 + d_all_in, 5000], button=5, small_bet=50,
                 big_bet=100)  # fmt: skip
    history = [*FIVE_DRAW_HANDS, ev(3, CALL), ev(4, CALL), ev(5, CALL), ev(1, CALL), ev(2, CHECK)]
    history += [ev(seat, DRAW_CARDS) for seat in (1, 2, 3, 4, 5)]
    history += [ev(1, BET, 100), ev(2, RAISE, 125), ev(3, CALL), ev(4, RAISE, d_all_in)]
    history.append(ev(5, CALL))
    answer = validate(rules_stub, cfg, history, act(1, RAISE, 275))
    assert menu(answer.legal_actions) == a_menu
    assert answer.legal is (d_all_in == 175)
    history.append(ev(1, CALL))
    answer = validate(rules_stub, cfg, history, act(3, RAISE, 275))
    assert menu(answer.legal_actions) == c_menu
    if d_all_in == 160:
        assert (answer.legal, answer.violation.rule) == (False, "fixed_limit.short_all_in")
    else:
        assert answer.legal
