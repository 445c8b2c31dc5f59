"""``floorman.v1.TableService``: durable table sessions over :class:`TableService`.

Each method converts the request (:mod:`floorman.transport.table_converters`), runs the
synchronous use case in a worker thread (it reads and writes the store), and answers. Writes
answer the bytes the use case stored with the events (:func:`table_converters.
encode_outcome`), so a retry gets the first answer byte for byte. The caller's card
visibility comes from ``viewer_of(context)``: the viewer the authentication interceptor
resolved for the caller and the request's table (:class:`floorman.transport.auth.
ViewerResolver`), or the server's anonymous role without an auth file. Errors become statuses
in :mod:`floorman.transport.errors`.

Logs (DESIGN.md "Logs"): the observability interceptor binds the request's ``request_id`` and
``table_id``; once an answer names the hand (a write's hand or the table's current hand,
GetHand's hand), this servicer binds its ``hand_id`` too, so the call's ``rpc`` line carries
it. A WatchTable stream that the server ends because it is stopping ends with UNAVAILABLE
("server shutting down; resume from sequence N"), never OK: a watcher tells a shutdown from
a closed table.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc
from google.protobuf.message import Message

from floorman.app.tables.commands import CreateTable, TableWrite
from floorman.app.tables.export import FormatUnavailable
from floorman.app.tables.service import Reply, TableService
from floorman.app.tables.watch import watch_table
from floorman.domain.errors import InvalidArgument
from floorman.domain.table.redaction import Viewer
from floorman.observability.logging import bind_call_ids
from floorman.transport import table_converters as tc
from floorman.transport.errors import Unimplemented, maps_errors, maps_stream_errors
from floorman.transport.write_queue import BatchWriter, WriteQueue
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc

SERVICE_NAME = tpb.DESCRIPTOR.services_by_name["TableService"].full_name

ViewerOf = Callable[[grpc.aio.ServicerContext], Viewer]
WRITES: dict[str, type[Message]] = {
    name: getattr(tpb, f"{name}Response")
    for name in (
        "CreateTable",
        "CloseTable",
        "SeatPlayer",
        "LeaveSeat",
        "SitOut",
        "SitIn",
        "StartHand",
        "DealCards",
        "RecordAction",
    )
}
"""The write methods: each answers its stored response's bytes (``name`` -> response type)."""


