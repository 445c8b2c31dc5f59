"""Request and concurrency limits over gRPC (issue 6 "Deliver" 4): every violation is
INVALID_ARGUMENT naming the field and the limit, or RESOURCE_EXHAUSTED with a clear message;
a call past its deadline stops."""

from __future__ import annotations

import random
import threading
import time

import grpc
import pytest

from floorman.v1 import audit_service_pb2 as apb
from floorman.v1 import audit_service_pb2_grpc as apb_grpc
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc
from floorman.v1 import table_service_pb2 as tpb
from tests.security.security_support import bad_request, error_info
from tests.system.table_client import GrpcTable, choose, settings_pb, stub_for

CARDS = ["As", "Kd", "Qc", "Jh", "9s"]


def _refusal(call) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value


def _fields(error: grpc.RpcError) -> dict[str, str]:
    """BadRequest field -> description of an INVALID_ARGUMENT."""
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, error.details()
    return {v.field: v.description for v in bad_request(error).field_violations}


def test_repeated_fields_over_their_default_limits_are_invalid_arguments(server):
    """53 cards, 11 CompareHands hands, 1001 history events, 11 seats and 101 audit
    documents are each refused, the field violation naming the field and its limit."""
    rules = rpb_grpc.RulesServiceStub(server.channel)
    config = pb.HandConfig(
        game=pb.GAME_RAZZ,
        seats=[pb.SeatState(seat=s, stack=100) for s in range(1, 12)],
        stakes=pb.Stakes(small_bet=20),
    )
    history = [pb.HandEvent(action=pb.Action(seat=1, type=pb.ACTION_TYPE_FOLD))] * 1001
    audit = apb_grpc.AuditServiceStub(server.channel)
    document = apb.HandHistoryDocument(name="d.txt", content=b"x")
    cases = {
        "cards": lambda: rules.EvaluateHand(
            rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As"] * 53), timeout=30
        ),
        "hands": lambda: rules.CompareHands(
            rpb.CompareHandsRequest(game=pb.GAME_RAZZ, hands=[pb.Hand(cards=CARDS)] * 11),
            timeout=30,
        ),
        "history": lambda: rules.ListLegalActions(
            rpb.ListLegalActionsRequest(config=config, history=history), timeout=30
        ),
        "config.seats": lambda: rules.SettleHand(rpb.SettleHandRequest(config=config), timeout=30),
        "documents": lambda: audit.AuditHandHistories(
            apb.AuditHandHistoriesRequest(documents=[document] * 101), timeout=30
        ),
    }
    limits = {"cards": "cards", "hands": "hands", "history": "history_events",
              "config.seats": "seats", "documents": "audit_documents"}  # fmt: skip
    for field, call in cases.items():
        fields = _fields(_refusal(call))
        assert field in fields, (field, fields)
        assert f"(limit {limits[field]})" in fields[field]


