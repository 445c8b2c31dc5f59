"""Hand-history documents: recognise the format, split the hands, audit each one.

:func:`detect_format` names a document's format from its text; :func:`read_document` turns
it into records to audit (PHH, Open Hand History JSON, PokerStars, Full Tilt, Bovada,
Everleaf, OnGame, Winamax and PartyPoker text, Merge XML) or into
finished verdicts: hands in a format the audit does not read are counted one by one as
UNSUPPORTED (never as clean), hands of games floorman does not play likewise, and text no
reader understands is a FINDINGS verdict with ``history.unreadable`` and the line.
:func:`audit_document` does both steps: every hand is audited, an identical copy of a
hand already met in the run is reported as a DUPLICATE verdict instead (an altered copy is
audited and flagged, :mod:`~floorman.domain.audit.duplicates`), and each verdict's report is
bounded (:mod:`~floorman.domain.audit.caps`). It is two steps that may run apart:
:func:`audit_hands` audits a document alone (in any process: no run state), and
:func:`settle` screens each result against the run's :class:`HandRegistry`, in document
order, where the run is kept; so a parallel audit gives the verdicts of a sequential one.
Pure: text in, verdicts out; every step is linear in the document's size.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from floorman.domain.audit.auditor import audit_hand
from floorman.domain.audit.caps import capped
from floorman.domain.audit.duplicates import HandMark, HandRegistry
from floorman.domain.audit.findings import (
    UNREADABLE_RULE,
    AuditFinding,
    AuditStatus,
    HandAudit,
    SourceFormat,
    ordered,
    verdict,
)
from floorman.domain.audit.from_phh import looks_like_phh, phh_records
from floorman.domain.audit.from_pokerstars import stars_records
from floorman.domain.audit.from_rooms import boss_records, ipoker_records, kingsclub_records
from floorman.domain.audit.recorded import RecordedHand
from floorman.domain.history.absolute import parse_absolute
from floorman.domain.history.boss import looks_like_boss, parse_boss
from floorman.domain.history.bovada import parse_bovada
from floorman.domain.history.everleaf import parse_everleaf
from floorman.domain.history.full_tilt import looks_like_full_tilt, parse_full_tilt
from floorman.domain.history.ipoker import looks_like_ipoker, parse_ipoker
from floorman.domain.history.kingsclub import parse_kingsclub
from floorman.domain.history.merge import parse_merge
from floorman.domain.history.ongame import parse_ongame
from floorman.domain.history.partypoker import parse_partypoker
from floorman.domain.history.pokerstars import parse_file
from floorman.domain.history.pokerstars_header import HEADER as STARS_HEADER
from floorman.domain.history.winamax import parse_winamax
from floorman.domain.history.winning import parse_winning

_FORMAT_NAMES: Final = {
    SourceFormat.PHH: "PHH",
    SourceFormat.OHH: "Open Hand History JSON",
    SourceFormat.POKERSTARS: "PokerStars text",
    SourceFormat.FULL_TILT: "Full Tilt text",
    SourceFormat.IPOKER: "iPoker XML",
    SourceFormat.MERGE: "Merge XML",
    SourceFormat.ONGAME: "OnGame text",
    SourceFormat.BOVADA: "Bovada text",
    SourceFormat.WINAMAX: "Winamax text",
    SourceFormat.WINNING: "Winning Poker Network text",
    SourceFormat.EVERLEAF: "Everleaf text",
    SourceFormat.PARTYPOKER: "PartyPoker text",
    SourceFormat.KINGSCLUB: "KingsClub text",
    SourceFormat.ABSOLUTE: "Absolute text",
    SourceFormat.BOSS: "Boss XML",
}
_HAND_STARTS: Final[dict[SourceFormat, re.Pattern[str]]] = {
    SourceFormat.IPOKER: re.compile(r"<game\s+gamecode=\"(?P<id>[^\"]*)\""),
    SourceFormat.MERGE: re.compile(r"<game\s+id=\"(?P<id>[^\"]*)\""),
    SourceFormat.BOSS: re.compile(r"<HISTORY\s+ID=\"(?P<id>[^\"]*)\""),
    SourceFormat.ONGAME: re.compile(r"(?m)^\*{5} History for hand (?P<id>\S+) \*{5}"),
    SourceFormat.BOVADA: re.compile(r"(?m)^\ufeff?(?:Bovada|Bodog|Ignition) Hand #(?P<id>\d+)"),
    SourceFormat.WINAMAX: re.compile(r"(?m)^\ufeff?Winamax Poker - .*?HandId: #(?P<id>[\d-]+)"),
    SourceFormat.WINNING: re.compile(r"(?m)^\ufeff?(?:Game ID: (?P<id>\d+)|Hand #(?P<id2>\d+) - )"),
    SourceFormat.EVERLEAF: re.compile(r"(?m)^\ufeff?Everleaf Gaming Game #(?P<id>\d+)"),
    SourceFormat.PARTYPOKER: re.compile(r"(?m)^\*{5} Hand History for Game (?P<id>\d+) \*{5}"),
    SourceFormat.KINGSCLUB: re.compile(r"(?m)^\ufeff?#(?P<id>\d+): \w+ "),
    SourceFormat.ABSOLUTE: re.compile(r"(?m)^\ufeff?Stage #(?P<id>\d+):"),
}


def _looks_like_ohh(text: str) -> bool:
    return text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") and '"ohh"' in text


def _looks_like_pokerstars(text: str) -> bool:
    return any(STARS_HEADER.match(line.lstrip("\ufeff")) for line in text.splitlines()[:50])


_DETECT: Final[tuple[tuple[SourceFormat, Callable[[str], object]], ...]] = (
    (SourceFormat.PHH, looks_like_phh),
    (SourceFormat.OHH, _looks_like_ohh),
    (SourceFormat.POKERSTARS, _looks_like_pokerstars),
    (SourceFormat.FULL_TILT, looks_like_full_tilt),
    (SourceFormat.IPOKER, looks_like_ipoker),
    (SourceFormat.MERGE, lambda text: "<description type=" in text),
    (SourceFormat.BOSS, looks_like_boss),
    *(
        (fmt, _HAND_STARTS[fmt].search)
        for fmt in (
            SourceFormat.ONGAME,
            SourceFormat.BOVADA,
            SourceFormat.WINAMAX,
            SourceFormat.EVERLEAF,
            SourceFormat.PARTYPOKER,
            SourceFormat.ABSOLUTE,
            SourceFormat.WINNING,
            SourceFormat.KINGSCLUB,
        )
    ),
)


def detect_format(text: str) -> SourceFormat:
    """The format of a hand-history document (UNKNOWN when no format is recognised)."""
    for fmt, test in _DETECT:
        if test(text):
            return fmt
    return SourceFormat.UNKNOWN


def format_name(fmt: SourceFormat) -> str:
    """A readable name of ``fmt``."""
    return _FORMAT_NAMES.get(fmt, fmt.value)


def read_document(
    text: str, *, source: str, format: SourceFormat | None = None
) -> list[RecordedHand | HandAudit]:
    """The hands of one document, each a record to audit or a finished verdict.

    Args:
        text: the document, decoded.
        source: its name (file name or label), copied into every result.
        format: the format when the caller knows it; ``None`` detects it.

    Returns:
        Records and verdicts in document order. Never raises for bad input: text no reader
        understands (an empty document too) is one FINDINGS verdict (``history.unreadable``,
        line 1); a document in
        a format the audit does not read gives one UNSUPPORTED verdict per hand it holds.
    """
    fmt = detect_format(text) if format is None else format
    reader = _READERS.get(fmt)
    if reader is not None:
        found: list[RecordedHand | HandAudit] = reader(text, source)
    elif fmt in _HAND_STARTS:
        found = list(_unsupported(text, source, fmt))
    else:
        found = []
    if not found:
        if not text.strip("\ufeff \t\r\n\x00"):
            message = "the document is empty: no hand history to audit"
        else:
            what = "no hand found" if fmt is not SourceFormat.UNKNOWN else "unrecognised format"
            message = f"{what}: not a hand history floorman reads"
        found = [_unreadable(source, fmt, message, 1)]
    return found


@dataclass(frozen=True, slots=True)
class PendingAudit:
    """One hand audited without its run (:func:`audit_hands`), waiting for :func:`settle`.

    Attributes:
        audit: the verdict; final (capped) when ``mark`` is ``None``, else as audited,
            before the run's duplicate screening and the cap.
        mark: what the run's registry screens (``None``: a record with no identity or
            digest, or a finished verdict such as an unsupported hand).
    """

    audit: HandAudit
    mark: HandMark | None = None


def audit_hands(
    text: str, *, source: str, format: SourceFormat | None = None
) -> list[PendingAudit]:
    """Audit every hand of a document on its own: the first step of :func:`audit_document`,
    which needs nothing of the run (a worker process can do it).

    Args:
        text: the document, decoded.
        source: its name, copied into every verdict.
        format: the format when the caller knows it; ``None`` detects it.

    Returns:
        One :class:`PendingAudit` per hand in document order. Never raises for bad input
        (see :func:`audit_document`).
    """
    try:
        items = read_document(text, source=source, format=format)
    except Exception as error:  # input must never crash the audit
        return [PendingAudit(_unreadable(source, _detected(text, format), _failure(error), 1))]
    out = []
    for item in items:
        if isinstance(item, HandAudit):
            out.append(PendingAudit(capped(item)))
            continue
        audit = _audit_guarded(item)
        if item.identity and item.digest:
            out.append(PendingAudit(audit, HandMark.of(item)))
        else:
            out.append(PendingAudit(capped(audit)))
    return out


def settle(pending: PendingAudit, hands: HandRegistry) -> HandAudit:
    """The final verdict of one hand of :func:`audit_hands`: screened against the run's
    registry (call it in document order, documents in run order): an identical copy of a
    hand met before becomes a DUPLICATE verdict, a hand number met before with other
    content gets ``history.duplicate_hand``; then capped."""
    if pending.mark is None:
        return pending.audit
    seen = hands.screen(pending.mark)
    if isinstance(seen, HandAudit):
        return seen
    audit = pending.audit if seen is None else _with_finding(pending.audit, seen)
    return capped(audit)


def audit_document(
    text: str,
    *,
    source: str,
    format: SourceFormat | None = None,
    hands: HandRegistry | None = None,
) -> list[HandAudit]:
    """Audit every hand of a document (see :func:`read_document` and
    :func:`~floorman.domain.audit.auditor.audit_hand`): :func:`settle` of each hand of
    :func:`audit_hands`.

    Args:
        text: the document, decoded.
        source: its name, copied into every verdict.
        format: the format when the caller knows it; ``None`` detects it.
        hands: the hands met so far in the run (several documents of one request or one
            CLI invocation share it); default: a new one for this document.

    Returns:
        One verdict per hand in document order: an identical copy of a hand met before is
        a DUPLICATE verdict (reported instead of its audit); a hand number met before with
        other content is audited and carries ``history.duplicate_hand``. Each verdict lists
        at most :data:`~floorman.domain.audit.caps.MAX_FINDINGS_PER_HAND` findings. Never
        raises for bad input: a hand (or document) that fails to read or audit in an
        unforeseen way is a FINDINGS verdict with ``history.unreadable``.
    """
    registry = HandRegistry() if hands is None else hands
    return [settle(p, registry) for p in audit_hands(text, source=source, format=format)]


def _with_finding(audit: HandAudit, finding: AuditFinding) -> HandAudit:
    """``audit`` with one more rule finding first (its status then FINDINGS)."""
    findings = ordered([finding, *audit.findings])
    return replace(audit, findings=findings, status=verdict(findings, unverifiable=False))


def _detected(text: str, format: SourceFormat | None) -> SourceFormat:
    """The format a failed document is reported in: the one given, else the one detected
    (UNKNOWN when detection fails too)."""
    if format is not None:
        return format
    try:
        return detect_format(text)
    except Exception:  # input must never crash the audit
        return SourceFormat.UNKNOWN


def _failure(error: Exception) -> str:
    """A plain account of an unforeseen failure: never a Python exception name or message
    (those speak of the code, not of the record)."""
    if isinstance(error, RecursionError):
        reason = "it is nested too deeply to read"
    elif isinstance(error, MemoryError):
        reason = "it is too large to read"
    else:
        reason = "its structure is not one the reader understands"
    return f"the record could not be audited: {reason}"


def _audit_guarded(hand: RecordedHand) -> HandAudit:
    """:func:`audit_hand`, with an unexpected failure on odd input reported as a finding
    (``history.unreadable`` at the hand's line), never raised."""
    try:
        return audit_hand(hand)
    except Exception as error:  # input must never crash the audit
        unreadable = _unreadable(hand.source, hand.format, _failure(error), hand.line or 1)
        return replace(unreadable, hand_id=hand.hand_id, game=hand.config.game)


def _unreadable(source: str, fmt: SourceFormat, message: str, line: int) -> HandAudit:
    return HandAudit(
        source=source,
        hand_id="",
        format=fmt,
        game=None,
        status=AuditStatus.FINDINGS,
        findings=(AuditFinding(rule=UNREADABLE_RULE, message=message, line=line),),
        line=line,
    )


def _unsupported(text: str, source: str, fmt: SourceFormat) -> list[HandAudit]:
    """One UNSUPPORTED verdict per hand of a format the audit does not read (lines counted
    in one pass)."""
    out = []
    line, previous = 1, 0
    for match in _HAND_STARTS[fmt].finditer(text):
        ids = [v for k, v in match.groupdict().items() if v]
        line += text.count("\n", previous, match.start())
        previous = match.start()
        out.append(
            HandAudit(
                source=source,
                hand_id=ids[0] if ids else "",
                format=fmt,
                game=None,
                status=AuditStatus.UNSUPPORTED,
                line=line,
                detail=f"{format_name(fmt)} is not a format the audit reads",
            )
        )
    return out


def _ohh(text: str, source: str) -> list[RecordedHand | HandAudit]:
    from floorman.domain.audit.from_ohh import ohh_records

    return list(ohh_records(text, source=source))


Reader = Callable[[str, str], list[RecordedHand | HandAudit]]
"""A format's reader: ``(text, source) -> records and verdicts in document order``; never
raises for bad input (see :func:`read_document`)."""

_READERS: Final[dict[SourceFormat, Reader]] = {
    SourceFormat.PHH: lambda text, source: list(phh_records(text, source=source)),
    SourceFormat.OHH: _ohh,
    SourceFormat.POKERSTARS: lambda text, source: stars_records(parse_file(text), source=source),
    SourceFormat.FULL_TILT: lambda text, source: stars_records(
        parse_full_tilt(text), source=source, format=SourceFormat.FULL_TILT
    ),
    SourceFormat.BOVADA: lambda text, source: stars_records(
        parse_bovada(text), source=source, format=SourceFormat.BOVADA
    ),
    SourceFormat.MERGE: lambda text, source: stars_records(
        parse_merge(text), source=source, format=SourceFormat.MERGE
    ),
    SourceFormat.EVERLEAF: lambda text, source: stars_records(
        parse_everleaf(text), source=source, format=SourceFormat.EVERLEAF
    ),
    SourceFormat.ONGAME: lambda text, source: stars_records(
        parse_ongame(text), source=source, format=SourceFormat.ONGAME
    ),
    SourceFormat.WINAMAX: lambda text, source: stars_records(
        parse_winamax(text), source=source, format=SourceFormat.WINAMAX
    ),
    SourceFormat.PARTYPOKER: lambda text, source: stars_records(
        parse_partypoker(text), source=source, format=SourceFormat.PARTYPOKER
    ),
    SourceFormat.IPOKER: lambda text, source: ipoker_records(parse_ipoker(text), source=source),
    SourceFormat.BOSS: lambda text, source: boss_records(parse_boss(text), source=source),
    SourceFormat.ABSOLUTE: lambda text, source: stars_records(
        parse_absolute(text), source=source, format=SourceFormat.ABSOLUTE
    ),
    SourceFormat.KINGSCLUB: lambda text, source: kingsclub_records(
        parse_kingsclub(text), source=source
    ),
    SourceFormat.WINNING: lambda text, source: stars_records(
        parse_winning(text), source=source, format=SourceFormat.WINNING
    ),
}
"""The formats the audit reads, each one entry: a new room's reader is one module and one
line here (its hand-start pattern in ``_HAND_STARTS`` then only counts hands before it)."""
