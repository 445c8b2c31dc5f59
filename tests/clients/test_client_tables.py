"""The Python client's TableService calls against the real server: a whole recorded hand with
exact stacks, refusals as exceptions carrying the rule id / current sequence, retries that
reuse the request id and never apply a write twice, and a WatchTable that resumes after a cut
without a gap or a repeat."""

from __future__ import annotations

import re
import socket
import threading
import time
import uuid

import grpc
import pytest

from floorman.v1 import table_service_pb2 as tpb
from floorman_client import (
    Caller,
    FloormanClient,
    NotFoundError,
    RequestIdConflictError,
    RetryPolicy,
    RuleViolationError,
    SequenceMismatchError,
    TableClient,
    TableExistsError,
    TableSession,
    UnavailableError,
)
from floorman_client import messages as m
from tests.clients.client_support import (
    BUY_IN,
    FINAL_STACKS,
    RECORDED_DRAW_HAND,
    SETTLED_POT,
    SMALL_BET,
    CutStreams,
    LoseAnswers,
)

RECORD_ACTION = "/floorman.v1.TableService/RecordAction"
HAND_KINDS = [
    "hand_started", "deal", "deal", "deal", "action", "action", "action", "action", "deal",
    "action", "deal", "action", "action", "action", "action", "hand_settled",
]  # fmt: skip


@pytest.fixture(scope="module")
def client(server) -> FloormanClient:
    """A client on the session server's channel."""
    return FloormanClient(server.channel)


def _seated(tables: TableClient, *, mode: str = "recorded") -> TableSession:
    """A Five Card Draw table (10/20 fixed limit) with seats 1-3 bought in for 1000."""
    settings = m.table_settings("draw", small_bet=SMALL_BET, deal_mode=mode, name="client-test")
    session = TableSession.create(tables, settings=settings, table_id=f"c-{uuid.uuid4().hex[:12]}")
    for seat in (1, 2, 3):
        session.seat_player(seat=seat, player_id=f"p{seat}", buy_in=BUY_IN)
    return session


def _play(session: TableSession, steps=RECORDED_DRAW_HAND) -> tpb.HandView:
    hand = session.start_hand().hand
    for kind, step in steps:
        answer = session.deal_cards(step) if kind == "deal" else session.record_action(step)
        hand = answer.hand
    return hand


def test_recorded_hand_settles_to_exact_stacks_and_the_log_holds_it_in_order(client):
    """RULES.md Five Card Draw and settlement: the recorded hand pays the 160 pot to seat 2
    (1000 / 1080 / 920); the table's log holds each event once, in order."""
    session = _seated(client.tables)
    hand = _play(session)
    assert hand.complete
    assert [(p.amount, list(p.winner_seats)) for p in hand.result.pots] == [(SETTLED_POT, [2])]
    assert {s.seat: s.stack for s in hand.result.final_stacks} == FINAL_STACKS
    table = session.refresh()
    assert {s.seat: s.stack for s in table.seats} == FINAL_STACKS
    assert table.hand_count == 1 and table.current_hand_id == ""
    events = session.watch().until(session.sequence)
    assert [e.sequence for e in events] == list(range(1, session.sequence + 1))
    kinds = [e.WhichOneof("kind") for e in events]
    assert kinds == ["table_created", *["player_seated"] * 3, *HAND_KINDS]


def test_out_of_turn_action_raises_rule_violation_and_the_sequence_stays_valid(client):
    """RULES.md ``turn.out_of_turn``: seat 3 acting first is RuleViolationError(rule, seat 3,
    expected 1, actual 3); it becomes a finding on the stream, and the session's sequence
    still works for the legal action."""
    session = _seated(client.tables)
    hand = session.start_hand().hand
    hand = session.deal_cards(RECORDED_DRAW_HAND[0][1]).hand
    before = session.sequence
    with pytest.raises(RuleViolationError) as caught:
        session.record_action(m.action("check", seat=3))
    error = caught.value
    assert (error.rule, error.seat, error.expected, error.actual) == (
        "turn.out_of_turn", 3, "1", "3",
    )  # fmt: skip
    assert error.code() is grpc.StatusCode.FAILED_PRECONDITION and error.attempts == 1
    assert re.fullmatch(r"[0-9a-f]{32}", error.request_id)
    assert session.sequence == before
    (finding,) = session.watch(after_sequence=before).until(before + 1)
    assert (finding.finding.rule, finding.finding.seat, finding.hand_id) == (
        "turn.out_of_turn", 3, hand.hand_id,
    )  # fmt: skip
    assert session.record_action(m.action("fold", seat=1)).hand.state.seat_to_act == 2


def test_stale_expected_sequence_raises_sequence_mismatch_with_the_current_one(client):
    """A write with an old expected_sequence is SequenceMismatchError(current_sequence),
    never retried."""
    session = _seated(client.tables)
    with pytest.raises(SequenceMismatchError) as caught:
        client.tables.sit_out(
            table_id=session.table_id, expected_sequence=session.sequence - 2, seat=1
        )
    assert caught.value.current_sequence == session.sequence
    assert caught.value.expected_sequence == session.sequence - 2
    assert caught.value.attempts == 1


