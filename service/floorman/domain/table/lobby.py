"""Seat commands between (and during) hands: validate against the table, return the event.

Each function checks one request against the current :class:`TableState` and returns the
event to append, or raises: :class:`InvalidArgument` for a malformed request (a seat outside
the table, an empty player id, a buy-in outside the limits) and :class:`RuleViolation` for a
request the table's state forbids now (ids in :mod:`floorman.domain.table.rules`).
Players may sit down, sit out and sit in while a hand runs (it counts from the next hand);
a player dealt into the running hand may not leave until it ends.
"""

from __future__ import annotations

from floorman.domain.errors import FieldViolation, InvalidArgument, RuleViolation
from floorman.domain.table.events import PlayerSeated, SeatLeft, SeatSatIn, SeatSatOut
from floorman.domain.table.rules import (
    BUY_IN_AMOUNT,
    HAND_IN_PROGRESS,
    SEAT_EMPTY,
    SEAT_OCCUPIED,
    SEAT_PLAYER,
    SEAT_STATUS,
    TABLE_CLOSED,
)
from floorman.domain.table.seats import EntryOption, Seat, SeatStatus
from floorman.domain.table.state import TableState
from floorman.domain.text_limits import PLAYER_ID

MAX_PLAYER_ID_LENGTH = PLAYER_ID.most


def check_open(state: TableState) -> None:
    """Raises RuleViolation ``table.closed`` when the table is closed."""
    if state.closed:
        raise RuleViolation(TABLE_CLOSED, f"table {state.table_id!r} is closed")


def check_seat_number(state: TableState, seat: int, *, field: str = "seat") -> None:
    """Raises InvalidArgument naming ``field`` unless 1 <= ``seat`` <= max_seats."""
    size = state.settings.max_seats
    if not 1 <= seat <= size:
        raise InvalidArgument.single(field, "", f"seats are numbered 1 to {size}, got {seat}")


def occupant(state: TableState, seat: int) -> Seat:
    """The seat's occupant; raises InvalidArgument (bad number) or RuleViolation
    ``seat.empty``."""
    check_seat_number(state, seat)
    found = state.seats.get(seat)
    if found is None:
        raise RuleViolation(SEAT_EMPTY, f"seat {seat} is empty", seat=seat)
    return found


def seat_player(
    state: TableState, *, seat: int, player_id: str, buy_in: int, entry: EntryOption | None
) -> PlayerSeated:
    """A newcomer takes ``seat`` with ``buy_in`` minor units.

    ``entry`` (button games; ``None``: wait for the big blind): post a big blind to be dealt
    in, or wait for the big blind (RULES.md Five Card Draw 7-A "Button"). Stud newcomers are
    dealt in at the next hand whatever ``entry`` says.

    Raises:
        InvalidArgument: ``seat``, ``player_id`` (empty or over 64 characters), ``buy_in``
            (not positive, or outside the table's limits: ``buy_in.amount``).
        RuleViolation: ``table.closed``, ``seat.occupied``, ``seat.player`` (already seated).
    """
    check_open(state)
    check_seat_number(state, seat)
    problems = []
    if not player_id.strip() or not PLAYER_ID.fits(player_id):
        problems.append(("player_id", "", PLAYER_ID.message()))
    settings = state.settings
    if buy_in <= 0:
        problems.append(
            ("buy_in", "", f"a buy-in is a positive number of minor units, got {buy_in}")
        )
    elif buy_in < settings.min_buy_in or (settings.max_buy_in and buy_in > settings.max_buy_in):
        most = settings.max_buy_in or "no limit"
        problems.append(
            ("buy_in", BUY_IN_AMOUNT, f"{buy_in} is outside {settings.min_buy_in} to {most}")
        )
    if problems:
        raise InvalidArgument(FieldViolation(*problem) for problem in problems)
    taken = state.seats.get(seat)
    if taken is not None:
        raise RuleViolation(
            SEAT_OCCUPIED, f"seat {seat} is taken by {taken.player_id!r}", seat=seat
        )
    already = state.seat_of(player_id)
    if already:
        raise RuleViolation(
            SEAT_PLAYER, f"player {player_id!r} already sits in seat {already}", seat=already
        )
    return PlayerSeated(
        seat=seat,
        player_id=player_id,
        buy_in=buy_in,
        entry=EntryOption.WAIT_FOR_BIG_BLIND if entry is None else entry,
    )


def leave_seat(state: TableState, *, seat: int) -> SeatLeft:
    """The player at ``seat`` leaves with the whole stack (chips leave the table).

    Raises:
        InvalidArgument: ``seat`` outside the table.
        RuleViolation: ``table.closed``, ``seat.empty``, ``hand.in_progress`` (the seat is
            dealt into the running hand).
    """
    check_open(state)
    found = occupant(state, seat)
    if state.in_hand(seat):
        raise RuleViolation(
            HAND_IN_PROGRESS, f"seat {seat} is in the hand in progress: leave after it", seat=seat
        )
    return SeatLeft(seat=seat, cash_out=found.stack)


def sit_out(state: TableState, *, seat: int) -> SeatSatOut:
    """The player at ``seat`` sits out from the next hand (a running hand is played out).

    Raises:
        InvalidArgument: ``seat`` outside the table.
        RuleViolation: ``table.closed``, ``seat.empty``, ``seat.status`` (already sitting out,
            or busted).
    """
    check_open(state)
    found = occupant(state, seat)
    if found.status in (SeatStatus.SITTING_OUT, SeatStatus.BUSTED):
        raise RuleViolation(
            SEAT_STATUS,
            f"seat {seat} is {found.status.value}",
            seat=seat,
            actual=found.status.value,
        )
    return SeatSatOut(seat=seat)


def sit_in(state: TableState, *, seat: int, entry: EntryOption | None) -> SeatSatIn:
    """The player at ``seat`` comes back (button games: owed blinds per ``entry``; ``None``:
    post them).

    Raises:
        InvalidArgument: ``seat`` outside the table.
        RuleViolation: ``table.closed``, ``seat.empty``, ``seat.status`` (not sitting out).
    """
    check_open(state)
    found = occupant(state, seat)
    if found.status is not SeatStatus.SITTING_OUT:
        raise RuleViolation(
            SEAT_STATUS,
            f"seat {seat} is {found.status.value}, not sitting out",
            seat=seat,
            expected=SeatStatus.SITTING_OUT.value,
            actual=found.status.value,
        )
    return SeatSatIn(seat=seat, entry=EntryOption.POST_BIG_BLIND if entry is None else entry)
