"""Hostile input for every RPC of every service (issue 6 "Deliver" 5 and "Show"): hypothesis
builds malformed and extreme requests from the proto descriptors (int32/int64 extremes,
negative and huge amounts, unknown enum values, empty and giant repeated fields, unicode and
control characters in ids, random bytes as audit documents and as raw request bytes) and
sends them to a real server subprocess, with real tokens and sometimes a garbled
``authorization`` header. No call may end INTERNAL or UNKNOWN, the server must answer health
at the end, and a refused write at a live table must leave it as it was (a refused action or
deal may add only its finding event, by design). The number of cases is printed."""

from __future__ import annotations

import collections
import os
import random
import time
from collections.abc import Callable
from typing import Any

import grpc
import pytest
from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, FieldDescriptor, MethodDescriptor
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.domain.cards import card_str
from floorman.v1 import audit_service_pb2, rules_service_pb2, table_service_pb2
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from tests.security.security_support import with_token, write_auth_file
from tests.system.table_client import GrpcTable, choose, settings_pb, stub_for

SERVICES = (
    rules_service_pb2.DESCRIPTOR.services_by_name["RulesService"],
    table_service_pb2.DESCRIPTOR.services_by_name["TableService"],
    audit_service_pb2.DESCRIPTOR.services_by_name["AuditService"],
    health_pb2.DESCRIPTOR.services_by_name["Health"],
    reflection_pb2.DESCRIPTOR.services_by_name["ServerReflection"],
)
METHODS: tuple[MethodDescriptor, ...] = tuple(m for s in SERVICES for m in s.methods)
EXAMPLES = int(os.environ.get("FLOORMAN_FUZZ_EXAMPLES", "1400"))
"""Cases per run; a longer campaign: ``FLOORMAN_FUZZ_EXAMPLES=20000`` (then not derandomized,
so each run explores new inputs)."""
ALLOWED = {
    grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.NOT_FOUND, grpc.StatusCode.ALREADY_EXISTS, grpc.StatusCode.ABORTED,
    grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.UNAUTHENTICATED,
    grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.UNIMPLEMENTED,
    grpc.StatusCode.OUT_OF_RANGE,
}  # fmt: skip
"""Every answer a hostile request may get (never INTERNAL, UNKNOWN or UNAVAILABLE;
OUT_OF_RANGE: WatchTable after a sequence beyond the table's last)."""
STREAM_TIMEOUT = 0.3
CARDS = [card_str(card) for card in range(52)]
LIVE_PREFIX = "fuzz-live"
WRITES = {"CloseTable", "SeatPlayer", "LeaveSeat", "SitOut", "SitIn", "StartHand", "DealCards",
          "RecordAction"}  # fmt: skip

INT32_EDGES = [0, 1, -1, 2, 5, 10, 11, 100, 2**31 - 1, -(2**31)]
INT64_EDGES = [0, 1, -1, 5, 20, 10**6, 2**31, 10**15, 10**15 + 1, 2**53 + 1, 2**63 - 1,
               -(2**63)]  # fmt: skip
STRINGS = ["", " ", "As", "10h", "ah", "??", "Xx", "AsKd", "\x00", "\n", "a" * 300,
           "\u202e", "t-\U0001f0a1", "floorman:x", "../../etc/passwd", "' OR 1=1 --",
           "GAME_RAZZ", "phh", "é" * 70]  # fmt: skip


def _int(edges: list[int], low: int, high: int) -> st.SearchStrategy[int]:
    return st.one_of(st.sampled_from(edges), st.integers(low, high))


LIVE_IDS: list[str] = []
"""The fuzzer's live table ids (read when a table id is drawn)."""


def _live_id(index: int) -> str:
    return LIVE_IDS[index % len(LIVE_IDS)] if LIVE_IDS else "none"


