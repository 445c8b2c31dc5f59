"""When a failed call is sent again, and how long the client waits before it does.

A call is retried only when sending it twice cannot do anything twice:

* every RulesService and AuditService call and every TableService read has no side effect;
* every TableService write carries a ``request_id``: the service looks the id up before
  anything else and answers a repeat with the first answer, changing nothing (DESIGN.md
  "Idempotency"), so the client reuses the same id on every attempt;
* a client-streaming audit is retried only when its documents were given as a sequence (a
  generator cannot be replayed).

Retried statuses: UNAVAILABLE (no server answered, a restart, the store briefly down), and
ABORTED without ``SEQUENCE_MISMATCH`` (a transient conflict), and RESOURCE_EXHAUSTED with
``STORE_BUSY`` (the server's write queue is full, nothing was done; the client waits at least
the answer's ``RetryInfo`` delay). A ``SEQUENCE_MISMATCH`` is never retried: the table moved
on and the caller must decide again. Everything else is final.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import grpc

from floorman_client.errors import FloormanRpcError, SequenceMismatchError

RETRIED_CODES: Final = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.ABORTED})
STORE_BUSY_REASON: Final = "STORE_BUSY"


@dataclass(frozen=True, slots=True, kw_only=True)
class RetryPolicy:
    """Exponential backoff with jitter.

    Attributes:
        max_attempts: sends in all, the first included (1: never retry).
        initial_backoff: seconds before the first retry.
        max_backoff: the longest wait between two attempts, seconds.
        multiplier: each wait is this many times the previous one.
        jitter: each wait is scaled by a random factor in ``[1 - jitter, 1 + jitter]``.

    The call's deadline bounds the whole: no attempt starts after it, and each attempt gets
    only the time that is left.

    Raises:
        ValueError: for a negative or out-of-range setting.
    """

    max_attempts: int = 4
    initial_backoff: float = 0.1
    max_backoff: float = 2.0
    multiplier: float = 2.0
    jitter: float = 0.2

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        if self.initial_backoff < 0 or self.max_backoff < 0:
            raise ValueError("backoffs must not be negative")
        if self.multiplier < 1:
            raise ValueError("multiplier must be at least 1")
        if not 0 <= self.jitter < 1:
            raise ValueError("jitter must be in [0, 1)")

    def delay(self, retry: int, random: Callable[[], float]) -> float:
        """Seconds to wait before retry number ``retry`` (1 = the second attempt);
        ``random()`` gives a float in ``[0, 1)``."""
        base = min(self.max_backoff, self.initial_backoff * self.multiplier ** (retry - 1))
        return base * (1 + self.jitter * (2 * random() - 1))


NO_RETRIES: Final = RetryPolicy(max_attempts=1)
DEFAULT_RETRY: Final = RetryPolicy()


def is_retryable(error: FloormanRpcError, *, idempotent: bool) -> bool:
    """Whether ``error`` may be answered by sending the same request again (module doc):
    UNAVAILABLE, ABORTED other than a sequence mismatch, or RESOURCE_EXHAUSTED ``STORE_BUSY``,
    on an idempotent call."""
    if not idempotent:
        return False
    if error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
        return error.reason == STORE_BUSY_REASON
    if error.code() not in RETRIED_CODES:
        return False
    return not isinstance(error, SequenceMismatchError)
