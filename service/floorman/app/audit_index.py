"""A disk-backed :class:`~floorman.domain.audit.HandRegistry` for audit runs too large for a
dict in memory (issue 13 point 4): ``floorman audit`` over millions of hands keeps its
duplicate detection in bounded memory.

The entries (identity, digest, first document, first line) live in a private temporary
SQLite database (stdlib :mod:`sqlite3`, filename ``""``: a file SQLite creates and deletes
itself when the connection closes); SQLite keeps at most :data:`CACHE_KIB` of its pages in
memory. Document names are stored once each (a table of sources). The screening logic is
the domain's (:meth:`~floorman.domain.audit.HandRegistry.screen`); this class only stores.
One thread at a time (the thread that created it), like any registry.
"""

from __future__ import annotations

import sqlite3
from types import TracebackType
from typing import Final

from floorman.domain.audit import FirstCopy, HandRegistry

CACHE_KIB: Final = 4096
"""SQLite page cache of one index (KiB): the index's memory bound, whatever its size on disk."""
COMMIT_EVERY: Final = 20_000
"""Inserts between commits (fewer, larger writes; nothing needs to survive a crash)."""

_SCHEMA: Final = (
    "CREATE TABLE sources (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
    "CREATE TABLE copies (seq INTEGER PRIMARY KEY, identity TEXT NOT NULL, "
    "digest TEXT NOT NULL, source INTEGER NOT NULL, line INTEGER NOT NULL)",
    "CREATE INDEX copies_identity ON copies (identity, seq)",
)


class DiskHandRegistry(HandRegistry):
    """The hands an audit run has met, on disk (see the module docstring).

    Args:
        path: the database file; ``""`` (default) a private temporary file deleted on
            :meth:`close`.

    Use it as a context manager, or call :meth:`close`.
    """

    def __init__(self, path: str = "") -> None:
        super().__init__()
        self._db = sqlite3.connect(path, isolation_level=None)
        for pragma in (
            "journal_mode = OFF",
            "synchronous = OFF",
            "temp_store = FILE",
            f"cache_size = -{CACHE_KIB}",
        ):
            self._db.execute(f"PRAGMA {pragma}")
        for statement in _SCHEMA:
            self._db.execute(statement)
        self._db.execute("BEGIN")
        self._pending = 0
        self._source: tuple[str, int] | None = None

    def __len__(self) -> int:
        """How many distinct identities were met."""
        (count,) = self._db.execute("SELECT COUNT(DISTINCT identity) FROM copies").fetchone()
        return int(count)

    def versions(self, identity: str) -> list[tuple[str, FirstCopy]]:
        """See :meth:`HandRegistry.versions`."""
        rows = self._db.execute(
            "SELECT c.digest, s.name, c.line FROM copies c JOIN sources s ON s.id = c.source "
            "WHERE c.identity = ? ORDER BY c.seq",
            (identity,),
        )
        return [(digest, FirstCopy(name, line)) for digest, name, line in rows]

    def add(self, identity: str, digest: str, first: FirstCopy) -> None:
        """See :meth:`HandRegistry.add`."""
        self._db.execute(
            "INSERT INTO copies (identity, digest, source, line) VALUES (?, ?, ?, ?)",
            (identity, digest, self._source_id(first.source), first.line),
        )
        self._pending += 1
        if self._pending >= COMMIT_EVERY:
            self._db.execute("COMMIT")
            self._db.execute("BEGIN")
            self._pending = 0

    def _source_id(self, name: str) -> int:
        """The row id of a document name (the last one is remembered: a document's hands
        come one after the other)."""
        if self._source is not None and self._source[0] == name:
            return self._source[1]
        self._db.execute("INSERT OR IGNORE INTO sources (name) VALUES (?)", (name,))
        (row,) = self._db.execute("SELECT id FROM sources WHERE name = ?", (name,)).fetchone()
        self._source = (name, int(row))
        return self._source[1]

    def close(self) -> None:
        """Drop the index (its temporary file is deleted)."""
        self._db.close()

    def __enter__(self) -> DiskHandRegistry:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
