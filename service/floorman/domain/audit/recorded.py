"""The auditor's input: one hand as a record states it, in floorman's model.

Every reader (PHH, Open Hand History, PokerStars, Full Tilt) turns a hand into a
:class:`RecordedHand`. The record is never "fixed" on the way: what the table's rules say
(``config``: stakes, seats, button, rake policy) is kept apart from what the record says
happened (``posted`` forced bets, ``events``, the ``declared`` result), so the auditor can
compare the two.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from floorman.domain.audit.findings import AuditFinding, SourceFormat
from floorman.domain.cards import Card
from floorman.domain.engine import HandState
from floorman.domain.model import ForcedBetKind, HandConfig, HandEvent, RakePolicy


@dataclass(frozen=True, slots=True, kw_only=True)
class PostedBet:
    """A forced bet as the record says it was posted (minor units).

    ``dead`` chips go to the pot without counting as the seat's bet (a dead small blind);
    ``line`` is the 1-based source line (0: unknown).
    """

    seat: int
    kind: ForcedBetKind
    amount: int
    dead: bool = False
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class WrittenCards:
    """Cards a record writes for a seat outside its replayed events (a summary's
    ``showed [..]`` / ``mucked [..]`` list; ``seat`` 0: the board), with the 1-based source
    line (0: unknown). They are never shown in the replay; they only count for the
    ``card.duplicate`` check (:mod:`~floorman.domain.audit.written_cards`)."""

    seat: int
    cards: tuple[Card | None, ...]
    line: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclaredResult:
    """What the record says the hand paid; every field is optional (``None``: not stated).

    Attributes:
        payouts: seat -> chips pushed to it from the pots (returned bets excluded).
        payout_lines: seat -> line of its first "collected" statement.
        rake: chips the house took.
        rake_line: line of the rake statement.
        total_pot: chips in the pots (uncalled bets excluded), before rake.
        pot_line: line of the total-pot statement.
        returned: seat -> uncalled bet handed back.
        returned_lines: seat -> line of its "returned" statement.
        final_stacks: seat -> stack at the end of the hand.
        final_stacks_line: line of the final-stacks statement.
        summary_payouts: seat -> a second statement of the payouts (a summary's "won (X)"),
            checked against ``payouts``.
        summary_lines: seat -> line of that statement.

    A line is 0 when the record does not say; a money finding then points at the nearest
    statement of the result (:meth:`settlement_line`).
    """

    payouts: Mapping[int, int] | None = None
    payout_lines: Mapping[int, int] = field(default_factory=dict)
    rake: int | None = None
    rake_line: int = 0
    total_pot: int | None = None
    pot_line: int = 0
    returned: Mapping[int, int] | None = None
    returned_lines: Mapping[int, int] = field(default_factory=dict)
    final_stacks: Mapping[int, int] | None = None
    final_stacks_line: int = 0
    summary_payouts: Mapping[int, int] | None = None
    summary_lines: Mapping[int, int] = field(default_factory=dict)

    def settlement_line(self, seat: int = 0) -> int:
        """The line a money finding about ``seat`` (0: the hand as a whole) points at: the
        seat's payout, summary or returned-bet statement, else the pot, the rake, the first
        payout or the final stacks statement (0 when the record states none of them)."""
        for lines in (self.payout_lines, self.summary_lines, self.returned_lines):
            if lines.get(seat):
                return lines[seat]
        first_payout = min((line for line in self.payout_lines.values() if line), default=0)
        for line in (self.pot_line, self.rake_line, first_payout, self.final_stacks_line):
            if line:
                return line
        return 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordedHand:
    """One hand for the auditor.

    Attributes:
        source: the document's name.
        hand_id: the record's hand number or name.
        format: the document's format.
        line: 1-based line where the hand starts (0: unknown).
        config: the table's rules for the hand: seats (starting stacks), stakes as the table
            states them, button / dealer position; ``forced_bets`` only when the table itself
            prescribes them (newcomers, dead blinds).
        rake_policy: the table's configured rake policy, or ``None`` when the rake formula is
            unknown (then only pot = payouts + rake is checked, not the rake's size).
        posted: the forced bets the record says were posted, or ``None`` when the record
            states none apart from the configuration (they are then exactly what it derives).
        events: the history (Deals and Actions), in the engine's conventions.
        event_lines: per event, the source line (0: unknown); may be shorter than ``events``.
        call_amounts: per event, the chips the record says a CALL added (``None``: not
            stated or not a call); may be shorter than ``events``.
        loose_aggressive: the format does not tell BET, RAISE and COMPLETE apart (the
            auditor takes the kind the rules offer at that point; the amount is checked).
        room_showdown: the format follows a room's showdown conventions, not the rules':
            it lists showdown lines in its own order (the auditor applies each seat's SHOW
            or MUCK in the rules' order), lets a player muck a hand the rules turn face up
            after an all-in (the auditor shows the cards ``revealed`` gives, or leaves them
            unknown), and lets a winner show after the hand is over (ignored).
        revealed: seat -> cards the record reveals for a hand it says was mucked (a
            summary's "mucked [..]").
        written: every other card list the record writes outside ``events`` (a summary's
            showed / mucked lists, its board), checked for cards held twice only.
        declared: what the record says was paid.
        up_cards_written: the format writes every face-up card it deals (False: a room text
            that writes only the hero's cards, or none: docs/hand-history-formats.md); a
            face-up ``??`` is then a gap of the format (the informational ``card.unknown``)
            rather than a record that fails to name a card the table saw.
        notes: findings the reader made while mapping the record.
        identity: what names the hand across documents (the room and its hand number, in a
            reader-specific spelling); ``""`` when the record names it by nothing reliable
            (then it is never taken for a copy of another hand).
        digest: the fingerprint of the hand's text as written
            (:func:`~floorman.domain.history.limits.text_digest`); two records with one
            identity and one digest are copies of one hand.
        replayed: the engine state after every event of ``events``, when the reader
            stepped the engine while mapping and it accepted them all (PHH: the mapping's
            ``state``), started from ``replayed.config``; ``None`` otherwise. The auditor
            uses it instead of replaying the same events again when that configuration is
            the one it replays from (``replace(config, rake=RakePolicy())`` with the posted
            forced bets) and no per-event check needs the states between. Not compared:
            it follows from the configuration and the events.
    """

    source: str
    hand_id: str
    format: SourceFormat
    line: int = 0
    config: HandConfig
    rake_policy: RakePolicy | None = None
    posted: tuple[PostedBet, ...] | None = None
    events: tuple[HandEvent, ...]
    event_lines: tuple[int, ...] = ()
    call_amounts: tuple[int | None, ...] = ()
    loose_aggressive: bool = False
    room_showdown: bool = False
    up_cards_written: bool = True
    revealed: Mapping[int, tuple[Card | None, ...]] = field(default_factory=dict)
    written: tuple[WrittenCards, ...] = ()
    declared: DeclaredResult = field(default_factory=DeclaredResult)
    notes: tuple[AuditFinding, ...] = ()
    identity: str = ""
    digest: str = ""
    replayed: HandState | None = field(default=None, compare=False, repr=False)

    def line_of(self, index: int) -> int:
        """The source line of event ``index`` (0 when unknown)."""
        return self.event_lines[index] if 0 <= index < len(self.event_lines) else 0
