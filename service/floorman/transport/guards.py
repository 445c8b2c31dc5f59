"""Helpers for server interceptors that wrap or replace a method's handler.

A ``grpc.RpcMethodHandler`` carries one behaviour under an attribute named after its kind
(``unary_unary`` ...); :func:`rebuild` makes a handler of the same kind and serializers
around a new behaviour, and :func:`refusing` one that ends every call with a status before
any work. Only ``async`` behaviours (coroutine functions and async generators) are served by
floorman; :func:`is_async` tells them apart from a synchronous one. :class:`WrappedHandlers`
keeps each method's wrapped handler, so an interceptor wraps a method once, not per call.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final

import grpc

KINDS: Final = {
    (False, False): "unary_unary",
    (True, False): "stream_unary",
    (False, True): "unary_stream",
    (True, True): "stream_stream",
}
_FACTORIES: Final = {
    "unary_unary": grpc.unary_unary_rpc_method_handler,
    "stream_unary": grpc.stream_unary_rpc_method_handler,
    "unary_stream": grpc.unary_stream_rpc_method_handler,
    "stream_stream": grpc.stream_stream_rpc_method_handler,
}


def kind_of(handler: grpc.RpcMethodHandler) -> str:
    """``unary_unary``, ``stream_unary``, ``unary_stream`` or ``stream_stream``."""
    return KINDS[(bool(handler.request_streaming), bool(handler.response_streaming))]


def behavior_of(handler: grpc.RpcMethodHandler) -> Callable[..., Any]:
    """The handler's behaviour function ``(request or request iterator, context)``."""
    return getattr(handler, kind_of(handler))


def is_async(behavior: Callable[..., Any]) -> bool:
    """True for a coroutine function or an async generator function."""
    return inspect.iscoroutinefunction(behavior) or inspect.isasyncgenfunction(behavior)


def rebuild(
    handler: grpc.RpcMethodHandler,
    behavior: Callable[..., Any],
    *,
    request_deserializer: Callable[[bytes], Any] | None = None,
) -> grpc.RpcMethodHandler:
    """A handler of ``handler``'s kind and (de)serializers running ``behavior`` (and
    ``request_deserializer`` instead of the handler's, when given)."""
    return _FACTORIES[kind_of(handler)](
        behavior,
        request_deserializer=request_deserializer or handler.request_deserializer,
        response_serializer=handler.response_serializer,
    )


def refusing(
    handler: grpc.RpcMethodHandler,
    refuse: Callable[[grpc.aio.ServicerContext], Awaitable[None]],
) -> grpc.RpcMethodHandler:
    """A handler of ``handler``'s kind whose behaviour only awaits ``refuse(context)`` (which
    must abort the call): the request is never parsed and no servicer code runs."""
    if handler.response_streaming:

        async def refuse_stream(request: Any, context: grpc.aio.ServicerContext) -> Any:
            await refuse(context)
            return
            yield  # pragma: no cover - makes this an async generator

        return rebuild(handler, refuse_stream, request_deserializer=_unparsed)

    async def refuse_unary(request: Any, context: grpc.aio.ServicerContext) -> Any:
        await refuse(context)

    return rebuild(handler, refuse_unary, request_deserializer=_unparsed)


class FoldedInterceptors(grpc.aio.ServerInterceptor):
    """Several floorman interceptors as ONE ``grpc.aio`` interceptor (issue 16 point 3):
    gRPC runs a coroutine and a continuation step per interceptor per call; folded, one
    ``intercept_service`` asks for the handler once and applies each interceptor's
    ``intercepted(handler, handler_call_details)`` (its ``intercept_service`` after the
    continuation, which never suspends), the last one first, so the handler is wrapped
    exactly as the chain would wrap it (the first interceptor outermost)."""

    def __init__(self, interceptors: Sequence[Any]) -> None:
        self.interceptors = tuple(interceptors)
        self._steps = tuple(i.intercepted for i in reversed(self.interceptors))

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        """The method's handler, passed through every folded interceptor."""
        handler = await continuation(handler_call_details)
        for step in self._steps:
            handler = step(handler, handler_call_details)
        return handler


def fold(interceptors: Sequence[Any]) -> list[Any]:
    """``interceptors`` for ``grpc.aio.server``: the longest prefix of foldable ones (those
    with ``intercepted``) as one :class:`FoldedInterceptors`, the rest as they are (in
    order, after it); a lone foldable one stays itself."""
    count = 0
    while count < len(interceptors) and hasattr(interceptors[count], "intercepted"):
        count += 1
    if count < 2:
        return list(interceptors)
    return [FoldedInterceptors(interceptors[:count]), *interceptors[count:]]


class WrappedHandlers:
    """Per method, the wrapped handler an interceptor made for the method's handler (made
    again only when the server hands out another handler object for that method).

    Args:
        wrap: ``(method, handler) -> wrapped handler``.
    """

    def __init__(self, wrap: Callable[[str, grpc.RpcMethodHandler], grpc.RpcMethodHandler]) -> None:
        self._wrap = wrap
        self._wrapped: dict[str, tuple[grpc.RpcMethodHandler, grpc.RpcMethodHandler]] = {}

    def get(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        """The wrapped handler of ``method`` (``handler`` as the server gave it)."""
        cached = self._wrapped.get(method)
        if cached is not None and cached[0] is handler:
            return cached[1]
        wrapped = self._wrap(method, handler)
        self._wrapped[method] = (handler, wrapped)
        return wrapped


def _unparsed(data: bytes) -> bytes:
    """The request bytes as they came (a refused call never reads them)."""
    return data
