"""Open Hand History JSON documents -> :class:`~floorman.domain.audit.recorded.RecordedHand`.

Each hand is read with :func:`floorman.domain.history.ohh.parse_ohh` and mapped with
:func:`~floorman.domain.history.ohh.map_ohh`; the record is kept as written:

* the table's stakes: floorman's extension object when present (the exact configuration:
  stakes, dealer position, explicit forced bets, rake policy, checked in full), else the
  standard ``small_blind_amount`` / ``big_blind_amount`` / ``ante_amount`` (no rake policy:
  only pot = payouts + rake is checked);
* posted forced bets: the ``Post SB`` / ``Post BB`` / ``Post Ante`` / ``Post Dead`` /
  ``Post Extra Blind`` actions, each with its amount (``blind.amount`` when a post differs
  from the stakes);
* events from the mapping; a ``Call`` keeps its amount for the call-amount check; each event
  points at the line of its ``action_number``;
* result: the pots (``amount`` before rake, ``rake``, ``player_wins``);
* a file without floorman's extension follows a room's showdown conventions (showdown lines
  in its own order).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from floorman.domain.audit.findings import (
    UNREADABLE_RULE,
    AuditFinding,
    AuditStatus,
    HandAudit,
    SourceFormat,
)
from floorman.domain.audit.recorded import DeclaredResult, PostedBet, RecordedHand
from floorman.domain.errors import InvalidArgument
from floorman.domain.history import ohh_model as m
from floorman.domain.history.ohh import OhhHand, map_ohh, parse_ohh
from floorman.domain.model import ForcedBetKind, HandConfig

_POST_KINDS = {
    m.POST_SB: (ForcedBetKind.SMALL_BLIND, False),
    m.POST_BB: (ForcedBetKind.BIG_BLIND, False),
    m.POST_EXTRA: (ForcedBetKind.BIG_BLIND, False),
    m.STRADDLE: (ForcedBetKind.STRADDLE, False),
    m.POST_ANTE: (ForcedBetKind.ANTE, True),
    m.POST_DEAD: (ForcedBetKind.DEAD_BLIND, True),
}
_HAND_INDEX = re.compile(r"^hand\[(?P<index>\d+)\]")
_JSON_LINE = re.compile(r"line (?P<line>\d+)")
_HAND_KEY = re.compile(r'"ohh"')
_ACTION_NUMBER = re.compile(r'"action_number"\s*:\s*(?P<n>\d+)')


@dataclass(frozen=True, slots=True)
class _Starts:
    """Where each hand starts: the offset and the 1-based line of its ``"ohh"`` key, found in
    one pass over the text (so a document of many hands costs linear time)."""

    offsets: tuple[int, ...]
    lines: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> _Starts:
        offsets = [match.start() for match in _HAND_KEY.finditer(text)]
        lines = []
        line, previous = 1, 0
        for offset in offsets:
            line += text.count("\n", previous, offset)
            previous = offset
            lines.append(line)
        return cls(tuple(offsets), tuple(lines))

    def line(self, index: int) -> int:
        """The line of hand ``index`` (1 when unknown)."""
        return self.lines[index] if 0 <= index < len(self.lines) else 1

    def span(self, index: int, text: str) -> tuple[int, int]:
        """The text offsets ``[start, end)`` of hand ``index`` (the whole text when unknown)."""
        if not 0 <= index < len(self.offsets):
            return 0, len(text)
        end = self.offsets[index + 1] if index + 1 < len(self.offsets) else len(text)
        return self.offsets[index], end


def ohh_records(text: str, *, source: str) -> list[RecordedHand | HandAudit]:
    """The hands of an OHH document, each a record to audit or a finished verdict (FINDINGS
    for a document that cannot be read, UNSUPPORTED for a game floorman does not play).
    Never raises. A record's identity is floorman's table and hand id, else the site and
    ``game_number`` (see ``_identity``); its digest is the hand's JSON fingerprint."""
    starts = _Starts.of(text)
    try:
        hands = parse_ohh(text)
    except InvalidArgument as error:
        return [_unreadable(error, source, starts.lines)]
    out: list[RecordedHand | HandAudit] = []
    for hand in hands:
        line = starts.line(hand.index)
        hand_id = _hand_id(hand)
        if not hand.supported:
            out.append(
                HandAudit(
                    source=source,
                    hand_id=hand_id,
                    format=SourceFormat.OHH,
                    game=None,
                    status=AuditStatus.UNSUPPORTED,
                    line=line,
                    detail=f"{hand.game_type} {hand.bet_type} is not a seed game",
                )
            )
            continue
        try:
            out.append(_record(hand, text, source, hand_id, line, starts.span(hand.index, text)))
        except InvalidArgument as error:
            out.append(_unreadable(error, source, starts.lines, hand_id=hand_id))
    return out


def _identity(hand: OhhHand, source: str) -> str:
    """What names the hand: floorman's table and hand id; else the site (or network) and
    ``game_number`` across documents, or ``game_number`` within its document when no site
    is named; ``""`` when the record names it by none of these."""
    ext = hand.extension
    if ext is not None and ext.hand_id:
        return f"ohh:floorman:{ext.table_id}:{ext.hand_id}"
    if hand.game_number and (hand.site_name or hand.network_name):
        return f"ohh:{hand.site_name}:{hand.network_name}:{hand.game_number}"
    if hand.game_number:
        return f"ohh-document:{source}:{hand.game_number}"
    return ""


