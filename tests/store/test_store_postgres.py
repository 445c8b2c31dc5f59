"""PostgreSQL specifics: reopen, migrations under concurrent starts, schemas, URLs, outages."""

from __future__ import annotations

import threading

import psycopg
import pytest
from psycopg import sql

from floorman.store import MigrationError, StoreUnavailable, open_store
from floorman.store.migrations import load_migrations
from floorman.store.postgres import parse_postgres_url
from tests.support.postgres import server_url

pytestmark = pytest.mark.postgres


def _schema(url: str) -> str:
    return url.rsplit("schema=", 1)[1]


def _admin(url: str):
    conn = psycopg.connect(server_url(), autocommit=True)
    conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(_schema(url))))
    return conn


def _create(store, table_id: str = "t1", events: int = 0) -> None:
    store.create_table(
        table_id,
        settings='{"s": 1}',
        events=[f'{{"n": {n}}}' for n in range(1, events + 1)],
        request_id=f"create-{table_id}",
        fingerprint="f",
        response=b"created",
    )


def test_reopen_after_close_keeps_everything(postgres_url):
    """Tables, events, request records and snapshots survive closing and reopening the store."""
    with open_store(postgres_url) as store:
        _create(store, events=2)
        store.close_table(
            "t1",
            expected_sequence=2,
            events=['{"n": 3}'],
            request_id="c",
            fingerprint="f",
            response=b"\x00bye",
        )
        store.put_snapshot("t1", 3, '{"state": 3}')
    with open_store(postgres_url) as store:
        assert [e.sequence for e in store.read_events("t1")] == [1, 2, 3]
        table = store.get_table("t1")
        assert (table.status.value, table.sequence) == ("closed", 3)
        assert store.get_request("t1", "c").response == b"\x00bye"
        assert store.latest_snapshot("t1").payload == '{"state": 3}'


def test_replicas_starting_together_migrate_once(postgres_url):
    """Stores opening at once on a fresh schema serialize on the advisory lock; all work."""
    stores, errors = [], []
    barrier = threading.Barrier(4)

    def start() -> None:
        barrier.wait()
        try:
            stores.append(open_store(postgres_url))
        except Exception as exc:  # pragma: no cover - reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        _create(stores[0])
        assert stores[3].current_sequence("t1") == 0
    finally:
        for store in stores:
            store.close()
    with _admin(postgres_url) as conn:
        rows = conn.execute("SELECT version, name, checksum FROM schema_migrations").fetchall()
    assert rows == [(m.version, m.name, m.checksum) for m in load_migrations("postgres")]


def test_edited_or_newer_migrations_are_refused(postgres_url):
    """An applied migration with another checksum, or a newer version, raises MigrationError."""
    open_store(postgres_url).close()
    with _admin(postgres_url) as conn:
        conn.execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
    with pytest.raises(MigrationError, match="differs"):
        open_store(postgres_url)
    with _admin(postgres_url) as conn:
        conn.execute("DELETE FROM schema_migrations")
        conn.cursor().executemany(
            "INSERT INTO schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
            [(m.version, m.name, m.checksum) for m in load_migrations("postgres")]
            + [(999, "future", "x")],
        )
    with pytest.raises(MigrationError, match="newer"):
        open_store(postgres_url)


def test_events_cannot_be_updated_deleted_or_truncated(postgres_url):
    """Triggers keep the log append-only even for direct SQL."""
    with open_store(postgres_url) as store:
        _create(store, events=1)
    with _admin(postgres_url) as conn:
        for statement in ("UPDATE events SET payload = '{}'", "DELETE FROM events"):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                conn.execute(statement)
        with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
            conn.execute("TRUNCATE events CASCADE")


def test_schemas_isolate_stores(postgres_url):
    """Two schemas on one database are two independent stores."""
    from tests.support.postgres import fresh_schema_url

    with (
        fresh_schema_url("iso") as other_url,
        open_store(postgres_url) as mine,
        open_store(other_url) as other,
    ):
        _create(mine, "only-mine")
        assert other.list_tables().tables == ()
        _create(other, "only-mine")  # no TableExists: another schema


def test_unreachable_server_is_store_unavailable():
    """A URL whose server does not answer raises StoreUnavailable."""
    with pytest.raises(StoreUnavailable):
        open_store("postgresql://root@127.0.0.1:1/test?connect_timeout=2")


def test_parse_postgres_url_extracts_floorman_parameters():
    """schema and pool_* parameters are taken out; libpq ones stay; postgres:// is accepted."""
    conninfo, schema, pool = parse_postgres_url(
        "postgres://u@h:5433/db?schema=my_s&sslmode=disable&pool_max_size=4"
    )
    assert schema == "my_s"
    assert pool == {"pool_max_size": "4"}
    assert conninfo == "postgresql://u@h:5433/db?sslmode=disable&connect_timeout=5"
    assert parse_postgres_url("postgresql://u@h/db")[1] == "public"


@pytest.mark.parametrize("schema", ["Upper", "1abc", "has-dash", "a" * 64, ""])
def test_invalid_schema_names_are_refused(schema):
    """Schema names must be lowercase identifiers of at most 63 characters."""
    with pytest.raises(ValueError, match="schema"):
        parse_postgres_url(f"postgresql://u@h/db?schema={schema}")


def _terminate(where: str, *params: object) -> int:
    with psycopg.connect(server_url(), autocommit=True) as conn:
        rows = conn.execute(
            f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE {where}", params
        ).fetchall()
    return len(rows)


def test_pooled_connection_killed_by_the_server_is_replaced(postgres_url):
    """After the server drops a pooled connection, the next call gets a fresh one."""
    with open_store(f"{postgres_url}&pool_min_size=1&pool_max_size=1") as store:
        _create(store)
        with store._pool.connection() as conn:
            pid = conn.info.backend_pid
        assert _terminate("pid = %s", pid) == 1
        assert store.current_sequence("t1") == 0
        store.append(
            "t1", expected_sequence=0, events=["{}"], request_id="r", fingerprint="f", response=b""
        )


def _listener_pid(name: str) -> int | None:
    with psycopg.connect(server_url(), autocommit=True) as conn:
        row = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s", (name,)
        ).fetchone()
    return None if row is None else row[0]


def test_listener_reconnects_after_losing_its_connection(postgres_url):
    """When the LISTEN connection is killed, the listener reconnects and wakes waiters again."""
    with (
        open_store(postgres_url, poll_interval=3600) as waiter,
        open_store(postgres_url) as writer,
    ):
        _create(writer)
        assert waiter.wait_for_events("t1", 0, 0.01) is False  # starts the listener
        old_pid = _listener_pid(waiter.listener_name)
        assert old_pid is not None
        assert _terminate("pid = %s", old_pid) == 1
        while _listener_pid(waiter.listener_name) in (None, old_pid):
            threading.Event().wait(0.02)
        woke: list[bool] = []
        thread = threading.Thread(target=lambda: woke.append(waiter.wait_for_events("t1", 0, 30)))
        thread.start()
        while "t1" not in waiter._notifier.watched_tables():
            threading.Event().wait(0.01)
        writer.append(
            "t1", expected_sequence=0, events=["{}"], request_id="r", fingerprint="f", response=b""
        )
        thread.join()
        assert woke == [True]
