"""The Python client without a server: status -> exception mapping with the decoded
``google.rpc`` details (DESIGN.md "Errors"), the retry policy (only idempotent calls, only
UNAVAILABLE and ABORTED other than a sequence mismatch, within the deadline), bearer metadata
and the message builders."""

from __future__ import annotations

from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman_client import (
    AbortedError,
    Caller,
    FloormanRpcError,
    InvalidArgumentError,
    RequestIdConflictError,
    RetryPolicy,
    RuleViolationError,
    SequenceMismatchError,
    TableExistsError,
    UnavailableError,
    UnverifiableHandError,
    bearer_metadata,
    error_from_rpc,
)
from floorman_client import messages as m
from floorman_client.errors import FieldViolation
from tests.clients.client_support import FakeRpcError

CODE = grpc.StatusCode


def _info(reason: str, **metadata: str) -> error_details_pb2.ErrorInfo:
    return error_details_pb2.ErrorInfo(reason=reason, domain="floorman", metadata=metadata)


class Script:
    """A fake stub method: raises or answers from a script; records each attempt's timeout
    and metadata."""

    def __init__(self, *outcomes: Any) -> None:
        self.outcomes = list(outcomes)
        self.timeouts: list[float | None] = []
        self.metadata: list[Any] = []
        self.payloads: list[Any] = []

    def __call__(self, request: Any, *, timeout: float | None, metadata: Any) -> Any:
        self.timeouts.append(timeout)
        self.metadata.append(metadata)
        self.payloads.append(list(request) if not hasattr(request, "DESCRIPTOR") else request)
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome


class FakeClock:
    """A monotonic clock that only moves when the caller sleeps."""

    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def _caller(clock: FakeClock, **options: Any) -> Caller:
    return Caller(sleep=clock.sleep, clock=lambda: clock.now, random=lambda: 0.5, **options)


# ---------------------------------------------------------------------------- errors


def test_rule_violation_error_carries_rule_seat_expected_actual():
    """DESIGN.md "Errors": FAILED_PRECONDITION + ErrorInfo RULE_VIOLATION becomes
    RuleViolationError with the rule id (RULES.md ``turn.out_of_turn``) and its fields."""
    raw = FakeRpcError(
        CODE.FAILED_PRECONDITION,
        "turn.out_of_turn: seat 1 is to act, not seat 3",
        info=_info("RULE_VIOLATION", rule="turn.out_of_turn", seat="3", expected="1", actual="3"),
    )
    error = error_from_rpc(raw, method="/floorman.v1.TableService/RecordAction", request_id="r1")
    assert isinstance(error, RuleViolationError) and isinstance(error, grpc.RpcError)
    assert (error.rule, error.seat, error.expected, error.actual) == (
        "turn.out_of_turn",
        3,
        "1",
        "3",
    )
    assert (error.reason, error.domain, error.request_id) == ("RULE_VIOLATION", "floorman", "r1")
    assert error.code() is CODE.FAILED_PRECONDITION
    assert error.details() == "turn.out_of_turn: seat 1 is to act, not seat 3"
    assert str(error) == (
        "FAILED_PRECONDITION: turn.out_of_turn: seat 1 is to act, not seat 3"
        " (/floorman.v1.TableService/RecordAction)"
    )
    assert error.trailing_metadata() == raw.trailing_metadata()


def test_invalid_argument_error_lists_fields_with_rule_ids():
    """INVALID_ARGUMENT + BadRequest becomes InvalidArgumentError; each violation's rule id
    is split from its description (RULES.md ``card.malformed``); shape problems have none."""
    raw = FakeRpcError(
        CODE.INVALID_ARGUMENT,
        "2 invalid fields",
        violations=(
            ("cards[1]", "card.malformed: 'Xx' is not a card (e.g. 'Ah', 'Td')"),
            ("request_id", "a request id has 1 to 128 characters"),
        ),
    )
    error = error_from_rpc(raw)
    assert isinstance(error, InvalidArgumentError)
    assert error.fields == ("cards[1]", "request_id")
    assert [(v.rule, v.message) for v in error.violations] == [
        ("card.malformed", "'Xx' is not a card (e.g. 'Ah', 'Td')"),
        ("", "a request id has 1 to 128 characters"),
    ]


