"""Durable RecordAction over gRPC: latency with 1 and 50 tables at play, and the maximum rate.

The table load model of DESIGN.md "Measuring": a real server (``python -m floorman serve``)
runs as a subprocess on each store, and the load generator runs in its own process (asyncio,
``grpc.aio``). Paced load: every table sends one action every 250 ms (tables staggered over
the period); after a one-second unrecorded warm-up each RecordAction's latency is recorded
(the StartHand between hands is sent on the same beat but not counted). The server's CPU
time per recorded action (``cpu ms``, the warm-up and StartHand calls included) shows
where the time goes. Every action is durable: its events and answer are committed
(WAL + ``synchronous=FULL`` on SQLite, a committed transaction on PostgreSQL) before the
answer. Back-to-back load: 1, 4 and 16 tables each send their next action as soon as the
last is answered; the best rate of the rounds is the maximum rate, shown beside the same
store's raw empty-commit and one-event-append rates measured in the same run
(:mod:`bench.store_bench`). Games: Seven Card Stud, six players with deep stacks, so each
action may also carry the service's deals and settlement in its transaction.

Target (issue 4): p99 under 20 ms at 50 tables. Then (issue 15 point 4) the server's CPU per
RecordAction against the hand's length and the table's history (:mod:`bench.table_curve`).
Run::

    .venv/bin/python -m bench.table_bench [--seconds 20] [--rounds 5] [--no-postgres]
    .venv/bin/python -m bench.table_bench --only-curve     # the CPU curve only
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench import table_curve
from bench.grpc_bench import _free_port, wait_until_serving
from bench.store_bench import bench_urls, measure

PERIOD_SECONDS = 0.25
WRITERS = 100
WRITERS_TARGET_P99_MS = 100.0
PACED_TABLES = (1, 50)
BURST_TABLES = (1, 4, 16)
PLAYERS = 6
TARGET_P99_MS = 20.0
WARM_UP_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class Latency:
    """Paced RecordAction latencies: samples, p50/p99/max in ms, achieved actions/s, and the
    server's CPU milliseconds per write (setup included)."""

    samples: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    rate: float
    cpu_ms: float = float("nan")


