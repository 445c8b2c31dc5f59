"""``floorman audit --dask-scheduler ADDRESS`` (issue 13 point 5): the files audited as tasks
on a ``dask.distributed`` cluster (here a LocalCluster on 127.0.0.1) give the single-process
report byte for byte, duplicates screened in the caller in file order. dask is in the test
extra, so CI runs this; it is skipped (with the reason) only where dask is not installed."""

from __future__ import annotations

import json

import pytest

from tests.audit.audit_hands import DRAW_STARS
from tests.audit.test_audit_parallel import run_cli

distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed (pip install 'floorman[dask]')"
)


@pytest.fixture(scope="module")
def scheduler():
    """A LocalCluster on loopback: two worker processes of one thread each."""
    with distributed.LocalCluster(
        host="127.0.0.1",
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=50,
    ) as cluster:
        yield cluster.scheduler_address


def test_a_dask_cluster_reports_the_corpus_exactly_as_one_process(scheduler, corpus_dir):
    """Every verdict of the corpus, in order, and the summary (1,201 hands, the one
    duplicate) as ``--jobs 1`` gives them."""
    alone = run_cli("--jsonl", "--jobs", "1", str(corpus_dir))
    on_cluster = run_cli("--jsonl", "--dask-scheduler", scheduler, str(corpus_dir))
    assert on_cluster[:2] == alone[:2]  # exit status, report (stderr: the in-process
    # scheduler's own log lines)
    summary = json.loads(alone[1].splitlines()[-1])["summary"]
    assert (summary["hands"], summary["duplicates"]) == (1201, 1)


def test_relative_paths_are_read_by_the_workers_and_named_as_given(
    scheduler, tmp_path, monkeypatch
):
    """The workers read each file by its absolute path (their working directory is not the
    caller's); the verdicts name it as given; a copy in the second file is a duplicate."""
    (tmp_path / "a.txt").write_text(DRAW_STARS)
    (tmp_path / "b.txt").write_text(DRAW_STARS)
    monkeypatch.chdir(tmp_path)
    status, out, err = run_cli("--jsonl", "--dask-scheduler", scheduler, "a.txt", "b.txt")
    hands = [json.loads(line) for line in out.splitlines()[:-1]]
    assert [(h["source"], h["status"]) for h in hands] == [
        ("a.txt", "clean"),
        ("b.txt", "duplicate"),
    ]
    assert status == 0 and "error" not in err


def test_an_unreachable_scheduler_is_a_usage_error(tmp_path):
    """Exit 2 and the reason on stderr when no scheduler answers at the address (within
    dask's connect timeout, lowered here to 2 s)."""
    import dask

    (tmp_path / "a.txt").write_text(DRAW_STARS)
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
        status, _, err = run_cli("--dask-scheduler", "tcp://127.0.0.1:9", str(tmp_path))
    assert status == 2
    assert err.startswith("floorman audit: error: ")
