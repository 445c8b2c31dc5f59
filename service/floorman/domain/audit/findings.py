"""What an audit says about one hand: findings (RULES.md rule ids) and a status.

A finding names the broken rule by its stable RULES.md id (``blind.amount``,
``payout.amount``, ``showdown.wrong_winner`` ...), the 0-based index of the history event it
concerns (DESIGN.md "Forced bets": event indices are positions in the hand's history; -1 when
no event carries it, e.g. a posted blind or the summary), the seat, the expected and actual
values as text, and the 1-based line of the source text when the format has lines.

``card.unknown`` is informational (DESIGN.md "Unknown cards"): it never makes a hand dirty,
but a hand whose result depends on unknown cards is "unverifiable", never "clean". A face-up
card recorded as ``??`` is the exception: the whole table saw it, so the record breaks the rule
(docs/rules.md "A face-up card must be known"): that ``card.unknown`` finding carries
``rule_broken`` and makes the hand dirty.
Input the readers cannot understand is reported with :data:`UNREADABLE_RULE` (not a house
rule: the record itself is malformed) and the line. A hand number that comes back with other
content is :data:`DUPLICATE_HAND_RULE`; an identical copy is a DUPLICATE verdict, audited
once. :data:`SUPPRESSED_RULE` notes how many findings of a hand were left out of the report
(a hand lists at most :data:`~floorman.domain.audit.caps.MAX_FINDINGS_PER_HAND`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from floorman.domain.fast_init import fast_frozen_init
from floorman.domain.model import Game

UNKNOWN_CARD_RULE: Final = "card.unknown"
SUPPRESSED_RULE: Final = "history.findings_suppressed"
"""The note that a hand's findings beyond the report's cap were left out (informational:
the hand's status was decided on all of them)."""
INFORMATIONAL_RULES: Final = frozenset({UNKNOWN_CARD_RULE, SUPPRESSED_RULE})
UNREADABLE_RULE: Final = "history.unreadable"
"""Findings for input a reader could not understand (with the line): not a RULES.md rule."""
DUPLICATE_HAND_RULE: Final = "history.duplicate_hand"
"""A hand number seen before with different content (a copy altered after the fact, or two
hands under one number): the hand is audited and carries this finding. Not a RULES.md rule."""


class AuditStatus(enum.Enum):
    """The verdict on one hand."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    CLEAN = "clean"
    """Every rule checked holds; informational findings (``card.unknown``) may be listed."""
    FINDINGS = "findings"
    """At least one rule is broken, or the record could not be read."""
    UNVERIFIABLE = "unverifiable"
    """No rule is broken as far as the record shows, but the result depends on unknown cards."""
    UNSUPPORTED = "unsupported"
    """A game or a format the audit does not read: counted, never clean."""
    DUPLICATE = "duplicate"
    """An identical copy of a hand already audited in the same run: counted, not audited
    again."""


class SourceFormat(enum.Enum):
    """The hand-history formats the audit recognises (read, or only counted)."""

    __hash__ = object.__hash__  # identity: see floorman.domain.members

    PHH = "phh"
    OHH = "ohh"
    POKERSTARS = "pokerstars"
    FULL_TILT = "full_tilt"
    IPOKER = "ipoker"
    MERGE = "merge"
    ONGAME = "ongame"
    BOVADA = "bovada"
    WINAMAX = "winamax"
    WINNING = "winning"
    EVERLEAF = "everleaf"
    PARTYPOKER = "partypoker"
    KINGSCLUB = "kingsclub"
    ABSOLUTE = "absolute"
    BOSS = "boss"
    UNKNOWN = "unknown"


READ_FORMATS: Final = frozenset(
    {SourceFormat.PHH, SourceFormat.OHH, SourceFormat.POKERSTARS, SourceFormat.FULL_TILT}
)
"""Formats whose hands the audit replays; hands in any other format are unsupported."""


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AuditFinding:
    """One finding.

    Attributes:
        rule: the RULES.md rule id (or :data:`UNREADABLE_RULE`).
        message: readable reason.
        event_index: 0-based index of the history event, -1 when none.
        seat: the seat concerned, 0 when none.
        expected / actual: the values as text (``"200"`` / ``"250"``), ``""`` when none.
        line: 1-based line in the source text, 0 when unknown or not line-based.
        rule_broken: the record breaks a rule whose id is otherwise informational (a face-up
            card recorded as ``??``: ``card.unknown``); the finding makes the hand dirty.
    """

    rule: str
    message: str
    event_index: int = -1
    seat: int = 0
    expected: str = ""
    actual: str = ""
    line: int = 0
    rule_broken: bool = False

    @property
    def informational(self) -> bool:
        """True for notes that never make a hand dirty (``card.unknown``, unless
        ``rule_broken``)."""
        return self.rule in INFORMATIONAL_RULES and not self.rule_broken


@fast_frozen_init
@dataclass(frozen=True, slots=True, kw_only=True)
class HandAudit:
    """The audit of one hand (or of an unreadable or unsupported part of a document).

    Attributes:
        source: the document's name (a file name, or the label a caller gave).
        hand_id: the record's hand number or name, ``""`` when unknown.
        format: the document's format.
        game: the game, ``None`` when unknown or not a seed game.
        status: the verdict.
        findings: rule findings first (forced bets, history, settlement), then the
            informational ones.
        line: 1-based line where the hand starts in the source, 0 when unknown.
        detail: a short note for unsupported hands ("hold'em is not a seed game").
        events: history events replayed.
    """

    source: str
    hand_id: str
    format: SourceFormat
    game: Game | None
    status: AuditStatus
    findings: tuple[AuditFinding, ...] = ()
    line: int = 0
    detail: str = ""
    events: int = 0

    @property
    def rule_findings(self) -> tuple[AuditFinding, ...]:
        """The findings that break a rule (informational ones left out)."""
        return tuple(f for f in self.findings if not f.informational)

    @property
    def clean(self) -> bool:
        """True when the hand audits clean."""
        return self.status is AuditStatus.CLEAN


def verdict(findings: tuple[AuditFinding, ...], *, unverifiable: bool) -> AuditStatus:
    """FINDINGS when a rule finding exists, else UNVERIFIABLE or CLEAN."""
    if any(not f.informational for f in findings):
        return AuditStatus.FINDINGS
    return AuditStatus.UNVERIFIABLE if unverifiable else AuditStatus.CLEAN


def ordered(findings: list[AuditFinding]) -> tuple[AuditFinding, ...]:
    """Rule findings first, in the order found (forced bets, history, settlement), then the
    informational ones."""
    return tuple(
        [f for f in findings if not f.informational] + [f for f in findings if f.informational]
    )


def seats_phrase(seats: Iterable[int]) -> str:
    """Seats as a finding's text says them: ``"seat 2"``, ``"seats 2 and 3"``,
    ``"seats 1, 2 and 4"`` (ascending as given), ``"no seat"`` for none."""
    names = [str(seat) for seat in seats]
    if not names:
        return "no seat"
    if len(names) == 1:
        return f"seat {names[0]}"
    return f"seats {', '.join(names[:-1])} and {names[-1]}"
