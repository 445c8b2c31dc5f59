"""WatchTable on a ``grpc.aio`` channel: :class:`AsyncTableWatch`, an async iterator of
``floorman.v1.TableEvent`` resumed after a cut (split from :mod:`floorman_client.aio`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import grpc

from floorman_client.aio_calls import AsyncCaller
from floorman_client.errors import error_from_rpc
from floorman_client.v1 import table_service_pb2 as tpb


class AsyncTableWatch:
    """An async iterator of ``floorman.v1.TableEvent``, resumed after a cut with UNAVAILABLE
    as :class:`~floorman_client.watch.TableWatch` is (``async for event in watch``;
    ``await watch.take(n)``, ``await watch.until(sequence)``, ``watch.cancel()``).

    Attributes:
        table_id / last_sequence / reconnects: as for TableWatch.
    """

    def __init__(
        self,
        *,
        open_stream: Callable[[str, int, float | None], Any],
        table_id: str,
        after_sequence: int,
        caller: AsyncCaller,
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
        self._call: Any = None
        self._cancelled = False
        self._ended = False
        self._failures = 0

    def __aiter__(self) -> AsyncTableWatch:
        return self

    async def __anext__(self) -> tpb.TableEvent:
        while True:
            if self._cancelled or self._ended:
                raise StopAsyncIteration
            if self._call is None:
                left = self._caller.remaining(self._deadline)
                self._call = self._open(self.table_id, self.last_sequence, left)
            try:
                item = await self._call.read()
            except asyncio.CancelledError:
                if self._cancelled:
                    raise StopAsyncIteration from None
                raise
            except grpc.RpcError as raw:
                if self._cancelled:
                    raise StopAsyncIteration from None
                await self._reopen_or_raise(raw)
                continue
            if item is grpc.aio.EOF:
                self._ended = True
                raise StopAsyncIteration
            self._failures = 0
            self.last_sequence = item.event.sequence
            return item.event

    async def _reopen_or_raise(self, raw: grpc.RpcError) -> None:
        self._call = None
        self._failures += 1
        error = error_from_rpc(raw, method=self._method, attempts=self._failures)
        resumable = self._resume and error.code() is grpc.StatusCode.UNAVAILABLE
        if not (
            resumable and await self._caller.wait_before_retry_async(self._failures, self._deadline)
        ):
            self._ended = True
            raise error from None
        self.reconnects += 1

    async def take(self, count: int) -> list[tpb.TableEvent]:
        """The next ``count`` events (fewer if the stream ends first)."""
        events: list[tpb.TableEvent] = []
        async for event in self:
            events.append(event)
            if len(events) >= count:
                break
        return events

    async def until(self, sequence: int) -> list[tpb.TableEvent]:
        """The events up to and including ``sequence`` (or until the stream ends), then
        :meth:`cancel`."""
        events: list[tpb.TableEvent] = []
        if self.last_sequence < sequence:
            async for event in self:
                events.append(event)
                if event.sequence >= sequence:
                    break
        self.cancel()
        return events

    def cancel(self) -> None:
        """Stop the subscription (idempotent)."""
        self._cancelled = True
        call, self._call = self._call, None
        if call is not None:
            call.cancel()

    async def __aenter__(self) -> AsyncTableWatch:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self.cancel()
