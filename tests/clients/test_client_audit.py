"""The Python client's AuditService and ExportHandHistory calls against the real server: a
hand played on a table, exported as PHH, audits clean; the same record with the pot paid to
the wrong seats audits with ``payout.amount`` and ``showdown.wrong_winner`` findings."""

from __future__ import annotations

import uuid

import pytest

from floorman.v1 import audit_service_pb2 as apb
from floorman_client import FloormanClient, TableSession
from floorman_client import messages as m
from tests.clients.client_support import BUY_IN, RECORDED_DRAW_HAND, SMALL_BET


@pytest.fixture(scope="module")
def client(server) -> FloormanClient:
    """A client on the session server's channel."""
    return FloormanClient(server.channel)


@pytest.fixture(scope="module")
def exported_phh(client) -> str:
    """The recorded Five Card Draw hand, played on a table and exported as PHH."""
    settings = m.table_settings("draw", small_bet=SMALL_BET, deal_mode="recorded")
    session = TableSession.create(
        client.tables, settings=settings, table_id=f"audit-{uuid.uuid4().hex[:10]}"
    )
    for seat in (1, 2, 3):
        session.seat_player(seat=seat, player_id=f"p{seat}", buy_in=BUY_IN)
    hand = session.start_hand().hand
    for kind, step in RECORDED_DRAW_HAND:
        hand = (session.deal_cards(step) if kind == "deal" else session.record_action(step)).hand
    export = client.tables.export_hand_history(
        table_id=session.table_id, hand_id=hand.hand_id, format="phh"
    )
    assert export.media_type == "application/toml"
    return export.content


def _misdealt(phh: str) -> str:
    """The record with the 160 pot split between seats 2 and 3 (PHH players in seat order
    2, 3, 1)."""
    paid_wrong = phh.replace("winnings = [160, 0, 0]", "winnings = [80, 80, 0]")
    assert paid_wrong != phh
    return paid_wrong


def test_exported_hand_audits_clean(client, exported_phh):
    """A hand the service settled, exported as PHH, audits clean."""
    answer = client.audit.audit_hand_histories(documents=[m.document("hand.phh", exported_phh)])
    (audit,) = answer.hands
    assert (audit.status, audit.format, audit.document_name) == (
        apb.AUDIT_STATUS_CLEAN, apb.AUDIT_FORMAT_PHH, "hand.phh",
    )  # fmt: skip
    assert list(audit.findings) == []


def test_wrong_payout_audits_with_rule_findings_through_the_stream(client, exported_phh):
    """RULES.md settlement (``payout.amount``, ``showdown.wrong_winner``): the misdealt
    record, streamed from a generator after the clean one, gets both findings with seats and
    amounts, after ``history.duplicate_hand`` (the same hand number as the first document,
    other content: docs/rules.md "Every hand is audited"); the summary counts them by
    rule."""
    documents = (
        m.document(name, text, format="phh")
        for name, text in (("good.phh", exported_phh), ("bad.phh", _misdealt(exported_phh)))
    )
    answer = client.audit.audit_hand_histories_stream(documents=documents)
    good, bad = answer.hands
    assert good.status == apb.AUDIT_STATUS_CLEAN
    assert (bad.status, bad.document_index) == (apb.AUDIT_STATUS_FINDINGS, 1)
    assert [(f.rule, f.seat, f.expected, f.actual) for f in bad.findings] == [
        ("history.duplicate_hand", 0, "", ""),
        ("payout.amount", 2, "160", "80"),
        ("showdown.wrong_winner", 3, "0", "80"),
    ]
    assert "good.phh" in bad.findings[0].message
    assert dict(answer.summary.findings_by_rule) == {
        "history.duplicate_hand": 1,
        "payout.amount": 1,
        "showdown.wrong_winner": 1,
    }
    assert (answer.summary.hands, answer.summary.clean, answer.summary.findings) == (2, 1, 1)