class TableServicer(tpb_grpc.TableServiceServicer):
    """TableService over an injected :class:`TableService`.

    Args:
        service: the use cases (its store is opened and closed by the composition root).
        viewer_of: the caller's :class:`Viewer` for a call (default: observers).
        watch_wait_seconds: how long a WatchTable stream waits for news before re-reading.
        writes: the bounded queue of table writes (default: no bound).
        run: how a write's use case runs off the event loop (``await run(fn, *args,
            **kwargs)``; default ``asyncio.to_thread``; the server passes
            :meth:`WriteThreads.run`).
        batch: when given, every write but CreateTable runs on this one writer thread, its
            store write committed with the others of its round (the server passes one on a
            store that batches writes: SQLite); CreateTable still goes through ``run``.
    """

    def __init__(
        self,
        *,
        service: TableService,
        viewer_of: ViewerOf | None = None,
        watch_wait_seconds: float = 30.0,
        writes: WriteQueue | None = None,
        run: Callable[..., Awaitable[Any]] | None = None,
        batch: BatchWriter | None = None,
    ) -> None:
        self._service = service
        self._viewer_of: ViewerOf = viewer_of or (lambda context: Viewer())
        self._watch_wait = watch_wait_seconds
        self._writes = WriteQueue(0) if writes is None else writes
        self._run = asyncio.to_thread if run is None else run
        self._batch = batch

    async def _write(
        self,
        use_case: Callable[..., Reply],
        command: TableWrite | CreateTable,
        context: grpc.aio.ServicerContext,
        response: type[Message],
    ) -> bytes:
        """Run a write use case in a worker thread and answer the bytes it stored (a retry's
        first answer, byte for byte), an encoded ``response``: the handlers of
        :func:`method_handlers` send them as they are (no parse, no second serialization);
        StoreBusy when the write queue is full (:mod:`floorman.transport.write_queue`)."""
        began = await self._writes.enter()
        try:
            viewer = self._viewer_of(context)
            if self._batch is not None and not isinstance(command, CreateTable):
                reply = await self._batch.run(use_case, command, viewer=viewer)
            else:
                reply = await self._run(use_case, command, viewer=viewer)
        finally:
            self._writes.leave(began)
        outcome = reply.outcome
        if outcome is None:  # a retry's stored answer: parsed only to name its hand
            bind_call_ids(hand_id=_hand_id_of(response.FromString(reply.payload)))
        else:
            hand = outcome.hand
            bind_call_ids(
                hand_id=hand.hand_id if hand is not None else outcome.table.current_hand_id
            )
        return reply.payload

    @maps_errors
    async def CreateTable(
        self, request: tpb.CreateTableRequest, context: grpc.aio.ServicerContext
    ) -> bytes:
        """Open a table (ALREADY_EXISTS for a taken id)."""
        return await self._write(
            self._service.create_table,
            tc.create_table_from_pb(request),
            context,
            tpb.CreateTableResponse,
        )

    @maps_errors
    async def GetTable(
        self, request: tpb.GetTableRequest, context: grpc.aio.ServicerContext
    ) -> tpb.GetTableResponse:
        """The table now (NOT_FOUND when unknown)."""
        view = await asyncio.to_thread(self._service.get_table, request.table_id)
        return tpb.GetTableResponse(table=tc.table_to_pb(view))

    @maps_errors
    async def ListTables(
        self, request: tpb.ListTablesRequest, context: grpc.aio.ServicerContext
    ) -> tpb.ListTablesResponse:
        """A page of tables in id order."""
        views, token = await asyncio.to_thread(
            self._service.list_tables,
            page_size=request.page_size,
            page_token=request.page_token,
            include_closed=request.include_closed,
        )
        return tpb.ListTablesResponse(
            tables=[tc.table_to_pb(view) for view in views], next_page_token=token
        )

    @maps_errors
    async def CloseTable(
        self, request: tpb.CloseTableRequest, context: grpc.aio.ServicerContext
    ) -> bytes:
        """Close the table (players cash out)."""
        return await self._write(
            self._service.close_table,
            tc.close_table_from_pb(request),
            context,
            tpb.CloseTableResponse,
        )

    @maps_errors
    async def SeatPlayer(
        self, request: tpb.SeatPlayerRequest, context: grpc.aio.ServicerContext
    ) -> bytes:
        """A newcomer takes a seat."""
        return await self._write(
            self._service.seat_player,
            tc.seat_player_from_pb(request),
            context,
            tpb.SeatPlayerResponse,
        )

    @maps_errors
    async def LeaveSeat(
        self, request: tpb.LeaveSeatRequest, context: grpc.aio.ServicerContext
    ) -> bytes:
        """A player leaves with the stack."""
        return await self._write(
            self._service.leave_seat, tc.leave_seat_from_pb(request), context, tpb.LeaveSeatResponse
        )

    @maps_errors
    async def SitOut(self, request: tpb.SitOutRequest, context: grpc.aio.ServicerContext) -> bytes:
        """A player sits out from the next hand."""
        return await self._write(
            self._service.sit_out, tc.sit_out_from_pb(request), context, tpb.SitOutResponse
        )

    @maps_errors
    async def SitIn(self, request: tpb.SitInRequest, context: grpc.aio.ServicerContext) -> bytes:
        """A player comes back."""
        return await self._write(
            self._service.sit_in, tc.sit_in_from_pb(request), context, tpb.SitInResponse
        )

    @maps_errors
    async def StartHand(
        self, request: tpb.StartHandRequest, context: grpc.aio.ServicerContext
    ) -> bytes:
        """Start the next hand."""
        return await self._write(
            self._service.start_hand, tc.start_hand_from_pb(request), context, tpb.StartHandResponse
        )

    @maps_errors
    async def DealCards(
        self, request: tpb.DealCardsRequest, context: grpc.aio.ServicerContext
    ) -> bytes:
        """Recorded mode: the cards the dealer dealt."""
        return await self._write(
            self._service.deal_cards, tc.deal_cards_from_pb(request), context, tpb.DealCardsResponse
        )

    @maps_errors
    async def RecordAction(
        self, request: tpb.RecordActionRequest, context: grpc.aio.ServicerContext
    ) -> bytes:
        """A player's action (FAILED_PRECONDITION with the rule when refused)."""
        return await self._write(
            self._service.record_action,
            tc.record_action_from_pb(request),
            context,
            tpb.RecordActionResponse,
        )

    @maps_errors
    async def GetHand(
        self, request: tpb.GetHandRequest, context: grpc.aio.ServicerContext
    ) -> tpb.GetHandResponse:
        """A hand's state, legal actions and events (hole cards redacted per caller)."""
        view = await asyncio.to_thread(
            self._service.get_hand,
            request.table_id,
            request.hand_id,
            viewer=self._viewer_of(context),
        )
        answer = tpb.GetHandResponse(hand=tc.hand_view_to_pb(view))
        bind_call_ids(hand_id=answer.hand.hand_id)
        return answer

    @maps_stream_errors
    async def WatchTable(
        self, request: tpb.WatchTableRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[tpb.WatchTableResponse]:
        """Every event after ``after_sequence``, then live, until the table closes (OK);
        UNAVAILABLE when the server stops first (resume from the last sequence received)."""
        stream = watch_table(
            self._service,
            request.table_id,
            after_sequence=request.after_sequence,
            viewer=self._viewer_of(context),
            wait_seconds=self._watch_wait,
        )
        async for view in stream:
            yield tpb.WatchTableResponse(event=tc.event_to_pb(view))

    @maps_errors
    async def ExportHandHistory(
        self, request: tpb.ExportHandHistoryRequest, context: grpc.aio.ServicerContext
    ) -> tpb.ExportHandHistoryResponse:
        """A settled hand, or with ``whole_session`` every settled hand of the table, as PHH,
        Open Hand History JSON or PokerStars-style text (UNIMPLEMENTED while a format's
        exporter is not in this build)."""
        fmt = tc.history_format_from_pb(request.format)
        viewer = self._viewer_of(context)
        if request.whole_session and request.hand_id:
            raise InvalidArgument.single(
                "hand_id", "", "a whole-session export takes no hand_id (leave it empty)"
            )
        try:
            if request.whole_session:
                export = await asyncio.to_thread(
                    self._service.export_session, request.table_id, fmt, viewer=viewer
                )
            else:
                export = await asyncio.to_thread(
                    self._service.export_hand, request.table_id, request.hand_id, fmt, viewer=viewer
                )
        except FormatUnavailable as error:
            raise Unimplemented(str(error)) from None
        return tpb.ExportHandHistoryResponse(content=export.content, media_type=export.media_type)

    @maps_errors
    async def ListHands(
        self, request: tpb.ListHandsRequest, context: grpc.aio.ServicerContext
    ) -> tpb.ListHandsResponse:
        """One page of a table's hands, oldest first (ids, numbers, start times, games)."""
        hands, token = await asyncio.to_thread(
            self._service.list_hands,
            request.table_id,
            page_size=request.page_size,
            page_token=request.page_token,
        )
        return tpb.ListHandsResponse(
            hands=[tc.hand_listing_to_pb(hand) for hand in hands], next_page_token=token
        )


def _hand_id_of(answer: Message) -> str:
    """The hand a write's answer concerns: its ``hand``, else the table's current hand
    (``""`` between hands)."""
    fields = answer.DESCRIPTOR.fields_by_name
    if "hand" in fields and answer.HasField("hand"):
        return answer.hand.hand_id  # type: ignore[attr-defined]
    if "table" in fields and answer.HasField("table"):
        return answer.table.current_hand_id  # type: ignore[attr-defined]
    return ""


def _as_is(answer: bytes) -> bytes:
    """The response serializer of a write: its answer is already encoded."""
    return answer


class _Collected:
    """Takes the method handlers the generated registration hands a server."""

    def __init__(self) -> None:
        self.handlers: dict[str, grpc.RpcMethodHandler] = {}

    def add_generic_rpc_handlers(self, handlers: Any) -> None:
        return None

    def add_registered_method_handlers(
        self, service: str, handlers: dict[str, grpc.RpcMethodHandler]
    ) -> None:
        self.handlers.update(handlers)


def method_handlers(servicer: TableServicer) -> dict[str, grpc.RpcMethodHandler]:
    """The TableService's gRPC method handlers (method name -> handler): the generated ones,
    but each write in :data:`WRITES` sends the bytes its behaviour returns as they are."""
    collected = _Collected()
    tpb_grpc.add_TableServiceServicer_to_server(servicer, collected)
    handlers = collected.handlers
    for name in WRITES:
        handlers[name] = grpc.unary_unary_rpc_method_handler(
            getattr(servicer, name),
            request_deserializer=handlers[name].request_deserializer,
            response_serializer=_as_is,
        )
    return handlers


def parsed_handlers(
    handlers: dict[str, grpc.RpcMethodHandler],
) -> dict[str, grpc.RpcMethodHandler]:
    """``handlers`` for a caller that wants messages (the Connect port encodes them itself,
    binary or JSON): each write's bytes parsed into its response message."""
    out = dict(handlers)
    for name, response in WRITES.items():
        handler = handlers[name]
        out[name] = grpc.unary_unary_rpc_method_handler(
            _parsing(handler.unary_unary, response),
            request_deserializer=handler.request_deserializer,
            response_serializer=response.SerializeToString,
        )
    return out


def _parsing(behavior: Any, response: type[Message]) -> Callable[..., Any]:
    async def parse(request: Any, context: grpc.aio.ServicerContext) -> Message:
        return response.FromString(await behavior(request, context))

    return parse
