"""A bounded load test (issue 6 "Deliver" 6): many concurrent clients mixing evaluation and
table traffic against one server, on loopback only, for a fixed time; then it stops itself.

One real server runs as a subprocess (``python -m floorman serve``: SQLite store, an auth file,
info logging to a file, metrics on) and ``--clients`` clients run in ``--processes`` separate
client processes (multiprocessing ``spawn``, asyncio, ``grpc.aio``; one channel and
connection per client), all calling with real bearer tokens:

* evaluation clients (``1 - --table-share`` of them): EvaluateHand and CompareHands on random
  hands of every game, one call every ``--eval-think`` seconds; 2 % of the calls carry a
  malformed card on purpose (INVALID_ARGUMENT expected);
* table clients: each opens its own service-dealt table (the admin token), seats three
  players with a dealer token bound to it, then plays hands with random legal actions at the
  DESIGN.md model pace (one action every ``--table-think`` seconds, 250 ms by default),
  reads the hand as an observer every tenth action, and sends an out-of-turn action 3 % of
  the time (FAILED_PRECONDITION ``turn.out_of_turn`` expected); the first
  ``--watchers`` tables also have a WatchTable subscriber (an auditor).

Every answer other than the expected refusals above is an unexpected error. The server's
resident memory (``VmRSS``) is sampled every second; "growth" is the last sample minus the
first one after the warm-up (the first ``WARM_UP_SECONDS``). Latency is per call, from the
client's send to its answer, after the warm-up; the report gives calls, calls/s, p50 and p99
per RPC.

Run: ``.venv/bin/python -m bench.load_bench [--clients 200] [--processes 4] [--seconds 60]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench.load_clients import (
    EXPECTED,
    WARM_UP_SECONDS,
    LoadSpec,
    ProcessResult,
    client_main,
)

RSS_SAMPLE_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class RpcRow:
    """One RPC's figures."""

    rpc: str
    calls: int
    rate: float
    p50_ms: float
    p99_ms: float


@dataclass(frozen=True, slots=True)
class LoadReport:
    """The outcome of :func:`run_load`."""

    clients: int
    processes: int
    seconds: float
    rows: tuple[RpcRow, ...]
    expected: dict[str, int]
    unexpected: dict[str, int]
    answered: dict[str, int]
    hands: int
    watched_events: int
    rss_mb: tuple[float, ...]
    rss_growth_mb: float
    server_cpu_ms_per_call: float
    server_exit: int | None
    failures: tuple[str, ...]

    def text(self) -> str:
        """The report as printed."""
        lines = [
            f"load: {self.clients} clients in {self.processes} processes for "
            f"{self.seconds:g} s against one server (loopback, tokens, SQLite); warm-up "
            f"{WARM_UP_SECONDS:g} s excluded",
            f"{'rpc':<18} {'calls':>8} {'calls/s':>9} {'p50 ms':>8} {'p99 ms':>8}",
        ]
        lines += [
            f"{r.rpc:<18} {r.calls:>8} {r.rate:>9.1f} {r.p50_ms:>8.2f} {r.p99_ms:>8.2f}"
            for r in self.rows
        ]
        peak = max(self.rss_mb) if self.rss_mb else 0.0
        first = self.rss_mb[0] if self.rss_mb else 0.0
        last = self.rss_mb[-1] if self.rss_mb else 0.0
        lines += [
            f"answered OK (warm-up included): {self.answered}",
            f"hands played: {self.hands}; WatchTable events delivered: {self.watched_events}",
            f"expected refusals: {self.expected or 'none'}",
            f"unexpected errors: {self.unexpected or 'none'}",
            f"server CPU per call: {self.server_cpu_ms_per_call:.3f} ms (after the warm-up)",
            f"server RSS: {first:.0f} MB after warm-up, peak {peak:.0f} MB, end {last:.0f} MB "
            f"(growth {self.rss_growth_mb:+.1f} MB over {len(self.rss_mb)} samples); "
            f"server exit code {self.server_exit}",
        ]
        lines += [f"client failure: {failure}" for failure in self.failures]
        return "\n".join(lines)


# ------------------------------------------------------------------------------- server


