"""Repeated hands in an audit run: an identical copy is counted once, an altered one flagged.

A room's hand number names one hand. When an audit run (one document, one request, one CLI
invocation) meets a record whose ``identity`` (the room and its hand number, see
:class:`~floorman.domain.audit.recorded.RecordedHand`) it has seen before:

* with the same ``digest`` (byte-identical text after newline normalisation): the record is a
  copy; it gets a DUPLICATE verdict naming the first copy and is not audited again;
* with another digest: the record is audited like any hand AND carries a
  ``history.duplicate_hand`` finding naming the first copy (a forged copy with changed
  payouts, or two hands under one number, never passes silently).

Records without an identity (or a digest) are never taken for copies. Pure: a
:class:`HandRegistry` is a plain mutable value, one per run.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.domain.audit.findings import (
    DUPLICATE_HAND_RULE,
    AuditFinding,
    AuditStatus,
    HandAudit,
)
from floorman.domain.audit.recorded import RecordedHand


@dataclass(frozen=True, slots=True)
class FirstCopy:
    """Where a version of a hand was first met: its document and 1-based line."""

    source: str
    line: int

    def where(self) -> str:
        """``"hands.txt:12"``."""
        return f"{self.source}:{self.line}"


class HandRegistry:
    """The hands an audit run has met, by identity and digest (one registry per run; not
    shared between threads)."""

    def __init__(self) -> None:
        self._seen: dict[str, dict[str, FirstCopy]] = {}

    def __len__(self) -> int:
        """How many distinct identities were met."""
        return len(self._seen)

    def screen(self, hand: RecordedHand) -> HandAudit | AuditFinding | None:
        """Register ``hand`` and say how to treat it.

        Returns:
            ``None`` for a hand to audit as usual (no identity, or the first of its number);
            a DUPLICATE :class:`HandAudit` for an identical copy of a hand met before (report
            it, do not audit it); an :class:`AuditFinding` (``history.duplicate_hand``) for a
            hand number met before with other content (audit it and add the finding).
        """
        if not hand.identity or not hand.digest:
            return None
        versions = self._seen.setdefault(hand.identity, {})
        here = FirstCopy(hand.source, hand.line)
        if not versions:
            versions[hand.digest] = here
            return None
        first = versions.get(hand.digest)
        if first is not None:
            return HandAudit(
                source=hand.source,
                hand_id=hand.hand_id,
                format=hand.format,
                game=hand.config.game,
                status=AuditStatus.DUPLICATE,
                line=hand.line,
                detail=f"an identical copy of hand {hand.hand_id} at {first.where()}: audited once",
            )
        original = next(iter(versions.values()))
        versions[hand.digest] = here
        return AuditFinding(
            rule=DUPLICATE_HAND_RULE,
            message=f"hand {hand.hand_id} was already met at {original.where()} with other "
            "content: two different records under one hand number",
            line=hand.line,
        )
