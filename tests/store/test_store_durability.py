"""Crash durability: SIGKILL a writer mid-burst; every acknowledged event survives, once."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from floorman.store import open_store

CHILD = Path(__file__).with_name("store_child.py")


def _kill_mid_burst(url: str, table_id: str, acks_before_kill: int) -> list[int]:
    """Run the append loop, SIGKILL it after ``acks_before_kill`` acks; all acked sequences."""
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), "append-loop", url, table_id],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    acked: list[int] = []
    try:
        for line in proc.stdout:
            acked.append(int(line.split()[1]))
            if len(acked) >= acks_before_kill:
                os.kill(proc.pid, signal.SIGKILL)
                break
        # Lines written before the kill were acknowledged too: drain the pipe.
        acked += [int(line.split()[1]) for line in proc.stdout]
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        stderr = proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL, stderr
    return acked


def test_sigkill_mid_burst_loses_and_duplicates_nothing(durable_url):
    """After SIGKILLs mid-burst, every acked event is there once and the log is gap-free."""
    with open_store(durable_url) as store:
        store.create_table(
            "crash", settings="{}", events=[], request_id="c", fingerprint="c", response=b""
        )
    all_acked: list[int] = []
    for burst in (60, 97, 131):
        acked = _kill_mid_burst(durable_url, "crash", burst)
        assert acked == sorted(acked)
        assert len(acked) >= burst
        all_acked += acked
        with open_store(durable_url) as store:
            events = store.read_events("crash")
            sequence = store.current_sequence("crash")
        assert [e.sequence for e in events] == list(range(1, sequence + 1))
        assert set(all_acked) <= {e.sequence for e in events}
        assert sequence - all_acked[-1] <= 1  # at most the one write in flight at the kill
        for event in events:
            assert json.loads(event.payload) == {"i": event.sequence}
            assert event.request_id == f"crash-{event.sequence}"
    assert len(all_acked) == len(set(all_acked))


def test_a_full_sqlite_store_refuses_the_write_keeps_reading_and_resumes(tmp_path):
    """Issue 16 point 2, store level: a process past its file-size limit (RLIMIT_FSIZE; the
    interpreter ignores SIGXFSZ, so the write fails with EFBIG) gets StoreFull from the
    append that needs room, with may_have_landed True (it failed in COMMIT); reads still
    work; with the limit raised the retry with the same request id appends once; the file
    passes integrity_check and the log is gap-free."""
    url = f"sqlite:///{tmp_path / 'full.db'}"
    with open_store(url) as store:
        store.create_table(
            "t1", settings="{}", events=[], request_id="c", fingerprint="c", response=b""
        )
    done = subprocess.run(
        [sys.executable, str(CHILD), "fill", url, "t1", str(64 * 1024)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    full, read, ack = done.stdout.split("\n")[:3]
    _, sequence, landed, kind = full.split()
    assert int(sequence) >= 3 and (landed, kind) == ("True", "StoreFull")
    assert read == f"read {sequence}"
    assert ack == f"ack {int(sequence) + 1}"
    with open_store(url) as store:
        events = store.read_events("t1")
        assert [e.sequence for e in events] == list(range(1, int(sequence) + 2))
        assert [json.loads(e.payload)["fill"] for e in events] == [e.sequence for e in events]
    with sqlite3.connect(tmp_path / "full.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
