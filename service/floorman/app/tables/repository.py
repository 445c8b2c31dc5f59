"""The table aggregate from the store: the log folded, an in-process cache, snapshot caching.

The truth is the log. :meth:`TableRepository.load` returns the table folded up to the log's
last event: from the in-process cache (catching up with the events other processes appended
since), else from the newest persisted snapshot plus the events after it, else from the whole
log. Snapshots are taken between hands (no engine state in them) every ``snapshot_every``
hands and are only a cache: a snapshot this code cannot read is ignored and the log refolded.

Cost flat in the table's history (issue 15 point 4): a snapshot (version 2) holds the table
as it stands (settings, seats and stacks, button, hand counter, rotation, sequences), not the
index of every past hand, so taking and loading one costs the same at hand 10 and at hand
10,000. The index of past hands (:class:`~floorman.domain.table.state.HandSpan` by id) is
kept out of the hot state too: :meth:`TableRepository.remember` moves the spans of settled
hands (all but the last :data:`KEEP_SPANS`) into a per-table history beside the cache, so
folding a hand's start and settlement copies a few spans, not the whole index. The reads that
need every hand (:meth:`TableRepository.load_full`: GetHand, ListHands, ReadEvents, exports)
merge that history back, and when it is not complete (after a restart from a version-2
snapshot, or a gap) they fold the whole log once to rebuild it. A version-1 snapshot (the
whole index inside) still loads.

Thread-safety: one lock per table (:meth:`TableRepository.locked`) serialises the use cases
of a table inside this process; the store's sequence check serialises them across processes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Final

from floorman.app.tables import codec
from floorman.domain.table.events import HAND_EVENTS, HandStarted, TableCreated, TableEvent
from floorman.domain.table.hand import HandRun, begin_run
from floorman.domain.table.rotation import RotationPosition
from floorman.domain.table.state import HandSpan, TableState, fold, open_table
from floorman.store import EventStore, StoredEvent, TableNotFound

SNAPSHOT_VERSION: Final = 2
"""Version 2: the current table only (no hand index); version 1 (with ``hands``) still loads."""
READABLE_SNAPSHOTS: Final = frozenset({1, 2})
KEEP_SPANS: Final = 2
"""Hand spans kept in the cached state between hands (the last ones); older ones are moved
into the repository's history when there are more than :data:`TRIM_AT`."""
TRIM_AT: Final = 16
DEFAULT_CACHE_SIZE: Final = 4096
DEFAULT_SNAPSHOT_EVERY: Final = 25


def fold_stored(state: TableState | None, stored: StoredEvent) -> TableState:
    """``state`` after one stored event (``None``: the log's first event, TableCreated)."""
    event = codec.decode_event(stored.payload)
    if state is None:
        if not isinstance(event, TableCreated):
            raise codec.CodecError(f"the log of {stored.table_id!r} starts with {event!r}")
        return open_table(
            stored.table_id, event, sequence=stored.sequence, recorded_at=stored.created_at
        )
    return fold(state, event, sequence=stored.sequence, recorded_at=stored.created_at)


