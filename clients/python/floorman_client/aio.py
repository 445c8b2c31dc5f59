"""The asyncio client: :class:`AsyncFloormanClient` on a ``grpc.aio`` channel, with the same
surface as :class:`~floorman_client.FloormanClient` — every method takes the same keyword
arguments, raises the same :mod:`floorman_client.errors` exceptions and retries the same calls
(:mod:`floorman_client.retry`), and is awaited for the same answer.

>>> async with AsyncFloormanClient.connect("127.0.0.1:50051") as client:  # doctest: +SKIP
...     (await client.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s")).low.description
'7-4-3-2-A'

The request building and argument checks are those of the synchronous classes (each async
class derives from its synchronous one); only the sending differs: :class:`AsyncCaller` awaits
the call and sleeps the backoff with ``asyncio.sleep``. ``watch_table`` returns an
:class:`AsyncTableWatch` (``async for event in watch``), ``iter_tables`` an async iterator.
"""

from __future__ import annotations

import asyncio
import random as _random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Any

import grpc

from floorman_client.arguments import check_methods
from floorman_client.audit import AuditClient
from floorman_client.batch import AsyncBatchRules
from floorman_client.calls import DEFAULT_TIMEOUT_SECONDS, Caller
from floorman_client.connection import PEM, create_aio_channel
from floorman_client.errors import error_from_rpc
from floorman_client.health import HealthCheckRequest, check_method, status_name
from floorman_client.messages import EnumInput
from floorman_client.retry import DEFAULT_RETRY, RetryPolicy, is_retryable
from floorman_client.rules import HistoryInput, RulesClient
from floorman_client.session import TableSession
from floorman_client.tables import SERVICE as TABLE_SERVICE
from floorman_client.tables import TableClient
from floorman_client.v1 import audit_service_pb2 as apb
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import rules_service_pb2 as rpb
from floorman_client.v1 import table_service_pb2 as tpb


class AsyncCaller(Caller):
    """:class:`~floorman_client.calls.Caller` for ``grpc.aio`` stubs: :meth:`unary` is a
    coroutine, the backoff is ``await sleep(seconds)`` (default ``asyncio.sleep``)."""

    def __init__(
        self,
        *,
        token: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = DEFAULT_RETRY,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
        random: Callable[[], float] = _random.random,
    ) -> None:
        super().__init__(token=token, timeout=timeout, retry=retry, clock=clock, random=random)
        self._async_sleep = sleep

    async def wait_before_retry_async(
        self, attempt: int, deadline: float | None, *, at_least: float | None = None
    ) -> bool:
        """As :meth:`Caller.wait_before_retry`, sleeping without blocking the loop."""
        if attempt >= self.retry.max_attempts:
            return False
        wait = max(self.retry.delay(attempt, self._random), at_least or 0.0)
        left = self.remaining(deadline)
        if left is not None and left <= wait:
            return False
        await self._async_sleep(wait)
        return True

    async def unary(  # type: ignore[override]
        self,
        multicallable: Callable[..., Any],
        request: Any,
        *,
        method: str,
        request_id: str = "",
        timeout: float | None = None,
        idempotent: bool = True,
    ) -> Any:
        """Await ``request`` through the ``grpc.aio`` ``multicallable``, retrying as
        :meth:`Caller.unary` does.

        Raises:
            FloormanRpcError: the last attempt's status, as its subclass.
        """
        deadline = self.deadline(timeout)
        attempt = 0
        while True:
            attempt += 1
            left = self.remaining(deadline)
            payload = iter(request) if isinstance(request, Sequence) else request
            try:
                return await multicallable(payload, timeout=left, metadata=self.metadata)
            except grpc.RpcError as raw:
                error = error_from_rpc(raw, method=method, request_id=request_id, attempts=attempt)
                if not (
                    is_retryable(error, idempotent=idempotent)
                    and await self.wait_before_retry_async(
                        attempt, deadline, at_least=error.retry_delay()
                    )
                ):
                    raise error from None


