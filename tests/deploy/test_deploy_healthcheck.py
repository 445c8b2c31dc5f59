"""deploy/docker/healthcheck.py, the image's HEALTHCHECK, against the real server: exit 0 only
while the server answers SERVING over grpc.health.v1; the target defaults to the dialable
form of FLOORMAN_LISTEN, as inside the container."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

from tests.deploy.deploy_kit import HEALTHCHECK


def _check(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the health check script with a clean FLOORMAN_* environment plus ``env``."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    return subprocess.run(
        [sys.executable, str(HEALTHCHECK), "--timeout", "5", *args],
        env={**base, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serving_server_is_healthy(server):
    """The whole server ("" service) answers SERVING: exit 0."""
    result = _check("--target", server.address)
    assert (result.returncode, result.stdout.strip()) == (0, f"SERVING: {server.address} ''")


def test_target_defaults_to_the_dialable_listen_address(server):
    """With FLOORMAN_LISTEN=0.0.0.0:PORT (the image's setting) the check dials the loopback."""
    result = _check(env={"FLOORMAN_LISTEN": f"0.0.0.0:{server.port}"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"SERVING: 127.0.0.1:{server.port}")


def test_each_served_service_can_be_checked(server):
    """A registered service name answers SERVING; an unknown one is unhealthy (NOT_FOUND)."""
    assert (
        _check("--target", server.address, "--service", "floorman.v1.TableService").returncode == 0
    )
    unknown = _check("--target", server.address, "--service", "floorman.v1.NoSuchService")
    assert unknown.returncode == 1 and "NOT_FOUND" in unknown.stdout


def test_unreachable_server_is_unhealthy():
    """Nothing listening: exit 1 with UNAVAILABLE."""
    result = _check("--target", f"127.0.0.1:{_closed_port()}")
    assert result.returncode == 1 and "UNAVAILABLE" in result.stdout


def test_bad_listen_setting_is_a_usage_error():
    """A malformed FLOORMAN_LISTEN is exit 2 naming the variable."""
    result = _check(env={"FLOORMAN_LISTEN": "no-port"})
    assert result.returncode == 2 and "FLOORMAN_LISTEN" in result.stderr


def test_stopped_server_is_unhealthy(server_factory):
    """Healthy before SIGTERM; once the server has stopped (health NOT_SERVING, then the port
    closed) the check fails."""
    running = server_factory()
    assert _check("--target", running.address).returncode == 0
    assert running.stop(signal.SIGTERM) == 0
    assert _check("--target", running.address).returncode == 1
