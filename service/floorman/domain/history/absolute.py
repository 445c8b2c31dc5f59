"""Absolute Poker text reader: a file's text -> stud hands in the PokerStars-style model
(:mod:`floorman.domain.history.pokerstars_model`).

Pure: takes the decoded text. :func:`parse_absolute` never raises on bad input: a hand it
cannot read is a :class:`StarsProblem` with the line, a hand of another game a
:class:`StarsUnsupported`. The grammar (``docs/hand-history-formats.md``, "Absolute"):
``Stage #N: Seven Card Hi/Lo  Normal $0.02/$0.04 - <date>`` (``Normal``: fixed limit; the
pair is the small and big bet), ``Seat 1 - name ($0.17 in chips)``, ``name - Ante $X``,
``*** 3rd STREET ***`` .. ``*** RIVER ***``, ``name - Pocket [H H Js 10d]`` (every card the
seat holds so far, ``H`` a card not seen; the last one is the new card),
``name - Bring-In $X`` / ``Calls $X`` / ``Bets $X`` / ``Raises $X to $Y`` / ``Checks`` /
``Folds``, ``*** SHOW DOWN ***``, ``name - Shows [..] (desc)``, ``name Collects $X from main
pot``, ``*** SUMMARY ***``, ``Total Pot($T) | Rake ($R)`` (the pot before the rake).
"""

from __future__ import annotations

import re
from typing import Final

from floorman.domain.history.pokerstars_model import (
    StarsEventKind,
    StarsFile,
    StarsHand,
    StarsProblem,
    StarsSeatResult,
    StarsStreet,
    StarsSummary,
    StarsUnsupported,
)
from floorman.domain.history.room_text import HandBuilder, RoomProblem, split_blocks
from floorman.domain.model import BettingStructure, Game

K = StarsEventKind
AMT: Final = r"\$?[\d,]+(?:\.\d+)?"
_START: Final = re.compile(r"^Stage #\d+:")
_HEADER: Final = re.compile(
    rf"^Stage #(?P<id>\d+):\s+(?P<game>.+?)\s+(?P<limit>Normal|Pot Limit|No Limit)\s+"
    rf"(?P<small>{AMT})/(?P<big>{AMT})\s+-\s+(?P<when>.*)$"
)
_GAMES: Final = {
    "seven card": Game.SEVEN_CARD_STUD,
    "seven card stud": Game.SEVEN_CARD_STUD,
    "seven card hi/lo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
}
_SEAT: Final = re.compile(rf"^Seat (?P<seat>\d+) - (?P<name>.+) \((?P<stack>{AMT}) in chips\)")
_STREETS: Final = {
    "3rd street": StarsStreet.THIRD_STREET,
    "4th street": StarsStreet.FOURTH_STREET,
    "5th street": StarsStreet.FIFTH_STREET,
    "6th street": StarsStreet.SIXTH_STREET,
    "river": StarsStreet.SEVENTH_STREET,
    "show down": StarsStreet.SHOWDOWN,
    "summary": StarsStreet.SUMMARY,
}
_MARKER: Final = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*")
_ACTIONS: Final = (
    ("ante", re.compile(rf"^Ante (?P<amount>{AMT})$")),
    ("bring_in", re.compile(rf"^Bring-In (?P<amount>{AMT})$")),
    ("call", re.compile(rf"^Calls (?P<amount>{AMT})$")),
    ("bet", re.compile(rf"^Bets (?P<amount>{AMT})$")),
    ("raise", re.compile(rf"^Raises {AMT} to (?P<amount>{AMT})$")),
    ("check", re.compile(r"^Checks$")),
    ("fold", re.compile(r"^Folds$")),
    ("muck", re.compile(r"^Mucks.*$")),
    ("pocket", re.compile(r"^Pocket \[(?P<cards>[^\]]*)\]$")),
    ("show", re.compile(r"^Shows \[(?P<cards>[^\]]*)\].*$")),
)
_COLLECT: Final = re.compile(rf"^(?P<name>.+) Collects (?P<amount>{AMT}) from .*pot$")
_SUMMARY_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
_TOTAL: Final = re.compile(rf"^Total Pot\((?P<total>{AMT})\) \| Rake \((?P<rake>{AMT})\)")


def looks_like_absolute(text: str) -> bool:
    """True when a line of ``text`` is an Absolute ``Stage #N:`` header."""
    return any(_HEADER.match(line.strip("\ufeff ")) for line in text.splitlines()[:20])


