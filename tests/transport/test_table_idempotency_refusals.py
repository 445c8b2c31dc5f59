"""Refusals over gRPC on the real server (observer role): a refusal is the first answer of
its request id (DESIGN.md "Contract details", Idempotency), and a service-dealt DRAW names
cards its caller can see (docs/rules.md ``draw.hidden_cards``)."""

from __future__ import annotations

import re

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.system.table_client import GrpcTable, settings_pb

CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")
HANDS = {1: "As Ah Ad 7c 8d", 2: "Ks Kh Kd 9c Td", 3: "Qs Qh Qd Jc 2d"}


@pytest.fixture(scope="module")
def stub(server) -> tpb_grpc.TableServiceStub:
    """A TableService stub on the session server."""
    return tpb_grpc.TableServiceStub(server.channel)


def _status(error: grpc.RpcError) -> tuple:
    """``(code, message, ErrorInfo reason, ErrorInfo metadata)`` of a failed call."""
    status = rpc_status.from_call(error)
    assert status is not None, error
    info = error_details_pb2.ErrorInfo()
    assert any(detail.Unpack(info) for detail in status.details), status
    return error.code(), status.message, info.reason, dict(info.metadata)


def _refused(call, *args, **kwargs) -> tuple:
    """The status of a call that must fail."""
    with pytest.raises(grpc.RpcError) as caught:
        call(*args, **kwargs)
    return _status(caught.value)


def _players(table: GrpcTable) -> None:
    for seat in (1, 2, 3):
        table.seat(seat, 2000, f"p{seat}-{table.prefix}")


def _recorded_draw(stub) -> GrpcTable:
    """A recorded Five Card Draw table (blinds 10/20), hand 1 dealt: seat 1 to act, 20 to
    call, a raise goes to 40."""
    settings = settings_pb(pb.GAME_FIVE_CARD_DRAW, mode=tpb.DEAL_MODE_RECORDED)
    table = GrpcTable.create(stub, settings)
    _players(table)
    table.call("StartHand")
    deals = [pb.Deal(seat=seat, cards=HANDS[seat].split()) for seat in (2, 3, 1)]
    table.call("DealCards", deals=deals)
    return table


def _findings(table: GrpcTable, after: int) -> list[str]:
    return [e.finding.rule for e in table.events(after) if e.HasField("finding")]


def test_idempotency_refused_record_action_keeps_its_refusal_over_grpc(stub):
    """DESIGN.md Idempotency with RULES.md ``bet.amount``: RecordAction "x1" RAISE 41 is
    FAILED_PRECONDITION (rule bet.amount, expected 40, actual 41); the identical retry gets
    the same status, message and ErrorInfo; "x1" RAISE 40 is ALREADY_EXISTS
    REQUEST_ID_CONFLICT; one finding is on the stream; a new id raises to 40."""
    table = _recorded_draw(stub)
    sequence = table.sequence
    x1 = f"x1-{table.prefix}"
    bad = pb.Action(seat=1, type=pb.ACTION_TYPE_RAISE, amount=41)
    first = _refused(table.act, bad, request_id=x1)
    code, _message, reason, metadata = first
    assert (code, reason) == (grpc.StatusCode.FAILED_PRECONDITION, "RULE_VIOLATION")
    assert (metadata["rule"], metadata["seat"], metadata["expected"], metadata["actual"]) == (
        "bet.amount", "1", "40", "41",
    )  # fmt: skip
    assert _refused(table.act, bad, request_id=x1) == first
    assert _refused(table.act, bad, request_id=x1, expected=sequence - 1) == first
    conflict = _refused(
        table.act, pb.Action(seat=1, type=pb.ACTION_TYPE_RAISE, amount=40), request_id=x1
    )
    assert (conflict[0], conflict[2]) == (grpc.StatusCode.ALREADY_EXISTS, "REQUEST_ID_CONFLICT")
    assert _findings(table, sequence) == ["bet.amount"]
    assert table.table().sequence == sequence + 1
    raised = table.act(pb.Action(seat=1, type=pb.ACTION_TYPE_RAISE, amount=40))
    assert raised.hand.state.current_bet == 40 and raised.table.sequence == sequence + 2


