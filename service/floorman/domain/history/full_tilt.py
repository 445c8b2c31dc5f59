"""Full Tilt Poker text export reader: a file's text -> hands of the games floorman plays.

Pure: takes the decoded text (UTF-16 files must be decoded by the caller). The result uses
the PokerStars-style model of :mod:`floorman.domain.history.pokerstars_model`
(:class:`StarsFile`, :class:`StarsHand`, :class:`StarsEvent`), so everything that reads
PokerStars hands reads Full Tilt hands too. :func:`parse_full_tilt` never raises on bad input:
a hand it cannot read is a :class:`StarsProblem` with the line, a hand of another game
(2-7, badugi in mixed files) a :class:`StarsUnsupported`.

The line grammar (``../shared/corpus/hh-fpdb/README.md``, "Full Tilt text"): a header
``Full Tilt Poker Game #N: Table T - $3/$6 Ante $0.50 - Limit Stud Hi - time``; seats
``Seat 1: name ($31)``; ``antes``, ``posts the small blind of``, ``posts the big blind of``,
``posts a dead small blind of``, ``posts X`` (a newcomer's big blind); sections ``*** HOLE
CARDS ***`` / ``*** 3RD STREET ***`` .. ``*** 7TH STREET ***`` / ``*** 2ND STREET ***`` ..
``*** 5TH STREET ***`` / ``*** DRAW ***`` / ``*** SHOW DOWN ***`` / ``*** SUMMARY ***``;
``brings in for``, ``completes it to``, ``bets``, ``calls``, ``raises to``, ``..., and is
all in``; ``discards N cards [..]``, ``stands pat``, ``is dealt N cards``; ``shows [..]``,
``mucks``; ``wins the [high |low ][main |side ]pot (X)``; ``Uncalled bet of X returned to``;
the summary's ``Total pot X [Main pot M. Side pot S.] | Rake R`` and seat lines.
"""

from __future__ import annotations

import re
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.currency import CODES_BY_SYMBOL, default_minor_units
from floorman.domain.games import game_spec
from floorman.domain.history.amounts import parse_card_list, parse_money
from floorman.domain.history.limits import text_digest
from floorman.domain.history.pokerstars_lines import (  # the summary grammar both rooms share
    AMT,
    MARKER,
    MUCKED,
    SHOWED,
    SIDE_POT,
    SUMMARY_SEAT,
    TOTAL_POT,
    WON,
)
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
from floorman.domain.model import BettingStructure, Game, Stakes

