"""TableService over gRPC on the real server (observer role): registration, error statuses
with their rich details (DESIGN.md "Errors"), idempotent retries, redaction, export."""

from __future__ import annotations

import json
import random
import tomllib
import uuid

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2
from grpc_status import rpc_status

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.system.table_client import GrpcTable, play_hand, settings_pb

TABLE_SERVICE = "floorman.v1.TableService"


@pytest.fixture(scope="module")
def stub(server) -> tpb_grpc.TableServiceStub:
    """A TableService stub on the session server."""
    return tpb_grpc.TableServiceStub(server.channel)


def _details(error: grpc.RpcError) -> list:
    status = rpc_status.from_call(error)
    assert status is not None, error
    out = []
    for detail in status.details:
        for kind in (error_details_pb2.ErrorInfo, error_details_pb2.BadRequest):
            message = kind()
            if detail.Unpack(message):
                out.append(message)
    return out


def _table(stub, game: int = pb.GAME_SEVEN_CARD_STUD, players: int = 3) -> GrpcTable:
    table = GrpcTable.create(
        stub, settings_pb(game, small_bet=20, ante=5 if game != pb.GAME_FIVE_CARD_DRAW else 0)
    )
    for seat in range(1, players + 1):
        table.seat(seat, 1000, f"player-{seat}-{uuid.uuid4().hex[:6]}")
    return table


def test_table_service_is_served_with_health(server, health_stub):
    """TableService is registered and SERVING on the health service."""
    check = health_stub.Check(health_pb2.HealthCheckRequest(service=TABLE_SERVICE), timeout=5)
    assert check.status == health_pb2.HealthCheckResponse.SERVING


def test_create_get_list_over_grpc(stub):
    """CreateTable answers the table (defaults filled); GetTable and ListTables show it."""
    table = _table(stub)
    got = stub.GetTable(tpb.GetTableRequest(table_id=table.table_id), timeout=10).table
    assert got.status == tpb.TABLE_STATUS_OPEN and got.settings.max_seats == 8
    assert [s.seat for s in got.seats] == [1, 2, 3] and got.sequence == table.sequence
    listed = stub.ListTables(tpb.ListTablesRequest(page_size=1000), timeout=10)
    assert table.table_id in {t.table_id for t in listed.tables}


def test_malformed_settings_are_invalid_argument_with_field_violations(stub):
    """A missing game and a bring-in of the small bet come back as INVALID_ARGUMENT with
    BadRequest field violations naming ``settings.*`` and the rule id."""
    request = tpb.CreateTableRequest(request_id=uuid.uuid4().hex, settings=tpb.TableSettings())
    with pytest.raises(grpc.RpcError) as missing:
        stub.CreateTable(request, timeout=10)
    assert missing.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    bad, info = _details(missing.value)  # BadRequest, then ErrorInfo (issue 10 point 13)
    assert [v.field for v in bad.field_violations] == ["settings.game"]
    assert (info.reason, info.domain, info.metadata["field"]) == (
        "FIELD_VIOLATION",
        "floorman",
        "settings.game",
    )
    settings = tpb.TableSettings(game=pb.GAME_RAZZ, stakes=pb.Stakes(small_bet=10, bring_in=10))
    with pytest.raises(grpc.RpcError) as bring_in:
        stub.CreateTable(
            tpb.CreateTableRequest(request_id=uuid.uuid4().hex, settings=settings), timeout=10
        )
    bad, info = _details(bring_in.value)
    assert info.metadata["rule"] == "bring_in.amount"
    assert bad.field_violations[0].field == "settings.stakes.bring_in"
    assert bad.field_violations[0].description.startswith("bring_in.amount: ")


def test_unknown_table_and_hand_are_not_found(stub):
    """GetTable of an unknown table and GetHand of an unknown hand are NOT_FOUND."""
    with pytest.raises(grpc.RpcError) as table:
        stub.GetTable(tpb.GetTableRequest(table_id="no-such-table"), timeout=10)
    assert table.value.code() == grpc.StatusCode.NOT_FOUND
    known = _table(stub)
    with pytest.raises(grpc.RpcError) as hand:
        stub.GetHand(tpb.GetHandRequest(table_id=known.table_id, hand_id="nope"), timeout=10)
    assert hand.value.code() == grpc.StatusCode.NOT_FOUND


