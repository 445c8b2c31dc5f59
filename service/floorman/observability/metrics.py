"""Every Prometheus metric floorman exports: the names live in this module and nowhere else.

The ``grpc_server_*`` families follow the go-grpc-prometheus conventions so standard
dashboards work unchanged:

* ``grpc_server_started_total{grpc_type, grpc_service, grpc_method}`` — RPCs started.
* ``grpc_server_handled_total{grpc_type, grpc_service, grpc_method, grpc_code}`` — RPCs
  completed, by status code name (``OK``, ``INVALID_ARGUMENT``, ...).
* ``grpc_server_handling_seconds{grpc_type, grpc_service, grpc_method}`` — histogram of
  the time from the start of the handler to its end, in seconds.
* ``grpc_server_msg_received_total{grpc_type, grpc_service, grpc_method}`` — request
  messages received (a unary request is one; a request stream counts each message).
* ``grpc_server_msg_sent_total{grpc_type, grpc_service, grpc_method}`` — response messages
  sent (a unary answer is one, an error answer none; a response stream counts each message).

Every method of every service the server registers (each ``floorman.v1`` service, health
and reflection) has its ``started``, ``handling_seconds``, ``msg_received``, ``msg_sent``
and ``handled{grpc_code="OK"}`` series at 0 from the start (:meth:`Metrics.precreate`), so
``rate()`` and ratios work before the first call; other codes appear on first use.

``grpc_type`` is ``unary``, ``client_stream``, ``server_stream`` or ``bidi_stream``.

Domain counters:

* ``floorman_hands_evaluated_total{game}`` — hands evaluated, one per hand (a CompareHands
  call with three hands counts three); ``game`` is the lower-case value of
  :class:`floorman.domain.model.Game` (``razz``, ``seven_card_stud_hi_lo``, ...).
* ``floorman_rule_findings_total{game, rule}`` — rule findings: a refused action or a
  settlement discrepancy on a live table, or a finding of an audited hand; ``rule`` is the
  RULES.md rule id (``blind.amount``, ``card.unknown`` ...), ``game`` as above or
  ``unknown`` when the record's game could not be read.

Table store (recorded by :class:`floorman.observability.store_metrics.InstrumentedStore`
around the event-store port; the store itself knows nothing of Prometheus):

* ``floorman_store_operation_seconds{backend, operation}`` — histogram of the duration of
  each store call, failed calls included; ``backend`` is ``sqlite``, ``postgres`` or
  ``memory``, ``operation`` the port's method (``append``, ``read_events``, ``get_request``,
  ...). Waits for new events (WatchTable) are not timed: they last as long as nothing happens.
* ``floorman_store_errors_total{backend, operation, error}`` — store calls that raised, by
  ``error``: the failures ``unavailable`` (the database cannot be reached, is locked too long
  or closed), ``migration`` and ``unexpected`` (anything the port does not document: a bug or
  a driver error), and the refusals the port's contract defines (``sequence_mismatch``,
  ``duplicate_request``, ``request_id_conflict``, ``table_not_found``, ``table_exists``,
  ``table_closed``, ``invalid_page_token``). Alerts count the failures only.

Security:

* ``floorman_auth_refusals_total{reason}`` — calls refused by authentication or
  authorization; ``reason`` is ``missing_token``, ``malformed_token``, ``unknown_token``
  (UNAUTHENTICATED) or ``role``, ``table`` (PERMISSION_DENIED). Every reason is exported
  from the start at 0, so ``rate()`` works before the first refusal; the method, peer and
  caller are in the ``auth_refused`` log line.

Each :class:`Metrics` owns its :class:`~prometheus_client.CollectorRegistry` (so tests can
build many servers in one process); label children are cached so recording costs a dict
look-up and a lock, not a label resolution.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from prometheus_client import (
    CollectorRegistry,
    Counter,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    start_http_server,
)

from floorman.domain.model import Game
from floorman.security.policy import REFUSAL_LABELS

GRPC_SERVER_STARTED: Final = "grpc_server_started_total"
GRPC_SERVER_HANDLED: Final = "grpc_server_handled_total"
GRPC_SERVER_HANDLING_SECONDS: Final = "grpc_server_handling_seconds"
GRPC_SERVER_MSG_RECEIVED: Final = "grpc_server_msg_received_total"
GRPC_SERVER_MSG_SENT: Final = "grpc_server_msg_sent_total"
HANDS_EVALUATED: Final = "floorman_hands_evaluated_total"
RULE_FINDINGS: Final = "floorman_rule_findings_total"
STORE_OPERATION_SECONDS: Final = "floorman_store_operation_seconds"
STORE_ERRORS: Final = "floorman_store_errors_total"
AUTH_REFUSALS: Final = "floorman_auth_refusals_total"
UNKNOWN_GAME_LABEL: Final = "unknown"
GRPC_TYPES: Final = {
    (False, False): "unary",
    (True, False): "client_stream",
    (False, True): "server_stream",
    (True, True): "bidi_stream",
}
"""``(request streaming, response streaming)`` -> the ``grpc_type`` label."""

RPC_LABELS: Final = ("grpc_type", "grpc_service", "grpc_method")
HANDLED_LABELS: Final = (*RPC_LABELS, "grpc_code")
GAME_LABEL: Final = "game"
RULE_LABEL: Final = "rule"
STORE_LABELS: Final = ("backend", "operation")
STORE_ERROR_LABELS: Final = (*STORE_LABELS, "error")

# Sub-millisecond resolution: stateless rules calls take tens to hundreds of microseconds.
HANDLING_BUCKETS: Final = (
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
    2.5, 5.0, 10.0,
)  # fmt: skip
# A store call is a read (tens of microseconds on SQLite) or a durable commit (an fsync: one to
# tens of milliseconds; a PostgreSQL round trip); a lock wait or a failover takes seconds.
STORE_BUCKETS: Final = (
    0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
    0.5, 1.0, 2.5, 5.0, 10.0,
)  # fmt: skip


class MethodMetrics:
    """The cached metric children of one RPC method (see :meth:`Metrics.for_method`)."""

    __slots__ = (
        "_handled",
        "_handled_by_code",
        "_labels",
        "handling_seconds",
        "msg_received",
        "msg_sent",
        "started",
    )

    def __init__(self, metrics: Metrics, labels: tuple[str, str, str]) -> None:
        self._labels = labels
        self._handled = metrics.handled
        self._handled_by_code: dict[str, Counter] = {"OK": metrics.handled.labels(*labels, "OK")}
        self.started = metrics.started.labels(*labels)
        self.handling_seconds = metrics.handling_seconds.labels(*labels)
        self.msg_received = metrics.msg_received.labels(*labels)
        self.msg_sent = metrics.msg_sent.labels(*labels)

    def record_start(self) -> None:
        """Count one started RPC."""
        self.started.inc()

    def record_received(self) -> None:
        """Count one request message received."""
        self.msg_received.inc()

    def record_sent(self) -> None:
        """Count one response message sent."""
        self.msg_sent.inc()

    def record_end(self, code: str, seconds: float) -> None:
        """Count one handled RPC with status code name ``code`` that took ``seconds``."""
        child = self._handled_by_code.get(code)
        if child is None:
            child = self._handled.labels(*self._labels, code)
            self._handled_by_code[code] = child
        child.inc()
        self.handling_seconds.observe(seconds)


class Metrics:
    """The service's metric families in one registry.

    Args:
        registry: where to register (default: a fresh registry owned by this object).
        runtime_collectors: also export process, platform and GC metrics (``process_*``,
            ``python_*``) — only once per registry and only for a real server process.
    """

    def __init__(
        self, registry: CollectorRegistry | None = None, *, runtime_collectors: bool = False
    ) -> None:
        self.registry = CollectorRegistry(auto_describe=True) if registry is None else registry
        if runtime_collectors:
            ProcessCollector(registry=self.registry)
            PlatformCollector(registry=self.registry)
            GCCollector(registry=self.registry)
        self.started = Counter(
            GRPC_SERVER_STARTED,
            "Total number of RPCs started on the server.",
            RPC_LABELS,
            registry=self.registry,
        )
        self.handled = Counter(
            GRPC_SERVER_HANDLED,
            "Total number of RPCs completed on the server, regardless of success or failure.",
            HANDLED_LABELS,
            registry=self.registry,
        )
        self.handling_seconds = Histogram(
            GRPC_SERVER_HANDLING_SECONDS,
            "Histogram of response latency (seconds) of gRPC that had been application-level "
            "handled by the server.",
            RPC_LABELS,
            buckets=HANDLING_BUCKETS,
            registry=self.registry,
        )
        self.msg_received = Counter(
            GRPC_SERVER_MSG_RECEIVED,
            "Total number of RPC stream messages received on the server.",
            RPC_LABELS,
            registry=self.registry,
        )
        self.msg_sent = Counter(
            GRPC_SERVER_MSG_SENT,
            "Total number of gRPC stream messages sent by the server.",
            RPC_LABELS,
            registry=self.registry,
        )
        self.hands_evaluated = Counter(
            HANDS_EVALUATED,
            "Hands evaluated by EvaluateHand and CompareHands (one per hand), by game.",
            (GAME_LABEL,),
            registry=self.registry,
        )
        self._hands_by_game = {game: self.hands_evaluated.labels(game.value) for game in Game}
        self.rule_findings = Counter(
            RULE_FINDINGS,
            "Rule findings (refused live actions, settlement discrepancies, audit findings), "
            "by game and RULES.md rule id.",
            (GAME_LABEL, RULE_LABEL),
            registry=self.registry,
        )
        self._findings: dict[tuple[str, str], Counter] = {}
        self.store_operation_seconds = Histogram(
            STORE_OPERATION_SECONDS,
            "Duration of table store calls (failed ones included), by backend and operation.",
            STORE_LABELS,
            buckets=STORE_BUCKETS,
            registry=self.registry,
        )
        self.store_errors = Counter(
            STORE_ERRORS,
            "Table store calls that raised, by backend, operation and error (failures: "
            "unavailable, migration, unexpected; the others are refusals of the store's contract).",
            STORE_ERROR_LABELS,
            registry=self.registry,
        )
        self._store_errors: dict[tuple[str, str, str], Counter] = {}
        self._methods: dict[tuple[str, str, str], MethodMetrics] = {}
        self.auth_refusals = Counter(
            AUTH_REFUSALS,
            "Calls refused by authentication (missing, malformed or unknown token) or "
            "authorization (role, table binding), by reason.",
            ("reason",),
            registry=self.registry,
        )
        self._refusals = {reason: self.auth_refusals.labels(reason) for reason in REFUSAL_LABELS}

    def for_method(self, grpc_type: str, service: str, method: str) -> MethodMetrics:
        """The cached children for one method (created, at 0, on first use)."""
        key = (grpc_type, service, method)
        found = self._methods.get(key)
        if found is None:
            found = MethodMetrics(self, key)
            self._methods[key] = found
        return found

    def precreate(self, services: Iterable[Any]) -> None:
        """Create every method's series of ``services`` (protobuf ``ServiceDescriptor``s:
        ``full_name``, ``methods`` with ``name``, ``client_streaming``, ``server_streaming``;
        this module imports no protobuf) at 0:
        ``started``, ``handling_seconds``, ``msg_received``, ``msg_sent`` and
        ``handled{grpc_code="OK"}``, labelled as the interceptor labels calls."""
        for service in services:
            for method in service.methods:
                grpc_type = GRPC_TYPES[(method.client_streaming, method.server_streaming)]
                self.for_method(grpc_type, service.full_name, method.name)

    def count_hands(self, game: Game, hands: int = 1) -> None:
        """Add ``hands`` evaluated hands of ``game`` to ``floorman_hands_evaluated_total``."""
        self._hands_by_game[game].inc(hands)

    def count_finding(self, game: Game | None, rule: str) -> None:
        """Add one finding of ``rule`` in ``game`` (``None``: ``unknown``) to
        ``floorman_rule_findings_total``."""
        key = (game.value if game is not None else UNKNOWN_GAME_LABEL, rule)
        child = self._findings.get(key)
        if child is None:
            child = self.rule_findings.labels(*key)
            self._findings[key] = child
        child.inc()

    def count_auth_refusal(self, reason: str) -> None:
        """Add one refusal with ``reason`` (one of
        :data:`floorman.security.policy.REFUSAL_LABELS`) to ``floorman_auth_refusals_total``."""
        self._refusals[reason].inc()

    def store_operation(self, backend: str, operation: str) -> Histogram:
        """The ``floorman_store_operation_seconds`` child of one store operation (created, with
        no observation, on first use); ``observe(seconds)`` records one call."""
        return self.store_operation_seconds.labels(backend, operation)

    def count_store_error(self, backend: str, operation: str, error: str, amount: int = 1) -> None:
        """Add ``amount`` (0: only create the series, at 0) to
        ``floorman_store_errors_total{backend, operation, error}``."""
        key = (backend, operation, error)
        child = self._store_errors.get(key)
        if child is None:
            child = self.store_errors.labels(*key)
            self._store_errors[key] = child
        if amount:
            child.inc(amount)


def start_metrics_http(metrics: Metrics, *, host: str, port: int) -> tuple[object, int]:
    """Serve ``metrics.registry`` over HTTP (``/metrics``, Prometheus text format) from a
    daemon thread.

    Args:
        host: bind address without IPv6 brackets; port: 0 for an ephemeral port.

    Returns:
        ``(http_server, bound_port)``; call ``http_server.shutdown()`` then
        ``http_server.server_close()`` to stop it.

    Raises:
        OSError: when the address cannot be bound.
    """
    httpd, _thread = start_http_server(port, addr=host, registry=metrics.registry)
    return httpd, int(httpd.server_address[1])
