"""The one place where errors become gRPC statuses (DESIGN.md "Contract details", Errors).

* :class:`InvalidArgument` -> INVALID_ARGUMENT with ``google.rpc.BadRequest``, one field
  violation per problem: ``field`` the path, ``description`` ``"rule: message"``.
* :class:`HistoryError` -> INVALID_ARGUMENT with ``BadRequest`` field ``history[N]`` whose
  description starts with the rule id.
* :class:`RuleViolation` -> FAILED_PRECONDITION with ``google.rpc.ErrorInfo{reason:
  "RULE_VIOLATION", domain: "floorman", metadata: rule, seat, expected, actual}``.
* any other ``FloormanError`` (deliberate, e.g. ``UnverifiableHand``) -> FAILED_PRECONDITION
  with ``ErrorInfo{reason: "UNVERIFIABLE_HAND", domain: "floorman"}``.
* :class:`Unimplemented` -> UNIMPLEMENTED.
* anything else (a bug) -> INTERNAL with a generic message; the traceback goes to the log only.

The rich details travel in the ``grpc-status-details-bin`` trailer (``grpcio-status``).
Trailers must stay under the client's 8 KiB metadata limit (past it the client sees
RESOURCE_EXHAUSTED instead of our status), so a BadRequest carries at most
:data:`MAX_FIELD_VIOLATIONS` violations, each field and description clipped to a byte budget,
and the status message summarises (``"3 invalid fields: cards[1]: card.malformed: ..."``).
User input never reaches INTERNAL: every check on a request raises a domain error.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable
from typing import Any, Final, TypeVar

import grpc
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from floorman.domain.errors import FloormanError, HistoryError, InvalidArgument, RuleViolation
from floorman.observability.logging import get_logger

ERROR_DOMAIN: Final = "floorman"
RULE_VIOLATION_REASON: Final = "RULE_VIOLATION"
INTERNAL_MESSAGE: Final = "internal error: the failure was logged on the server"
MAX_FIELD_VIOLATIONS: Final = 12
MAX_FIELD_BYTES: Final = 64
MAX_DESCRIPTION_BYTES: Final = 160
MAX_MESSAGE_BYTES: Final = 200

_F = TypeVar("_F", bound=Callable[..., Awaitable[Any]])


class Unimplemented(Exception):
    """An RPC of the contract that this server does not serve yet (UNIMPLEMENTED)."""


def clip(text: str, max_bytes: int) -> str:
    """``text`` cut to at most ``max_bytes`` UTF-8 bytes (on a character boundary), ending
    with ``...`` when cut."""
    data = text.encode()
    if len(data) <= max_bytes:
        return text
    return data[: max_bytes - 3].decode(errors="ignore") + "..."


def _rich(code: int, message: str, *details: Any) -> grpc.Status:
    status = status_pb2.Status(code=code, message=clip(message, MAX_MESSAGE_BYTES))
    for detail in details:
        status.details.add().Pack(detail)
    return rpc_status.to_status(status)


def _bad_request(fields: list[tuple[str, str]]) -> error_details_pb2.BadRequest:
    return error_details_pb2.BadRequest(
        field_violations=[
            error_details_pb2.BadRequest.FieldViolation(
                field=clip(field, MAX_FIELD_BYTES),
                description=clip(description, MAX_DESCRIPTION_BYTES),
            )
            for field, description in fields[:MAX_FIELD_VIOLATIONS]
        ]
    )


def _summary(fields: list[tuple[str, str]]) -> str:
    """``"cards[1]: card.malformed: ..."`` for one problem; ``"3 invalid fields: <first>
    (and 2 more)"`` for several."""
    first = f"{fields[0][0]}: {fields[0][1]}" if fields else "invalid argument"
    if len(fields) <= 1:
        return first
    return f"{len(fields)} invalid fields: {clip(first, 120)} (and {len(fields) - 1} more)"


def _reason(error: BaseException) -> str:
    """``UnverifiableHand`` -> ``UNVERIFIABLE_HAND``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(error).__name__).upper()


def status_for(error: BaseException) -> grpc.Status:
    """Map an exception to the gRPC status the client sees (table in the module docstring).

    Returns:
        A ``grpc.Status`` with ``code``, ``details`` (the message) and trailing metadata
        carrying the ``google.rpc.Status`` with its packed details, ready for
        ``context.abort_with_status``.
    """
    if isinstance(error, InvalidArgument):
        fields = [(v.field, v.description) for v in error.violations]
        return _rich(code_pb2.INVALID_ARGUMENT, _summary(fields), _bad_request(fields))
    if isinstance(error, HistoryError):
        violation = error.violation
        fields = [(f"history[{error.index}]", f"{violation.rule}: {violation.message}")]
        return _rich(code_pb2.INVALID_ARGUMENT, _summary(fields), _bad_request(fields))
    if isinstance(error, RuleViolation):
        info = error_details_pb2.ErrorInfo(
            reason=RULE_VIOLATION_REASON,
            domain=ERROR_DOMAIN,
            metadata={
                "rule": error.rule,
                "seat": str(error.seat),
                "expected": clip(error.expected, MAX_DESCRIPTION_BYTES),
                "actual": clip(error.actual, MAX_DESCRIPTION_BYTES),
            },
        )
        return _rich(code_pb2.FAILED_PRECONDITION, str(error), info)
    if isinstance(error, FloormanError):
        info = error_details_pb2.ErrorInfo(reason=_reason(error), domain=ERROR_DOMAIN)
        return _rich(code_pb2.FAILED_PRECONDITION, str(error), info)
    if isinstance(error, Unimplemented):
        return _rich(code_pb2.UNIMPLEMENTED, str(error))
    return _rich(code_pb2.INTERNAL, INTERNAL_MESSAGE)


def maps_errors(method: _F) -> _F:
    """Decorate an async servicer method ``(self, request, context)`` so that any exception
    it raises ends the RPC with :func:`status_for`'s status. Unexpected exceptions are logged
    with their traceback (``event="rpc_internal_error"``); the client only sees
    :data:`INTERNAL_MESSAGE`. Cancellation and ``context.abort`` pass through untouched.
    """

    @functools.wraps(method)
    async def wrapper(self: Any, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            return await method(self, request, context)
        except grpc.aio.AbortError:
            raise
        except Exception as error:
            status = status_for(error)
            if status.code is grpc.StatusCode.INTERNAL:
                get_logger().exception("rpc_internal_error", method=method.__qualname__)
            await context.abort_with_status(status)

    return wrapper  # type: ignore[return-value]
