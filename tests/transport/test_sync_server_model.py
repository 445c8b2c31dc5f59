"""The experimental ``--server-model sync`` (issue 15 point 4): the same handlers and
interceptor chain on a ``grpc.server`` thread pool (:mod:`floorman.transport.sync_server`).
Answers, error details, health, reflection, table writes, a watch stream, the ``rpc`` log
line and the SIGTERM drain are those of the default ``aio`` model."""

from __future__ import annotations

import random
import uuid

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

from floorman.config import ConfigError, resolve_settings
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.system.table_client import GrpcTable, play_hand, settings_pb


@pytest.fixture(scope="module")
def sync_server(server_factory):
    return server_factory("--server-model", "sync", "--server-threads", "3")


def test_settings_take_the_model_and_threads_from_flags_or_environment():
    settings = resolve_settings(server_model="sync", server_threads="2", env={})
    assert (settings.server_model, settings.server_threads) == ("sync", 2)
    from_env = resolve_settings(env={"FLOORMAN_SERVER_MODEL": "SYNC"})
    assert (from_env.server_model, from_env.server_threads) == ("sync", 4)
    assert resolve_settings(env={}).server_model == "aio"
    with pytest.raises(ConfigError, match=r"--server-model: 'threads' is not one of aio, sync"):
        resolve_settings(server_model="threads", env={})
    with pytest.raises(ConfigError, match=r"\$FLOORMAN_SERVER_THREADS: at least 1 thread"):
        resolve_settings(env={"FLOORMAN_SERVER_THREADS": "0"})


def test_evaluate_hand_answers_and_errors_as_on_aio(sync_server):
    stub = rpb_grpc.RulesServiceStub(sync_server.channel)
    request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["Ah", "2d", "3c", "4h", "9s"])
    answer = stub.EvaluateHand(request, timeout=10)
    assert answer.low.description == "9-4-3-2-A" and list(answer.low.best_cards) == [
        "9s", "4h", "3c", "2d", "Ah",
    ]  # fmt: skip
    with pytest.raises(grpc.RpcError) as refused:
        stub.EvaluateHand(rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["Ah"]), timeout=10)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    status = rpc_status.from_call(refused.value)
    bad = error_details_pb2.BadRequest()
    assert status is not None and status.details[0].Unpack(bad)
    assert [(v.field, v.description) for v in bad.field_violations] == [
        ("cards", "card.count: Razz takes 5 to 7 cards (got 1)")
    ]
    line = sync_server.wait_for_log(lambda line: line.get("code") == "INVALID_ARGUMENT")
    assert line["method"] == "/floorman.v1.RulesService/EvaluateHand"
    assert set(line) >= {"event", "method", "code", "duration_ms", "peer", "level", "timestamp"}


def test_health_and_reflection_are_served(sync_server):
    health = health_pb2_grpc.HealthStub(sync_server.channel)
    check = health.Check(health_pb2.HealthCheckRequest(service=""), timeout=10)
    assert check.status == health_pb2.HealthCheckResponse.SERVING
    with pytest.raises(grpc.RpcError) as unknown:
        health.Check(health_pb2.HealthCheckRequest(service="nope"), timeout=10)
    assert unknown.value.code() == grpc.StatusCode.NOT_FOUND
    reflection = reflection_pb2_grpc.ServerReflectionStub(sync_server.channel)
    request = reflection_pb2.ServerReflectionRequest(list_services="")
    (answer,) = list(reflection.ServerReflectionInfo(iter([request]), timeout=10))
    assert [s.name for s in answer.list_services_response.service] == [
        "floorman.v1.AuditService",
        "floorman.v1.RulesService",
        "floorman.v1.TableService",
        "grpc.health.v1.Health",
        "grpc.reflection.v1alpha.ServerReflection",
    ]


def test_table_writes_a_refusal_and_a_watch_stream(sync_server):
    stub = tpb_grpc.TableServiceStub(sync_server.channel)
    table = GrpcTable.create(stub, settings_pb(pb.GAME_SEVEN_CARD_STUD, small_bet=20, ante=5))
    for seat in (1, 2, 3):
        table.seat(seat, 1000, f"p{seat}-{uuid.uuid4().hex[:6]}")
    hand = play_hand(table, random.Random(7))
    assert hand.complete
    with pytest.raises(grpc.RpcError) as stale:
        stub.SeatPlayer(
            tpb.SeatPlayerRequest(
                table_id=table.table_id, expected_sequence=1, request_id=uuid.uuid4().hex,
                seat=4, player_id="late", buy_in=1000,
            ),
            timeout=10,
        )  # fmt: skip
    assert stale.value.code() == grpc.StatusCode.ABORTED
    watch = stub.WatchTable(tpb.WatchTableRequest(table_id=table.table_id), timeout=10)
    first = next(iter(watch))
    assert (first.event.sequence, first.event.WhichOneof("kind")) == (1, "table_created")
    watch.cancel()


def test_sigterm_drains_and_exits_0(server_factory):
    running = server_factory("--server-model", "sync", "--grace", "1")
    stub = rpb_grpc.RulesServiceStub(running.channel)
    request = rpb.EvaluateHandRequest(
        game=pb.GAME_FIVE_CARD_DRAW, cards=["Ah", "Kd", "Qc", "Jh", "9s"]
    )
    assert stub.EvaluateHand(request, timeout=10).high.description
    assert running.stop() == 0
    events = [line["event"] for line in running.logs() if line["event"].startswith("server_")]
    assert events[-3:] == ["server_stopping", "server_drained", "server_stopped"]