@check_methods
class AsyncRulesClient(AsyncBatchRules, RulesClient):  # type: ignore[misc]
    """:class:`~floorman_client.rules.RulesClient` on a ``grpc.aio`` channel: every method
    returns an awaitable of the same answer."""

    def __init__(self, channel: grpc.aio.Channel, *, caller: AsyncCaller | None = None) -> None:
        super().__init__(channel, caller=caller or AsyncCaller())  # type: ignore[arg-type]

    async def compare_hands(  # type: ignore[override]
        self,
        *,
        game: EnumInput,
        hands: Iterable[Sequence[str] | str | pb.Hand],
        community_cards: Sequence[str] = (),
        players: int = 0,
        board: Sequence[str] | str = (),
        timeout: float | None = None,
    ) -> rpb.CompareHandsResponse:
        """As :meth:`RulesClient.compare_hands`, awaited."""
        return await super().compare_hands(
            game=game,
            hands=hands,
            community_cards=community_cards,
            players=players,
            board=board,
            timeout=timeout,
        )  # type: ignore[misc]

    async def evaluate_hand(  # type: ignore[override]
        self,
        *,
        game: EnumInput,
        cards: Sequence[str] | str,
        players: int = 0,
        board: Sequence[str] | str = (),
        timeout: float | None = None,
    ) -> rpb.EvaluateHandResponse:
        """As :meth:`RulesClient.evaluate_hand`, awaited."""
        return await super().evaluate_hand(
            game=game, cards=cards, players=players, board=board, timeout=timeout
        )  # type: ignore[misc]

    async def list_legal_actions(  # type: ignore[override]
        self, *, config: pb.HandConfig, history: HistoryInput, timeout: float | None = None
    ) -> rpb.ListLegalActionsResponse:
        """As :meth:`RulesClient.list_legal_actions`, awaited."""
        return await super().list_legal_actions(config=config, history=history, timeout=timeout)  # type: ignore[misc]

    async def settle_hand(  # type: ignore[override]
        self,
        *,
        config: pb.HandConfig,
        history: HistoryInput,
        declared_payouts: Mapping[int, int] | Sequence[pb.Payout] = (),
        timeout: float | None = None,
    ) -> rpb.SettleHandResponse:
        """As :meth:`RulesClient.settle_hand`, awaited."""
        return await super().settle_hand(
            config=config, history=history, declared_payouts=declared_payouts, timeout=timeout
        )  # type: ignore[misc]

    async def validate_action(  # type: ignore[override]
        self,
        *,
        config: pb.HandConfig,
        history: HistoryInput,
        action: pb.Action,
        timeout: float | None = None,
    ) -> rpb.ValidateActionResponse:
        """As :meth:`RulesClient.validate_action`, awaited."""
        return await super().validate_action(
            config=config, history=history, action=action, timeout=timeout
        )  # type: ignore[misc]


@check_methods
class AsyncAuditClient(AuditClient):
    """:class:`~floorman_client.audit.AuditClient` on a ``grpc.aio`` channel (awaitables)."""

    def __init__(self, channel: grpc.aio.Channel, *, caller: AsyncCaller | None = None) -> None:
        super().__init__(channel, caller=caller or AsyncCaller())  # type: ignore[arg-type]

    async def audit_hand_histories(  # type: ignore[override]
        self, *, documents: Iterable[apb.HandHistoryDocument], timeout: float | None = None
    ) -> apb.AuditHandHistoriesResponse:
        """As :meth:`AuditClient.audit_hand_histories`, awaited."""
        return await super().audit_hand_histories(documents=documents, timeout=timeout)  # type: ignore[misc]

    async def audit_hand_histories_stream(  # type: ignore[override]
        self, *, documents: Iterable[apb.HandHistoryDocument], timeout: float | None = None
    ) -> apb.AuditHandHistoriesStreamResponse:
        """As :meth:`AuditClient.audit_hand_histories_stream`, awaited."""
        return await super().audit_hand_histories_stream(documents=documents, timeout=timeout)  # type: ignore[misc]


