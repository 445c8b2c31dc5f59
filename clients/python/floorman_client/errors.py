"""Exceptions of the floorman client: one class per status the service sends on purpose, each
carrying the decoded ``google.rpc`` details (DESIGN.md "Contract details", Errors).

Every exception is a :class:`FloormanRpcError`, which is also a ``grpc.RpcError`` with grpc's
call accessors (``code()``, ``details()``, ``trailing_metadata()``), so code written against
plain gRPC stubs (``grpc_status.rpc_status.from_call``) keeps working.

=====================  ==========================================================  ==========
status                 exception (fields)                                          retried
=====================  ==========================================================  ==========
INVALID_ARGUMENT       :class:`InvalidArgumentError` (``violations``: field, rule)  no
FAILED_PRECONDITION    :class:`RuleViolationError` (``rule, seat, expected,        no
                       actual``); :class:`UnverifiableHandError` (``seats``);
                       else :class:`FailedPreconditionError`
ABORTED                :class:`SequenceMismatchError` (``current_sequence``);      other
                       else :class:`AbortedError`                                  ABORTED
ALREADY_EXISTS         :class:`TableExistsError`, :class:`RequestIdConflictError`  no
NOT_FOUND              :class:`NotFoundError`                                      no
UNAUTHENTICATED        :class:`UnauthenticatedError`                               no
PERMISSION_DENIED      :class:`PermissionDeniedError`                              no
RESOURCE_EXHAUSTED     :class:`ResourceExhaustedError`                             ``STORE_BUSY``
UNAVAILABLE            :class:`UnavailableError`                                   yes
DEADLINE_EXCEEDED      :class:`DeadlineExceededError`                              no
UNIMPLEMENTED          :class:`UnimplementedError`                                 no
anything else          :class:`FloormanRpcError`                                   no
=====================  ==========================================================  ==========
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import grpc
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2, status_pb2

STATUS_DETAILS_KEY: Final = "grpc-status-details-bin"
ERROR_DOMAIN: Final = "floorman"
RULE_VIOLATION: Final = "RULE_VIOLATION"
SEQUENCE_MISMATCH: Final = "SEQUENCE_MISMATCH"
UNVERIFIABLE_HAND: Final = "UNVERIFIABLE_HAND"
TABLE_EXISTS: Final = "TABLE_EXISTS"
REQUEST_ID_CONFLICT: Final = "REQUEST_ID_CONFLICT"

# "card.malformed: not a card" -> rule "card.malformed"; a plain shape problem has no rule id.
_RULE_PREFIX: Final = re.compile(r"^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+): (.*)$", re.DOTALL)


@dataclass(frozen=True, slots=True)
class FieldViolation:
    """One ``google.rpc.BadRequest`` field violation: ``field`` is a request path such as
    ``cards[1]`` or ``history[7]``; ``rule`` the RULES.md id at the start of the description
    (``""`` for a plain shape problem such as a missing game); ``message`` the rest."""

    field: str
    description: str

    @property
    def rule(self) -> str:
        """The rule id the description starts with, or ``""``."""
        match = _RULE_PREFIX.match(self.description)
        return match.group(1) if match else ""

    @property
    def message(self) -> str:
        """The description without its rule id."""
        match = _RULE_PREFIX.match(self.description)
        return match.group(2) if match else self.description


class FloormanRpcError(grpc.RpcError):
    """A call to floorman ended with a non-OK status.

    Attributes:
        message: the status message.
        method: the full RPC name (``/floorman.v1.TableService/RecordAction``).
        request_id: the request id the call used (writes; ``""`` for reads): retry with it.
        reason / domain / metadata: the ``google.rpc.ErrorInfo`` (empty when none was sent).
        violations: the ``google.rpc.BadRequest`` field violations (empty when none).
        attempts: how many times the call was sent (retries included).
    """

    def __init__(
        self,
        status_code: grpc.StatusCode,
        message: str,
        *,
        method: str = "",
        request_id: str = "",
        info: error_details_pb2.ErrorInfo | None = None,
        violations: Sequence[FieldViolation] = (),
        trailing_metadata: Sequence[tuple[str, Any]] = (),
        attempts: int = 1,
    ) -> None:
        self._code = status_code
        self.message = message
        self.method = method
        self.request_id = request_id
        self.reason = info.reason if info is not None else ""
        self.domain = info.domain if info is not None else ""
        self.metadata: Mapping[str, str] = dict(info.metadata) if info is not None else {}
        self.violations: tuple[FieldViolation, ...] = tuple(violations)
        self.attempts = attempts
        self._trailing_metadata = tuple(trailing_metadata)
        super().__init__(str(self))

    def retry_delay(self) -> float | None:
        """The server's ``google.rpc.RetryInfo`` delay in seconds (e.g. ``STORE_BUSY``: the
        write queue is full), or ``None`` when the answer carried none."""
        for key, value in self._trailing_metadata:
            if key != STATUS_DETAILS_KEY:
                continue
            status = status_pb2.Status()
            try:
                status.ParseFromString(value)
            except DecodeError:
                return None
            for detail in status.details:
                if detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
                    retry = error_details_pb2.RetryInfo()
                    detail.Unpack(retry)
                    return retry.retry_delay.ToTimedelta().total_seconds()
        return None

    def code(self) -> grpc.StatusCode:
        """The gRPC status code (as ``grpc.RpcError`` / ``grpc.Call`` answer it)."""
        return self._code

    def details(self) -> str:
        """The status message (``grpc.Call.details``)."""
        return self.message

    def trailing_metadata(self) -> tuple[tuple[str, Any], ...]:
        """The call's trailing metadata, ``grpc-status-details-bin`` included."""
        return self._trailing_metadata

    def __str__(self) -> str:
        where = f" ({self.method})" if self.method else ""
        return f"{self._code.name}: {self.message}{where}"


