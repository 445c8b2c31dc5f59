"""The one place where errors become gRPC statuses (DESIGN.md "Contract details", Errors).

* :class:`InvalidArgument` -> INVALID_ARGUMENT with ``google.rpc.BadRequest``, one field
  violation per problem: ``field`` the path, ``description`` ``"rule: message"``; beside it
  ``ErrorInfo{reason: "FIELD_VIOLATION", domain: "floorman", metadata: field (the first),
  field_count, rule (the first rule id, when any)}`` (every INVALID_ARGUMENT carries both).
* :class:`HistoryError` -> INVALID_ARGUMENT with ``BadRequest`` field ``history[N]`` whose
  description starts with the rule id (and the ``FIELD_VIOLATION`` ErrorInfo).
* :class:`RuleViolation` -> FAILED_PRECONDITION with ``google.rpc.ErrorInfo{reason:
  "RULE_VIOLATION", domain: "floorman", metadata: rule, seat, expected, actual}`` (a
  key without a value is left out: seat 0, an empty expected or actual).
* any other ``FloormanError`` (deliberate, e.g. ``UnverifiableHand``) -> FAILED_PRECONDITION
  with ``ErrorInfo{reason: "UNVERIFIABLE_HAND", domain: "floorman"}``; an ``UnverifiableHand``
  also carries ``metadata{rule: "card.unknown", seats: "2,5"}`` (the seats whose unknown
  cards the result needs, ascending).
* :class:`Unimplemented` -> UNIMPLEMENTED.
* table sessions (the store and the table use cases): ``SequenceMismatch`` -> ABORTED with
  ``ErrorInfo{reason: "SEQUENCE_MISMATCH", domain: "floorman", metadata: current_sequence,
  expected_sequence}``; ``TableNotFound`` / ``HandNotFound`` -> NOT_FOUND with
  ``ErrorInfo{reason: "NOT_FOUND", metadata: resource_type, table_id, hand_id}`` and
  ``ResourceInfo{resource_type: floorman.v1.Table | floorman.v1.Hand, resource_name}``;
  ``TableExists`` and
  ``RequestIdConflict`` (a request id reused with another payload) -> ALREADY_EXISTS with
  ``ErrorInfo`` reasons ``TABLE_EXISTS`` / ``REQUEST_ID_CONFLICT``; the store's
  ``TableClosed`` -> FAILED_PRECONDITION ``RULE_VIOLATION`` rule ``table.closed``;
  ``InvalidPageToken`` -> INVALID_ARGUMENT (``page_token``, a token of another query too);
  ``StoreUnavailable`` -> UNAVAILABLE with ``ErrorInfo{reason: "STORE_UNAVAILABLE",
  metadata: may_have_landed ("true": the write may have been applied, "false": it was
  not)}``: retry with the same request id (the first answer comes back when it landed);
  ``StoreFull`` (disk full, file-size limit) -> RESOURCE_EXHAUSTED with ``ErrorInfo{reason:
  "STORE_FULL", metadata: may_have_landed}`` and ``RetryInfo{retry_delay}``;
  ``StoreBusy`` (the write queue is full: the store cannot keep up; nothing was written) ->
  RESOURCE_EXHAUSTED with ``ErrorInfo{reason: "STORE_BUSY", metadata: may_have_landed
  "false"}`` and ``RetryInfo{retry_delay}`` (about the time the queue needs to drain);
  ``WatchStopped`` (a WatchTable stream ended by a server shutdown) -> UNAVAILABLE
  ``"server shutting down; resume from sequence N"`` with ``ErrorInfo{reason:
  "SERVER_SHUTTING_DOWN", metadata: last_sequence}``; ``ServerDraining`` (a call arriving
  after SIGTERM, refused before any work) -> UNAVAILABLE with ``ErrorInfo{reason:
  "SERVER_SHUTTING_DOWN"}``; ``SequenceOutOfRange`` (a watch from
  beyond the table's last sequence) -> OUT_OF_RANGE with ``ErrorInfo{reason:
  "SEQUENCE_OUT_OF_RANGE", metadata: last_sequence}`` and a ``BadRequest`` on
  ``after_sequence``.
* security (:mod:`floorman.security`): ``Unauthenticated`` -> UNAUTHENTICATED and
  ``PermissionDenied`` -> PERMISSION_DENIED, each with ``ErrorInfo{reason: TOKEN_MISSING |
  TOKEN_MALFORMED | TOKEN_UNKNOWN | ROLE_NOT_ALLOWED | TABLE_NOT_ASSIGNED, domain:
  "floorman", metadata: role}`` (never a token); ``LimitExceeded`` -> RESOURCE_EXHAUSTED with
  ``ErrorInfo{reason: "LIMIT_EXCEEDED", metadata: limit, value}``; ``DeadlineExceeded`` ->
  DEADLINE_EXCEEDED.
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
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from typing import Any, Final, TypeVar

import grpc
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from floorman.app.tables.service import HandNotFound, SequenceOutOfRange
from floorman.app.tables.watch import WatchStopped
from floorman.domain.errors import (
    FieldViolation,
    FloormanError,
    HistoryError,
    InvalidArgument,
    RuleViolation,
)
from floorman.domain.settlement import UnverifiableHand
from floorman.observability.logging import get_logger
from floorman.security.limits import LimitExceeded
from floorman.security.policy import AccessRefused, Unauthenticated
from floorman.store import (
    InvalidPageToken,
    RequestIdConflict,
    SequenceMismatch,
    StoreBusy,
    StoreFull,
    StoreUnavailable,
    TableClosed,
    TableExists,
    TableNotFound,
)

ERROR_DOMAIN: Final = "floorman"
UNKNOWN_CARD_RULE: Final = "card.unknown"
RULE_VIOLATION_REASON: Final = "RULE_VIOLATION"
SEQUENCE_MISMATCH_REASON: Final = "SEQUENCE_MISMATCH"
SHUTTING_DOWN_REASON: Final = "SERVER_SHUTTING_DOWN"
OUT_OF_RANGE_REASON: Final = "SEQUENCE_OUT_OF_RANGE"
FIELD_VIOLATION_REASON: Final = "FIELD_VIOLATION"
NOT_FOUND_REASON: Final = "NOT_FOUND"
STORE_UNAVAILABLE_REASON: Final = "STORE_UNAVAILABLE"
STORE_FULL_REASON: Final = "STORE_FULL"
STORE_FULL_RETRY_DELAY: Final = timedelta(seconds=1)
STORE_BUSY_REASON: Final = "STORE_BUSY"
TABLE_RESOURCE: Final = "floorman.v1.Table"
HAND_RESOURCE: Final = "floorman.v1.Hand"
INTERNAL_MESSAGE: Final = "internal error: the failure was logged on the server"
MAX_FIELD_VIOLATIONS: Final = 12
MAX_FIELD_BYTES: Final = 64
MAX_DESCRIPTION_BYTES: Final = 160
MAX_MESSAGE_BYTES: Final = 200

_F = TypeVar("_F", bound=Callable[..., Awaitable[Any]])


class Unimplemented(Exception):
    """An RPC of the contract that this server does not serve yet (UNIMPLEMENTED)."""


class ServerDraining(Exception):
    """A call that arrived after SIGTERM (UNAVAILABLE, ``SERVER_SHUTTING_DOWN``): nothing was
    done; send it again (same request id) to another replica or after the restart."""

    def __init__(self) -> None:
        super().__init__("server shutting down: nothing was done; retry with the same request id")


class DeadlineExceeded(Exception):
    """A call whose deadline passed before its work began (DEADLINE_EXCEEDED)."""


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


def _violation_metadata(error: RuleViolation) -> dict[str, str]:
    """RULE_VIOLATION metadata: ``rule`` always; ``seat``, ``expected`` and ``actual`` only
    when they have a value (seat 0 is none; an empty value is left out, not sent as "")."""
    metadata = {"rule": error.rule}
    if error.seat:
        metadata["seat"] = str(error.seat)
    if error.expected:
        metadata["expected"] = clip(error.expected, MAX_DESCRIPTION_BYTES)
    if error.actual:
        metadata["actual"] = clip(error.actual, MAX_DESCRIPTION_BYTES)
    return metadata


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _info(reason: str, **metadata: str) -> error_details_pb2.ErrorInfo:
    return error_details_pb2.ErrorInfo(reason=reason, domain=ERROR_DOMAIN, metadata=metadata)


def _invalid(fields: list[tuple[str, str]], *, rule: str = "") -> grpc.Status:
    """INVALID_ARGUMENT: ``ErrorInfo{reason: "FIELD_VIOLATION", domain: "floorman", metadata:
    field (the first), field_count, rule (the first rule id, when one)}`` and the
    ``BadRequest`` listing every field violation."""
    metadata = {
        "field": clip(fields[0][0], MAX_FIELD_BYTES) if fields else "",
        "field_count": str(len(fields)),
    }
    if rule:
        metadata["rule"] = rule
    info = _info(FIELD_VIOLATION_REASON, **metadata)
    return _rich(code_pb2.INVALID_ARGUMENT, _summary(fields), _bad_request(fields), info)


def _not_found(error: TableNotFound | HandNotFound) -> grpc.Status:
    """NOT_FOUND: ``ErrorInfo{reason: "NOT_FOUND", domain: "floorman", metadata:
    resource_type, table_id, hand_id (a hand)}`` and ``ResourceInfo{resource_type,
    resource_name, description}`` (``floorman.v1.Table`` named by its table id,
    ``floorman.v1.Hand`` by its hand id, ``""`` when the table has no hand yet)."""
    if isinstance(error, TableNotFound):
        kind, name, metadata = TABLE_RESOURCE, error.table_id, {"table_id": error.table_id}
    else:
        kind, name = HAND_RESOURCE, error.hand_id
        metadata = {"table_id": error.table_id, "hand_id": error.hand_id}
    metadata = {key: clip(value, MAX_DESCRIPTION_BYTES) for key, value in metadata.items()}
    info = _info(NOT_FOUND_REASON, resource_type=kind, **metadata)
    resource = error_details_pb2.ResourceInfo(
        resource_type=kind,
        resource_name=clip(name, MAX_DESCRIPTION_BYTES),
        description=clip(str(error), MAX_DESCRIPTION_BYTES),
    )
    return _rich(code_pb2.NOT_FOUND, str(error), info, resource)


def _table_status(error: BaseException) -> grpc.Status | None:
    """The status of a table-session error (store or table use cases), else ``None``."""
    if isinstance(error, SequenceMismatch):
        info = _info(
            SEQUENCE_MISMATCH_REASON,
            current_sequence=str(error.current_sequence),
            expected_sequence=str(error.expected_sequence),
        )
        return _rich(code_pb2.ABORTED, str(error), info)
    if isinstance(error, TableNotFound | HandNotFound):
        return _not_found(error)
    if isinstance(error, TableExists):
        return _rich(code_pb2.ALREADY_EXISTS, str(error), _info("TABLE_EXISTS"))
    if isinstance(error, RequestIdConflict):
        return _rich(code_pb2.ALREADY_EXISTS, str(error), _info("REQUEST_ID_CONFLICT"))
    if isinstance(error, TableClosed):
        return status_for(RuleViolation("table.closed", str(error)))
    if isinstance(error, SequenceOutOfRange):
        fields = [("after_sequence", str(error))]
        info = _info(OUT_OF_RANGE_REASON, last_sequence=str(error.last_sequence))
        return _rich(code_pb2.OUT_OF_RANGE, str(error), info, _bad_request(fields))
    if isinstance(error, InvalidPageToken):
        return _invalid([("page_token", str(error))])
    if isinstance(error, StoreBusy):
        info = _info(STORE_BUSY_REASON, may_have_landed="false")
        retry = error_details_pb2.RetryInfo()
        retry.retry_delay.FromTimedelta(timedelta(seconds=error.retry_after))
        return _rich(code_pb2.RESOURCE_EXHAUSTED, f"the table store is busy: {error}", info, retry)
    if isinstance(error, StoreFull):
        info = _info(STORE_FULL_REASON, may_have_landed=_flag(error.may_have_landed))
        retry = error_details_pb2.RetryInfo()
        retry.retry_delay.FromTimedelta(STORE_FULL_RETRY_DELAY)
        return _rich(code_pb2.RESOURCE_EXHAUSTED, f"the table store is full: {error}", info, retry)
    if isinstance(error, StoreUnavailable):
        info = _info(STORE_UNAVAILABLE_REASON, may_have_landed=_flag(error.may_have_landed))
        return _rich(code_pb2.UNAVAILABLE, f"the table store is unavailable: {error}", info)
    if isinstance(error, ServerDraining):
        return _rich(code_pb2.UNAVAILABLE, str(error), _info(SHUTTING_DOWN_REASON))
    if isinstance(error, WatchStopped):
        info = _info(SHUTTING_DOWN_REASON, last_sequence=str(error.last_sequence))
        return _rich(code_pb2.UNAVAILABLE, str(error), info)
    return None


def _security_status(error: BaseException) -> grpc.Status | None:
    """The status of an access refusal, a concurrency limit or a spent deadline, else
    ``None``."""
    if isinstance(error, AccessRefused):
        unauthenticated = isinstance(error, Unauthenticated)
        code = code_pb2.UNAUTHENTICATED if unauthenticated else code_pb2.PERMISSION_DENIED
        metadata = {
            key: clip(value, MAX_DESCRIPTION_BYTES) for key, value in error.metadata.items()
        }
        return _rich(code, str(error), _info(error.refusal.error_reason, **metadata))
    if isinstance(error, LimitExceeded):
        info = _info("LIMIT_EXCEEDED", limit=error.limit, value=str(error.value))
        return _rich(code_pb2.RESOURCE_EXHAUSTED, str(error), info)
    if isinstance(error, DeadlineExceeded):
        return _rich(code_pb2.DEADLINE_EXCEEDED, str(error))
    return None


def status_for(error: BaseException) -> grpc.Status:
    """Map an exception to the gRPC status the client sees (table in the module docstring).

    Returns:
        A ``grpc.Status`` with ``code``, ``details`` (the message) and trailing metadata
        carrying the ``google.rpc.Status`` with its packed details, ready for
        ``context.abort_with_status``.
    """
    table_status = _table_status(error) or _security_status(error)
    if table_status is not None:
        return table_status
    if isinstance(error, InvalidArgument):
        rules = [v.rule for v in error.violations if v.rule]
        fields = [(v.field, v.description) for v in error.violations]
        return _invalid(fields, rule=rules[0] if rules else "")
    if isinstance(error, HistoryError):
        violation = error.violation
        fields = [(f"history[{error.index}]", f"{violation.rule}: {violation.message}")]
        return _invalid(fields, rule=violation.rule)
    if isinstance(error, RuleViolation):
        info = error_details_pb2.ErrorInfo(
            reason=RULE_VIOLATION_REASON, domain=ERROR_DOMAIN, metadata=_violation_metadata(error)
        )
        return _rich(code_pb2.FAILED_PRECONDITION, str(error), info)
    if isinstance(error, FloormanError):
        info = error_details_pb2.ErrorInfo(reason=_reason(error), domain=ERROR_DOMAIN)
        if isinstance(error, UnverifiableHand):
            info.metadata["rule"] = UNKNOWN_CARD_RULE
            info.metadata["seats"] = ",".join(str(seat) for seat in error.seats)
        return _rich(code_pb2.FAILED_PRECONDITION, str(error), info)
    if isinstance(error, Unimplemented):
        return _rich(code_pb2.UNIMPLEMENTED, str(error))
    return _rich(code_pb2.INTERNAL, INTERNAL_MESSAGE)


_ALSO: Final = re.compile(r"\(also ([A-Za-z_][\w.\[\]]*)\)")
"""A description's reference to another field of the request (``card.duplicate``: "(also
board[0])"; a seat listed twice)."""