K = StarsEventKind
HEADER: Final = re.compile(r"^Full Tilt Poker Game #(?P<id>\d+):\s*(?P<rest>.*)$")
_HEADER_PARTS: Final = re.compile(
    r"^(?P<where>.*?) - (?P<small>[^\s/]+)/(?P<big>[^\s/]+)(?: Ante (?P<ante>\S+))?"
    r" - (?P<limit>Limit|Pot Limit|No Limit) (?P<game>.+?) - (?P<time>.*)$"
)
_GAMES: Final = {
    "stud hi": Game.SEVEN_CARD_STUD,
    "stud h/l": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
    "5 card draw": Game.FIVE_CARD_DRAW,
    "5 card stud": Game.FIVE_CARD_STUD,
    "hold'em": Game.TEXAS_HOLDEM,
    "omaha": Game.OMAHA,
    "omaha hi": Game.OMAHA,
    "omaha h/l": Game.OMAHA_HI_LO,
    "5 card omaha": Game.FIVE_CARD_OMAHA,
    "5 card omaha h/l": Game.FIVE_CARD_OMAHA_HI_LO,
    "2-7 single draw": Game.DEUCE_TO_SEVEN_SINGLE_DRAW,
    "2-7 triple draw": Game.DEUCE_TO_SEVEN_TRIPLE_DRAW,
    "a-5 triple draw": Game.ACE_TO_FIVE_TRIPLE_DRAW,
    "badugi": Game.BADUGI,
}
_STRUCTURES: Final = {
    "limit": BettingStructure.FIXED_LIMIT,
    "pot limit": BettingStructure.POT_LIMIT,
    "no limit": BettingStructure.NO_LIMIT,
}
_SEAT: Final = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMT})\)(?P<rest>.*)$")
_STREETS: Final = {
    "hole cards": StarsStreet.FIRST_ROUND,
    "draw": StarsStreet.DRAW,
    "first draw": StarsStreet.DRAW,
    "second draw": StarsStreet.SECOND_DRAW,
    "third draw": StarsStreet.THIRD_DRAW,
    "2nd street": StarsStreet.SECOND_STREET,
    "3rd street": StarsStreet.THIRD_STREET,
    "4th street": StarsStreet.FOURTH_STREET,
    "5th street": StarsStreet.FIFTH_STREET,
    "6th street": StarsStreet.SIXTH_STREET,
    "7th street": StarsStreet.SEVENTH_STREET,
    "show down": StarsStreet.SHOWDOWN,
    "summary": StarsStreet.SUMMARY,
}
_BOARD_STREETS: Final = {
    "hole cards": StarsStreet.PRE_FLOP,
    "flop": StarsStreet.FLOP,
    "turn": StarsStreet.TURN,
    "river": StarsStreet.RIVER,
}
"""The community-card games' sections: ``*** FLOP *** [Tc Th 7h]``, ``*** TURN *** [Tc Th
7h] [4c]`` (the board so far, then the new card), ``*** RIVER *** [..] [..]``; text after
the brackets (``(Total Pot: ...)``) is ignored, as after the other sections."""
_BOARD_CARDS: Final = re.compile(r"^\[(?P<a>[^\]]*)\](?:\s+\[(?P<b>[^\]]*)\])?")
_ALL_IN: Final = r"(?P<all_in>,? and is all in)?"
_ACTIONS: Final = (
    (K.ANTE, re.compile(rf"^antes (?P<amount>{AMT}){_ALL_IN}$")),
    (K.SMALL_BLIND, re.compile(rf"^posts the small blind of (?P<amount>{AMT}){_ALL_IN}$")),
    (K.BIG_BLIND, re.compile(rf"^posts the big blind of (?P<amount>{AMT}){_ALL_IN}$")),
    (K.BIG_BLIND, re.compile(rf"^posts (?P<amount>{AMT}){_ALL_IN}$")),
    (K.BRING_IN, re.compile(rf"^brings in for (?P<amount>{AMT}){_ALL_IN}$")),
    (K.BET, re.compile(rf"^bets (?P<amount>{AMT}){_ALL_IN}$")),
    (K.CALL, re.compile(rf"^calls (?P<amount>{AMT}){_ALL_IN}$")),
    (K.RAISE, re.compile(rf"^(?:raises|completes it) to (?P<to>{AMT}){_ALL_IN}$")),
    (K.CHECK, re.compile(r"^checks$")),
    (K.FOLD, re.compile(r"^folds$")),
    (K.DISCARD, re.compile(r"^discards (?P<count>\d+) cards?(?: \[(?P<cards>[^\]]*)\])?$")),
    (K.STAND_PAT, re.compile(r"^stands pat(?: on \[(?P<cards>[^\]]*)\])?$")),
    (K.DEAL, re.compile(r"^is dealt (?P<count>\d+) cards?$")),
    (K.SHOW, re.compile(r"^shows \[(?P<cards>[^\]]*)\](?: (?P<text>.*))?$")),
    (K.MUCK, re.compile(r"^mucks$")),
)
_DEAD_SMALL: Final = re.compile(rf"^posts a dead small blind of (?P<amount>{AMT}){_ALL_IN}$")
_WINS: Final = re.compile(
    rf"^wins the (?:(?:high|low) )?(?P<pot>main pot|side pot|pot) \((?P<amount>{AMT})\)"
)
_UNCALLED: Final = re.compile(rf"^Uncalled bet of (?P<amount>{AMT}) returned to (?P<name>.+)$")
_BUTTON: Final = re.compile(r"^The button is in seat #(?P<seat>\d+)$")
_PLAYER_NOISE: Final = re.compile(
    r"^(?:is (?:low|high) with \[[^\]]*\]|has \d+ seconds left to act|has been disconnected"
    r"|has reconnected|is sitting out|sits down|stands up|has returned|has requested TIME"
    rf"|is feeling \w+|has timed out|adds {AMT}|shows(?: .*)?|mucks .*)$"
)
_NOISE: Final = re.compile(
    r"^(?:\d+ seconds left to act|No low hand qualified|Board: \[.*\]"
    r"|.+ (?:sits down|stands up|has been disconnected|has reconnected|is sitting out"
    rf"|has returned|has timed out|has requested TIME|adds {AMT}|is feeling \w+))$"
)


