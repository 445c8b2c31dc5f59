"""Winning Poker Network text reader (the old export, UTF-16, and the new one): a file's text
-> stud hands in the PokerStars-style model (:mod:`floorman.domain.history.pokerstars_model`).

Pure: takes the decoded text. :func:`parse_winning` never raises on bad input: a hand it
cannot read is a :class:`StarsProblem` with the line, a hand of another game a
:class:`StarsUnsupported`. The grammar (``docs/hand-history-formats.md``, "Winning"):

* old: ``Game started at: ...``, ``Game ID: N 1/2 <table> (Seven Cards Stud HiLow)``,
  ``Seat 2: name (18.20).``, ``Player name ante (0.15)`` / ``bring in (X)`` / ``calls (X)``
  (chips added) / ``bets (X)`` / ``raises (X)`` (to X) / ``checks`` / ``folds`` /
  ``received card: [6h]`` / ``received a card.`` / ``mucks cards``; the first betting round
  comes before any marker and ``*** Third street ***`` is the 4th street (each marker names
  the street before the one dealt); ``Uncalled bet (X) returned to name``; ``------ Summary
  ------``, ``Pot: P. Rake R[. JP fee J]`` (the pot after rake and jackpot fee), one line per
  player (``shows: <desc> [cards]``, ``Bets: B. Collects: C.``);
* new: ``Hand #N - 7Stud(Fixed Limit) - $0.04/$0.08 - <date> UTC``, ``<table> 8-max``,
  ``Seat 1: name ($0.39)``, PokerStars-like lines (``posts ante``, ``brings in``, ``raises X
  to Y``, ``Dealt to``, ``Uncalled bet ($X) returned to``), ``*** SUMMARY ***``, ``Total pot
  $T | Rake $R`` (the pot after rake), ``won $X``.
"""

from __future__ import annotations

import re
from dataclasses import replace
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
_START: Final = re.compile(r"^(?:Game started at: |Hand #\d+ - )")
_OLD_ID: Final = re.compile(
    r"^Game ID: (?P<id>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) (?P<table>.*) \((?P<game>[^()]+)\)$"
)
_NEW_HEADER: Final = re.compile(
    r"^Hand #(?P<id>\d+) - (?P<game>[^(]+)\((?P<limit>Fixed Limit|Pot Limit|No Limit)\) - "
    rf"(?P<small>{AMT})/(?P<big>{AMT}) - (?P<when>.*)$"
)
_OLD_GAMES: Final = {
    "seven cards stud": Game.SEVEN_CARD_STUD,
    "seven cards stud hilow": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
}
_NEW_GAMES: Final = {
    "7stud": Game.SEVEN_CARD_STUD,
    "7studhl": Game.SEVEN_CARD_STUD_HI_LO,
    "7studhilo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
}
_OLD_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[\d.,]+)\)\.?$")
_NEW_SEAT: Final = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMT})\)$")
_OLD_MARKERS: Final = {  # the marker names the street before the one it deals
    "third": StarsStreet.FOURTH_STREET,
    "fourth": StarsStreet.FIFTH_STREET,
    "fifth": StarsStreet.SIXTH_STREET,
    "sixth": StarsStreet.SEVENTH_STREET,
}
_OLD_MARKER: Final = re.compile(r"^\*\*\* (?P<name>\w+) street \*\*\*$")
_NEW_MARKER: Final = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*")
_NEW_STREETS: Final = {
    "3rd street": StarsStreet.THIRD_STREET,
    "4th street": StarsStreet.FOURTH_STREET,
    "5th street": StarsStreet.FIFTH_STREET,
    "6th street": StarsStreet.SIXTH_STREET,
    "7th street": StarsStreet.SEVENTH_STREET,
    "river": StarsStreet.SEVENTH_STREET,
    "show down": StarsStreet.SHOWDOWN,
    "showdown": StarsStreet.SHOWDOWN,
    "summary": StarsStreet.SUMMARY,
}
_UNCALLED: Final = re.compile(rf"^Uncalled bet \((?P<amount>{AMT})\) returned to (?P<name>.+)$")
_OLD_POT: Final = re.compile(
    r"^Pot: (?P<pot>[\d.,]+)\. Rake (?P<rake>[\d.,]+)(?:\. JP fee (?P<jp>[\d.,]+))?\.?$"
)
_OLD_RESULT: Final = re.compile(
    r"^\*?Player (?P<rest>.+?)\.? ?Bets: (?P<bets>[\d.,]+)\. Collects: (?P<collects>[\d.,]+)\."
)
_NEW_TOTAL: Final = re.compile(rf"^Total pot (?P<total>{AMT}) \| Rake (?P<rake>{AMT})")
_NEW_SUMMARY_SEAT: Final = re.compile(r"^Seat (?P<seat>\d+): (?P<rest>.*)$")
_WON: Final = re.compile(rf"(?:won|collected) \(?(?P<amount>{AMT})\)?")
_NOISE: Final = re.compile(r"^(?:Main pot .*|Game ended at: .*|.* 8-max|.* \d+-max)$")


