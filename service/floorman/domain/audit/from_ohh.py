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
from dataclasses import replace

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
from floorman.domain.model import ForcedBetKind

_POST_KINDS = {
    m.POST_SB: (ForcedBetKind.SMALL_BLIND, False),
    m.POST_BB: (ForcedBetKind.BIG_BLIND, False),
    m.POST_EXTRA: (ForcedBetKind.BIG_BLIND, False),
    m.STRADDLE: (ForcedBetKind.BIG_BLIND, False),
    m.POST_ANTE: (ForcedBetKind.ANTE, True),
    m.POST_DEAD: (ForcedBetKind.DEAD_BLIND, True),
}
_HAND_INDEX = re.compile(r"^hand\[(?P<index>\d+)\]")
_JSON_LINE = re.compile(r"line (?P<line>\d+)")


def ohh_records(text: str, *, source: str) -> list[RecordedHand | HandAudit]:
    """The hands of an OHH document, each a record to audit or a finished verdict (FINDINGS
    for a document that cannot be read, UNSUPPORTED for a game floorman does not play).
    Never raises."""
    starts = [text.count("\n", 0, match.start()) + 1 for match in re.finditer(r'"ohh"', text)]
    try:
        hands = parse_ohh(text)
    except InvalidArgument as error:
        return [_unreadable(error, source, starts)]
    out: list[RecordedHand | HandAudit] = []
    for hand in hands:
        line = starts[hand.index] if hand.index < len(starts) else 1
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
            out.append(_record(hand, text, source, hand_id, line))
        except InvalidArgument as error:
            out.append(_unreadable(error, source, starts, hand_id=hand_id))
    return out


def _hand_id(hand: OhhHand) -> str:
    if hand.extension is not None and hand.extension.hand_id:
        return hand.extension.hand_id
    return hand.game_number or str(hand.index)


def _unreadable(
    error: InvalidArgument, source: str, starts: list[int], *, hand_id: str = ""
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


def _action_lines(text: str, start_line: int) -> dict[int, int]:
    """action_number -> line, for the hand starting at ``start_line``."""
    offset = 0
    for _ in range(start_line - 1):
        offset = text.index("\n", offset) + 1
    lines: dict[int, int] = {}
    for match in re.finditer(r'"action_number"\s*:\s*(?P<n>\d+)', text[offset:]):
        number = int(match.group("n"))
        if number in lines:
            break  # the next hand's numbers start again
        lines[number] = start_line + text.count("\n", offset, offset + match.start())
    return lines


def _record(hand: OhhHand, text: str, source: str, hand_id: str, line: int) -> RecordedHand:
    """Raises InvalidArgument when the hand cannot be mapped (see ``ohh_config``)."""
    mapping = map_ohh(hand)
    ext = hand.extension
    config = replace(mapping.config, forced_bets=ext.forced_bets if ext is not None else ())
    seat_of = {p.id: p.seat for p in hand.players}
    actions = {a.number: a for r in hand.rounds for a in r.actions}
    lines = _action_lines(text, line)
    posted = tuple(
        PostedBet(
            seat=seat_of[a.player_id],
            kind=_POST_KINDS[a.action][0],
            amount=a.amount,
            dead=_POST_KINDS[a.action][1],
            line=lines.get(a.number, line),
        )
        for r in hand.rounds
        for a in r.actions
        if a.action in _POST_KINDS and a.player_id is not None
    )
    payouts: dict[int, int] = defaultdict(int)
    for pot in hand.pots:
        for win in pot.wins:
            payouts[seat_of[win.player_id]] += win.win_amount
    declared = DeclaredResult(
        payouts=dict(payouts) if hand.pots else None,
        rake=sum(pot.rake for pot in hand.pots) if hand.pots else None,
        total_pot=sum(pot.amount for pot in hand.pots) if hand.pots else None,
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
    )
