"""The EventStore contract, run on every backend (memory, SQLite file, PostgreSQL schema)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from floorman.store import (
    REQUEST_RETENTION,
    Append,
    AppendResult,
    DuplicateRequest,
    EventStore,
    InvalidPageToken,
    RequestIdConflict,
    SequenceMismatch,
    StoreUnavailable,
    TableClosed,
    TableExists,
    TableNotFound,
    TableStatus,
)

SETTINGS = json.dumps({"game": "razz", "stakes": [100, 200], "note": "naïve ♠"})


def ev(n: int, **extra: object) -> str:
    """A JSON event payload numbered ``n``."""
    return json.dumps({"kind": "test", "n": n, **extra})


def create(store: EventStore, table_id: str = "t1", *events: str, rid: str = "create") -> None:
    """Create ``table_id`` with ``events`` and a request id ``rid``."""
    store.create_table(
        table_id,
        settings=SETTINGS,
        events=list(events),
        request_id=rid,
        fingerprint=f"fp-{rid}",
        response=f"created {table_id}".encode(),
    )


def append(
    store: EventStore, table_id: str, expected: int, *events: str, rid: str, fp: str = ""
) -> AppendResult:
    """Append ``events`` with request id ``rid`` (fingerprint ``fp`` or derived from rid)."""
    return store.append(
        table_id,
        expected_sequence=expected,
        events=list(events),
        request_id=rid,
        fingerprint=fp or f"fp-{rid}",
        response=f"answer {rid}".encode(),
    )


# ---- tables ------------------------------------------------------------------------------


def test_create_table_numbers_initial_events_from_one(store, clock):
    """create_table stores the settings, status open and its events at sequences 1..n."""
    result = store.create_table(
        "t1",
        settings=SETTINGS,
        events=[ev(1), ev(2)],
        request_id="c1",
        fingerprint="f",
        response=b"\x00\xffcreated",
    )
    assert result.sequence == 2
    assert [e.sequence for e in result.events] == [1, 2]
    table = store.get_table("t1")
    assert (table.table_id, table.status, table.settings, table.sequence) == (
        "t1",
        TableStatus.OPEN,
        SETTINGS,
        2,
    )
    assert table.created_at == clock.now == table.updated_at
    assert store.current_sequence("t1") == 2
    record = store.get_request("t1", "c1")
    assert record is not None
    assert (record.fingerprint, record.response, record.sequence, record.event_count) == (
        "f",
        b"\x00\xffcreated",
        2,
        2,
    )


def test_create_table_without_events_starts_at_sequence_zero(store):
    """A table created with no events has sequence 0 and an empty log."""
    create(store, "t0")
    assert store.current_sequence("t0") == 0
    assert store.read_events("t0") == []


def test_create_existing_table_by_another_request_is_table_exists(store):
    """A second create_table of a taken id with another request id raises TableExists."""
    create(store, "t1", ev(1), rid="a")
    with pytest.raises(TableExists) as caught:
        create(store, "t1", ev(9), rid="b")
    assert caught.value.table_id == "t1"
    assert store.current_sequence("t1") == 1


def test_create_table_retry_returns_first_response(store):
    """Retrying create_table with the same request id and fingerprint is a DuplicateRequest."""
    create(store, "t1", ev(1), rid="a")
    with pytest.raises(DuplicateRequest) as caught:
        create(store, "t1", ev(1), rid="a")
    assert caught.value.response == b"created t1"
    assert caught.value.record.sequence == 1
    assert len(store.read_events("t1")) == 1


def test_create_table_same_request_id_other_payload_conflicts(store):
    """The creating request id with another fingerprint raises RequestIdConflict."""
    create(store, "t1", rid="a")
    with pytest.raises(RequestIdConflict):
        store.create_table(
            "t1", settings="{}", events=[], request_id="a", fingerprint="other", response=b""
        )


def test_get_table_unknown_is_table_not_found(store):
    """get_table, current_sequence and read_events of an unknown table raise TableNotFound."""
    with pytest.raises(TableNotFound):
        store.get_table("nope")
    with pytest.raises(TableNotFound):
        store.current_sequence("nope")
    with pytest.raises(TableNotFound):
        store.read_events("nope")
    assert store.get_request("nope", "r") is None
    assert store.latest_snapshot("nope") is None


# ---- append ------------------------------------------------------------------------------


def test_appends_are_gap_free_and_ordered(store, clock):
    """Successive appends number events current+1.. without gaps, in order."""
    create(store, "t1", ev(1))
    first = append(store, "t1", 1, ev(2), ev(3), rid="r1")
    clock.advance(timedelta(seconds=1))
    second = append(store, "t1", 3, ev(4), rid="r2")
    assert (first.sequence, second.sequence) == (3, 4)
    assert [e.sequence for e in second.events] == [4]
    events = store.read_events("t1")
    assert [e.sequence for e in events] == [1, 2, 3, 4]
    assert [json.loads(e.payload)["n"] for e in events] == [1, 2, 3, 4]
    assert [e.request_id for e in events] == ["create", "r1", "r1", "r2"]
    assert events[3].created_at == clock.now
    table = store.get_table("t1")
    assert (table.sequence, table.updated_at) == (4, clock.now)


@pytest.mark.parametrize("expected", [0, 1, 3, 10])
def test_expected_sequence_mismatch_appends_nothing(store, expected):
    """An expected_sequence other than the current one raises SequenceMismatch(current)."""
    create(store, "t1", ev(1), ev(2))
    with pytest.raises(SequenceMismatch) as caught:
        append(store, "t1", expected, ev(3), rid="late")
    assert caught.value.current_sequence == 2
    assert caught.value.expected_sequence == expected
    assert store.current_sequence("t1") == 2
    assert store.get_request("t1", "late") is None


def test_retry_returns_first_response_and_appends_nothing(store):
    """A retry (same request id and fingerprint) returns the first response, appends nothing."""
    create(store, "t1")
    append(store, "t1", 0, ev(1), rid="r1")
    append(store, "t1", 1, ev(2), rid="r2")
    for expected in (0, 1, 2):  # the id is looked up before expected_sequence is checked
        with pytest.raises(DuplicateRequest) as caught:
            append(store, "t1", expected, ev(1), rid="r1")
        assert caught.value.response == b"answer r1"
        assert (caught.value.record.sequence, caught.value.record.event_count) == (1, 1)
    assert [e.sequence for e in store.read_events("t1")] == [1, 2]


def test_same_request_id_other_payload_is_refused(store):
    """The same request id with another fingerprint raises RequestIdConflict, appends nothing."""
    create(store, "t1")
    append(store, "t1", 0, ev(1), rid="r1", fp="one")
    with pytest.raises(RequestIdConflict) as caught:
        append(store, "t1", 1, ev(2), rid="r1", fp="two")
    assert (caught.value.table_id, caught.value.request_id) == ("t1", "r1")
    assert store.current_sequence("t1") == 1


def test_request_ids_are_scoped_per_table(store):
    """One request id may be used once on each table."""
    create(store, "a")
    create(store, "b")
    assert append(store, "a", 0, ev(1), rid="same").sequence == 1
    assert append(store, "b", 0, ev(1), rid="same").sequence == 1


def test_append_to_unknown_table_is_table_not_found(store):
    """Appending to a table that does not exist raises TableNotFound."""
    with pytest.raises(TableNotFound):
        append(store, "ghost", 0, ev(1), rid="r")


def test_payload_text_is_stored_verbatim(store):
    """Payloads come back byte for byte (key order, spacing, non-ASCII kept)."""
    create(store, "t1")
    payload = '{"z": 1,  "a": "Ah Kd 10h ♣", "emoji": "🂡"}'
    append(store, "t1", 0, payload, rid="r")
    assert store.read_events("t1")[0].payload == payload


@pytest.mark.parametrize(
    ("events", "error"),
    [([], ValueError), (["ok", 3], TypeError), ("{}", TypeError), (["a\x00b"], ValueError)],
)
def test_malformed_writes_are_refused_before_touching_the_log(store, events, error):
    """Empty event lists, non-text payloads and NUL characters are programming errors."""
    create(store, "t1")
    with pytest.raises(error):
        store.append(
            "t1", expected_sequence=0, events=events, request_id="r", fingerprint="f", response=b""
        )
    assert store.current_sequence("t1") == 0


def test_bad_arguments_are_type_and_value_errors(store):
    """Booleans/negatives as sequences, empty or overlong ids and str responses are refused."""
    create(store, "t1")
    with pytest.raises(TypeError):
        append(store, "t1", True, ev(1), rid="r")
    with pytest.raises(ValueError):
        append(store, "t1", -1, ev(1), rid="r")
    with pytest.raises(ValueError):
        append(store, "t1", 0, ev(1), rid="")
    with pytest.raises(ValueError):
        append(store, "t" * 129, 0, ev(1), rid="r")
    with pytest.raises(TypeError):
        store.append(
            "t1", expected_sequence=0, events=[ev(1)], request_id="r", fingerprint="f", response=""
        )
    assert store.current_sequence("t1") == 0


# ---- close -------------------------------------------------------------------------------


def test_close_table_appends_and_closes_in_one_write(store):
    """close_table appends its events and marks the table closed."""
    create(store, "t1", ev(1))
    result = store.close_table(
        "t1",
        expected_sequence=1,
        events=[ev(2, kind="closed")],
        request_id="close",
        fingerprint="fc",
        response=b"bye",
    )
    assert result.sequence == 2
    table = store.get_table("t1")
    assert (table.status, table.sequence) == (TableStatus.CLOSED, 2)
    assert json.loads(store.read_events("t1", 1)[0].payload)["kind"] == "closed"


def test_closed_table_refuses_writes_but_answers_retries(store):
    """After close, appends raise TableClosed; a retry of the close gets its first answer."""
    create(store, "t1")
    close = {"events": [ev(1)], "request_id": "c", "fingerprint": "fc", "response": b"bye"}
    store.close_table("t1", expected_sequence=0, **close)
    with pytest.raises(TableClosed) as caught:
        append(store, "t1", 1, ev(2), rid="after")
    assert caught.value.sequence == 1
    with pytest.raises(TableClosed):
        store.close_table(
            "t1",
            expected_sequence=1,
            events=[ev(2)],
            request_id="c2",
            fingerprint="x",
            response=b"",
        )
    with pytest.raises(DuplicateRequest) as retried:
        store.close_table("t1", expected_sequence=0, **close)
    assert retried.value.response == b"bye"
    with pytest.raises(SequenceMismatch):
        append(store, "t1", 0, ev(2), rid="stale")  # sequence is checked before status
    assert store.current_sequence("t1") == 1


def test_close_table_checks_expected_sequence(store):
    """close_table with a stale expected_sequence raises SequenceMismatch and stays open."""
    create(store, "t1", ev(1))
    with pytest.raises(SequenceMismatch):
        store.close_table(
            "t1", expected_sequence=0, events=[ev(2)], request_id="c", fingerprint="f", response=b""
        )
    assert store.get_table("t1").status is TableStatus.OPEN


# ---- reads and paging --------------------------------------------------------------------


def test_read_events_pages_by_after_sequence_and_limit(store):
    """read_events returns events after after_sequence, at most limit, in order."""
    create(store, "t1", *(ev(n) for n in range(1, 8)))
    assert [e.sequence for e in store.read_events("t1", 0, 3)] == [1, 2, 3]
    assert [e.sequence for e in store.read_events("t1", 3, 3)] == [4, 5, 6]
    assert [e.sequence for e in store.read_events("t1", 6, 3)] == [7]
    assert store.read_events("t1", 7, 3) == []
    assert store.read_events("t1", 99) == []
    assert [e.sequence for e in store.read_events("t1", 5)] == [6, 7]
    assert store.read_events("t1", 2, 0) == []
    with pytest.raises(ValueError):
        store.read_events("t1", -1)


def test_list_tables_pages_in_table_id_order(store):
    """list_tables walks every table once, in code point order, with opaque tokens."""
    ids = ["t-05", "t-01", "T-99", "t-03", "t-02", "ü-1", "t-04", "a"]
    for table_id in ids:
        create(store, table_id, rid=f"c-{table_id}")
    seen, token, pages = [], "", 0
    while True:
        page = store.list_tables(3, token)
        pages += 1
        assert len(page.tables) <= 3
        seen += [t.table_id for t in page.tables]
        token = page.next_page_token
        if not token:
            break
    assert seen == sorted(ids)
    assert pages == 3
    assert [t.table_id for t in store.list_tables(0).tables] == sorted(ids)


def test_list_tables_token_survives_new_tables(store):
    """A table created after a token was handed out is listed when it sorts after it."""
    for table_id in ("b", "d"):
        create(store, table_id, rid=table_id)
    page = store.list_tables(1)
    assert [t.table_id for t in page.tables] == ["b"]
    create(store, "a", rid="a")
    create(store, "c", rid="c")
    rest = store.list_tables(10, page.next_page_token)
    assert [t.table_id for t in rest.tables] == ["c", "d"]
    assert rest.next_page_token == ""


@pytest.mark.parametrize("token", ["garbage!", "eyJ4IjoxfQ", "WzIsImEiXQ", 7])
def test_list_tables_refuses_foreign_tokens(store, token):
    """A page token the store did not hand out raises InvalidPageToken."""
    with pytest.raises(InvalidPageToken):
        store.list_tables(5, token)


def test_list_tables_of_empty_store(store):
    """An empty store lists nothing and no next token."""
    page = store.list_tables()
    assert (page.tables, page.next_page_token) == ((), "")


# ---- snapshots ---------------------------------------------------------------------------


def test_snapshots_keep_the_newest(store):
    """latest_snapshot returns the highest-sequence snapshot; an older put does not win."""
    create(store, "t1", *(ev(n) for n in range(1, 6)))
    assert store.latest_snapshot("t1") is None
    store.put_snapshot("t1", 2, '{"state": 2}')
    store.put_snapshot("t1", 4, '{"state": 4}')
    store.put_snapshot("t1", 3, '{"state": 3}')
    snapshot = store.latest_snapshot("t1")
    assert (snapshot.sequence, snapshot.payload) == (4, '{"state": 4}')
    store.put_snapshot("t1", 4, '{"state": "4b"}')
    assert store.latest_snapshot("t1").payload == '{"state": "4b"}'


def test_snapshot_beyond_the_log_or_of_unknown_table_is_refused(store):
    """A snapshot past the current sequence is a ValueError; of a missing table, TableNotFound."""
    create(store, "t1", ev(1))
    with pytest.raises(ValueError):
        store.put_snapshot("t1", 2, "{}")
    with pytest.raises(TableNotFound):
        store.put_snapshot("ghost", 0, "{}")


# ---- request retention -------------------------------------------------------------------


def test_purge_requests_keeps_ids_at_least_24_hours(store, clock):
    """purge_requests drops records older than the cutoff and refuses a cutoff under 24 h."""
    create(store, "t1")
    append(store, "t1", 0, ev(1), rid="old")
    clock.advance(timedelta(hours=10))
    append(store, "t1", 1, ev(2), rid="new")
    with pytest.raises(ValueError):
        store.purge_requests(older_than=clock.now - timedelta(hours=23))
    clock.advance(REQUEST_RETENTION)
    assert store.purge_requests(older_than=clock.now - REQUEST_RETENTION) == 2  # create, old
    assert store.get_request("t1", "old") is None
    assert store.get_request("t1", "new") is not None
    assert store.read_events("t1")[0].request_id == "old"  # the log itself is untouched


def test_purge_requests_needs_an_aware_cutoff(store, clock):
    """A naive datetime cutoff is refused."""
    with pytest.raises(ValueError):
        store.purge_requests(older_than=(clock.now - timedelta(days=2)).replace(tzinfo=None))


def test_a_retry_inside_the_retention_window_replays_and_one_after_it_is_new(store, clock):
    """DESIGN.md "Contract details" (ids kept per table >= 24 h): until REQUEST_RETENTION has
    passed a retry is a DuplicateRequest carrying the first answer (another payload: a
    conflict); from then on, pruned or not, the id is free: the write is judged as new
    (here a stale expected_sequence, then a fresh one appends under the same id)."""
    create(store, "t1")
    append(store, "t1", 0, ev(1), rid="r1")
    clock.advance(REQUEST_RETENTION)  # exactly 24 h after the first write: still kept
    with pytest.raises(DuplicateRequest) as duplicate:
        append(store, "t1", 0, ev(1), rid="r1")
    assert duplicate.value.response == b"answer r1"
    with pytest.raises(RequestIdConflict):
        append(store, "t1", 1, ev(2), rid="r1", fp="other")
    assert store.get_request("t1", "r1").sequence == 1
    clock.advance(timedelta(microseconds=1))  # past 24 h
    assert store.get_request("t1", "r1") is None
    with pytest.raises(SequenceMismatch):  # new: judged on its expected_sequence
        append(store, "t1", 0, ev(1), rid="r1")
    result = append(store, "t1", 1, ev(2), rid="r1", fp="other")  # not pruned: replaced
    assert result.sequence == 2
    record = store.get_request("t1", "r1")
    assert (record.fingerprint, record.sequence, record.created_at) == ("other", 2, clock.now)
    with pytest.raises(DuplicateRequest):
        append(store, "t1", 1, ev(2), rid="r1", fp="other")
    assert [e.request_id for e in store.read_events("t1")] == ["r1", "r1"]


def test_prune_requests_drops_exactly_the_expired_records(store, clock):
    """prune_requests deletes the records older than REQUEST_RETENTION by the store clock and
    keeps the live ones (their retries still replay)."""
    create(store, "t1")
    append(store, "t1", 0, ev(1), rid="old")
    clock.advance(timedelta(hours=1))
    append(store, "t1", 1, ev(2), rid="young")
    clock.advance(REQUEST_RETENTION - timedelta(minutes=30))
    assert store.prune_requests() == 2  # create, old
    assert store.prune_requests() == 0
    with pytest.raises(DuplicateRequest):
        append(store, "t1", 1, ev(2), rid="young")
    clock.advance(timedelta(minutes=30))
    assert store.prune_requests() == 0  # exactly 24 h old: kept
    clock.advance(timedelta(microseconds=1))
    assert store.prune_requests() == 1
    assert store.get_request("t1", "young") is None
    assert store.current_sequence("t1") == 2


# ---- waiting and lifecycle ---------------------------------------------------------------


def test_wait_for_events_answers_at_once_or_times_out(store):
    """wait_for_events is True when events exist after the mark, False after the timeout."""
    create(store, "t1", ev(1))
    assert store.wait_for_events("t1", 0, 5.0) is True
    assert store.wait_for_events("t1", 1, 0.05) is False
    with pytest.raises(TableNotFound):
        store.wait_for_events("ghost", 0, 0.05)


def test_closed_store_is_unavailable(store_url):
    """Every call on a closed store raises StoreUnavailable."""
    from floorman.store import open_store

    closed = open_store(store_url)
    create(closed, "t1")
    closed.close()
    with pytest.raises(StoreUnavailable):
        closed.get_table("t1")
    with pytest.raises(StoreUnavailable):
        append(closed, "t1", 0, ev(1), rid="r")


def test_append_all_answers_each_write_as_append_would(store):
    """EventStore.append_all (the batching writer's call, issue 16 point 3): each write gets
    what its own append / close_table would give, in order, errors returned not raised; the
    writes that land are in the log and a waiter sees them."""
    create(store, "a", ev(1))
    create(store, "b", ev(1))
    create(store, "c", ev(1))
    outcomes = store.append_all(
        [
            Append("a", 1, [ev(2)], "a2", "fp-a2", b"A2"),
            Append("b", 5, [ev(2)], "b2", "fp-b2", b"B2"),  # stale sequence
            Append("c", 1, [ev(2), ev(3)], "c2", "fp-c2", b"C2", close=True),
            Append("zz", 0, [ev(1)], "z", "fp-z", b"Z"),  # unknown table
            Append("a", 2, [], "a3", "fp-a3", b"A3"),  # no event: refused before the log
        ]
    )
    assert isinstance(outcomes[0], AppendResult) and outcomes[0].sequence == 2
    assert isinstance(outcomes[1], SequenceMismatch) and outcomes[1].current_sequence == 1
    assert isinstance(outcomes[2], AppendResult) and outcomes[2].sequence == 3
    assert isinstance(outcomes[3], TableNotFound)
    assert isinstance(outcomes[4], ValueError)
    assert [e.sequence for e in store.read_events("a")] == [1, 2]
    assert store.current_sequence("b") == 1
    assert store.get_table("c").status is TableStatus.CLOSED
    assert store.wait_for_events("a", 1, timeout=0) is True
    again = store.append_all([Append("a", 1, [ev(2)], "a2", "fp-a2", b"A2")])
    assert isinstance(again[0], DuplicateRequest) and again[0].response == b"A2"
    assert store.append_all([]) == []
