"""PokerStars hand -> floorman hand: a :class:`~floorman.domain.model.HandConfig` plus events.

* Seats: every listed seat not sitting out, and every seat that posts, is dealt to or acts
  (a stud tournament deals a player who sits out in); the player id is the screen name.
  The button is the ``Seat #N is the button`` seat (draw games; the nearest dealt seat
  counter-clockwise when that seat is not dealt in), or the stud dealer position when the
  table line names one (floorman's exports), else 0 (dealing starts at the lowest seat, as
  the rooms list it).
* Stakes: :attr:`StarsHand.stakes` (small and big bet or blinds from the header, ante,
  bring-in and fixed-limit blinds from the posts; with no bring-in line, a bring-in below the
  bring-in seat's short all-in completion: :func:`_stakes`); the posts become explicit forced bets
  when they are not what those stakes derive (a newcomer's big blind, ``posts small & big
  blinds``: a live big blind and a dead small blind, a ``posts small blind`` after another
  blind: a dead small blind, short posts). No rake policy: the text
  states the rake paid (:func:`recorded_rake_policy` reproduces it exactly).
* Cards: the engine is stepped along and asked which cards are due (each street's deal, a
  draw's replacement cards, the stud community card); they come from the ``Dealt to`` lines
  (stud 3rd street: all three cards when written, else the up card and two unknown down
  cards), the ``*** RIVER *** [card]`` marker, and are unknown (``None``) when not written.
* Actions: ``brings in for`` -> BRING_IN, ``folds``, ``checks``, ``calls``; ``bets X`` and
  ``raises X to Y`` -> BET, RAISE or COMPLETE (the engine's legal actions tell which) to the
  street total; ``discards n cards [..]`` / ``stands pat`` -> DRAW (unknown discards when
  not written). Uncalled bets and ``collected`` lines are results, not events.
* Showdown: SHOW / MUCK in the engine's showdown order (rooms print their own order); shown
  cards from ``shows [..]`` or the summary's ``showed [..]``; a muck for ``mucks hand``; a
  hand turned face up after an all-in is shown only when that reveals cards. Sources are
  line numbers (-1: a card nobody wrote).
"""

from __future__ import annotations

from dataclasses import replace

from floorman.domain.cards import Card
from floorman.domain.engine import DealRequest, Phase, start_hand
from floorman.domain.engine.stakes import resolve_stakes
from floorman.domain.games import game_spec
from floorman.domain.history.pokerstars_model import (
    StarsEvent,
    StarsEventKind,
    StarsHand,
    StarsStreet,
)
from floorman.domain.history.stepper import EngineStepper, HistoryMapping, StreetBets
from floorman.domain.model import (
    Action,
    ActionType,
    Deal,
    ForcedBet,
    ForcedBetKind,
    HandConfig,
    RakePolicy,
    SeatState,
    Stakes,
)

_K = StarsEventKind
_STREETS = {
    "first_round": StarsStreet.FIRST_ROUND,
    "second_street": StarsStreet.SECOND_STREET,
    "third_street": StarsStreet.THIRD_STREET,
    "fourth_street": StarsStreet.FOURTH_STREET,
    "fifth_street": StarsStreet.FIFTH_STREET,
    "sixth_street": StarsStreet.SIXTH_STREET,
    "seventh_street": StarsStreet.SEVENTH_STREET,
    "pre_flop": StarsStreet.PRE_FLOP,
    "flop": StarsStreet.FLOP,
    "turn": StarsStreet.TURN,
    "river": StarsStreet.RIVER,
}
_POSTS = (_K.ANTE, _K.SMALL_BLIND, _K.BIG_BLIND, _K.SMALL_AND_BIG_BLINDS, _K.STRADDLE)
_RESULTS = (_K.UNCALLED_RETURN, _K.COLLECT, _K.NO_SHOW, _K.DEAL, _K.COMMUNITY)
_LIVE = (ForcedBetKind.SMALL_BLIND, ForcedBetKind.BIG_BLIND, ForcedBetKind.STRADDLE)
_SIMPLE = {_K.FOLD: ActionType.FOLD, _K.CHECK: ActionType.CHECK, _K.CALL: ActionType.CALL}


def recorded_rake_policy(rake: int) -> RakePolicy:
    """A rake policy that takes exactly ``rake`` minor units (100 %, capped at ``rake``):
    settle a room's hand with it to compare payouts with what the room paid."""
    return RakePolicy(percent_bps=10_000, cap=rake) if rake else RakePolicy()


def stars_to_hand(hand: StarsHand) -> tuple[HandConfig, list]:
    """The configuration and history of a PokerStars hand (see :func:`map_stars`).

    Raises:
        InvalidArgument: see :func:`stars_config`.
    """
    mapping = map_stars(hand)
    return mapping.config, list(mapping.events)


