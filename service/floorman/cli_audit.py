"""``floorman audit FILE_OR_DIR...``: audit hand-history files and print what was found.

Progress goes to stderr (a bar redrawn in place, only on a terminal); the report goes to
stdout as the files are audited (nothing of it is held until the end: issue 13 point 4): one
line per finding and one per duplicate hand, then a summary table (hands, clean, with
findings, unverifiable, unsupported, duplicates; findings by rule; hands by format and
game); with ``--json`` one JSON document written hand by hand (``{"hands": [...],
"summary": {...}}``), with ``--jsonl`` one JSON line per hand and the summary
(``{"summary": {...}}``) last. The files of one invocation are one audit run: a hand
repeated in them (same room and hand number) is audited once when the copies are identical
(a duplicate) and flagged ``history.duplicate_hand`` when they differ; the hands met are kept
in a disk index (:mod:`floorman.app.audit_index`). ``--jobs N`` audits the files in N
processes, ``--dask-scheduler ADDRESS`` on a Dask cluster; the report is the same, in the
same order (:mod:`floorman.app.audit_parallel`). Exit status: 0 no hand with findings, 1 a
hand with findings (a file no reader understands is one: ``history.unreadable``; an empty
file or a named device such as ``/dev/null`` is read as an empty document, one too; a file
that cannot be read is one too, with an error on stderr, and the other files go on), or no
hand history found at all (an empty directory, or one holding only files that are not hand
histories: a warning on stderr), 2 bad usage (an unknown option or log level, a path that
does not exist, an unreachable Dask scheduler or dask not installed).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # the audit modules load only when the command runs
    from floorman.app.audit import AuditSummary, Runner
    from floorman.domain.audit import HandAudit

EXIT_CLEAN = 0
EXIT_FOUND = 1
EXIT_USAGE = 2
BAR_WIDTH = 30

EPILOG = """\
Formats read: PHH (.phh, .phhs), Open Hand History JSON, PokerStars and Full Tilt text.
Other rooms' formats (iPoker, Merge, OnGame, Bovada ...) are recognised and their hands
counted as unsupported, never as clean. A directory is searched recursively for .phh, .phhs,
.txt, .json, .jsonl, .ohh, .xml, .hh and .log files; files in it that hold no hand history
(a README) are skipped. Hands whose result depends on unknown cards are "unverifiable".
A hand met twice (same room, same hand number) is audited once when the copies are
identical ("duplicate") and gets the finding history.duplicate_hand when they differ.

--jobs N audits the files in N processes (default: every core), --dask-scheduler ADDRESS
on a Dask cluster (pip install 'floorman[dask]'; the workers must see the same files): the
report is the same, in the same order. The report is written as the files are audited:
--json one document ({"hands": [...], "summary": {...}}), --jsonl one line per hand and
the summary ({"summary": {...}}) last.