def parse_absolute(text: str) -> StarsFile:
    """Read every hand of an Absolute Poker export.

    Returns:
        The seed-game hands in file order, the hands of other games, and one problem per
        hand that could not be read (with its line). Never raises for bad input.
    """
    hands: list[StarsHand] = []
    unsupported: list[StarsUnsupported] = []
    problems: list[StarsProblem] = []
    for block in split_blocks(text, _START):
        number, first = block[0]
        header = _HEADER.match(first)
        found = re.match(r"^Stage #(\d+)", first)
        hand_id = int(found.group(1)) if found else 0
        if header is None:
            problems.append(
                StarsProblem(line=number, message="cannot read the header", hand_id=hand_id)
            )
            continue
        game = _GAMES.get(header.group("game").strip().lower())
        if game is None or header.group("limit") != "Normal":
            unsupported.append(
                StarsUnsupported(line=number, hand_id=hand_id, game_name=header.group("game"))
            )
            continue
        try:
            hands.append(_read(block, header, game, hand_id))
        except RoomProblem as exc:
            problems.append(StarsProblem(line=exc.line, message=exc.message, hand_id=hand_id))
    return StarsFile(hands=tuple(hands), unsupported=tuple(unsupported), problems=tuple(problems))


def _read(
    block: list[tuple[int, str]], header: re.Match[str], game: Game, hand_id: int
) -> StarsHand:
    number = block[0][0]
    money = "$" in header.group("small")
    title = f"Absolute Stage #{hand_id}: {header.group('when').replace('-', '/')}"
    builder = HandBuilder(hand_id=hand_id, line=number, scale=100 if money else 1, header=title)
    held: dict[int, int] = {}
    totals: tuple[int, int] | None = None
    for line, text in block[1:]:
        if builder.street is StarsStreet.SETUP and (seat := _SEAT.match(text)):
            builder.add_seat(
                int(seat.group("seat")),
                seat.group("name"),
                builder.money(seat.group("stack"), line),
            )
        elif marker := _MARKER.match(text):
            street = _STREETS.get(marker.group("name").strip().lower())
            if street is None:
                raise RoomProblem(line, f"unknown section {text!r}")
            builder.new_street(street)
        elif total := _TOTAL.match(text):
            totals = (
                builder.money(total.group("total"), line),
                builder.money(total.group("rake"), line),
            )
        elif builder.street is StarsStreet.SUMMARY:
            _summary_seat(builder, text, line)
        elif collect := _COLLECT.match(text):
            seat = builder.seat_of(collect.group("name"), line)
            builder.emit(K.COLLECT, line, seat, amount=builder.money(collect.group("amount"), line))
        elif split := builder.split_name(text, " - "):
            _action(builder, split[0], split[1].strip(), line, held)
        else:
            raise RoomProblem(line, f"cannot read the line {text!r}")
    summary = None
    if totals is not None:
        summary = StarsSummary(total_pot=totals[0], rake=totals[1], seats=tuple(builder.results))
    return builder.build(
        game=game,
        structure=BettingStructure.FIXED_LIMIT,
        game_name=header.group("game"),
        stakes=builder.stud_stakes(
            builder.money(header.group("small"), number), builder.money(header.group("big"), number)
        ),
        table="",
        currency="USD" if money else "",
        digest_text="\n".join(text for _, text in block),
        summary=summary,
    )


def _summary_seat(builder: HandBuilder, text: str, line: int) -> None:
    """``Seat N: name won Total ($X) HI:.. LO:..`` (a second statement of the collects) or
    ``Seat N: name Folded ...`` / ``HI:lost ...``."""
    seat_line = _SUMMARY_SEAT.match(text)
    if seat_line is None:
        raise RoomProblem(line, f"cannot read the summary line {text!r}")
    won = re.search(rf"won Total \((?P<amount>{AMT})\)", seat_line.group("rest"))
    builder.results.append(
        StarsSeatResult(
            seat=int(seat_line.group("seat")),
            line=line,
            won=builder.money(won.group("amount"), line) if won else 0,
            folded="Folded" in seat_line.group("rest"),
        )
    )


def _action(builder: HandBuilder, seat: int, rest: str, line: int, held: dict[int, int]) -> None:
    for kind, pattern in _ACTIONS:
        match = pattern.match(rest)
        if match is None:
            continue
        groups = match.groupdict()
        amount = builder.money(groups["amount"], line) if groups.get("amount") else 0
        if kind == "ante":
            builder.post(K.ANTE, seat, amount, line)
        elif kind == "bring_in":
            builder.post(K.BRING_IN, seat, amount, line)
        elif kind == "call":
            builder.call(seat, amount, line)
        elif kind == "bet":
            builder.adds(seat, amount, line)
        elif kind == "raise":
            builder.to_total(seat, amount, line)
        elif kind == "check":
            builder.emit(K.CHECK, line, seat)
        elif kind == "fold":
            builder.emit(K.FOLD, line, seat)
        elif kind == "muck":
            builder.emit(K.MUCK, line, seat)
        elif kind == "pocket":  # every card so far: the ones past those already dealt
            cards = builder.cards(groups["cards"], line, unknown=("H",))
            new = cards[held.get(seat, 0) :]
            if new:
                held[seat] = len(cards)
                builder.emit(K.DEAL, line, seat, cards=new)
        else:
            builder.emit(K.SHOW, line, seat, cards=builder.cards(groups["cards"], line))
        return
    raise RoomProblem(line, f"cannot read the action {rest!r}")
