"""Opening stores by URL, migration files, page tokens, the notifier and the test helpers."""

from __future__ import annotations

import threading

import pytest

from floorman.store import InvalidPageToken, MigrationError, open_store
from floorman.store.memory import MemoryStore
from floorman.store.migrations import Migration, check_applied, load_migrations
from floorman.store.notify import SequenceNotifier
from floorman.store.sqlite import SQLiteStore
from floorman.store.tokens import decode_page_token, encode_page_token
from tests.support import postgres as pg_support


@pytest.mark.parametrize(
    "url",
    [
        "mysql://u@h/db",
        "sqlite://relative.db",
        "sqlite:///",
        "floorman.db",
        "postgresql://u@h/db?schema=Bad-Name",
        "",
    ],
)
def test_unsupported_or_malformed_urls_are_value_errors(url):
    """Anything but sqlite:///path, postgresql://... or memory:// is a clear ValueError."""
    with pytest.raises(ValueError):
        open_store(url)


def test_url_schemes_select_the_backend(tmp_path):
    """memory://, sqlite:///:memory: and sqlite:////absolute open the matching store."""
    with open_store("memory://") as store:
        assert isinstance(store, MemoryStore)
    with open_store("SQLite:///:memory:") as store:  # schemes are case-insensitive
        assert isinstance(store, SQLiteStore)
        assert store.path == ":memory:"
    absolute = tmp_path / "abs.db"
    with open_store(f"sqlite:///{absolute}") as store:
        assert store.path == str(absolute)
    assert absolute.exists()


def test_migration_files_are_numbered_without_gaps():
    """Each backend ships migrations 1..n with sha256 checksums."""
    for backend in ("sqlite", "postgres"):
        migrations = load_migrations(backend)
        assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
        assert all(len(m.checksum) == 64 and m.sql.strip() for m in migrations)


def test_check_applied_returns_pending_and_refuses_drift():
    """Pending migrations are the unapplied ones; edited or unknown versions are refused."""
    migrations = (Migration(1, "a", "x", "c1"), Migration(2, "b", "y", "c2"))
    assert check_applied(migrations, {}) == migrations
    assert check_applied(migrations, {1: "c1"}) == migrations[1:]
    assert check_applied(migrations, {1: "c1", 2: "c2"}) == ()
    with pytest.raises(MigrationError, match="differs"):
        check_applied(migrations, {1: "other"})
    with pytest.raises(MigrationError, match="newer"):
        check_applied(migrations, {1: "c1", 3: "c3"})


@pytest.mark.parametrize("table_id", ["t", "Table ü ♠ 1", "x" * 128])
def test_page_tokens_round_trip(table_id):
    """A token decodes to the table id it was made from, and is URL-safe."""
    token = encode_page_token(table_id)
    assert decode_page_token(token) == table_id
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode_page_token("") is None
    with pytest.raises(InvalidPageToken):
        decode_page_token(token[:-3] + "~~~")


def test_notifier_wakes_thread_waiters_only_past_their_mark():
    """publish wakes waiters whose mark it passes; known sequences never go down."""
    notifier = SequenceNotifier()
    notifier.publish("t", 3)
    notifier.publish("t", 2)
    assert notifier.known("t") == 3
    assert notifier.wait("t", 2, 0.0) is True
    assert notifier.wait("t", 3, 0.01) is False
    results: list[bool] = []
    waiter = threading.Thread(target=lambda: results.append(notifier.wait("t", 3, 30)))
    waiter.start()
    notifier.publish("other", 9)
    notifier.publish("t", 4)
    waiter.join()
    assert results == [True]


def test_notifier_tracks_watched_tables():
    """watching() marks a table as waited on for the duration of the block, nested or not."""
    notifier = SequenceNotifier()
    with notifier.watching("b"), notifier.watching("a"), notifier.watching("b"):
        assert notifier.watched_tables() == ["a", "b"]
        assert notifier.wait_for_watchers(0.0) is True
    assert notifier.watched_tables() == []
    assert notifier.wait_for_watchers(0.01) is False


def test_require_postgres_fails_under_ci_and_skips_otherwise(monkeypatch):
    """Without a server the PostgreSQL helper fails the test under CI=true, else skips it."""
    monkeypatch.setenv("FLOORMAN_TEST_POSTGRES_URL", "postgresql://root@127.0.0.1:1/none")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="under CI"):
        pg_support.require_postgres()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="not reachable"):
        pg_support.require_postgres()


def test_with_schema_sets_the_schema_parameter():
    """with_schema replaces or adds the schema query parameter and keeps the others."""
    url = pg_support.with_schema("postgresql://u@h/db?sslmode=disable&schema=old", "new_one")
    assert url == "postgresql://u@h/db?sslmode=disable&schema=new_one"
    assert pg_support.new_schema_name("x") != pg_support.new_schema_name("x")
