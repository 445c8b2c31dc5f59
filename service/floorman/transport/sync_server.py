"""The experimental ``sync`` server model (issue 15 point 4): floorman's async handlers on a
synchronous ``grpc.server``.

:func:`bridge_handler` turns a method handler that went through the usual ``grpc.aio``
interceptor chain (observability, auth, limits, drain gate; their ``intercept_service`` is
resolved once per method here, see :class:`SyncBridge`) into the synchronous handler of a
``grpc.server`` thread pool. Each pool thread owns one event loop (:func:`thread_loop`) and
runs the call's coroutine to completion on it, in the handler thread; that loop's default
executor runs inline, so a table use case that the servicer hands to ``asyncio.to_thread``
runs in the handler thread too (no second hop). The servicer sees a :class:`BridgedContext`:
the part of ``grpc.aio.ServicerContext`` floorman uses, over the synchronous context.

Measured in BENCHMARKS.md "Server model (issue 15 point 4)". Experimental, with known
differences from ``aio``: a stream holds its pool thread for its whole life (size
``--server-threads`` for the watchers); a client cancelling a unary call does not interrupt
its handler (it finishes, its answer is dropped); the write queue (``pending_writes``) is
not used (the pool bounds the writes); ``grpc.health.v1`` Watch is not served (its servicer
waits on the main loop); an interceptor's ``intercept_service`` must not suspend.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import grpc

from floorman.transport import guards


class _InlineExecutor(ThreadPoolExecutor):
    """Runs each submitted function at once in the submitting thread."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to the awaiting coroutine, as a pool would
            future.set_exception(error)
        return future


_LOCAL = threading.local()


def thread_loop() -> asyncio.AbstractEventLoop:
    """The calling thread's own event loop (created on first use, inline default executor)."""
    loop: asyncio.AbstractEventLoop | None = getattr(_LOCAL, "loop", None)
    if loop is None:
        loop = asyncio.new_event_loop()
        loop.set_default_executor(_InlineExecutor(max_workers=1))
        _LOCAL.loop = loop
    return loop


class BridgedContext:
    """``grpc.aio.ServicerContext`` as floorman's handlers use it, over a synchronous
    ``grpc.ServicerContext``: ``abort`` / ``abort_with_status`` record the status and raise
    ``grpc.aio.AbortError`` (as ``grpc.aio`` does); :func:`bridge_handler` sends it."""

    __slots__ = ("_context", "_status")

    def __init__(self, context: grpc.ServicerContext) -> None:
        self._context = context
        self._status: grpc.Status | None = None

    def invocation_metadata(self) -> Any:
        return self._context.invocation_metadata()

    def peer(self) -> str:
        return self._context.peer()

    def auth_context(self) -> Any:
        return self._context.auth_context()

    def time_remaining(self) -> float | None:
        return self._context.time_remaining()

    def code(self) -> grpc.StatusCode | None:
        if self._status is not None:
            return self._status.code  # type: ignore[no-any-return]
        return self._context.code()  # type: ignore[no-any-return]

    def details(self) -> str:
        if self._status is not None:
            return self._status.details  # type: ignore[no-any-return]
        return self._context.details() or ""  # type: ignore[no-any-return]

    def set_code(self, code: grpc.StatusCode) -> None:
        self._context.set_code(code)

    def set_details(self, details: str) -> None:
        self._context.set_details(details)

    def set_trailing_metadata(self, metadata: Any) -> None:
        self._context.set_trailing_metadata(metadata)

    def done(self) -> bool:
        return not self._context.is_active()

    def cancelled(self) -> bool:
        return not self._context.is_active()

    async def abort(
        self, code: grpc.StatusCode, details: str = "", trailing_metadata: Any = ()
    ) -> None:
        self._status = _Status(code, details, tuple(trailing_metadata or ()))
        raise grpc.aio.AbortError(details)

    async def abort_with_status(self, status: grpc.Status) -> None:
        self._status = _Status(status.code, status.details, tuple(status.trailing_metadata or ()))
        raise grpc.aio.AbortError(status.details)

    def send_abort(self) -> None:
        """End the call with the recorded status (raises, as ``grpc.ServicerContext.abort``)."""
        assert self._status is not None
        self._context.abort_with_status(self._status)


class _Status(grpc.Status):
    def __init__(self, code: grpc.StatusCode, details: str, trailing: tuple[Any, ...]) -> None:
        self.code = code
        self.details = details
        self.trailing_metadata = trailing


async def _requests(requests: Iterator[Any]) -> AsyncIterator[Any]:
    """A synchronous request iterator as the async one ``grpc.aio`` hands a handler (each
    read blocks the pool thread: its loop serves this call only)."""
    for request in requests:
        yield request


def _drive(coroutine: Any) -> Any:
    """Run a coroutine that never suspends (an interceptor's ``intercept_service``) to its
    result, without an event loop.

    Raises:
        RuntimeError: the coroutine suspended (waited for something).
    """
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("an interceptor suspended while resolving a handler")


