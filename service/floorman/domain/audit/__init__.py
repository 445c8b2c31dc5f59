"""Hand-history audit (pure): replay recorded hands and report every broken rule.

* :func:`audit_document` / :func:`read_document` / :func:`detect_format` — a document's text
  (PHH, Open Hand History JSON, PokerStars or Full Tilt text) to one verdict per hand
  (:mod:`~floorman.domain.audit.documents`); :func:`audit_hands` and :func:`settle` — the
  same in two steps, the first without run state (a worker process), the second in order
  against the run's :class:`HandRegistry`;
* :func:`audit_hand` — one :class:`RecordedHand` to a :class:`HandAudit`
  (:mod:`~floorman.domain.audit.auditor`);
* :class:`AuditFinding`, :class:`HandAudit`, :class:`AuditStatus`, :class:`SourceFormat` —
  the results (:mod:`~floorman.domain.audit.findings`);
* :class:`HandRegistry` — the hands an audit run has met (identical copies are DUPLICATE
  verdicts, altered copies get ``history.duplicate_hand``;
  :mod:`~floorman.domain.audit.duplicates`); :data:`MAX_FINDINGS_PER_HAND` — the report's
  bound per hand (:mod:`~floorman.domain.audit.caps`).

Rule ids are the ones in the table at the end of RULES.md; DESIGN.md "Unknown cards":
``card.unknown`` is informational and a result that depends on unknown cards is
"unverifiable", never "clean".
"""

from floorman.domain.audit.auditor import audit_hand
from floorman.domain.audit.caps import MAX_FINDINGS_PER_HAND
from floorman.domain.audit.documents import (
    PendingAudit,
    audit_document,
    audit_hands,
    detect_format,
    format_name,
    read_document,
    settle,
)
from floorman.domain.audit.duplicates import FirstCopy, HandMark, HandRegistry
from floorman.domain.audit.findings import (
    DUPLICATE_HAND_RULE,
    INFORMATIONAL_RULES,
    READ_FORMATS,
    SUPPRESSED_RULE,
    UNKNOWN_CARD_RULE,
    UNREADABLE_RULE,
    AuditFinding,
    AuditStatus,
    HandAudit,
    SourceFormat,
)
from floorman.domain.audit.recorded import DeclaredResult, PostedBet, RecordedHand, WrittenCards

__all__ = [
    "DUPLICATE_HAND_RULE",
    "INFORMATIONAL_RULES",
    "MAX_FINDINGS_PER_HAND",
    "READ_FORMATS",
    "SUPPRESSED_RULE",
    "UNKNOWN_CARD_RULE",
    "UNREADABLE_RULE",
    "AuditFinding",
    "AuditStatus",
    "DeclaredResult",
    "FirstCopy",
    "HandAudit",
    "HandMark",
    "HandRegistry",
    "PendingAudit",
    "PostedBet",
    "RecordedHand",
    "SourceFormat",
    "WrittenCards",
    "audit_document",
    "audit_hand",
    "audit_hands",
    "detect_format",
    "format_name",
    "read_document",
    "settle",
]
