"""How every call goes out: the bearer token, the deadline, retries and error translation.

:class:`Caller` is shared by the service clients of one connection. A unary call gets the
token as ``authorization: Bearer <token>`` metadata, a deadline (the call's ``timeout``, else
the caller's default), is retried per :mod:`floorman_client.retry` within that deadline, and
any failure is raised as a :class:`~floorman_client.errors.FloormanRpcError` subclass.
"""

from __future__ import annotations

import random as _random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import grpc

from floorman_client.errors import error_from_rpc
from floorman_client.retry import DEFAULT_RETRY, RetryPolicy, is_retryable

DEFAULT_TIMEOUT_SECONDS: Final = 10.0
AUTHORIZATION_KEY: Final = "authorization"

_R = TypeVar("_R")
Metadata = tuple[tuple[str, str], ...]


def bearer_metadata(token: str | None) -> Metadata:
    """``(("authorization", "Bearer <token>"),)``, or ``()`` without a token.

    Raises:
        ValueError: a token with whitespace or control characters (it could not travel as
            one metadata value).
    """
    if not token:
        return ()
    if any(ch.isspace() or ord(ch) < 0x20 or ord(ch) == 0x7F for ch in token):
        raise ValueError("a bearer token must not contain whitespace or control characters")
    return ((AUTHORIZATION_KEY, f"Bearer {token}"),)


class Caller:
    """Sends calls for the service clients of one connection.

    Args:
        token: the bearer token sent with every call (``None``: none).
        timeout: the default deadline of a unary call in seconds, retries included
            (``None``: no deadline).
        retry: the retry policy (:data:`~floorman_client.retry.NO_RETRIES` to turn retries off).
        sleep / clock / random: injectable for tests (``time.sleep``, ``time.monotonic``,
            ``random.random``).

    Raises:
        ValueError: a malformed token or a negative timeout.
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = DEFAULT_RETRY,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        random: Callable[[], float] = _random.random,
    ) -> None:
        if timeout is not None and timeout <= 0:
            raise ValueError("timeout must be positive (or None for no deadline)")
        self.metadata: Metadata = bearer_metadata(token)
        self.timeout = timeout
        self.retry = retry
        self._sleep = sleep
        self._clock = clock
        self._random = random

    def deadline(self, timeout: float | None, *, default: bool = True) -> float | None:
        """The monotonic time a call given ``timeout`` seconds must end by; ``timeout``
        ``None`` means the caller's default (``default=True``) or no deadline at all."""
        budget = self.timeout if timeout is None and default else timeout
        return None if budget is None else self._clock() + budget

    def remaining(self, deadline: float | None) -> float | None:
        """Seconds left until ``deadline`` (``None``: no deadline); may be 0 or less."""
        return None if deadline is None else deadline - self._clock()

    def wait_before_retry(
        self, attempt: int, deadline: float | None, *, at_least: float | None = None
    ) -> bool:
        """After failed attempt number ``attempt``: when the policy allows another attempt and
        its backoff (at least ``at_least`` s: the server's RetryInfo delay) ends before
        ``deadline``, sleep the backoff and answer True; else False."""
        if attempt >= self.retry.max_attempts:
            return False
        wait = max(self.retry.delay(attempt, self._random), at_least or 0.0)
        left = self.remaining(deadline)
        if left is not None and left <= wait:
            return False
        self._sleep(wait)
        return True

    def unary(
        self,
        multicallable: Callable[..., _R],
        request: Any,
        *,
        method: str,
        request_id: str = "",
        timeout: float | None = None,
        idempotent: bool = True,
    ) -> _R:
        """Send ``request`` through ``multicallable`` (a stub method; a client-streaming one
        takes ``request`` as a sequence of messages, sent anew on each attempt).

        Args:
            method: the full RPC name, for error messages.
            request_id: the write's request id (carried by the error for a later retry).
            timeout: this call's deadline in seconds (``None``: the caller's default).
            idempotent: whether a retry is safe (:func:`~floorman_client.retry.is_retryable`).

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
                return multicallable(payload, timeout=left, metadata=self.metadata)
            except grpc.RpcError as raw:
                error = error_from_rpc(raw, method=method, request_id=request_id, attempts=attempt)
                if not (
                    is_retryable(error, idempotent=idempotent)
                    and self.wait_before_retry(attempt, deadline, at_least=error.retry_delay())
                ):
                    raise error from None
