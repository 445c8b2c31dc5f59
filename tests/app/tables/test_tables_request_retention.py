"""Request-id retention through the table use cases (DESIGN.md "Contract details":
idempotency, ids kept per table for at least 24 h; issue 16 point 6), on both durable stores
with an injected store clock: a retry inside the window replays the first answer, one after
it is judged as a new request, and the expired records are pruned."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from tables_app_support import Table, service, table_settings

from floorman.app.tables import commands as c
from floorman.domain.model import Action, ActionType
from floorman.store import REQUEST_RETENTION, EventStore, RequestIdConflict, open_store
from tests.support.postgres import fresh_schema_url

FOLD, CALL = ActionType.FOLD, ActionType.CALL


class Clock:
    """A settable UTC clock for the store."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty store of each durable backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'retention.db'}"
    else:
        with fresh_schema_url("retention") as url:
            yield url


@pytest.fixture
def clock() -> Clock:
    """The store's clock, 2025-03-01 20:00 UTC."""
    return Clock()


@pytest.fixture
def store(store_url: str, clock: Clock) -> Iterator[EventStore]:
    """The durable store with the injected clock."""
    opened = open_store(store_url, clock=clock)
    yield opened
    opened.close()


def _started(store: EventStore) -> Table:
    """Three players, first hand started (seat 1 to act), ids r0..r3."""
    table = Table.create(service(store), table_settings())
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    return table


def test_a_retry_replays_for_24_hours_and_is_a_new_request_after(store, clock):
    """A fold retried 24 h after it (same id, payload, stale expected_sequence) answers the
    first answer byte for byte and appends nothing (another payload under the id is a
    conflict); a microsecond later the id is free: a call under it is a new request, appended
    and remembered with its own answer."""
    table = _started(store)
    first = table.act(1, FOLD)  # request id r4
    sequence = table.sequence
    clock.now += REQUEST_RETENTION
    retry = c.RecordAction(
        table_id=table.table_id,
        expected_sequence=sequence - 1,
        request_id="r4",
        action=Action(seat=1, type=FOLD),
    )
    again = table.service.record_action(retry, viewer=table.viewer)
    assert again.outcome is None and again.payload == first.payload
    assert store.current_sequence(table.table_id) == sequence
    with pytest.raises(RequestIdConflict):
        table.run(c.RecordAction, request_id="r4", action=Action(seat=2, type=CALL))

    clock.now += timedelta(microseconds=1)
    reused = table.run(c.RecordAction, request_id="r4", action=Action(seat=2, type=CALL))
    assert reused.outcome is not None
    assert reused.outcome.table.sequence == sequence + 1
    events = store.read_events(table.table_id)
    assert [e.request_id for e in events[-2:]] == ["r4", "r4"]  # the fold and the call
    record = store.get_request(table.table_id, "r4")
    assert (record.sequence, record.created_at) == (sequence + 1, clock.now)


def test_expired_ids_are_pruned_and_live_ones_kept(store, clock):
    """prune_requests (run by the server every hour) deletes the ids older than 24 h by the
    store clock: the create, seats and start of yesterday; the action of an hour ago stays
    and its retry still replays."""
    table = _started(store)  # r0..r3 and the create at 20:00
    clock.now += timedelta(hours=23)
    first = table.act(1, FOLD)  # r4 at 19:00 the next day
    clock.now += timedelta(hours=1, microseconds=1)
    assert store.prune_requests() == 5
    assert store.get_request(table.table_id, "r0") is None
    assert store.get_request(table.table_id, "create-t1") is None
    again = table.run(
        c.RecordAction,
        request_id="r4",
        expected=table.sequence - 1,
        action=Action(seat=1, type=FOLD),
    )
    assert again.payload == first.payload and again.outcome is None
    assert len(store.read_events(table.table_id)) == table.sequence  # the log is untouched
