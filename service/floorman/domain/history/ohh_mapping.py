"""OHH hand -> floorman hand: a :class:`~floorman.domain.model.HandConfig` plus events.

* Configuration: floorman's extension object when present (the exact stakes, dealer
  position, forced bets, rake policy, player ids); otherwise the standard fields: draw
  blinds from ``small_blind_amount`` / ``big_blind_amount`` (fixed limit: the small bet is the
  big blind, the big bet twice it), stud bring-in and small bet from the same two fields
  (the big bet twice the small bet), ``ante_amount``, ``dealer_seat``; the posts become
  explicit forced bets when they are not what those stakes derive.
* Events, round by round, action by action: ``Dealt Cards`` -> Deal (stud faces from the
  extension's ``face_up``, else by the card's place: 2 down, 4 up, 1 down); a round's board
  ``cards`` -> the stud community card (after the round's burns); ``Bring In``; ``Fold``;
  ``Check``; ``Call``; ``Bet`` / ``Raise`` -> BET, RAISE or COMPLETE to the street total the
  added chips make (OHH amounts are chips added; the engine's legal actions tell the kind);
  ``Discard Cards`` / ``Stand Pat`` -> DRAW; ``Burn Cards`` -> a burn; ``Shows Cards`` -> SHOW;
  ``Mucks Cards`` -> MUCK. Posts are not events (the engine posts them); seat changes are
  ignored. Each event's source is its ``action_number`` (-1 for a board card).
"""

from __future__ import annotations

from floorman.domain.cards import Card
from floorman.domain.engine import start_hand
from floorman.domain.errors import InvalidArgument
from floorman.domain.history import ohh_model as m
from floorman.domain.history.stepper import (
    EngineStepper,
    HistoryMapping,
    StreetBets,
    card_faces,
)
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBet,
    ForcedBetKind,
    HandConfig,
    HandEvent,
    SeatState,
    Stakes,
)

_LIVE_POSTS = {
    m.POST_SB: ForcedBetKind.SMALL_BLIND,
    m.POST_BB: ForcedBetKind.BIG_BLIND,
    m.POST_EXTRA: ForcedBetKind.BIG_BLIND,
    m.STRADDLE: ForcedBetKind.STRADDLE,
}
_DEAD_POSTS = {m.POST_ANTE: ForcedBetKind.ANTE, m.POST_DEAD: ForcedBetKind.DEAD_BLIND}


def ohh_to_hand(hand: m.OhhHand) -> tuple[HandConfig, list[HandEvent]]:
    """The configuration and history of an OHH hand of a seed game (see :func:`map_ohh`).

    Raises:
        InvalidArgument: see :func:`ohh_config`.
    """
    mapping = map_ohh(hand)
    return mapping.config, list(mapping.events)


def map_ohh(hand: m.OhhHand) -> HistoryMapping:
    """Map an OHH hand to a configuration and events, keeping each event's action number.

    The engine is stepped along to tell BET / RAISE / COMPLETE apart; an event it refuses is
    still mapped (``refused_at`` / ``violation`` say which and why).

    Raises:
        InvalidArgument: see :func:`ohh_config`.
    """
    config = ohh_config(hand)
    return _Mapper(hand, config).run()


def ohh_config(hand: m.OhhHand) -> HandConfig:
    """The :class:`HandConfig` of an OHH hand.

    Raises:
        InvalidArgument: a game or structure floorman does not play (``game_type``,
            ``bet_limit.bet_type``), a stud hand without its bet sizes (``big_blind_amount``),
            or a configuration the engine refuses (``config...`` paths).
    """
    game, structure = hand.game, hand.structure
    if game is None:
        raise InvalidArgument.single(
            "game_type", "", f"{hand.game_type!r} is not a game floorman plays"
        )
    if structure is None:
        raise InvalidArgument.single(
            "bet_limit.bet_type", "", f"{hand.bet_type!r} is not FL, PL or NL"
        )
    ext = hand.extension
    ids = dict(ext.player_ids) if ext else {}
    seats = tuple(
        SeatState(seat=p.seat, player_id=ids.get(p.seat, p.name), stack=p.starting_stack)
        for p in sorted(hand.players, key=lambda p: p.seat)
    )
    if ext is not None:
        return HandConfig(
            game=game,
            betting_structure=structure,
            stakes=ext.stakes,
            rake=ext.rake_policy,
            seats=seats,
            button_seat=ext.button_seat,
            forced_bets=ext.forced_bets,
            uncapped_heads_up=ext.uncapped_heads_up,
        )
    config = HandConfig(
        game=game,
        betting_structure=structure,
        stakes=_standard_stakes(hand, game.is_stud, structure),
        seats=seats,
        button_seat=hand.dealer_seat,
    )
    return _with_posted_forced_bets(hand, config)


def _standard_stakes(hand: m.OhhHand, stud: bool, structure: BettingStructure) -> Stakes:
    fixed = structure is BettingStructure.FIXED_LIMIT
    if stud:
        if not hand.big_blind:
            raise InvalidArgument.single(
                "big_blind_amount",
                "",
                "a stud hand without the floorman extension needs its small bet in "
                "big_blind_amount (and its bring-in in small_blind_amount)",
            )
        return Stakes(
            small_bet=hand.big_blind,
            big_bet=2 * hand.big_blind if fixed else 0,
            bring_in=hand.small_blind,
            ante=hand.ante,
            whole_unit=hand.amount_scale,
        )
    return Stakes(
        small_bet=hand.big_blind if fixed else 0,
        big_bet=2 * hand.big_blind if fixed else 0,
        small_blind=hand.small_blind,
        big_blind=hand.big_blind,
        ante=hand.ante,
        whole_unit=hand.amount_scale,
    )