def map_stars(hand: StarsHand) -> HistoryMapping:
    """Map a PokerStars hand to a configuration and events, each event with its line number.

    The engine is stepped along (it says which cards are due and tells BET / RAISE /
    COMPLETE apart); an event it refuses is still mapped (``refused_at`` / ``violation``).

    Raises:
        InvalidArgument: see :func:`stars_config`.
    """
    return _Mapper(hand, stars_config(hand)).run()


def stars_config(hand: StarsHand) -> HandConfig:
    """The :class:`HandConfig` of a PokerStars hand (no rake policy).

    Raises:
        InvalidArgument: a configuration the engine refuses (``config...`` paths: too few
            players, incoherent stakes).
    """
    active = {event.seat for event in hand.events if event.seat}
    seats = tuple(
        SeatState(seat=s.seat, player_id=s.name, stack=s.stack)
        for s in sorted(hand.seats, key=lambda s: s.seat)
        if not s.sitting_out or s.seat in active
    )
    numbers = [s.seat for s in seats]
    button = hand.button_seat
    if hand.game.is_draw and numbers and button not in numbers:
        before = [n for n in numbers if n < button]
        button = before[-1] if before else numbers[-1]
    config = HandConfig(
        game=hand.game,
        betting_structure=hand.structure,
        stakes=_stakes(hand),
        seats=seats,
        button_seat=button,
    )
    return _with_posted_forced_bets(hand, config)


def _stakes(hand: StarsHand) -> Stakes:
    """:attr:`StarsHand.stakes`, with a bring-in below the bring-in seat's short all-in
    completion when nobody brings in (RULES.md "Seven Card Stud family": the bring-in seat
    posts the bring-in or completes, a short stack all it has).

    The text states the bring-in only in a ``brings in for X`` line, written for every
    bring-in, all in or not (``brings in for X and is all-in``). With no such line the
    bring-in seat completed: its ``bets X`` is the first action of the hand. When that
    completion is all in for no more than the bring-in the stakes derive (RULES.md "Stakes
    defaults"), the table's bring-in was smaller than X: it is taken as one minor unit below
    X, so the engine reads the completion (an all-in of half a bet or more counts as a full
    bet: the next player may raise one bet above it) and not a bring-in all in (after which
    the next player could only complete). The amount is otherwise unknown and changes
    nothing once the seat has completed.
    """
    stakes = hand.stakes
    if not hand.game.is_stud or stakes.bring_in:
        return stakes
    first = next((e for e in hand.events if e.kind not in _POSTS and e.kind not in _RESULTS), None)
    if first is None or first.kind is not _K.BET or not first.all_in or first.amount < 2:
        return stakes
    spec = game_spec(hand.game)
    if first.amount > resolve_stakes(stakes, spec=spec, structure=hand.structure).bring_in:
        return stakes
    return replace(stakes, bring_in=first.amount - 1)


def _posts(hand: StarsHand, seats: set[int]) -> list[tuple[StarsEvent, ForcedBetKind, int]]:
    """Each post as (event, kind, chips): ``posts small & big blinds`` gives a live big
    blind and a dead small blind; a dead ``posts small blind`` (one after another blind,
    :attr:`StarsEvent.dead`) a dead blind."""
    big_blind = hand.stakes.big_blind or hand.stakes.small_bet
    out = []
    for event in hand.events:
        if event.kind not in _POSTS or event.seat not in seats:
            continue
        if event.kind is _K.ANTE:
            ante = (
                ForcedBetKind.BIG_BLIND_ANTE if hand.stakes.big_blind_ante else ForcedBetKind.ANTE
            )
            out.append((event, ante, event.amount))
        elif event.kind is _K.STRADDLE:
            out.append((event, ForcedBetKind.STRADDLE, event.amount))
        elif event.kind is _K.SMALL_BLIND:
            kind = ForcedBetKind.DEAD_BLIND if event.dead else ForcedBetKind.SMALL_BLIND
            out.append((event, kind, event.amount))
        elif event.kind is _K.BIG_BLIND:
            out.append((event, ForcedBetKind.BIG_BLIND, event.amount))
        else:
            live = min(event.amount, big_blind)
            out.append((event, ForcedBetKind.BIG_BLIND, live))
            if event.amount > live:
                out.append((event, ForcedBetKind.DEAD_BLIND, event.amount - live))
    return out


