"""Server assembly units: channel options and bind failures (DESIGN.md "Scale-out")."""

from __future__ import annotations

import asyncio
import socket

import pytest

from floorman.config import resolve_settings
from floorman.transport.server import ServerStartError, create_server, server_options


def test_server_options_limits_and_keepalive():
    """4 MiB messages, keepalive, no port sharing; no connection age unless configured."""
    options = dict(server_options(resolve_settings(env={})))
    assert options["grpc.max_receive_message_length"] == 4 * 1024 * 1024
    assert options["grpc.max_send_message_length"] == 4 * 1024 * 1024
    assert options["grpc.so_reuseport"] == 0
    assert options["grpc.keepalive_time_ms"] > 0
    assert "grpc.max_connection_age_ms" not in options


def test_server_options_connection_age_with_grace():
    """--max-connection-age-ms sets the age, and the grace period bounds the age grace."""
    settings = resolve_settings(max_connection_age_ms="300000", grace="2.5", env={})
    options = dict(server_options(settings))
    assert options["grpc.max_connection_age_ms"] == 300_000
    assert options["grpc.max_connection_age_grace_ms"] == 2_500


def test_binding_a_taken_port_is_a_server_start_error():
    """A port another socket listens on fails with ServerStartError naming the flag and the
    address."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        address = f"127.0.0.1:{taken.getsockname()[1]}"
        settings = resolve_settings(listen=address, metrics_listen="off", env={})

        async def build() -> None:
            await create_server(settings, warm=False)

        with pytest.raises(ServerStartError, match=f"--listen {address} is in use"):
            asyncio.run(build())
