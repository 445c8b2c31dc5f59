"""The events of a table's log (what happened, never derived numbers that could disagree).

Folding them in order (:func:`floorman.domain.table.state.fold`) rebuilds the table. Hand
events carry the hand's id; the others concern the table. ``HandStarted.deck`` and
``HandDealt.stub`` are the service dealer's secrets (deck order): they are stored so a restart
deals the same cards, and never leave the service (no stream, log or error shows them).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from floorman.domain.cards import Card
from floorman.domain.engine import Finding, HandResult
from floorman.domain.model import Action, Deal, HandConfig
from floorman.domain.table.placement import Positions
from floorman.domain.table.rotation import RotationPosition
from floorman.domain.table.seats import EntryOption, Seat
from floorman.domain.table.settings import TableSettings


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCreated:
    """The table opened with these (checked) settings at ``created_at`` (UTC)."""

    settings: TableSettings
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated:
    """``player_id`` took ``seat`` with ``buy_in`` minor units, entering per ``entry``."""

    seat: int
    player_id: str
    buy_in: int
    entry: EntryOption


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatLeft:
    """The player at ``seat`` left with ``cash_out`` minor units (chips leave the table)."""

    seat: int
    cash_out: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSatOut:
    """The player at ``seat`` sits out from the next hand on."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSatIn:
    """The player at ``seat`` is back; in button games ``entry`` says how owed blinds are met."""

    seat: int
    entry: EntryOption


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted:
    """A hand started.

    Attributes:
        hand_id / hand_number: the hand's id and its number at the table (1, 2, ...).
        config: the engine's configuration (seats dealt in, button, explicit forced bets).
        positions: button-game positions (a button or small blind may be dead), else None.
        seats: every occupied seat after the start (owed blinds marked or cleared).
        deck: service-dealt: the shuffled deck, dealt from the front; () when recorded.
        rotation_entry: a mixed table: the index of the rotation entry the hand is dealt
            as (its game, structure and stakes are the config's); -1 at a one-game table.
        rotation: a mixed table: the rotation's position after this hand (the next hand's
            entry and the hands left in the orbit), RULES.md "Mixed games".
        unseen_button: a stud hand of a mixed table: the unseen button's positions (the
            button moves through stud hands too; nobody posts a blind), else ``None``.
    """

    hand_id: str
    hand_number: int
    config: HandConfig
    positions: Positions | None
    seats: tuple[Seat, ...]
    deck: tuple[Card, ...] = ()
    rotation_entry: int = -1
    rotation: RotationPosition | None = None
    unseen_button: Positions | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt:
    """Cards dealt (a street, a draw's replacement cards, a burn or the community card).

    ``stub`` is set when the service had to reshuffle for a draw (RULES.md "Draw"): the new
    stub's order, dealt from the front (``deal`` takes its first cards).
    """

    hand_id: str
    deal: Deal
    stub: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandActed:
    """A player's action, accepted by the engine."""

    hand_id: str
    action: Action


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSettled:
    """The hand was settled by the engine: stacks become ``result.final_stacks``."""

    hand_id: str
    result: HandResult


@dataclass(frozen=True, slots=True, kw_only=True)
class FindingRecorded:
    """A refused action or deal (or a settlement discrepancy): an audit note, no state change.

    ``secret`` is True when the refused event carried cards (its message may name them: shown
    only to callers who may see the hand's hole cards). ``public`` is the same finding in
    words that name no card (:meth:`~floorman.domain.errors.RuleViolation.without_cards`),
    what other callers see of a secret one; ``None`` in logs written before it existed
    (those callers then see only the rule, seat and index, see
    :mod:`~floorman.domain.table.redaction`).
    """

    hand_id: str
    finding: Finding
    secret: bool = False
    public: Finding | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableClosed:
    """The table closed for good."""


TableEvent = (
    TableCreated
    | PlayerSeated
    | SeatLeft
    | SeatSatOut
    | SeatSatIn
    | HandStarted
    | HandDealt
    | HandActed
    | HandSettled
    | FindingRecorded
    | TableClosed
)
HAND_EVENTS = (HandStarted, HandDealt, HandActed, HandSettled)


def hand_id_of(event: TableEvent) -> str:
    """The hand an event belongs to (``""`` for table events)."""
    return getattr(event, "hand_id", "")