def test_sequence_mismatch_error_carries_the_current_sequence():
    """ABORTED + ErrorInfo SEQUENCE_MISMATCH becomes SequenceMismatchError(current_sequence)."""
    raw = FakeRpcError(
        CODE.ABORTED,
        "stale",
        info=_info("SEQUENCE_MISMATCH", current_sequence="42", expected_sequence="40"),
    )
    error = error_from_rpc(raw)
    assert isinstance(error, SequenceMismatchError) and isinstance(error, AbortedError)
    assert (error.current_sequence, error.expected_sequence) == (42, 40)


@pytest.mark.parametrize(
    ("code", "reason", "kind"),
    [
        (CODE.ALREADY_EXISTS, "TABLE_EXISTS", TableExistsError),
        (CODE.ALREADY_EXISTS, "REQUEST_ID_CONFLICT", RequestIdConflictError),
        (CODE.FAILED_PRECONDITION, "UNVERIFIABLE_HAND", UnverifiableHandError),
        (CODE.UNAVAILABLE, "", UnavailableError),
        (CODE.INTERNAL, "", FloormanRpcError),
    ],
)
def test_each_status_and_reason_has_its_exception(code, reason, kind):
    """The exception class follows the status code and the ErrorInfo reason."""
    info = _info(reason, rule="card.unknown", seats="2,5") if reason else None
    error = error_from_rpc(FakeRpcError(code, "x", info=info))
    assert type(error) is kind
    if kind is UnverifiableHandError:
        assert (error.rule, error.seats) == ("card.unknown", (2, 5))


def test_garbled_status_trailer_is_just_no_details():
    """A ``grpc-status-details-bin`` trailer that does not parse leaves the details empty."""
    raw = FakeRpcError(CODE.FAILED_PRECONDITION, "x")
    raw._trailing = (("grpc-status-details-bin", b"\xff\xff\xff"),)
    error = error_from_rpc(raw)
    assert type(error) is not RuleViolationError
    assert (error.reason, error.violations) == ("", ())


def test_field_violation_without_rule_prefix_keeps_the_description():
    """A description that does not start with a rule id has rule ``""``."""
    violation = FieldViolation("settings.game", "a game is required")
    assert (violation.rule, violation.message) == ("", "a game is required")


# ---------------------------------------------------------------------------- retries


def test_unavailable_is_retried_with_backoff_until_it_answers():
    """UNAVAILABLE twice then an answer: three attempts, backoffs 0.1 s then 0.2 s (jitter
    at its midpoint), each attempt given the time left of one deadline."""
    clock = FakeClock()
    answer = pb.Hand(cards=["Ah"])
    stub = Script(FakeRpcError(CODE.UNAVAILABLE), FakeRpcError(CODE.UNAVAILABLE), answer)
    caller = _caller(clock, timeout=5.0)
    assert caller.unary(stub, pb.Hand(), method="/x") is answer
    assert clock.sleeps == pytest.approx([0.1, 0.2])
    assert stub.timeouts == pytest.approx([5.0, 4.9, 4.7])


def test_retries_stop_at_max_attempts_and_the_error_counts_them():
    """A server that stays down: the policy's attempts, then UnavailableError(attempts) with
    the request id the write used on every attempt."""
    clock = FakeClock()
    stub = Script(*[FakeRpcError(CODE.UNAVAILABLE)] * 3)
    caller = _caller(clock, retry=RetryPolicy(max_attempts=3))
    with pytest.raises(UnavailableError) as caught:
        caller.unary(stub, pb.Hand(), method="/x", request_id="write-7")
    assert (caught.value.attempts, caught.value.request_id) == (3, "write-7")
    assert len(stub.timeouts) == 3


