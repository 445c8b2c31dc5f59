"""``floorman audit FILE_OR_DIR...``: audit hand-history files and print what was found.

Progress goes to stderr (a bar redrawn in place on a terminal, a line per tenth of the work
otherwise); the report goes to stdout: one line per finding and one per duplicate hand,
then a summary table (hands, clean, with findings, unverifiable, unsupported, duplicates;
findings by rule; hands by format and game), or with ``--json`` one JSON document. The files
of one invocation are one audit run: a hand repeated in them (same room and hand number) is
audited once when the copies are identical (a duplicate) and flagged
``history.duplicate_hand`` when they differ. Exit status: 0 no hand with findings, 1 a hand
with findings (a file no reader understands is one: ``history.unreadable``; an empty file or
a named device such as ``/dev/null`` is read as an empty document, one too), a file that
cannot be read, or no hand history found at all (an empty directory, or one holding only
files that are not hand histories: a warning on stderr), 2 bad usage (an unknown option or
log level, a path that does not exist).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # the audit modules load only when the command runs
    from floorman.app.audit import AuditSummary
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

Exit status: 0 no hand with findings; 1 a hand with findings (a file no reader understands
counts: history.unreadable; an empty file or /dev/null too), a file that cannot be read, or
no hand history found (an empty directory: a warning); 2 bad usage (an unknown option or
log level, a path that does not exist)."""


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


def _json_report(audits: tuple[HandAudit, ...], summary: AuditSummary, files: int) -> str:
    from floorman.domain.audit import format_name

    document = {
        "summary": {
            "files": files,
            "hands": summary.hands,
            "clean": summary.clean,
            "findings": summary.findings,
            "unverifiable": summary.unverifiable,
            "unsupported": summary.unsupported,
            "duplicates": summary.duplicates,
            "findings_by_rule": dict(summary.by_rule),
            "informational_by_rule": dict(summary.notes),
        },
        "hands": [
            {
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
            for a in audits
        ],
    }
    return json.dumps(document, indent=2) + "\n"


def run_audit(args: argparse.Namespace, *, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``floorman audit``; returns the exit status."""
    from floorman.app.audit import AuditService, AuditSummary, audit_paths
    from floorman.config import LOG_LEVELS
    from floorman.observability.logging import configure_logging

    if args.log_level not in LOG_LEVELS:
        stderr.write(f"floorman audit: error: unknown log level {args.log_level!r}\n")
        return EXIT_USAGE
    configure_logging(level=args.log_level, stream=stderr)
    bar = ProgressBar(stderr, enabled=not args.no_progress)
    try:
        result = audit_paths(
            [Path(p) for p in args.paths],
            service=AuditService(),
            on_file=lambda done, total, _path, audits: bar.update(done, total, audits),
        )
    except FileNotFoundError as error:
        stderr.write(f"floorman audit: error: {error}\n")
        return EXIT_USAGE
    except OSError as error:
        stderr.write(f"floorman audit: error: {error}\n")
        return EXIT_FOUND
    summary = AuditSummary.of(result.audits)
    if args.json:
        stdout.write(_json_report(result.audits, summary, len(result.files)))
    else:
        lines = _finding_lines(result.audits)
        if lines:
            stdout.write("\n".join(lines) + "\n\n")
        stdout.write(summary_table(summary, files=len(result.files), skipped=len(result.skipped)))
    if not result.audits:
        where = ", ".join(args.paths)
        stderr.write(f"floorman audit: warning: no hand histories found in {where}\n")
        return EXIT_FOUND
    return EXIT_FOUND if summary.findings else EXIT_CLEAN


def main(args: argparse.Namespace) -> int:
    """Entry point used by :mod:`floorman.cli`."""
    return run_audit(args, stdout=sys.stdout, stderr=sys.stderr)
