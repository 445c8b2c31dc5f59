"""Server model (issue 15 point 4): ``grpc.aio`` (the default) beside the ``sync`` model.

Both contenders are the real ``floorman serve``: ``--server-model aio`` and
``--server-model sync --server-threads N`` (:mod:`floorman.transport.sync_server`: a
``grpc.server`` thread pool running the same handlers and interceptor chain, each call on its
thread's own event loop, a table write in the handler thread). Workloads, in interleaved
rounds (the contender order alternates each round): health Check and EvaluateHand Razz at
concurrency 1 and 16 (:mod:`bench.grpc_bench` client processes, info logging, metrics on),
then RecordAction back to back on 1 and 16 tables (:mod:`bench.table_bench`'s generator,
durable SQLite store, warning logging). Figures are medians of the rounds; ``sync/aio`` is
the median of the per-round ratios; ``µs`` is the server's CPU time per call (``/proc``; for
the tables, per recorded action with the table setup and StartHand calls included), which
drifts less than the rates on a shared machine.

Run: ``.venv/bin/python -m bench.server_model [--rounds 3] [--seconds 2] [--threads 4]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bench import grpc_bench, table_bench

EVALUATE = "EvaluateHand razz 7"
MODELS = ("aio", "sync")


def run(*, rounds: int, seconds: float, threads: int, clients: int) -> list[str]:
    """Every workload on both models in interleaved rounds; the table's lines."""
    samples: dict[tuple[str, str], list[float]] = {}
    cpu: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="floorman-server-model-") as tmp:
        work = Path(tmp)
        rpc_servers, table_servers = {}, {}
        for model in MODELS:
            flags = ("--server-model", model, "--server-threads", str(threads))
            (work / model).mkdir()
            rpc_servers[model] = grpc_bench.BenchServer(work / model, extra_args=flags)
            store = f"sqlite:///{work / f'tables-{model}.db'}"
            table_servers[model] = table_bench.TableServer(store, work, *flags)
        pools = {m: grpc_bench.ClientPool(s.address, clients) for m, s in rpc_servers.items()}
        generator = table_bench.Generator()
        try:
            for index in range(rounds):
                order = MODELS if index % 2 == 0 else MODELS[::-1]
                for concurrency in (1, 16):
                    for workload in (grpc_bench.EMPTY, EVALUATE):
                        for model in order:
                            found = pools[model].measure(
                                rpc_servers[model], workload, concurrency, seconds
                            )
                            key = (f"{workload}, concurrency {concurrency}", model)
                            samples.setdefault(key, []).append(found.rate)
                            cpu.setdefault(key, []).append(found.server_cpu_per_call * 1e6)
                for tables in (1, 16):
                    for model in order:
                        server = table_servers[model]
                        began = server.cpu_seconds()
                        rate = generator.run("burst", server.address, tables, seconds)
                        used = server.cpu_seconds() - began  # table setup included
                        key = (f"RecordAction back to back, {tables} tables", model)
                        samples.setdefault(key, []).append(rate)
                        cpu.setdefault(key, []).append(used / (rate * seconds) * 1e6)
        finally:
            generator.close()
            for pool in pools.values():
                pool.close()
            for model in MODELS:
                rpc_servers[model].stop()
                table_servers[model].stop()
    lines = [
        f"{'workload':<40} {'aio/s':>7} {'sync/s':>7} {'sync/aio':>8} {'aio µs':>7}"
        f" {'sync µs':>7}  per-round sync/aio"
    ]
    for key in dict.fromkeys(k for k, _ in samples):
        aio, sync = samples[(key, "aio")], samples[(key, "sync")]
        ratios = [s / a if a else float("nan") for a, s in zip(aio, sync, strict=True)]
        lines.append(
            f"{key:<40} {statistics.median(aio):>7.0f} {statistics.median(sync):>7.0f}"
            f" {statistics.median(ratios):>8.2f} {statistics.median(cpu[(key, 'aio')]):>7.0f}"
            f" {statistics.median(cpu[(key, 'sync')]):>7.0f}  "
            + ", ".join(f"{r:.2f}" for r in ratios)
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bench.server_model``: print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median)")
    parser.add_argument("--seconds", type=float, default=2.0, help="measured seconds per window")
    parser.add_argument("--threads", type=int, default=4, help="--server-threads of sync")
    parser.add_argument("--clients", type=int, default=2, help="grpc_bench client processes")
    args = parser.parse_args(argv)
    lines = run(
        rounds=args.rounds, seconds=args.seconds, threads=args.threads, clients=args.clients
    )
    print(
        f"server model: aio vs sync ({args.threads} threads), medians of {args.rounds} "
        f"interleaved rounds of {args.seconds:g} s"
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
