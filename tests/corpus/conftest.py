"""Corpus fixtures: where ``../shared/corpus`` is, and a summary of what the corpus tests checked.

Tests that read the corpus take ``corpus_dir``; it skips (with the reason) when the folder is
absent. A test may attach a one-line summary with ``record_property("corpus_summary", text)``;
the lines are printed at the end of the run, also under pytest-xdist (user properties travel
with the reports to the controller).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.corpus import corpus_dir_or_skip, write_summaries

SUMMARY_PROPERTY = "corpus_summary"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """``<repo>/../shared/corpus``; skips the test when that folder is absent."""
    return corpus_dir_or_skip()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print every ``corpus_summary`` property the tests here recorded."""
    write_summaries(terminalreporter, property_name=SUMMARY_PROPERTY, title="hand-history corpus")
