"""The bounded write queue (issue 16 point 3, docs/operations.md limit ``pending_writes``), in
process over gRPC with a slow store double: with the queue full one more table write is
RESOURCE_EXHAUSTED at once, with ``ErrorInfo{reason: "STORE_BUSY", may_have_landed:
"false"}`` and a ``google.rpc.RetryInfo`` delay, and nothing of it is written; once the store
catches up the same request id succeeds, every acknowledged write is in the log exactly once
and the replayed table equals the served one. No timing is asserted."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace

import grpc
from google.rpc import code_pb2, error_details_pb2
from grpc_status import rpc_status

from floorman.app.tables.repository import TableRepository
from floorman.app.tables.service import TableService
from floorman.app.tables.views import table_view
from floorman.config import DEFAULT_STORE, HostPort, Settings, parse_store_url
from floorman.security.limits import Limits
from floorman.store import StoreBusy
from floorman.store.memory import MemoryStore
from floorman.transport.server import create_server
from floorman.transport.servicers.rules import RulesCore
from floorman.transport.table_converters import encode_outcome, table_to_pb
from floorman.transport.write_queue import WriteQueue
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.system.table_client import settings_pb


class SlowStore(MemoryStore):
    """A memory store whose appends wait for ``release`` while ``hold`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.hold = threading.Event()
        self.release = threading.Event()
        self.entered = threading.Event()

    def _write(self, write, *, expected_sequence, close):
        if self.hold.is_set():
            self.entered.set()
            self.release.wait(60)
        return super()._write(write, expected_sequence=expected_sequence, close=close)


def _seat(table_id: str, seat: int, sequence: int) -> tpb.SeatPlayerRequest:
    return tpb.SeatPlayerRequest(
        table_id=table_id,
        expected_sequence=sequence,
        request_id=f"seat-{seat}",
        seat=seat,
        player_id=f"player-{seat}",
        buy_in=1000,
    )


async def _scenario(store: SlowStore) -> dict[str, object]:
    settings = Settings(
        listen=HostPort("127.0.0.1", 0),
        metrics_listen=None,
        store=parse_store_url(DEFAULT_STORE, source="test"),
        limits=replace(Limits(), pending_writes=1),
        anonymous_role="dealer",
    )
    tables = TableService(store, encoder=encode_outcome)
    server, port = await create_server(settings, core=RulesCore(), warm=False, tables=tables)
    await server.start()
    seen: dict[str, object] = {}
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = tpb_grpc.TableServiceStub(channel)
            created = await stub.CreateTable(
                tpb.CreateTableRequest(
                    request_id="create",
                    table_id="slow",
                    settings=settings_pb(pb.GAME_SEVEN_CARD_STUD, ante=5),
                ),
                timeout=30,
            )
            sequence = created.table.sequence
            store.hold.set()
            first = asyncio.ensure_future(stub.SeatPlayer(_seat("slow", 1, sequence), timeout=60))
            await asyncio.to_thread(store.entered.wait, 60)
            try:
                await stub.SeatPlayer(_seat("slow", 2, sequence), timeout=60)
            except grpc.aio.AioRpcError as error:
                seen["refused"] = error
            seen["log_while_held"] = [e.request_id for e in store.read_events("slow")]
            store.hold.clear()
            store.release.set()
            answer = await first
            seen["retried"] = await stub.SeatPlayer(
                _seat("slow", 2, answer.table.sequence), timeout=60
            )
            got = await stub.GetTable(tpb.GetTableRequest(table_id="slow"), timeout=30)
            seen["served"] = got.table
    finally:
        store.release.set()
        await server.stop(None)
    return seen


def test_full_write_queue_is_resource_exhausted_with_retry_info_and_writes_nothing():
    """DESIGN.md "Errors" (RESOURCE_EXHAUSTED, RetryInfo) and "Contract details"
    (idempotency): pending_writes=1, one SeatPlayer held in the store, a second is refused
    with STORE_BUSY + RetryInfo; its retry after the store caught up seats the player once."""
    store = SlowStore()
    seen = asyncio.run(_scenario(store))
    refused = seen["refused"]
    assert isinstance(refused, grpc.aio.AioRpcError)
    assert refused.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    status = rpc_status.from_call(refused)
    assert status is not None and status.code == code_pb2.RESOURCE_EXHAUSTED
    infos, retries = [], []
    for detail in status.details:
        info, retry = error_details_pb2.ErrorInfo(), error_details_pb2.RetryInfo()
        if detail.Unpack(info):
            infos.append(info)
        elif detail.Unpack(retry):
            retries.append(retry)
    assert [(i.reason, i.domain, dict(i.metadata)) for i in infos] == [
        ("STORE_BUSY", "floorman", {"may_have_landed": "false"})
    ]
    assert len(retries) == 1
    delay = retries[0].retry_delay.ToTimedelta().total_seconds()
    assert 0.01 <= delay <= 2.0
    # nothing of the refused write (nor of the held one) was in the log while held
    assert seen["log_while_held"] == ["create"]
    log = [e.request_id for e in store.read_events("slow")]
    assert log == ["create", "seat-1", "seat-2"]  # each acknowledged write exactly once
    served = seen["served"]
    assert [s.seat for s in served.seats] == [1, 2]
    replayed = TableRepository(store).load("slow")
    assert table_to_pb(table_view(replayed)) == served


async def _queue_scenario() -> dict[str, object]:
    queue = WriteQueue(1)
    release = asyncio.Event()
    order: list[str] = []

    async def write(name: str) -> None:
        async with queue.admit():
            order.append(name)
            if name == "first":
                await release.wait()

    first = asyncio.ensure_future(write("first"))
    await asyncio.sleep(0)
    queue._seconds = 60.0
    second = asyncio.ensure_future(write("second"))
    await asyncio.sleep(0)
    seen: dict[str, object] = {"running": queue.running, "waiting": queue.waiting}
    try:
        await write("third")
    except StoreBusy as busy:
        seen["third"] = busy
    release.set()
    await asyncio.gather(first, second)
    seen["order"] = order
    seen["after"] = (queue.running, queue.waiting)
    return seen


def test_write_queue_hands_slots_over_in_order_and_refuses_a_full_queue():
    """limit 1: one write runs, one waits (admitted when the first ends), a third finds the
    queue full and is StoreBusy at once (nothing run), with a retry delay in 10 ms .. 2 s."""
    seen = asyncio.run(_queue_scenario())
    assert (seen["running"], seen["waiting"]) == (1, 1)
    busy = seen["third"]
    assert isinstance(busy, StoreBusy) and busy.may_have_landed is False
    assert 0.01 <= busy.retry_after <= 2.0
    assert seen["order"] == ["first", "second"]
    assert seen["after"] == (0, 0)
