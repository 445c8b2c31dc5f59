"""Crash test (issue 4 "Show"): the server is SIGKILLed in the middle of a burst of
RecordAction calls; restarted on the same store, every acknowledged action is there, none
twice, the table equals a replay of its log, and play continues. SQLite and PostgreSQL."""

from __future__ import annotations

import random
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
from table_client import GrpcTable, choose, play_hand, settings_pb, stub_for

from floorman.app.tables.repository import TableRepository
from floorman.app.tables.views import hand_view, table_view
from floorman.domain.table.redaction import Role, Viewer
from floorman.store import open_store
from floorman.transport.table_converters import hand_view_to_pb, table_to_pb
from floorman.v1 import poker_pb2 as pb
from tests.support.postgres import fresh_schema_url

ACKS_BEFORE_KILL = 40


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty store of each durable backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'crash.db'}"
    else:
        with fresh_schema_url("crash") as url:
            yield url


@dataclass
class Burst:
    """What the client saw: acknowledged writes ``(expected_sequence, request)`` and the one
    in flight when the server died."""

    acked: list[tuple[int, object]] = field(default_factory=list)
    in_flight: tuple[str, int, object] | None = None
    error: grpc.RpcError | None = None


def _burst(table: GrpcTable, burst: Burst, enough: threading.Event) -> None:
    rng = random.Random(1)
    hand = table.hand()
    while True:
        expected = table.sequence
        request_id = table.next_id()
        try:
            if hand.complete:
                burst.in_flight = ("StartHand", expected, None)
                hand = table.call("StartHand", request_id=request_id).hand
                burst.acked.append((expected, "start"))
            else:
                action = choose(hand, rng)
                burst.in_flight = (request_id, expected, action)
                hand = table.act(action, request_id=request_id).hand
                burst.acked.append((expected, action))
        except grpc.RpcError as error:
            burst.error = error
            return
        if len(burst.acked) >= ACKS_BEFORE_KILL:
            enough.set()


def test_sigkill_mid_burst_loses_and_repeats_nothing_and_play_continues(server_factory, store_url):
    """Kill -9 during a burst of actions; after a restart every acknowledged write is in the
    log at its sequence, none twice, GetTable/GetHand equal a replay of the log, the action
    in flight is safe to retry with its request id, and two more hands play out."""
    first = server_factory("--store", store_url, "--anonymous-role", "dealer")
    settings = settings_pb(pb.GAME_SEVEN_CARD_STUD, small_bet=20, ante=5, seats=8)
    table = GrpcTable.create(stub_for(first.channel), settings)
    for seat in range(1, 8):
        table.seat(seat, 100_000, f"player-{seat}")
    table.call("StartHand")
    burst = Burst()
    enough = threading.Event()
    client = threading.Thread(target=_burst, args=(table, burst, enough), daemon=True)
    client.start()
    assert enough.wait(60), "the burst did not get going"
    first.process.send_signal(signal.SIGKILL)  # the channel stays open: the client sees it
    assert first.process.wait(30) == -signal.SIGKILL
    client.join(30)
    assert burst.error is not None and burst.error.code() == grpc.StatusCode.UNAVAILABLE
    first.stop()

    second = server_factory("--store", store_url, "--anonymous-role", "dealer")
    stub = stub_for(second.channel)
    table.stub = stub
    events = table.events(0)
    assert [e.sequence for e in events] == list(range(1, len(events) + 1))
    by_sequence = {e.sequence: e for e in events}
    for expected, request in burst.acked:
        event = by_sequence[expected + 1]
        if request == "start":
            assert event.HasField("hand_started")
        else:
            stored = event.action
            if request.type == pb.ACTION_TYPE_SHOW:  # the service fills in the cards shown
                stored = pb.Action(seat=stored.seat, type=stored.type)
            assert stored == request, f"acknowledged action missing at {expected + 1}"
    actions = sum(e.HasField("action") for e in events)
    acked_actions = sum(request != "start" for _, request in burst.acked)
    name, expected, request = burst.in_flight
    committed = expected + 1 in by_sequence
    assert actions == acked_actions + (1 if committed and request is not None else 0)

    with open_store(store_url) as store:
        replayed = TableRepository(store).load(table.table_id)
    current = table.table()
    assert current == table_to_pb(table_view(replayed))
    if replayed.hand is not None:
        dealer = Viewer(Role.DEALER)
        assert table.hand() == hand_view_to_pb(hand_view(table.table_id, replayed.hand, dealer))

    table.sequence = expected
    if request is None:
        retried = table.call("StartHand", request_id=name)
    else:
        retried = table.act(request, request_id=name)
    assert retried.table.sequence >= current.sequence
    if committed:
        assert retried.table.sequence == current.sequence  # the first answer, nothing new
    hand = retried.hand
    rng = random.Random(2)
    while not hand.complete:
        hand = table.act(choose(hand, rng)).hand
    for _ in range(2):
        assert play_hand(table, rng).complete
    assert table.table().hand_count >= 3
    second.stop()
