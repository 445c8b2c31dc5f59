"""Everleaf Gaming text reader: a file's text -> hands of the seed games.

Pure: takes the decoded text (Everleaf's euro files are Windows-1252 / Latin-1: the CLI and
AuditService decode them). The result uses the PokerStars-style model
(:mod:`floorman.domain.history.pokerstars_model`). :func:`parse_everleaf` never raises on bad
input.

The grammar (docs/hand-history-formats.md, "Everleaf text"): ``Everleaf Gaming Game #N``,
``***** Hand history for game #N *****``, ``$0.05/$0.10 7 Card Stud - date - time`` (the
small and big bet), ``Table NAME``, ``Seat N: NAME ( $ 2.50 USD )`` (or ``2.50 EURO``);
``NAME: posts ante [ $0.01 USD ]``, ``NAME posts bring-in $0.02.``, ``NAME completes to
$0.05.``, ``NAME: bets [..]``, ``NAME calls [..]`` and ``NAME raises [..]`` (chips added),
``checks``, ``folds``; streets ``** Dealing down cards **``, ``** Dealing 4th Street **`` ..
``** Dealing River **`` (either case, two or four stars); ``Dealt to NAME [ Ah ].`` (the up
card of an opponent, every card of the hero); ``NAME shows [ .. ] description``, ``NAME does
not show cards``, ``NAME wins $ X USD from main pot``. No pot total or rake is written.
"""

from __future__ import annotations

import re
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
HEADER: Final = re.compile(r"^Everleaf Gaming Game #(?P<id>\d+)")
_NUM: Final = r"[$€]?\s*\d[\d,]*(?:\.\d+)?"
_AMOUNT: Final = rf"\[?\s*(?P<amount>{_NUM})\s*(?:USD|EURO|EUR|€)?\s*\]?\.?"
_STAKES: Final = re.compile(
    rf"^(?P<small>{_NUM})/(?P<big>{_NUM}) (?P<game>.+?) - \d{{4}}/\d+/\d+ - [\d:]+"
)
_GAMES: Final = {
    "7 card stud": Game.SEVEN_CARD_STUD,
    "7 card stud hi-lo": Game.SEVEN_CARD_STUD_HI_LO,
    "7 card stud hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
    "5 card draw": Game.FIVE_CARD_DRAW,
}
_SEAT: Final = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>{_NUM})\s*(?P<cur>\w*)\s*\)$"
)
_STREET: Final = re.compile(r"^\*{2,5} [Dd]ealing (?P<name>[\w ]+?) \*{2,5}$")
_STREETS: Final = {
    "down cards": StarsStreet.THIRD_STREET,
    "4th street": StarsStreet.FOURTH_STREET,
    "5th street": StarsStreet.FIFTH_STREET,
    "6th street": StarsStreet.SIXTH_STREET,
    "river": StarsStreet.SEVENTH_STREET,
    "7th street": StarsStreet.SEVENTH_STREET,
}
_ACTIONS: Final = (
    ("ante", re.compile(rf"^:? ?posts ante {_AMOUNT}$")),
    ("bring_in", re.compile(rf"^:? ?posts bring-in {_AMOUNT}$")),
    ("complete", re.compile(rf"^:? ?completes to {_AMOUNT}$")),
    ("bet", re.compile(rf"^:? ?bets {_AMOUNT}$")),
    ("call", re.compile(rf"^:? ?calls {_AMOUNT}$")),
    ("raise", re.compile(rf"^:? ?raises {_AMOUNT}$")),
    ("check", re.compile(r"^:? ?checks$")),
    ("fold", re.compile(r"^:? ?folds$")),
    ("show", re.compile(r"^:? ?shows \[(?P<cards>[^\]]*)\](?P<text>.*)$")),
    ("muck", re.compile(r"^:? ?does not show cards$")),
    (
        "quiet",
        re.compile(
            r"^:? ?(?:sits out|is sitting out|has left the table"
            r"|has joined the table|sits down.*|mucks.*)$"
        ),
    ),
    ("wins", re.compile(rf"^:? ?wins {_AMOUNT} from (?P<pot>main pot|side pot ?\d*)")),
)


def looks_like_everleaf(text: str) -> bool:
    """True when one of the first lines of ``text`` is an Everleaf hand header."""
    return any(HEADER.match(line) for _, line in split_lines(text[:20000])[:50])


def parse_everleaf(text: str) -> StarsFile:
    """Read every hand of an Everleaf text file (never raises for bad input)."""
    blocks = blocks_by_header(split_lines(text), HEADER)
    return read_room(blocks, _read_hand, lambda block: int(HEADER.match(block[0][1]).group("id")))  # type: ignore[union-attr]


