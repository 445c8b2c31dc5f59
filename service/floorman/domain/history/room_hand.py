"""Shared building blocks of the room readers that parse into the PokerStars-style model.

A room reader (Bovada, Merge, Everleaf, OnGame, Winamax, PartyPoker) answers the same
questions in the same order (fpdb's HandHistoryConverter skeleton): recognise, split into
hands, header, seats, forced bets, actions street by street, cards, showdown, collected pots
and rake. :class:`HandBuilder` turns those answers into a
:class:`~floorman.domain.history.pokerstars_model.StarsHand`: it keeps each seat's chips on
the current street, so a room writing "raises to Y", "raises by X" or just the chips put in
becomes the one RAISE event the PokerStars mapping reads (``amount`` increment, ``to_amount``
street total, ``added`` chips moved). :func:`read_room` runs a reader over every hand block
and never raises for bad input: a hand it cannot read is a :class:`StarsProblem` with the
line, a hand of another game a :class:`StarsUnsupported`.

Pure: text in, hands out. Amounts are integer minor units (:func:`parse_money`).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from typing import Final

from floorman.domain.cards import Card
from floorman.domain.games import game_spec
from floorman.domain.history.amounts import parse_card_list, parse_money
from floorman.domain.history.limits import text_digest
from floorman.domain.history.pokerstars_model import (
    DRAW_STREETS,
    StarsEvent,
    StarsEventKind,
    StarsFile,
    StarsHand,
    StarsProblem,
    StarsSeat,
    StarsSeatResult,
    StarsStreet,
    StarsSummary,
    StarsUnsupported,
)
from floorman.domain.model import BettingStructure, Game, Stakes

K = StarsEventKind
Line = tuple[int, str]
"""A 1-based line number and the line's text (line end and byte-order mark removed)."""

_SMALL_STREETS: Final = frozenset(
    {
        StarsStreet.FIRST_ROUND,
        StarsStreet.SECOND_STREET,
        StarsStreet.THIRD_STREET,
        StarsStreet.FOURTH_STREET,
    }
)
_BIG_STREETS: Final = frozenset(
    {
        StarsStreet.SECOND_ROUND,
        StarsStreet.FIFTH_STREET,
        StarsStreet.SIXTH_STREET,
        StarsStreet.SEVENTH_STREET,
    }
)
STUD_STREETS: Final = (
    StarsStreet.THIRD_STREET,
    StarsStreet.FOURTH_STREET,
    StarsStreet.FIFTH_STREET,
    StarsStreet.SIXTH_STREET,
    StarsStreet.SEVENTH_STREET,
)


class RoomProblem(Exception):
    """A line a room reader cannot understand (becomes a :class:`StarsProblem`)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


class OtherGame(Exception):
    """The hand is of a game floorman does not play (becomes a :class:`StarsUnsupported`)."""

    def __init__(self, game_name: str) -> None:
        super().__init__(game_name)
        self.game_name = game_name


def split_lines(text: str) -> list[Line]:
    """Every line of ``text`` with its number: CRLF / CR accepted, byte-order marks, NULs
    and trailing blanks removed."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [
        (number, raw.replace("\ufeff", "").replace("\x00", "").rstrip())
        for number, raw in enumerate(lines, start=1)
    ]


def blocks_by_header(lines: list[Line], header: re.Pattern[str]) -> list[list[Line]]:
    """The hands of a file: each block starts at a line ``header`` matches and runs to the
    next one (blank lines dropped; text before the first header is ignored)."""
    blocks: list[list[Line]] = []
    for number, line in lines:
        if header.match(line):
            blocks.append([(number, line)])
        elif line.strip() and blocks:
            blocks[-1].append((number, line))
    return blocks


def read_room(
    blocks: Iterable[list[Line]],
    read_hand: Callable[[list[Line]], StarsHand],
    hand_id_of: Callable[[list[Line]], int | str],
) -> StarsFile:
    """Run ``read_hand`` over every block; problems and other games are collected, never
    raised."""
    hands: list[StarsHand] = []
    unsupported: list[StarsUnsupported] = []
    problems: list[StarsProblem] = []
    for block in blocks:
        first = block[0][0]
        try:
            hand_id = hand_id_of(block)
        except (ValueError, AttributeError):
            hand_id = 0
        try:
            hands.append(read_hand(block))
        except OtherGame as other:
            unsupported.append(
                StarsUnsupported(line=first, hand_id=hand_id, game_name=other.game_name)
            )
        except RoomProblem as problem:
            problems.append(
                StarsProblem(line=problem.line, message=problem.message, hand_id=hand_id)
            )
    return StarsFile(hands=tuple(hands), unsupported=tuple(unsupported), problems=tuple(problems))


