"""Shared data and fakes for the client tests: one recorded Five Card Draw hand with known
cards (so every chip is known), and fake gRPC errors and channels that lose answers."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import grpc
from google.rpc import code_pb2, error_details_pb2, status_pb2

from floorman.v1 import poker_pb2 as pb
from floorman_client import messages as m

BUY_IN = 1000
SMALL_BET = 20
"""Fixed limit 20/40: blinds 10/20 (RULES.md "Stakes defaults"); seat 1 has the button."""

# The hand (RULES.md Five Card Draw): seat 1 folds, seat 2 raises to 40, seat 3 calls; both
# draw three; seat 2 bets 40, seat 3 calls; seat 2 (the last aggressor) shows three aces and
# seat 3 mucks three twos. The 160 pot goes to seat 2.
RECORDED_DRAW_HAND: tuple[tuple[str, Any], ...] = (
    ("deal", (m.deal(2, "Ah Ad Kc Qs 7d"), m.deal(3, "2c 2d 5h 9s Jc"),
              m.deal(1, "3c 4d 8h Ts Kh"))),
    ("act", m.action("fold", seat=1)),
    ("act", m.action("raise", seat=2, amount=40)),
    ("act", m.action("call", seat=3)),
    ("act", m.action("draw", seat=2, cards=["Kc", "Qs", "7d"])),
    ("deal", (m.deal(2, "Ac 9d 8c"),)),
    ("act", m.action("draw", seat=3, cards=["5h", "9s", "Jc"])),
    ("deal", (m.deal(3, "2h 3s 4s"),)),
    ("act", m.action("bet", seat=2, amount=40)),
    ("act", m.action("call", seat=3)),
    ("act", m.action("show", seat=2, cards=["Ah", "Ad", "Ac", "9d", "8c"])),
    ("act", m.action("muck", seat=3)),
)  # fmt: skip
FINAL_STACKS = {1: 1000, 2: 1080, 3: 920}
SETTLED_POT = 160


def recorded_history() -> list[pb.Deal | pb.Action]:
    """The hand as a RulesService history (Deals and Actions in order)."""
    events: list[pb.Deal | pb.Action] = []
    for kind, step in RECORDED_DRAW_HAND:
        events.extend(step if kind == "deal" else (step,))
    return events


def draw_config() -> pb.HandConfig:
    """The hand's configuration for RulesService (blinds derived from the stakes)."""
    return pb.HandConfig(
        game=pb.GAME_FIVE_CARD_DRAW,
        stakes=pb.Stakes(small_bet=SMALL_BET),
        seats=[pb.SeatState(seat=s, player_id=f"p{s}", stack=BUY_IN) for s in (1, 2, 3)],
        button_seat=1,
    )


class FakeRpcError(grpc.RpcError, grpc.Call):
    """A failed call as grpc raises it: ``code()``, ``details()``, ``trailing_metadata()``
    (with a packed ``google.rpc.Status`` when ``info`` or ``violations`` are given)."""

    def __init__(
        self,
        code: grpc.StatusCode,
        message: str = "",
        *,
        info: error_details_pb2.ErrorInfo | None = None,
        violations: tuple[tuple[str, str], ...] = (),
        retry_delay: float | None = None,
    ) -> None:
        super().__init__(message)
        self._code, self._message = code, message
        self._trailing: tuple[tuple[str, bytes], ...] = ()
        if info is not None or violations or retry_delay is not None:
            status = status_pb2.Status(code=getattr(code_pb2, code.name), message=message)
            if info is not None:
                status.details.add().Pack(info)
            if violations:
                bad = error_details_pb2.BadRequest(
                    field_violations=[
                        error_details_pb2.BadRequest.FieldViolation(field=f, description=d)
                        for f, d in violations
                    ]
                )
                status.details.add().Pack(bad)
            if retry_delay is not None:
                retry = error_details_pb2.RetryInfo()
                retry.retry_delay.FromMilliseconds(round(retry_delay * 1000))
                status.details.add().Pack(retry)
            self._trailing = (("grpc-status-details-bin", status.SerializeToString()),)

    def code(self) -> grpc.StatusCode:
        return self._code

    def details(self) -> str:
        return self._message

    def trailing_metadata(self) -> tuple[tuple[str, bytes], ...]:
        return self._trailing

    # grpc.Call / grpc.RpcContext members this fake never needs
    def initial_metadata(self) -> tuple[()]:
        return ()

    def is_active(self) -> bool:
        return False

    def time_remaining(self) -> float | None:
        return None

    def cancel(self) -> bool:
        return False

    def add_callback(self, callback: Callable[[], None]) -> bool:
        return False


class LoseAnswers(grpc.UnaryUnaryClientInterceptor):
    """Lets the first ``count`` calls of ``method`` reach the server (they are applied), then
    answers the client UNAVAILABLE, as when a connection drops before the answer arrives.
    Records every request sent for ``method``."""

    def __init__(self, method: str, count: int = 1) -> None:
        self.method = method
        self.remaining = count
        self.requests: list[Any] = []
        self._lock = threading.Lock()

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        outcome = continuation(details, request)
        if details.method != self.method:
            return outcome
        with self._lock:
            self.requests.append(request)
            lose = self.remaining > 0
            self.remaining -= int(lose)
        if lose:
            outcome.result()  # the server answered: the write is applied
            raise FakeRpcError(grpc.StatusCode.UNAVAILABLE, "connection lost (test)")
        return outcome


class _CutStream:
    """A server stream that fails with UNAVAILABLE after ``after`` messages."""

    def __init__(self, call: Any, after: int) -> None:
        self._call, self._left = call, after

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        if self._left == 0:
            self._call.cancel()
            raise FakeRpcError(grpc.StatusCode.UNAVAILABLE, "stream cut (test)")
        self._left -= 1
        return next(self._call)

    def cancel(self) -> bool:
        return self._call.cancel()


class CutStreams(grpc.UnaryStreamClientInterceptor):
    """Cuts the first ``count`` server streams after ``after`` messages each (UNAVAILABLE);
    ``opened`` lists each stream's request."""

    def __init__(self, *, after: int, count: int = 1) -> None:
        self.after, self.remaining = after, count
        self.opened: list[Any] = []

    def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        call = continuation(details, request)
        self.opened.append(request)
        if self.remaining > 0:
            self.remaining -= 1
            return _CutStream(call, self.after)
        return call
