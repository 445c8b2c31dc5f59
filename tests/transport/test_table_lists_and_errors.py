"""Issue 10 points 10 and 13 over gRPC (an in-process server): ListHands pages a table's
hands, ExportHandHistory ``whole_session`` gives one file for the session, page tokens are
bound to their query (README "Errors"), and INVALID_ARGUMENT / NOT_FOUND carry
``google.rpc.ErrorInfo`` (domain ``floorman``) beside BadRequest / ResourceInfo."""

from __future__ import annotations

import asyncio
import tomllib

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from floorman.config import DEFAULT_STORE, HostPort, Settings, parse_store_url
from floorman.domain.history.ohh import parse_ohh
from floorman.domain.history.phh import parse_phhs
from floorman.domain.model import ActionType
from floorman.domain.table.settings import TableSettings
from floorman.transport.server import create_server
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.app.tables.tables_app_support import Table, service, table_settings
from tests.support.ohh_spec import assert_valid_ohh_file


def _play(svc, table_id: str, hands: int, settings: TableSettings | None = None) -> None:
    """``hands`` hands at a new three-player table in which everyone folds to the blind."""
    table = Table.create(svc, settings or table_settings(max_seats=6), table_id)
    for seat in (1, 2, 3):
        table.seat(seat, 5000)
    for _ in range(hands):
        hand = table.start().outcome.hand
        while not hand.complete:
            hand = table.act(hand.state.seat_to_act, ActionType.FOLD).outcome.hand


async def _serve(svc, calls):
    settings = Settings(
        listen=HostPort("127.0.0.1", 0),
        metrics_listen=None,
        store=parse_store_url(DEFAULT_STORE, source="test"),
    )
    server, port = await create_server(settings, warm=False, tables=svc)
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            return await calls(tpb_grpc.TableServiceStub(channel))
    finally:
        await server.stop(None)


def _run(svc, calls):
    return asyncio.run(_serve(svc, calls))


async def _refusal(call) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await call
    return refused.value


def _details(error: grpc.RpcError) -> dict[str, object]:
    status = rpc_status.from_call(error)
    assert status is not None
    found: dict[str, object] = {}
    for detail in status.details:
        for name, kind in (
            ("info", error_details_pb2.ErrorInfo),
            ("bad", error_details_pb2.BadRequest),
            ("resource", error_details_pb2.ResourceInfo),
        ):
            message = kind()
            if detail.Unpack(message):
                found[name] = message
    return found


def test_list_hands_pages_the_session_and_its_token_is_bound_to_the_table():
    """Point 10 / 13: five hands listed two a page, oldest first, with numbers, start times
    and the game; the last page has no token; a token of table t1 sent for table t2 is
    INVALID_ARGUMENT on ``page_token`` with ErrorInfo FIELD_VIOLATION."""
    svc = service()
    _play(svc, "t1", 5)
    _play(svc, "t2", 1)

    async def calls(stub):
        pages, token = [], ""
        while True:
            answer = await stub.ListHands(
                tpb.ListHandsRequest(table_id="t1", page_size=2, page_token=token)
            )
            pages.append(answer.hands)
            token = answer.next_page_token
            if not token:
                break
        first = await stub.ListHands(tpb.ListHandsRequest(table_id="t1", page_size=2))
        error = await _refusal(
            stub.ListHands(tpb.ListHandsRequest(table_id="t2", page_token=first.next_page_token))
        )
        return pages, error

    pages, error = _run(svc, calls)
    assert [[h.hand_number for h in page] for page in pages] == [[1, 2], [3, 4], [5]]
    hands = [h for page in pages for h in page]
    assert [h.hand_id for h in hands] == [f"hand-{n}" for n in range(1, 6)]
    assert {h.game for h in hands} == {pb.GAME_FIVE_CARD_DRAW}
    assert all(h.complete and h.started_at.seconds > 0 for h in hands)
    assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    details = _details(error)
    assert [v.field for v in details["bad"].field_violations] == ["page_token"]
    info = details["info"]
    assert (info.reason, info.domain, info.metadata["field"]) == (
        "FIELD_VIOLATION",
        "floorman",
        "page_token",
    )


def test_list_tables_token_is_bound_to_include_closed():
    """Point 13: a ListTables token from ``include_closed=False`` sent with
    ``include_closed=True`` is INVALID_ARGUMENT on ``page_token``; with the same filter it
    continues, and another page size is allowed."""
    svc = service()
    for name in ("a1", "a2", "a3"):
        Table.create(svc, table_settings(), name)

    async def calls(stub):
        first = await stub.ListTables(tpb.ListTablesRequest(page_size=1))
        same = await stub.ListTables(
            tpb.ListTablesRequest(page_size=5, page_token=first.next_page_token)
        )
        error = await _refusal(
            stub.ListTables(
                tpb.ListTablesRequest(
                    page_size=1, page_token=first.next_page_token, include_closed=True
                )
            )
        )
        return first, same, error

    first, same, error = _run(svc, calls)
    assert [t.table_id for t in first.tables] == ["a1"]
    assert [t.table_id for t in same.tables] == ["a2", "a3"]
    assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in _details(error)["bad"].field_violations] == ["page_token"]
    assert "another query" in error.details()


