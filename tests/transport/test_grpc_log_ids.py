"""DESIGN.md "Logs": lines are bound with request, table and hand ids. The ``rpc`` line of a
TableService call carries the request's ``request_id`` and ``table_id`` and, once the answer
names it, the ``hand_id``; a refused action's ``rule_finding`` line (RULES.md
``turn.out_of_turn``) carries the same request id; stateless calls carry none; and an ``rpc``
line holds nothing but its documented keys (never cards or tokens)."""

from __future__ import annotations

import uuid

import grpc
import pytest

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.system.table_client import GrpcTable, settings_pb

RPC_KEYS = {
    "event", "level", "timestamp", "method", "code", "duration_ms", "peer",
    "request_id", "table_id", "hand_id", "caller", "role",
}  # fmt: skip


@pytest.fixture(scope="module")
def started(server):
    """A service-dealt Five Card Draw table of three with a hand started under a known
    request id: ``(table, start request id, hand id, the start answer)``."""
    stub = tpb_grpc.TableServiceStub(server.channel)
    table = GrpcTable.create(stub, settings_pb(pb.GAME_FIVE_CARD_DRAW, small_bet=20))
    for seat in (1, 2, 3):
        table.seat(seat, 500, f"ids-{seat}-{table.prefix}")
    request_id = f"start-{uuid.uuid4().hex}"
    answer = table.call("StartHand", request_id=request_id)
    return table, request_id, answer.hand.hand_id, answer


def _rpc_line(server, request_id: str) -> dict:
    return server.wait_for_log(
        lambda line: line.get("event") == "rpc" and line.get("request_id") == request_id
    )


def test_a_write_rpc_line_carries_request_table_and_hand_ids(server, started):
    """DESIGN.md "Logs": StartHand's ``rpc`` line has its request id, the table id and the
    id of the hand it started, and no other key than the documented ones."""
    table, request_id, hand_id, _ = started
    line = _rpc_line(server, request_id)
    assert line["method"] == "/floorman.v1.TableService/StartHand" and line["code"] == "OK"
    assert (line["table_id"], line["hand_id"]) == (table.table_id, hand_id)
    assert hand_id and set(line) <= RPC_KEYS


def test_a_refused_action_logs_its_request_id_on_the_rpc_and_finding_lines(server, started):
    """RULES.md ``turn.out_of_turn``: a seat acting out of turn is FAILED_PRECONDITION; the
    ``rpc`` line has the request and table ids, the ``rule_finding`` line the request,
    table and hand ids."""
    table, _, hand_id, answer = started
    to_act = answer.hand.state.seat_to_act
    other = next(seat for seat in (1, 2, 3) if seat != to_act)
    request_id = f"refused-{uuid.uuid4().hex}"
    action = pb.Action(seat=other, type=pb.ACTION_TYPE_CHECK)
    with pytest.raises(grpc.RpcError) as refused:
        table.call("RecordAction", request_id=request_id, action=action)
    assert refused.value.code() is grpc.StatusCode.FAILED_PRECONDITION
    line = _rpc_line(server, request_id)
    assert (line["code"], line["table_id"]) == ("FAILED_PRECONDITION", table.table_id)
    finding = server.wait_for_log(
        lambda x: x.get("event") == "rule_finding" and x.get("request_id") == request_id
    )
    assert (finding["rule"], finding["table_id"], finding["hand_id"]) == (
        "turn.out_of_turn", table.table_id, hand_id,
    )  # fmt: skip


def test_get_hand_rpc_line_carries_the_hand_it_answered(server, started):
    """DESIGN.md "Logs": GetHand without a hand id answers the current hand, and its ``rpc``
    line names that hand."""
    table, _, hand_id, _ = started
    stub = tpb_grpc.TableServiceStub(server.channel)
    marker = f"t-{uuid.uuid4().hex[:12]}"
    stub.GetHand(tpb.GetHandRequest(table_id=table.table_id), timeout=10)
    with pytest.raises(grpc.RpcError):
        stub.GetHand(tpb.GetHandRequest(table_id=marker), timeout=10)  # a marker line after it
    server.wait_for_log(lambda line: line.get("table_id") == marker)
    lines = [
        line
        for line in server.logs()
        if line.get("method") == "/floorman.v1.TableService/GetHand"
        and line.get("table_id") == table.table_id
    ]
    assert lines and lines[-1]["hand_id"] == hand_id


def test_a_stateless_call_carries_no_ids(
    server, rules_stub: rules_service_pb2_grpc.RulesServiceStub
):
    """EvaluateHand has no request, table or hand: its ``rpc`` line carries none of them
    (ids never leak from one call's context into another's)."""
    for _ in range(3):
        rules_stub.EvaluateHand(
            rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s"]),
            timeout=10,
        )
    lines = [
        line
        for line in server.logs()
        if line.get("method") == "/floorman.v1.RulesService/EvaluateHand"
    ]
    assert lines
    assert not any({"request_id", "table_id", "hand_id"} & set(line) for line in lines)
