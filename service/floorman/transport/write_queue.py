"""Admission of table writes: a bounded queue instead of an endless wait (issue 16).

Every table write RPC (CreateTable, SeatPlayer .. RecordAction, CloseTable) holds a slot of
:class:`WriteQueue` from its arrival to its answer: while it waits for a worker thread, runs
its use case and waits for its commit (the store's group commit). With ``pending_writes``
slots taken (``--limit pending_writes=N``, default 32; 0: no bound) one more write is refused
at once with :class:`~floorman.store.StoreBusy`: RESOURCE_EXHAUSTED with ``ErrorInfo{reason:
"STORE_BUSY", metadata: may_have_landed "false"}`` and ``RetryInfo{retry_delay}``, nothing
done. The delay is the smoothed time of the last writes (10 ms .. 2 s): about when the queue
has turned over. So a server that cannot keep up answers within milliseconds instead of
queueing writers without end, and the writes it accepts stay fast; a client retries after the
delay with the same request id (exactly once semantics by the idempotency record).

Used from the event loop only (the asyncio server's one thread): no lock.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

from floorman.store import StoreBusy

MIN_RETRY_AFTER: Final = 0.01
MAX_RETRY_AFTER: Final = 2.0


class WriteQueue:
    """At most ``limit`` table writes in progress (0: no bound); see the module docstring."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.in_flight = 0
        self._seconds = MIN_RETRY_AFTER  # smoothed duration of an admitted write

    @contextmanager
    def admit(self) -> Iterator[None]:
        """Hold a slot for one write; raises :class:`StoreBusy` when none is free."""
        if self.limit and self.in_flight >= self.limit:
            raise StoreBusy(
                f"{self.in_flight} table writes are in progress (limit pending_writes="
                f"{self.limit}): nothing was done, retry later with the same request id",
                retry_after=self.retry_after(),
            )
        self.in_flight += 1
        began = time.perf_counter()
        try:
            yield
        finally:
            self.in_flight -= 1
            self._seconds = 0.8 * self._seconds + 0.2 * (time.perf_counter() - began)

    def retry_after(self) -> float:
        """The retry delay of a refused write, in seconds."""
        return min(MAX_RETRY_AFTER, max(MIN_RETRY_AFTER, self._seconds))