class AsyncTableWatch:
    """An async iterator of ``floorman.v1.TableEvent``, resumed after a cut with UNAVAILABLE
    as :class:`~floorman_client.watch.TableWatch` is (``async for event in watch``;
    ``await watch.take(n)``, ``await watch.until(sequence)``, ``watch.cancel()``).

    Attributes:
        table_id / last_sequence / reconnects: as for TableWatch.
    """

    def __init__(
        self,
        *,
        open_stream: Callable[[str, int, float | None], Any],
        table_id: str,
        after_sequence: int,
        caller: AsyncCaller,
        resume: bool,
        timeout: float | None,
        method: str,
    ) -> None:
        self.table_id = table_id
        self.last_sequence = after_sequence
        self.reconnects = 0
        self._open = open_stream
        self._caller = caller
        self._resume = resume
        self._deadline = caller.deadline(timeout, default=False)
        self._method = method
        self._call: Any = None
        self._cancelled = False
        self._ended = False
        self._failures = 0

    def __aiter__(self) -> AsyncTableWatch:
        return self

    async def __anext__(self) -> tpb.TableEvent:
        while True:
            if self._cancelled or self._ended:
                raise StopAsyncIteration
            if self._call is None:
                left = self._caller.remaining(self._deadline)
                self._call = self._open(self.table_id, self.last_sequence, left)
            try:
                item = await self._call.read()
            except asyncio.CancelledError:
                if self._cancelled:
                    raise StopAsyncIteration from None
                raise
            except grpc.RpcError as raw:
                if self._cancelled:
                    raise StopAsyncIteration from None
                await self._reopen_or_raise(raw)
                continue
            if item is grpc.aio.EOF:
                self._ended = True
                raise StopAsyncIteration
            self._failures = 0
            self.last_sequence = item.event.sequence
            return item.event

    async def _reopen_or_raise(self, raw: grpc.RpcError) -> None:
        self._call = None
        self._failures += 1
        error = error_from_rpc(raw, method=self._method, attempts=self._failures)
        resumable = self._resume and error.code() is grpc.StatusCode.UNAVAILABLE
        if not (
            resumable and await self._caller.wait_before_retry_async(self._failures, self._deadline)
        ):
            self._ended = True
            raise error from None
        self.reconnects += 1

    async def take(self, count: int) -> list[tpb.TableEvent]:
        """The next ``count`` events (fewer if the stream ends first)."""
        events: list[tpb.TableEvent] = []
        async for event in self:
            events.append(event)
            if len(events) >= count:
                break
        return events

    async def until(self, sequence: int) -> list[tpb.TableEvent]:
        """The events up to and including ``sequence`` (or until the stream ends), then
        :meth:`cancel`."""
        events: list[tpb.TableEvent] = []
        if self.last_sequence < sequence:
            async for event in self:
                events.append(event)
                if event.sequence >= sequence:
                    break
        self.cancel()
        return events

    def cancel(self) -> None:
        """Stop the subscription (idempotent)."""
        self._cancelled = True
        call, self._call = self._call, None
        if call is not None:
            call.cancel()

    async def __aenter__(self) -> AsyncTableWatch:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self.cancel()


