"""The one error -> status mapping (DESIGN.md "Contract details", Errors), unit and end to end
on an in-process server."""

from __future__ import annotations

import asyncio
import io
import json

import grpc
import pytest
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from floorman.config import DEFAULT_STORE, HostPort, Settings, parse_store_url
from floorman.domain.errors import (
    FieldViolation,
    FloormanError,
    HistoryError,
    InvalidArgument,
    RuleViolation,
)
from floorman.observability.logging import configure_logging
from floorman.store import StoreFull, StoreUnavailable
from floorman.transport import errors
from floorman.transport.server import create_server
from floorman.transport.servicers.rules import RulesCore
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc


def details_of(status: grpc.Status) -> status_pb2.Status:
    """The google.rpc.Status carried in the trailers of ``status``."""
    ((key, value),) = status.trailing_metadata
    assert key == "grpc-status-details-bin"
    return status_pb2.Status.FromString(value)


def unpack(status: status_pb2.Status, message_type):
    """The one detail of ``status`` of ``message_type``, unpacked."""
    found = []
    for detail in status.details:
        message = message_type()
        if detail.Unpack(message):
            found.append(message)
    (message,) = found
    return message


def test_invalid_argument_maps_to_bad_request_with_rule_descriptions():
    """InvalidArgument -> INVALID_ARGUMENT + BadRequest(field, "rule: message")."""
    error = InvalidArgument(
        [
            FieldViolation("cards[1]", "card.malformed", "'Xx' is not a card"),
            FieldViolation("game", "", "game is required"),
        ]
    )
    status = errors.status_for(error)
    assert status.code is grpc.StatusCode.INVALID_ARGUMENT
    rich = details_of(status)
    assert rich.code == code_pb2.INVALID_ARGUMENT
    assert rich.message == status.details
    assert "2 invalid fields: cards[1]: card.malformed" in status.details
    bad = unpack(rich, error_details_pb2.BadRequest)
    assert [(v.field, v.description) for v in bad.field_violations] == [
        ("cards[1]", "card.malformed: 'Xx' is not a card"),
        ("game", "game is required"),
    ]
    info = unpack(rich, error_details_pb2.ErrorInfo)  # issue 10 point 13
    assert (info.reason, info.domain) == ("FIELD_VIOLATION", "floorman")
    assert dict(info.metadata) == {
        "field": "cards[1]",
        "field_count": "2",
        "rule": "card.malformed",
    }


def test_history_error_maps_to_bad_request_on_the_event():
    """HistoryError -> INVALID_ARGUMENT + BadRequest field ``history[N]``, rule id first."""
    error = HistoryError(4, RuleViolation("fixed_limit.cap", "the round is capped", seat=2))
    status = errors.status_for(error)
    assert status.code is grpc.StatusCode.INVALID_ARGUMENT
    bad = unpack(details_of(status), error_details_pb2.BadRequest)
    ((field, description),) = [(v.field, v.description) for v in bad.field_violations]
    assert field == "history[4]"
    assert description == "fixed_limit.cap: the round is capped"
    info = unpack(details_of(status), error_details_pb2.ErrorInfo)
    assert dict(info.metadata) == {
        "field": "history[4]",
        "field_count": "1",
        "rule": "fixed_limit.cap",
    }


def test_rule_violation_maps_to_failed_precondition_with_error_info():
    """RuleViolation -> FAILED_PRECONDITION + ErrorInfo{RULE_VIOLATION, floorman, metadata}."""
    error = RuleViolation("bet.amount", "a bet is 200", seat=3, expected=200, actual=250)
    status = errors.status_for(error)
    assert status.code is grpc.StatusCode.FAILED_PRECONDITION
    info = unpack(details_of(status), error_details_pb2.ErrorInfo)
    assert (info.reason, info.domain) == ("RULE_VIOLATION", "floorman")
    assert dict(info.metadata) == {
        "rule": "bet.amount",
        "seat": "3",
        "expected": "200",
        "actual": "250",
    }


def test_rule_violation_metadata_leaves_out_keys_without_a_value():
    """README "Errors": RULE_VIOLATION metadata carries ``rule`` always and ``seat``,
    ``expected``, ``actual`` only when they have a value (seat 0 is none)."""
    bare = errors.status_for(RuleViolation("table.players", "StartHand needs 2 players"))
    info = unpack(details_of(bare), error_details_pb2.ErrorInfo)
    assert dict(info.metadata) == {"rule": "table.players"}
    seated = errors.status_for(RuleViolation("seat.occupied", "seat 2 is taken", seat=2))
    info = unpack(details_of(seated), error_details_pb2.ErrorInfo)
    assert dict(info.metadata) == {"rule": "seat.occupied", "seat": "2"}


def test_other_domain_errors_are_failed_precondition_never_internal():
    """A deliberate domain error of another kind is FAILED_PRECONDITION with its reason."""

    class UnverifiableHand(FloormanError):
        pass

    status = errors.status_for(UnverifiableHand("seat 3's cards are unknown"))
    assert status.code is grpc.StatusCode.FAILED_PRECONDITION
    info = unpack(details_of(status), error_details_pb2.ErrorInfo)
    assert (info.reason, info.domain) == ("UNVERIFIABLE_HAND", "floorman")


