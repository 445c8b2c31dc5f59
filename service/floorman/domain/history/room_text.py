"""What the room text readers (Winning, KingsClub, Absolute) share: a hand builder that
turns a room's lines, once recognised, into the PokerStars-style model
(:mod:`floorman.domain.history.pokerstars_model`).

Pure. :class:`HandBuilder` keeps the seats, the street, each seat's chips on the street and
the events (each with its line); a reader calls it line by line and raises
:class:`RoomProblem` for a line it cannot read. Amounts are minor units (``scale`` per unit).
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.history.amounts import parse_card_list, parse_money
from floorman.domain.history.limits import MAX_HAND_EVENTS, text_digest
from floorman.domain.history.pokerstars_model import (
    StarsEvent,
    StarsEventKind,
    StarsHand,
    StarsSeat,
    StarsSeatResult,
    StarsStreet,
    StarsSummary,
)
from floorman.domain.model import BettingStructure, Game, Stakes

K = StarsEventKind
STUD7_STREETS: Final = (
    StarsStreet.THIRD_STREET,
    StarsStreet.FOURTH_STREET,
    StarsStreet.FIFTH_STREET,
    StarsStreet.SIXTH_STREET,
    StarsStreet.SEVENTH_STREET,
)
STUD_GAMES: Final = {
    "stud": Game.SEVEN_CARD_STUD,
    "stud hi": Game.SEVEN_CARD_STUD,
    "stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
}


class LineIndex:
    """Offset -> 1-based line number (the XML readers keep each element's line)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)


class RoomProblem(Exception):
    """A line a room reader cannot read (``line``: 1-based)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def split_blocks(text: str, starts: object) -> list[list[tuple[int, str]]]:
    """The hands of a text: each a list of (line number, line) from a line ``starts``
    matches (a compiled pattern) up to the next one; blank lines and a BOM dropped."""
    blocks: list[list[tuple[int, str]]] = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        line = raw.replace("\ufeff", "").replace("\x00", "").rstrip()
        if starts.match(line):  # type: ignore[attr-defined]
            blocks.append([(number, line)])
        elif line and blocks:
            blocks[-1].append((number, line))
    return blocks


@dataclass(slots=True)
class HandBuilder:
    """One hand being read (see the module docstring)."""

    hand_id: int
    line: int
    header: str
    scale: int
    seats: list[StarsSeat] = field(default_factory=list)
    events: list[StarsEvent] = field(default_factory=list)
    street: StarsStreet = StarsStreet.SETUP
    bets: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    results: list[StarsSeatResult] = field(default_factory=list)
    names: list[tuple[str, int]] = field(default_factory=list)

    def money(self, text: str, line: int) -> int:
        try:
            return parse_money(text.strip(), scale=self.scale)
        except ValueError as exc:
            raise RoomProblem(line, str(exc)) from None

    @staticmethod
    def cards(text: str, line: int, unknown: tuple[str, ...] = ("X",)) -> tuple[Card | None, ...]:
        """Space-separated cards (``10d`` a ten); the ``unknown`` spellings are ``None``."""
        items = ["??" if item in unknown else item for item in text.split()]
        try:
            return parse_card_list(" ".join(items))
        except ValueError as exc:
            raise RoomProblem(line, str(exc)) from None

    def add_seat(self, seat: int, name: str, stack: int, *, sitting_out: bool = False) -> None:
        self.seats.append(StarsSeat(seat=seat, name=name, stack=stack, sitting_out=sitting_out))
        self.names = sorted(((s.name, s.seat) for s in self.seats), key=lambda p: -len(p[0]))

    def seat_of(self, name: str, line: int) -> int:
        for listed, seat in self.names:
            if listed == name:
                return seat
        raise RoomProblem(line, f"{name!r} is not seated in this hand")

    def split_name(self, text: str, separator: str) -> tuple[int, str] | None:
        """(seat, rest) when ``text`` starts with a seated name and ``separator``."""
        for name, seat in self.names:
            if text.startswith(name + separator):
                return seat, text[len(name) + len(separator) :]
        return None

    def new_street(self, street: StarsStreet) -> None:
        self.street = street
        if street not in (StarsStreet.SHOWDOWN, StarsStreet.SUMMARY):
            self.bets = defaultdict(int)

    def emit(self, kind: StarsEventKind, line: int, seat: int, **fields: object) -> None:
        if len(self.events) >= MAX_HAND_EVENTS:
            raise RoomProblem(line, "the hand holds too many events")
        self.events.append(
            StarsEvent(kind=kind, line=line, street=self.street, seat=seat, **fields)  # type: ignore[arg-type]
        )

    # -- forced bets and betting --------------------------------------------------------

    def post(self, kind: StarsEventKind, seat: int, amount: int, line: int, **flags: bool) -> None:
        """An ante, blind or bring-in (a live blind and the bring-in count as street bets)."""
        if kind is not K.ANTE and not flags.get("dead"):
            self.bets[seat] += amount
        self.emit(kind, line, seat, amount=amount, added=amount, **flags)

    def call(self, seat: int, added: int, line: int, *, all_in: bool = False) -> None:
        self.bets[seat] += added
        self.emit(K.CALL, line, seat, amount=added, added=added, all_in=all_in)

    def to_total(self, seat: int, to: int, line: int, *, all_in: bool = False) -> None:
        """A bet, raise or completion to the street total ``to`` (an all-in not passing the
        street's bet is a call)."""
        before, top = self.bets[seat], max(self.bets.values(), default=0)
        if all_in and to <= top:
            self.call(seat, to - before, line, all_in=True)
            return
        self.bets[seat] = to
        if top == 0:
            self.emit(K.BET, line, seat, amount=to - before, added=to - before, all_in=all_in)
        else:
            self.emit(
                K.RAISE,
                line,
                seat,
                amount=to - before,
                to_amount=to,
                added=to - before,
                all_in=all_in,
            )

    def adds(self, seat: int, added: int, line: int, *, all_in: bool = False) -> None:
        """A bet or raise written as the chips added."""
        self.to_total(seat, self.bets[seat] + added, line, all_in=all_in)

    # -- the end ------------------------------------------------------------------------

    def build(
        self,
        *,
        game: Game,
        structure: BettingStructure,
        game_name: str,
        stakes: Stakes,
        table: str,
        currency: str,
        digest_text: str,
        button: int = 0,
        tournament_id: str = "",
        max_seats: int = 0,
        summary: StarsSummary | None = None,
    ) -> StarsHand:
        if len(self.seats) < 2:
            raise RoomProblem(self.line, "fewer than two seats listed")
        if not self.events:
            raise RoomProblem(self.line, "the hand ends before any post, card or action")
        return StarsHand(
            hand_id=self.hand_id,
            line=self.line,
            header=self.header,
            game=game,
            structure=structure,
            game_name=game_name,
            mixed="",
            tournament_id=tournament_id,
            currency=currency,
            scale=self.scale,
            stakes=stakes,
            table=table,
            max_seats=max_seats,
            button_seat=button,
            seats=tuple(self.seats),
            events=tuple(self.events),
            summary=summary,
            last_section=StarsStreet.SHOWDOWN if summary else self.street,
            digest=text_digest(digest_text),
        )

    def posted(self, kind: StarsEventKind) -> int:
        """The largest post of ``kind`` not all in (0: none)."""
        return max((e.amount for e in self.events if e.kind is kind and not e.all_in), default=0)

    def stud_stakes(self, small_bet: int, big_bet: int) -> Stakes:
        return Stakes(
            small_bet=small_bet,
            big_bet=big_bet,
            ante=self.posted(K.ANTE),
            bring_in=self.posted(K.BRING_IN),
            whole_unit=self.scale,
        )
