"""The service dealer of a service-dealt table: every card the engine asks for, from the stub.

RULES.md: draw games deal five down each, one at a time from the dealer's left, no burn
before the draw; a draw the stub cannot cover reshuffles the rest of the stub with the other
players' earlier discards (``draw.stub``); studs burn one card before each street after the
first, and when the stub cannot give every live player a 7th card one community card is
dealt face up (burning first only if a card is left to burn); Hold'em and Omaha burn one
card before the flop, the turn and the river, then deal the street's board cards face up.
A burn is skipped when it would leave the stub short of the street (Five Card Stud at ten
players).

Cards come off the front of the hand's stub (the deck order stored in HandStarted); a
reshuffle's order comes from the ``shuffle`` port and is stored in the deal event, so the
fold rebuilds the same stub.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from floorman.domain.cards import Card
from floorman.domain.engine import DealRequest, pending_deals
from floorman.domain.model import Deal
from floorman.domain.table.events import HandDealt
from floorman.domain.table.hand import HandRun

Shuffle = Callable[[Sequence[Card]], list[Card]]
"""Returns the given cards in a uniformly random order (a deck-source port)."""


class StubExhausted(RuntimeError):
    """The stub cannot give the engine the cards it asks for (a bug: RULES.md deals fit)."""


@dataclass(frozen=True, slots=True)
class Dealt:
    """The dealer's output: the deal events, and the run after them."""

    events: tuple[HandDealt, ...]
    run: HandRun


def deal_pending(run: HandRun, *, shuffle: Shuffle) -> Dealt:
    """Deal everything the engine waits for now (several streets when nobody can bet).

    Returns:
        The HandDealt events in order (a burn, then one Deal per seat and face, down cards
        first, seats from the dealer's left), and the run after them (the events numbered
        from ``run.last_sequence + 1``, as the table log will store them); no events when
        the engine waits for an action (or the hand is over).

    Raises:
        StubExhausted: the stub (and a draw's reshuffle) cannot cover a request.
    """
    events: list[HandDealt] = []
    while True:
        requests = pending_deals(run.state)
        if not requests:
            return Dealt(tuple(events), run)
        if run.state.street_spec.draw:
            batch = [_replacement(run, requests[0], shuffle)]
        else:
            batch = _street(run, requests)
        for event in batch:
            run = run.after(event, sequence=run.last_sequence + 1)
            events.append(event)


def _replacement(run: HandRun, request: DealRequest, shuffle: Shuffle) -> HandDealt:
    """A drawing seat's replacement cards, reshuffling first when the stub is short."""
    stub: tuple[Card, ...] = run.stub
    reshuffled: tuple[Card, ...] | None = None
    if request.count > len(stub):
        pool = [*stub, *(card for seat, card in run.discards if seat != request.seat)]
        reshuffled = stub = tuple(shuffle(pool))
    count = min(request.count, len(stub))
    if count == 0:
        raise StubExhausted(f"no card left for seat {request.seat}'s draw")
    deal = Deal(seat=request.seat, cards=stub[:count])
    return HandDealt(hand_id=run.hand_id, deal=deal, stub=reshuffled)


def _street(run: HandRun, requests: Sequence[DealRequest]) -> list[HandDealt]:
    """A street's cards dealt round-robin from the dealer's left (after a burn if due)."""
    stub = run.stub
    needed = sum(request.count for request in requests)
    out: list[HandDealt] = []
    state = run.state
    fresh = state.street_spec.burn and not state.street_started
    # a burn only when the stub keeps every card the street needs (the stud community card:
    # one; a flop: three)
    if fresh and run.burned_street != state.street and len(stub) > needed:
        out.append(HandDealt(hand_id=run.hand_id, deal=Deal(seat=0, cards=stub[:1], burn=True)))
        return out  # the engine may now ask for something else (the community card)
    if needed > len(stub):
        raise StubExhausted(f"{needed} cards needed, {len(stub)} left")
    slots: dict[int, list[int]] = {}
    order: list[int] = []
    for index, request in enumerate(requests):
        if request.seat not in slots:
            slots[request.seat] = []
            order.append(request.seat)
        slots[request.seat].extend([index] * request.count)
    dealt: list[list[Card]] = [[] for _ in requests]
    position = 0
    for round_ in range(max(len(s) for s in slots.values())):
        for seat in order:
            if round_ < len(slots[seat]):
                dealt[slots[seat][round_]].append(stub[position])
                position += 1
    for index, request in enumerate(requests):
        out.append(
            HandDealt(
                hand_id=run.hand_id,
                deal=Deal(seat=request.seat, cards=tuple(dealt[index]), face_up=request.face_up),
            )
        )
    return out
