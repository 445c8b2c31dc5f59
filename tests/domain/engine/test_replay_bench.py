"""Smoke test of the corpus replay benchmark (bench/replay_bench.py): it runs and tabulates.

No speed is asserted here (figures belong in BENCHMARKS.md); the corpus is
``<repo>/../shared/corpus`` and the test skips when it is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.replay_bench import ALL, CONTENDERS, EXCLUDED, format_table, load_hands, run_replay_bench

CORPUS_PHH = Path(__file__).resolve().parents[3] / ".." / "shared" / "corpus" / "phh"


def test_replay_bench_measures_every_contender_on_every_seed_variant() -> None:
    """One short round over two hands of each seed variant gives a row per (variant,
    contender), pokerkit's ratio to itself 1.0, and a Markdown table; the hands loaded are
    every variant floorman plays (issue 11: NT, FT, PO, FO/8, NS too)."""
    if not CORPUS_PHH.is_dir():
        pytest.skip(f"PHH corpus not found at {CORPUS_PHH.resolve()}")
    hands = load_hands(CORPUS_PHH)
    assert {hand.variant for hand in hands} == {
        "F7S", "F7S/8", "FR", "NT", "FT", "PO", "FO/8", "NS",
    }  # fmt: skip
    assert sum(hand.variant == "NT" for hand in hands) == 512
    assert not {hand.name for hand in hands} & set(EXCLUDED)
    sample = [h for v in ("F7S", "F7S/8", "FR") for h in [x for x in hands if x.variant == v][:2]]
    rows = run_replay_bench(rounds=1, min_seconds=0.0, hands=sample)
    assert [(row.variant, row.contender) for row in rows] == [
        (variant, contender) for variant in ("F7S", "F7S/8", "FR", ALL) for contender in CONTENDERS
    ]
    assert all(row.rate > 0 and row.hands == (6 if row.variant == ALL else 2) for row in rows)
    assert [row.vs_pokerkit for row in rows if row.contender.startswith("pokerkit")] == [1.0] * 4
    assert len(format_table(rows).splitlines()) == 2 + len(rows)
