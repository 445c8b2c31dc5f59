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

from floorman.app.tables import commands as c
from floorman.app.tables.service import TableService
from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.model import Action, ActionType
from floorman.store import SequenceMismatch
from floorman.store.group_commit import Wake
from floorman.store.memory import MemoryStore
from floorman.store.sqlite import SQLiteStore
from floorman.transport.servicers.tables import (
    WRITES,
    TableServicer,
    method_handlers,
    parsed_handlers,
)
from floorman.transport.table_converters import encode_outcome
from floorman.transport.write_queue import BatchWriter, WriteThreads
from floorman.v1 import table_service_pb2 as tpb
from tests.app.tables import tables_app_support as support

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


# ---- BatchWriter: one writer thread, the writes of a round committed together ------------


def _seat(table_id: str, request_id: str, seat: int, expected: int) -> c.SeatPlayer:
    return c.SeatPlayer(
        table_id=table_id,
        request_id=request_id,
        expected_sequence=expected,
        seat=seat,
        player_id=f"p{seat}",
        buy_in=10_000,
    )


def _batch_service(tmp_path) -> TableService:
    service = support.service(SQLiteStore(str(tmp_path / "b.db")))
    for name in ("a", "b", "c"):
        support.Table.create(service, support.table_settings(), table_id=name)
    return service


def test_batch_writes_on_many_tables_each_get_their_reply_in_the_callers_context(tmp_path):
    """Writes to three tables at once: each answered with its own reply on the writer thread
    in its caller's contextvars; every write is in the log."""
    service = _batch_service(tmp_path)
    writer = BatchWriter(service)
    seen: list[tuple[str, str]] = []
    seat_player = service.seat_player

    def spy(command, *, viewer):
        seen.append((_VAR.get(), threading.current_thread().name))
        return seat_player(command, viewer=viewer)

    async def one(name: str):
        _VAR.set(f"caller-{name}")
        return await writer.run(spy, _seat(name, f"s-{name}", 1, 1), viewer=support.DEALER)

    replies = asyncio.run(_gather(one(n) for n in "abc"))
    assert [r.outcome.table.table_id for r in replies] == ["a", "b", "c"]
    assert sorted(seen) == [(f"caller-{n}", "floorman-table-writer") for n in "abc"]
    for name in "abc":
        assert service.store.current_sequence(name) == 2
    service.store.close()


async def _gather(calls):
    return await asyncio.gather(*calls)


def test_batch_writes_to_one_table_see_each_other(tmp_path):
    """Two writes to one table handed over together: the second judged after the first (it
    never shares the first's round), so a stale expected_sequence is SequenceMismatch and a
    fresh one lands; a retry of the first gets its first answer."""
    service = _batch_service(tmp_path)
    writer = BatchWriter(service)

    async def main():
        return await asyncio.gather(
            writer.run(service.seat_player, _seat("a", "s1", 1, 1), viewer=support.DEALER),
            writer.run(service.seat_player, _seat("a", "s2", 2, 1), viewer=support.DEALER),
            writer.run(service.seat_player, _seat("a", "s1", 1, 1), viewer=support.DEALER),
            return_exceptions=True,
        )

    first, second, retry = asyncio.run(main())
    assert first.outcome.table.sequence == 2
    assert isinstance(second, SequenceMismatch)
    assert retry.payload == first.payload and retry.outcome is None
    fresh = asyncio.run(
        writer.run(service.seat_player, _seat("a", "s2", 2, 2), viewer=support.DEALER)
    )
    assert fresh.outcome.table.sequence == 3
    service.store.close()


def test_batch_write_refusals_and_findings_are_raised_in_the_caller(tmp_path):
    """A refused action is recorded as a finding (its own store write) and raised in the
    caller, a bad request is raised at once, and CreateTable (no steps) runs to its end."""
    service = _batch_service(tmp_path)
    writer = BatchWriter(service)
    table = support.Table(service, "a", sequence=1)
    table.seat(1, 10_000)
    table.seat(2, 10_000)
    table.start()
    sequence = service.store.current_sequence("a")
    hand = table.replies[-1].outcome.hand
    wrong = next(s for s in (1, 2) if s != hand.state.seat_to_act)
    action = c.RecordAction(
        table_id="a",
        request_id="wrong",
        expected_sequence=table.sequence,
        action=Action(seat=wrong, type=ActionType.FOLD),
    )

    async def main():
        return await asyncio.gather(
            writer.run(service.record_action, action, viewer=support.DEALER),
            writer.run(
                service.seat_player, _seat("b", "", 1, 1), viewer=support.DEALER
            ),  # no request id
            writer.run(
                service.create_table,
                c.CreateTable(request_id="new", table_id="d", settings=support.table_settings()),
                viewer=support.DEALER,
            ),
            return_exceptions=True,
        )

    refused, bad, created = asyncio.run(main())
    assert isinstance(refused, RuleViolation) and refused.rule == "turn.out_of_turn"
    assert service.store.current_sequence("a") == sequence + 1  # the finding
    assert isinstance(bad, InvalidArgument)
    assert created.outcome.table.table_id == "d"
    service.store.close()
