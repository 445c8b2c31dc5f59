"""SQLite specifics: durability pragmas, reopen, migrations, locking, other-process wake-ups."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from floorman.store import MigrationError, StoreUnavailable, open_store
from floorman.store.migrations import load_migrations
from floorman.store.sqlite import SQLiteStore

CHILD = Path(__file__).with_name("store_child.py")


def _create(store, table_id: str = "t1", events: int = 0) -> None:
    store.create_table(
        table_id,
        settings='{"s": 1}',
        events=[f'{{"n": {n}}}' for n in range(1, events + 1)],
        request_id=f"create-{table_id}",
        fingerprint="f",
        response=b"created",
    )


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The path of a not yet created SQLite store file."""
    return tmp_path / "floorman.db"


def test_connections_use_wal_and_synchronous_full(db_path):
    """Every connection runs in WAL mode with synchronous=FULL (fsync at each commit)."""
    with SQLiteStore(str(db_path)) as store, store._connection() as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_reopen_after_close_keeps_everything(db_path, tmp_path):
    """Tables, events, request records and snapshots survive close and reopen of the file."""
    url = f"sqlite:///{db_path}"
    with open_store(url) as store:
        _create(store, events=3)
        store.close_table(
            "t1",
            expected_sequence=3,
            events=['{"n": 4}'],
            request_id="c",
            fingerprint="f",
            response=b"bye",
        )
        store.put_snapshot("t1", 4, '{"state": 4}')
    with open_store(url) as store:
        assert [e.payload for e in store.read_events("t1")] == [
            '{"n": 1}',
            '{"n": 2}',
            '{"n": 3}',
            '{"n": 4}',
        ]
        table = store.get_table("t1")
        assert (table.status.value, table.sequence, table.settings) == ("closed", 4, '{"s": 1}')
        assert store.get_request("t1", "c").response == b"bye"
        assert store.latest_snapshot("t1").sequence == 4


def test_relative_sqlite_url_is_relative_to_the_working_directory(tmp_path, monkeypatch):
    """sqlite:///name.db opens name.db in the current directory."""
    monkeypatch.chdir(tmp_path)
    with open_store("sqlite:///relative.db") as store:
        _create(store)
    assert (tmp_path / "relative.db").exists()


def test_memory_database_is_shared_by_threads(tmp_path):
    """sqlite:///:memory: is one database for every thread of the store."""
    with open_store("sqlite:///:memory:") as store:
        _create(store)
        seen: list[int] = []
        worker = threading.Thread(target=lambda: seen.append(store.current_sequence("t1")))
        worker.start()
        worker.join()
        assert seen == [0]


def test_migrations_are_recorded_and_rerun_safely(db_path):
    """Reopening applies nothing twice: schema_migrations lists each version once."""
    for _ in range(3):
        SQLiteStore(str(db_path)).close()
    conn = sqlite3.connect(db_path)
    rows = conn.execute("SELECT version, name, checksum FROM schema_migrations").fetchall()
    conn.close()
    expected = [(m.version, m.name, m.checksum) for m in load_migrations("sqlite")]
    assert rows == expected


def test_edited_migration_is_refused(db_path):
    """A database whose applied migration checksum differs from the code raises MigrationError."""
    SQLiteStore(str(db_path)).close()
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
    conn.commit()
    conn.close()
    with pytest.raises(MigrationError):
        SQLiteStore(str(db_path))


def test_newer_schema_is_refused(db_path):
    """A database migrated by a newer release raises MigrationError."""
    SQLiteStore(str(db_path)).close()
    conn = sqlite3.connect(db_path)
    conn.execute("INSERT INTO schema_migrations VALUES (999, 'future', 'x', 0)")
    conn.commit()
    conn.close()
    with pytest.raises(MigrationError, match="newer"):
        SQLiteStore(str(db_path))


def test_events_cannot_be_updated_or_deleted(db_path):
    """Triggers keep the log append-only even for direct SQL."""
    with SQLiteStore(str(db_path)) as store:
        _create(store, events=1)
    conn = sqlite3.connect(db_path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("UPDATE events SET payload = '{}'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("DELETE FROM events")
    conn.close()


def test_write_lock_held_too_long_is_store_unavailable(db_path):
    """When another process holds the write lock past busy_timeout, the write is UNAVAILABLE."""
    with SQLiteStore(str(db_path), busy_timeout=0.1) as store:
        _create(store)
        blocker = sqlite3.connect(db_path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(StoreUnavailable, match="locked"):
                store.append(
                    "t1",
                    expected_sequence=0,
                    events=["{}"],
                    request_id="r",
                    fingerprint="f",
                    response=b"",
                )
            assert store.current_sequence("t1") == 0  # readers are not blocked under WAL
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        store.append(
            "t1", expected_sequence=0, events=["{}"], request_id="r", fingerprint="f", response=b""
        )


def test_unopenable_file_is_store_unavailable(tmp_path):
    """A path in a missing directory raises StoreUnavailable naming the path."""
    with pytest.raises(StoreUnavailable, match="missing"):
        open_store(f"sqlite:///{tmp_path}/missing/dir/x.db")


def test_wait_wakes_on_another_process_append(db_path):
    """wait_for_events wakes when another process appends to the same file (watcher poll)."""
    url = f"sqlite:///{db_path}"
    with open_store(url) as store:
        _create(store)
        woke: list[bool] = []
        waiter = threading.Thread(target=lambda: woke.append(store.wait_for_events("t1", 0, 60)))
        waiter.start()
        while "t1" not in store._notifier.watched_tables():
            threading.Event().wait(0.005)
        child = subprocess.run(
            [sys.executable, str(CHILD), "append-one", url, "t1"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert child.returncode == 0, child.stderr
        waiter.join()
        assert woke == [True]
        assert store.current_sequence("t1") == 1