class _Problem(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def looks_like_full_tilt(text: str) -> bool:
    """True when a line of ``text`` is a Full Tilt hand header."""
    return any(HEADER.match(line.lstrip("\ufeff")) for line in text.splitlines()[:50])


def parse_full_tilt(text: str) -> StarsFile:
    """Read every hand of a Full Tilt text export.

    Args:
        text: the whole file, decoded (a UTF-16 or UTF-8 byte-order mark already removed or
            kept as ``\\ufeff``; CRLF accepted).

    Returns:
        The hands of the seed games in file order, the hands of other games, and one problem
        per hand that could not be read (with its line number). Never raises for bad input.
    """
    hands: list[StarsHand] = []
    unsupported: list[StarsUnsupported] = []
    problems: list[StarsProblem] = []
    for block in _blocks(text, problems):
        first_line, header_text = block[0]
        hand_id = int(HEADER.match(header_text).group("id"))  # type: ignore[union-attr]
        try:
            reader = _HandReader(block)
            if reader.game is None or reader.structure is None:
                unsupported.append(
                    StarsUnsupported(line=first_line, hand_id=hand_id, game_name=reader.game_name)
                )
                continue
            hands.append(reader.read())
        except _Problem as exc:
            problems.append(StarsProblem(line=exc.line, message=exc.message, hand_id=hand_id))
    return StarsFile(hands=tuple(hands), unsupported=tuple(unsupported), problems=tuple(problems))


def _blocks(text: str, problems: list[StarsProblem]) -> list[list[tuple[int, str]]]:
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] | None = None
    stray = False
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        line = raw.replace("\ufeff", "").replace("\x00", "").rstrip()
        if HEADER.match(line):
            current = [(number, line)]
            blocks.append(current)
            stray = False
        elif not line:
            current = None if current is None or len(current) > 1 else current
        elif current is not None:
            current.append((number, line))
        elif not stray:
            problems.append(StarsProblem(line=number, message="text outside any hand"))
            stray = True
    return blocks