def looks_like_winning(text: str) -> bool:
    """True when ``text`` has a Winning hand start (``Game started at:`` then ``Game ID:``,
    or a ``Hand #N - <game>(Fixed Limit) - ...`` header)."""
    head = text[:4096].replace("\ufeff", "")
    return bool(
        re.search(r"(?m)^Game started at: .*\r?\n\s*Game ID: \d+ ", head)
        or re.search(r"(?m)^Hand #\d+ - [^(\n]+\((?:Fixed|Pot|No) Limit\) - ", head)
    )


def parse_winning(text: str) -> StarsFile:
    """Read every hand of a Winning Poker Network export (old or new).

    Returns:
        The seed-game hands in file order, the hands of other games, and one problem per
        hand that could not be read (with its line). Never raises for bad input.
    """
    hands: list[StarsHand] = []
    unsupported: list[StarsUnsupported] = []
    problems: list[StarsProblem] = []
    for block in split_blocks(text, _START):
        try:
            if block[0][1].startswith("Game started at:"):
                hand = _read_old(block, unsupported)
            else:
                hand = _read_new(block, unsupported)
        except RoomProblem as exc:
            found = re.search(r"(?:Game ID: |Hand #)(\d+)", "\n".join(t for _, t in block[:2]))
            hand_id = int(found.group(1)) if found else None
            problems.append(StarsProblem(line=exc.line, message=exc.message, hand_id=hand_id))
            continue
        if hand is not None:
            hands.append(hand)
    return StarsFile(hands=tuple(hands), unsupported=tuple(unsupported), problems=tuple(problems))


def _digest(block: list[tuple[int, str]]) -> str:
    return "\n".join(text for _, text in block)


# -- the old export -----------------------------------------------------------------------


