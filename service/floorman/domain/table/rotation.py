"""Mixed-game rotations (RULES.md "Mixed games"): which game a mixed table deals next.

A rotation is a list of entries (game, betting structure, stakes); each entry plays one
orbit: as many hands as players are dealt in at its first hand. Named rotations: HORSE and
8-Game. Pure: the orbit bookkeeping is computed from the hands already dealt (each hand's
entry index and players dealt in), so it is rebuilt from the table log like everything else.

A table's :class:`~floorman.domain.table.settings.Rotation` (in its settings) lists the
entries; :func:`next_entry` picks the next hand's entry (a dealer's choice at an orbit's
first hand) and refuses a hand started as another game (``rotation.game``);
:func:`advance` is the orbit bookkeeping one hand at a time (the table fold keeps the
position after every hand in its HandStarted event). docs/rules.md "Mixed games".
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.games import game_spec
from floorman.domain.model import BettingStructure, Game, Stakes
from floorman.domain.table.placement import Positions, ring_after
from floorman.domain.table.settings import MAX_MIXED_SEATS, Rotation, RotationEntry

__all__ = [
    "MAX_MIXED_SEATS",
    "NO_CHOICE",
    "ROTATION_GAME",
    "START",
    "Choice",
    "NamedRotation",
    "RotationEntry",
    "RotationPosition",
    "advance",
    "entry_stakes",
    "named_entries",
    "named_rotation",
    "next_entry",
    "position_after",
    "unseen_button",
]

ROTATION_GAME: Final = "rotation.game"
"""RULES.md: a hand dealt as another game than the table's rotation names next."""


class NamedRotation(enum.Enum):
    """The rotations RULES.md names."""

    HORSE = "horse"
    EIGHT_GAME = "eight_game"


FL, PL, NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT
_HORSE: Final = (
    (Game.TEXAS_HOLDEM, FL),
    (Game.OMAHA_HI_LO, FL),
    (Game.RAZZ, FL),
    (Game.SEVEN_CARD_STUD, FL),
    (Game.SEVEN_CARD_STUD_HI_LO, FL),
)
_EIGHT_GAME: Final = (
    (Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, FL),
    (Game.TEXAS_HOLDEM, FL),
    (Game.OMAHA_HI_LO, FL),
    (Game.RAZZ, FL),
    (Game.SEVEN_CARD_STUD, FL),
    (Game.SEVEN_CARD_STUD_HI_LO, FL),
    (Game.TEXAS_HOLDEM, NL),
    (Game.OMAHA, PL),
)


def entry_stakes(game: Game, stakes: Stakes) -> Stakes:
    """The part of a mixed table's ``stakes`` an entry of ``game`` plays with (docs/rules.md
    "Mixed games"): the stud games take the antes and the bring-in, the button games the
    blinds (and the board games the straddle and the big-blind ante); every game the small
    and big bet and the rounding units. So one Stakes serves a whole HORSE table: its ante is
    the stud games', never a Hold'em ante."""
    spec = game_spec(game)
    blinds, antes = {"small_blind": 0, "big_blind": 0}, {"ante": 0, "bring_in": 0}
    cleared = blinds if spec.is_stud else antes
    if not spec.has_board:
        cleared |= {"straddle": 0, "big_blind_ante": 0}
    return replace(stakes, **cleared)


def named_entries(name: NamedRotation, stakes: Stakes) -> tuple[RotationEntry, ...]:
    """The entries of a named rotation, every one with the table's ``stakes`` as
    :func:`entry_stakes` splits them (the small and big bet of the limit games; the NL / PL
    games take their blinds from the same Stakes, per RULES.md "Stakes defaults" when left
    0; the stud games the ante and bring-in).

    8-Game's 2-7 Triple Draw seats at most 6, so an 8-Game table does too.
    """
    table = _HORSE if name is NamedRotation.HORSE else _EIGHT_GAME
    return tuple(
        RotationEntry(
            game=game,
            betting_structure=structure,
            stakes=entry_stakes(game, stakes),
            table_stakes=True,
        )
        for game, structure in table
    )


def named_rotation(
    name: NamedRotation, stakes: Stakes, *, dealers_choice: bool = False
) -> Rotation:
    """A table's :class:`Rotation` of the named entries (see :func:`named_entries`)."""
    return Rotation(
        entries=named_entries(name, stakes), named=name.value, dealers_choice=dealers_choice
    )


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