Exit status: 0 no hand with findings; 1 a hand with findings (a file no reader understands
counts: history.unreadable; an empty file or /dev/null too; so does a file that cannot be
read: an error on stderr, the other files go on), or no hand history found (an empty
directory: a warning); 2 bad usage (an unknown option or log level, a path that does not
exist, a Dask scheduler that cannot be reached or dask not installed)."""


def add_parser(commands: Any) -> None:
    """Register the ``audit`` subcommand on ``commands`` (an argparse subparsers object)."""
    audit = commands.add_parser(
        "audit",
        help="audit hand-history files: was each hand dealt and paid right?",
        description="Audit hand histories against the house rules (RULES.md).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    audit.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help="files or directories")
    audit.add_argument("--json", action="store_true", help="print one JSON document instead")
    audit.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    audit.add_argument(
        "--jsonl", action="store_true", help="print one JSON line per hand, the summary last"
    )
    audit.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help="audit the files in N processes (default: every available core)",
    )
    audit.add_argument(
        "--dask-scheduler",
        default=None,
        metavar="ADDRESS",
        help="audit the files on this Dask cluster (tcp://host:8786; floorman[dask])",
    )
    audit.add_argument(
        "--log-level",
        default="error",
        metavar="LEVEL",
        help="JSON log lines on stderr from this level (info: one line per finding)",
    )
    audit.__class__ = _AuditParser  # its own usage for an unknown option


class _AuditParser(argparse.ArgumentParser):
    """The ``audit`` subcommand's parser: an unknown option is an error of ``floorman
    audit`` (its usage, exit status 2), not left for the top-level parser (whose usage
    says nothing of the audit options)."""

    def parse_known_args(  # type: ignore[override]
        self, args: Any = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


class ProgressBar:
    """A tiny progress bar on ``stream``, redrawn in place, drawn only when ``stream`` is a
    terminal (issue 13 point 3): a non-terminal stderr (a log, a pipe) gets nothing, so the
    output is the summary alone."""

    def __init__(self, stream: TextIO, *, enabled: bool = True) -> None:
        self.stream = stream
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.enabled = enabled and self.tty
        self.hands = 0
        self.found = 0

    def update(self, done: int, total: int, audits: list[HandAudit]) -> None:
        """Account for one more file (``done`` of ``total``) and its verdicts."""
        from floorman.domain.audit import AuditStatus

        self.hands += len(audits)
        self.found += sum(1 for a in audits if a.status is AuditStatus.FINDINGS)
        if not self.enabled:
            return
        filled = BAR_WIDTH * done // max(total, 1)
        text = (
            f"audit [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} files, "
            f"{self.hands} hands, {self.found} with findings"
        )
        self.stream.write("\r" + text + ("\n" if done == total else ""))
        self.stream.flush()


def _finding_lines(audits: tuple[HandAudit, ...]) -> list[str]:
    from floorman.domain.audit import AuditStatus

    lines = []
    for audit in audits:
        if audit.status is AuditStatus.DUPLICATE:
            lines.append(
                f"{audit.source}:{audit.line}: hand {audit.hand_id or '?'}: duplicate: "
                f"{audit.detail}"
            )
            continue
        if audit.status is not AuditStatus.FINDINGS:
            continue
        game = audit.game.value if audit.game else "unknown game"
        for f in audit.rule_findings:
            where = f"{audit.source}:{f.line or audit.line}"
            values = f" expected {f.expected} actual {f.actual}" if f.expected or f.actual else ""
            event = f" event {f.event_index}" if f.event_index >= 0 else ""
            seat = f" seat {f.seat}" if f.seat else ""
            lines.append(
                f"{where}: hand {audit.hand_id or '?'} ({game}): {f.rule}{event}{seat}"
                f"{values}: {f.message}"
            )
    return lines


def summary_table(summary: AuditSummary, *, files: int, skipped: int) -> str:
    """The summary as a plain-text table."""
    rows = [
        f"files read          {files:>7}"
        + (f"  ({skipped} skipped: no hand history)" if skipped else ""),
        f"hands               {summary.hands:>7}",
        f"  clean             {summary.clean:>7}",
        f"  with findings     {summary.findings:>7}",
        f"  unverifiable      {summary.unverifiable:>7}",
        f"  unsupported       {summary.unsupported:>7}",
        f"  duplicates        {summary.duplicates:>7}",
    ]
    if summary.by_rule:
        rows.append("findings by rule")
        width = max(len(rule) for rule in summary.by_rule)
        rows += [f"  {rule:<{width}}  {n:>7}" for rule, n in summary.by_rule.items()]
    if summary.notes:
        rows.append("informational")
        width = max(len(rule) for rule in summary.notes)
        rows += [f"  {rule:<{width}}  {n:>7}" for rule, n in summary.notes.items()]
    if summary.by_format:
        rows.append(
            f"  {'format':<12} {'game':<22} {'hands':>6} {'clean':>6} {'found':>6} "
            f"{'unverif.':>8} {'unsupp.':>7} {'dupl.':>6}"
        )
        for (fmt, game), counts in summary.by_format.items():
            rows.append(
                f"  {fmt:<12} {game:<22} {sum(counts.values()):>6} {counts.get('clean', 0):>6} "
                f"{counts.get('findings', 0):>6} {counts.get('unverifiable', 0):>8} "
                f"{counts.get('unsupported', 0):>7} {counts.get('duplicate', 0):>6}"
            )
    return "\n".join(rows) + "\n"


def _summary_json(summary: AuditSummary, files: int) -> dict[str, object]:
    return {
        "files": files,
        "hands": summary.hands,
        "clean": summary.clean,
        "findings": summary.findings,
        "unverifiable": summary.unverifiable,
        "unsupported": summary.unsupported,
        "duplicates": summary.duplicates,
        "findings_by_rule": dict(summary.by_rule),
        "informational_by_rule": dict(summary.notes),
    }


def _hand_json(a: HandAudit) -> dict[str, object]:
    from floorman.domain.audit import format_name

    return {
        "source": a.source,
        "hand_id": a.hand_id,
        "format": a.format.value,
        "format_name": format_name(a.format),
        "game": a.game.value if a.game else None,
        "status": a.status.value,
        "line": a.line,
        "detail": a.detail,
        "findings": [
            {
                "rule": f.rule,
                "message": f.message,
                "event_index": f.event_index,
                "seat": f.seat,
                "expected": f.expected,
                "actual": f.actual,
                "line": f.line,
                "informational": f.informational,
            }
            for f in a.findings
        ],
    }


class Report:
    """The text report on ``stream``, written as verdicts come: finding and duplicate lines
    at once, the summary table at the end (after a blank line when lines came)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.lines = 0

    def hands(self, audits: list[HandAudit]) -> None:
        """Report one file's verdicts."""
        lines = _finding_lines(tuple(audits))
        if lines:
            self.stream.write("\n".join(lines) + "\n")
            self.lines += len(lines)

    def end(self, summary: AuditSummary, *, files: int, skipped: int) -> None:
        """Write the summary."""
        if self.lines:
            self.stream.write("\n")
        self.stream.write(summary_table(summary, files=files, skipped=skipped))


