"""Hand record -> PokerStars-style text (the room export most trackers read).

The layout follows the PokerStars exports of ``../shared/corpus/hh-fpdb/`` (README "PokerStars
text"), which :func:`floorman.domain.history.pokerstars.parse_file` reads:

* header ``PokerStars Hand #<hand number>:  <game> <Limit|Pot Limit|No Limit> (<a>/<b>[ CUR])
  - <date> UTC``, at a mixed table (``HandRecord.mixed``) ``<mixed> (<game> <limit>, <a>/<b>[
  CUR])`` (``HORSE (Razz Limit, 10/20)``, ``8-Game (Hold'em No Limit, 1/2)``); game names
  ``7 Card Stud``, ``7 Card Stud Hi/Lo``, ``Razz``, ``5 Card Stud``, ``5 Card Draw``, ``5 Card
  Draw 7-A``, ``Hold'em``, ``Omaha``, ``Omaha Hi/Lo``, ``5 Card Omaha``, ``5 Card Omaha
  Hi/Lo``, ``6+ Hold'em`` (short deck), ``Single Draw 2-7 Lowball``, ``Triple Draw 2-7
  Lowball``, ``Triple Draw A-5 Lowball`` and ``Badugi``; the pair is the small and
  big bet (fixed limit, and every stud), the blinds (pot- and no-limit button games);
* ``Table '<name> [<table id>]' <n>-max Seat #<b> is the button`` (the stud dealer position
  when not 0; the table id makes the hand's identity unique: :func:`_table_label`),
  ``Seat <s>: <name> (<stack> in chips)``, the posts (antes, blinds; a live big blind with a
  dead small blind is ``posts small & big blinds``, any other dead blind ``posts small blind``
  after the live blinds; ``posts straddle`` and the big blind's ``posts the ante`` (a
  big-blind ante) after the blinds);
* streets ``*** 3rd STREET ***`` .. ``*** 6th STREET ***``, ``*** RIVER ***`` (a community card in
  brackets), ``*** 2nd STREET ***`` .. ``*** 5th STREET ***`` (five card stud), ``*** DEALING
  HANDS ***`` (draw; a single draw has no marker, a triple draw's are ``*** FIRST DRAW ***``
  .. ``*** THIRD DRAW ***``); ``*** HOLE CARDS ***``, ``*** FLOP ***
  [Ah Kd 7c]``, ``*** TURN *** [Ah Kd 7c] [2s]``, ``*** RIVER *** [Ah Kd 7c 2s] [9h]``
  (community-card games); ``Dealt to <name> [earlier up cards]
  [new cards]`` for every seat whose cards are known (``??`` for one unknown card); the draw
  as ``discards <n> cards [cards]`` / ``stands pat`` then ``Dealt to <name> [kept] [new]``;
* actions with exact amounts: ``brings in for X``, ``bets X``, ``calls X``, ``raises X to Y``
  (a completion too), ``checks``, ``folds``, ``and is all-in``;
* ``*** SHOW DOWN ***``, ``shows [cards]``, ``mucks hand``, ``Uncalled bet (X) returned to``,
  ``collected X from pot`` (``main pot`` / ``side pot-k`` when there are side pots);
* ``*** SUMMARY ***`` with ``Total pot T [Main pot M. Side pot-k S.] | Rake R`` (the pots
  after rake, the total before), the community ``Board``, one line per seat.

Amounts: ``$12.50`` (``€``, ``£``; other currencies without a symbol, their code in the
header) for money tables, whole chips otherwise. Burns are not written (PokerStars has none).
"""

from __future__ import annotations

from datetime import UTC

from floorman.domain.cards import Card, card_str
from floorman.domain.currency import SYMBOLS, is_iso_code
from floorman.domain.engine import HandState
from floorman.domain.history.phh_house import is_dead
from floorman.domain.history.record import HandRecord
from floorman.domain.history.settled_record import SettledRecord, settle_record
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBet,
    ForcedBetKind,
    Game,
)