class TableServer:
    """``floorman serve`` on ``store_url`` (warning logs to a file, no metrics endpoint)."""

    def __init__(self, store_url: str, workdir: Path, *extra: str) -> None:
        self.log_path = workdir / f"server-{uuid.uuid4().hex[:6]}.log"
        self._log = self.log_path.open("w")
        port = _free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
        self.process = subprocess.Popen(
            [
                sys.executable, "-m", "floorman", "serve", "--listen", f"127.0.0.1:{port}",
                "--metrics-listen", "off", "--store", store_url, "--log-level", "warning",
                "--anonymous-role", "dealer", *extra,
            ],
            stdout=self._log, stderr=subprocess.STDOUT, env=env, cwd=workdir,
        )  # fmt: skip
        self.address = f"127.0.0.1:{port}"
        wait_until_serving(self.address, self.process, self.log_path)

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far (Linux ``/proc``)."""
        stat = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        """SIGTERM and wait."""
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        finally:
            self._log.close()


# ----------------------------------------------------------------------------- generator


def _choose(hand: Any, rng: random.Random) -> Any:
    """A legal action: mostly check or call, sometimes the minimum bet or raise."""
    from floorman.v1 import poker_pb2 as pb

    seat = hand.state.seat_to_act
    legal = {entry.type: entry for entry in hand.legal_actions}
    for kind in (pb.ACTION_TYPE_SHOW, pb.ACTION_TYPE_DRAW):
        if kind in legal:
            return pb.Action(seat=seat, type=kind)
    if pb.ACTION_TYPE_BRING_IN in legal:
        return pb.Action(seat=seat, type=pb.ACTION_TYPE_BRING_IN,
                         amount=legal[pb.ACTION_TYPE_BRING_IN].min_amount)  # fmt: skip
    for kind in (pb.ACTION_TYPE_BET, pb.ACTION_TYPE_RAISE, pb.ACTION_TYPE_COMPLETE):
        if kind in legal and rng.random() < 0.2:
            return pb.Action(seat=seat, type=kind, amount=legal[kind].min_amount)
    for kind in (pb.ACTION_TYPE_CHECK, pb.ACTION_TYPE_CALL):
        if kind in legal:
            return pb.Action(seat=seat, type=kind)
    return pb.Action(seat=seat, type=pb.ACTION_TYPE_FOLD)


class _Table:
    """One table's client state: its id, the last sequence and hand seen."""

    def __init__(self, stub: Any, table_id: str) -> None:
        self.stub = stub
        self.table_id = table_id
        self.sequence = 0
        self.hand: Any = None
        self.count = 0

    def _request(self, kind: str, **fields: Any) -> Any:
        from floorman.v1 import table_service_pb2 as tpb

        self.count += 1
        return getattr(tpb, f"{kind}Request")(
            table_id=self.table_id,
            expected_sequence=self.sequence,
            request_id=f"{self.table_id}-{self.count}",
            **fields,
        )

    async def setup(self) -> None:
        from floorman.v1 import poker_pb2 as pb
        from floorman.v1 import table_service_pb2 as tpb

        settings = tpb.TableSettings(game=pb.GAME_SEVEN_CARD_STUD,
                                     stakes=pb.Stakes(small_bet=20, ante=5))  # fmt: skip
        created = await _send(
            self.stub.CreateTable,
            tpb.CreateTableRequest(
                request_id=f"c-{self.table_id}", table_id=self.table_id, settings=settings
            ),
        )
        self.sequence = created.table.sequence
        for seat in range(1, PLAYERS + 1):
            request = self._request("SeatPlayer", seat=seat, player_id=f"p{seat}", buy_in=10**9)
            self.sequence = (await _send(self.stub.SeatPlayer, request)).table.sequence
        await self.start()

    async def start(self) -> None:
        response = await _send(self.stub.StartHand, self._request("StartHand"))
        self.sequence, self.hand = response.table.sequence, response.hand

    async def act(self, rng: random.Random) -> float:
        """One RecordAction (or StartHand between hands, returning -1); its latency in s."""
        if self.hand.complete:
            await self.start()
            return -1.0
        request = self._request("RecordAction", action=_choose(self.hand, rng))
        began = time.perf_counter()
        response = await _send(self.stub.RecordAction, request)
        elapsed = time.perf_counter() - began
        self.sequence, self.hand = response.table.sequence, response.hand
        return elapsed


def _retry_delay(error: Any) -> float | None:
    """The RetryInfo delay (s) of a RESOURCE_EXHAUSTED answer, else None."""
    import grpc
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status

    if error.code() != grpc.StatusCode.RESOURCE_EXHAUSTED:
        return None
    status = rpc_status.from_call(error)
    for detail in status.details if status is not None else ():
        retry = error_details_pb2.RetryInfo()
        if detail.Unpack(retry):
            return retry.retry_delay.ToTimedelta().total_seconds()
    return None


async def _send(method: Any, request: Any) -> Any:
    """``method(request)``, sent again with the same request after the RetryInfo delay of a
    RESOURCE_EXHAUSTED answer (the server's bounded write queue)."""
    import grpc

    while True:
        try:
            return await method(request)
        except grpc.aio.AioRpcError as error:
            delay = _retry_delay(error)
            if delay is None:
                raise
            await asyncio.sleep(delay)


def _peak_rss_mib(pid: int) -> float:
    """Peak resident memory of process ``pid`` so far in MiB (Linux ``VmHWM``; 0 if unknown)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    for row in status.splitlines():
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) / 1024
    return 0.0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far (Linux ``/proc``; 0 for pid 0)."""
    if not pid:
        return 0.0
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