def test_lost_answer_is_retried_with_the_same_request_id_and_applied_once(server):
    """The first RecordAction reaches the server but its answer is lost (UNAVAILABLE): the
    client sends it again with the same request id and gets the first answer; the log holds
    the action once."""
    lose = LoseAnswers(RECORD_ACTION)
    channel = grpc.intercept_channel(server.channel, lose)
    tables = TableClient(channel, caller=Caller(retry=RetryPolicy(initial_backoff=0.01)))
    session = _seated(tables)
    session.start_hand()
    session.deal_cards(RECORDED_DRAW_HAND[0][1])
    before = session.sequence
    answer = session.record_action(m.action("fold", seat=1))
    first, second = lose.requests
    assert first == second and first.request_id
    assert answer.table.sequence == before + 1 == session.sequence
    events = session.watch(after_sequence=before).until(before + 1)
    assert [e.action.seat for e in events] == [1]
    assert session.refresh().sequence == before + 1


def test_explicit_request_id_repeat_returns_the_first_answer_and_conflicts_on_change(client):
    """The same request id and payload answers the first answer byte for byte and appends
    nothing; the same id with another payload is RequestIdConflictError."""
    session = _seated(client.tables)
    expected = session.sequence
    first = client.tables.sit_out(
        table_id=session.table_id, expected_sequence=expected, seat=2, request_id="sit-2"
    )
    again = client.tables.sit_out(
        table_id=session.table_id, expected_sequence=expected, seat=2, request_id="sit-2"
    )
    assert again.SerializeToString() == first.SerializeToString()
    assert session.refresh().sequence == first.table.sequence == expected + 1
    with pytest.raises(RequestIdConflictError):
        client.tables.sit_out(
            table_id=session.table_id, expected_sequence=expected, seat=3, request_id="sit-2"
        )


def test_unreachable_server_exhausts_retries_and_names_the_request_id():
    """Nothing listening: UnavailableError after the policy's attempts, carrying the request
    id the write used (send it again with that id once the server is back)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    retry = RetryPolicy(max_attempts=3, initial_backoff=0.01)
    offline = FloormanClient.connect(f"127.0.0.1:{port}", retry=retry, timeout=10)
    with offline, pytest.raises(UnavailableError) as caught:
        offline.tables.start_hand(table_id="t1", expected_sequence=0, request_id="start-1")
    assert (caught.value.attempts, caught.value.request_id) == (3, "start-1")


def test_unknown_table_is_not_found_and_a_taken_id_is_table_exists(client):
    """GetTable of an unknown id is NotFoundError; CreateTable of a taken id by another
    request is TableExistsError."""
    with pytest.raises(NotFoundError):
        client.tables.get_table(table_id="no-such-table")
    session = _seated(client.tables)
    with pytest.raises(TableExistsError):
        client.tables.create_table(
            settings=m.table_settings("razz", small_bet=20), table_id=session.table_id
        )


def test_watch_resumes_after_a_cut_without_gap_or_repeat(server):
    """A stream cut with UNAVAILABLE after 5 events is reopened after sequence 5: every event
    once, in order."""
    cut = CutStreams(after=5)
    channel = grpc.intercept_channel(server.channel, cut)
    tables = TableClient(channel, caller=Caller(retry=RetryPolicy(initial_backoff=0.01)))
    session = _seated(tables)
    _play(session)
    watch = session.watch(timeout=30)
    events = watch.until(session.sequence)
    assert [e.sequence for e in events] == list(range(1, session.sequence + 1))
    assert watch.reconnects == 1
    assert [request.after_sequence for request in cut.opened] == [0, 5]


def test_live_watch_sees_a_hand_as_it_is_played_and_cancel_ends_it(client):
    """A watcher subscribed at the table's sequence receives the hand's events in order as
    they are recorded; cancel() from another thread ends the iteration cleanly."""
    session = _seated(client.tables)
    start = session.sequence
    watch = session.watch(after_sequence=start)
    received: list[tpb.TableEvent] = []
    reader = threading.Thread(target=lambda: received.extend(watch), daemon=True)
    reader.start()
    _play(session)
    for _ in range(400):  # up to 20 s for the stream to catch up
        if len(received) >= session.sequence - start:
            break
        time.sleep(0.05)
    watch.cancel()
    reader.join(10)
    assert not reader.is_alive()
    assert [e.sequence for e in received] == list(range(start + 1, session.sequence + 1))
    assert [e.WhichOneof("kind") for e in received] == HAND_KINDS


def test_iter_tables_follows_the_pages(client):
    """iter_tables reads every page: the tables just created are all listed once."""
    created = {_seated(client.tables).table_id for _ in range(3)}
    listed = [t.table_id for t in client.tables.iter_tables(page_size=2)]
    assert created <= set(listed) and len(listed) == len(set(listed))