def item_status(error: InvalidArgument, prefix: str) -> status_pb2.Status:
    """The ``google.rpc.Status`` answering one item of a batch or stream (``prefix``:
    ``"requests[3]."``): what :func:`status_for` gives for ``error`` with every field path
    prefixed (INVALID_ARGUMENT, ``BadRequest`` and ``ErrorInfo`` as for a unary call), the
    field a description refers back to included (``"... (also requests[3].board[0])"``)."""
    moved = InvalidArgument(
        [
            FieldViolation(prefix + v.field, v.rule, _ALSO.sub(rf"(also {prefix}\1)", v.message))
            for v in error.violations
        ]
    )
    for key, value in status_for(moved).trailing_metadata or ():
        if key == "grpc-status-details-bin":
            return status_pb2.Status.FromString(value)
    raise AssertionError("status_for always carries the rich status")  # pragma: no cover


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


_G = TypeVar("_G", bound=Callable[..., AsyncIterator[Any]])


def maps_stream_errors(method: _G) -> _G:
    """:func:`maps_errors` for a server-streaming method (an async generator): an exception
    raised before or between messages ends the stream with :func:`status_for`'s status."""

    @functools.wraps(method)
    async def wrapper(self: Any, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            async for message in method(self, request, context):
                yield message
        except grpc.aio.AbortError:
            raise
        except Exception as error:
            status = status_for(error)
            if status.code is grpc.StatusCode.INTERNAL:
                get_logger().exception("rpc_internal_error", method=method.__qualname__)
            await context.abort_with_status(status)

    return wrapper  # type: ignore[return-value]