def test_taken_table_id_and_reused_request_id_are_already_exists(stub):
    """CreateTable of a taken id by another request, and a request id reused with another
    payload, are ALREADY_EXISTS (ErrorInfo TABLE_EXISTS / REQUEST_ID_CONFLICT)."""
    table = _table(stub)
    with pytest.raises(grpc.RpcError) as taken:
        stub.CreateTable(
            tpb.CreateTableRequest(request_id="other", table_id=table.table_id,
                                   settings=settings_pb(pb.GAME_RAZZ)),
            timeout=10,
        )  # fmt: skip
    assert taken.value.code() == grpc.StatusCode.ALREADY_EXISTS
    assert _details(taken.value)[0].reason == "TABLE_EXISTS"
    table.call("SitOut", request_id="same", seat=1)
    with pytest.raises(grpc.RpcError) as reused:
        table.call("SitOut", request_id="same", seat=2)
    assert reused.value.code() == grpc.StatusCode.ALREADY_EXISTS
    assert _details(reused.value)[0].reason == "REQUEST_ID_CONFLICT"


def test_stale_sequence_is_aborted_with_the_current_sequence(stub):
    """A write with a stale expected_sequence is ABORTED with ErrorInfo{SEQUENCE_MISMATCH,
    current_sequence}."""
    table = _table(stub)
    stale = table.sequence - 1
    with pytest.raises(grpc.RpcError) as aborted:
        table.call("SitOut", expected=stale, seat=1)
    assert aborted.value.code() == grpc.StatusCode.ABORTED
    (info,) = _details(aborted.value)
    assert (info.reason, info.domain) == ("SEQUENCE_MISMATCH", "floorman")
    assert info.metadata["current_sequence"] == str(table.sequence)
    assert info.metadata["expected_sequence"] == str(stale)


def test_refused_action_is_failed_precondition_and_a_finding_on_the_stream(stub):
    """RULES.md ``bring_in.player``: a stud action by the wrong seat is FAILED_PRECONDITION
    with ErrorInfo{RULE_VIOLATION, rule, seat, expected, actual}; the table's stream then
    carries the finding; the caller's expected_sequence still works."""
    table = _table(stub)
    hand = table.call("StartHand").hand
    bring_in = hand.state.seat_to_act
    wrong = next(s.seat for s in hand.state.seats if s.seat != bring_in)
    sequence = table.sequence
    with pytest.raises(grpc.RpcError) as refused:
        table.act(pb.Action(seat=wrong, type=pb.ACTION_TYPE_BRING_IN))
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    (info,) = _details(refused.value)
    assert (info.reason, info.metadata["rule"]) == ("RULE_VIOLATION", "bring_in.player")
    assert (info.metadata["seat"], info.metadata["expected"], info.metadata["actual"]) == (
        str(wrong), str(bring_in), str(wrong),
    )  # fmt: skip
    (event,) = table.events(sequence)
    assert event.finding.rule == "bring_in.player" and event.finding.seat == wrong
    assert event.hand_id == hand.hand_id
    entry = next(e for e in hand.legal_actions if e.type == pb.ACTION_TYPE_BRING_IN)
    table.sequence = sequence
    table.act(pb.Action(seat=bring_in, type=pb.ACTION_TYPE_BRING_IN, amount=entry.min_amount))


def test_retry_returns_the_first_response_bytes(stub):
    """A retried RecordAction (same request id and payload) answers exactly the first
    response and appends nothing."""
    table = _table(stub)
    hand = table.call("StartHand").hand
    seat = hand.state.seat_to_act
    entry = next(e for e in hand.legal_actions if e.type == pb.ACTION_TYPE_BRING_IN)
    action = pb.Action(seat=seat, type=pb.ACTION_TYPE_BRING_IN, amount=entry.min_amount)
    expected = table.sequence
    first = table.act(action, request_id="once")
    again = table.act(action, request_id="once", expected=expected)
    assert again.SerializeToString() == first.SerializeToString()
    assert table.table().sequence == first.table.sequence