def _read_old(
    block: list[tuple[int, str]], unsupported: list[StarsUnsupported]
) -> StarsHand | None:
    if len(block) < 2 or not (header := _OLD_ID.match(block[1][1])):
        raise RoomProblem(block[0][0], "a hand without its 'Game ID:' line")
    hand_id = int(header.group("id"))
    game = _OLD_GAMES.get(header.group("game").strip().lower())
    if game is None:
        unsupported.append(
            StarsUnsupported(line=block[0][0], hand_id=hand_id, game_name=header.group("game"))
        )
        return None
    started = block[0][1].split(":", 1)[1].strip()
    title = f"Winning Game #{hand_id}: {header.group('table')} - {started}"
    builder = HandBuilder(hand_id=hand_id, line=block[0][0], scale=100, header=title)
    builder.street = StarsStreet.THIRD_STREET
    cards: dict[tuple[StarsStreet, int], list] = {}
    totals: tuple[int, int, int] | None = None
    for line, text in block[2:]:
        if seat := _OLD_SEAT.match(text):
            builder.add_seat(
                int(seat.group("seat")),
                seat.group("name"),
                builder.money(seat.group("stack"), line),
            )
        elif marker := _OLD_MARKER.match(text):
            street = _OLD_MARKERS.get(marker.group("name").lower())
            if street is None:
                raise RoomProblem(line, f"unknown section {text!r}")
            builder.new_street(street)
        elif text.startswith("------ Summary"):
            builder.new_street(StarsStreet.SUMMARY)
        elif pot := _OLD_POT.match(text):
            rake = builder.money(pot.group("rake"), line) + builder.money(
                pot.group("jp") or "0", line
            )
            totals = (builder.money(pot.group("pot"), line) + rake, rake, line)
        elif result := _OLD_RESULT.match(text):
            _old_result(builder, result, line)
        elif uncalled := _UNCALLED.match(text):
            seat = builder.seat_of(uncalled.group("name"), line)
            builder.emit(
                K.UNCALLED_RETURN, line, seat, amount=builder.money(uncalled.group("amount"), line)
            )
        elif text.startswith("Player "):
            _old_action(builder, text[len("Player ") :], line, cards)
        elif not _NOISE.match(text):
            raise RoomProblem(line, f"cannot read the line {text!r}")
    summary = None
    if totals is not None:
        summary = StarsSummary(total_pot=totals[0], rake=totals[1], seats=tuple(builder.results))
    return builder.build(
        game=game,
        structure=BettingStructure.FIXED_LIMIT,
        game_name=header.group("game"),
        stakes=builder.stud_stakes(
            builder.money(header.group("small"), block[1][0]),
            builder.money(header.group("big"), block[1][0]),
        ),
        table=header.group("table"),
        currency="USD",
        digest_text=_digest(block),
        summary=summary,
    )


