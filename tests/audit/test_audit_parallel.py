"""``floorman audit --jobs N``, the streamed report and the disk index (issue 13 points 3, 4):
N worker processes give the report of ``--jobs 1`` byte for byte and in the same order
(duplicates screened in the parent, in file order); ``--json`` is one document written hand
by hand, ``--jsonl`` a line per hand and the summary last; a file that cannot be read or
kills its worker is one ``history.unreadable`` verdict and the other files go on. The
corpus runs once per module (a fixture); no test here times anything."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from floorman.app.audit_index import DiskHandRegistry
from floorman.app.audit_parallel import STOPPED, ProcessRunner
from floorman.cli import main
from floorman.domain.audit import (
    DUPLICATE_HAND_RULE,
    UNREADABLE_RULE,
    AuditStatus,
    FirstCopy,
    HandMark,
    HandRegistry,
    SourceFormat,
)
from tests.audit.audit_hands import DRAW_STARS, STUD_PHH
from tests.audit.dying_worker import dying_task

ALTERED = DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.99 from pot")


def run_cli(*argv: str) -> tuple[int, str, str]:
    """``floorman audit ARGV`` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["audit", "--no-progress", *argv])
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def corpus_runs(corpus_dir: Path) -> dict[str, tuple[int, str, str]]:
    """The corpus audited once with ``--jobs 1`` and once with ``--jobs 2`` (``--jsonl``)."""
    return {jobs: run_cli("--jsonl", "--jobs", jobs, str(corpus_dir)) for jobs in ("1", "2")}


def test_jobs_2_reports_the_corpus_exactly_as_jobs_1(corpus_runs):
    """Issue 13 point 3: every verdict, finding and duplicate of the corpus in the same
    order, the same summary (1,201 hands, one duplicate: PokerStars hand 35874676388 in two
    files, screened in the parent in file order), the same exit status."""
    one, two = corpus_runs["1"], corpus_runs["2"]
    assert two == one
    status, out, err = one
    lines = [json.loads(line) for line in out.splitlines()]
    summary = lines[-1]["summary"]
    assert status == 1 and err == ""
    assert (summary["hands"], summary["duplicates"]) == (1201, 1)
    assert len(lines) == summary["hands"] + 1
    (copy,) = [h for h in lines[:-1] if h["status"] == "duplicate"]
    assert copy["hand_id"] == "35874676388"


@pytest.fixture
def repeated(tmp_path: Path) -> Path:
    """Five files: a hand, an identical copy, a stud hand, an altered copy, another copy."""
    for name, text in (
        ("a.txt", DRAW_STARS),
        ("b.txt", DRAW_STARS),
        ("c.phh", STUD_PHH),
        ("d.txt", ALTERED),
        ("e.txt", DRAW_STARS),
    ):
        (tmp_path / name).write_text(text)
    return tmp_path


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_duplicates_are_found_through_the_disk_index_under_jobs(repeated, jobs):
    """history.duplicate_hand (docs/rules.md "Every hand is audited"): with the disk index
    and N workers, identical copies are DUPLICATE verdicts naming the first copy, the
    altered copy is audited and flagged, whatever process audited which file."""
    status, out, _ = run_cli("--jsonl", "--jobs", jobs, str(repeated))
    hands = [json.loads(line) for line in out.splitlines()[:-1]]
    assert [(Path(h["source"]).name, h["status"]) for h in hands] == [
        ("a.txt", "clean"),
        ("b.txt", "duplicate"),
        ("c.phh", "clean"),
        ("d.txt", "findings"),
        ("e.txt", "duplicate"),
    ]
    assert f"{repeated / 'a.txt'}:1" in hands[1]["detail"]
    assert hands[3]["findings"][0]["rule"] == DUPLICATE_HAND_RULE
    assert status == 1


def test_json_is_one_document_written_hand_by_hand(repeated):
    """``--json`` (the before-stop hook reads its ``summary``): one valid document, a compact
    line per hand inside ``"hands"``, the summary after the hands."""
    status, out, _ = run_cli("--json", "--jobs", "2", str(repeated))
    document = json.loads(out)
    assert list(document) == ["hands", "summary"]
    assert document["summary"]["hands"] == 5 and document["summary"]["duplicates"] == 2
    assert document["summary"]["files"] == 5
    lines = out.splitlines()
    assert lines[:2] == ["{", '  "hands": [']
    assert [json.loads(line.strip().rstrip(",")) for line in lines[2:7]] == document["hands"]
    assert status == 1


def test_jsonl_and_json_exclude_each_other(repeated):
    """Bad usage, exit 2: both report shapes at once, or ``--jobs 0``."""
    assert run_cli("--json", "--jsonl", str(repeated))[0] == 2
    assert run_cli("--jobs", "0", str(repeated))[0] == 2


