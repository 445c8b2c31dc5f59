"""The auditor: replay one recorded hand through the engine and check every rule.

:func:`audit_hand` checks, in order:

1. the forced bets as posted against the table's stakes (``ante.amount``, ``blind.amount``,
   ``blind.player``; :mod:`~floorman.domain.audit.forced_bets`); after a wrong amount the
   rest is replayed with the posted amount and with the table's, and the replay the rest
   of the record agrees with is kept (:func:`_judge`);
2. every history event through :func:`floorman.domain.engine.apply`: turn order, bet sizes,
   the fixed-limit cap, short all-ins, the bring-in, stud first-to-act, draws, duplicate
   cards, the showdown order, actions after the end (the engine's RULES.md rule ids), and
   the chips a recorded CALL added; the first refused event stops the replay (what follows
   it cannot be judged against a state the record no longer matches);
   then the cards the record writes outside the events (a summary's showed / mucked lists:
   ``card.duplicate``; :mod:`~floorman.domain.audit.written_cards`);
3. a record that ends before the hand does (``turn.out_of_turn`` for the seat still to act,
   ``card.count`` for cards still due);
4. the money (:mod:`~floorman.domain.audit.settlement_check`): pot, rake, winners, payouts,
   chip conservation.

Unknown cards (DESIGN.md): the engine accepts a recorded actor a hidden card could make right
and notes ``card.unknown``; a contested pot that needs unknown cards makes the hand
"unverifiable" unless a rule finding already makes it dirty. A face-up card recorded as ``??``
is itself a rule finding (``card.unknown`` with ``rule_broken``, at its deal: docs/rules.md "A
face-up card must be known"); the replay goes on with the card unknown, so the rest of the
hand is still judged.
"""

from __future__ import annotations

from dataclasses import replace

from floorman.domain.audit.findings import (
    UNKNOWN_CARD_RULE,
    UNREADABLE_RULE,
    AuditFinding,
    HandAudit,
    ordered,
    verdict,
)
from floorman.domain.audit.forced_bets import (
    AMOUNT_RULES,
    check_forced_bets,
    replay_config,
    resolved_stakes,
)
from floorman.domain.audit.recorded import RecordedHand
from floorman.domain.audit.settlement_check import check_settlement
from floorman.domain.audit.written_cards import check_written_cards
from floorman.domain.engine import (
    HandState,
    apply,
    legal_actions,
    pending_deals,
    start_hand,
)
from floorman.domain.engine.dealing import is_unknown_face_up
from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.members import (
    ACTION_BET,
    ACTION_CALL,
    ACTION_COMPLETE,
    ACTION_MUCK,
    ACTION_RAISE,
    ACTION_SHOW,
    PHASE_BETTING,
    PHASE_COMPLETE,
    PHASE_DEALING,
    PHASE_SHOWDOWN,
)
from floorman.domain.model import Action, Deal, HandConfig, HandEvent, RakePolicy

_AGGRESSIVE = frozenset({ACTION_BET, ACTION_RAISE, ACTION_COMPLETE})
_SHOWDOWN_ACTIONS = frozenset({ACTION_SHOW, ACTION_MUCK})


def audit_hand(hand: RecordedHand) -> HandAudit:
    """Audit one recorded hand.

    Args:
        hand: the record in floorman's model (from one of the readers).

    Returns:
        The :class:`HandAudit`: CLEAN, FINDINGS (each with its RULES.md rule id, event
        index, seat, expected and actual values and source line) or UNVERIFIABLE. Never
        raises for a bad record.
    """
    findings: list[AuditFinding] = list(hand.notes)
    try:
        stakes = resolved_stakes(hand.config)
        posted = hand.posted
        posts = check_forced_bets(hand.config, stakes, posted) if posted is not None else []
        findings += posts
        replays = [replay_config(hand.config, stakes, hand.posted)]
        if any(f.rule in AMOUNT_RULES for f in posts):
            replays.append(replay_config(hand.config, stakes, hand.posted, table_amounts=True))
        configs = [c if c.rake == _NO_RAKE else replace(c, rake=_NO_RAKE) for c in replays]
        reached = _reached(hand, configs[0])
        states = [reached or start_hand(configs[0])] + [start_hand(c) for c in configs[1:]]
    except InvalidArgument as error:
        findings += [
            AuditFinding(
                rule=v.rule or UNREADABLE_RULE,
                message=f"{v.field}: {v.message}",
                line=hand.line,
            )
            for v in error.violations
        ]
        return _result(hand, findings, unverifiable=False, events=0)
    judged = [_judge(hand, state, replayed=k == 0 and reached is not None)
              for k, state in enumerate(states)]  # fmt: skip
    later, unverifiable, events = min(judged, key=lambda j: _rule_count(j[0]))  # posted on a tie
    return _result(hand, findings + later, unverifiable=unverifiable, events=events)