TEXT = st.one_of(
    st.sampled_from(STRINGS),
    st.sampled_from(CARDS),
    st.text(max_size=16),
    st.text(st.characters(codec="utf-8"), min_size=200, max_size=400),
)


def _scalar(field: FieldDescriptor) -> st.SearchStrategy[Any]:
    kind = field.type
    if kind in (FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_SINT32,
                FieldDescriptor.TYPE_SFIXED32):  # fmt: skip
        return _int(INT32_EDGES, -(2**31), 2**31 - 1)
    if kind in (FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_SINT64,
                FieldDescriptor.TYPE_SFIXED64):  # fmt: skip
        return _int(INT64_EDGES, -(2**63), 2**63 - 1)
    if kind in (FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_FIXED32):
        return st.integers(0, 2**32 - 1)
    if kind in (FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_FIXED64):
        return st.integers(0, 2**64 - 1)
    if kind == FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if kind == FieldDescriptor.TYPE_ENUM:
        values = [v.number for v in field.enum_type.values]
        return st.one_of(st.sampled_from(values), st.sampled_from([-1, 99, 2**31 - 1, -(2**31)]))
    if kind in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return st.floats(allow_nan=True, width=32)
    if kind == FieldDescriptor.TYPE_BYTES:
        return st.one_of(st.binary(max_size=400), st.sampled_from(DOCUMENTS))
    if field.name == "table_id":
        return st.one_of(st.integers(0, 9).map(_live_id), TEXT)
    if field.name in ("cards", "community_cards"):
        return st.one_of(st.sampled_from(CARDS), TEXT)
    return TEXT


def _repeated(item: st.SearchStrategy[Any], giant: bool) -> st.SearchStrategy[list]:
    """A list of ``item``: short, longer, or (``giant``) one value repeated 60-2000 times.

    Giant lists are drawn only in the request itself (depth 0): a repeated copy of a message
    that holds giant lists of its own multiplies (2000 ** depth values, gigabytes in the test
    worker before anything reaches the server)."""
    lists = [st.lists(item, max_size=4), st.lists(item, min_size=5, max_size=12)]
    if giant:
        lists.append(
            st.tuples(item, st.sampled_from([60, 1001, 2000])).map(lambda x: [x[0]] * x[1])
        )
    return st.one_of(*lists)


_MESSAGES: dict[tuple[str, int], st.SearchStrategy[Any]] = {}
MAX_DEPTH = 3


def message_of(descriptor: Descriptor, depth: int = 0) -> st.SearchStrategy[Any]:
    """A strategy for messages of ``descriptor``: each field unset half the time, else a
    hostile value (nested messages to depth 3). Built once per type and depth."""
    key = (descriptor.full_name, depth)
    if key in _MESSAGES:
        return _MESSAGES[key]
    cls = message_factory.GetMessageClass(descriptor)
    plan: list[tuple[FieldDescriptor, st.SearchStrategy[Any]]] = []
    for field in descriptor.fields:
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if field.message_type.GetOptions().map_entry or depth >= MAX_DEPTH:
                continue
            item = st.deferred(lambda f=field: message_of(f.message_type, depth + 1))
        else:
            item = _scalar(field)
        plan.append((field, _repeated(item, depth == 0) if field.is_repeated else item))
    chosen = st.lists(st.booleans(), min_size=len(plan), max_size=len(plan))

    @st.composite
    def build(draw: Callable[..., Any]) -> Any:
        message = cls()
        for (field, strategy), wanted in zip(plan, draw(chosen), strict=True):
            if not wanted:
                continue
            value = draw(strategy)
            if field.is_repeated:
                getattr(message, field.name).extend(value)
            elif field.type == FieldDescriptor.TYPE_MESSAGE:
                getattr(message, field.name).CopyFrom(value)
            else:
                setattr(message, field.name, value)
        return message

    _MESSAGES[key] = build()
    return _MESSAGES[key]


