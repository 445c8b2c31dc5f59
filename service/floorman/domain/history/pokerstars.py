"""PokerStars text export reader: a file's text -> hands of our games, skips, problems.

Pure: takes the decoded text (``str``), never a path. :func:`parse_file` never raises on bad
input: a hand it cannot read becomes a :class:`StarsProblem` with the line number, a hand of
another game (2-7, badugi in mixed files) a :class:`StarsUnsupported`.

Hands are blocks of lines starting with a ``PokerStars ... #N:`` header and separated by blank
lines; a UTF-8 byte-order mark and CRLF line ends are accepted. The line grammar is described
in ``../shared/corpus/hh-fpdb/README.md`` ("PokerStars text"); the classes of the result are in
:mod:`floorman.domain.history.pokerstars_model`.
"""

from __future__ import annotations

import re
from typing import Any

from floorman.domain.cards import Card
from floorman.domain.games import game_spec
from floorman.domain.history import pokerstars_lines as lines
from floorman.domain.history.amounts import parse_card_list, parse_money
from floorman.domain.history.limits import text_digest
from floorman.domain.history.pokerstars_header import HEADER, StarsHeader, parse_header
from floorman.domain.history.pokerstars_model import (
    DRAW_AFTER_ROUND,
    ROUND_AFTER_DRAW,
    StarsEvent,
    StarsEventKind,
    StarsFile,
    StarsHand,
    StarsProblem,
    StarsSeat,
    StarsSeatResult,
    StarsStreet,
    StarsSummary,
    StarsUnsupported,
)
from floorman.domain.model import BettingStructure, Stakes

__all__ = [
    "StarsEvent",
    "StarsEventKind",
    "StarsFile",
    "StarsHand",
    "StarsProblem",
    "StarsSeat",
    "StarsSeatResult",
    "StarsStreet",
    "StarsSummary",
    "StarsUnsupported",
    "parse_file",
]

_BLIND_POSTS = (
    StarsEventKind.SMALL_BLIND,
    StarsEventKind.BIG_BLIND,
    StarsEventKind.SMALL_AND_BIG_BLINDS,
)


class _Problem(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def parse_file(text: str) -> StarsFile:
    """Read every hand of a PokerStars text export.

    Args:
        text: the whole file, decoded (UTF-8, with or without a byte-order mark).

    Returns:
        The hands of the seed games in file order, the hands of other games (skipped), and
        one problem per hand or stray text that could not be read (with its line number).
        Never raises for bad input.
    """
    hands: list[StarsHand] = []
    unsupported: list[StarsUnsupported] = []
    problems: list[StarsProblem] = []
    for block in _blocks(text, problems):
        first_line, header_text = block[0]
        try:
            header = parse_header(header_text)
        except ValueError as exc:
            match = HEADER.match(header_text)
            hand_id = int(match.group("id")) if match else None
            problems.append(StarsProblem(line=first_line, message=str(exc), hand_id=hand_id))
            continue
        if header.game is None or header.structure is None:
            unsupported.append(
                StarsUnsupported(
                    line=first_line, hand_id=header.hand_id, game_name=header.game_name
                )
            )
            continue
        try:
            hands.append(_HandReader(header, block).read())
        except _Problem as exc:
            problems.append(
                StarsProblem(line=exc.line, message=exc.message, hand_id=header.hand_id)
            )
    return StarsFile(hands=tuple(hands), unsupported=tuple(unsupported), problems=tuple(problems))


def _blocks(text: str, problems: list[StarsProblem]) -> list[list[tuple[int, str]]]:
    """Split the text into hands: lists of (line number, text) starting with a header."""
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] | None = None
    stray_reported = False
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        line = raw.lstrip("\ufeff").rstrip()
        if HEADER.match(line):
            current = [(number, line)]
            blocks.append(current)
            stray_reported = False
        elif not line:
            current = None
        elif current is not None:
            current.append((number, line))
        elif not stray_reported:
            problems.append(StarsProblem(line=number, message="text outside any hand"))
            stray_reported = True
    return blocks


