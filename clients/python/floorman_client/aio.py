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

The classes live in ``aio_calls``, ``aio_rules``, ``aio_audit``, ``aio_tables``, ``aio_watch``
and ``aio_session``; they are re-exported here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import grpc

from floorman_client.aio_audit import AsyncAuditClient
from floorman_client.aio_calls import AsyncCaller
from floorman_client.aio_rules import AsyncRulesClient
from floorman_client.aio_session import AsyncTableSession
from floorman_client.aio_tables import AsyncTableClient
from floorman_client.aio_watch import AsyncTableWatch
from floorman_client.calls import DEFAULT_TIMEOUT_SECONDS
from floorman_client.connection import PEM, create_aio_channel
from floorman_client.health import HealthCheckRequest, check_method, status_name
from floorman_client.retry import DEFAULT_RETRY, RetryPolicy

__all__ = [
    "AsyncAuditClient",
    "AsyncCaller",
    "AsyncFloormanClient",
    "AsyncRulesClient",
    "AsyncTableClient",
    "AsyncTableSession",
    "AsyncTableWatch",
]


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
            await self.channel.close(None)

    async def __aenter__(self) -> AsyncFloormanClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
