"""The client processes of the load test (:mod:`bench.load_bench`): evaluation clients,
table clients and WatchTable subscribers, each on its own gRPC channel, timed per call.

A process imports gRPC, tells the parent it is ready, waits for the server address and a
common start time, runs its clients until ``spec.seconds`` have passed, and sends back a
:class:`ProcessResult` (latencies per RPC after the warm-up, status codes, hands played,
events watched, and any client failure).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from typing import Any

WARM_UP_SECONDS = 2.0
STACK = 1_000_000
SMALL_BET = 20
EXPECTED: frozenset[tuple[str, str]] = frozenset(
    {
        ("EvaluateHand", "INVALID_ARGUMENT"),
        ("CompareHands", "INVALID_ARGUMENT"),
        ("RecordAction", "FAILED_PRECONDITION"),
    }
)
"""(rpc, status code) pairs the clients provoke on purpose."""
GAMES = (
    # (floorman.v1.Game value, cards per hand, ante)
    (1, 5, 0),  # Five Card Draw 7-A
    (2, 5, 0),  # Five Card Draw
    (3, 7, 5),  # Seven Card Stud
    (4, 7, 5),  # Razz
    (5, 7, 5),  # Seven Card Stud Hi-Lo
    (6, 5, 5),  # Five Card Stud
)
TABLE_GAMES = (3, 2, 4, 6)


@dataclass(frozen=True, slots=True)
class LoadSpec:
    """What one client process runs (``address`` is filled in, with the start time, once
    the server is up: the processes start while the server does)."""

    tokens: dict[str, str]
    first_client: int
    eval_clients: int
    table_clients: int
    watchers: int
    seconds: float
    eval_think: float
    table_think: float
    address: str = ""


@dataclass
class ProcessResult:
    """What one client process measured."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    codes: Counter[tuple[str, str]] = field(default_factory=Counter)
    address: str = ""
    start_at: float = 0.0
    hands: int = 0
    watched_events: int = 0
    failure: str = ""


def _cards(rng: random.Random, count: int, low_rank: int = 0) -> list[str]:
    deck = [f"{r}{s}" for r in "23456789TJQKA"[low_rank:] for s in "cdhs"]
    return rng.sample(deck, count)


class _Calls:
    """Timed calls of one client process."""

    def __init__(self, result: ProcessResult, record_from: float) -> None:
        self.result = result
        self.record_from = record_from

    async def __call__(self, name: str, method: Any, request: Any, token: str) -> Any:
        import grpc

        started = time.perf_counter()
        try:
            answer = await method(
                request, metadata=(("authorization", f"Bearer {token}"),), timeout=30
            )
        except grpc.aio.AioRpcError as error:
            self.result.codes[(name, error.code().name)] += 1
            return None
        if time.monotonic() >= self.record_from:
            self.result.latencies[name].append(time.perf_counter() - started)
        self.result.codes[(name, "OK")] += 1
        return answer


def _choose(hand: Any, rng: random.Random) -> Any:
    """A random legal action of the seat to act (the dealer sees the hole cards)."""
    from floorman.v1 import poker_pb2 as pb

    seat = hand.state.seat_to_act
    legal = {entry.type: entry for entry in hand.legal_actions}
    if pb.ACTION_TYPE_SHOW in legal:
        return pb.Action(seat=seat, type=pb.ACTION_TYPE_SHOW)
    if pb.ACTION_TYPE_DRAW in legal:
        held: list[str] = []
        for event in hand.events:
            if event.HasField("deal") and event.deal.seat == seat and not event.deal.burn:
                held.extend(event.deal.cards)
        count = rng.randint(0, 2)
        return pb.Action(seat=seat, type=pb.ACTION_TYPE_DRAW, cards=rng.sample(held, count))
    for kind in (pb.ACTION_TYPE_BRING_IN, pb.ACTION_TYPE_CHECK, pb.ACTION_TYPE_CALL):
        if kind in legal and rng.random() < 0.85:
            return pb.Action(seat=seat, type=kind, amount=legal[kind].min_amount)
    sized = [
        e
        for e in hand.legal_actions
        if e.type
        in (
            pb.ACTION_TYPE_BET,
            pb.ACTION_TYPE_RAISE,
            pb.ACTION_TYPE_COMPLETE,
            pb.ACTION_TYPE_BRING_IN,
        )
    ]
    if sized:
        entry = rng.choice(sized)
        return pb.Action(seat=seat, type=entry.type, amount=entry.min_amount)
    if pb.ACTION_TYPE_CALL in legal:
        return pb.Action(seat=seat, type=pb.ACTION_TYPE_CALL)
    if pb.ACTION_TYPE_CHECK in legal:
        return pb.Action(seat=seat, type=pb.ACTION_TYPE_CHECK)
    return pb.Action(seat=seat, type=pb.ACTION_TYPE_FOLD)