GAME_NAMES = {
    Game.SEVEN_CARD_STUD: "7 Card Stud",
    Game.SEVEN_CARD_STUD_HI_LO: "7 Card Stud Hi/Lo",
    Game.RAZZ: "Razz",
    Game.FIVE_CARD_STUD: "5 Card Stud",
    Game.FIVE_CARD_DRAW: "5 Card Draw",
    Game.FIVE_CARD_DRAW_7A: "5 Card Draw 7-A",
    Game.TEXAS_HOLDEM: "Hold'em",
    Game.OMAHA: "Omaha",
    Game.OMAHA_HI_LO: "Omaha Hi/Lo",
    Game.FIVE_CARD_OMAHA: "5 Card Omaha",
    Game.FIVE_CARD_OMAHA_HI_LO: "5 Card Omaha Hi/Lo",
    Game.SHORT_DECK_HOLDEM: "6+ Hold'em",
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW: "Single Draw 2-7 Lowball",
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW: "Triple Draw 2-7 Lowball",
    Game.ACE_TO_FIVE_TRIPLE_DRAW: "Triple Draw A-5 Lowball",  # the same pattern (not a Stars game)
    Game.BADUGI: "Badugi",
}
"""The game line of each game (read back by the PokerStars reader)."""
LIMIT_NAMES = {
    BettingStructure.FIXED_LIMIT: "Limit",
    BettingStructure.POT_LIMIT: "Pot Limit",
    BettingStructure.NO_LIMIT: "No Limit",
}
_MARKERS = {
    "first_round": "*** DEALING HANDS ***",
    "second_street": "*** 2nd STREET ***",
    "third_street": "*** 3rd STREET ***",
    "fourth_street": "*** 4th STREET ***",
    "fifth_street": "*** 5th STREET ***",
    "sixth_street": "*** 6th STREET ***",
    "seventh_street": "*** RIVER ***",
    "pre_flop": "*** HOLE CARDS ***",
    "flop": "*** FLOP ***",
    "turn": "*** TURN ***",
    "river": "*** RIVER ***",
    "first_draw": "*** FIRST DRAW ***",
    "second_draw": "*** SECOND DRAW ***",
    "third_draw": "*** THIRD DRAW ***",
}
_BOARD_STREETS = frozenset({"flop", "turn", "river"})
"""The streets whose marker carries the board: ``*** FLOP *** [Ah Kd 7c]``, ``*** TURN ***
[Ah Kd 7c] [2s]`` (the board so far, then the new card), ``*** RIVER *** [..] [..]``."""
_FOLDED_ON = {
    "first_round": "before the Draw",
    "draw": "before the Draw",
    "second_round": "after the Draw",
    "second_street": "on the 2nd Street",
    "third_street": "on the 3rd Street",
    "fourth_street": "on the 4th Street",
    "fifth_street": "on the 5th Street",
    "sixth_street": "on the 6th Street",
    "seventh_street": "on the River",
    "pre_flop": "before Flop",
    "flop": "on the Flop",
    "turn": "on the Turn",
    "river": "on the River",
}
_TRIPLE_DRAW_FOLDED_ON = {
    **_FOLDED_ON,
    "second_round": "after the 1st Draw",
    "third_round": "after the 2nd Draw",
    "fourth_round": "after the 3rd Draw",
}
"""A triple draw's summary words, as the PokerStars 8-Game file writes them."""


def export_pokerstars(record: HandRecord) -> str:
    """The PokerStars-style text of one hand (see the module docstring for the layout).

    Args:
        record: the hand; its events must be legal (they are replayed through the engine).

    Returns:
        The hand's lines, ending with a blank line; ``parse_file`` reads it back to a
        :class:`~floorman.domain.history.pokerstars.StarsHand` that
        :func:`~floorman.domain.history.stars_mapping.stars_to_hand` maps to the same
        configuration (no rake policy: the text carries the rake paid) and events.

    Raises:
        InvalidArgument: the record's configuration is malformed.
        HistoryError: an event breaks a rule (its index is named).
    """
    return "\n".join(_Writer(settle_record(record)).lines()) + "\n\n"


