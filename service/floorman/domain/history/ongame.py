"""OnGame text reader: a file's text -> hands of the seed games.

Pure: takes the decoded text. The result uses the PokerStars-style model
(:mod:`floorman.domain.history.pokerstars_model`). :func:`parse_ongame` never raises on bad
input.

The grammar (docs/hand-history-formats.md, "OnGame text"): ``***** History for hand
R5-T-N *****``, ``Start hand: date``, ``Table: NAME [T] (LIMIT FIVE_CARD_DRAW $0.05/$0.10[,
ante: $0.05], Real money)`` (the small and big bet; ``POT_LIMIT`` / ``NO_LIMIT``: the blinds),
``Button: seat N``, ``Seat N: NAME ($X)``; ``NAME posts ante $X``, ``posts small blind ($X)``,
``posts big blind ($X)``, ``posts dead blind ($X)`` (with a big blind: a dead small blind),
``small bring in $X`` (the bring-in), ``big bring in $X`` (the bring-in seat completes),
``bets $X``, ``calls $X [all in]`` (chips added), ``raises $X to $Y`` (X: the chips added;
Y: the seat's total for the hand), ``checks``, ``folds``, ``changed N cards``, ``New hand
for Hero: [..]``; ``Dealing to NAME: [-, -, Kd]`` (``-`` unknown); ``---`` and ``Dealing Nth
street`` / ``Dealing river`` between streets; the summary ``Main pot: $X won by NAME ($Y)[,
NAME ($Z)]``, ``Side pot K: ...``, ``Rake taken: $R`` and ``Seat N: NAME ($final), net: ..,
[cards] (rank)``: the cards a seat showed are written only there, so a seat still in at the
end shows them there; with none written, a seat paid from the pot showed cards the record
does not give (unknown), a seat not paid mucked.
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
AMT: Final = r"\$?\d[\d,]*(?:\.\d+)?"
HEADER: Final = re.compile(r"^\*{5} History for hand (?P<id>\S+) \*{5}$")
_TABLE: Final = re.compile(
    rf"^Table: (?P<name>.+?) \[(?P<id>\d+)\] \((?P<limit>[A-Z_]+) (?P<game>[A-Z_0-9]+)"
    rf" (?P<small>{AMT})/(?P<big>{AMT})(?:, ante: (?P<ante>{AMT}))?, (?P<money>[^)]*)\)"
)
_GAMES: Final = {
    "SEVEN_CARD_STUD": Game.SEVEN_CARD_STUD,
    "SEVEN_CARD_STUD_HI_LO": Game.SEVEN_CARD_STUD_HI_LO,
    "RAZZ": Game.RAZZ,
    "FIVE_CARD_DRAW": Game.FIVE_CARD_DRAW,
}
_LIMITS: Final = {
    "LIMIT": BettingStructure.FIXED_LIMIT,
    "POT_LIMIT": BettingStructure.POT_LIMIT,
    "NO_LIMIT": BettingStructure.NO_LIMIT,
}
_SEAT: Final = re.compile(rf"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{AMT})\)$")
_ALL_IN: Final = r"(?P<all_in> \[all in\])?"
_ACTIONS: Final = (
    ("ante", re.compile(rf"^posts ante (?P<amount>{AMT}){_ALL_IN}$")),
    ("small_blind", re.compile(rf"^posts small blind \((?P<amount>{AMT})\){_ALL_IN}$")),
    ("big_blind", re.compile(rf"^posts big blind \((?P<amount>{AMT})\){_ALL_IN}$")),
    ("dead_blind", re.compile(rf"^posts dead blind \((?P<amount>{AMT})\){_ALL_IN}$")),
    ("bring_in", re.compile(rf"^small bring in (?P<amount>{AMT}){_ALL_IN}$")),
    ("complete", re.compile(rf"^big bring in (?P<amount>{AMT}){_ALL_IN}$")),
    ("bet", re.compile(rf"^bets (?P<amount>{AMT}){_ALL_IN}$")),
    ("call", re.compile(rf"^calls (?P<amount>{AMT}){_ALL_IN}$")),
    ("raise", re.compile(rf"^raises (?P<amount>{AMT}) to (?P<to>{AMT}){_ALL_IN}$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds$")),
    ("draw", re.compile(r"^changed (?P<count>\d+) cards?$")),
    ("pat", re.compile(r"^(?:stands pat|changed no cards)$")),
    ("quiet", re.compile(r"^(?:sits out|is sitting out|sits in|joins the table|leaves.*)$")),
)
_STREETS: Final = {
    "pocket cards": None,  # the first street: third street or the first betting round
    "4th street": StarsStreet.FOURTH_STREET,
    "5th street": StarsStreet.FIFTH_STREET,
    "6th street": StarsStreet.SIXTH_STREET,
    "river": StarsStreet.SEVENTH_STREET,
}
_POT: Final = re.compile(
    rf"^(?P<pot>Main pot|Side pot(?: (?P<k>\d+))?): (?P<amount>{AMT}) won by (?P<who>.+)$"
)
_RAKE: Final = re.compile(rf"^Rake taken: (?P<amount>{AMT})$")
_RESULT: Final = re.compile(r"^Seat (?P<seat>\d+): .*?(?:, \[(?P<cards>[^\]]*)\].*)?$")


def looks_like_ongame(text: str) -> bool:
    """True when one of the first lines of ``text`` is an OnGame hand header."""
    return any(HEADER.match(line) for _, line in split_lines(text[:20000])[:50])


def parse_ongame(text: str) -> StarsFile:
    """Read every hand of an OnGame text file (never raises for bad input)."""
    lines = [(n, t) for n, t in split_lines(text) if not t.startswith("***** End of hand")]
    blocks = blocks_by_header(lines, HEADER)
    return read_room(blocks, _read_hand, lambda block: HEADER.match(block[0][1]).group("id"))  # type: ignore[union-attr,arg-type,return-value]


def _read_hand(block: list[Line]) -> StarsHand:
    number, header = block[0]
    table_line = next(((n, m) for n, t in block[1:5] if (m := _TABLE.match(t))), None)
    if table_line is None:
        raise RoomProblem(number, "cannot read the OnGame table line (limit, game, stakes)")
    tline, table = table_line
    game = _GAMES.get(table["game"])
    structure = _LIMITS.get(table["limit"])
    if game is None or structure is None:
        raise OtherGame(f"{table['limit']} {table['game']}")
    scale = 100 if "$" in table["small"] or "Real" in table["money"] else 1
    hand_id = HEADER.match(header).group("id")  # type: ignore[union-attr]
    hand = HandBuilder(hand_id=hand_id, block=block, scale=scale)
    reader = _Reader(hand, game)
    button = 0
    for line, text in block[1:]:
        if line == tline or text.startswith(("Start hand:", "User:", "Players in round")):
            continue
        if text.startswith("Button: seat "):
            button = int(text.split()[-1])
        elif reader.summary:
            reader.summary_line(line, text)
        elif seat := _SEAT.match(text):
            hand.seat(int(seat["seat"]), seat["name"], money(seat["stack"], line, scale))
            reader.names = sorted(((s.name, s.seat) for s in hand.seats), key=lambda p: -len(p[0]))
        else:
            reader.line(line, text)
    reader.finish()
    small, big = money(table["small"], tline, scale), money(table["big"], tline, scale)
    fixed = structure is BettingStructure.FIXED_LIMIT or game.is_stud
    return hand.build(
        game=game,
        structure=structure,
        game_name=table["game"],
        table=table["name"],
        currency="USD" if scale == 100 else "",
        small_bet=small if fixed else 0,
        big_bet=big if fixed else 0,
        small_blind=0 if fixed else small,
        big_blind=0 if fixed else big,
        ante=money(table["ante"], tline, scale) if table["ante"] else 0,
        button=button if game.is_draw else 0,
    )


class _Reader:
    def __init__(self, hand: HandBuilder, game: Game) -> None:
        self.hand = hand
        self.game = game
        self.names: list[tuple[str, int]] = []
        self.summary = False
        self.results: list[StarsSeatResult] = []
        self.total = 0
        self.total_line = 0
        self.rake: int | None = None
        self.folded: set[int] = set()

    def split(self, text: str, separator: str = " ") -> tuple[int, str] | None:
        for name, seat in self.names:
            if text.startswith(name + separator):
                return seat, text[len(name) + len(separator) :]
        return None

    def line(self, line: int, text: str) -> None:
        hand = self.hand
        if text.strip() == "---":
            return
        if text == "Summary:":
            self.summary = True
            return
        if text.startswith("Dealing to "):
            split = self.split(text[len("Dealing to ") :], ": ")
            if split is None:
                raise RoomProblem(line, f"cannot read the deal {text!r}")
            listed = split[1].strip("[]").split(",")
            new = cards(" ".join("??" if c.strip() == "-" else c.strip() for c in listed), line)
            hand.deal(line, split[0], new)
            return
        if text.startswith("Dealing "):
            name = text[len("Dealing ") :].strip().lower()
            if name not in _STREETS:
                raise RoomProblem(line, f"unknown street {text!r}")
            street = _STREETS[name]
            if street is None:
                street = StarsStreet.THIRD_STREET if self.game.is_stud else StarsStreet.FIRST_ROUND
            hand.enter(street)
            return
        if text.startswith("New hand for "):
            split = self.split(text[len("New hand for ") :], ": ")
            if split is None:
                raise RoomProblem(line, f"cannot read the new hand {text!r}")
            self._new_hand(line, split[0], cards(split[1].strip("[]").replace(",", " "), line))
            return
        split = self.split(text)
        if split is None:
            raise RoomProblem(line, f"cannot read the line {text!r}")
        self._action(line, *split)

    def _action(self, line: int, seat: int, text: str) -> None:
        hand = self.hand
        for kind, pattern in _ACTIONS:
            match = pattern.match(text)
            if match is None:
                continue
            groups = match.groupdict()
            amount = money(groups["amount"], line, hand.scale) if groups.get("amount") else 0
            all_in = bool(groups.get("all_in"))
            betting = kind in ("bet", "call", "raise", "check", "fold")
            if betting and hand.street is StarsStreet.DRAW:
                hand.enter(StarsStreet.SECOND_ROUND)
            if kind == "ante":
                hand.post(K.ANTE, line, seat, amount, all_in=all_in)
            elif kind == "small_blind":
                hand.post(K.SMALL_BLIND, line, seat, amount, all_in=all_in)
            elif kind == "big_blind":
                hand.post(K.BIG_BLIND, line, seat, amount, all_in=all_in)
            elif kind == "dead_blind":
                self._dead_blind(line, seat, amount)
            elif kind == "bring_in":
                hand.post(K.BRING_IN, line, seat, amount, all_in=all_in)
            elif kind in ("complete", "raise"):  # X: the chips added
                hand.aggress_to(line, seat, hand.street_bets.get(seat, 0) + amount, all_in=all_in)
            elif kind == "bet":
                hand.bet(line, seat, amount, all_in=all_in)
            elif kind == "call":
                hand.call(line, seat, amount, all_in=all_in)
            elif kind == "check":
                hand.emit(K.CHECK, line, seat=seat)
            elif kind == "fold":
                self.folded.add(seat)
                hand.emit(K.FOLD, line, seat=seat)
            elif kind in ("draw", "pat"):
                hand.enter(StarsStreet.DRAW)
                count = int(groups.get("count") or 0)
                hand.discard(line, seat, (), count)
            return
        raise RoomProblem(line, f"cannot read the action {text!r}")

    def _dead_blind(self, line: int, seat: int, amount: int) -> None:
        """``posts dead blind`` after the seat's big blind: one live big and dead small."""
        hand = self.hand
        for index in range(len(hand.events) - 1, -1, -1):
            e = hand.events[index]
            if e.seat == seat and e.kind is K.BIG_BLIND:
                del hand.events[index]
                total = e.amount + amount
                hand.street_bets[seat] = hand.street_bets.get(seat, 0) + amount
                hand.events.insert(
                    index,
                    type(e)(
                        kind=K.SMALL_AND_BIG_BLINDS, line=e.line, street=e.street, seat=seat,
                        amount=total, added=total, all_in=e.all_in,
                    ),
                )  # fmt: skip
                return
        hand.post(K.SMALL_BLIND, line, seat, amount, dead=True)

    def _new_hand(self, line: int, seat: int, new_hand: tuple) -> None:  # type: ignore[type-arg]
        """The hero's cards after the draw: the discards are the old cards not kept."""
        hand = self.hand
        held = list(hand.held.get(seat, ()))
        kept = [c for c in held if c in new_hand]
        thrown = tuple(c for c in held if c not in new_hand)
        for index in range(len(hand.events) - 1, -1, -1):
            e = hand.events[index]
            if e.street is not StarsStreet.DRAW:
                hand.enter(StarsStreet.DRAW)  # no "changed" line: this line is the draw
                hand.discard(line, seat, thrown, len(thrown))
                break
            if e.seat == seat and e.kind in (K.DISCARD, K.STAND_PAT):
                if e.kind is K.DISCARD:
                    hand.events[index] = type(e)(
                        kind=e.kind, line=e.line, street=e.street, seat=seat, amount=e.amount,
                        cards=thrown if len(thrown) == e.amount else (),
                    )  # fmt: skip
                break
        hand.held[seat] = kept
        hand.deal(line, seat, tuple(c for c in new_hand if c not in kept))

    def summary_line(self, line: int, text: str) -> None:
        hand = self.hand
        if pot := _POT.match(text):
            self.total += money(pot["amount"], line, hand.scale)
            self.total_line = self.total_line or line
            k = int(pot["k"] or 1) if pot["pot"].startswith("Side") else 0
            for who in re.finditer(rf"(?P<name>.+?) \((?P<amount>{AMT})\)(?:, |$)", pot["who"]):
                seat = next((s for n, s in self.names if n == who["name"]), None)
                if seat is None:
                    raise RoomProblem(line, f"{who['name']!r} is not seated in this hand")
                hand.collect(line, seat, money(who["amount"], line, hand.scale), pot=k)
        elif rake := _RAKE.match(text):
            self.rake = money(rake["amount"], line, hand.scale)
        elif result := _RESULT.match(text):
            shown = cards(result["cards"].replace(",", " "), line) if result["cards"] else ()
            self.results.append(StarsSeatResult(seat=int(result["seat"]), line=line, showed=shown))
        elif text.strip() != "---":
            raise RoomProblem(line, f"cannot read the summary line {text!r}")

    def finish(self) -> None:
        """The showdown the summary implies: a seat still in shows the cards written for it
        in the summary, or mucks."""
        hand = self.hand
        for seat, chips in uncalled_bet(hand).items():  # no uncalled-bet line is written
            hand.returned(hand.events[-1].line, seat, chips)
        _blinds_of_one_size(hand)
        hand.enter(StarsStreet.SHOWDOWN)
        dealt = {e.seat for e in hand.events if e.seat and e.kind is not K.COLLECT}
        live = [r for r in self.results if r.seat in dealt and r.seat not in self.folded]
        collects = [e for e in hand.events if e.kind is K.COLLECT]
        others = [e for e in hand.events if e.kind is not K.COLLECT]
        hand.events = others
        if len(live) > 1:
            paid = {e.seat for e in collects}
            size = 7 if self.game.is_stud else 5
            for result in live:
                if result.showed:
                    hand.show(result.line, result.seat, result.showed)
                elif result.seat in paid:  # shown at the table, not written: unknown cards
                    held = tuple(hand.held.get(result.seat, ()))
                    hand.show(result.line, result.seat, held or (None,) * size)
                else:
                    hand.emit(K.MUCK, result.line, seat=result.seat)
        hand.events.extend(collects)
        won: dict[int, int] = {}
        for e in collects:
            won[e.seat] = won.get(e.seat, 0) + e.amount
        results = tuple(
            StarsSeatResult(seat=r.seat, line=r.line, showed=r.showed, won=won.get(r.seat, 0))
            for r in self.results
        )
        hand.summarize(self.total, self.rake, results)


def _blinds_of_one_size(hand: HandBuilder) -> None:
    """Blinds of one size (``$1/$1``) are both written "posts big blind": with no small blind
    posted, the first of two big blinds is the small blind."""
    kinds = [e.kind for e in hand.events]
    if K.SMALL_BLIND in kinds or kinds.count(K.BIG_BLIND) < 2:
        return
    index = kinds.index(K.BIG_BLIND)
    first = hand.events[index]
    hand.events[index] = replace(first, kind=K.SMALL_BLIND)
