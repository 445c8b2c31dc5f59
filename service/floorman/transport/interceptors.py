"""Server interceptor: one JSON log line, the ``grpc_server_*`` metrics and (when tracing is
on) one OpenTelemetry server span for every RPC.

Logging, metrics and tracing share one interceptor on purpose: they need the same start
time, status code and duration, and every interceptor layer costs each RPC a wrap. Every
method is observed, including health checks and reflection. Messages are counted as they
pass: one request and one answer for a unary call, each message of a stream. Tracing
(:mod:`floorman.observability.tracing`): the span is named ``package.Service/Method``, has
``rpc.system``, ``rpc.service``, ``rpc.method`` and ``rpc.grpc.status_code``, and is the
current span until the ``rpc`` line is written, so that line and every line logged during
the call carry its ``trace_id`` / ``span_id``. Each line is::

    {"event": "rpc", "method": "/floorman.v1.TableService/RecordAction", "code": "OK",
     "duration_ms": 0.182, "peer": "ipv4:127.0.0.1:50112", "request_id": "act-2",
     "table_id": "demo", "hand_id": "5f0c...", "level": "info", "timestamp": ...}

Ids (DESIGN.md "Logs"): the request's ``request_id``, ``table_id`` and ``hand_id`` fields,
when it has them, are bound to the call's log context at its start
(:func:`~floorman.observability.logging.bind_call_ids`), so the ``rpc`` line and every line
logged during the call (``rule_finding`` ...) carry them; a servicer binds the hand id once
it knows it (the tables servicer does, from its answer). Only ids: never cards or tokens.

The status code is the one the client sees: ``OK``, the code of ``context.abort`` (what
:func:`floorman.transport.errors.maps_errors` uses), ``CANCELLED`` when the call is
cancelled (also when the client went away before the status could be sent: gRPC then
raises its ``InternalError`` from the abort, which is no server fault), and ``UNKNOWN`` for
an exception that escapes a handler (gRPC's own mapping).
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from time import perf_counter
from typing import Any, Final

import grpc
from google.protobuf.descriptor import FieldDescriptor

from floorman.observability.logging import (
    CALL_ID_KEYS,
    bind_call_ids,
    clear_call_ids,
    get_logger,
    info_writer,
)
from floorman.observability.metrics import GRPC_TYPES, MethodMetrics, Metrics
from floorman.observability.tracing import RpcSpans, current_tracer
from floorman.transport import guards

RPC_EVENT: Final = "rpc"
_GRPC_TYPES: Final = GRPC_TYPES
_CODE_NUMBERS: Final = {code.name: code.value[0] for code in grpc.StatusCode}


@dataclass(frozen=True, slots=True)
class _Method:
    """What the interceptor knows of one method, computed once."""

    full_name: str
    service: str
    method: str
    metrics: MethodMetrics | None
    request_streaming: bool


def split_method(full_name: str) -> tuple[str, str]:
    """``/floorman.v1.RulesService/EvaluateHand`` -> ``("floorman.v1.RulesService",
    "EvaluateHand")``; a name without the two slashes gives ``("unknown", full_name)``."""
    _, _, rest = full_name.partition("/")
    service, sep, method = rest.partition("/")
    return (service, method) if sep else ("unknown", full_name)


def code_name(context: grpc.aio.ServicerContext, error: BaseException | None) -> str:
    """The status code name a call ended with, as its client sees it (the module docstring
    lists the cases): ``error`` is what escaped the handler (``None``: it returned)."""
    if error is None or isinstance(error, grpc.aio.AbortError):
        code = context.code()
        if code is None:
            return "OK" if error is None else "UNKNOWN"
        return code.name
    if isinstance(error, asyncio.CancelledError | GeneratorExit):
        return "CANCELLED"
    if isinstance(error, grpc.aio.InternalError) and context.done():
        # gRPC could not send the status (ExecuteBatchError): the call was already over on
        # the transport, i.e. the client cancelled or went away. Not a server error.
        return "CANCELLED"
    return "UNKNOWN"


_ID_FIELDS: dict[type, tuple[str, ...]] = {}
"""Request type -> the :data:`~floorman.observability.logging.CALL_ID_KEYS` it has as string
fields (found once per type, so a request without ids costs one dict lookup)."""


def _id_fields(kind: type) -> tuple[str, ...]:
    found = _ID_FIELDS.get(kind)
    if found is None:
        descriptor = getattr(kind, "DESCRIPTOR", None)
        fields = getattr(descriptor, "fields_by_name", {})
        found = tuple(
            name
            for name in CALL_ID_KEYS
            if name in fields and fields[name].type == FieldDescriptor.TYPE_STRING
        )
        _ID_FIELDS[kind] = found
    return found


def _bind_request_ids(request: Any) -> None:
    """Bind the request's ``request_id`` / ``table_id`` / ``hand_id`` (the fields it has) to
    the call's log context; a request without them (or a request stream) binds nothing."""
    names = _id_fields(type(request))
    if names:
        clear_call_ids()
        bind_call_ids(**{name: getattr(request, name) for name in names})


