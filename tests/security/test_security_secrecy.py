"""Hole-card secrecy end to end (issue 6 "Deliver" 3 and "Show"): hands of every game played
in service-dealt mode over gRPC with real tokens and debug logging; every server log line,
every /metrics scrape, every error text and every WatchTable / GetHand answer seen by an
auditor, an observer and the dealer of another table is scanned for the hole cards of
unfinished hands (known from the dealing dealer's view): none may appear.

The oracle, per hand: its secret cards are every card dealt face down, burnt or discarded
(the dealer's view at the end of the hand). A secret card may reach a viewer who is not the
table's dealer only once it is shown (a SHOW action, recorded here when it was sent), or, for
an auditor, once the hand has ended (an answer received after the hand's last action was
sent). Stacks are deep and limits fixed, so no hand goes all in (which would turn every hand
face up, RULES.md "Showdown order").
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field

import grpc
from google.protobuf import text_format

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb
from tests.security.security_support import CARD_TOKEN, bad_request, error_info, scrape
from tests.system.table_client import GrpcTable, choose, own_cards, settings_pb, stub_for

GAMES = (
    (pb.GAME_SEVEN_CARD_STUD, 4),
    (pb.GAME_RAZZ, 3),
    (pb.GAME_SEVEN_CARD_STUD_HI_LO, 3),
    (pb.GAME_FIVE_CARD_STUD, 4),
    (pb.GAME_FIVE_CARD_DRAW_7A, 3),
    (pb.GAME_FIVE_CARD_DRAW, 3),
)
HANDS_PER_GAME = 2
WATCHERS = ("auditor", "observer", "dealer-b")
STACK = 100_000


@dataclass
class HandRecord:
    """What the dealer knew of one hand, and when."""

    hand_id: str
    secret: set[str] = field(default_factory=set)
    shown_at: dict[str, float] = field(default_factory=dict)
    final_send: float = float("inf")
    log_window: tuple[int, int] = (0, 0)


@dataclass
class Capture:
    """Something a non-dealer received: ``text`` of it, ``cards`` it shows face down (deal
    and non-show action cards other than ``??``), when, by whom, for which hand."""

    who: str
    hand_id: str
    at: float
    text: str
    cards: set[str]


def _visible_cards(events) -> set[str]:
    """Cards shown in deals dealt face down (or burnt) and in non-SHOW actions."""
    out: set[str] = set()
    for event in events:
        if event.HasField("deal") and (not event.deal.face_up or event.deal.burn):
            out.update(c for c in event.deal.cards if c != "??")
        elif event.HasField("action") and event.action.type != pb.ACTION_TYPE_SHOW:
            out.update(c for c in event.action.cards if c != "??")
    return out


def _secret_cards(hand: tpb.HandView) -> set[str]:
    """Every card of the dealer's view dealt face down, burnt or discarded."""
    out: set[str] = set()
    for event in hand.events:
        if event.HasField("deal") and (not event.deal.face_up or event.deal.burn):
            out.update(event.deal.cards)
        elif event.HasField("action") and event.action.type == pb.ACTION_TYPE_DRAW:
            out.update(event.action.cards)
    return out


class Watcher:
    """A WatchTable stream of one token, recording each event with its arrival time."""

    def __init__(self, channel: grpc.Channel, who: str, table_id: str) -> None:
        self.who = who
        self.received: list[tuple[float, tpb.TableEvent]] = []
        self._call = stub_for(channel).WatchTable(
            tpb.WatchTableRequest(table_id=table_id), timeout=300
        )
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for item in self._call:
                self.received.append((time.monotonic(), item.event))
        except grpc.RpcError:
            pass

    def stop(self) -> None:
        """Cancel the stream and wait for the reader."""
        self._call.cancel()
        self._thread.join(10)


def _error_capture(who: str, hand_id: str, error: grpc.RpcError) -> Capture:
    info, request = error_info(error), bad_request(error)
    parts = [error.details() or ""]
    parts += [text_format.MessageToString(x) for x in (info, request) if x is not None]
    return Capture(who, hand_id, time.monotonic(), "\n".join(parts), set())


