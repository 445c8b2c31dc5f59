"""The SQLite :class:`EventStore` (the embedded default): one file, WAL, fsync on commit.

Durability: ``journal_mode=WAL`` and ``synchronous=FULL`` on every connection, so a write is on
disk when its call returns. Concurrency: a small pool of connections, each used by one thread
at a time (readers run in parallel under WAL). Table writes (``create_table``, ``append``,
``close_table``) go through group commit (:mod:`floorman.store.group_commit`): one writer
thread commits every write queued meanwhile in one ``BEGIN IMMEDIATE`` .. ``COMMIT`` (one
fsync per batch, each write in its own savepoint) and each caller returns only after that
commit; the queue is bounded (``max_pending``, then :class:`StoreBusy`). Other writes
(snapshots, pruning) take the same in-process lock, then ``BEGIN IMMEDIATE``; a busy timeout
makes other processes on the same file queue too.
``sqlite:///:memory:`` uses one connection behind a lock (a memory database is per
connection). Other processes' writes wake ``wait_for_events`` through a watcher thread that
polls ``PRAGMA data_version`` every ``poll_interval`` seconds while somebody waits.
"""

from __future__ import annotations

import functools
import os
import resource
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext, suppress
from datetime import UTC, datetime, timedelta

from floorman.store import queries as q
from floorman.store.base import (
    AppendResult,
    Clock,
    EventStore,
    Landing,
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
    request_cutoff,
)
from floorman.store.errors import (
    SequenceMismatch,
    StoreError,
    StoreFull,
    StoreUnavailable,
    TableClosed,
    TableExists,
    TableNotFound,
)
from floorman.store.group_commit import DEFAULT_MAX_PENDING, GroupCommitter, Pending
from floorman.store.migrations import check_applied, load_migrations
from floorman.store.tokens import decode_page_token, encode_page_token

MEMORY = ":memory:"
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_IDLE_TICK = 0.25  # s: how often an idle watcher thread looks for close()