def _read_hand(block: list[Line]) -> StarsHand:
    number, header = block[0]
    hand_id = int(HEADER.match(header).group("id"))  # type: ignore[union-attr]
    stakes = next(((n, m) for n, t in block[1:4] if (m := _STAKES.match(t))), None)
    if stakes is None:
        raise RoomProblem(number, "cannot read the Everleaf stakes line")
    stakes_line, match = stakes
    game_name = match.group("game").strip()
    game = _GAMES.get(game_name.lower())
    if game is None:
        raise OtherGame(game_name)
    cash = "$" in match.group("small") or any("EURO" in t or "USD" in t for _, t in block[:12])
    scale = 100 if cash else 1
    currency = "EUR" if any("EURO" in t for _, t in block[:12]) else ("USD" if cash else "")
    hand = HandBuilder(hand_id=hand_id, block=block, scale=scale)
    table = ""
    names: list[tuple[str, int]] = []
    for line, text in block[1:]:
        if text.startswith("***** Hand history") or line == stakes_line:
            continue
        if text.startswith("Table "):
            table = text[len("Table ") :].strip()
        elif text.startswith("Total number of players"):
            continue
        elif seat := _SEAT.match(text):
            hand.seat(int(seat["seat"]), seat["name"], money(seat["stack"], line, scale))
            names = sorted(((s.name, s.seat) for s in hand.seats), key=lambda p: -len(p[0]))
        elif street := _STREET.match(text):
            name = street.group("name").lower()
            if name not in _STREETS:
                raise RoomProblem(line, f"unknown street {street.group('name')!r}")
            hand.enter(_STREETS[name])
        elif text.startswith("Dealt to "):
            split = _split(names, text[len("Dealt to ") :])
            dealt = re.match(r"^\s*\[(?P<cards>[^\]]*)\]\.?$", split[1]) if split else None
            if split is None or dealt is None:
                raise RoomProblem(line, f"cannot read the deal {text!r}")
            hand.deal(line, split[0], cards(dealt["cards"].replace(",", " "), line))
        elif split := _split(names, text):
            _action(hand, line, *split)
        else:
            raise RoomProblem(line, f"cannot read the line {text!r}")
    for seat, chips in uncalled_bet(hand).items():  # no uncalled-bet line is written
        hand.returned(hand.events[-1].line, seat, chips)
    won: dict[int, StarsSeatResult] = {}
    for e in hand.events:
        if e.kind is K.COLLECT:
            before = won.get(e.seat, StarsSeatResult(seat=e.seat, line=e.line))
            won[e.seat] = StarsSeatResult(seat=e.seat, line=before.line, won=before.won + e.amount)
    pot = sum(e.added for e in hand.events) - sum(
        e.amount for e in hand.events if e.kind is K.UNCALLED_RETURN
    )
    paid = sum(r.won for r in won.values())
    hand.summarize(pot, max(pot - paid, 0), tuple(won.values()))  # no pot or rake written
    return hand.build(
        game=game,
        structure=BettingStructure.FIXED_LIMIT,
        game_name=game_name,
        table=table,
        currency=currency,
        small_bet=money(match["small"], stakes_line, scale),
        big_bet=money(match["big"], stakes_line, scale),
    )


def _split(names: list[tuple[str, int]], text: str) -> tuple[int, str] | None:
    for name, seat in names:
        if text.startswith(name) and text[len(name) : len(name) + 1] in (" ", ":"):
            return seat, text[len(name) :].strip()
    return None


def _action(hand: HandBuilder, line: int, seat: int, text: str) -> None:
    for kind, pattern in _ACTIONS:
        match = pattern.match(text)
        if match is None:
            continue
        amount = money(match["amount"], line, hand.scale) if "amount" in match.groupdict() else 0
        if kind == "ante":
            hand.post(K.ANTE, line, seat, amount)
        elif kind == "bring_in":
            hand.post(K.BRING_IN, line, seat, amount)
        elif kind == "complete":
            hand.raise_to(line, seat, amount)
        elif kind == "bet":
            hand.aggress_to(line, seat, hand.street_bets.get(seat, 0) + amount)
        elif kind == "call":
            hand.call(line, seat, amount)
        elif kind == "raise":  # "raises [X]": X chips added
            hand.raise_to(line, seat, hand.street_bets.get(seat, 0) + amount)
        elif kind == "check":
            hand.emit(K.CHECK, line, seat=seat)
        elif kind == "fold":
            hand.emit(K.FOLD, line, seat=seat)
        elif kind == "show":
            hand.enter(StarsStreet.SHOWDOWN)
            shown = cards(match["cards"].replace(",", " "), line)
            hand.show(line, seat, shown, match["text"].strip())
        elif kind == "muck":  # at a showdown a muck; after the hand is won, nothing
            hand.enter(StarsStreet.SHOWDOWN)
            hand.emit(K.MUCK, line, seat=seat)
        elif kind == "wins":
            side = match["pot"].startswith("side")
            hand.collect(line, seat, amount, pot=1 if side else 0)
        return
    raise RoomProblem(line, f"cannot read the action {text!r}")