async def _writers(address: str, count: int, seconds: float, pid: int = 0) -> dict[str, Any]:
    """``count`` tables played back to back (each sends its next RecordAction as soon as the
    last is answered) for ``seconds`` after a warm-up. A RESOURCE_EXHAUSTED with RetryInfo
    (the bounded write queue) is retried with the same request after its delay. Returns the
    accepted calls' latencies (send to OK of that attempt), the actions' latencies (first
    send to OK, retry waits included), the count of refused attempts and the CPU seconds
    the server process ``pid`` used during the measured window (0 without a pid)."""
    import grpc

    channel, tables = await _tables(address, count)
    accepted: list[float] = []
    actions: list[float] = []
    refused = 0
    start = time.perf_counter()
    begin = start + WARM_UP_SECONDS
    end = begin + seconds

    async def loop(index: int, table: _Table) -> None:
        nonlocal refused
        rng = random.Random(index)
        while time.perf_counter() < end:
            if table.hand.complete:
                await table.start()
                continue
            request = table._request("RecordAction", action=_choose(table.hand, rng))
            first = time.perf_counter()
            while True:
                began = time.perf_counter()
                try:
                    response = await table.stub.RecordAction(request)
                except grpc.aio.AioRpcError as error:
                    delay = _retry_delay(error)
                    if delay is None:
                        raise
                    if began >= begin:
                        refused += 1
                    await asyncio.sleep(delay)
                    continue
                done = time.perf_counter()
                break
            if first >= begin:
                accepted.append(done - began)
                actions.append(done - first)
            table.sequence, table.hand = response.table.sequence, response.hand

    async def clock() -> float:
        await asyncio.sleep(max(0.0, begin - time.perf_counter()))
        cpu = _cpu_seconds(pid)
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        return _cpu_seconds(pid) - cpu

    cpu, *_ = await asyncio.gather(clock(), *(loop(i, t) for i, t in enumerate(tables)))
    await channel.close()
    return {"accepted": accepted, "actions": actions, "refused": refused, "seconds": seconds,
            "cpu": cpu}  # fmt: skip


async def _tables(address: str, count: int) -> tuple[Any, list[_Table]]:
    import grpc

    from floorman.v1 import table_service_pb2_grpc as tpb_grpc

    channel = grpc.aio.insecure_channel(address)
    stub = tpb_grpc.TableServiceStub(channel)
    tables = [_Table(stub, f"b-{uuid.uuid4().hex[:10]}") for _ in range(count)]
    await asyncio.gather(*(table.setup() for table in tables))
    return channel, tables


async def _paced(address: str, count: int, seconds: float) -> tuple[list[float], float]:
    channel, tables = await _tables(address, count)
    latencies: list[float] = []
    start = time.perf_counter() + 0.2
    begin = start + WARM_UP_SECONDS  # actions due before this are a warm-up, not recorded
    end = begin + seconds

    async def beat(index: int, table: _Table) -> None:
        rng = random.Random(index)
        due = start + PERIOD_SECONDS * index / count
        while due < end:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            elapsed = await table.act(rng)
            if elapsed >= 0 and due >= begin:
                latencies.append(elapsed)
            due += PERIOD_SECONDS

    await asyncio.gather(*(beat(i, t) for i, t in enumerate(tables)))
    await channel.close()
    return latencies, len(latencies) / seconds


async def _burst(address: str, count: int, seconds: float) -> float:
    channel, tables = await _tables(address, count)
    done = 0
    end = time.perf_counter() + seconds

    async def loop(index: int, table: _Table) -> None:
        nonlocal done
        rng = random.Random(index)
        while time.perf_counter() < end:
            if await table.act(rng) >= 0:
                done += 1

    began = time.perf_counter()
    await asyncio.gather(*(loop(i, t) for i, t in enumerate(tables)))
    rate = done / (time.perf_counter() - began)
    await channel.close()
    return rate


def _generator_main(connection: Connection) -> None:
    """The load generator process: runs each command sent and answers its result."""
    while True:
        command = connection.recv()
        if command is None:
            return
        kind, address, count, seconds, pid = command
        if kind == "paced":
            connection.send(asyncio.run(_paced(address, count, seconds)))
        elif kind == "writers":
            connection.send(asyncio.run(_writers(address, count, seconds, pid)))
        else:
            connection.send(asyncio.run(_burst(address, count, seconds)))