AMOUNT = _int(INT64_EDGES, -(2**63), 2**63 - 1)
GAMES = st.sampled_from([v.number for v in pb.Game.DESCRIPTOR.values if v.number])
SEAT = st.one_of(st.integers(1, 10), st.sampled_from(INT32_EDGES))
PLAUSIBLE_CONFIG = st.builds(
    lambda game, structure, stakes, seats, button, forced: pb.HandConfig(
        game=game, betting_structure=structure, stakes=stakes, button_seat=button,
        seats=[pb.SeatState(seat=n, stack=stack, player_id=f"p{n}") for n, stack in seats],
        forced_bets=forced,
    ),
    GAMES,
    st.sampled_from([v.number for v in pb.BettingStructure.DESCRIPTOR.values]),
    st.builds(pb.Stakes, small_bet=AMOUNT, big_bet=AMOUNT, ante=AMOUNT, bring_in=AMOUNT,
              small_blind=AMOUNT, big_blind=AMOUNT),
    st.lists(st.tuples(st.integers(1, 10), AMOUNT), min_size=2, max_size=6,
             unique_by=lambda x: x[0]),
    SEAT,
    st.lists(st.builds(pb.ForcedBet, seat=SEAT, kind=st.integers(0, 6), amount=AMOUNT,
                       dead=st.booleans()), max_size=3),
)  # fmt: skip
PLAUSIBLE_EVENT = st.one_of(
    st.builds(lambda seat, cards, up: pb.HandEvent(deal=pb.Deal(seat=seat, cards=cards,
                                                                face_up=up)),
              SEAT, st.lists(st.sampled_from([*CARDS, "??"]), max_size=3), st.booleans()),
    st.builds(lambda seat, kind, amount, cards: pb.HandEvent(
        action=pb.Action(seat=seat, type=kind, amount=amount, cards=cards)),
        SEAT, st.integers(0, 14), AMOUNT, st.lists(st.sampled_from(CARDS), max_size=2)),
)  # fmt: skip
PLAUSIBLE = {
    "EvaluateHand": st.builds(rules_service_pb2.EvaluateHandRequest, game=GAMES,
                              cards=st.lists(st.sampled_from(CARDS), max_size=9),
                              players=st.sampled_from(INT32_EDGES),
                              board=st.lists(st.sampled_from(CARDS), max_size=6)),
    "CompareHands": st.builds(
        rules_service_pb2.CompareHandsRequest, game=GAMES, players=st.sampled_from(INT32_EDGES),
        hands=st.lists(st.builds(pb.Hand, cards=st.lists(st.sampled_from(CARDS), max_size=8)),
                       max_size=6),
        community_cards=st.lists(st.sampled_from(CARDS), max_size=2),
        board=st.lists(st.sampled_from(CARDS), max_size=6)),
    "ValidateAction": st.builds(rules_service_pb2.ValidateActionRequest, config=PLAUSIBLE_CONFIG,
                                history=st.lists(PLAUSIBLE_EVENT, max_size=12),
                                action=PLAUSIBLE_EVENT.map(lambda e: e.action)),
    "ListLegalActions": st.builds(rules_service_pb2.ListLegalActionsRequest,
                                  config=PLAUSIBLE_CONFIG,
                                  history=st.lists(PLAUSIBLE_EVENT, max_size=12)),
    "SettleHand": st.builds(rules_service_pb2.SettleHandRequest, config=PLAUSIBLE_CONFIG,
                            history=st.lists(PLAUSIBLE_EVENT, max_size=12),
                            declared_payouts=st.lists(st.builds(pb.Payout, seat=SEAT,
                                                                amount=AMOUNT), max_size=3)),
}  # fmt: skip
"""Requests close enough to valid to reach the engine with extreme values."""


