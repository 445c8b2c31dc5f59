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

:class:`BatchWriter` (issue 16 point 3, on a store that batches writes: SQLite) runs the
admitted writes on ONE thread of its own instead: in rounds, it takes every write handed to
it meanwhile, runs each one's steps (:meth:`TableService.write_steps
<floorman.app.tables.writes.TableWrites.write_steps>`) up to its store write, hands all those
writes to the store together (:meth:`EventStore.append_all
<floorman.store.EventStore.append_all>`: one group commit), sends each its result and
answers every write of the round with one ``loop.call_soon_threadsafe``. Nothing is
answered before its commit. Two writes of one table never share a round (the second waits
for the next: it must see the first's outcome). Under the GIL the writes' Python runs one
at a time anyway; one thread saves the per-write thread wake-ups, lock hand-offs and GIL
contention of a thread per write (~30 % of the server's CPU with 64 threads).
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

from floorman.app.tables.service import TableService
from floorman.app.tables.writes import Reply, WriteSteps
from floorman.store import Append, StoreBusy

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
        began = await self.enter()
        try:
            yield
        finally:
            self.leave(began)

    async def enter(self) -> float:
        """Take a slot (as :meth:`admit`, without a context manager object per write: the
        write path's own ``try``/``finally`` calls :meth:`leave`); returns when it began
        (0.0 without a bound: :meth:`leave` then does nothing)."""
        if not self.limit:
            return 0.0
        if self.running < self.limit and not self._waiters:
            self.running += 1
        else:
            await self._wait_for_slot()
        return time.perf_counter()

    def leave(self, began: float) -> None:
        """Give back the slot :meth:`enter` took at ``began``."""
        if not began:
            return
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


class _Job:
    """One write handed to :class:`BatchWriter`: where to answer, and its steps' progress."""

    __slots__ = (
        "args",
        "context",
        "error",
        "future",
        "loop",
        "result",
        "steps",
        "table_id",
        "write",
    )

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        future: asyncio.Future[Any],
        context: contextvars.Context,
        table_id: str,
        args: tuple[Any, ...],
    ) -> None:
        self.loop = loop
        self.future = future
        self.context = context
        self.table_id = table_id
        self.args = args
        self.steps: WriteSteps | None = None
        self.write: Append | None = None  # the store write the steps wait for
        self.result: Any = None
        self.error: BaseException | None = None


class BatchWriter:
    """One daemon thread (``floorman-table-writer``, started on first use) running the table
    writes of ``service`` in rounds, their store writes committed together (module
    docstring). For a store whose :attr:`~floorman.store.EventStore.batches_writes`."""

    def __init__(self, service: TableService) -> None:
        self._service = service
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    async def run(self, use_case: Callable[..., Reply], command: Any, *, viewer: Any) -> Reply:
        """``use_case(command, viewer=viewer)`` (a write of the service) on the writer thread,
        in the caller's contextvars; its reply, or its error raised. A call whose awaiting
        coroutine is cancelled still runs to its end; its result is dropped."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        job = _Job(
            loop,
            future,
            contextvars.copy_context(),
            command.table_id,
            (use_case, command, viewer),
        )
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(
                        target=self._work, name="floorman-table-writer", daemon=True
                    )
                    self._thread.start()
        self._jobs.put(job)
        return await future

    def _work(self) -> None:
        jobs = self._jobs
        waiting: deque[_Job] = deque()  # their table is busy in this round
        while True:
            if not waiting:
                waiting.append(jobs.get())  # block: nothing to do
            while True:
                try:
                    waiting.append(jobs.get_nowait())
                except queue.Empty:
                    break
            try:
                waiting = self._round(waiting)
            except BaseException as error:  # never let the writer thread die
                _fail(waiting, error)
                waiting = deque()

    def _round(self, ready: deque[_Job]) -> deque[_Job]:
        """Start the jobs whose table is free, commit their store writes together, resume
        them until each is done or wants another write (then it commits in the next round,
        its table still busy); answer the finished ones. Returns the jobs left waiting."""
        busy: set[str] = set()
        later: deque[_Job] = deque()
        writing: list[_Job] = []
        done: list[_Job] = []
        for job in ready:
            if job.table_id in busy:
                later.append(job)
            elif self._start(job):
                writing.append(job)
                busy.add(job.table_id)
            else:
                done.append(job)
        while writing:
            if done:
                _answer(done)
                done = []
            try:
                outcomes: list[Any] = self._service.store.append_all(
                    [job.write for job in writing]  # type: ignore[misc]
                )
            except Exception as error:  # the call itself failed: every write gets it
                outcomes = [error] * len(writing)
            still: list[_Job] = []
            for job, outcome in zip(writing, outcomes, strict=True):
                (still if self._resume(job, outcome) else done).append(job)
            writing = still
        if done:
            _answer(done)
        return later

    def _start(self, job: _Job) -> bool:
        """Run the job up to its first store write; False when it finished without one."""
        use_case, command, viewer = job.args
        try:
            steps = job.context.run(self._service.write_steps, use_case, command, viewer=viewer)
        except BaseException as error:  # handed to the awaiting coroutine
            job.error = error
            return False
        if isinstance(steps, Reply):  # no steps: it ran to its end
            job.result = steps
            return False
        job.steps = steps
        return self._step(job, next, steps)

    def _resume(self, job: _Job, outcome: Any) -> bool:
        """Hand the job its write's outcome; True when it wants another write."""
        assert job.steps is not None
        if isinstance(outcome, BaseException):
            return self._step(job, job.steps.throw, outcome)
        return self._step(job, job.steps.send, outcome)

    @staticmethod
    def _step(job: _Job, call: Callable[..., Any], *args: Any) -> bool:
        steps = job.steps
        assert steps is not None
        try:
            job.write = job.context.run(call, *args)
            return True
        except StopIteration as stop:
            job.result = stop.value
        except BaseException as error:  # handed to the awaiting coroutine
            job.error = error
        job.steps = job.write = None
        steps.close()
        return False


def _fail(jobs: deque[_Job], error: BaseException) -> None:
    """The writer's own failure (a bug): every job of the round not answered yet gets it."""
    left = [job for job in jobs if job.args]
    for job in left:
        if job.steps is not None:
            with suppress(BaseException):
                job.steps.close()
        job.steps = job.write = None
        job.result, job.error = None, error
    _answer(left)


def _answer(jobs: list[_Job]) -> None:
    """Answer finished jobs: one ``call_soon_threadsafe`` per event loop."""
    by_loop: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
    for job in jobs:
        by_loop.setdefault(job.loop, []).append(job)
    for loop, batch in by_loop.items():
        answers = [(job.future, job.result, job.error) for job in batch]
        with suppress(RuntimeError):  # the loop closed meanwhile: nobody awaits them
            loop.call_soon_threadsafe(_settle_all, answers)
    for job in jobs:
        job.result = job.error = None
        job.args = ()


def _settle_all(answers: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, error in answers:
        _settle(future, result, error)
