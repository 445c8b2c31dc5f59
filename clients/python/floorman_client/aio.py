"""The asyncio client: :class:`AsyncFloormanClient` on a ``grpc.aio`` channel, with the same
surface as :class:`~floorman_client.FloormanClient` — every method takes the same keyword
arguments, raises the same :mod:`floorman_client.errors` exceptions and retries the same calls
(:mod:`floorman_client.retry`), and is awaited for the same answer.

>>> async with AsyncFloormanClient.connect("127.0.0.1:50051") as client:  # doctest: +SKIP
...     (await client.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s")).low.description
'7-4-3-2-A'

The request building and argument checks are those of the synchronous classes (each async
class derives from its synchronous one); only the sending differs: :class:`AsyncCaller` awaits
the call and sleeps the backoff with ``asyncio.sleep``. ``watch_table`` returns an
:class:`AsyncTableWatch` (``async for event in watch``), ``iter_tables`` an async iterator.
"""

from __future__ import annotations

import asyncio
import random as _random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import grpc

from floorman_client.arguments import check_methods
from floorman_client.audit import AuditClient
from floorman_client.calls import DEFAULT_TIMEOUT_SECONDS, Caller
from floorman_client.connection import PEM, create_aio_channel
from floorman_client.errors import error_from_rpc
from floorman_client.health import HealthCheckRequest, check_method, status_name
from floorman_client.retry import DEFAULT_RETRY, RetryPolicy, is_retryable
from floorman_client.rules import RulesClient
from floorman_client.session import TableSession
from floorman_client.tables import SERVICE as TABLE_SERVICE
from floorman_client.tables import TableClient
from floorman_client.v1 import table_service_pb2 as tpb


class AsyncCaller(Caller):
    """:class:`~floorman_client.calls.Caller` for ``grpc.aio`` stubs: :meth:`unary` is a
    coroutine, the backoff is ``await sleep(seconds)`` (default ``asyncio.sleep``)."""

    def __init__(
        self,
        *,
        token: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = DEFAULT_RETRY,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
        random: Callable[[], float] = _random.random,
    ) -> None:
        super().__init__(token=token, timeout=timeout, retry=retry, clock=clock, random=random)
        self._async_sleep = sleep

    async def wait_before_retry_async(self, attempt: int, deadline: float | None) -> bool:
        """As :meth:`Caller.wait_before_retry`, sleeping without blocking the loop."""
        if attempt >= self.retry.max_attempts:
            return False
        wait = self.retry.delay(attempt, self._random)
        left = self.remaining(deadline)
        if left is not None and left <= wait:
            return False
        await self._async_sleep(wait)
        return True

    async def unary(  # type: ignore[override]
        self,
        multicallable: Callable[..., Any],
        request: Any,
        *,
        method: str,
        request_id: str = "",
        timeout: float | None = None,
        idempotent: bool = True,
    ) -> Any:
        """Await ``request`` through the ``grpc.aio`` ``multicallable``, retrying as
        :meth:`Caller.unary` does.

        Raises:
            FloormanRpcError: the last attempt's status, as its subclass.
        """
        deadline = self.deadline(timeout)
        attempt = 0
        while True:
            attempt += 1
            left = self.remaining(deadline)
            payload = iter(request) if isinstance(request, Sequence) else request
            try:
                return await multicallable(payload, timeout=left, metadata=self.metadata)
            except grpc.RpcError as raw:
                error = error_from_rpc(raw, method=method, request_id=request_id, attempts=attempt)
                if not (
                    is_retryable(error, idempotent=idempotent)
                    and await self.wait_before_retry_async(attempt, deadline)
                ):
                    raise error from None


class AsyncRulesClient(RulesClient):
    """:class:`~floorman_client.rules.RulesClient` on a ``grpc.aio`` channel: every method
    returns an awaitable of the same answer."""

    def __init__(self, channel: grpc.aio.Channel, *, caller: AsyncCaller | None = None) -> None:
        super().__init__(channel, caller=caller or AsyncCaller())  # type: ignore[arg-type]


class AsyncAuditClient(AuditClient):
    """:class:`~floorman_client.audit.AuditClient` on a ``grpc.aio`` channel (awaitables)."""

    def __init__(self, channel: grpc.aio.Channel, *, caller: AsyncCaller | None = None) -> None:
        super().__init__(channel, caller=caller or AsyncCaller())  # type: ignore[arg-type]


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


@check_methods
class AsyncTableClient(TableClient):
    """:class:`~floorman_client.tables.TableClient` on a ``grpc.aio`` channel: every method
    returns an awaitable of the same answer; ``watch_table`` an :class:`AsyncTableWatch`,
    ``iter_tables`` an async iterator."""

    caller: AsyncCaller

    def __init__(self, channel: grpc.aio.Channel, *, caller: AsyncCaller | None = None) -> None:
        super().__init__(channel, caller=caller or AsyncCaller())  # type: ignore[arg-type]

    async def iter_tables(  # type: ignore[override]
        self, *, page_size: int = 100, include_closed: bool = False, timeout: float | None = None
    ) -> AsyncIterator[tpb.Table]:
        """Every table, following the pages (``async for table in client.tables.iter_tables()``)."""
        token = ""
        while True:
            page = await self.list_tables(  # type: ignore[misc]
                page_size=page_size, page_token=token, include_closed=include_closed,
                timeout=timeout,
            )  # fmt: skip
            for table in page.tables:
                yield table
            token = page.next_page_token
            if not token:
                return

    def watch_table(  # type: ignore[override]
        self,
        *,
        table_id: str,
        after_sequence: int = 0,
        resume: bool = True,
        timeout: float | None = None,
    ) -> AsyncTableWatch:
        """As :meth:`TableClient.watch_table`, an :class:`AsyncTableWatch`."""
        return AsyncTableWatch(
            open_stream=self._open_watch,
            table_id=table_id,
            after_sequence=after_sequence,
            caller=self.caller,
            resume=resume,
            timeout=timeout,
            method=f"/{TABLE_SERVICE}/WatchTable",
        )


