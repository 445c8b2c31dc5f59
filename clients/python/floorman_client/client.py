"""One object for the three services of a floorman server, plus health."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import grpc

from floorman_client.audit import AuditClient
from floorman_client.calls import DEFAULT_TIMEOUT_SECONDS, Caller
from floorman_client.connection import PEM, create_channel
from floorman_client.health import HealthCheckRequest, check_method, status_name
from floorman_client.retry import DEFAULT_RETRY, RetryPolicy
from floorman_client.rules import RulesClient
from floorman_client.tables import TableClient


class FloormanClient:
    """``rules`` (RulesService), ``tables`` (TableService) and ``audit`` (AuditService) on one
    channel, sharing the token, default deadline and retry policy.

    >>> with FloormanClient.connect("127.0.0.1:50051") as client:  # doctest: +SKIP
    ...     client.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s Kc Kd").low.description
    '7-4-3-2-A'

    Args:
        channel: the channel to use; closed by :meth:`close` only when ``owns_channel``.
        token: bearer token for every call (``None``: none).
        timeout: default deadline of a unary call in seconds, retries included.
        retry: the retry policy (:data:`~floorman_client.retry.NO_RETRIES`: none).
    """

    def __init__(
        self,
        channel: grpc.Channel,
        *,
        token: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = DEFAULT_RETRY,
        owns_channel: bool = False,
    ) -> None:
        self.channel = channel
        self.caller = Caller(token=token, timeout=timeout, retry=retry)
        self.rules = RulesClient(channel, caller=self.caller)
        self.tables = TableClient(channel, caller=self.caller)
        self.audit = AuditClient(channel, caller=self.caller)
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
    ) -> FloormanClient:
        """A client on a new channel to ``target`` (``HOST:PORT``), closed with the client.
        TLS arguments as for :func:`~floorman_client.connection.create_channel`.

        Raises:
            ValueError: a malformed token, or half a client certificate.
            OSError: a PEM file cannot be read.
        """
        channel = create_channel(
            target,
            tls=tls,
            root_certificates=root_certificates,
            certificate_chain=certificate_chain,
            private_key=private_key,
            server_name=server_name,
            options=options,
        )
        try:
            return cls(channel, token=token, timeout=timeout, retry=retry, owns_channel=True)
        except BaseException:
            channel.close()
            raise

    def wait_until_ready(self, timeout: float = 10.0) -> None:
        """Block until the channel is connected.

        Raises:
            grpc.FutureTimeoutError: not connected within ``timeout`` seconds.
        """
        grpc.channel_ready_future(self.channel).result(timeout=timeout)

    def health(self, service: str = "", *, timeout: float | None = None) -> str:
        """The ``grpc.health.v1`` status of ``service`` (``""``: the server;
        ``"floorman.v1.TableService"``): ``"SERVING"``, ``"NOT_SERVING"`` ...

        Raises:
            NotFoundError: an unknown service name.
        """
        request = HealthCheckRequest(service=service)
        response = self.caller.unary(
            self._health_check, request, method="/grpc.health.v1.Health/Check", timeout=timeout
        )
        return status_name(response)

    def close(self) -> None:
        """Close the channel if this client opened it (:meth:`connect`)."""
        if self._owns_channel:
            self.channel.close()

    def __enter__(self) -> FloormanClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
