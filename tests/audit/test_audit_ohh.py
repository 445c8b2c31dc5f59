"""Open Hand History JSON through the audit: posts, pots and rake checked (issue 5 "Deliver" 1:
``blind.amount`` expected 200 actual 250 ...)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from floorman.domain.audit import AuditStatus, SourceFormat, audit_document
from floorman.domain.history.ohh import export_ohh
from floorman.domain.history.record import HandRecord
from floorman.domain.model import (
    ActionType,
    BettingStructure,
    Game,
    HandConfig,
    RakePolicy,
    SeatState,
    Stakes,
)
from tests.domain.engine.engine_play import play_hand

CONFIG = HandConfig(
    game=Game.FIVE_CARD_DRAW,
    betting_structure=BettingStructure.NO_LIMIT,
    stakes=Stakes(small_blind=100, big_blind=200),
    seats=tuple(SeatState(seat=s, player_id=f"p{s}", stack=10_000) for s in (1, 2, 3)),
    button_seat=3,
)


def showdown_record(config: HandConfig = CONFIG) -> HandRecord:
    """The first seeded engine-played hand of ``config`` that reaches a showdown."""
    for seed in range(200):
        _, events = play_hand(config, random.Random(seed))
        if any(getattr(e, "type", None) is ActionType.SHOW for e in events):
            return HandRecord(
                hand_id="h1", hand_number=1, table_id="t", config=config, events=tuple(events)
            )
    raise AssertionError("no seeded hand reached a showdown")


@pytest.fixture(scope="module")
def document() -> dict:
    """The exported hand as JSON data."""
    return json.loads(export_ohh(showdown_record()))


def _audit(data: dict):
    (audit,) = audit_document(json.dumps(data, indent=2), source="h.json")
    return audit


def _actions(data: dict) -> list[dict]:
    return [a for r in data["ohh"]["rounds"] for a in r["actions"]]


def test_exported_hand_audits_clean(document):
    """The exported hand reads back (format detected: OHH) and audits clean."""
    audit = _audit(document)
    assert (audit.format, audit.status) == (SourceFormat.OHH, AuditStatus.CLEAN)


def test_big_blind_posted_250_where_the_table_says_200_is_blind_amount(document):
    """RULES.md "Five Card Draw, 7-A", blinds: a ``Post BB`` of 250 at a 100/200 table is
    ``blind.amount`` for the seat, expected 200, actual 250, at the post's line."""
    data = json.loads(json.dumps(document))
    post = next(a for a in _actions(data) if a["action"] == "Post BB")
    post["amount"] = 250
    audit = _audit(data)
    finding = audit.rule_findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual) == (
        "blind.amount",
        post["player_id"],
        "200",
        "250",
    )
    lines = json.dumps(data, indent=2).split("\n")
    number = f'"action_number": {post["action_number"]},'
    assert finding.line == next(i + 1 for i, line in enumerate(lines) if number in line)


def test_winner_paid_the_wrong_amount_is_payout_amount(document):
    """RULES.md settlement: a winner's ``win_amount`` one chip high is ``payout.amount``."""
    data = json.loads(json.dumps(document))
    win = data["ohh"]["pots"][0]["player_wins"][0]
    win["win_amount"] += 1
    rules = [f.rule for f in _audit(data).rule_findings]
    assert "payout.amount" in rules


def test_pot_paid_to_a_player_who_did_not_win_is_showdown_wrong_winner(document):
    """RULES.md "Common to every game": the pot paid to a seat that did not win it is
    ``showdown.wrong_winner``."""
    data = json.loads(json.dumps(document))
    pot = data["ohh"]["pots"][0]
    winner = pot["player_wins"][0]["player_id"]
    other = next(p["id"] for p in data["ohh"]["players"] if p["id"] != winner)
    pot["player_wins"][0]["player_id"] = other
    audit = _audit(data)
    assert {f.rule for f in audit.rule_findings} == {"showdown.wrong_winner"}
    assert {f.seat for f in audit.rule_findings} == {winner, other}


def test_configured_rake_policy_checks_the_rake_size():
    """RULES.md "Rake": with floorman's extension the table's policy (5 %) is configured; a
    pot's rake one chip off is ``rake.amount``."""
    config = replace(CONFIG, rake=RakePolicy(percent_bps=500))
    data = json.loads(export_ohh(showdown_record(config)))
    assert _audit(data).status is AuditStatus.CLEAN
    data["ohh"]["pots"][0]["rake"] += 1
    assert "rake.amount" in [f.rule for f in _audit(data).rule_findings]


def test_room_file_without_the_extension_audits_with_the_standard_fields(document):
    """A file without floorman's extension (a room's) is read from the standard fields
    (blinds, dealer seat) and audits clean."""
    data = json.loads(json.dumps(document))
    del data["ohh"]["floorman"]
    assert _audit(data).status is AuditStatus.CLEAN


def test_text_that_is_not_json_is_a_finding_with_its_line():
    """Broken JSON is ``history.unreadable`` with the line the JSON reader names."""
    (audit,) = audit_document('{"ohh": {\n  "spec_version": "1.4.6",\n  oops\n}}', source="x")
    assert audit.status is AuditStatus.FINDINGS
    assert (audit.findings[0].rule, audit.findings[0].line) == ("history.unreadable", 3)
