"""The SQL both relational stores run, written once (SQLite's ``?`` placeholders).

:mod:`floorman.store.sqlite` runs these texts as they are; :mod:`floorman.store.postgres`
runs :func:`postgres` of them (psycopg's ``%s`` placeholders). Only the statements whose text
differs between the dialects (migrations, the PostgreSQL write CTE, upserts of snapshots)
stay in the backends. Time values are bound in each backend's own encoding (SQLite: integer
microseconds, PostgreSQL: ``timestamptz``).
"""

from __future__ import annotations

from typing import Final

TABLE_COLUMNS: Final = "table_id, status, settings, sequence, created_at, updated_at"
REQUEST_COLUMNS: Final = (
    "table_id, request_id, fingerprint, response, sequence, event_count, created_at"
)

SELECT_TABLE: Final = f"SELECT {TABLE_COLUMNS} FROM tables WHERE table_id = ?"
SELECT_SEQUENCE: Final = "SELECT sequence FROM tables WHERE table_id = ?"
LIST_TABLES: Final = (
    f"SELECT {TABLE_COLUMNS} FROM tables WHERE table_id > ? ORDER BY table_id LIMIT ?"
)
SELECT_EVENTS: Final = (
    "SELECT table_id, sequence, payload, request_id, created_at FROM events "
    "WHERE table_id = ? AND sequence > ? ORDER BY sequence LIMIT ?"
)
SELECT_SNAPSHOT: Final = (
    "SELECT table_id, sequence, payload, created_at FROM snapshots "
    "WHERE table_id = ? ORDER BY sequence DESC LIMIT 1"
)

SELECT_REQUEST: Final = (
    f"SELECT {REQUEST_COLUMNS} FROM requests WHERE table_id = ? AND request_id = ?"
)
"""The idempotency record of ``(table_id, request_id)`` (expired or not: the caller judges)."""
DELETE_EXPIRED_REQUEST: Final = (
    "DELETE FROM requests WHERE table_id = ? AND request_id = ? AND created_at < ?"
)
"""Drop one expired record (created before the bound cutoff) that a new write replaces."""
PURGE_REQUESTS: Final = "DELETE FROM requests WHERE created_at < ?"
"""Drop every record created before the bound cutoff (the retention prune)."""


def postgres(statement: str) -> str:
    """``statement`` with psycopg placeholders (``?`` -> ``%s``; the texts here hold no other
    ``?`` and no ``%``)."""
    return statement.replace("?", "%s")
