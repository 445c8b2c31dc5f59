"""AuditService over gRPC against the real server subprocess (issue 5 "Show", last item).

Unary and client-streaming AuditHandHistories on corpus files and on inline hands; input that
cannot be read gets a finding with its line (status OK), never INTERNAL; each finding is a
``rule_finding`` log line and a ``floorman_rule_findings_total{game,rule}`` increment.
"""

from __future__ import annotations

import urllib.request
from pathlib import Path

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families

from floorman.v1 import audit_service_pb2 as apb
from floorman.v1 import audit_service_pb2_grpc
from floorman.v1 import poker_pb2 as pb
from tests.audit.audit_hands import DRAW_STARS, STUD_PHH

STARS_FILE = "hh-fpdb/cash/Stars/7-StudHL-USD-0.04-0.08-200911.txt"
FTP_UTF16_FILE = "hh-fpdb/cash/FTP/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt"
IPOKER_FILE = "hh-fpdb/cash/iPoker/7-StudL-USD-0.05-0.10-201009.txt"
MIXED_STARS_FILE = "hh-fpdb/tour/Stars/Triple-Stud-USD-2.00-0.20-MTT-201301.txt"


@pytest.fixture(scope="module")
def audit_stub(server) -> audit_service_pb2_grpc.AuditServiceStub:
    """An AuditService stub on the session server."""
    return audit_service_pb2_grpc.AuditServiceStub(server.channel)


def _document(name: str, content: bytes, fmt: int = apb.AUDIT_FORMAT_UNSPECIFIED):
    return apb.HandHistoryDocument(name=name, content=content, format=fmt)


def _corpus_document(corpus_dir: Path, name: str) -> apb.HandHistoryDocument:
    return _document(name, (corpus_dir / name).read_bytes())


def test_unary_audits_many_documents_and_hands_in_one_call(audit_stub, corpus_dir):
    """One call with a PokerStars file (many hands), a UTF-16 Full Tilt file, an iPoker file
    and a PHH hand: one verdict per hand, in order, each
    tagged with its document; the summary counts them."""
    request = apb.AuditHandHistoriesRequest(
        documents=[
            _corpus_document(corpus_dir, STARS_FILE),
            _corpus_document(corpus_dir, FTP_UTF16_FILE),
            _corpus_document(corpus_dir, IPOKER_FILE),
            _document("stud.phh", STUD_PHH.encode()),
        ]
    )
    response = audit_stub.AuditHandHistories(request, timeout=60)
    by_document = [[h for h in response.hands if h.document_index == i] for i in range(4)]
    assert [len(hands) for hands in by_document] == [7, 1, 2, 1]
    assert {h.status for h in by_document[0]} == {apb.AUDIT_STATUS_CLEAN}
    assert {h.game for h in by_document[0]} == {pb.GAME_SEVEN_CARD_STUD_HI_LO}
    assert by_document[1][0].format == apb.AUDIT_FORMAT_FULL_TILT
    assert by_document[1][0].status == apb.AUDIT_STATUS_CLEAN
    assert {(h.format, h.status) for h in by_document[2]} == {
        (apb.AUDIT_FORMAT_IPOKER, apb.AUDIT_STATUS_CLEAN)
    }
    assert by_document[2][0].format_name == "iPoker XML"
    assert by_document[3][0].document_name == "stud.phh"
    summary = response.summary
    assert (summary.hands, summary.clean, summary.unsupported, summary.findings) == (11, 11, 0, 0)


def test_stream_audits_documents_as_they_arrive(audit_stub, corpus_dir):
    """Client streaming: every seed-game PHH file of one variant, one document per message;
    the answer lists every hand (all clean) with its position in the stream."""
    files = sorted((corpus_dir / "phh" / "FR").glob("*.phh"))
    messages = (
        apb.AuditHandHistoriesStreamRequest(document=_document(p.name, p.read_bytes()))
        for p in files
    )
    response = audit_stub.AuditHandHistoriesStream(messages, timeout=60)
    assert [h.document_index for h in response.hands] == list(range(len(files)))
    assert {h.status for h in response.hands} == {apb.AUDIT_STATUS_CLEAN}
    assert response.summary.clean == len(files) == 10


def test_unreadable_input_is_a_finding_with_its_line_never_an_error(audit_stub):
    """Junk text, binary bytes, a truncated PHH hand and a PokerStars hand with a bad card each
    come back (status OK) as FINDINGS with ``history.unreadable`` / ``card.malformed`` and
    the line."""
    bad_card = DRAW_STARS.replace("Dealt to Ann [As Ad Kc Kd 2h]", "Dealt to Ann [As Ad Kc Kd 2x]")
    request = apb.AuditHandHistoriesRequest(
        documents=[
            _document("junk.txt", b"hello\nnot a hand\n"),
            _document("binary.bin", bytes(range(256))),
            _document("cut.phh", STUD_PHH[:200].encode()),
            _document("bad-card.txt", bad_card.encode()),
        ]
    )
    response = audit_stub.AuditHandHistories(request, timeout=30)
    assert [h.status for h in response.hands] == [apb.AUDIT_STATUS_FINDINGS] * 4
    found = [(h.findings[0].rule, h.findings[0].line) for h in response.hands]
    assert found[0] == ("history.unreadable", 1)
    assert found[1][0] == "history.unreadable"
    assert found[2][0] == "history.unreadable" and found[2][1] > 0
    assert found[3] == ("card.malformed", 9)


