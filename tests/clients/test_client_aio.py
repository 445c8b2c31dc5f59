"""The asyncio client (``floorman_client.aio.AsyncFloormanClient``) against the real server:
the same surface as the synchronous client — hand values, a whole recorded hand with exact
settled stacks (RULES.md Five Card Draw, settlement), a refused action as RuleViolationError
(RULES.md ``turn.out_of_turn``), a stale sequence, the table's event stream, audits, health,
paging — and the same retry of a lost answer with the same request id. Each test runs its
own event loop (``asyncio.run``)."""

from __future__ import annotations

import asyncio
import inspect
import subprocess
import sys
from typing import Any

import grpc
import pytest

from floorman_client import (
    AsyncAuditClient,
    AsyncCaller,
    AsyncFloormanClient,
    AsyncRulesClient,
    AsyncTableClient,
    AsyncTableSession,
    AuditClient,
    FloormanClient,
    RetryPolicy,
    RulesClient,
    RuleViolationError,
    SequenceMismatchError,
    TableClient,
    TableSession,
)
from floorman_client import messages as m
from tests.clients.client_support import (
    BUY_IN,
    FINAL_STACKS,
    RECORDED_DRAW_HAND,
    SETTLED_POT,
    SMALL_BET,
)

RECORD_ACTION = "/floorman.v1.TableService/RecordAction"


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


async def _seated(tables: AsyncTableClient) -> AsyncTableSession:
    settings = m.table_settings("draw", small_bet=SMALL_BET, deal_mode="recorded", name="aio")
    session = await AsyncTableSession.create(tables, settings=settings)
    for seat in (1, 2, 3):
        await session.seat_player(seat=seat, player_id=f"p{seat}", buy_in=BUY_IN)
    return session


def test_the_async_surface_is_the_sync_surface():
    """Every public method of FloormanClient, its three service clients and TableSession
    exists on the async counterpart with the same parameters."""
    pairs = [
        (FloormanClient, AsyncFloormanClient),
        (RulesClient, AsyncRulesClient),
        (TableClient, AsyncTableClient),
        (AuditClient, AsyncAuditClient),
        (TableSession, AsyncTableSession),
    ]
    for sync_class, async_class in pairs:
        for name, member in inspect.getmembers(sync_class):
            if name.startswith("_") or not callable(member):
                continue
            other = getattr(async_class, name)
            assert (
                inspect.signature(member).parameters.keys()
                == inspect.signature(other).parameters.keys()
            ), name


def test_async_client_evaluates_plays_a_recorded_hand_and_watches_it(server):
    """RULES.md Five Card Draw and settlement: the recorded hand through AsyncTableSession
    pays the 160 pot to seat 2 (1000 / 1080 / 920); the async watch yields the log in order."""

    async def scenario() -> None:
        async with AsyncFloormanClient.connect(server.address) as client:
            await client.wait_until_ready(10)
            assert await client.health() == "SERVING"
            value = await client.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s Kc Kd")
            assert value.low.description == "7-4-3-2-A"
            session = await _seated(client.tables)
            hand = (await session.start_hand()).hand
            for kind, step in RECORDED_DRAW_HAND:
                write = session.deal_cards(step) if kind == "deal" else session.record_action(step)
                hand = (await write).hand
            assert hand.complete
            assert [(p.amount, list(p.winner_seats)) for p in hand.result.pots] == [
                (SETTLED_POT, [2])
            ]
            table = await session.refresh()
            assert {s.seat: s.stack for s in table.seats} == FINAL_STACKS
            assert (await session.hand()).hand_id == hand.hand_id
            events = await session.watch().until(session.sequence)
            assert [e.sequence for e in events] == list(range(1, session.sequence + 1))
            ids = [t.table_id async for t in client.tables.iter_tables(page_size=1)]
            assert session.table_id in ids

    run(scenario())


