"""In-process wake-ups for ``wait_for_events``: the highest sequence known per table.

Writers (this process after a commit, or a backend watcher that noticed another process's
commit) :meth:`SequenceNotifier.publish` a table's committed sequence; waiters block until the
known sequence passes theirs. Threads wait on a condition; asyncio waiters wait on futures that
``publish`` resolves with ``call_soon_threadsafe`` (no thread is held while waiting).
Known sequences only grow, so a stale value can delay a wake-up but never fake one.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress


class SequenceNotifier:
    """Thread-safe map table id -> highest committed sequence seen, with waiters."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._known: dict[str, int] = {}
        self._watch_counts: Counter[str] = Counter()
        self._futures: dict[str, list[tuple[int, asyncio.AbstractEventLoop, asyncio.Future[None]]]]
        self._futures = {}

    def publish(self, table_id: str, sequence: int) -> None:
        """Record that ``table_id`` has committed events up to ``sequence``; wake waiters."""
        with self._lock:
            if sequence <= self._known.get(table_id, 0):
                return
            self._known[table_id] = sequence
            self._changed.notify_all()
            pending = self._futures.get(table_id, [])
            woken = [entry for entry in pending if entry[0] < sequence]
            if woken:
                self._futures[table_id] = [entry for entry in pending if entry[0] >= sequence]
        for _, loop, future in woken:
            with suppress(RuntimeError):  # a closed loop: nobody waits there any more
                loop.call_soon_threadsafe(_resolve, future)

    def known(self, table_id: str) -> int:
        """The highest sequence published for ``table_id`` (0 when none)."""
        with self._lock:
            return self._known.get(table_id, 0)

    @contextmanager
    def watching(self, table_id: str) -> Iterator[None]:
        """Mark ``table_id`` as waited on (watchers poll only these) for the block's duration."""
        with self._lock:
            self._watch_counts[table_id] += 1
            self._changed.notify_all()
        try:
            yield
        finally:
            with self._lock:
                self._watch_counts[table_id] -= 1
                if self._watch_counts[table_id] <= 0:
                    del self._watch_counts[table_id]

    def watched_tables(self) -> list[str]:
        """The table ids somebody is waiting on now, sorted."""
        with self._lock:
            return sorted(self._watch_counts)

    def wait_for_watchers(self, timeout: float) -> bool:
        """Block until some table is watched (True) or ``timeout`` s pass (False)."""
        with self._lock:
            return self._changed.wait_for(lambda: bool(self._watch_counts), timeout)

    def wait(self, table_id: str, after_sequence: int, timeout: float) -> bool:
        """Block until the known sequence of ``table_id`` exceeds ``after_sequence``.

        Returns False when ``timeout`` seconds pass first.
        """
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._known.get(table_id, 0) <= after_sequence:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._changed.wait(remaining)
            return True

    async def wait_async(self, table_id: str, after_sequence: int, timeout: float) -> bool:
        """:meth:`wait` for asyncio, without blocking the loop or holding a thread."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        entry = (after_sequence, loop, future)
        with self._lock:
            if self._known.get(table_id, 0) > after_sequence:
                return True
            self._futures.setdefault(table_id, []).append(entry)
        try:
            async with asyncio.timeout(timeout):
                await future
            return True
        except TimeoutError:
            return False
        finally:
            with self._lock:
                pending = self._futures.get(table_id)
                if pending is not None:
                    if entry in pending:
                        pending.remove(entry)
                    if not pending:
                        del self._futures[table_id]


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
