"""Batch and streaming evaluation over one connection beside unary EvaluateHand (issue 15
point 1): 7-card stud hands per second.

One real server runs as a subprocess (``python -m floorman serve``, info logging, metrics
on: :class:`bench.grpc_bench.BenchServer`); one client process (``spawn``, so the GIL never
couples client and server) holds one channel, i.e. one HTTP/2 connection, and runs each
workload in turn:

* ``unary c1`` / ``unary c16``: blocking EvaluateHand calls from 1 or 16 threads;
* ``batch N``: BatchEvaluateHands of N hands, ``DEPTH`` calls in flight (futures), so the
  client builds and reads one batch while the server ranks the other;
* ``stream N``: one EvaluateHandStream, messages of N hands, ``DEPTH`` messages in flight.

Workloads run in interleaved rounds (the order rotates each round); each figure is the
median of the rounds, and "vs unary" is the median of per-round ratios to ``unary c1`` and to
``unary c16`` of the same round. Beside hands/s the table gives the server's CPU time per
hand (``/proc``), which bounds the rate on one server core: 1 / (CPU per hand). The hands
are :func:`bench.ranking.make_hands` (same seed), sent as card text.

Run: ``.venv/bin/python -m bench.batch_bench [--rounds 5] [--seconds 2]``.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench.grpc_bench import WARM_UP_SECONDS, BenchServer
from bench.ranking import make_hands
from floorman.domain.cards import card_str

HANDS = 10_000
DEPTH = 2
"""Batch calls or stream messages in flight."""
WORKLOADS: dict[str, tuple[str, int]] = {
    # name -> (kind, hands per call or message; threads for unary)
    "unary c1": ("unary", 1),
    "unary c16": ("unary", 16),
    "batch 100": ("batch", 100),
    "batch 1000": ("batch", 1000),
    "stream 100": ("stream", 100),
    "stream 1000": ("stream", 1000),
}


@dataclass(frozen=True, slots=True)
class Row:
    """Medians over the rounds for one workload."""

    workload: str
    rate: float
    vs_c1: float
    vs_c16: float
    server_cpu_us: float
    rounds: tuple[float, ...]


def _hands() -> list[Any]:
    from floorman.v1 import poker_pb2, rules_service_pb2

    return [
        rules_service_pb2.EvaluateHandRequest(
            game=poker_pb2.GAME_SEVEN_CARD_STUD, cards=[card_str(c) for c in hand]
        )
        for hand in make_hands(HANDS, 7)
    ]


def _unary(stub: Any, hands: list[Any], threads: int, start: float, end: float) -> int:
    counts = [0] * threads

    def caller(index: int) -> None:
        position, done = index, 0
        while True:
            stub.EvaluateHand(hands[position % len(hands)], timeout=30)
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
    return sum(counts)


def _batch(stub: Any, batches: list[Any], start: float, end: float) -> int:
    """``DEPTH`` BatchEvaluateHands in flight until ``end``; hands answered in the window
    (a call counts when its answer arrives inside it)."""
    size = len(batches[0].requests)
    pending = [stub.BatchEvaluateHands.future(batches[i % len(batches)]) for i in range(DEPTH)]
    sent, done = DEPTH, 0
    while True:
        answer = pending.pop(0).result(timeout=60)
        assert len(answer.results) == size
        now = time.monotonic()
        if now >= end:
            break
        if now >= start:
            done += size
        pending.append(stub.BatchEvaluateHands.future(batches[sent % len(batches)]))
        sent += 1
    for call in pending:
        call.result(timeout=60)
    return done


def _stream(stub: Any, messages: list[Any], start: float, end: float) -> int:
    """One EvaluateHandStream with ``DEPTH`` messages in flight until ``end``."""
    size = len(messages[0].requests)
    credit = threading.Semaphore(DEPTH)
    stop = threading.Event()

    def requests() -> Iterator[Any]:
        sent = 0
        while True:
            credit.acquire()
            if stop.is_set():
                return
            yield messages[sent % len(messages)]
            sent += 1

    done = 0
    call = stub.EvaluateHandStream(requests(), timeout=120)
    for answer in call:
        assert len(answer.results) == size
        now = time.monotonic()
        if now >= end:
            stop.set()
            credit.release()
            break
        if now >= start:
            done += size
        credit.release()
    for _ in call:  # the answers still in flight, then the end of the stream
        pass
    return done


def _client_main(address: str, connection: Connection) -> None:
    """The client process: on ``(workload, start, end)`` run it until ``end`` and send back
    the hands answered in ``[start, end)``."""
    import grpc

    from floorman.v1 import rules_service_pb2 as rpb
    from floorman.v1 import rules_service_pb2_grpc

    channel = grpc.insecure_channel(
        address, options=[("grpc.max_receive_message_length", 64 * 1024 * 1024)]
    )
    grpc.channel_ready_future(channel).result(timeout=30)
    stub = rules_service_pb2_grpc.RulesServiceStub(channel)
    hands = _hands()
    grouped: dict[int, list[list[Any]]] = {}
    for kind, size in WORKLOADS.values():
        if kind != "unary":
            grouped[size] = [hands[i : i + size] for i in range(0, len(hands), size)]
    batches = {
        s: [rpb.BatchEvaluateHandsRequest(requests=g) for g in v] for s, v in grouped.items()
    }
    messages = {
        s: [rpb.EvaluateHandStreamRequest(requests=g) for g in v] for s, v in grouped.items()
    }
    connection.send("ready")
    while True:
        command = connection.recv()
        if command is None:
            break
        workload, start, end = command
        kind, size = WORKLOADS[workload]
        if kind == "unary":
            connection.send(_unary(stub, hands, size, start, end))
        elif kind == "batch":
            connection.send(_batch(stub, batches[size], start, end))
        else:
            connection.send(_stream(stub, messages[size], start, end))
    channel.close()


def run_batch_bench(
    *, rounds: int = 5, seconds: float = 2.0, workloads: Sequence[str] = tuple(WORKLOADS)
) -> list[Row]:
    """Measure every workload in ``rounds`` interleaved rounds; one :class:`Row` each.

    Raises:
        RuntimeError: the server or the client cannot start, or the server does not exit 0.
    """
    samples: dict[str, list[tuple[float, float]]] = {w: [] for w in workloads}
    with tempfile.TemporaryDirectory(prefix="floorman-batch-bench-") as tmp:
        server = BenchServer(Path(tmp))
        context = mp.get_context("spawn")
        mine, theirs = context.Pipe()
        client = context.Process(target=_client_main, args=(server.address, theirs), daemon=True)
        client.start()
        try:
            if not mine.poll(120) or mine.recv() != "ready":
                raise RuntimeError("the client process did not start")
            plan = list(workloads)
            for index in range(rounds):
                shift = index % len(plan)
                for workload in plan[shift:] + plan[:shift]:
                    start = time.monotonic() + WARM_UP_SECONDS + 0.05
                    end = start + seconds
                    mine.send((workload, start, end))
                    time.sleep(max(0.0, start - time.monotonic()))
                    cpu = server.cpu_seconds()
                    time.sleep(max(0.0, end - time.monotonic()))
                    cpu = server.cpu_seconds() - cpu
                    hands = mine.recv()
                    samples[workload].append((hands / seconds, cpu / hands if hands else 0.0))
        finally:
            mine.send(None)
            client.join(timeout=30)
            code = server.stop()
        if code != 0:
            raise RuntimeError(f"server exited {code} on SIGTERM")
    rows = []
    for workload, found in samples.items():
        ratios = {}
        for base in ("unary c1", "unary c16"):
            reference = samples.get(base, [])
            per_round = [m[0] / r[0] for m, r in zip(found, reference, strict=False) if r[0]]
            ratios[base] = statistics.median(per_round) if per_round else float("nan")
        rows.append(
            Row(
                workload=workload,
                rate=statistics.median(m[0] for m in found),
                vs_c1=ratios["unary c1"],
                vs_c16=ratios["unary c16"],
                server_cpu_us=statistics.median(m[1] for m in found) * 1e6,
                rounds=tuple(round(m[0]) for m in found),
            )
        )
    return rows


def format_table(rows: Sequence[Row]) -> str:
    """Median hands/s, median per-round ratios to unary c1 and c16, server CPU per hand."""
    lines = [
        f"{'workload':<12} {'hands/s':>9} {'vs c1':>7} {'vs c16':>7} {'srv µs/hand':>11}"
        "  rounds (hands/s)"
    ]
    for row in rows:
        lines.append(
            f"{row.workload:<12} {row.rate:>9.0f} {row.vs_c1:>7.1f} {row.vs_c16:>7.1f}"
            f" {row.server_cpu_us:>11.1f}  {', '.join(map(str, row.rounds))}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bench.batch_bench``: print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--seconds", type=float, default=2.0, help="measured seconds per window")
    parser.add_argument(
        "--workloads",
        default=",".join(WORKLOADS),
        help=f"comma-separated subset of: {', '.join(WORKLOADS)}",
    )
    args = parser.parse_args(argv)
    workloads = [w.strip() for w in args.workloads.split(",")]
    unknown = [w for w in workloads if w not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workloads: {unknown}")
    rows = run_batch_bench(rounds=args.rounds, seconds=args.seconds, workloads=workloads)
    print(
        f"7-card stud hands evaluated per second over one connection, one server, one client "
        f"process, {DEPTH} batches / stream messages in flight, medians of {args.rounds} "
        f"interleaved rounds of {args.seconds:g} s"
    )
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
