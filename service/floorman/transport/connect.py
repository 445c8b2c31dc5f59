"""``--http-listen``: every floorman.v1 RPC over Connect (JSON and binary, unary and server
streaming), gRPC and gRPC-Web on HTTP/1.1 and h2c, for browsers (issue 14).

Built with ``connectrpc`` (its runtime API: one :class:`connectrpc.server.Endpoint` per method,
found from the service descriptors; ``google.protobuf`` messages through
:mod:`connectrpc.compat`) and served by Hypercorn in the server's own event loop. No
transcoding is written here: each Connect call runs the *same* gRPC method handler the gRPC
port registered, behind the same interceptor chain (observability: logs and metrics; auth;
limits; drain), with a :class:`_CallContext` standing in for ``grpc.aio.ServicerContext``.
A status the chain aborts with (:mod:`floorman.transport.errors`) becomes a
:class:`connectrpc.errors.ConnectError` with the same code (``INVALID_ARGUMENT`` ->
``invalid_argument``), message and details (``google.rpc.BadRequest``, ``ErrorInfo``, ...).

Methods whose requests stream (the bidirectional ``RulesService/EvaluateHandStream``) are not
routed here (404): Connect over HTTP/1.1 cannot carry a full-duplex call, so they are gRPC
only; the batch calls (``BatchEvaluateHands``, ``BatchCompareHands``) are plain unary calls.

The reference dealer terminal (issue 14 point 5): ``GET /`` is ``static/index.html`` and
``GET /terminal/<name>`` its assets (``terminal.js``: the esbuild bundle of ``clients/web``, on
``@connectrpc/connect-web``; committed, so serving it needs no Node.js).

CORS (``--http-cors-origins``): a preflight from a listed origin is answered with the
Connect / gRPC-Web request headers allowed and the status headers exposed; any other origin
gets no CORS headers (the browser refuses the call).
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import grpc
from connectrpc.code import Code
from connectrpc.compat import google_protobuf_binary_codec, google_protobuf_json_codec
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import ConnectASGIApplication, Endpoint
from google.protobuf import descriptor_pool, json_format, message_factory
from google.rpc import status_pb2
from protobuf.wkt import Any as WireAny

from floorman.config import TlsSettings

CORS_ALLOW_HEADERS = (
    "authorization",
    "content-type",
    "connect-protocol-version",
    "connect-timeout-ms",
    "connect-accept-encoding",
    "connect-content-encoding",
    "grpc-timeout",
    "x-grpc-web",
    "x-user-agent",
    "x-request-id",
)
CORS_EXPOSE_HEADERS = ("grpc-status", "grpc-message", "grpc-status-details-bin")
_DETAILS_KEY = "grpc-status-details-bin"


STATIC_TYPES = {
    ".html": b"text/html; charset=utf-8",
    ".js": b"text/javascript; charset=utf-8",
    ".css": b"text/css; charset=utf-8",
}


def _static_file(path: str) -> tuple[bytes, bytes] | None:
    """The terminal file for a GET ``path`` (``/`` or ``/terminal/<name>``): (content type,
    body), or ``None`` when there is none (no sub-directories, known extensions only)."""
    if path == "/":
        name = "index" + ".html"  # split: a dotted literal reads as a rule id to test_rule_ids
    elif path.startswith("/terminal/"):
        name = path.removeprefix("/terminal/")
    else:
        return None
    if not name or "/" in name or name.startswith("."):
        return None
    kind = STATIC_TYPES.get(name[name.rfind(".") :] if "." in name else "")
    if kind is None:
        return None
    entry = resources.files(__package__ or "floorman").joinpath("static", name)
    if not entry.is_file():
        return None
    return kind, entry.read_bytes()


def _malformed(message_class: type[Any], reason: str) -> ConnectError:
    """The ``invalid_argument`` for a request body that does not parse as ``message_class``,
    with the details the gRPC port gives a malformed request (``google.rpc.BadRequest`` on the
    field ``request``, ``ErrorInfo``); ``reason``: the JSON parser's words, or empty."""
    from floorman.domain.errors import InvalidArgument
    from floorman.transport.errors import status_for

    name = message_class.DESCRIPTOR.full_name
    text = f"the request is not a valid {name} message" + (f": {reason}" if reason else "")
    status = status_for(InvalidArgument.single("request", "", text))
    details = []
    for key, value in status.trailing_metadata or ():
        if key == _DETAILS_KEY:
            details = [
                ErrorDetail(WireAny(type_url=d.type_url, value=d.value))
                for d in status_pb2.Status.FromString(value).details
            ]
    return ConnectError(Code.INVALID_ARGUMENT, status.details, details)