def test_a_file_that_cannot_be_read_never_stops_the_others(tmp_path):
    """README "floorman audit" exit status 1: ``/proc/self/mem`` (a read fails with EIO, as
    root too) between two hands is one ``history.unreadable`` verdict with the reason and an
    error on stderr; the files around it are audited, in order, under ``--jobs 2``."""
    (tmp_path / "a.txt").write_text(DRAW_STARS)
    (tmp_path / "c.phh").write_text(STUD_PHH)
    status, out, err = run_cli(
        "--jsonl", "--jobs", "2", str(tmp_path / "a.txt"), "/proc/self/mem", str(tmp_path / "c.phh")
    )
    hands = [json.loads(line) for line in out.splitlines()[:-1]]
    assert [h["status"] for h in hands] == ["clean", "findings", "clean"]
    assert hands[1]["source"] == "/proc/self/mem"
    (finding,) = hands[1]["findings"]
    assert finding["rule"] == UNREADABLE_RULE
    assert finding["message"] == "the file cannot be read: Input/output error"
    assert err.startswith("floorman audit: error: [Errno 5] Input/output error")
    assert status == 1


def test_a_file_that_kills_its_worker_is_reported_and_the_run_goes_on(tmp_path):
    """A worker process that dies (``os._exit`` in tests/audit/dying_worker.py, standing for
    a crash or the out-of-memory killer) breaks the pool: the files then in flight are
    audited again one per process, the one that kills its process is its own
    ``history.unreadable`` verdict, every other file gets its verdict, in order."""
    names = [f"{i:02}.txt" for i in range(6)]
    names.insert(3, "die.txt")
    for number, name in enumerate(names, start=3000):  # distinct hand numbers: no duplicates
        (tmp_path / name).write_text(DRAW_STARS.replace("#1001", f"#{number}"))
    runner = ProcessRunner(2, window=2, task=dying_task)
    jobs = [(tmp_path / name, True) for name in names]
    pairs = list(runner(jobs))
    assert [job for job, _ in pairs] == jobs
    results = [result for _, result in pairs]
    statuses = [[p.audit.status for p in r.pending] for r in results]
    assert statuses[3] == [AuditStatus.FINDINGS]
    assert results[3].pending[0].audit.findings[0].rule == UNREADABLE_RULE
    assert results[3].error.endswith(STOPPED)
    assert all(s == [AuditStatus.CLEAN] for i, s in enumerate(statuses) if i != 3)


def _mark(identity: str, digest: str, source: str, line: int = 1) -> HandMark:
    return HandMark(identity, digest, source, line, identity, SourceFormat.POKERSTARS, None)


def test_the_disk_index_screens_exactly_as_the_memory_registry():
    """The disk index (SQLite in a temporary file) gives the in-memory registry's answer
    for first copies, identical copies, altered copies and hands without an identity."""
    marks = [
        _mark("p:1", "x", "a.txt"),
        _mark("p:2", "y", "a.txt", 30),
        _mark("p:1", "x", "b.txt"),
        _mark("p:1", "z", "c.txt"),
        _mark("p:1", "z", "d.txt"),
        _mark("", "x", "d.txt"),
        _mark("p:2", "y", "e.txt"),
    ]
    memory = HandRegistry()
    with DiskHandRegistry() as disk:
        assert [disk.screen(m) for m in marks] == [memory.screen(m) for m in marks]
        assert len(disk) == len(memory) == 2
        assert disk.versions("p:1") == [("x", FirstCopy("a.txt", 1)), ("z", FirstCopy("c.txt", 1))]


def test_the_progress_bar_and_the_text_report_are_those_of_jobs_1(repeated):
    """Issue 13 point 3: on a terminal, ``--jobs 2`` draws the bar of ``--jobs 1`` file by
    file (the parent counts each file as its verdicts arrive, in order), and the text report
    (finding lines, then the summary table) is the same."""
    from floorman.cli import build_parser
    from floorman.cli_audit import run_audit

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    seen = {}
    for jobs in ("1", "2"):
        out, err = io.StringIO(), Tty()
        args = build_parser().parse_args(["audit", "--jobs", jobs, str(repeated)])
        seen[jobs] = (run_audit(args, stdout=out, stderr=err), out.getvalue(), err.getvalue())
    assert seen["2"] == seen["1"]
    status, out, bar = seen["1"]
    assert bar.count("\r") == 5
    assert bar.endswith("] 5/5 files, 5 hands, 1 with findings\n")
    assert "  duplicates              2" in out and status == 1
