"""WatchTable over gRPC (issue 4 "Show"): every event in order, live, resumable from a
sequence without a gap or a repeat; it ends after a closed table's last event."""

from __future__ import annotations

import queue
import random
import threading

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.system.table_client import GrpcTable, play_hand, settings_pb


@pytest.fixture(scope="module")
def stub(server) -> tpb_grpc.TableServiceStub:
    """A TableService stub on the session server."""
    return tpb_grpc.TableServiceStub(server.channel)


def _stud_table(stub) -> GrpcTable:
    table = GrpcTable.create(stub, settings_pb(pb.GAME_RAZZ, small_bet=20, ante=5))
    for seat in (1, 2, 3):
        table.seat(seat, 500, f"watch-{seat}-{table.prefix}")
    return table


def test_watcher_that_disconnects_and_resumes_misses_nothing(stub):
    """A watcher reads part of the log, hangs up, play goes on, it resumes from the last
    sequence it saw: together it got every event exactly once, in order, equal to a full
    read."""
    table = _stud_table(stub)
    rng = random.Random(8)
    play_hand(table, rng)
    first_part = []
    stream = stub.WatchTable(tpb.WatchTableRequest(table_id=table.table_id), timeout=30)
    for item in stream:
        first_part.append(item.event)
        if len(first_part) == 10:
            stream.cancel()
            break
    for _ in range(2):
        play_hand(table, rng)
    rest = table.events(first_part[-1].sequence)
    combined = first_part + rest
    assert [e.sequence for e in combined] == list(range(1, table.table().sequence + 1))
    assert combined == table.events(0)


def test_watcher_receives_new_events_live(stub):
    """A watcher waiting at the end of the log gets each new event as it is appended."""
    table = _stud_table(stub)
    received: queue.Queue = queue.Queue()
    stream = stub.WatchTable(
        tpb.WatchTableRequest(table_id=table.table_id, after_sequence=table.sequence), timeout=60
    )

    def read() -> None:
        try:
            for item in stream:
                received.put(item.event)
        except grpc.RpcError:
            pass

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    start = table.sequence
    table.call("SitOut", seat=3)
    assert received.get(timeout=10).sat_out.seat == 3
    table.call("SitIn", seat=3)
    event = received.get(timeout=10)
    assert event.sat_in.seat == 3 and event.sequence == start + 2
    stream.cancel()
    reader.join(10)


def test_watch_of_a_closed_table_ends_after_its_last_event(stub):
    """After CloseTable the stream sends the cash-outs and TableClosed, then ends (OK)."""
    table = _stud_table(stub)
    table.call("CloseTable")
    events = list(stub.WatchTable(tpb.WatchTableRequest(table_id=table.table_id), timeout=30))
    kinds = [item.event.WhichOneof("kind") for item in events]
    assert kinds[-4:] == ["seat_left", "seat_left", "seat_left", "table_closed"]


def test_watch_unknown_table_or_negative_sequence_is_refused(stub):
    """An unknown table is NOT_FOUND; a negative after_sequence INVALID_ARGUMENT."""
    with pytest.raises(grpc.RpcError) as unknown:
        list(stub.WatchTable(tpb.WatchTableRequest(table_id="nobody-here"), timeout=10))
    assert unknown.value.code() == grpc.StatusCode.NOT_FOUND
    table = _stud_table(stub)
    request = tpb.WatchTableRequest(table_id=table.table_id, after_sequence=-1)
    with pytest.raises(grpc.RpcError) as negative:
        list(stub.WatchTable(request, timeout=10))
    assert negative.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.parametrize("beyond", [1, 10**15, 2**63 - 1])
def test_watch_from_beyond_the_last_sequence_is_out_of_range(stub, beyond):
    """README "Errors": WatchTable with ``after_sequence`` past the table's last sequence is
    refused at once with OUT_OF_RANGE (not a silent wait until the deadline), with
    ``ErrorInfo{SEQUENCE_OUT_OF_RANGE, last_sequence}`` and a field violation on
    ``after_sequence``; ``after_sequence`` equal to the last sequence still waits."""
    table = _stud_table(stub)
    last = table.sequence
    after = last + beyond if beyond == 1 else beyond
    request = tpb.WatchTableRequest(table_id=table.table_id, after_sequence=after)
    with pytest.raises(grpc.RpcError) as beyond_error:
        list(stub.WatchTable(request, timeout=10))
    error = beyond_error.value
    message = f"after_sequence {after} is beyond the table's last sequence {last}"
    assert (error.code(), error.details()) == (grpc.StatusCode.OUT_OF_RANGE, message)
    status = rpc_status.from_call(error)
    info, bad = error_details_pb2.ErrorInfo(), error_details_pb2.BadRequest()
    assert [d.Unpack(info) or d.Unpack(bad) for d in status.details] == [True, True]
    assert (info.reason, dict(info.metadata)) == (
        "SEQUENCE_OUT_OF_RANGE",
        {"last_sequence": str(last)},
    )
    assert [(v.field, v.description) for v in bad.field_violations] == [("after_sequence", message)]
    waiting = tpb.WatchTableRequest(table_id=table.table_id, after_sequence=last)
    with pytest.raises(grpc.RpcError) as waited:
        list(stub.WatchTable(waiting, timeout=0.5))
    assert waited.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED


def test_watch_of_a_holdem_table_shows_the_board_once_dealt_and_hides_hole_cards(stub):
    """WatchTable redaction for a community-card game (DESIGN.md; issue 11 point 4): an
    observer sees the board cards (seat 0, face up) as they are dealt, ``??`` for burns and
    for hole cards that were never shown."""
    table = GrpcTable.create(stub, settings_pb(pb.GAME_TEXAS_HOLDEM, small_bet=20))
    for seat in (1, 2, 3):
        table.seat(seat, 500, f"watch-{seat}-{table.prefix}")
    hand = play_hand(table, random.Random(3), aggression=0.0)
    stream = stub.WatchTable(tpb.WatchTableRequest(table_id=table.table_id), timeout=30)
    events = []
    for item in stream:
        events.append(item.event)
        if item.event.sequence == table.sequence:
            stream.cancel()
            break
    deals = [e.deal for e in events if e.WhichOneof("kind") == "deal"]
    shown = {c for e in events if e.WhichOneof("kind") == "action" for c in e.action.cards}
    board = [c for d in deals if d.seat == 0 and not d.burn for c in d.cards]
    assert board == list(hand.state.board) and "??" not in board and len(board) >= 3
    assert all(list(d.cards) == ["??"] for d in deals if d.burn)
    for d in deals:
        if d.seat:
            assert all(card == "??" or card in shown for card in d.cards)