def _with_posted_forced_bets(hand: m.OhhHand, config: HandConfig) -> HandConfig:
    """``config`` with explicit forced bets when the posts are not what its stakes derive."""
    seat_of = {p.id: p.seat for p in hand.players}
    posts = [
        (seat_of[a.player_id], a)
        for r in hand.rounds
        for a in r.actions
        if a.action in m.POSTS and a.player_id is not None
    ]
    state = start_hand(config)
    dead = dict.fromkeys(state.seats, 0)
    live = dict.fromkeys(state.seats, 0)
    for seat, action in posts:
        (live if action.action in _LIVE_POSTS else dead)[seat] += action.amount
    derived_live = {seat: state.bets[pos] for pos, seat in enumerate(state.seats)}
    derived_all = {seat: state.contributed[pos] for pos, seat in enumerate(state.seats)}
    if live == derived_live and {s: dead[s] + live[s] for s in dead} == derived_all:
        return config
    stakes = config.stakes
    nominal = {
        ForcedBetKind.ANTE: stakes.ante,
        ForcedBetKind.SMALL_BLIND: stakes.small_blind,
        ForcedBetKind.BIG_BLIND: stakes.big_blind,
        ForcedBetKind.DEAD_BLIND: 0,
        ForcedBetKind.STRADDLE: stakes.straddle,
    }
    forced = []
    for seat, action in posts:
        kind = _LIVE_POSTS.get(action.action) or _DEAD_POSTS[action.action]
        amount = max(action.amount, nominal[kind]) if action.is_allin else action.amount
        if amount:
            forced.append(ForcedBet(seat=seat, kind=kind, amount=amount))
    return HandConfig(
        game=config.game,
        betting_structure=config.betting_structure,
        stakes=config.stakes,
        seats=config.seats,
        button_seat=config.button_seat,
        forced_bets=tuple(forced),
    )


class _Mapper:
    """Turns OHH rounds into events, stepping the engine while it accepts them."""

    def __init__(self, hand: m.OhhHand, config: HandConfig) -> None:
        self.hand = hand
        self.config = config
        self.seat_of = {p.id: p.seat for p in hand.players}
        self.stepper = EngineStepper(config)
        self.bets = StreetBets(config)
        self.held: dict[int, int] = {}
        self.pattern = card_faces(config.game)

    def run(self) -> HistoryMapping:
        for index, round_ in enumerate(self.hand.rounds):
            if index:
                self.bets.new_street()
            board = round_.cards
            for action in round_.actions:
                if board and action.action != m.BURN:
                    self.stepper.emit(-1, Deal(seat=0, cards=board, face_up=True))
                    board = ()
                self._map(action)
            if board:
                self.stepper.emit(-1, Deal(seat=0, cards=board, face_up=True))
        return self.stepper.mapping()

    def _map(self, action: m.OhhAction) -> None:
        name = action.action
        source = action.number
        emit = self.stepper.emit
        if name == m.BURN:
            emit(source, Deal(seat=0, cards=action.cards, burn=True))
            return
        if name in m.SEAT_CHANGES or action.player_id is None:
            return
        seat = self.seat_of[action.player_id]
        if name in m.POSTS:
            if name in _LIVE_POSTS:
                self.bets.put(seat, action.amount)
        elif name == m.DEALT:
            self._deal(source, seat, action)
        elif name == m.BRING_IN:
            self.bets.put(seat, action.amount)
            emit(source, Action(seat=seat, type=ActionType.BRING_IN, amount=action.amount))
        elif name in (m.CALL, m.CHECK, m.FOLD):
            kind = {m.CALL: ActionType.CALL, m.CHECK: ActionType.CHECK, m.FOLD: ActionType.FOLD}
            if name == m.CALL:
                self.bets.put(seat, action.amount)
            emit(source, Action(seat=seat, type=kind[name]))
        elif name in (m.BET, m.RAISE):
            to = self.bets.bet_of(seat) + action.amount
            kind = self.stepper.aggressive(seat, to, fallback=self.bets.aggressive_kind())
            self.bets.set_to(seat, to)
            emit(source, Action(seat=seat, type=kind, amount=to))
        elif name in (m.DISCARD, m.STAND_PAT):
            cards = action.cards if name == m.DISCARD else ()
            emit(source, Action(seat=seat, type=ActionType.DRAW, cards=cards))
        elif name == m.SHOWS:
            emit(source, Action(seat=seat, type=ActionType.SHOW, cards=action.cards))
        elif name == m.MUCKS:
            emit(source, Action(seat=seat, type=ActionType.MUCK))

    def _deal(self, source: int, seat: int, action: m.OhhAction) -> None:
        """A deal: one Deal with the written face, or stud faces by the cards' places."""
        cards = action.cards
        if not self.pattern or action.face_up is not None:
            self.held[seat] = self.held.get(seat, 0) + len(cards)
            self.stepper.emit(source, Deal(seat=seat, cards=cards, face_up=bool(action.face_up)))
            return
        groups: list[tuple[bool, list[Card | None]]] = []
        for card in cards:
            place = self.held.get(seat, 0)
            self.held[seat] = place + 1
            face = place < len(self.pattern) and self.pattern[place]
            if groups and groups[-1][0] == face:
                groups[-1][1].append(card)
            else:
                groups.append((face, [card]))
        for face, group in groups:
            self.stepper.emit(source, Deal(seat=seat, cards=tuple(group), face_up=face))
