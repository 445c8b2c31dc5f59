"""Shared pieces of the store fault tests (issue 16 "Show"): writers that play back to back
over gRPC without client retries, and the checks every run ends with: every acknowledged
write is in the log exactly once, the write in flight is retried with its request id (its
first answer when it had landed), and the replayed state equals the served state."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from table_client import GrpcTable, choose, settings_pb

from floorman.app.tables.repository import TableRepository
from floorman.app.tables.views import hand_view, table_view
from floorman.domain.table.redaction import Role, Viewer
from floorman.store import open_store
from floorman.transport.table_converters import hand_view_to_pb, table_to_pb
from floorman.v1 import poker_pb2 as pb
from floorman_client import NO_RETRIES, Caller, FloormanRpcError, TableClient

WAIT_SECONDS = 90.0
START = "start"


def no_retry_table(stub: object, seats: int = 6) -> GrpcTable:
    """A seven-card stud table with ``seats`` players and a hand started, whose calls are
    sent once (an UNAVAILABLE reaches the test instead of being retried)."""
    settings = settings_pb(pb.GAME_SEVEN_CARD_STUD, small_bet=20, ante=5, seats=8)
    table = GrpcTable.create(stub, settings)
    for seat in range(1, seats + 1):
        table.seat(seat, 100_000, f"player-{seat}")
    table.call("StartHand")
    table.client = TableClient.from_stub(stub, caller=Caller(timeout=30.0, retry=NO_RETRIES))
    return table


@dataclass
class Writer:
    """One client playing one table back to back until a call fails (or ``stop`` is set):
    what it saw acknowledged ``(expected_sequence, action or START)`` and the call in flight
    ``(request_id, expected_sequence, action or None)`` when it failed."""

    table: GrpcTable
    seed: int
    acked: list[tuple[int, object]] = field(default_factory=list)
    acked_ids: list[str] = field(default_factory=list)
    in_flight: tuple[str, int, pb.Action | None] | None = None
    error: FloormanRpcError | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None

    def start(self) -> Writer:
        """Start writing in a daemon thread."""
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        return self

    def _run(self) -> None:
        rng = random.Random(self.seed)
        table = self.table
        hand = table.hand()
        while not self.stop.is_set():
            expected = table.sequence
            request_id = table.next_id()
            try:
                if hand.complete:
                    self.in_flight = (request_id, expected, None)
                    hand = table.call("StartHand", request_id=request_id).hand
                    self.acked.append((expected, START))
                    self.acked_ids.append(request_id)
                else:
                    action = choose(hand, rng)
                    self.in_flight = (request_id, expected, action)
                    hand = table.act(action, request_id=request_id).hand
                    self.acked.append((expected, action))
                    self.acked_ids.append(request_id)
                self.in_flight = None
            except FloormanRpcError as error:
                self.error = error
                return

    def join(self) -> None:
        """Wait for the writer's thread to end."""
        assert self.thread is not None
        self.thread.join(WAIT_SECONDS)
        assert not self.thread.is_alive(), "a writer is stuck"


def wait_until(condition: Callable[[], bool], what: str, timeout: float = WAIT_SECONDS) -> None:
    """Poll ``condition`` until it holds (no timed assertion: ``timeout`` only bounds a hang)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def health_of(channel: grpc.Channel, service: str) -> int:
    """The ``grpc.health.v1`` status of ``service`` on ``channel``."""
    stub = health_pb2_grpc.HealthStub(channel)
    return stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=30).status


def retry_in_flight(writer: Writer) -> bool:
    """Send the failed call again with its request id and expected sequence; returns
    whether it had landed before (then the retry answers the first answer: no new event).
    """
    table = writer.table
    assert writer.in_flight is not None
    request_id, expected, action = writer.in_flight
    before = table.table().sequence
    landed = before > expected
    if not landed:
        assert before == expected, "the table moved without an acknowledged write"
    table.sequence = expected
    if action is None:
        retried = table.call("StartHand", request_id=request_id)
    else:
        retried = table.act(action, request_id=request_id)
    if landed:
        assert retried.table.sequence == before  # the first answer, nothing appended
    else:
        assert retried.table.sequence > expected
    assert table.table().sequence == retried.table.sequence
    writer.acked.append((expected, START if action is None else action))
    table.sequence = retried.table.sequence
    return landed


def play_on(writer: Writer, *, hands: int = 1, seed: int = 99) -> None:
    """Finish the writer's hand and play ``hands`` more, recording every acknowledgement."""
    table, rng = writer.table, random.Random(seed)
    hand = table.hand()
    for _ in range(hands + 1):
        while not hand.complete:
            expected = table.sequence
            action = choose(hand, rng)
            hand = table.act(action).hand
            writer.acked.append((expected, action))
        if _ < hands:
            expected = table.sequence
            hand = table.call("StartHand").hand
            writer.acked.append((expected, START))
    assert hand.complete


def check_log(writer: Writer, store_url: str) -> None:
    """Every acknowledged write is at its sequence in the log, none twice (one event per
    acknowledged action), and the table and hand served equal a replay of the log."""
    table = writer.table
    events = table.events(0)
    assert [e.sequence for e in events] == list(range(1, len(events) + 1))
    by_sequence = {e.sequence: e for e in events}
    for expected, request in writer.acked:
        event = by_sequence[expected + 1]
        if request == START:
            assert event.HasField("hand_started"), f"acknowledged StartHand at {expected + 1}"
        else:
            assert isinstance(request, pb.Action)
            stored = event.action
            if request.type == pb.ACTION_TYPE_SHOW:  # the service fills in the cards shown
                stored = pb.Action(seat=stored.seat, type=stored.type)
            assert stored == request, f"acknowledged action missing at {expected + 1}"
    actions = sum(e.HasField("action") for e in events)
    assert actions == sum(request != START for _, request in writer.acked)
    with open_store(store_url) as store:
        replayed = TableRepository(store).load(table.table_id)
    assert table.table() == table_to_pb(table_view(replayed))
    if replayed.hand is not None:
        dealer = Viewer(Role.DEALER)
        assert table.hand() == hand_view_to_pb(hand_view(table.table_id, replayed.hand, dealer))
