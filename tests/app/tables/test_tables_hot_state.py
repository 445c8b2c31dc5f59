"""The table kept hot between writes: the cache checked by the log's sequence, snapshots of
the current table only (cost flat in the table's history), old snapshots still read."""

from __future__ import annotations

import itertools
import json

from tables_app_support import DEALER, Table, service, table_settings

from floorman.app.tables import codec
from floorman.app.tables import commands as c
from floorman.app.tables.ports import SeededDeck
from floorman.app.tables.repository import (
    TRIM_AT,
    TableRepository,
    fold_stored,
    snapshot_json,
)
from floorman.app.tables.service import TableService
from floorman.app.tables.views import table_view
from floorman.domain.model import ActionType, Game
from floorman.store import EventStore, SequenceMismatch, StoredEvent, open_store

HISTORY_HANDS = 10_000


def _fold_log(store: EventStore, table_id: str):
    state = None
    for item in store.read_events(table_id):
        state = fold_stored(state, item)
    return state


def _heads_up(store: EventStore, *, snapshot_every: int = 0) -> Table:
    table = Table.create(
        service(store, snapshot_every=snapshot_every),
        table_settings(Game.SEVEN_CARD_STUD, small_bet=20, ante=2),
    )
    table.seat(1, 10**6)
    table.seat(2, 10**6)
    return table


def _fold_hand(table: Table) -> None:
    """Bring-in, then the other player folds."""
    hand = table.start().outcome.hand
    while not hand.complete:
        kinds = {e.type: e for e in hand.legal_actions}
        seat = hand.state.seat_to_act
        if ActionType.BRING_IN in kinds:
            reply = table.act(seat, ActionType.BRING_IN, kinds[ActionType.BRING_IN].min_amount)
        elif ActionType.SHOW in kinds:
            reply = table.act(seat, ActionType.SHOW)
        else:
            reply = table.act(seat, ActionType.FOLD)
        hand = reply.outcome.hand


def _long_history(store: EventStore, hands: int) -> int:
    """Table ``t1`` with ``hands`` bring-in-and-fold hands in its log, written fast: one hand
    played, then its events repeated under new hand ids and numbers (the stacks every
    HandStarted carries are the same, so every copy folds as the first did). Returns the
    last sequence."""
    table = _heads_up(store)
    _fold_hand(table)
    stored = store.read_events("t1")
    first = next(i for i, item in enumerate(stored) if '"hand_started"' in item.payload)
    template = [item.payload for item in stored[first:]]
    sequence = table.sequence
    batch: list[str] = []
    for number in range(2, hands + 1):
        for payload in template:
            data = json.loads(payload)
            data["hand_id"] = f"hand-{number}"
            if data["type"] == "hand_started":
                data["number"] = number
            batch.append(codec.dumps(data))
        if len(batch) >= 5_000 or number == hands:
            store.append("t1", expected_sequence=sequence, events=batch,
                         request_id=f"copy-{number}", fingerprint="copy",
                         response=b"-")  # fmt: skip
            sequence += len(batch)
            batch = []
    return sequence


def test_a_cached_table_behind_the_log_is_reloaded_when_another_service_wrote_meanwhile():
    """Two services (two replicas) on one store: each keeps the table hot; a write judged
    against a cached table the other replica has moved past fails the store's sequence check,
    the table is reloaded from the log and the write judged again (a stale caller sequence is
    still refused), and both replicas' states equal the log's fold."""
    store = open_store("memory://")
    first = _heads_up(store)
    numbers = itertools.count(1)
    replica = TableService(store, deck=SeededDeck(3), ids=lambda: f"second-{next(numbers)}")
    second = Table(replica, "t1", first.sequence, _ids=itertools.count(1000))
    second.service.get_table("t1")  # cached in the second replica
    _fold_hand(first)  # the second replica's cache is now behind the log
    assert second.service.repository.cached("t1").sequence < first.sequence
    second.sequence = first.sequence
    _fold_hand(second)  # judged against the reloaded table
    assert second.service.repository.cached("t1").sequence == second.sequence
    folded = _fold_log(store, "t1")
    assert folded.hand_count == 2 and folded.sequence == second.sequence
    assert table_view(second.service.repository.cached("t1")) == table_view(folded)
    stale = first.sequence  # the first replica's caller missed the second hand
    try:
        first.run(c.StartHand, expected=stale)
    except SequenceMismatch as mismatch:
        assert (mismatch.expected_sequence, mismatch.current_sequence) == (stale, folded.sequence)
    else:  # pragma: no cover
        raise AssertionError("a stale expected_sequence was accepted")
    assert table_view(first.service.repository.load("t1")) == table_view(folded)