def test_idempotency_refused_deal_cards_keeps_its_refusal_over_grpc(stub):
    """DESIGN.md Idempotency with RULES.md ``card.duplicate``: DealCards "d1" dealing a card
    already out is FAILED_PRECONDITION; the retry gets the same answer (details hidden from
    the observer caller); "d1" with other cards is ALREADY_EXISTS REQUEST_ID_CONFLICT."""
    settings = settings_pb(pb.GAME_FIVE_CARD_DRAW, mode=tpb.DEAL_MODE_RECORDED)
    table = GrpcTable.create(stub, settings)
    _players(table)
    table.call("StartHand")
    table.call("DealCards", deals=[pb.Deal(seat=2, cards=HANDS[2].split())])
    sequence = table.sequence
    d1 = f"d1-{table.prefix}"
    dup = [pb.Deal(seat=3, cards=["Ks"])]
    first = _refused(table.call, "DealCards", request_id=d1, deals=dup)
    assert (first[0], first[3]["rule"]) == (grpc.StatusCode.FAILED_PRECONDITION, "card.duplicate")
    assert not CARD.search(first[1])  # the observer does not see the refused cards
    assert _refused(table.call, "DealCards", request_id=d1, deals=dup) == first
    other = [pb.Deal(seat=3, cards=["2c"])]
    conflict = _refused(table.call, "DealCards", request_id=d1, deals=other)
    assert (conflict[0], conflict[2]) == (grpc.StatusCode.ALREADY_EXISTS, "REQUEST_ID_CONFLICT")
    assert _findings(table, sequence) == ["card.duplicate"]


def test_five_card_draw_observer_draw_naming_cards_is_draw_hidden_cards_over_grpc(stub):
    """docs/rules.md ``draw.hidden_cards``: at a service-dealt table the server's observer
    caller's DRAW naming a card, or ``??``, is FAILED_PRECONDITION naming the rule, the
    cause (the caller's role cannot see the seat's cards) and the way out, and no card;
    standing pat is accepted."""
    table = GrpcTable.create(stub, settings_pb(pb.GAME_FIVE_CARD_DRAW))
    _players(table)
    hand = table.call("StartHand").hand
    for _ in range(3):  # button 1, blinds 2 and 3: seat 1 folds, 2 calls, 3 checks
        seat = hand.state.seat_to_act
        kind = {1: pb.ACTION_TYPE_FOLD, 2: pb.ACTION_TYPE_CALL, 3: pb.ACTION_TYPE_CHECK}[seat]
        hand = table.act(pb.Action(seat=seat, type=kind)).hand
    assert hand.state.seat_to_act == 2
    hint = "this caller's role (observer) cannot see seat 2's cards: act as a dealer"
    for named in (["As"], ["??"]):
        action = pb.Action(seat=2, type=pb.ACTION_TYPE_DRAW, cards=named)
        code, message, _reason, metadata = _refused(table.act, action)
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert (metadata["rule"], metadata["seat"], metadata["expected"], metadata["actual"]) == (
            "draw.hidden_cards", "2", "dealer", "observer",
        )  # fmt: skip
        assert message.startswith("draw.hidden_cards: DRAW must name the discarded cards")
        assert message.endswith(hint) and not CARD.search(message)
    pat = table.act(pb.Action(seat=2, type=pb.ACTION_TYPE_DRAW))
    assert pat.hand.state.seat_to_act == 3


