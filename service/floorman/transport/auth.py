"""Authentication and authorization of every call (:mod:`floorman.security.policy`).

:class:`AuthInterceptor` reads ``authorization: Bearer <token>`` from the call metadata,
resolves it against the auth file (:class:`~floorman.security.registry.TokenRegistry`) and
checks the method's permission before any servicer code runs. TableService calls are then
checked against the request's ``table_id`` (a dealer acts only at its tables) and carry the
caller's :class:`~floorman.domain.table.redaction.Viewer` for that table, which
:class:`ViewerResolver` hands to the tables servicer (``viewer_of``), so redaction follows
the caller.

A refusal ends the call with UNAUTHENTICATED or PERMISSION_DENIED (ErrorInfo reason, see
:mod:`floorman.transport.errors`), one ``auth_refused`` warning line (method, reason, peer,
caller name and role when known; never the token) and one increment of
``floorman_auth_refusals_total{reason}``. An accepted caller's token name and role are bound
to the call's log context, so its ``rpc`` line says who called (``caller``, ``role``).

A token that is present must be valid even on an open method (a misconfigured client is
told at once). The auth file is re-read on SIGHUP and when it changes on disk
(:class:`AuthReloader`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from typing import Any, Final

import grpc
import structlog

from floorman.domain.table.redaction import Role, Viewer
from floorman.observability.logging import get_logger
from floorman.observability.metrics import Metrics
from floorman.security.auth_file import AuthFileError
from floorman.security.policy import (
    AccessRefused,
    Permission,
    PermissionDenied,
    Principal,
    Refusal,
    Unauthenticated,
    admit,
    admit_table,
    visibility,
)
from floorman.security.registry import TokenRegistry
from floorman.security.tokens import is_token_text
from floorman.transport import guards
from floorman.transport.errors import clip, status_for

AUTHORIZATION: Final = "authorization"
REFUSED_EVENT: Final = "auth_refused"
TABLE_SERVICE_PREFIX: Final = "/floorman.v1.TableService/"
POLL_SECONDS: Final = 2.0
"""How often :meth:`AuthReloader.poll` looks at the auth file's stamp."""

_CALL: ContextVar[tuple[Principal | None, Permission | None] | None] = ContextVar(
    "floorman_call", default=None
)
_VIEWER: ContextVar[Viewer | None] = ContextVar("floorman_viewer", default=None)


def bearer_token(metadata: Sequence[tuple[str, str | bytes]] | None) -> str | None:
    """The token of the call's ``authorization: Bearer <token>`` header (``None`` when the
    header is absent; the scheme is case-insensitive).

    Raises:
        Unauthenticated: ``malformed_token`` for several headers, another scheme, or a
            token that is not printable ASCII without spaces.
    """
    values = [value for key, value in metadata or () if key == AUTHORIZATION]
    if not values:
        return None
    malformed = Unauthenticated(
        Refusal.MALFORMED_TOKEN, "send one header 'authorization: Bearer <token>'"
    )
    if len(values) > 1 or not isinstance(values[0], str):
        raise malformed
    scheme, _, token = values[0].strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not is_token_text(token):
        raise malformed
    return token


class ViewerResolver:
    """``viewer_of(context)`` for the tables servicer: the viewer the auth interceptor set for
    this call, else ``default`` (the anonymous role without an auth file; an observer when
    authentication is on, should a call ever arrive unchecked)."""

    def __init__(self, default: Viewer) -> None:
        self.default = default

    def __call__(self, context: grpc.aio.ServicerContext) -> Viewer:
        """The caller's viewer."""
        viewer = _VIEWER.get()
        return self.default if viewer is None else viewer