def _refused_calls(auth, table: GrpcTable, hand: tpb.HandView, rng: random.Random) -> list:
    """Calls of non-dealers (and a refused dealer draw) that must fail, as captures."""
    captures = []
    fold = pb.Action(seat=hand.state.seat_to_act, type=pb.ACTION_TYPE_FOLD)
    attempts = [
        ("auditor", lambda t: t.act(fold)),
        ("observer", lambda t: t.stub.ExportHandHistory(
            tpb.ExportHandHistoryRequest(table_id=t.table_id, hand_id=hand.hand_id,
                                         format=tpb.HISTORY_FORMAT_PHH), timeout=30)),
        ("dealer-b", lambda t: t.call("DealCards", deals=[pb.Deal(seat=1, cards=["As"])])),
        ("observer", lambda t: t.stub.GetHand(
            tpb.GetHandRequest(table_id=t.table_id, hand_id="no-such-hand"), timeout=30)),
    ]  # fmt: skip
    who, attempt = rng.choice(attempts)
    reader = GrpcTable(stub_for(auth.channel(who)), table.table_id, table.sequence)
    try:
        attempt(reader)
    except grpc.RpcError as error:
        captures.append(_error_capture(who, hand.hand_id, error))
    else:
        raise AssertionError(f"{who}'s call was not refused")
    return captures


def _refused_dealer_draw(table: GrpcTable, hand: tpb.HandView) -> None:
    """The dealer records a draw of a card another seat holds: refused, and recorded as a
    secret finding (its message names the card) that only the dealer may read in full."""
    seat = hand.state.seat_to_act
    others = [s.seat for s in hand.config.seats if s.seat != seat]
    foreign = own_cards(hand, others[0])[:1]
    try:
        table.act(pb.Action(seat=seat, type=pb.ACTION_TYPE_DRAW, cards=foreign))
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
    else:
        raise AssertionError("the foreign draw was accepted")


def _play(auth, game: int, players: int, rng: random.Random, state: dict) -> None:
    admin = GrpcTable.create(
        stub_for(auth.channel("admin")),
        settings_pb(game, small_bet=20, ante=5 if game in STUDS else 0),
        auth.tables_a.take(),
    )
    for seat in range(1, players + 1):
        admin.seat(seat, STACK, f"player-{seat}")
    dealer = GrpcTable(stub_for(auth.channel("dealer-a")), admin.table_id, admin.sequence)
    watchers = [Watcher(auth.channel(who), who, admin.table_id) for who in WATCHERS]
    readers = {who: stub_for(auth.channel(who)) for who in WATCHERS}
    server = auth.server
    for _ in range(HANDS_PER_GAME):
        start = len(server.logs())
        hand = dealer.call("StartHand").hand
        record = HandRecord(hand.hand_id)
        views: list[tuple[Capture, set[str]]] = []
        while not hand.complete:
            shown_now = set(record.shown_at)
            for who, stub in readers.items():
                view = stub.GetHand(
                    tpb.GetHandRequest(table_id=admin.table_id, hand_id=hand.hand_id), timeout=30
                ).hand
                text = text_format.MessageToString(view)
                capture = Capture(
                    who, hand.hand_id, time.monotonic(), text, _visible_cards(view.events)
                )
                views.append((capture, shown_now))
            for capture in _refused_calls(auth, dealer, hand, rng):
                views.append((capture, shown_now))
            legal = {entry.type for entry in hand.legal_actions}
            if pb.ACTION_TYPE_DRAW in legal and rng.random() < 0.5:
                _refused_dealer_draw(dealer, hand)
            if rng.random() < 0.1:
                state["metrics"].append(scrape(server.metrics_url))
            action = choose(hand, rng, aggression=0.3)
            sent = time.monotonic()
            hand = dealer.act(action).hand
            for event in hand.events:
                if event.HasField("action") and event.action.type == pb.ACTION_TYPE_SHOW:
                    for card in event.action.cards:
                        record.shown_at.setdefault(card, sent)
            if hand.complete:
                record.final_send = sent
        record.secret = _secret_cards(hand)
        record.log_window = (start, len(server.logs()))
        assert record.secret and "??" not in record.secret
        state["hands"][hand.hand_id] = record
        state["captures"] += [(capture, shown) for capture, shown in views]
        auditor_after = (
            readers["auditor"]
            .GetHand(tpb.GetHandRequest(table_id=admin.table_id, hand_id=hand.hand_id), timeout=30)
            .hand
        )
        assert _visible_cards(auditor_after.events) == record.secret  # all of them, once over
    time.sleep(0.3)  # let the watchers read the last events
    for watcher in watchers:
        watcher.stop()
        state["streams"] += [(watcher.who, at, event) for at, event in watcher.received]


