"""floorman.store: the durable event log of table sessions, chosen by URL.

* ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``sqlite:///:memory:`` —
  :class:`~floorman.store.sqlite.SQLiteStore` (the default; WAL, ``synchronous=FULL``);
* ``postgresql://user@host:port/db`` or ``postgres://...``, optionally
  ``?schema=name&pool_min_size=2&pool_max_size=10&pool_timeout=10`` plus any libpq parameter —
  :class:`~floorman.store.postgres.PostgresStore`;
* ``memory://`` — :class:`~floorman.store.memory.MemoryStore` (tests; nothing durable).

The port (:class:`~floorman.store.base.EventStore`), its records and errors are re-exported
here; :class:`~floorman.store.aio.AsyncEventStore` adapts a store for asyncio servers.
"""

from __future__ import annotations

from floorman.store.base import (
    REQUEST_RETENTION,
    Append,
    AppendResult,
    Clock,
    EventStore,
    RequestRecord,
    Snapshot,
    StoredEvent,
    TablePage,
    TableRecord,
    TableStatus,
)
from floorman.store.errors import (
    DuplicateRequest,
    InvalidPageToken,
    MigrationError,
    RequestIdConflict,
    SequenceMismatch,
    StoreBusy,
    StoreError,
    StoreFull,
    StoreUnavailable,
    TableClosed,
    TableExists,
    TableNotFound,
)

__all__ = [
    "REQUEST_RETENTION",
    "Append",
    "AppendResult",
    "Clock",
    "DuplicateRequest",
    "EventStore",
    "InvalidPageToken",
    "MigrationError",
    "RequestIdConflict",
    "RequestRecord",
    "SequenceMismatch",
    "Snapshot",
    "StoreBusy",
    "StoreError",
    "StoreFull",
    "StoreUnavailable",
    "StoredEvent",
    "TableClosed",
    "TableExists",
    "TableNotFound",
    "TablePage",
    "TableRecord",
    "TableStatus",
    "open_store",
]


def open_store(
    url: str, *, clock: Clock | None = None, poll_interval: float | None = None
) -> EventStore:
    """Open (and migrate) the store named by ``url``; see the module docstring for the forms.

    ``clock`` returns timezone-aware UTC datetimes (default: the system clock);
    ``poll_interval`` (s) overrides how often the backend looks for other processes' writes
    while somebody waits (SQLite default 0.05, PostgreSQL safety net default 1.0).
    Raises ValueError for an unsupported or malformed URL, :class:`StoreUnavailable` when the
    database cannot be opened, :class:`MigrationError` for a schema this code cannot use.
    """
    if not isinstance(url, str):
        raise TypeError("store url must be a str")
    scheme, sep, rest = url.partition("://")
    scheme = scheme.lower()
    if not sep:
        raise ValueError(f"store url {url!r} has no scheme: use sqlite:///path or postgresql://...")
    extra = {} if poll_interval is None else {"poll_interval": poll_interval}
    if scheme == "sqlite":
        from floorman.store.sqlite import SQLiteStore

        if not rest.startswith("/") or rest == "/":
            raise ValueError(f"SQLite url {url!r} must be sqlite:///path (three slashes)")
        path = rest[1:]
        return SQLiteStore(path, clock=clock, **extra)
    if scheme in ("postgresql", "postgres"):
        from floorman.store.postgres import PostgresStore, parse_postgres_url

        conninfo, schema, pool = parse_postgres_url(url)
        options: dict = {
            "min_size": int(pool.get("pool_min_size", 2)),
            "max_size": int(pool.get("pool_max_size", 10)),
            "pool_timeout": float(pool.get("pool_timeout", 10.0)),
        }
        return PostgresStore(conninfo, schema=schema, clock=clock, **options, **extra)
    if scheme == "memory":
        from floorman.store.memory import MemoryStore

        return MemoryStore(clock=clock)
    raise ValueError(
        f"unsupported store url {url!r}: use sqlite:///path, postgresql://... or memory://"
    )
