"""Stepping the engine while a hand history is mapped to events (OHH and PokerStars text).

Histories say "call" where the engine needs CHECK or CALL, and "bet" or "raise" where it needs
BET, RAISE or COMPLETE with a raise-to total. :class:`EngineStepper` applies each mapped event
to a live engine state and answers from its legal actions; once the engine refuses an event
(the history breaks a rule) it keeps mapping without it, and :class:`StreetBets` (a small
tally of the street's bets, as the history states them) answers instead. The refusal is kept
(``refused_at``, ``violation``) so an audit can name the first illegal event.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.domain.engine import (
    DealRequest,
    HandState,
    LegalAction,
    Phase,
    apply,
    legal_actions,
    pending_deals,
    start_hand,
)
from floorman.domain.errors import RuleViolation
from floorman.domain.games import game_spec
from floorman.domain.model import ActionType, BettingStructure, Game, HandConfig, HandEvent

_AGGRESSIVE = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryMapping:
    """A hand history mapped to floorman's model.

    Attributes:
        config: the hand's configuration.
        events: the history (antes and blinds are not events: the engine posts them).
        sources: for each event, where it comes from in the history (an OHH action number,
            a PokerStars line number; -1 when the event is implied, such as an unseen card).
        refused_at: index of the first event the engine refused while mapping, or ``None``.
        violation: the engine's reason for that refusal, or ``None``.
    """

    config: HandConfig
    events: tuple[HandEvent, ...]
    sources: tuple[int, ...]
    refused_at: int | None = None
    violation: RuleViolation | None = None


def card_faces(game: Game) -> tuple[bool, ...]:
    """The face of each card place in a seat's hand, dealt order (True: face up); empty for
    the draw games. Seven card stud: 2 down, 4 up, 1 down; five card stud: 1 down, 4 up."""
    spec = game_spec(game)
    if not spec.is_stud:
        return ()
    return tuple(
        face for street in spec.streets for face in (False,) * street.down + (True,) * street.up
    )


class EngineStepper:
    """Applies mapped events to an engine state while it accepts them."""

    def __init__(self, config: HandConfig) -> None:
        """Start the hand.

        Raises:
            InvalidArgument: the configuration is malformed (see ``start_hand``).
        """
        self.config = config
        self.state: HandState | None = start_hand(config)
        self.events: list[HandEvent] = []
        self.sources: list[int] = []
        self.refused_at: int | None = None
        self.violation: RuleViolation | None = None

    def emit(self, source: int, event: HandEvent) -> None:
        """Record ``event`` (from ``source``) and apply it while the engine accepts events."""
        self.events.append(event)
        self.sources.append(source)
        if self.state is None:
            return
        try:
            self.state = apply(self.state, event)
        except RuleViolation as violation:
            self.state = None
            self.refused_at = len(self.events) - 1
            self.violation = violation

    def mapping(self) -> HistoryMapping:
        """What was mapped so far."""
        return HistoryMapping(
            config=self.config,
            events=tuple(self.events),
            sources=tuple(self.sources),
            refused_at=self.refused_at,
            violation=self.violation,
        )

    @property
    def phase(self) -> Phase | None:
        """The engine's phase, or ``None`` once it refused an event."""
        return None if self.state is None else self.state.phase

    def due_deals(self) -> tuple[DealRequest, ...]:
        """The cards the engine waits for (none once it refused an event)."""
        return () if self.state is None else pending_deals(self.state)

    def legal(self, seat: int) -> list[LegalAction]:
        """The legal actions when it is ``seat``'s turn to bet, else nothing."""
        state = self.state
        if state is None or state.phase is not Phase.BETTING or state.seat_to_act != seat:
            return []
        return list(legal_actions(state))

    def check_or_call(self, seat: int, *, owes: bool) -> ActionType:
        """CHECK or CALL for a "check or call" of ``seat`` (``owes``: the tally's answer)."""
        legal = {entry.type for entry in self.legal(seat)}
        if (ActionType.CALL in legal) != (ActionType.CHECK in legal):
            return ActionType.CALL if ActionType.CALL in legal else ActionType.CHECK
        return ActionType.CALL if owes else ActionType.CHECK

    def aggressive(self, seat: int, to: int, *, fallback: ActionType) -> ActionType:
        """BET, RAISE or COMPLETE for a bet or raise of ``seat`` to ``to``."""
        offered = [entry for entry in self.legal(seat) if entry.type in _AGGRESSIVE]
        fitting = [e.type for e in offered if e.min_amount <= to <= e.max_amount]
        if fitting or offered:
            return (fitting or [offered[0].type])[0]
        return fallback


class StreetBets:
    """The street's bets as a history states them (for raise-to totals and the fallback)."""

    def __init__(self, config: HandConfig) -> None:
        self.config = config
        self.bets: dict[int, int] = {}
        self.first_street = True

    def new_street(self) -> None:
        """A new betting street starts: nobody has bet on it."""
        if self.bets:
            self.first_street = False
        self.bets = {}

    def bet_of(self, seat: int) -> int:
        """Chips ``seat`` has in front on this street."""
        return self.bets.get(seat, 0)

    def put(self, seat: int, chips: int) -> int:
        """``seat`` adds ``chips``; returns its street total."""
        self.bets[seat] = self.bet_of(seat) + chips
        return self.bets[seat]

    def set_to(self, seat: int, total: int) -> None:
        """``seat``'s street total becomes ``total`` (a bet or raise to it)."""
        self.bets[seat] = total

    def call(self, seat: int) -> None:
        """``seat`` matches the largest bet of the street."""
        self.bets[seat] = max(self.bets.values(), default=0)

    def owes(self, seat: int) -> bool:
        """``seat`` faces a bet."""
        return max(self.bets.values(), default=0) > self.bet_of(seat)

    def aggressive_kind(self) -> ActionType:
        """BET, RAISE or COMPLETE by the street's bets (stud's first fixed-limit round
        completes until a full small bet is in)."""
        top = max(self.bets.values(), default=0)
        stud = self.config.game.is_stud
        fixed = self.config.betting_structure is BettingStructure.FIXED_LIMIT
        if stud and self.first_street and fixed and top < self.config.stakes.small_bet:
            return ActionType.COMPLETE
        return ActionType.BET if top == 0 else ActionType.RAISE