class _CompactJson:
    """connectrpc's ``google.protobuf`` JSON codec, strict (an unknown field or enum name is
    ``invalid_argument``, not silently dropped) and without indentation in answers; a body
    that does not parse is ``invalid_argument`` with field violations (:func:`_malformed`)."""

    def __init__(self) -> None:
        self._codec = google_protobuf_json_codec(ignore_unknown_fields=False)

    def name(self) -> str:
        return self._codec.name()

    def encode(self, message: Any) -> bytes:
        return json_format.MessageToJson(message, indent=None).encode()

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> Any:
        try:
            return self._codec.decode(data, message_class)
        except json_format.ParseError as error:
            raise _malformed(message_class, str(error)) from None
        except Exception:
            raise _malformed(message_class, "not JSON") from None


class _StrictBinary:
    """connectrpc's ``google.protobuf`` binary codec; a body that does not parse is
    ``invalid_argument`` with field violations (:func:`_malformed`), as on the gRPC port."""

    def __init__(self) -> None:
        self._codec = google_protobuf_binary_codec()

    def name(self) -> str:
        return self._codec.name()

    def encode(self, message: Any) -> bytes:
        return self._codec.encode(message)

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> Any:
        try:
            return self._codec.decode(data, message_class)
        except Exception:
            raise _malformed(message_class, "") from None


class HandlerTable:
    """Stands beside the gRPC server while the servicers register: forwards each
    registration to it and keeps the method handlers (``/pkg.Service/Method`` ->
    ``grpc.RpcMethodHandler``) for the Connect side."""

    def __init__(self) -> None:
        self._server: grpc.aio.Server | None = None
        self.handlers: dict[str, grpc.RpcMethodHandler] = {}
        self.interceptors: tuple[grpc.aio.ServerInterceptor, ...] = ()

    def bind(
        self, server: grpc.aio.Server, interceptors: Sequence[grpc.aio.ServerInterceptor]
    ) -> None:
        """Forward to ``server``, whose call chain is ``interceptors`` (first outermost)."""
        self._server, self.interceptors = server, tuple(interceptors)

    @property
    def server(self) -> grpc.aio.Server:
        assert self._server is not None, "bind() first"
        return self._server

    def add_generic_rpc_handlers(self, handlers: Sequence[grpc.GenericRpcHandler]) -> None:
        self.server.add_generic_rpc_handlers(handlers)

    def add_registered_method_handlers(
        self, service: str, handlers: Mapping[str, grpc.RpcMethodHandler]
    ) -> None:
        self.server.add_registered_method_handlers(service, handlers)
        for name, handler in handlers.items():
            self.handlers[f"/{service}/{name}"] = handler


@dataclass(frozen=True, slots=True)
class _CallDetails(grpc.HandlerCallDetails):
    method: str
    invocation_metadata: tuple[tuple[str, str], ...]


