"""Server CPU per RecordAction against the hand's length and the table's history (issue 15
point 4), in-process.

The path a server runs for one RecordAction, minus grpcio and asyncio: the request converted
(:mod:`floorman.transport.table_converters`), the use case on a durable store (the
idempotency look-up, the sequence check, the engine, the append committed, the snapshot every
25 hands), the answer encoded and stored, parsed again as the servicer answers it and
serialized as grpcio sends it. ``cpu µs`` is ``time.process_time`` (every thread of the
process: the store's commit thread included) per action, the median over the samples.

- Hand length: Seven Card Stud, six players, every player raising while the limit allows, so a
  hand runs to 40 actions and more; the CPU of action 5 and of action 40 of each hand.
- History: one table with 10, 1,000 and 10,000 hands played before the measured actions
  (built fast: heads-up hands, bring-in then fold, played once on an in-memory store, their
  log copied into the store under test in large appends; the measured service then starts
  cold, as after a restart), then four more players sit down and every player checks or
  calls; snapshots every 25 hands included.

Run (also part of :mod:`bench.table_bench`)::

    .venv/bin/python -m bench.table_curve [--no-postgres] [--hands 10,1000,10000]
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.store_bench import bench_urls

LONG_HAND_ACTIONS = (5, 40)
HISTORY_HANDS = (10, 1_000, 10_000)
COPY_CHUNK = 2_000


class _Table:
    """A table driven through the transport's converters and a TableService (in-process)."""

    def __init__(self, service: Any, table_id: str, sequence: int = 0) -> None:
        from floorman.domain.table.redaction import Role, Viewer

        self.service = service
        self.table_id = table_id
        self.sequence = sequence
        self.count = 0
        self.hand: Any = None
        self.viewer = Viewer(role=Role.DEALER)

    def call(self, kind: str, **fields: Any) -> Any:
        from floorman.transport import table_converters as tc
        from floorman.v1 import table_service_pb2 as tpb

        self.count += 1
        if kind != "CreateTable":
            fields["expected_sequence"] = self.sequence
        request = getattr(tpb, f"{kind}Request")(
            table_id=self.table_id,
            request_id=f"{self.table_id}-{self.count}-{random.getrandbits(32)}",
            **fields,
        )
        convert = getattr(tc, f"{_snake(kind)}_from_pb")
        use_case = getattr(self.service, _snake(kind))
        reply = use_case(convert(request), viewer=self.viewer)
        answer = getattr(tpb, f"{kind}Response").FromString(reply.payload)
        answer.SerializeToString()  # as grpcio sends it
        self.sequence = answer.table.sequence
        if answer.HasField("hand") if "hand" in answer.DESCRIPTOR.fields_by_name else False:
            self.hand = answer.hand
        return answer

    def create(self, players: int) -> None:
        from floorman.v1 import poker_pb2 as pb
        from floorman.v1 import table_service_pb2 as tpb

        settings = tpb.TableSettings(
            game=pb.GAME_SEVEN_CARD_STUD, stakes=pb.Stakes(small_bet=20, ante=5)
        )
        self.sequence = 0
        self.call("CreateTable", settings=settings)
        self.seat(range(1, players + 1))

    def seat(self, seats: Sequence[int]) -> None:
        for seat in seats:
            self.call("SeatPlayer", seat=seat, player_id=f"p{seat}", buy_in=10**9)


def _snake(kind: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in kind).lstrip("_")


def _action(hand: Any, policy: str) -> Any:
    """The next action: ``raise`` (raise or bet while allowed, else call), ``call`` (check or
    call), ``fold`` (bring in, then fold)."""
    from floorman.v1 import poker_pb2 as pb

    seat = hand.state.seat_to_act
    legal = {entry.type: entry for entry in hand.legal_actions}
    for kind in (pb.ACTION_TYPE_SHOW, pb.ACTION_TYPE_DRAW):
        if kind in legal:
            return pb.Action(seat=seat, type=kind)
    if pb.ACTION_TYPE_BRING_IN in legal:
        return pb.Action(seat=seat, type=pb.ACTION_TYPE_BRING_IN,
                         amount=legal[pb.ACTION_TYPE_BRING_IN].min_amount)  # fmt: skip
    if policy == "fold" and pb.ACTION_TYPE_FOLD in legal:
        return pb.Action(seat=seat, type=pb.ACTION_TYPE_FOLD)
    if policy == "raise":
        for kind in (pb.ACTION_TYPE_RAISE, pb.ACTION_TYPE_COMPLETE, pb.ACTION_TYPE_BET):
            if kind in legal:
                return pb.Action(seat=seat, type=kind, amount=legal[kind].min_amount)
    for kind in (pb.ACTION_TYPE_CHECK, pb.ACTION_TYPE_CALL):
        if kind in legal:
            return pb.Action(seat=seat, type=kind)
    return pb.Action(seat=seat, type=pb.ACTION_TYPE_FOLD)