class _Server:
    """``floorman serve`` with an auth file, on ephemeral loopback ports."""

    def __init__(self, workdir: Path, tokens: dict[str, str], table_ids: list[str]) -> None:
        from floorman.security.tokens import hash_token

        roles = {
            "admin": ("admin", []),
            "dealer": ("dealer", table_ids),
            "auditor": ("auditor", []),
            "observer": ("observer", []),
        }
        lines = []
        for name, (role, tables) in roles.items():
            lines += [
                "[[tokens]]",
                f'name = "{name}"',
                f'sha256 = "{hash_token(tokens[name])}"',
                f'role = "{role}"',
            ]
            if tables:
                lines.append(f"tables = {json.dumps(tables)}")
        auth = workdir / "auth.toml"
        auth.write_text("\n".join(lines) + "\n")
        self.log_path = workdir / "server.log"
        self._log = self.log_path.open("w")
        command = [
            sys.executable,
            "-m",
            "floorman",
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--metrics-listen",
            "127.0.0.1:0",
            "--store",
            f"sqlite:///{workdir / 'load.db'}",
            "--auth-file",
            str(auth),
            "--log-level",
            "info",
        ]
        env = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
        self.process = subprocess.Popen(
            command, stdout=self._log, stderr=subprocess.STDOUT, env=env, cwd=workdir
        )
        self.address = self._wait_started()

    def _wait_started(self, seconds: float = 60.0) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            for line in self.log_path.read_text().splitlines():
                if '"server_started"' in line:
                    return f"127.0.0.1:{json.loads(line)['port']}"
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("the server did not start")

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server so far (``/proc``)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        """The server's resident memory now (``VmRSS``), in MB."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> int | None:
        """SIGTERM, wait (kill after 30 s); the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self._log.close()
        return code


def _quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def run_load(
    *,
    clients: int = 200,
    processes: int = 4,
    seconds: float = 60.0,
    table_share: float = 0.3,
    watchers: int = 8,
    eval_think: float = 0.25,
    table_think: float = 0.25,
) -> LoadReport:
    """Run the load test and return its report (nothing is left running).

    Args:
        clients: concurrent clients in all.
        processes: client processes they are spread over.
        seconds: how long the clients run (the first :data:`WARM_UP_SECONDS` not recorded).
        table_share: the share of table clients (the rest evaluate hands).
        watchers: table clients that also keep a WatchTable stream (at most 16: every
            client shares one loopback address, whose stream limit is 32).
        eval_think / table_think: pause between an evaluation client's calls and between a
            table's actions, in seconds (randomised by +-50 % / +-20 %).
    """
    from floorman.security.tokens import new_token

    tables = round(clients * table_share)
    evals = clients - tables
    tokens = {name: new_token() for name in ("admin", "dealer", "auditor", "observer")}
    spawn = mp.get_context("spawn")
    pipes: list[Connection] = []
    workers: list[Any] = []
    first = 0
    for n in range(processes):  # they import grpc while the server starts
        share_eval = evals // processes + (n < evals % processes)
        share_tables = tables // processes + (n < tables % processes)
        spec = LoadSpec(
            tokens=tokens,
            first_client=first,
            eval_clients=share_eval,
            table_clients=share_tables,
            watchers=watchers // processes + (n < watchers % processes),
            seconds=seconds,
            eval_think=eval_think,
            table_think=table_think,
        )
        first += share_eval + share_tables
        ours, theirs = spawn.Pipe()
        worker = spawn.Process(target=client_main, args=(spec, theirs), daemon=True)
        worker.start()
        pipes.append(ours)
        workers.append(worker)
    results: list[ProcessResult] = []
    samples: list[tuple[float, float]] = []
    cpu: list[float] = []
    exit_code: int | None = None
    began = time.monotonic()
    try:
        with tempfile.TemporaryDirectory(prefix="floorman-load-") as tmp:
            table_ids = [f"load-{n}" for n in range(clients)]  # the dealer token's tables
            server = _Server(Path(tmp), tokens, table_ids)
            sampling = threading.Event()

            def sample() -> None:
                while not sampling.wait(RSS_SAMPLE_SECONDS):
                    try:
                        samples.append((time.monotonic(), server.rss_mb()))
                        if not cpu and time.monotonic() >= began + WARM_UP_SECONDS:
                            cpu.append(server.cpu_seconds())
                    except OSError:
                        return

            try:
                for pipe in pipes:
                    if not pipe.poll(120):
                        raise RuntimeError("a client process did not start")
                    pipe.recv()
                start_at = time.time() + 0.2  # every process begins together
                for pipe in pipes:
                    pipe.send((server.address, start_at))
                began = time.monotonic() + 0.2
                sampler = threading.Thread(target=sample, daemon=True)
                sampler.start()
                for pipe in pipes:
                    if pipe.poll(seconds + 120):
                        results.append(pipe.recv())
                    else:
                        results.append(ProcessResult(failure="no result from a client process"))
            finally:
                sampling.set()
                if cpu:
                    cpu.append(server.cpu_seconds())
                exit_code = server.stop()
    finally:
        for worker in workers:
            worker.join(10)
            if worker.is_alive():
                worker.kill()
                worker.join()
    warm = [mb for at, mb in samples if at >= began + WARM_UP_SECONDS]
    return _report(
        results,
        clients=clients,
        processes=processes,
        seconds=seconds,
        rss=warm,
        cpu_seconds=cpu[1] - cpu[0] if len(cpu) == 2 else 0.0,
        exit_code=exit_code,
    )


