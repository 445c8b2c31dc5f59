"""AuditService over gRPC against hostile and repeated input (docs/rules.md "A hostile
record costs little and reports little", "Every hand is audited"; rule ids
``history.unreadable``, ``history.duplicate_hand``): the fresh-user tester's 1.8 MB players
bomb is answered OK and small with the server healthy and its ``rpc`` line written; an answer
that would pass the server's message size lists the first hands and counts the rest in
``omitted_hands``; duplicates show in the gRPC summary."""

from __future__ import annotations

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from floorman.v1 import audit_service_pb2 as apb
from floorman.v1 import audit_service_pb2_grpc
from tests.audit.audit_hands import DRAW_STARS
from tests.audit.test_audit_bounds import PLAYERS_BOMB
from tests.support.grpc_errors import field_violations

AUDIT_METHOD = "/floorman.v1.AuditService/AuditHandHistories"


def _request(*documents: tuple[str, str]) -> apb.AuditHandHistoriesRequest:
    return apb.AuditHandHistoriesRequest(
        documents=[apb.HandHistoryDocument(name=n, content=c.encode()) for n, c in documents]
    )


def test_players_bomb_is_answered_ok_small_and_the_server_stays_healthy(server_factory):
    """history.unreadable: ``{"ohh":{"players":[{"id":1} x200000]}}`` (1.8 MB): OK, one
    FINDINGS verdict with at most 3 findings, an answer under 2 KB, a handful of
    ``rule_finding`` lines and the ``rpc`` line with code OK; health still SERVING."""
    running = server_factory()
    stub = audit_service_pb2_grpc.AuditServiceStub(running.channel)
    response = stub.AuditHandHistories(_request(("bomb.json", PLAYERS_BOMB)), timeout=60)
    (hand,) = response.hands
    assert hand.status == apb.AUDIT_STATUS_FINDINGS
    assert 1 <= len(hand.findings) <= 3
    assert {f.rule for f in hand.findings} == {"history.unreadable"}
    assert response.ByteSize() < 2048 and response.omitted_hands == 0
    health = health_pb2_grpc.HealthStub(running.channel)
    check = health.Check(health_pb2.HealthCheckRequest(), timeout=10)
    assert check.status == health_pb2.HealthCheckResponse.SERVING
    rpc = running.wait_for_log(lambda line: line.get("method") == AUDIT_METHOD)
    assert rpc["code"] == "OK"
    findings = [line for line in running.logs() if line.get("event") == "rule_finding"]
    assert len(findings) == len(hand.findings)
    running.stop()
    assert "Traceback" not in running.stderr()


def test_an_answer_over_the_message_size_lists_the_first_hands_and_counts_the_rest(
    server_factory,
):
    """With ``--limit message_bytes=65536``, 1,500 PartyPoker hand headers without their game
    line (each verdict a ``history.unreadable`` finding echoing a 200-character document
    name) would make a ~400 KB answer: the answer stays under the
    limit, lists the first hands in order, ``omitted_hands`` counts the others, the summary
    counts all 1,500, and one ``audit_answer_truncated`` warning is logged."""
    running = server_factory("--limit", "message_bytes=65536")
    stub = audit_service_pb2_grpc.AuditServiceStub(running.channel)
    text = "".join(f"***** Hand History for Game {1000 + i} *****\n" for i in range(1500))
    response = stub.AuditHandHistories(_request(("d" * 200, text)), timeout=60)
    listed = len(response.hands)
    assert response.ByteSize() <= 65536
    assert 0 < listed < 1500 and listed + response.omitted_hands == 1500
    assert [h.hand_id for h in response.hands] == [str(1000 + i) for i in range(listed)]
    assert (response.summary.hands, response.summary.findings) == (1500, 1500)
    warning = running.wait_for_log(lambda line: line.get("event") == "audit_answer_truncated")
    assert (warning["hands"], warning["omitted_hands"], warning["limit_bytes"]) == (
        1500, response.omitted_hands, 65536,
    )  # fmt: skip
    running.stop()


def test_duplicates_across_documents_of_one_call_are_in_the_summary(server):
    """history.duplicate_hand: one call with the hand, a byte-identical copy in a second
    document and a copy with another payout in a third: CLEAN, DUPLICATE, FINDINGS
    (``history.duplicate_hand`` first); summary duplicates 1."""
    stub = audit_service_pb2_grpc.AuditServiceStub(server.channel)
    wrong = DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.99 from pot")
    response = stub.AuditHandHistories(
        _request(("a.txt", DRAW_STARS), ("b.txt", DRAW_STARS), ("c.txt", wrong)), timeout=30
    )
    assert [h.status for h in response.hands] == [
        apb.AUDIT_STATUS_CLEAN, apb.AUDIT_STATUS_DUPLICATE, apb.AUDIT_STATUS_FINDINGS,
    ]  # fmt: skip
    assert response.hands[1].detail == "an identical copy of hand 1001 at a.txt:1: audited once"
    assert response.hands[2].findings[0].rule == "history.duplicate_hand"
    summary = response.summary
    assert (summary.hands, summary.clean, summary.duplicates, summary.findings) == (3, 1, 1, 1)
    assert summary.findings_by_rule["history.duplicate_hand"] == 1


