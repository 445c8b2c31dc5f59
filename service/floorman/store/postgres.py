"""The PostgreSQL :class:`EventStore`, for several service replicas sharing tables.

psycopg 3 with a ``psycopg_pool.ConnectionPool`` (autocommit connections; each write is an
explicit transaction, durable at COMMIT with the server's ``synchronous_commit``, forced ``on``
when the server has it ``off``). Optimistic concurrency: a write locks the table row
(``SELECT ... FOR UPDATE``) before it looks at the idempotency record and the sequence, so two
replicas racing on one ``expected_sequence`` get one success and one
:class:`SequenceMismatch`; the ``(table_id, sequence)`` primary key backs that up. Every write
sends ``pg_notify`` in its transaction; a listener thread (one connection per store doing
``LISTEN``) wakes ``wait_for_events`` in every replica on the same database, with a re-read of
the waited tables every ``poll_interval`` seconds as a safety net. All objects live in one
schema (``?schema=name`` in the URL, default ``public``), created when missing.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
import psycopg_pool
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

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
    StoreUnavailable,
    TableClosed,
    TableExists,
    TableNotFound,
)
from floorman.store.migrations import check_applied, load_migrations
from floorman.store.tokens import decode_page_token, encode_page_token

_SCHEMA = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_LISTEN_TICK = 0.25  # s: how often the listener checks for close() between notifications

_REQUEST = q.postgres(q.SELECT_REQUEST)
_DELETE_EXPIRED_REQUEST = q.postgres(q.DELETE_EXPIRED_REQUEST)
_PURGE_REQUESTS = q.postgres(q.PURGE_REQUESTS)
_SELECT_TABLE = q.postgres(q.SELECT_TABLE)
_SELECT_SEQUENCE = q.postgres(q.SELECT_SEQUENCE)
_LIST_TABLES = q.postgres(q.LIST_TABLES)
_SELECT_EVENTS = q.postgres(q.SELECT_EVENTS)
_SELECT_SNAPSHOT = q.postgres(q.SELECT_SNAPSHOT)
_WRITE = f"""
WITH ev AS (
    INSERT INTO events (table_id, sequence, payload, request_id, created_at)
    SELECT %(table_id)s, %(first)s + u.i - 1, u.payload, %(request_id)s, %(now)s
    FROM unnest(%(payloads)s::text[]) WITH ORDINALITY AS u (payload, i)
), rq AS (
    INSERT INTO requests ({q.REQUEST_COLUMNS})
    VALUES (%(table_id)s, %(request_id)s, %(fingerprint)s, %(response)s, %(sequence)s,
            %(count)s, %(now)s)
), tb AS (
    UPDATE tables SET sequence = %(sequence)s, status = %(status)s, updated_at = %(now)s
    WHERE table_id = %(table_id)s
)
SELECT pg_notify(%(channel)s, %(note)s)
"""


def parse_postgres_url(url: str) -> tuple[str, str, dict[str, str]]:
    """Split ``postgresql://user@host:port/db?schema=name&...`` into its parts.

    Returns ``(conninfo, schema, pool_options)``: the libpq URL without the floorman
    parameters, the schema (default ``public``; lowercase letters, digits, ``_``) and the
    ``pool_min_size`` / ``pool_max_size`` / ``pool_timeout`` values given. Raises ValueError.
    """
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise ValueError(f"not a PostgreSQL URL: {url!r}")
    query = parse_qsl(parts.query, keep_blank_values=True)
    ours = {
        k: v for k, v in query if k in ("schema", "pool_min_size", "pool_max_size", "pool_timeout")
    }
    rest = [(k, v) for k, v in query if k not in ours]
    schema = ours.pop("schema", "public")
    if not _SCHEMA.match(schema):
        raise ValueError(f"invalid schema {schema!r}: use lowercase letters, digits and _")
    if not any(k == "connect_timeout" for k, _ in rest):
        rest.append(("connect_timeout", "5"))
    conninfo = urlunsplit(parts._replace(scheme="postgresql", query=urlencode(rest)))
    return conninfo, schema, ours


class PostgresStore(EventStore):
    """Event store in schema ``schema`` of the database at ``conninfo``; migrates on open.

    Raises :class:`StoreUnavailable` when the server cannot be reached,
    :class:`~floorman.store.errors.MigrationError` for a schema this code cannot use.
    """

    def __init__(
        self,
        conninfo: str,
        *,
        schema: str = "public",
        clock: Clock | None = None,
        min_size: int = 2,
        max_size: int = 10,
        pool_timeout: float = 10.0,
        poll_interval: float = 1.0,
    ) -> None:
        super().__init__(clock=clock)
        if not _SCHEMA.match(schema):
            raise ValueError(f"invalid schema {schema!r}")
        self.schema = schema
        self._poll_interval = poll_interval
        self._channel = "floorman_" + hashlib.sha256(schema.encode()).hexdigest()[:20]
        #: ``application_name`` of the LISTEN connection (to find it in pg_stat_activity).
        self.listener_name = f"floorman-listener-{self._channel}"
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._lock = threading.Lock()
        self._listener: threading.Thread | None = None
        self._closed = False
        durable = _migrate(conninfo, schema)
        params = conninfo_to_dict(conninfo)
        options = str(params.get("options") or "")
        options += f" -c search_path={schema} -c TimeZone=UTC"
        if not durable:
            options += " -c synchronous_commit=on"
        self._connect_kwargs: dict[str, Any] = {
            "options": options.strip(),
            "autocommit": True,
            "application_name": params.get("application_name") or "floorman-store",
        }
        self._conninfo = conninfo
        self._pool = psycopg_pool.ConnectionPool(
            conninfo,
            kwargs=self._connect_kwargs,
            min_size=min_size,
            max_size=max_size,
            timeout=pool_timeout,
            check=psycopg_pool.ConnectionPool.check_connection,
            name=f"floorman-store-{schema}",
            open=False,
        )
        try:
            self._pool.open(wait=True, timeout=pool_timeout)
        except psycopg_pool.PoolTimeout as exc:
            self._pool.close()
            raise StoreUnavailable(f"cannot open a connection pool: {exc}") from exc

    # ---- reads --------------------------------------------------------------------------

    def get_table(self, table_id: str) -> TableRecord:
        """The table's metadata row; raises :class:`TableNotFound`."""
        with self._connection() as conn:
            row = conn.execute(_SELECT_TABLE, (table_id,)).fetchone()
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
            rows = conn.execute(_LIST_TABLES, ("" if after is None else after, size + 1)).fetchall()
        tables = tuple(_table(row) for row in rows[:size])
        token = encode_page_token(tables[-1].table_id) if len(rows) > size else ""
        return TablePage(tables, token)

    def read_events(
        self, table_id: str, after_sequence: int = 0, limit: int | None = None
    ) -> list[StoredEvent]:
        """Events after ``after_sequence`` (see :meth:`EventStore.read_events`)."""
        check_read_args(table_id, after_sequence, limit)
        with self._connection() as conn:
            rows = conn.execute(_SELECT_EVENTS, (table_id, after_sequence, limit)).fetchall()
            if not rows:
                _sequence(conn, table_id)  # TableNotFound for an unknown table
        return [StoredEvent(r[0], r[1], r[2], r[3], _utc(r[4])) for r in rows]

    def _get_request(self, table_id: str, request_id: str) -> RequestRecord | None:
        with self._connection() as conn:
            return _request(conn, table_id, request_id)

    def latest_snapshot(self, table_id: str) -> Snapshot | None:
        """The newest cached snapshot of the table, or None."""
        with self._connection() as conn:
            row = conn.execute(_SELECT_SNAPSHOT, (table_id,)).fetchone()
        return None if row is None else Snapshot(row[0], row[1], row[2], _utc(row[3]))

    # ---- writes -------------------------------------------------------------------------

    def _create(self, write: WriteRequest, *, settings: str) -> AppendResult:
        now = self._clock()
        events = build_events(write, first_sequence=1, created_at=now)
        landing = Landing()
        with self._connection(landing) as conn, conn.transaction():
            inserted = conn.execute(
                f"INSERT INTO tables ({q.TABLE_COLUMNS}) VALUES (%s, %s, %s, 0, %s, %s) "
                "ON CONFLICT (table_id) DO NOTHING RETURNING 1",
                (write.table_id, TableStatus.OPEN.value, settings, now, now),
            ).fetchone()
            if inserted is None:
                record = _request(conn, write.table_id, write.request_id)
                check_request(record, write.fingerprint, now=now)
                raise TableExists(write.table_id)
            self._insert(conn, write, first=1, status=TableStatus.OPEN, now=now)
            landing.sent = True  # COMMIT goes out at the end of the block
        return AppendResult(write.table_id, len(events), events)

    def _write(self, write: WriteRequest, *, expected_sequence: int, close: bool) -> AppendResult:
        now = self._clock()
        landing = Landing()
        with self._connection(landing) as conn, conn.pipeline(), conn.transaction():
            # One round trip for BEGIN, the row lock and the request lookup (pipelined: the
            # lookup runs after the lock is granted, so it sees a racing retry's record).
            locked = conn.execute(
                "SELECT sequence, status FROM tables WHERE table_id = %s FOR UPDATE",
                (write.table_id,),
            )
            looked_up = conn.execute(_REQUEST, (write.table_id, write.request_id))
            row = locked.fetchone()
            if row is None:
                raise TableNotFound(write.table_id)
            current, status = row
            record = _request_record(looked_up.fetchone())
            if check_request(record, write.fingerprint, now=now):
                # An expired record of this request id: the id is free again.
                conn.execute(
                    _DELETE_EXPIRED_REQUEST,
                    (write.table_id, write.request_id, request_cutoff(now)),
                )
            if current != expected_sequence:
                raise SequenceMismatch(
                    write.table_id, expected_sequence=expected_sequence, current_sequence=current
                )
            if status == TableStatus.CLOSED.value:
                raise TableClosed(write.table_id, current)
            new_status = TableStatus.CLOSED if close else TableStatus(status)
            landing.sent = True  # pipelined: the write and its COMMIT may go out together
            self._insert(conn, write, first=current + 1, status=new_status, now=now)
        events = build_events(write, first_sequence=current + 1, created_at=now)
        return AppendResult(write.table_id, current + len(events), events)

    def _insert(
        self,
        conn: psycopg.Connection,
        write: WriteRequest,
        *,
        first: int,
        status: TableStatus,
        now: datetime,
    ) -> None:
        sequence = first + len(write.events) - 1
        conn.execute(
            _WRITE,
            {
                "table_id": write.table_id,
                "first": first,
                "payloads": list(write.events),
                "request_id": write.request_id,
                "fingerprint": write.fingerprint,
                "response": write.response,
                "sequence": sequence,
                "count": len(write.events),
                "status": status.value,
                "now": now,
                "channel": self._channel,
                "note": json.dumps([write.table_id, sequence]),
            },
        )

    def _put_snapshot(self, table_id: str, sequence: int, payload: str) -> None:
        with self._connection() as conn, conn.transaction():
            if sequence > _sequence(conn, table_id):
                raise ValueError(f"snapshot sequence {sequence} is beyond the log")
            conn.execute(
                "INSERT INTO snapshots (table_id, sequence, payload, created_at) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (table_id, sequence) "
                "DO UPDATE SET payload = EXCLUDED.payload, created_at = EXCLUDED.created_at",
                (table_id, sequence, payload, self._clock()),
            )
            conn.execute(
                "DELETE FROM snapshots WHERE table_id = %s AND sequence < %s",
                (table_id, sequence),
            )

    def _purge_requests(self, older_than: datetime) -> int:
        with self._connection() as conn:
            cursor = conn.execute(_PURGE_REQUESTS, (older_than,))
            return cursor.rowcount

    # ---- lifecycle, connections, listener -----------------------------------------------

    def close(self) -> None:
        """Stop the listener and close the pool; later calls raise StoreUnavailable."""
        self._stop.set()
        with self._lock:
            self._closed = True
            listener, self._listener = self._listener, None
        if listener is not None:
            listener.join()
        self._pool.close()

    @contextmanager
    def _connection(self, landing: Landing | None = None) -> Iterator[psycopg.Connection]:
        """A pooled connection; maps connection-level failures to StoreUnavailable.

        A connection the server dropped (restart, ``pg_terminate_backend``) fails its call
        and is discarded by the pool, which opens new ones by itself (each handed-out
        connection is checked first). ``landing``: the write's progress, so that a failure
        after its commit was sent says ``may_have_landed``.
        """
        if self._closed:
            raise StoreUnavailable("the store is closed")
        try:
            with self._pool.connection() as conn:
                yield conn
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            landed = landing is not None and landing.sent
            raise StoreUnavailable(f"PostgreSQL: {exc}", may_have_landed=landed) from exc
        except (psycopg_pool.PoolTimeout, psycopg_pool.PoolClosed) as exc:
            raise StoreUnavailable(f"PostgreSQL connection pool: {exc}") from exc

    def _start_watcher(self) -> None:
        with self._lock:
            if self._closed:
                raise StoreUnavailable("the store is closed")
            started = self._listener is None
            if started:
                self._listener = threading.Thread(
                    target=self._listen, name="floorman-pg-listener", daemon=True
                )
                self._listener.start()
        if started:  # the first waiter lets LISTEN start so that no commit goes unnoticed
            self._listening.wait(timeout=5.0)

    def _listen(self) -> None:
        """LISTEN for this schema's commits and publish them; reconnect on failure."""
        backoff = 0.1
        while not self._stop.is_set():
            try:
                kwargs = {**self._connect_kwargs, "application_name": self.listener_name}
                with psycopg.connect(self._conninfo, **kwargs) as conn:
                    conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self._channel)))
                    self._listening.set()
                    backoff = 0.1
                    self._serve_notifications(conn)
            except psycopg.Error:
                self._listening.clear()
                self._stop.wait(backoff)
                backoff = min(backoff * 2, 5.0)

    def _serve_notifications(self, conn: psycopg.Connection) -> None:
        refreshed_at = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            if now - refreshed_at >= self._poll_interval:
                self._refresh(conn)  # catch up after (re)connecting, then a slow safety net
                refreshed_at = now
            for note in conn.notifies(timeout=_LISTEN_TICK):
                with suppress(ValueError, TypeError):
                    table_id, sequence = json.loads(note.payload)
                    self._notifier.publish(str(table_id), int(sequence))

    def _refresh(self, conn: psycopg.Connection) -> None:
        tables = self._notifier.watched_tables()
        if tables:
            rows = conn.execute(
                "SELECT table_id, sequence FROM tables WHERE table_id = ANY(%s)", (tables,)
            ).fetchall()
            for table_id, sequence in rows:
                self._notifier.publish(table_id, sequence)


