"""TableService on a ``grpc.aio`` channel: :class:`AsyncTableClient` (split from
:mod:`floorman_client.aio`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import grpc

from floorman_client.aio_calls import AsyncCaller
from floorman_client.aio_watch import AsyncTableWatch
from floorman_client.arguments import check_methods
from floorman_client.messages import EnumInput
from floorman_client.tables import SERVICE as TABLE_SERVICE
from floorman_client.tables import TableClient
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import table_service_pb2 as tpb


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
