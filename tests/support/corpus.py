"""The hand-history corpus for tests: where ``<repo>/../shared/corpus`` is, and the summary
lines corpus tests attach with ``record_property(<name>, text)``.

Used by the ``corpus_dir`` fixtures and ``pytest_terminal_summary`` hooks of the test packages
that read the corpus (``tests/corpus``, ``tests/audit``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

CORPUS_DIR: Final = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"


def corpus_dir_or_skip() -> Path:
    """``<repo>/../shared/corpus`` resolved; skips the calling test when that folder is absent."""
    if not CORPUS_DIR.is_dir():
        pytest.skip(f"hand-history corpus not found at {CORPUS_DIR.resolve()}")
    return CORPUS_DIR.resolve()


def write_summaries(
    terminalreporter: pytest.TerminalReporter, *, property_name: str, title: str
) -> None:
    """Print, in a section named ``title``, every ``property_name`` user property the passed
    and failed tests recorded (also under pytest-xdist, where user properties travel with the
    reports to the controller)."""
    lines = [
        f"{report.nodeid}: {value}"
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
        if getattr(report, "when", "call") == "call"
        for name, value in getattr(report, "user_properties", ())
        if name == property_name
    ]
    if lines:
        terminalreporter.section(title)
        for line in lines:
            terminalreporter.write_line(line)
