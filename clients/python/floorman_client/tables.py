"""``floorman.v1.TableService``: live table sessions.

Every write takes ``expected_sequence`` (the table's sequence the caller last saw) and a
``request_id``; leave ``request_id`` out and the client makes one (a UUID) and reuses it on
every retry, so a retried write is applied once (DESIGN.md "Idempotency"). A write that failed
with UNAVAILABLE or DEADLINE_EXCEEDED may still have been applied: the exception carries its
``request_id``, send the same request with it again to learn the outcome.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from typing import Any

import grpc

from floorman_client.arguments import check_methods
from floorman_client.calls import Caller
from floorman_client.messages import EnumInput, enum_value
from floorman_client.messages import game as game_number
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import table_service_pb2 as tpb
from floorman_client.v1 import table_service_pb2_grpc as tpb_grpc
from floorman_client.watch import TableWatch

SERVICE = tpb.DESCRIPTOR.services_by_name["TableService"].full_name


def new_request_id() -> str:
    """A fresh request id: 32 hex digits of a random UUID."""
    return uuid.uuid4().hex


@check_methods
class TableClient:
    """TableService calls with keyword arguments; answers are the ``floorman.v1`` responses.

    Args:
        channel: a ``grpc.Channel`` (see :func:`floorman_client.create_channel`).
        caller: token, deadline and retry policy (default: no token, 10 s, 4 attempts).

    Every method takes ``timeout`` (seconds, retries included; ``None``: the caller's
    default) and raises a :class:`~floorman_client.errors.FloormanRpcError` subclass, chiefly
    :class:`~floorman_client.errors.RuleViolationError` (``rule, seat, expected, actual``) for
    an action the rules refuse, :class:`~floorman_client.errors.SequenceMismatchError`
    (``current_sequence``) for a stale ``expected_sequence``, and
    :class:`~floorman_client.errors.InvalidArgumentError` for malformed input.
    """

    def __init__(self, channel: grpc.Channel, *, caller: Caller | None = None) -> None:
        self.stub: Any = tpb_grpc.TableServiceStub(channel)
        self.caller = caller or Caller()

    @classmethod
    def from_stub(cls, stub: Any, *, caller: Caller | None = None) -> TableClient:
        """A client calling through an existing ``TableServiceStub`` (or any object with the
        same methods, e.g. a stub on an intercepted channel)."""
        client = cls.__new__(cls)
        client.stub = stub
        client.caller = caller or Caller()
        return client

    # ------------------------------------------------------------------------ plumbing

    def _read(self, name: str, request: Any, timeout: float | None) -> Any:
        return self.caller.unary(
            getattr(self.stub, name), request, method=f"/{SERVICE}/{name}", timeout=timeout
        )

    def _write(self, name: str, timeout: float | None, **fields: Any) -> Any:
        request_id = fields.get("request_id") or new_request_id()
        fields["request_id"] = request_id
        request = getattr(tpb, f"{name}Request")(**fields)
        return self.caller.unary(
            getattr(self.stub, name),
            request,
            method=f"/{SERVICE}/{name}",
            request_id=request_id,
            timeout=timeout,
        )

    # ------------------------------------------------------------------------ tables

    def create_table(
        self,
        *,
        settings: tpb.TableSettings,
        table_id: str = "",
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.CreateTableResponse:
        """Open a table (``table_id`` empty: derived from the request id, so a retry finds
        it). ALREADY_EXISTS (:class:`~floorman_client.errors.TableExistsError`) when another
        request took the id."""
        return self._write(
            "CreateTable", timeout, settings=settings, table_id=table_id, request_id=request_id
        )

    def get_table(self, *, table_id: str, timeout: float | None = None) -> tpb.GetTableResponse:
        """The table now (NOT_FOUND when unknown)."""
        return self._read("GetTable", tpb.GetTableRequest(table_id=table_id), timeout)

    def list_tables(
        self,
        *,
        page_size: int = 0,
        page_token: str = "",
        include_closed: bool = False,
        timeout: float | None = None,
    ) -> tpb.ListTablesResponse:
        """One page of tables in id order (``next_page_token`` empty on the last page)."""
        request = tpb.ListTablesRequest(
            page_size=page_size, page_token=page_token, include_closed=include_closed
        )
        return self._read("ListTables", request, timeout)

    def iter_tables(
        self, *, page_size: int = 100, include_closed: bool = False, timeout: float | None = None
    ) -> Iterator[tpb.Table]:
        """Every table, following the pages (``timeout`` applies to each page)."""
        token = ""
        while True:
            page = self.list_tables(
                page_size=page_size, page_token=token, include_closed=include_closed,
                timeout=timeout,
            )  # fmt: skip
            yield from page.tables
            token = page.next_page_token
            if not token:
                return

    def close_table(
        self,
        *,
        table_id: str,
        expected_sequence: int,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.CloseTableResponse:
        """Close the table; every seated player cashes out."""
        return self._write(
            "CloseTable", timeout, table_id=table_id, expected_sequence=expected_sequence,
            request_id=request_id,
        )  # fmt: skip

    # ------------------------------------------------------------------------ seats

    def seat_player(
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
        """Seat ``player_id`` at ``seat`` (1-based) with ``buy_in`` minor units; button games:
        ``entry`` ``"post_big_blind"`` or ``"wait_for_big_blind"``."""
        return self._write(
            "SeatPlayer",
            timeout,
            table_id=table_id,
            expected_sequence=expected_sequence,
            request_id=request_id,
            seat=seat,
            player_id=player_id,
            buy_in=buy_in,
            entry=enum_value(tpb.EntryOption, "ENTRY_OPTION_", entry),
        )

    def leave_seat(
        self,
        *,
        table_id: str,
        expected_sequence: int,
        seat: int,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.LeaveSeatResponse:
        """The player at ``seat`` leaves with the stack (``cash_out``)."""
        return self._write(
            "LeaveSeat", timeout, table_id=table_id, expected_sequence=expected_sequence,
            request_id=request_id, seat=seat,
        )  # fmt: skip

    def sit_out(
        self,
        *,
        table_id: str,
        expected_sequence: int,
        seat: int,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.SitOutResponse:
        """The player at ``seat`` sits out from the next hand."""
        return self._write(
            "SitOut", timeout, table_id=table_id, expected_sequence=expected_sequence,
            request_id=request_id, seat=seat,
        )  # fmt: skip

    def sit_in(
        self,
        *,
        table_id: str,
        expected_sequence: int,
        seat: int,
        entry: EnumInput = 0,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.SitInResponse:
        """The player at ``seat`` comes back (owed blinds: ``entry`` as for SeatPlayer)."""
        return self._write(
            "SitIn", timeout, table_id=table_id, expected_sequence=expected_sequence,
            request_id=request_id, seat=seat,
            entry=enum_value(tpb.EntryOption, "ENTRY_OPTION_", entry),
        )  # fmt: skip

    # ------------------------------------------------------------------------ hands

    def start_hand(
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
        """Start the next hand: the button moves, forced bets are posted, and at a
        service-dealt table the cards are dealt. Optional (mixed tables): ``game`` /
        ``betting_structure`` (names as :func:`~floorman_client.messages.game`) the hand is
        dealt as, or ``rotation_entry`` (1-based): a dealer's choice at an orbit's first
        hand; another game than the rotation deals next is FAILED_PRECONDITION
        ``rotation.game``."""
        return self._write(
            "StartHand", timeout, table_id=table_id, expected_sequence=expected_sequence,
            request_id=request_id, game=game_number(game) if game else 0,
            betting_structure=enum_value(
                pb.BettingStructure, "BETTING_STRUCTURE_", betting_structure
            ) if betting_structure else 0,
            rotation_entry=rotation_entry,
        )  # fmt: skip

    def deal_cards(
        self,
        *,
        table_id: str,
        expected_sequence: int,
        deals: Sequence[pb.Deal],
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.DealCardsResponse:
        """Recorded tables: report the physical cards dealt (``messages.deal(seat, "Ah Kd")``)."""
        return self._write(
            "DealCards", timeout, table_id=table_id, expected_sequence=expected_sequence,
            request_id=request_id, deals=list(deals),
        )  # fmt: skip

    def record_action(
        self,
        *,
        table_id: str,
        expected_sequence: int,
        action: pb.Action,
        request_id: str | None = None,
        timeout: float | None = None,
    ) -> tpb.RecordActionResponse:
        """Record a player's action (``messages.action("raise", seat=2, amount=40)``); an
        illegal one raises :class:`~floorman_client.errors.RuleViolationError` and becomes a
        finding on the table's stream."""
        return self._write(
            "RecordAction", timeout, table_id=table_id, expected_sequence=expected_sequence,
            request_id=request_id, action=action,
        )  # fmt: skip

    def get_hand(
        self, *, table_id: str, hand_id: str = "", timeout: float | None = None
    ) -> tpb.GetHandResponse:
        """A hand's state, legal actions and events (``hand_id`` empty: the current hand, or
        the last one between hands); hole cards are ``??`` where the caller may not see them."""
        request = tpb.GetHandRequest(table_id=table_id, hand_id=hand_id)
        return self._read("GetHand", request, timeout)

    def export_hand_history(
        self,
        *,
        table_id: str,
        hand_id: str = "",
        format: EnumInput,
        whole_session: bool = False,
        timeout: float | None = None,
    ) -> tpb.ExportHandHistoryResponse:
        """A finished hand as ``"phh"``, ``"open_hand_history_json"`` or ``"pokerstars_text"``
        (``content`` and ``media_type``); with ``whole_session`` (and no ``hand_id``) every
        settled hand of the table in one file (``.ohh`` / ``.phhs``)."""
        request = tpb.ExportHandHistoryRequest(
            table_id=table_id,
            hand_id=hand_id,
            format=enum_value(tpb.HistoryFormat, "HISTORY_FORMAT_", format),
            whole_session=whole_session,
        )
        return self._read("ExportHandHistory", request, timeout)

    def list_hands(
        self,
        *,
        table_id: str,
        page_size: int = 0,
        page_token: str = "",
        timeout: float | None = None,
    ) -> tpb.ListHandsResponse:
        """One page of a table's hands, oldest first (``next_page_token`` empty on the last
        page; a token only continues the same table)."""
        request = tpb.ListHandsRequest(
            table_id=table_id, page_size=page_size, page_token=page_token
        )
        return self._read("ListHands", request, timeout)

    def watch_table(
        self,
        *,
        table_id: str,
        after_sequence: int = 0,
        resume: bool = True,
        timeout: float | None = None,
    ) -> TableWatch:
        """Every event of the table with a sequence above ``after_sequence``, in order, then
        live as they happen (a :class:`~floorman_client.watch.TableWatch`: iterate it,
        ``cancel()`` it). With ``resume`` a stream cut by UNAVAILABLE is reopened after the
        last event received, with the retry policy's backoff, so nothing is missed or
        repeated. ``timeout``: the whole watch's deadline (``None``: none)."""
        return TableWatch(
            open_stream=self._open_watch,
            table_id=table_id,
            after_sequence=after_sequence,
            caller=self.caller,
            resume=resume,
            timeout=timeout,
            method=f"/{SERVICE}/WatchTable",
        )

    def _open_watch(self, table_id: str, after_sequence: int, timeout: float | None) -> Any:
        request = tpb.WatchTableRequest(table_id=table_id, after_sequence=after_sequence)
        return self.stub.WatchTable(request, timeout=timeout, metadata=self.caller.metadata)