@check_methods
class AsyncTableClient(TableClient):
    """:class:`~floorman_client.tables.TableClient` on a ``grpc.aio`` channel: every method
    returns an awaitable of the same answer; ``watch_table`` an :class:`AsyncTableWatch`,
    ``iter_tables`` an async iterator."""

    caller: AsyncCaller

    def __init__(self, channel: grpc.aio.Channel, *, caller: AsyncCaller | None = None) -> None:
        super().__init__(channel, caller=caller or AsyncCaller())  # type: ignore[arg-type]

    async def close_table(  # type: ignore[override]
        self,
        *,
        table_id: str,
        expected_sequence: int,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.CloseTableResponse:
        """As :meth:`TableClient.close_table`, awaited."""
        return await super().close_table(
            table_id=table_id,
            expected_sequence=expected_sequence,
            request_id=request_id,
            timeout=timeout,
        )  # type: ignore[misc]

    async def create_table(  # type: ignore[override]
        self,
        *,
        settings: tpb.TableSettings,
        table_id: str = "",
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.CreateTableResponse:
        """As :meth:`TableClient.create_table`, awaited."""
        return await super().create_table(
            settings=settings, table_id=table_id, request_id=request_id, timeout=timeout
        )  # type: ignore[misc]

    async def deal_cards(  # type: ignore[override]
        self,
        *,
        table_id: str,
        expected_sequence: int,
        deals: Sequence[pb.Deal],
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.DealCardsResponse:
        """As :meth:`TableClient.deal_cards`, awaited."""
        return await super().deal_cards(
            table_id=table_id,
            expected_sequence=expected_sequence,
            deals=deals,
            request_id=request_id,
            timeout=timeout,
        )  # type: ignore[misc]

    async def export_hand_history(  # type: ignore[override]
        self,
        *,
        table_id: str,
        hand_id: str = "",
        format: EnumInput,
        whole_session: bool = False,
        timeout: float | None = None,
    ) -> tpb.ExportHandHistoryResponse:
        """As :meth:`TableClient.export_hand_history`, awaited."""
        return await super().export_hand_history(
            table_id=table_id,
            hand_id=hand_id,
            format=format,
            whole_session=whole_session,
            timeout=timeout,
        )  # type: ignore[misc]

    async def get_hand(  # type: ignore[override]
        self, *, table_id: str, hand_id: str = "", timeout: float | None = None
    ) -> tpb.GetHandResponse:
        """As :meth:`TableClient.get_hand`, awaited."""
        return await super().get_hand(table_id=table_id, hand_id=hand_id, timeout=timeout)  # type: ignore[misc]

    async def get_table(  # type: ignore[override]
        self, *, table_id: str, timeout: float | None = None
    ) -> tpb.GetTableResponse:
        """As :meth:`TableClient.get_table`, awaited."""
        return await super().get_table(table_id=table_id, timeout=timeout)  # type: ignore[misc]

    async def leave_seat(  # type: ignore[override]
        self,
        *,
        table_id: str,
        expected_sequence: int,
        seat: int,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.LeaveSeatResponse:
        """As :meth:`TableClient.leave_seat`, awaited."""
        return await super().leave_seat(
            table_id=table_id,
            expected_sequence=expected_sequence,
            seat=seat,
            request_id=request_id,
            timeout=timeout,
        )  # type: ignore[misc]

    async def list_hands(  # type: ignore[override]
        self,
        *,
        table_id: str,
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> tpb.ListHandsResponse:
        """As :meth:`TableClient.list_hands`, awaited."""
        return await super().list_hands(
            table_id=table_id, page_size=page_size, page_token=page_token, timeout=timeout
        )  # type: ignore[misc]

    async def list_tables(  # type: ignore[override]
        self,
        *,
        page_size: int = 0,
        page_token: str = "",
        include_closed: bool = False,
        timeout: float | None = None,
    ) -> tpb.ListTablesResponse:
        """As :meth:`TableClient.list_tables`, awaited."""
        return await super().list_tables(
            page_size=page_size,
            page_token=page_token,
            include_closed=include_closed,
            timeout=timeout,
        )  # type: ignore[misc]

    async def record_action(  # type: ignore[override]
        self,
        *,
        table_id: str,
        expected_sequence: int,
        action: pb.Action,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.RecordActionResponse:
        """As :meth:`TableClient.record_action`, awaited."""
        return await super().record_action(
            table_id=table_id,
            expected_sequence=expected_sequence,
            action=action,
            request_id=request_id,
            timeout=timeout,
        )  # type: ignore[misc]

    async def seat_player(  # type: ignore[override]
        self,
        *,
        table_id: str,
        expected_sequence: int,
        seat: int,
        player_id: str,
        buy_in: int,
        entry: EnumInput = 0,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.SeatPlayerResponse:
        """As :meth:`TableClient.seat_player`, awaited."""
        return await super().seat_player(
            table_id=table_id,
            expected_sequence=expected_sequence,
            seat=seat,
            player_id=player_id,
            buy_in=buy_in,
            entry=entry,
            request_id=request_id,
            timeout=timeout,
        )  # type: ignore[misc]

    async def sit_in(  # type: ignore[override]
        self,
        *,
        table_id: str,
        expected_sequence: int,
        seat: int,
        entry: EnumInput = 0,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.SitInResponse:
        """As :meth:`TableClient.sit_in`, awaited."""
        return await super().sit_in(
            table_id=table_id,
            expected_sequence=expected_sequence,
            seat=seat,
            entry=entry,
            request_id=request_id,
            timeout=timeout,
        )  # type: ignore[misc]

    async def sit_out(  # type: ignore[override]
        self,
        *,
        table_id: str,
        expected_sequence: int,
        seat: int,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.SitOutResponse:
        """As :meth:`TableClient.sit_out`, awaited."""
        return await super().sit_out(
            table_id=table_id,
            expected_sequence=expected_sequence,
            seat=seat,
            request_id=request_id,
            timeout=timeout,
        )  # type: ignore[misc]

    async def start_hand(  # type: ignore[override]
        self,
        *,
        table_id: str,
        expected_sequence: int,
        request_id: str | None = None,
        timeout: float | None = None,
        game: EnumInput = 0,
        betting_structure: EnumInput = 0,
        rotation_entry: int = 0,
    ) -> tpb.StartHandResponse:
        """As :meth:`TableClient.start_hand`, awaited."""
        return await super().start_hand(
            table_id=table_id,
            expected_sequence=expected_sequence,
            request_id=request_id,
            timeout=timeout,
            game=game,
            betting_structure=betting_structure,
            rotation_entry=rotation_entry,
        )  # type: ignore[misc]

    async def iter_tables(  # type: ignore[override]
        self, *, page_size: int = 100, include_closed: bool = False, timeout: float | None = None
    ) -> AsyncIterator[tpb.Table]:
        """Every table, following the pages (``async for table in client.tables.iter_tables()``)."""
        token = ""
        while True:
            page = await self.list_tables(
                page_size=page_size, page_token=token, include_closed=include_closed,
                timeout=timeout,
            )  # fmt: skip
            for table in page.tables:
                yield table
            token = page.next_page_token
            if not token:
                return

    def watch_table(  # type: ignore[override]
        self,
        *,
        table_id: str,
        after_sequence: int = 0,
        resume: bool = True,
        timeout: float | None = None,
    ) -> AsyncTableWatch:
        """As :meth:`TableClient.watch_table`, an :class:`AsyncTableWatch`."""
        return AsyncTableWatch(
            open_stream=self._open_watch,
            table_id=table_id,
            after_sequence=after_sequence,
            caller=self.caller,
            resume=resume,
            timeout=timeout,
            method=f"/{TABLE_SERVICE}/WatchTable",
        )


@check_methods
class AsyncTableSession(TableSession):
    """:class:`~floorman_client.session.TableSession` over an :class:`AsyncTableClient`:
    every write is awaited and then remembers the answer's sequence."""

    @classmethod
    async def create(  # type: ignore[override]
        cls,
        tables: TableClient,
        *,
        settings: tpb.TableSettings,
        table_id: str = "",
        request_id: str | None = None,
    ) -> AsyncTableSession:
        """CreateTable, then a session on the new table."""
        response = await tables.create_table(  # type: ignore[misc]
            settings=settings, table_id=table_id, request_id=request_id
        )
        return cls(tables, response.table.table_id, response.table.sequence)

    @classmethod
    async def attach(cls, tables: TableClient, table_id: str) -> AsyncTableSession:  # type: ignore[override]
        """A session on an existing table, at its current sequence."""
        session = cls(tables, table_id)
        await session.refresh()
        return session

    async def refresh(self) -> tpb.Table:  # type: ignore[override]
        """GetTable; ``sequence`` becomes the table's current one."""
        table = (await self.tables.get_table(table_id=self.table_id)).table  # type: ignore[misc]
        self.sequence = table.sequence
        return table

    async def _write(self, method: str, request_id: str | None, **fields: Any) -> Any:  # type: ignore[override]
        response = await getattr(self.tables, method)(
            table_id=self.table_id,
            expected_sequence=self.sequence,
            request_id=request_id,
            **fields,
        )
        self.sequence = response.table.sequence
        return response

    async def hand(self, hand_id: str = "") -> tpb.HandView:  # type: ignore[override]
        """GetHand (``hand_id`` empty: the current or last hand)."""
        response = await self.tables.get_hand(table_id=self.table_id, hand_id=hand_id)  # type: ignore[misc]
        return response.hand

    async def seat_player(  # type: ignore[override]
        self,
        *,
        seat: int,
        player_id: str,
        buy_in: int,
        entry: EnumInput = 0,
        request_id: str | None = None,
    ) -> tpb.SeatPlayerResponse:
        """SeatPlayer (``buy_in`` in minor units)."""
        return await self._write(
            "seat_player", request_id, seat=seat, player_id=player_id, buy_in=buy_in, entry=entry
        )

    async def leave_seat(  # type: ignore[override]
        self, *, seat: int, request_id: str | None = None
    ) -> tpb.LeaveSeatResponse:
        """LeaveSeat (the answer's ``cash_out``)."""
        return await self._write("leave_seat", request_id, seat=seat)

    async def sit_out(  # type: ignore[override]
        self, *, seat: int, request_id: str | None = None
    ) -> tpb.SitOutResponse:
        """SitOut."""
        return await self._write("sit_out", request_id, seat=seat)

    async def sit_in(  # type: ignore[override]
        self, *, seat: int, entry: EnumInput = 0, request_id: str | None = None
    ) -> tpb.SitInResponse:
        """SitIn."""
        return await self._write("sit_in", request_id, seat=seat, entry=entry)

    async def start_hand(  # type: ignore[override]
        self,
        *,
        request_id: str | None = None,
        game: EnumInput = 0,
        betting_structure: EnumInput = 0,
        rotation_entry: int = 0,
    ) -> tpb.StartHandResponse:
        """StartHand (the answer's ``hand``: state, legal actions, events); a mixed table's
        ``game`` / ``betting_structure`` / ``rotation_entry`` as
        :meth:`TableClient.start_hand`."""
        return await self._write(
            "start_hand",
            request_id,
            game=game,
            betting_structure=betting_structure,
            rotation_entry=rotation_entry,
        )

    async def deal_cards(  # type: ignore[override]
        self, deals: Sequence[pb.Deal], *, request_id: str | None = None
    ) -> tpb.DealCardsResponse:
        """DealCards at a recorded table."""
        return await self._write("deal_cards", request_id, deals=deals)

    async def record_action(  # type: ignore[override]
        self, action: pb.Action, *, request_id: str | None = None
    ) -> tpb.RecordActionResponse:
        """RecordAction."""
        return await self._write("record_action", request_id, action=action)

    async def close(  # type: ignore[override]
        self, *, request_id: str | None = None
    ) -> tpb.CloseTableResponse:
        """CloseTable."""
        return await self._write("close_table", request_id)

    def watch(  # type: ignore[override]
        self, *, after_sequence: int = 0, timeout: float | None = None
    ) -> AsyncTableWatch:
        """WatchTable from ``after_sequence`` (an :class:`AsyncTableWatch`)."""
        watch: AsyncTableWatch = self.tables.watch_table(  # type: ignore[assignment]
            table_id=self.table_id, after_sequence=after_sequence, timeout=timeout
        )
        return watch


class AsyncFloormanClient:
    """``rules``, ``tables`` and ``audit`` on one ``grpc.aio`` channel (module docstring);
    arguments as for :class:`~floorman_client.FloormanClient`. Use it within a running event
    loop; ``async with`` closes a channel it opened."""

    def __init__(
        self,
        channel: grpc.aio.Channel,
        *,
        token: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = DEFAULT_RETRY,
        owns_channel: bool = False,
    ) -> None:
        self.channel = channel
        self.caller = AsyncCaller(token=token, timeout=timeout, retry=retry)
        self.rules = AsyncRulesClient(channel, caller=self.caller)
        self.tables = AsyncTableClient(channel, caller=self.caller)
        self.audit = AsyncAuditClient(channel, caller=self.caller)
        self._health_check = check_method(channel)
        self._owns_channel = owns_channel

    @classmethod
    def connect(
        cls,
        target: str,
        *,
        token: str | None = None,
        tls: bool = False,
        root_certificates: PEM | None = None,
        certificate_chain: PEM | None = None,
        private_key: PEM | None = None,
        server_name: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT_SECONDS,
        retry: RetryPolicy = DEFAULT_RETRY,
        options: Sequence[tuple[str, Any]] = (),
    ) -> AsyncFloormanClient:
        """A client on a new ``grpc.aio`` channel to ``target``, closed with the client.

        Raises:
            ValueError: a malformed token, or half a client certificate.
            OSError: a PEM file cannot be read.
        """
        channel = create_aio_channel(
            target, tls=tls, root_certificates=root_certificates,
            certificate_chain=certificate_chain, private_key=private_key,
            server_name=server_name, options=options,
        )  # fmt: skip
        return cls(channel, token=token, timeout=timeout, retry=retry, owns_channel=True)

    async def wait_until_ready(self, timeout: float = 10.0) -> None:
        """Wait until the channel is connected.

        Raises:
            TimeoutError: not connected within ``timeout`` seconds.
        """
        await asyncio.wait_for(self.channel.channel_ready(), timeout)

    async def health(self, service: str = "", *, timeout: float | None = None) -> str:
        """The ``grpc.health.v1`` status of ``service`` (``"SERVING"`` ...), as
        :meth:`FloormanClient.health`."""
        response = await self.caller.unary(
            self._health_check,
            HealthCheckRequest(service=service),
            method="/grpc.health.v1.Health/Check",
            timeout=timeout,
        )
        return status_name(response)

    async def close(self) -> None:
        """Close the channel if this client opened it (:meth:`connect`)."""
        if self._owns_channel:
            await self.channel.close(None)

    async def __aenter__(self) -> AsyncFloormanClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