def test_observer_sees_no_hole_cards_in_answers_or_hands(stub):
    """DESIGN.md redaction: with the server's default observer role, StartHand and GetHand
    show stud down cards as ``??`` and up cards in the clear."""
    table = _table(stub)
    hand = table.call("StartHand").hand
    for event in hand.events:
        hidden = all(card == "??" for card in event.deal.cards)
        assert hidden is (not event.deal.face_up)
    assert table.hand() == hand


def test_export_hand_history_answers_each_format_with_its_media_type(stub):
    """ExportHandHistory of a settled hand answers every format (DESIGN.md "Hand-history
    formats") with its media type and that format's text: PHH TOML with the standard code,
    an Open Hand History JSON object, a PokerStars-style hand; a hand in progress is
    refused with ``hand.in_progress`` and an unspecified format with INVALID_ARGUMENT."""
    table = _table(stub)
    hand = play_hand(table, random.Random(3))
    exports = {
        fmt: stub.ExportHandHistory(
            tpb.ExportHandHistoryRequest(table_id=table.table_id, hand_id=hand.hand_id, format=fmt),
            timeout=30,
        )
        for fmt in (
            tpb.HISTORY_FORMAT_PHH,
            tpb.HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON,
            tpb.HISTORY_FORMAT_POKERSTARS_TEXT,
        )
    }
    phh = exports[tpb.HISTORY_FORMAT_PHH]
    assert phh.media_type == "application/toml"
    assert tomllib.loads(phh.content)["variant"] == "F7S"
    ohh = exports[tpb.HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON]
    assert ohh.media_type == "application/json"
    assert json.loads(ohh.content)["ohh"]["game_number"] == hand.hand_id
    stars = exports[tpb.HISTORY_FORMAT_POKERSTARS_TEXT]
    assert stars.media_type == "text/plain"
    assert stars.content.startswith(f"PokerStars Hand #{hand.hand_number}:  7 Card Stud Limit")
    running = table.call("StartHand").hand
    request = tpb.ExportHandHistoryRequest(
        table_id=table.table_id, hand_id=running.hand_id, format=tpb.HISTORY_FORMAT_PHH
    )
    with pytest.raises(grpc.RpcError) as unsettled:
        stub.ExportHandHistory(request, timeout=30)
    assert unsettled.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert _details(unsettled.value)[0].metadata["rule"] == "hand.in_progress"
    with pytest.raises(grpc.RpcError) as unspecified:
        stub.ExportHandHistory(tpb.ExportHandHistoryRequest(table_id=table.table_id), timeout=30)
    assert unspecified.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_a_face_up_unknown_card_on_a_recorded_table_is_failed_precondition(stub):
    """docs/rules.md "A face-up card must be known": DealCards at a recorded stud table with a
    door card ``??`` is FAILED_PRECONDITION ErrorInfo{RULE_VIOLATION, rule card.unknown, seat}
    (the observer gets no card value); no deal is stored, and the same seat's deal with its
    door card known then succeeds at the same sequence."""
    table = GrpcTable.create(stub, settings_pb(pb.GAME_SEVEN_CARD_STUD, ante=5,
                                               mode=tpb.DEAL_MODE_RECORDED))  # fmt: skip
    for seat in (1, 2):
        table.seat(seat, 1000, f"player-{seat}-{uuid.uuid4().hex[:6]}")
    table.call("StartHand")
    sequence = table.sequence
    unknown = [pb.Deal(seat=1, cards=["??", "??"]), pb.Deal(seat=1, cards=["??"], face_up=True)]
    with pytest.raises(grpc.RpcError) as refused:
        table.call("DealCards", deals=unknown)
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    (info,) = _details(refused.value)
    assert (info.reason, info.metadata["rule"], info.metadata["seat"]) == (
        "RULE_VIOLATION", "card.unknown", "1"
    )  # fmt: skip
    assert not any(e.HasField("deal") for e in table.hand().events)
    table.sequence = sequence
    known = [pb.Deal(seat=1, cards=["??", "??"]), pb.Deal(seat=1, cards=["9c"], face_up=True)]
    hand = table.call("DealCards", deals=known).hand
    assert [(e.deal.seat, e.deal.face_up) for e in hand.events] == [(1, False), (1, True)]