def _documents() -> list[bytes]:
    """Small real hand histories (PHH and PokerStars text) to mutate, when the corpus is
    here; else a few handmade lines."""
    from pathlib import Path

    corpus = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
    found = sorted((corpus / "phh").rglob("*.phh"))[:3] if corpus.is_dir() else []
    texts = [path.read_bytes()[:3000] for path in found]
    return texts or [b'variant = "F7S"\nantes = [5, 5]\n', b"PokerStars Hand #1: Razz\n"]


DOCUMENTS = _documents()


class Fuzzer:
    """Calls any method with any request over one channel and keeps the live tables."""

    def __init__(self, server, tokens: dict[str, str]) -> None:
        self.server = server
        self.admin = with_token(server.channel, tokens["admin"])
        self.tokens = tokens
        self.tables = stub_for(self.admin)
        self.live: dict[str, GrpcTable] = {}
        self.codes: collections.Counter[str] = collections.Counter()
        self.calls: collections.Counter[str] = collections.Counter()
        self.rng = random.Random(5)
        self.opened = 0
        for game in (pb.GAME_SEVEN_CARD_STUD, pb.GAME_FIVE_CARD_DRAW):
            self.open_live(game)

    def open_live(self, game: int) -> GrpcTable:
        """A fresh live table with three players and a hand in progress."""
        self.opened += 1
        table_id = f"{LIVE_PREFIX}-{self.opened}"
        ante = 0 if game == pb.GAME_FIVE_CARD_DRAW else 5
        table = GrpcTable.create(self.tables, settings_pb(game, ante=ante), table_id)
        for seat in (1, 2, 3):
            table.seat(seat, 5000, f"p{seat}")
        table.call("StartHand")
        self.live[table_id] = table
        return table

    def snapshot(self, table_id: str) -> tuple[int, tpb.Table]:
        table = self.tables.GetTable(tpb.GetTableRequest(table_id=table_id), timeout=30).table
        return table.sequence, table

    def call(self, method: MethodDescriptor, request: Any, channel: grpc.Channel) -> str:
        """Send ``request`` (or a list of them for a client stream) and return the code."""
        path = f"/{method.containing_service.full_name}/{method.name}"
        response_type = message_factory.GetMessageClass(method.output_type)
        kwargs = {
            "request_serializer": lambda m: m if isinstance(m, bytes) else m.SerializeToString(),
            "response_deserializer": response_type.FromString,
        }
        try:
            if method.client_streaming and method.server_streaming:
                call = channel.stream_stream(path, **kwargs)(iter(request), timeout=2)
                for _ in call:
                    pass
            elif method.client_streaming:
                channel.stream_unary(path, **kwargs)(iter(request), timeout=30)
            elif method.server_streaming:
                stream = channel.unary_stream(path, **kwargs)(request, timeout=STREAM_TIMEOUT)
                for _ in stream:
                    pass
            else:
                channel.unary_unary(path, **kwargs)(request, timeout=30)
        except grpc.RpcError as error:
            code = error.code()
            if code == grpc.StatusCode.DEADLINE_EXCEEDED and method.server_streaming:
                return "STREAM_DEADLINE"
            assert code in ALLOWED, f"{path}: {code} {error.details()!r}"
            return code.name
        return "OK"


@pytest.fixture(scope="module")
def fuzzer(server_factory, tmp_path_factory) -> Fuzzer:
    """A dedicated server with an auth file, and its live tables."""
    path = tmp_path_factory.mktemp("fuzz") / "auth.toml"
    tokens = write_auth_file(path, {"admin": ("admin", ()), "observer": ("observer", ())})
    return Fuzzer(server_factory("--auth-file", str(path)), tokens)


LIVE_TARGET = st.sampled_from([True, True, False])
RAW_BYTES = st.sampled_from([False] * 19 + [True])
HEADERS = st.sampled_from(["admin"] * 26 + ["none", "junk", "observer", "admin"])
WEIGHTS = {"WatchTable": 1, "Watch": 1, "ServerReflectionInfo": 2, "AuditHandHistoriesStream": 3}