class TableRepository:
    """Loads tables from ``store``, caching the folded state per table (LRU, ``cache_size``)."""

    def __init__(
        self,
        store: EventStore,
        *,
        cache_size: int = DEFAULT_CACHE_SIZE,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
    ) -> None:
        self.store = store
        self._cache: OrderedDict[str, TableState] = OrderedDict()
        self._cache_size = cache_size
        self._snapshot_every = snapshot_every
        self._snapshot_hands: dict[str, int] = {}
        self._history: dict[str, dict[str, HandSpan]] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    @contextmanager
    def locked(self, table_id: str) -> Iterator[None]:
        """Hold the table's in-process lock (re-entrant)."""
        with self._guard:
            lock = self._locks.setdefault(table_id, threading.RLock())
        with lock:
            yield

    def load(self, table_id: str) -> TableState:
        """The table folded up to the log's last event.

        Raises:
            TableNotFound: no such table.
            CodecError: an event this code cannot read.
        """
        with self.locked(table_id):
            state = self.cached(table_id)
            if state is None:
                state = self._from_snapshot(table_id)
            after = state.sequence if state is not None else 0
            for stored in self.store.read_events(table_id, after):
                state = fold_stored(state, stored)
            if state is None:
                raise TableNotFound(table_id)
            self.remember(state)
            return state

    def load_full(self, table_id: str) -> TableState:
        """:meth:`load` with ``hands`` naming every hand of the table (the reads that list or
        find past hands); rebuilt by folding the whole log when this process does not hold
        the complete index (a restart from a version-2 snapshot). O(hands) per call.

        Raises:
            TableNotFound / CodecError: see :meth:`load`.
        """
        with self.locked(table_id):
            state = self.load(table_id)
            with self._guard:
                history = self._history.get(table_id, {})
                full = {**history, **state.hands}
            if _complete(full, state.hand_count):
                return replace(state, hands=full)
            refolded: TableState | None = None
            for stored in self.store.read_events(table_id):
                refolded = fold_stored(refolded, stored)
            if refolded is None:
                raise TableNotFound(table_id)
            self.remember(refolded)
            return refolded

    def remember(self, state: TableState) -> None:
        """Cache ``state`` (the caller folded events it just appended); between hands, the
        spans of all but the last :data:`KEEP_SPANS` hands move to the table's history."""
        state = self._trimmed(state)
        with self._guard:
            self._cache[state.table_id] = state
            self._cache.move_to_end(state.table_id)
            while len(self._cache) > self._cache_size:
                evicted, _ = self._cache.popitem(last=False)
                self._history.pop(evicted, None)

    def _trimmed(self, state: TableState) -> TableState:
        if state.hand is not None or len(state.hands) <= TRIM_AT:
            return state
        keep_after = state.hand_count - KEEP_SPANS
        kept = {}
        with self._guard:
            history = self._history.setdefault(state.table_id, {})
            for hand_id, span in state.hands.items():
                if span.number > keep_after or not span.settled:
                    kept[hand_id] = span
                else:
                    history[hand_id] = span
        return replace(state, hands=kept)

    def forget(self, table_id: str) -> None:
        """Drop the cached state (the next load refolds from a snapshot or the log)."""
        with self._guard:
            self._cache.pop(table_id, None)
            self._history.pop(table_id, None)

    def cached(self, table_id: str) -> TableState | None:
        """The state this process last folded for the table (maybe behind the log), or None."""
        with self._guard:
            return self._cache.get(table_id)

    def load_hand(self, state: TableState, hand_id: str) -> HandRun | None:
        """A hand of ``state`` (``None``: no such hand), its ``started_at`` the time its
        HandStarted was stored.

        The running or last settled hand comes from ``state`` when it knows its start time
        (see :func:`with_start_times`); every other hand is rebuilt from its events.
        """
        for run in (state.hand, state.last_hand):
            if run is not None and run.hand_id == hand_id and run.started_at is not None:
                return run
        span = state.hands.get(hand_id)
        if span is None:
            return None
        last = span.last_sequence or state.sequence
        stored = self.store.read_events(
            state.table_id, span.first_sequence - 1, last - span.first_sequence + 1
        )
        run: HandRun | None = None
        for item in stored:
            event = codec.decode_event(item.payload)
            if not isinstance(event, HAND_EVENTS) or event.hand_id != hand_id:
                continue
            if isinstance(event, HandStarted):
                run = begin_run(event, sequence=item.sequence, started_at=item.created_at)
            elif run is not None:
                run = run.after(event, sequence=item.sequence)  # type: ignore[arg-type]
        return run

    # ---- snapshots ------------------------------------------------------------------------

    def maybe_snapshot(self, state: TableState) -> None:
        """Persist a snapshot of ``state`` when it is between hands and ``snapshot_every``
        hands have passed since the last one (best effort: a failure only loses the cache)."""
        if state.hand is not None or self._snapshot_every <= 0 or state.hand_count == 0:
            return
        done = self._snapshot_hands.get(state.table_id, 0)
        if state.hand_count - done < self._snapshot_every:
            return
        self._snapshot_hands[state.table_id] = state.hand_count
        self.store.put_snapshot(state.table_id, state.sequence, codec.dumps(snapshot_json(state)))

    def _from_snapshot(self, table_id: str) -> TableState | None:
        snapshot = self.store.latest_snapshot(table_id)
        if snapshot is None:
            return None
        try:
            state = snapshot_from(codec.json_loads(snapshot.payload))
        except (codec.CodecError, KeyError, TypeError, ValueError):
            return None
        if state.sequence != snapshot.sequence or state.table_id != table_id:
            return None
        self._snapshot_hands[table_id] = state.hand_count
        return state


