"""Stepping the engine while a hand history is mapped to events (PHH, OHH, PokerStars text).

Histories say "call" where the engine needs CHECK or CALL, and "bet" or "raise" where it needs
BET, RAISE or COMPLETE with a raise-to total. :class:`EngineStepper` applies each mapped event
to a live engine state and answers from its legal actions; once the engine refuses an event
(the history breaks a rule) it keeps mapping without it, and :class:`StreetBets` (a small
tally of the street's bets, as the history states them) answers instead. The refusal is kept
(``refused_at``, ``violation``) so an audit can name the first illegal event; otherwise the
mapping keeps the engine state it reached (``state``), so callers need not replay the events
again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from floorman.domain.engine import (
    DealRequest,
    HandState,
    Phase,
    apply,
    apply_in_place,
    bet_or_raise_kind,
    check_or_call,
    pending_deals,
    start_hand,
)
from floorman.domain.errors import RuleViolation
from floorman.domain.games import game_spec
from floorman.domain.members import (
    ACTION_BET,
    ACTION_CALL,
    ACTION_CHECK,
    ACTION_COMPLETE,
    ACTION_RAISE,
    STRUCTURE_FIXED_LIMIT,
)
from floorman.domain.model import ActionType, Game, HandConfig, HandEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryMapping:
    """A hand history mapped to floorman's model.

    Attributes:
        config: the hand's configuration.
        events: the history (antes and blinds are not events: the engine posts them).
        sources: for each event, where it comes from in the history (a PHH action index, an
            OHH action number, a PokerStars line number; -1 when the event is implied, such
            as an unseen card).
        refused_at: index of the first event the engine refused while mapping, or ``None``.
        violation: the engine's reason for that refusal, or ``None``.
        state: the engine state after the last event (equal to ``replay(config, events)``)
            when the engine accepted every event; ``None`` once it refused one. Not compared:
            it follows from ``config`` and ``events``.
    """

    config: HandConfig
    events: tuple[HandEvent, ...]
    sources: tuple[int, ...]
    refused_at: int | None = None
    violation: RuleViolation | None = None
    state: HandState | None = field(default=None, compare=False, repr=False)


@cache
def card_faces(game: Game) -> tuple[bool, ...]:
    """The face of each card place in a seat's hand, dealt order (True: face up); empty for
    the draw games. Seven card stud: 2 down, 4 up, 1 down; five card stud: 1 down, 4 up."""
    faces = _FACES.get(game) if isinstance(game, Game) else None
    if faces is None:
        spec = game_spec(game)
        faces = ()
        if spec.is_stud:
            faces = tuple(
                face
                for street in spec.streets
                for face in (False,) * street.down + (True,) * street.up
            )
        _FACES[game] = faces
    return faces


_FACES: dict[Game, tuple[bool, ...]] = {}
""":func:`card_faces` of each game already asked (a game's streets never change)."""


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
        self._owned = True  # nobody else holds ``state`` yet: step it in place

    def emit(self, source: int, event: HandEvent) -> None:
        """Record ``event`` (from ``source``) and apply it while the engine accepts events."""
        self.events.append(event)
        self.sources.append(source)
        if self.state is None:
            return
        try:
            # a written record may hold a face-up card as ``??``: the audit reports it
            if self._owned:
                self.state = apply_in_place(self.state, event, allow_unknown_up=True)
            else:
                self.state = apply(self.state, event, allow_unknown_up=True)
        except RuleViolation as violation:
            self.state = None  # dropped: in place, a refused event may leave it half changed
            self.refused_at = len(self.events) - 1
            self.violation = violation

    def mapping(self) -> HistoryMapping:
        """What was mapped so far (its ``state`` is never changed afterwards)."""
        self._owned = False
        return HistoryMapping(
            config=self.config,
            events=tuple(self.events),
            sources=tuple(self.sources),
            refused_at=self.refused_at,
            violation=self.violation,
            state=self.state,
        )

    @property
    def phase(self) -> Phase | None:
        """The engine's phase, or ``None`` once it refused an event."""
        return None if self.state is None else self.state.phase

    def due_deals(self) -> tuple[DealRequest, ...]:
        """The cards the engine waits for (none once it refused an event)."""
        return () if self.state is None else pending_deals(self.state)

    def check_or_call(self, seat: int, *, owes: bool) -> ActionType:
        """CHECK or CALL for a "check or call" of ``seat``: the one the engine allows, else
        (the engine refused an event, or it is not ``seat``'s turn) ``owes``, the tally's
        answer."""
        kind = None if self.state is None else check_or_call(self.state, seat)
        if kind is not None:
            return kind
        return ACTION_CALL if owes else ACTION_CHECK

    def aggressive(self, seat: int, to: int, *, fallback: ActionType) -> ActionType:
        """BET, RAISE or COMPLETE for a bet or raise of ``seat`` to ``to``: the type the engine
        offers now (one type, whatever the amount: a wrong ``to`` is the engine's to refuse),
        else (no bet or raise offered) ``fallback``, the tally's answer."""
        kind = None if self.state is None else bet_or_raise_kind(self.state, seat)
        return fallback if kind is None else kind


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
        fixed = self.config.betting_structure is STRUCTURE_FIXED_LIMIT
        if stud and self.first_street and fixed and top < self.config.stakes.small_bet:
            return ACTION_COMPLETE
        return ACTION_BET if top == 0 else ACTION_RAISE