_NO_RAKE = RakePolicy()
"""The rake policy of the replayed configurations: none (a config already without rake is
replayed as it is, not copied)."""


def _rule_count(findings: list[AuditFinding]) -> int:
    return sum(1 for f in findings if not f.informational)


def _reached(hand: RecordedHand, config: HandConfig) -> HandState | None:
    """The state the reader reached replaying every event from ``config``
    (:attr:`RecordedHand.replayed`), when the auditor's replay would only repeat it: the
    reader started from this very configuration and no check needs the states between
    events (no stated call amounts, the rules' own kinds and showdown order); else ``None``."""
    state = hand.replayed
    if (
        state is None
        or hand.loose_aggressive
        or hand.room_showdown
        or hand.call_amounts.count(None) != len(hand.call_amounts)  # a stated amount
        or state.config != config
    ):
        return None
    return state


def _judge(
    hand: RecordedHand, state: HandState, *, replayed: bool = False
) -> tuple[list[AuditFinding], bool, int]:
    """Replay the events from ``state`` and check what follows: ``(findings, unverifiable,
    events applied)``. With ``replayed``, ``state`` is already the state after every event
    (:func:`_reached`): only the checks of each event that need no state are made.

    A wrong forced-bet amount is replayed twice, with the amount posted and with the table's
    (docs/rules.md "Audit"): the record's later lines (calls, raises, pots, payouts) followed
    one of them, and the auditor keeps the replay with fewer rule findings (the posted
    amount on a tie), so the wrong post is one finding rather than a cascade of
    ``bet.amount``, ``pot.amount`` or ``showdown.wrong_winner`` that it alone caused.
    """
    findings: list[AuditFinding] = []
    if replayed:
        stopped = False
        findings += [
            _unknown_face_up(event, index, hand.line_of(index), written=hand.up_cards_written)
            for index, event in enumerate(hand.events)
            if isinstance(event, Deal) and None in event.cards and is_unknown_face_up(event)
        ]  # None in cards first: a deal of known cards is never an unknown face-up card
    else:
        state, stopped = _replay(hand, state, findings)
    unverifiable = False
    if not stopped:
        findings += check_written_cards(hand, state)
        if state.phase in (PHASE_COMPLETE, PHASE_SHOWDOWN):
            money, unverifiable = check_settlement(hand, state)
            findings += money
        else:
            findings.append(_incomplete(hand, state))
    findings += [
        AuditFinding(
            rule=note.rule,
            message=note.message,
            event_index=note.event_index,
            seat=note.seat,
            expected=note.expected,
            actual=note.actual,
            line=hand.line_of(note.event_index),
        )
        for note in state.notes
    ]
    return findings, unverifiable, state.events


def _result(
    hand: RecordedHand, findings: list[AuditFinding], *, unverifiable: bool, events: int
) -> HandAudit:
    found = ordered(findings)
    return HandAudit(
        source=hand.source,
        hand_id=hand.hand_id,
        format=hand.format,
        game=hand.config.game,
        status=verdict(found, unverifiable=unverifiable),
        findings=found,
        line=hand.line,
        events=events,
    )


def violation_finding(violation: RuleViolation, index: int, line: int) -> AuditFinding:
    """The finding for an event the engine refused."""
    return AuditFinding(
        rule=violation.rule,
        message=violation.message,
        event_index=index,
        seat=violation.seat,
        expected=violation.expected,
        actual=violation.actual,
        line=line,
    )


def _replay(
    hand: RecordedHand, state: HandState, findings: list[AuditFinding]
) -> tuple[HandState, bool]:
    """Apply the events; returns the last state reached and whether an event was refused."""
    events = hand.events
    index = 0
    while index < len(events):
        event = events[index]
        if hand.room_showdown and state.phase is PHASE_SHOWDOWN and _is_showdown_action(event):
            end = index
            while end < len(events) and _is_showdown_action(events[end]):
                end += 1
            state, stopped = _showdown_in_rule_order(hand, state, range(index, end), findings)
            if stopped:
                return state, True
            index = end
            continue
        state, stopped = _step(hand, state, index, findings)
        if stopped:
            return state, True
        index += 1
    return state, False


