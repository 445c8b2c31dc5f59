"""Counts over audited hands for a summary table: :class:`AuditSummary`, and
:class:`SummaryCounter`, which counts one verdict at a time in bounded memory (one counter per
status, rule, format and game however many hands it counts: issue 13 point 4).
Re-exported by :mod:`floorman.app.audit`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from floorman.domain.audit import AuditStatus, HandAudit
from floorman.observability.metrics import UNKNOWN_GAME_LABEL


@dataclass(frozen=True, slots=True)
class AuditSummary:
    """Counts over audited hands.

    Attributes:
        hands: every verdict (unsupported, duplicate and unreadable parts included).
        clean / findings / unverifiable / unsupported / duplicates: verdicts by status
            (``duplicates``: identical copies of a hand met before, not audited again).
        by_rule: rule id -> findings of that rule (informational ones apart, in ``notes``).
        notes: informational rule id -> count (``card.unknown``).
        by_format: (format, game or ``unknown``) -> status -> hands.
    """

    hands: int = 0
    clean: int = 0
    findings: int = 0
    unverifiable: int = 0
    unsupported: int = 0
    duplicates: int = 0
    by_rule: Mapping[str, int] = field(default_factory=dict)
    notes: Mapping[str, int] = field(default_factory=dict)
    by_format: Mapping[tuple[str, str], Mapping[str, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, audits: Iterable[HandAudit]) -> AuditSummary:
        """The summary of ``audits``."""
        counter = SummaryCounter()
        for audit in audits:
            counter.add(audit)
        return counter.summary()


class SummaryCounter:
    """An :class:`AuditSummary` counted one verdict at a time: its memory is one counter per
    status, rule, and (format, game), however many hands it counts (issue 13 point 4)."""

    def __init__(self) -> None:
        self.status: Counter[AuditStatus] = Counter()
        self.rules: Counter[str] = Counter()
        self.notes: Counter[str] = Counter()
        self.by_format: dict[tuple[str, str], Counter[str]] = {}

    def add(self, audit: HandAudit) -> None:
        """Count one verdict."""
        self.status[audit.status] += 1
        key = (audit.format.value, audit.game.value if audit.game else UNKNOWN_GAME_LABEL)
        self.by_format.setdefault(key, Counter())[audit.status.value] += 1
        for finding in audit.findings:
            (self.notes if finding.informational else self.rules)[finding.rule] += 1

    def summary(self) -> AuditSummary:
        """The counts so far."""
        status = self.status
        return AuditSummary(
            hands=sum(status.values()),
            clean=status[AuditStatus.CLEAN],
            findings=status[AuditStatus.FINDINGS],
            unverifiable=status[AuditStatus.UNVERIFIABLE],
            unsupported=status[AuditStatus.UNSUPPORTED],
            duplicates=status[AuditStatus.DUPLICATE],
            by_rule=dict(sorted(self.rules.items())),
            notes=dict(sorted(self.notes.items())),
            by_format={k: dict(sorted(v.items())) for k, v in sorted(self.by_format.items())},
        )
