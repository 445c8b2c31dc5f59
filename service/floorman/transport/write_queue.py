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

:class:`WriteThreads` runs the admitted writes' use cases (issue 15 point 4): its own
threads take each call from a queue and hand the result back to the awaiting coroutine with
one ``loop.call_soon_threadsafe``, instead of ``asyncio.to_thread``'s executor future chained
to an asyncio future (a ``concurrent.futures.Future``, its condition and a callback chain per
write).
"""

from __future__ import annotations

import asyncio
import contextvars
import queue
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any, Final

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


class WriteThreads:
    """Up to ``count`` daemon threads (started as needed, named ``floorman-write-N``) running
    blocking calls for coroutines of any event loop, in the caller's contextvars (as
    ``asyncio.to_thread`` does). A call whose awaiting coroutine is cancelled still runs to
    its end (as with ``to_thread``); its result is dropped."""

    def __init__(self, count: int) -> None:
        self._count = count
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._threads = 0
        self._idle = 0
        self._lock = threading.Lock()

    async def run(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)`` in one of the threads; its result, or its error raised."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        context = contextvars.copy_context()
        with self._lock:
            if self._idle:
                self._idle -= 1
            elif self._threads < self._count:
                self._threads += 1
                threading.Thread(
                    target=self._work, name=f"floorman-write-{self._threads}", daemon=True
                ).start()
        self._jobs.put((loop, future, context, fn, args, kwargs))
        return await future

    def _work(self) -> None:
        jobs = self._jobs
        while True:
            loop, future, context, fn, args, kwargs = jobs.get()
            error: BaseException | None = None
            result = None
            try:
                result = context.run(fn, *args, **kwargs)
            except BaseException as raised:  # handed to the awaiting coroutine
                error = raised
            with suppress(RuntimeError):  # the loop closed meanwhile: nobody awaits it
                loop.call_soon_threadsafe(_settle, future, result, error)
            del error, result
            del loop, future, context, fn, args, kwargs
            with self._lock:
                self._idle += 1


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
