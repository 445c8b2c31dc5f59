"""Racing writers: threads on every backend, processes ("replicas") on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from floorman.store import DuplicateRequest, SequenceMismatch, open_store

CHILD = Path(__file__).with_name("store_child.py")


def _new_table(url: str, table_id: str = "race") -> None:
    with open_store(url) as store:
        store.create_table(
            table_id, settings="{}", events=[], request_id="create", fingerprint="c", response=b""
        )


def test_threads_racing_on_one_expected_sequence_get_one_success(store):
    """N threads appending at the same expected_sequence: one succeeds, N-1 SequenceMismatch."""
    store.create_table("t", settings="{}", events=[], request_id="c", fingerprint="c", response=b"")
    threads_count, rounds = 8, 15
    for round_no in range(rounds):
        barrier = threading.Barrier(threads_count)
        outcomes: list[object] = [None] * threads_count

        def attempt(index: int, round_no: int = round_no, barrier=barrier, outcomes=outcomes):
            barrier.wait()
            try:
                outcomes[index] = store.append(
                    "t",
                    expected_sequence=round_no,
                    events=[json.dumps({"round": round_no, "thread": index})],
                    request_id=f"r{round_no}-t{index}",
                    fingerprint="f",
                    response=str(index).encode(),
                )
            except SequenceMismatch as exc:
                outcomes[index] = exc

        workers = [threading.Thread(target=attempt, args=(i,)) for i in range(threads_count)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        wins = [o for o in outcomes if not isinstance(o, SequenceMismatch)]
        losses = [o for o in outcomes if isinstance(o, SequenceMismatch)]
        assert len(wins) == 1
        assert wins[0].sequence == round_no + 1
        assert len(losses) == threads_count - 1
        assert {loss.current_sequence for loss in losses} == {round_no + 1}
    events = store.read_events("t")
    assert [e.sequence for e in events] == list(range(1, rounds + 1))
    assert [json.loads(e.payload)["round"] for e in events] == list(range(rounds))


def test_threads_retrying_one_request_apply_it_once(store):
    """Concurrent retries of one request id: one append, every other call gets its answer."""
    store.create_table("t", settings="{}", events=[], request_id="c", fingerprint="c", response=b"")
    threads_count = 8
    barrier = threading.Barrier(threads_count)
    outcomes: list[object] = [None] * threads_count

    def attempt(index: int) -> None:
        barrier.wait()
        try:
            outcomes[index] = store.append(
                "t",
                expected_sequence=0,
                events=['{"bet": 200}'],
                request_id="same",
                fingerprint="f",
                response=b"first answer",
            )
        except DuplicateRequest as exc:
            outcomes[index] = exc

    workers = [threading.Thread(target=attempt, args=(i,)) for i in range(threads_count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    duplicates = [o for o in outcomes if isinstance(o, DuplicateRequest)]
    assert len(duplicates) == threads_count - 1
    assert {d.response for d in duplicates} == {b"first answer"}
    assert [e.sequence for e in store.read_events("t")] == [1]


def test_threads_appending_in_a_loop_leave_no_gap_or_duplicate(store):
    """Threads looping read-current/append claim each sequence exactly once, none lost."""
    store.create_table("t", settings="{}", events=[], request_id="c", fingerprint="c", response=b"")
    threads_count, per_thread = 6, 25
    claimed: list[tuple[int, int, int]] = []
    lock = threading.Lock()

    def work(worker: int) -> None:
        done = 0
        while done < per_thread:
            current = store.current_sequence("t")
            try:
                result = store.append(
                    "t",
                    expected_sequence=current,
                    events=[json.dumps({"w": worker, "n": done})],
                    request_id=f"w{worker}-{done}",
                    fingerprint="f",
                    response=b"",
                )
            except SequenceMismatch:
                continue
            with lock:
                claimed.append((result.sequence, worker, done))
            done += 1

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads_count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    total = threads_count * per_thread
    assert sorted(seq for seq, _, _ in claimed) == list(range(1, total + 1))
    events = {e.sequence: json.loads(e.payload) for e in store.read_events("t")}
    assert sorted(events) == list(range(1, total + 1))
    for sequence, worker, n in claimed:
        assert events[sequence] == {"w": worker, "n": n}


def _race_processes(url: str, workers: int, count: int) -> list[tuple[str, int, int]]:
    procs = [
        subprocess.Popen(
            [sys.executable, str(CHILD), "race", url, "race", f"p{i}", str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(workers)
    ]
    for proc in procs:
        assert proc.stdout.readline() == "ready\n"
    for proc in procs:  # start together so that they really race
        proc.stdin.write("go\n")
        proc.stdin.flush()
    claims, conflicts = [], []
    for i, proc in enumerate(procs):
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        for line in out.splitlines():
            if line.startswith("ok "):
                _, sequence, n = line.split()
                claims.append((f"p{i}", int(sequence), int(n)))
            elif line.startswith("done "):
                conflicts.append(int(line.split()[1]))
    print("conflicts per process:", conflicts)
    return claims


def test_two_processes_racing_on_one_table_never_collide(durable_url):
    """Two replicas (processes) racing on one table: each sequence claimed once, gap-free."""
    _new_table(durable_url)
    count = 40
    claims = _race_processes(durable_url, 2, count)
    assert sorted(seq for _, seq, _ in claims) == list(range(1, 2 * count + 1))
    with open_store(durable_url) as store:
        events = {e.sequence: json.loads(e.payload) for e in store.read_events("race")}
    assert sorted(events) == list(range(1, 2 * count + 1))
    for worker, sequence, n in claims:
        assert events[sequence] == {"worker": worker, "n": n}


@pytest.mark.postgres
def test_replicas_alternating_on_one_postgres_table_land_in_order(postgres_url):
    """Writes alternating between two store instances (replicas) land in call order."""
    first, second = open_store(postgres_url), open_store(postgres_url)
    try:
        first.create_table(
            "t", settings="{}", events=[], request_id="c", fingerprint="c", response=b""
        )
        for n in range(20):
            replica = (first, second)[n % 2]
            replica.append(
                "t",
                expected_sequence=n,
                events=[json.dumps({"n": n})],
                request_id=f"r{n}",
                fingerprint="f",
                response=b"",
            )
        events = second.read_events("t")
        assert [json.loads(e.payload)["n"] for e in events] == list(range(20))
        with pytest.raises(DuplicateRequest):
            first.append(
                "t",
                expected_sequence=0,
                events=['{"n": 1}'],
                request_id="r1",
                fingerprint="f",
                response=b"",
            )
    finally:
        first.close()
        second.close()
