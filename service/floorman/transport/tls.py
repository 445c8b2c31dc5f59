"""TLS for the gRPC port, and the plaintext health-only port for probes.

:func:`server_credentials` turns :class:`~floorman.config.TlsSettings` into
``grpc.ssl_server_credentials``: the server certificate chain and key, and for ``require`` the
client CA with client authentication required (mutual TLS: a client without a certificate
signed by that CA fails the handshake). With TLS on the gRPC port has no plaintext listener,
so a plaintext client cannot connect at all (UNAVAILABLE on its side).

Certificate rotation: the credentials are dynamic (``grpc.dynamic_ssl_server_credentials``).
:class:`CertificateFiles` is asked at every new TLS handshake whether the certificate changed:
when the modification time, size or inode of the certificate, key or client-CA file differs
from the last one read, it reads them again and hands gRPC the new configuration; new
connections then get the new certificate while established ones keep theirs (no restart,
no dropped call). A new set that cannot be used (unreadable, not PEM, a key that does not
match the certificate, e.g. halfway through a copy) is logged as ``tls_reload_failed`` and
the previous certificate stays in force; the next handshake tries again. Replace the files
atomically (write beside, then rename) or the key before the certificate.

Kubernetes' native gRPC probes present neither a certificate nor a token: with TLS on,
``--health-listen`` adds a second server that serves ONLY ``grpc.health.v1`` in plaintext,
sharing the main server's health servicer (so it turns NOT_SERVING at SIGTERM with it).
Bind it to the pod address the kubelet dials (``0.0.0.0:50052`` in ``deploy/k8s``).
"""

from __future__ import annotations

import os
import ssl
import threading
from collections.abc import Sequence
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2_grpc
from grpc_health.v1._async import HealthServicer

from floorman.config import HostPort, TlsSettings
from floorman.observability.logging import get_logger


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


_Stamp = tuple[tuple[int, int, int], ...]


class CertificateFiles:
    """The certificate, key and client CA of ``tls``, re-read when they change on disk.

    :meth:`fetch` is gRPC's certificate-configuration fetcher (module docstring). Thread-safe:
    gRPC calls it from its own threads.

    Raises (constructor):
        TlsError: an unreadable or non-PEM file, or a key that does not match its certificate.
    """

    def __init__(self, tls: TlsSettings) -> None:
        self._tls = tls
        self._lock = threading.Lock()
        self._paths = [p for p in (tls.cert, tls.key, tls.client_ca) if p is not None]
        self._stamp = self._stamp_now()
        self.initial, self.chain = self._load()
        self.reloads = 0

    def fetch(self) -> grpc.ServerCertificateConfiguration | None:
        """The new configuration when a file changed since the last read, else ``None`` (keep
        the current one); a failed reload is logged and answers ``None``."""
        with self._lock:
            try:
                stamp = self._stamp_now()
            except TlsError:
                return None  # a file is missing mid-replace: keep serving the current one
            if stamp == self._stamp:
                return None
            try:
                config, chain = self._load()
                if self._stamp_now() != stamp:  # changed while read: take it next time
                    return None
            except TlsError as error:
                get_logger().warning("tls_reload_failed", error=str(error))
                self._stamp = stamp  # retried once the files change again
                return None
            self._stamp, self.chain = stamp, chain
            self.reloads += 1
            get_logger().info("tls_reloaded", cert=self._tls.cert)
            return config

    def _stamp_now(self) -> _Stamp:
        try:
            stats = [os.stat(path) for path in self._paths]
        except OSError as error:
            raise TlsError(f"cannot read the TLS files: {error}") from None
        return tuple((st.st_mtime_ns, st.st_size, st.st_ino) for st in stats)

    def _load(self) -> tuple[grpc.ServerCertificateConfiguration, bytes]:
        tls = self._tls
        chain = _read(tls.cert, "certificate")
        key = _read(tls.key, "key")
        client_ca = None if tls.client_ca is None else _read(tls.client_ca, "client CA")
        try:
            ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(tls.cert, tls.key)
        except (ssl.SSLError, OSError) as error:
            raise TlsError(
                f"the TLS key {tls.key} does not match the certificate {tls.cert}: {error}"
            ) from None
        config = grpc.ssl_server_certificate_configuration([(key, chain)], client_ca)
        return config, chain


def server_credentials(
    tls: TlsSettings, files: CertificateFiles | None = None
) -> grpc.ServerCredentials:
    """The gRPC server credentials for ``tls``: dynamic, re-reading the files when they change
    (``files``: the :class:`CertificateFiles` to use, default a new one).

    Raises:
        TlsError: an unreadable or non-PEM file, or a key that does not match its certificate.
    """
    files = CertificateFiles(tls) if files is None else files
    return grpc.dynamic_ssl_server_credentials(
        files.initial,
        files.fetch,
        require_client_authentication=tls.client_auth == "require",
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
