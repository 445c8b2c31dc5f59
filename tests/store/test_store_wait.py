"""wait_for_events: in-process wake-ups, other connections (LISTEN/NOTIFY), asyncio waiters."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from floorman.store import EventStore, TableNotFound, open_store
from floorman.store.aio import AsyncEventStore

NEVER = 3600.0  # a poll interval no test outlives: only a notification can wake the waiter


def _create(store: EventStore, table_id: str = "t1") -> None:
    store.create_table(
        table_id, settings="{}", events=[], request_id="c", fingerprint="c", response=b"made"
    )


def _append(store: EventStore, table_id: str, expected: int) -> None:
    store.append(
        table_id,
        expected_sequence=expected,
        events=[f'{{"n": {expected + 1}}}'],
        request_id=f"r{expected + 1}",
        fingerprint="f",
        response=b"",
    )


def _wait_until_watched(store: EventStore, table_id: str) -> None:
    while table_id not in store._notifier.watched_tables():
        time.sleep(0.002)


def _waiting_thread(store: EventStore, table_id: str, after: int) -> tuple[threading.Thread, list]:
    woke: list[bool] = []
    thread = threading.Thread(
        target=lambda: woke.append(store.wait_for_events(table_id, after, 30))
    )
    thread.start()
    _wait_until_watched(store, table_id)
    return thread, woke


def test_wait_wakes_on_append_from_another_thread(store_url):
    """A waiting thread wakes when another thread appends through the same store."""
    with open_store(store_url, poll_interval=NEVER) as store:
        _create(store)
        _append(store, "t1", 0)
        thread, woke = _waiting_thread(store, "t1", 1)
        _append(store, "t1", 1)
        thread.join()
        assert woke == [True]


def test_wait_wakes_on_another_sqlite_store_on_the_same_file(tmp_path):
    """A second store on the same SQLite file (like another process) wakes the waiter."""
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    with open_store(url) as waiter_store, open_store(url) as writer_store:
        _create(writer_store)
        thread, woke = _waiting_thread(waiter_store, "t1", 0)
        _append(writer_store, "t1", 0)
        thread.join()
        assert woke == [True]


@pytest.mark.postgres
def test_wait_wakes_through_listen_notify_from_another_connection(postgres_url):
    """A write by another store (another replica's connection) wakes the waiter via NOTIFY."""
    with (
        open_store(postgres_url, poll_interval=NEVER) as waiter_store,
        open_store(postgres_url, poll_interval=NEVER) as writer_store,
    ):
        _create(writer_store)
        thread, woke = _waiting_thread(waiter_store, "t1", 0)
        _append(writer_store, "t1", 0)
        thread.join()
        assert woke == [True]


@pytest.mark.postgres
def test_postgres_schemas_do_not_wake_each_other(postgres_url):
    """Notifications are per schema: a write in another schema does not wake the waiter."""
    from tests.support.postgres import fresh_schema_url

    with (
        fresh_schema_url("other") as other_url,
        open_store(postgres_url, poll_interval=NEVER) as mine,
        open_store(other_url) as other,
    ):
        _create(mine)
        _create(other)
        _append(other, "t1", 0)
        assert mine.wait_for_events("t1", 0, 0.3) is False
        assert mine.list_tables().tables[0].sequence == 0


def test_async_waiters_hold_no_thread(store_url):
    """Twenty asyncio waiters on a one-thread executor all wake on one append."""

    async def scenario(store: EventStore) -> list[bool]:
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(max_workers=1))
        waiters = [asyncio.create_task(store.wait_for_events_async("t1", 0, 30)) for _ in range(20)]
        while len(store._notifier._futures.get("t1", [])) < 20:
            await asyncio.sleep(0.005)
        await asyncio.to_thread(_append, store, "t1", 0)
        return await asyncio.gather(*waiters)

    with open_store(store_url, poll_interval=NEVER) as store:
        _create(store)
        assert asyncio.run(scenario(store)) == [True] * 20


def test_async_wait_times_out_and_reports_unknown_tables(store):
    """wait_for_events_async is False after the timeout and raises TableNotFound."""
    _create(store)

    async def scenario() -> bool:
        with pytest.raises(TableNotFound):
            await store.wait_for_events_async("ghost", 0, 0.05)
        return await store.wait_for_events_async("t1", 0, 0.05)

    assert asyncio.run(scenario()) is False
    assert store._notifier._futures == {}


def test_cancelled_async_waiter_leaves_nothing_behind(store):
    """Cancelling a waiting coroutine (a client gone) removes its registration."""
    _create(store)

    async def scenario() -> None:
        task = asyncio.create_task(store.wait_for_events_async("t1", 0, 30))
        while not store._notifier._futures.get("t1"):
            await asyncio.sleep(0.005)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    assert store._notifier._futures == {}
    assert store._notifier.watched_tables() == []


def test_async_event_store_mirrors_the_sync_api(store):
    """AsyncEventStore runs every call of the store and returns the same results."""

    async def scenario() -> None:
        astore = AsyncEventStore(store)
        created = await astore.create_table(
            "t1", settings="{}", events=["{}"], request_id="c", fingerprint="f", response=b"x"
        )
        assert created.sequence == 1
        appended = await astore.append(
            "t1", expected_sequence=1, events=["{}"], request_id="a", fingerprint="f", response=b""
        )
        assert appended.sequence == 2
        assert await astore.wait_for_events("t1", 1, 1.0) is True
        await astore.put_snapshot("t1", 2, '{"s": 2}')
        assert (await astore.latest_snapshot("t1")).sequence == 2
        assert [e.sequence for e in await astore.read_events("t1", 1)] == [2]
        assert (await astore.get_request("t1", "a")).sequence == 2
        assert await astore.current_sequence("t1") == 2
        assert (await astore.list_tables(10)).tables[0].table_id == "t1"
        closed = await astore.close_table(
            "t1", expected_sequence=2, events=["{}"], request_id="z", fingerprint="f", response=b""
        )
        assert closed.sequence == 3
        assert (await astore.get_table("t1")).status.value == "closed"

    asyncio.run(scenario())
