"""Applying events: :func:`apply`, :func:`apply_in_place`, :func:`check_action`, :func:`replay`."""

from __future__ import annotations

from collections.abc import Sequence

from floorman.domain.actions import check_action_fields
from floorman.domain.engine.betting import apply_betting
from floorman.domain.engine.dealing import apply_deal
from floorman.domain.engine.drawing import apply_draw
from floorman.domain.engine.setup import start_hand
from floorman.domain.engine.showdown import apply_exposed_show, apply_showdown
from floorman.domain.engine.state import HandState
from floorman.domain.errors import HistoryError, RuleViolation
from floorman.domain.members import (
    ACTION_SHOW,
    PHASE_BETTING,
    PHASE_COMPLETE,
    PHASE_DEALING,
    PHASE_DRAWING,
    PHASE_SHOWDOWN,
)
from floorman.domain.model import Action, Deal, HandConfig, HandEvent


def apply(state: HandState, event: HandEvent, *, allow_unknown_up: bool = False) -> HandState:
    """The state after ``event``; ``state`` itself is never changed.

    Args:
        state: a state from :func:`start_hand`, :func:`apply` or :func:`replay`.
        event: a :class:`~floorman.domain.model.Deal` (cards to a seat, seat 0 the
            community; ``burn`` for a reported burn) or an
            :class:`~floorman.domain.model.Action` of the seat to act.
        allow_unknown_up: accept a face-up card given as unknown (``??``), which is
            otherwise ``card.unknown``: only for a written record being read or audited,
            whose caller reports it (docs/rules.md "A face-up card must be known").

    Returns:
        A new state.

    Raises:
        RuleViolation: the event breaks a rule; ``rule`` is its RULES.md id (``hand.complete``,
            ``turn.out_of_turn``, ``action.not_allowed``, ``bet.amount``, ``card.count``, ...)
            and ``message`` says why in words.
    """
    return _apply(state, event, copy=True, allow_unknown_up=allow_unknown_up)


def apply_in_place(
    state: HandState, event: HandEvent, *, allow_unknown_up: bool = False
) -> HandState:
    """Like :func:`apply`, but ``state`` itself becomes the state after ``event`` (and is
    returned): no copy per event. Only for a caller that owns ``state`` (made it with
    :func:`start_hand`, shares it with nobody) and drops it on a refusal: when
    :class:`~floorman.domain.errors.RuleViolation` is raised, ``state`` may be half changed.
    :func:`replay` and the history mappers step hands this way; the states they hand out are
    equal to what :func:`apply` gives.

    Raises:
        RuleViolation: as :func:`apply` (``allow_unknown_up`` too).
    """
    return _apply(state, event, copy=False, allow_unknown_up=allow_unknown_up)


def _apply(
    state: HandState, event: HandEvent, *, copy: bool, allow_unknown_up: bool = False
) -> HandState:
    """The state after ``event``: a changed copy of ``state``, or ``state`` itself."""
    events = state.events + 1
    if isinstance(event, Deal):
        new = apply_deal(state, event, copy=copy, allow_unknown_up=allow_unknown_up)
    elif isinstance(event, Action):
        new = _apply_action(state, event, copy)
    else:
        raise RuleViolation("action.not_allowed", f"{event!r} is not a hand event")
    new.events = events
    new.turn_cache = None  # the options of the state before the step (HandState.turn_cache)
    return new


def _apply_action(s: HandState, action: Action, copy: bool) -> HandState:
    """Dispatch an action on the phase of the hand (after refusing fields its type does not
    take: ``action.extra_cards`` / ``action.extra_amount``)."""
    if action.cards or action.amount:  # stray_fields only ever flags one of these two
        check_action_fields(action)
    pos = s.positions.get(action.seat)
    exposed_show = (
        action.type is ACTION_SHOW and s.exposed and pos is not None and not s.folded[pos]
    )
    if s.phase is PHASE_COMPLETE and not exposed_show:
        raise RuleViolation("hand.complete", "the hand is over", seat=action.seat)
    if action.seat not in s.positions:
        raise RuleViolation(
            "turn.out_of_turn",
            f"seat {action.seat} is not dealt in",
            seat=action.seat,
            expected=s.seat_to_act,
            actual=action.seat,
        )
    if exposed_show and s.phase in (PHASE_COMPLETE, PHASE_DEALING):
        return apply_exposed_show(s, action, copy=copy)
    if s.phase is PHASE_BETTING:
        return apply_betting(s, action, copy=copy)
    if s.phase is PHASE_DRAWING:
        return apply_draw(s, action, copy=copy)
    if s.phase is PHASE_SHOWDOWN:
        return apply_showdown(s, action, copy=copy)
    raise RuleViolation(
        "turn.out_of_turn",
        "cards are due before anyone acts",
        seat=action.seat,
        actual=action.seat,
    )


def check_action(state: HandState, action: Action) -> RuleViolation | None:
    """The rule ``action`` would break now, or ``None`` when :func:`apply` accepts it.

    Never raises for a rule problem; the state is not changed.
    """
    try:
        apply(state, action)
    except RuleViolation as violation:
        return violation
    return None


def replay(
    config: HandConfig, events: Sequence[HandEvent], *, allow_unknown_up: bool = False
) -> HandState:
    """Start a hand from ``config`` and apply ``events`` in order (``allow_unknown_up``: as
    :func:`apply`, for a written record).

    Deterministic: the same configuration and events always rebuild an equal state (equal to
    applying them one by one with :func:`apply`; the state is stepped in place, a fresh one
    that nobody else holds).

    Raises:
        InvalidArgument: the configuration is malformed (see :func:`start_hand`).
        HistoryError: event ``index`` (0-based) breaks a rule; carries the violation.
    """
    state = start_hand(config)
    for index, event in enumerate(events):
        try:
            state = apply_in_place(state, event, allow_unknown_up=allow_unknown_up)
        except RuleViolation as violation:
            raise HistoryError(index, violation) from violation
    return state