class SQLiteStore(EventStore):
    """Event store in the SQLite file ``path`` (or ``":memory:"``); migrates it on open.

    ``busy_timeout`` (s) bounds the wait for another process's write lock, after which a call
    raises :class:`StoreUnavailable`; a table write also waits at most that long in the group
    commit queue, which holds at most ``max_pending`` writes (then :class:`StoreBusy`, nothing
    written). Raises :class:`StoreUnavailable` when the file cannot be
    opened or WAL cannot be enabled, :class:`~floorman.store.errors.MigrationError` for a schema
    this code cannot use.
    """

    def __init__(
        self,
        path: str,
        *,
        clock: Clock | None = None,
        busy_timeout: float = 5.0,
        poll_interval: float = 0.05,
        max_pending: int = DEFAULT_MAX_PENDING,
    ) -> None:
        super().__init__(clock=clock)
        self.path = path
        self._busy_timeout = busy_timeout
        self._poll_interval = poll_interval
        self._is_memory = path == MEMORY
        self._write_lock = threading.Lock()
        self._pool_lock = threading.Lock()
        self._memory_lock = threading.Lock()
        self._idle: list[sqlite3.Connection] = []
        self._all: list[sqlite3.Connection] = []
        self._closed = False
        self._stop = threading.Event()
        self._watcher: threading.Thread | None = None
        self._committer = GroupCommitter(
            self._commit_batch,
            max_pending=max_pending,
            max_wait=busy_timeout,
            name="floorman-sqlite-writer",
        )
        try:
            with self._connection() as conn:
                _migrate(conn)
        except BaseException:
            self.close()
            raise

    # ---- reads --------------------------------------------------------------------------

    def get_table(self, table_id: str) -> TableRecord:
        """The table's metadata row; raises :class:`TableNotFound`."""
        with self._connection() as conn:
            row = conn.execute(q.SELECT_TABLE, (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(table_id)
        return _table(row)

    def current_sequence(self, table_id: str) -> int:
        """The table's current sequence; raises :class:`TableNotFound`."""
        with self._connection() as conn:
            return _sequence(conn, table_id)

    def list_tables(self, page_size: int = 0, page_token: str = "") -> TablePage:
        """Tables in ascending ``table_id`` order (see :meth:`EventStore.list_tables`)."""
        size = page_size_or_default(page_size)
        after = decode_page_token(page_token)
        with self._connection() as conn:
            rows = conn.execute(
                q.LIST_TABLES, ("" if after is None else after, size + 1)
            ).fetchall()
        tables = tuple(_table(row) for row in rows[:size])
        token = encode_page_token(tables[-1].table_id) if len(rows) > size else ""
        return TablePage(tables, token)

    def read_events(
        self, table_id: str, after_sequence: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """Events after ``after_sequence`` (see :meth:`EventStore.read_events`)."""
        check_read_args(table_id, after_sequence, limit)
        with self._connection() as conn:
            rows = conn.execute(
                q.SELECT_EVENTS, (table_id, after_sequence, -1 if limit is None else limit)
            ).fetchall()
            if not rows:
                _sequence(conn, table_id)  # TableNotFound for an unknown table
        return [StoredEvent(r[0], r[1], r[2], r[3], _time(r[4])) for r in rows]

    def _get_request(self, table_id: str, request_id: str) -> RequestRecord | None:
        with self._connection() as conn:
            return _request(conn, table_id, request_id)

    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        """The newest cached snapshot of the table, or None."""
        with self._connection() as conn:
            row = conn.execute(q.SELECT_SNAPSHOT, (table_id,)).fetchone()
        return None if row is None else Snapshot(row[0], row[1], row[2], _time(row[3]))

    # ---- writes -------------------------------------------------------------------------

    def _create(self, write: WriteRequest, *, settings: str) -> AppendResult:
        return self._committer.submit(lambda conn: self._create_in(conn, write, settings))

    def _write(self, write: WriteRequest, *, expected_sequence: int, close: bool) -> AppendResult:
        return self._committer.submit(
            lambda conn: self._write_in(conn, write, expected_sequence, close)
        )

    batches_writes = True

    def _write_all(
        self, writes: Sequence[tuple[WriteRequest, int, bool]]
    ) -> list[AppendResult | Exception]:
        """Every write queued for group commit at once (one transaction for as many as the
        committer takes together)."""
        works = [
            functools.partial(self._write_in, write=w, expected_sequence=e, close=c)
            for w, e, c in writes
        ]
        out: list[AppendResult | Exception] = []
        for item in self._committer.submit_all(works):
            error = item.error
            if error is None:
                out.append(item.result)
            elif isinstance(error, Exception):
                out.append(error)
            else:  # not an error to hand back (KeyboardInterrupt ...)
                raise error
        return out

    def _commit_batch(self, batch: list[Pending]) -> None:
        """One transaction for the writes of ``batch``, each in a savepoint (a refused write
        is rolled back alone); results and refusals stand only once COMMIT succeeded."""
        with self._write_lock:
            landing = Landing()
            try:
                with self._connection(landing) as conn:
                    conn.execute("BEGIN IMMEDIATE")
                    try:
                        for item in batch:
                            conn.execute("SAVEPOINT write")
                            try:
                                item.result = item.work(conn)
                            except StoreError as refusal:
                                conn.execute("ROLLBACK TO write")
                                item.error = refusal
                            conn.execute("RELEASE write")
                        landing.sent = True
                        conn.execute("COMMIT")
                    except BaseException:
                        if conn.in_transaction:
                            with suppress(sqlite3.Error):
                                conn.execute("ROLLBACK")
                        raise
            except StoreUnavailable as failure:
                for item in batch:  # a refusal may rest on an earlier write of the batch
                    landed = failure.may_have_landed and item.error is None
                    item.error = type(failure)(str(failure), may_have_landed=landed)
                    item.result = None

    def _create_in(
        self, conn: sqlite3.Connection, write: WriteRequest, settings: str
    ) -> AppendResult:
        now = self._clock()
        exists = conn.execute(
            "SELECT 1 FROM tables WHERE table_id = ?", (write.table_id,)
        ).fetchone()
        if exists is not None:
            record = _request(conn, write.table_id, write.request_id)
            check_request(record, write.fingerprint, now=now)
            raise TableExists(write.table_id)
        events = build_events(write, first_sequence=1, created_at=now)
        conn.execute(
            f"INSERT INTO tables ({q.TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
            (write.table_id, TableStatus.OPEN.value, settings, len(events), _us(now), _us(now)),
        )
        _insert(conn, write, events, sequence=len(events), now=now)
        return AppendResult(write.table_id, len(events), events)

    def _write_in(
        self, conn: sqlite3.Connection, write: WriteRequest, expected_sequence: int, close: bool
    ) -> AppendResult:
        now = self._clock()
        row = conn.execute(
            "SELECT sequence, status FROM tables WHERE table_id = ?", (write.table_id,)
        ).fetchone()
        if row is None:
            raise TableNotFound(write.table_id)
        current, status = row
        record = _request(conn, write.table_id, write.request_id)
        replaces = check_request(record, write.fingerprint, now=now)
        if current != expected_sequence:
            raise SequenceMismatch(
                write.table_id, expected_sequence=expected_sequence, current_sequence=current
            )
        if status == TableStatus.CLOSED.value:
            raise TableClosed(write.table_id, current)
        events = build_events(write, first_sequence=current + 1, created_at=now)
        sequence = current + len(events)
        new_status = TableStatus.CLOSED.value if close else status
        if replaces:  # an expired record of this request id: the id is free again
            conn.execute(
                q.DELETE_EXPIRED_REQUEST,
                (write.table_id, write.request_id, _us(request_cutoff(now))),
            )
        conn.execute(
            "UPDATE tables SET sequence = ?, status = ?, updated_at = ? WHERE table_id = ?",
            (sequence, new_status, _us(now), write.table_id),
        )
        _insert(conn, write, events, sequence=sequence, now=now)
        return AppendResult(write.table_id, sequence, events)

    def _put_snapshot(self, table_id: str, sequence: int, payload: str) -> None:
        with self._transaction() as conn:
            if sequence > _sequence(conn, table_id):
                raise ValueError(f"snapshot sequence {sequence} is beyond the log")
            conn.execute(
                "INSERT OR REPLACE INTO snapshots (table_id, sequence, payload, created_at) "
                "VALUES (?, ?, ?, ?)",
                (table_id, sequence, payload, _us(self._clock())),
            )
            conn.execute(
                "DELETE FROM snapshots WHERE table_id = ? AND sequence < "
                "(SELECT max(sequence) FROM snapshots WHERE table_id = ?)",
                (table_id, table_id),
            )

    def _purge_requests(self, older_than: datetime) -> int:
        with self._transaction() as conn:
            cursor = conn.execute(q.PURGE_REQUESTS, (_us(older_than),))
            return cursor.rowcount

    # ---- lifecycle and connections ------------------------------------------------------

    def close(self) -> None:
        """Stop the writer (after the writes it holds) and the watcher and close every
        connection; later calls raise StoreUnavailable."""
        committer = getattr(self, "_committer", None)
        if committer is not None:
            committer.close()
        self._stop.set()
        with self._pool_lock:
            self._closed = True
            watcher, self._watcher = self._watcher, None
            idle, self._idle = self._idle, []
        if watcher is not None:
            watcher.join()
        for conn in idle:
            conn.close()

    def _start_watcher(self) -> None:
        if self._is_memory:
            return  # no other process can write to a private memory database
        with self._pool_lock:
            if self._closed:
                raise StoreUnavailable("the store is closed")
            if self._watcher is None:
                self._watcher = threading.Thread(
                    target=self._watch, name="floorman-sqlite-watcher", daemon=True
                )
                self._watcher.start()

    def _watch(self) -> None:
        """Publish other processes' commits to the notifier while somebody waits."""
        conn = None
        while conn is None and not self._stop.is_set():
            try:
                conn = self._connect()
            except StoreUnavailable:
                self._stop.wait(self._poll_interval)
        if conn is None:
            return
        try:
            last_version, last_tables = None, []
            while not self._stop.is_set():
                if not self._notifier.wait_for_watchers(min(self._poll_interval, _IDLE_TICK)):
                    continue
                with suppress(sqlite3.Error):
                    version = conn.execute("PRAGMA data_version").fetchone()[0]
                    tables = self._notifier.watched_tables()
                    if version != last_version or tables != last_tables:
                        marks = ",".join("?" * len(tables))
                        rows = conn.execute(
                            f"SELECT table_id, sequence FROM tables WHERE table_id IN ({marks})",
                            tables,
                        ).fetchall()
                        for table_id, sequence in rows:
                            self._notifier.publish(table_id, sequence)
                        last_version, last_tables = version, tables
                self._stop.wait(self._poll_interval)
        finally:
            conn.close()

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self.path,
                timeout=self._busy_timeout,
                isolation_level=None,
                check_same_thread=False,
            )
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"cannot open SQLite database {self.path!r}: {exc}") from exc
        try:
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if mode.lower() not in ("wal", "memory"):
                raise StoreUnavailable(f"SQLite database {self.path!r} cannot use WAL ({mode})")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as exc:
            conn.close()
            raise StoreUnavailable(f"cannot set up SQLite database {self.path!r}: {exc}") from exc
        except BaseException:
            conn.close()
            raise
        return conn

    @contextmanager
    def _connection(self, landing: Landing | None = None) -> Iterator[sqlite3.Connection]:
        """A connection for this thread's call; maps database failures to StoreUnavailable
        (:class:`StoreFull` when the file system or the file-size limit is out of room).

        ``landing``: the write's progress, so that a failure of its COMMIT says
        ``may_have_landed`` (SQLite rolls back on most such failures, but an fsync error
        after the commit frame leaves the outcome unknown).
        """
        with self._memory_lock if self._is_memory else nullcontext():
            conn = self._acquire()
            try:
                yield conn
            except sqlite3.IntegrityError:
                raise
            except (sqlite3.OperationalError, sqlite3.InterfaceError) as exc:
                raise self._unavailable(exc, landing) from exc
            except sqlite3.DatabaseError as exc:
                if type(exc) is not sqlite3.DatabaseError:
                    raise
                raise self._unavailable(exc, landing) from exc
            finally:
                self._release(conn)

    def _unavailable(self, exc: sqlite3.Error, landing: Landing | None) -> StoreUnavailable:
        landed = landing is not None and landing.sent
        message = f"SQLite database {self.path!r}: {exc}"
        if _out_of_room(exc, self.path):
            return StoreFull(message, may_have_landed=landed)
        return StoreUnavailable(message, may_have_landed=landed)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: in-process lock, then ``BEGIN IMMEDIATE`` .. ``COMMIT``.

        Both waits are bounded by ``busy_timeout`` (then :class:`StoreUnavailable`).
        """
        if not self._write_lock.acquire(timeout=self._busy_timeout):
            raise StoreUnavailable(f"SQLite database {self.path!r} is locked (writers queued)")
        try:
            landing = Landing()
            with self._connection(landing) as conn:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                    landing.sent = True
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        with suppress(sqlite3.Error):
                            conn.execute("ROLLBACK")
                    raise
        finally:
            self._write_lock.release()

    def _acquire(self) -> sqlite3.Connection:
        with self._pool_lock:
            if self._closed:
                raise StoreUnavailable("the store is closed")
            if self._idle:
                return self._idle.pop()
            if self._is_memory and self._all:
                raise StoreUnavailable("the memory database connection was lost")
        conn = self._connect()
        with self._pool_lock:
            self._all.append(conn)
        return conn

    def _release(self, conn: sqlite3.Connection) -> None:
        with self._pool_lock:
            if not self._closed:
                self._idle.append(conn)
                return
        conn.close()


_ROOM_ERRORS = frozenset({"SQLITE_FULL"})
_WRITE_ERRORS = frozenset({"SQLITE_IOERR_WRITE", "SQLITE_IOERR_TRUNCATE", "SQLITE_IOERR_FSYNC"})
_ROOM_MARGIN = 1 << 20  # bytes: less free space than this counts as full


def _out_of_room(exc: sqlite3.Error, path: str) -> bool:
    """Whether ``exc`` is the file system being full or the process's file-size limit
    (``RLIMIT_FSIZE``, EFBIG: SQLite reports a write I/O error) reached."""
    name = getattr(exc, "sqlite_errorname", "")
    if name in _ROOM_ERRORS:
        return True
    if name not in _WRITE_ERRORS or path == MEMORY:
        return False
    try:
        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        sizes = [os.path.getsize(f) for f in (path, f"{path}-wal") if os.path.exists(f)]
        if limit != resource.RLIM_INFINITY and max(sizes, default=0) + _ROOM_MARGIN > limit:
            return True
        stats = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except OSError:
        return False
    return stats.f_bavail * stats.f_frsize < _ROOM_MARGIN


def _migrate(conn: sqlite3.Connection) -> None:
    """Apply the pending SQLite migrations in one ``BEGIN IMMEDIATE`` transaction."""
    migrations = load_migrations("sqlite")
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
            "name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at INTEGER NOT NULL)"
        )
        applied = dict(conn.execute("SELECT version, checksum FROM schema_migrations"))
        for migration in check_applied(migrations, applied):
            for statement in _statements(migration.sql):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_migrations (version, name, checksum, applied_at) "
                "VALUES (?, ?, ?, ?)",
                (migration.version, migration.name, migration.checksum, _us(datetime.now(UTC))),
            )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _statements(script: str) -> Iterator[str]:
    """Split a SQL script into complete statements (triggers' inner ``;`` included)."""
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            buffer = ""
            if statement.strip("; \n"):
                yield statement


def _insert(
    conn: sqlite3.Connection,
    write: WriteRequest,
    events: tuple[StoredEvent, ...],
    *,
    sequence: int,
    now: datetime,
) -> None:
    conn.executemany(
        "INSERT INTO events (table_id, sequence, payload, request_id, created_at) "
        "VALUES (?, ?, ?, ?, ?)",
        [(e.table_id, e.sequence, e.payload, e.request_id, _us(now)) for e in events],
    )
    conn.execute(
        f"INSERT INTO requests ({q.REQUEST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            write.table_id,
            write.request_id,
            write.fingerprint,
            write.response,
            sequence,
            len(events),
            _us(now),
        ),
    )


def _sequence(conn: sqlite3.Connection, table_id: str) -> int:
    row = conn.execute(q.SELECT_SEQUENCE, (table_id,)).fetchone()
    if row is None:
        raise TableNotFound(table_id)
    return int(row[0])


def _request(conn: sqlite3.Connection, table_id: str, request_id: str) -> RequestRecord | None:
    row = conn.execute(q.SELECT_REQUEST, (table_id, request_id)).fetchone()
    if row is None:
        return None
    return RequestRecord(row[0], row[1], row[2], bytes(row[3]), row[4], row[5], _time(row[6]))


def _table(row: tuple) -> TableRecord:
    return TableRecord(row[0], TableStatus(row[1]), row[2], row[3], _time(row[4]), _time(row[5]))


def _us(moment: datetime) -> int:
    return (moment - _EPOCH) // _MICROSECOND


def _time(us: int) -> datetime:
    return _EPOCH + timedelta(microseconds=us)
