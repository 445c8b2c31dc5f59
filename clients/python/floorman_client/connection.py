"""Channels to a floorman server: plaintext, TLS, or mutual TLS.

The bearer token is not part of the channel: :class:`~floorman_client.calls.Caller` sends it
with every call, so it works over TLS and (for a local test server) over plaintext alike.
Send tokens over TLS anywhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import grpc

PEM = bytes | str | Path
"""PEM data as bytes, or the path of a PEM file (``str`` or ``Path``)."""

KEEPALIVE_OPTIONS: Final = (
    ("grpc.keepalive_time_ms", 60_000),
    ("grpc.keepalive_timeout_ms", 20_000),
)


def read_pem(value: PEM | None) -> bytes | None:
    """PEM bytes as given, or read from the file ``value`` names; ``None`` stays ``None``.

    Raises:
        OSError: the file cannot be read.
    """
    if value is None or isinstance(value, bytes):
        return value
    return Path(value).read_bytes()


def _channel_settings(
    *,
    tls: bool,
    root_certificates: PEM | None,
    certificate_chain: PEM | None,
    private_key: PEM | None,
    server_name: str | None,
    options: Sequence[tuple[str, Any]],
) -> tuple[grpc.ChannelCredentials | None, list[tuple[str, Any]]]:
    """The credentials (``None``: plaintext) and channel arguments of a channel."""
    if (certificate_chain is None) != (private_key is None):
        raise ValueError("mutual TLS needs both certificate_chain and private_key")
    channel_options = [*KEEPALIVE_OPTIONS, *options]
    secure = tls or any(v is not None for v in (root_certificates, certificate_chain))
    if not secure:
        return None, channel_options
    credentials = grpc.ssl_channel_credentials(
        root_certificates=read_pem(root_certificates),
        private_key=read_pem(private_key),
        certificate_chain=read_pem(certificate_chain),
    )
    if server_name:
        channel_options.append(("grpc.ssl_target_name_override", server_name))
    return credentials, channel_options


def create_channel(
    target: str,
    *,
    tls: bool = False,
    root_certificates: PEM | None = None,
    certificate_chain: PEM | None = None,
    private_key: PEM | None = None,
    server_name: str | None = None,
    options: Sequence[tuple[str, Any]] = (),
) -> grpc.Channel:
    """A channel to ``target`` (``HOST:PORT``).

    Args:
        tls: use TLS; implied by any certificate argument. With ``tls`` and no
            ``root_certificates`` the system's trusted roots verify the server.
        root_certificates: the CA that signed the server's certificate (PEM bytes or path).
        certificate_chain / private_key: the client's certificate and key for mutual TLS.
        server_name: the name to verify the server's certificate against when it differs
            from the target's host (``grpc.ssl_target_name_override``).
        options: extra gRPC channel arguments.

    Raises:
        ValueError: only one of ``certificate_chain`` / ``private_key``.
        OSError: a PEM file cannot be read.
    """
    credentials, channel_options = _channel_settings(
        tls=tls, root_certificates=root_certificates, certificate_chain=certificate_chain,
        private_key=private_key, server_name=server_name, options=options,
    )  # fmt: skip
    if credentials is None:
        return grpc.insecure_channel(target, options=channel_options)
    return grpc.secure_channel(target, credentials, options=channel_options)


def create_aio_channel(
    target: str,
    *,
    tls: bool = False,
    root_certificates: PEM | None = None,
    certificate_chain: PEM | None = None,
    private_key: PEM | None = None,
    server_name: str | None = None,
    options: Sequence[tuple[str, Any]] = (),
) -> grpc.aio.Channel:
    """A ``grpc.aio`` channel to ``target``; arguments and errors as for
    :func:`create_channel`."""
    credentials, channel_options = _channel_settings(
        tls=tls, root_certificates=root_certificates, certificate_chain=certificate_chain,
        private_key=private_key, server_name=server_name, options=options,
    )  # fmt: skip
    if credentials is None:
        return grpc.aio.insecure_channel(target, options=channel_options)
    return grpc.aio.secure_channel(target, credentials, options=channel_options)
