"""Role boundaries over gRPC with real tokens (issue 6 "Show": a dealer of table A cannot
touch table B; an auditor cannot mutate; refusals are logged and counted)."""

from __future__ import annotations

import random

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from floorman.v1 import audit_service_pb2 as apb
from floorman.v1 import audit_service_pb2_grpc as apb_grpc
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc
from floorman.v1 import table_service_pb2 as tpb
from tests.security.security_support import error_info, metric_value, scrape, with_token
from tests.system.table_client import GrpcTable, choose, settings_pb, stub_for

WRITES = {
    # method -> request fields besides table_id / request_id / expected_sequence
    "SeatPlayer": {"seat": 4, "player_id": "intruder", "buy_in": 500},
    "LeaveSeat": {"seat": 1},
    "SitOut": {"seat": 1},
    "SitIn": {"seat": 1},
    "StartHand": {},
    "DealCards": {"deals": [pb.Deal(seat=1, cards=["As"])]},
    "RecordAction": {"action": pb.Action(seat=1, type=pb.ACTION_TYPE_FOLD)},
}
"""The TableService writes a dealer makes (PLAY_TABLE)."""


def _open_table(auth, table_id: str, *, players: int = 3) -> GrpcTable:
    """A seven card stud table (service-dealt) opened and seated by the admin."""
    table = GrpcTable.create(
        stub_for(auth.channel("admin")), settings_pb(pb.GAME_SEVEN_CARD_STUD, ante=5), table_id
    )
    for seat in range(1, players + 1):
        table.seat(seat, 1000, f"p{seat}")
    return table


def _as(auth, name: str | None, table: GrpcTable) -> GrpcTable:
    """``table`` driven with token ``name``."""
    return GrpcTable(stub_for(auth.channel(name)), table.table_id, table.sequence)


def _write(table: GrpcTable, method: str) -> grpc.RpcError:
    """Call ``method`` and return the error it must raise."""
    with pytest.raises(grpc.RpcError) as caught:
        table.call(method, **WRITES[method])
    return caught.value


def _hole_cards(hand: tpb.HandView) -> list[str]:
    """The cards of every face-down deal of ``hand`` as the caller sees them."""
    return [
        c for e in hand.events if e.HasField("deal") and not e.deal.face_up for c in e.deal.cards
    ]


@pytest.mark.parametrize("method", sorted(WRITES))
def test_dealer_of_table_a_cannot_write_at_table_b(auth_server, method):
    """A dealer bound to table A calling any write at table B gets PERMISSION_DENIED with
    ErrorInfo reason TABLE_NOT_ASSIGNED, and table B's log does not move."""
    table_b = _open_table(auth_server, auth_server.tables_b.take())
    before = table_b.table().sequence
    error = _write(_as(auth_server, "dealer-a", table_b), method)
    assert error.code() == grpc.StatusCode.PERMISSION_DENIED
    info = error_info(error)
    assert (info.reason, info.domain, info.metadata["role"]) == (
        "TABLE_NOT_ASSIGNED",
        "floorman",
        "dealer",
    )
    assert table_b.table().sequence == before


def test_dealer_plays_a_whole_hand_at_its_own_table(auth_server):
    """The dealer of table A starts a hand and records every action to the settlement."""
    table = _as(auth_server, "dealer-a", _open_table(auth_server, auth_server.tables_a.take()))
    rng = random.Random(6)
    hand = table.call("StartHand").hand
    while not hand.complete:
        hand = table.act(choose(hand, rng)).hand
    assert hand.complete and sum(p.amount for p in hand.result.payouts) > 0


@pytest.mark.parametrize("method", ["CreateTable", "CloseTable"])
def test_dealer_cannot_create_or_close_tables(auth_server, method):
    """CreateTable and CloseTable are the admin's: a dealer gets PERMISSION_DENIED
    ROLE_NOT_ALLOWED even for a table it is bound to."""
    table_id = auth_server.tables_a.take()
    stub = stub_for(auth_server.channel("dealer-a"))
    with pytest.raises(grpc.RpcError) as caught:
        if method == "CreateTable":
            stub.CreateTable(
                tpb.CreateTableRequest(
                    request_id="c1", table_id=table_id, settings=settings_pb(pb.GAME_RAZZ)
                ),
                timeout=30,
            )
        else:
            _open_table(auth_server, table_id)
            stub.CloseTable(
                tpb.CloseTableRequest(table_id=table_id, request_id="x1", expected_sequence=4),
                timeout=30,
            )
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert error_info(caught.value).reason == "ROLE_NOT_ALLOWED"


