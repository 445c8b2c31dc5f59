"""Every Prometheus metric floorman exports: the names live in this module and nowhere else.

The ``grpc_server_*`` families follow the go-grpc-prometheus conventions so standard
dashboards work unchanged:

* ``grpc_server_started_total{grpc_type, grpc_service, grpc_method}`` — RPCs started.
* ``grpc_server_handled_total{grpc_type, grpc_service, grpc_method, grpc_code}`` — RPCs
  completed, by status code name (``OK``, ``INVALID_ARGUMENT``, ...).
* ``grpc_server_handling_seconds{grpc_type, grpc_service, grpc_method}`` — histogram of
  the time from the start of the handler to its end, in seconds.

``grpc_type`` is ``unary``, ``client_stream``, ``server_stream`` or ``bidi_stream``.

Domain counters:

* ``floorman_hands_evaluated_total{game}`` — hands evaluated, one per hand (a CompareHands
  call with three hands counts three); ``game`` is the lower-case value of
  :class:`floorman.domain.model.Game` (``razz``, ``seven_card_stud_hi_lo``, ...).
* ``floorman_rule_findings_total{game, rule}`` — rule findings: a refused action or a
  settlement discrepancy on a live table, or a finding of an audited hand; ``rule`` is the
  RULES.md rule id (``blind.amount``, ``card.unknown`` ...), ``game`` as above or
  ``unknown`` when the record's game could not be read.

Each :class:`Metrics` owns its :class:`~prometheus_client.CollectorRegistry` (so tests can
build many servers in one process); label children are cached so recording costs a dict
look-up and a lock, not a label resolution.
"""

from __future__ import annotations

from typing import Final

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

GRPC_SERVER_STARTED: Final = "grpc_server_started_total"
GRPC_SERVER_HANDLED: Final = "grpc_server_handled_total"
GRPC_SERVER_HANDLING_SECONDS: Final = "grpc_server_handling_seconds"
HANDS_EVALUATED: Final = "floorman_hands_evaluated_total"
RULE_FINDINGS: Final = "floorman_rule_findings_total"
UNKNOWN_GAME_LABEL: Final = "unknown"

RPC_LABELS: Final = ("grpc_type", "grpc_service", "grpc_method")
HANDLED_LABELS: Final = (*RPC_LABELS, "grpc_code")
GAME_LABEL: Final = "game"
RULE_LABEL: Final = "rule"

# Sub-millisecond resolution: stateless rules calls take tens to hundreds of microseconds.
HANDLING_BUCKETS: Final = (
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
    2.5, 5.0, 10.0,
)  # fmt: skip


class MethodMetrics:
    """The cached metric children of one RPC method (see :meth:`Metrics.for_method`)."""

    __slots__ = ("_handled", "_handled_by_code", "_labels", "handling_seconds", "started")

    def __init__(self, metrics: Metrics, labels: tuple[str, str, str]) -> None:
        self._labels = labels
        self._handled = metrics.handled
        self._handled_by_code: dict[str, Counter] = {}
        self.started = metrics.started.labels(*labels)
        self.handling_seconds = metrics.handling_seconds.labels(*labels)

    def record_start(self) -> None:
        """Count one started RPC."""
        self.started.inc()

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
        self._methods: dict[tuple[str, str, str], MethodMetrics] = {}

    def for_method(self, grpc_type: str, service: str, method: str) -> MethodMetrics:
        """The cached children for one method (created, at 0, on first use)."""
        key = (grpc_type, service, method)
        found = self._methods.get(key)
        if found is None:
            found = MethodMetrics(self, key)
            self._methods[key] = found
        return found

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
