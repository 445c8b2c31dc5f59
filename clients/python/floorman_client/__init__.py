"""floorman_client: a thin typed Python client for floorman (``floorman.v1`` over gRPC).

>>> from floorman_client import FloormanClient, TableSession, messages  # doctest: +SKIP
>>> client = FloormanClient.connect("127.0.0.1:50051", token=None)  # doctest: +SKIP
>>> client.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s Kc Kd").low.description
'7-4-3-2-A'

* :class:`FloormanClient` — ``.rules``, ``.tables``, ``.audit`` on one channel (optional bearer
  token, TLS or mutual TLS, per-call deadlines, retries of UNAVAILABLE and safe ABORTED with the
  same ``request_id``).
* :class:`AsyncFloormanClient` — the same surface on a ``grpc.aio`` channel, every call
  awaited (:mod:`floorman_client.aio`; :class:`AsyncTableSession`, :class:`AsyncTableWatch`).
* :class:`TableSession` — one table, tracking the sequence for ``expected_sequence``.
* :mod:`floorman_client.errors` — one exception per status, with the rule id, field
  violations or current sequence decoded from the ``google.rpc`` details.
* :mod:`floorman_client.messages` — builders (``action("raise", seat=2, amount=40)``,
  ``deal(3, "Ah Kd")``, ``document(name, text)``) and enum names (``"razz"``).

Requests and answers are the generated ``floorman.v1`` protobuf messages, shipped in this
distribution as :mod:`floorman_client.v1` (``poker_pb2``, ``rules_service_pb2``,
``table_service_pb2``, ``audit_service_pb2`` and their ``_grpc`` stubs); nothing of the server
package is imported. Money is int64 minor units.
"""

from floorman_client import messages
from floorman_client.aio import (
    AsyncAuditClient,
    AsyncCaller,
    AsyncFloormanClient,
    AsyncRulesClient,
    AsyncTableClient,
    AsyncTableSession,
    AsyncTableWatch,
)
from floorman_client.audit import AuditClient
from floorman_client.calls import DEFAULT_TIMEOUT_SECONDS, Caller, bearer_metadata
from floorman_client.client import FloormanClient
from floorman_client.connection import create_aio_channel, create_channel
from floorman_client.errors import (
    AbortedError,
    AlreadyExistsError,
    DeadlineExceededError,
    FailedPreconditionError,
    FieldViolation,
    FloormanRpcError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    RequestIdConflictError,
    ResourceExhaustedError,
    RuleViolationError,
    SequenceMismatchError,
    TableExistsError,
    UnauthenticatedError,
    UnavailableError,
    UnimplementedError,
    UnverifiableHandError,
    error_from_rpc,
)
from floorman_client.retry import DEFAULT_RETRY, NO_RETRIES, RetryPolicy
from floorman_client.rules import RulesClient
from floorman_client.session import TableSession
from floorman_client.tables import TableClient, new_request_id
from floorman_client.watch import TableWatch

__all__ = [
    "DEFAULT_RETRY",
    "DEFAULT_TIMEOUT_SECONDS",
    "NO_RETRIES",
    "AbortedError",
    "AlreadyExistsError",
    "AsyncAuditClient",
    "AsyncCaller",
    "AsyncFloormanClient",
    "AsyncRulesClient",
    "AsyncTableClient",
    "AsyncTableSession",
    "AsyncTableWatch",
    "AuditClient",
    "Caller",
    "DeadlineExceededError",
    "FailedPreconditionError",
    "FieldViolation",
    "FloormanClient",
    "FloormanRpcError",
    "InvalidArgumentError",
    "NotFoundError",
    "PermissionDeniedError",
    "RequestIdConflictError",
    "ResourceExhaustedError",
    "RetryPolicy",
    "RuleViolationError",
    "RulesClient",
    "SequenceMismatchError",
    "TableClient",
    "TableExistsError",
    "TableSession",
    "TableWatch",
    "UnauthenticatedError",
    "UnavailableError",
    "UnimplementedError",
    "UnverifiableHandError",
    "bearer_metadata",
    "create_aio_channel",
    "create_channel",
    "error_from_rpc",
    "messages",
    "new_request_id",
]
