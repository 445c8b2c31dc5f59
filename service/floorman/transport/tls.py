"""TLS for the gRPC port, and the plaintext health-only port for probes.

:func:`server_credentials` turns :class:`~floorman.config.TlsSettings` into
``grpc.ssl_server_credentials``: the server certificate chain and key, and for ``require`` the
client CA with client authentication required (mutual TLS: a client without a certificate
signed by that CA fails the handshake). With TLS on the gRPC port has no plaintext listener,
so a plaintext client cannot connect at all (UNAVAILABLE on its side).

Kubernetes' native gRPC probes present neither a certificate nor a token: with TLS on,
``--health-listen`` adds a second server that serves ONLY ``grpc.health.v1`` in plaintext,
sharing the main server's health servicer (so it turns NOT_SERVING at SIGTERM with it).
Bind it to the pod address the kubelet dials (``0.0.0.0:50052`` in ``deploy/k8s``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2_grpc
from grpc_health.v1._async import HealthServicer

from floorman.config import HostPort, TlsSettings


class TlsError(RuntimeError):
    """A certificate, key or CA file cannot be read (the message names it)."""


def _read(path: str, what: str) -> bytes:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise TlsError(f"cannot read the TLS {what} {path}: {error}") from None
    if b"-----BEGIN" not in data:
        raise TlsError(f"the TLS {what} {path} is not PEM")
    return data


def server_credentials(tls: TlsSettings) -> grpc.ServerCredentials:
    """The gRPC server credentials for ``tls``.

    Raises:
        TlsError: an unreadable or non-PEM file (a key that does not match its certificate
            is reported by gRPC when the port is bound).
    """
    chain = _read(tls.cert, "certificate")
    key = _read(tls.key, "key")
    client_ca = None if tls.client_ca is None else _read(tls.client_ca, "client CA")
    return grpc.ssl_server_credentials(
        [(key, chain)],
        root_certificates=client_ca,
        require_client_auth=tls.client_auth == "require",
    )


def create_health_server(
    address: HostPort,
    health: HealthServicer,
    *,
    interceptors: Sequence[grpc.aio.ServerInterceptor] = (),
    options: Sequence[tuple[str, int]] = (),
) -> tuple[grpc.aio.Server, int]:
    """A plaintext server with only ``grpc.health.v1`` (``health`` shared with the main
    server), bound to ``address`` but not started; returns ``(server, bound_port)``.

    Raises:
        OSError: the address cannot be bound.
    """
    server = grpc.aio.server(interceptors=list(interceptors), options=list(options))
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    try:
        port = server.add_insecure_port(str(address))
    except RuntimeError as error:
        raise OSError(f"cannot listen on {address} (health): {error}") from None
    if port == 0:
        raise OSError(f"cannot listen on {address} (health)")
    return server, port