async def _eval_client(spec: LoadSpec, index: int, calls: _Calls, stop: float) -> None:
    import grpc

    from floorman.v1 import poker_pb2 as pb
    from floorman.v1 import rules_service_pb2 as rpb
    from floorman.v1 import rules_service_pb2_grpc as rpb_grpc

    rng = random.Random(index)
    token = spec.tokens["observer"]
    options = [("grpc.use_local_subchannel_pool", 1)]
    async with grpc.aio.insecure_channel(spec.address, options=options) as channel:
        stub = rpb_grpc.RulesServiceStub(channel)
        while time.monotonic() < stop:
            game, size, _ = rng.choice(GAMES)
            low = 5 if game == 1 else 0  # 7-A draw: the 32-card deck
            if rng.random() < 0.5:
                cards = _cards(rng, size, low)
                if rng.random() < 0.02:
                    cards[0] = "Zz"  # a malformed card on purpose
                await calls(
                    "EvaluateHand",
                    stub.EvaluateHand,
                    rpb.EvaluateHandRequest(game=game, cards=cards),
                    token,
                )
            else:
                players = rng.randint(2, 4)
                dealt = _cards(rng, players * size, low)
                hands = [pb.Hand(cards=dealt[n * size : (n + 1) * size]) for n in range(players)]
                if rng.random() < 0.02:
                    hands[0].cards[0] = "1x"
                await calls(
                    "CompareHands",
                    stub.CompareHands,
                    rpb.CompareHandsRequest(game=game, hands=hands),
                    token,
                )
            await asyncio.sleep(spec.eval_think * rng.uniform(0.5, 1.5))


async def _watch(stub: Any, table_id: str, token: str, result: ProcessResult, stop: float):
    import grpc

    from floorman.v1 import table_service_pb2 as tpb

    call = stub.WatchTable(
        tpb.WatchTableRequest(table_id=table_id),
        metadata=(("authorization", f"Bearer {token}"),),
        timeout=max(1.0, stop - time.monotonic() + 5),
    )
    try:
        async for _ in call:
            result.watched_events += 1
            if time.monotonic() >= stop:
                break
    except grpc.aio.AioRpcError as error:
        result.codes[("WatchTable", error.code().name)] += 1
        return
    call.cancel()
    result.codes[("WatchTable", "OK")] += 1


