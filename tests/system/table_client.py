"""A small TableService driver for the gRPC tests, on the Python client (``floorman_client``):
a table driver, a random legal player and an independent chip tally (computed here from the
hand's events, not by the service).

Calls go through :class:`floorman_client.TableClient` (errors are its exceptions, which are
``grpc.RpcError`` too; UNAVAILABLE is retried with the same request id); the driver calls
through whatever TableService stub it is given, so a test can point it at another replica by
assigning ``table.stub``.
"""

from __future__ import annotations

import itertools
import random
import re
import uuid
from dataclasses import dataclass
from typing import Any

import grpc

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from floorman_client import Caller, TableClient

A = pb  # action and forced-bet enums live in poker_pb2
_SIZED = (A.ACTION_TYPE_BET, A.ACTION_TYPE_RAISE, A.ACTION_TYPE_COMPLETE)
_LIVE_BLINDS = (
    A.FORCED_BET_KIND_SMALL_BLIND,
    A.FORCED_BET_KIND_BIG_BLIND,
    A.FORCED_BET_KIND_STRADDLE,  # live, a raise (RULES.md "Hold'em and Omaha")
)
CALL_TIMEOUT_SECONDS = 30.0
WATCH_TIMEOUT_SECONDS = 60.0


def stub_for(channel: grpc.Channel) -> tpb_grpc.TableServiceStub:
    """A TableService stub on ``channel``."""
    return tpb_grpc.TableServiceStub(channel)


def settings_pb(
    game: int,
    *,
    small_bet: int = 20,
    ante: int = 0,
    seats: int = 0,
    mode: int = tpb.DEAL_MODE_SERVICE_DEALT,
    **extra: Any,
) -> tpb.TableSettings:
    """Fixed-limit table settings."""
    return tpb.TableSettings(
        name="test",
        game=game,
        stakes=pb.Stakes(small_bet=small_bet, ante=ante),
        max_seats=seats,
        deal_mode=mode,
        **extra,
    )


def _snake(method: str) -> str:
    """``RecordAction`` -> ``record_action``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", method).lower()


class GrpcTable:
    """One table over gRPC: request ids, the last sequence seen, retries made easy.

    Attributes:
        stub: the TableService stub calls go through (assign another to switch replicas).
        client: the :class:`floorman_client.TableClient` on ``stub``.
        table_id / sequence: the table and the last sequence seen.
        prefix: this driver's request-id prefix.
    """

    def __init__(self, stub: Any, table_id: str, sequence: int = 0) -> None:
        self.table_id = table_id
        self.sequence = sequence
        self.prefix = uuid.uuid4().hex[:8]
        self._counter = itertools.count()
        self.stub = stub

    @property
    def stub(self) -> Any:
        """The TableService stub in use."""
        return self.client.stub

    @stub.setter
    def stub(self, stub: Any) -> None:
        self.client = TableClient.from_stub(stub, caller=Caller(timeout=CALL_TIMEOUT_SECONDS))

    @classmethod
    def create(cls, stub: Any, settings: tpb.TableSettings, table_id: str = "") -> GrpcTable:
        """CreateTable with a fresh table id."""
        table_id = table_id or f"t-{uuid.uuid4().hex[:12]}"
        table = cls(stub, table_id)
        response = table.client.create_table(
            settings=settings, table_id=table_id, request_id=f"create-{table_id}"
        )
        table.sequence = response.table.sequence
        return table

    def next_id(self) -> str:
        """A fresh request id."""
        return f"{self.prefix}-{next(self._counter)}"

    def call(
        self, method: str, *, request_id: str = "", expected: int | None = None, **fields: Any
    ) -> Any:
        """One write (``method`` is the RPC name); remembers the answer's sequence."""
        response = getattr(self.client, _snake(method))(
            table_id=self.table_id,
            expected_sequence=self.sequence if expected is None else expected,
            request_id=request_id or self.next_id(),
            **fields,
        )
        self.sequence = response.table.sequence
        return response

    def seat(self, seat: int, buy_in: int, player: str, entry: int = 0) -> Any:
        """SeatPlayer."""
        return self.call("SeatPlayer", seat=seat, player_id=player, buy_in=buy_in, entry=entry)

    def act(self, action: pb.Action, **options: Any) -> Any:
        """RecordAction."""
        return self.call("RecordAction", action=action, **options)

    def table(self) -> tpb.Table:
        """GetTable."""
        return self.client.get_table(table_id=self.table_id).table

    def hand(self, hand_id: str = "") -> tpb.HandView:
        """GetHand."""
        return self.client.get_hand(table_id=self.table_id, hand_id=hand_id).hand

    def events(self, after: int = 0) -> list[tpb.TableEvent]:
        """Every event after ``after`` up to the current sequence (a bounded watch)."""
        last = self.table().sequence
        watch = self.client.watch_table(
            table_id=self.table_id, after_sequence=after, timeout=WATCH_TIMEOUT_SECONDS
        )
        return watch.until(last)


