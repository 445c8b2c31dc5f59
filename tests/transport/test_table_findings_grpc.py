"""Live-table findings and store metrics on a dedicated real server (issue 5 item 3; DESIGN.md
"Conventions": metrics and one log line per rule finding).

The server is dedicated so counter values and log lines are exact: the shared session server
also serves other tests.
"""

from __future__ import annotations

import re
import urllib.request

import grpc
import pytest
from prometheus_client.parser import text_string_to_metric_families

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from tests.system.table_client import GrpcTable, settings_pb, stub_for

FINDINGS = "floorman_rule_findings_total"
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")


def _samples(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """``{(sample name, sorted labels): value}`` of the Prometheus text at ``url``."""
    with urllib.request.urlopen(url, timeout=10) as response:
        text = response.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _finding_count(url: str, game: str, rule: str) -> float:
    key = (FINDINGS, (("game", game), ("rule", rule)))
    return _samples(url).get(key, 0.0)


@pytest.fixture(scope="module")
def running(server_factory):
    """A dedicated server."""
    return server_factory()


@pytest.fixture(scope="module")
def stud_hand(running):
    """A Seven Card Stud table (3 players, ante 5, 10/20) with its first hand started and
    the bring-in posted: ``(table, hand after the bring-in, sequence before the refusal)``."""
    table = GrpcTable.create(
        stub_for(running.channel), settings_pb(pb.GAME_SEVEN_CARD_STUD, ante=5)
    )
    for seat in (1, 2, 3):
        table.seat(seat, 1000, f"p{seat}")
    hand = table.call("StartHand").hand
    bring_in = next(e for e in hand.legal_actions if e.type == pb.ACTION_TYPE_BRING_IN)
    seat = hand.state.seat_to_act
    hand = table.act(
        pb.Action(seat=seat, type=pb.ACTION_TYPE_BRING_IN, amount=bring_in.min_amount)
    ).hand
    return table, hand


def test_refused_record_action_is_counted_logged_once_and_streamed(running, stud_hand):
    """RULES.md ``turn.out_of_turn``: a RecordAction by a seat not to act is
    FAILED_PRECONDITION, adds exactly 1 to
    ``floorman_rule_findings_total{game="seven_card_stud",rule="turn.out_of_turn"}`` on
    /metrics, logs exactly one ``rule_finding`` line (rule, table_id, hand_id, seat, event
    index, no card), and the WatchTable stream carries the finding."""
    table, hand = stud_hand
    to_act = hand.state.seat_to_act
    wrong = next(s.seat for s in hand.state.seats if s.seat != to_act)
    before = _finding_count(running.metrics_url, "seven_card_stud", "turn.out_of_turn")
    sequence = table.sequence
    with pytest.raises(grpc.RpcError) as refused:
        table.act(pb.Action(seat=wrong, type=pb.ACTION_TYPE_CALL))
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    after = _finding_count(running.metrics_url, "seven_card_stud", "turn.out_of_turn")
    assert after - before == 1

    (event,) = table.events(sequence)
    assert event.WhichOneof("kind") == "finding" and event.hand_id == hand.hand_id
    assert (event.finding.rule, event.finding.seat) == ("turn.out_of_turn", wrong)
    assert event.finding.event_index == len(hand.events)

    line = running.wait_for_log(
        lambda entry: (
            entry.get("event") == "rule_finding" and entry.get("table_id") == table.table_id
        )
    )
    lines = [
        entry
        for entry in running.logs()
        if entry.get("event") == "rule_finding" and entry.get("table_id") == table.table_id
    ]
    assert lines == [line]
    assert (line["rule"], line["game"], line["hand_id"], line["seat"]) == (
        "turn.out_of_turn", "seven_card_stud", hand.hand_id, wrong,
    )  # fmt: skip
    assert line["event_index"] == event.finding.event_index
    assert line["sequence"] == event.sequence == sequence + 1
    assert (line["expected"], line["actual"]) == (str(to_act), str(wrong))
    assert not CARD.search(" ".join(str(value) for value in line.values()))


def test_retried_refusal_is_not_counted_again(running, stud_hand):
    """A refused RecordAction retried with the same request id is refused again but counted
    and logged once (the finding is recorded once)."""
    table, hand = stud_hand
    to_act = hand.state.seat_to_act
    wrong = next(s.seat for s in hand.state.seats if s.seat != to_act)
    before = _finding_count(running.metrics_url, "seven_card_stud", "turn.out_of_turn")
    for _ in range(2):
        with pytest.raises(grpc.RpcError) as refused:
            table.act(pb.Action(seat=wrong, type=pb.ACTION_TYPE_FOLD), request_id="twice")
        assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    after = _finding_count(running.metrics_url, "seven_card_stud", "turn.out_of_turn")
    assert after - before == 1


def test_store_calls_are_timed_by_backend_and_operation(running, stud_hand):
    """``floorman_store_operation_seconds{backend="sqlite",operation}`` counts the table's
    appends and reads; a missing table adds one
    ``floorman_store_errors_total{error="table_not_found"}``; the failure series
    ``error="unavailable"`` exists at 0."""
    table, _ = stud_hand
    samples = _samples(running.metrics_url)
    appends = (
        "floorman_store_operation_seconds_count",
        (("backend", "sqlite"), ("operation", "append")),
    )
    assert samples[appends] >= 3  # three seats, the start, the bring-in, the finding
    unavailable = (
        "floorman_store_errors_total",
        (("backend", "sqlite"), ("error", "unavailable"), ("operation", "append")),
    )
    assert samples[unavailable] == 0
    missing = [
        value
        for (name, labels), value in samples.items()
        if name == "floorman_store_errors_total" and ("error", "table_not_found") in labels
    ]
    with pytest.raises(grpc.RpcError) as not_found:
        table.stub.GetTable(tpb.GetTableRequest(table_id="no-such-table"), timeout=10)
    assert not_found.value.code() == grpc.StatusCode.NOT_FOUND
    after = [
        value
        for (name, labels), value in _samples(running.metrics_url).items()
        if name == "floorman_store_errors_total" and ("error", "table_not_found") in labels
    ]
    assert sum(after) - sum(missing) == 1
