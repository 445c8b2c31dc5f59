"""Repeated hand numbers in an audit run (docs/rules.md "Every hand is audited; a hand number
met twice is a copy or a conflict"; rule id ``history.duplicate_hand``): every hand is
audited; a byte-identical copy is a DUPLICATE verdict counted once; the same number with
other content is audited and flagged, so a forged copy never passes silently."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from floorman.app.audit import AuditRun, AuditService, AuditSummary, audit_paths
from floorman.cli import main
from floorman.domain.audit import DUPLICATE_HAND_RULE, AuditStatus, audit_document
from tests.audit.audit_hands import DRAW_STARS, STUD_PHH, replace_line

RAZZ_FILE = "hh-fpdb/cash/Stars/Razz-USD-0.04-0.08-200911.txt"
COLLECTED = re.compile(r"collected ([0-9.$]*)")


def _forged(text: str) -> str:
    """The tester's forgery: every "collected X" payout changed to $9.99 (the sed command
    ``s/collected \\([0-9.$]*\\)/collected $9.99/``)."""
    return COLLECTED.sub("collected $9.99", text)


@pytest.fixture(scope="module")
def razz_text(corpus_dir: Path) -> str:
    """The nine-hand PokerStars Razz file of the corpus."""
    return (corpus_dir / RAZZ_FILE).read_text(encoding="utf-8")


def test_forged_copy_of_a_file_is_audited_and_flagged_history_duplicate_hand(razz_text):
    """history.duplicate_hand: original then sed-altered copy in one document: 18 verdicts;
    the 9 originals clean, each of the 9 copies audited (payout.amount ...) and flagged
    ``history.duplicate_hand`` naming the original's line; none is skipped."""
    audits = audit_document(razz_text + "\n\n" + _forged(razz_text), source="hands.txt")
    originals, copies = audits[:9], audits[9:]
    assert len(audits) == 18
    assert {a.status for a in originals} == {AuditStatus.CLEAN}
    assert [a.hand_id for a in copies] == [a.hand_id for a in originals]
    for original, copy in zip(originals, copies, strict=True):
        assert copy.status is AuditStatus.FINDINGS
        assert copy.rule_findings[0].rule == DUPLICATE_HAND_RULE
        assert f"hands.txt:{original.line}" in copy.rule_findings[0].message
        assert copy.rule_findings[0].line == copy.line
        assert "payout.amount" in {f.rule for f in copy.rule_findings}
    summary = AuditSummary.of(audits)
    assert (summary.hands, summary.clean, summary.findings, summary.duplicates) == (18, 9, 9, 0)
    assert summary.by_rule[DUPLICATE_HAND_RULE] == 9


def test_identical_copy_is_a_duplicate_verdict_not_audited_twice(razz_text):
    """history.duplicate_hand: the file twice, byte for byte: 9 clean and 9 DUPLICATE
    verdicts (no findings, no replay: ``events`` 0), the detail naming the first copy."""
    audits = audit_document(razz_text + "\n\n" + razz_text, source="twice.txt")
    copies = audits[9:]
    assert [a.status for a in audits[:9]] == [AuditStatus.CLEAN] * 9
    assert [a.status for a in copies] == [AuditStatus.DUPLICATE] * 9
    for original, copy in zip(audits[:9], copies, strict=True):
        assert (copy.hand_id, copy.findings, copy.events) == (original.hand_id, (), 0)
        assert copy.detail == (
            f"an identical copy of hand {original.hand_id} at twice.txt:{original.line}: "
            "audited once"
        )
    summary = AuditSummary.of(audits)
    assert (summary.hands, summary.clean, summary.duplicates, summary.findings) == (18, 9, 9, 0)


def test_copy_with_other_line_ends_is_still_identical():
    """history.duplicate_hand: newline normalisation: a CRLF copy of a LF hand (and trailing
    blanks) is the same text, so a DUPLICATE verdict, not a conflict."""
    crlf = DRAW_STARS.replace("\n", "  \r\n")
    audits = audit_document(DRAW_STARS + "\n\n" + crlf, source="mixed.txt")
    assert [a.status for a in audits] == [AuditStatus.CLEAN, AuditStatus.DUPLICATE]