def test_money_amounts_are_bounded_so_no_sum_overflows(server):
    """An amount above 10**15 minor units (limit amount) is INVALID_ARGUMENT naming the
    field; at the limit, a four-seat stud table with 10**15 buy-ins plays hands
    to the end (pots and stacks stay inside int64)."""
    tables = stub_for(server.channel)
    huge = settings_pb(pb.GAME_SEVEN_CARD_STUD, small_bet=10**15 + 1)
    error = _refusal(
        lambda: tables.CreateTable(tpb.CreateTableRequest(request_id="h1", settings=huge))
    )
    assert "settings.stakes.small_bet" in _fields(error)
    most = 10**15
    table = GrpcTable.create(tables, settings_pb(pb.GAME_SEVEN_CARD_STUD, small_bet=most // 10))
    for seat in (1, 2, 3, 4):
        table.seat(seat, most, f"rich-{seat}")
    rng = random.Random(3)
    for _ in range(2):
        hand = table.call("StartHand").hand
        while not hand.complete:
            hand = table.act(choose(hand, rng, aggression=0.9)).hand
    assert sum(seat.stack for seat in table.table().seats) == 4 * most


def test_history_field_paths_reach_nested_cards(server):
    """A deal of 60 cards deep in a history is named ``history[1].deal.cards``."""
    rules = rpb_grpc.RulesServiceStub(server.channel)
    history = [
        pb.HandEvent(action=pb.Action(seat=1, type=pb.ACTION_TYPE_FOLD)),
        pb.HandEvent(deal=pb.Deal(seat=1, cards=["2c"] * 60)),
    ]
    error = _refusal(
        lambda: rules.ValidateAction(
            rpb.ValidateActionRequest(
                config=pb.HandConfig(game=pb.GAME_RAZZ),
                history=history,
                action=pb.Action(seat=1),
            ),
            timeout=30,
        )
    )
    assert "history[1].deal.cards" in _fields(error)


def test_long_strings_and_control_characters_are_refused(server):
    """Ids, names and request ids longer than their limit or holding control characters
    are INVALID_ARGUMENT naming each field; a player id just over its 64 characters and one
    far over the 256 of string_chars get the same message (issue 10 point 7); nothing is
    written."""
    tables = stub_for(server.channel)
    table = GrpcTable.create(tables, settings_pb(pb.GAME_RAZZ, ante=5))
    before = table.table().sequence
    error = _refusal(
        lambda: table.call("SeatPlayer", request_id="r\n1", seat=1, player_id="p" * 300, buy_in=100)
    )
    fields = _fields(error)
    assert "control characters" in fields["request_id"]
    assert fields["player_id"] == "a player id has 1 to 64 characters"
    just_over = _fields(
        _refusal(lambda: table.call("SeatPlayer", seat=1, player_id="p" * 65, buy_in=100))
    )
    assert just_over == {"player_id": "a player id has 1 to 64 characters"}
    named = _fields(
        _refusal(lambda: tables.GetTable(tpb.GetTableRequest(table_id="t" * 1000), timeout=30))
    )
    assert named["table_id"] == "a table id has 1 to 64 characters of [A-Za-z0-9_-]"
    settings = settings_pb(pb.GAME_RAZZ, ante=5)
    settings.name = "line\u2028break"
    create = tpb.CreateTableRequest(request_id="n1", settings=settings)
    assert "settings.name" in _fields(_refusal(lambda: tables.CreateTable(create, timeout=30)))
    assert table.table().sequence == before


def test_configured_limits_apply(server_factory):
    """``--limit hands=2 --limit string_chars=8`` tighten the limits: three hands and a
    9-character page token are refused, two hands answer."""
    server = server_factory("--limit", "hands=2", "--limit", "string_chars=8")
    rules = rpb_grpc.RulesServiceStub(server.channel)
    two = rpb.CompareHandsRequest(
        game=pb.GAME_FIVE_CARD_DRAW,
        hands=[pb.Hand(cards=CARDS), pb.Hand(cards=["2c", "3c", "4c", "5c", "7d"])],
    )
    assert list(rules.CompareHands(two, timeout=30).winners) == [0]
    three = rpb.CompareHandsRequest(game=pb.GAME_FIVE_CARD_DRAW, hands=[*two.hands, two.hands[0]])
    fields = _fields(_refusal(lambda: rules.CompareHands(three, timeout=30)))
    assert fields["hands"] == "at most 2 hands in one request (limit hands); got 3"
    tables = stub_for(server.channel)
    error = _refusal(
        lambda: tables.ListTables(tpb.ListTablesRequest(page_token="123456789"), timeout=30)
    )
    assert "page_token" in _fields(error)


def test_oversized_messages_are_resource_exhausted(server_factory):
    """With ``message_bytes`` at 64 KiB an 80 KB audit document is RESOURCE_EXHAUSTED
    (gRPC's own check, before any work) while a small one is audited."""
    server = server_factory("--limit", "message_bytes=65536")
    audit = apb_grpc.AuditServiceStub(server.channel)
    small = apb.HandHistoryDocument(name="s.txt", content=b"no hand here\n")
    assert (
        audit.AuditHandHistories(
            apb.AuditHandHistoriesRequest(documents=[small]), timeout=30
        ).summary.hands
        == 1
    )
    big = apb.HandHistoryDocument(name="b.txt", content=b"x" * 80_000)
    error = _refusal(
        lambda: audit.AuditHandHistories(apb.AuditHandHistoriesRequest(documents=[big]), timeout=30)
    )
    assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "larger than max" in error.details()


def test_stream_limit_per_peer_and_deadlines_end_streams(server_factory):
    """With ``streams_per_peer=2`` a third concurrent WatchTable from the same address is
    RESOURCE_EXHAUSTED (ErrorInfo LIMIT_EXCEEDED, limit streams_per_peer); the two open
    streams end at their deadline, the server logs their end, and the slots free up."""
    server = server_factory("--limit", "streams_per_peer=2")
    tables = stub_for(server.channel)
    table = GrpcTable.create(tables, settings_pb(pb.GAME_RAZZ, ante=5))
    request = tpb.WatchTableRequest(table_id=table.table_id, after_sequence=table.sequence)
    errors: list[grpc.StatusCode] = []
    received = threading.Semaphore(0)

    def watch() -> None:
        try:
            for _ in tables.WatchTable(request, timeout=2.5):
                received.release()
        except grpc.RpcError as error:
            errors.append(error.code())

    watchers = [threading.Thread(target=watch) for _ in range(2)]
    for watcher in watchers:
        watcher.start()
    time.sleep(0.2)
    table.seat(1, 100, "p1")  # an event each stream receives
    assert received.acquire(timeout=10) and received.acquire(timeout=10)  # both streams open
    error = _refusal(lambda: list(tables.WatchTable(request, timeout=10)))
    assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    info = error_info(error)
    assert (info.reason, info.metadata["limit"], info.metadata["value"]) == (
        "LIMIT_EXCEEDED",
        "streams_per_peer",
        "2",
    )
    assert "at most 2" in error.details()
    for watcher in watchers:
        watcher.join(15)
    assert errors == [grpc.StatusCode.DEADLINE_EXCEEDED] * 2
    ended = server.wait_for_log(
        lambda line: line.get("event") == "rpc" and line["method"].endswith("/WatchTable")
        and line["code"] != "RESOURCE_EXHAUSTED"
    )  # fmt: skip
    assert ended["code"] in ("CANCELLED", "DEADLINE_EXCEEDED")
    stream = tables.WatchTable(tpb.WatchTableRequest(table_id=table.table_id), timeout=10)
    assert next(stream).event.sequence == 1  # the slots were given back: a new stream reads
    stream.cancel()


def test_server_wide_concurrency_limit(server_factory):
    """With ``concurrent_rpcs=1`` a call made while a stream is open is RESOURCE_EXHAUSTED."""
    server = server_factory("--limit", "concurrent_rpcs=1")
    tables = stub_for(server.channel)
    table = GrpcTable.create(tables, settings_pb(pb.GAME_RAZZ, ante=5))
    stream = tables.WatchTable(
        tpb.WatchTableRequest(table_id=table.table_id, after_sequence=table.sequence), timeout=30
    )
    time.sleep(0.5)
    error = _refusal(lambda: tables.GetTable(tpb.GetTableRequest(table_id=table.table_id)))
    stream.cancel()
    assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
