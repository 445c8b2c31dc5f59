"""What callers see of a table, a hand and a log event, redacted per viewer.

Views are built from the folded :class:`~floorman.domain.table.state.TableState`; hole cards a
viewer may not see are ``None`` (``??``) per :mod:`floorman.domain.table.redaction`, and the
dealer's secrets (deck order, reshuffled stubs) never appear in a view.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from floorman.domain.cards import Card
from floorman.domain.engine import HandResult, LegalAction, Snapshot, legal_actions, snapshot
from floorman.domain.model import HandConfig, HandEvent
from floorman.domain.table.events import (
    FindingRecorded,
    HandActed,
    HandDealt,
    HandStarted,
    TableEvent,
)
from floorman.domain.table.hand import HandRun
from floorman.domain.table.placement import Positions
from floorman.domain.table.redaction import Viewer, redact_event, redact_finding
from floorman.domain.table.rotation import RotationPosition
from floorman.domain.table.seats import Seat
from floorman.domain.table.settings import Rotation, RotationEntry, TableSettings
from floorman.domain.table.state import TableState


@dataclass(frozen=True, slots=True, kw_only=True)
class RotationView:
    """Where a mixed table's rotation stands (the contract's ``RotationState``).

    Attributes:
        current_index / current: the entry (index into the rotation) of the hand in
            progress or the last hand; -1 / ``None`` before the first hand.
        next_index / next: the entry the next hand deals (at a dealer's choice table opening
            an orbit: the next in the list, which the button may change).
        hands_left: hands left in the current orbit, the next one included; 0: the next hand
            opens an orbit (of as many hands as players are then dealt in).
        choosing: a dealer's choice table whose next hand opens an orbit (the button names
            its entry).
    """

    current_index: int
    current: RotationEntry | None
    next_index: int
    next: RotationEntry
    hands_left: int
    choosing: bool


def rotation_view(rotation: Rotation, current: int, position: RotationPosition) -> RotationView:
    """The view of a rotation after the hand dealt as entry ``current`` (-1: none yet)."""
    entries = rotation.entries
    return RotationView(
        current_index=current,
        current=entries[current] if 0 <= current < len(entries) else None,
        next_index=position.entry,
        next=entries[position.entry],
        hands_left=position.hands_left,
        choosing=rotation.dealers_choice and position.hands_left == 0,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """A table (the contract's ``Table``).

    ``button_seat``: the current or last hand's button (button games; 0 before the first hand
    and in stud; a mixed table's stud hand: its unseen button). ``seats`` ascending.
    ``sequence``: the log's last event. ``rotation``: a mixed table's rotation, else ``None``.
    """

    table_id: str
    settings: TableSettings
    closed: bool
    sequence: int
    seats: tuple[Seat, ...]
    button_seat: int
    hand_count: int
    current_hand_id: str
    created_at: datetime | None
    rotation: RotationView | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandView:
    """A hand as a viewer may see it (the contract's ``HandView``).

    ``complete``: settled (``result`` set). ``events``: deals and actions, redacted.
    """

    hand_id: str
    hand_number: int
    table_id: str
    config: HandConfig
    positions: Positions | None
    state: Snapshot
    legal_actions: tuple[LegalAction, ...]
    events: tuple[HandEvent, ...]
    complete: bool
    result: HandResult | None


@dataclass(frozen=True, slots=True, kw_only=True)
class EventView:
    """One log event as a viewer may see it (the contract's ``TableEvent``); ``rotation``:
    a mixed table's HandStarted: the rotation after the hand started."""

    sequence: int
    table_id: str
    recorded_at: datetime | None
    hand_id: str
    event: TableEvent
    rotation: RotationView | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """What a successful write answers: the table after it, the hand when the write concerned
    one, the chips a leaving player takes."""

    table: TableView
    hand: HandView | None = None
    cash_out: int = 0


def table_view(state: TableState) -> TableView:
    """The view of ``state`` (no cards in it: the same for every viewer)."""
    return TableView(
        table_id=state.table_id,
        settings=state.settings,
        closed=state.closed,
        sequence=state.sequence,
        seats=tuple(state.seats[s] for s in sorted(state.seats)),
        button_seat=state.positions.button if state.positions is not None else 0,
        hand_count=state.hand_count,
        current_hand_id=state.hand.hand_id if state.hand is not None else "",
        created_at=state.created_at,
        rotation=None
        if state.settings.rotation is None
        else rotation_view(state.settings.rotation, state.rotation_entry, state.rotation),
    )


_Events = tuple[HandEvent, ...]
_REDACTED: dict[tuple[str, Viewer], tuple[frozenset[Card], _Events, _Events]] = {}
_REDACTED_LIMIT = 512


def _redacted(
    run: HandRun, viewer: Viewer, hand_over: bool, public: frozenset[Card]
) -> tuple[HandEvent, ...]:
    """``run.events`` redacted for ``viewer``; while the hand runs, the events already
    redacted for the same hand, viewer and public cards are reused (a prefix check, identity
    first), so an answer late in a long hand redacts only its new events. Only running hands
    are kept (a settled hand's entry is dropped), at most :data:`_REDACTED_LIMIT`."""
    key = (run.hand_id, viewer)
    events = run.events
    done: _Events = ()
    entry = _REDACTED.pop(key, None)
    if (
        entry is not None
        and not hand_over
        and entry[0] == public
        and len(entry[1]) <= len(events)
        and events[: len(entry[1])] == entry[1]
    ):
        done = entry[2]
    start = len(done)
    if start < len(events):
        done = done + tuple(
            redact_event(event, viewer=viewer, hand_over=hand_over, public=public)
            for event in events[start:]
        )
    if not hand_over:
        if len(_REDACTED) >= _REDACTED_LIMIT:
            _REDACTED.clear()
        _REDACTED[key] = (public, events, done)
    return done


def hand_view(table_id: str, run: HandRun, viewer: Viewer) -> HandView:
    """The view of hand ``run`` for ``viewer`` (hole cards redacted)."""
    hand_over = run.settled
    public = run.public_cards()
    return HandView(
        hand_id=run.hand_id,
        hand_number=run.number,
        table_id=table_id,
        config=run.config,
        positions=run.positions,
        state=snapshot(run.state),
        legal_actions=legal_actions(run.state),
        events=_redacted(run, viewer, hand_over, public),
        complete=hand_over,
        result=run.result,
    )


def visibility(state: TableState, hand_id: str) -> tuple[bool, frozenset[Card]]:
    """``(hand_over, public_cards)`` of a hand as of ``state`` (unknown hand: hidden)."""
    if state.hand is not None and state.hand.hand_id == hand_id:
        return False, state.hand.public_cards()
    span = state.hands.get(hand_id)
    if span is None:
        return False, frozenset()
    return span.settled, span.public_cards


def event_view(
    state: TableState,
    event: TableEvent,
    *,
    sequence: int,
    recorded_at: datetime | None,
    viewer: Viewer,
) -> EventView:
    """One log event for ``viewer``: cards redacted per what ``state`` (at or after the event)
    says of its hand; the deck order and reshuffled stubs removed."""
    hand_id = getattr(event, "hand_id", "")
    rotation = None
    if isinstance(event, HandStarted):
        event = replace(event, deck=())
        table_rotation = state.settings.rotation
        if table_rotation is not None and event.rotation is not None:
            rotation = rotation_view(table_rotation, event.rotation_entry, event.rotation)
    elif isinstance(event, HandDealt | HandActed | FindingRecorded):
        hand_over, public = visibility(state, hand_id)
        if isinstance(event, HandDealt):
            deal = redact_event(event.deal, viewer=viewer, hand_over=hand_over, public=public)
            event = replace(event, deal=deal, stub=None)  # type: ignore[arg-type]
        elif isinstance(event, HandActed):
            action = redact_event(event.action, viewer=viewer, hand_over=hand_over, public=public)
            event = replace(event, action=action)  # type: ignore[arg-type]
        else:
            finding = redact_finding(
                event.finding,
                secret=event.secret,
                viewer=viewer,
                hand_over=hand_over,
                public=event.public,
            )
            event = replace(event, finding=finding, public=None)
    return EventView(
        sequence=sequence,
        table_id=state.table_id,
        recorded_at=recorded_at,
        hand_id=hand_id,
        event=event,
        rotation=rotation,
    )
