"""A finished (or running) hand as the table log knows it: the input of every exporter.

Exporters (PHH, Open Hand History JSON, PokerStars-style text) take a :class:`HandRecord`
and compute what they need (pots, payouts, final stacks) by replaying ``events`` through the
engine, so a record never carries derived numbers that could disagree with its events.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from floorman.domain.currency import Currency
from floorman.domain.model import HandConfig, HandEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """One hand of a table.

    Attributes:
        hand_id: the table log's id for the hand.
        hand_number: 1 for the table's first hand, then consecutive.
        table_id / table_name: where it was played.
        started_at: when the hand started (UTC), if known.
        config: the hand's configuration (seats, stakes, forced bets, button).
        events: every Deal and Action in order (hole cards as recorded; exporters decide
            nothing about secrecy: the caller redacts before exporting when needed).
        currency: ISO 4217 code ("USD") or house chip code ("CHIPS"), "" for chips; amounts
            stay minor units.
        minor_units_per_unit: minor units in one unit of ``currency`` (0: the code's
            default, 100 for most ISO codes, 1 for chips; :mod:`floorman.domain.currency`).
        player_names: seat -> display name (defaults to the config's player_id).
        table_size: the table's seats (``TableSettings.max_seats``); 0: the highest seat of
            the hand (or its button).
        mixed: the mixed game the hand was dealt in (``"HORSE"``, ``"8-Game"``; RULES.md
            "Mixed games"), ``""`` at a single-game table. The hand is still exported as the
            game it was (``config.game``); PokerStars text names both (``HORSE (Razz Limit,
            10/20)``).
    """

    hand_id: str
    hand_number: int
    table_id: str
    table_name: str = ""
    started_at: datetime | None = None
    config: HandConfig
    events: tuple[HandEvent, ...]
    currency: str = ""
    player_names: dict[int, str] | None = None
    minor_units_per_unit: int = 0
    table_size: int = 0
    mixed: str = ""

    @property
    def money(self) -> Currency:
        """How amounts are written (code and minor units per unit)."""
        return Currency.of(self.currency, self.minor_units_per_unit)

    @property
    def seats_at_table(self) -> int:
        """The table's seat count: :attr:`table_size`, else the highest seat of the hand (or
        its button / dealer position when higher)."""
        highest = max((seat.seat for seat in self.config.seats), default=0)
        return self.table_size or max(highest, self.config.button_seat)
