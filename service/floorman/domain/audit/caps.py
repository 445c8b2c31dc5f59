"""Bounds on what an audit reports about one hand, so a hostile record cannot blow up the
answer: at most :data:`MAX_FINDINGS_PER_HAND` findings per hand (then one informational
``history.findings_suppressed`` note with the number left out), and every text clipped
(messages, expected / actual values, hand ids). The hand's status is decided on every
finding before the cap, so capping never changes a verdict.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from floorman.domain.audit.findings import SUPPRESSED_RULE, AuditFinding, HandAudit

MAX_FINDINGS_PER_HAND: Final = 50
MAX_MESSAGE_CHARS: Final = 500
MAX_VALUE_CHARS: Final = 200
MAX_ID_CHARS: Final = 256


def clip_text(text: str, most: int) -> str:
    """``text`` cut to at most ``most`` characters, ending with ``...`` when cut."""
    return text if len(text) <= most else text[: most - 3] + "..."


def _clipped(finding: AuditFinding) -> AuditFinding:
    if (
        len(finding.message) <= MAX_MESSAGE_CHARS
        and len(finding.expected) <= MAX_VALUE_CHARS
        and len(finding.actual) <= MAX_VALUE_CHARS
    ):
        return finding
    return replace(
        finding,
        message=clip_text(finding.message, MAX_MESSAGE_CHARS),
        expected=clip_text(finding.expected, MAX_VALUE_CHARS),
        actual=clip_text(finding.actual, MAX_VALUE_CHARS),
    )


def capped(audit: HandAudit, *, most: int = MAX_FINDINGS_PER_HAND) -> HandAudit:
    """``audit`` with at most ``most`` findings (rule findings first, as ordered) plus one
    ``history.findings_suppressed`` note saying how many were left out, and its texts
    clipped; the status is unchanged. The same object when nothing needed cutting."""
    findings = audit.findings
    suppressed = len(findings) - most
    kept = findings[:most] if suppressed > 0 else findings
    clipped = tuple(_clipped(f) for f in kept)
    if suppressed > 0:
        clipped += (
            AuditFinding(
                rule=SUPPRESSED_RULE,
                message=f"{suppressed} more findings of this hand are not listed "
                f"(at most {most} per hand)",
                actual=str(suppressed),
                line=audit.line,
            ),
        )
    hand_id = clip_text(audit.hand_id, MAX_ID_CHARS)
    detail = clip_text(audit.detail, MAX_MESSAGE_CHARS)
    if clipped == findings and hand_id == audit.hand_id and detail == audit.detail:
        return audit
    return replace(audit, findings=clipped, hand_id=hand_id, detail=detail)
