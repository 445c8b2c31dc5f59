"""Log lines follow the process's current standard stream (DESIGN.md "Logs").

A logger configured with the default stream keeps working after ``sys.stdout`` is swapped
and the old one closed (a test's capture ends, a daemon redirects its output): it writes to
the stream in place at each line, never to the closed one.
"""

from __future__ import annotations

import io
import json
import logging
import sys

import pytest

from floorman.observability.logging import StandardStream, configure_logging, get_logger


def test_the_default_stream_is_looked_up_at_each_line(monkeypatch: pytest.MonkeyPatch) -> None:
    first = io.StringIO()
    monkeypatch.setattr(sys, "stdout", first)
    configure_logging(level="info")
    try:
        get_logger().info("one")
        first.close()
        second = io.StringIO()
        monkeypatch.setattr(sys, "stdout", second)
        get_logger().info("two")
        logging.getLogger("grpc").warning("three")
        events = [json.loads(line)["event"] for line in second.getvalue().splitlines()]
        assert events == ["two", "three"]
    finally:
        configure_logging(level="warning", stream=io.StringIO())


def test_standard_stream_writes_to_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    stream = StandardStream("stderr")
    assert stream.write("line\n") == 5
    stream.flush()
    assert err.getvalue() == "line\n"


def test_standard_stream_names_only_stdout_or_stderr() -> None:
    with pytest.raises(ValueError, match="stdout"):
        StandardStream("stdin")