class JsonReport(Report):
    """``--json``: one JSON document, ``{"hands": [...], "summary": {...}}``, written hand by
    hand (one compact line per hand) so it is never held in memory whole."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__(stream)
        stream.write('{\n  "hands": [')

    def hands(self, audits: list[HandAudit]) -> None:
        for audit in audits:
            self.stream.write(
                ("," if self.lines else "") + "\n    " + json.dumps(_hand_json(audit))
            )
            self.lines += 1

    def end(self, summary: AuditSummary, *, files: int, skipped: int) -> None:
        summary_text = json.dumps(_summary_json(summary, files), indent=2).replace("\n", "\n  ")
        self.stream.write(("\n  " if self.lines else "") + '],\n  "summary": ' + summary_text)
        self.stream.write("\n}\n")


class JsonLinesReport(Report):
    """``--jsonl``: one JSON object per line, a hand each, then ``{"summary": {...}}``."""

    def hands(self, audits: list[HandAudit]) -> None:
        for audit in audits:
            self.stream.write(json.dumps(_hand_json(audit)) + "\n")

    def end(self, summary: AuditSummary, *, files: int, skipped: int) -> None:
        self.stream.write(json.dumps({"summary": _summary_json(summary, files)}) + "\n")


def _runner(args: argparse.Namespace, files: int) -> tuple[Runner | None, Any]:
    """Where the files are audited, and what to close afterwards (``None``, ``None``: here).

    Raises:
        DaskUnavailableError, OSError: the Dask scheduler cannot be used.
    """
    from floorman.app import audit_parallel

    if args.dask_scheduler:
        dask = audit_parallel.DaskRunner(args.dask_scheduler)
        return dask, dask
    jobs = audit_parallel.available_cores() if args.jobs is None else args.jobs
    jobs = min(jobs, files)
    if jobs <= 1:
        return None, None
    return audit_parallel.ProcessRunner(jobs), None


def run_audit(args: argparse.Namespace, *, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``floorman audit``; returns the exit status."""
    from floorman.app.audit import (
        AuditService,
        SummaryCounter,
        iter_audit_files,
        iter_history_files,
    )
    from floorman.app.audit_index import DiskHandRegistry
    from floorman.app.audit_parallel import DaskUnavailableError
    from floorman.config import LOG_LEVELS
    from floorman.observability.logging import StandardStream, configure_logging

    if args.log_level not in LOG_LEVELS:
        stderr.write(f"floorman audit: error: unknown log level {args.log_level!r}\n")
        return EXIT_USAGE
    if args.json and args.jsonl:
        stderr.write("floorman audit: error: --json and --jsonl exclude each other\n")
        return EXIT_USAGE
    if args.jobs is not None and args.jobs < 1:
        stderr.write("floorman audit: error: --jobs must be at least 1\n")
        return EXIT_USAGE
    # The process's own stderr is looked up at each line (StandardStream), so a logger left
    # configured after this call never writes to a stream swapped out and closed since.
    log_stream = StandardStream("stderr") if stderr is sys.stderr else stderr
    configure_logging(level=args.log_level, stream=log_stream)
    paths = [Path(p) for p in args.paths]
    try:
        total = sum(1 for _ in iter_history_files(paths))  # a walk that keeps no list
        runner, closing = _runner(args, total)
    except (DaskUnavailableError, OSError) as error:  # a missing path, an unusable scheduler
        stderr.write(f"floorman audit: error: {error}\n")
        return EXIT_USAGE
    bar = ProgressBar(stderr, enabled=not args.no_progress)
    report = (JsonReport if args.json else JsonLinesReport if args.jsonl else Report)(stdout)
    counter = SummaryCounter()
    files = skipped = 0
    try:
        with DiskHandRegistry() as hands:
            for file in iter_audit_files(
                iter_history_files(paths),
                total=total,
                service=AuditService(),
                runner=runner,
                hands=hands,
                on_file=lambda done, total, _path, audits: bar.update(done, total, audits),
            ):
                if file.error:
                    stderr.write(f"floorman audit: error: {file.error}\n")
                if file.skipped:
                    skipped += 1
                    continue
                files += 1
                for audit in file.audits:
                    counter.add(audit)
                report.hands(file.audits)
    finally:
        if closing is not None:
            closing.close()
    summary = counter.summary()
    report.end(summary, files=files, skipped=skipped)
    if not summary.hands:
        where = ", ".join(args.paths)
        stderr.write(f"floorman audit: warning: no hand histories found in {where}\n")
        return EXIT_FOUND
    return EXIT_FOUND if summary.findings else EXIT_CLEAN


def main(args: argparse.Namespace) -> int:
    """Entry point used by :mod:`floorman.cli`."""
    return run_audit(args, stdout=sys.stdout, stderr=sys.stderr)
