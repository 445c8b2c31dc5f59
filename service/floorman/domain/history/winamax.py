"""Winamax text reader: a file's text -> hands of the seed games.

Pure: takes the decoded text (UTF-8). The result uses the PokerStars-style model
(:mod:`floorman.domain.history.pokerstars_model`). :func:`parse_winamax` never raises on bad
input.

The grammar (docs/hand-history-formats.md, "Winamax text"): ``Winamax Poker - CashGame -
HandId: #A-B-C - 7-Card Stud fixed limit (5€/25€/50€) - date UTC`` (ante / small bet / big
bet; ``7stud``, ``Razz``, ``7-Card Stud Hi/Lo``), ``Table: 'NAME' 6-max (real money)``,
``Seat N: NAME (33.90€)``; sections ``*** ANTE/BLINDS ***``, ``*** 3rd STREET ***`` (or
``*** THIRD ***``) .. ``*** 7th STREET ***``, ``*** SHOW DOWN ***``, ``*** SUMMARY ***``;
``posts ante X``, ``brings in X`` / ``bring-in X``, ``completes X``, ``bets X``, ``calls X``
(chips added), ``raises X to Y`` (Y: the street total), ``checks``, ``folds``; ``Dealt to
NAME [X X 8h] [6d]`` (``X`` unknown); ``shows [..] (desc)``, ``collected X from pot[(HI)|
(LO)]``; ``Total pot X | Rake R`` (X: the pot less the rake). No uncalled-bet line is
written: the bet nobody called stays in the pot total and the winner's amount (the reader
returns it).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

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
    blocks_by_header,
    cards,
    money,
    read_room,
    split_lines,
    uncalled_bet,
)
from floorman.domain.model import BettingStructure, Game

K = StarsEventKind
AMT: Final = r"-?\d[\d,]*(?:\.\d+)?€?"
HEADER: Final = re.compile(
    r"^Winamax Poker - (?P<kind>[^-]+) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?)"
    rf" (?P<limit>fixed limit|pot limit|no limit) \((?P<ante>{AMT})/(?P<small>{AMT})"
    rf"/(?P<big>{AMT})\) - (?P<when>.*)$"
)
_START: Final = re.compile(r"^Winamax Poker - .*HandId: #(?P<id>[\d-]+)")
_GAMES: Final = {
    "7-card stud": Game.SEVEN_CARD_STUD,
    "7stud": Game.SEVEN_CARD_STUD,
    "7-card stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
    "7stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
    "5-card draw": Game.FIVE_CARD_DRAW,
}
_TABLE: Final = re.compile(r"^Table: '(?P<name>.*)' (?:(?P<max>\d+)-max )?\((?P<money>[^)]*)\)")
_SEAT: Final = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMT})\)$")
_MARKER: Final = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*\s*$")
_STREETS: Final = {
    "ante/blinds": StarsStreet.SETUP,
    "3rd street": StarsStreet.THIRD_STREET,
    "third": StarsStreet.THIRD_STREET,
    "4th street": StarsStreet.FOURTH_STREET,
    "fourth": StarsStreet.FOURTH_STREET,
    "5th street": StarsStreet.FIFTH_STREET,
    "fifth": StarsStreet.FIFTH_STREET,
    "6th street": StarsStreet.SIXTH_STREET,
    "sixth": StarsStreet.SIXTH_STREET,
    "7th street": StarsStreet.SEVENTH_STREET,
    "seventh": StarsStreet.SEVENTH_STREET,
    "show down": StarsStreet.SHOWDOWN,
    "summary": StarsStreet.SUMMARY,
}
_ACTIONS: Final = (
    ("ante", re.compile(rf"^posts ante (?P<amount>{AMT})$")),
    ("bring_in", re.compile(rf"^(?:brings in|bring-in) (?P<amount>{AMT})$")),
    ("complete", re.compile(rf"^completes (?:to )?(?P<amount>{AMT})$")),
    ("bet", re.compile(rf"^bets (?P<amount>{AMT})(?P<all_in> and is all-in)?$")),
    ("call", re.compile(rf"^calls (?P<amount>{AMT})(?P<all_in> and is all-in)?$")),
    ("raise", re.compile(
        rf"^raises (?P<by>{AMT}) to (?P<amount>{AMT})(?P<all_in> and is all-in)?$"
    )),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
    ("show", re.compile(r"^shows \[(?P<cards>[^\]]*)\](?P<text>.*)$")),
    ("muck", re.compile(r"^(?:mucks|doesn't show).*$")),
    ("collect", re.compile(
        rf"^collected (?P<amount>{AMT}) from (?P<pot>main pot|side pot ?\d*|pot)"
    )),
)  # fmt: skip
_TOTAL: Final = re.compile(rf"^Total pot (?P<total>{AMT})(?: \|.*?)?(?: Rake (?P<rake>{AMT}))?")
_RESULT: Final = re.compile(r"^Seat (?P<seat>\d+): ")


def looks_like_winamax(text: str) -> bool:
    """True when one of the first lines of ``text`` is a Winamax hand header."""
    return any(_START.match(line) for _, line in split_lines(text[:20000])[:50])


def parse_winamax(text: str) -> StarsFile:
    """Read every hand of a Winamax text file (never raises for bad input)."""
    blocks = blocks_by_header(split_lines(text), _START)
    return read_room(blocks, _read_hand, lambda block: _START.match(block[0][1]).group("id"))  # type: ignore[union-attr,arg-type,return-value]


def _read_hand(block: list[Line]) -> StarsHand:
    number, header = block[0]
    match = HEADER.match(header)
    if match is None:
        raise RoomProblem(number, "cannot read the Winamax header (game, limit, stakes)")
    game_name = match["game"].strip()
    game = _GAMES.get(game_name.lower())
    if game is None:
        raise OtherGame(game_name)
    if match["limit"] != "fixed limit":
        raise OtherGame(f"{game_name} {match['limit']}")
    scale = 100
    hand = HandBuilder(hand_id=match["id"], block=block, scale=scale)
    names: list[tuple[str, int]] = []
    table, max_seats = "", 0
    total: tuple[int, int | None] | None = None
    results: list[StarsSeatResult] = []
    for line, text in block[1:]:
        if marker := _MARKER.match(text):
            street = _STREETS.get(marker["name"].strip().lower())
            if street is None:
                raise RoomProblem(line, f"unknown section {text!r}")
            hand.enter(street)
        elif hand.street is StarsStreet.SUMMARY:
            if found := _TOTAL.match(text):
                rake = money(found["rake"], line, scale) if found["rake"] else None
                total = (money(found["total"], line, scale) + (rake or 0), rake)
            elif _RESULT.match(text):
                results.append(StarsSeatResult(seat=int(text.split()[1].rstrip(":")), line=line))
            else:
                raise RoomProblem(line, f"cannot read the summary line {text!r}")
        elif table_match := _TABLE.match(text):
            table, max_seats = table_match["name"], int(table_match["max"] or 0)
        elif seat := _SEAT.match(text):
            hand.seat(int(seat["seat"]), seat["name"], money(seat["stack"], line, scale))
            names = sorted(((s.name, s.seat) for s in hand.seats), key=lambda p: -len(p[0]))
        elif text.startswith("Dealt to "):
            split = _split(names, text[len("Dealt to ") :])
            brackets = re.findall(r"\[([^\]]*)\]", split[1]) if split else []
            if split is None or not brackets:
                raise RoomProblem(line, f"cannot read the deal {text!r}")
            new = brackets[-1].split()
            hand.deal(line, split[0], cards(" ".join("??" if c == "X" else c for c in new), line))
        elif split := _split(names, text):
            _action(hand, line, *split)
        else:
            raise RoomProblem(line, f"cannot read the line {text!r}")
    if not any(e.kind is K.UNCALLED_RETURN for e in hand.events):
        # no uncalled-bet line: the bet nobody called is in the pot and the winner's amount
        for seat, chips in uncalled_bet(hand).items():
            _take_back(hand, seat, chips)
            total = (total[0] - chips, total[1]) if total is not None else None
    if total is not None:
        won: dict[int, int] = {}
        for e in hand.events:
            if e.kind is K.COLLECT:
                won[e.seat] = won.get(e.seat, 0) + e.amount
        seats = tuple(
            StarsSeatResult(seat=r.seat, line=r.line, won=won.get(r.seat, 0)) for r in results
        )
        hand.summarize(total[0], total[1], seats)
    return hand.build(
        game=game,
        structure=BettingStructure.FIXED_LIMIT,
        game_name=game_name,
        table=table,
        currency="EUR" if "€" in header else "",
        small_bet=money(match["small"], number, scale),
        big_bet=money(match["big"], number, scale),
        ante=money(match["ante"], number, scale),
        max_seats=max_seats,
    )


def _take_back(hand: HandBuilder, seat: int, chips: int) -> None:
    """Return ``chips`` uncalled to ``seat``: out of the first pot it collected."""
    for index, e in enumerate(hand.events):
        if e.kind is K.COLLECT and e.seat == seat and e.amount >= chips:
            hand.events[index] = replace(e, amount=e.amount - chips)
            hand.returned(e.line, seat, chips)
            return
    hand.returned(hand.events[-1].line if hand.events else 0, seat, chips)


def _split(names: list[tuple[str, int]], text: str) -> tuple[int, str] | None:
    for name, seat in names:
        if text.startswith(name + " "):
            return seat, text[len(name) + 1 :]
    return None


def _action(hand: HandBuilder, line: int, seat: int, text: str) -> None:
    for kind, pattern in _ACTIONS:
        match = pattern.match(text)
        if match is None:
            continue
        groups = match.groupdict()
        amount = money(groups["amount"], line, hand.scale) if groups.get("amount") else 0
        all_in = bool(groups.get("all_in"))
        if kind == "ante":
            hand.post(K.ANTE, line, seat, amount)
        elif kind == "bring_in":
            hand.post(K.BRING_IN, line, seat, amount)
        elif kind in ("complete", "raise"):
            hand.raise_to(line, seat, amount, all_in=all_in)
        elif kind == "bet":
            hand.bet(line, seat, amount, all_in=all_in)
        elif kind == "call":
            hand.call(line, seat, amount, all_in=all_in)
        elif kind == "check":
            hand.emit(K.CHECK, line, seat=seat)
        elif kind == "fold":
            hand.emit(K.FOLD, line, seat=seat)
        elif kind == "show":
            shown = cards(groups["cards"], line)
            hand.show(line, seat, shown, groups["text"].strip())
        elif kind == "muck":
            hand.emit(K.MUCK, line, seat=seat)
        elif kind == "collect":
            side = groups["pot"].startswith("side")
            hand.collect(line, seat, amount, pot=1 if side else 0)
        return
    raise RoomProblem(line, f"cannot read the action {text!r}")
