"""A resumable WatchTable subscription.

The service streams a table's events in sequence order, from any sequence, and a watcher that
reconnects after the last sequence it saw misses nothing and sees nothing twice (DESIGN.md,
TableService). :class:`TableWatch` does that reconnecting: when the stream is cut with
UNAVAILABLE (a server restart, a balancer moving the connection) it waits the retry policy's
backoff and reopens it after ``last_sequence``; the backoff count starts again after each event
received. The stream is live: it ends only when the table is closed (after its last event),
when it is cancelled, or at its deadline.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import grpc

from floorman_client.calls import Caller
from floorman_client.errors import error_from_rpc
from floorman_client.v1 import table_service_pb2 as tpb

OpenStream = Callable[[str, int, "float | None"], Any]


class TableWatch:
    """An iterator of ``floorman.v1.TableEvent`` (use :meth:`TableClient.watch_table`).

    Iterating raises a :class:`~floorman_client.errors.FloormanRpcError` subclass for a status
    it does not resume from (NOT_FOUND for an unknown table, DEADLINE_EXCEEDED at the
    deadline, UNAVAILABLE once the retry policy gives up). Safe to :meth:`cancel` from
    another thread; iteration then stops. Use it as a context manager to cancel on exit.

    Attributes:
        table_id: the table watched.
        last_sequence: the sequence of the last event received (at first: ``after_sequence``).
        reconnects: how many times the stream was reopened.
    """

    def __init__(
        self,
        *,
        open_stream: OpenStream,
        table_id: str,
        after_sequence: int,
        caller: Caller,
        resume: bool,
        timeout: float | None,
        method: str,
    ) -> None:
        self.table_id = table_id
        self.last_sequence = after_sequence
        self.reconnects = 0
        self._open = open_stream
        self._caller = caller
        self._resume = resume
        self._deadline = caller.deadline(timeout, default=False)
        self._method = method
        self._lock = threading.Lock()
        self._stream: Any = None
        self._cancelled = False
        self._ended = False
        self._failures = 0

    def __iter__(self) -> TableWatch:
        return self

    def __next__(self) -> tpb.TableEvent:
        while True:
            with self._lock:
                if self._cancelled or self._ended:
                    raise StopIteration
                if self._stream is None:
                    left = self._caller.remaining(self._deadline)
                    self._stream = self._open(self.table_id, self.last_sequence, left)
                stream = self._stream
            try:
                item = next(stream)
            except StopIteration:
                self._ended = True
                raise
            except grpc.RpcError as raw:
                if self._cancelled:
                    raise StopIteration from None
                self._reopen_or_raise(raw)
                continue
            self._failures = 0
            self.last_sequence = item.event.sequence
            return item.event

    def _reopen_or_raise(self, raw: grpc.RpcError) -> None:
        """Drop the broken stream; sleep the backoff when it may be reopened, else raise."""
        with self._lock:
            self._stream = None
        self._failures += 1
        error = error_from_rpc(raw, method=self._method, attempts=self._failures)
        resumable = self._resume and error.code() is grpc.StatusCode.UNAVAILABLE
        if not (resumable and self._caller.wait_before_retry(self._failures, self._deadline)):
            self._ended = True
            raise error from None
        self.reconnects += 1

    def take(self, count: int) -> list[tpb.TableEvent]:
        """The next ``count`` events (fewer if the stream ends first)."""
        events: list[tpb.TableEvent] = []
        for event in self:
            events.append(event)
            if len(events) >= count:
                break
        return events

    def until(self, sequence: int) -> list[tpb.TableEvent]:
        """The events up to and including ``sequence`` (or until the stream ends), then
        :meth:`cancel`: a bounded read of a log that is still growing."""
        events: list[tpb.TableEvent] = []
        if self.last_sequence < sequence:
            for event in self:
                events.append(event)
                if event.sequence >= sequence:
                    break
        self.cancel()
        return events

    def cancel(self) -> None:
        """Stop the subscription (idempotent; any thread)."""
        with self._lock:
            self._cancelled = True
            stream, self._stream = self._stream, None
        if stream is not None:
            stream.cancel()

    def __enter__(self) -> TableWatch:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.cancel()