def test_the_same_number_with_other_content_in_another_document_of_the_run_is_flagged():
    """history.duplicate_hand: one run (AuditRun) over two documents: the second holding hand
    #1001 with Bob's payout changed is audited (payout findings) and flagged, naming the first
    document; an identical third document is a duplicate."""
    service = AuditService()
    run = AuditRun()
    paid_wrong = replace_line(
        DRAW_STARS, "Bob collected $0.98 from pot", "Bob collected $0.50 from pot"
    )
    (first,) = service.audit_text(DRAW_STARS, source="a.txt", run=run)
    (second,) = service.audit_text(paid_wrong, source="b.txt", run=run)
    (third,) = service.audit_text(DRAW_STARS, source="c.txt", run=run)
    assert first.status is AuditStatus.CLEAN
    assert second.status is AuditStatus.FINDINGS
    assert second.rule_findings[0].rule == DUPLICATE_HAND_RULE
    assert "a.txt:1" in second.rule_findings[0].message
    assert "payout.amount" in {f.rule for f in second.rule_findings}
    assert (third.status, third.detail) == (
        AuditStatus.DUPLICATE,
        "an identical copy of hand 1001 at a.txt:1: audited once",
    )


def test_documents_audited_alone_do_not_see_each_other():
    """history.duplicate_hand: without a shared run every document is its own run, so the
    same hand in two separate calls is audited clean twice."""
    service = AuditService()
    for source in ("a.txt", "b.txt"):
        (audit,) = service.audit_text(DRAW_STARS, source=source)
        assert audit.status is AuditStatus.CLEAN


def test_phh_sections_with_one_hand_number_are_copies_or_conflicts():
    """history.duplicate_hand in PHH: two ``[name]`` sections stating ``hand = 7``: identical
    bodies are a duplicate; a changed finishing stack is audited and flagged."""
    numbered = STUD_PHH + "hand = 7\n"
    changed = numbered.replace(
        "finishing_stacks = [435, 580, 485]", "finishing_stacks = [445, 570, 485]"
    )
    same = audit_document(f"[a]\n{numbered}\n[b]\n{numbered}", source="h.phhs")
    assert [a.status for a in same] == [AuditStatus.CLEAN, AuditStatus.DUPLICATE]
    other = audit_document(f"[a]\n{numbered}\n[b]\n{changed}", source="h.phhs")
    assert other[0].status is AuditStatus.CLEAN
    assert other[1].rule_findings[0].rule == DUPLICATE_HAND_RULE
    assert other[1].rule_findings[0].message.startswith("hand 7 was already met at h.phhs:1")


def test_ohh_hands_with_one_game_number_are_copies_or_conflicts():
    """history.duplicate_hand in Open Hand History: the same ``game_number`` twice in one
    array: identical objects are a duplicate; another pot amount is flagged. Hands without a
    game number are never taken for copies."""
    from floorman.domain.history.ohh import export_ohh
    from tests.audit.test_audit_ohh import showdown_record

    data = json.loads(export_ohh(showdown_record()))
    del data["ohh"]["floorman"]  # a room's record: named by site and game number
    data["ohh"]["game_number"] = "G-1"
    altered = json.loads(json.dumps(data))
    altered["ohh"]["pots"][0]["player_wins"][0]["win_amount"] += 1
    same = audit_document(json.dumps([data, data]), source="h.json")
    assert [a.status for a in same][1] is AuditStatus.DUPLICATE
    other = audit_document(json.dumps([data, altered]), source="h.json")
    assert other[1].rule_findings[0].rule == DUPLICATE_HAND_RULE
    del data["ohh"]["game_number"]
    unnamed = audit_document(json.dumps([data, data]), source="h.json")
    assert AuditStatus.DUPLICATE not in {a.status for a in unnamed}


