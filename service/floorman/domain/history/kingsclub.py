"""KingsClub text reader: a file's text -> stud hands in the PokerStars-style model
(:mod:`floorman.domain.history.pokerstars_model`).

Pure: takes the decoded text. :func:`parse_kingsclub` never raises on bad input: a hand it
cannot read is a :class:`StarsProblem` with the line, a hand of another game a
:class:`StarsUnsupported`. Beside each hand the reader keeps the summary's final stacks, rake
and wins (:class:`KingsClubResult`). The grammar (``docs/hand-history-formats.md``,
"KingsClub"): ``#N: Limit Seven Card Stud - 44/88``, a date line, ``Table 'name'``, ``Seat 1:
name (2,146.30)``, ``name: posts ante X``, ``Dealt to name: [X X 2s]`` (``X`` a card not
seen), ``brings in for X``, ``bets X`` (chips added), ``raises to X`` / ``calls X`` (the
street total), ``checks``, ``folds``, ``, and is all in``, ``shows [..]``; the first betting
round comes before any marker and ``*** 3RD STREET ***`` deals the 4th street (each marker
names the street before the one dealt); ``*** SUMMARY ***``: ``Seat 1: name (final) +/-net``,
``Rake R``, ``name wins pot (X)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from floorman.domain.history.pokerstars_model import (
    StarsEventKind,
    StarsFile,
    StarsHand,
    StarsProblem,
    StarsStreet,
    StarsUnsupported,
)
from floorman.domain.history.room_text import HandBuilder, RoomProblem, split_blocks
from floorman.domain.model import BettingStructure, Game

K = StarsEventKind
AMT: Final = r"[\d,]+(?:\.\d+)?"
_START: Final = re.compile(r"^#\d+: ")
_HEADER: Final = re.compile(
    rf"^#(?P<id>\d+): (?P<limit>Limit|Pot Limit|No Limit) (?P<game>.+?) - "
    rf"(?P<small>{AMT})/(?P<big>{AMT})$"
)
_GAMES: Final = {
    "seven card stud": Game.SEVEN_CARD_STUD,
    "seven card stud hi-lo": Game.SEVEN_CARD_STUD_HI_LO,
    "razz": Game.RAZZ,
}
_SEAT: Final = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMT})\)$")
_MARKERS: Final = {  # the marker names the street before the one it deals
    "3rd street": StarsStreet.FOURTH_STREET,
    "4th street": StarsStreet.FIFTH_STREET,
    "5th street": StarsStreet.SIXTH_STREET,
    "6th street": StarsStreet.SEVENTH_STREET,
    "summary": StarsStreet.SUMMARY,
}
_MARKER: Final = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*$")
_ALL_IN: Final = r"(?P<all_in>,? and is all in)?"
_ACTIONS: Final = (
    ("ante", re.compile(rf"^posts ante (?P<amount>{AMT}){_ALL_IN}$")),
    ("bring_in", re.compile(rf"^brings in for (?P<amount>{AMT}){_ALL_IN}$")),
    ("bet", re.compile(rf"^bets (?P<amount>{AMT}){_ALL_IN}$")),
    ("raise", re.compile(rf"^raises to (?P<amount>{AMT}){_ALL_IN}$")),
    ("call", re.compile(rf"^calls (?P<amount>{AMT}){_ALL_IN}$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
    ("muck", re.compile(r"^mucks.*$")),
    ("show", re.compile(r"^shows \[(?P<cards>[^\]]*)\].*$")),
)
_FINAL: Final = re.compile(rf"^Seat (?P<seat>\d+): .+ \((?P<final>{AMT})\) [+-]?{AMT}$")
_RAKE: Final = re.compile(rf"^Rake (?P<rake>{AMT})$")
_WINS: Final = re.compile(rf"^(?P<name>.+) wins (?:the )?(?:[\w-]+ )*pot \((?P<amount>{AMT})\)$")
_DATE: Final = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?$")


@dataclass(frozen=True, slots=True, kw_only=True)
class KingsClubResult:
    """The summary: final stacks (seat -> minor units, with the line), rake, wins."""

    final_stacks: dict[int, int]
    final_line: int
    rake: int
    rake_line: int
    wins: dict[int, int]
    win_lines: dict[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class KingsClubHand:
    """One hand and its summary (``None``: the hand has none)."""

    hand: StarsHand
    result: KingsClubResult | None


@dataclass(frozen=True, slots=True, kw_only=True)
class KingsClubFile:
    """The hands read, the hands of other games and the problems."""

    hands: tuple[KingsClubHand, ...]
    unsupported: tuple[StarsUnsupported, ...]
    problems: tuple[StarsProblem, ...]

    def stars_file(self) -> StarsFile:
        """The same hands as a :class:`StarsFile` (without the summaries)."""
        return StarsFile(
            hands=tuple(h.hand for h in self.hands),
            unsupported=self.unsupported,
            problems=self.problems,
        )


def looks_like_kingsclub(text: str) -> bool:
    """True when ``text`` starts a hand with a KingsClub header (``#N: Limit <game> - a/b``)."""
    head = text.lstrip("\ufeff \r\n")[:300].splitlines()
    return bool(head) and _HEADER.match(head[0].strip()) is not None


def parse_kingsclub(text: str) -> KingsClubFile:
    """Read every hand of a KingsClub export.

    Returns:
        The seed-game hands in file order, the hands of other games, and one problem per
        hand that could not be read (with its line). Never raises for bad input.
    """
    hands: list[KingsClubHand] = []
    unsupported: list[StarsUnsupported] = []
    problems: list[StarsProblem] = []
    for block in split_blocks(text, _START):
        number, first = block[0]
        header = _HEADER.match(first)
        found = re.match(r"^#(\d+)", first)
        hand_id = int(found.group(1)) if found else 0
        if header is None:
            problems.append(
                StarsProblem(
                    line=number, message="cannot read the KingsClub header", hand_id=hand_id
                )
            )
            continue
        game = _GAMES.get(header.group("game").lower())
        if game is None or header.group("limit") != "Limit":
            unsupported.append(
                StarsUnsupported(line=number, hand_id=hand_id, game_name=header.group("game"))
            )
            continue
        try:
            hands.append(_read(block, header, game, hand_id))
        except RoomProblem as exc:
            problems.append(StarsProblem(line=exc.line, message=exc.message, hand_id=hand_id))
    return KingsClubFile(
        hands=tuple(hands), unsupported=tuple(unsupported), problems=tuple(problems)
    )


def _read(
    block: list[tuple[int, str]], header: re.Match[str], game: Game, hand_id: int
) -> KingsClubHand:
    number = block[0][0]
    when = next((text for _, text in block[1:3] if _DATE.match(text)), "")
    title = f"KingsClub Hand #{hand_id}: {when.replace('-', '/')}"
    builder = HandBuilder(hand_id=hand_id, line=number, scale=100, header=title)
    table = ""
    finals: dict[int, int] = {}
    wins: dict[int, int] = {}
    win_lines: dict[int, int] = {}
    rake, rake_line, final_line = 0, 0, 0
    shows: list[tuple[int, int, str]] = []
    for line, text in block[1:]:
        if builder.street is StarsStreet.SUMMARY:
            if final := _FINAL.match(text):
                finals[int(final.group("seat"))] = builder.money(final.group("final"), line)
                final_line = final_line or line
            elif found := _RAKE.match(text):
                rake, rake_line = builder.money(found.group("rake"), line), line
            elif won := _WINS.match(text):
                seat = builder.seat_of(won.group("name"), line)
                wins[seat] = wins.get(seat, 0) + builder.money(won.group("amount"), line)
                win_lines.setdefault(seat, line)
            else:
                raise RoomProblem(line, f"cannot read the summary line {text!r}")
        elif builder.street is StarsStreet.SETUP and (seat := _SEAT.match(text)):
            builder.add_seat(
                int(seat.group("seat")),
                seat.group("name"),
                builder.money(seat.group("stack"), line),
            )
        elif text.startswith("Table "):
            table = text[len("Table ") :].strip("'")
        elif _DATE.match(text):
            continue
        elif marker := _MARKER.match(text):
            street = _MARKERS.get(marker.group("name").lower())
            if street is None:
                raise RoomProblem(line, f"unknown section {text!r}")
            builder.new_street(street)
        elif text.startswith("Dealt to "):
            split = builder.split_name(text[len("Dealt to ") :], ": ")
            cards = re.match(r"^\[(?P<cards>[^\]]*)\]$", split[1]) if split else None
            if split is None or cards is None:
                raise RoomProblem(line, f"cannot read the deal {text!r}")
            if builder.street is StarsStreet.SETUP:
                builder.street = StarsStreet.THIRD_STREET
            builder.emit(K.DEAL, line, split[0], cards=builder.cards(cards.group("cards"), line))
        elif split := builder.split_name(text, ": ") or builder.split_name(text, " "):
            _action(builder, split[0], split[1], line, shows)
        else:
            raise RoomProblem(line, f"cannot read the line {text!r}")
    _shows(builder, shows)
    result = None
    if finals or wins:
        result = KingsClubResult(
            final_stacks=finals,
            final_line=final_line,
            rake=rake,
            rake_line=rake_line,
            wins=wins,
            win_lines=win_lines,
        )
    small = builder.money(header.group("small"), number)
    big = builder.money(header.group("big"), number)
    hand = builder.build(
        game=game,
        structure=BettingStructure.FIXED_LIMIT,
        game_name=header.group("game"),
        stakes=builder.stud_stakes(small, big),
        table=table,
        currency="",
        digest_text="\n".join(text for _, text in block),
    )
    return KingsClubHand(hand=hand, result=result)


def _action(
    builder: HandBuilder, seat: int, rest: str, line: int, shows: list[tuple[int, int, str]]
) -> None:
    for kind, pattern in _ACTIONS:
        match = pattern.match(rest)
        if match is None:
            continue
        groups = match.groupdict()
        amount = builder.money(groups["amount"], line) if groups.get("amount") else 0
        all_in = bool(groups.get("all_in"))
        if kind == "ante":
            builder.post(K.ANTE, seat, amount, line, all_in=all_in)
        elif kind == "bring_in":
            if builder.street is StarsStreet.SETUP:
                builder.street = StarsStreet.THIRD_STREET
            builder.post(K.BRING_IN, seat, amount, line, all_in=all_in)
        elif kind == "bet":
            builder.adds(seat, amount, line, all_in=all_in)
        elif kind == "raise":
            builder.to_total(seat, amount, line, all_in=all_in)
        elif kind == "call":
            builder.call(seat, amount - builder.bets[seat], line, all_in=all_in)
        elif kind == "check":
            builder.emit(K.CHECK, line, seat)
        elif kind == "fold":
            builder.emit(K.FOLD, line, seat)
        elif kind == "muck":
            builder.emit(K.MUCK, line, seat)
        else:
            shows.append((seat, line, groups["cards"]))
        return
    raise RoomProblem(line, f"cannot read the action {rest!r}")


def _shows(builder: HandBuilder, shows: list[tuple[int, int, str]]) -> None:
    """The shows, at the end of the hand: a hand shown before the last cards (after an
    all-in) shows the cards it ends with, those dealt later included (unknown when the
    room writes ``X``)."""
    builder.street = StarsStreet.SHOWDOWN
    for seat, line, text in shows:
        cards = builder.cards(text, line)
        later = [e for e in builder.events if e.kind is K.DEAL and e.seat == seat]
        dealt = sum(len(e.cards) for e in later)
        if len(cards) < dealt:
            extra = [c for e in later for c in e.cards][len(cards) :]
            cards = cards + tuple(extra)
        builder.emit(K.SHOW, line, seat, cards=cards)