def _report(
    results: list[ProcessResult],
    *,
    clients: int,
    processes: int,
    seconds: float,
    rss: list[float],
    cpu_seconds: float,
    exit_code: int | None,
) -> LoadReport:
    latencies: dict[str, list[float]] = defaultdict(list)
    codes: Counter[tuple[str, str]] = Counter()
    for result in results:
        for name, values in result.latencies.items():
            latencies[name] += values
        codes.update(result.codes)
    window = max(seconds - WARM_UP_SECONDS, 1e-9)
    rows = []
    for name in sorted(latencies):
        values = sorted(latencies[name])
        rows.append(
            RpcRow(
                name,
                len(values),
                len(values) / window,
                _quantile(values, 0.5) * 1000,
                _quantile(values, 0.99) * 1000,
            )
        )
    answered = {r: n for (r, c), n in sorted(codes.items()) if c == "OK"}
    expected = {f"{r} {c}": n for (r, c), n in sorted(codes.items()) if (r, c) in EXPECTED}
    unexpected = {
        f"{r} {c}": n for (r, c), n in sorted(codes.items()) if c != "OK" and (r, c) not in EXPECTED
    }
    return LoadReport(
        clients=clients,
        processes=processes,
        seconds=seconds,
        rows=tuple(rows),
        expected=expected,
        unexpected=unexpected,
        answered=answered,
        hands=sum(r.hands for r in results),
        watched_events=sum(r.watched_events for r in results),
        rss_mb=tuple(rss),
        rss_growth_mb=(rss[-1] - rss[0]) if len(rss) > 1 else 0.0,
        server_cpu_ms_per_call=cpu_seconds * 1000 / max(1, sum(r.calls for r in rows)),
        server_exit=exit_code,
        failures=tuple(r.failure for r in results if r.failure),
    )


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m bench.load_bench``: run and print the report.

    Raises:
        RuntimeError: an unexpected error, a client failure, or a server that did not exit 0
            (``make bench`` then lists the section as failed).
    """
    parser = argparse.ArgumentParser(prog="python -m bench.load_bench", description=__doc__)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--table-share", type=float, default=0.3)
    parser.add_argument("--watchers", type=int, default=8)
    parser.add_argument("--eval-think", type=float, default=0.25)
    parser.add_argument("--table-think", type=float, default=0.25)
    args = parser.parse_args(argv)
    report = run_load(
        clients=args.clients,
        processes=args.processes,
        seconds=args.seconds,
        table_share=args.table_share,
        watchers=args.watchers,
        eval_think=args.eval_think,
        table_think=args.table_think,
    )
    print(report.text(), flush=True)
    if report.unexpected or report.failures or report.server_exit != 0:
        raise RuntimeError("the load test saw unexpected errors (see the report)")


if __name__ == "__main__":
    main()
