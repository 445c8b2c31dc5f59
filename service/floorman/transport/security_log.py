"""The start-up line on how callers are authenticated (``auth_enabled`` / ``auth_disabled``)
and a warning for each weak spot of the TLS set-up (docs/security.md)."""

from __future__ import annotations

from typing import Any

from floorman.config import Settings
from floorman.security.registry import TokenRegistry


def log_security(log: Any, settings: Settings, auth: TokenRegistry | None) -> None:
    """One line on how callers are authenticated, and a warning for each weak spot."""
    if auth is None:
        log.warning(
            "auth_disabled",
            anonymous_role=settings.anonymous_role,
            message="no --auth-file: every caller is anonymous (no token checked)",
        )
    else:
        config = auth.config
        log.info(
            "auth_enabled",
            path=str(auth.path),
            tokens=len(config.tokens),
            roles=config.roles(),
            rules=config.access.rules.value,
            health=config.access.health.value,
            reflection=config.access.reflection.value,
        )
    tls = settings.tls
    if tls is not None and tls.client_auth == "optional":
        log.warning(
            "tls_client_auth_optional",
            message="client certificates are neither requested nor checked (grpcio cannot "
            "request one without requiring it); tokens authenticate callers",
        )
    if tls is not None and tls.client_auth == "require" and settings.health_listen is None:
        log.warning(
            "health_needs_certificate",
            message="mutual TLS without --health-listen: probes without a client "
            "certificate cannot reach grpc.health.v1",
        )
