"""One table over an :class:`~floorman_client.aio_tables.AsyncTableClient`:
:class:`AsyncTableSession` (split from :mod:`floorman_client.aio`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from floorman_client.aio_watch import AsyncTableWatch
from floorman_client.arguments import check_methods
from floorman_client.messages import EnumInput
from floorman_client.session import TableSession
from floorman_client.tables import TableClient
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import table_service_pb2 as tpb


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