class ObservabilityInterceptor(grpc.aio.ServerInterceptor):
    """Logs ``event="rpc"`` and records ``grpc_server_started_total``,
    ``grpc_server_handled_total`` and ``grpc_server_handling_seconds`` for every RPC.

    Args:
        metrics: where to record (``None``: no metrics).
        logger: a structlog logger (default: the floorman logger as configured now).
        tracer: an OpenTelemetry tracer for the RPC spans (default:
            :func:`~floorman.observability.tracing.current_tracer`; ``None`` there: no spans).
    """

    def __init__(
        self, *, metrics: Metrics | None, logger: Any | None = None, tracer: Any | None = None
    ) -> None:
        self._metrics = metrics
        self._log = get_logger().bind() if logger is None else logger
        self._info = info_writer(self._log)
        tracer = current_tracer() if tracer is None else tracer
        self._spans = None if tracer is None else RpcSpans(tracer)
        self._handlers = guards.WrappedHandlers(self._wrap)

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        """Return the wrapped handler of the called method (cached per method)."""
        return self.intercepted(await continuation(handler_call_details), handler_call_details)

    def intercepted(
        self, handler: grpc.RpcMethodHandler | None, handler_call_details: grpc.HandlerCallDetails
    ) -> grpc.RpcMethodHandler | None:
        """:meth:`intercept_service` once the handler is known (:func:`~floorman.transport.
        guards.fold`)."""
        if handler is None:
            return handler
        return self._handlers.get(handler_call_details.method, handler)

    def _wrap(self, name: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        grpc_type = _GRPC_TYPES[(handler.request_streaming, handler.response_streaming)]
        service, method = split_method(name)
        metrics = None if self._metrics is None else self._metrics.for_method(
            grpc_type, service, method
        )  # fmt: skip
        info = _Method(name, service, method, metrics, bool(handler.request_streaming))
        behavior = guards.behavior_of(handler)
        if inspect.isasyncgenfunction(behavior):
            return guards.rebuild(handler, self._observe_async_gen(info, behavior))
        if inspect.iscoroutinefunction(behavior):
            return guards.rebuild(handler, self._observe_coroutine(info, behavior))
        return handler  # a synchronous handler runs in gRPC's executor; nothing of ours is one

    def _start(self, info: _Method, context: grpc.aio.ServicerContext) -> Any:
        """Count the start; return the span handle (``None``: tracing off)."""
        if info.metrics is not None:
            info.metrics.record_start()
        if self._spans is None:
            return None
        return self._spans.start(
            info.full_name, info.service, info.method, context.invocation_metadata()
        )

    def _finish(
        self,
        info: _Method,
        context: grpc.aio.ServicerContext,
        started: float,
        error: BaseException | None,
        peer: str,
        span: Any,
    ) -> None:
        seconds = perf_counter() - started
        code = code_name(context, error)
        if info.metrics is not None:
            info.metrics.record_end(code, seconds)
        try:
            self._info(
                RPC_EVENT,
                method=info.full_name,
                code=code,
                duration_ms=round(seconds * 1000.0, 3),
                peer=peer,
            )
        finally:
            if span is not None and self._spans is not None:
                self._spans.end(span, code, _CODE_NUMBERS.get(code, 2))

    def _requests(self, info: _Method, request: Any) -> Any:
        """The request (stream) the servicer sees: a request stream is wrapped to count its
        messages; a unary request is counted here."""
        if info.metrics is None:
            return request
        if not info.request_streaming:
            info.metrics.record_received()
            return request
        return _counted(request, info.metrics)

    def _observe_coroutine(self, info: _Method, behavior: Callable[..., Any]) -> Any:
        async def observed(request: Any, context: grpc.aio.ServicerContext) -> Any:
            span = self._start(info, context)
            started = perf_counter()
            peer = context.peer()
            _bind_request_ids(request)
            error: BaseException | None = None
            try:
                response = await behavior(self._requests(info, request), context)
                if info.metrics is not None:
                    info.metrics.record_sent()
                return response
            except BaseException as exc:
                error = exc
                raise
            finally:
                self._finish(info, context, started, error, peer, span)

        return observed

    def _observe_async_gen(self, info: _Method, behavior: Callable[..., Any]) -> Any:
        async def observed(request: Any, context: grpc.aio.ServicerContext) -> Any:
            span = self._start(info, context)
            started = perf_counter()
            # read the peer now: context.peer() on a stream the client cancelled crashes
            # grpcio (SIGSEGV) when the generator is closed
            peer = context.peer()
            _bind_request_ids(request)
            error: BaseException | None = None
            metrics = info.metrics
            try:
                async for response in behavior(self._requests(info, request), context):
                    if metrics is not None:
                        metrics.record_sent()
                    yield response
            except BaseException as exc:
                error = exc
                raise
            finally:
                self._finish(info, context, started, error, peer, span)

        return observed


async def _counted(requests: Any, metrics: MethodMetrics) -> Any:
    """``requests`` (an async request stream), counting each message as it is read."""
    async for request in requests:
        metrics.record_received()
        yield request