_OLD_ACTIONS: Final = (
    ("ante", re.compile(r"^ante \((?P<amount>[\d.,]+)\)$")),
    ("bring_in", re.compile(r"^bring in \((?P<amount>[\d.,]+)\)$")),
    ("call", re.compile(r"^calls \((?P<amount>[\d.,]+)\)$")),
    ("bet", re.compile(r"^bets \((?P<amount>[\d.,]+)\)$")),
    ("raise", re.compile(r"^raises \((?P<amount>[\d.,]+)\)$")),
    ("all_in", re.compile(r"^(?:is )?all-?in \((?P<amount>[\d.,]+)\)$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
    ("muck", re.compile(r"^mucks cards$")),
    ("card", re.compile(r"^received card: \[(?P<card>[^\]]+)\]$")),
    ("hidden", re.compile(r"^received a card\.$")),
)


def _first_match(
    patterns: tuple[tuple[str, re.Pattern[str]], ...], text: str, line: int
) -> tuple[str, re.Match[str]]:
    """The first (kind, match) of ``patterns`` that matches ``text``."""
    for kind, pattern in patterns:
        if match := pattern.match(text):
            return kind, match
    raise RoomProblem(line, f"cannot read the action {text!r}")


def _old_action(builder: HandBuilder, text: str, line: int, cards: dict) -> None:
    split = builder.split_name(text, " ")
    if split is None:
        raise RoomProblem(line, f"cannot read the action 'Player {text}'")
    seat, rest = split
    kind, match = _first_match(_OLD_ACTIONS, rest, line)
    amount = builder.money(match.group("amount"), line) if "amount" in match.groupdict() else 0
    if kind == "ante":
        builder.post(K.ANTE, seat, amount, line)
    elif kind == "bring_in":
        builder.post(K.BRING_IN, seat, amount, line)
    elif kind == "call":
        builder.call(seat, amount, line)
    elif kind == "bet":
        builder.adds(seat, amount, line)
    elif kind in ("raise", "all_in"):
        builder.to_total(seat, amount, line, all_in=kind == "all_in")
    elif kind == "check":
        builder.emit(K.CHECK, line, seat)
    elif kind == "fold":
        builder.emit(K.FOLD, line, seat)
    elif kind == "muck":
        builder.emit(K.MUCK, line, seat)
    else:
        card = builder.cards(match.group("card"), line) if kind == "card" else (None,)
        key = (builder.street, seat)
        if key not in cards:  # one DEAL per seat and street, at its first card's line
            cards[key] = []
            builder.emit(K.DEAL, line, seat, cards=())
            cards[key].append(len(builder.events) - 1)
        index = cards[key][0]
        event = builder.events[index]
        builder.events[index] = replace(event, cards=event.cards + card)


def _old_result(builder: HandBuilder, result: re.Match[str], line: int) -> None:
    rest = result.group("rest")
    split = builder.split_name(rest, " ")
    if split is None:
        raise RoomProblem(line, f"cannot read the summary line {rest!r}")
    seat, what = split
    won = builder.money(result.group("collects"), line)
    shown = re.search(r"^shows: .*?\[(?P<cards>[^\]]+)\]", what)
    if shown:
        street, builder.street = builder.street, StarsStreet.SHOWDOWN
        builder.emit(K.SHOW, line, seat, cards=builder.cards(shown.group("cards"), line))
        builder.street = street
    if won:
        builder.emit(K.COLLECT, line, seat, amount=won)
    builder.results.append(StarsSeatResult(seat=seat, line=line, won=won))


# -- the new export -----------------------------------------------------------------------


def _read_new(
    block: list[tuple[int, str]], unsupported: list[StarsUnsupported]
) -> StarsHand | None:
    number, first = block[0]
    header = _NEW_HEADER.match(first)
    if header is None:
        raise RoomProblem(number, "cannot read the Winning header (game, limit, stakes)")
    hand_id = int(header.group("id"))
    name = header.group("game").strip()
    game = _NEW_GAMES.get(name.lower().replace(" ", ""))
    if game is None or header.group("limit") != "Fixed Limit":
        unsupported.append(StarsUnsupported(line=number, hand_id=hand_id, game_name=name))
        return None
    money = "$" in header.group("small")
    builder = HandBuilder(
        hand_id=hand_id,
        line=number,
        scale=100 if money else 1,
        header=f"Winning Hand #{hand_id}: {header.group('when')}",
    )
    table = block[1][1] if len(block) > 1 else ""
    max_seats = re.search(r" (\d+)-max$", table)
    totals: tuple[int, int, int] | None = None
    for line, text in block[1:]:
        if builder.street is StarsStreet.SETUP and (seat := _NEW_SEAT.match(text)):
            builder.add_seat(
                int(seat.group("seat")),
                seat.group("name"),
                builder.money(seat.group("stack"), line),
            )
        elif marker := _NEW_MARKER.match(text):
            street = _NEW_STREETS.get(marker.group("name").strip().lower())
            if street is None:
                raise RoomProblem(line, f"unknown section {text!r}")
            builder.new_street(street)
        elif builder.street is StarsStreet.SUMMARY:
            if total := _NEW_TOTAL.match(text):
                rake = builder.money(total.group("rake"), line)
                totals = (builder.money(total.group("total"), line) + rake, rake, line)
            elif seat_line := _NEW_SUMMARY_SEAT.match(text):
                seat = int(seat_line.group("seat"))
                won = sum(
                    builder.money(m.group("amount"), line)
                    for m in _WON.finditer(seat_line.group("rest"))
                )
                collected = any(e.kind is K.COLLECT and e.seat == seat for e in builder.events)
                if won and not collected:  # the summary is the only statement of the win
                    builder.emit(K.COLLECT, line, seat, amount=won)
                builder.results.append(StarsSeatResult(seat=seat, line=line, won=won))
            elif not text.startswith("Board"):
                raise RoomProblem(line, f"cannot read the summary line {text!r}")
        elif uncalled := _UNCALLED.match(text):
            seat = builder.seat_of(uncalled.group("name"), line)
            builder.emit(
                K.UNCALLED_RETURN, line, seat, amount=builder.money(uncalled.group("amount"), line)
            )
        elif text.startswith("Dealt to "):
            _new_dealt(builder, text[len("Dealt to ") :], line)
        elif (split := builder.split_name(text, " ")) is not None:
            _new_action(builder, split[0], split[1], line)
        elif not _NOISE.match(text) and line != block[1][0]:
            raise RoomProblem(line, f"cannot read the line {text!r}")
    summary = None
    if totals is not None:
        summary = StarsSummary(total_pot=totals[0], rake=totals[1], seats=tuple(builder.results))
    return builder.build(
        game=game,
        structure=BettingStructure.FIXED_LIMIT,
        game_name=name,
        stakes=builder.stud_stakes(
            builder.money(header.group("small"), number), builder.money(header.group("big"), number)
        ),
        table=re.sub(r" \d+-max$", "", table),
        currency="USD" if money else "",
        digest_text=_digest(block),
        max_seats=int(max_seats.group(1)) if max_seats else 0,
        summary=summary,
    )


def _new_dealt(builder: HandBuilder, text: str, line: int) -> None:
    split = builder.split_name(text, " ")
    brackets = (
        re.match(r"^\[(?P<a>[^\]]*)\](?:\s+\[(?P<b>[^\]]*)\])?$", split[1]) if split else None
    )
    if split is None or brackets is None:
        raise RoomProblem(line, f"cannot read the deal 'Dealt to {text}'")
    first = builder.cards(brackets.group("a"), line)
    if brackets.group("b") is None:
        builder.emit(K.DEAL, line, split[0], cards=first)
    else:
        builder.emit(
            K.DEAL, line, split[0], cards=builder.cards(brackets.group("b"), line), previous=first
        )


_NEW_ACTIONS: Final = (
    ("ante", re.compile(rf"^posts (?:the )?ante (?P<amount>{AMT})(?P<all_in>,? and is all.in)?$")),
    (
        "bring_in",
        re.compile(rf"^brings in (?:for )?(?P<amount>{AMT})(?P<all_in>,? and is all.in)?$"),
    ),
    ("call", re.compile(rf"^calls (?P<amount>{AMT})(?P<all_in>,? and is all.in)?$")),
    ("bet", re.compile(rf"^bets (?P<amount>{AMT})(?P<all_in>,? and is all.in)?$")),
    (
        "raise",
        re.compile(rf"^raises (?:{AMT} )?to (?P<amount>{AMT})(?P<all_in>,? and is all.in)?$"),
    ),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
    ("muck", re.compile(r"^(?:mucks(?: hand)?|does not show(?: hand)?)$")),
    ("show", re.compile(r"^shows \[(?P<cards>[^\]]*)\].*$")),
    ("collect", re.compile(rf"^collected (?P<amount>{AMT}) from .*pot$")),
)


def _new_action(builder: HandBuilder, seat: int, rest: str, line: int) -> None:
    kind, match = _first_match(_NEW_ACTIONS, rest, line)
    groups = match.groupdict()
    amount = builder.money(groups["amount"], line) if groups.get("amount") else 0
    all_in = bool(groups.get("all_in"))
    if kind == "ante":
        builder.post(K.ANTE, seat, amount, line, all_in=all_in)
    elif kind == "bring_in":
        builder.post(K.BRING_IN, seat, amount, line, all_in=all_in)
    elif kind == "call":
        builder.call(seat, amount, line, all_in=all_in)
    elif kind == "bet":
        builder.adds(seat, amount, line, all_in=all_in)
    elif kind == "raise":
        builder.to_total(seat, amount, line, all_in=all_in)
    elif kind == "check":
        builder.emit(K.CHECK, line, seat)
    elif kind == "fold":
        builder.emit(K.FOLD, line, seat)
    elif kind == "muck":
        builder.emit(K.MUCK, line, seat)
    elif kind == "show":
        builder.emit(K.SHOW, line, seat, cards=builder.cards(groups["cards"], line))
    else:
        builder.emit(K.COLLECT, line, seat, amount=amount)
