"""Merge Network (Carbon Poker) XML reader: a file's text -> hands of the seed games.

Pure: takes the decoded text. The result uses the PokerStars-style model
(:mod:`floorman.domain.history.pokerstars_model`), so the PokerStars mapping and audit read
it. :func:`parse_merge` never raises on bad input. Every element stands on its own line, so
the reader reads line by line and each event keeps its line.

The grammar (docs/hand-history-formats.md, "Merge XML"): ``<description type=".."
stakes="Limit $0.50/$1"/>`` before the hands it describes; ``<game id="T-N" gametype=".."
[multigametype=".."] realmoney=".." data="date|table|..|id|tournament">``; ``<players
dealer="S">`` and ``<player seat="S" nickname=".." balance=".." dealtin=".."/>`` (seats
count from 0: floorman's seat is one more); ``<round id="BLINDS|BRING_IN|THIRD_STREET|..|
PRE_FIRST_DRAW|FIRST_DRAW|POST_FIRST_DRAW|SHOWDOWN|END_OF_GAME">`` holding ``<event
type="ANTE|SMALL_BLIND|BIG_BLIND|INITIAL_BLIND|BRING_IN|COMPLETE|BET|CALL|RAISE|ALL_IN|CHECK|
FOLD|DRAW|SHOW|MUCK" player="S" amount=".."/>`` (CALL and ALL_IN: chips added; COMPLETE and
RAISE: the street total) and then ``<cards type="HOLE|DRAW_DRAWN_CARDS|SHOWN|MUCKED"
cards="null,null,6c" player="S"/>`` (each seat's cards so far, ``null`` unknown: a street's
cards come after its betting in the file); ``<winner amount=".." uncalled="true|false"
potnumber="k" player="S" pottype="n|h|l"/>``. Game codes: 39/41 stud, 43/45 stud hi-lo,
47/49 razz, 55 five card draw, 23 hold'em, 37 Omaha hi-lo. Hold'em / Omaha rounds are
``PREFLOP|POSTFLOP|POSTTURN|POSTRIVER``; ``<cards type="COMMUNITY" cards="7c,Js,Ah">``
repeats the whole board so far (the street's COMMUNITY event holds its new cards).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.games import game_spec
from floorman.domain.history.pokerstars_model import (
    StarsEventKind,
    StarsFile,
    StarsHand,
    StarsSeatResult,
    StarsStreet,
)
from floorman.domain.history.room_hand import (
    HandBuilder,
    Line,
    OtherGame,
    RoomProblem,
    cards,
    money,
    read_room,
    split_lines,
    uncalled_bet,
)
from floorman.domain.model import BettingStructure, Game

K = StarsEventKind
_ELEMENT: Final = re.compile(r"^\s*<(?P<tag>/?[A-Za-z_]+)(?P<attrs>[^>]*?)\s*/?>\s*$")
_ATTR: Final = re.compile(r'(?P<name>\w+)="(?P<value>[^"]*)"')
_GAMES: Final = {
    "39": Game.SEVEN_CARD_STUD,
    "41": Game.SEVEN_CARD_STUD,
    "43": Game.SEVEN_CARD_STUD_HI_LO,
    "45": Game.SEVEN_CARD_STUD_HI_LO,
    "47": Game.RAZZ,
    "49": Game.RAZZ,
    "55": Game.FIVE_CARD_DRAW,
    "23": Game.TEXAS_HOLDEM,
    "37": Game.OMAHA_HI_LO,
}
_STREETS: Final = {
    "BLINDS": StarsStreet.SETUP,
    "BRING_IN": StarsStreet.THIRD_STREET,
    "THIRD_STREET": StarsStreet.THIRD_STREET,
    "FOURTH_STREET": StarsStreet.FOURTH_STREET,
    "FIFTH_STREET": StarsStreet.FIFTH_STREET,
    "SIXTH_STREET": StarsStreet.SIXTH_STREET,
    "SEVENTH_STREET": StarsStreet.SEVENTH_STREET,
    "PRE_FIRST_DRAW": StarsStreet.FIRST_ROUND,
    "FIRST_DRAW": StarsStreet.DRAW,
    "POST_FIRST_DRAW": StarsStreet.SECOND_ROUND,
    "PREFLOP": StarsStreet.PRE_FLOP,
    "POSTFLOP": StarsStreet.FLOP,
    "POSTTURN": StarsStreet.TURN,
    "POSTRIVER": StarsStreet.RIVER,
    "SHOWDOWN": StarsStreet.SHOWDOWN,
    "END_OF_GAME": StarsStreet.SHOWDOWN,
    "END_OF_FOLDED_GAME": StarsStreet.SHOWDOWN,
}
_STRUCTURES: Final = (
    ("Pot Limit", BettingStructure.POT_LIMIT),
    ("No Limit", BettingStructure.NO_LIMIT),
    ("Limit", BettingStructure.FIXED_LIMIT),
)
_AMOUNT: Final = re.compile(r"\$?(\d[\d,]*(?:\.\d+)?)")
_QUIET: Final = frozenset({"CHAT", "PLAYER_OUT", "HORSE", "MUCKED", "COMMUNITY"})

_POSTED_FIRST: Final = frozenset({K.ANTE, K.SMALL_BLIND, K.BIG_BLIND})

Element = tuple[int, str, dict[str, str]]


def looks_like_merge(text: str) -> bool:
    """True when ``text`` holds a Merge ``<description type=..>`` and ``<game id=..>``."""
    return "<description type=" in text and "<game id=" in text


def _elements(text: str) -> list[Element]:
    out = []
    for number, line in split_lines(text):
        if match := _ELEMENT.match(line):
            attrs = {m.group("name"): m.group("value") for m in _ATTR.finditer(match["attrs"])}
            out.append((number, match.group("tag"), attrs))
    return out


def parse_merge(text: str) -> StarsFile:
    """Read every hand of a Merge XML file.

    Returns:
        The seed-game hands in file order, the hands of other games and one problem per hand
        that could not be read (with its line). Never raises for bad input.
    """
    blocks: list[list[Element]] = []
    description: Element = (0, "description", {})
    current: list[Element] | None = None
    for element in _elements(text):
        tag = element[1]
        if tag == "description":
            description = element
        elif tag == "game":
            current = [element, description]
            blocks.append(current)
        elif tag == "/game":
            current = None
        elif current is not None:
            current.append(element)
    lines = {id(b): [(b[0][0], f"<game id={b[0][2].get('id', '')}>")] for b in blocks}
    return read_room(
        blocks,  # type: ignore[arg-type]
        lambda block: _read_hand(block, lines[id(block)]),  # type: ignore[arg-type]
        lambda block: block[0][2].get("id", ""),  # type: ignore[index,return-value]
    )


def _read_hand(block: list[Element], header: list[Line]) -> StarsHand:
    (number, _, game_attrs), (_, _, described) = block[0], block[1]
    code = game_attrs.get("multigametype") or game_attrs.get("gametype", "")
    game = _GAMES.get(code)
    if game is None:
        raise OtherGame(f"Merge game {code}")
    stakes = described.get("stakes", "")
    structure = next((s for name, s in _STRUCTURES if stakes.startswith(name)), None)
    if structure is None:
        raise RoomProblem(number, f"cannot read the stakes {stakes!r}")
    data = game_attrs.get("data", "").split("|")
    tournament = len(data) > 4 and data[4] == "true"
    scale = 1 if tournament or game_attrs.get("realmoney") == "false" else 100
    sizes = [money(a, number, scale) for a in _AMOUNT.findall(stakes)]
    hand = HandBuilder(hand_id=game_attrs.get("id", ""), block=header, scale=scale)
    reader = _Reader(hand, game)
    button = 0
    for line, tag, attrs in block[2:]:
        if tag == "players":
            button = int(attrs.get("dealer", "-1")) + 1
        elif tag == "player":
            seat = _seat(attrs.get("seat"), line)
            name = attrs.get("nickname", f"Seat {seat}")
            stack = money(attrs.get("balance", "0"), line, scale)
            hand.seat(seat, name, stack, sitting_out=attrs.get("dealtin") == "false")
        elif tag == "round":
            reader.flush()
            street = _STREETS.get(attrs.get("id", ""))
            if street is None:
                raise OtherGame(f"Merge round {attrs.get('id')}")
            reader.street = street
        elif tag == "/round":
            reader.flush()
        elif tag in ("event", "cards", "winner"):
            reader.pending.append((line, tag, attrs))
    reader.flush()
    reader.finish()
    if tournament:  # a tournament writes the balances after the antes and blinds
        posted: dict[int, int] = defaultdict(int)
        for e in hand.events:
            if e.kind in _POSTED_FIRST:
                posted[e.seat] += e.added
        hand.seats = [replace(s, stack=s.stack + posted[s.seat]) for s in hand.seats]
    small = big = 0
    blinds = (0, 0)
    if structure is BettingStructure.FIXED_LIMIT and len(sizes) >= 2:
        small, big = sizes[0], sizes[1]
    elif game.is_stud and len(sizes) >= 3:  # no limit stud: ante / bring-in / minimum bet
        small = big = sizes[2]
    elif len(sizes) >= 2:
        blinds = (sizes[0], sizes[1])
    return hand.build(
        game=game,
        structure=structure,
        game_name=described.get("type", ""),
        table=data[1] if len(data) > 1 else "",
        currency="" if scale == 1 else "USD",
        small_bet=small,
        big_bet=big,
        small_blind=blinds[0],
        big_blind=blinds[1],
        button=button if game.is_draw or game_spec(game).has_board else 0,
        tournament_id=data[2] if tournament and len(data) > 2 else "",
    )


def _seat(text: str | None, line: int) -> int:
    if text is None or not text.isdigit():
        raise RoomProblem(line, f"{text!r} is not a seat number")
    return int(text) + 1


class _Reader:
    """Turns one round's elements into events: a street's cards before its betting."""

    def __init__(self, hand: HandBuilder, game: Game) -> None:
        self.hand = hand
        self.game = game
        self.street = StarsStreet.SETUP
        self.pending: list[Element] = []
        self.known: dict[int, list[Card | None]] = defaultdict(list)  # best-known cards
        self.dealt: dict[int, int] = defaultdict(int)
        self.shows: list[tuple[int, int]] = []
        self.mucks: list[tuple[int, int]] = []
        self.winners: list[Element] = []
        self.board: list[Card | None] = []

    def flush(self) -> None:
        if not self.pending:
            return
        hand = self.hand
        elements, self.pending = self.pending, []
        hand.enter(self.street)
        if self.street is StarsStreet.DRAW:
            self._draw(elements)
            return
        for line, tag, attrs in elements:
            if tag == "cards":
                self._cards(line, attrs)
        for line, tag, attrs in elements:
            if tag == "event":
                self._event(line, attrs)
            elif tag == "winner":
                self.winners.append((line, tag, attrs))

    def _cards(self, line: int, attrs: dict[str, str]) -> None:
        if attrs.get("type") == "COMMUNITY":  # the whole board so far: its new cards
            board = cards(attrs.get("cards", "").replace(",", " "), line)
            if tuple(self.board) != board[: len(self.board)]:
                raise RoomProblem(line, "the board changes an earlier street's cards")
            self.hand.emit(K.COMMUNITY, line, cards=board[len(self.board) :])
            self.board = list(board)
            return
        seat = _seat(attrs.get("player"), line)
        listed = attrs.get("cards", "").split(",")
        written = cards(" ".join(c if c and c != "null" else "??" for c in listed), line)
        known = self.known[seat]
        for index, card in enumerate(written):
            if index >= len(known):
                known.append(card)
            elif known[index] is None:
                known[index] = card
        kind = attrs.get("type")
        dealing = kind in ("HOLE", "DRAW_DRAWN_CARDS") and self.street is not StarsStreet.SHOWDOWN
        if dealing and len(written) > self.dealt[seat]:
            self.hand.deal(line, seat, written[self.dealt[seat] :])
            self.dealt[seat] = len(written)

    def _event(self, line: int, attrs: dict[str, str]) -> None:
        hand = self.hand
        kind = attrs.get("type", "")
        if kind in _QUIET:
            return
        seat = _seat(attrs.get("player"), line)
        amount = money(attrs.get("amount", "0"), line, hand.scale) if "amount" in attrs else 0
        if kind == "ANTE":
            hand.post(K.ANTE, line, seat, amount)
        elif kind == "SMALL_BLIND":
            hand.post(K.SMALL_BLIND, line, seat, amount)
        elif kind in ("BIG_BLIND", "INITIAL_BLIND"):
            hand.post(K.BIG_BLIND, line, seat, amount)
        elif kind == "BRING_IN":
            hand.post(K.BRING_IN, line, seat, amount)
        elif kind == "BET":
            hand.bet(line, seat, amount)
        elif kind == "CALL":
            hand.call(line, seat, amount)
        elif kind in ("RAISE", "COMPLETE"):
            hand.raise_to(line, seat, amount)
        elif kind == "ALL_IN":
            hand.put_in(line, seat, amount, all_in=True)
        elif kind == "CHECK":
            hand.emit(K.CHECK, line, seat=seat)
        elif kind == "FOLD":
            hand.emit(K.FOLD, line, seat=seat)
        elif kind == "SHOW":
            self.shows.append((line, seat))
        elif kind == "MUCK":
            self.mucks.append((line, seat))
        else:
            raise RoomProblem(line, f"cannot read the event type {kind!r}")

    def _draw(self, elements: list[Element]) -> None:
        hand = self.hand
        drawn = {_seat(a.get("player"), n): (n, a) for n, t, a in elements if t == "cards"}
        for line, tag, attrs in elements:
            if tag != "event" or attrs.get("type") != "DRAW":
                if tag == "event" and attrs.get("type") not in _QUIET:
                    raise RoomProblem(line, f"cannot read {attrs.get('type')!r} in the draw")
                continue
            seat = _seat(attrs.get("player"), line)
            count = int(attrs.get("text", "0") or 0)
            after = drawn.get(seat)
            if after is None or not count:
                hand.discard(line, seat, (), count)
                continue
            new_hand = cards(after[1].get("cards", "").replace(",", " "), after[0])
            held = list(hand.held.get(seat, ()))
            thrown = tuple(c for c in held if c not in new_hand)
            hand.discard(line, seat, thrown if len(thrown) == count else (), count)
            hand.deal(after[0], seat, tuple(c for c in new_hand if c not in held))
            self.known[seat] = list(new_hand)

    def finish(self) -> None:
        """Showdown lines (cards as best known at the end), then the pots paid."""
        hand = self.hand
        hand.enter(StarsStreet.SHOWDOWN)
        for line, seat in self.shows:
            hand.show(line, seat, tuple(self.known.get(seat, ())))
        for line, seat in self.mucks:
            if self.shows or len(self.mucks) > 1:
                hand.emit(K.MUCK, line, seat=seat)
        uncalled_written = any(a.get("uncalled") == "true" for _, _, a in self.winners)
        excess = {} if uncalled_written else uncalled_bet(hand)
        for line, _, attrs in self.winners:
            seat = _seat(attrs.get("player"), line)
            amount = money(attrs.get("amount", "0"), line, hand.scale)
            if attrs.get("uncalled") == "true":
                hand.returned(line, seat, amount)
                continue
            if seat in excess:  # the winner's amount includes its uncalled bet
                back = excess.pop(seat)
                hand.returned(line, seat, back)
                amount -= back
            pot = max(int(attrs.get("potnumber", "1") or 1) - 1, 0)
            hand.collect(line, seat, amount, pot=pot)
        put_in = sum(e.added for e in hand.events)
        back = sum(e.amount for e in hand.events if e.kind is K.UNCALLED_RETURN)
        paid = sum(e.amount for e in hand.events if e.kind is K.COLLECT)
        total = put_in - back
        won: dict[int, StarsSeatResult] = {}
        for e in hand.events:
            if e.kind is K.COLLECT:
                before = won.get(e.seat, StarsSeatResult(seat=e.seat, line=e.line))
                won[e.seat] = replace(before, won=before.won + e.amount)
        # no pot or rake is written: the pot is the chips bet, the rake what it does not pay
        hand.summarize(total, max(total - paid, 0), tuple(won.values()))