def test_async_errors_are_the_sync_exceptions(server):
    """RULES.md ``turn.out_of_turn``: seat 3 acting first is RuleViolationError(seat 3,
    expected 1, actual 3); an old expected_sequence is SequenceMismatchError, sent once."""

    async def scenario() -> None:
        async with AsyncFloormanClient.connect(server.address) as client:
            session = await _seated(client.tables)
            await session.start_hand()
            await session.deal_cards(RECORDED_DRAW_HAND[0][1])
            with pytest.raises(RuleViolationError) as caught:
                await session.record_action(m.action("check", seat=3))
            error = caught.value
            assert (error.rule, error.seat, error.expected, error.actual) == (
                "turn.out_of_turn", 3, "1", "3",
            )  # fmt: skip
            assert error.code() is grpc.StatusCode.FAILED_PRECONDITION
            with pytest.raises(SequenceMismatchError) as stale:
                await client.tables.sit_out(
                    table_id=session.table_id, expected_sequence=session.sequence - 1, seat=1
                )
            current = (await session.refresh()).sequence
            assert (stale.value.current_sequence, stale.value.attempts) == (current, 1)
            with pytest.raises(TypeError, match=r"evaluate_hand\(\): cards must be"):
                await client.rules.evaluate_hand(game="razz", cards=7)

    run(scenario())


def test_async_audit_of_a_phh_document_is_clean(server):
    """AuditService through the async client: the table's own PHH export audits clean."""

    async def scenario() -> None:
        async with AsyncFloormanClient.connect(server.address) as client:
            session = await _seated(client.tables)
            await session.start_hand()
            for kind, step in RECORDED_DRAW_HAND:
                await (session.deal_cards(step) if kind == "deal" else session.record_action(step))
            exported = await client.tables.export_hand_history(
                table_id=session.table_id, format="phh"
            )
            document = m.document("hand.phh", exported.content, format="phh")
            answer = await client.audit.audit_hand_histories_stream(documents=[document])
            assert [h.status for h in answer.hands] == [1]  # AUDIT_STATUS_CLEAN

    run(scenario())


class _LoseFirstAnswer(grpc.aio.UnaryUnaryClientInterceptor):
    """Lets the first RecordAction reach the server, then reports UNAVAILABLE for it."""

    def __init__(self) -> None:
        self.requests: list[Any] = []

    async def intercept_unary_unary(self, continuation, details, request):
        method = details.method
        if (method.decode() if isinstance(method, bytes) else method) != RECORD_ACTION:
            return await continuation(details, request)
        self.requests.append(request)
        call = await continuation(details, request)
        await call
        if len(self.requests) == 1:
            raise grpc.aio.AioRpcError(
                grpc.StatusCode.UNAVAILABLE,
                grpc.aio.Metadata(),
                grpc.aio.Metadata(),
                details="answer lost",
            )
        return call


def test_async_lost_answer_is_retried_with_the_same_request_id_and_applied_once(server):
    """DESIGN.md "Idempotency": the retried RecordAction carries the same request id; the
    service answers it with the first answer and the log holds the action once."""

    async def scenario() -> None:
        lose = _LoseFirstAnswer()
        async with grpc.aio.insecure_channel(server.address, interceptors=[lose]) as channel:
            caller = AsyncCaller(retry=RetryPolicy(initial_backoff=0.01))
            tables = AsyncTableClient(channel, caller=caller)
            session = await _seated(tables)
            await session.start_hand()
            await session.deal_cards(RECORDED_DRAW_HAND[0][1])
            before = session.sequence
            await session.record_action(m.action("fold", seat=1))
            first, second = lose.requests
            assert first == second and first.request_id
            assert session.sequence == before + 1
            events = await session.watch(after_sequence=before).until(session.sequence)
            assert [e.WhichOneof("kind") for e in events] == ["action"]

    run(scenario())


def test_the_client_package_never_imports_the_server_package():
    """floorman_client (sync and asyncio) imports with the server package made unimportable."""
    code = (
        "import sys; sys.modules['floorman'] = None\n"
        "import floorman_client, floorman_client.aio, floorman_client.v1.table_service_pb2_grpc\n"
        "assert not any(n == 'floorman' or n.startswith('floorman.') for n in sys.modules"
        " if sys.modules[n] is not None)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.stdout.strip() == "ok", result.stderr