def test_no_retry_when_the_backoff_would_pass_the_deadline():
    """The deadline bounds the retries: no attempt starts after it."""
    clock = FakeClock()
    stub = Script(FakeRpcError(CODE.UNAVAILABLE), pb.Hand())
    caller = _caller(clock, retry=RetryPolicy(initial_backoff=1.0))
    with pytest.raises(UnavailableError):
        caller.unary(stub, pb.Hand(), method="/x", timeout=0.5)
    assert clock.sleeps == []


def test_sequence_mismatch_is_never_retried():
    """ABORTED SEQUENCE_MISMATCH is final: the table moved on and the caller decides again."""
    clock = FakeClock()
    mismatch = FakeRpcError(CODE.ABORTED, info=_info("SEQUENCE_MISMATCH", current_sequence="9"))
    stub = Script(mismatch, pb.Hand())
    with pytest.raises(SequenceMismatchError) as caught:
        _caller(clock).unary(stub, pb.Hand(), method="/x")
    assert (caught.value.current_sequence, caught.value.attempts) == (9, 1)


def test_aborted_without_sequence_mismatch_is_retried():
    """Any other ABORTED is a transient conflict: sent again."""
    clock = FakeClock()
    stub = Script(FakeRpcError(CODE.ABORTED, "conflict"), pb.Hand(cards=["2c"]))
    assert _caller(clock).unary(stub, pb.Hand(), method="/x").cards == ["2c"]
    assert len(clock.sleeps) == 1


def test_store_busy_is_retried_after_its_retry_info_delay():
    """RESOURCE_EXHAUSTED STORE_BUSY (the server's write queue is full, nothing done; DESIGN.md
    "Idempotency") is sent again after at least its RetryInfo delay (0.5 s > the 0.1 s
    backoff); another RESOURCE_EXHAUSTED (a limit) is final."""
    clock = FakeClock()
    busy = FakeRpcError(
        CODE.RESOURCE_EXHAUSTED, info=_info("STORE_BUSY", may_have_landed="false"), retry_delay=0.5
    )
    assert busy_delay(busy) == pytest.approx(0.5)
    stub = Script(busy, pb.Hand(cards=["3d"]))
    assert _caller(clock).unary(stub, pb.Hand(), method="/x", request_id="w").cards == ["3d"]
    assert clock.sleeps == pytest.approx([0.5])
    limit = FakeRpcError(CODE.RESOURCE_EXHAUSTED, info=_info("LIMIT_EXCEEDED", limit="x"))
    with pytest.raises(FloormanRpcError) as caught:
        _caller(clock).unary(Script(limit, pb.Hand()), pb.Hand(), method="/x")
    assert caught.value.code() is CODE.RESOURCE_EXHAUSTED and caught.value.retry_delay() is None


def busy_delay(raw: FakeRpcError) -> float | None:
    """The RetryInfo delay the client reads from ``raw``."""
    from floorman_client.errors import error_from_rpc

    return error_from_rpc(raw).retry_delay()


@pytest.mark.parametrize(
    "code",
    [CODE.INVALID_ARGUMENT, CODE.FAILED_PRECONDITION, CODE.DEADLINE_EXCEEDED, CODE.INTERNAL],
)
def test_final_statuses_are_not_retried(code):
    """Statuses other than UNAVAILABLE and ABORTED come back at once."""
    clock = FakeClock()
    stub = Script(FakeRpcError(code), pb.Hand())
    with pytest.raises(FloormanRpcError) as caught:
        _caller(clock).unary(stub, pb.Hand(), method="/x")
    assert caught.value.code() is code and clock.sleeps == []


def test_non_idempotent_call_is_not_retried():
    """A call that cannot be replayed (a generator of streamed messages) is sent once."""
    clock = FakeClock()
    stub = Script(FakeRpcError(CODE.UNAVAILABLE), pb.Hand())
    with pytest.raises(UnavailableError):
        _caller(clock).unary(stub, iter([pb.Hand()]), method="/x", idempotent=False)
    assert len(stub.timeouts) == 1


