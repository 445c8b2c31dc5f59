"""Drain on SIGTERM under write load (issue 16 point 4; DESIGN.md "Composition root": SIGTERM
marks health NOT_SERVING, drains, then stops with a grace period), SQLite and PostgreSQL.

Four clients write back to back (no client retries) and one WatchTable stream per table is
open when SIGTERM arrives. Every write the server took ends OK (none cancelled by the grace
period) and its answer reaches its client; later writes are refused (UNAVAILABLE, or
CANCELLED for a call gRPC had not handed to a handler yet); each stream ends UNAVAILABLE
"server shutting down; resume from sequence N" with N its last event, and resuming from N
on the restarted server continues without a gap; the process exits 0. On the restarted
server the refused write retried with its request id is applied once, every acknowledged
write is in the log once and the replay equals the served state."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from store_faults import (
    WAIT_SECONDS,
    Writer,
    check_log,
    no_retry_table,
    play_on,
    retry_in_flight,
    wait_until,
)
from table_client import stub_for

from floorman.v1 import table_service_pb2 as tpb
from tests.support.postgres import fresh_schema_url

WRITERS = 4
ACKS_BEFORE_SIGNAL = 10
WRITES = ("/floorman.v1.TableService/RecordAction", "/floorman.v1.TableService/StartHand")


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty store of each durable backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'drain.db'}"
    else:
        with fresh_schema_url("drain") as url:
            yield url


class Watcher:
    """A WatchTable stream from the first event, read in a thread until it ends."""

    def __init__(self, stub: object, table_id: str) -> None:
        request = tpb.WatchTableRequest(table_id=table_id)
        self.stream = stub.WatchTable(request, timeout=WAIT_SECONDS)  # type: ignore[attr-defined]
        self.sequences: list[int] = []
        self.error: grpc.RpcError | None = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for item in self.stream:
                self.sequences.append(item.event.sequence)
        except grpc.RpcError as error:
            self.error = error


def test_sigterm_under_write_load_drains_and_loses_nothing(server_factory, store_url):
    """See the module docstring."""
    first = server_factory("--store", store_url, "--anonymous-role", "dealer", "--grace", "10")
    stub = stub_for(first.channel)
    writers = [Writer(no_retry_table(stub), seed=n) for n in range(WRITERS)]
    watchers = [Watcher(stub, writer.table.table_id) for writer in writers]
    setup = {line["request_id"] for line in first.logs() if line.get("method") in WRITES}
    for writer in writers:
        writer.start()
    wait_until(lambda: all(len(w.acked) >= ACKS_BEFORE_SIGNAL for w in writers), "the load to flow")
    first.process.send_signal(signal.SIGTERM)
    assert first.process.wait(timeout=WAIT_SECONDS) == 0
    for writer in writers:
        writer.join()
    for watcher in watchers:
        watcher.thread.join(WAIT_SECONDS)
    first.wait_for_log(lambda line: line.get("event") == "server_stopped")

    taken = [line for line in first.logs() if line.get("method") in WRITES]
    assert {line["code"] for line in taken} <= {"OK", "UNAVAILABLE"}  # none cancelled
    answered = {line["request_id"] for line in taken if line["code"] == "OK"}
    acknowledged = {rid for w in writers for rid in w.acked_ids}
    assert acknowledged <= answered
    assert answered - acknowledged == setup  # every answer reached its client
    refused = {line["request_id"] for line in taken if line["code"] == "UNAVAILABLE"}
    for writer in writers:
        error = writer.error
        assert error is not None and writer.in_flight is not None
        assert writer.in_flight[0] not in answered
        if error.reason == "SERVER_SHUTTING_DOWN":  # refused by the drain, no work done
            assert error.code() is grpc.StatusCode.UNAVAILABLE
            assert writer.in_flight[0] in refused
        elif error.code() is grpc.StatusCode.UNAVAILABLE:  # the port was closed already
            assert writer.in_flight[0] not in {line["request_id"] for line in taken}
        else:  # reached the server as gRPC stopped, before any handler took it
            assert error.code() is grpc.StatusCode.CANCELLED, error
    for watcher in watchers:
        error = watcher.error
        assert error is not None and error.code() is grpc.StatusCode.UNAVAILABLE
        last = watcher.sequences[-1]
        assert watcher.sequences == list(range(1, last + 1))
        assert error.details() == f"server shutting down; resume from sequence {last}"
        status = rpc_status.from_call(error)
        info = error_details_pb2.ErrorInfo()
        assert status is not None and status.details[0].Unpack(info)
        assert (info.reason, dict(info.metadata)) == (
            "SERVER_SHUTTING_DOWN", {"last_sequence": str(last)},
        )  # fmt: skip

    second = server_factory("--store", store_url, "--anonymous-role", "dealer")
    stub = stub_for(second.channel)
    for writer, watcher in zip(writers, watchers, strict=True):
        writer.table.stub = stub
        resumed = writer.table.events(watcher.sequences[-1])
        assert [e.sequence for e in resumed] == list(
            range(watcher.sequences[-1] + 1, writer.table.table().sequence + 1)
        )
        assert not retry_in_flight(writer)  # refused by the drain: it had not landed
        play_on(writer, hands=1)
        check_log(writer, store_url)
    assert second.stop() == 0
