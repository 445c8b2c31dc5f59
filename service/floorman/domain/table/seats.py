"""Seats between hands: who sits where, with how many chips, and what they owe.

RULES.md Five Card Draw 7-A "Button": a newcomer posts a big blind to be dealt in or waits for
the big blind; a player who missed blinds posts them on return (the big blind live, a missed
small blind dead); a player may sit out. Busted players (stack 0) are marked and not dealt in.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class SeatStatus(enum.Enum):
    """Where a seated player stands for the next hand."""

    ACTIVE = "active"
    """Dealt in at the next hand (an owed blind may hold a button-game seat out until it may
    post: see :mod:`floorman.domain.table.placement`)."""
    WAITING_FOR_BIG_BLIND = "waiting_for_big_blind"
    """Button games: dealt in when the big blind reaches the seat."""
    SITTING_OUT = "sitting_out"
    """Not dealt in; misses the blinds that pass the seat."""
    BUSTED = "busted"
    """No chips left: not dealt in; must leave."""


class EntryOption(enum.Enum):
    """How a newcomer (or a returning player who owes blinds) enters a button game."""

    POST_BIG_BLIND = "post_big_blind"
    """Post the owed blinds (a newcomer: one big blind) and be dealt in at once."""
    WAIT_FOR_BIG_BLIND = "wait_for_big_blind"
    """Wait until the big blind reaches the seat (owed blinds are then forgiven)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """One occupied seat (money in minor units).

    Attributes:
        seat: the seat number (1-based, clockwise).
        player_id: who sits there.
        stack: chips in front of the player (at the start of the hand in progress).
        status: see :class:`SeatStatus`.
        owes_small_blind: a missed small blind to post dead before being dealt in.
        owes_big_blind: a big blind to post live before being dealt in (a missed big blind,
            or a newcomer's entry big blind).
    """

    seat: int
    player_id: str
    stack: int
    status: SeatStatus = SeatStatus.ACTIVE
    owes_small_blind: bool = False
    owes_big_blind: bool = False

    @property
    def owes(self) -> bool:
        """True when the seat owes a blind before it may be dealt in out of turn."""
        return self.owes_small_blind or self.owes_big_blind

    @property
    def present(self) -> bool:
        """Seated with chips and not sitting out: could take part in the next hand."""
        return self.stack > 0 and self.status in (
            SeatStatus.ACTIVE,
            SeatStatus.WAITING_FOR_BIG_BLIND,
        )

    @property
    def free(self) -> bool:
        """Present, active and owing nothing: dealt in wherever the blinds are."""
        return self.present and self.status is SeatStatus.ACTIVE and not self.owes

    @property
    def absent(self) -> bool:
        """Sitting out with chips: the blinds that pass the seat are missed."""
        return self.status is SeatStatus.SITTING_OUT and self.stack > 0