def _with_posted_forced_bets(hand: StarsHand, config: HandConfig) -> HandConfig:
    """``config`` with explicit forced bets when the posts are not what the stakes derive."""
    seats = {s.seat for s in config.seats}
    posts = _posts(hand, seats)
    state = start_hand(config)
    live = dict.fromkeys(state.seats, 0)
    every = dict.fromkeys(state.seats, 0)
    for event, kind, chips in posts:
        every[event.seat] += chips
        if kind in _LIVE:
            live[event.seat] += chips
    derived_live = {seat: state.bets[pos] for pos, seat in enumerate(state.seats)}
    derived_every = {seat: state.contributed[pos] for pos, seat in enumerate(state.seats)}
    if live == derived_live and every == derived_every:
        return config
    stakes = state.stakes
    nominal = {
        ForcedBetKind.ANTE: stakes.ante,
        ForcedBetKind.SMALL_BLIND: stakes.small_blind,
        ForcedBetKind.BIG_BLIND: stakes.big_blind,
        ForcedBetKind.DEAD_BLIND: 0,
        ForcedBetKind.STRADDLE: getattr(stakes, "straddle", 0),
        ForcedBetKind.BIG_BLIND_ANTE: getattr(stakes, "big_blind_ante", 0),
    }
    forced = tuple(
        ForcedBet(
            seat=event.seat,
            kind=kind,
            amount=max(chips, nominal[kind]) if event.all_in else chips,
        )
        for event, kind, chips in posts
        if chips or event.all_in
    )
    return HandConfig(
        game=config.game,
        betting_structure=config.betting_structure,
        stakes=config.stakes,
        seats=config.seats,
        button_seat=config.button_seat,
        forced_bets=tuple(bet for bet in forced if bet.amount),
    )