class InvalidArgumentError(FloormanRpcError):
    """INVALID_ARGUMENT: the request is malformed; ``violations`` name each bad field and,
    where one applies, its rule id (``cards[1]`` / ``card.malformed``)."""

    @property
    def fields(self) -> tuple[str, ...]:
        """The bad fields' paths, in the order the service listed them."""
        return tuple(violation.field for violation in self.violations)


class FailedPreconditionError(FloormanRpcError):
    """FAILED_PRECONDITION: a well-formed request the current state does not allow."""


class RuleViolationError(FailedPreconditionError):
    """FAILED_PRECONDITION with ``ErrorInfo{reason: "RULE_VIOLATION"}``: the rules refuse the
    action (an illegal action on a live table, a closed table).

    Attributes:
        rule: the RULES.md rule id (``turn.out_of_turn``, ``bet.amount`` ...).
        seat: the seat concerned, 0 when none.
        expected / actual: the values the rule compared (``"3"`` / ``"2"``), ``""`` when none.
    """

    def __init__(self, status_code: grpc.StatusCode, message: str, **kwargs: Any) -> None:
        super().__init__(status_code, message, **kwargs)
        self.rule = self.metadata.get("rule", "")
        self.seat = _int(self.metadata.get("seat", ""))
        self.expected = self.metadata.get("expected", "")
        self.actual = self.metadata.get("actual", "")


class UnverifiableHandError(FailedPreconditionError):
    """FAILED_PRECONDITION ``UNVERIFIABLE_HAND``: the result depends on unknown cards (``??``)
    of ``seats`` (rule ``card.unknown``)."""

    def __init__(self, status_code: grpc.StatusCode, message: str, **kwargs: Any) -> None:
        super().__init__(status_code, message, **kwargs)
        self.rule = self.metadata.get("rule", "")
        self.seats = tuple(_int(s) for s in self.metadata.get("seats", "").split(",") if s)


class AbortedError(FloormanRpcError):
    """ABORTED without a sequence mismatch (a transient conflict): safe to retry."""


class SequenceMismatchError(AbortedError):
    """ABORTED ``SEQUENCE_MISMATCH``: the table moved on since ``expected_sequence``.

    Never retried automatically: re-read the table (or hand), decide again, then send with
    ``expected_sequence=current_sequence``.

    Attributes:
        current_sequence: the table's sequence now (-1 if the service did not say).
        expected_sequence: the sequence the request expected (-1 if not said).
    """

    def __init__(self, status_code: grpc.StatusCode, message: str, **kwargs: Any) -> None:
        super().__init__(status_code, message, **kwargs)
        self.current_sequence = _int(self.metadata.get("current_sequence", ""), missing=-1)
        self.expected_sequence = _int(self.metadata.get("expected_sequence", ""), missing=-1)


class NotFoundError(FloormanRpcError):
    """NOT_FOUND: no such table or hand."""


class AlreadyExistsError(FloormanRpcError):
    """ALREADY_EXISTS (``reason`` says which)."""


class TableExistsError(AlreadyExistsError):
    """ALREADY_EXISTS ``TABLE_EXISTS``: another request created a table with this id."""


class RequestIdConflictError(AlreadyExistsError):
    """ALREADY_EXISTS ``REQUEST_ID_CONFLICT``: this request id was used with another payload."""


class UnauthenticatedError(FloormanRpcError):
    """UNAUTHENTICATED: no bearer token, or one the service does not know."""


class PermissionDeniedError(FloormanRpcError):
    """PERMISSION_DENIED: the token's role (or table binding) does not allow the call."""


class ResourceExhaustedError(FloormanRpcError):
    """RESOURCE_EXHAUSTED: a size or concurrency limit (message size, streams per peer)."""