def _play_hand(table: _Table, policy: str, on_action: Callable[[int, float], None]) -> None:
    """One hand from StartHand to settlement; ``on_action(index, cpu_seconds)`` per action."""
    table.call("StartHand")
    index = 0
    while not table.hand.complete:
        index += 1
        action = _action(table.hand, policy)
        began = time.process_time()
        table.call("RecordAction", action=action)
        on_action(index, time.process_time() - began)


def _service(store: Any) -> Any:
    from floorman.app.tables.service import TableService
    from floorman.transport.table_converters import encode_outcome

    return TableService(store, encoder=encode_outcome)


def long_hand(url: str, *, hands: int = 20) -> dict[int, float]:
    """Median CPU µs of action ``k`` (:data:`LONG_HAND_ACTIONS`) over ``hands`` raising hands."""
    from floorman.store import open_store

    samples: dict[int, list[float]] = {k: [] for k in LONG_HAND_ACTIONS}

    def record(index: int, cpu: float) -> None:
        if index in samples:
            samples[index].append(cpu)

    with open_store(url) as store:
        table = _Table(_service(store), f"long-{random.getrandbits(32):x}")
        table.create(6)
        _play_hand(table, "raise", lambda i, c: None)  # warm-up
        for _ in range(hands):
            _play_hand(table, "raise", record)
    return {k: 1e6 * statistics.median(v) if v else float("nan") for k, v in samples.items()}


def _history_log(hands: int) -> tuple[list[Any], str]:
    """The stored events of a heads-up table that played ``hands`` bring-in-and-fold hands."""
    from floorman.store.memory import MemoryStore

    store = MemoryStore()
    table = _Table(_service(store), "history")
    table.create(2)
    for _ in range(hands):
        _play_hand(table, "fold", lambda i, c: None)
    return store.read_events("history"), store.get_table("history").settings


def _copy_log(store: Any, table_id: str, log: list[Any], settings: str, last: int) -> int:
    """The first ``last`` events of ``log`` appended to ``store`` as table ``table_id`` in
    large appends; returns the sequence reached."""
    store.create_table(table_id, settings=settings,
                       events=[log[0].payload], request_id=f"{table_id}-c", fingerprint="x",
                       response=b"-")  # fmt: skip
    sequence = 1
    while sequence < last:
        chunk = [item.payload for item in log[sequence : min(last, sequence + COPY_CHUNK)]]
        store.append(table_id, expected_sequence=sequence, events=chunk,
                     request_id=f"{table_id}-{sequence}", fingerprint="x",
                     response=b"-")  # fmt: skip
        sequence += len(chunk)
    return sequence


def history(
    url: str, log: tuple[list[Any], str], counts: Sequence[int], *, hands: int = 40
) -> dict[int, float]:
    """Median CPU µs per RecordAction (snapshots included: the CPU of the whole measured
    window over its actions, and the median of per-action samples) at a table that played
    ``counts`` hands before."""
    from floorman.app.tables.codec import decode_event
    from floorman.domain.table.events import HandSettled
    from floorman.store import open_store

    log, settings = log
    settled_at = [i.sequence for i in log if isinstance(decode_event(i.payload), HandSettled)]
    out: dict[int, float] = {}
    for count in counts:
        table_id = f"h{count}-{random.getrandbits(32):x}"
        with open_store(url) as store:
            sequence = _copy_log(store, table_id, log, settings, settled_at[count - 1])
        with open_store(url) as store:  # a cold service, as after a restart
            table = _Table(_service(store), table_id, sequence)
            table.count = 10**6
            table.seat(range(3, 7))
            for _ in range(3):
                _play_hand(table, "call", lambda i, c: None)  # warm-up (the first load)
            per_action: list[float] = []
            gc.collect()
            began = time.process_time()
            for _ in range(hands):
                _play_hand(table, "call", lambda i, c, into=per_action: into.append(c))
            actions = len(per_action)
            window = time.process_time() - began
        out[count] = 1e6 * window / actions
    return out


