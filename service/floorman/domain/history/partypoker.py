"""PartyPoker text reader: a file's text -> hands of the seed games.

Pure: takes the decoded text. The result uses the PokerStars-style model
(:mod:`floorman.domain.history.pokerstars_model`). :func:`parse_partypoker` never raises on
bad input.

The grammar (docs/hand-history-formats.md, "PartyPoker text"): ``Game #N starts.`` and
``#Game No : N`` before ``***** Hand History for Game N *****``; ``$10/$20 USD FL 7 Card
Stud Hi-Lo - date`` (the small and big bet; a tournament: ``FL 7 Card Stud $6 USD Buy-in
Trny:T Level:L Stakes-Antes(60/120-10) - date``), ``Table NAME (Real Money)``, ``Seat N:
NAME ( $390 USD )``; ``NAME posts ante [$1 USD]``, ``bring-ins [X]``, ``completes [X]`` (the
street total), ``bets [X]``, ``calls [X]`` and ``raises [X]`` (chips added), ``checks``,
``double bets [X]`` (4th street, an open pair), ``folds``, ``opens`` (who acts first: no
action); ``** Dealing **``, ``** Dealing Fourth street **`` .. ``** Dealing River **``;
``Dealt to HERO [ Ah 4h 4d ]`` (the hero's cards only); ``shows [ .. ]desc``, ``does not
show cards``, ``doesn't show [..]``, ``wins $X USD [from the main pot ..]``, ``wins Lo ($X
USD) from ..``. No pot total, rake or uncalled bet is written: a bet nobody called is in the
winner's amount.
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
HEADER: Final = re.compile(r"^\*{5} Hand History for Game (?P<id>\d+) \*{5}$")
_NUM: Final = r"\$?\d[\d,]*(?:\.\d+)?"
_AMOUNT: Final = rf"\[?\(?\s*(?P<amount>{_NUM})\s*(?:USD|EUR|chips)?\s*\)?\]?"
_CASH: Final = re.compile(
    rf"^(?P<small>{_NUM})/(?P<big>{_NUM}) (?:USD |EUR )?(?:(?P<limit>FL|PL|NL) )?(?P<game>.+?) - "
)
_TOURNEY: Final = re.compile(
    r"^(?P<limit>FL|PL|NL) (?P<game>.+?) \S+ \w+ Buy-in Trny:(?P<trny>\d+) Level:(?P<level>\d+)"
    rf"\s+Stakes-Antes\((?P<small>{_NUM})/(?P<big>{_NUM})-(?P<ante>{_NUM})\) - "
)
_GAMES: Final = {
    "7 card stud": Game.SEVEN_CARD_STUD,
    "7 card stud hi-lo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
    "5 card draw": Game.FIVE_CARD_DRAW,
}
_SEAT: Final = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>{_NUM})[^)]*\)$")
_STREET: Final = re.compile(r"^\*\* Dealing(?: (?P<name>[\w ]+?))? \*\*$")
_STREETS: Final = {
    None: StarsStreet.THIRD_STREET,
    "fourth street": StarsStreet.FOURTH_STREET,
    "fifth street": StarsStreet.FIFTH_STREET,
    "sixth street": StarsStreet.SIXTH_STREET,
    "river": StarsStreet.SEVENTH_STREET,
}
_ACTIONS: Final = (
    ("ante", re.compile(rf"^posts ante {_AMOUNT}$")),
    ("bring_in", re.compile(rf"^bring-ins {_AMOUNT}$")),
    ("complete", re.compile(rf"^completes {_AMOUNT}$")),
    ("double", re.compile(rf"^double bets {_AMOUNT}(?P<all_in> and is all-In)?\.?$")),
    ("bet", re.compile(rf"^bets {_AMOUNT}(?P<all_in> and is all-In)?\.?$")),
    ("call", re.compile(rf"^calls {_AMOUNT}(?P<all_in> and is all-In)?\.?$")),
    ("raise", re.compile(rf"^raises {_AMOUNT}(?P<all_in> and is all-In)?\.?$")),
    ("all_in", re.compile(rf"^is all-In\s+{_AMOUNT}\.?$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
    ("show", re.compile(r"^shows \[(?P<cards>[^\]]*)\](?P<text>.*)$")),
    ("muck", re.compile(r"^(?:does not show cards\.?|doesn't show \[.*|mucks.*)$")),
    ("wins", re.compile(
        rf"^wins (?:Lo |Hi )?{_AMOUNT}(?: from the (?P<pot>main pot|side pot ?\d*))?"
    )),
    ("quiet", re.compile(r"^(?:opens|shows[^\[].*|is sitting out|has left the table|sits out)$")),
)  # fmt: skip
_NOISE: Final = re.compile(
    r"^(?:Game #\d+ starts\.|#Game No : \d+|Seat \d+ is the button|Total number of players.*"
    r"|Trny:\d+ Level:\d+|Stakes-Antes\(.*\)|There was no qualifying low hand|Game #\d+ ends\.)$"
)


def looks_like_partypoker(text: str) -> bool:
    """True when one of the first lines of ``text`` is a PartyPoker hand header."""
    return any(HEADER.match(line) for _, line in split_lines(text[:20000])[:50])


def parse_partypoker(text: str) -> StarsFile:
    """Read every hand of a PartyPoker text file (never raises for bad input)."""
    lines = [(n, t.strip()) for n, t in split_lines(text) if not _NOISE.match(t.strip())]
    blocks = blocks_by_header(lines, HEADER)
    return read_room(blocks, _read_hand, lambda block: int(HEADER.match(block[0][1]).group("id")))  # type: ignore[union-attr]


def _read_hand(block: list[Line]) -> StarsHand:
    number, header = block[0]
    hand_id = int(HEADER.match(header).group("id"))  # type: ignore[union-attr]
    if len(block) < 2:
        raise RoomProblem(number, "a PartyPoker hand without its game line")
    gline, game_text = block[1]
    match = _CASH.match(game_text) or _TOURNEY.match(game_text)
    if match is None:
        raise RoomProblem(gline, "cannot read the PartyPoker game line (stakes, limit, game)")
    game_name = match["game"].strip()
    game = _GAMES.get(game_name.lower())
    if game is None:
        raise OtherGame(game_name)
    if (match["limit"] or "FL") != "FL":
        raise OtherGame(f"{match['limit']} {game_name}")
    tournament = "trny" in match.groupdict()
    scale = 1 if tournament else 100
    hand = HandBuilder(hand_id=hand_id, block=block, scale=scale)
    table = ""
    names: list[tuple[str, int]] = []
    for line, text in block[2:]:
        if text.startswith("Table "):
            table = text[len("Table ") :].rsplit(" (", 1)[0].strip()
        elif seat := _SEAT.match(text):
            hand.seat(int(seat["seat"]), seat["name"], money(seat["stack"], line, scale))
            names = sorted(((s.name, s.seat) for s in hand.seats), key=lambda p: -len(p[0]))
        elif street := _STREET.match(text):
            name = street["name"].lower() if street["name"] else None
            if name not in _STREETS:
                raise RoomProblem(line, f"unknown street {text!r}")
            hand.enter(_STREETS[name])
        elif text.startswith("Dealt to "):
            split = _split(names, text[len("Dealt to ") :])
            dealt = re.match(r"^\[(?P<cards>[^\]]*)\]$", split[1].strip()) if split else None
            if split is None or dealt is None:
                raise RoomProblem(line, f"cannot read the deal {text!r}")
            hand.deal(line, split[0], cards(dealt["cards"].replace(",", " "), line))
        elif split := _split(names, text):
            _action(hand, line, *split)
        else:
            raise RoomProblem(line, f"cannot read the line {text!r}")
    _settle(hand)
    return hand.build(
        game=game,
        structure=BettingStructure.FIXED_LIMIT,
        game_name=game_name,
        table=table + (f" level {match['level']}" if tournament else ""),
        currency="" if tournament else "USD",
        small_bet=money(match["small"], gline, scale),
        big_bet=money(match["big"], gline, scale),
        ante=money(match["ante"], gline, scale) if tournament else 0,
        tournament_id=match["trny"] if tournament else "",
    )


def _settle(hand: HandBuilder) -> None:
    """No uncalled bet, pot or rake is written: the bet nobody called goes back (the
    winner's amount includes it), the pot is the chips bet, the rake what the pots won leave
    of it."""
    for seat, chips in uncalled_bet(hand).items():
        for index, e in enumerate(hand.events):
            if e.kind is K.COLLECT and e.seat == seat and e.amount >= chips:
                hand.events[index] = replace(e, amount=e.amount - chips)
                hand.returned(e.line, seat, chips)
                break
        else:
            hand.returned(hand.events[-1].line, seat, chips)
    won: dict[int, StarsSeatResult] = {}
    for e in hand.events:
        if e.kind is K.COLLECT:
            before = won.get(e.seat, StarsSeatResult(seat=e.seat, line=e.line))
            won[e.seat] = StarsSeatResult(seat=e.seat, line=before.line, won=before.won + e.amount)
    returned = sum(e.amount for e in hand.events if e.kind is K.UNCALLED_RETURN)
    pot = sum(e.added for e in hand.events) - returned
    paid = sum(r.won for r in won.values())
    hand.summarize(pot, max(pot - paid, 0), tuple(won.values()))


def _split(names: list[tuple[str, int]], text: str) -> tuple[int, str] | None:
    for name, seat in names:
        if text.startswith(name + " "):
            return seat, text[len(name) + 1 :].strip()
    return None


def _action(hand: HandBuilder, line: int, seat: int, text: str) -> None:
    for kind, pattern in _ACTIONS:
        match = pattern.match(text)
        if match is None:
            continue
        groups = match.groupdict()
        amount = money(groups["amount"], line, hand.scale) if groups.get("amount") else 0
        all_in = bool(groups.get("all_in"))
        before = hand.street_bets.get(seat, 0)
        if kind == "ante":
            hand.post(K.ANTE, line, seat, amount)
        elif kind == "bring_in":
            hand.post(K.BRING_IN, line, seat, amount)
        elif kind == "complete":
            hand.raise_to(line, seat, amount)
        elif kind in ("bet", "double"):  # "double bets": the 4th-street open-pair big bet
            if kind == "double":
                hand.unsized.add(line)
            hand.bet(line, seat, amount, all_in=all_in)
        elif kind == "call":
            hand.call(line, seat, amount, all_in=all_in)
        elif kind == "raise":  # "raises [X]": X chips added
            hand.raise_to(line, seat, before + amount, all_in=all_in)
        elif kind == "all_in":
            hand.put_in(line, seat, amount, all_in=True)
        elif kind == "check":
            hand.emit(K.CHECK, line, seat=seat)
        elif kind == "fold":
            hand.emit(K.FOLD, line, seat=seat)
        elif kind == "show":
            hand.enter(StarsStreet.SHOWDOWN)
            hand.show(line, seat, cards(groups["cards"].replace(",", " "), line), groups["text"])
        elif kind == "muck":
            hand.enter(StarsStreet.SHOWDOWN)
            hand.emit(K.MUCK, line, seat=seat)
        elif kind == "wins":
            pot = groups.get("pot") or "main pot"
            hand.collect(line, seat, amount, pot=1 if pot.startswith("side") else 0)
        return
    raise RoomProblem(line, f"cannot read the action {text!r}")