class Generator:
    """The load generator in its own process."""

    def __init__(self) -> None:
        context = mp.get_context("spawn")
        self._connection, child = context.Pipe()
        self._process = context.Process(target=_generator_main, args=(child,), daemon=True)
        self._process.start()

    def run(self, kind: str, address: str, count: int, seconds: float, pid: int = 0) -> Any:
        """Run one workload in the generator process and return its result (``pid``: the
        server process whose CPU the writers workload measures)."""
        self._connection.send((kind, address, count, seconds, pid))
        return self._connection.recv()

    def close(self) -> None:
        """Stop the process."""
        self._connection.send(None)
        self._process.join(30)


def _latency(samples: list[float], rate: float) -> Latency:
    ordered = sorted(samples)
    if not ordered:
        return Latency(0, float("nan"), float("nan"), float("nan"), rate)
    pick = lambda q: 1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))]  # noqa: E731
    return Latency(len(ordered), pick(0.50), pick(0.99), 1000 * ordered[-1], rate)


# ----------------------------------------------------------------------------- report


def _writers_line(label: str, result: dict[str, Any], peak_mib: float = 0.0) -> str:
    accepted = _latency(result["accepted"], 0.0)
    actions = _latency(result["actions"], 0.0)
    rate = len(result["actions"]) / result["seconds"]
    verdict = "ok" if accepted.p99_ms < WRITERS_TARGET_P99_MS else "MISSED"
    cpu_ms = 1000 * result.get("cpu", 0.0) / max(1, len(result["actions"]))
    return (
        f"{label:<28}{accepted.samples:>8}{rate:>7.0f}{accepted.p50_ms:>8.1f}"
        f"{accepted.p99_ms:>8.1f}{accepted.max_ms:>8.1f}{actions.p50_ms:>8.1f}"
        f"{actions.p99_ms:>8.1f}{actions.max_ms:>8.1f}{result['refused']:>9}{cpu_ms:>8.2f}"
        f"{peak_mib:>9.0f}  {verdict}"
    )


def run_writers(
    url: str,
    folder: Path,
    generator: Generator,
    seconds: float,
    bounds: Sequence[int] = (64, 16, 0),
) -> list[str]:
    """100 writers back to back on ``url``, one server and one line per write queue bound
    (``--limit pending_writes=N``; 64 is the default, 0 no bound, -1 no flag at all).
    ``cpu ms``: the server's CPU time during the measured window per action answered in it
    (the StartHand calls between hands included); ``rss MiB``: the server's peak resident
    memory at the window's end."""
    lines = [
        f"{'':<28}{'calls':>8}{'act/s':>7}{'p50':>8}{'p99':>8}{'max':>8}{'a.p50':>8}"
        f"{'a.p99':>8}{'a.max':>8}{'refused':>9}{'cpu ms':>8}{'rss MiB':>9}"
        f"  target p99 < {WRITERS_TARGET_P99_MS:g} ms"
    ]
    for bound in bounds:
        label = f"pending_writes={bound}" + (" (no bound)" if bound == 0 else "")
        extra = ("--limit", f"pending_writes={bound}")
        if bound < 0:  # the server as it starts by default (e.g. an older build)
            label, extra = "server default", ()
        server = TableServer(url, folder, *extra)
        try:
            pid = server.process.pid
            result = generator.run("writers", server.address, WRITERS, seconds, pid)
            peak = _peak_rss_mib(pid)
        finally:
            server.stop()
        lines.append(_writers_line(label, result, peak))
    return lines


def run(
    *,
    seconds: float,
    rounds: int,
    burst_seconds: float,
    postgres: bool,
    writers_seconds: float = 10.0,
) -> str:
    """Measure every backend and return the report."""
    lines = []
    generator = Generator()
    try:
        with bench_urls(postgres=postgres) as urls, tempfile.TemporaryDirectory() as folder:
            raw = measure(urls, operations=300, rounds=rounds)
            for name, url in urls.items():
                server = TableServer(url, Path(folder))
                try:
                    paced = {}
                    for count in PACED_TABLES:
                        cpu = server.cpu_seconds()
                        samples, rate = generator.run("paced", server.address, count, seconds)
                        used = server.cpu_seconds() - cpu
                        paced[count] = replace(
                            _latency(samples, rate), cpu_ms=1000 * used / max(1, len(samples))
                        )
                    bursts: dict[int, list[float]] = {count: [] for count in BURST_TABLES}
                    for _ in range(rounds):
                        for count in BURST_TABLES:
                            rate = generator.run("burst", server.address, count, burst_seconds)
                            bursts[count].append(rate)
                finally:
                    server.stop()
                lines += _section(name, paced, bursts, raw[name])
                lines.append(
                    f"{name}: {WRITERS} writers back to back, RecordAction ms (calls: accepted "
                    "attempts; a.*: per action, RetryInfo waits included)"
                )
                lines += run_writers(url, Path(folder), generator, writers_seconds)
    finally:
        generator.close()
    return "\n".join(lines)


