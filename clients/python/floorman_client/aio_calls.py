"""The asyncio caller: :class:`AsyncCaller` awaits a ``grpc.aio`` unary call and sleeps the
retry backoff with ``asyncio.sleep`` (split from :mod:`floorman_client.aio`)."""

from __future__ import annotations

import asyncio
import random as _random
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import grpc

from floorman_client.calls import DEFAULT_TIMEOUT_SECONDS, Caller
from floorman_client.errors import error_from_rpc
from floorman_client.retry import DEFAULT_RETRY, RetryPolicy, is_retryable


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

    async def wait_before_retry_async(
        self, attempt: int, deadline: float | None, *, at_least: float | None = None
    ) -> bool:
        """As :meth:`Caller.wait_before_retry`, sleeping without blocking the loop."""
        if attempt >= self.retry.max_attempts:
            return False
        wait = max(self.retry.delay(attempt, self._random), at_least or 0.0)
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
                    and await self.wait_before_retry_async(
                        attempt, deadline, at_least=error.retry_delay()
                    )
                ):
                    raise error from None
