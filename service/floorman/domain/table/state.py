"""The table aggregate: everything a table is, rebuilt by folding its log in order.

:func:`open_table` starts from the log's first event (TableCreated); :func:`fold` applies
one more. Both are pure and deterministic: the same events always rebuild an equal state
(snapshots are only a cache of this fold). Stacks carry over between hands (the engine's
final stacks; rake leaves the table), busted seats are marked, and finding events change
nothing but the sequence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from floorman.domain.cards import Card
from floorman.domain.fast_init import fast_replace
from floorman.domain.table.events import (
    FindingRecorded,
    HandActed,
    HandDealt,
    HandSettled,
    HandStarted,
    PlayerSeated,
    SeatLeft,
    SeatSatIn,
    SeatSatOut,
    TableClosed,
    TableCreated,
    TableEvent,
)
from floorman.domain.table.hand import HandRun, begin_run
from floorman.domain.table.placement import Positions
from floorman.domain.table.rotation import START, RotationPosition
from floorman.domain.table.seats import EntryOption, Seat, SeatStatus
from floorman.domain.table.settings import TableSettings


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSpan:
    """Where a hand lies in the table log, and what every viewer may see of it.

    Attributes:
        hand_id / number: the hand's id and number.
        first_sequence: the sequence of its HandStarted event.
        last_sequence: the sequence of its HandSettled event (0 while it runs).
        public_cards: hole cards shown at its showdown (set when settled).
    """

    hand_id: str
    number: int
    first_sequence: int
    last_sequence: int = 0
    public_cards: frozenset[Card] = frozenset()

    @property
    def settled(self) -> bool:
        """True once the hand's settlement is in the log."""
        return self.last_sequence > 0


@dataclass(frozen=True, slots=True, kw_only=True)
class TableState:
    """A table as its log says it is.

    Attributes:
        table_id / settings / created_at: identity and configuration.
        closed: CloseTable happened; no more writes.
        sequence: the sequence of the log's last event.
        state_sequence: the sequence of the last event that changed the state (finding events
            do not), the oldest ``expected_sequence`` a caller may still hold.
        seats: occupied seats by number.
        positions: the last hand's button-game positions (``None`` before the first hand and
            in stud).
        hand_count: hands started so far.
        hand: the hand in progress (started, not settled), or ``None``.
        last_hand: the last settled hand when it was folded in this process (``None`` after a
            snapshot restore: load it through ``hands``).
        hands: every hand's :class:`HandSpan` by id.
        last_hand_id: the id of the latest hand started (``""`` before the first).
        rotation: a mixed table: where its rotation stands (the next hand's entry, the hands
            left in the orbit), from the last HandStarted (RULES.md "Mixed games").
        rotation_entry: a mixed table: the entry of the hand in progress or the last hand
            (-1 before the first hand and at a one-game table).
    """

    table_id: str
    settings: TableSettings
    created_at: datetime | None = None
    closed: bool = False
    sequence: int = 0
    state_sequence: int = 0
    seats: Mapping[int, Seat] = field(default_factory=dict)
    positions: Positions | None = None
    hand_count: int = 0
    hand: HandRun | None = None
    last_hand: HandRun | None = None
    hands: Mapping[str, HandSpan] = field(default_factory=dict)
    last_hand_id: str = ""
    rotation: RotationPosition = START
    rotation_entry: int = -1

    @property
    def stud_seating(self) -> bool:
        """Newcomers and returning players are simply dealt in (stud tables: no blinds to
        owe). A mixed table seats them by the button-game rules whatever it deals now: a
        stud hand deals in everyone present anyway (docs/rules.md "Mixed games")."""
        return self.settings.rotation is None and self.settings.spec.is_stud

    def seat_of(self, player_id: str) -> int:
        """The seat ``player_id`` holds, 0 when not seated here."""
        for number, seat in self.seats.items():
            if seat.player_id == player_id:
                return number
        return 0

    def in_hand(self, seat: int) -> bool:
        """True when ``seat`` is dealt into the hand in progress."""
        return self.hand is not None and seat in self.hand.state.positions


def open_table(
    table_id: str, event: TableCreated, *, sequence: int, recorded_at: datetime | None
) -> TableState:
    """The state right after the table's first event."""
    return TableState(
        table_id=table_id,
        settings=event.settings,
        created_at=event.created_at or recorded_at,
        sequence=sequence,
        state_sequence=sequence,
    )