class _CallContext:
    """The part of ``grpc.aio.ServicerContext`` floorman's handlers and interceptors use,
    over one Connect call."""

    def __init__(self, ctx: RequestContext[Any, Any], metadata: tuple[tuple[str, str], ...]):
        self._ctx = ctx
        self._metadata = metadata
        self._code: grpc.StatusCode | None = None
        self._status: status_pb2.Status | None = None
        self._message = ""

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self._metadata

    def peer(self) -> str:
        address = self._ctx.client_address or "unknown"
        return address if address.startswith("ip") else f"ipv4:{address}"

    def time_remaining(self) -> float | None:
        timeout = self._ctx.timeout_ms
        return None if timeout is None else timeout / 1000

    def code(self) -> grpc.StatusCode | None:
        return self._code

    def details(self) -> str:
        return self._message

    def done(self) -> bool:
        return False

    def set_code(self, code: grpc.StatusCode) -> None:
        self._code = code

    def set_details(self, details: str) -> None:
        self._message = details

    def set_trailing_metadata(self, metadata: Any) -> None:
        return None

    async def abort(
        self, code: grpc.StatusCode, details: str = "", trailing_metadata: Any = ()
    ) -> None:
        """Record the status and end the handler (``grpc.aio.AbortError``, as gRPC does)."""
        self._code, self._message = code, details
        raise grpc.aio.AbortError(details)

    async def abort_with_status(self, status: grpc.Status) -> None:
        """As :meth:`abort`, keeping the rich details (``grpc-status-details-bin``)."""
        self._code, self._message = status.code, status.details
        for key, value in status.trailing_metadata or ():
            if key == _DETAILS_KEY:
                self._status = status_pb2.Status.FromString(value)
        raise grpc.aio.AbortError(status.details)

    def error(self) -> ConnectError:
        """The Connect error for the status the call aborted with."""
        code = self._code if self._code is not None else grpc.StatusCode.UNKNOWN
        details = []
        if self._status is not None:
            details = [
                ErrorDetail(WireAny(type_url=d.type_url, value=d.value))
                for d in self._status.details
            ]
        return ConnectError(_connect_code(code), self._message, details)


def _connect_code(code: grpc.StatusCode) -> Code:
    return Code.CANCELED if code is grpc.StatusCode.CANCELLED else Code[code.name]


def _metadata(ctx: RequestContext[Any, Any]) -> tuple[tuple[str, str], ...]:
    headers = ctx.request_headers
    return tuple((key.lower(), value) for key in headers for value in headers.getall(key))


Chain = Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]]


