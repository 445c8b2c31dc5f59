"""Audit at scale (issue 13 points 3, 4): ``floorman audit``'s peak memory over 1x, 10x and
100x the corpus, and the ``--jobs 2`` speed-up over ``--jobs 1``.

The corpus (``../shared/corpus``: PHH, PokerStars, Full Tilt and the other rooms' files) is
copied N times into a temporary folder, each copy with new hand numbers (a PHH ``hand = 61``
becomes ``hand = 7000000061`` in copy 7; every other hand number the audit reports, five
characters or more, gets the copy's three digits appended wherever it stands alone), so a
copy's hands are new hands, not duplicates: N copies must give N times the corpus' counts
(hands, clean, findings, unsupported, duplicates: the corpus' one duplicate once per copy),
which the section checks before it reports anything.

* **Memory**: ``floorman audit --json --no-progress --jobs J`` on 1, 10 and 100 copies, its
  peak RSS from ``os.wait4`` (the child's own ``ru_maxrss``), the report written to a file.
  Flat means the 100x run peaks where the 1x run does.
* **Speed-up**: ``--jobs 1`` and ``--jobs 2`` on the 10x copies, rounds interleaved (1, 2,
  1, 2 ...), median wall time of each; hands audited per second and the ratio. This is the
  whole command (start-up, reading, the parent's screening and report), not the audit alone.
  Beside it, the speed-up the measured CPU seconds allow on two idle cores (see
  :func:`speedup`): on a machine shared with other sessions the wall ratio says little.

Run: ``python -m bench.audit_scale [--scales 1,10,100] [--rounds 3] [--memory-jobs 1]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from floorman.app.audit import decode_history, history_files
from floorman.domain.audit import SourceFormat, audit_document

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
FLOORMAN = Path(sys.executable).with_name("floorman")
_PHH_HAND = re.compile(r"(?m)^(hand\s*=\s*)(\d+)")
SAMPLE_SECONDS = 0.05
COUNTED = ("hands", "clean", "findings", "unverifiable", "unsupported", "duplicates")


def hand_ids(text: str, source: str) -> set[str]:
    """The hand numbers worth renumbering in one document (five characters or more)."""
    return {
        a.hand_id
        for a in audit_document(text, source=source)
        if len(a.hand_id) >= 5 and a.format is not SourceFormat.PHH
    }


def renumbered(text: str, ids: set[str], copy: int) -> str:
    """``text`` with every hand number of copy ``copy`` made new (copy 0: unchanged)."""
    if copy == 0:
        return text
    suffix = f"{copy:03d}"
    text = _PHH_HAND.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + copy * 10**9}", text)
    if ids:
        pattern = re.compile(
            r"(?<![0-9A-Za-z])("
            + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
            + r")(?![0-9A-Za-z])"
        )
        text = pattern.sub(lambda m: m.group(1) + suffix, text)
    return text


def build_copies(corpus: Path, root: Path, copies: int) -> list[Path]:
    """``copies`` renumbered copies of the corpus under ``root`` (``copy000`` ...), one
    folder each; the files keep their encoding's family (written as UTF-8)."""
    files = [path for path, _ in history_files([corpus])]
    documents = []
    for path in files:
        text = decode_history(path.read_bytes())
        documents.append((path.relative_to(corpus), text, hand_ids(text, str(path))))
    folders = []
    for copy in range(copies):
        folder = root / f"copy{copy:03d}"
        for relative, text, ids in documents:
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(renumbered(text, ids, copy), encoding="utf-8")
        folders.append(folder)
    return folders


class CpuSampler(threading.Thread):
    """CPU seconds of a process and each of its descendants (the ``--jobs`` workers are the
    forkserver's children, never reaped by the command, so ``wait4`` does not count them),
    sampled from ``/proc`` every :data:`SAMPLE_SECONDS` (the last interval of each process
    is missed: a slight undercount)."""

    def __init__(self, root: int) -> None:
        super().__init__(daemon=True)
        self.root = root
        self.cpu: dict[int, float] = {}
        self.done = threading.Event()

    def run(self) -> None:
        tick = os.sysconf("SC_CLK_TCK")
        while not self.done.wait(SAMPLE_SECONDS):
            parents: dict[int, int] = {}
            times: dict[int, float] = {}
            for entry in os.listdir("/proc"):
                if not entry.isdigit():
                    continue
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                fields = stat[stat.rindex(")") + 2 :].split()
                parents[int(entry)] = int(fields[1])
                times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
            for pid, seconds in times.items():
                ancestor = pid
                while ancestor not in (self.root, 0, 1) and ancestor in parents:
                    ancestor = parents[ancestor]
                if ancestor == self.root:
                    self.cpu[pid] = max(self.cpu.get(pid, 0.0), seconds)


def run_audit(
    folders: Sequence[Path], jobs: int, out: Path, cpu: dict[int, float] | None = None
) -> tuple[float, int, dict]:
    """``floorman audit --json`` on ``folders``: (wall seconds, peak RSS in KiB, summary);
    ``cpu`` receives the CPU seconds of the command and of each process it started."""
    command = [str(FLOORMAN), "audit", "--json", "--no-progress", "--jobs", str(jobs)]
    with out.open("wb") as stream:
        started = time.perf_counter()
        child = subprocess.Popen([*command, *map(str, folders)], stdout=stream)
        sampler = CpuSampler(child.pid)
        if cpu is not None:
            sampler.start()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        if cpu is not None:
            sampler.done.set()
            sampler.join()
            cpu.update(sampler.cpu)
    if child.returncode not in (0, 1):
        raise RuntimeError(f"floorman audit exited {child.returncode}")
    with out.open("rb") as stream:  # the summary closes the document: read the tail only
        stream.seek(max(0, out.stat().st_size - 8192))
        tail = stream.read().decode("utf-8")
    summary = json.loads(tail[tail.rindex('"summary": ') + len('"summary": ') : tail.rindex("}")])
    return wall, usage.ru_maxrss, summary