def fold(
    state: TableState, event: TableEvent, *, sequence: int, recorded_at: datetime | None = None
) -> TableState:
    """The table after ``event`` (stored at ``sequence``, at ``recorded_at``).

    Raises:
        ValueError: an event that cannot follow this state (a corrupt log).
        RuleViolation: the engine refuses a hand event (a corrupt log).
    """
    if isinstance(event, FindingRecorded):
        return fast_replace(state, sequence=sequence)
    if isinstance(event, HandDealt | HandActed):
        run = _current(state, event.hand_id).after(event, sequence=sequence)
        return fast_replace(state, sequence=sequence, state_sequence=sequence, hand=run)
    state = fast_replace(state, sequence=sequence, state_sequence=sequence)
    if isinstance(event, HandStarted):
        return _started(state, event, sequence, recorded_at)
    if isinstance(event, HandSettled):
        return _settled(state, event, sequence)
    if isinstance(event, PlayerSeated):
        return _with_seat(state, _seated(state, event))
    if isinstance(event, SeatLeft):
        seats = dict(state.seats)
        seats.pop(event.seat, None)
        return replace(state, seats=seats)
    if isinstance(event, SeatSatOut):
        seat = _occupied(state, event.seat)
        return _with_seat(state, replace(seat, status=SeatStatus.SITTING_OUT))
    if isinstance(event, SeatSatIn):
        return _with_seat(state, _back(state, event))
    if isinstance(event, TableClosed):
        return replace(state, closed=True)
    raise ValueError(f"{type(event).__name__} cannot follow the table's first event")


def _with_seat(state: TableState, seat: Seat) -> TableState:
    seats = dict(state.seats)
    seats[seat.seat] = seat
    return replace(state, seats=seats)


def _occupied(state: TableState, number: int) -> Seat:
    seat = state.seats.get(number)
    if seat is None:
        raise ValueError(f"seat {number} is empty")
    return seat


def _current(state: TableState, hand_id: str) -> HandRun:
    if state.hand is None or state.hand.hand_id != hand_id:
        raise ValueError(f"hand {hand_id!r} is not in progress")
    return state.hand


def _seated(state: TableState, event: PlayerSeated) -> Seat:
    """A newcomer: dealt in at once in stud or before a button game's first hand; else
    owing an entry big blind (POST_BIG_BLIND) or waiting for the big blind."""
    seat = Seat(seat=event.seat, player_id=event.player_id, stack=event.buy_in)
    if state.stud_seating or state.positions is None:
        return seat
    if event.entry is EntryOption.POST_BIG_BLIND:
        return replace(seat, owes_big_blind=True)
    return replace(seat, status=SeatStatus.WAITING_FOR_BIG_BLIND)


def _back(state: TableState, event: SeatSatIn) -> Seat:
    """Back from sitting out: owed blinds are posted (POST_BIG_BLIND) or the seat waits for
    the big blind; stud seats and seats owing nothing are simply active."""
    seat = _occupied(state, event.seat)
    if state.stud_seating or not seat.owes:
        return replace(seat, status=SeatStatus.ACTIVE, owes_small_blind=False, owes_big_blind=False)
    if event.entry is EntryOption.WAIT_FOR_BIG_BLIND:
        return replace(seat, status=SeatStatus.WAITING_FOR_BIG_BLIND)
    return replace(seat, status=SeatStatus.ACTIVE)


def _started(
    state: TableState, event: HandStarted, sequence: int, recorded_at: datetime | None
) -> TableState:
    if state.hand is not None:
        raise ValueError(f"hand {state.hand.hand_id!r} is still in progress")
    run = begin_run(event, sequence=sequence, started_at=recorded_at)
    hands = dict(state.hands)
    hands[event.hand_id] = HandSpan(
        hand_id=event.hand_id, number=event.hand_number, first_sequence=sequence
    )
    positions = event.positions or event.unseen_button or state.positions
    return replace(
        state,
        seats={seat.seat: seat for seat in event.seats},
        positions=positions,
        rotation=event.rotation if event.rotation is not None else state.rotation,
        rotation_entry=event.rotation_entry,
        hand_count=event.hand_number,
        hand=run,
        hands=hands,
        last_hand_id=event.hand_id,
    )


def _settled(state: TableState, event: HandSettled, sequence: int) -> TableState:
    run = _current(state, event.hand_id).after(event, sequence=sequence)
    seats = dict(state.seats)
    for number, stack in event.result.final_stacks.items():
        seat = seats.get(number)
        if seat is None:
            continue
        if stack == 0:
            seats[number] = replace(
                seat,
                stack=0,
                status=SeatStatus.BUSTED,
                owes_small_blind=False,
                owes_big_blind=False,
            )
        else:
            seats[number] = replace(seat, stack=stack)
    hands = dict(state.hands)
    hands[run.hand_id] = replace(
        hands[run.hand_id], last_sequence=sequence, public_cards=run.public_cards()
    )
    return replace(state, seats=seats, hand=None, last_hand=run, hands=hands)