def money(text: str, line: int, scale: int) -> int:
    """``text`` in minor units (a currency sign after the number accepted, ``33.90€``);
    :class:`RoomProblem` when it is not an amount."""
    try:
        return parse_money(text.strip().rstrip("€$£").strip(), scale=scale)
    except ValueError as exc:
        raise RoomProblem(line, str(exc)) from None


def cards(text: str | None, line: int) -> tuple[Card | None, ...]:
    """The cards of a written list (``"Ah Kd"``); :class:`RoomProblem` naming a bad card."""
    if not text or not text.strip():
        return ()
    try:
        return parse_card_list(text.strip())
    except ValueError as exc:
        raise RoomProblem(line, str(exc)) from None


class HandBuilder:
    """Collects one hand's seats and events, tracking each seat's chips on the street."""

    def __init__(self, *, hand_id: int | str, block: list[Line], scale: int) -> None:
        self.hand_id = hand_id
        self.block = block
        self.scale = scale
        self.seats: list[StarsSeat] = []
        self.events: list[StarsEvent] = []
        self.street = StarsStreet.SETUP
        self.street_bets: dict[int, int] = {}
        self.held: dict[int, list[Card | None]] = {}
        self.summary: StarsSummary | None = None
        self.unsized: set[int] = set()  # lines whose bet is not the street's size (double bets)

    # -- seats and streets -------------------------------------------------------------

    def seat(self, seat: int, name: str, stack: int, *, sitting_out: bool = False) -> None:
        self.seats.append(StarsSeat(seat=seat, name=name, stack=stack, sitting_out=sitting_out))

    def seat_named(self, name: str, line: int) -> int:
        for listed in self.seats:
            if listed.name == name:
                return listed.seat
        raise RoomProblem(line, f"{name!r} is not seated in this hand")

    def enter(self, street: StarsStreet) -> None:
        """Move to ``street``; a new betting street starts with no chips bet."""
        if street is self.street:
            return
        betting = street not in (StarsStreet.SHOWDOWN, StarsStreet.SUMMARY, *DRAW_STREETS)
        if betting and self.street is not StarsStreet.SETUP:
            self.street_bets = {}
        self.street = street

    def emit(self, kind: StarsEventKind, line: int, **fields: object) -> None:
        self.events.append(StarsEvent(kind=kind, line=line, street=self.street, **fields))  # type: ignore[arg-type]

    # -- forced bets and betting -------------------------------------------------------

    def post(self, kind: StarsEventKind, line: int, seat: int, amount: int, **flags: bool) -> None:
        """An ante, blind or bring-in of ``amount`` (blinds and bring-in count as bets)."""
        if kind is not K.ANTE and not flags.get("dead"):
            self.street_bets[seat] = self.street_bets.get(seat, 0) + amount
        self.emit(kind, line, seat=seat, amount=amount, added=amount, **flags)

    def high(self) -> int:
        return max(self.street_bets.values(), default=0)

    def bet(self, line: int, seat: int, added: int, *, all_in: bool = False) -> None:
        self.street_bets[seat] = self.street_bets.get(seat, 0) + added
        self.emit(K.BET, line, seat=seat, amount=added, added=added, all_in=all_in)

    def call(self, line: int, seat: int, added: int, *, all_in: bool = False) -> None:
        self.street_bets[seat] = self.street_bets.get(seat, 0) + added
        self.emit(K.CALL, line, seat=seat, amount=added, added=added, all_in=all_in)

    def raise_to(self, line: int, seat: int, to: int, *, all_in: bool = False) -> None:
        before = self.street_bets.get(seat, 0)
        self.street_bets[seat] = to
        self.emit(
            K.RAISE, line, seat=seat, amount=to - before, to_amount=to, added=to - before,
            all_in=all_in,
        )  # fmt: skip

    def put_in(self, line: int, seat: int, added: int, *, all_in: bool = False) -> None:
        """Chips put in without the kind written (an all-in line): a call up to the high
        bet, a bet on an unopened street, else a raise."""
        before, high = self.street_bets.get(seat, 0), self.high()
        if before + added <= high:
            self.call(line, seat, added, all_in=all_in)
        elif high == 0:
            self.bet(line, seat, added, all_in=all_in)
        else:
            self.raise_to(line, seat, before + added, all_in=all_in)

    def aggress_to(self, line: int, seat: int, to: int, *, all_in: bool = False) -> None:
        """A bet or raise to a street total ``to`` (a bet when nobody has bet)."""
        if self.high() == 0:
            self.bet(line, seat, to - self.street_bets.get(seat, 0), all_in=all_in)
        else:
            self.raise_to(line, seat, to, all_in=all_in)

    # -- cards -------------------------------------------------------------------------

    def deal(self, line: int, seat: int, new: tuple[Card | None, ...]) -> None:
        held = self.held.setdefault(seat, [])
        self.emit(K.DEAL, line, seat=seat, cards=new, previous=tuple(held))
        held.extend(new)

    def discard(self, line: int, seat: int, thrown: tuple[Card | None, ...], count: int) -> None:
        if count:
            self.emit(K.DISCARD, line, seat=seat, amount=count, cards=thrown)
            held = self.held.get(seat, [])
            for card in thrown:
                if card in held:
                    held.remove(card)
        else:
            self.emit(K.STAND_PAT, line, seat=seat)

    def show(
        self, line: int, seat: int, shown: tuple[Card | None, ...] = (), text: str = ""
    ) -> None:
        """A seat shows: the cards written, or every card the record dealt it when the
        written ones are all among them (none written, a best five, a high and a low five)."""
        held = tuple(self.held.get(seat, ()))
        if held and None not in held and set(shown) <= set(held):
            shown = held
        self.emit(K.SHOW, line, seat=seat, cards=shown, text=text)

    # -- result ------------------------------------------------------------------------

    def collect(self, line: int, seat: int, amount: int, pot: int = 0) -> None:
        self.emit(K.COLLECT, line, seat=seat, amount=amount, pot=pot)

    def returned(self, line: int, seat: int, amount: int) -> None:
        self.emit(K.UNCALLED_RETURN, line, seat=seat, amount=amount)

    def summarize(
        self, total: int, rake: int | None, seats: Iterable[StarsSeatResult] = (), line: int = 0
    ) -> None:
        """The summary: total pot and rake (``None``: not written); its seat results point at
        their lines (with none, ``line`` is the line of the total)."""
        results = tuple(seats)
        if not results and line:
            results = (StarsSeatResult(seat=0, line=line + 1),)
        self.summary = StarsSummary(total_pot=total, rake=rake, seats=results)

    # -- the hand ----------------------------------------------------------------------

    def limit_bets(self, game: Game) -> tuple[int, int]:
        """The fixed-limit small and big bet the record's own bets show when the header does
        not state them: the most common bet or raise increment of the small-bet streets and
        of the big-bet streets (all-in and 4th-street double bets left out), the other one
        derived (big = 2 x small); ``(0, 0)`` when nobody bet or raised."""
        small: Counter[int] = Counter()
        big: Counter[int] = Counter()
        bets: dict[int, int] = {}
        level, street = 0, None  # level: the street's last full bet (a bring-in is none)
        for e in self.events:
            if e.street is not street:
                street, bets, level = e.street, {}, 0
            if e.kind in (K.SMALL_BLIND, K.BIG_BLIND, K.BRING_IN, K.CALL, K.BET, K.RAISE):
                bets[e.seat] = bets.get(e.seat, 0) + e.added
                size = bets[e.seat] - level
                if e.kind in (K.BET, K.RAISE) and not e.all_in and size > 0:
                    if e.line in self.unsized:
                        pass
                    elif e.street in _SMALL_STREETS:
                        small[size] += 1
                    elif e.street in _BIG_STREETS:
                        big[size] += 1
                if e.kind in (K.BIG_BLIND, K.BET, K.RAISE):
                    level = max(level, bets[e.seat])
        low = max(small, key=lambda a: (small[a], a)) if small else 0
        high_bet = max(big, key=lambda a: (big[a], a)) if big else 0
        if low and not high_bet:
            high_bet = 2 * low
        if high_bet and not low:
            low = high_bet // 2
        return low, high_bet

    def posted(self, kind: StarsEventKind) -> int:
        amounts = Counter(e.amount for e in self.events if e.kind is kind and not e.all_in)
        return max(amounts, key=lambda a: (amounts[a], a)) if amounts else 0

    def build(
        self,
        *,
        game: Game,
        structure: BettingStructure,
        game_name: str,
        table: str,
        currency: str,
        small_bet: int = 0,
        big_bet: int = 0,
        small_blind: int = 0,
        big_blind: int = 0,
        ante: int = 0,
        button: int = 0,
        tournament_id: str = "",
        max_seats: int = 0,
        mixed: str = "",
    ) -> StarsHand:
        """The hand; stakes not stated are taken from the record's own posts and bets (a
        fixed-limit board game's small bet is its big blind)."""
        if len(self.seats) < 2:
            raise RoomProblem(self.block[0][0], "fewer than two seats listed")
        fixed = structure is BettingStructure.FIXED_LIMIT or game.is_stud
        if fixed and not small_bet and game_spec(game).has_board:
            small_bet = big_blind or self.posted(K.BIG_BLIND)  # limit hold'em: small bet = BB
        if fixed and not (small_bet and big_bet):
            low, high = self.limit_bets(game)
            small_bet = small_bet or (big_bet // 2 if big_bet else low)
            big_bet = big_bet or 2 * small_bet or high
            if not small_bet:  # nobody bet: any positive size reads the hand the same
                small_bet = max(self.posted(K.BRING_IN), self.posted(K.BIG_BLIND), 1) * 2
                big_bet = 2 * small_bet
        stakes = Stakes(
            small_bet=small_bet if fixed else 0,
            big_bet=big_bet if fixed else 0,
            ante=ante or self.posted(K.ANTE),
            bring_in=self.posted(K.BRING_IN),
            small_blind=small_blind or self.posted(K.SMALL_BLIND),
            big_blind=big_blind or self.posted(K.BIG_BLIND),
            whole_unit=self.scale,
        )
        return StarsHand(
            hand_id=self.hand_id,
            line=self.block[0][0],
            header=self.block[0][1],
            game=game,
            structure=structure,
            game_name=game_name,
            mixed=mixed,
            tournament_id=tournament_id,
            currency=currency,
            scale=self.scale,
            stakes=stakes,
            table=table,
            max_seats=max_seats,
            button_seat=button,
            seats=tuple(self.seats),
            events=tuple(self.events),
            summary=self.summary,
            digest=text_digest("\n".join(text for _, text in self.block)),
        )


def uncalled_bet(hand: HandBuilder) -> dict[int, int]:
    """The bet nobody called on the last street bet on (rooms that write no uncalled-bet
    line): seat -> chips. The live blinds count as bets of the first betting round."""
    first = {
        StarsStreet.SECOND_STREET,
        StarsStreet.THIRD_STREET,
        StarsStreet.FIRST_ROUND,
        StarsStreet.PRE_FLOP,
    }
    betting = (K.BET, K.RAISE, K.CALL, K.BRING_IN)
    streets = [e.street for e in hand.events if e.kind in betting]
    last = streets[-1] if streets else None
    big = max((e.amount for e in hand.events if e.kind is K.BIG_BLIND), default=0)
    bets: dict[int, int] = defaultdict(int)
    for e in hand.events:
        if e.kind in betting and e.street is last:
            bets[e.seat] += e.added
        elif last is None or last in first:
            if e.kind is K.BIG_BLIND or (e.kind is K.SMALL_BLIND and not e.dead):
                bets[e.seat] += e.amount
            elif e.kind is K.SMALL_AND_BIG_BLINDS:
                bets[e.seat] += min(e.amount, big) if big else e.amount
    ranked = sorted(bets.items(), key=lambda item: -item[1])
    if not ranked or ranked[0][1] <= 0:
        return {}
    if len(ranked) == 1:
        return {ranked[0][0]: ranked[0][1]}
    if ranked[0][1] <= ranked[1][1]:
        return {}
    return {ranked[0][0]: ranked[0][1] - ranked[1][1]}
