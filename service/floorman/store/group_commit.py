"""Group commit: the writes queued meanwhile go into one durable transaction per batch
(issue 16, write pressure), committed by a leader among the callers' threads.

A caller's thread hands its write (a function of the open connection) to
:meth:`GroupCommitter.submit` and blocks until the batch holding it is committed; only then
does it get its result, so an answer is never sent before its events are durable. The caller
that finds no batch in progress becomes the leader: it takes every write queued (its own
first, at most ``max_batch``) and commits them itself, so a lone writer pays no hand-off to
another thread (issue 15 point 4: two thread switches and GIL hand-offs per write were a
large part of a RecordAction's CPU). The leader then hands the leadership to the oldest
write queued meanwhile (its caller wakes up and commits the next batch) and returns. A batch
runs in one transaction,
each inside its own savepoint: a write refused by its checks (:class:`StoreError`:
duplicate, conflict, stale sequence, closed table) is rolled back alone and its error is
given to its caller after the commit, like the results. When the batch itself fails (disk
full, I/O error, lock timeout) every write of the batch gets that failure, with
``may_have_landed`` as one transaction would have it. One fsync then covers a whole batch
instead of one per write.

Back-pressure: at most ``max_pending`` writes wait; one more is refused at once with
:class:`~floorman.store.errors.StoreBusy` (RESOURCE_EXHAUSTED with a retry delay), as is a write
still queued after ``max_wait`` seconds (it is taken out of the queue: nothing of it was
written). A write the writer has taken is always waited for (its outcome is then known).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Final

from floorman.store.errors import StoreBusy, StoreUnavailable

DEFAULT_MAX_PENDING: Final = 1024
"""Writes that may wait for the writer thread (one more is :class:`StoreBusy`)."""
DEFAULT_MAX_BATCH: Final = 64
"""Writes committed together at most."""
MIN_RETRY_AFTER: Final = 0.01
MAX_RETRY_AFTER: Final = 2.0


class Wake:
    """A one-shot wake-up, as ``threading.Event`` (set once, then every wait returns at
    once) but on a bare lock held until :meth:`set`: setting and waking cost one C lock
    release, not a condition's notify (the leader wakes every write of its batch)."""

    __slots__ = ("_flag", "_lock")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lock.acquire()
        self._flag = False

    def is_set(self) -> bool:
        return self._flag

    def set(self) -> None:
        """Wake the waiter; set it again does nothing (one thread sets: the leader)."""
        if not self._flag:
            self._flag = True
            self._lock.release()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until set or ``timeout`` seconds (``None``: no end); whether it is set."""
        if self._flag:
            return True
        if self._lock.acquire(timeout=-1 if timeout is None else timeout):
            self._lock.release()  # stays free: later waits return at once
            return True
        return self._flag


class Pending:
    """One queued write: ``work(conn)`` and, once done, its ``result`` or ``error``."""

    __slots__ = ("done", "error", "finished", "lead", "result", "taken", "wake", "work")

    def __init__(self, work: Callable[[Any], Any]) -> None:
        self.work = work
        self.wake = Wake()  # set when finished, or when made the leader
        self.done = self.wake  # the historical name (tests wait on it)
        self.result: Any = None
        self.error: BaseException | None = None
        self.taken = False
        self.lead = False
        self.finished = False


Batch = Callable[[list[Pending]], None]
"""Runs a batch in one transaction, setting each write's ``result`` or ``error``."""


