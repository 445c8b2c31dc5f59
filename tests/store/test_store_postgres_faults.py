"""PostgreSQL connection loss in the middle of a write (issue 16 point 1), deterministic: the
test's own admin connection holds the write at a chosen step (the table row lock, or the
COMMIT itself through a deferred trigger waiting on an advisory lock), then kills exactly
that backend with ``pg_terminate_backend`` (found by the store's unique
``application_name``). The write fails with :class:`StoreUnavailable` whose
``may_have_landed`` says whether its commit was sent; the pool reconnects by itself and a
retry with the same request id is applied once."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator

import psycopg
import pytest
from psycopg import sql

from floorman.store import DuplicateRequest, EventStore, StoreUnavailable, open_store
from tests.support.postgres import server_url

pytestmark = pytest.mark.postgres

ADVISORY_KEY = 716_016
WAIT_SECONDS = 30.0


def _schema(url: str) -> str:
    return url.rsplit("schema=", 1)[1]


@pytest.fixture
def admin(postgres_url: str) -> Iterator[psycopg.Connection]:
    """A separate superuser connection with the test schema on its search path."""
    with psycopg.connect(server_url(), autocommit=True) as conn:
        conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(_schema(postgres_url))))
        yield conn


@pytest.fixture
def app_name() -> str:
    """The ``application_name`` of the store's pooled connections (unique to this test)."""
    return f"floorman-fault-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def store(postgres_url: str, app_name: str) -> Iterator[EventStore]:
    """A store on the test schema, one pooled connection, the test's application name."""
    url = f"{postgres_url}&pool_min_size=1&pool_max_size=1&application_name={app_name}"
    opened = open_store(url)
    opened.create_table(
        "t1", settings="{}", events=["{}"], request_id="create", fingerprint="c", response=b""
    )
    yield opened
    opened.close()


def _append(store: EventStore, request_id: str, expected: int = 1) -> object:
    return store.append(
        "t1",
        expected_sequence=expected,
        events=['{"n": 2}'],
        request_id=request_id,
        fingerprint=f"fp-{request_id}",
        response=f"answer {request_id}".encode(),
    )


def _in_background(call: Callable[[], object]) -> tuple[threading.Thread, list[BaseException]]:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:  # handed to the test thread
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, errors


def _kill_when_waiting(admin: psycopg.Connection, app_name: str, wait_event: str) -> None:
    """Wait until the store's backend waits on ``wait_event`` (``transactionid``/``tuple``
    for a row lock, ``advisory`` for the trigger), then terminate it (and only it)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = %s AND wait_event_type = 'Lock' AND wait_event = ANY(%s)",
            (app_name, wait_event.split(",")),
        ).fetchall()
        if rows:
            assert rows == [(True,)]
            return
        time.sleep(0.01)
    raise AssertionError(f"the write never waited on {wait_event}")


def test_a_write_killed_before_its_commit_has_not_landed(store, admin, app_name):
    """The admin holds the table row lock; the append waits on it and its backend is
    killed: StoreUnavailable with may_have_landed False, nothing written; the pool's next
    connection serves the retry with the same request id, which appends once."""
    admin.execute("BEGIN")
    admin.execute("SELECT 1 FROM tables WHERE table_id = 't1' FOR UPDATE")
    thread, errors = _in_background(lambda: _append(store, "r1"))
    try:
        _kill_when_waiting(admin, app_name, "transactionid,tuple")
    finally:
        admin.execute("ROLLBACK")
    thread.join(WAIT_SECONDS)
    assert len(errors) == 1 and isinstance(errors[0], StoreUnavailable)
    assert errors[0].may_have_landed is False
    assert store.current_sequence("t1") == 1
    assert store.get_request("t1", "r1") is None
    assert _append(store, "r1").sequence == 2  # the pool reconnected by itself
    assert [e.sequence for e in store.read_events("t1")] == [1, 2]


def test_a_write_killed_during_its_commit_may_have_landed(store, admin, app_name):
    """A deferred trigger makes the COMMIT wait on an advisory lock the admin holds; the
    backend is killed there: StoreUnavailable with may_have_landed True (the client cannot
    know; here the server aborted it), and the retry with the same request id appends it
    exactly once; a second retry replays the first answer."""
    admin.execute(
        "CREATE FUNCTION hold_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"PERFORM pg_advisory_xact_lock_shared({ADVISORY_KEY}); RETURN NULL; END $$"
    )
    admin.execute(
        "CREATE CONSTRAINT TRIGGER hold_commit AFTER INSERT ON events "
        "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hold_commit()"
    )
    admin.execute("SELECT pg_advisory_lock(%s)", (ADVISORY_KEY,))
    thread, errors = _in_background(lambda: _append(store, "r1"))
    try:
        _kill_when_waiting(admin, app_name, "advisory")
    finally:
        admin.execute("SELECT pg_advisory_unlock(%s)", (ADVISORY_KEY,))
    thread.join(WAIT_SECONDS)
    assert len(errors) == 1 and isinstance(errors[0], StoreUnavailable)
    assert errors[0].may_have_landed is True
    assert store.current_sequence("t1") == 1  # killed inside COMMIT: rolled back
    assert _append(store, "r1").sequence == 2
    with pytest.raises(DuplicateRequest) as replay:
        _append(store, "r1")
    assert replay.value.response == b"answer r1"
    assert [e.sequence for e in store.read_events("t1")] == [1, 2]