def snapshot_cost(counts: Sequence[int] = (25, 500, 10_000)) -> list[str]:
    """The snapshot of a table with ``counts`` hands in its index: encode and decode ms
    (median of 7) and size."""
    from dataclasses import replace
    from datetime import UTC, datetime

    from floorman.app.tables import codec
    from floorman.app.tables.repository import snapshot_from, snapshot_json
    from floorman.domain.model import Game, Stakes
    from floorman.domain.table.events import TableCreated
    from floorman.domain.table.settings import TableSettings, check_settings
    from floorman.domain.table.state import HandSpan, open_table

    settings = check_settings(
        TableSettings(game=Game.SEVEN_CARD_STUD, stakes=Stakes(small_bet=20, ante=5))
    )
    now = datetime.now(UTC)
    base = open_table("t", TableCreated(settings=settings, created_at=now), sequence=1,
                      recorded_at=now)  # fmt: skip
    lines = []
    for count in counts:
        spans = {
            f"{i:032x}": HandSpan(
                hand_id=f"{i:032x}", number=i, first_sequence=10 * i, last_sequence=10 * i + 9
            )
            for i in range(1, count + 1)
        }
        last = 10 * count + 9
        state = replace(base, hands=spans, hand_count=count, sequence=last, state_sequence=last)
        encode, decode = [], []
        for _ in range(7):
            began = time.process_time()
            payload = codec.dumps(snapshot_json(state))
            encode.append(time.process_time() - began)
            began = time.process_time()
            snapshot_from(codec.json_loads(payload))
            decode.append(time.process_time() - began)
        lines.append(
            f"snapshot at {count:,} hands: encode {1e3 * statistics.median(encode):.2f} ms, "
            f"decode {1e3 * statistics.median(decode):.2f} ms, {len(payload):,} bytes"
        )
    return lines


def run(*, postgres: bool, counts: Sequence[int] = HISTORY_HANDS, rounds: int = 3) -> str:
    """Both curves on every backend, ``rounds`` rounds interleaved; medians."""
    from floorman.observability.logging import configure_logging

    configure_logging(level="warning")
    began = time.perf_counter()
    log = _history_log(max(counts))
    lines = [f"history of {max(counts):,} hands built in {time.perf_counter() - began:.1f} s"]
    lines += snapshot_cost()
    with bench_urls(postgres=postgres) as urls:
        long: dict[str, list[dict[int, float]]] = {name: [] for name in urls}
        hist: dict[str, list[dict[int, float]]] = {name: [] for name in urls}
        for _ in range(rounds):
            for name, url in urls.items():
                long[name].append(long_hand(url))
                hist[name].append(history(url, log, counts))
    for name in urls:
        five, forty = (statistics.median(r[k] for r in long[name]) for k in LONG_HAND_ACTIONS)
        lines.append(
            f"{name}: RecordAction cpu µs in-process, action 5 / action 40 of a hand: "
            f"{five:.0f} / {forty:.0f} (x{forty / five:.2f})"
        )
        cells = [f"{count:,} hands {statistics.median(r[count] for r in hist[name]):.0f}"
                 for count in counts]  # fmt: skip
        first = statistics.median(r[counts[0]] for r in hist[name])
        last = statistics.median(r[counts[-1]] for r in hist[name])
        lines.append(
            f"{name}: RecordAction cpu µs per action (snapshots included) at a table with "
            + ", ".join(cells)
            + f" (x{last / first:.2f})"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--hands", default=",".join(str(h) for h in HISTORY_HANDS))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    counts = [int(h) for h in args.hands.split(",")]
    print(run(postgres=not args.no_postgres, counts=counts, rounds=args.rounds))


if __name__ == "__main__":
    main()
