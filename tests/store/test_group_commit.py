"""Group commit (issue 16 point 3, :mod:`floorman.store.group_commit`): concurrent SQLite
writes share transactions and each still gets its own answer or refusal; the bounded queue
refuses with StoreBusy (nothing written) when full or when a write waited too long. No
timing is asserted: a held commit makes the queue fill deterministically."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from floorman.store import DuplicateRequest, SequenceMismatch, StoreBusy, StoreUnavailable
from floorman.store.group_commit import GroupCommitter
from floorman.store.sqlite import SQLiteStore


def _append(store, table_id, expected, request_id, fingerprint="f"):
    return store.append(
        table_id,
        expected_sequence=expected,
        events=[f'{{"r": "{request_id}"}}'],
        request_id=request_id,
        fingerprint=fingerprint,
        response=request_id.encode(),
    )


def test_concurrent_sqlite_writes_each_get_their_own_outcome(tmp_path):
    """DESIGN.md "Contract details": 40 writers on 20 tables at once (batched by the writer
    thread): every append lands once with its sequence, a duplicate gets the first answer,
    a stale sequence is refused alone, and the log survives a reopen."""
    path = str(tmp_path / "g.db")
    with SQLiteStore(path) as store:
        for n in range(20):
            store.create_table(
                f"t{n}", settings="{}", events=["{}"], request_id="c", fingerprint="c", response=b""
            )

        def play(n: int) -> list[object]:
            out: list[object] = []
            table = f"t{n % 20}"
            for step in range(5):
                request = f"w{n}-{step}"
                while True:
                    current = store.current_sequence(table)
                    try:
                        out.append(_append(store, table, current, request).sequence)
                        break
                    except SequenceMismatch:
                        continue  # the other writer of this table went first
            return out

        with ThreadPoolExecutor(40) as pool:
            results = list(pool.map(play, range(40)))
        assert all(len(r) == 5 for r in results)
        for n in range(20):
            ids = [e.request_id for e in store.read_events(f"t{n}")]
            assert ids[0] == "c" and len(ids) == 11 and len(set(ids)) == 11
            assert [e.sequence for e in store.read_events(f"t{n}")] == list(range(1, 12))
        with pytest.raises(DuplicateRequest) as duplicate:
            _append(store, "t0", 0, "w0-0")
        assert duplicate.value.response == b"w0-0"
        with pytest.raises(SequenceMismatch):
            _append(store, "t0", 3, "new")
    with SQLiteStore(path) as again:
        assert again.current_sequence("t0") == 11


class _Held:
    """A batch runner whose "hold" write blocks until ``release``; records the work run."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.entered = threading.Event()
        self.ran: list[str] = []

    def commit(self, batch) -> None:
        for item in batch:
            item.result = item.work(None)
            self.ran.append(item.result)
            if item.result == "hold":
                self.entered.set()
                self.release.wait(60)


def _work(name: str):
    return lambda conn: name


def _queued(committer: GroupCommitter, count: int) -> None:
    while len(committer._queue) < count:
        threading.Event().wait(0.001)


def test_full_queue_is_store_busy_at_once_and_writes_nothing():
    """max_pending=1 while a batch is held: one write waits in the queue, the next is
    StoreBusy (may_have_landed False, a retry delay) and its work never runs."""
    held = _Held()
    committer = GroupCommitter(held.commit, max_pending=1, max_batch=1, max_wait=60)
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(committer.submit, _work("hold"))
        assert held.entered.wait(60)
        second = pool.submit(committer.submit, _work("queued"))
        _queued(committer, 1)
        with pytest.raises(StoreBusy) as busy:
            committer.submit(_work("refused"))
        assert busy.value.may_have_landed is False
        assert 0.01 <= busy.value.retry_after <= 2.0
        held.release.set()
        assert (first.result(60), second.result(60)) == ("hold", "queued")
    assert held.ran == ["hold", "queued"]
    committer.close()
    with pytest.raises(StoreUnavailable):
        committer.submit(_work("after"))


def test_write_not_taken_within_max_wait_is_store_busy_and_never_runs():
    """A write still queued after max_wait leaves the queue: StoreBusy, its work never runs."""
    held = _Held()
    committer = GroupCommitter(held.commit, max_pending=8, max_batch=1, max_wait=0.05)
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(committer.submit, _work("hold"))
        assert held.entered.wait(60)
        with pytest.raises(StoreBusy, match="waited"):
            committer.submit(_work("late"))
        held.release.set()
        assert first.result(60) == "hold"
    committer.close()
    assert held.ran == ["hold"]


def test_submit_all_commits_many_writes_of_one_caller_in_batches_in_order():
    """submit_all (one caller, many writes: the batching writer): each write's result in
    order, in batches of at most max_batch, the caller leading each."""
    batches: list[list[str]] = []

    def commit(batch) -> None:
        batches.append([item.work(None) for item in batch])
        for item, name in zip(batch, batches[-1], strict=True):
            item.result = name

    committer = GroupCommitter(commit, max_pending=16, max_batch=2)
    items = committer.submit_all([_work(f"w{n}") for n in range(5)])
    assert [item.result for item in items] == ["w0", "w1", "w2", "w3", "w4"]
    assert [item.error for item in items] == [None] * 5
    assert batches == [["w0", "w1"], ["w2", "w3"], ["w4"]]
    committer.close()
    closed = committer.submit_all([_work("late")])
    assert isinstance(closed[0].error, StoreUnavailable)


def test_submit_all_refuses_past_the_bound_write_by_write():
    """While a batch is held, submit_all of three writes with room for two: the first two
    are committed, the third is StoreBusy (returned, not raised) and never runs."""
    held = _Held()
    committer = GroupCommitter(held.commit, max_pending=2, max_batch=8, max_wait=60)
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(committer.submit, _work("hold"))
        assert held.entered.wait(60)
        many = pool.submit(committer.submit_all, [_work("x"), _work("y"), _work("z")])
        _queued(committer, 2)
        held.release.set()
        assert first.result(60) == "hold"
        items = many.result(60)
    assert [item.result for item in items[:2]] == ["x", "y"]
    assert isinstance(items[2].error, StoreBusy) and items[2].error.may_have_landed is False
    assert held.ran == ["hold", "x", "y"]
    committer.close()