class _HandReader:
    """Reads one hand's lines; raises :class:`_Problem`."""

    def __init__(self, block: list[tuple[int, str]]) -> None:
        self.block = block
        number, header = block[0]
        match = HEADER.match(header)
        assert match is not None
        self.hand_id = int(match.group("id"))
        parts = _HEADER_PARTS.match(match.group("rest"))
        if parts is None:
            raise _Problem(number, "cannot read the Full Tilt header (stakes, limit, game)")
        self.game_name = parts.group("game").strip()
        self.game = _GAMES.get(self.game_name.lower())
        self.structure = _STRUCTURES.get(parts.group("limit").lower())
        small_text, big_text = parts.group("small"), parts.group("big")
        self.currency = CODES_BY_SYMBOL.get(small_text[0], "")
        self.scale = default_minor_units(self.currency) if self.currency else 1
        self.small = self.money(small_text, number)
        self.big = self.money(big_text, number)
        self.header_ante = self.money(parts.group("ante"), number) if parts.group("ante") else 0
        where = parts.group("where")
        table = re.search(r"Table (?P<name>.+?)(?: \((?P<max>\d+) max\))?$", where)
        self.table = table.group("name") if table else where
        self.max_seats = int(table.group("max")) if table and table.group("max") else 0
        tournament = re.search(r"\((?P<id>\d+)\)", where.split("Table")[0])
        self.tournament_id = tournament.group("id") if tournament and "Table" in where else ""
        self.seats: list[StarsSeat] = []
        self.names: list[tuple[str, int]] = []
        self.events: list[StarsEvent] = []
        self.street = StarsStreet.SETUP
        self.street_bets: dict[int, int] = {}
        self.button = 0
        self.dead_small: dict[int, int] = {}
        self.summary_seats: list[StarsSeatResult] = []
        self.totals: re.Match[str] | None = None
        self.total_line = 0
        self.board: tuple[Card | None, ...] = ()

    def money(self, text: str, line: int) -> int:
        try:
            return parse_money(text, scale=self.scale)
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

    def emit(self, kind: StarsEventKind, line: int, **fields: object) -> None:
        self.events.append(StarsEvent(kind=kind, line=line, street=self.street, **fields))  # type: ignore[arg-type]

    def split_name(self, text: str, separator: str) -> tuple[int, str] | None:
        for name, seat in self.names:
            if text.startswith(name + separator):
                return seat, text[len(name) + len(separator) :]
        return None

    def read(self) -> StarsHand:
        body = self.block[1:]
        index = 0
        while index < len(body) and (seat := _SEAT.match(body[index][1])):
            number = body[index][0]
            self.seats.append(
                StarsSeat(
                    seat=int(seat.group("seat")),
                    name=seat.group("name"),
                    stack=self.money(seat.group("stack"), number),
                    sitting_out="sitting out" in seat.group("rest"),
                )
            )
            index += 1
        if len(self.seats) < 2:
            raise _Problem(self.block[0][0], "fewer than two seats listed")
        self.names = sorted(((s.name, s.seat) for s in self.seats), key=lambda p: -len(p[0]))
        for number, line in body[index:]:
            if self.street is StarsStreet.SUMMARY:
                self._summary_line(number, line)
            else:
                self._body_line(number, line)
        return self._hand()

    def _body_line(self, number: int, line: str) -> None:
        if marker := MARKER.match(line):
            name = marker.group("name").strip().lower()
            board = self.game is not None and game_spec(self.game).has_board
            street = (_BOARD_STREETS.get(name) if board else None) or _STREETS.get(name)
            if street is None:
                raise _Problem(number, f"unknown section '*** {marker.group('name')} ***'")
            if self.street is not StarsStreet.SETUP and street not in (
                StarsStreet.SHOWDOWN,
                StarsStreet.SUMMARY,
            ):
                self.street_bets = {}
            self.street = street
            rest = marker.group("rest")
            if rest and board and (cards := _BOARD_CARDS.match(rest)):
                new = self.cards(cards.group("b") or cards.group("a"), number)
                self.emit(K.COMMUNITY, number, cards=new)
            return
        if button := _BUTTON.match(line):
            self.button = int(button.group("seat"))
            return
        if line.startswith("Dealt to "):
            self._dealt(number, line[len("Dealt to ") :])
            return
        if uncalled := _UNCALLED.match(line):
            seat = self._seat_named(uncalled.group("name"), number)
            amount = self.money(uncalled.group("amount"), number)
            self.emit(K.UNCALLED_RETURN, number, seat=seat, amount=amount)
            return
        if self.split_name(line, ": ") is not None:
            return  # chat
        split = self.split_name(line, " ")
        if split is not None:
            self._action(number, *split)
            return
        if _NOISE.match(line):
            return
        raise _Problem(number, f"cannot read the line {line!r}")

    def _seat_named(self, name: str, number: int) -> int:
        for listed, seat in self.names:
            if listed == name:
                return seat
        raise _Problem(number, f"{name!r} is not seated in this hand")

    def _dealt(self, number: int, text: str) -> None:
        split = self.split_name(text, " ")
        brackets = (
            re.match(r"^\[(?P<a>[^\]]*)\](?:\s+\[(?P<b>[^\]]*)\])?$", split[1]) if split else None
        )
        if split is None or brackets is None:
            raise _Problem(number, f"cannot read the deal 'Dealt to {text}'")
        first = self.cards(brackets.group("a"), number)
        second = brackets.group("b")
        if second is None:
            self.emit(K.DEAL, number, seat=split[0], cards=first)
        else:
            new = self.cards(second, number)
            self.emit(K.DEAL, number, seat=split[0], cards=new, previous=first)

    def _action(self, number: int, seat: int, text: str) -> None:
        if wins := _WINS.match(text):
            pot = 1 if wins.group("pot") == "side pot" else 0
            amount = self.money(wins.group("amount"), number)
            self.emit(K.COLLECT, number, seat=seat, amount=amount, pot=pot)
            return
        if dead := _DEAD_SMALL.match(text):
            self.dead_small[seat] = self.money(dead.group("amount"), number)
            return
        for kind, pattern in _ACTIONS:
            if match := pattern.match(text):
                self._apply(kind, number, seat, match)
                return
        if _PLAYER_NOISE.match(text):
            return
        raise _Problem(number, f"cannot read the action {text!r}")

    def _apply(self, kind: StarsEventKind, number: int, seat: int, match: re.Match[str]) -> None:
        groups = match.groupdict()
        if kind is K.BIG_BLIND and seat in self.dead_small:
            # "posts a dead small blind of X" then "posts Y": one dead small and live big blind
            amount = self.dead_small.pop(seat) + self.money(groups["amount"], number)
            self.emit(
                K.SMALL_AND_BIG_BLINDS,
                number,
                seat=seat,
                amount=amount,
                added=amount,
                all_in=bool(groups.get("all_in")),
            )
            return
        if kind in (K.DISCARD, K.STAND_PAT) and self.street in DRAW_AFTER_ROUND:
            self.street = DRAW_AFTER_ROUND[self.street]  # a draw without its section line
            self.street_bets = {}
        elif kind in (K.BET, K.CALL, K.RAISE, K.CHECK) and self.street in ROUND_AFTER_DRAW:
            self.street = ROUND_AFTER_DRAW[self.street]  # the betting after a draw (a fold
            # may come while the others draw)
        all_in = bool(groups.get("all_in"))
        cards = self.cards(groups.get("cards"), number)
        if kind is K.DISCARD:
            self.emit(kind, number, seat=seat, amount=int(groups["count"]), cards=cards)
        elif kind is K.DEAL:
            self.emit(kind, number, seat=seat, cards=(None,) * int(groups["count"]))
        elif kind is K.RAISE:
            to = self.money(groups["to"], number)
            before = self.street_bets.get(seat, 0)
            self.street_bets[seat] = to
            self.emit(
                kind,
                number,
                seat=seat,
                amount=to - before,
                to_amount=to,
                added=to - before,
                all_in=all_in,
            )
        elif groups.get("amount"):
            amount = self.money(groups["amount"], number)
            if kind is not K.ANTE:
                self.street_bets[seat] = self.street_bets.get(seat, 0) + amount
            self.emit(kind, number, seat=seat, amount=amount, added=amount, all_in=all_in)
        elif kind is K.SHOW:
            self.emit(kind, number, seat=seat, cards=cards, text=groups.get("text") or "")
        else:
            self.emit(kind, number, seat=seat, cards=cards, all_in=all_in)

    def _summary_line(self, number: int, line: str) -> None:
        if totals := TOTAL_POT.match(line):
            self.totals, self.total_line = totals, number
            return
        if line.startswith("Board: [") and line.endswith("]"):
            self.board = self.cards(line[len("Board: [") : -1], number)
            return
        if line.startswith("Board:"):
            return
        if seat_line := SUMMARY_SEAT.match(line):
            seat = int(seat_line.group("seat"))
            rest = seat_line.group("rest")
            showed = SHOWED.search(rest)
            mucked = MUCKED.search(rest)
            self.summary_seats.append(
                StarsSeatResult(
                    seat=seat,
                    line=number,
                    showed=self.cards(showed.group("cards"), number) if showed else (),
                    mucked=self.cards(mucked.group("cards"), number) if mucked else (),
                    won=sum(self.money(m.group("amount"), number) for m in WON.finditer(rest)),
                    folded=" folded " in f" {rest} ",
                )
            )
            return
        raise _Problem(number, f"cannot read the summary line {line!r}")

    def _summary(self) -> StarsSummary | None:
        if self.totals is None:
            return None
        totals, number = self.totals, self.total_line
        main = totals.group("main")
        return StarsSummary(
            total_pot=self.money(totals.group("total"), number),
            rake=self.money(totals.group("rake"), number),
            main_pot=self.money(main, number) if main else None,
            side_pots=tuple(
                self.money(m.group("amount"), number)
                for m in SIDE_POT.finditer(totals.group("sides"))
            ),
            board=self.board,
            seats=tuple(self.summary_seats),
        )

    def _posted(self, kind: StarsEventKind) -> int:
        amounts = [e.amount for e in self.events if e.kind is kind and not e.all_in]
        return max(amounts, default=0)

    def _hand(self) -> StarsHand:
        assert self.game is not None and self.structure is not None
        fixed = self.structure is BettingStructure.FIXED_LIMIT or self.game.is_stud
        stakes = Stakes(
            small_bet=self.small if fixed else 0,
            big_bet=self.big if fixed else 0,
            ante=self.header_ante or self._posted(K.ANTE),
            bring_in=self._posted(K.BRING_IN),
            small_blind=self._posted(K.SMALL_BLIND) if fixed else self.small,
            big_blind=self._posted(K.BIG_BLIND) if fixed else self.big,
            whole_unit=self.scale,
        )
        return StarsHand(
            hand_id=self.hand_id,
            line=self.block[0][0],
            header=self.block[0][1],
            game=self.game,
            structure=self.structure,
            game_name=self.game_name,
            mixed="",
            tournament_id=self.tournament_id,
            currency=self.currency,
            scale=self.scale,
            stakes=stakes,
            table=self.table,
            max_seats=self.max_seats,
            button_seat=self.button,
            seats=tuple(self.seats),
            events=tuple(self.events),
            summary=self._summary(),
            digest=text_digest("\n".join(text for _, text in self.block)),
        )