def test_rule_findings_come_back_with_rule_event_seat_and_values(audit_stub):
    """A payout 1 cent high comes back as ``payout.amount`` seat 2, expected 98, actual 99,
    with its line; the hand is FINDINGS and the summary counts the rule."""
    wrong = DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.99 from pot")
    response = audit_stub.AuditHandHistories(
        apb.AuditHandHistoriesRequest(documents=[_document("draw.txt", wrong.encode())]),
        timeout=30,
    )
    (hand,) = response.hands
    assert hand.status == apb.AUDIT_STATUS_FINDINGS and hand.game == pb.GAME_FIVE_CARD_DRAW
    finding = hand.findings[0]
    assert (finding.rule, finding.seat, finding.expected, finding.actual, finding.line) == (
        "payout.amount", 2, "98", "99", 24
    )  # fmt: skip
    assert finding.event_index == -1 and not finding.informational
    assert response.summary.findings_by_rule["payout.amount"] == 1


def test_a_request_without_documents_is_invalid_argument(audit_stub):
    """An empty unary request is INVALID_ARGUMENT (field ``documents``), not INTERNAL."""
    with pytest.raises(grpc.RpcError) as error:
        audit_stub.AuditHandHistories(apb.AuditHandHistoriesRequest(), timeout=10)
    assert error.value.code() is grpc.StatusCode.INVALID_ARGUMENT


def test_findings_are_logged_and_counted_by_game_and_rule(server_factory, corpus_dir):
    """On a dedicated server: each finding of an audit is one ``rule_finding`` log line and
    one ``floorman_rule_findings_total{game,rule}`` increment (card.malformed of an unreadable
    hand counts under game ``unknown``)."""
    running = server_factory()
    stub = audit_service_pb2_grpc.AuditServiceStub(running.channel)
    wrong = DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.99 from pot")
    stub.AuditHandHistories(
        apb.AuditHandHistoriesRequest(
            documents=[
                _document("draw.txt", wrong.encode()),
                _corpus_document(corpus_dir, MIXED_STARS_FILE),
            ]
        ),
        timeout=60,
    )
    with urllib.request.urlopen(running.metrics_url, timeout=10) as reply:
        families = {f.name: f for f in text_string_to_metric_families(reply.read().decode())}
    samples = {
        (s.labels["game"], s.labels["rule"]): s.value
        for s in families["floorman_rule_findings"].samples
        if s.name == "floorman_rule_findings_total"
    }
    assert samples[("five_card_draw", "payout.amount")] == 1
    assert samples[("five_card_draw", "chips.not_conserved")] == 1
    assert samples[("unknown", "card.malformed")] == 1
    line = running.wait_for_log(
        lambda entry: entry.get("event") == "rule_finding" and entry.get("rule") == "payout.amount"
    )
    assert (line["game"], line["seat"], line["expected"], line["actual"]) == (
        "five_card_draw", 2, "98", "99"
    )  # fmt: skip
    assert line["source"] == "draw.txt" and line["hand_id"] == "1001"


@pytest.mark.parametrize(
    ("fmt", "name", "hands"),
    [
        (apb.AUDIT_FORMAT_IPOKER, "hh-fpdb/cash/iPoker/7-StudHL-EUR-0.05-0.10-201405.txt", 5),
        (apb.AUDIT_FORMAT_BOSS, "hh-fpdb/cash/Boss/5CD-FL-EUR-2-4.Opoker.sample.xml", 14),
        (apb.AUDIT_FORMAT_WINNING,
         "hh-fpdb/cash/Winning/7-Stud-8max-USD-1.00-2.00-201608.HH00000000_G0.txt", 4),
        (apb.AUDIT_FORMAT_KINGSCLUB, "hh-fpdb/cash/KingsClub/7-StudHL-USD-40-80-202101.txt", 1),
        (apb.AUDIT_FORMAT_ABSOLUTE,
         "hh-fpdb/cash/Absolute/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt", 1),
    ],
)  # fmt: skip
def test_a_room_format_may_be_named_or_detected(audit_stub, corpus_dir, fmt, name, hands):
    """Issue 13: each room format the audit reads may be named in a request (and is
    detected when it is not): the same clean verdicts, tagged with that format."""
    content = (corpus_dir / name).read_bytes()
    for named in (fmt, apb.AUDIT_FORMAT_UNSPECIFIED):  # one call each: no duplicate copies
        request = apb.AuditHandHistoriesRequest(documents=[_document(name, content, named)])
        response = audit_stub.AuditHandHistories(request, timeout=60)
        assert len(response.hands) == hands
        assert {(h.format, h.status) for h in response.hands} == {(fmt, apb.AUDIT_STATUS_CLEAN)}
