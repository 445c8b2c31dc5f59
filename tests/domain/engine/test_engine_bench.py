"""Smoke test of the engine-step benchmark (bench/engine_bench.py): it runs and tabulates,
and its long hand is what the benchmark says it is.

No speed is asserted here (figures belong in BENCHMARKS.md); the corpus is
``<repo>/../shared/corpus`` and the test skips when it is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.engine_bench import (
    CORPUS_CONTENDERS,
    POKERKIT,
    _states_before_actions,
    first_call_from,
    format_tables,
    long_hand,
    run_engine_bench,
)
from bench.replay_bench import load_hands
from floorman.domain.engine import replay, settle_hand
from floorman.domain.model import Action, ActionType, Deal

CORPUS_PHH = Path(__file__).resolve().parents[3] / ".." / "shared" / "corpus" / "phh"


def test_long_hand__a_legal_stud_hand_past_action_120_with_calls_to_time() -> None:
    """The long hand replays to its showdown: 195 events (42 deals, 153 actions), and the
    first CALL at or after actions 5, 40, 80 and 120 are actions 5, 40, 81 and 121."""
    config, events = long_hand()
    assert (len(events), sum(isinstance(e, Deal) for e in events)) == (195, 42)
    state = replay(config, events)
    assert state.complete
    result = settle_hand(state)
    assert sum(result.final_stacks.values()) == 7 * 10**9
    steps = _states_before_actions(config, events)
    assert len(steps) == 153
    picked = [first_call_from(steps, k) for k in (5, 40, 80, 120)]
    assert picked == [5, 40, 81, 121]
    assert all(steps[n - 1][2].type is ActionType.CALL for n in picked)
    assert isinstance(steps[0][2], Action)


def test_engine_bench__measures_every_contender_and_step() -> None:
    """One short round over a few corpus hands: a row per contender (pokerkit 1.0 against
    itself), a row per timed step, and two Markdown tables."""
    if not CORPUS_PHH.is_dir():
        pytest.skip(f"PHH corpus not found at {CORPUS_PHH.resolve()}")
    hands = load_hands(CORPUS_PHH)[:6]
    corpus, steps = run_engine_bench(rounds=1, min_seconds=0.0, hands=hands, actions=(5, 40))
    assert [row.contender for row in corpus] == list(CORPUS_CONTENDERS)
    assert all(row.hands == 6 and row.us_per_hand > 0 for row in corpus)
    assert [row.vs_pokerkit for row in corpus if row.contender == POKERKIT] == [1.0]
    assert [(row.action, row.kind) for row in steps] == [(5, "call"), (40, "call")]
    assert all(row.apply_us > 0 and row.apply_menu_us > 0 for row in steps)
    lines = format_tables(corpus, steps).splitlines()
    assert len(lines) == 2 + len(corpus) + 1 + 2 + len(steps)
