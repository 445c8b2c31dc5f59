"""Bovada / Bodog / Ignition text reader: a file's text -> hands of the seed games.

Pure: takes the decoded text (a UTF-8 byte-order mark kept as ``\\ufeff`` or removed). The
result uses the PokerStars-style model (:mod:`floorman.domain.history.pokerstars_model`), so
the PokerStars mapping and audit read it. :func:`parse_bovada` never raises on bad input.

The grammar (docs/hand-history-formats.md, "Bovada / Ignition text"): a header
``Bovada Hand #N TBL#T 7CARD [HiLo] Fixed Limit - date`` (``Bodog``, ``Ignition``;
tournaments ``Bovada Hand #N: 7CARD Tournament #M TBL#T, Fixed Limit- Level L (a/b) -
date``); players are anonymous seats ``Seat+N: $X in chips`` (``[ME]`` the hero); every line
of play is ``Seat+N [ME] : text``: ``Ante chip X``, ``Bring_in chip X`` / ``Big blind/Bring
in X``, ``Card dealt to a spot [..]`` (every seat's cards are written: three on 3rd street,
one a street after), ``Checks``, ``Folds``, ``Bets X`` / ``D bets X``, ``Double bets X`` (the
4th-street open-pair big bet), ``Call(s) X`` (chips added), ``Raises X`` or ``Raises X to Y``
(the street total is the last amount), ``All-in X`` (chips added), ``All-in(raise) X`` (the
street total), ``Return uncalled portion of bet X``, ``Showdown [best five] (desc)``,
``Mucks [..]``, ``Does not show [..]``, ``Hand result X`` / ``Hand Result-Side Pot X``; the
summary ``Total Pot(X) [| Rake (R)]`` and ``Seat N: ...`` results. The streets are not always
marked (older files write only ``*** HOLE CARDS ***``): a street starts with a seat's next
card. The header states no bet sizes: they are the record's own (most common) bet sizes.
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
    STUD_STREETS,
    HandBuilder,
    Line,
    OtherGame,
    RoomProblem,
    blocks_by_header,
    cards,
    money,
    read_room,
    split_lines,
)
from floorman.domain.model import BettingStructure, Game

K = StarsEventKind
AMT: Final = r"\$?\d[\d,]*(?:\.\d+)?"
HEADER: Final = re.compile(
    r"^(?:Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?|Ignition) Hand #C?(?P<id>\d+):?"
    r"\s+(?P<rest>.*)$"
)
_GAME: Final = re.compile(
    r"(?P<game>HOLDEM|OMAHA(?: HiLo|_HL)?|7CARD(?: HiLo|_HL)?|5CARD\w*|\w+)"
    r"(?: Tournament #(?:M-)?(?P<tour>\d+))?"
)
_TABLE: Final = re.compile(r"TBL#(?P<table>\d+)")
_LIMIT: Final = re.compile(r"(?P<limit>Fixed Limit|Pot Limit|No Limit)")
_GAMES: Final = {
    "7CARD": Game.SEVEN_CARD_STUD,
    "7CARD HiLo": Game.SEVEN_CARD_STUD_HI_LO,
    "7CARD_HL": Game.SEVEN_CARD_STUD_HI_LO,
}
_SEAT: Final = re.compile(rf"^Seat\+(?P<seat>\d+)(?P<me> \[ME\])?: (?P<stack>{AMT}) in chips")
_PLAY: Final = re.compile(r"^Seat\+(?P<seat>\d+)(?: \[ME\])? ?: (?P<text>.*)$")
_ACTION: Final = re.compile(
    r"^(?P<what>Ante chip|Bring_in chip|Big blind/Bring in|Calls?|Bets|D bets|Double bets"
    r"|Raises|All-in|All-in\(raise\)|Return uncalled portion of bet|Hand [Rr]esult"
    r"|Hand [Rr]esult-Side [Pp]ot)(?:\((?:timeout|raise-timeout)\))?"
    rf" (?P<amount>{AMT})(?: to (?P<to>{AMT}))?$"
)
_CARDS: Final = re.compile(
    r"^(?P<what>Card dealt to a spot|Showdown|Mucks|Does not show)"
    r" \[(?P<cards>[^\]]*)\](?P<rest>.*)$"
)
_QUIET: Final = re.compile(
    r"^(?:Checks|Folds)(?:\(timeout\))?$|^(?:Table enter user|Table leave user|Stand|Seat stand"
    r"|Sit out|Seat sit out|Re-join|Ranking \d+|Table deposit .*|Seat re-join|Leave table"
    r"|Enter(?:ed)? .*|Set dealer.*|BOUNTY PRIZE .*)$"
)
_TOTAL: Final = re.compile(rf"^Total Pot\((?P<total>{AMT})\)(?: \| Rake \((?P<rake>{AMT})\))?")
_RESULT: Final = re.compile(r"^Seat[+ ](?P<seat>\d+):\s*(?P<rest>.*)$")
_WON: Final = re.compile(rf"(?:^\s*(?:HI )?|\bLO )(?P<amount>{AMT})(?=\s|$)")
_SHOWN: Final = re.compile(r"\[(?P<cards>[2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*)(?:-[^\]]*)?\]")


def looks_like_bovada(text: str) -> bool:
    """True when one of the first lines of ``text`` is a Bovada / Bodog / Ignition header."""
    return any(HEADER.match(line) for _, line in split_lines(text[:20000])[:50])


def parse_bovada(text: str) -> StarsFile:
    """Read every hand of a Bovada / Bodog / Ignition text file.

    Returns:
        The seed-game hands in file order, the hands of other games (hold'em, Omaha), and one
        problem per hand that could not be read (with its line). Never raises for bad input.
    """
    blocks = blocks_by_header(split_lines(text), HEADER)
    return read_room(blocks, _read_hand, lambda block: int(HEADER.match(block[0][1]).group("id")))  # type: ignore[union-attr]


def _read_hand(block: list[Line]) -> StarsHand:
    number, header = block[0]
    match = HEADER.match(header)
    assert match is not None
    rest = match.group("rest")
    stripped = re.sub(r"TBL#\d+,?\s*", "", rest)
    game_match = _GAME.match(stripped)
    limit = _LIMIT.search(rest)
    if game_match is None or limit is None:
        raise RoomProblem(number, "cannot read the Bovada header (game, limit)")
    game_name = game_match.group("game")
    game = _GAMES.get(game_name)
    if game is None:
        raise OtherGame(game_name)
    if limit.group("limit") != "Fixed Limit":
        raise OtherGame(f"{limit.group('limit')} {game_name}")
    table = _TABLE.search(rest)
    level = re.search(r"Level (?P<level>\d+)", rest)
    tournament = game_match.group("tour") or ""
    cash = any("$" in line for _, line in block[1:] if _SEAT.match(line))
    scale = 100 if cash else 1
    hand = HandBuilder(hand_id=int(match.group("id")), block=block, scale=scale)
    body = block[1:]
    index = 0
    while index < len(body) and (seat := _SEAT.match(body[index][1])):
        line = body[index][0]
        name = "Hero" if seat.group("me") else f"Seat+{seat.group('seat')}"
        hand.seat(int(seat.group("seat")), name, money(seat.group("stack"), line, scale))
        index += 1
    for line, text in body[index:]:
        if hand.street is StarsStreet.SUMMARY:
            _summary_line(hand, line, text)
        elif text.startswith("***"):
            if "SUMMARY" in text:
                hand.enter(StarsStreet.SUMMARY)
        elif play := _PLAY.match(text):
            _play(hand, line, int(play.group("seat")), play.group("text").strip())
        elif not text.startswith("Dealer :"):
            raise RoomProblem(line, f"cannot read the line {text!r}")
    return hand.build(
        game=game,
        structure=BettingStructure.FIXED_LIMIT,
        game_name=game_name,
        # a tournament level is a stakes level: the table's usual posts are per level
        table=(table.group("table") if table else "")
        + (f" level {level.group('level')}" if level else ""),
        currency="USD" if cash else "",
        tournament_id=tournament,
    )


def _play(hand: HandBuilder, line: int, seat: int, text: str) -> None:
    scale = hand.scale
    if action := _ACTION.match(text):
        what = action.group("what")
        amount = money(action.group("amount"), line, scale)
        to = money(action.group("to"), line, scale) if action.group("to") else amount
        if what == "Ante chip":
            hand.post(K.ANTE, line, seat, amount)
        elif what in ("Bring_in chip", "Big blind/Bring in"):
            hand.post(K.BRING_IN, line, seat, amount)
        elif what in ("Call", "Calls"):
            hand.call(line, seat, amount)
        elif what in ("Bets", "D bets", "Double bets"):
            if what != "Bets":  # the open-pair big bet on 4th street
                hand.unsized.add(line)
            hand.bet(line, seat, amount)
        elif what == "Raises":
            hand.aggress_to(line, seat, to)
        elif what == "All-in":
            hand.put_in(line, seat, amount, all_in=True)
        elif what == "All-in(raise)":
            hand.aggress_to(line, seat, to, all_in=True)
        elif what == "Return uncalled portion of bet":
            hand.returned(line, seat, amount)
        else:
            side = "side" in what.lower()
            hand.collect(line, seat, amount, pot=1 if side else 0)
        return
    if shown := _CARDS.match(text):
        what = shown.group("what")
        written = cards(shown.group("cards"), line)
        if what == "Card dealt to a spot":
            held = len(hand.held.get(seat, ()))
            position = max(0, held - 2) if held else 0
            if position >= len(STUD_STREETS):
                raise RoomProblem(line, f"seat {seat} is dealt more than seven cards")
            hand.enter(STUD_STREETS[position])
            hand.deal(line, seat, written)
        elif what == "Showdown":
            hand.enter(StarsStreet.SHOWDOWN)
            hand.show(line, seat, written, shown.group("rest").strip(" ()"))
        elif what == "Mucks":
            hand.enter(StarsStreet.SHOWDOWN)
            hand.emit(K.MUCK, line, seat=seat, cards=written)
        return  # "Does not show": the winner keeps the cards hidden
    if text.startswith("Checks"):
        hand.emit(K.CHECK, line, seat=seat)
    elif text.startswith("Folds"):
        hand.emit(K.FOLD, line, seat=seat)
    elif not _QUIET.match(text):
        raise RoomProblem(line, f"cannot read the action {text!r}")


def _summary_line(hand: HandBuilder, line: int, text: str) -> None:
    if total := _TOTAL.match(text):
        pot = money(total.group("total"), line, hand.scale)
        if total.group("rake"):
            rake = money(total.group("rake"), line, hand.scale)
        else:  # no rake written: the pot less the pots the record pays
            rake = pot - sum(e.amount for e in hand.events if e.kind is K.COLLECT)
        hand.summarize(pot, rake, line=line)
        return
    result = _RESULT.match(text)
    if result is None:
        raise RoomProblem(line, f"cannot read the summary line {text!r}")
    if hand.summary is None:
        raise RoomProblem(line, "a summary seat line before the total pot")
    rest = result.group("rest")
    won = sum(money(m.group("amount"), line, hand.scale) for m in _WON.finditer(rest))
    shown = _SHOWN.search(rest)
    seat_result = StarsSeatResult(
        seat=int(result.group("seat")),
        line=line,
        showed=cards(shown.group("cards"), line) if shown else (),
        won=won,
        folded=rest.startswith("Folded"),
    )
    seats = (*(s for s in hand.summary.seats if s.seat), seat_result)
    hand.summary = replace(hand.summary, seats=seats)