@check_methods
class AsyncTableSession(TableSession):
    """:class:`~floorman_client.session.TableSession` over an :class:`AsyncTableClient`:
    every write is awaited and then remembers the answer's sequence."""

    @classmethod
    async def create(  # type: ignore[override]
        cls,
        tables: TableClient,
        *,
        settings: tpb.TableSettings,
        table_id: str = "",
        request_id: str | None = None,
    ) -> AsyncTableSession:
        """CreateTable, then a session on the new table."""
        response = await tables.create_table(  # type: ignore[misc]
            settings=settings, table_id=table_id, request_id=request_id
        )
        return cls(tables, response.table.table_id, response.table.sequence)

    @classmethod
    async def attach(cls, tables: TableClient, table_id: str) -> AsyncTableSession:  # type: ignore[override]
        """A session on an existing table, at its current sequence."""
        session = cls(tables, table_id)
        await session.refresh()
        return session

    async def refresh(self) -> tpb.Table:  # type: ignore[override]
        """GetTable; ``sequence`` becomes the table's current one."""
        table = (await self.tables.get_table(table_id=self.table_id)).table  # type: ignore[misc]
        self.sequence = table.sequence
        return table

    async def _write(self, method: str, request_id: str | None, **fields: Any) -> Any:  # type: ignore[override]
        response = await getattr(self.tables, method)(
            table_id=self.table_id,
            expected_sequence=self.sequence,
            request_id=request_id,
            **fields,
        )
        self.sequence = response.table.sequence
        return response

    async def hand(self, hand_id: str = "") -> tpb.HandView:  # type: ignore[override]
        """GetHand (``hand_id`` empty: the current or last hand)."""
        response = await self.tables.get_hand(table_id=self.table_id, hand_id=hand_id)  # type: ignore[misc]
        return response.hand


class AsyncFloormanClient:
    """``rules``, ``tables`` and ``audit`` on one ``grpc.aio`` channel (module docstring);
    arguments as for :class:`~floorman_client.FloormanClient`. Use it within a running event
    loop; ``async with`` closes a channel it opened."""

    def __init__(
        self,
        channel: grpc.aio.Channel,
        *,
        token: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = DEFAULT_RETRY,
        owns_channel: bool = False,
    ) -> None:
        self.channel = channel
        self.caller = AsyncCaller(token=token, timeout=timeout, retry=retry)
        self.rules = AsyncRulesClient(channel, caller=self.caller)
        self.tables = AsyncTableClient(channel, caller=self.caller)
        self.audit = AsyncAuditClient(channel, caller=self.caller)
        self._health_check = check_method(channel)
        self._owns_channel = owns_channel

    @classmethod
    def connect(
        cls,
        target: str,
        *,
        token: str | None = None,
        tls: bool = False,
        root_certificates: PEM | None = None,
        certificate_chain: PEM | None = None,
        private_key: PEM | None = None,
        server_name: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = DEFAULT_RETRY,
        options: Sequence[tuple[str, Any]] = (),
    ) -> AsyncFloormanClient:
        """A client on a new ``grpc.aio`` channel to ``target``, closed with the client.

        Raises:
            ValueError: a malformed token, or half a client certificate.
            OSError: a PEM file cannot be read.
        """
        channel = create_aio_channel(
            target, tls=tls, root_certificates=root_certificates,
            certificate_chain=certificate_chain, private_key=private_key,
            server_name=server_name, options=options,
        )  # fmt: skip
        return cls(channel, token=token, timeout=timeout, retry=retry, owns_channel=True)

    async def wait_until_ready(self, timeout: float = 10.0) -> None:
        """Wait until the channel is connected.

        Raises:
            TimeoutError: not connected within ``timeout`` seconds.
        """
        await asyncio.wait_for(self.channel.channel_ready(), timeout)

    async def health(self, service: str = "", *, timeout: float | None = None) -> str:
        """The ``grpc.health.v1`` status of ``service`` (``"SERVING"`` ...), as
        :meth:`FloormanClient.health`."""
        response = await self.caller.unary(
            self._health_check,
            HealthCheckRequest(service=service),
            method="/grpc.health.v1.Health/Check",
            timeout=timeout,
        )
        return status_name(response)

    async def close(self) -> None:
        """Close the channel if this client opened it (:meth:`connect`)."""
        if self._owns_channel:
            await self.channel.close()

    async def __aenter__(self) -> AsyncFloormanClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
