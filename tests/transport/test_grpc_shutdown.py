"""Graceful shutdown of the real server (issue 2, item 7; DESIGN.md "Composition root"):
SIGTERM/SIGINT turn health NOT_SERVING, let in-flight calls finish, refuse new ones, end open
WatchTable streams with UNAVAILABLE (never OK), and the process exits 0 within the grace
period."""

from __future__ import annotations

import signal
import threading

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.system.table_client import GrpcTable, settings_pb

REQUEST = rpb.EvaluateHandRequest(
    game=pb.GAME_SEVEN_CARD_STUD, cards=["As", "Ad", "Ac", "Kh", "Kd", "2c", "3d"]
)


def _hammer(address: str, stop: threading.Event, outcomes: list[str]) -> None:
    """Call EvaluateHand back to back on its own channel until ``stop`` or a failure."""
    with grpc.insecure_channel(address) as channel:
        stub = rules_service_pb2_grpc.RulesServiceStub(channel)
        while not stop.is_set():
            try:
                response = stub.EvaluateHand(REQUEST, timeout=10)
            except grpc.RpcError as error:
                outcomes.append(error.code().name)
                return
            assert response.high.category == pb.HAND_CATEGORY_FULL_HOUSE
            outcomes.append("OK")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_drains_in_flight_calls_and_exits_zero(server_factory, sig):
    """Under load, a signal turns health NOT_SERVING (seen by a Watch), every call the
    server took ends OK and reaches its client, later calls are refused, and the process
    exits 0."""
    running = server_factory("--grace", "5")
    health = health_pb2_grpc.HealthStub(running.channel)
    watch = health.Watch(health_pb2.HealthCheckRequest(service=""))
    assert next(watch).status == health_pb2.HealthCheckResponse.SERVING

    stop = threading.Event()
    outcomes: list[list[str]] = [[] for _ in range(4)]
    workers = [
        threading.Thread(target=_hammer, args=(running.address, stop, out)) for out in outcomes
    ]
    for worker in workers:
        worker.start()
    while sum(len(out) for out in outcomes) < 200:  # load is flowing
        threading.Event().wait(0.01)
    running.process.send_signal(sig)

    assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
    watch.cancel()
    code = running.process.wait(timeout=30)
    stop.set()
    for worker in workers:
        worker.join(timeout=30)

    assert code == 0, running.stderr()
    for out in outcomes:
        assert set(out[:-1]) <= {"OK"}  # every call before the last one succeeded
        # The last call was refused: UNAVAILABLE once the port is closed, or CANCELLED when
        # it reached the server during shutdown before any handler took it (gRPC core
        # cancels such unstarted calls, grpc/grpc#41785); either way it never ran.
        assert out[-1] in {"OK", "UNAVAILABLE", "CANCELLED"}
    running.wait_for_log(lambda line: line.get("event") == "server_stopped")
    started = [
        line["code"]
        for line in running.logs()
        if line.get("method") == "/floorman.v1.RulesService/EvaluateHand"
    ]
    # Every call a handler took ended OK and reached its client; a call arriving after the
    # signal was refused by the drain gate (UNAVAILABLE, logged), one per client at most.
    assert set(started) <= {"OK", "UNAVAILABLE"}
    assert sum(out.count("OK") for out in outcomes) == started.count("OK")
    assert started.count("UNAVAILABLE") <= len(outcomes)
    (stopping,) = [line for line in running.logs() if line.get("event") == "server_stopping"]
    assert stopping["signal"] == sig.name


def test_grace_period_bounds_a_call_that_never_ends(server_factory):
    """A stream still open when the grace period ends is cancelled and the process still
    exits 0 (SIGTERM never hangs on a client)."""
    running = server_factory("--grace", "0.5")
    health = health_pb2_grpc.HealthStub(running.channel)
    watch = health.Watch(health_pb2.HealthCheckRequest(service=""))
    assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
    running.process.send_signal(signal.SIGTERM)
    assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
    with pytest.raises(grpc.RpcError) as ended:
        next(watch)
    assert ended.value.code() in {grpc.StatusCode.CANCELLED, grpc.StatusCode.UNAVAILABLE}
    assert running.process.wait(timeout=30) == 0
    cancelled = running.wait_for_log(lambda line: line.get("method", "").endswith("/Watch"))
    assert cancelled["code"] == "CANCELLED"


def test_watch_table_open_at_shutdown_ends_unavailable_with_the_resume_sequence(server_factory):
    """README "Errors" (UNAVAILABLE: a server shutting down): a WatchTable stream open when
    SIGTERM arrives ends with UNAVAILABLE "server shutting down; resume from sequence N",
    N the last sequence it sent, ErrorInfo SERVER_SHUTTING_DOWN with ``last_sequence``; the
    ``rpc`` line says UNAVAILABLE and the process exits 0. A watcher tells a shutdown from
    the OK end of a closed table."""
    running = server_factory("--grace", "5")
    stub = tpb_grpc.TableServiceStub(running.channel)
    table = GrpcTable.create(stub, settings_pb(pb.GAME_RAZZ, small_bet=20, ante=5))
    for seat in (1, 2):
        table.seat(seat, 500, f"shutdown-{seat}")
    stream = stub.WatchTable(tpb.WatchTableRequest(table_id=table.table_id), timeout=30)
    received = [next(stream).event.sequence for _ in range(3)]
    assert received == [1, 2, 3]
    running.process.send_signal(signal.SIGTERM)
    with pytest.raises(grpc.RpcError) as ended:
        for item in stream:
            received.append(item.event.sequence)
    assert ended.value.code() is grpc.StatusCode.UNAVAILABLE
    assert ended.value.details() == f"server shutting down; resume from sequence {received[-1]}"
    status = rpc_status.from_call(ended.value)
    assert status is not None
    (detail,) = status.details
    info = error_details_pb2.ErrorInfo()
    assert detail.Unpack(info)
    assert (info.reason, dict(info.metadata)) == (
        "SERVER_SHUTTING_DOWN", {"last_sequence": str(received[-1])},
    )  # fmt: skip
    assert running.process.wait(timeout=30) == 0
    (line,) = [x for x in running.logs() if x.get("method", "").endswith("/WatchTable")]
    assert (line["code"], line["table_id"]) == ("UNAVAILABLE", table.table_id)