def test_an_unknown_document_format_is_one_clear_message(server):
    """An AuditFormat number the contract does not define: INVALID_ARGUMENT
    ``documents[0].format: 99 is not a known AuditFormat``."""
    stub = audit_service_pb2_grpc.AuditServiceStub(server.channel)
    request = apb.AuditHandHistoriesRequest(
        documents=[apb.HandHistoryDocument(name="x", content=b"x", format=99)]
    )
    with pytest.raises(grpc.RpcError) as error:
        stub.AuditHandHistories(request, timeout=10)
    assert error.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert error.value.details() == "documents[0].format: 99 is not a known AuditFormat"


def _stream_message(name: str, text: str) -> apb.AuditHandHistoriesStreamRequest:
    return apb.AuditHandHistoriesStreamRequest(
        document=apb.HandHistoryDocument(name=name, content=text.encode())
    )


def _findings_total(running) -> float:
    import urllib.request

    from prometheus_client.parser import text_string_to_metric_families

    with urllib.request.urlopen(running.metrics_url, timeout=10) as reply:
        families = {f.name: f for f in text_string_to_metric_families(reply.read().decode())}
    family = families.get("floorman_rule_findings")
    return sum(s.value for s in family.samples if s.name.endswith("_total")) if family else 0.0


def test_a_stream_refused_over_its_document_limit_records_no_finding(server_factory):
    """README "floorman audit" (one call is one run) and transport/limits.py
    (``audit_documents``, 100 per stream): 150 documents with findings are refused
    INVALID_ARGUMENT at ``message[100]``; the 100 already audited write no ``rule_finding``
    line and add nothing to ``floorman_rule_findings_total``. The same server then records
    an accepted stream's findings (2 per hand)."""
    running = server_factory()
    stub = audit_service_pb2_grpc.AuditServiceStub(running.channel)
    wrong = DRAW_STARS.replace("Bob collected $0.98 from pot", "Bob collected $0.99 from pot")
    messages = (_stream_message(f"d{i}", wrong.replace("#1001", f"#{i + 1}")) for i in range(150))
    with pytest.raises(grpc.RpcError) as error:
        stub.AuditHandHistoriesStream(messages, timeout=60)
    assert error.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(error.value) == [
        ("message[100]", "at most 100 documents in one request (limit audit_documents); got 101")
    ]
    stream = "/floorman.v1.AuditService/AuditHandHistoriesStream"
    rpc = running.wait_for_log(lambda line: line.get("method") == stream)
    assert rpc["code"] == "INVALID_ARGUMENT"
    assert [line for line in running.logs() if line.get("event") == "rule_finding"] == []
    assert _findings_total(running) == 0
    accepted = stub.AuditHandHistoriesStream(iter([_stream_message("ok", wrong)]), timeout=60)
    assert accepted.summary.findings == 1
    # the server writes its log lines after the answer is on its way: wait for the call's own
    running.wait_for_log(lambda line: line.get("method") == stream and line["code"] == "OK")
    assert len([line for line in running.logs() if line.get("event") == "rule_finding"]) == 2
    assert _findings_total(running) == 2


def test_an_empty_stream_is_refused_like_an_empty_unary_request(server):
    """Like the unary call's ``documents: at least one document is needed``: a stream with
    no message is INVALID_ARGUMENT, field ``document``, never an OK empty summary."""
    stub = audit_service_pb2_grpc.AuditServiceStub(server.channel)
    with pytest.raises(grpc.RpcError) as error:
        stub.AuditHandHistoriesStream(iter([]), timeout=10)
    assert error.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(error.value) == [("document", "at least one document is needed")]
    with pytest.raises(grpc.RpcError) as unary:
        stub.AuditHandHistories(apb.AuditHandHistoriesRequest(), timeout=10)
    assert field_violations(unary.value) == [("documents", "at least one document is needed")]


def test_a_stream_message_without_a_document_is_refused_naming_the_message(server):
    """A stream message with no ``document`` is INVALID_ARGUMENT naming it
    (``message[1].document: a document is needed``), not an unreadable hand; an empty
    document's bytes stay what they are in the unary call (one history.unreadable hand)."""
    stub = audit_service_pb2_grpc.AuditServiceStub(server.channel)
    messages = [_stream_message("ok", DRAW_STARS), apb.AuditHandHistoriesStreamRequest()]
    with pytest.raises(grpc.RpcError) as error:
        stub.AuditHandHistoriesStream(iter(messages), timeout=10)
    assert error.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(error.value) == [("message[1].document", "a document is needed")]
    empty = stub.AuditHandHistoriesStream(iter([_stream_message("e", "")]), timeout=10)
    unary = stub.AuditHandHistories(_request(("e", "")), timeout=10)
    for answer in (empty, unary):
        assert [(f.rule, f.line) for h in answer.hands for f in h.findings] == [
            ("history.unreadable", 1)
        ]
