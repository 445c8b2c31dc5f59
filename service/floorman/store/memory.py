"""An in-memory :class:`EventStore` for unit tests of the app layer (nothing is durable).

Same contract as the SQL stores: one lock makes each call atomic; list tokens are the same
opaque form (:mod:`floorman.store.tokens`).
"""

from __future__ import annotations

import threading
from dataclasses import replace
from datetime import datetime

from floorman.store.base import (
    AppendResult,
    Clock,
    EventStore,
    RequestRecord,
    Snapshot,
    StoredEvent,
    TablePage,
    TableRecord,
    TableStatus,
    WriteRequest,
    build_events,
    check_read_args,
    check_request,
    page_size_or_default,
)
from floorman.store.errors import (
    SequenceMismatch,
    StoreUnavailable,
    TableClosed,
    TableExists,
    TableNotFound,
)
from floorman.store.tokens import decode_page_token, encode_page_token


class MemoryStore(EventStore):
    """Tables, logs, request records and snapshots in dicts guarded by one lock."""

    def __init__(self, *, clock: Clock | None = None) -> None:
        super().__init__(clock=clock)
        self._lock = threading.Lock()
        self._closed = False
        self._tables: dict[str, TableRecord] = {}
        self._events: dict[str, list[StoredEvent]] = {}
        self._requests: dict[tuple[str, str], RequestRecord] = {}
        self._snapshots: dict[str, Snapshot] = {}

    def get_table(self, table_id: str) -> TableRecord:
        """The table's metadata row; raises :class:`TableNotFound`."""
        with self._lock:
            self._check_open()
            return self._table(table_id)

    def list_tables(self, page_size: int = 0, page_token: str = "") -> TablePage:
        """Tables in ascending ``table_id`` order (see :meth:`EventStore.list_tables`)."""
        size = page_size_or_default(page_size)
        after = decode_page_token(page_token)
        with self._lock:
            self._check_open()
            ids = sorted(t for t in self._tables if after is None or t > after)
            page = tuple(self._tables[t] for t in ids[:size])
        token = encode_page_token(page[-1].table_id) if len(ids) > size else ""
        return TablePage(page, token)

    def read_events(
        self, table_id: str, after_sequence: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """Events after ``after_sequence`` (see :meth:`EventStore.read_events`)."""
        check_read_args(table_id, after_sequence, limit)
        with self._lock:
            self._check_open()
            self._table(table_id)
            log = self._events[table_id]
            end = len(log) if limit is None else min(len(log), after_sequence + limit)
            return log[after_sequence:end]

    def _get_request(self, table_id: str, request_id: str) -> RequestRecord | None:
        with self._lock:
            self._check_open()
            return self._requests.get((table_id, request_id))

    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        """The newest cached snapshot of the table, or None."""
        with self._lock:
            self._check_open()
            return self._snapshots.get(table_id)

    def close(self) -> None:
        """Mark the store closed; later calls raise :class:`StoreUnavailable`."""
        with self._lock:
            self._closed = True

    def _create(self, write: WriteRequest, *, settings: str) -> AppendResult:
        now = self._clock()
        with self._lock:
            self._check_open()
            if write.table_id in self._tables:
                record = self._requests.get((write.table_id, write.request_id))
                check_request(record, write.fingerprint, now=now)
                raise TableExists(write.table_id)
            events = build_events(write, first_sequence=1, created_at=now)
            sequence = len(events)
            self._tables[write.table_id] = TableRecord(
                write.table_id, TableStatus.OPEN, settings, sequence, now, now
            )
            self._events[write.table_id] = list(events)
            self._remember(write, sequence, now)
        return AppendResult(write.table_id, sequence, events)

    def _write(self, write: WriteRequest, *, expected_sequence: int, close: bool) -> AppendResult:
        now = self._clock()
        with self._lock:
            self._check_open()
            table = self._table(write.table_id)
            record = self._requests.get((write.table_id, write.request_id))
            check_request(record, write.fingerprint, now=now)  # an expired one is replaced
            if table.sequence != expected_sequence:
                raise SequenceMismatch(
                    write.table_id,
                    expected_sequence=expected_sequence,
                    current_sequence=table.sequence,
                )
            if table.status is TableStatus.CLOSED:
                raise TableClosed(write.table_id, table.sequence)
            events = build_events(write, first_sequence=table.sequence + 1, created_at=now)
            sequence = table.sequence + len(events)
            status = TableStatus.CLOSED if close else table.status
            self._tables[write.table_id] = replace(
                table, sequence=sequence, status=status, updated_at=now
            )
            self._events[write.table_id].extend(events)
            self._remember(write, sequence, now)
        return AppendResult(write.table_id, sequence, events)

    def _put_snapshot(self, table_id: str, sequence: int, payload: str) -> None:
        now = self._clock()
        with self._lock:
            self._check_open()
            table = self._table(table_id)
            if sequence > table.sequence:
                raise ValueError(f"snapshot sequence {sequence} is beyond the log")
            current = self._snapshots.get(table_id)
            if current is None or current.sequence <= sequence:
                self._snapshots[table_id] = Snapshot(table_id, sequence, payload, now)

    def _purge_requests(self, older_than: datetime) -> int:
        with self._lock:
            self._check_open()
            old = [key for key, rec in self._requests.items() if rec.created_at < older_than]
            for key in old:
                del self._requests[key]
        return len(old)

    def _table(self, table_id: str) -> TableRecord:
        table = self._tables.get(table_id)
        if table is None:
            raise TableNotFound(table_id)
        return table

    def _remember(self, write: WriteRequest, sequence: int, now: datetime) -> None:
        self._requests[(write.table_id, write.request_id)] = RequestRecord(
            write.table_id,
            write.request_id,
            write.fingerprint,
            write.response,
            sequence,
            len(write.events),
            now,
        )

    def _check_open(self) -> None:
        if self._closed:
            raise StoreUnavailable("the store is closed")