async def _table_client(
    spec: LoadSpec, index: int, calls: _Calls, stop: float, *, watch: bool
) -> None:
    import grpc

    from floorman.v1 import poker_pb2 as pb
    from floorman.v1 import table_service_pb2 as tpb
    from floorman.v1 import table_service_pb2_grpc as tpb_grpc

    rng = random.Random(1000 + index)
    table_id = f"load-{index}"
    dealer = spec.tokens["dealer"]
    options = [("grpc.use_local_subchannel_pool", 1)]
    async with grpc.aio.insecure_channel(spec.address, options=options) as channel:
        stub = tpb_grpc.TableServiceStub(channel)
        game = TABLE_GAMES[index % len(TABLE_GAMES)]
        ante = 5 if game != 2 else 0
        settings = tpb.TableSettings(
            name=f"load {index}",
            game=game,
            deal_mode=tpb.DEAL_MODE_SERVICE_DEALT,
            stakes=pb.Stakes(small_bet=SMALL_BET, ante=ante),
        )
        created = await calls(
            "CreateTable",
            stub.CreateTable,
            tpb.CreateTableRequest(
                request_id=f"create-{table_id}", table_id=table_id, settings=settings
            ),
            spec.tokens["admin"],
        )
        if created is None:
            return
        sequence = created.table.sequence
        counter = 0

        def request_id() -> str:
            nonlocal counter
            counter += 1
            return f"{table_id}-{counter}"

        for seat in (1, 2, 3):
            seated = await calls(
                "SeatPlayer",
                stub.SeatPlayer,
                tpb.SeatPlayerRequest(
                    table_id=table_id,
                    expected_sequence=sequence,
                    request_id=request_id(),
                    seat=seat,
                    player_id=f"p{seat}",
                    buy_in=STACK,
                ),
                dealer,
            )
            if seated is None:
                return
            sequence = seated.table.sequence
        watcher = None
        if watch:
            watcher = asyncio.ensure_future(
                _watch(stub, table_id, spec.tokens["auditor"], calls.result, stop)
            )
        steps = 0
        while time.monotonic() < stop:
            started = await calls(
                "StartHand",
                stub.StartHand,
                tpb.StartHandRequest(
                    table_id=table_id, expected_sequence=sequence, request_id=request_id()
                ),
                dealer,
            )
            if started is None:
                break
            sequence, hand = started.table.sequence, started.hand
            while not hand.complete and time.monotonic() < stop:
                await asyncio.sleep(spec.table_think * rng.uniform(0.8, 1.2))
                steps += 1
                if rng.random() < 0.03:  # out of turn, on purpose
                    wrong = next(
                        s.seat for s in hand.config.seats if s.seat != hand.state.seat_to_act
                    )
                    await calls(
                        "RecordAction",
                        stub.RecordAction,
                        tpb.RecordActionRequest(
                            table_id=table_id,
                            expected_sequence=sequence,
                            request_id=request_id(),
                            action=pb.Action(seat=wrong, type=pb.ACTION_TYPE_FOLD),
                        ),
                        dealer,
                    )
                if steps % 10 == 0:
                    await calls(
                        "GetHand",
                        stub.GetHand,
                        tpb.GetHandRequest(table_id=table_id, hand_id=hand.hand_id),
                        spec.tokens["observer"],
                    )
                acted = await calls(
                    "RecordAction",
                    stub.RecordAction,
                    tpb.RecordActionRequest(
                        table_id=table_id,
                        expected_sequence=sequence,
                        request_id=request_id(),
                        action=_choose(hand, rng),
                    ),
                    dealer,
                )
                if acted is None:
                    break
                sequence, hand = acted.table.sequence, acted.hand
            if hand.complete:
                calls.result.hands += 1
        if watcher is not None:
            await watcher


async def _run_clients(spec: LoadSpec, address: str, start_at: float) -> ProcessResult:
    spec = replace(spec, address=address)
    result = ProcessResult(address=address, start_at=start_at)
    await asyncio.sleep(max(0.0, start_at - time.time()))
    begin = time.monotonic()
    calls = _Calls(result, begin + WARM_UP_SECONDS)
    stop = begin + spec.seconds
    tasks = [
        _eval_client(spec, spec.first_client + n, calls, stop) for n in range(spec.eval_clients)
    ]
    tasks += [
        _table_client(
            spec, spec.first_client + spec.eval_clients + n, calls, stop, watch=n < spec.watchers
        )
        for n in range(spec.table_clients)
    ]
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [repr(o) for o in outcomes if isinstance(o, BaseException)]
    result.failure = "; ".join(failures[:3])
    return result


def client_main(spec: LoadSpec, connection: Connection) -> None:
    """A client process: import what the clients need, wait for ``(address, start_at)`` on
    ``connection``, run the clients of ``spec``, send back a :class:`ProcessResult`."""
    import grpc  # noqa: F401  (loaded before the start signal, not during the run)

    from floorman.v1 import rules_service_pb2_grpc, table_service_pb2_grpc  # noqa: F401

    connection.send("ready")
    if not connection.poll(120):
        return
    address, start_at = connection.recv()
    try:
        result = asyncio.run(_run_clients(spec, address, start_at))
    except BaseException as error:  # reported, never hidden
        result = ProcessResult(failure=repr(error))
    result.latencies = dict(result.latencies)
    connection.send(result)
    connection.close()