def _step(
    hand: RecordedHand, state: HandState, index: int, findings: list[AuditFinding]
) -> tuple[HandState, bool]:
    """Apply event ``index``; a refusal becomes a finding and stops the replay."""
    event = _resolve_kind(hand, state, hand.events[index])
    if hand.room_showdown and isinstance(event, Action):
        event = _room_showdown_event(hand, state, event)
        if event is None:
            return state, False
    try:
        new = apply(state, event, allow_unknown_up=True)
    except RuleViolation as violation:
        findings.append(violation_finding(violation, index, hand.line_of(index)))
        return state, True
    if isinstance(event, Deal) and is_unknown_face_up(event):
        findings.append(
            _unknown_face_up(event, index, hand.line_of(index), written=hand.up_cards_written)
        )
    if isinstance(event, Action) and event.type is ACTION_CALL:
        stated = hand.call_amounts[index] if index < len(hand.call_amounts) else None
        added = new.pot_total - state.pot_total
        if stated is not None and stated != added:
            findings.append(
                AuditFinding(
                    rule="bet.amount",
                    message=f"seat {event.seat} calls {stated}; the amount to call is {added}",
                    event_index=index,
                    seat=event.seat,
                    expected=str(added),
                    actual=str(stated),
                    line=hand.line_of(index),
                )
            )
    return new, False


def _unknown_face_up(deal: Deal, index: int, line: int, *, written: bool) -> AuditFinding:
    """A face-up card the record gives as ``??`` (docs/rules.md "A face-up card must be
    known"): a rule finding, unlike the informational ``card.unknown`` notes, where the format
    writes face-up cards (``written``); informational where the format never writes them
    (:attr:`RecordedHand.up_cards_written`). The replay goes on with the card unknown."""
    whose = "the community card" if deal.seat == 0 else f"seat {deal.seat}'s face-up card"
    message = (
        f"{whose} is recorded as ??: the whole table saw it, so the record must name it"
        if written
        else f"{whose} is not written: this format does not record other players' up cards"
    )
    return AuditFinding(
        rule=UNKNOWN_CARD_RULE,
        message=message,
        event_index=index,
        seat=deal.seat,
        actual="??",
        line=line,
        rule_broken=written,
    )


def _is_showdown_action(event: HandEvent) -> bool:
    return isinstance(event, Action) and event.type in _SHOWDOWN_ACTIONS


def _showdown_in_rule_order(
    hand: RecordedHand, state: HandState, indices: range, findings: list[AuditFinding]
) -> tuple[HandState, bool]:
    """Apply a run of recorded SHOW/MUCK lines in the rules' showdown order (formats that
    list them in their own order); lines left over are applied as recorded."""
    pending = list(indices)
    while pending and state.phase is PHASE_SHOWDOWN:
        seat = state.seat_to_act
        index = next((i for i in pending if hand.events[i].seat == seat), None)  # type: ignore[union-attr]
        if index is None:
            break
        pending.remove(index)
        state, stopped = _step(hand, state, index, findings)
        if stopped:
            return state, True
    for index in pending:
        state, stopped = _step(hand, state, index, findings)
        if stopped:
            return state, True
    return state, False


def _room_showdown_event(hand: RecordedHand, state: HandState, event: Action) -> Action | None:
    """A room's showdown line as the rules see it: a muck of a hand the rules turned face up
    after an all-in shows the cards the record reveals (nothing when it reveals none); a show
    or muck after the hand is over (won without a showdown) is the winner's choice (nothing)."""
    if event.type is ACTION_MUCK and state.exposed and state.phase is not PHASE_SHOWDOWN:
        cards = hand.revealed.get(event.seat)
        return replace(event, type=ACTION_SHOW, cards=cards) if cards else None
    if event.type in _SHOWDOWN_ACTIONS and state.phase is PHASE_COMPLETE and not state.exposed:
        return None
    return event


def _resolve_kind(hand: RecordedHand, state: HandState, event: HandEvent) -> HandEvent:
    """For formats that do not tell BET, RAISE and COMPLETE apart: the kind the rules offer."""
    if (
        not hand.loose_aggressive
        or not isinstance(event, Action)
        or event.type not in _AGGRESSIVE
        or state.phase is not PHASE_BETTING
    ):
        return event
    offered = {la.type for la in legal_actions(state) if la.type in _AGGRESSIVE}
    if len(offered) == 1 and event.type not in offered:
        return replace(event, type=offered.pop())
    return event


def _incomplete(hand: RecordedHand, state: HandState) -> AuditFinding:
    """The record ends before the hand does."""
    index = len(hand.events)
    if state.phase is PHASE_DEALING:
        requests = pending_deals(state)
        seat = requests[0].seat if requests else 0
        due = requests[0].count if requests else 0
        return AuditFinding(
            rule="card.count",
            message=f"the record ends while {due} card(s) are due to seat {seat}",
            event_index=index,
            seat=seat,
            expected=str(due),
            actual="0",
        )
    seat = state.seat_to_act
    return AuditFinding(
        rule="turn.out_of_turn",
        message=f"the record ends while seat {seat} is to act ({state.phase.value})",
        event_index=index,
        seat=seat,
        expected=str(seat),
        actual="none",
    )