@pytest.mark.parametrize("landed", [True, False])
def test_store_unavailable_says_whether_the_write_may_have_landed(landed):
    """StoreUnavailable -> UNAVAILABLE + ErrorInfo{STORE_UNAVAILABLE, may_have_landed}
    (issue 16 point 1: retry with the same request id)."""
    status = errors.status_for(StoreUnavailable("PostgreSQL: gone", may_have_landed=landed))
    assert status.code is grpc.StatusCode.UNAVAILABLE
    assert status.details == "the table store is unavailable: PostgreSQL: gone"
    info = unpack(details_of(status), error_details_pb2.ErrorInfo)
    assert (info.reason, info.domain) == ("STORE_UNAVAILABLE", "floorman")
    assert dict(info.metadata) == {"may_have_landed": "true" if landed else "false"}


def test_store_full_is_resource_exhausted_with_a_retry_delay():
    """StoreFull -> RESOURCE_EXHAUSTED + ErrorInfo{STORE_FULL, may_have_landed} + RetryInfo
    of 1 s (issue 16 point 2)."""
    status = errors.status_for(StoreFull("SQLite database 'f.db': disk I/O error"))
    assert status.code is grpc.StatusCode.RESOURCE_EXHAUSTED
    rich = details_of(status)
    info = unpack(rich, error_details_pb2.ErrorInfo)
    assert (info.reason, dict(info.metadata)) == ("STORE_FULL", {"may_have_landed": "false"})
    retry = unpack(rich, error_details_pb2.RetryInfo)
    assert retry.retry_delay.ToTimedelta().total_seconds() == 1.0


def test_unimplemented_and_unexpected_errors():
    """Unimplemented -> UNIMPLEMENTED; a bug -> INTERNAL with a generic message only."""
    assert errors.status_for(errors.Unimplemented("later")).code is grpc.StatusCode.UNIMPLEMENTED
    status = errors.status_for(KeyError("/srv/secret/path"))
    assert status.code is grpc.StatusCode.INTERNAL
    assert status.details == errors.INTERNAL_MESSAGE
    assert "secret" not in str(details_of(status))


def test_details_are_capped_to_fit_the_metadata_limit():
    """Many or huge violations are capped: at most MAX_FIELD_VIOLATIONS, each clipped."""
    error = InvalidArgument(
        [FieldViolation(f"cards[{i}]", "card.malformed", "x" * 10_000) for i in range(100)]
    )
    status = errors.status_for(error)
    rich = details_of(status)
    bad = unpack(rich, error_details_pb2.BadRequest)
    assert len(bad.field_violations) == errors.MAX_FIELD_VIOLATIONS
    assert all(
        len(v.description.encode()) <= errors.MAX_DESCRIPTION_BYTES for v in bad.field_violations
    )
    assert bad.field_violations[0].description.startswith("card.malformed: ")
    assert len(status.details.encode()) <= errors.MAX_MESSAGE_BYTES
    assert "(and 99 more)" in status.details
    assert len(rich.SerializeToString()) < 4096


def test_clip_cuts_on_a_character_boundary():
    """clip() keeps whole UTF-8 characters and marks the cut."""
    assert errors.clip("short", 10) == "short"
    clipped = errors.clip("é" * 50, 20)
    assert clipped.endswith("...") and len(clipped.encode()) <= 20
    clipped.encode().decode()  # still valid UTF-8


def _boom(*_args, **_kwargs):
    raise RuntimeError("disk /var/lib/secret is on fire")


async def _call_with_core(core: RulesCore, request: rpb.EvaluateHandRequest):
    settings = Settings(
        listen=HostPort("127.0.0.1", 0),
        metrics_listen=None,
        store=parse_store_url(DEFAULT_STORE, source="test"),
    )
    server, port = await create_server(settings, core=core, warm=False)
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = rules_service_pb2_grpc.RulesServiceStub(channel)
            try:
                await stub.EvaluateHand(request, timeout=10)
            except grpc.aio.AioRpcError as error:
                return error
            return None
    finally:
        await server.stop(None)


def test_a_bug_reaches_the_client_as_generic_internal_and_is_logged():
    """An unexpected exception in a use case: the client gets INTERNAL with the generic
    message (nothing of the exception), the log gets the traceback and an rpc line."""
    out = io.StringIO()
    configure_logging(level="info", stream=out)
    try:
        request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As"])
        error = asyncio.run(_call_with_core(RulesCore(evaluate_hand=_boom), request))
    finally:
        configure_logging(level="warning")
    assert error is not None
    assert error.code() is grpc.StatusCode.INTERNAL
    assert error.details() == errors.INTERNAL_MESSAGE
    assert "secret" not in repr(error.trailing_metadata())
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    (logged,) = [line for line in lines if line["event"] == "rpc_internal_error"]
    assert "RuntimeError: disk /var/lib/secret is on fire" in logged["exception"]
    (rpc,) = [line for line in lines if line["event"] == "rpc"]
    assert (rpc["method"], rpc["code"]) == ("/floorman.v1.RulesService/EvaluateHand", "INTERNAL")


@pytest.mark.parametrize(
    "raised",
    [
        InvalidArgument.single("cards[0]", "card.malformed", "'Q' is not a card"),
        RuleViolation("hand.complete", "the hand is over", seat=1),
    ],
)
def test_servicer_errors_travel_with_rich_details(raised):
    """A domain error raised by the use case reaches the client with its mapped status and
    details, readable with grpc_status.rpc_status.from_call."""

    def fail(*_args, **_kwargs):
        raise raised

    error = asyncio.run(
        _call_with_core(RulesCore(evaluate_hand=fail), rpb.EvaluateHandRequest(game=1))
    )
    expected = errors.status_for(raised)
    assert error.code() is expected.code
    status = rpc_status.from_call(error)
    assert status == details_of(expected)