STUDS = {pb.GAME_SEVEN_CARD_STUD, pb.GAME_RAZZ, pb.GAME_SEVEN_CARD_STUD_HI_LO,
         pb.GAME_FIVE_CARD_STUD}  # fmt: skip


def test_no_hole_card_of_an_unfinished_hand_reaches_anyone_who_may_not_see_it(auth_server):
    """No log line, metric, error text, GetHand answer or WatchTable event seen by an
    auditor, an observer or another table's dealer shows a hole card of a hand still being
    played (beyond cards already shown); auditors see them all once the hand has ended."""
    rng = random.Random(606)
    state: dict = {"hands": {}, "captures": [], "streams": [], "metrics": []}
    for game, players in GAMES:
        _play(auth_server, game, players, rng, state)
    server = auth_server.server
    state["metrics"].append(scrape(server.metrics_url))
    hands: dict[str, HandRecord] = state["hands"]
    leaks: list[str] = []

    def allowed(who: str, record: HandRecord, card: str, at: float) -> bool:
        shown = record.shown_at.get(card)
        if shown is not None and at >= shown:
            return True
        return who == "auditor" and at >= record.final_send

    # 1. GetHand answers and error texts, taken while the hand was running
    for capture, shown_now in state["captures"]:
        record = hands[capture.hand_id]
        tokens = set(CARD_TOKEN.findall(capture.text)) | capture.cards
        bad = (tokens & record.secret) - shown_now
        if bad:
            leaks.append(f"{capture.who} answer during {capture.hand_id}: {sorted(bad)}")
    # 2. WatchTable events, by arrival time
    streamed = 0
    for who, at, event in state["streams"]:
        record = hands.get(event.hand_id)
        if record is None:
            continue
        streamed += 1
        tokens = set(CARD_TOKEN.findall(text_format.MessageToString(event)))
        if event.HasField("action") and event.action.type == pb.ACTION_TYPE_SHOW:
            tokens -= set(event.action.cards)
        bad = {c for c in tokens & record.secret if not allowed(who, record, c, at)}
        if bad:
            leaks.append(f"{who} stream event {event.sequence}: {sorted(bad)}")
    # 3. log lines: none may hold a card of the hand being played
    lines = server.logs()
    for record in hands.values():
        for line in lines[record.log_window[0] : record.log_window[1]]:
            bad = set(CARD_TOKEN.findall(str(line))) & record.secret
            if bad:
                leaks.append(f"log line {line.get('event')}: {sorted(bad)}")
    carded_lines = [line for line in lines if CARD_TOKEN.search(str(line))]
    # 4. metrics: no card in any label
    carded_metrics = [m for text in state["metrics"] for m in CARD_TOKEN.findall(text)]
    print(
        f"secrecy scan: {len(hands)} hands, {sum(len(r.secret) for r in hands.values())} secret "
        f"cards, {len(state['captures'])} answers and errors, {streamed} stream events, "
        f"{len(lines)} log lines, {len(state['metrics'])} metric scrapes"
    )
    assert not leaks, "\n".join(leaks[:20])
    assert not carded_lines, carded_lines[:3]
    assert not carded_metrics
    assert len(hands) == len(GAMES) * HANDS_PER_GAME
    assert streamed > 100 and len(state["captures"]) > 100
    assert any(line.get("level") == "debug" for line in lines)
