"""Smoke test of the community-card ranking benchmark (bench/board_ranking.py): it runs
every case and prints its table. No timing is asserted; the figures live in BENCHMARKS.md."""

from __future__ import annotations

from bench.board_ranking import build_cases, make_deals
from bench.ranking import format_table, measure


def test_board_ranking_benchmark_runs_every_case_and_formats_a_table() -> None:
    """Every case runs on a few deals, one round, and the table has a line per case."""
    results = measure(build_cases(80), rounds=1)
    table = format_table(results)
    assert len(table.splitlines()) == 2 + len(results)
    assert "x treys" in table and "x pokerkit OmahaHoldemHand" in table
    assert all(r.rate > 0 for r in results)


def test_board_ranking_deals_are_reproducible_and_in_the_deck() -> None:
    """The same seed gives the same deals; Short-deck deals hold no card below a six."""
    assert make_deals(3, 4) == make_deals(3, 4)
    for hole, board in make_deals(50, 2, short_deck=True):
        assert len(set(hole + board)) == 7 and min(hole + board) >= 16
