"""Limit settings and the request checks (issue 6 "Deliver" 4), without a server."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import grpc
import pytest

from floorman.config import ConfigError, resolve_settings
from floorman.domain.errors import InvalidArgument
from floorman.security.limits import LimitExceeded, Limits, LimitsError, apply_limits
from floorman.transport.errors import status_for
from floorman.transport.limits import (
    COUNT_LIMITS,
    LimitsInterceptor,
    StreamSlots,
    check_message,
    peer_address,
)
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import table_service_pb2 as tpb


def test_defaults_and_overrides():
    """Defaults are documented values; env items apply, then flags override per name."""
    assert resolve_settings(env={}).limits == Limits()
    settings = resolve_settings(
        env={"FLOORMAN_LIMITS": "hands=4, cards = 20,message_bytes=1_048_576"},
        limits=["hands=6"],
    )
    assert (settings.limits.hands, settings.limits.cards) == (6, 20)
    assert settings.max_message_bytes == settings.limits.message_bytes == 1_048_576


@pytest.mark.parametrize(
    ("items", "message"),
    [(["handz=3"], "NAME=VALUE"), (["hands"], "NAME=VALUE"),
     (["hands=-1"], "hands='-1': the value must be a positive whole number$"),
     (["amount=-5"], "amount='-5': the value must be a positive whole number$"),
     (["hands=0"], "hands='0': the value must be a positive whole number$"),
     (["message_bytes=1000"], "the value must be a whole number of at least 65536$"),
     (["streams_per_peer=-1"], "the value must be a whole number, 0 or more \\(0: no limit\\)$"),
     (["cards=\u0663"], "the value must be a positive whole number$")],
)  # fmt: skip
def test_malformed_limits_are_refused(items, message):
    """README "Configuration" (``--limit NAME=VALUE``): unknown names and missing values are
    errors; a negative, zero or too small value says what the value must be (a positive
    whole number; 0 or more where 0 lifts the limit; at least 65536 message bytes)."""
    with pytest.raises(LimitsError, match=message):
        apply_limits(Limits(), items, source="--limit")
    with pytest.raises(ConfigError, match="--limit"):
        resolve_settings(env={}, limits=items)


def test_zero_means_no_limit_for_concurrency():
    """streams_per_peer=0 and concurrent_rpcs=0 lift those limits."""
    limits = apply_limits(Limits(), ["streams_per_peer=0", "concurrent_rpcs=0"], source="x")
    slots = StreamSlots(limits.streams_per_peer)
    for _ in range(100):
        slots.acquire("ipv4:1.2.3.4")
    assert slots.held("ipv4:1.2.3.4") == 100


def test_every_repeated_request_field_has_a_named_limit():
    """Each repeated field of every floorman request message is in COUNT_LIMITS (none
    falls back to the default)."""
    from google.protobuf.descriptor import FieldDescriptor

    from floorman.v1 import audit_service_pb2, rules_service_pb2, table_service_pb2

    seen: set[str] = set()
    missing: list[str] = []

    def walk(descriptor) -> None:
        if descriptor.full_name in seen:
            return
        seen.add(descriptor.full_name)
        for field in descriptor.fields:
            if field.is_repeated and (descriptor.full_name, field.name) not in COUNT_LIMITS:
                missing.append(f"{descriptor.full_name}.{field.name}")
            if field.type == FieldDescriptor.TYPE_MESSAGE:
                walk(field.message_type)

    for module in (rules_service_pb2, table_service_pb2, audit_service_pb2):
        for service in module.DESCRIPTOR.services_by_name.values():
            for method in service.methods:
                walk(method.input_type)
    assert not missing


def test_check_message_names_each_field_over_a_limit():
    """One field violation per field: counts at any depth, long strings, control
    characters; cards' own text is left to the card parser."""
    limits = Limits(cards=5, hands=2, string_chars=10)
    request = rpb.CompareHandsRequest(
        game=pb.GAME_RAZZ,
        hands=[pb.Hand(cards=["As"] * 6), pb.Hand(cards=["x" * 50])],
    )
    with pytest.raises(InvalidArgument) as caught:
        check_message(request, limits)
    assert [v.field for v in caught.value.violations] == ["hands[0].cards"]
    request.hands.append(pb.Hand())
    with pytest.raises(InvalidArgument) as caught:
        check_message(request, limits)
    assert [v.field for v in caught.value.violations] == ["hands"]
    seat = tpb.SeatPlayerRequest(table_id="t" * 11, request_id="a\x00b", player_id="ok")
    with pytest.raises(InvalidArgument) as caught:
        check_message(seat, limits)
    found = {v.field: v.message for v in caught.value.violations}
    assert found == {
        "table_id": "a table id has 1 to 10 characters of [A-Za-z0-9_-] (limit string_chars)",
        "request_id": "control characters are not allowed",
    }
    check_message(tpb.SeatPlayerRequest(table_id="t1", player_id="Zoë 🂡"), limits)


def test_board_is_held_to_the_cards_limit():
    """The community-card games' ``board`` counts against the ``cards`` limit, in
    EvaluateHand and CompareHands; its card text is left to the card parser."""
    limits = Limits(cards=5, hands=2, string_chars=10)
    evaluate = rpb.EvaluateHandRequest(game=pb.GAME_TEXAS_HOLDEM, cards=["As"], board=["Kd"] * 6)
    compare = rpb.CompareHandsRequest(game=pb.GAME_OMAHA, board=["Kd"] * 6)
    for request in (evaluate, compare):
        with pytest.raises(InvalidArgument) as caught:
            check_message(request, limits)
        assert [(v.field, v.message) for v in caught.value.violations] == [
            ("board", "at most 5 cards in one request (limit cards); got 6")
        ]
    check_message(rpb.EvaluateHandRequest(board=["x" * 50]), limits)


