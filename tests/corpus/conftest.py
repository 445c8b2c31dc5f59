"""Corpus fixtures: where ``../shared/corpus`` is, and a summary of what the corpus tests checked.

Tests that read the corpus take ``corpus_dir``; it skips (with the reason) when the folder is
absent. A test may attach a one-line summary with ``record_property("corpus_summary", text)``;
the lines are printed at the end of the run, also under pytest-xdist (user properties travel
with the reports to the controller).
"""

from __future__ import annotations

from pathlib import Path

import pytest

CORPUS_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
SUMMARY_PROPERTY = "corpus_summary"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """``<repo>/../shared/corpus``; skips the test when that folder is absent."""
    if not CORPUS_DIR.is_dir():
        pytest.skip(f"hand-history corpus not found at {CORPUS_DIR.resolve()}")
    return CORPUS_DIR.resolve()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print every ``corpus_summary`` property the corpus tests recorded."""
    lines = [
        f"{report.nodeid}: {value}"
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
        if getattr(report, "when", "call") == "call"
        for name, value in getattr(report, "user_properties", ())
        if name == SUMMARY_PROPERTY
    ]
    if lines:
        terminalreporter.section("hand-history corpus")
        for line in lines:
            terminalreporter.write_line(line)