def test_not_found_carries_error_info_and_resource_info():
    """Point 13: an unknown table and an unknown hand are NOT_FOUND with ErrorInfo{reason:
    NOT_FOUND, domain: floorman, metadata: resource_type, table_id, hand_id} and
    ResourceInfo naming the resource."""
    svc = service()
    _play(svc, "t1", 1)

    async def calls(stub):
        table = await _refusal(stub.GetTable(tpb.GetTableRequest(table_id="nope")))
        hand = await _refusal(stub.GetHand(tpb.GetHandRequest(table_id="t1", hand_id="h-9")))
        return table, hand

    table, hand = _run(svc, calls)
    assert table.code() is hand.code() is grpc.StatusCode.NOT_FOUND
    info, resource = _details(table)["info"], _details(table)["resource"]
    assert (info.reason, info.domain, dict(info.metadata)) == (
        "NOT_FOUND",
        "floorman",
        {"resource_type": "floorman.v1.Table", "table_id": "nope"},
    )
    assert (resource.resource_type, resource.resource_name) == ("floorman.v1.Table", "nope")
    info, resource = _details(hand)["info"], _details(hand)["resource"]
    assert dict(info.metadata) == {
        "resource_type": "floorman.v1.Hand",
        "table_id": "t1",
        "hand_id": "h-9",
    }
    assert (resource.resource_type, resource.resource_name) == ("floorman.v1.Hand", "h-9")


def test_invalid_settings_carry_error_info_beside_the_bad_request():
    """Point 13 and 12: a malformed currency code is INVALID_ARGUMENT with BadRequest on
    ``settings.currency_code`` and ErrorInfo FIELD_VIOLATION naming it."""
    svc = service()

    async def calls(stub):
        settings = tpb.TableSettings(
            game=pb.GAME_FIVE_CARD_DRAW, stakes=pb.Stakes(small_bet=20), currency_code="us$"
        )
        return await _refusal(
            stub.CreateTable(tpb.CreateTableRequest(request_id="r1", settings=settings))
        )

    error = _run(svc, calls)
    assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    details = _details(error)
    assert [v.field for v in details["bad"].field_violations] == ["settings.currency_code"]
    assert (details["info"].reason, details["info"].metadata["field"]) == (
        "FIELD_VIOLATION",
        "settings.currency_code",
    )


def test_whole_session_export_is_one_ohh_file_and_one_phhs_file():
    """Point 10: ExportHandHistory ``whole_session`` writes every settled hand: OHH objects
    separated by one blank line, each valid against the specification with the table's 6
    seats; PHH a ``.phhs`` file with ``[1]`` .. ``[3]`` sections; a hand_id with it is
    refused."""
    svc = service()
    _play(svc, "t1", 3)

    async def calls(stub):
        ohh = await stub.ExportHandHistory(
            tpb.ExportHandHistoryRequest(
                table_id="t1",
                format=tpb.HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON,
                whole_session=True,
            )
        )
        phh = await stub.ExportHandHistory(
            tpb.ExportHandHistoryRequest(
                table_id="t1", format=tpb.HISTORY_FORMAT_PHH, whole_session=True
            )
        )
        error = await _refusal(
            stub.ExportHandHistory(
                tpb.ExportHandHistoryRequest(
                    table_id="t1",
                    hand_id="hand-1",
                    format=tpb.HISTORY_FORMAT_PHH,
                    whole_session=True,
                )
            )
        )
        return ohh.content, phh.content, error

    ohh, phh, error = _run(svc, calls)
    hands = assert_valid_ohh_file(ohh, table_size=6)
    assert [h["game_number"] for h in hands] == ["hand-1", "hand-2", "hand-3"]
    assert [h.extension.hand_id for h in parse_ohh(ohh)] == ["hand-1", "hand-2", "hand-3"]
    sections = tomllib.loads(phh)
    assert sorted(sections) == ["1", "2", "3"]
    assert [sections[k]["_hand_id"] for k in ("1", "2", "3")] == ["hand-1", "hand-2", "hand-3"]
    assert [h.hand for h in parse_phhs(phh)] == [1, 2, 3]
    assert phh.startswith("[1]\n") and "\n\n[2]\n" in phh
    assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert [v.field for v in _details(error)["bad"].field_violations] == ["hand_id"]


def test_mixed_table_settings_refusals_name_the_request_fields():
    """A listed entry's bad stakes are INVALID_ARGUMENT on the oneof's own path
    (``settings.rotation.custom.entries[1].stakes.straddle``); a HORSE table without stakes
    on ``settings.stakes.small_bet`` once; a game sent with a rotation on ``settings.game``
    (a mixed table leaves it unset)."""
    custom = tpb.GameRotation(
        custom=tpb.RotationEntries(
            entries=[
                tpb.RotationEntry(game=pb.GAME_BADUGI),
                tpb.RotationEntry(game=pb.GAME_RAZZ, stakes=pb.Stakes(small_bet=20, straddle=40)),
            ]
        )
    )
    horse = tpb.GameRotation(named=tpb.ROTATION_HORSE)
    cases = [
        (
            tpb.TableSettings(stakes=pb.Stakes(small_bet=20), rotation=custom),
            ["settings.rotation.custom.entries[1].stakes.straddle"],
        ),
        (tpb.TableSettings(rotation=horse), ["settings.stakes.small_bet"]),
        (
            tpb.TableSettings(game=pb.GAME_BADUGI, stakes=pb.Stakes(small_bet=20), rotation=horse),
            ["settings.game"],
        ),
    ]

    async def calls(stub):
        return [
            await _refusal(
                stub.CreateTable(tpb.CreateTableRequest(request_id=f"r{i}", settings=settings))
            )
            for i, (settings, _) in enumerate(cases)
        ]

    for error, (_, fields) in zip(_run(service(), calls), cases, strict=True):
        assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert [v.field for v in _details(error)["bad"].field_violations] == fields
