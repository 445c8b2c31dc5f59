"""Boss Media (Opoker) XML reader: a file's text -> hands of five card draw.

Pure: takes the decoded text. Each hand is a
:class:`~floorman.domain.history.pokerstars_model.StarsHand` (the PokerStars-style model), so
the PokerStars audit reads it; beside it the reader keeps what the ``<SHOWDOWN>`` states
(:class:`BossResult`): the pot after rake, the rake and each player's win. :func:`parse_boss`
never raises on bad input: a hand it cannot read is a :class:`StarsProblem` with its line, a
hand of another game (hold'em, Omaha) a :class:`StarsUnsupported`.

The grammar (``docs/hand-history-formats.md``, "Boss"): ``<HISTORY ID GAME="GAME_FCD"
LIMIT="FL|PL|NL" STAKES="2.00/4.00" TABLECURRENCY TABLE DATE ...>`` (the Opoker ``.xml``
wraps the hands in ``<ROOT>``, the ``.txt`` export does not), ``<PLAYER NAME SEAT AMOUNT
STATE DEALER/>``, ``<ACTION TYPE="HAND_BLINDS" KIND="HAND_SB|HAND_BB|HAND_DSB|HAND_AB">``,
``HAND_ANTE``, ``HAND_DEAL`` (five ``<CARD LINK="n">``, ``b`` for a card not seen),
``ACTION_FOLD|CHECK|CALL|BET|RAISE|ALLIN`` with ``VALUE`` (a call, raise or all-in is the
street total, a bet the amount), ``HAND_BOARD POT`` (the draw), ``CHANGECARD COUNT`` (the
five cards after the draw), ``<SHOWDOWN POT RAKE>`` with ``<RESULT PLAYER WIN HAND>`` and the
cards shown (``$(STR_G_MUCK)``: mucked).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Final

from floorman.domain.cards import Card, make_card
from floorman.domain.history.amounts import parse_money
from floorman.domain.history.limits import MAX_HAND_EVENTS, text_digest
from floorman.domain.history.pokerstars_model import (
    StarsEvent,
    StarsEventKind,
    StarsFile,
    StarsHand,
    StarsProblem,
    StarsSeat,
    StarsStreet,
    StarsUnsupported,
)
from floorman.domain.history.room_text import LineIndex
from floorman.domain.model import BettingStructure, Game, Stakes

K = StarsEventKind
_HISTORY: Final = re.compile(r"<HISTORY\s(?P<attrs>[^>]*)>(?P<body>.*?)</HISTORY>", re.S)
_HISTORY_START: Final = re.compile(r"<HISTORY\s+ID=\"(?P<id>[^\"]*)\"")
_ELEMENT: Final = re.compile(
    r"<(?P<tag>PLAYER|ACTION|SHOWDOWN|RESULT)\s(?P<attrs>[^>]*?)/?>"
    r"|<CARD\s+LINK=\"(?P<card>[^\"]*)\"\s*/?>"
    r"|</(?P<end>ACTION|RESULT)>"
)
_ATTRS: Final = re.compile(r"(\w+)=\"([^\"]*)\"")
_GAMES: Final = {"GAME_FCD": Game.FIVE_CARD_DRAW}
_STRUCTURES: Final = {
    "FL": BettingStructure.FIXED_LIMIT,
    "PL": BettingStructure.POT_LIMIT,
    "NL": BettingStructure.NO_LIMIT,
}
_RANKS: Final = "A23456789TJQK"  # LINK n: rank n % 13 (ace first), suit by thirteens
_SUITS: Final = "dchs"


@dataclass(frozen=True, slots=True, kw_only=True)
class BossResult:
    """The ``<SHOWDOWN>``: the pot after rake, the rake (minor units), the line; and per
    seat the ``WIN`` and the line of its ``<RESULT>``."""

    pot: int
    rake: int
    line: int
    wins: dict[int, int]
    win_lines: dict[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class BossHand:
    """One hand: the PokerStars-style hand and its showdown statement (``None``: none)."""

    hand: StarsHand
    result: BossResult | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BossFile:
    """The hands read, the hands of other games and the problems, as in :class:`StarsFile`."""

    hands: tuple[BossHand, ...]
    unsupported: tuple[StarsUnsupported, ...]
    problems: tuple[StarsProblem, ...]

    def stars_file(self) -> StarsFile:
        """The same hands as a :class:`StarsFile` (without the showdown statements)."""
        return StarsFile(
            hands=tuple(h.hand for h in self.hands),
            unsupported=self.unsupported,
            problems=self.problems,
        )


class _Problem(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def looks_like_boss(text: str) -> bool:
    """True when ``text`` holds a Boss ``<HISTORY ID=... GAME="GAME_...">`` hand."""
    found = _HISTORY_START.search(text)
    return found is not None and 'GAME="GAME_' in text[found.start() : found.start() + 600]


def boss_card(link: str) -> Card | None:
    """A ``<CARD LINK>`` as a card: 0-12 diamonds, 13-25 clubs, 26-38 hearts, 39-51 spades,
    ace first in each; ``b``: a card not seen.

    Raises:
        ValueError: when the link is neither.
    """
    if link == "b":
        return None
    if not link.isdigit() or not 0 <= int(link) <= 51:
        raise ValueError(f"{link!r} is not a card")
    number = int(link)
    rank = "23456789TJQKA".index(_RANKS[number % 13])
    return make_card(rank, "cdhs".index(_SUITS[number // 13]))


def parse_boss(text: str) -> BossFile:
    """Read every hand of a Boss (Opoker) XML or text export.

    Returns:
        The five card draw hands in file order, the hands of other games, and one problem
        per hand that could not be read (with its line). Never raises for bad input.
    """
    lines = LineIndex(text)
    hands: list[BossHand] = []
    unsupported: list[StarsUnsupported] = []
    problems: list[StarsProblem] = []
    closed = 0
    for match in _HISTORY.finditer(text):
        closed = match.end()
        attrs = dict(_ATTRS.findall(match.group("attrs")))
        line = lines.at(match.start())
        hand_id = int(attrs["ID"]) if attrs.get("ID", "").isdigit() else 0
        game = _GAMES.get(attrs.get("GAME", ""))
        structure = _STRUCTURES.get(attrs.get("LIMIT", ""))
        if game is None or structure is None:
            name = attrs.get("GAME", "?")
            unsupported.append(StarsUnsupported(line=line, hand_id=hand_id, game_name=name))
            continue
        try:
            hands.append(_HandReader(match, attrs, lines, game, structure, hand_id).read())
        except _Problem as exc:
            problems.append(StarsProblem(line=exc.line, message=exc.message, hand_id=hand_id))
    tail = _HISTORY_START.search(text, closed)
    if tail is not None:
        problems.append(
            StarsProblem(
                line=lines.at(tail.start()),
                message="the hand ends before its </HISTORY>",
                hand_id=int(tail.group("id")) if tail.group("id").isdigit() else None,
            )
        )
    return BossFile(hands=tuple(hands), unsupported=tuple(unsupported), problems=tuple(problems))


class _HandReader:
    """Reads one ``<HISTORY>``; raises :class:`_Problem`."""

    def __init__(
        self,
        match: re.Match[str],
        attrs: dict[str, str],
        lines: LineIndex,
        game: Game,
        structure: BettingStructure,
        hand_id: int,
    ) -> None:
        self.match = match
        self.attrs = attrs
        self.lines = lines
        self.game = game
        self.structure = structure
        self.hand_id = hand_id
        self.line = lines.at(match.start())
        self.currency = attrs.get("TABLECURRENCY", "")
        tournament = attrs.get("GAMEKIND", "") == "GAMEKIND_TOURNAMENT"
        self.scale = 1 if tournament else 100
        self.events: list[StarsEvent] = []
        self.street = StarsStreet.SETUP
        self.bets: dict[int, int] = defaultdict(int)
        self.hands: dict[int, tuple[Card | None, ...]] = {}
        self.seats: list[StarsSeat] = []
        self.names: dict[str, int] = {}
        self.button = 0
        self.result: BossResult | None = None

    def money(self, text: str, line: int) -> int:
        try:
            return parse_money(text or "0", scale=self.scale)
        except ValueError as exc:
            raise _Problem(line, str(exc)) from None

    def read(self) -> BossHand:
        body, offset = self.match.group("body"), self.match.start("body")
        elements: list[tuple[str, dict[str, str], int, list[str]]] = []
        for item in _ELEMENT.finditer(body):
            line = self.lines.at(offset + item.start())
            if item.group("tag"):
                attrs = dict(_ATTRS.findall(item.group("attrs")))
                elements.append((item.group("tag"), attrs, line, []))
            elif item.group("card") is not None and elements:
                elements[-1][3].append(item.group("card"))
            if len(elements) > MAX_HAND_EVENTS:
                raise _Problem(self.line, "the hand holds too many events")
        wins: dict[int, int] = {}
        win_lines: dict[int, int] = {}
        showdown: tuple[dict[str, str], int] | None = None
        for tag, attrs, line, cards in elements:
            if tag == "PLAYER":
                self._player(attrs, line)
            elif tag == "ACTION":
                self._action(attrs, line, cards)
            elif tag == "SHOWDOWN":
                showdown = (attrs, line)
            elif tag == "RESULT":
                seat = self._seat(attrs.get("PLAYER", ""), line)
                wins[seat] = self.money(attrs.get("WIN", "0"), line)
                win_lines[seat] = line
                self._shown(seat, attrs, line, cards)
        if len(self.seats) < 2:
            raise _Problem(self.line, "fewer than two players listed")
        if showdown is not None:
            attrs, line = showdown
            self.result = BossResult(
                pot=self.money(attrs.get("POT", "0"), line),
                rake=self.money(attrs.get("RAKE", "0"), line),
                line=line,
                wins=wins,
                win_lines=win_lines,
            )
        return BossHand(hand=self._hand(), result=self.result)

    def _player(self, attrs: dict[str, str], line: int) -> None:
        state = attrs.get("STATE", "STATE_PLAYING")
        if state == "STATE_EMPTY":
            return
        name = attrs.get("NAME", "")
        seat_text = attrs.get("SEAT", "")
        if not seat_text.isdigit() or not name:
            raise _Problem(line, "a player without a name or seat number")
        seat = int(seat_text)
        self.seats.append(
            StarsSeat(
                seat=seat,
                name=name,
                stack=self.money(attrs.get("AMOUNT", "0"), line),
                sitting_out=state != "STATE_PLAYING",
            )
        )
        self.names[name] = seat
        if attrs.get("DEALER") == "Y":
            self.button = seat

    def _seat(self, name: str, line: int) -> int:
        seat = self.names.get(name)
        if seat is None:
            raise _Problem(line, f"{name!r} is not seated in this hand")
        return seat

    def _cards(self, links: list[str], line: int) -> tuple[Card | None, ...]:
        try:
            return tuple(boss_card(link) for link in links)
        except ValueError as exc:
            raise _Problem(line, str(exc)) from None

    def emit(self, kind: StarsEventKind, line: int, seat: int, **fields: object) -> None:
        self.events.append(
            StarsEvent(kind=kind, line=line, street=self.street, seat=seat, **fields)  # type: ignore[arg-type]
        )

    def _action(self, attrs: dict[str, str], line: int, links: list[str]) -> None:
        kind = attrs.get("TYPE", "")
        if kind == "HAND_BOARD":  # the draw
            self.street = StarsStreet.DRAW
            self.bets = defaultdict(int)
            return
        seat = self._seat(attrs.get("PLAYER", ""), line)
        value = self.money(attrs.get("VALUE", "0"), line)
        if kind == "HAND_DEAL":
            self.street = StarsStreet.FIRST_ROUND
            cards = self._cards(links, line)
            self.hands[seat] = cards
            self.emit(K.DEAL, line, seat, cards=cards)
        elif kind == "CHANGECARD":
            self._draw(seat, attrs, line, links)
        elif kind == "HAND_BLINDS":
            self._blind(seat, attrs.get("KIND", ""), value, line)
        elif kind == "HAND_ANTE":
            self.emit(K.ANTE, line, seat, amount=value, added=value)
        else:
            self._betting(kind, seat, value, line)

    def _blind(self, seat: int, kind: str, value: int, line: int) -> None:
        if kind == "HAND_SB":
            # Boss lists the big blind first: only a second small blind is a dead one
            dead = any(e.kind is K.SMALL_BLIND for e in self.events)
            if not dead:
                self.bets[seat] += value
            self.emit(K.SMALL_BLIND, line, seat, amount=value, added=value, dead=dead)
        elif kind == "HAND_DSB":
            self.emit(K.SMALL_BLIND, line, seat, amount=value, added=value, dead=True)
        elif kind == "HAND_BB":
            self.bets[seat] += value
            self.emit(K.BIG_BLIND, line, seat, amount=value, added=value)
        elif kind == "HAND_AB":
            self.emit(K.SMALL_AND_BIG_BLINDS, line, seat, amount=value, added=value)
        else:
            raise _Problem(line, f"a blind of kind {kind!r} is not one the reader knows")

    def _betting(self, kind: str, seat: int, value: int, line: int) -> None:
        if self.street is StarsStreet.DRAW:
            self.street = StarsStreet.SECOND_ROUND
        before = self.bets[seat]
        top = max(self.bets.values(), default=0)
        if kind == "ACTION_FOLD":
            self.emit(K.FOLD, line, seat)
        elif kind == "ACTION_CHECK":
            self.emit(K.CHECK, line, seat)
        elif kind == "ACTION_CALL":
            # the call's street total; a value that completes the bet as an increment is one
            to = before + value if before + value == top else value
            self.bets[seat] = to
            self.emit(K.CALL, line, seat, amount=to - before, added=to - before)
        elif kind == "ACTION_BET":
            self.bets[seat] = before + value
            self.emit(K.BET, line, seat, amount=value, added=value)
        elif kind in ("ACTION_RAISE", "ACTION_ALLIN"):
            all_in = kind == "ACTION_ALLIN"
            self.bets[seat] = value
            if all_in and value <= top:
                self.emit(
                    K.CALL, line, seat, amount=value - before, added=value - before, all_in=True
                )
            elif top == 0:
                self.emit(K.BET, line, seat, amount=value, added=value, all_in=all_in)
            else:
                self.emit(
                    K.RAISE,
                    line,
                    seat,
                    amount=value - before,
                    to_amount=value,
                    added=value - before,
                    all_in=all_in,
                )
        else:
            raise _Problem(line, f"action {kind!r} is not one the reader knows")

    def _draw(self, seat: int, attrs: dict[str, str], line: int, links: list[str]) -> None:
        self.street = StarsStreet.DRAW
        count_text = attrs.get("COUNT", "")
        if not count_text.isdigit():
            raise _Problem(line, "a draw without its count")
        count = int(count_text)
        after = self._cards(links, line)
        before = self.hands.get(seat, ())
        self.hands[seat] = after
        if count == 0:
            self.emit(K.STAND_PAT, line, seat)
            return
        known = None not in before and None not in after and len(after) == len(before)
        discarded = tuple(c for c in before if c not in after) if known else ()
        new = tuple(c for c in after if c not in before) if known else (None,) * count
        self.emit(K.DISCARD, line, seat, amount=count, cards=discarded)
        self.emit(K.DEAL, line, seat, cards=new)

    def _shown(self, seat: int, attrs: dict[str, str], line: int, links: list[str]) -> None:
        muck = "STR_G_MUCK" in attrs.get("HAND", "")
        if not links and not muck:
            return  # a winner without a showdown
        cards = self._cards(links, line)
        street, self.street = self.street, StarsStreet.SHOWDOWN
        self.emit(K.MUCK if muck else K.SHOW, line, seat, cards=cards)
        self.street = street

    def _posted(self, kind: StarsEventKind) -> int:
        amounts = [e.amount for e in self.events if e.kind is kind and not e.dead]
        return max(amounts, default=0)

    def _hand(self) -> StarsHand:
        small_text, _, big_text = self.attrs.get("STAKES", "").partition("/")
        small = self.money(small_text, self.line)
        big = self.money(big_text, self.line)
        fixed = self.structure is BettingStructure.FIXED_LIMIT
        stakes = Stakes(
            small_bet=small if fixed else 0,
            big_bet=big if fixed else 0,
            ante=self._posted(K.ANTE),
            small_blind=self._posted(K.SMALL_BLIND) if fixed else small,
            big_blind=self._posted(K.BIG_BLIND) if fixed else big,
            whole_unit=self.scale,
        )
        when = self.attrs.get("DATE", "")
        table = self.attrs.get("TABLE", "")
        return StarsHand(
            hand_id=self.hand_id,
            line=self.line,
            header=f"Boss Hand #{self.hand_id}: Table {table} - {when}",
            game=self.game,
            structure=self.structure,
            game_name=self.attrs.get("GAME", ""),
            mixed="",
            tournament_id=self.attrs.get("TABLETOURNEYID", "") if self.scale == 1 else "",
            currency=self.currency if self.scale == 100 else "",
            scale=self.scale,
            stakes=stakes,
            table=table,
            max_seats=0,
            button_seat=self.button,
            seats=tuple(self.seats),
            events=tuple(self.events),
            summary=None,
            last_section=StarsStreet.SHOWDOWN if self.result else self.street,
            digest=text_digest(self.match.group(0)),
        )
