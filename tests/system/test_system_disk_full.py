"""SQLite out of room under writes (issue 16 point 2), on the real server: while a client
writes back to back, the server process's file-size limit (``RLIMIT_FSIZE``, set on the
running pid with ``prlimit``) is lowered to just above its database files, as a full disk
would stop them growing. The server ignores SIGXFSZ, so the write that needs room fails with
EFBIG: RESOURCE_EXHAUSTED with ``ErrorInfo{reason: "STORE_FULL", metadata: may_have_landed}``
and a ``RetryInfo``. Reads, WatchTable and RulesService keep answering, the database passes
``PRAGMA integrity_check``; once the limit is raised again the retry with the same request
id goes through and play goes on; every acknowledged write is in the log once and the
replay equals the served state."""

from __future__ import annotations

import resource
import sqlite3
from pathlib import Path

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2
from grpc_health.v1 import health_pb2
from store_faults import Writer, check_log, health_of, no_retry_table, play_on, retry_in_flight
from table_client import stub_for

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc

ROOM_BYTES = 256 * 1024  # what the files may still grow by once the limit is set
UNLIMITED = (resource.RLIM_INFINITY, resource.RLIM_INFINITY)


def _files(db: Path) -> list[Path]:
    return [p for p in (db, Path(f"{db}-wal")) if p.exists()]


def _integrity(db: Path) -> str:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]


def _retry_delay(error: grpc.RpcError) -> float:
    """The ``google.rpc.RetryInfo`` delay (s) in the error's status details."""
    for key, value in error.trailing_metadata():
        if key == "grpc-status-details-bin":
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                if detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
                    info = error_details_pb2.RetryInfo()
                    detail.Unpack(info)
                    return info.retry_delay.ToTimedelta().total_seconds()
    raise AssertionError("no RetryInfo")


def test_a_full_store_refuses_writes_keeps_reads_and_resumes(server_factory, tmp_path):
    """See the module docstring."""
    db = tmp_path / "full.db"
    url = f"sqlite:///{db}"
    server = server_factory("--store", url, "--anonymous-role", "dealer")
    pid = server.process.pid
    stub = stub_for(server.channel)
    table = no_retry_table(stub)
    writer = Writer(table, seed=3)
    try:
        limit = max(p.stat().st_size for p in _files(db)) + ROOM_BYTES
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
        writer.start()
        writer.join()
        error = writer.error
        assert error is not None and error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, error
        assert error.reason == "STORE_FULL"
        assert error.metadata["may_have_landed"] in ("true", "false")
        assert _retry_delay(error) == 1.0
        assert len(writer.acked) >= 3  # the room left was used before the refusal

        served = table.table()  # reads, the stream and stateless RPCs keep working
        assert served.sequence >= writer.acked[-1][0] + 1
        assert table.events(0)[-1].sequence == served.sequence
        assert table.hand().hand_id
        rules = rpb_grpc.RulesServiceStub(server.channel)
        request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s"])
        assert rules.EvaluateHand(request, timeout=30).low.category
        health = health_of(server.channel, "")
        assert health == health_pb2.HealthCheckResponse.SERVING
        assert _integrity(db) == "ok"
        assert writer.in_flight is not None
        request_id, expected, action = writer.in_flight
        with pytest.raises(grpc.RpcError) as still_full:  # still no room: refused again
            table.sequence = expected
            if action is None:
                table.call("StartHand", request_id=request_id)
            else:
                table.act(action, request_id=request_id)
        assert still_full.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, UNLIMITED)

    retry_in_flight(writer)  # room again: the same request id goes through
    play_on(writer, hands=2)
    check_log(writer, url)
    assert server.stop() == 0
    assert _integrity(db) == "ok"