def _complete(hands: dict[str, HandSpan], hand_count: int) -> bool:
    """True when ``hands`` holds exactly the hands numbered 1 to ``hand_count``."""
    return len(hands) == hand_count and {s.number for s in hands.values()} == set(
        range(1, hand_count + 1)
    )


def with_start_times(
    state: TableState, events: Sequence[TableEvent], stored: Sequence[StoredEvent]
) -> TableState:
    """``state`` (folded from ``events`` just written) with the start time of a hand started
    by them: ``created_at`` of the stored HandStarted, as a fold of the log would give it.

    ``stored`` are the written events as the store recorded them, in the order of
    ``events``; a hand's history (DESIGN.md / docs/hand-history-formats.md: the start time
    in the header) is then the same whether it is exported from this process's cache, after
    more hands, or after a restart.
    """
    times = {
        event.hand_id: item.created_at
        for event, item in zip(events, stored, strict=False)
        if isinstance(event, HandStarted)
    }
    if not times:
        return state
    changes: dict[str, HandRun] = {}
    for name in ("hand", "last_hand"):
        run = getattr(state, name)
        if run is not None and run.hand_id in times:
            changes[name] = replace(run, started_at=times[run.hand_id])
    return replace(state, **changes) if changes else state


def snapshot_json(state: TableState) -> dict[str, Any]:
    """A between-hands table state as JSON, version 2 (no engine state: there is no hand
    running; no hand index: its size would grow with the table's history)."""
    return {
        "v": SNAPSHOT_VERSION,
        "table_id": state.table_id,
        "settings": codec.settings_json(state.settings),
        "created_at": codec.encode_time(state.created_at),
        "closed": state.closed,
        "sequence": state.sequence,
        "state_sequence": state.state_sequence,
        "seats": [codec.seat_json(state.seats[s]) for s in sorted(state.seats)],
        "positions": codec.positions_json(state.positions),
        "hand_count": state.hand_count,
        "last_hand_id": state.last_hand_id,
        **(
            {}
            if state.settings.rotation is None
            else {
                "rotation": [
                    state.rotation_entry,
                    state.rotation.entry,
                    state.rotation.hands_left,
                ]
            }
        ),
    }


def snapshot_from(data: dict[str, Any]) -> TableState:
    """The inverse of :func:`snapshot_json`; a version-1 snapshot (which carries the index of
    every hand as ``hands``) loads with that index, a version-2 one with no hand spans (see
    :meth:`TableRepository.load_full`).

    Raises:
        CodecError: another snapshot version.
    """
    if data.get("v") not in READABLE_SNAPSHOTS:
        raise codec.CodecError(f"snapshot version {data.get('v')!r}")
    seats = (codec.seat_from(s) for s in data["seats"])
    current, entry, left = data.get("rotation", (-1, 0, 0))
    hands = {
        hand_id: HandSpan(
            hand_id=hand_id,
            number=number,
            first_sequence=first,
            last_sequence=last,
            public_cards=frozenset(c for c in codec.cards_from(cards) if c is not None),
        )
        for hand_id, number, first, last, cards in (data["hands"] if data["v"] == 1 else ())
    }
    return TableState(
        table_id=data["table_id"],
        settings=codec.settings_from(data["settings"]),
        created_at=codec.decode_time(data["created_at"]),
        closed=data["closed"],
        sequence=data["sequence"],
        state_sequence=data["state_sequence"],
        seats={seat.seat: seat for seat in seats},
        positions=codec.positions_from(data["positions"]),
        hand_count=data["hand_count"],
        hands=hands,
        last_hand_id=data["last_hand_id"],
        rotation=RotationPosition(entry=entry, hands_left=left),
        rotation_entry=current,
    )