def bridge_handler(
    handler: grpc.RpcMethodHandler, context: contextvars.Context
) -> grpc.RpcMethodHandler:
    """A synchronous handler running ``handler``'s async behaviour (unary or server stream)
    on the pool thread's own loop, in ``context`` (the call's own contextvars, where the
    interceptors bound its log ids); a synchronous behaviour is returned as it is."""
    behavior = guards.behavior_of(handler)
    if not guards.is_async(behavior):
        return handler
    streamed = handler.request_streaming
    if handler.response_streaming:

        def stream(request: Any, grpc_context: grpc.ServicerContext) -> Iterator[Any]:
            loop = thread_loop()
            call = BridgedContext(grpc_context)
            responses = behavior(_requests(request) if streamed else request, call)

            if inspect.iscoroutine(responses):  # a stream written with ``context.write``
                try:
                    loop.run_until_complete(loop.create_task(responses, context=context))
                except grpc.aio.AbortError:
                    call.send_abort()
                return

            async def step() -> Any:
                return await responses.__anext__()

            async def close() -> None:
                await responses.aclose()

            try:
                while True:
                    try:
                        yield loop.run_until_complete(loop.create_task(step(), context=context))
                    except StopAsyncIteration:
                        return
                    except grpc.aio.AbortError:
                        call.send_abort()
            finally:
                loop.run_until_complete(loop.create_task(close(), context=context))

        return guards.rebuild(handler, stream)

    def unary(request: Any, grpc_context: grpc.ServicerContext) -> Any:
        call = BridgedContext(grpc_context)
        loop = thread_loop()
        if streamed:
            request = _requests(request)
        try:
            return loop.run_until_complete(
                loop.create_task(behavior(request, call), context=context)
            )
        except grpc.aio.AbortError:
            call.send_abort()

    return guards.rebuild(handler, unary)


class SyncBridge(grpc.GenericRpcHandler):
    """The generic handler of a ``grpc.server``: each call's method handler is resolved
    through ``interceptors`` (first outermost, as ``grpc.aio`` runs them), in a fresh
    contextvars context kept for the call, then bridged (:func:`bridge_handler`). Servicers
    register on it as on a server (``add_*Servicer_to_server(servicer, bridge)``)."""

    def __init__(self, interceptors: Sequence[grpc.aio.ServerInterceptor]) -> None:
        self._interceptors = tuple(interceptors)
        self._handlers: dict[str, grpc.RpcMethodHandler] = {}

    def add_generic_rpc_handlers(self, handlers: Sequence[grpc.GenericRpcHandler]) -> None:
        """Keep the methods of ``grpc.method_handlers_generic_handler`` handlers."""
        for generic in handlers:
            methods = getattr(generic, "_method_handlers", None)
            if methods is None:
                raise TypeError(f"cannot bridge {generic!r}")
            self._handlers.update(methods)

    def add_registered_method_handlers(
        self, service: str, handlers: dict[str, grpc.RpcMethodHandler]
    ) -> None:
        """Keep the methods of a generated ``add_*Servicer_to_server`` registration."""
        for name, handler in handlers.items():
            self._handlers[f"/{service}/{name}"] = handler

    def service(self, handler_call_details: grpc.HandlerCallDetails) -> Any:
        """The bridged handler of the called method (``None``: not served here)."""
        handler = self._handlers.get(handler_call_details.method)
        if handler is None:
            return None
        context = contextvars.Context()
        resolved = context.run(_drive, self._resolve(0, handler, handler_call_details))
        return None if resolved is None else bridge_handler(resolved, context)

    async def _resolve(
        self, index: int, handler: grpc.RpcMethodHandler, details: grpc.HandlerCallDetails
    ) -> grpc.RpcMethodHandler:
        if index == len(self._interceptors):
            return handler

        async def proceed(next_details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
            return await self._resolve(index + 1, handler, next_details)

        return await self._interceptors[index].intercept_service(proceed, details)


class SyncServer:
    """A ``grpc.server`` (``threads`` handler threads) behind the part of the
    ``grpc.aio.Server`` interface :mod:`floorman.transport.server` uses: servicers register
    on its :class:`SyncBridge` (every call passes ``interceptors``), ``start`` / ``stop`` are
    awaitable. Build it inside the serving event loop."""

    def __init__(
        self,
        *,
        interceptors: Sequence[grpc.aio.ServerInterceptor],
        options: Sequence[tuple[str, Any]],
        maximum_concurrent_rpcs: int | None,
        threads: int,
    ) -> None:
        self.bridge = SyncBridge(interceptors)
        self._server = grpc.server(
            ThreadPoolExecutor(threads, thread_name_prefix="floorman-rpc"),
            handlers=(self.bridge,),
            options=list(options),
            maximum_concurrent_rpcs=maximum_concurrent_rpcs,
        )

    def add_generic_rpc_handlers(self, handlers: Sequence[grpc.GenericRpcHandler]) -> None:
        self.bridge.add_generic_rpc_handlers(handlers)

    def add_registered_method_handlers(
        self, service: str, handlers: dict[str, grpc.RpcMethodHandler]
    ) -> None:
        self.bridge.add_registered_method_handlers(service, handlers)

    def add_insecure_port(self, address: str) -> int:
        return self._server.add_insecure_port(address)  # type: ignore[no-any-return]

    def add_secure_port(self, address: str, credentials: grpc.ServerCredentials) -> int:
        return self._server.add_secure_port(address, credentials)  # type: ignore[no-any-return]

    async def start(self) -> None:
        self._server.start()

    async def stop(self, grace: float | None) -> None:
        """Stop taking calls; running ones get ``grace`` seconds (``None``: cancelled now)."""
        done = self._server.stop(grace)
        await asyncio.to_thread(done.wait)