def test_a_sequence_of_stream_messages_is_sent_again_in_full():
    """A client-streaming request given as a list is replayed whole on a retry."""
    clock = FakeClock()
    stub = Script(FakeRpcError(CODE.UNAVAILABLE), pb.Hand())
    messages = [pb.Hand(cards=["Ah"]), pb.Hand(cards=["Kd"])]
    _caller(clock).unary(stub, messages, method="/x")
    assert stub.payloads == [messages, messages]


@pytest.mark.parametrize(
    "options",
    [
        {"max_attempts": 0},
        {"initial_backoff": -1.0},
        {"multiplier": 0.5},
        {"jitter": 1.0},
    ],
)
def test_retry_policy_refuses_nonsense(options):
    """RetryPolicy validates its settings."""
    with pytest.raises(ValueError):
        RetryPolicy(**options)


def test_backoff_grows_to_its_cap():
    """Backoffs double from 0.1 s and stop at max_backoff; jitter scales them +-20 %."""
    policy = RetryPolicy(max_backoff=0.5)
    assert [policy.delay(n, lambda: 0.5) for n in (1, 2, 3, 4)] == pytest.approx(
        [0.1, 0.2, 0.4, 0.5]
    )
    assert policy.delay(1, lambda: 0.0) == pytest.approx(0.08)


# ---------------------------------------------------------------------------- token


def test_bearer_token_travels_as_authorization_metadata():
    """Every attempt carries ``authorization: Bearer <token>``."""
    clock = FakeClock()
    stub = Script(FakeRpcError(CODE.UNAVAILABLE), pb.Hand())
    _caller(clock, token="s3cr3t").unary(stub, pb.Hand(), method="/x")
    assert stub.metadata == [(("authorization", "Bearer s3cr3t"),)] * 2


@pytest.mark.parametrize("token", ["two words", "line\nbreak", "tab\t"])
def test_a_token_with_whitespace_is_refused(token):
    """A token that could not travel as one metadata value is refused up front."""
    with pytest.raises(ValueError):
        bearer_metadata(token)


def test_no_token_no_metadata():
    """Without a token nothing is added."""
    assert bearer_metadata(None) == () and bearer_metadata("") == ()


# ---------------------------------------------------------------------------- messages


def test_enum_names_short_and_long():
    """Games by short name, enum name or number; other enums by name without prefix."""
    assert m.game("draw7a") == pb.GAME_FIVE_CARD_DRAW_7A
    assert m.game("seven_card_stud_hi_lo") == m.game("GAME_SEVEN_CARD_STUD_HI_LO") == 5
    assert m.game(4) == pb.GAME_RAZZ
    assert m.action_type("bring-in") == pb.ACTION_TYPE_BRING_IN
    with pytest.raises(ValueError):
        m.game("pinochle")
    with pytest.raises(ValueError):
        m.game(99)


def test_builders_make_the_messages():
    """action / deal / table_settings / document build the protobuf messages."""
    assert m.action("raise", seat=2, amount=40) == pb.Action(
        seat=2, type=pb.ACTION_TYPE_RAISE, amount=40
    )
    assert m.deal(0, "Ah", face_up=True) == pb.Deal(seat=0, cards=["Ah"], face_up=True)
    settings = m.table_settings(
        "razz", small_bet=20, ante=5, deal_mode="recorded", max_seats=6, name="t"
    )
    assert settings == tpb.TableSettings(
        name="t",
        game=pb.GAME_RAZZ,
        stakes=pb.Stakes(small_bet=20, ante=5),
        deal_mode=tpb.DEAL_MODE_RECORDED,
        max_seats=6,
    )
    doc = m.document("a.phh", "x = 1", format="phh")
    assert (doc.content, doc.format) == (b"x = 1", 1)
    assert m.payouts({2: 160}) == [pb.Payout(seat=2, amount=160)]