class _HandReader:
    """Reads one hand's lines into a :class:`StarsHand`; raises :class:`_Problem`."""

    def __init__(self, header: StarsHeader, block: list[tuple[int, str]]) -> None:
        self.header = header
        self.block = block
        self.table = ""
        self.max_seats = 0
        self.button = 0
        self.seats: list[StarsSeat] = []
        self.names: list[tuple[str, int]] = []  # longest first
        self.events: list[StarsEvent] = []
        self.street = StarsStreet.SETUP
        self.street_bets: dict[int, int] = {}
        self.summary_seats: list[StarsSeatResult] = []
        self.totals: re.Match[str] | None = None
        self.total_line = 0
        self.board: tuple[Card | None, ...] = ()

    # -- helpers ---------------------------------------------------------------------------

    def money(self, text: str, line: int) -> int:
        try:
            return parse_money(text, scale=self.header.scale)
        except ValueError as exc:
            raise _Problem(line, str(exc)) from None

    @staticmethod
    def cards(text: str | None, line: int) -> tuple[Card | None, ...]:
        if not text:
            return ()
        try:
            return parse_card_list(text)
        except ValueError as exc:
            raise _Problem(line, str(exc)) from None

    def split_name(self, text: str, separator: str) -> tuple[int, str] | None:
        """(seat, rest) when ``text`` starts with a seated name followed by ``separator``."""
        for name, seat in self.names:
            if text.startswith(name + separator):
                return seat, text[len(name) + len(separator) :]
        return None

    def emit(self, kind: StarsEventKind, line: int, **fields: Any) -> StarsEvent:
        event = StarsEvent(kind=kind, line=line, street=self.street, **fields)
        self.events.append(event)
        return event

    # -- reading ----------------------------------------------------------------------------

    def read(self) -> StarsHand:
        body = self.block[1:]
        index = self._read_table_and_seats(body)
        if len(self.seats) < 2:
            raise _Problem(self.block[0][0], "fewer than two seats listed")
        self.names = sorted(((s.name, s.seat) for s in self.seats), key=lambda p: -len(p[0]))
        for number, line in body[index:]:
            if self.street is StarsStreet.SUMMARY:
                self._summary_line(number, line)
            else:
                self._body_line(number, line)
        return self._hand()

    def _read_table_and_seats(self, body: list[tuple[int, str]]) -> int:
        index = 0
        if index < len(body) and (table := lines.TABLE.match(body[index][1])):
            self.table = table.group("table")
            self.max_seats = int(table.group("max") or 0)
            button = lines.BUTTON.search(table.group("rest"))
            self.button = int(button.group("seat")) if button else 0
            index += 1
        else:
            number = body[0][0] if body else self.block[0][0]
            raise _Problem(number, "expected the line \"Table '<name>' ...\"")
        while index < len(body) and (seat := lines.SEAT.match(body[index][1])):
            number = body[index][0]
            rest = seat.group("rest")
            self.seats.append(
                StarsSeat(
                    seat=int(seat.group("seat")),
                    name=seat.group("name"),
                    stack=self.money(seat.group("stack"), number),
                    sitting_out="sitting out" in rest or "out of hand" in rest,
                )
            )
            index += 1
        return index

    def _body_line(self, number: int, line: str) -> None:
        if marker := lines.MARKER.match(line):
            self._marker(number, marker)
            return
        if line.startswith("Dealt to "):
            self._dealt(number, line[len("Dealt to ") :])
            return
        if uncalled := lines.UNCALLED.match(line):
            seat = self._seat_named(uncalled.group("name"), number)
            amount = self.money(uncalled.group("amount"), number)
            self.emit(StarsEventKind.UNCALLED_RETURN, number, seat=seat, amount=amount)
            return
        if collected := lines.COLLECTED.match(line):
            self._collected(number, collected)
            return
        if any(p.match(line) for p in lines.NOISE[:1]):  # chat first: it may contain anything
            return
        if (split := self.split_name(line, ": ")) is not None:
            self._action(number, *split)
            return
        if any(p.match(line) for p in lines.NOISE[1:]):
            return
        raise _Problem(number, f"cannot read the line {line!r}")

    def _seat_named(self, name: str, number: int) -> int:
        for listed, seat in self.names:
            if listed == name:
                return seat
        raise _Problem(number, f"{name!r} is not seated in this hand")

    def _marker(self, number: int, marker: re.Match[str]) -> None:
        name = marker.group("name").strip().lower()
        board = self.header.game is not None and game_spec(self.header.game).has_board
        street = (lines.BOARD_STREETS.get(name) if board else None) or lines.STREETS.get(name)
        if street is None:
            raise _Problem(number, f"unknown section '*** {marker.group('name')} ***'")
        if self.street is not StarsStreet.SETUP and street not in lines.NOT_BETTING:
            self.street_bets = {}  # blinds posted in the setup count on the first street
        self.street = street
        rest = marker.group("rest")
        if rest:
            brackets = lines.BRACKETS.match(rest)
            game = self.header.game
            if brackets is None or not game or not (game.is_stud or board):
                raise _Problem(number, f"unexpected text after the section name: {rest!r}")
            cards = self.cards(brackets.group("b") or brackets.group("a"), number)
            self.emit(StarsEventKind.COMMUNITY, number, cards=cards)

    def _dealt(self, number: int, text: str) -> None:
        split = self.split_name(text, " ")
        brackets = lines.BRACKETS.match(split[1]) if split else None
        if split is None or brackets is None:
            raise _Problem(number, f"cannot read the deal 'Dealt to {text}'")
        first = self.cards(brackets.group("a"), number)
        second = brackets.group("b")
        if second is None:
            self.emit(StarsEventKind.DEAL, number, seat=split[0], cards=first)
        else:
            new = self.cards(second, number)
            self.emit(StarsEventKind.DEAL, number, seat=split[0], cards=new, previous=first)

    def _collected(self, number: int, match: re.Match[str]) -> None:
        seat = self._seat_named(match.group("name"), number)
        pot_text = match.group("pot")
        pot = int(match.group("side") or 1) if pot_text.startswith("side") else 0
        amount = self.money(match.group("amount"), number)
        self.emit(StarsEventKind.COLLECT, number, seat=seat, amount=amount, pot=pot)

    def _action(self, number: int, seat: int, text: str) -> None:
        for kind, pattern in lines.ACTIONS:
            if match := pattern.match(text):
                self._apply_action(kind, number, seat, match)
                return
        if lines.PLAYER_NOISE.match(text):
            return
        raise _Problem(number, f"cannot read the action {text!r}")

    def _apply_action(
        self, kind: StarsEventKind, number: int, seat: int, match: re.Match[str]
    ) -> None:
        groups = match.groupdict()
        if kind in lines.DRAWING and self.street in DRAW_AFTER_ROUND:
            self.street = DRAW_AFTER_ROUND[self.street]  # a draw without its section line
            self.street_bets = {}
        elif (
            kind in lines.BETTING
            and kind is not StarsEventKind.FOLD
            and (self.street in ROUND_AFTER_DRAW)
        ):  # the betting after a draw (a fold may come while the others draw)
            self.street = ROUND_AFTER_DRAW[self.street]
        amount = self.money(groups["amount"], number) if groups.get("amount") else 0
        fields: dict[str, object] = {"seat": seat, "all_in": bool(groups.get("all_in"))}
        cards = self.cards(groups.get("cards"), number)
        if kind is StarsEventKind.DISCARD:
            fields.update(amount=int(groups["count"]), cards=cards)
        elif kind is StarsEventKind.RAISE:
            to_amount = self.money(groups["to"], number)
            fields.update(amount=amount, to_amount=to_amount)
            fields["added"] = to_amount - self.street_bets.get(seat, 0)
            self.street_bets[seat] = to_amount
        elif kind is StarsEventKind.ANTE:
            fields.update(amount=amount, added=amount)
        elif kind is StarsEventKind.SMALL_AND_BIG_BLINDS:
            live = min(amount, self._big_blind())
            fields.update(amount=amount, added=amount)
            self.street_bets[seat] = self.street_bets.get(seat, 0) + live
        elif kind is StarsEventKind.SMALL_BLIND and self._blind_posted():
            fields.update(amount=amount, added=amount, dead=True)  # dead money, not a bet
        elif amount:
            fields.update(amount=amount, added=amount)
            self.street_bets[seat] = self.street_bets.get(seat, 0) + amount
        if kind is StarsEventKind.SHOW:
            fields["text"] = groups.get("text") or ""
        if kind in (StarsEventKind.SHOW, StarsEventKind.MUCK, StarsEventKind.STAND_PAT,
                    StarsEventKind.FOLD):  # fmt: skip
            fields["cards"] = cards
        self.emit(kind, number, **fields)

    def _blind_posted(self) -> bool:
        """True when a small or big blind was already posted in this hand: a small blind
        posted after it is a dead one (rooms write the live blinds first, then the posts of
        returning players; RULES.md "Five Card Draw, 7-A" Button)."""
        return any(
            event.kind in _BLIND_POSTS and event.street is StarsStreet.SETUP
            for event in self.events
        )

    def _big_blind(self) -> int:
        if self.header.structure is BettingStructure.FIXED_LIMIT:
            return self.header.small
        return self.header.big

    def _summary_line(self, number: int, line: str) -> None:
        if totals := lines.TOTAL_POT.match(line):
            self.totals, self.total_line = totals, number
            return
        if line.startswith("Board [") and line.endswith("]"):
            self.board = self.cards(line[len("Board [") : -1], number)
            return
        if seat_line := lines.SUMMARY_SEAT.match(line):
            self._summary_seat(number, int(seat_line.group("seat")), line)
            return
        raise _Problem(number, f"cannot read the summary line {line!r}")

    def _summary_seat(self, number: int, seat: int, line: str) -> None:
        name = next((s.name for s in self.seats if s.seat == seat), None)
        if name is None:
            raise _Problem(number, f"seat {seat} is not listed in this hand")
        rest = line[line.index(": ") + 2 :]
        rest = rest[len(name) :] if rest.startswith(name) else rest
        showed = lines.SHOWED.search(rest)
        mucked = lines.MUCKED.search(rest)
        self.summary_seats.append(
            StarsSeatResult(
                seat=seat,
                line=number,
                showed=self.cards(showed.group("cards"), number) if showed else (),
                mucked=self.cards(mucked.group("cards"), number) if mucked else (),
                won=sum(self.money(m.group("amount"), number) for m in lines.WON.finditer(rest)),
                folded=" folded " in f" {rest} ",
            )
        )

    # -- result -----------------------------------------------------------------------------

    def _summary(self) -> StarsSummary | None:
        if self.totals is None:
            if self.summary_seats:
                raise _Problem(self.block[-1][0], "summary without a 'Total pot' line")
            return None
        totals, number = self.totals, self.total_line
        main = totals.group("main")
        sides = sorted(
            (int(m.group("n") or 1), self.money(m.group("amount"), number))
            for m in lines.SIDE_POT.finditer(totals.group("sides"))
        )
        return StarsSummary(
            total_pot=self.money(totals.group("total"), number),
            rake=self.money(totals.group("rake"), number),
            main_pot=self.money(main, number) if main else None,
            side_pots=tuple(amount for _, amount in sides),
            board=self.board,
            seats=tuple(self.summary_seats),
        )

    def _stakes(self) -> Stakes:
        header = self.header
        posted = _posted_amounts(self.events)
        stud = header.game is not None and header.game.is_stud
        if header.structure is BettingStructure.FIXED_LIMIT or stud:
            sizes = {"small_bet": header.small, "big_bet": header.big}
            blinds = {
                "small_blind": posted.get(StarsEventKind.SMALL_BLIND, 0),
                "big_blind": posted.get(StarsEventKind.BIG_BLIND, 0),
            }
        else:
            sizes = {}
            blinds = {"small_blind": header.small, "big_blind": header.big}
        ante = posted.get(StarsEventKind.ANTE, 0)
        big_blind_ante = 0
        if header.game is not None and game_spec(header.game).has_button:  # draws too
            antes = [e for e in self.events if e.kind is StarsEventKind.ANTE]
            big_blinds = {e.seat for e in self.events if e.kind is StarsEventKind.BIG_BLIND}
            if len(antes) == 1 and antes[0].seat in big_blinds and len(self.seats) > 2:
                ante, big_blind_ante = 0, antes[0].amount  # the big blind antes for all
        return Stakes(
            **sizes,
            **blinds,
            ante=ante,
            bring_in=posted.get(StarsEventKind.BRING_IN, 0),
            whole_unit=header.scale,
            straddle=posted.get(StarsEventKind.STRADDLE, 0),
            big_blind_ante=big_blind_ante,
        )

    def _hand(self) -> StarsHand:
        header = self.header
        assert header.game is not None and header.structure is not None
        return StarsHand(
            hand_id=header.hand_id,
            line=self.block[0][0],
            header=self.block[0][1],
            game=header.game,
            structure=header.structure,
            game_name=header.game_name,
            mixed=header.mixed,
            tournament_id=header.tournament_id,
            currency=header.currency,
            scale=header.scale,
            stakes=self._stakes(),
            table=self.table,
            max_seats=self.max_seats,
            button_seat=self.button,
            seats=tuple(self.seats),
            events=tuple(self.events),
            summary=self._summary(),
            last_section=self.street,
            digest=text_digest("\n".join(text for _, text in self.block)),
        )


def _posted_amounts(events: list[StarsEvent]) -> dict[StarsEventKind, int]:
    """The largest amount posted of each forced-bet kind by a seat not going all in."""
    posted: dict[StarsEventKind, int] = {}
    kinds = (
        StarsEventKind.ANTE,
        StarsEventKind.SMALL_BLIND,
        StarsEventKind.BIG_BLIND,
        StarsEventKind.BRING_IN,
        StarsEventKind.STRADDLE,
    )
    for event in events:
        if event.kind in kinds and not event.all_in and not event.dead:
            posted[event.kind] = max(posted.get(event.kind, 0), event.amount)
    return posted