class _Writer:
    """Writes one settled hand, line by line."""

    def __init__(self, settled: SettledRecord) -> None:
        self.settled = settled
        self.record = settled.record
        self.config = settled.record.config
        self.currency = self.record.money
        self.symbol = "" if self.currency.is_chips else SYMBOLS.get(self.currency.code, "")
        self.out: list[str] = []

    def money(self, minor: int) -> str:
        """``$1.25`` (a table in USD, EUR or GBP), ``1.25`` (another currency: its code is in
        the header), ``125`` (chips): as many decimals as the table's minor units."""
        return f"{self.symbol}{self.currency.text(minor)}"

    def name(self, seat: int) -> str:
        return self.settled.name_of(seat)

    # -- the hand ------------------------------------------------------------------------

    def lines(self) -> list[str]:
        self._header()
        self._posts()
        self._events()
        self._results()
        return self.out

    def _header(self) -> None:
        record, config = self.record, self.config
        stakes = self.settled.final.stakes
        stud = config.game.is_stud
        fixed = config.betting_structure is BettingStructure.FIXED_LIMIT
        small, big = (
            (stakes.small_bet, stakes.big_bet)
            if fixed or stud
            else (stakes.small_blind, stakes.big_blind)
        )
        code = f" {record.currency}" if is_iso_code(record.currency) else ""
        date = ""
        if record.started_at is not None:
            started = record.started_at
            started = started.astimezone(UTC) if started.tzinfo else started.replace(tzinfo=UTC)
            date = started.strftime(" - %Y/%m/%d %H:%M:%S UTC")
        game = f"{GAME_NAMES[config.game]} {LIMIT_NAMES[config.betting_structure]}"
        pair = f"{self.money(small)}/{self.money(big)}{code}"
        # a mixed table: "HORSE (Razz Limit, 10/20)", as PokerStars writes it
        line = f"{record.mixed} ({game}, {pair})" if record.mixed else f"{game} ({pair})"
        self.out.append(f"PokerStars Hand #{record.hand_number}:  {line}{date}")
        button = f" Seat #{config.button_seat} is the button" if config.button_seat else ""
        size = max(record.seats_at_table, 2)  # the table's seats (TableSettings.max_seats)
        self.out.append(f"Table '{_table_label(record)}' {size}-max{button}")
        for seat in sorted(self.config.seats, key=lambda s: s.seat):
            self.out.append(
                f"Seat {seat.seat}: {self.name(seat.seat)} ({self.money(seat.stack)} in chips)"
            )

    def _posts(self) -> None:
        """Antes first, then the blinds, as the engine posts them (a short stack posts what
        it has and is all in)."""
        forced = self.settled.forced_bets()
        stacks = {seat.seat: seat.stack for seat in self.config.seats}
        antes = [(b, "") for b in forced if b.kind is ForcedBetKind.ANTE]
        blinds = _joined_blinds([b for b in forced if b.kind not in _AFTER_BLINDS])
        later = [(b, "") for b in forced if b.kind in _AFTER_BLINDS[1:]]
        for bet, text in antes + blinds + later:
            posted = min(bet.amount, stacks[bet.seat])
            stacks[bet.seat] -= posted
            all_in = " and is all-in" if stacks[bet.seat] == 0 else ""
            what = text or _post_text(bet)
            self.out.append(f"{self.name(bet.seat)}: {what} {self.money(posted)}{all_in}")

    def _events(self) -> None:
        settled = self.settled
        street = ""
        replacement: dict[int, list[Card | None]] = {}
        for index, event in enumerate(self.record.events):
            before = settled.before[index]
            after = settled.before[index + 1] if index + 1 < len(settled.before) else settled.final
            now = settled.streets[index]
            if now != street:
                street = now
                self._marker(street, index)
            if isinstance(event, Deal):
                self._deal(event, before, after, replacement)
            else:
                self._action(event, before, after)

    def _marker(self, street: str, index: int) -> None:
        """The street's marker; the stud community card goes in brackets after it."""
        if street == "showdown":
            self.out.append("*** SHOW DOWN ***")
            return
        marker = _MARKERS.get(street)
        if marker is None:
            return
        streets = self.settled.streets
        board: list[Card | None] = []
        for event, where in zip(self.record.events[index:], streets[index:], strict=True):
            if where != street:
                break
            if isinstance(event, Deal) and event.seat == 0 and not event.burn:
                board.extend(event.cards)
                if street not in _BOARD_STREETS:
                    break  # the stud community card
        if board and street in _BOARD_STREETS:
            earlier = self.settled.before[index].community
            if earlier:
                marker += f" {_brackets(earlier)}"
        if board:
            marker += f" {_brackets(board)}"
        self.out.append(marker)

    def _deal(
        self,
        deal: Deal,
        before: HandState,
        after: HandState,
        replacement: dict[int, list[Card | None]],
    ) -> None:
        """One ``Dealt to`` line once a seat's cards of the street (or of its draw) are in."""
        if deal.burn or deal.seat == 0:
            return
        seat = deal.seat
        pos = before.positions[seat]
        name = self.name(seat)
        if before.draw_owed:
            new = replacement.setdefault(seat, [])
            new.extend(deal.cards)
            if before.draw_owed > len(deal.cards):
                return
            del replacement[seat]
            cards = after.cards[pos]
            self.out.append(f"Dealt to {name} {_brackets(cards[: len(cards) - len(new)])} "
                            f"{_brackets(new)}")  # fmt: skip
            return
        if before.need_down[pos] + before.need_up[pos] > len(deal.cards):
            return  # more of this street's cards are coming to the seat
        count = before.street_spec.cards
        cards, ups = after.cards[pos], after.up[pos]
        dealt = cards[len(cards) - count :]
        if all(card is None for card in dealt):
            return
        earlier = [c for c, up in zip(cards[: len(cards) - count], ups, strict=False) if up]
        if before.street == 0 or not before.spec.is_stud:
            self.out.append(f"Dealt to {name} {_brackets(dealt)}")
        else:
            self.out.append(f"Dealt to {name} {_brackets(earlier)} {_brackets(dealt)}")

    def _action(self, action: Action, before: HandState, after: HandState) -> None:
        who = self.name(action.seat)
        kind = action.type
        pos = before.positions[action.seat]
        all_in = " and is all-in" if after.all_in[pos] and not before.all_in[pos] else ""
        added = after.contributed[pos] - before.contributed[pos]
        if kind is ActionType.FOLD:
            text = "folds"
        elif kind is ActionType.CHECK:
            text = "checks"
        elif kind is ActionType.CALL:
            text = f"calls {self.money(added)}{all_in}"
        elif kind is ActionType.BRING_IN:
            text = f"brings in for {self.money(added)}{all_in}"
        elif kind in (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE):
            to = action.amount
            if before.current_bet == 0:
                text = f"bets {self.money(added)}{all_in}"
            else:
                text = f"raises {self.money(to - before.current_bet)} to {self.money(to)}{all_in}"
        elif kind is ActionType.DRAW:
            count = len(action.cards)
            if not count:
                text = "stands pat"
            else:
                plural = "s" if count > 1 else ""
                known = any(card is not None for card in action.cards)
                shown = f" {_brackets(action.cards)}" if known else ""
                text = f"discards {count} card{plural}{shown}"
        elif kind is ActionType.SHOW:
            text = f"shows {_brackets(action.cards)}"
        else:
            text = "mucks hand"
        self.out.append(f"{who}: {text}")

    # -- results and summary -------------------------------------------------------------

    def _results(self) -> None:
        settled = self.settled
        result = settled.result
        if settled.final.show_order and "*** SHOW DOWN ***" not in self.out:
            self.out.append("*** SHOW DOWN ***")
        if result is None:
            return
        for seat, chips in result.returned.items():
            self.out.append(f"Uncalled bet ({self.money(chips)}) returned to {self.name(seat)}")
        several = len(settled.awards) > 1
        for award in settled.awards:
            where = (
                ("main pot" if award.number == 0 else f"side pot-{award.number}")
                if several
                else "pot"
            )
            for seat, chips in award.shares.items():
                self.out.append(f"{self.name(seat)} collected {self.money(chips)} from {where}")
        self.out.append("*** SUMMARY ***")
        total = sum(a.amount + a.rake for a in settled.awards)
        pots = ""
        if several:
            pots = f" Main pot {self.money(settled.awards[0].amount)}." + "".join(
                f" Side pot-{a.number} {self.money(a.amount)}." for a in settled.awards[1:]
            )
        self.out.append(f"Total pot {self.money(total)}{pots} | Rake {self.money(result.rake)}")
        if settled.final.community:
            self.out.append(f"Board {_brackets(settled.final.community)}")
        for seat in sorted(settled.seats):
            self.out.append(self._summary_seat(seat))

    def _summary_seat(self, seat: int) -> str:
        settled = self.settled
        state = settled.final
        pos = state.positions[seat]
        won = settled.result.payouts.get(seat, 0) if settled.result else 0
        roles = ""
        if self.config.game.is_draw:
            roles = " (button)" if seat == self.config.button_seat else ""
        head = f"Seat {seat}: {self.name(seat)}{roles}"
        showed = self._showed(seat)
        if showed is not None:
            result = f"and won ({self.money(won)})" if won else "and lost"
            return f"{head} showed {_brackets(showed)} {result}"
        if self._mucked(seat):
            return f"{head} mucked"
        if won:
            return f"{head} collected ({self.money(won)})"
        if state.folded[pos]:
            return f"{head} folded {self._folded_on(seat)}"
        return head

    def _showed(self, seat: int) -> tuple[Card | None, ...] | None:
        """The cards a seat showed (SHOW, or turned up after an all-in), else ``None``."""
        for event in self.record.events:
            if isinstance(event, Action) and event.seat == seat and event.type is ActionType.SHOW:
                return event.cards
        state = self.settled.final
        pos = state.positions[seat]
        if state.exposed and state.live(pos) and state.show_order:
            return state.cards[pos]
        return None

    def _mucked(self, seat: int) -> bool:
        return any(
            isinstance(e, Action) and e.seat == seat and e.type is ActionType.MUCK
            for e in self.record.events
        )

    def _folded_on(self, seat: int) -> str:
        for index, event in enumerate(self.record.events):
            if isinstance(event, Action) and event.seat == seat and event.type is ActionType.FOLD:
                words = _TRIPLE_DRAW_FOLDED_ON if self.settled.final.spec.draws > 1 else _FOLDED_ON
                return words.get(self.settled.streets[index], "")
        return ""


