"""The table writes' hop off the event loop (issue 15 point 4, :class:`floorman.transport.
write_queue.WriteThreads`) and the raw-bytes answers of the write RPCs (:func:`floorman.
transport.servicers.tables.method_handlers`): a call's result, error and contextvars come
back as ``asyncio.to_thread`` would give them; a cancelled caller does not stop the call;
the gRPC handlers of the writes send the stored bytes as they are, the Connect ones parse
them into the response message. No timing is asserted."""

from __future__ import annotations

import asyncio
import contextvars
import threading

import pytest

from floorman.app.tables.service import TableService
from floorman.store.group_commit import Wake
from floorman.store.memory import MemoryStore
from floorman.transport.servicers.tables import (
    WRITES,
    TableServicer,
    method_handlers,
    parsed_handlers,
)
from floorman.transport.table_converters import encode_outcome
from floorman.transport.write_queue import WriteThreads
from floorman.v1 import table_service_pb2 as tpb

_VAR: contextvars.ContextVar[str] = contextvars.ContextVar("_VAR", default="unset")


def test_a_call_returns_its_result_in_the_callers_context_on_a_write_thread():
    threads = WriteThreads(2)

    def work(a, *, b):
        return a + b, _VAR.get(), threading.current_thread().name

    async def main():
        _VAR.set("caller")
        return await threads.run(work, 2, b=3)

    total, seen, name = asyncio.run(main())
    assert (total, seen) == (5, "caller")
    assert name.startswith("floorman-write-")


def test_a_calls_error_is_raised_in_the_caller():
    threads = WriteThreads(1)

    def fail():
        raise KeyError("k")

    with pytest.raises(KeyError, match="k"):
        asyncio.run(threads.run(fail))


def test_more_calls_than_threads_all_finish_with_their_own_results():
    threads = WriteThreads(3)

    async def main():
        return await asyncio.gather(*(threads.run(lambda n=n: n * n) for n in range(20)))

    assert asyncio.run(main()) == [n * n for n in range(20)]


def test_a_cancelled_caller_leaves_the_call_running_to_its_end():
    threads = WriteThreads(1)
    release, finished = threading.Event(), threading.Event()

    def slow():
        release.wait()
        finished.set()
        return "done"

    async def main():
        task = asyncio.ensure_future(threads.run(slow))
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        release.set()
        return await threads.run(lambda: "next")  # the one thread is free again

    assert asyncio.run(main()) == "next"
    assert finished.is_set()


def test_wake_is_one_shot_and_stays_set():
    wake = Wake()
    assert not wake.is_set()
    assert wake.wait(0) is False
    wake.set()
    wake.set()  # again: nothing
    assert wake.is_set()
    assert wake.wait(0) is True
    assert wake.wait() is True


def _servicer() -> TableServicer:
    return TableServicer(service=TableService(MemoryStore(), encoder=encode_outcome))


def test_the_writes_handlers_send_their_bytes_as_they_are():
    handlers = method_handlers(_servicer())
    assert set(WRITES) <= set(handlers)
    payload = tpb.RecordActionResponse(table=tpb.Table(table_id="t1")).SerializeToString()
    for name in WRITES:
        assert handlers[name].response_serializer(payload) is payload
    assert handlers["GetTable"].response_serializer is tpb.GetTableResponse.SerializeToString


def test_the_connect_handlers_parse_the_writes_bytes_into_messages():
    payload = tpb.CreateTableResponse(table=tpb.Table(table_id="t1")).SerializeToString()
    handlers = method_handlers(_servicer())

    async def stored(request, context):
        return payload

    handlers["CreateTable"] = handlers["CreateTable"]._replace(unary_unary=stored)
    parsed = parsed_handlers(handlers)
    answer = asyncio.run(parsed["CreateTable"].unary_unary(None, None))
    assert answer == tpb.CreateTableResponse(table=tpb.Table(table_id="t1"))
    assert parsed["GetTable"] is handlers["GetTable"]
