"""EvaluateHand over gRPC beside an empty RPC (the health Check) on the same server.

One real server runs as a subprocess (``python -m floorman serve``, info logging to a file,
metrics on); the load comes from separate client processes (multiprocessing, so the GIL never
couples client and server), each running blocking unary calls from threads on one channel.
Concurrency 1 is one process with one thread; concurrency 16 is ``--clients`` processes
sharing 16 threads. Workloads run in interleaved rounds (the order rotates each round) and
each figure is the median of the rounds, because these machines drift by up to 30 %; the
"vs Check" column is the median of per-round ratios (each EvaluateHand window divided by the
Check window of the same round). Every window is preceded by an unrecorded warm-up. Hands
are the ranking benchmark's (``bench.ranking.make_hands``: same seed), sent as card text.

Beside calls/s the table gives the server's CPU time per call (from ``/proc``), which shows
where the time goes even when the client processes, not the server, set the pace.

Run: ``.venv/bin/python -m bench.grpc_bench [--rounds 5] [--seconds 2] [--clients 2]``.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench.ranking import make_hands
from floorman.domain.cards import card_str

EMPTY = "health Check"
WORKLOADS: dict[str, tuple[str, int]] = {
    # name -> (floorman.v1.Game name, cards per hand); EMPTY has no game
    EMPTY: ("", 0),
    "EvaluateHand draw 5": ("GAME_FIVE_CARD_DRAW", 5),
    "EvaluateHand stud 7": ("GAME_SEVEN_CARD_STUD", 7),
    "EvaluateHand razz 7": ("GAME_RAZZ", 7),
    "EvaluateHand stud8 7": ("GAME_SEVEN_CARD_STUD_HI_LO", 7),
}
HANDS = 2_000
WARM_UP_SECONDS = 0.3
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class Measurement:
    """One window: completed calls per second and server CPU seconds per call."""

    rate: float
    server_cpu_per_call: float


@dataclass(frozen=True, slots=True)
class Row:
    """Medians over the rounds for one workload at one concurrency.

    ``vs_empty`` is the median over the rounds of this workload's rate divided by the empty
    RPC's rate in the same round (adjacent in time, so machine drift cancels); ``nan`` when
    the empty RPC was not measured.
    """

    workload: str
    concurrency: int
    rate: float
    vs_empty: float
    server_cpu_us: float
    rounds: tuple[float, ...]


# ----------------------------------------------------------------------------- server


def _free_port() -> int:
    """A loopback port nothing listens on now (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_serving(
    address: str, process: subprocess.Popen, log_path: Path, *, seconds: float = 60.0
) -> None:
    """Wait until the server at ``address`` answers a health check.

    Raises:
        RuntimeError: ``process`` exited first (the tail of ``log_path`` is in the message),
            or ``seconds`` passed.
    """
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    deadline = time.monotonic() + seconds
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"server exited: {log_path.read_text()[-2000:]}")
            try:
                stub.Check(health_pb2.HealthCheckRequest(), timeout=1, wait_for_ready=True)
                return
            except grpc.RpcError:
                time.sleep(0.1)
    raise RuntimeError(f"server did not start within {seconds:g} s")


class BenchServer:
    """``floorman serve`` in a subprocess on ephemeral loopback ports."""

    def __init__(
        self, workdir: Path, *, log_level: str = "info", extra_args: Sequence[str] = ()
    ) -> None:
        self.log_path = workdir / "server.log"
        self._log = self.log_path.open("w")
        port = _free_port()
        command = [
            sys.executable, "-m", "floorman", "serve",
            "--listen", f"127.0.0.1:{port}", "--metrics-listen", "127.0.0.1:0",
            "--store", f"sqlite:///{workdir / 'bench.db'}", "--log-level", log_level,
            *extra_args,
        ]  # fmt: skip
        env = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
        self.process = subprocess.Popen(
            command, stdout=self._log, stderr=subprocess.STDOUT, env=env, cwd=workdir
        )
        self.address = f"127.0.0.1:{port}"
        try:
            wait_until_serving(self.address, self.process, self.log_path)
        except BaseException:
            self.process.kill()
            self.process.wait()
            self._log.close()
            raise

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far (Linux ``/proc``)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def stop(self) -> int:
        """SIGTERM, wait, return the exit code."""
        self.process.terminate()
        try:
            return self.process.wait(timeout=30)
        finally:
            self._log.close()


