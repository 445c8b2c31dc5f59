"""Hostile hand histories cost little and report little (docs/rules.md "A hostile record
costs little and reports little"; rule ids ``history.unreadable`` and
``history.findings_suppressed``): lists longer than a seed game's hand are one finding, a hand
lists at most 50 findings, a run logs at most 200 ``rule_finding`` lines while the metric
counts them all, and every reader is linear in the document's size (these documents took
minutes with the old quadratic scans; they run in well under a second each now)."""

from __future__ import annotations

import json
from collections import Counter

from floorman.app.audit import MAX_FINDING_LOG_LINES, AuditRun, AuditService, FindingRecorder
from floorman.domain.audit import (
    MAX_FINDINGS_PER_HAND,
    SUPPRESSED_RULE,
    UNREADABLE_RULE,
    AuditStatus,
    SourceFormat,
    audit_document,
    detect_format,
)
from tests.audit.audit_hands import STUD_PHH

PLAYERS_BOMB = '{"ohh":{"players":[' + ",".join(['{"id":1}'] * 200_000) + "]}}"
"""The fresh-user tester's 1.8 MB document: 200,000 players in one hand."""


class _Lines:
    """A structlog-like logger that keeps (level, event) of each line."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str, dict]] = []

    def info(self, event: str, **values: object) -> None:
        self.lines.append(("info", event, values))

    def warning(self, event: str, **values: object) -> None:
        self.lines.append(("warning", event, values))


class _Counts:
    """A metrics double: ``floorman_rule_findings_total`` increments by rule."""

    def __init__(self) -> None:
        self.by_rule: Counter[str] = Counter()

    def count_finding(self, game: object, rule: str) -> None:
        self.by_rule[rule] += 1


def test_two_hundred_thousand_players_are_one_unreadable_finding():
    """history.unreadable: the 1.8 MB players bomb is one FINDINGS verdict with at most a
    handful of findings, one of them naming the 200000 players (never one per player)."""
    assert len(PLAYERS_BOMB) == 1_800_021
    (audit,) = audit_document(PLAYERS_BOMB, source="bomb.json")
    assert audit.status is AuditStatus.FINDINGS
    assert len(audit.findings) <= 3
    assert {f.rule for f in audit.findings} == {UNREADABLE_RULE}
    messages = {f.message for f in audit.findings}
    assert "hand[0].players: 200000 players; a hand has at most 10" in messages


def _ohh_hand(**changes: object) -> dict:
    hand = {
        "spec_version": "1.4.6",
        "game_number": "G-1",
        "game_type": "Stud",
        "bet_limit": {"bet_type": "FL"},
        "small_blind_amount": 10,
        "big_blind_amount": 20,
        "players": [
            {"id": 1, "seat": 1, "name": "a", "starting_stack": 500},
            {"id": 2, "seat": 2, "name": "b", "starting_stack": 500},
        ],
        "rounds": [],
        "pots": [],
    }
    hand.update(changes)
    return {"ohh": hand}


def test_a_seat_outside_one_to_ten_is_unreadable():
    """history.unreadable: RULES.md seats are numbered from 1 and no seed game seats more
    than 10: seat 11 is one finding naming the seat."""
    players = [
        {"id": 1, "seat": 1, "starting_stack": 500},
        {"id": 2, "seat": 11, "starting_stack": 500},
    ]
    (audit,) = audit_document(json.dumps(_ohh_hand(players=players)), source="h.json")
    assert [(f.rule, f.message) for f in audit.findings] == [
        (UNREADABLE_RULE, "hand[0].players[1].seat: seat 11 is out of range (seats are 1 to 10)")
    ]


def test_huge_action_and_card_lists_are_one_finding_each():
    """history.unreadable: 40,000 actions in a round, and a show of 300,000 cards, are each
    one finding (the list is not read item by item)."""
    action = {"action_number": 1, "player_id": 1, "action": "Check"}
    rounds = [{"id": 0, "street": "Third Street", "actions": [action] * 40_000}]
    (audit,) = audit_document(json.dumps(_ohh_hand(rounds=rounds)), source="h.json")
    assert [f.message for f in audit.findings] == [
        "hand[0].rounds[0].actions: 40000 actions; a hand has at most 1000"
    ]
    show = {"action_number": 1, "player_id": 1, "action": "Shows Cards", "cards": ["Ah"] * 300_000}
    rounds = [{"id": 0, "street": "Showdown", "actions": [show]}]
    (audit,) = audit_document(json.dumps(_ohh_hand(rounds=rounds)), source="h.json")
    assert [f.message for f in audit.findings] == [
        "hand[0].rounds[0].actions[0].cards: 300000 cards in one list; a hand has at most 52"
    ]


def test_phh_with_too_many_players_or_actions_is_one_finding():
    """history.unreadable: a PHH hand of 200,000 players, or of 200,000 actions, is refused
    in one finding per array."""
    crowded = STUD_PHH.replace("starting_stacks = [", "starting_stacks = [" + "1, " * 200_000)
    (audit,) = audit_document(crowded, source="h.phh")
    assert "starting_stacks: 200003 players; a hand has at most 10" in {
        f.message for f in audit.findings
    }
    busy = STUD_PHH.replace("actions = [", "actions = [" + "'p1 cc', " * 200_000)
    (audit,) = audit_document(busy, source="h.phh")
    count = 200_000 + STUD_PHH.count("\n  '")  # the hand's own 28 actions
    assert [f.message for f in audit.findings] == [
        f"actions: {count} actions; a hand has at most 1000"
    ]


def test_a_hand_lists_at_most_fifty_findings_then_says_how_many_more():
    """history.findings_suppressed: a hand with 62 malformed cards lists the first 50
    findings and one informational note that 12 more were left out; the verdict stays
    FINDINGS."""
    show = {"action_number": 1, "player_id": 1, "action": "Shows Cards", "cards": ["Zz"] * 52}
    muck = {"action_number": 2, "player_id": 2, "action": "Shows Cards", "cards": ["Yy"] * 10}
    rounds = [{"id": 0, "street": "Showdown", "actions": [show, muck]}]
    (audit,) = audit_document(json.dumps(_ohh_hand(rounds=rounds)), source="h.json")
    assert audit.status is AuditStatus.FINDINGS
    assert len(audit.findings) == MAX_FINDINGS_PER_HAND + 1 == 51
    assert {f.rule for f in audit.findings[:50]} == {"card.malformed"}
    note = audit.findings[-1]
    assert (note.rule, note.actual, note.informational) == (SUPPRESSED_RULE, "12", True)
    assert note.message == "12 more findings of this hand are not listed (at most 50 per hand)"


def test_a_run_logs_at_most_two_hundred_findings_and_counts_them_all():
    """DESIGN.md "Logs" bounded per request: 300 unreadable hands (6 findings each) in one
    run give 200 ``rule_finding`` lines and one ``rule_findings_suppressed`` line
    (suppressed 1600), while ``floorman_rule_findings_total`` counts all 1800."""
    lines, counts = _Lines(), _Counts()
    service = AuditService(recorder=FindingRecorder(metrics=counts, logger=lines))  # type: ignore[arg-type]
    run = AuditRun()
    bad = "\n\n".join(f"[h{i}]\nvariant = 'F7S'\n" for i in range(300))
    audits = service.audit_text(bad, source="bad.phhs", run=run)
    service.finish(run)
    assert [len(a.findings) for a in audits] == [6] * 300
    events = Counter(event for _, event, _ in lines.lines)
    assert events == {"rule_finding": MAX_FINDING_LOG_LINES, "rule_findings_suppressed": 1}
    (suppressed,) = [v for _, e, v in lines.lines if e == "rule_findings_suppressed"]
    assert (suppressed["suppressed"], suppressed["limit"]) == (1600, 200)
    assert counts.by_rule == {UNREADABLE_RULE: 1800}


def test_format_detection_is_linear_in_blank_lines():
    """A document of 200,000 blank lines (109 s with a multi-line ``^\\s*`` scan) is read at
    once: unknown format, one history.unreadable finding."""
    text = "\n" * 200_000
    assert detect_format(text) is SourceFormat.UNKNOWN
    (audit,) = audit_document(text, source="blank.txt")
    assert [f.rule for f in audit.findings] == [UNREADABLE_RULE]


def test_many_phh_sections_are_read_one_by_one():
    """A .phhs of 300 hands (minutes when each hand was padded to its document line) audits
    fast, every hand clean, each hand's lines still the document's."""
    text = "".join(f"[h{i}]\n{STUD_PHH}hand = {i}\n" for i in range(300))
    audits = audit_document(text, source="many.phhs")
    assert [a.status for a in audits] == [AuditStatus.CLEAN] * 300
    per_hand = STUD_PHH.count("\n") + 2
    assert [a.line for a in audits[:3]] == [1, 1 + per_hand, 1 + 2 * per_hand]


def test_many_hands_of_an_unread_format_are_counted_in_one_pass():
    """50,000 PartyPoker hands of a game floorman does not play: 50,000 UNSUPPORTED
    verdicts, the last on line 99,999 (lines counted in one pass, not from the top for each
    hand)."""
    text = "".join(
        f"***** Hand History for Game {i} *****\n$1/$2 USD FL Pineapple - Monday\n"
        for i in range(50_000)
    )
    audits = audit_document(text, source="party.txt")
    assert len(audits) == 50_000
    assert {a.status for a in audits} == {AuditStatus.UNSUPPORTED}
    assert (audits[-1].hand_id, audits[-1].line) == ("49999", 99_999)


def test_many_unreadable_hands_of_a_room_format_are_read_in_one_pass():
    """50,000 PartyPoker hand starts without a game line: one ``history.unreadable``
    finding each, at its own line (one pass over the text)."""
    text = "".join(f"***** Hand History for Game {i} *****\nx\n" for i in range(50_000))
    audits = audit_document(text, source="party.txt")
    assert len(audits) == 50_000
    assert {a.status for a in audits} == {AuditStatus.FINDINGS}
    assert {a.findings[0].rule for a in audits} == {"history.unreadable"}
    assert (audits[-1].hand_id, audits[-1].line) == ("49999", 100_000)


def test_many_indented_ohh_hands_keep_their_action_lines():
    """Open Hand History: 300 indented hands in one document audit with each event's line
    found within its own hand (one pass, not a scan from the top per hand)."""
    from floorman.domain.history.ohh import export_ohh
    from tests.audit.test_audit_ohh import showdown_record

    one = export_ohh(showdown_record())
    data = json.loads(one)
    hands = []
    for number in range(300):
        data["ohh"]["floorman"]["hand_id"] = f"h{number}"
        hands.append(json.dumps(data, indent=2))
    text = "\n\n".join(hands)
    audits = audit_document(text, source="many.json")
    assert [a.status for a in audits] == [AuditStatus.CLEAN] * 300
    size = hands[0].count("\n") + 2
    assert audits[-1].line == 1 + 299 * size + 1  # the "ohh" key's line of the last hand


def test_deeply_nested_phh_is_one_clear_finding_at_its_line_in_format_phh():
    """history.unreadable (docs/rules.md "A hostile record costs little"): a PHH document
    whose arrays (or inline tables) nest 5,000 levels deep is read as PHH (its variant line
    is fine) and refused in one finding naming the limit and the line, never a Python
    exception (RecursionError) in the text."""
    for value in ("[" * 5000 + "]" * 5000, "{a=" * 3000 + "1" + "}" * 3000):
        (audit,) = audit_document(f"variant = 'F5CD'\nx = {value}\n", source="deep.phh")
        assert (audit.format, audit.status) == (SourceFormat.PHH, AuditStatus.FINDINGS)
        assert [(f.rule, f.message, f.line) for f in audit.findings] == [
            (UNREADABLE_RULE, "phh: nested more than 64 levels deep at line 2", 2)
        ]


def test_deeply_nested_ohh_is_one_clear_finding_at_its_line_in_format_ohh():
    """history.unreadable: an OHH document nesting 100,000 arrays (or 3,000 objects) is
    read as Open Hand History and refused in one finding with the limit and the line."""
    arrays = '{"ohh":\n' + "[" * 100_000 + "]" * 100_000 + "}"
    objects = '{"ohh": {"x":\n\n' + '{"a":' * 3000 + "1" + "}" * 3000 + "}}"
    for text, line in ((arrays, 2), (objects, 3)):
        (audit,) = audit_document(text, source="deep.json")
        assert (audit.format, audit.status) == (SourceFormat.OHH, AuditStatus.FINDINGS)
        assert [(f.rule, f.message, f.line) for f in audit.findings] == [
            (UNREADABLE_RULE, f"ohh: nested more than 64 levels deep at line {line}", line)
        ]


def test_brackets_inside_strings_and_comments_are_not_nesting():
    """The nesting limit counts arrays and tables only: 100 ``[`` inside a PHH string, a
    TOML comment or an OHH player name leave the hand readable."""
    from floorman.domain.history.limits import too_deep

    assert too_deep("a = '" + "[" * 100 + "'\n# " + "{" * 100 + "\nb = [[1]]\n", toml=True) is None
    assert too_deep('{"name": "' + "[" * 100 + '\\"{"}', toml=False) is None
    assert too_deep("[" * 65, toml=False) == "nested more than 64 levels deep at line 1"
    assert too_deep("[" * 64 + "]" * 64, toml=False) is None


def test_an_unforeseen_failure_names_no_python_exception_and_keeps_the_format(monkeypatch):
    """history.unreadable, the generic fallback: a reader or auditor failing in a way
    nobody foresaw is a plain finding (no exception class or message) in the document's
    detected format."""
    import floorman.domain.audit.documents as documents

    def broken(*_: object, **__: object) -> None:
        raise KeyError("internal_key")

    monkeypatch.setattr(documents, "phh_records", broken)
    (audit,) = audit_document(STUD_PHH, source="x.phh")
    assert audit.format is SourceFormat.PHH
    assert [f.message for f in audit.findings] == [
        "the record could not be audited: its structure is not one the reader understands"
    ]
    monkeypatch.setattr(documents, "phh_records", lambda *a, **k: [_record_of(STUD_PHH)])
    monkeypatch.setattr(documents, "audit_hand", _raise_recursion)
    (audit,) = audit_document(STUD_PHH, source="x.phh")
    assert [f.message for f in audit.findings] == [
        "the record could not be audited: it is nested too deeply to read"
    ]


def _record_of(text: str):
    from floorman.domain.audit.from_phh import phh_records

    (record,) = phh_records(text, source="x.phh")
    return record


def _raise_recursion(_: object) -> None:
    raise RecursionError("maximum recursion depth exceeded")


def test_a_deferred_run_records_its_findings_when_finished_and_none_when_dropped():
    """DESIGN.md "Logs" / README "floorman audit" (a refused call records nothing): a
    deferred run logs and counts nothing while documents are audited; ``finish`` records
    every finding (within the log budget), ``drop`` none of them."""
    lines, counts = _Lines(), _Counts()
    service = AuditService(recorder=FindingRecorder(metrics=counts, logger=lines))  # type: ignore[arg-type]
    bad = "\n\n".join(f"[h{i}]\nvariant = 'F7S'\n" for i in range(3))
    dropped = AuditRun(deferred=True)
    audits = service.audit_text(bad, source="bad.phhs", run=dropped)
    assert [len(a.findings) for a in audits] == [6] * 3
    assert (lines.lines, counts.by_rule) == ([], Counter())
    service.drop(dropped)
    service.finish(dropped)  # nothing left to record
    assert (lines.lines, counts.by_rule) == ([], Counter())
    kept = AuditRun(deferred=True)
    service.audit_text(bad, source="bad.phhs", run=kept)
    assert (lines.lines, counts.by_rule) == ([], Counter())
    service.finish(kept)
    assert Counter(event for _, event, _ in lines.lines) == {"rule_finding": 18}
    assert counts.by_rule == {UNREADABLE_RULE: 18}