class AuthInterceptor(grpc.aio.ServerInterceptor):
    """Authenticates and authorizes every call (module docstring).

    Args:
        registry: the auth file in force.
        metrics: where refusals are counted (``None``: not counted).
        logger: a structlog logger (default: the floorman logger).
    """

    def __init__(
        self, registry: TokenRegistry, *, metrics: Metrics | None, logger: Any | None = None
    ) -> None:
        self._registry = registry
        self._metrics = metrics
        self._log = get_logger() if logger is None else logger
        self._table_handlers = guards.WrappedHandlers(self._wrap_table_method)

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        """The method's handler when the caller may call it (TableService: wrapped for the
        table check), else one that refuses the call."""
        return self.intercepted(await continuation(handler_call_details), handler_call_details)

    def intercepted(
        self, handler: grpc.RpcMethodHandler | None, handler_call_details: grpc.HandlerCallDetails
    ) -> grpc.RpcMethodHandler | None:
        """:meth:`intercept_service` once the handler is known (:func:`~floorman.transport.
        guards.fold`)."""
        if handler is None:
            return handler
        method = handler_call_details.method
        principal: Principal | None = None
        try:
            token = bearer_token(handler_call_details.invocation_metadata)
            if token is not None:
                principal = self._registry.authenticate(token)
                if principal is None:
                    raise Unauthenticated(
                        Refusal.UNKNOWN_TOKEN, "the token is not known (never issued, or revoked)"
                    )
            permission = admit(method, principal, self._registry.access)
        except AccessRefused as refused:
            return self._refusing(handler, method, principal, refused)
        if principal is not None:
            structlog.contextvars.bind_contextvars(caller=principal.name, role=principal.role.value)
        if not method.startswith(TABLE_SERVICE_PREFIX):
            return handler
        _CALL.set((principal, permission))
        return self._table_handlers.get(method, handler)

    def _refused(
        self,
        refused: AccessRefused,
        *,
        method: str,
        peer: str,
        principal: Principal | None,
        table_id: str = "",
    ) -> None:
        """Log and count one refusal."""
        if self._metrics is not None:
            self._metrics.count_auth_refusal(refused.refusal.value)
        self._log.warning(
            REFUSED_EVENT,
            method=method,
            reason=refused.refusal.value,
            message=str(refused),
            peer=peer,
            caller=principal.name if principal is not None else None,
            role=principal.role.value if principal is not None else None,
            table_id=clip(table_id, 64) if table_id else None,
        )

    def _refusing(
        self,
        handler: grpc.RpcMethodHandler,
        method: str,
        principal: Principal | None,
        refused: AccessRefused,
    ) -> grpc.RpcMethodHandler:
        async def refuse(context: grpc.aio.ServicerContext) -> None:
            self._refused(refused, method=method, peer=context.peer(), principal=principal)
            await context.abort_with_status(status_for(refused))

        return guards.refusing(handler, refuse)

    def _wrap_table_method(
        self, method: str, handler: grpc.RpcMethodHandler
    ) -> grpc.RpcMethodHandler:
        """The TableService handler behind the table check: the caller's table binding
        (PLAY_TABLE calls) and viewer for the request's ``table_id``."""
        behavior = guards.behavior_of(handler)
        if handler.request_streaming or not guards.is_async(behavior):
            return guards.refusing(handler, _unsupported)  # TableService has no such method

        async def admitted(request: Any, context: grpc.aio.ServicerContext) -> Viewer | None:
            call = _CALL.get()
            principal, permission = call or (None, None)
            table_id = getattr(request, "table_id", "")
            try:
                if call is None:  # never expected: fail closed
                    raise PermissionDenied(Refusal.ROLE, "the caller could not be resolved")
                admit_table(principal, permission, table_id)
            except AccessRefused as refused:
                peer = context.peer()
                self._refused(
                    refused, method=method, peer=peer, principal=principal, table_id=table_id
                )
                await context.abort_with_status(status_for(refused))
            if principal is None:
                return Viewer(Role.OBSERVER)
            return Viewer(visibility(principal, table_id))

        if handler.response_streaming:

            async def table_stream(request: Any, context: grpc.aio.ServicerContext) -> Any:
                viewer = await admitted(request, context)
                reset = _VIEWER.set(viewer)
                try:
                    async for response in behavior(request, context):
                        yield response
                finally:
                    _VIEWER.reset(reset)

            return guards.rebuild(handler, table_stream)

        async def table_unary(request: Any, context: grpc.aio.ServicerContext) -> Any:
            viewer = await admitted(request, context)
            reset = _VIEWER.set(viewer)
            try:
                return await behavior(request, context)
            finally:
                _VIEWER.reset(reset)

        return guards.rebuild(handler, table_unary)


async def _unsupported(context: grpc.aio.ServicerContext) -> None:
    await context.abort(grpc.StatusCode.UNIMPLEMENTED, "not served")


class AuthReloader:
    """Re-reads the auth file: on demand (:meth:`reload`, e.g. from SIGHUP) and when its
    stamp changes (:meth:`poll`). Logs ``auth_reloaded`` (``trigger``, ``tokens``, tokens per
    role) or ``auth_reload_failed`` (``error``; the previous file stays in force)."""

    def __init__(self, registry: TokenRegistry, *, logger: Any | None = None) -> None:
        self.registry = registry
        self._log = get_logger() if logger is None else logger

    def reload(self, trigger: str) -> bool:
        """Re-read the file now; True when the new one is in force."""
        try:
            config = self.registry.reload()
        except AuthFileError as error:
            self._log.error(
                "auth_reload_failed",
                trigger=trigger,
                path=str(self.registry.path),
                error=str(error),
            )
            return False
        self._log.info(
            "auth_reloaded",
            trigger=trigger,
            path=str(self.registry.path),
            tokens=len(config.tokens),
            roles=config.roles(),
        )
        return True

    async def poll(self, stop: asyncio.Event, interval: float = POLL_SECONDS) -> None:
        """Every ``interval`` seconds until ``stop`` is set, reload when the file changed."""
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=interval)
            if not stop.is_set() and self.registry.changed_on_disk():
                self.reload("file_changed")
