"""The drain gate: what SIGTERM does to calls before the gRPC server itself stops.

:class:`DrainGate` is a server interceptor on every ``floorman.v1`` method. While open it
counts the unary-answer calls running (every RulesService, AuditService and TableService call
but the response streams, which :meth:`TableService.stop_watching
<floorman.app.tables.service.TableService.stop_watching>` ends on its own). :meth:`close`
(at SIGTERM) refuses every later ``floorman.v1`` call at once with UNAVAILABLE
``ErrorInfo{reason: "SERVER_SHUTTING_DOWN"}`` before any of its work (the client retries it,
with the same request id, on another replica or after the restart) and :meth:`wait_idle`
waits for the calls already running to finish, bounded by the grace period. Only then does
the server stop: gRPC's own stop cancels calls that no handler had taken yet (CANCELLED,
which clients do not retry), so the gate keeps that window as short as possible.
``grpc.health.v1`` and reflection are not gated (probes see NOT_SERVING, not an error).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any, Final

import grpc

from floorman.transport import guards
from floorman.transport.errors import ServerDraining, status_for

GATED_PREFIX: Final = "/floorman.v1."


class DrainGate(grpc.aio.ServerInterceptor):
    """Refuses new ``floorman.v1`` calls once closed and tracks the ones running (module
    docstring). Create it inside the event loop that serves."""

    def __init__(self) -> None:
        self._closed = False
        self._running = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._handlers = guards.WrappedHandlers(self._wrap)
        # The sync server model (floorman.transport.sync_server) runs calls on other threads'
        # loops: the count is locked and the idle event is set from its own loop.
        self._lock = threading.Lock()
        self._waiting = False  # wait_idle started: the idle event is set on its own loop
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None

    @property
    def closed(self) -> bool:
        """Whether new calls are refused."""
        return self._closed

    @property
    def running(self) -> int:
        """Unary-answer ``floorman.v1`` calls running now."""
        return self._running

    def close(self) -> None:
        """Refuse every ``floorman.v1`` call from now on (idempotent)."""
        self._closed = True

    async def wait_idle(self, timeout: float) -> bool:
        """Wait until no counted call runs, at most ``timeout`` seconds; whether it got there."""
        with self._lock:
            self._waiting = True
            if self._running == 0:
                return True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout=max(0.0, timeout))
        except TimeoutError:
            return False
        return True

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        """The method's handler: refused when closed, else counted (``floorman.v1`` only)."""
        return self.intercepted(await continuation(handler_call_details), handler_call_details)

    def intercepted(
        self, handler: grpc.RpcMethodHandler | None, handler_call_details: grpc.HandlerCallDetails
    ) -> grpc.RpcMethodHandler | None:
        """:meth:`intercept_service` once the handler is known (:func:`~floorman.transport.
        guards.fold`)."""
        method = handler_call_details.method
        if handler is None or not method.startswith(GATED_PREFIX):
            return handler
        if self._closed:
            return _refusing(handler)
        if handler.response_streaming or not guards.is_async(guards.behavior_of(handler)):
            return handler
        return self._handlers.get(method, handler)

    def _set_idle(self) -> None:
        """(Under the lock.) Set the idle event: at once while nobody waits for it (no
        waiter to wake) or in its own loop, else from its loop (a call on another thread's
        loop, sync server model)."""
        loop = self._loop
        if not self._waiting or loop is None or _running_loop() is loop:
            self._idle.set()
        elif not loop.is_closed():
            loop.call_soon_threadsafe(self._set_idle_if_still)

    def _set_idle_if_still(self) -> None:
        if self._running == 0:
            self._idle.set()

    def _wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        behavior = guards.behavior_of(handler)

        async def counted(request: Any, context: grpc.aio.ServicerContext) -> Any:
            with self._lock:
                self._running += 1
                self._idle.clear()
            try:
                return await behavior(request, context)
            finally:
                with self._lock:
                    self._running -= 1
                    if self._running == 0:
                        self._set_idle()

        return guards.rebuild(handler, counted)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _refusing(handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
    """``handler``'s kind answering UNAVAILABLE before any work. The request is still parsed
    (by the handler's own deserializer) so the ``rpc`` log line carries its request id."""
    if handler.response_streaming:

        async def refuse_stream(request: Any, context: grpc.aio.ServicerContext) -> Any:
            await context.abort_with_status(status_for(ServerDraining()))
            return
            yield  # pragma: no cover - makes this an async generator

        return guards.rebuild(handler, refuse_stream)

    async def refuse(request: Any, context: grpc.aio.ServicerContext) -> Any:
        await context.abort_with_status(status_for(ServerDraining()))

    return guards.rebuild(handler, refuse)
