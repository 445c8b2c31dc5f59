"""asyncio adapter of an :class:`EventStore` for the ``grpc.aio`` server.

Decision: the store is synchronous (sqlite3 and psycopg's blocking API, one short transaction
per call) and every call here runs it with ``asyncio.to_thread``, so the event loop never
blocks on I/O or fsync. Waiting is different: a WatchTable stream may wait for minutes, so
:meth:`AsyncEventStore.wait_for_events` awaits the store's notifier without holding a worker
thread (thousands of watchers cost no threads). Size the loop's default executor for the
expected number of concurrent calls (``loop.set_default_executor``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime

from floorman.store.base import (
    AppendResult,
    EventStore,
    RequestRecord,
    Snapshot,
    StoredEvent,
    TablePage,
    TableRecord,
)


class AsyncEventStore:
    """The :class:`EventStore` API as coroutines; same arguments, results and errors."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    async def create_table(
        self,
        table_id: str,
        *,
        settings: str,
        events: Sequence[str],
        request_id: str,
        fingerprint: str,
        response: bytes,
    ) -> AppendResult:
        """:meth:`EventStore.create_table` in a worker thread."""
        return await asyncio.to_thread(
            self.store.create_table,
            table_id,
            settings=settings,
            events=events,
            request_id=request_id,
            fingerprint=fingerprint,
            response=response,
        )

    async def append(
        self,
        table_id: str,
        *,
        expected_sequence: int,
        events: Sequence[str],
        request_id: str,
        fingerprint: str,
        response: bytes,
    ) -> AppendResult:
        """:meth:`EventStore.append` in a worker thread."""
        return await asyncio.to_thread(
            self.store.append,
            table_id,
            expected_sequence=expected_sequence,
            events=events,
            request_id=request_id,
            fingerprint=fingerprint,
            response=response,
        )

    async def close_table(
        self,
        table_id: str,
        *,
        expected_sequence: int,
        events: Sequence[str],
        request_id: str,
        fingerprint: str,
        response: bytes,
    ) -> AppendResult:
        """:meth:`EventStore.close_table` in a worker thread."""
        return await asyncio.to_thread(
            self.store.close_table,
            table_id,
            expected_sequence=expected_sequence,
            events=events,
            request_id=request_id,
            fingerprint=fingerprint,
            response=response,
        )

    async def get_table(self, table_id: str) -> TableRecord:
        """:meth:`EventStore.get_table` in a worker thread."""
        return await asyncio.to_thread(self.store.get_table, table_id)

    async def list_tables(self, page_size: int = 0, page_token: str = "") -> TablePage:
        """:meth:`EventStore.list_tables` in a worker thread."""
        return await asyncio.to_thread(self.store.list_tables, page_size, page_token)

    async def read_events(
        self, table_id: str, after_sequence: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """:meth:`EventStore.read_events` in a worker thread."""
        return await asyncio.to_thread(self.store.read_events, table_id, after_sequence, limit)

    async def current_sequence(self, table_id: str) -> int:
        """:meth:`EventStore.current_sequence` in a worker thread."""
        return await asyncio.to_thread(self.store.current_sequence, table_id)

    async def get_request(self, table_id: str, request_id: str) -> RequestRecord | None:
        """:meth:`EventStore.get_request` in a worker thread."""
        return await asyncio.to_thread(self.store.get_request, table_id, request_id)

    async def purge_requests(self, *, older_than: datetime) -> int:
        """:meth:`EventStore.purge_requests` in a worker thread."""
        return await asyncio.to_thread(self.store.purge_requests, older_than=older_than)

    async def put_snapshot(self, table_id: str, sequence: int, payload: str) -> None:
        """:meth:`EventStore.put_snapshot` in a worker thread."""
        await asyncio.to_thread(self.store.put_snapshot, table_id, sequence, payload)

    async def latest_snapshot(self, table_id: str) -> Snapshot | None:
        """:meth:`EventStore.latest_snapshot` in a worker thread."""
        return await asyncio.to_thread(self.store.latest_snapshot, table_id)

    async def wait_for_events(self, table_id: str, after_sequence: int, timeout: float) -> bool:
        """:meth:`EventStore.wait_for_events_async`: True when events exist after
        ``after_sequence``, False after ``timeout`` s; holds no thread while waiting."""
        return await self.store.wait_for_events_async(table_id, after_sequence, timeout)

    async def close(self) -> None:
        """:meth:`EventStore.close` in a worker thread."""
        await asyncio.to_thread(self.store.close)
