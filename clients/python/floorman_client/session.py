"""A terminal's view of one table: the last sequence it saw, sent with every write.

:class:`TableSession` wraps :class:`~floorman_client.tables.TableClient` for one table: each
write sends ``expected_sequence=session.sequence`` and remembers the answer's sequence. When
another terminal moved the table on, the write raises
:class:`~floorman_client.errors.SequenceMismatchError`; the session then knows the table's
``current_sequence`` only after :meth:`TableSession.refresh` (read the table, decide again).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from floorman_client.arguments import check_methods
from floorman_client.messages import EnumInput
from floorman_client.tables import TableClient
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import table_service_pb2 as tpb
from floorman_client.watch import TableWatch


@check_methods
class TableSession:
    """One table driven through ``tables``; ``sequence`` is the last one seen.

    Each write takes an optional ``request_id`` (default: a fresh one, reused on retries)
    and raises as the matching :class:`TableClient` method does.
    """

    def __init__(self, tables: TableClient, table_id: str, sequence: int = 0) -> None:
        self.tables = tables
        self.table_id = table_id
        self.sequence = sequence

    @classmethod
    def create(
        cls,
        tables: TableClient,
        *,
        settings: tpb.TableSettings,
        table_id: str = "",
        request_id: str | None = None,
    ) -> TableSession:
        """CreateTable, then a session on the new table."""
        response = tables.create_table(settings=settings, table_id=table_id, request_id=request_id)
        return cls(tables, response.table.table_id, response.table.sequence)

    @classmethod
    def attach(cls, tables: TableClient, table_id: str) -> TableSession:
        """A session on an existing table, at its current sequence (NOT_FOUND if unknown)."""
        session = cls(tables, table_id)
        session.refresh()
        return session

    def refresh(self) -> tpb.Table:
        """GetTable; ``sequence`` becomes the table's current one."""
        table = self.tables.get_table(table_id=self.table_id).table
        self.sequence = table.sequence
        return table

    def _write(self, method: str, request_id: str | None, **fields: Any) -> Any:
        response = getattr(self.tables, method)(
            table_id=self.table_id,
            expected_sequence=self.sequence,
            request_id=request_id,
            **fields,
        )
        self.sequence = response.table.sequence
        return response

    def seat_player(
        self,
        *,
        seat: int,
        player_id: str,
        buy_in: int,
        entry: EnumInput = 0,
        request_id: str | None = None,
    ) -> tpb.SeatPlayerResponse:
        """SeatPlayer (``buy_in`` in minor units)."""
        return self._write(
            "seat_player", request_id, seat=seat, player_id=player_id, buy_in=buy_in, entry=entry
        )

    def leave_seat(self, *, seat: int, request_id: str | None = None) -> tpb.LeaveSeatResponse:
        """LeaveSeat (the answer's ``cash_out``)."""
        return self._write("leave_seat", request_id, seat=seat)

    def sit_out(self, *, seat: int, request_id: str | None = None) -> tpb.SitOutResponse:
        """SitOut."""
        return self._write("sit_out", request_id, seat=seat)

    def sit_in(
        self, *, seat: int, entry: EnumInput = 0, request_id: str | None = None
    ) -> tpb.SitInResponse:
        """SitIn."""
        return self._write("sit_in", request_id, seat=seat, entry=entry)

    def start_hand(
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
        return self._write(
            "start_hand",
            request_id,
            game=game,
            betting_structure=betting_structure,
            rotation_entry=rotation_entry,
        )

    def deal_cards(
        self, deals: Sequence[pb.Deal], *, request_id: str | None = None
    ) -> tpb.DealCardsResponse:
        """DealCards at a recorded table."""
        return self._write("deal_cards", request_id, deals=deals)

    def record_action(
        self, action: pb.Action, *, request_id: str | None = None
    ) -> tpb.RecordActionResponse:
        """RecordAction."""
        return self._write("record_action", request_id, action=action)

    def close(self, *, request_id: str | None = None) -> tpb.CloseTableResponse:
        """CloseTable."""
        return self._write("close_table", request_id)

    def hand(self, hand_id: str = "") -> tpb.HandView:
        """GetHand (``hand_id`` empty: the current or last hand)."""
        return self.tables.get_hand(table_id=self.table_id, hand_id=hand_id).hand

    def watch(self, *, after_sequence: int = 0, timeout: float | None = None) -> TableWatch:
        """WatchTable from ``after_sequence``."""
        return self.tables.watch_table(
            table_id=self.table_id, after_sequence=after_sequence, timeout=timeout
        )