def test_cli_reports_duplicates_and_flags_the_forged_copy(razz_text, tmp_path, capsys):
    """history.duplicate_hand through ``floorman audit``: the identical copy exits 0 with a
    "duplicates 9" summary row and one line per copy; the forged copy exits 1 with 9
    history.duplicate_hand findings."""
    twice = tmp_path / "twice.txt"
    twice.write_text(razz_text + "\n\n" + razz_text)
    assert main(["audit", "--no-progress", str(twice)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^  duplicates\s+9$", out, flags=re.MULTILINE)
    assert out.count(": duplicate: an identical copy of hand ") == 9
    forged = tmp_path / "forged.txt"
    forged.write_text(razz_text + "\n\n" + _forged(razz_text))
    assert main(["audit", "--no-progress", "--json", str(forged)]) == 1
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert (summary["hands"], summary["clean"], summary["findings"]) == (18, 9, 9)
    assert (summary["duplicates"], summary["findings_by_rule"][DUPLICATE_HAND_RULE]) == (0, 9)


def test_audit_paths_is_one_run_over_every_file(tmp_path):
    """history.duplicate_hand: ``floorman audit a b`` is one run: the same hand in two files
    is audited once and counted once as a duplicate."""
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(DRAW_STARS)
    result = audit_paths([tmp_path / "a.txt", tmp_path / "b.txt"])
    assert [a.status for a in result.audits] == [AuditStatus.CLEAN, AuditStatus.DUPLICATE]


def test_pokerstars_exports_of_hand_1_of_two_tables_are_two_hands_not_a_conflict():
    """history.duplicate_hand (docs/hand-history-formats.md "One hand, one identity"):
    TableService's PokerStars export numbers hands per table, so every table has a
    ``PokerStars Hand #1:``; audited together in one run, hands of different tables are
    never taken for copies or conflicts: no DUPLICATE verdict, no history.duplicate_hand."""
    from tests.audit.table_round_trip import table_service_exports

    texts = [text for _, text in table_service_exports("pokerstars")]
    firsts = [text for text in texts if text.startswith("PokerStars Hand #1: ")]
    assert len(firsts) >= 2  # hand 1 of several tables
    audits = audit_document("\n\n".join(texts), source="all-tables.txt")
    assert len(audits) == len(texts)
    assert AuditStatus.DUPLICATE not in {a.status for a in audits}
    assert DUPLICATE_HAND_RULE not in {f.rule for a in audits for f in a.findings}


def test_pokerstars_hand_1_of_two_tables_audits_clean_and_a_copy_is_still_a_duplicate():
    """history.duplicate_hand: one hand number written for table 'demo' and table 'hx'
    (the same header otherwise) is two clean hands; the 'demo' text met again is a DUPLICATE
    verdict naming the first copy; the 'demo' hand with another payout is flagged."""
    demo = replace_line(
        DRAW_STARS,
        "Table 'Test' 6-max Seat #1 is the button",
        "Table 'demo' 6-max Seat #1 is the button",
    )
    hx = replace_line(
        DRAW_STARS,
        "Table 'Test' 6-max Seat #1 is the button",
        "Table 'hx' 6-max Seat #1 is the button",
    )
    audits = audit_document("\n\n".join((demo, hx)), source="two.txt")
    assert [a.status for a in audits] == [AuditStatus.CLEAN, AuditStatus.CLEAN]
    run = audit_document("\n\n".join((demo, hx, demo)), source="three.txt")
    assert [a.status for a in run] == [
        AuditStatus.CLEAN,
        AuditStatus.CLEAN,
        AuditStatus.DUPLICATE,
    ]
    assert (
        run[2].detail == f"an identical copy of hand 1001 at three.txt:{run[0].line}: audited once"
    )
    forged = audit_document("\n\n".join((demo, hx, _forged(demo))), source="forged.txt")
    assert forged[2].rule_findings[0].rule == DUPLICATE_HAND_RULE
    assert f"forged.txt:{forged[0].line}" in forged[2].rule_findings[0].message
    assert forged[1].status is AuditStatus.CLEAN


def test_pokerstars_hand_number_at_another_date_is_another_hand():
    """history.duplicate_hand: the header's date and time are part of a PokerStars hand's
    identity: the same table and number at another time is not a conflict."""
    later = DRAW_STARS.replace("2011/07/04 21:56:59 ET", "2011/07/05 09:00:00 ET")
    audits = audit_document(DRAW_STARS + "\n\n" + later, source="days.txt")
    assert [a.status for a in audits] == [AuditStatus.CLEAN, AuditStatus.CLEAN]
