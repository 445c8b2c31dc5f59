"""Shared fixtures: the real floorman server as a subprocess, and gRPC stubs to talk to it.

* ``server`` (session): one ``python -m floorman serve`` per test session (so one per
  pytest-xdist worker) on ephemeral ports, with a SQLite store in a temporary folder. It is
  a :class:`ServerProcess`: ``.address``, ``.metrics_url``, ``.channel`` (a ``grpc.Channel``),
  ``.logs()`` (the JSON log lines so far). Stopped with SIGTERM at the end; the teardown
  asserts exit code 0.
* ``rules_stub`` / ``health_stub`` (session): stubs on ``server.channel``.
* ``server_factory`` (session): starts extra servers with their own flags (a test that
  needs exact metric values or its own shutdown); any left running is killed at the end.

The server's stdout is drained by a thread, so a chatty server never blocks on its pipe.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2_grpc

from floorman.v1 import rules_service_pb2_grpc

REPO_ROOT = Path(__file__).resolve().parents[1]
STARTUP_TIMEOUT_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 30.0


class ServerProcess:
    """A ``floorman serve`` subprocess started by :func:`start_server_process`."""

    def __init__(self, process: subprocess.Popen[str], stderr_path: Path) -> None:
        self.process = process
        self._stderr_path = stderr_path
        self._lines: list[dict[str, Any]] = []
        self._lock = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._channel: grpc.Channel | None = None
        started = self.wait_for_log(
            lambda line: line.get("event") == "server_started", timeout=STARTUP_TIMEOUT_SECONDS
        )
        self.port: int = started["port"]
        self.metrics_port: int = started["metrics_port"]
        self.address = f"127.0.0.1:{self.port}"
        self.metrics_url = f"http://127.0.0.1:{self.metrics_port}/metrics"

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            try:
                line = json.loads(raw)
            except json.JSONDecodeError:
                line = {"event": "non_json_output", "raw": raw.rstrip("\n")}
            with self._lock:
                self._lines.append(line)
                self._lock.notify_all()
        with self._lock:
            self._lock.notify_all()

    @property
    def channel(self) -> grpc.Channel:
        """A ready insecure channel to the server (created on first use)."""
        if self._channel is None:
            self._channel = grpc.insecure_channel(self.address)
            grpc.channel_ready_future(self._channel).result(timeout=30)
        return self._channel

    def logs(self) -> list[dict[str, Any]]:
        """Every JSON log line the server printed so far, parsed, in order."""
        with self._lock:
            return list(self._lines)

    def stderr(self) -> str:
        """What the server wrote to stderr so far."""
        return self._stderr_path.read_text(errors="replace")

    def wait_for_log(
        self, predicate: Callable[[dict[str, Any]], bool], *, timeout: float = 10.0
    ) -> dict[str, Any]:
        """The first log line matching ``predicate``, waiting up to ``timeout`` seconds.

        Raises:
            AssertionError: on timeout, or when the server exits first.
        """
        deadline = time.monotonic() + timeout
        seen = 0
        with self._lock:
            while True:
                for line in self._lines[seen:]:
                    if predicate(line):
                        return line
                seen = len(self._lines)
                remaining = deadline - time.monotonic()
                exited = self.process.poll() is not None and not self._reader.is_alive()
                if remaining <= 0 or exited:
                    raise AssertionError(
                        f"no matching log line (exit code {self.process.poll()}); "
                        f"stderr:\n{self.stderr()[-4000:]}"
                    )
                self._lock.wait(min(remaining, 0.2))

    def stop(self, sig: int = signal.SIGTERM, *, timeout: float = STOP_TIMEOUT_SECONDS) -> int:
        """Send ``sig``, wait for the exit and return the exit code (kill on timeout)."""
        if self._channel is not None:
            self._channel.close()
            self._channel = None
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise
        self._reader.join(timeout=5)
        return code


def start_server_process(
    workdir: Path, *args: str, env: dict[str, str] | None = None
) -> ServerProcess:
    """Start ``python -m floorman serve`` on ephemeral loopback ports with a SQLite store in
    ``workdir`` and info logging; ``args`` are extra flags (they win: given last), ``env``
    extra environment variables (``FLOORMAN_*`` of the test process are never passed on)."""
    workdir.mkdir(parents=True, exist_ok=True)
    # FLOORMAN_TEST_SERVER_MODEL=sync runs the suite's servers on the experimental sync model
    model = os.environ.get("FLOORMAN_TEST_SERVER_MODEL")
    args = ("--server-model", model, *args) if model else args
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")},
        **(env or {}),
    }
    command = [
        sys.executable, "-m", "floorman", "serve",
        "--listen", "127.0.0.1:0",
        "--metrics-listen", "127.0.0.1:0",
        "--store", f"sqlite:///{workdir / 'f.db'}",
        "--log-level", "info",
        *args,
    ]  # fmt: skip
    stderr_path = workdir / "server.stderr"
    with stderr_path.open("w") as stderr:
        process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env=env,
            cwd=workdir,
        )
    try:
        return ServerProcess(process, stderr_path)
    except BaseException:
        process.kill()
        process.wait()
        raise


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The real server, one per test session (per xdist worker); exits 0 on SIGTERM."""
    running = start_server_process(tmp_path_factory.mktemp("floorman-server"))
    try:
        yield running
    finally:
        code = running.stop()
        assert code == 0, f"server exited {code}; stderr:\n{running.stderr()[-4000:]}"


@pytest.fixture(scope="session")
def rules_stub(server: ServerProcess) -> rules_service_pb2_grpc.RulesServiceStub:
    """A ``floorman.v1.RulesService`` stub on the session server."""
    return rules_service_pb2_grpc.RulesServiceStub(server.channel)


@pytest.fixture(scope="session")
def health_stub(server: ServerProcess) -> health_pb2_grpc.HealthStub:
    """A ``grpc.health.v1.Health`` stub on the session server."""
    return health_pb2_grpc.HealthStub(server.channel)


@pytest.fixture(scope="session")
def server_factory(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[..., ServerProcess]]:
    """Start dedicated servers: ``server_factory("--grace", "1")``; any still running at
    the end of the session is killed (a test that checks the exit code stops its own)."""
    started: list[ServerProcess] = []

    def start(*args: str, env: dict[str, str] | None = None) -> ServerProcess:
        running = start_server_process(tmp_path_factory.mktemp("floorman-server"), *args, env=env)
        started.append(running)
        return running

    yield start
    for running in started:
        if running.process.poll() is None:
            running.process.kill()
            running.process.wait()