def _joined_blinds(blinds: list[ForcedBet]) -> list[tuple[ForcedBet, str]]:
    """Blind posts and their text, the live ones first; a seat's live big blind and dead
    small blind are one ``posts small & big blinds`` line, any other dead blind (a returning
    player who owes only the small blind) ``posts small blind`` after the live blinds, as
    PokerStars writes a dead small blind (the reader takes a small blind posted after another
    blind as dead: :attr:`~floorman.domain.history.pokerstars_model.StarsEvent.dead`)."""
    out: list[tuple[ForcedBet, str]] = []
    dead = [b for b in blinds if is_dead(b)]
    for bet in blinds:
        if is_dead(bet):
            continue
        partner = next(
            (d for d in dead if d.seat == bet.seat and bet.kind is ForcedBetKind.BIG_BLIND), None
        )
        if partner is not None:
            dead.remove(partner)
            joined = ForcedBet(seat=bet.seat, kind=bet.kind, amount=bet.amount + partner.amount)
            out.append((joined, "posts small & big blinds"))
        else:
            out.append((bet, ""))
    out += [(bet, "posts small blind") for bet in dead]
    return out


def _table_label(record: HandRecord) -> str:
    """The table line's name: ``<name> [<table id>]`` (the id alone when the table has no
    name or the name is the id). Tables may share a name and every table numbers its hands
    from 1, while the table id is unique in the store: with it the table line, the date and
    the hand number name one hand of one table (the audit's identity,
    ``from_pokerstars.stars_identity``). A quote becomes ``’`` (the name is quoted)."""
    name, table_id = record.table_name, record.table_id
    label = f"{name} [{table_id}]" if name and table_id and name != table_id else name or table_id
    return label.replace("'", "’")


_AFTER_BLINDS = (ForcedBetKind.ANTE, ForcedBetKind.STRADDLE, ForcedBetKind.BIG_BLIND_ANTE)
"""Forced bets not written among the blinds: antes before them; the straddle and the
big-blind ante (the big blind covers its blind first, RULES.md "Hold'em and Omaha") after."""


def _post_text(bet: ForcedBet) -> str:
    if bet.kind in (ForcedBetKind.ANTE, ForcedBetKind.BIG_BLIND_ANTE):
        return "posts the ante"
    if bet.kind is ForcedBetKind.STRADDLE:
        return "posts straddle"
    if bet.kind is ForcedBetKind.SMALL_BLIND:
        return "posts small blind"
    return "posts big blind"


def _brackets(cards: tuple[Card | None, ...] | list[Card | None]) -> str:
    return "[" + " ".join(card_str(card) for card in cards) + "]"


def _street_cards(state: HandState, pos: int, street: int) -> tuple[Card | None, ...]:
    """The cards ``pos`` received on ``street`` (its last ``street.cards`` cards)."""
    count = state.spec.streets[street].cards
    return tuple(state.cards[pos][-count:]) if count else ()
