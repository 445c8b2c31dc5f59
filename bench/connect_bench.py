"""EvaluateHand over Connect (``--http-listen``, HTTP/1.1, JSON and binary) beside the gRPC
port, one server (issue 14).

The server (``python -m floorman serve --http-listen``, info logging, metrics on) runs as a
subprocess; the load comes from separate client processes (``bench.grpc_bench``'s layout),
each running blocking callers from threads: over gRPC one grpcio channel per process, over
Connect one keep-alive ``http.client`` connection per thread (``POST
/floorman.v1.RulesService/EvaluateHand`` with ``application/json`` or ``application/proto``).
The workload is the gRPC benchmark's Razz, 7 cards (``bench.ranking.make_hands``, same seed).
Transports run in interleaved rounds (the order rotates), each figure the median of the
rounds; "vs gRPC" is the median of per-round ratios to the gRPC window of the same round.

Run: ``.venv/bin/python -m bench.connect_bench [--rounds 5] [--seconds 2] [--clients 2]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench.grpc_bench import HANDS, WARM_UP_SECONDS, BenchServer
from bench.ranking import make_hands
from floorman.domain.cards import card_str

GRPC = "gRPC (HTTP/2, binary)"
CONNECT_JSON = "Connect HTTP/1.1 JSON"
CONNECT_BINARY = "Connect HTTP/1.1 binary"
TRANSPORTS = (GRPC, CONNECT_JSON, CONNECT_BINARY)
PATH = "/floorman.v1.RulesService/EvaluateHand"


@dataclass(frozen=True, slots=True)
class Row:
    transport: str
    concurrency: int
    rate: float
    vs_grpc: float
    server_cpu_us: float
    rounds: tuple[int, ...]


def _client_main(address: str, http_port: int, connection: Connection) -> None:
    """A client process: on ``(transport, threads, start, end)`` run ``threads`` blocking
    callers until ``end``; send back the calls completed in ``[start, end)``."""
    import http.client

    import grpc

    from floorman.v1 import poker_pb2, rules_service_pb2, rules_service_pb2_grpc

    requests = [
        rules_service_pb2.EvaluateHandRequest(
            game=poker_pb2.GAME_RAZZ, cards=[card_str(c) for c in hand]
        )
        for hand in make_hands(HANDS, 7)
    ]
    bodies = {
        CONNECT_JSON: [
            json.dumps({"game": "GAME_RAZZ", "cards": list(r.cards)}).encode() for r in requests
        ],
        CONNECT_BINARY: [r.SerializeToString() for r in requests],
    }
    types = {CONNECT_JSON: "application/json", CONNECT_BINARY: "application/proto"}
    channel = grpc.insecure_channel(address)
    grpc.channel_ready_future(channel).result(timeout=30)
    evaluate = rules_service_pb2_grpc.RulesServiceStub(channel).EvaluateHand
    connection.send("ready")
    while True:
        command = connection.recv()
        if command is None:
            break
        transport, threads, start, end = command
        counts = [0] * threads

        def caller(
            index: int,
            transport: str = transport,
            start: float = start,
            end: float = end,
            threads: int = threads,
            counts: list[int] = counts,
        ) -> None:
            position, done = index, 0
            conn = None
            if transport != GRPC:
                conn = http.client.HTTPConnection("127.0.0.1", http_port, timeout=30)
            while True:
                if conn is None:
                    evaluate(requests[position % len(requests)], timeout=30)
                else:
                    body = bodies[transport][position % len(requests)]
                    conn.request("POST", PATH, body, {"Content-Type": types[transport]})
                    answer = conn.getresponse()
                    answer.read()
                    if answer.status != 200:
                        raise RuntimeError(f"HTTP {answer.status}")
                now = time.monotonic()
                if now >= end:
                    break
                if now >= start:
                    done += 1
                position += threads
            if conn is not None:
                conn.close()
            counts[index] = done

        workers = [threading.Thread(target=caller, args=(i,)) for i in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        connection.send(sum(counts))
    channel.close()


def _http_port(server: BenchServer) -> int:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for raw in server.log_path.read_text().splitlines():
            if '"server_started"' in raw:
                return int(json.loads(raw)["http_port"])
        time.sleep(0.1)
    raise RuntimeError("no server_started line")


def run_connect_bench(
    *,
    rounds: int = 5,
    seconds: float = 2.0,
    concurrencies: Sequence[int] = (1, 8),
    clients: int = 2,
) -> list[Row]:
    """Every transport at every concurrency in ``rounds`` interleaved rounds (medians).

    Raises:
        RuntimeError: the server cannot start, a call fails, or the server does not exit 0.
    """
    with tempfile.TemporaryDirectory(prefix="floorman-connect-bench-") as tmp:
        server = BenchServer(Path(tmp), extra_args=("--http-listen", "127.0.0.1:0"))
        http_port = _http_port(server)
        context = mp.get_context("spawn")
        pipes: list[Connection] = []
        processes: list[Any] = []
        samples: dict[tuple[str, int], list[tuple[float, float]]] = {}
        try:
            for _ in range(clients):
                mine, theirs = context.Pipe()
                process = context.Process(
                    target=_client_main, args=(server.address, http_port, theirs), daemon=True
                )
                process.start()
                pipes.append(mine)
                processes.append(process)
            for pipe in pipes:
                if not pipe.poll(120) or pipe.recv() != "ready":
                    raise RuntimeError("a client process did not start")
            plan = [(t, c) for c in concurrencies for t in TRANSPORTS]
            for index in range(rounds):
                shift = index % len(plan)
                for transport, concurrency in plan[shift:] + plan[:shift]:
                    active = min(concurrency, len(pipes))
                    shares = [
                        concurrency // active + (i < concurrency % active) for i in range(active)
                    ]
                    start = time.monotonic() + WARM_UP_SECONDS + 0.05
                    end = start + seconds
                    for pipe, threads in zip(pipes, shares, strict=False):
                        pipe.send((transport, threads, start, end))
                    time.sleep(max(0.0, start - time.monotonic()))
                    cpu_start = server.cpu_seconds()
                    time.sleep(max(0.0, end - time.monotonic()))
                    cpu = server.cpu_seconds() - cpu_start
                    calls = sum(pipe.recv() for pipe in pipes[:active])
                    samples.setdefault((transport, concurrency), []).append(
                        (calls / seconds, cpu / calls if calls else float("nan"))
                    )
        finally:
            for pipe in pipes:
                pipe.send(None)
            for process in processes:
                process.join(timeout=10)
            code = server.stop()
        if code != 0:
            raise RuntimeError(f"server exited {code} on SIGTERM")
    rows = []
    for (transport, concurrency), found in samples.items():
        base = samples[(GRPC, concurrency)]
        ratios = [m[0] / b[0] if b[0] else float("nan") for m, b in zip(found, base, strict=True)]
        rows.append(
            Row(
                transport=transport,
                concurrency=concurrency,
                rate=statistics.median(m[0] for m in found),
                vs_grpc=statistics.median(ratios),
                server_cpu_us=statistics.median(m[1] for m in found) * 1e6,
                rounds=tuple(round(m[0]) for m in found),
            )
        )
    return sorted(rows, key=lambda r: (r.concurrency, TRANSPORTS.index(r.transport)))


def format_table(rows: Sequence[Row]) -> str:
    lines = [
        "| transport | concurrency | calls/s | vs gRPC | server µs/call | rounds (calls/s) |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r.transport} | {r.concurrency} | {r.rate:,.0f} | {r.vs_grpc:.2f} "
            f"| {r.server_cpu_us:,.0f} | {', '.join(map(str, r.rounds))} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.connect_bench")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--clients", type=int, default=2)
    args = parser.parse_args(argv)
    rows = run_connect_bench(rounds=args.rounds, seconds=args.seconds, clients=args.clients)
    print(
        f"EvaluateHand Razz 7 cards over Connect (--http-listen) beside gRPC, one server, "
        f"{args.clients} client processes, medians of {args.rounds} rounds of {args.seconds:g} s"
    )
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