def own_cards(hand: tpb.HandView, seat: int) -> list[str]:
    """The cards ``seat`` holds now, from the (dealer-visible) events."""
    held: list[str] = []
    for event in hand.events:
        if event.HasField("deal") and event.deal.seat == seat and not event.deal.burn:
            held.extend(event.deal.cards)
        elif (
            event.HasField("action")
            and event.action.seat == seat
            and (event.action.type == A.ACTION_TYPE_DRAW)
        ):
            for card in event.action.cards:
                held.remove(card)
    return held


def choose(hand: tpb.HandView, rng: random.Random, *, aggression: float = 0.35) -> pb.Action:
    """A random legal action of the seat to act (raises with probability ``aggression``)."""
    seat = hand.state.seat_to_act
    legal = {entry.type: entry for entry in hand.legal_actions}
    if A.ACTION_TYPE_SHOW in legal:
        kind = A.ACTION_TYPE_MUCK if rng.random() < 0.15 else A.ACTION_TYPE_SHOW
        return pb.Action(seat=seat, type=kind)
    if A.ACTION_TYPE_DRAW in legal:
        held = own_cards(hand, seat)
        count = rng.randint(0, min(3, legal[A.ACTION_TYPE_DRAW].max_amount))
        return pb.Action(seat=seat, type=A.ACTION_TYPE_DRAW, cards=rng.sample(held, count))
    if A.ACTION_TYPE_BRING_IN in legal:
        if A.ACTION_TYPE_COMPLETE in legal and rng.random() < aggression:
            entry = legal[A.ACTION_TYPE_COMPLETE]
            return pb.Action(seat=seat, type=entry.type, amount=entry.min_amount)
        entry = legal[A.ACTION_TYPE_BRING_IN]
        return pb.Action(seat=seat, type=entry.type, amount=entry.min_amount)
    raises = [entry for entry in hand.legal_actions if entry.type in _SIZED]
    if raises and rng.random() < aggression:
        entry = rng.choice(raises)
        amount = rng.choice((entry.min_amount, entry.max_amount))
        return pb.Action(seat=seat, type=entry.type, amount=amount)
    if A.ACTION_TYPE_CHECK in legal:
        return pb.Action(seat=seat, type=A.ACTION_TYPE_CHECK)
    if A.ACTION_TYPE_CALL in legal and rng.random() < 0.8:
        return pb.Action(seat=seat, type=A.ACTION_TYPE_CALL)
    return pb.Action(seat=seat, type=A.ACTION_TYPE_FOLD)


def play_hand(table: GrpcTable, rng: random.Random, *, aggression: float = 0.35) -> tpb.HandView:
    """StartHand, then random legal actions until the hand is settled; the final view."""
    hand = table.call("StartHand").hand
    while not hand.complete:
        hand = table.act(choose(hand, rng, aggression=aggression)).hand
    return hand


# ---------------------------------------------------------------------------- the tally


@dataclass(frozen=True)
class HandTally:
    """Chips in and out of one hand as computed here from its configuration and events."""

    contributed: dict[int, int]
    final_stacks: dict[int, int]


def tally_hand(hand: tpb.HandView) -> HandTally:
    """Each seat's chips put in (forced bets, then every action by its own arithmetic:
    calls match the round's bet, raises go to their total) and its final stack = what was
    left + payouts + returned bets (the settlement's decision, checked to add up)."""
    config = hand.config
    stack = {s.seat: s.stack for s in config.seats}
    put = dict.fromkeys(stack, 0)
    bet = dict.fromkeys(stack, 0)
    current = 0

    def pay(seat: int, amount: int) -> int:
        amount = min(amount, stack[seat])
        stack[seat] -= amount
        put[seat] += amount
        return amount

    for forced in sorted(config.forced_bets, key=lambda b: b.kind != A.FORCED_BET_KIND_ANTE):
        paid = pay(forced.seat, forced.amount)
        if forced.kind in _LIVE_BLINDS and not forced.dead:
            bet[forced.seat] += paid
            current = max(current, forced.amount)
    after_action = False
    for event in hand.events:
        if event.HasField("deal"):
            if after_action:
                bet = dict.fromkeys(stack, 0)
                current = 0
            after_action = False
            continue
        action = event.action
        after_action = True
        seat = action.seat
        if action.type == A.ACTION_TYPE_DRAW:
            bet = dict.fromkeys(stack, 0)
            current = 0
        elif action.type == A.ACTION_TYPE_CALL:
            bet[seat] += pay(seat, current - bet[seat])
        elif action.type in _SIZED:
            bet[seat] += pay(seat, action.amount - bet[seat])
            current = max(current, action.amount)
        elif action.type == A.ACTION_TYPE_BRING_IN:
            bet[seat] += pay(seat, action.amount)
            current = max(current, bet[seat])
    result = hand.result
    payouts = {p.seat: p.amount for p in result.payouts}
    returned = {p.seat: p.amount for p in result.returned}
    assert sum(payouts.values()) + result.rake == sum(put.values()) - sum(returned.values()), (
        "the pots do not add up to the chips put in"
    )
    final = {s: stack[s] + payouts.get(s, 0) + returned.get(s, 0) for s in stack}
    return HandTally(put, final)