def test_observer_sees_refusals_whose_rule_names_no_card_in_full_over_grpc(stub):
    """docs/rules.md "refused events that carried cards": for an observer, a refused event
    with cards keeps the rule id always; a message that names no card is shown as it is
    (``deal.mode`` at a service-dealt table, ``hand.complete`` with no hand) and one that
    names a card in its card-free words, with the role that sees more (``card.duplicate``,
    issue 10 point 5)."""
    dealt = GrpcTable.create(stub, settings_pb(pb.GAME_FIVE_CARD_DRAW))
    _players(dealt)
    dealt.call("StartHand")
    mode = _refused(dealt.call, "DealCards", deals=[pb.Deal(seat=2, cards=["As"])])
    assert mode[:2] == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "deal.mode: this table is service-dealt: it deals itself",
    )
    assert mode[3]["rule"] == "deal.mode"
    recorded = GrpcTable.create(
        stub, settings_pb(pb.GAME_FIVE_CARD_DRAW, mode=tpb.DEAL_MODE_RECORDED)
    )
    _players(recorded)
    idle = _refused(recorded.call, "DealCards", deals=[pb.Deal(seat=2, cards=["As"])])
    assert idle[1] == "hand.complete: no hand is in progress"
    recorded.call("StartHand")
    recorded.call("DealCards", deals=[pb.Deal(seat=2, cards=HANDS[2].split())])
    hidden = _refused(recorded.call, "DealCards", deals=[pb.Deal(seat=3, cards=["Ks"])])
    assert hidden[1] == (
        "card.duplicate: one of the cards is already out of the stub (in a hand, burned or "
        "dealt) (a dealer or admin token sees the cards)"
    )
    assert hidden[3]["rule"] == "card.duplicate"


def _field_violations(call, *args, **kwargs) -> tuple:
    """``(code, [(field, description)])`` of a call that must fail with a BadRequest."""
    with pytest.raises(grpc.RpcError) as caught:
        call(*args, **kwargs)
    status = rpc_status.from_call(caught.value)
    bad = error_details_pb2.BadRequest()
    assert status is not None and any(detail.Unpack(bad) for detail in status.details)
    return caught.value.code(), [(v.field, v.description) for v in bad.field_violations]


def test_record_action_with_fields_its_type_does_not_take_is_invalid_argument_over_grpc(stub):
    """docs/rules.md "An action carries only the fields its type takes": at a service-dealt
    table a CALL with cards and a DRAW with an amount (7, or 2) are INVALID_ARGUMENT
    ``action.cards`` / ``action.amount``, nothing is stored, and the plain actions then pass."""
    table = GrpcTable.create(stub, settings_pb(pb.GAME_FIVE_CARD_DRAW))
    _players(table)
    hand = table.call("StartHand").hand
    sequence = table.sequence
    seat = hand.state.seat_to_act
    call = pb.Action(seat=seat, type=pb.ACTION_TYPE_CALL, cards=["Ah"])
    assert _field_violations(table.act, call) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        [("action.cards", "action.extra_cards: a CALL carries no cards (only DRAW and SHOW do)")],
    )
    for _ in range(3):  # button 1, blinds 2 and 3: seat 1 folds, 2 calls, 3 checks
        seat = hand.state.seat_to_act
        kind = {1: pb.ACTION_TYPE_FOLD, 2: pb.ACTION_TYPE_CALL, 3: pb.ACTION_TYPE_CHECK}[seat]
        hand = table.act(pb.Action(seat=seat, type=kind)).hand
    assert hand.state.seat_to_act == 2
    drawn = table.sequence
    for amount in (7, 2):
        draw = pb.Action(seat=2, type=pb.ACTION_TYPE_DRAW, amount=amount)
        message = (
            f"action.extra_amount: a DRAW puts in no chips: it cannot carry the amount {amount}"
        )
        assert _field_violations(table.act, draw) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            [("action.amount", message)],
        )
    assert table.table().sequence == drawn > sequence
    assert table.act(pb.Action(seat=2, type=pb.ACTION_TYPE_DRAW)).hand.state.seat_to_act == 3
