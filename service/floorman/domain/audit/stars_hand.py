"""One PokerStars-style hand -> :class:`~floorman.domain.audit.recorded.RecordedHand`:
:func:`stars_record` and its line-by-line mapper, and the hand's :func:`stars_identity`
(split from :mod:`floorman.domain.audit.from_pokerstars`, whose module docstring states the
mapping; the document level — every hand of a file, the table's stakes — stays there).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Final

from floorman.domain.audit.findings import (
    AuditFinding,
    SourceFormat,
)
from floorman.domain.audit.recorded import DeclaredResult, PostedBet, RecordedHand, WrittenCards
from floorman.domain.cards import Card
from floorman.domain.games import StreetSpec, game_spec
from floorman.domain.history.pokerstars import (
    StarsEvent,
    StarsEventKind,
    StarsHand,
    StarsStreet,
)
from floorman.domain.history.pokerstars_model import DRAW_INDEX, DRAW_STREETS
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBetKind,
    HandConfig,
    HandEvent,
    SeatState,
    Stakes,
)

K = StarsEventKind
UP_CARDS_NOT_WRITTEN: Final = frozenset(
    {SourceFormat.EVERLEAF, SourceFormat.PARTYPOKER, SourceFormat.WINAMAX}
)
"""Room texts that do not write other players' stud up cards (docs/hand-history-formats.md):
an up card they leave out is a gap of the format, informational ``card.unknown``."""
_STUD7_STREETS: Final = (
    StarsStreet.THIRD_STREET,
    StarsStreet.FOURTH_STREET,
    StarsStreet.FIFTH_STREET,
    StarsStreet.SIXTH_STREET,
    StarsStreet.SEVENTH_STREET,
)
_STUD5_STREETS: Final = (
    StarsStreet.SECOND_STREET,
    StarsStreet.THIRD_STREET,
    StarsStreet.FOURTH_STREET,
    StarsStreet.FIFTH_STREET,
)
_POSTS: Final = frozenset({K.ANTE, K.SMALL_BLIND, K.BIG_BLIND, K.SMALL_AND_BIG_BLINDS, K.STRADDLE})
_BOARD_STREETS: Final = (
    StarsStreet.PRE_FLOP,
    StarsStreet.FLOP,
    StarsStreet.TURN,
    StarsStreet.RIVER,
)
_BETTING: Final = {
    K.BRING_IN: ActionType.BRING_IN,
    K.BET: ActionType.BET,
    K.CALL: ActionType.CALL,
    K.RAISE: ActionType.RAISE,
    K.CHECK: ActionType.CHECK,
    K.FOLD: ActionType.FOLD,
}


@dataclass(frozen=True, slots=True)
class TableStakes:
    """The amounts most hands of one table and stakes post (0: none seen)."""

    ante: int = 0
    bring_in: int = 0
    small_blind: int = 0


_WHEN: Final = re.compile(r"\d{4}/\d{1,2}/\d{1,2}|\d{1,2}:\d{2}(?::\d{2})?")


def stars_identity(hand: StarsHand, format: SourceFormat = SourceFormat.POKERSTARS) -> str:
    """What names a PokerStars or Full Tilt hand across documents: the room, the table, the
    tournament, the date and time the header states and the hand number.

    A room's hand number is unique in the room, but floorman's own PokerStars exports number
    hands per table (hand 1 of table ``demo`` and hand 1 of table ``hx``): the table name and
    the time keep those apart, while a copy of one hand (same header, same table line) keeps
    its identity."""
    rest = hand.header.split(":", 1)[1] if ":" in hand.header else hand.header
    when = " ".join(_WHEN.findall(rest))
    return "|".join((f"{format.value}:{hand.table}", hand.tournament_id, when, str(hand.hand_id)))


def stars_record(
    hand: StarsHand,
    table: TableStakes,
    *,
    source: str,
    format: SourceFormat = SourceFormat.POKERSTARS,
) -> RecordedHand:
    """One hand as a record (see the module docstring for the mapping)."""
    return _Mapper(hand, table, source, format).build()


class _Mapper:
    def __init__(
        self, hand: StarsHand, table: TableStakes, source: str, format: SourceFormat
    ) -> None:
        self.hand = hand
        self.table = table
        self.source = source
        self.format = format
        self.spec = game_spec(hand.game)
        self.events: list[HandEvent] = []
        self.lines: list[int] = []
        self.calls: list[int | None] = []
        self.folded: set[int] = set()
        self.street_bets: dict[int, int] = defaultdict(int)
        self.street = -1
        self.notes: list[AuditFinding] = []

    # -- output ---------------------------------------------------------------------------

    def emit(self, event: HandEvent, line: int, call: int | None = None) -> None:
        self.events.append(event)
        self.lines.append(line)
        self.calls.append(call)

    def build(self) -> RecordedHand:
        hand = self.hand
        self.seats = self._seats()
        self.burns = self._implied_burns()
        posted = self._posted()
        self._history()
        return RecordedHand(
            source=self.source,
            hand_id=str(hand.hand_id),
            format=self.format,
            line=hand.line,
            config=self._config(),
            posted=posted,
            events=tuple(self.events),
            event_lines=tuple(self.lines),
            call_amounts=tuple(self.calls),
            loose_aggressive=True,
            room_showdown=True,
            up_cards_written=self.format not in UP_CARDS_NOT_WRITTEN,
            revealed=self._revealed(),
            written=self._written(),
            declared=self._declared(),
            notes=tuple(self.notes),
            identity=stars_identity(hand, self.format),
            digest=hand.digest,
        )

    # -- configuration ----------------------------------------------------------------------

    def _seats(self) -> list[int]:
        active = {e.seat for e in self.hand.events if e.seat and e.kind is not K.COLLECT}
        listed = [s.seat for s in self.hand.seats if s.seat in active or not s.sitting_out]
        return sorted(s for s in listed if s in active)

    def _button(self) -> int:
        if self.spec.is_stud:
            return 0
        button = self.hand.button_seat
        if button in self.seats or not self.seats:
            return button
        if len(self.seats) == 2:  # heads-up the button posts the small blind: the seat after
            after = [seat for seat in self.seats if seat > button]
            return after[0] if after else self.seats[0]
        before = [seat for seat in self.seats if seat < button]
        return before[-1] if before else self.seats[-1]

    def _config(self) -> HandConfig:
        hand = self.hand
        stakes = hand.stakes
        fixed = hand.structure is BettingStructure.FIXED_LIMIT
        header_ante = self.format is SourceFormat.FULL_TILT and stakes.ante
        if self.spec.is_stud:
            expected = Stakes(
                small_bet=stakes.small_bet,
                big_bet=stakes.big_bet,
                ante=header_ante or self.table.ante or stakes.ante,
                bring_in=self.table.bring_in or stakes.bring_in,
                whole_unit=hand.scale,
            )
        elif fixed:
            expected = Stakes(
                small_bet=stakes.small_bet,
                big_bet=stakes.big_bet,
                ante=self.table.ante,
                small_blind=self.table.small_blind or stakes.small_blind,
                big_blind=stakes.small_bet,
                whole_unit=hand.scale,
            )
        else:
            expected = Stakes(
                ante=self.table.ante,
                small_blind=stakes.small_blind,
                big_blind=stakes.big_blind,
                whole_unit=hand.scale,
            )
        if self.spec.has_button:  # the big-blind ante (docs/rules.md: the draws too) and the
            # straddle (community-card games only), as the posts say
            ante = 0 if stakes.big_blind_ante else expected.ante
            straddle = stakes.straddle if self.spec.has_board else 0
            expected = replace(
                expected, ante=ante, straddle=straddle, big_blind_ante=stakes.big_blind_ante
            )
        stacks = {s.seat: s for s in hand.seats}
        return HandConfig(
            game=hand.game,
            betting_structure=hand.structure,
            stakes=expected,
            seats=tuple(
                SeatState(seat=seat, player_id=stacks[seat].name, stack=stacks[seat].stack)
                for seat in self.seats
            ),
            button_seat=self._button(),
        )

    def _posted(self) -> tuple[PostedBet, ...]:
        big = self.hand.stakes.small_bet
        if self.hand.structure is not BettingStructure.FIXED_LIMIT:
            big = self.hand.stakes.big_blind
        out: list[PostedBet] = []
        for e in self.hand.events:
            if e.kind not in _POSTS or e.seat not in self.seats:
                continue
            if e.kind is K.SMALL_AND_BIG_BLINDS:
                live = min(e.amount, big)
                out.append(
                    PostedBet(seat=e.seat, kind=ForcedBetKind.BIG_BLIND, amount=live, line=e.line)
                )
                if e.amount > live:
                    out.append(
                        PostedBet(
                            seat=e.seat,
                            kind=ForcedBetKind.DEAD_BLIND,
                            amount=e.amount - live,
                            dead=True,
                            line=e.line,
                        )
                    )
                self.street_bets[e.seat] += live
                continue
            if e.dead:  # a dead small blind: dead money, not a bet
                out.append(
                    PostedBet(
                        seat=e.seat,
                        kind=ForcedBetKind.DEAD_BLIND,
                        amount=e.amount,
                        dead=True,
                        line=e.line,
                    )
                )
                continue
            kind = {
                K.ANTE: ForcedBetKind.ANTE,
                K.SMALL_BLIND: ForcedBetKind.SMALL_BLIND,
                K.BIG_BLIND: ForcedBetKind.BIG_BLIND,
                K.STRADDLE: ForcedBetKind.STRADDLE,
            }[e.kind]
            if kind is ForcedBetKind.ANTE and self.hand.stakes.big_blind_ante:
                kind = ForcedBetKind.BIG_BLIND_ANTE  # the big blind antes for the table
            out.append(PostedBet(seat=e.seat, kind=kind, amount=e.amount, line=e.line))
            if kind not in (ForcedBetKind.ANTE, ForcedBetKind.BIG_BLIND_ANTE):
                self.street_bets[e.seat] += e.amount
        return tuple(out)

    # -- history ----------------------------------------------------------------------------

    def _street_of(self, street: StarsStreet) -> int | None:
        """The engine's street index for a line's street (None: not a dealing street)."""
        if self.spec.has_board:
            return _BOARD_STREETS.index(street) if street in _BOARD_STREETS else None
        if self.spec.is_draw:  # a draw past the game's last one: its last street (refused there)
            index = DRAW_INDEX.get(street)
            return None if index is None else min(index, len(self.spec.streets) - 1)
        streets = _STUD5_STREETS if len(self.spec.streets) == 4 else _STUD7_STREETS
        return streets.index(street) if street in streets else None

    def _history(self) -> None:
        events = [e for e in self.hand.events if e.kind not in _POSTS]
        used: set[int] = set()
        for position, e in enumerate(events):
            if position in used:
                continue
            index = self._street_of(e.street)
            if index is None and self.street < 0 and e.kind in _BETTING:
                index = 0  # no section line before the first betting round
            if index is not None and index > self.street:
                self._enter_street(index, events, position, used)
            if position in used:
                continue
            self._event(e, events, position, used)

    def _implied_burns(self) -> bool:
        """A room that deals the stud community card must have burned: when the stub could
        give every player still in a card without burns, the service-dealt burns are implied
        (one unknown card before each of the 4th to 7th streets, RULES.md "Seven Card Stud
        family"). Rooms never report burns."""
        community = next((e for e in self.hand.events if e.kind is K.COMMUNITY), None)
        if community is None or self.spec.is_draw:
            return False
        last = self._street_of(community.street)
        if last is None:
            return False
        fold_street = {
            e.seat: self._street_of(e.street) for e in self.hand.events if e.kind is K.FOLD
        }

        def live(index: int) -> int:
            return sum(
                1
                for seat in self.seats
                if fold_street.get(seat) is None or fold_street[seat] >= index  # type: ignore[operator]
            )

        dealt = sum(self.spec.streets[k].cards * live(k) for k in range(last))
        return len(self.spec.deck(len(self.seats))) - dealt >= live(last)

    def _enter_street(
        self, index: int, events: list[StarsEvent], position: int, used: set[int]
    ) -> None:
        """Deal every street from the current one up to ``index`` (a stud street's cards
        come before its betting; the draw game's first street deals five down)."""
        while self.street < index:
            self.street += 1
            if self.street > 0:
                self.street_bets = defaultdict(int)
            spec = self.spec.streets[self.street]
            if spec.draw:
                continue
            if self.burns and spec.burn:
                self.emit(Deal(seat=0, cards=(None,), burn=True), 0)
            deals: dict[int, StarsEvent] = {}
            community: StarsEvent | None = None
            for k in range(position, len(events)):
                e = events[k]
                if self._street_of(e.street) != self.street:
                    if self._street_of(e.street) is not None:
                        break
                    continue
                if e.kind is K.DEAL and e.seat not in deals:
                    deals[e.seat] = e
                    used.add(k)
                elif e.kind is K.COMMUNITY:
                    community = e
                    used.add(k)
            if community is not None:
                self.emit(Deal(seat=0, cards=community.cards, face_up=True), community.line)
                continue
            if spec.board:  # a board street the text does not show: unknown board cards
                self.emit(Deal(seat=0, cards=(None,) * spec.board, face_up=True), 0)
                continue
            for seat in self.seats:
                if seat not in self.folded:
                    self._deal_street(spec, seat, deals.get(seat))

    def _deal_street(self, spec: StreetSpec, seat: int, line: StarsEvent | None) -> None:
        down: tuple[Card | None, ...] = (None,) * spec.down
        up: tuple[Card | None, ...] = (None,) * spec.up
        number = line.line if line else 0
        if line is not None:
            cards = line.cards
            if len(cards) == spec.down + spec.up:
                down, up = cards[: spec.down], cards[spec.down :]
            elif len(cards) == spec.up:
                up = cards
            elif len(cards) == spec.down:
                down = cards
            else:
                down = cards  # the wrong count: the engine reports card.count
                up = ()
        if down:
            self.emit(Deal(seat=seat, cards=down), number)
        if up:
            self.emit(Deal(seat=seat, cards=up, face_up=True), number)

    def _event(
        self, e: StarsEvent, events: list[StarsEvent], position: int, used: set[int]
    ) -> None:
        if e.kind in _BETTING:
            self._betting(e)
        elif e.kind is K.DISCARD or e.kind is K.STAND_PAT:
            self._draw(e, events, position, used)
        elif e.kind is K.SHOW:
            self.emit(Action(seat=e.seat, type=ActionType.SHOW, cards=e.cards), e.line)
        elif e.kind is K.MUCK:
            self.emit(Action(seat=e.seat, type=ActionType.MUCK), e.line)
        elif e.kind is K.DEAL and e.street not in DRAW_STREETS:
            self.notes.append(
                AuditFinding(
                    rule="card.count",
                    message=f"cards dealt to seat {e.seat} outside a street's deal",
                    seat=e.seat,
                    line=e.line,
                )
            )

    def _betting(self, e: StarsEvent) -> None:
        kind = _BETTING[e.kind]
        amount = 0
        call: int | None = None
        if kind is ActionType.FOLD:
            self.folded.add(e.seat)
        elif kind is ActionType.BRING_IN:
            amount = e.amount
            self.street_bets[e.seat] += e.amount
        elif kind is ActionType.BET:
            amount = self.street_bets[e.seat] + e.amount
            self.street_bets[e.seat] = amount
        elif kind is ActionType.RAISE:
            amount = e.to_amount
            self.street_bets[e.seat] = amount
        elif kind is ActionType.CALL:
            call = e.amount
            self.street_bets[e.seat] += e.amount
        self.emit(Action(seat=e.seat, type=kind, amount=amount), e.line, call)

    def _draw(self, e: StarsEvent, events: list[StarsEvent], position: int, used: set[int]) -> None:
        if e.kind is K.STAND_PAT:
            self.emit(Action(seat=e.seat, type=ActionType.DRAW), e.line)
            return
        count = e.amount
        discards = e.cards if len(e.cards) == count else (None,) * count
        self.emit(Action(seat=e.seat, type=ActionType.DRAW, cards=discards), e.line)
        replacement: tuple[Card | None, ...] = (None,) * count
        line = e.line
        for k in range(position + 1, len(events)):
            later = events[k]
            if later.kind is K.DEAL and later.seat == e.seat and k not in used:
                replacement, line = later.cards, later.line
                used.add(k)
                break
            if later.kind in (K.DISCARD, K.STAND_PAT) and later.seat == e.seat:
                break
        if replacement:
            self.emit(Deal(seat=e.seat, cards=replacement), line)

    def _revealed(self) -> dict[int, tuple[Card | None, ...]]:
        summary = self.hand.summary
        if summary is None:
            return {}
        return {s.seat: s.mucked for s in summary.seats if s.mucked}

    def _written(self) -> tuple[WrittenCards, ...]:
        """The summary's card lists (each seat's showed and mucked cards, the board): they
        count for the duplicate check, never for what the replay shows."""
        summary = self.hand.summary
        if summary is None:
            return ()
        out: list[WrittenCards] = []
        if summary.board:
            board_line = next((s.line for s in summary.seats), 1) - 1
            out.append(WrittenCards(seat=0, cards=summary.board, line=max(board_line, 0)))
        for result in summary.seats:
            for cards in (result.showed, result.mucked):
                if cards and result.seat in self.seats:
                    out.append(WrittenCards(seat=result.seat, cards=cards, line=result.line))
        return tuple(out)

    # -- result ---------------------------------------------------------------------------

    def _declared(self) -> DeclaredResult:
        payouts: dict[int, int] = defaultdict(int)
        payout_lines: dict[int, int] = {}
        returned: dict[int, int] = defaultdict(int)
        returned_lines: dict[int, int] = {}
        for e in self.hand.events:
            if e.kind is K.COLLECT:
                payouts[e.seat] += e.amount
                payout_lines.setdefault(e.seat, e.line)
            elif e.kind is K.UNCALLED_RETURN:
                returned[e.seat] += e.amount
                returned_lines.setdefault(e.seat, e.line)
        summary = self.hand.summary
        if summary is None:
            return DeclaredResult(
                payouts=dict(payouts),
                payout_lines=payout_lines,
                returned=dict(returned),
                returned_lines=returned_lines,
            )
        won = {s.seat: s.won for s in summary.seats if s.won}
        # "Total pot ... | Rake ..." is the summary's first line, before any "Board [..]" line
        summary_line = next((s.line for s in summary.seats), 0) - 1 - (1 if summary.board else 0)
        return DeclaredResult(
            payouts=dict(payouts),
            payout_lines=payout_lines,
            rake=summary.rake,
            rake_line=max(summary_line, 0),
            total_pot=summary.total_pot,
            pot_line=max(summary_line, 0),
            returned=dict(returned),
            returned_lines=returned_lines,
            summary_payouts=won,
            summary_lines={s.seat: s.line for s in summary.seats},
        )