class UnavailableError(FloormanRpcError):
    """UNAVAILABLE: no server answered, or the store is down. The outcome of a write is then
    unknown: retry it with the same ``request_id`` (the client already did, ``attempts``
    times)."""


class DeadlineExceededError(FloormanRpcError):
    """DEADLINE_EXCEEDED: the call's deadline passed (a write may still have been applied:
    retry with the same ``request_id``)."""


class UnimplementedError(FloormanRpcError):
    """UNIMPLEMENTED: the server does not serve this RPC (or this export format) yet."""


_BY_CODE: Final[dict[grpc.StatusCode, type[FloormanRpcError]]] = {
    grpc.StatusCode.INVALID_ARGUMENT: InvalidArgumentError,
    grpc.StatusCode.FAILED_PRECONDITION: FailedPreconditionError,
    grpc.StatusCode.ABORTED: AbortedError,
    grpc.StatusCode.NOT_FOUND: NotFoundError,
    grpc.StatusCode.ALREADY_EXISTS: AlreadyExistsError,
    grpc.StatusCode.UNAUTHENTICATED: UnauthenticatedError,
    grpc.StatusCode.PERMISSION_DENIED: PermissionDeniedError,
    grpc.StatusCode.RESOURCE_EXHAUSTED: ResourceExhaustedError,
    grpc.StatusCode.UNAVAILABLE: UnavailableError,
    grpc.StatusCode.DEADLINE_EXCEEDED: DeadlineExceededError,
    grpc.StatusCode.UNIMPLEMENTED: UnimplementedError,
}
_BY_REASON: Final[dict[tuple[grpc.StatusCode, str], type[FloormanRpcError]]] = {
    (grpc.StatusCode.FAILED_PRECONDITION, RULE_VIOLATION): RuleViolationError,
    (grpc.StatusCode.FAILED_PRECONDITION, UNVERIFIABLE_HAND): UnverifiableHandError,
    (grpc.StatusCode.ABORTED, SEQUENCE_MISMATCH): SequenceMismatchError,
    (grpc.StatusCode.ALREADY_EXISTS, TABLE_EXISTS): TableExistsError,
    (grpc.StatusCode.ALREADY_EXISTS, REQUEST_ID_CONFLICT): RequestIdConflictError,
}


def _int(text: str, *, missing: int = 0) -> int:
    try:
        return int(text)
    except ValueError:
        return missing


def decode_status_details(
    trailing_metadata: Sequence[tuple[str, Any]] | None,
) -> tuple[error_details_pb2.ErrorInfo | None, tuple[FieldViolation, ...]]:
    """The ``ErrorInfo`` and ``BadRequest`` violations packed in the ``grpc-status-details-bin``
    trailer (a serialized ``google.rpc.Status``); ``(None, ())`` when there is none. Details of
    other types are ignored; a trailer that does not parse counts as none."""
    info: error_details_pb2.ErrorInfo | None = None
    violations: list[FieldViolation] = []
    for key, value in trailing_metadata or ():
        if key != STATUS_DETAILS_KEY:
            continue
        status = status_pb2.Status()
        try:
            status.ParseFromString(value)
        except DecodeError:  # a garbled trailer is just no details
            return None, ()
        for detail in status.details:
            if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR) and info is None:
                info = error_details_pb2.ErrorInfo()
                detail.Unpack(info)
            elif detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad = error_details_pb2.BadRequest()
                detail.Unpack(bad)
                violations += [FieldViolation(v.field, v.description) for v in bad.field_violations]
    return info, tuple(violations)


def error_from_rpc(
    error: grpc.RpcError, *, method: str = "", request_id: str = "", attempts: int = 1
) -> FloormanRpcError:
    """The client exception for a failed gRPC call (``error`` must be a ``grpc.Call`` too, as
    grpc's own errors are): the class chosen by status code and ``ErrorInfo.reason`` (module
    table), with the details decoded."""
    if isinstance(error, FloormanRpcError):
        return error
    code_of = getattr(error, "code", None)
    status_code = code_of() if callable(code_of) else grpc.StatusCode.UNKNOWN
    details_of = getattr(error, "details", None)
    message = (details_of() if callable(details_of) else None) or str(error)
    metadata_of = getattr(error, "trailing_metadata", None)
    trailing = tuple(metadata_of() or ()) if callable(metadata_of) else ()
    info, violations = decode_status_details(trailing)
    kind = _BY_CODE.get(status_code, FloormanRpcError)
    if info is not None:
        kind = _BY_REASON.get((status_code, info.reason), kind)
    return kind(
        status_code,
        message,
        method=method,
        request_id=request_id,
        info=info,
        violations=violations,
        trailing_metadata=trailing,
        attempts=attempts,
    )