def _hand_id(hand: OhhHand) -> str:
    if hand.extension is not None and hand.extension.hand_id:
        return hand.extension.hand_id
    return hand.game_number or str(hand.index)


def _unreadable(
    error: InvalidArgument, source: str, starts: Sequence[int], *, hand_id: str = ""
) -> HandAudit:
    findings = []
    for violation in error.violations:
        line = 0
        if (found := _JSON_LINE.search(violation.message)) and violation.field == "ohh":
            line = int(found.group("line"))
        elif (index := _HAND_INDEX.match(violation.field)) and int(index["index"]) < len(starts):
            line = starts[int(index["index"])]
        findings.append(
            AuditFinding(
                rule=violation.rule or UNREADABLE_RULE,
                message=f"{violation.field}: {violation.message}",
                line=line or 1,
            )
        )
    return HandAudit(
        source=source,
        hand_id=hand_id,
        format=SourceFormat.OHH,
        game=None,
        status=AuditStatus.FINDINGS,
        findings=tuple(findings),
        line=findings[0].line if findings else 1,
    )


def _action_lines(text: str, span: tuple[int, int], start_line: int) -> dict[int, int]:
    """action_number -> line, for the hand at ``span`` (text offsets) starting at
    ``start_line``; linear in the hand's text."""
    lines: dict[int, int] = {}
    line, previous = start_line, span[0]
    for match in _ACTION_NUMBER.finditer(text, span[0], span[1]):
        number = int(match.group("n"))
        if number in lines:
            break  # a repeated number: not this hand's any more
        line += text.count("\n", previous, match.start())
        previous = match.start()
        lines[number] = line
    return lines


def _posted(
    hand: OhhHand, config: HandConfig, lines: dict[int, int], line: int
) -> tuple[PostedBet, ...]:
    """The posts as written; a ``Post Ante`` by a seat that already posted its big blind at a
    table with a big-blind ante is that ante (RULES.md "Hold'em and Omaha"; floorman writes
    it after the ``Post BB``)."""
    seat_of = {p.id: p.seat for p in hand.players}
    big_blinds: set[int] = set()
    out = []
    for r in hand.rounds:
        for a in r.actions:
            if a.action not in _POST_KINDS or a.player_id is None:
                continue
            seat = seat_of[a.player_id]
            kind, dead = _POST_KINDS[a.action]
            if kind is ForcedBetKind.BIG_BLIND:
                big_blinds.add(seat)
            elif kind is ForcedBetKind.ANTE and config.stakes.big_blind_ante and seat in big_blinds:
                kind = ForcedBetKind.BIG_BLIND_ANTE
            out.append(
                PostedBet(
                    seat=seat, kind=kind, amount=a.amount, dead=dead, line=lines.get(a.number, line)
                )
            )
    return tuple(out)


def _key_line(text: str, span: tuple[int, int], start_line: int, key: str) -> int:
    """The line of the hand's ``"<key>"`` member (the hand at ``span`` starting at
    ``start_line``), or ``start_line`` when it is not found."""
    at = text.find(f'"{key}"', span[0], span[1])
    return start_line + text.count("\n", span[0], at) if at >= 0 else start_line


def _record(
    hand: OhhHand, text: str, source: str, hand_id: str, line: int, span: tuple[int, int]
) -> RecordedHand:
    """Raises InvalidArgument when the hand cannot be mapped (see ``ohh_config``)."""
    mapping = map_ohh(hand)
    ext = hand.extension
    config = replace(mapping.config, forced_bets=ext.forced_bets if ext is not None else ())
    seat_of = {p.id: p.seat for p in hand.players}
    actions = {a.number: a for r in hand.rounds for a in r.actions}
    lines = _action_lines(text, span, line)
    posted = _posted(hand, config, lines, line)
    payouts: dict[int, int] = defaultdict(int)
    for pot in hand.pots:
        for win in pot.wins:
            payouts[seat_of[win.player_id]] += win.win_amount
    pots_line = _key_line(text, span, line, "pots")
    declared = DeclaredResult(
        payouts=dict(payouts) if hand.pots else None,
        payout_lines=dict.fromkeys(payouts, pots_line),
        rake=sum(pot.rake for pot in hand.pots) if hand.pots else None,
        rake_line=pots_line,
        total_pot=sum(pot.amount for pot in hand.pots) if hand.pots else None,
        pot_line=pots_line,
    )
    call_amounts = tuple(
        actions[source_].amount
        if source_ in actions and actions[source_].action == m.CALL
        else None
        for source_ in mapping.sources
    )
    return RecordedHand(
        source=source,
        hand_id=hand_id,
        format=SourceFormat.OHH,
        line=line,
        config=config,
        rake_policy=ext.rake_policy if ext is not None else None,
        posted=posted,
        events=mapping.events,
        event_lines=tuple(lines.get(s, line) for s in mapping.sources),
        call_amounts=call_amounts,
        room_showdown=ext is None,
        declared=declared,
        identity=_identity(hand, source),
        digest=hand.digest,
    )
