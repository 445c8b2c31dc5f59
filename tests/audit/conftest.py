"""Audit test fixtures: the corpus folder, hand blocks of room text files, summary lines.

``corpus_dir`` is ``<repo>/../shared/corpus`` and skips the test (with the reason) when the
folder is absent. A test may attach a one-line summary with
``record_property("audit_summary", text)``; the lines are printed at the end of the run (also
under pytest-xdist, where user properties travel with the reports).
"""

from __future__ import annotations

from pathlib import Path

import pytest

CORPUS_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
SUMMARY_PROPERTY = "audit_summary"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """``<repo>/../shared/corpus``; skips the test when that folder is absent."""
    if not CORPUS_DIR.is_dir():
        pytest.skip(f"hand-history corpus not found at {CORPUS_DIR.resolve()}")
    return CORPUS_DIR.resolve()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print every ``audit_summary`` property the audit tests recorded."""
    lines = [
        f"{report.nodeid}: {value}"
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
        if getattr(report, "when", "call") == "call"
        for name, value in getattr(report, "user_properties", ())
        if name == SUMMARY_PROPERTY
    ]
    if lines:
        terminalreporter.section("hand-history audit")
        for line in lines:
            terminalreporter.write_line(line)
