"""iPoker XML reader: a session file's text -> hands of the seed games.

Pure: takes the decoded text (a Latin-1 / Windows-1252 file decoded by the caller). Each hand
is a :class:`~floorman.domain.history.pokerstars_model.StarsHand` (the PokerStars-style
model), so the PokerStars audit reads it; beside it the reader keeps what iPoker states in
place of a summary: each player's ``chips`` (start), ``bet`` (everything put in, an uncalled
bet included) and ``win`` (everything taken back, the uncalled bet included)
(:class:`IPokerPlayer`). :func:`parse_ipoker` never raises on bad input: a hand it cannot
read is a :class:`StarsProblem` with its line, a hand of another game a
:class:`StarsUnsupported`.

The grammar (``docs/hand-history-formats.md``, "iPoker XML"): ``<session>`` with a
``<general>`` block (``<gametype>7 Card Stud Hi-Lo L 0.05/0.10</gametype>``: game, limit,
small and big bet; no stakes for a tournament; ``<tablename>``, ``<tablecurrency>``,
``<currency>``), then ``<game gamecode="N">`` hands: ``<player seat name chips dealer win
bet/>``, ``<round no="0">`` (antes, blinds), ``<round no="2">`` .. (stud: the first street
dealt, 2nd street in five card stud, 3rd in seven card stud). A round holds ``<cards
type="Third Street" player="P">X X DA</cards>`` (suit first, ``10`` for a ten, ``X``
unknown; a shown hand's down cards are written in place) and ``<action no="k" player="P"
type="T" sum="S"/>``, grouped by player: the order of play is ``no``. Types: 0 fold,
1 small blind, 2 big blind, 3 call (chips added), 4 check, 5 bet (chips added; a stud
completion too), 7 all in (chips added), 15 ante, 16 bring-in, 23 raise (to the street
total).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Final

from floorman.domain.cards import Card, try_parse_card
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
_SESSION: Final = re.compile(r"<session\b")
_GAME: Final = re.compile(r"<game\s+gamecode=\"(?P<id>[^\"]*)\"[^>]*>(?P<body>.*?)</game>", re.S)
_GAME_START: Final = re.compile(r"<game\s+gamecode=\"(?P<id>[^\"]*)\"")
_TAG: Final = r"<{0}>\s*(?P<value>[^<]*?)\s*</{0}>"
_GAMETYPE: Final = re.compile(
    r"^(?P<game>.+?)\s+(?P<limit>L|NL|PL|SL|LZ|LP|Limit|No limit|Pot limit)"
    r"(?:\s+(?P<small>[^\s/]+)/(?P<big>[^\s/]+))?(?:\s+Ante\s+(?P<ante>\S+))?$"
)
_GAMES: Final = {
    "7 card stud": Game.SEVEN_CARD_STUD,
    "7 card stud hi-lo": Game.SEVEN_CARD_STUD_HI_LO,
    "5 card stud": Game.FIVE_CARD_STUD,
    "razz": Game.RAZZ,
}
_STRUCTURES: Final = {
    "l": BettingStructure.FIXED_LIMIT,
    "limit": BettingStructure.FIXED_LIMIT,
    "pl": BettingStructure.POT_LIMIT,
    "lp": BettingStructure.POT_LIMIT,
    "pot limit": BettingStructure.POT_LIMIT,
    "nl": BettingStructure.NO_LIMIT,
    "sl": BettingStructure.NO_LIMIT,
    "lz": BettingStructure.NO_LIMIT,
    "no limit": BettingStructure.NO_LIMIT,
}
_CURRENCY_SYMBOLS: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_STUD7: Final = {
    2: StarsStreet.THIRD_STREET,
    3: StarsStreet.FOURTH_STREET,
    4: StarsStreet.FIFTH_STREET,
    5: StarsStreet.SIXTH_STREET,
    6: StarsStreet.SEVENTH_STREET,
}
_STUD5: Final = {
    2: StarsStreet.SECOND_STREET,
    3: StarsStreet.THIRD_STREET,
    4: StarsStreet.FOURTH_STREET,
    5: StarsStreet.FIFTH_STREET,
}
_SMALL_STREETS: Final = frozenset(
    {StarsStreet.SECOND_STREET, StarsStreet.THIRD_STREET, StarsStreet.FOURTH_STREET}
)
_ATTRS: Final = re.compile(r"(\w+)=\"([^\"]*)\"")
_PLAYER: Final = re.compile(r"<player\s(?P<attrs>[^>]*?)/?>")
_ROUND: Final = re.compile(r"<round\s+no=\"(?P<no>\d+)\"[^>]*>(?P<body>.*?)</round>", re.S)
_ITEM: Final = re.compile(
    r"<cards\s(?P<cattrs>[^>]*)>(?P<cards>[^<]*)</cards>|<action\s(?P<aattrs>[^>]*?)/?>"
)
_STARTDATE: Final = re.compile(r"<startdate>\s*(?P<value>[^<]*?)\s*</startdate>")
_RANK_TEXT: Final = {"10": "T", "1": "A"}


@dataclass(frozen=True, slots=True, kw_only=True)
class IPokerPlayer:
    """A ``<player>`` line: the seat's chips at the start, everything it put in (``bet``)
    and everything it took back (``win``, a returned uncalled bet included); minor units."""

    seat: int
    name: str
    chips: int
    bet: int
    win: int
    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class IPokerHand:
    """One hand: the PokerStars-style hand and the players' stated totals."""

    hand: StarsHand
    players: tuple[IPokerPlayer, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class IPokerFile:
    """The hands read, the hands of other games and the problems, as in :class:`StarsFile`."""

    hands: tuple[IPokerHand, ...]
    unsupported: tuple[StarsUnsupported, ...]
    problems: tuple[StarsProblem, ...]

    def stars_file(self) -> StarsFile:
        """The same hands as a :class:`StarsFile` (without the players' totals)."""
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


def looks_like_ipoker(text: str) -> bool:
    """True when ``text`` is an iPoker session (a ``<session>`` with ``<game gamecode=``)."""
    return "<session" in text[:4096] and _GAME_START.search(text) is not None


def ipoker_card(text: str) -> Card | None:
    """One iPoker card (``"DA"``, ``"C10"``: suit first) as a card; ``"X"``: unknown.

    Raises:
        ValueError: when the text is not a card.
    """
    if text.upper() == "X":
        return None
    suit, rank = text[:1].lower(), _RANK_TEXT.get(text[1:], text[1:])
    card = try_parse_card(rank + suit)
    if card is None:
        raise ValueError(f"{text!r} is not a card")
    return card


def parse_ipoker(text: str) -> IPokerFile:
    """Read every hand of an iPoker session file.

    Args:
        text: the whole file, decoded.

    Returns:
        The hands of the seed games in file order, the hands of other games, and one problem
        per hand that could not be read (with its line). Never raises for bad input.
    """
    lines = LineIndex(text)
    sessions = [m.start() for m in _SESSION.finditer(text)] or [0]
    bounds = list(zip(sessions, [*sessions[1:], len(text)], strict=True))
    raw: list[_RawHand] = []
    unsupported: list[StarsUnsupported] = []
    problems: list[StarsProblem] = []
    for start, end in bounds:
        session = _Session(text, start, end)
        closed = 0
        for match in _GAME.finditer(text, start, end):
            closed = match.end()
            line = lines.at(match.start())
            hand_id = _hand_number(match.group("id"))
            if session.game is None or session.structure is None:
                unsupported.append(
                    StarsUnsupported(line=line, hand_id=hand_id, game_name=session.game_name)
                )
                continue
            try:
                raw.append(_GameReader(session, match, lines, hand_id).read())
            except _Problem as exc:
                problems.append(StarsProblem(line=exc.line, message=exc.message, hand_id=hand_id))
        tail = _GAME_START.search(text, max(closed, start), end)
        if tail is not None:
            problems.append(
                StarsProblem(
                    line=lines.at(tail.start()),
                    message="the hand ends before its </game>",
                    hand_id=_hand_number(tail.group("id")),
                )
            )
    levels = _levels(raw)
    hands = [r.build(levels) for r in raw]
    return IPokerFile(hands=tuple(hands), unsupported=tuple(unsupported), problems=tuple(problems))


def _hand_number(text: str) -> int:
    digits = re.sub(r"\D", "", text)
    return int(digits[:18]) if digits else 0


class _Session:
    """A session's ``<general>`` block: game, limit, stakes, table, currency."""

    def __init__(self, text: str, start: int, end: int) -> None:
        first_game = _GAME_START.search(text, start, end)
        head = text[start : first_game.start() if first_game else end]

        def tag(name: str) -> str:
            found = re.search(_TAG.format(name), head)
            return found.group("value") if found else ""

        self.gametype = tag("gametype")
        self.table_name = tag("tablename")
        parts = _GAMETYPE.match(self.gametype)
        self.game_name = parts.group("game") if parts else self.gametype
        self.game = _GAMES.get(self.game_name.lower()) if parts else None
        self.structure = _STRUCTURES.get(parts.group("limit").lower()) if parts else None
        self.small_text = parts.group("small") if parts else None
        self.big_text = parts.group("big") if parts else None
        self.tournament = self.small_text is None or bool(tag("tournamentname"))
        currency = tag("tablecurrency") or tag("currency")
        symbol = (self.small_text or "")[:1]
        self.currency = "" if self.tournament else _CURRENCY_SYMBOLS.get(symbol, currency)
        self.scale = 1 if self.tournament else 100
        tour = re.findall(r"\d{5,}", self.table_name)
        self.tournament_id = tour[-1] if self.tournament and tour else ""


@dataclass(slots=True)
class _RawHand:
    """A hand read, before the tournament stakes are known."""

    session: _Session
    hand_id: int
    line: int
    header: str
    digest: str
    seats: tuple[StarsSeat, ...]
    events: list[StarsEvent]
    players: tuple[IPokerPlayer, ...]
    small_bet: int
    big_bet: int
    samples: tuple[list[int], list[int]]

    def level(self) -> tuple[int, int]:
        antes = Counter(e.amount for e in self.events if e.kind is K.ANTE and not e.all_in)
        bring = [e.amount for e in self.events if e.kind is K.BRING_IN and not e.all_in]
        return (antes.most_common(1)[0][0] if antes else 0, bring[0] if bring else 0)

    def build(self, levels: dict[tuple[int, int], tuple[int, int]]) -> IPokerHand:
        small, big = self.small_bet, self.big_bet
        ante, bring_in = self.level()
        if not small:
            small, big = levels.get((ante, bring_in), (0, 0))
        if not small:  # no bet anywhere at this level: the usual stud ratio (doc'd)
            small = 4 * bring_in or 2 * ante or 2
            big = 2 * small
        session = self.session
        hand = StarsHand(
            hand_id=self.hand_id,
            line=self.line,
            header=self.header,
            game=session.game,  # type: ignore[arg-type]
            structure=session.structure,  # type: ignore[arg-type]
            game_name=session.game_name,
            mixed="",
            tournament_id=session.tournament_id,
            currency=session.currency,
            scale=session.scale,
            stakes=Stakes(
                small_bet=small,
                big_bet=big,
                ante=ante,
                bring_in=bring_in,
                whole_unit=session.scale,
            ),
            table=session.table_name,
            max_seats=0,
            button_seat=0,
            seats=self.seats,
            events=tuple(self.events),
            summary=None,
            last_section=StarsStreet.SHOWDOWN,
            digest=self.digest,
        )
        return IPokerHand(hand=hand, players=self.players)


def _levels(raw: list[_RawHand]) -> dict[tuple[int, int], tuple[int, int]]:
    """Tournament bet sizes per (ante, bring-in) level: the most common first bet of the
    small streets and of the big streets in the file's hands of that level."""
    small: dict[tuple[int, int], list[int]] = defaultdict(list)
    big: dict[tuple[int, int], list[int]] = defaultdict(list)
    for hand in raw:
        key = hand.level()
        small[key] += hand.samples[0]
        big[key] += hand.samples[1]
    out = {}
    for key in set(small) | set(big):
        s = Counter(small[key]).most_common(1)
        b = Counter(big[key]).most_common(1)
        sb = s[0][0] if s else (b[0][0] // 2 if b else 0)
        out[key] = (sb, b[0][0] if b else 2 * sb)
    return out


class _GameReader:
    """Reads one ``<game>``; raises :class:`_Problem`."""

    def __init__(self, session: _Session, match: re.Match[str], lines: LineIndex, hand_id: int):
        self.session = session
        self.match = match
        self.lines = lines
        self.hand_id = hand_id
        self.line = lines.at(match.start())
        self.scale = session.scale
        self.events: list[StarsEvent] = []
        self.samples: tuple[list[int], list[int]] = ([], [])
        self.folded: set[int] = set()
        self.cards: dict[int, list[Card | None]] = defaultdict(list)
        self.card_lines: dict[int, int] = {}

    def money(self, text: str, line: int) -> int:
        cleaned = re.sub(r"^[^\d.,]+", "", text.strip())
        try:
            return parse_money(cleaned or "0", scale=self.scale)
        except ValueError as exc:
            raise _Problem(line, str(exc)) from None

    def read(self) -> _RawHand:
        body, offset = self.match.group("body"), self.match.start("body")
        date = _STARTDATE.search(body)
        when = date.group("value").replace("-", "/") if date else ""
        players = self._players(body, offset)
        if len(players) < 2:
            raise _Problem(self.line, "fewer than two players listed")
        self.names = {p.name: p.seat for p in players}
        seats = tuple(
            StarsSeat(seat=p.seat, name=p.name, stack=p.chips, sitting_out=p.bet == 0)
            for p in players
        )
        streets = _STUD5 if self.session.game is Game.FIVE_CARD_STUD else _STUD7
        for round_match in _ROUND.finditer(body):
            number = int(round_match.group("no"))
            street = StarsStreet.SETUP if number < 2 else streets.get(number)
            if street is None:
                raise _Problem(
                    self.lines.at(offset + round_match.start()), f"unexpected round {number}"
                )
            self._round(street, round_match, offset)
            if len(self.events) > MAX_HAND_EVENTS:
                raise _Problem(self.line, "the hand holds too many events")
        self._showdown()
        small, big = 0, 0
        if self.session.small_text and self.session.big_text:
            small = self.money(self.session.small_text, self.line)
            big = self.money(self.session.big_text, self.line)
        table = self.session.table_name
        return _RawHand(
            session=self.session,
            hand_id=self.hand_id,
            line=self.line,
            header=f"iPoker Game #{self.hand_id}: Table {table} - {when}",
            digest=text_digest(self.match.group(0)),
            seats=seats,
            events=self.events,
            players=players,
            small_bet=small,
            big_bet=big,
            samples=self.samples,
        )

    def _players(self, body: str, offset: int) -> tuple[IPokerPlayer, ...]:
        out = []
        for found in _PLAYER.finditer(body):
            line = self.lines.at(offset + found.start())
            attrs = dict(_ATTRS.findall(found.group("attrs")))
            name = attrs.get("name", "")
            if not name:
                continue  # an empty seat
            try:
                seat = int(attrs.get("seat", ""))
            except ValueError:
                raise _Problem(line, f"player {name!r} has no seat number") from None
            out.append(
                IPokerPlayer(
                    seat=seat,
                    name=name,
                    chips=self.money(attrs.get("chips", "0"), line),
                    bet=self.money(attrs.get("bet", "0"), line),
                    win=self.money(attrs.get("win", "0"), line),
                    line=line,
                )
            )
        return tuple(out)

    def _seat(self, name: str, line: int) -> int:
        seat = self.names.get(name)
        if seat is None:
            raise _Problem(line, f"{name!r} is not seated in this hand")
        return seat

    def _round(self, street: StarsStreet, found: re.Match[str], offset: int) -> None:
        start = offset + found.start("body")
        actions: list[tuple[int, int, dict[str, str]]] = []
        for item in _ITEM.finditer(found.group("body")):
            line = self.lines.at(start + item.start())
            if item.group("cattrs") is not None:
                attrs = dict(_ATTRS.findall(item.group("cattrs")))
                seat = self._seat(attrs.get("player", ""), line)
                try:
                    cards = tuple(ipoker_card(c) for c in item.group("cards").split())
                except ValueError as exc:
                    raise _Problem(line, str(exc)) from None
                self.cards[seat] += cards
                self.card_lines[seat] = line
                self.events.append(
                    StarsEvent(kind=K.DEAL, line=line, street=street, seat=seat, cards=cards)
                )
                continue
            attrs = dict(_ATTRS.findall(item.group("aattrs")))
            try:
                number = int(attrs.get("no", ""))
            except ValueError:
                raise _Problem(line, "an action without its number") from None
            actions.append((number, line, attrs))
        bets: dict[int, int] = defaultdict(int)
        opened = False  # a bet or completion (not only the bring-in) was made this street
        for _, line, attrs in sorted(actions, key=lambda a: a[0]):
            opened = self._action(street, line, attrs, bets, opened)

    def _action(
        self,
        street: StarsStreet,
        line: int,
        attrs: dict[str, str],
        bets: dict[int, int],
        opened: bool,
    ) -> bool:
        seat = self._seat(attrs.get("player", ""), line)
        kind = attrs.get("type", "")
        amount = self.money(attrs.get("sum", "0"), line)
        top = max(bets.values(), default=0)

        def emit(k: StarsEventKind, **fields: object) -> None:
            self.events.append(StarsEvent(kind=k, line=line, street=street, seat=seat, **fields))  # type: ignore[arg-type]

        if kind == "15":
            emit(K.ANTE, amount=amount, added=amount)
        elif kind in ("1", "2"):
            bets[seat] += amount
            emit(K.SMALL_BLIND if kind == "1" else K.BIG_BLIND, amount=amount, added=amount)
        elif kind == "16":
            bets[seat] += amount
            emit(K.BRING_IN, amount=amount, added=amount)
        elif kind == "0":
            self.folded.add(seat)
            emit(K.FOLD)
        elif kind == "4":
            emit(K.CHECK)
        elif kind == "3":
            bets[seat] += amount
            emit(K.CALL, amount=amount, added=amount)
        elif kind in ("5", "23", "7"):
            before = bets[seat]
            to = amount if kind == "23" else before + amount
            all_in = kind == "7"
            bets[seat] = to
            if all_in and to <= top:
                emit(K.CALL, amount=to - before, added=to - before, all_in=True)
                return opened
            if not opened and not all_in:
                self.samples[0 if street in _SMALL_STREETS else 1].append(to)
            if kind == "5" and top == 0:
                emit(K.BET, amount=to - before, added=to - before, all_in=all_in)
            else:
                emit(K.RAISE, amount=to - before, to_amount=to, added=to - before, all_in=all_in)
            return True
        else:
            raise _Problem(line, f"action type {kind!r} is not one the reader knows")
        return opened

    def _showdown(self) -> None:
        """Two or more seats left at the end: each shows the cards written (every one
        known), else mucks."""
        dealt = [seat for seat in self.cards if seat not in self.folded]
        if len(dealt) < 2:
            return
        street = StarsStreet.SHOWDOWN
        for seat in sorted(dealt):
            cards = tuple(self.cards[seat])
            line = self.card_lines[seat]
            if cards and None not in cards:
                self.events.append(
                    StarsEvent(kind=K.SHOW, line=line, street=street, seat=seat, cards=cards)
                )
            else:
                self.events.append(StarsEvent(kind=K.MUCK, line=line, street=street, seat=seat))
