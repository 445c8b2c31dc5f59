"""SQLite on a store that turned read-only under writes (issue 16 point 2, the read-only case),
on the real server: while a client writes back to back, the database and its WAL are made
immutable (``chattr +i``: as root a permission change does not bite, and a read-only
remount is refused while the server holds the files open; the ``-shm`` index stays writable,
as SQLite writes it through a shared mapping, where a fault is SIGBUS). Every write then fails
with UNAVAILABLE ``ErrorInfo{reason: "STORE_UNAVAILABLE", metadata: may_have_landed}``
(a commit that failed: its outcome is unknown to the server, so it says so); reads,
the log and RulesService keep answering and the database passes ``PRAGMA
integrity_check``. Once the files are writable again the retry with the same request id goes
through and play goes on; every acknowledged write is in the log once and the replay equals
the served state. Skipped (with the reason) where ``chattr`` is missing or not supported by
the file system of the test's temporary folder."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import grpc
import pytest
from store_faults import Writer, check_log, no_retry_table, play_on, retry_in_flight
from table_client import stub_for

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc


def _files(db: Path) -> list[Path]:
    """The database and its WAL (not the ``-shm`` index: SQLite writes it through a shared
    mapping, and a write fault on an immutable mapped page is SIGBUS, not an error)."""
    return [p for p in (db, Path(f"{db}-wal")) if p.exists()]


def _chattr(flag: str, files: list[Path]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["chattr", flag, *map(str, files)], capture_output=True, text=True, check=False
    )


def _integrity(db: Path) -> str:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]


def test_a_read_only_store_refuses_writes_keeps_reads_and_resumes(server_factory, tmp_path):
    """See the module docstring."""
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed: cannot make the store files immutable")
    probe = tmp_path / "probe"
    probe.write_text("x")
    tried = _chattr("+i", [probe])
    _chattr("-i", [probe])
    if tried.returncode != 0:
        pytest.skip(f"chattr +i is not allowed here: {tried.stderr.strip()}")
    db = tmp_path / "ro.db"
    url = f"sqlite:///{db}"
    server = server_factory("--store", url, "--anonymous-role", "dealer")
    table = no_retry_table(stub_for(server.channel))
    writer = Writer(table, seed=5)
    files = _files(db)
    try:
        writer.start()
        while len(writer.acked) < 5 and writer.error is None:
            writer.stop.wait(0.01)
        assert _chattr("+i", files).returncode == 0
        writer.join()
        error = writer.error
        assert error is not None and error.code() == grpc.StatusCode.UNAVAILABLE, error
        assert error.reason == "STORE_UNAVAILABLE"
        assert error.metadata["may_have_landed"] in ("true", "false")

        served = table.table()  # reads and stateless RPCs keep working
        assert served.sequence >= writer.acked[-1][0] + 1
        assert table.events(0)[-1].sequence == served.sequence
        rules = rpb_grpc.RulesServiceStub(server.channel)
        request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s"])
        assert rules.EvaluateHand(request, timeout=30).low.category
        assert _integrity(db) == "ok"
        assert writer.in_flight is not None
    finally:
        _chattr("-i", files)

    retry_in_flight(writer)  # writable again: the same request id goes through once
    play_on(writer, hands=2)
    check_log(writer, url)
    assert server.stop() == 0
    assert _integrity(db) == "ok"