@pytest.mark.parametrize("name", ["auditor", "observer"])
@pytest.mark.parametrize("method", [*sorted(WRITES), "CreateTable", "CloseTable"])
def test_read_only_roles_cannot_mutate(auth_server, name, method):
    """Auditors and observers calling any TableService write get PERMISSION_DENIED
    ROLE_NOT_ALLOWED (metadata role) and the table does not change."""
    table = _open_table(auth_server, auth_server.tables_a.take())
    before = table.table().sequence
    reader = _as(auth_server, name, table)
    with pytest.raises(grpc.RpcError) as caught:
        if method == "CreateTable":
            reader.stub.CreateTable(
                tpb.CreateTableRequest(request_id="c2", settings=settings_pb(pb.GAME_RAZZ)),
                timeout=30,
            )
        elif method == "CloseTable":
            reader.call("CloseTable")
        else:
            reader.call(method, **WRITES[method])
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
    info = error_info(caught.value)
    assert (info.reason, info.metadata["role"]) == ("ROLE_NOT_ALLOWED", name)
    assert table.table().sequence == before


def test_admin_creates_acts_anywhere_and_closes(auth_server):
    """The admin opens a table with a chosen id, plays a hand there (seeing hole cards
    live), and closes it."""
    table = _open_table(auth_server, "sec-admin-1")
    assert table.table().table_id == "sec-admin-1"
    hand = table.call("StartHand").hand
    assert "??" not in _hole_cards(hand) and len(_hole_cards(hand)) == 6
    rng = random.Random(2)
    while not hand.complete:
        hand = table.act(choose(hand, rng)).hand
    closed = table.call("CloseTable")
    assert closed.table.status == tpb.TABLE_STATUS_CLOSED


def test_hole_cards_follow_the_caller_and_its_table_binding(auth_server):
    """During a hand at table A: A's dealer and the admin see the hole cards, the auditor, an
    observer and B's dealer see ``??``; once the hand ends the auditor sees them all and the
    observer and B's dealer still see only shown cards."""
    dealer = _as(auth_server, "dealer-a", _open_table(auth_server, auth_server.tables_a.take()))
    hand = dealer.call("StartHand").hand
    views = {
        name: _as(auth_server, name, dealer).hand()
        for name in ("dealer-a", "admin", "auditor", "observer", "dealer-b")
    }
    secret = _hole_cards(views["dealer-a"])
    assert len(secret) == 6 and "??" not in secret
    assert _hole_cards(views["admin"]) == secret
    for name in ("auditor", "observer", "dealer-b"):
        assert _hole_cards(views[name]) == ["??"] * 6, name
    rng = random.Random(11)
    while not hand.complete:
        hand = dealer.act(choose(hand, rng)).hand
    after = {name: _as(auth_server, name, dealer).hand(hand.hand_id) for name in views}
    assert "??" not in _hole_cards(after["auditor"])
    shown = {c for e in hand.events if e.HasField("action") for c in e.action.cards}
    for name in ("observer", "dealer-b"):
        assert set(_hole_cards(after[name])) - {"??"} <= shown, name


def test_missing_unknown_and_malformed_tokens_are_unauthenticated(auth_server):
    """No token, an unknown token and a non-Bearer header are UNAUTHENTICATED with
    TOKEN_MISSING, TOKEN_UNKNOWN and TOKEN_MALFORMED on every service that needs one."""
    server = auth_server.server
    cases = {
        "TOKEN_MISSING": server.channel,
        "TOKEN_UNKNOWN": with_token(server.channel, "fm_not-a-token-anybody-issued"),
        "TOKEN_MALFORMED": with_token(server.channel, auth_server.tokens["admin"], scheme="Basic"),
    }
    for reason, channel in cases.items():
        calls = [
            lambda c=channel: rpb_grpc.RulesServiceStub(c).EvaluateHand(
                rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "5s"]),
                timeout=30,
            ),
            lambda c=channel: stub_for(c).ListTables(tpb.ListTablesRequest(), timeout=30),
            lambda c=channel: apb_grpc.AuditServiceStub(c).AuditHandHistories(
                apb.AuditHandHistoriesRequest(), timeout=30
            ),
        ]
        for call in calls:
            with pytest.raises(grpc.RpcError) as caught:
                call()
            assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED, reason
            assert error_info(caught.value).reason == reason