class _Mapper:
    """Turns a hand's lines into events, the engine saying which cards are due."""

    def __init__(self, hand: StarsHand, config: HandConfig) -> None:
        self.hand = hand
        self.config = config
        self.stepper = EngineStepper(config)
        self.bets = StreetBets(config)
        self.dealt: dict[tuple[StarsStreet, int], StarsEvent] = {}
        self.replacements: dict[int, list[StarsEvent]] = {}
        self.community: dict[StarsStreet, StarsEvent] = {}
        draws = any(street.draw for street in game_spec(hand.game).streets)
        for event in hand.events:
            if event.kind is _K.COMMUNITY:
                self.community.setdefault(event.street, event)
            elif event.kind is _K.DEAL and draws and event.street is not StarsStreet.FIRST_ROUND:
                self.replacements.setdefault(event.seat, []).append(event)
            elif event.kind is _K.DEAL:
                self.dealt.setdefault((event.street, event.seat), event)
        self.street: StarsStreet | None = None
        self.showdown: list[StarsEvent] = []

    def run(self) -> HistoryMapping:
        for event in self.hand.events:
            if event.kind in _POSTS:
                if event.kind is not _K.ANTE:
                    self.bets.put(event.seat, min(event.added, self._live_blind(event)))
                continue
            if event.kind in _RESULTS:
                continue
            if event.kind in (_K.SHOW, _K.MUCK):
                self.showdown.append(event)
                continue
            if event.street is not self.street:
                if self.street is not None:
                    self.bets.new_street()
                self.street = event.street
            self.deal_due()
            self._action(event)
        # The hand is over (a summary, showdown lines, or the SHOW DOWN section reached even
        # without them): run it out, the cards nobody shows being unknown.
        over = self.hand.summary is not None or self.showdown
        if over or self.hand.last_section is StarsStreet.SHOWDOWN:
            self.deal_due()
        self._showdown()
        return self.stepper.mapping()

    def _live_blind(self, event: StarsEvent) -> int:
        if event.dead:
            return 0
        if event.kind is _K.SMALL_AND_BIG_BLINDS:
            return self.hand.stakes.big_blind or self.hand.stakes.small_bet
        return event.added

    # -- cards -------------------------------------------------------------------------

    def deal_due(self) -> None:
        """Deal every card the engine waits for, from the lines (``None`` when unwritten)."""
        while self.stepper.phase is Phase.DEALING:
            requests = self.stepper.due_deals()
            if not requests:
                return
            before = len(self.stepper.events)
            for request in requests:
                source, cards = self._cards_for(request)
                self.stepper.emit(
                    source, Deal(seat=request.seat, cards=cards, face_up=request.face_up)
                )
                if self.stepper.state is None:
                    return
            if len(self.stepper.events) == before:
                return

    def _cards_for(self, request: DealRequest) -> tuple[int, tuple[Card | None, ...]]:
        state = self.stepper.state
        assert state is not None
        unknown = (None,) * request.count
        if state.draw_owed:  # a draw's replacement cards
            waiting = self.replacements.get(request.seat)
            if waiting and len(waiting[0].cards) == request.count:
                event = waiting.pop(0)
                return event.line, event.cards
            return -1, unknown
        street = _STREETS.get(state.street_spec.name)
        if request.seat == 0:
            event = self.community.get(street) if street else None
            return (event.line, event.cards) if event else (-1, unknown)
        event = self.dealt.get((street, request.seat)) if street else None
        if event is None:
            return -1, unknown
        spec = state.street_spec
        cards = event.cards
        if len(cards) == spec.down + spec.up:
            part = cards[spec.down :] if request.face_up else cards[: spec.down]
        elif (request.face_up and len(cards) == spec.up) or (
            not request.face_up and len(cards) == spec.down and not spec.up
        ):
            part = cards
        else:
            return -1, unknown
        return (event.line, part) if len(part) == request.count else (-1, unknown)

    # -- actions -----------------------------------------------------------------------

    def _action(self, event: StarsEvent) -> None:
        seat, line, kind = event.seat, event.line, event.kind
        emit = self.stepper.emit
        if kind in _SIMPLE:
            if kind is _K.CALL:
                self.bets.put(seat, event.added)
            emit(line, Action(seat=seat, type=_SIMPLE[kind], amount=event.added))
        elif kind is _K.BRING_IN:
            self.bets.put(seat, event.added)
            emit(line, Action(seat=seat, type=ActionType.BRING_IN, amount=event.amount))
        elif kind in (_K.BET, _K.RAISE):
            to = event.to_amount if kind is _K.RAISE else self.bets.bet_of(seat) + event.amount
            action = self.stepper.aggressive(seat, to, fallback=self.bets.aggressive_kind())
            self.bets.set_to(seat, to)
            emit(line, Action(seat=seat, type=action, amount=to))
        elif kind is _K.DISCARD:
            count = event.amount
            cards = event.cards if len(event.cards) == count else (None,) * count
            emit(line, Action(seat=seat, type=ActionType.DRAW, cards=cards))
        elif kind is _K.STAND_PAT:
            emit(line, Action(seat=seat, type=ActionType.DRAW))

    # -- showdown ----------------------------------------------------------------------

    def _shown_cards(self) -> tuple[dict[int, tuple[int, tuple]], set[int], dict[int, tuple]]:
        """(seat -> (line, shown cards), seats that mucked, seat -> cards written mucked)."""
        shown: dict[int, tuple[int, tuple]] = {}
        mucked: set[int] = set()
        for event in self.showdown:
            if event.kind is _K.SHOW:
                shown.setdefault(event.seat, (event.line, event.cards))
            else:
                mucked.add(event.seat)
        mucked_cards: dict[int, tuple] = {}
        summary = self.hand.summary
        for result in summary.seats if summary else ():
            if result.showed:
                shown.setdefault(result.seat, (result.line, result.showed))
            if result.mucked:
                mucked_cards[result.seat] = (result.line, result.mucked)
        return shown, mucked, mucked_cards

    def _showdown(self) -> None:
        """SHOW / MUCK in the engine's order; reveals of hands turned up after an all-in."""
        shown, mucked, mucked_cards = self._shown_cards()
        if self.stepper.state is None:
            for event in self.showdown:
                if event.kind is _K.SHOW:
                    action = Action(seat=event.seat, type=ActionType.SHOW, cards=event.cards)
                else:  # a MUCK names no cards (domain/actions.py)
                    action = Action(seat=event.seat, type=ActionType.MUCK)
                self.stepper.emit(event.line, action)
            return
        while self.stepper.phase is Phase.SHOWDOWN:
            state = self.stepper.state
            assert state is not None
            seat = state.seat_to_act
            if seat in shown and seat not in mucked:
                line, cards = shown[seat]
                self.stepper.emit(line, self._show(seat, cards))
            elif seat in mucked or seat in mucked_cards:
                line = next((e.line for e in self.showdown if e.seat == seat), -1)
                self.stepper.emit(line, Action(seat=seat, type=ActionType.MUCK))
            else:
                held = state.cards[state.positions[seat]]
                self.stepper.emit(-1, Action(seat=seat, type=ActionType.SHOW, cards=held))
        state = self.stepper.state
        if state is None or state.phase is not Phase.COMPLETE or not state.exposed:
            return
        for pos in state.show_order:
            seat = state.seats[pos]
            known = shown.get(seat) or mucked_cards.get(seat)
            held = state.cards[pos]
            if state.live(pos) and known and None in held:
                self.stepper.emit(known[0], self._show(seat, known[1]))
                state = self.stepper.state
                if state is None:
                    return

    def _show(self, seat: int, cards: tuple[Card | None, ...]) -> Action:
        """A SHOW of ``cards``, without the stud community card if the room wrote it in."""
        state = self.stepper.state
        if state is not None:
            held = state.cards[state.positions[seat]]
            extra = [c for c in state.community if c in cards]
            if len(cards) == len(held) + len(extra) and extra:
                cards = tuple(c for c in cards if c not in extra)
        return Action(seat=seat, type=ActionType.SHOW, cards=cards)
