"""Mixed-game rotations (RULES.md "Mixed games"): which game a mixed table deals next.

A rotation is a list of entries (game, betting structure, stakes); each entry plays one
orbit: as many hands as players are dealt in at its first hand. Named rotations: HORSE and
8-Game. Pure: the orbit bookkeeping is computed from the hands already dealt (each hand's
entry index and players dealt in), so it is rebuilt from the table log like everything else.

Not wired into TableService yet (see docs/rules.md "Mixed games").
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from floorman.domain.errors import InvalidArgument
from floorman.domain.model import BettingStructure, Game, Stakes
from floorman.domain.table.placement import Positions, ring_after

MAX_MIXED_SEATS: Final = 8
"""RULES.md "Mixed games": a mixed table seats at most 8 (the stud limit)."""


class NamedRotation(enum.Enum):
    """The rotations RULES.md names."""

    HORSE = "horse"
    EIGHT_GAME = "eight_game"


@dataclass(frozen=True, slots=True, kw_only=True)
class RotationEntry:
    """One entry of a rotation: a game, its betting structure and stakes (minor units)."""

    game: Game
    betting_structure: BettingStructure
    stakes: Stakes


FL, PL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT
_HORSE: Final = (
    (Game.TEXAS_HOLDEM, FL),
    (Game.OMAHA_HI_LO, FL),
    (Game.RAZZ, FL),
    (Game.SEVEN_CARD_STUD, FL),
    (Game.SEVEN_CARD_STUD_HI_LO, FL),
)
_EIGHT_GAME: Final = (
    ("deuce_to_seven_triple_draw", FL),
    (Game.TEXAS_HOLDEM, FL),
    (Game.OMAHA_HI_LO, FL),
    (Game.RAZZ, FL),
    (Game.SEVEN_CARD_STUD, FL),
    (Game.SEVEN_CARD_STUD_HI_LO, FL),
    (Game.TEXAS_HOLDEM, NL),
    (Game.OMAHA, PL),
)


def named_entries(name: NamedRotation, stakes: Stakes) -> tuple[RotationEntry, ...]:
    """The entries of a named rotation, every one with the table's ``stakes`` (the small
    and big bet of the limit games; the NL / PL games take their blinds from the same
    Stakes, per RULES.md "Stakes defaults" when left 0).

    Raises:
        InvalidArgument: ``settings.rotation.named``: 8-Game needs 2-7 Triple Draw, which
            this build does not deal.
    """
    table = _HORSE if name is NamedRotation.HORSE else _EIGHT_GAME
    out = []
    for game, structure in table:
        if not isinstance(game, Game):
            raise InvalidArgument.single(
                "settings.rotation.named",
                "",
                "8-Game needs 2-7 Triple Draw, which this build does not deal yet",
            )
        out.append(RotationEntry(game=game, betting_structure=structure, stakes=stakes))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class RotationPosition:
    """Where a rotation stands before the next hand.

    Attributes:
        entry: index of the entry the next hand deals.
        hands_left: hands left in the current orbit, the next one included (0: the next hand
            starts a fresh orbit, whose length is the players dealt in at it).
    """

    entry: int
    hands_left: int


def position_after(played: Sequence[tuple[int, int]], *, entries: int) -> RotationPosition:
    """The rotation's position after the hands ``played``.

    Raises:
        ValueError: ``entries`` < 1.

    Args:
        played: every hand dealt so far, in order: ``(entry index, players dealt in)``.
        entries: how many entries the rotation has.

    Dealer's choice: an orbit's entry is the one its first hand was dealt as (the index in
    ``played``), so an orbit's later hands keep it whatever comes next in the list.

    Returns:
        The next hand's entry (in a fixed rotation) and the hands left in its orbit: an
        entry plays as many hands as players were dealt in at its first hand (RULES.md
        "Mixed games"), then the next entry (cyclic) starts.
    """
    if entries <= 0:
        raise ValueError("a rotation has at least one entry")
    entry, left = 0, 0
    for index, dealt_in in played:
        if left == 0:  # this hand opened an orbit
            entry, left = index, dealt_in
        left -= 1
        if left == 0:
            entry = (entry + 1) % entries
    return RotationPosition(entry=entry, hands_left=left)


def unseen_button(previous: Positions | None, present: Sequence[int], size: int) -> Positions:
    """The button-game positions a stud hand of a mixed table carries (the unseen button,
    RULES.md "Mixed games"): the button moves one seat per hand through stud hands too, so
    the next button game starts where the orbit would have been.

    The unseen button moves to the first seat of ``present`` (seats that could be dealt in)
    clockwise after ``previous.button``, the small and big blind to the next two (heads-up
    the button is the small blind). Nobody posts a blind in a stud hand, so no blind is
    marked missed by it. ``previous`` ``None`` (the table's first hand): the button on the
    lowest present seat.

    Raises:
        ValueError: fewer than two seats present.
    """
    seats = sorted(present)
    if len(seats) < 2:
        raise ValueError("an unseen button needs two present seats")
    if previous is None:
        button = seats[0]
    else:
        button = next(s for s in ring_after(previous.button, size) if s in seats)
    after = [s for s in ring_after(button, size) if s in seats]
    if len(seats) == 2:
        return Positions(button, button, after[0])
    return Positions(button, after[0], after[1])
