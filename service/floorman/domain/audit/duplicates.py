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
:class:`HandRegistry` is a plain mutable value, one per run, keeping what it met in a dict;
a run too large for memory stores the same entries elsewhere by overriding
:meth:`HandRegistry.versions` and :meth:`HandRegistry.add` (the CLI's disk index,
:mod:`floorman.app.audit_index`). The registry screens a :class:`HandMark` (what names and
fingerprints a record), so a record audited in another process is screened where the run is
kept, in document order.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.domain.audit.findings import (
    DUPLICATE_HAND_RULE,
    AuditFinding,
    AuditStatus,
    HandAudit,
    SourceFormat,
)
from floorman.domain.audit.recorded import RecordedHand
from floorman.domain.model import Game


@dataclass(frozen=True, slots=True)
class FirstCopy:
    """Where a version of a hand was first met: its document and 1-based line."""

    source: str
    line: int

    def where(self) -> str:
        """``"hands.txt:12"``."""
        return f"{self.source}:{self.line}"


@dataclass(frozen=True, slots=True)
class HandMark:
    """What the registry needs of a record: its identity and digest (see
    :class:`~floorman.domain.audit.recorded.RecordedHand`) and what a DUPLICATE verdict
    repeats (document, line, hand number, format, game)."""

    identity: str
    digest: str
    source: str
    line: int
    hand_id: str
    format: SourceFormat
    game: Game | None

    @classmethod
    def of(cls, hand: RecordedHand) -> HandMark:
        """The mark of ``hand``."""
        return cls(
            identity=hand.identity,
            digest=hand.digest,
            source=hand.source,
            line=hand.line,
            hand_id=hand.hand_id,
            format=hand.format,
            game=hand.config.game,
        )


class HandRegistry:
    """The hands an audit run has met, by identity and digest (one registry per run; not
    shared between threads). Subclasses may keep the entries elsewhere (see the module's
    docstring): :meth:`screen` only calls :meth:`versions` and :meth:`add`."""

    def __init__(self) -> None:
        self._seen: dict[str, dict[str, FirstCopy]] = {}

    def __len__(self) -> int:
        """How many distinct identities were met."""
        return len(self._seen)

    def versions(self, identity: str) -> list[tuple[str, FirstCopy]]:
        """``(digest, first copy)`` of every version of ``identity`` met so far, in the
        order they were first met (empty: never met)."""
        return list(self._seen.get(identity, {}).items())

    def add(self, identity: str, digest: str, first: FirstCopy) -> None:
        """Register a new version (``digest`` not met before under ``identity``)."""
        self._seen.setdefault(identity, {})[digest] = first

    def screen(self, hand: HandMark) -> HandAudit | AuditFinding | None:
        """Register ``hand`` and say how to treat it.

        Returns:
            ``None`` for a hand to audit as usual (no identity, or the first of its number);
            a DUPLICATE :class:`HandAudit` for an identical copy of a hand met before (report
            it, do not audit it); an :class:`AuditFinding` (``history.duplicate_hand``) for a
            hand number met before with other content (audit it and add the finding).
        """
        if not hand.identity or not hand.digest:
            return None
        versions = self.versions(hand.identity)
        here = FirstCopy(hand.source, hand.line)
        if not versions:
            self.add(hand.identity, hand.digest, here)
            return None
        first = next((copy for digest, copy in versions if digest == hand.digest), None)
        if first is not None:
            return HandAudit(
                source=hand.source,
                hand_id=hand.hand_id,
                format=hand.format,
                game=hand.game,
                status=AuditStatus.DUPLICATE,
                line=hand.line,
                detail=f"an identical copy of hand {hand.hand_id} at {first.where()}: audited once",
            )
        original = versions[0][1]
        self.add(hand.identity, hand.digest, here)
        return AuditFinding(
            rule=DUPLICATE_HAND_RULE,
            message=f"hand {hand.hand_id} was already met at {original.where()} with other "
            "content: two different records under one hand number",
            line=hand.line,
        )
