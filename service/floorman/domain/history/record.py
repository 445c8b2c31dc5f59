"""A finished (or running) hand as the table log knows it: the input of every exporter.

Exporters (PHH, Open Hand History JSON, PokerStars-style text) take a :class:`HandRecord`
and compute what they need (pots, payouts, final stacks) by replaying ``events`` through the
engine, so a record never carries derived numbers that could disagree with its events.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

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
        currency: ISO code ("USD") for money games, "" for chips; amounts stay minor units.
        player_names: seat -> display name (defaults to the config's player_id).
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