def check_counts(summary: dict, base: dict, copies: int) -> None:
    """N copies give N times every count of one copy (renumbering made new hands)."""
    for key in COUNTED:
        if summary[key] != copies * base[key]:
            raise AssertionError(
                f"{copies} copies: {key} {summary[key]}, expected {copies} x {base[key]}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    """Print peak RSS per scale and the --jobs speed-up."""
    parser = argparse.ArgumentParser(prog="python -m bench.audit_scale", description=__doc__)
    parser.add_argument("--scales", default="1,10,100", help="copies of the corpus to audit")
    parser.add_argument(
        "--rounds", type=int, default=3, help="interleaved speed-up rounds (0: no speed-up)"
    )
    parser.add_argument("--memory-jobs", type=int, default=1, help="--jobs of the memory runs")
    parser.add_argument("--speedup-copies", type=int, default=10, help="copies timed")
    parser.add_argument("--no-memory", action="store_true", help="the speed-up only")
    args = parser.parse_args(argv)
    if not CORPUS.is_dir():
        print(f"corpus not found at {CORPUS.resolve()}: nothing to measure")
        return 0
    scales = sorted({int(s) for s in args.scales.split(",") if s.strip()})
    root = Path(tempfile.mkdtemp(prefix="floorman-audit-scale-"))
    try:
        started = time.perf_counter()
        wanted = [args.speedup_copies] if args.rounds else []
        if not args.no_memory:
            wanted += scales
        folders = build_copies(CORPUS, root / "corpus", max(wanted, default=1))
        took = time.perf_counter() - started
        print(f"{len(folders)} renumbered copies of the corpus in {took:.0f} s")
        out = root / "report.json"
        if not args.no_memory:
            memory(folders, scales, args.memory_jobs, out)
        if args.rounds:
            speedup(folders[: args.speedup_copies], args.rounds, out)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


def memory(folders: Sequence[Path], scales: Sequence[int], jobs: int, out: Path) -> None:
    """Print the peak RSS of ``floorman audit --json`` on each number of copies."""
    base: dict | None = None
    print(f"memory: floorman audit --json --no-progress --jobs {jobs}")
    print(
        f"  {'copies':>6} {'hands':>9} {'dupl.':>6} {'findings':>9} {'wall s':>8} "
        f"{'peak RSS MiB':>13}"
    )
    for scale in scales:
        wall, rss, summary = run_audit(folders[:scale], jobs, out)
        if base is None:
            base = {k: summary[k] // scale for k in COUNTED}
        check_counts(summary, base, scale)
        print(
            f"  {scale:>5}x {summary['hands']:>9,} {summary['duplicates']:>6} "
            f"{summary['findings']:>9,} {wall:>8.1f} {rss / 1024:>13.1f}"
        )


def speedup(timed: Sequence[Path], rounds: int, out: Path) -> None:
    """Print the median wall time of ``--jobs 1`` and ``--jobs 2`` on ``timed``, and the
    speed-up their CPU seconds allow on two idle cores: ``--jobs 1``'s CPU over the longer of
    the busiest ``--jobs 2`` process and half of all ``--jobs 2`` CPU (a figure the other
    users of a shared machine do not move; this kernel shares the CPU between sessions, so
    the extra process of ``--jobs 2`` gains nothing while other sessions fill the cores)."""
    walls: dict[int, list[float]] = {1: [], 2: []}
    bounds: list[float] = []
    shares: list[str] = []
    hands = 0
    load = os.getloadavg()[0]
    for _ in range(rounds):
        cpu: dict[int, dict[int, float]] = {1: {}, 2: {}}
        for jobs in (1, 2):
            wall, _, summary = run_audit(timed, jobs, out, cpu[jobs])
            walls[jobs].append(wall)
            hands = summary["hands"]
        serial = sum(cpu[1].values())
        busiest = sorted(cpu[2].values(), reverse=True)
        bounds.append(serial / max(busiest[0], sum(busiest) / 2))
        shares.append(" + ".join(f"{c:.1f}" for c in busiest if c >= 0.05))
    one, two = statistics.median(walls[1]), statistics.median(walls[2])
    print(
        f"speed-up: {len(timed)} copies ({hands:,} hands), median of {len(walls[1])} "
        "interleaved rounds, whole command"
    )
    for jobs, median in ((1, one), (2, two)):
        spread = f"{min(walls[jobs]):.1f}-{max(walls[jobs]):.1f}"
        rate = hands / median
        print(f"  --jobs {jobs}: {median:6.1f} s  {rate:8,.0f} hands/s  (rounds {spread} s)")
    print(f"  --jobs 2 / --jobs 1 wall: {one / two:.2f}x on {os.cpu_count()} cores")
    print(f"  load average (1 min) before / after: {load:.1f} / {os.getloadavg()[0]:.1f}")
    print(
        f"  CPU-bound speed-up on 2 idle cores: {statistics.median(bounds):.2f}x "
        f"(rounds {min(bounds):.2f}-{max(bounds):.2f}; --jobs 2 CPU s per process, last "
        f"round: {shares[-1]})"
    )


if __name__ == "__main__":
    sys.exit(main())
