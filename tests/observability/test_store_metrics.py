"""The store metrics wrapper: every port call timed by backend and operation, every raised
error counted by kind, results and errors passed through unchanged."""

from __future__ import annotations

import asyncio

import pytest

from floorman.observability.metrics import Metrics
from floorman.observability.store_metrics import (
    FAILURES,
    TIMED_OPERATIONS,
    InstrumentedStore,
    backend_name,
    error_label,
)
from floorman.store import (
    DuplicateRequest,
    EventStore,
    SequenceMismatch,
    StoreError,
    StoreUnavailable,
    TableNotFound,
    open_store,
)

SECONDS = "floorman_store_operation_seconds_count"
ERRORS = "floorman_store_errors_total"


def _calls(metrics: Metrics, operation: str, backend: str = "memory") -> float:
    value = metrics.registry.get_sample_value(SECONDS, {"backend": backend, "operation": operation})
    return value or 0.0


def _errors(metrics: Metrics, operation: str, error: str, backend: str = "memory") -> float | None:
    return metrics.registry.get_sample_value(
        ERRORS, {"backend": backend, "operation": operation, "error": error}
    )


def _write(store, request_id: str, expected: int) -> None:
    store.append(
        "t1",
        expected_sequence=expected,
        events=['{"e": 1}'],
        request_id=request_id,
        fingerprint=request_id,
        response=b"ok",
    )


@pytest.fixture
def wrapped() -> tuple[InstrumentedStore, Metrics]:
    """A memory store behind the wrapper, with table ``t1`` created (sequence 1)."""
    metrics = Metrics()
    store = InstrumentedStore(open_store("memory://"), metrics)
    store.create_table(
        "t1", settings="{}", events=['{"e": 0}'], request_id="c", fingerprint="c", response=b""
    )
    yield store, metrics
    store.close()


def test_the_wrapper_is_an_event_store_with_the_backend_label(wrapped):
    """It passes for an EventStore and labels the memory backend ``memory``."""
    store, _ = wrapped
    assert isinstance(store, EventStore)
    assert store.backend == backend_name(store.store) == "memory"


def test_each_call_is_timed_once_and_answers_what_the_store_answers(wrapped):
    """One observation per call of each operation; results are the store's own."""
    store, metrics = wrapped
    _write(store, "a", 1)
    _write(store, "b", 2)
    assert [e.sequence for e in store.read_events("t1")] == [1, 2, 3]
    assert store.current_sequence("t1") == 3
    assert store.get_request("t1", "b").sequence == 3
    assert store.get_table("t1").sequence == 3
    assert [t.table_id for t in store.list_tables().tables] == ["t1"]
    store.put_snapshot("t1", 3, "{}")
    assert store.latest_snapshot("t1").sequence == 3
    counts = {op: _calls(metrics, op) for op in TIMED_OPERATIONS}
    assert counts == {
        "create_table": 1,
        "append": 2,
        "close_table": 0,
        "put_snapshot": 1,
        "purge_requests": 0,
        "get_table": 1,
        "list_tables": 1,
        "read_events": 1,
        "current_sequence": 1,
        "get_request": 1,
        "latest_snapshot": 1,
    }


def test_refusals_of_the_contract_are_counted_by_kind_and_re_raised(wrapped):
    """A stale sequence is ``sequence_mismatch``, a retry ``duplicate_request``, an unknown
    table ``table_not_found`` (each raised unchanged, each call still timed)."""
    store, metrics = wrapped
    _write(store, "a", 1)
    with pytest.raises(SequenceMismatch):
        _write(store, "b", 1)
    with pytest.raises(DuplicateRequest):
        _write(store, "a", 1)
    with pytest.raises(TableNotFound):
        store.get_table("nope")
    assert _errors(metrics, "append", "sequence_mismatch") == 1
    assert _errors(metrics, "append", "duplicate_request") == 1
    assert _errors(metrics, "get_table", "table_not_found") == 1
    assert _calls(metrics, "append") == 3


def test_failures_are_unavailable_or_unexpected(wrapped):
    """The failure series ``unavailable`` exists at 0 for every operation before any failure;
    a call on a closed store is ``unavailable``; an error the port does not document (a bad
    argument) is ``unexpected``."""
    store, metrics = wrapped
    assert all(_errors(metrics, op, "unavailable") == 0 for op in TIMED_OPERATIONS)
    with pytest.raises(ValueError):
        _write(store, "a", -1)
    assert _errors(metrics, "append", "unexpected") == 1
    store.store.close()
    with pytest.raises(StoreUnavailable):
        store.read_events("t1")
    assert _errors(metrics, "read_events", "unavailable") == 1
    assert {"unavailable", "unexpected"} <= set(FAILURES)


def test_waits_count_errors_but_are_not_timed(wrapped):
    """A wait on an unknown table is ``wait_for_events`` / ``table_not_found``; a wait that
    finds events answers True and adds no timing series."""
    store, metrics = wrapped
    assert asyncio.run(store.wait_for_events_async("t1", 0, 1.0)) is True
    with pytest.raises(TableNotFound):
        asyncio.run(store.wait_for_events_async("nope", 0, 0.01))
    assert _errors(metrics, "wait_for_events", "table_not_found") == 1
    assert _calls(metrics, "wait_for_events") == 0


def test_error_labels_follow_the_most_specific_class():
    """Subclasses map to their own label, an unlisted StoreError to ``store_error``, anything
    else to ``unexpected``."""

    class OtherStoreError(StoreError):
        pass

    assert error_label(StoreUnavailable("down")) == "unavailable"
    assert error_label(OtherStoreError()) == "store_error"
    assert error_label(KeyError("x")) == "unexpected"
