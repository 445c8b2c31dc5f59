"""Two replicas on one PostgreSQL (issue 4 "Show"): actions for the same table alternate
between them and land in order; two terminals sending conflicting actions at once: exactly
one succeeds, the other gets ABORTED (SEQUENCE_MISMATCH with the current sequence); retries
with the same request id never double-apply."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from table_client import GrpcTable, choose, settings_pb, stub_for

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from tests.support.postgres import fresh_schema_url

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def replicas(server_factory) -> Iterator[list]:
    """Two servers on one fresh PostgreSQL schema (callers see cards as the dealer)."""
    with fresh_schema_url("replicas") as url:
        running = [server_factory("--store", url, "--anonymous-role", "dealer") for _ in range(2)]
        yield running
        for server in running:
            server.stop()


def _info(error: grpc.RpcError) -> error_details_pb2.ErrorInfo:
    status = rpc_status.from_call(error)
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    return info


def _table(replicas: list) -> tuple[GrpcTable, list]:
    stubs = [stub_for(server.channel) for server in replicas]
    table = GrpcTable.create(stubs[0], settings_pb(pb.GAME_FIVE_CARD_DRAW, small_bet=20))
    for seat in (1, 2, 3, 4):
        table.stub = stubs[seat % 2]
        table.seat(seat, 10_000, f"player-{seat}")
    return table, stubs


def test_actions_alternating_between_replicas_land_in_order(replicas):
    """Each action goes to the other replica than the last; each lands right after the
    previous one (its expected sequence + 1) and the log replays in send order."""
    table, stubs = _table(replicas)
    rng = random.Random(4)
    sent: list[tuple[int, pb.Action]] = []
    hand = table.call("StartHand").hand
    for turn in range(40):
        table.stub = stubs[turn % 2]
        if hand.complete:
            hand = table.call("StartHand").hand
            continue
        action = choose(hand, rng)
        sent.append((table.sequence, action))
        hand = table.act(action).hand
    table.stub = stubs[1]
    log = {e.sequence: e for e in table.events(0)}
    for expected, action in sent:
        stored = log[expected + 1].action
        if action.type == pb.ACTION_TYPE_SHOW:
            stored = pb.Action(seat=stored.seat, type=stored.type)
        assert stored == action
    assert stubs[0].GetTable(tpb.GetTableRequest(table_id=table.table_id)).table.sequence == max(
        log
    )


def _race(calls: list) -> list:
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        try:
            results[index] = calls[index]()
        except grpc.RpcError as error:
            results[index] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_conflicting_actions_on_two_replicas_one_wins_the_other_is_aborted(replicas):
    """Two terminals, one per replica, send different legal actions at the same sequence,
    ten times: exactly one succeeds; the other is ABORTED with SEQUENCE_MISMATCH and the
    table's current sequence."""
    table, stubs = _table(replicas)
    hand = table.call("StartHand").hand
    for round_ in range(10):
        while not hand.complete and pb.ACTION_TYPE_FOLD not in {
            e.type for e in hand.legal_actions
        }:  # the showdown: no fold to race with; give the hands up in turn
            muck = pb.Action(seat=hand.state.seat_to_act, type=pb.ACTION_TYPE_MUCK)
            hand = table.act(muck).hand
        if hand.complete:
            hand = table.call("StartHand").hand
        seat = hand.state.seat_to_act
        legal = [e for e in hand.legal_actions if e.type != pb.ACTION_TYPE_FOLD]
        other = legal[0]
        amount = other.min_amount if other.type in (pb.ACTION_TYPE_BET, pb.ACTION_TYPE_RAISE) else 0
        actions = [
            pb.Action(seat=seat, type=pb.ACTION_TYPE_FOLD),
            pb.Action(seat=seat, type=other.type, amount=amount),
        ]
        requests = [
            tpb.RecordActionRequest(
                table_id=table.table_id,
                expected_sequence=table.sequence,
                request_id=f"race-{round_}-{i}",
                action=actions[i],
            )
            for i in range(2)
        ]
        calls = [
            lambda stub=stub, request=request: stub.RecordAction(request, timeout=30)
            for stub, request in zip(stubs, requests, strict=True)
        ]
        results = _race(calls)
        wins = [r for r in results if not isinstance(r, grpc.RpcError)]
        losses = [r for r in results if isinstance(r, grpc.RpcError)]
        assert len(wins) == 1 and len(losses) == 1, results
        assert losses[0].code() == grpc.StatusCode.ABORTED
        info = _info(losses[0])
        assert (info.reason, info.domain) == ("SEQUENCE_MISMATCH", "floorman")
        assert int(info.metadata["current_sequence"]) >= wins[0].table.sequence
        table.sequence = wins[0].table.sequence
        hand = wins[0].hand


def test_same_request_sent_to_both_replicas_applies_once(replicas):
    """A request retried through the other replica at the same time lands once; both
    answers are the same bytes; a later retry gets them too."""
    table, stubs = _table(replicas)
    table.call("StartHand")
    hand = table.hand()
    action = pb.Action(seat=hand.state.seat_to_act, type=pb.ACTION_TYPE_CALL)
    request = tpb.RecordActionRequest(
        table_id=table.table_id, expected_sequence=table.sequence, request_id="twice", action=action
    )
    results = _race([lambda s=s: s.RecordAction(request, timeout=30) for s in stubs])
    assert not any(isinstance(r, grpc.RpcError) for r in results), results
    assert results[0].SerializeToString() == results[1].SerializeToString()
    later = stubs[0].RecordAction(request, timeout=30)
    assert later.SerializeToString() == results[0].SerializeToString()
    actions = [e for e in table.events(0) if e.HasField("action")]
    assert len(actions) == 1
