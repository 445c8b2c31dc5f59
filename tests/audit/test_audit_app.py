"""The audit use cases: findings logged and counted, files decoded, summaries counted."""

from __future__ import annotations

import codecs
import io

import pytest
import structlog
from prometheus_client import generate_latest

from floorman.app.audit import (
    AuditService,
    AuditSummary,
    FindingRecorder,
    audit_paths,
    decode_history,
    record_finding,
)
from floorman.domain.audit import AuditFinding
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Game
from floorman.observability.logging import configure_logging
from floorman.observability.metrics import Metrics
from tests.audit.audit_hands import DRAW_STARS, STUD_PHH


@pytest.fixture(autouse=True)
def _every_level_logged():
    """Log every level (another test may have configured a higher one) to a scratch stream."""
    configure_logging(level="debug", stream=io.StringIO())


def _count(metrics: Metrics, game: str, rule: str) -> float:
    value = metrics.registry.get_sample_value(
        "floorman_rule_findings_total", {"game": game, "rule": rule}
    )
    return value or 0.0


def test_record_finding_logs_one_line_and_counts_by_game_and_rule():
    """A live table's refusal (a RuleViolation) becomes one ``rule_finding`` log line with the
    rule, seat, expected and actual values and context, and one increment of
    ``floorman_rule_findings_total{game,rule}`` (RULES.md rule ids as labels)."""
    metrics = Metrics()
    violation = RuleViolation(
        "fixed_limit.cap", "the betting is capped", seat=4, expected=4, actual=5
    )
    with structlog.testing.capture_logs() as logs:
        record_finding(Game.RAZZ, violation, metrics=metrics, table_id="t1", hand_id="h9")
        record_finding(Game.RAZZ, violation, metrics=metrics, table_id="t1", hand_id="h9")
    assert _count(metrics, "razz", "fixed_limit.cap") == 2
    assert len(logs) == 2
    line = logs[0]
    assert line["event"] == "rule_finding" and line["log_level"] == "warning"
    assert (line["game"], line["rule"], line["seat"]) == ("razz", "fixed_limit.cap", 4)
    assert (line["expected"], line["actual"]) == ("4", "5")
    assert (line["table_id"], line["hand_id"]) == ("t1", "h9")
    assert b"floorman_rule_findings_total" in generate_latest(metrics.registry)


def test_record_finding_redacts_cards_of_a_live_hand():
    """``redact_cards``: no card of an unfinished hand reaches the log (DESIGN.md "Logs")."""
    finding = AuditFinding(
        rule="draw.discard_count",
        message="seat 3 does not hold Kh or 10d",
        seat=3,
        expected="Ah",
        actual="Kh",
    )
    with structlog.testing.capture_logs() as logs:
        FindingRecorder().record(Game.FIVE_CARD_DRAW, finding, redact_cards=True)
    assert logs[0]["message"] == "seat 3 does not hold ?? or ??"
    assert (logs[0]["expected"], logs[0]["actual"]) == ("??", "??")


def test_unknown_card_notes_are_informational_log_lines():
    """``card.unknown`` is logged at info level (informational) and still counted."""
    metrics = Metrics()
    note = AuditFinding(rule="card.unknown", message="unknown up card", seat=2, event_index=6)
    with structlog.testing.capture_logs() as logs:
        FindingRecorder(metrics=metrics).record(None, note)
    assert logs[0]["log_level"] == "info" and logs[0]["event_index"] == 6
    assert _count(metrics, "unknown", "card.unknown") == 1


def test_audit_service_records_every_finding_of_an_audited_document():
    """AuditService.audit_text returns the verdicts and records each finding (source and
    hand id in the log line)."""
    metrics = Metrics()
    wrong = DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.99 from pot")
    with structlog.testing.capture_logs() as logs:
        (audit,) = AuditService(recorder=FindingRecorder(metrics=metrics)).audit_text(
            wrong, source="draw.txt"
        )
    assert [f.rule for f in audit.findings] == ["payout.amount", "chips.not_conserved"]
    assert [(e["rule"], e["source"], e["hand_id"]) for e in logs] == [
        ("payout.amount", "draw.txt", "1001"),
        ("chips.not_conserved", "draw.txt", "1001"),
    ]
    assert _count(metrics, "five_card_draw", "payout.amount") == 1


def test_decode_history_reads_the_rooms_encodings():
    """UTF-16 with a byte-order mark (Full Tilt), UTF-8 with and without one, Windows-1252
    (Everleaf's euro sign) all decode to the same text."""
    text = "Seat 1: Ann (€2 in chips)\n"
    assert decode_history(codecs.BOM_UTF16_LE + text.encode("utf-16-le")) == text
    assert decode_history(codecs.BOM_UTF8 + text.encode("utf-8")) == text
    assert decode_history(text.encode("utf-8")) == text
    assert decode_history(text.encode("cp1252")) == text
    assert decode_history(text.encode("utf-16-le")) == text


def test_audit_paths_reports_progress_and_skips_files_without_hands(tmp_path):
    """Files are audited in order with a progress callback per file; a directory's README is
    skipped; the summary counts hands by status and rule."""
    (tmp_path / "a.phh").write_text(STUD_PHH)
    (tmp_path / "b.txt").write_text(DRAW_STARS)
    (tmp_path / "README.txt").write_text("read me\n")
    seen = []
    result = audit_paths(
        [tmp_path], on_file=lambda done, total, path, _: seen.append((done, total, path.name))
    )
    assert seen == [(1, 3, "README.txt"), (2, 3, "a.phh"), (3, 3, "b.txt")]
    assert [p.name for p in result.skipped] == ["README.txt"]
    summary = AuditSummary.of(result.audits)
    assert (summary.hands, summary.clean, summary.findings) == (2, 2, 0)
    assert summary.by_format == {
        ("phh", "seven_card_stud"): {"clean": 1},
        ("pokerstars", "five_card_draw"): {"clean": 1},
    }
