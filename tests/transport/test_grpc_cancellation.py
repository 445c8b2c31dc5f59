"""A call the client cancels is CANCELLED (or its real answer), never UNKNOWN (DESIGN.md
"Metrics": UNKNOWN feeds the error-rate alert): WatchTable on an unknown table cancelled
after about a millisecond, many times, is logged and counted only as NOT_FOUND or
CANCELLED, including when gRPC can no longer send the status (its ``InternalError`` from the
abort)."""

from __future__ import annotations

import asyncio
import io
import json

import grpc
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from floorman.app.tables.service import TableService
from floorman.config import DEFAULT_STORE, HostPort, Settings, parse_store_url
from floorman.observability.logging import configure_logging
from floorman.observability.metrics import Metrics
from floorman.store.memory import MemoryStore
from floorman.transport.interceptors import code_name
from floorman.transport.server import create_server
from floorman.transport.table_converters import encode_outcome
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc

TRIES = 300
WATCH = "/floorman.v1.TableService/WatchTable"


class _EndedContext:
    """A servicer context of a call already over on the transport."""

    def __init__(self, *, done: bool) -> None:
        self._done = done

    def code(self) -> grpc.StatusCode:
        return grpc.StatusCode.NOT_FOUND  # what the abort had set before sending failed

    def done(self) -> bool:
        return self._done


def test_a_status_that_cannot_be_sent_to_a_gone_client_is_cancelled():
    """gRPC's InternalError (ExecuteBatchError) from an abort on a call that is already
    over is CANCELLED; the same error on a live call stays UNKNOWN; a cancelled task is
    CANCELLED."""
    error = grpc.aio.InternalError("Failed execute_batch")
    assert code_name(_EndedContext(done=True), error) == "CANCELLED"  # type: ignore[arg-type]
    assert code_name(_EndedContext(done=False), error) == "UNKNOWN"  # type: ignore[arg-type]
    cancelled = asyncio.CancelledError()
    assert code_name(_EndedContext(done=True), cancelled) == "CANCELLED"  # type: ignore[arg-type]


async def _cancel_watches(tries: int) -> Metrics:
    settings = Settings(
        listen=HostPort("127.0.0.1", 0),
        metrics_listen=None,
        store=parse_store_url(DEFAULT_STORE, source="test"),
    )
    metrics = Metrics()
    tables = TableService(MemoryStore(), encoder=encode_outcome)
    server, port = await create_server(settings, metrics=metrics, tables=tables, warm=False)
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = tpb_grpc.TableServiceStub(channel)
            for attempt in range(tries):
                call = stub.WatchTable(tpb.WatchTableRequest(table_id="nope"))
                await asyncio.sleep(0.001 * (attempt % 4))
                call.cancel()
            await asyncio.sleep(0.5)  # let the server finish the last calls
    finally:
        await server.stop(None)
    return metrics


def test_early_cancelled_watch_of_an_unknown_table_is_never_unknown():
    """300 WatchTable{table_id: "nope"} calls cancelled after 0-3 ms: every ``rpc`` line and
    every ``grpc_server_handled_total`` sample is NOT_FOUND or CANCELLED, none UNKNOWN."""
    out = io.StringIO()
    configure_logging(level="info", stream=out)
    try:
        metrics = asyncio.run(_cancel_watches(TRIES))
    finally:
        configure_logging(level="warning")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    codes = [line["code"] for line in lines if line.get("method") == WATCH]
    assert codes, "no WatchTable call reached the server"
    assert set(codes) <= {"NOT_FOUND", "CANCELLED"}, codes
    handled = {
        sample.labels["grpc_code"]: sample.value
        for family in text_string_to_metric_families(generate_latest(metrics.registry).decode())
        for sample in family.samples
        if sample.name == "grpc_server_handled_total"
        and sample.labels["grpc_method"] == "WatchTable"
    }
    # the OK series exists from the start at 0 (docs/operations.md "Metrics")
    assert {code for code, value in handled.items() if value} <= {"NOT_FOUND", "CANCELLED"}, handled
    assert sum(handled.values()) == len(codes)
