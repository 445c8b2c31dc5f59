"""The event-store port: records, errors and the abstract :class:`EventStore`.

The store keeps, per table, an append-only log of opaque event payloads (JSON text produced by
the app layer) numbered by a gap-free ``sequence`` starting at 1, a metadata row (status,
settings JSON, current sequence), the idempotency records of the requests that wrote to it and
an optional snapshot cache. It knows nothing of poker: state is rebuilt from the log by the app
layer; a snapshot is only ever a cache.

Every write (``create_table``, ``append``, ``close_table``) is atomic (ONE transaction, or one
savepoint of a group commit that commits several writes together: SQLite,
:mod:`floorman.store.group_commit`), durable when the call returns, and checks in this
order (DESIGN.md "Contract details", idempotency):

1. the table exists (else :class:`TableNotFound`; ``create_table``: see its docstring);
2. the ``(table_id, request_id)`` idempotency record: same fingerprint ->
   :class:`DuplicateRequest` carrying the first response (nothing is written), other
   fingerprint -> :class:`RequestIdConflict`; a record older than :data:`REQUEST_RETENTION`
   (by the store's clock) is expired: the request is new and its record replaces the old one;
3. ``expected_sequence`` equals the current sequence (else :class:`SequenceMismatch`);
4. the table is open (else :class:`TableClosed`);
5. events get sequences ``current + 1 ..``; the request record and the new sequence are written.

Retention (DESIGN.md: ids kept per table at least 24 h): a record is live for
:data:`REQUEST_RETENTION` after its write, so a retry inside that window replays the first
answer and one after it is judged as a new request, whether or not the record was pruned yet;
:meth:`EventStore.prune_requests` deletes the expired records (``floorman serve`` runs it at
start and then every hour).

Concurrency and asyncio: the synchronous methods are thread-safe and each is one short
transaction, so the asyncio server runs them with ``asyncio.to_thread`` (see
:mod:`floorman.store.aio`). Waiting for new events is the exception: :meth:`EventStore.
wait_for_events_async` waits on an in-process notifier without holding a thread.
"""

from __future__ import annotations

import asyncio
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from types import TracebackType
from typing import Self

from floorman.store.errors import (
    DuplicateRequest,
    RequestIdConflict,
)
from floorman.store.notify import SequenceNotifier

#: Idempotency records are kept at least this long (DESIGN.md: ids kept per table >= 24 h).
REQUEST_RETENTION = timedelta(hours=24)
#: Longest accepted ``table_id``, ``request_id`` and ``fingerprint`` (characters).
MAX_ID_LENGTH = 128
#: ``list_tables`` page size when the caller passes 0, and the largest page served.
DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 1000

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The default store clock: the current time, timezone-aware UTC."""
    return datetime.now(UTC)


class TableStatus(StrEnum):
    """Lifecycle of a table row: ``open`` until ``close_table``, then ``closed`` for good."""

    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table's metadata row; ``sequence`` is the last event's sequence (0: no event yet)."""

    table_id: str
    status: TableStatus
    settings: str
    sequence: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event of a table's log: opaque ``payload`` text at ``sequence`` (1-based, gap-free)."""

    table_id: str
    sequence: int
    payload: str
    request_id: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """The idempotency record of one write: its fingerprint and first response.

    ``sequence`` is the table's sequence right after the write; the write appended
    ``event_count`` events ending there.
    """

    table_id: str
    request_id: str
    fingerprint: str
    response: bytes
    sequence: int
    event_count: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A cached state of a table as of ``sequence`` (never the truth: the log is)."""

    table_id: str
    sequence: int
    payload: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class AppendResult:
    """What a successful write did: the table's ``sequence`` after it and the stored events."""

    table_id: str
    sequence: int
    events: tuple[StoredEvent, ...]


@dataclass(frozen=True, slots=True)
class TablePage:
    """One page of tables in ``table_id`` order; ``next_page_token`` is ``""`` on the last."""

    tables: tuple[TableRecord, ...]
    next_page_token: str


class Landing:
    """How far one write transaction got (the backends' bookkeeping for
    :attr:`StoreUnavailable.may_have_landed`): ``sent`` once its commit may have reached the
    database."""

    __slots__ = ("sent",)

    def __init__(self) -> None:
        self.sent = False


@dataclass(frozen=True, slots=True)
class WriteRequest:
    """A validated write, as handed to the backends (built by :class:`EventStore`)."""

    table_id: str
    events: tuple[str, ...]
    request_id: str
    fingerprint: str
    response: bytes