def _method_strategy() -> st.SearchStrategy[MethodDescriptor]:
    weighted = [m for m in METHODS for _ in range(WEIGHTS.get(m.name, 6))]
    return st.sampled_from(weighted)


def test_hostile_requests_never_crash_or_reach_internal(fuzzer):
    """Random hostile requests for every RPC end with a deliberate status (never INTERNAL or
    UNKNOWN); refused writes leave live tables unchanged; the server still answers."""
    started = time.monotonic()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=EXAMPLES <= 1400,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data(), method=_method_strategy())
    def one_case(data, method: MethodDescriptor) -> None:
        LIVE_IDS[:] = list(fuzzer.live)
        request_strategy = message_of(method.input_type)
        if method.name in PLAUSIBLE and data.draw(st.booleans()):
            request_strategy = PLAUSIBLE[method.name]
        if method.client_streaming:
            request: Any = data.draw(st.lists(request_strategy, max_size=3))
        elif data.draw(RAW_BYTES):  # not a message at all
            request = data.draw(st.binary(min_size=1, max_size=64))
        else:
            request = data.draw(request_strategy)
        if method.name in WRITES and not isinstance(request, bytes) and data.draw(LIVE_TARGET):
            request.table_id = data.draw(st.sampled_from(sorted(fuzzer.live)))
        target = getattr(request, "table_id", "") if not isinstance(request, bytes | list) else ""
        live = fuzzer.live.get(target)
        if live is not None and method.name in WRITES and data.draw(st.booleans()):
            live.sequence = fuzzer.snapshot(target)[0]
            request.expected_sequence = live.sequence  # reach the rules, not the sequence check
            if method.name == "RecordAction" and data.draw(st.booleans()):
                hand = live.hand()
                if not hand.complete:
                    action = choose(hand, fuzzer.rng)
                    action.amount = data.draw(_int(INT64_EDGES, -(2**63), 2**63 - 1))
                    request.action.CopyFrom(action)
        channel = fuzzer.admin
        header = data.draw(HEADERS)
        if header == "none":
            channel = fuzzer.server.channel
        elif header == "junk":
            junk = data.draw(st.text(st.characters(min_codepoint=33, max_codepoint=126)))
            channel = with_token(fuzzer.server.channel, junk or "x")
        elif header == "observer":
            channel = with_token(fuzzer.server.channel, fuzzer.tokens["observer"])
        before = fuzzer.snapshot(target) if live is not None and method.name in WRITES else None
        code = fuzzer.call(method, request, channel)
        fuzzer.codes[code] += 1
        fuzzer.calls[method.name] += 1
        if before is None:
            return
        after = fuzzer.snapshot(target)
        if code != "OK":
            added = live.events(before[0]) if after[0] > before[0] else []
            assert all(e.HasField("finding") for e in added), (method.name, code, added)
            unchanged = tpb.Table()
            unchanged.CopyFrom(after[1])
            unchanged.sequence = before[1].sequence
            assert unchanged == before[1], (method.name, code)
        elif after[1].status == tpb.TABLE_STATUS_CLOSED:
            del fuzzer.live[target]
            fuzzer.open_live(pb.GAME_RAZZ)

    one_case()
    total = sum(fuzzer.calls.values())
    print(
        f"\nfuzz: {total} cases in {time.monotonic() - started:.1f} s over "
        f"{len(fuzzer.calls)} methods; answers {dict(fuzzer.codes.most_common())}"
    )
    assert set(fuzzer.calls) == {m.name for m in METHODS}
    stub = health_pb2_grpc.HealthStub(fuzzer.server.channel)
    answer = stub.Check(health_pb2.HealthCheckRequest(), timeout=10)
    assert answer.status == health_pb2.HealthCheckResponse.SERVING
    assert fuzzer.server.process.poll() is None
    assert not [x for x in fuzzer.server.logs() if x.get("event") == "rpc_internal_error"]
