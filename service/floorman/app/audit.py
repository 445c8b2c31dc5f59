"""Audit use cases: hand-history documents in, verdicts out, every finding logged and counted.

* :class:`AuditService` audits documents (bytes or text) through
  :mod:`floorman.domain.audit` and reports each finding with :class:`FindingRecorder`.
  An :class:`AuditRun` spans the documents of one request (or one ``floorman audit``): a hand
  repeated anywhere in it is a duplicate (identical) or a ``history.duplicate_hand`` finding
  (altered), and it writes at most :data:`MAX_FINDING_LOG_LINES` ``rule_finding`` lines
  (then one ``rule_findings_suppressed`` line; the metric counts every finding).
* :func:`record_finding` / :class:`FindingRecorder` — the one place a rule finding becomes a
  structlog line (``event="rule_finding"``) and a ``floorman_rule_findings_total{game,rule}``
  increment. Live tables call it for every refused action and settlement discrepancy (with
  ``redact_cards=True`` while the hand runs: DESIGN.md forbids hole cards of an unfinished
  hand in logs).
* :func:`decode_history` — a file's bytes as text (UTF-16 with a byte-order mark, UTF-8 with
  or without one, else Windows-1252).
* :func:`iter_audit_paths` — files and directories (recursively) for ``floorman audit``,
  each file's verdicts as soon as they are settled, in file order, whether the files are
  audited here, in worker processes (``jobs``) or on a Dask cluster
  (:mod:`floorman.app.audit_parallel`); :func:`audit_paths` collects them (small runs).
* :func:`audit_file` — one file read and audited alone (what a worker runs).
* :class:`AuditSummary` / :class:`SummaryCounter` — counts for a summary table, kept in
  bounded memory (:mod:`floorman.app.audit_summary`).
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

from floorman.app.audit_summary import AuditSummary as AuditSummary
from floorman.app.audit_summary import SummaryCounter as SummaryCounter
from floorman.domain.audit import (
    UNREADABLE_RULE,
    AuditFinding,
    AuditStatus,
    HandAudit,
    HandRegistry,
    PendingAudit,
    SourceFormat,
    audit_hands,
    detect_format,
    settle,
)
from floorman.domain.model import Game
from floorman.observability.logging import get_logger
from floorman.observability.metrics import UNKNOWN_GAME_LABEL, Metrics

FINDING_EVENT: Final = "rule_finding"
SUPPRESSED_EVENT: Final = "rule_findings_suppressed"
MAX_FINDING_LOG_LINES: Final = 200
"""``rule_finding`` lines one audit run writes at most (a hostile document must not flood the
logs); ``floorman_rule_findings_total`` still counts every finding."""
HISTORY_SUFFIXES: Final = frozenset(
    {".phh", ".phhs", ".txt", ".json", ".jsonl", ".ohh", ".xml", ".hh", ".log"}
)
"""File name endings a directory is searched for (named files are audited whatever they are)."""
_CARD: Final = re.compile(r"(?<![\w?])(?:10|[2-9TJQKAtjqka])[cdhsCDHS](?![\w])")


class FindingLike(Protocol):
    """Anything with a rule id, a message, a seat and expected/actual values (an audit
    finding, an engine :class:`~floorman.domain.engine.Finding`, a
    :class:`~floorman.domain.errors.RuleViolation`)."""

    rule: str
    message: str
    seat: int
    expected: str
    actual: str


def _redact(text: str) -> str:
    return _CARD.sub("??", text)


@dataclass(frozen=True, slots=True)
class FindingRecorder:
    """Logs and counts rule findings.

    Args:
        metrics: where ``floorman_rule_findings_total`` is counted (``None``: not counted).
        logger: a structlog logger (default: the floorman logger as configured when used).
    """

    metrics: Metrics | None = None
    logger: Any = None

    def record(
        self,
        game: Game | None,
        finding: FindingLike,
        *,
        redact_cards: bool = False,
        log: bool = True,
        **context: object,
    ) -> None:
        """One structlog line (``event="rule_finding"``, level warning for rule findings,
        info for ``card.unknown``) with ``game``, ``rule``, ``seat``, ``event_index``,
        ``line``, ``expected``, ``actual``, ``message`` and ``context`` (``table_id``,
        ``hand_id``, ``source`` ...), and one increment of
        ``floorman_rule_findings_total{game,rule}``.

        Args:
            game: the hand's game (``None``: unknown).
            finding: the finding (see :class:`FindingLike`).
            redact_cards: replace every card in the message and values by ``??`` (a live
                hand: hole cards of an unfinished hand never reach the logs).
            log: False counts the finding without a log line (a run over its log budget).
            context: extra key-values for the log line.
        """
        if self.metrics is not None:
            self.metrics.count_finding(game, finding.rule)
        if not log:
            return
        clean: Callable[[str], str] = _redact if redact_cards else str
        log = self.logger if self.logger is not None else get_logger()
        informational = getattr(finding, "informational", finding.rule == "card.unknown")
        emit = log.info if informational else log.warning
        emit(
            FINDING_EVENT,
            game=game.value if game is not None else UNKNOWN_GAME_LABEL,
            rule=finding.rule,
            seat=finding.seat,
            event_index=getattr(finding, "event_index", -1),
            line=getattr(finding, "line", 0),
            expected=clean(str(finding.expected)),
            actual=clean(str(finding.actual)),
            message=clean(finding.message),
            **context,
        )


def record_finding(
    game: Game | None,
    finding: FindingLike,
    *,
    metrics: Metrics | None = None,
    redact_cards: bool = False,
    **context: object,
) -> None:
    """Log and count one rule finding (see :meth:`FindingRecorder.record`).

    For live tables: call it for every refused action (the
    :class:`~floorman.domain.errors.RuleViolation`) and every settlement discrepancy (the
    engine's ``payout.amount`` :class:`~floorman.domain.engine.Finding`), with the server's
    :class:`~floorman.observability.metrics.Metrics`, ``redact_cards=True`` while the hand
    runs, and ``table_id=..., hand_id=...``.
    """
    FindingRecorder(metrics=metrics).record(game, finding, redact_cards=redact_cards, **context)


def decode_history(data: bytes) -> str:
    """The text of a hand-history file: UTF-16 with a byte-order mark (Full Tilt, Winning),
    UTF-16LE without one when every other byte is NUL, UTF-8 (a byte-order mark dropped),
    else Windows-1252 (Everleaf). Never raises."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16", errors="replace")
    if data.startswith(codecs.BOM_UTF8):
        return data[len(codecs.BOM_UTF8) :].decode("utf-8", errors="replace")
    sample = data[:200]
    if len(sample) >= 4 and sample[1::2].count(0) > len(sample) // 4 and not sample[0::2].count(0):
        return data.decode("utf-16-le", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


@dataclass(slots=True)
class AuditRun:
    """What one audit run (one request or stream, one ``floorman audit``) carries from one
    document to the next; used by one thread at a time.

    Attributes:
        hands: the hands met so far (copies across documents are duplicates).
        log_lines: ``rule_finding`` lines the run may still write.
        suppressed: findings counted but not logged once the budget was spent.
        deferred: True records the findings (log lines, metric) only when the run is
            finished (:meth:`AuditService.finish`), none when it is dropped
            (:meth:`AuditService.drop`): a call refused part-way (a stream over its document
            limit) records nothing. False records each document's findings as it is audited.
        pending: the verdicts audited but not yet recorded (deferred runs; the same objects
            the caller keeps for its answer, so no copy of a document is held).
    """

    hands: HandRegistry = field(default_factory=HandRegistry)
    log_lines: int = MAX_FINDING_LOG_LINES
    suppressed: int = 0
    deferred: bool = False
    pending: list[HandAudit] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class AuditService:
    """The audit use cases (transport-neutral; the gRPC servicer and the CLI call it).

    Args:
        recorder: logs and counts each finding (default: logs only).
    """

    recorder: FindingRecorder = field(default_factory=FindingRecorder)

    def audit_text(
        self,
        text: str,
        *,
        source: str,
        format: SourceFormat | None = None,
        run: AuditRun | None = None,
    ) -> list[HandAudit]:
        """Audit every hand of one document (see
        :func:`floorman.domain.audit.audit_document`); each finding is counted, and logged
        while the run's log budget lasts.

        Args:
            text: the document, decoded.
            source: its name (copied into every verdict and log line).
            format: the format when known; ``None`` detects it.
            run: the run the document belongs to (default: a run of this document alone,
                finished here: see :meth:`finish`).
        """
        alone = run is None
        run = AuditRun() if run is None else run
        audits = self.settle(audit_hands(text, source=source, format=format), run)
        if alone:
            self.finish(run)
        return audits

    def settle(self, pending: Iterable[PendingAudit], run: AuditRun) -> list[HandAudit]:
        """The final verdicts of one document's hands audited alone
        (:func:`~floorman.domain.audit.audit_hands`, here or in a worker): screened against
        the run's hands in order (:func:`~floorman.domain.audit.settle`), then recorded as
        :meth:`audit_text` records them."""
        audits = [settle(p, run.hands) for p in pending]
        if run.deferred:
            run.pending += audits
        else:
            self._record(audits, run)
        return audits

    def _record(self, audits: Iterable[HandAudit], run: AuditRun) -> None:
        """Count every finding of ``audits`` and log it while the run's budget lasts."""
        for audit in audits:
            for finding in audit.findings:
                log = run.log_lines > 0
                if log:
                    run.log_lines -= 1
                else:
                    run.suppressed += 1
                self.recorder.record(
                    audit.game,
                    finding,
                    log=log,
                    source=audit.source,
                    hand_id=audit.hand_id,
                    format=audit.format.value,
                )

    def audit_bytes(
        self,
        data: bytes,
        *,
        source: str,
        format: SourceFormat | None = None,
        run: AuditRun | None = None,
    ) -> list[HandAudit]:
        """:meth:`audit_text` on :func:`decode_history` of ``data``."""
        return self.audit_text(decode_history(data), source=source, format=format, run=run)

    def drop(self, run: AuditRun) -> None:
        """End a refused or failed run: its deferred findings are never logged nor counted
        (see :attr:`AuditRun.deferred`)."""
        run.pending = []

    def finish(self, run: AuditRun) -> None:
        """End a run: record its deferred findings (see :attr:`AuditRun.deferred`), then one
        ``rule_findings_suppressed`` warning (``suppressed``, ``limit``) when findings went
        unlogged."""
        pending, run.pending = run.pending, []
        self._record(pending, run)
        if run.suppressed:
            log = self.recorder.logger if self.recorder.logger is not None else get_logger()
            log.warning(
                SUPPRESSED_EVENT,
                suppressed=run.suppressed,
                limit=MAX_FINDING_LOG_LINES,
                message="more findings than one audit run logs; the metric counts them all",
            )


@dataclass(frozen=True, slots=True)
class PathsAudit:
    """The result of :func:`audit_paths`: every verdict, the files read and the files a
    directory search skipped (no hand history recognised in them)."""

    audits: tuple[HandAudit, ...]
    files: tuple[Path, ...]
    skipped: tuple[Path, ...]


def iter_history_files(paths: Iterable[Path]) -> Iterator[tuple[Path, bool]]:
    """``(file, named)`` for every file to audit, one at a time (memory: one directory
    listing per level of the walk, never the whole list): named files as given (any path
    that exists and is not a directory: a device such as ``/dev/null`` reads as an empty
    document), directories searched recursively for files ending in
    :data:`HISTORY_SUFFIXES`, in the order of ``sorted(directory.rglob("*"))`` (each level
    sorted by name, a directory's files where its name sorts), hidden files and folders left
    out, symbolic links to folders not followed.

    Raises:
        FileNotFoundError: a named path does not exist (checked before anything is yielded).
    """
    paths = list(paths)
    for path in paths:
        if not path.exists():
            raise FileNotFoundError(f"no such file or directory: {path}")
    for path in paths:
        if path.is_dir():
            yield from ((found, False) for found in _walk(path))
        else:  # a file, or a device or pipe named on purpose (/dev/null)
            yield path, True


def _walk(folder: Path) -> Iterator[Path]:
    """The history files under ``folder`` (see :func:`iter_history_files`)."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:  # an unreadable folder holds nothing to list
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = folder / entry.name
        if entry.is_dir(follow_symlinks=False):
            yield from _walk(path)
        elif entry.is_file() and path.suffix.lower() in HISTORY_SUFFIXES:
            yield path


def history_files(paths: Iterable[Path]) -> list[tuple[Path, bool]]:
    """:func:`iter_history_files` as a list.

    Raises:
        FileNotFoundError: a named path does not exist.
    """
    return list(iter_history_files(paths))


MAX_FILE_BYTES: Final = 256 * 1024 * 1024
"""The largest file ``floorman audit`` reads (256 MiB, about a million hands): a larger one,
or a device that never ends (``/dev/zero``), is refused as unreadable rather than read
into memory without end."""


def read_bounded(path: Path, limit: int | None = None) -> bytes:
    """The bytes of ``path``, at most ``limit`` (default :data:`MAX_FILE_BYTES`).

    Raises:
        OSError: the file cannot be read, or holds more than ``limit`` bytes.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    with path.open("rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"{path}: more than {limit} bytes; split it into smaller files")
    return data


@dataclass(frozen=True, slots=True)
class FileAudit:
    """One file audited alone (:func:`audit_file`): its hands before the run's screening.

    Attributes:
        skipped: found by a directory search and holding no hand history (a README).
        pending: the hands (:func:`~floorman.domain.audit.audit_hands`); for a file that
            could not be read or audited, one ``history.unreadable`` verdict saying so.
        error: why the file could not be read or audited (``""``: it was); the CLI prints
            it on stderr.
    """

    skipped: bool = False
    pending: tuple[PendingAudit, ...] = ()
    error: str = ""


def failed_file(source: str, message: str, error: str) -> FileAudit:
    """A file that could not be read or audited: one FINDINGS verdict
    (``history.unreadable``, line 1, ``message``) and ``error`` for stderr."""
    verdict = HandAudit(
        source=source,
        hand_id="",
        format=SourceFormat.UNKNOWN,
        game=None,
        status=AuditStatus.FINDINGS,
        findings=(AuditFinding(rule=UNREADABLE_RULE, message=message, line=1),),
        line=1,
    )
    return FileAudit(pending=(PendingAudit(verdict),), error=error)


def audit_file(path: Path, named: bool, source: str | None = None) -> FileAudit:
    """Read and audit one file alone (no run state: a worker process or a Dask task runs
    it; the run settles the result, :meth:`AuditService.settle`).

    Args:
        path: the file.
        named: named on the command line (always audited) rather than found in a directory
            (skipped when no reader recognises it).
        source: the name its verdicts carry (default: ``str(path)``).

    Returns:
        Never raises for a bad file: one that cannot be read (a permission, a size over
        :data:`MAX_FILE_BYTES`) is a :func:`failed_file`.
    """
    source = str(path) if source is None else source
    try:
        data = read_bounded(path)
    except OSError as error:
        reason = error.strerror or str(error)
        return failed_file(source, f"the file cannot be read: {reason}", str(error))
    text = decode_history(data)
    fmt = detect_format(text)
    if not named and fmt is SourceFormat.UNKNOWN:
        return FileAudit(skipped=True)
    return FileAudit(pending=tuple(audit_hands(text, source=source, format=fmt)))


Job = tuple[Path, bool]
"""A file to audit and whether it was named (see :func:`iter_history_files`)."""
Runner = Callable[[Iterable[Job]], Iterator[tuple[Job, FileAudit]]]
"""Audits ``(file, named)`` pairs with :func:`audit_file` somewhere (here, worker processes,
a cluster) and yields each with its :class:`FileAudit`, in the files' order, never raising
for a bad file (:mod:`floorman.app.audit_parallel`); it reads the files lazily (a bounded
number ahead)."""


def audit_file_guarded(path: Path, named: bool, source: str | None = None) -> FileAudit:
    """:func:`audit_file`, with an unforeseen failure reported as the file's
    ``history.unreadable`` verdict (a bad file never stops the others)."""
    try:
        return audit_file(path, named, source)
    except Exception as error:  # a bad file never stops the others
        name = str(path) if source is None else source
        return failed_file(name, "the file could not be audited", f"{name}: {error!r}")


def audit_here(files: Iterable[Job]) -> Iterator[tuple[Job, FileAudit]]:
    """The :data:`Runner` of ``--jobs 1``: every file in this process, one after the other."""
    for job in files:
        yield job, audit_file_guarded(*job)


@dataclass(frozen=True, slots=True)
class AuditedFile:
    """One file's final verdicts, from :func:`iter_audit_paths`."""

    path: Path
    skipped: bool
    audits: list[HandAudit]
    error: str = ""


def iter_audit_paths(
    paths: Iterable[Path],
    *,
    service: AuditService | None = None,
    runner: Runner | None = None,
    hands: HandRegistry | None = None,
    on_file: Callable[[int, int, Path, list[HandAudit]], None] | None = None,
) -> Iterator[AuditedFile]:
    """:func:`iter_audit_files` of :func:`history_files` of ``paths``.

    Raises:
        FileNotFoundError: a named path does not exist (before any file is audited).
    """
    files = history_files(paths)
    return iter_audit_files(
        files, total=len(files), service=service, runner=runner, hands=hands, on_file=on_file
    )


def iter_audit_files(
    files: Iterable[Job],
    *,
    total: int,
    service: AuditService | None = None,
    runner: Runner | None = None,
    hands: HandRegistry | None = None,
    on_file: Callable[[int, int, Path, list[HandAudit]], None] | None = None,
) -> Iterator[AuditedFile]:
    """Audit files (``(file, named)``, :func:`history_files`), one :class:`AuditedFile` at a
    time in file order (memory
    flat in the number of hands when ``hands`` is a disk index:
    :class:`~floorman.app.audit_index.DiskHandRegistry`).

    A file found by searching a directory whose text no reader recognises (a README, a
    licence) is skipped; a file named explicitly is always audited (an unrecognised one is a
    ``history.unreadable`` finding). The files are one :class:`AuditRun`: a hand repeated in
    several files is audited once (or flagged when the copies differ), screened here in file
    order whoever audited the files, so every runner gives the verdicts of :func:`audit_here`.
    A file that cannot be read or audited is one ``history.unreadable`` verdict (and
    :attr:`AuditedFile.error`); the other files go on.

    Args:
        files: the files, each with whether it was named (always audited) or found in a
            directory (skipped when it holds no hand history); read lazily
            (:func:`iter_history_files`).
        total: how many files there are (for ``on_file``).
        service: the audit use cases (default: one that logs only).
        runner: where files are audited (default :func:`audit_here`).
        hands: the run's registry (default: a new in-memory one).
        on_file: called after each file with ``(done, total, path, verdicts)`` (progress).
    """
    service = AuditService() if service is None else service
    run = AuditRun(hands=HandRegistry() if hands is None else hands)
    results = (audit_here if runner is None else runner)(files)
    for done, ((path, _), result) in enumerate(results, start=1):
        audits = [] if result.skipped else service.settle(result.pending, run)
        if on_file is not None:
            on_file(done, total, path, audits)
        yield AuditedFile(path=path, skipped=result.skipped, audits=audits, error=result.error)
    service.finish(run)


def audit_paths(
    paths: Iterable[Path],
    *,
    service: AuditService | None = None,
    runner: Runner | None = None,
    on_file: Callable[[int, int, Path, list[HandAudit]], None] | None = None,
) -> PathsAudit:
    """:func:`iter_audit_paths` collected: every verdict in memory (small runs, tests; the
    CLI streams instead).

    Raises:
        FileNotFoundError: a named path does not exist.
    """
    audits: list[HandAudit] = []
    read: list[Path] = []
    skipped: list[Path] = []
    for file in iter_audit_paths(paths, service=service, runner=runner, on_file=on_file):
        (skipped if file.skipped else read).append(file.path)
        audits += file.audits
    return PathsAudit(audits=tuple(audits), files=tuple(read), skipped=tuple(skipped))
