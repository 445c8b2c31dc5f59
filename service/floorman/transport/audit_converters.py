"""Protobuf <-> domain for ``floorman.v1.AuditService`` (the only audit code touching pb2)."""

from __future__ import annotations

from typing import Final

from floorman.app.audit import AuditSummary
from floorman.domain.audit import (
    AuditFinding,
    AuditStatus,
    HandAudit,
    SourceFormat,
    format_name,
)
from floorman.domain.errors import InvalidArgument
from floorman.transport.converters import GAME_TO_PB, unknown_enum
from floorman.v1 import audit_service_pb2 as apb

FORMAT_FROM_PB: Final[dict[int, SourceFormat | None]] = {
    apb.AUDIT_FORMAT_UNSPECIFIED: None,
    apb.AUDIT_FORMAT_PHH: SourceFormat.PHH,
    apb.AUDIT_FORMAT_OPEN_HAND_HISTORY: SourceFormat.OHH,
    apb.AUDIT_FORMAT_POKERSTARS: SourceFormat.POKERSTARS,
    apb.AUDIT_FORMAT_FULL_TILT: SourceFormat.FULL_TILT,
    apb.AUDIT_FORMAT_BOVADA: SourceFormat.BOVADA,
    apb.AUDIT_FORMAT_MERGE: SourceFormat.MERGE,
    apb.AUDIT_FORMAT_EVERLEAF: SourceFormat.EVERLEAF,
    apb.AUDIT_FORMAT_ONGAME: SourceFormat.ONGAME,
    apb.AUDIT_FORMAT_WINAMAX: SourceFormat.WINAMAX,
    apb.AUDIT_FORMAT_PARTYPOKER: SourceFormat.PARTYPOKER,
    apb.AUDIT_FORMAT_IPOKER: SourceFormat.IPOKER,
    apb.AUDIT_FORMAT_BOSS: SourceFormat.BOSS,
    apb.AUDIT_FORMAT_WINNING: SourceFormat.WINNING,
    apb.AUDIT_FORMAT_KINGSCLUB: SourceFormat.KINGSCLUB,
    apb.AUDIT_FORMAT_ABSOLUTE: SourceFormat.ABSOLUTE,
}
"""The formats a request may name: those the audit reads (a new reader adds its line)."""
_OTHER_FORMATS_TO_PB: Final = {
    SourceFormat.IPOKER: apb.AUDIT_FORMAT_IPOKER,
    SourceFormat.BOVADA: apb.AUDIT_FORMAT_BOVADA,
    SourceFormat.MERGE: apb.AUDIT_FORMAT_MERGE,
    SourceFormat.EVERLEAF: apb.AUDIT_FORMAT_EVERLEAF,
    SourceFormat.ONGAME: apb.AUDIT_FORMAT_ONGAME,
    SourceFormat.BOSS: apb.AUDIT_FORMAT_BOSS,
    SourceFormat.PARTYPOKER: apb.AUDIT_FORMAT_PARTYPOKER,
    SourceFormat.WINAMAX: apb.AUDIT_FORMAT_WINAMAX,
    SourceFormat.WINNING: apb.AUDIT_FORMAT_WINNING,
    SourceFormat.KINGSCLUB: apb.AUDIT_FORMAT_KINGSCLUB,
    SourceFormat.ABSOLUTE: apb.AUDIT_FORMAT_ABSOLUTE,
}
"""Formats reported by their own value in answers even before the audit reads them."""
_FORMAT_TO_PB: Final = {
    **_OTHER_FORMATS_TO_PB,
    **{fmt: number for number, fmt in FORMAT_FROM_PB.items() if fmt},
}
STATUS_TO_PB: Final = {
    AuditStatus.CLEAN: apb.AUDIT_STATUS_CLEAN,
    AuditStatus.FINDINGS: apb.AUDIT_STATUS_FINDINGS,
    AuditStatus.UNVERIFIABLE: apb.AUDIT_STATUS_UNVERIFIABLE,
    AuditStatus.UNSUPPORTED: apb.AUDIT_STATUS_UNSUPPORTED,
    AuditStatus.DUPLICATE: apb.AUDIT_STATUS_DUPLICATE,
}


def format_from_pb(number: int, *, field: str) -> SourceFormat | None:
    """The format a request names (``None``: detect it).

    Raises:
        InvalidArgument: AUDIT_FORMAT_OTHER or an unknown number (only the formats the audit
            reads may be named).
    """
    if number not in FORMAT_FROM_PB:
        known = number in apb.AuditFormat.values()
        problem = (
            f"{apb.AuditFormat.Name(number)} is not a format the audit reads (leave it unspecified)"
            if known
            else unknown_enum(number, "AuditFormat")
        )
        raise InvalidArgument.single(field, "", problem)
    return FORMAT_FROM_PB[number]


def format_to_pb(fmt: SourceFormat) -> int:
    """The contract's format for a domain format (AUDIT_FORMAT_OTHER for the others)."""
    return _FORMAT_TO_PB.get(fmt, apb.AUDIT_FORMAT_OTHER)


def finding_to_pb(finding: AuditFinding) -> apb.AuditFinding:
    """One finding."""
    return apb.AuditFinding(
        rule=finding.rule,
        message=finding.message,
        event_index=finding.event_index,
        seat=finding.seat,
        expected=finding.expected,
        actual=finding.actual,
        line=finding.line,
        informational=finding.informational,
    )


def hand_audit_to_pb(audit: HandAudit, *, document_index: int) -> apb.HandAudit:
    """One hand's verdict, tagged with its document's position in the request."""
    return apb.HandAudit(
        document_name=audit.source,
        document_index=document_index,
        hand_id=audit.hand_id,
        format=format_to_pb(audit.format),
        format_name=format_name(audit.format),
        game=GAME_TO_PB.get(audit.game, 0) if audit.game is not None else 0,
        status=STATUS_TO_PB[audit.status],
        findings=[finding_to_pb(f) for f in audit.findings],
        line=audit.line,
        detail=audit.detail,
    )


def summary_to_pb(summary: AuditSummary) -> apb.AuditSummary:
    """The counts."""
    return apb.AuditSummary(
        hands=summary.hands,
        clean=summary.clean,
        findings=summary.findings,
        unverifiable=summary.unverifiable,
        unsupported=summary.unsupported,
        findings_by_rule=dict(summary.by_rule),
        duplicates=summary.duplicates,
    )