START: Final = RotationPosition(entry=0, hands_left=0)
"""A rotation before its first hand: the first entry opens an orbit."""


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
    position = RotationPosition(entry=0, hands_left=0)
    for index, dealt_in in played:
        position = advance(position, entry=index, dealt_in=dealt_in, entries=entries)
    return position


def advance(
    position: RotationPosition, *, entry: int, dealt_in: int, entries: int
) -> RotationPosition:
    """The position after one more hand, dealt as ``entry`` with ``dealt_in`` players
    (:func:`position_after` one hand at a time).

    A hand dealt when ``position.hands_left`` is 0 opens an orbit of ``dealt_in`` hands (its
    entry is the one it was dealt as: a dealer's choice); the hand after an orbit's last
    deals the next entry, cyclic.
    """
    current, left = position.entry, position.hands_left
    if left == 0:  # this hand opens an orbit
        current, left = entry, dealt_in
    left -= 1
    if left <= 0:
        return RotationPosition(entry=(current + 1) % entries, hands_left=0)
    return RotationPosition(entry=current, hands_left=left)


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice:
    """What a StartHand says of the hand it starts (every part optional).

    Attributes:
        entry: the rotation entry, numbered from 1 (0: not named). At a dealer's choice
            table it is the button's choice when the hand opens an orbit.
        game / betting_structure: the game the dealer deals (a recorded table names it);
            ``None``: not named. At a dealer's choice table opening an orbit without an
            ``entry``, the first entry of the list with this game (and structure) is chosen.
    """

    entry: int = 0
    game: Game | None = None
    betting_structure: BettingStructure | None = None

    @property
    def empty(self) -> bool:
        """True when the StartHand names nothing."""
        return not self.entry and self.game is None and self.betting_structure is None


NO_CHOICE: Final = Choice()


def _matches(entry: RotationEntry, choice: Choice) -> bool:
    return (choice.game is None or choice.game is entry.game) and (
        choice.betting_structure is None or choice.betting_structure is entry.betting_structure
    )


def _named(choice: Choice) -> str:
    parts = [f"entry {choice.entry}"] if choice.entry else []
    if choice.game is not None:
        parts.append(choice.game.value)
    if choice.betting_structure is not None:
        parts.append(choice.betting_structure.value)
    return " ".join(parts)


def _entry_text(index: int, entry: RotationEntry) -> str:
    return f"entry {index + 1} ({entry.game.value} {entry.betting_structure.value})"


def next_entry(rotation: Rotation, position: RotationPosition, choice: Choice = NO_CHOICE) -> int:
    """The index of the entry the next hand deals (docs/rules.md "Mixed games").

    A fixed rotation (and a dealer's choice orbit after its first hand) deals
    ``position.entry``; a StartHand naming another entry or game is refused. At a dealer's
    choice table a hand opening an orbit deals the entry the choice names (``entry``, else
    the first entry with its game and structure), or ``position.entry`` (the next in the
    list) when the choice names nothing.

    Raises:
        InvalidArgument: ``rotation_entry`` outside 1..len(entries).
        RuleViolation: ``rotation.game`` (FAILED_PRECONDITION): the choice names another
            entry or game than the rotation deals next, or (dealer's choice) a game the list
            does not hold, or an entry whose game is not the game named.
    """
    entries = rotation.entries
    if not 0 <= choice.entry <= len(entries):
        raise InvalidArgument.single(
            "rotation_entry", "", f"the rotation has entries 1 to {len(entries)}"
        )
    expected = position.entry
    if rotation.dealers_choice and position.hands_left == 0:
        if choice.entry:
            index = choice.entry - 1
        else:
            index = next(
                (i for i, e in enumerate(entries) if _matches(e, choice)),
                -1,
            )
            if index < 0:
                raise RuleViolation(
                    ROTATION_GAME,
                    f"the table's list has no {_named(choice)} to choose",
                    expected="an entry of the list",
                    actual=_named(choice),
                )
            if choice.empty:
                index = expected
        if not _matches(entries[index], choice):
            raise RuleViolation(
                ROTATION_GAME,
                f"{_entry_text(index, entries[index])} is not {_named(choice)}",
                expected=_entry_text(index, entries[index]),
                actual=_named(choice),
            )
        return index
    chosen = entries[expected]
    if (choice.entry and choice.entry - 1 != expected) or not _matches(chosen, choice):
        what = "this orbit deals" if position.hands_left else "the rotation deals next"
        raise RuleViolation(
            ROTATION_GAME,
            f"{what} {_entry_text(expected, chosen)}, not {_named(choice)}",
            expected=_entry_text(expected, chosen),
            actual=_named(choice),
        )
    return expected


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