def test_health_is_open_and_rules_need_any_token(auth_server):
    """Health answers without a token; RulesService answers every role's token."""
    health = health_pb2_grpc.HealthStub(auth_server.server.channel)
    assert health.Check(health_pb2.HealthCheckRequest(), timeout=30).status == 1
    for name in auth_server.tokens:
        rules = rpb_grpc.RulesServiceStub(auth_server.channel(name))
        answer = rules.EvaluateHand(
            rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "5s"]),
            timeout=30,
        )
        assert answer.low.category or answer.low.description


@pytest.mark.parametrize(
    ("name", "allowed"),
    [("admin", True), ("auditor", True), ("dealer-a", False), ("observer", False)],
)
def test_audit_service_is_for_admins_and_auditors(auth_server, name, allowed):
    """AuditHandHistories answers admins and auditors; dealers and observers get
    PERMISSION_DENIED ROLE_NOT_ALLOWED."""
    stub = apb_grpc.AuditServiceStub(auth_server.channel(name))
    request = apb.AuditHandHistoriesRequest(
        documents=[apb.HandHistoryDocument(name="x.txt", content=b"not a hand\n")]
    )
    if allowed:
        assert stub.AuditHandHistories(request, timeout=30).summary.hands == 1
        return
    with pytest.raises(grpc.RpcError) as caught:
        stub.AuditHandHistories(request, timeout=30)
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert error_info(caught.value).reason == "ROLE_NOT_ALLOWED"


def test_every_refusal_is_logged_without_the_token_and_counted(auth_server):
    """Each refusal adds exactly one to floorman_auth_refusals_total{reason} and logs one
    auth_refused line naming the method, reason and caller; no log line holds a token."""
    server = auth_server.server
    table = _open_table(auth_server, auth_server.tables_b.take())
    before = scrape(server.metrics_url)
    _write(_as(auth_server, "dealer-a", table), "StartHand")  # table
    _write(_as(auth_server, "auditor", table), "SitOut")  # role
    with pytest.raises(grpc.RpcError):
        stub_for(server.channel).GetTable(tpb.GetTableRequest(table_id=table.table_id), timeout=30)
    lines = server.wait_for_log(
        lambda line: line.get("event") == "auth_refused" and line.get("reason") == "missing_token"
        and line.get("method", "").endswith("/GetTable")
    )  # fmt: skip
    after = scrape(server.metrics_url)
    for reason in ("table", "role", "missing_token"):
        delta = metric_value(after, "floorman_auth_refusals_total", reason=reason) - (
            metric_value(before, "floorman_auth_refusals_total", reason=reason)
        )
        assert delta == 1, reason
    refused = [line for line in server.logs() if line.get("event") == "auth_refused"]
    table_line = next(
        line for line in refused
        if line["reason"] == "table" and line.get("table_id") == table.table_id
    )  # fmt: skip
    assert table_line["caller"] == "dealer-a" and table_line["method"].endswith("/StartHand")
    assert lines["peer"].startswith("ipv")
    text = "\n".join(str(line) for line in server.logs())
    for token in auth_server.tokens.values():
        assert token not in text


def test_rpc_lines_name_the_caller(auth_server):
    """An accepted call's rpc log line carries the token's name and role, never the token."""
    server = auth_server.server
    stub_for(auth_server.channel("observer")).ListTables(tpb.ListTablesRequest(), timeout=30)
    line = server.wait_for_log(
        lambda line: line.get("event") == "rpc" and line.get("caller") == "observer"
        and line.get("method", "").endswith("/ListTables")
    )  # fmt: skip
    assert line["role"] == "observer" and line["code"] == "OK"
