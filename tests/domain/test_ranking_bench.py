"""Smoke test of the ranking benchmark (bench/ranking.py): it runs and prints its table.

No timing is asserted here; the figures live in BENCHMARKS.md.
"""

from __future__ import annotations

from bench.ranking import build_cases, format_table, make_hands, measure


def test_ranking_benchmark_runs_every_case_and_formats_a_table() -> None:
    """The benchmark builds every case on a few hands, measures one round and tabulates it."""
    results = measure(build_cases(40), rounds=1)
    table = format_table(results)
    assert len(table.splitlines()) == 2 + len(results)
    assert "x treys" in table
    assert all(r.rate > 0 for r in results)


def test_ranking_benchmark_hands_are_reproducible() -> None:
    """The same seed gives the same hands of distinct cards."""
    assert make_hands(3, 7) == make_hands(3, 7)
    assert all(len(set(h)) == 7 for h in make_hands(50, 7))