def test_history_action_amounts_are_held_to_the_amount_limit():
    """README "Limits" (``amount``): an action amount in a request's history is held to the
    same limit as the request's own ``action.amount``, on the event's own path."""
    limits = Limits(amount=10**15)
    raise_to = pb.HandEvent(action=pb.Action(seat=2, type=pb.ACTION_TYPE_RAISE, amount=2**63 - 1))
    request = rpb.ValidateActionRequest(
        history=[pb.HandEvent(deal=pb.Deal(seat=1, cards=["As"])), raise_to],
        action=pb.Action(seat=3, type=pb.ACTION_TYPE_RAISE, amount=-(10**15) - 1),
    )
    with pytest.raises(InvalidArgument) as caught:
        check_message(request, limits)
    problem = "at most 1000000000000000 in absolute value (limit amount)"
    assert sorted((v.field, v.message) for v in caught.value.violations) == [
        ("action.amount", problem),
        ("history[1].action.amount", problem),
    ]
    request.history[1].action.amount = 10**15
    request.action.amount = 10**15
    check_message(request, limits)


@pytest.mark.parametrize(
    ("field", "most", "message"),
    [
        ("player_id", 64, "a player id has 1 to 64 characters"),
        ("request_id", 128, "a request id has 1 to 128 characters"),
        ("table_id", 64, "a table id has 1 to 64 characters of [A-Za-z0-9_-]"),
    ],
)
def test_a_field_with_its_own_length_limit_has_one_message(field, most, message):
    """Issue 10 point 7: just over a field's own limit and far over the server's
    string_chars limit, the request limits give the field's one message, the same the
    domain and app checks give."""
    for length in (most + 1, 300, 5000):
        request = tpb.SeatPlayerRequest(table_id="t1", request_id="r1", player_id="p")
        setattr(request, field, "x" * length)
        with pytest.raises(InvalidArgument) as caught:
            check_message(request, Limits())
        assert [(v.field, v.message) for v in caught.value.violations] == [(field, message)]
    fitting = {"table_id": "t1", "request_id": "r1", "player_id": "p", field: "x" * most}
    check_message(tpb.SeatPlayerRequest(**fitting), Limits())


def test_the_domain_checks_use_the_same_length_messages():
    """SeatPlayer's player id, a write's request and table ids and a table's name are
    refused by the app and domain in the words of :mod:`floorman.domain.text_limits`."""
    from floorman.app.tables.commands import check_request_id, check_table_id
    from floorman.domain import text_limits

    for check, limit in ((check_request_id, text_limits.REQUEST_ID),
                         (check_table_id, text_limits.TABLE_ID)):  # fmt: skip
        for length in (limit.most + 1, 300):
            with pytest.raises(InvalidArgument) as caught:
                check("x" * length)
            assert caught.value.violations[0].message == limit.message()
    assert text_limits.TABLE_NAME.message() == "a table name has at most 200 characters"
    name = tpb.TableSettings(name="n" * 201)
    with pytest.raises(InvalidArgument) as caught:
        check_message(tpb.CreateTableRequest(request_id="r", settings=name), Limits())
    assert [(v.field, v.message) for v in caught.value.violations] == [
        ("settings.name", "a table name has at most 200 characters")
    ]


def test_peer_addresses_drop_the_port():
    """ipv4 and ipv6 peers lose their port; other peers stay as they are."""
    assert peer_address("ipv4:10.0.0.7:51234") == "ipv4:10.0.0.7"
    assert peer_address("ipv6:[::1]:5000") == "ipv6:[::1]"
    assert peer_address("unix:/tmp/s") == "unix:/tmp/s"


def test_stream_slots_refuse_over_the_limit_and_free_on_release():
    """The limit+1-th stream of one address is LimitExceeded; another address is
    unaffected; a release frees a slot."""
    slots = StreamSlots(2)
    slots.acquire("a")
    slots.acquire("a")
    slots.acquire("b")
    with pytest.raises(LimitExceeded) as caught:
        slots.acquire("a")
    status = status_for(caught.value)
    assert status.code is grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "at most 2" in status.details
    slots.release("a")
    slots.acquire("a")
    assert slots.held("a") == 2


class _SpentContext:
    """A servicer context whose deadline has passed; records the abort."""

    def __init__(self) -> None:
        self.aborted: grpc.Status | None = None

    def time_remaining(self) -> float:
        return -0.5

    def peer(self) -> str:
        return "ipv4:127.0.0.1:1"

    async def abort_with_status(self, status: grpc.Status) -> None:
        self.aborted = status
        raise grpc.aio.AbortError()


def test_a_call_past_its_deadline_does_no_work():
    """The limits interceptor ends a call whose deadline has passed with DEADLINE_EXCEEDED
    before the servicer runs."""
    ran = []

    async def behavior(request, context):
        ran.append(request)
        return request

    handler = grpc.unary_unary_rpc_method_handler(behavior)
    interceptor = LimitsInterceptor(Limits())

    async def call() -> _SpentContext:
        async def continuation(details):
            return handler

        details = SimpleNamespace(
            method="/floorman.v1.RulesService/EvaluateHand", invocation_metadata=()
        )
        wrapped = await interceptor.intercept_service(continuation, details)
        context = _SpentContext()
        with pytest.raises(grpc.aio.AbortError):
            await wrapped.unary_unary(rpb.EvaluateHandRequest(), context)
        return context

    context = asyncio.run(call())
    assert context.aborted.code is grpc.StatusCode.DEADLINE_EXCEEDED and not ran
