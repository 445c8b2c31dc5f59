"""A hand at a table: the engine's state plus what the table log adds (ids, dealer stub).

:class:`HandRun` is immutable; :meth:`HandRun.after` returns the run after one hand event.
The service dealer's bookkeeping (``stub``: the cards left, in dealing order; ``discards``:
draw discards not yet reshuffled; ``burned_street``) is rebuilt from the events like the
rest, so a restart deals exactly what the crashed process would have dealt.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from floorman.domain.cards import Card
from floorman.domain.engine import HandResult, HandState, apply, start_hand
from floorman.domain.fast_init import fast_replace
from floorman.domain.model import Action, ActionType, Deal, HandConfig, HandEvent
from floorman.domain.table.events import HandActed, HandDealt, HandSettled, HandStarted
from floorman.domain.table.placement import Positions


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRun:
    """One hand of the table, started and maybe settled.

    Attributes:
        hand_id / number: the hand's id and number at the table.
        config: the engine configuration the hand started with.
        positions: button-game positions (``None`` in stud).
        state: the engine's state after every event so far.
        events: the hand's deals and actions, in order.
        first_sequence / last_sequence: the table sequences of its first and last events.
        started_at: when HandStarted was stored (UTC), if known.
        stub / discards / burned_street: the service dealer's bookkeeping (see module).
        result: the settlement, once HandSettled is in the log.
    """

    hand_id: str
    number: int
    config: HandConfig
    positions: Positions | None
    state: HandState
    events: tuple[HandEvent, ...] = ()
    first_sequence: int
    last_sequence: int
    started_at: datetime | None = None
    stub: tuple[Card, ...] = ()
    discards: tuple[tuple[int, Card], ...] = ()
    burned_street: int = -1
    result: HandResult | None = None

    @property
    def settled(self) -> bool:
        """True once the hand's settlement is in the log."""
        return self.result is not None

    def after(self, event: HandDealt | HandActed | HandSettled, *, sequence: int) -> HandRun:
        """The run after ``event`` (stored at table ``sequence``).

        Raises:
            RuleViolation: the engine refuses the event (a corrupt log; never for events the
                service appended itself, which the engine accepted first).
        """
        if isinstance(event, HandSettled):
            return fast_replace(self, result=event.result, last_sequence=sequence)
        if isinstance(event, HandDealt):
            return self._dealt(event, sequence)
        return self._acted(event.action, sequence)

    def _dealt(self, event: HandDealt, sequence: int) -> HandRun:
        deal = event.deal
        stub = self.stub
        discards = self.discards
        if event.stub is not None:
            stub = event.stub
            discards = tuple((seat, card) for seat, card in discards if seat == deal.seat)
        count = len(deal.cards)
        if stub[:count] == deal.cards:
            stub = stub[count:]
        else:  # recorded mode, or a hand-edited log: drop the dealt cards wherever they are
            dealt = set(deal.cards)
            stub = tuple(card for card in stub if card not in dealt)
        burned = self.state.street if deal.burn else self.burned_street
        return fast_replace(
            self,
            state=apply(self.state, deal),
            events=(*self.events, deal),
            last_sequence=sequence,
            stub=stub,
            discards=discards,
            burned_street=burned,
        )

    def _acted(self, action: Action, sequence: int) -> HandRun:
        discards = self.discards
        if action.type is ActionType.DRAW:
            discards = (*discards, *((action.seat, c) for c in action.cards if c is not None))
        return fast_replace(
            self,
            state=apply(self.state, action),
            events=(*self.events, action),
            last_sequence=sequence,
            discards=discards,
        )

    def public_cards(self) -> frozenset[Card]:
        """Hole cards every viewer may see: cards shown at the showdown, and every live hand
        once all hands are turned face up after an all-in (RULES.md "Showdown order")."""
        shown: set[Card] = set()
        for event in self.events:
            if isinstance(event, Action) and event.type is ActionType.SHOW:
                shown.update(card for card in event.cards if card is not None)
        state = self.state
        if state.exposed:
            for pos in range(len(state.seats)):
                if state.live(pos):
                    shown.update(card for card in state.cards[pos] if card is not None)
        return frozenset(shown)


def begin_run(event: HandStarted, *, sequence: int, started_at: datetime | None) -> HandRun:
    """The run of a hand right after its HandStarted event (stored at ``sequence``)."""
    return HandRun(
        hand_id=event.hand_id,
        number=event.hand_number,
        config=event.config,
        positions=event.positions,
        state=start_hand(event.config),
        first_sequence=sequence,
        last_sequence=sequence,
        started_at=started_at,
        stub=event.deck,
    )


def deals_of(events: tuple[HandEvent, ...]) -> tuple[Deal, ...]:
    """The Deal events among ``events``."""
    return tuple(event for event in events if isinstance(event, Deal))
