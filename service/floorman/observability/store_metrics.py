"""Store metrics: a thin wrapper that times and counts every call to the event-store port.

:class:`InstrumentedStore` has the public API of :class:`~floorman.store.EventStore` (it is
registered as a virtual subclass) and forwards each call to the store it wraps, recording
``floorman_store_operation_seconds{backend, operation}`` and, when the call raises,
``floorman_store_errors_total{backend, operation, error}`` (see
:mod:`floorman.observability.metrics`). Results and exceptions pass through unchanged, so the
table use cases cannot tell the wrapper from the store; the store stays free of Prometheus.
The composition root wraps the store it opens (``floorman serve``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import datetime
from types import TracebackType
from typing import Final, Self, TypeVar

from floorman.observability.metrics import Metrics
from floorman.store import (
    Append,
    AppendResult,
    DuplicateRequest,
    EventStore,
    InvalidPageToken,
    MigrationError,
    RequestIdConflict,
    RequestRecord,
    SequenceMismatch,
    Snapshot,
    StoredEvent,
    StoreError,
    StoreUnavailable,
    TableClosed,
    TableExists,
    TableNotFound,
    TablePage,
    TableRecord,
)

_T = TypeVar("_T")

UNAVAILABLE: Final = "unavailable"
UNEXPECTED: Final = "unexpected"
ERROR_LABELS: Final[dict[type[BaseException], str]] = {
    StoreUnavailable: UNAVAILABLE,
    MigrationError: "migration",
    SequenceMismatch: "sequence_mismatch",
    DuplicateRequest: "duplicate_request",
    RequestIdConflict: "request_id_conflict",
    TableNotFound: "table_not_found",
    TableExists: "table_exists",
    TableClosed: "table_closed",
    InvalidPageToken: "invalid_page_token",
    StoreError: "store_error",
}
"""Exception class -> ``error`` label (the most specific class of the error's MRO wins)."""
FAILURES: Final = (UNAVAILABLE, "migration", UNEXPECTED)
"""The ``error`` labels that mean the store failed (the others are refusals it documents)."""
BACKENDS: Final = {"SQLiteStore": "sqlite", "PostgresStore": "postgres", "MemoryStore": "memory"}
TIMED_OPERATIONS: Final = (
    "create_table",
    "append",
    "close_table",
    "put_snapshot",
    "purge_requests",
    "get_table",
    "list_tables",
    "read_events",
    "current_sequence",
    "get_request",
    "latest_snapshot",
)
WAIT_OPERATION: Final = "wait_for_events"
"""Waits are counted when they raise, never timed (they last until something happens)."""


def error_label(error: BaseException) -> str:
    """The ``error`` label of an exception a store call raised: ``unavailable``,
    ``sequence_mismatch`` ... (see :data:`ERROR_LABELS`); ``unexpected`` for any other."""
    for kind in type(error).__mro__:
        label = ERROR_LABELS.get(kind)
        if label is not None:
            return label
    return UNEXPECTED


def backend_name(store: object) -> str:
    """``sqlite``, ``postgres`` or ``memory`` for the floorman backends, else the store's
    class name in lower case."""
    name = type(store).__name__
    return BACKENDS.get(name, name.lower())


class InstrumentedStore:
    """An :class:`~floorman.store.EventStore` that records metrics for ``store``.

    Args:
        store: the store to forward to (the caller keeps owning it: :meth:`close` closes it).
        metrics: where the store metrics go.
        backend: the ``backend`` label (default: :func:`backend_name` of ``store``).

    Every timed operation's ``error="unavailable"`` series is created at 0 up front, so a
    rate over it exists before the first failure.
    """

    def __init__(self, store: EventStore, metrics: Metrics, *, backend: str | None = None) -> None:
        self.store = store
        self.backend = backend_name(store) if backend is None else backend
        self._metrics = metrics
        self._timers = {op: metrics.store_operation(self.backend, op) for op in TIMED_OPERATIONS}
        for operation in TIMED_OPERATIONS:
            metrics.count_store_error(self.backend, operation, UNAVAILABLE, 0)

    def _timed(self, operation: str, call: Callable[[], _T]) -> _T:
        start = time.perf_counter()
        try:
            return call()
        except Exception as error:
            self._metrics.count_store_error(self.backend, operation, error_label(error))
            raise
        finally:
            self._timers[operation].observe(time.perf_counter() - start)

    # ---- writes -------------------------------------------------------------------------

    def create_table(
        self,
        table_id: str,
        *,
        settings: str,
        events: Sequence[str],
        request_id: str,
        fingerprint: str,
        response: bytes,
    ) -> AppendResult:
        """:meth:`EventStore.create_table`, timed."""
        return self._timed(
            "create_table",
            lambda: self.store.create_table(
                table_id,
                settings=settings,
                events=events,
                request_id=request_id,
                fingerprint=fingerprint,
                response=response,
            ),
        )

    def append(
        self,
        table_id: str,
        *,
        expected_sequence: int,
        events: Sequence[str],
        request_id: str,
        fingerprint: str,
        response: bytes,
    ) -> AppendResult:
        """:meth:`EventStore.append`, timed."""
        return self._timed(
            "append",
            lambda: self.store.append(
                table_id,
                expected_sequence=expected_sequence,
                events=events,
                request_id=request_id,
                fingerprint=fingerprint,
                response=response,
            ),
        )

    def close_table(
        self,
        table_id: str,
        *,
        expected_sequence: int,
        events: Sequence[str],
        request_id: str,
        fingerprint: str,
        response: bytes,
    ) -> AppendResult:
        """:meth:`EventStore.close_table`, timed."""
        return self._timed(
            "close_table",
            lambda: self.store.close_table(
                table_id,
                expected_sequence=expected_sequence,
                events=events,
                request_id=request_id,
                fingerprint=fingerprint,
                response=response,
            ),
        )

    @property
    def batches_writes(self) -> bool:
        """:attr:`EventStore.batches_writes` of the wrapped store."""
        return bool(getattr(self.store, "batches_writes", False))

    def append_all(self, writes: Sequence[Append]) -> list[AppendResult | Exception]:
        """:meth:`EventStore.append_all`; each write is timed (as ``append`` or
        ``close_table``) for the whole call, as long as it waited, and its error counted."""
        start = time.perf_counter()
        outcomes = self.store.append_all(writes)
        seconds = time.perf_counter() - start
        for write, outcome in zip(writes, outcomes, strict=True):
            operation = "close_table" if write.close else "append"
            if isinstance(outcome, Exception):
                self._metrics.count_store_error(self.backend, operation, error_label(outcome))
            self._timers[operation].observe(seconds)
        return outcomes

    def put_snapshot(self, table_id: str, sequence: int, payload: str) -> None:
        """:meth:`EventStore.put_snapshot`, timed."""
        self._timed("put_snapshot", lambda: self.store.put_snapshot(table_id, sequence, payload))

    def purge_requests(self, *, older_than: datetime) -> int:
        """:meth:`EventStore.purge_requests`, timed."""
        return self._timed(
            "purge_requests", lambda: self.store.purge_requests(older_than=older_than)
        )

    def ping(self) -> None:
        """:meth:`EventStore.ping` (the health probe; not timed)."""
        self.store.ping()

    def prune_requests(self) -> int:
        """:meth:`EventStore.prune_requests`, timed as ``purge_requests``."""
        return self._timed("purge_requests", self.store.prune_requests)

    # ---- reads --------------------------------------------------------------------------

    def get_table(self, table_id: str) -> TableRecord:
        """:meth:`EventStore.get_table`, timed."""
        return self._timed("get_table", lambda: self.store.get_table(table_id))

    def list_tables(self, page_size: int = 0, page_token: str = "") -> TablePage:
        """:meth:`EventStore.list_tables`, timed."""
        return self._timed("list_tables", lambda: self.store.list_tables(page_size, page_token))

    def read_events(
        self, table_id: str, after_sequence: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """:meth:`EventStore.read_events`, timed."""
        return self._timed(
            "read_events", lambda: self.store.read_events(table_id, after_sequence, limit)
        )

    def current_sequence(self, table_id: str) -> int:
        """:meth:`EventStore.current_sequence`, timed."""
        return self._timed("current_sequence", lambda: self.store.current_sequence(table_id))

    def get_request(self, table_id: str, request_id: str) -> RequestRecord | None:
        """:meth:`EventStore.get_request`, timed."""
        return self._timed("get_request", lambda: self.store.get_request(table_id, request_id))

    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        """:meth:`EventStore.latest_snapshot`, timed."""
        return self._timed("latest_snapshot", lambda: self.store.latest_snapshot(table_id))

    # ---- waiting ------------------------------------------------------------------------

    def wait_for_events(self, table_id: str, after_sequence: int, timeout: float) -> bool:
        """:meth:`EventStore.wait_for_events` (errors counted, the wait not timed)."""
        try:
            return self.store.wait_for_events(table_id, after_sequence, timeout)
        except Exception as error:
            self._metrics.count_store_error(self.backend, WAIT_OPERATION, error_label(error))
            raise

    async def wait_for_events_async(
        self, table_id: str, after_sequence: int, timeout: float
    ) -> bool:
        """:meth:`EventStore.wait_for_events_async` (errors counted, the wait not timed)."""
        try:
            return await self.store.wait_for_events_async(table_id, after_sequence, timeout)
        except Exception as error:
            self._metrics.count_store_error(self.backend, WAIT_OPERATION, error_label(error))
            raise

    # ---- lifecycle ----------------------------------------------------------------------

    def close(self) -> None:
        """Close the wrapped store."""
        self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


EventStore.register(InstrumentedStore)