class GroupCommitter:
    """The bounded queue and its leader hand-off; ``commit`` runs one batch (see module)."""

    def __init__(
        self,
        commit: Batch,
        *,
        max_pending: int = DEFAULT_MAX_PENDING,
        max_batch: int = DEFAULT_MAX_BATCH,
        max_wait: float = 5.0,
        name: str = "floorman-group-commit",
    ) -> None:
        if max_pending < 1 or max_batch < 1:
            raise ValueError("max_pending and max_batch must be at least 1")
        self._commit = commit
        self._max_pending = max_pending
        self._max_batch = max_batch
        self._max_wait = max_wait
        self._name = name
        self._queue: deque[Pending] = deque()
        self._cond = threading.Condition()
        self._closed = False
        self._leading = False  # a leader is committing (the queue is empty otherwise)
        self._per_write = 0.001  # s: smoothed commit time per write, for the retry delay

    def submit(self, work: Callable[[Any], Any]) -> Any:
        """Queue ``work``, wait for its batch's commit and return its result (or raise its
        error). Raises :class:`StoreBusy` when the queue is full or the write waited longer
        than ``max_wait`` without being taken; :class:`StoreUnavailable` once closed."""
        item = Pending(work)
        with self._cond:
            if self._closed:
                raise StoreUnavailable("the store is closed")
            if len(self._queue) >= self._max_pending:
                raise StoreBusy(
                    f"the store's write queue is full ({len(self._queue)} writes waiting)",
                    retry_after=self._retry_after_locked(),
                )
            self._queue.append(item)
            lead = not self._leading
            self._leading = True
        if not lead and not item.wake.wait(self._max_wait):
            with self._cond:
                if not item.taken and not item.lead:
                    self._queue.remove(item)
                    raise StoreBusy(
                        f"a write waited {self._max_wait:g} s in the store's queue: not written",
                        retry_after=self._retry_after_locked(),
                    )
            item.wake.wait()
        if lead or not item.finished:  # the leader now (its own write is first in the queue)
            self._lead()
        if item.error is not None:
            raise item.error
        return item.result

    def submit_all(self, works: Sequence[Callable[[Any], Any]]) -> list[Pending]:
        """Queue every one of ``works`` at once (one caller, many writes: they go into as few
        batches as ``max_batch`` allows) and wait until each is finished; returns their
        :class:`Pending` records in order, each with its ``result`` or ``error`` (set, not
        raised: :class:`StoreBusy` for a write refused by the bound or not taken within
        ``max_wait``, :class:`StoreUnavailable` once closed). The caller leads whenever
        the leadership comes to one of its writes, as :meth:`submit` does."""
        items = [Pending(work) for work in works]
        queued: list[Pending] = []
        with self._cond:
            for item in items:
                if self._closed:
                    item.error = StoreUnavailable("the store is closed")
                elif len(self._queue) >= self._max_pending:
                    item.error = StoreBusy(
                        f"the store's write queue is full ({len(self._queue)} writes waiting)",
                        retry_after=self._retry_after_locked(),
                    )
                else:
                    self._queue.append(item)
                    queued.append(item)
                    continue
                item.finished = True
            if queued and not self._leading:
                self._leading = True
                queued[0].lead = True
        deadline = time.perf_counter() + self._max_wait
        for item in queued:
            if not item.lead and not item.wake.wait(max(0.0, deadline - time.perf_counter())):
                with self._cond:
                    if not item.taken and not item.lead:
                        self._queue.remove(item)
                        item.error = StoreBusy(
                            f"a write waited {self._max_wait:g} s in the store's queue: "
                            "not written",
                            retry_after=self._retry_after_locked(),
                        )
                        item.finished = True
                        continue
                item.wake.wait()
            if not item.finished:  # made the leader (its write first in the queue)
                self._lead()
        return items

    def close(self) -> None:
        """Stop taking writes; the writes queued are still committed (by their leaders) and
        this waits for them."""
        with self._cond:
            self._closed = True
            while self._leading:
                self._cond.wait()

    def _retry_after_locked(self) -> float:
        wait = self._per_write * (len(self._queue) + 1)
        return min(MAX_RETRY_AFTER, max(MIN_RETRY_AFTER, wait))

    def _lead(self) -> None:
        """Commit one batch (the oldest queued writes, the leader's own first), then hand the
        leadership to the oldest write still queued, or end it."""
        with self._cond:
            batch: list[Pending] = []
            while self._queue and len(batch) < self._max_batch:
                item = self._queue.popleft()
                item.taken = True
                batch.append(item)
        began = time.perf_counter()
        try:
            if batch:
                self._commit(batch)
        except BaseException as error:
            for item in batch:
                item.error = error
        finally:
            for item in batch:
                item.finished = True
                item.wake.set()
            with self._cond:
                if batch:
                    spent = (time.perf_counter() - began) / len(batch)
                    self._per_write = 0.8 * self._per_write + 0.2 * spent
                if self._queue:
                    successor = self._queue[0]
                    successor.lead = True
                    successor.wake.set()
                else:
                    self._leading = False
                    self._cond.notify_all()
