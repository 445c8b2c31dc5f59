"""docs/hand-history-formats.md (the start time in every history's header) and DESIGN.md
"the truth is the log": a table's hand exports with the time its HandStarted was stored, the
most recent hand included, and the same hand exports byte-identically from the writing
process's cache, after more hands and after a restart."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest
from tables_app_support import CREATED_AT, DEALER, Table, service, table_settings

from floorman.app.tables import codec
from floorman.domain.model import ActionType
from floorman.domain.table.events import HandStarted
from floorman.store import open_store

FORMATS = ("pokerstars", "phh", "ohh")
STEP = timedelta(seconds=61, microseconds=250_123)


def _ticking_clock():
    """The store's clock: a new instant, with microseconds, at every write."""
    ticks = itertools.count(1)
    return lambda: CREATED_AT + next(ticks) * STEP


def _fold_out(table: Table) -> None:
    """Start a hand and fold the first two players to act (three-handed: the hand ends)."""
    hand = table.start().outcome.hand
    while not hand.complete:
        hand = table.act(hand.state.seat_to_act, ActionType.FOLD).outcome.hand


def _exports(svc, hand_id: str) -> dict[str, str]:
    return {fmt: svc.export_hand("t1", hand_id, fmt, viewer=DEALER).content for fmt in FORMATS}


def _started_at(store, hand_id: str):
    for item in store.read_events("t1", 0):
        event = codec.decode_event(item.payload)
        if isinstance(event, HandStarted) and event.hand_id == hand_id:
            return item.created_at
    raise AssertionError(f"no HandStarted for {hand_id}")


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.db'}"


def test_export_latest_hand_carries_the_stored_start_time_in_every_format(db):
    """docs/hand-history-formats.md: the table's most recent hand (just settled, held in the
    writing process's cache) exports with its start time, the time its HandStarted was stored
    (not the service clock): PokerStars " - YYYY/MM/DD HH:MM:SS UTC", PHH time/day/month/year,
    OHH start_date_utc."""
    store = open_store(db, clock=_ticking_clock())
    table = Table.create(service(store), table_settings())
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    _fold_out(table)
    _fold_out(table)
    started = _started_at(store, "hand-2")
    assert started != CREATED_AT
    latest = _exports(table.service, "")
    assert latest == _exports(table.service, "hand-2")
    header = latest["pokerstars"].splitlines()[0]
    assert header.endswith(started.strftime(" - %Y/%m/%d %H:%M:%S UTC"))
    assert header.startswith("PokerStars Hand #2: ")
    phh = latest["phh"]
    for line in (
        f"time = {started.time().isoformat()}",
        'time_zone = "UTC"',
        f"day = {started.day}",
        f"month = {started.month}",
        f"year = {started.year}",
    ):
        assert line in phh.splitlines()
    assert started.strftime("%Y-%m-%dT%H:%M:%S") in latest["ohh"]


def test_export_of_a_hand_is_the_same_after_more_hands_and_after_a_restart(db):
    """DESIGN.md "the truth is the log": hand 2 exported when it is the latest hand, after
    hand 3 was played, and from a new service on the reopened store is byte-identical in
    every format; so is the latest hand 3 from the old and the new process."""
    clock = _ticking_clock()
    store = open_store(db, clock=clock)
    table = Table.create(service(store), table_settings())
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    _fold_out(table)
    _fold_out(table)
    when_latest = _exports(table.service, "hand-2")
    _fold_out(table)
    after_more = _exports(table.service, "hand-2")
    latest_before = _exports(table.service, "hand-3")
    restarted = service(open_store(db, clock=clock))
    assert when_latest == after_more == _exports(restarted, "hand-2")
    assert latest_before == _exports(restarted, "hand-3") == _exports(restarted, "")
    assert "UTC" in latest_before["pokerstars"].splitlines()[0]
