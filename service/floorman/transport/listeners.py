"""The addresses ``floorman serve`` listens on, and a refusal that names the one it cannot bind.

``serve`` binds every listener before it opens the store (a busy port leaves no store file
behind): the gRPC port (``--listen``), the plaintext health port (``--health-listen``) and the
Prometheus endpoint (``--metrics-listen``). A listener that cannot be bound is a
:class:`ServerStartError` naming its flag and address and the reason in words
(``--metrics-listen 127.0.0.1:9464 is in use``); ``floorman serve`` prints it and exits 1.
A new listener adds a flag constant here and goes through :func:`bind_error`.
"""

from __future__ import annotations

import errno
import socket
from typing import Final

from floorman.config import HostPort

LISTEN_FLAG: Final = "--listen"
HEALTH_LISTEN_FLAG: Final = "--health-listen"
HTTP_LISTEN_FLAG: Final = "--http-listen"
METRICS_LISTEN_FLAG: Final = "--metrics-listen"

_REASONS: Final = {
    errno.EADDRINUSE: "is in use",
    errno.EADDRNOTAVAIL: "is not an address of this host",
    errno.EACCES: "needs privileges this process does not have",
}


class ServerStartError(RuntimeError):
    """The server could not start (an address already in use, a bad host, an unreadable
    TLS or auth file, a store that cannot be opened)."""


def _reason(code: int | None) -> str | None:
    return _REASONS.get(code) if code is not None else None


def _probe(address: HostPort) -> str | None:
    """Why ``address`` cannot be bound, found by binding a plain socket to it (grpc reports
    only that binding failed); ``None`` when the probe binds (the cause was elsewhere)."""
    try:
        infos = socket.getaddrinfo(
            address.bare_host, address.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror:
        return "names no host this machine can resolve"
    for family, kind, proto, _name, sockaddr in infos:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.bind(sockaddr)
        except OSError as error:
            reason = _reason(error.errno)
            if reason is not None:
                return reason
    return None


def bind_error(
    flag: str, address: HostPort, error: BaseException | None = None
) -> ServerStartError:
    """The refusal for a listener ``flag`` that could not bind ``address``:
    ``"<flag> <address> is in use"`` (or another reason in words), else
    ``"<flag> <address> cannot be bound: <error>"``."""
    reason = _reason(error.errno) if isinstance(error, OSError) else None
    reason = reason or _probe(address)
    if reason is None:
        detail = f": {error}" if error is not None and str(error) else ""
        reason = f"cannot be bound{detail}"
    return ServerStartError(f"{flag} {address} {reason}")