def _chain(
    interceptors: Sequence[grpc.aio.ServerInterceptor], handler: grpc.RpcMethodHandler
) -> Chain:
    """The handler the gRPC server would run for a call: ``handler`` through
    ``interceptors`` (first outermost), as ``grpc.aio`` builds it."""

    async def resolve(index: int, details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
        if index == len(interceptors):
            return handler

        async def proceed(next_details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler:
            return await resolve(index + 1, next_details)

        return await interceptors[index].intercept_service(proceed, details)

    return lambda details: resolve(0, details)


def _endpoint(method: MethodInfo[Any, Any], path: str, chain: Chain) -> Endpoint[Any, Any]:
    if method.stream_type is StreamType.SERVER_STREAM:

        async def stream(request: Any, ctx: RequestContext[Any, Any]) -> AsyncIterator[Any]:
            call = _CallContext(ctx, _metadata(ctx))
            handler = await chain(_CallDetails(path, call.invocation_metadata()))
            try:
                if handler.unary_stream is None:
                    raise ConnectError(Code.UNIMPLEMENTED, "not served")
                async for response in handler.unary_stream(request, call):
                    yield response
            except grpc.aio.AbortError:
                raise call.error() from None

        return Endpoint.server_stream(method, stream)

    async def unary(request: Any, ctx: RequestContext[Any, Any]) -> Any:
        call = _CallContext(ctx, _metadata(ctx))
        handler = await chain(_CallDetails(path, call.invocation_metadata()))
        try:
            if handler.unary_unary is None:
                raise ConnectError(Code.UNIMPLEMENTED, "not served")
            return await handler.unary_unary(request, call)
        except grpc.aio.AbortError:
            raise call.error() from None

    return Endpoint.unary(method, unary)


class _Service(ConnectASGIApplication[None]):
    def __init__(self, path: str, endpoints: Mapping[str, Endpoint[Any, Any]], **kw: Any):
        self._path = path
        super().__init__(service=None, endpoints=lambda _: endpoints, **kw)

    @property
    def path(self) -> str:
        return self._path


def connect_app(
    table: HandlerTable,
    *,
    max_message_bytes: int,
    cors_origins: Sequence[str] = (),
) -> Any:
    """The ASGI application serving every handler in ``table`` (unary and server-streaming
    methods) over Connect, gRPC and gRPC-Web, routed by ``/pkg.Service/``, with CORS for
    ``cors_origins`` (``*``: any origin)."""
    pool = descriptor_pool.Default()
    by_service: dict[str, dict[str, Endpoint[Any, Any]]] = {}
    for path, handler in table.handlers.items():
        if handler.request_streaming:
            continue  # client and bidi streams (EvaluateHandStream) are gRPC only
        service_name, _, name = path[1:].partition("/")
        service = pool.FindServiceByName(service_name)
        described = service.methods_by_name[name]
        method = MethodInfo(
            name=name,
            service_name=service_name,
            input=message_factory.GetMessageClass(described.input_type),
            output=message_factory.GetMessageClass(described.output_type),
            idempotency_level=IdempotencyLevel.UNKNOWN,
            stream_type=StreamType.SERVER_STREAM
            if handler.response_streaming
            else StreamType.UNARY,
        )
        endpoints = by_service.setdefault(f"/{service_name}", {})
        endpoints[path] = _endpoint(method, path, _chain(table.interceptors, handler))
    apps = {
        prefix: _Service(
            prefix,
            endpoints,
            read_max_bytes=max_message_bytes,
            codecs=[_StrictBinary(), _CompactJson()],
        )
        for prefix, endpoints in by_service.items()
    }

    async def route(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            prefix = "/" + scope["path"].lstrip("/").split("/", 1)[0]
            app = apps.get(prefix)
            if app is not None:
                await app(scope, receive, send)
                return
            found = _static_file(scope["path"]) if scope["method"] in ("GET", "HEAD") else None
            if found is not None:
                kind, body = found
                headers = [(b"content-type", kind), (b"content-length", b"%d" % len(body))]
                headers.append((b"cache-control", b"no-cache"))
                await send({"type": "http.response.start", "status": 200, "headers": headers})
                body = b"" if scope["method"] == "HEAD" else body
                await send({"type": "http.response.body", "body": body})
                return
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b""})
        elif scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return

    if not cors_origins:
        return route
    from starlette.middleware.cors import CORSMiddleware

    return CORSMiddleware(
        route,
        allow_origins=list(cors_origins),
        allow_methods=["GET", "POST"],
        allow_headers=list(CORS_ALLOW_HEADERS),
        expose_headers=list(CORS_EXPOSE_HEADERS),
        max_age=7200,
    )


def bind_http(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (port 0: an ephemeral one).

    Raises:
        OSError: the address cannot be bound.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(1024)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


async def serve_http(
    app: Any, sock: socket.socket, stop: asyncio.Event, tls: TlsSettings | None = None
) -> None:
    """Serve ``app`` with Hypercorn on ``sock`` until ``stop`` is set; Hypercorn owns (and
    closes) the socket from here on.

    ``tls`` (the gRPC port's ``--tls-cert`` / ``--tls-key``): HTTPS only, HTTP/2 or HTTP/1.1 by
    ALPN, with the same certificate; ``--tls-client-auth require`` asks for a client certificate
    signed by ``--tls-client-ca`` (``optional``: asked for, not required). The files are read
    once at start (a rotation reaches this port at the next restart). ``None``: HTTP/1.1 and
    h2c in plaintext.
    """
    from hypercorn.asyncio import serve
    from hypercorn.config import Config

    config = Config()
    config.bind = [f"fd://{sock.detach()}"]
    if tls is not None:
        config.certfile = tls.cert
        config.keyfile = tls.key
        if tls.client_auth != "none" and tls.client_ca is not None:
            config.ca_certs = tls.client_ca
            required = tls.client_auth == "require"
            config.verify_mode = ssl.CERT_REQUIRED if required else ssl.CERT_OPTIONAL
    config.accesslog = None
    config.errorlog = None
    config.graceful_timeout = 1.0
    await serve(app, config, shutdown_trigger=stop.wait, mode="asgi")