# ----------------------------------------------------------------------------- clients


def _requests(workload: str) -> list[Any]:
    from grpc_health.v1 import health_pb2

    from floorman.v1 import poker_pb2, rules_service_pb2

    game, size = WORKLOADS[workload]
    if not game:
        return [health_pb2.HealthCheckRequest(service="")]
    return [
        rules_service_pb2.EvaluateHandRequest(
            game=poker_pb2.Game.Value(game), cards=[card_str(c) for c in hand]
        )
        for hand in make_hands(HANDS, size)
    ]


def _client_main(address: str, connection: Connection) -> None:
    """A client process: on ``(workload, threads, start, end)`` run ``threads`` blocking
    callers until ``end`` and send back the calls completed in ``[start, end)``."""
    import grpc
    from grpc_health.v1 import health_pb2_grpc

    from floorman.v1 import rules_service_pb2_grpc

    channel = grpc.insecure_channel(address)
    grpc.channel_ready_future(channel).result(timeout=30)
    methods = {
        EMPTY: health_pb2_grpc.HealthStub(channel).Check,
        **dict.fromkeys(
            [w for w in WORKLOADS if w != EMPTY],
            rules_service_pb2_grpc.RulesServiceStub(channel).EvaluateHand,
        ),
    }
    requests = {workload: _requests(workload) for workload in WORKLOADS}
    connection.send("ready")
    while True:
        command = connection.recv()
        if command is None:
            break
        workload, threads, start, end = command
        method, batch = methods[workload], requests[workload]
        counts = [0] * threads

        def caller(
            index: int,
            method: Any = method,
            batch: list[Any] = batch,
            counts: list[int] = counts,
            start: float = start,
            end: float = end,
            threads: int = threads,
        ) -> None:
            position, done, count = index, 0, len(batch)
            while True:
                method(batch[position % count], timeout=30)
                now = time.monotonic()
                if now >= end:
                    break
                if now >= start:
                    done += 1
                position += threads
            counts[index] = done

        workers = [threading.Thread(target=caller, args=(i,)) for i in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        connection.send(sum(counts))
    channel.close()


class ClientPool:
    """Client processes kept alive across measurements (started with ``spawn``)."""

    def __init__(self, address: str, processes: int) -> None:
        context = mp.get_context("spawn")
        self._pipes: list[Connection] = []
        self._processes = []
        for _ in range(processes):
            mine, theirs = context.Pipe()
            process = context.Process(target=_client_main, args=(address, theirs), daemon=True)
            process.start()
            self._pipes.append(mine)
            self._processes.append(process)
        for pipe in self._pipes:  # every client connected and built its requests
            if not pipe.poll(120) or pipe.recv() != "ready":
                raise RuntimeError("a client process did not start")

    def measure(
        self, server: BenchServer, workload: str, concurrency: int, seconds: float
    ) -> Measurement:
        """Run ``concurrency`` callers spread over the processes; calls/s and server CPU."""
        active = min(concurrency, len(self._pipes))
        shares = [concurrency // active + (i < concurrency % active) for i in range(active)]
        start = time.monotonic() + WARM_UP_SECONDS + 0.05
        end = start + seconds
        for pipe, threads in zip(self._pipes, shares, strict=False):
            pipe.send((workload, threads, start, end))
        time.sleep(max(0.0, start - time.monotonic()))
        cpu_start = server.cpu_seconds()
        time.sleep(max(0.0, end - time.monotonic()))
        cpu_used = server.cpu_seconds() - cpu_start
        calls = sum(pipe.recv() for pipe in self._pipes[:active])
        return Measurement(calls / seconds, cpu_used / calls if calls else float("nan"))

    def close(self) -> None:
        """Stop every client process."""
        for pipe in self._pipes:
            pipe.send(None)
        for process in self._processes:
            process.join(timeout=10)


# ----------------------------------------------------------------------------- driver


def run_grpc_bench(
    *,
    rounds: int = 5,
    seconds: float = 2.0,
    concurrencies: Sequence[int] = (1, 16),
    clients: int = 2,
    workloads: Sequence[str] = tuple(WORKLOADS),
    log_level: str = "info",
) -> list[Row]:
    """Measure every workload at every concurrency in ``rounds`` interleaved rounds.

    Returns:
        One :class:`Row` per (workload, concurrency), medians of the rounds.

    Raises:
        RuntimeError: when the server cannot start or does not exit 0 on SIGTERM.
    """
    with tempfile.TemporaryDirectory(prefix="floorman-grpc-bench-") as tmp:
        server = BenchServer(Path(tmp), log_level=log_level)
        pool = ClientPool(server.address, clients)
        samples: dict[tuple[str, int], list[Measurement]] = {}
        try:
            plan = [(w, c) for c in concurrencies for w in workloads]
            for round_index in range(rounds):
                shift = round_index % len(plan)
                for workload, concurrency in plan[shift:] + plan[:shift]:
                    result = pool.measure(server, workload, concurrency, seconds)
                    samples.setdefault((workload, concurrency), []).append(result)
        finally:
            pool.close()
            code = server.stop()
        if code != 0:
            raise RuntimeError(f"server exited {code} on SIGTERM")
    rows = []
    for (workload, concurrency), found in samples.items():
        empty = samples.get((EMPTY, concurrency))
        ratios = [
            m.rate / e.rate if e.rate else float("nan")
            for m, e in zip(found, empty or [], strict=False)
        ]
        rows.append(
            Row(
                workload=workload,
                concurrency=concurrency,
                rate=statistics.median(m.rate for m in found),
                vs_empty=statistics.median(ratios) if ratios else float("nan"),
                server_cpu_us=statistics.median(m.server_cpu_per_call for m in found) * 1e6,
                rounds=tuple(round(m.rate) for m in found),
            )
        )
    return rows


def format_table(rows: Sequence[Row]) -> str:
    """A text table: median calls/s, median per-round ratio to the empty RPC at the same
    concurrency, median server CPU per call, and each round's calls/s."""
    lines = [
        f"{'workload':<22} {'conc':>4} {'calls/s':>9} {'vs Check':>8} {'srv µs/call':>11}"
        "  rounds (calls/s)",
    ]
    for row in sorted(rows, key=lambda r: (r.concurrency, r.workload != EMPTY, r.workload)):
        lines.append(
            f"{row.workload:<22} {row.concurrency:>4} {row.rate:>9.0f} {row.vs_empty:>8.2f}"
            f" {row.server_cpu_us:>11.0f}  {', '.join(map(str, row.rounds))}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bench.grpc_bench``: print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--seconds", type=float, default=2.0, help="measured seconds per window")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument(
        "--concurrency", default="1,16", help="comma-separated in-flight call counts"
    )
    parser.add_argument(
        "--workloads",
        default=",".join(WORKLOADS),
        help=f"comma-separated subset of: {', '.join(WORKLOADS)}",
    )
    parser.add_argument(
        "--log-level", default="info", help="the server's log level (info: one line per RPC)"
    )
    args = parser.parse_args(argv)
    workloads = [w.strip() for w in args.workloads.split(",")]
    unknown = [w for w in workloads if w not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workloads: {unknown}")
    rows = run_grpc_bench(
        rounds=args.rounds,
        seconds=args.seconds,
        concurrencies=[int(c) for c in args.concurrency.split(",")],
        clients=args.clients,
        workloads=workloads,
        log_level=args.log_level,
    )
    print(
        f"EvaluateHand over gRPC beside the health Check, one server, {args.clients} client "
        f"processes, medians of {args.rounds} interleaved rounds of {args.seconds:g} s, "
        f"server log level {args.log_level}"
    )
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
