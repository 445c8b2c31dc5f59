"""Optional OpenTelemetry tracing: one server span per RPC (docs/operations.md "Tracing").

Off unless ``FLOORMAN_OTEL_EXPORTER`` is set; then the ``floorman[otel]`` extra
(``opentelemetry-api``, ``-sdk``, ``-exporter-otlp``) must be installed:

* ``otlp``: spans are batched to an OTLP collector over gRPC; the exporter reads the standard
  ``OTEL_EXPORTER_OTLP_*`` variables (endpoint default ``http://localhost:4317``).
* ``console``: each span is written as one JSON line on stderr when it ends (stdout keeps
  the log lines only).

``OTEL_SERVICE_NAME`` / ``OTEL_RESOURCE_ATTRIBUTES`` name the resource (default service name
``floorman``). When tracing is off nothing of OpenTelemetry is imported and an RPC costs one
``is None`` test more.

While tracing is on, :func:`add_trace_ids` (a structlog processor) writes the current span's
``trace_id`` (32 hex digits) and ``span_id`` (16 hex digits) into every log line written
inside an RPC, the ``rpc`` line included — the ids the exported span carries.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, MutableMapping
from typing import Any, Final

ENV_OTEL_EXPORTER: Final = "FLOORMAN_OTEL_EXPORTER"
EXPORTERS: Final = ("otlp", "console")
OFF_VALUES: Final = ("", "off", "none")
TRACER_NAME: Final = "floorman"
DEFAULT_SERVICE_NAME: Final = "floorman"

_tracer: Any | None = None
"""The tracer RPC spans are made with (``None``: tracing off)."""


class TracingError(Exception):
    """``FLOORMAN_OTEL_EXPORTER`` names an unknown exporter, or the extra is missing."""


def exporter_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """The exporter named by ``$FLOORMAN_OTEL_EXPORTER`` (lower-cased): ``otlp``,
    ``console``, or ``None`` when unset, empty or ``off``.

    Raises:
        TracingError: for any other value.
    """
    value = (os.environ if env is None else env).get(ENV_OTEL_EXPORTER, "").strip().lower()
    if value in OFF_VALUES:
        return None
    if value not in EXPORTERS:
        raise TracingError(
            f"{ENV_OTEL_EXPORTER}={value!r}: expected one of {', '.join(EXPORTERS)} or off"
        )
    return value


def configure_tracing(exporter: str | None) -> Any | None:
    """Install a tracer provider exporting to ``exporter`` (``otlp`` or ``console``) and
    make RPC spans on; ``None`` turns tracing off. Returns the provider (``None`` when off);
    call its ``shutdown()`` at exit to flush the last spans.

    Raises:
        TracingError: when the ``floorman[otel]`` extra is not installed.
    """
    if exporter is None:
        disable_tracing()
        return None
    try:
        from opentelemetry.sdk.resources import OTEL_SERVICE_NAME, SERVICE_NAME, Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import (
            BatchSpanProcessor,
            ConsoleSpanExporter,
            SimpleSpanProcessor,
        )
    except ImportError as error:
        raise TracingError(
            f"{ENV_OTEL_EXPORTER}={exporter} needs the OpenTelemetry packages: "
            f"pip install 'floorman[otel]' ({error})"
        ) from None
    service = os.environ.get(OTEL_SERVICE_NAME) or DEFAULT_SERVICE_NAME
    provider = TracerProvider(resource=Resource.create({SERVICE_NAME: service}))
    if exporter == "console":
        console = ConsoleSpanExporter(
            out=sys.stderr, formatter=lambda span: span.to_json(indent=None) + os.linesep
        )
        provider.add_span_processor(SimpleSpanProcessor(console))
    else:
        try:
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
        except ImportError as error:
            raise TracingError(
                f"{ENV_OTEL_EXPORTER}=otlp needs opentelemetry-exporter-otlp: "
                f"pip install 'floorman[otel]' ({error})"
            ) from None
        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    enable_tracing(provider)
    return provider


def enable_tracing(provider: Any) -> None:
    """Make RPC spans with a tracer of ``provider`` (an OpenTelemetry ``TracerProvider``;
    tests pass one with an in-memory exporter). Servers built afterwards trace their RPCs."""
    global _tracer
    _tracer = provider.get_tracer(TRACER_NAME)


def disable_tracing() -> None:
    """No RPC spans for servers built afterwards."""
    global _tracer
    _tracer = None


def current_tracer() -> Any | None:
    """The tracer of :func:`enable_tracing` (``None``: tracing off)."""
    return _tracer


def add_trace_ids(
    _logger: Any, _method: str, event_dict: MutableMapping[str, Any]
) -> MutableMapping[str, Any]:
    """structlog processor: ``trace_id`` / ``span_id`` of the current span, when there is a
    valid one (inside a traced RPC); other lines are left as they are."""
    from opentelemetry import trace

    context = trace.get_current_span().get_span_context()
    if context.is_valid:
        event_dict.setdefault("trace_id", format(context.trace_id, "032x"))
        event_dict.setdefault("span_id", format(context.span_id, "016x"))
    return event_dict


SERVER_ERROR_CODES: Final = frozenset(
    {"UNKNOWN", "DEADLINE_EXCEEDED", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS"}
)
"""Status codes that mark a server span as an error (OpenTelemetry RPC conventions); the
others are the caller's fault or choice and leave the span's status unset."""


class RpcSpans:
    """Starts and ends the server span of each RPC with ``tracer`` (from
    :func:`current_tracer`); the span is the current one while the RPC runs, so log lines
    written inside it carry its ids. A ``traceparent`` in the request metadata (W3C trace
    context) makes it the child of the caller's span."""

    __slots__ = ("_attach", "_detach", "_error", "_extract", "_server", "_set_in", "_tracer")

    def __init__(self, tracer: Any) -> None:
        from opentelemetry import context, propagate, trace
        from opentelemetry.trace import Status, StatusCode

        self._tracer = tracer
        self._attach = context.attach
        self._detach = context.detach
        self._extract = propagate.extract
        self._set_in = trace.set_span_in_context
        self._server = trace.SpanKind.SERVER
        self._error = lambda code: Status(StatusCode.ERROR, code)

    def start(self, full_name: str, service: str, method: str, metadata: Any) -> tuple[Any, object]:
        """Start the span of one RPC (``full_name`` ``/package.Service/Method``, ``metadata``
        the call's ``(key, value)`` pairs) and make it current; returns the handle
        :meth:`end` takes."""
        parent = self._extract(dict(metadata or ()))
        span = self._tracer.start_span(
            full_name.lstrip("/"),
            context=parent,
            kind=self._server,
            attributes={"rpc.system": "grpc", "rpc.service": service, "rpc.method": method},
        )
        return span, self._attach(self._set_in(span, parent))

    def end(self, handle: tuple[Any, object], code: str, code_number: int) -> None:
        """Record the status code (name ``code``, number ``code_number``) and end the span."""
        span, token = handle
        span.set_attribute("rpc.grpc.status_code", code_number)
        if code in SERVER_ERROR_CODES:
            span.set_status(self._error(code))
        self._detach(token)
        span.end()