@dataclass(frozen=True, slots=True)
class Append:
    """One :meth:`EventStore.append` (``close``: :meth:`EventStore.close_table`) of a batch
    handed to :meth:`EventStore.append_all`."""

    table_id: str
    expected_sequence: int
    events: Sequence[str]
    request_id: str
    fingerprint: str
    response: bytes
    close: bool = False


class EventStore(ABC):
    """The durable event log of table sessions (the app layer's port). Thread-safe.

    Subclasses implement the ``_create``/``_write`` transactions and the reads; this class
    validates arguments, publishes new sequences to waiters and implements the waits.
    Arguments that break the documented shapes raise :class:`ValueError`/:class:`TypeError`
    (programming errors: the app layer validates requests before calling).
    """

    def __init__(self, *, clock: Clock | None = None) -> None:
        self._clock: Clock = clock or utc_now
        self._notifier = SequenceNotifier()

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
        """Create table ``table_id`` (status open) with ``settings`` JSON and its first events.

        ``events`` (possibly empty) get sequences 1..n. Raises :class:`DuplicateRequest` when
        the table exists and was created by this ``request_id`` with this ``fingerprint``,
        :class:`RequestIdConflict` for that id with another fingerprint, else
        :class:`TableExists` when the id is taken; :class:`StoreUnavailable`.
        """
        _check_text("settings", settings)
        write = _write_request(table_id, events, request_id, fingerprint, response, False)
        result = self._create(write, settings=settings)
        self._notifier.publish(table_id, result.sequence)
        return result

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
        """Append ``events`` (at least one) after ``expected_sequence``, atomically and durably.

        Raises, in this order of checks: :class:`TableNotFound`, :class:`DuplicateRequest`
        (retry: nothing appended), :class:`RequestIdConflict`, :class:`SequenceMismatch`
        (carrying the current sequence), :class:`TableClosed`; :class:`StoreUnavailable`.
        """
        _check_sequence("expected_sequence", expected_sequence)
        write = _write_request(table_id, events, request_id, fingerprint, response, True)
        result = self._write(write, expected_sequence=expected_sequence, close=False)
        self._notifier.publish(table_id, result.sequence)
        return result

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
        """Append the closing ``events`` (at least one) and mark the table closed, in one commit.

        Same checks and errors as :meth:`append`; afterwards every write raises
        :class:`TableClosed` (retries of this call still get :class:`DuplicateRequest`).
        """
        _check_sequence("expected_sequence", expected_sequence)
        write = _write_request(table_id, events, request_id, fingerprint, response, True)
        result = self._write(write, expected_sequence=expected_sequence, close=True)
        self._notifier.publish(table_id, result.sequence)
        return result

    batches_writes = False
    """Whether :meth:`append_all` commits its writes together (group commit), so one caller
    handing many writes at once gains over many callers writing one each."""

    def append_all(self, writes: Sequence[Append]) -> list[AppendResult | Exception]:
        """Each of ``writes`` as :meth:`append` / :meth:`close_table` would do it, in order:
        its result, or the error that call would raise (returned, not raised). A backend with
        group commit (:attr:`batches_writes`) commits them in as few transactions as it can
        (each write still checked and refused alone); none returns before its writes are
        durable."""
        out: list[AppendResult | Exception | None] = [None] * len(writes)
        checked: list[tuple[int, WriteRequest, Append]] = []
        for index, write in enumerate(writes):
            try:
                _check_sequence("expected_sequence", write.expected_sequence)
                request = _write_request(
                    write.table_id,
                    write.events,
                    write.request_id,
                    write.fingerprint,
                    write.response,
                    True,
                )
            except (TypeError, ValueError) as error:
                out[index] = error
                continue
            checked.append((index, request, write))
        outcomes = self._write_all([(r, w.expected_sequence, w.close) for _, r, w in checked])
        for (index, request, _write), outcome in zip(checked, outcomes, strict=True):
            if isinstance(outcome, AppendResult):
                self._notifier.publish(request.table_id, outcome.sequence)
            out[index] = outcome
        return out  # type: ignore[return-value]  # every slot is filled

    def put_snapshot(self, table_id: str, sequence: int, payload: str) -> None:
        """Cache ``payload`` as the state of ``table_id`` after event ``sequence``.

        Keeps only the newest snapshot per table. Raises :class:`TableNotFound`,
        :class:`ValueError` when ``sequence`` is beyond the table's current sequence.
        """
        _check_id("table_id", table_id)
        _check_sequence("sequence", sequence)
        _check_text("payload", payload)
        self._put_snapshot(table_id, sequence, payload)

    def prune_requests(self) -> int:
        """Delete every expired idempotency record (older than :data:`REQUEST_RETENTION` by
        the store's clock); returns how many. Raises :class:`StoreUnavailable`."""
        return self._purge_requests(self._clock() - REQUEST_RETENTION)

    def purge_requests(self, *, older_than: datetime) -> int:
        """Delete idempotency records created before ``older_than``; returns how many.

        Raises :class:`ValueError` when ``older_than`` is later than now minus
        :data:`REQUEST_RETENTION` (ids are kept at least 24 h) or is naive.
        """
        if older_than.tzinfo is None:
            raise ValueError("older_than must be timezone-aware")
        if older_than > self._clock() - REQUEST_RETENTION:
            raise ValueError("request ids are kept at least 24 h: older_than is too recent")
        return self._purge_requests(older_than)

    # ---- reads --------------------------------------------------------------------------

    @abstractmethod
    def get_table(self, table_id: str) -> TableRecord:
        """The table's metadata row; raises :class:`TableNotFound`."""

    @abstractmethod
    def list_tables(self, page_size: int = 0, page_token: str = "") -> TablePage:
        """Tables in ascending ``table_id`` order, ``page_size`` (0: 50, at most 1000) a page.

        ``page_token`` is ``""`` or a token from the previous page (opaque; tables created
        meanwhile are listed when they sort after it). Raises :class:`InvalidPageToken`.
        """

    @abstractmethod
    def read_events(
        self, table_id: str, after_sequence: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """Events with sequence > ``after_sequence`` in order, at most ``limit`` (None: all).

        Raises :class:`TableNotFound`.
        """

    def current_sequence(self, table_id: str) -> int:
        """The table's current sequence (0 before any event); raises :class:`TableNotFound`."""
        return self.get_table(table_id).sequence

    def get_request(self, table_id: str, request_id: str) -> RequestRecord | None:
        """The live idempotency record of ``request_id`` on ``table_id``, or None (none, or
        expired: older than :data:`REQUEST_RETENTION`)."""
        record = self._get_request(table_id, request_id)
        if record is None or expired(record, self._clock()):
            return None
        return record

    @abstractmethod
    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        """The newest cached snapshot of the table, or None."""

    def ping(self) -> None:
        """One trivial round trip to the database (health checks); raises
        :class:`StoreUnavailable` when it cannot be reached."""
        self.list_tables(1)

    # ---- waiting for new events ---------------------------------------------------------

    def wait_for_events(self, table_id: str, after_sequence: int, timeout: float) -> bool:
        """Block until the table's sequence exceeds ``after_sequence``, at most ``timeout`` s.

        True when there are events after ``after_sequence`` (at once if already there), False
        on timeout. Wakes on writes through this store at once and on writes by other
        processes via the backend's watcher. Raises :class:`TableNotFound`.
        """
        _check_sequence("after_sequence", after_sequence)
        self._start_watcher()
        with self._notifier.watching(table_id):
            self._notifier.publish(table_id, self.current_sequence(table_id))
            return self._notifier.wait(table_id, after_sequence, _timeout(timeout))

    async def wait_for_events_async(
        self, table_id: str, after_sequence: int, timeout: float
    ) -> bool:
        """:meth:`wait_for_events` for asyncio: holds no thread while it waits.

        The initial sequence read runs in ``asyncio.to_thread``; the wait itself is a future
        resolved by the notifier. Raises :class:`TableNotFound`.
        """
        _check_sequence("after_sequence", after_sequence)
        await asyncio.to_thread(self._start_watcher)
        with self._notifier.watching(table_id):
            sequence = await asyncio.to_thread(self.current_sequence, table_id)
            self._notifier.publish(table_id, sequence)
            return await self._notifier.wait_async(table_id, after_sequence, _timeout(timeout))

    # ---- lifecycle ----------------------------------------------------------------------

    @abstractmethod
    def close(self) -> None:
        """Release connections and stop background threads; later calls raise StoreUnavailable."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # ---- backend hooks ------------------------------------------------------------------

    @abstractmethod
    def _create(self, write: WriteRequest, *, settings: str) -> AppendResult:
        """The ``create_table`` transaction."""

    @abstractmethod
    def _write(self, write: WriteRequest, *, expected_sequence: int, close: bool) -> AppendResult:
        """The ``append`` / ``close_table`` transaction."""

    def _write_all(
        self, writes: Sequence[tuple[WriteRequest, int, bool]]
    ) -> list[AppendResult | Exception]:
        """The ``append_all`` transactions: ``(write, expected_sequence, close)`` each, its
        result or error (default: one :meth:`_write` after the other)."""
        out: list[AppendResult | Exception] = []
        for write, expected_sequence, close in writes:
            try:
                out.append(self._write(write, expected_sequence=expected_sequence, close=close))
            except Exception as error:  # handed back to its writer
                out.append(error)
        return out

    @abstractmethod
    def _get_request(self, table_id: str, request_id: str) -> RequestRecord | None:
        """The stored idempotency record, expired or not, or None."""

    @abstractmethod
    def _put_snapshot(self, table_id: str, sequence: int, payload: str) -> None:
        """Upsert the snapshot and drop older ones of the table."""

    @abstractmethod
    def _purge_requests(self, older_than: datetime) -> int:
        """Delete request records created before ``older_than``."""

    def _start_watcher(self) -> None:  # noqa: B027 - optional hook, no-op by default
        """Start (once) whatever notices writes made by other processes."""


def expired(record: RequestRecord, now: datetime) -> bool:
    """Whether ``record`` is past its retention at ``now`` (then its request id is free)."""
    return record.created_at < request_cutoff(now)


def request_cutoff(now: datetime) -> datetime:
    """Records created before this moment are expired at ``now``."""
    return now - REQUEST_RETENTION


def check_request(record: RequestRecord | None, fingerprint: str, *, now: datetime) -> bool:
    """The idempotency check of a write at ``now`` against the stored ``record`` (or None).

    Raises :class:`DuplicateRequest` (same fingerprint) or :class:`RequestIdConflict` for a
    live record. Returns True when an expired record is in the way: the write is new and
    must delete that record before it stores its own; False when there is no record.
    """
    if record is None:
        return False
    if expired(record, now):
        return True
    if record.fingerprint == fingerprint:
        raise DuplicateRequest(record)
    raise RequestIdConflict(record.table_id, record.request_id)


def build_events(
    write: WriteRequest, *, first_sequence: int, created_at: datetime
) -> tuple[StoredEvent, ...]:
    """The stored form of ``write.events`` numbered from ``first_sequence``."""
    return tuple(
        StoredEvent(write.table_id, first_sequence + i, payload, write.request_id, created_at)
        for i, payload in enumerate(write.events)
    )


def page_size_or_default(page_size: int) -> int:
    """``page_size`` clamped to 1..:data:`MAX_PAGE_SIZE`; 0 means :data:`DEFAULT_PAGE_SIZE`."""
    if isinstance(page_size, bool) or not isinstance(page_size, int) or page_size < 0:
        raise ValueError("page_size must be a non-negative int")
    return min(page_size or DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)


def check_read_args(table_id: str, after_sequence: int, limit: int | None) -> None:
    """Validate ``read_events`` arguments (ValueError/TypeError)."""
    _check_id("table_id", table_id)
    _check_sequence("after_sequence", after_sequence)
    if limit is not None:
        _check_sequence("limit", limit)


def _write_request(
    table_id: str,
    events: Sequence[str],
    request_id: str,
    fingerprint: str,
    response: bytes,
    need_events: bool,
) -> WriteRequest:
    _check_id("table_id", table_id)
    _check_id("request_id", request_id)
    _check_id("fingerprint", fingerprint)
    if isinstance(events, str | bytes):
        raise TypeError("events must be a sequence of JSON texts, not one string")
    payloads = tuple(events)
    if need_events and not payloads:
        raise ValueError("a write must append at least one event")
    for index, payload in enumerate(payloads):
        _check_text(f"events[{index}]", payload)
    if not isinstance(response, bytes | bytearray | memoryview):
        raise TypeError("response must be bytes")
    return WriteRequest(table_id, payloads, request_id, fingerprint, bytes(response))


def _check_id(name: str, value: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str")
    if not 0 < len(value) <= MAX_ID_LENGTH:
        raise ValueError(f"{name} must have 1 to {MAX_ID_LENGTH} characters")
    if "\x00" in value:
        raise ValueError(f"{name} must not contain NUL")


def _check_text(name: str, value: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be JSON text (str)")
    if "\x00" in value:
        raise ValueError(f"{name} must not contain NUL (PostgreSQL text cannot hold it)")


def _check_sequence(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int")
    if value < 0:
        raise ValueError(f"{name} must be >= 0")


def _timeout(timeout: float) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or math.isnan(timeout):
        raise TypeError("timeout must be a number of seconds")
    return max(0.0, float(timeout))
