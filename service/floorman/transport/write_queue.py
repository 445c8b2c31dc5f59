"""Admission of table writes: a bounded queue instead of an endless wait (issue 16).

Every table write RPC (CreateTable, SeatPlayer .. RecordAction, CloseTable) holds a slot of
:class:`WriteQueue` while it runs: its use case in a worker thread and its wait for the
commit (the store's group commit). At most ``pending_writes`` writes run (``--limit
pending_writes=N``, default 64: one per worker thread; 0: no bound). One more waits for a
slot, first come first served, in a queue of at most as many writes and for at most about
one write's time (the smoothed running time of the last writes, 10 ms .. 2 s). A write that
finds that queue full, or is still waiting after that time, is refused with
:class:`~floorman.store.StoreBusy`: RESOURCE_EXHAUSTED with ``ErrorInfo{reason:
"STORE_BUSY", metadata: may_have_landed "false"}`` and ``RetryInfo{retry_delay}`` (about the
time the writes ahead need), nothing done. So a burst is absorbed, a server that cannot keep
up answers within about two write times instead of queueing writers without end, and the
writes it accepts stay fast; a client retries after the delay with the same request id (the
idempotency record makes that safe).

Used from the event loop only (the asyncio server's one thread): no lock.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Final

from floorman.store import StoreBusy

MIN_WAIT: Final = 0.01
MAX_WAIT: Final = 2.0


class WriteQueue:
    """At most ``limit`` table writes running, as many waiting (0: no bound); see module."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.running = 0
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._seconds = MIN_WAIT  # smoothed running time of an admitted write

    @property
    def waiting(self) -> int:
        """Writes waiting for a slot."""
        return len(self._waiters)

    @asynccontextmanager
    async def admit(self) -> AsyncIterator[None]:
        """Hold a slot for one write; raises :class:`StoreBusy` when the queue is full or the
        wait for a slot is over."""
        if not self.limit:
            yield
            return
        if self.running < self.limit and not self._waiters:
            self.running += 1
        else:
            await self._wait_for_slot()
        began = time.perf_counter()
        try:
            yield
        finally:
            self._seconds = 0.8 * self._seconds + 0.2 * (time.perf_counter() - began)
            self._release()

    def wait_bound(self) -> float:
        """How long a write may wait for a slot, in seconds (about one write's time)."""
        return min(MAX_WAIT, max(MIN_WAIT, self._seconds))

    def retry_after(self) -> float:
        """The retry delay of a refused write: about the time the writes ahead need (s)."""
        ahead = (self.running + len(self._waiters)) / max(1, self.limit)
        return min(MAX_WAIT, max(MIN_WAIT, self._seconds * ahead))

    async def _wait_for_slot(self) -> None:
        if len(self._waiters) >= self.limit:
            raise self._busy("the write queue is full")
        slot: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(slot)
        try:
            await asyncio.wait_for(slot, self.wait_bound())
        except TimeoutError:
            with suppress(ValueError):
                self._waiters.remove(slot)
            raise self._busy("no write slot came free in time") from None
        except asyncio.CancelledError:
            if slot.done() and not slot.cancelled():
                self._release()  # the slot was handed over: pass it on
            else:
                with suppress(ValueError):
                    self._waiters.remove(slot)
            raise

    def _release(self) -> None:
        """Hand the slot to the first waiter still waiting, else free it."""
        while self._waiters:
            slot = self._waiters.popleft()
            if not slot.done():
                slot.set_result(None)
                return
        self.running -= 1

    def _busy(self, why: str) -> StoreBusy:
        return StoreBusy(
            f"{why} ({self.running} table writes running, {len(self._waiters)} waiting; limit "
            f"pending_writes={self.limit}): nothing was done, retry later with the same "
            "request id",
            retry_after=self.retry_after(),
        )