def _migrate(conninfo: str, schema: str) -> bool:
    """Create ``schema`` if missing and apply pending migrations under an advisory lock.

    Returns whether the server's ``synchronous_commit`` makes commits durable (not ``off``).
    """
    migrations = load_migrations("postgres")
    digest = hashlib.sha256(f"floorman-migrations:{schema}".encode()).digest()
    key = int.from_bytes(digest[:8], "big", signed=True)
    try:
        with psycopg.connect(conninfo, autocommit=True) as conn:
            durable = conn.execute("SHOW synchronous_commit").fetchone()[0] != "off"
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (key,))
                ident = sql.Identifier(schema)
                conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(ident))
                conn.execute(sql.SQL("SET LOCAL search_path TO {}").format(ident))
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY,"
                    " name text NOT NULL, checksum text NOT NULL,"
                    " applied_at timestamptz NOT NULL DEFAULT now())"
                )
                rows = conn.execute("SELECT version, checksum FROM schema_migrations").fetchall()
                for migration in check_applied(migrations, dict(rows)):
                    conn.execute(migration.sql.encode())
                    conn.execute(
                        "INSERT INTO schema_migrations (version, name, checksum) "
                        "VALUES (%s, %s, %s)",
                        (migration.version, migration.name, migration.checksum),
                    )
    except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
        raise StoreUnavailable(f"cannot reach PostgreSQL: {exc}") from exc
    return durable


def _sequence(conn: psycopg.Connection, table_id: str) -> int:
    row = conn.execute(_SELECT_SEQUENCE, (table_id,)).fetchone()
    if row is None:
        raise TableNotFound(table_id)
    return int(row[0])


def _request(conn: psycopg.Connection, table_id: str, request_id: str) -> RequestRecord | None:
    return _request_record(conn.execute(_REQUEST, (table_id, request_id)).fetchone())


def _request_record(row: tuple[Any, ...] | None) -> RequestRecord | None:
    if row is None:
        return None
    return RequestRecord(row[0], row[1], row[2], bytes(row[3]), row[4], row[5], _utc(row[6]))


def _table(row: tuple[Any, ...]) -> TableRecord:
    return TableRecord(row[0], TableStatus(row[1]), row[2], row[3], _utc(row[4]), _utc(row[5]))


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)
