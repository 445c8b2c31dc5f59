"""The mutating requests of TableService as plain commands, with their idempotency fingerprint.

Every command names its table, the caller's ``request_id`` and (except CreateTable) the
``expected_sequence``. :func:`fingerprint` hashes the canonical JSON of what the command asks
for (its kind and payload: not ``request_id``, not ``expected_sequence``), so a retry with the
same id and payload is recognised whatever sequence it carries, and the same id with another
payload is refused.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, Final

from floorman.app.tables.codec import action_json, deal_json, dumps, settings_json
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.model import Action, Deal
from floorman.domain.table.rotation import NO_CHOICE, Choice
from floorman.domain.table.seats import EntryOption
from floorman.domain.table.settings import TableSettings
from floorman.domain.text_limits import REQUEST_ID, TABLE_ID

MAX_REQUEST_ID_LENGTH: Final = REQUEST_ID.most
MAX_TABLE_ID_LENGTH: Final = TABLE_ID.most
RESERVED_PREFIX: Final = "floorman:"
"""Request ids the service uses for its own writes (refusal findings); refused from callers."""
TABLE_ID_PATTERN: Final = re.compile(rf"[A-Za-z0-9_-]{{1,{TABLE_ID.most}}}")
MAX_DEALS: Final = 64


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateTable:
    """Open a table (``table_id`` ``""``: derived from the request id, so retries agree)."""

    request_id: str
    table_id: str = ""
    settings: TableSettings


@dataclass(frozen=True, slots=True, kw_only=True)
class TableWrite:
    """The common part of every write to an existing table."""

    table_id: str
    expected_sequence: int
    request_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseTable(TableWrite):
    """Close the table for good (no hand may be in progress)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatPlayer(TableWrite):
    """A newcomer takes ``seat`` with ``buy_in`` minor units; ``entry`` None: wait for the BB."""

    seat: int
    player_id: str
    buy_in: int
    entry: EntryOption | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaveSeat(TableWrite):
    """The player at ``seat`` leaves with the stack."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SitOut(TableWrite):
    """The player at ``seat`` sits out from the next hand."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SitIn(TableWrite):
    """The player at ``seat`` comes back; ``entry`` None: post owed blinds."""

    seat: int
    entry: EntryOption | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StartHand(TableWrite):
    """Start the next hand (service-dealt: shuffle and deal); ``choice``: what the request
    names of it (a dealer's choice, the game a recorded hand is dealt as)."""

    choice: Choice = NO_CHOICE


@dataclass(frozen=True, slots=True, kw_only=True)
class DealCards(TableWrite):
    """Recorded mode: the cards the dealer dealt, in order."""

    deals: tuple[Deal, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordAction(TableWrite):
    """A player's action in the hand in progress."""

    action: Action


Command = (
    CreateTable
    | CloseTable
    | SeatPlayer
    | LeaveSeat
    | SitOut
    | SitIn
    | StartHand
    | DealCards
    | RecordAction
)


def _payload(command: Command) -> dict[str, Any]:
    if isinstance(command, CreateTable):
        return {"table_id": command.table_id, "settings": settings_json(command.settings)}
    if isinstance(command, SeatPlayer):
        entry = None if command.entry is None else command.entry.value
        return {
            "seat": command.seat,
            "player_id": command.player_id,
            "buy_in": command.buy_in,
            "entry": entry,
        }
    if isinstance(command, SitIn):
        entry = None if command.entry is None else command.entry.value
        return {"seat": command.seat, "entry": entry}
    if isinstance(command, LeaveSeat | SitOut):
        return {"seat": command.seat}
    if isinstance(command, DealCards):
        return {"deals": [deal_json(deal) for deal in command.deals]}
    if isinstance(command, RecordAction):
        return {"action": action_json(command.action)}
    if isinstance(command, StartHand) and not command.choice.empty:
        choice = command.choice
        return {
            "entry": choice.entry,
            "game": None if choice.game is None else choice.game.value,
            "structure": None
            if choice.betting_structure is None
            else choice.betting_structure.value,
        }
    return {}


def fingerprint(command: Command) -> str:
    """sha256 (hex) of the command's canonical JSON: kind, table and payload."""
    table_id = command.table_id
    text = dumps({"kind": type(command).__name__, "table": table_id, **_payload(command)})
    return hashlib.sha256(text.encode()).hexdigest()


def derived_table_id(request_id: str) -> str:
    """The table id of a CreateTable without one: ``t_`` + 24 hex digits of the request id's
    sha256 (a retry derives the same id, so it finds its table)."""
    return "t_" + hashlib.sha256(request_id.encode()).hexdigest()[:24]


def check_request_id(request_id: str) -> None:
    """Raises InvalidArgument ``request_id`` unless it has 1 to 128 characters and does not
    start with the reserved ``floorman:`` prefix."""
    if not REQUEST_ID.fits(request_id) or "\x00" in request_id:
        raise InvalidArgument.single("request_id", "", REQUEST_ID.message())
    if request_id.startswith(RESERVED_PREFIX):
        raise InvalidArgument.single(
            "request_id", "", f"request ids starting with {RESERVED_PREFIX!r} are reserved"
        )


def check_table_id(table_id: str, *, field: str = "table_id") -> None:
    """Raises InvalidArgument naming ``field`` unless ``table_id`` is 1-64 of [A-Za-z0-9_-]."""
    if not TABLE_ID_PATTERN.fullmatch(table_id):
        raise InvalidArgument.single(field, "", TABLE_ID.message())


def check_write(command: TableWrite) -> None:
    """The shape checks every table write shares (ids, a non-negative sequence)."""
    problems: list[FieldViolation] = []
    for check in (check_table_id, check_request_id):
        try:
            check(command.table_id if check is check_table_id else command.request_id)
        except InvalidArgument as error:
            problems.extend(error.violations)
    if command.expected_sequence < 0:
        problems.append(FieldViolation("expected_sequence", "", "must be 0 or more"))
    if isinstance(command, DealCards) and not 0 < len(command.deals) <= MAX_DEALS:
        problems.append(FieldViolation("deals", "card.count", f"1 to {MAX_DEALS} deals"))
    if problems:
        raise InvalidArgument(problems)
