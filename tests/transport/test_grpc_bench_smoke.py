"""Smoke test of the gRPC benchmark harness (bench/grpc_bench.py): it runs end to end."""

from __future__ import annotations

import math

from bench.grpc_bench import EMPTY, format_table, run_grpc_bench


def test_grpc_bench_runs_and_reports_every_workload():
    """One short round measures Check and EvaluateHand at concurrency 1 and 2 and the
    server exits 0 (no speed is asserted: figures belong in BENCHMARKS.md)."""
    rows = run_grpc_bench(
        rounds=1,
        seconds=0.2,
        concurrencies=(1, 2),
        clients=2,
        workloads=(EMPTY, "EvaluateHand stud 7"),
    )
    assert {(row.workload, row.concurrency) for row in rows} == {
        (EMPTY, 1), (EMPTY, 2), ("EvaluateHand stud 7", 1), ("EvaluateHand stud 7", 2),
    }  # fmt: skip
    assert all(row.rate > 0 and math.isfinite(row.vs_empty) for row in rows)
    assert "EvaluateHand stud 7" in format_table(rows)