def test_the_hot_state_keeps_few_hand_spans_and_the_reads_still_find_every_hand():
    """Between hands the cached state keeps only the last hands' spans (folding a hand's
    start copies a few, not the whole index); ListHands and GetHand of the first hand read
    the history the repository keeps beside it."""
    table = _heads_up(open_store("memory://"))
    for _ in range(TRIM_AT + 5):
        _fold_hand(table)
    cached = table.service.repository.cached("t1")
    assert cached.hand_count == TRIM_AT + 5 and len(cached.hands) <= TRIM_AT
    listed, token = table.service.list_hands("t1", page_size=1000, page_token="")
    assert [hand.number for hand in listed] == list(range(1, TRIM_AT + 6)) and token == ""
    assert table.service.get_hand("t1", "hand-1", viewer=DEALER).complete
    full = table.service.repository.load_full("t1")
    assert full.hands == _fold_log(table.service.store, "t1").hands


def test_a_snapshot_at_10000_hands_holds_the_current_table_and_loads_equal_to_the_replay():
    """At 10,000 hands the snapshot is the current table only (its size does not grow with
    the history); a cold repository loading it plus the events after it gives the table the
    replay of the whole log gives, and its full hand index equals the replay's."""
    store = open_store("memory://")
    _long_history(store, HISTORY_HANDS)
    numbers = itertools.count(HISTORY_HANDS + 1)
    later = TableService(store, deck=SeededDeck(3), ids=lambda: f"hand-{next(numbers)}",
                         snapshot_every=1)  # fmt: skip
    table = Table(later, "t1", store.current_sequence("t1"), _ids=itertools.count(10**6))
    _fold_hand(table)  # hand 10,001: a snapshot between hands
    _fold_hand(table)  # hand 10,002: another, then events after it
    table.start()
    snapshot = store.latest_snapshot("t1")
    assert snapshot is not None and json.loads(snapshot.payload)["v"] == 2
    assert len(snapshot.payload) < 2_000  # the current table, not 10,000 hand spans
    replayed = _fold_log(store, "t1")
    assert replayed.hand_count == HISTORY_HANDS + 3
    cold = TableRepository(store)
    loaded = cold.load("t1")
    assert table_view(loaded) == table_view(replayed)
    assert loaded.hand == replayed.hand and loaded.seats == replayed.seats
    assert cold.load_full("t1").hands == replayed.hands


def test_a_version_1_snapshot_with_the_whole_hand_index_still_loads():
    """A snapshot written before version 2 (``"v": 1`` with ``hands``) loads as it did: the
    same table as the fold and the same hand index, without a refold."""
    store = open_store("memory://")
    table = _heads_up(store)
    for _ in range(3):
        _fold_hand(table)
    folded = _fold_log(store, "t1")
    old = snapshot_json(folded) | {
        "v": 1,
        "hands": [
            [s.hand_id, s.number, s.first_sequence, s.last_sequence,
             codec.cards_json(tuple(sorted(s.public_cards)))]
            for s in folded.hands.values()
        ],
    }  # fmt: skip
    store.put_snapshot("t1", folded.sequence, codec.dumps(old))
    repository = TableRepository(store)
    reads: list[int] = []
    read_events = store.read_events

    def counting(table_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        reads.append(after)
        return read_events(table_id, after, limit)

    store.read_events = counting  # type: ignore[method-assign]
    loaded = repository.load_full("t1")
    assert table_view(loaded) == table_view(folded) and loaded.hands == folded.hands
    assert reads == [folded.sequence]  # the events after the snapshot only: no refold
