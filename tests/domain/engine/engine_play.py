"""Random legal play through the engine, for property tests and the benchmark.

A :class:`RandomDealer` plays the table's dealer from a seeded deck (the house draw
reshuffle included) and a seeded chooser picks among :func:`legal_actions`; nothing here
knows the rules beyond what the engine offers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from floorman.domain.cards import Card
from floorman.domain.engine import (
    HandState,
    LegalAction,
    apply,
    legal_actions,
    pending_deals,
    start_hand,
)
from floorman.domain.games import GAMES, game_spec
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    Game,
    HandConfig,
    HandEvent,
    SeatState,
    Stakes,
)

PLAYERS = {game: (spec.min_players, spec.max_players) for game, spec in GAMES.items()}


def random_config(rng: random.Random, game: Game, structure: BettingStructure) -> HandConfig:
    """A random table for ``game``: 2..max seats, uneven stacks (some short), small stakes."""
    low, high = PLAYERS[game]
    n = rng.randint(low, high)
    seats = sorted(rng.sample(range(1, 11), n))
    # No 0: a busted player is not dealt in (docs/rules.md); 1 is all in from any forced bet.
    stacks = [rng.choice((1, 3, 15, 40, 90, 200, 500, 1000, 5000)) for _ in seats]
    small = rng.choice((10, 20, 40))
    board = game_spec(game).has_board
    stakes = Stakes(
        small_bet=small,
        big_bet=2 * small,
        ante=rng.choice((0, 1, 5)) if game.is_stud else rng.choice((0, 0, 0, 2)),
        small_blind=0 if structure is BettingStructure.FIXED_LIMIT else small // 2,
        big_blind=0 if structure is BettingStructure.FIXED_LIMIT else small,
        # community-card games: a straddle (twice the big blind) and a big-blind ante now and then
        straddle=2 * small if board and rng.random() < 0.3 else 0,
        big_blind_ante=rng.choice((0, 0, 0, small)) if board else 0,
    )
    return HandConfig(
        game=game,
        betting_structure=structure,
        stakes=stakes,
        seats=tuple(SeatState(seat=s, stack=st) for s, st in zip(seats, stacks, strict=True)),
        button_seat=rng.choice(seats) if game.is_draw else rng.choice((0, *seats)),
        uncapped_heads_up=rng.random() < 0.2,
    )


@dataclass
class RandomDealer:
    """Deals what :func:`pending_deals` asks for from a seeded shuffled stub."""

    rng: random.Random
    stub: list[Card] = field(default_factory=list)
    discards: list[tuple[int, Card]] = field(default_factory=list)
    burns: bool = False
    burned_street: int = -1

    @classmethod
    def for_state(cls, rng: random.Random, state: HandState, *, burns: bool) -> RandomDealer:
        stub = sorted(state.deck)
        rng.shuffle(stub)
        return cls(rng=rng, stub=stub, burns=burns)

    def deals(self, state: HandState) -> list[Deal]:
        """The next deal events (a burn first now and then, in stud)."""
        requests = pending_deals(state)
        out: list[Deal] = []
        fresh = state.street > 0 and not state.street_started and self.burned_street < state.street
        if self.burns and (state.spec.is_stud or state.street_spec.board) and fresh:
            self.burned_street = state.street
            rest = sum(street.cards for street in state.spec.streets[state.street :])
            if state.street_spec.board:
                spare = len(self.stub) > state.need_community
            elif state.spec.community_last_street:
                spare = len(self.stub) >= 2  # never burn the community card's last card
            else:
                spare = len(self.stub) > state.live_count() * rest
            if self.stub and spare and self.rng.random() < 0.7:
                return [Deal(seat=0, cards=(self.stub.pop(),), burn=True)]
        for request in requests:
            if request.seat and state.draw_owed and request.count > len(self.stub):
                pool = [c for s, c in self.discards if s != request.seat]
                self.discards = [(s, c) for s, c in self.discards if s == request.seat]
                self.stub += pool
                self.rng.shuffle(self.stub)
            cards = tuple(self.stub.pop() for _ in range(request.count))
            # split multi-card deals at random to exercise "any split"
            if len(cards) > 1 and self.rng.random() < 0.3:
                cut = self.rng.randint(1, len(cards) - 1)
                out.append(Deal(seat=request.seat, cards=cards[:cut], face_up=request.face_up))
                out.append(Deal(seat=request.seat, cards=cards[cut:], face_up=request.face_up))
            else:
                out.append(Deal(seat=request.seat, cards=cards, face_up=request.face_up))
            break  # one request at a time: the engine may change what comes next
        return out

    def note_discards(self, seat: int, cards: tuple[Card | None, ...]) -> None:
        self.discards += [(seat, c) for c in cards if c is not None]


def amounts_of(legal: LegalAction, rng: random.Random) -> list[int]:
    """Min, max and a middle amount of a legal entry."""
    low, high = legal.min_amount, legal.max_amount
    return sorted({low, high, rng.randint(low, high)})


def choose_action(state: HandState, rng: random.Random) -> Action:
    """A random legal action of the seat to act (random size within the allowed range)."""
    legal = legal_actions(state)
    seat = state.seat_to_act
    weights = {ActionType.FOLD: 1, ActionType.MUCK: 1}
    entry = rng.choices(legal, weights=[weights.get(e.type, 3) for e in legal])[0]
    if entry.type is ActionType.DRAW:
        held = state.cards[state.positions[seat]]
        count = rng.randint(entry.min_amount, entry.max_amount)
        return Action(seat=seat, type=ActionType.DRAW, cards=tuple(rng.sample(held, count)))
    if entry.type is ActionType.SHOW:
        held = list(state.cards[state.positions[seat]])
        rng.shuffle(held)
        return Action(seat=seat, type=ActionType.SHOW, cards=tuple(held))
    amount = rng.choice(amounts_of(entry, rng)) if entry.type in _SIZED else 0
    if entry.type is ActionType.BRING_IN and rng.random() < 0.5:
        amount = entry.min_amount
    return Action(seat=seat, type=entry.type, amount=amount)


_SIZED = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE, ActionType.CALL)


def play_hand(
    config: HandConfig,
    rng: random.Random,
    *,
    burns: bool = False,
    on_step: Callable[[HandState, HandEvent, HandState], None] | None = None,
    max_events: int = 400,
) -> tuple[HandState, list[HandEvent]]:
    """Play ``config`` to the end with random legal actions; returns the final state and
    every event applied. ``on_step(before, event, after)`` is called for each event."""
    state = start_hand(config)
    dealer = RandomDealer.for_state(rng, state, burns=burns)
    events: list[HandEvent] = []
    while not state.complete:
        if len(events) > max_events:
            raise AssertionError(f"hand did not end after {max_events} events: {state!r}")
        batch: list[HandEvent]
        if pending_deals(state):
            batch = list(dealer.deals(state))
        else:
            action = choose_action(state, rng)
            if action.type is ActionType.DRAW:
                dealer.note_discards(action.seat, action.cards)
            batch = [action]
        for event in batch:
            after = apply(state, event)
            if on_step is not None:
                on_step(state, event, after)
            events.append(event)
            state = after
    return state, events


def iter_games() -> Iterator[tuple[Game, BettingStructure]]:
    """Every game in every structure."""
    for game in Game:
        for structure in BettingStructure:
            yield game, structure