def _section(name: str, paced: dict[int, Latency], bursts: dict[int, list[float]],
             raw: dict[str, Any]) -> list[str]:  # fmt: skip
    out = [f"\n{name}: RecordAction over gRPC, one action per table every 250 ms"]
    out.append(
        f"{'tables':>8}{'samples':>9}{'act/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
        f"{'cpu ms':>9}  target"
    )
    for count, result in paced.items():
        verdict = ""
        if count == max(PACED_TABLES):
            verdict = "ok" if result.p99_ms < TARGET_P99_MS else "MISSED"
        out.append(
            f"{count:>8}{result.samples:>9}{result.rate:>8.0f}{result.p50_ms:>9.2f}"
            f"{result.p99_ms:>9.2f}{result.max_ms:>9.2f}{result.cpu_ms:>9.2f}  {verdict}"
        )
    best = {count: max(rates) for count, rates in bursts.items()}
    medians = {count: statistics.median(rates) for count, rates in bursts.items()}
    top = max(best, key=best.__getitem__)
    out.append(f"{name}: back-to-back RecordAction (median / best of the rounds, actions/s)")
    for count in bursts:
        out.append(f"{count:>8} tables {medians[count]:>9.0f} / {best[count]:.0f}")
    empty, append = raw["empty_commit"].per_second, raw["append"].per_second
    out.append(
        f"{name}: maximum {best[top]:.0f} actions/s ({top} tables) beside the same store's raw "
        f"empty commits {empty:.0f}/s and one-event appends {append:.0f}/s "
        f"({best[top] / append:.0%} of the append rate)"
    )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="paced window per size")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--burst-seconds", type=float, default=2.0)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--writers-seconds", type=float, default=10.0,
                        help="window of each 100-writer run")  # fmt: skip
    parser.add_argument("--bounds", default="64,16,0",
                        help="pending_writes values of the 100-writer runs")  # fmt: skip
    parser.add_argument("--only-writers", action="store_true",
                        help="only the 100-writer runs")  # fmt: skip
    parser.add_argument("--only-curve", action="store_true",
                        help="only the CPU-per-action curve (bench.table_curve)")  # fmt: skip
    parser.add_argument("--no-curve", action="store_true")
    args = parser.parse_args(argv)
    if args.only_curve:
        print(table_curve.run(postgres=not args.no_postgres))
        return
    if args.only_writers:
        bounds = [int(b) for b in args.bounds.split(",")]
        print(writers_only(seconds=args.writers_seconds, postgres=not args.no_postgres,
                           bounds=bounds))  # fmt: skip
        return
    print(run(seconds=args.seconds, rounds=args.rounds, burst_seconds=args.burst_seconds,
              postgres=not args.no_postgres, writers_seconds=args.writers_seconds))  # fmt: skip
    if not args.no_curve:
        print(table_curve.run(postgres=not args.no_postgres))


def writers_only(*, seconds: float, postgres: bool, bounds: Sequence[int] = (64, 16, 0)) -> str:
    """Only the 100-writer runs on every backend."""
    lines = []
    generator = Generator()
    try:
        with bench_urls(postgres=postgres) as urls, tempfile.TemporaryDirectory() as folder:
            for name, url in urls.items():
                lines.append(f"{name}: {WRITERS} writers back to back, RecordAction ms")
                lines += run_writers(url, Path(folder), generator, seconds, bounds)
    finally:
        generator.close()
    return "\n".join(lines)


if __name__ == "__main__":
    main()
