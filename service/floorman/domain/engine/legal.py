"""Legal actions for the seat to act (the contract's ``LegalAction`` list)."""

from __future__ import annotations

from floorman.domain.engine.drawing import discard_limit
from floorman.domain.engine.options import amount_to_call, turn_options
from floorman.domain.engine.state import HandState
from floorman.domain.engine.types import LegalAction
from floorman.domain.members import (
    ACTION_BRING_IN,
    ACTION_CALL,
    ACTION_CHECK,
    ACTION_DRAW,
    ACTION_FOLD,
    ACTION_MUCK,
    ACTION_SHOW,
    PHASE_BETTING,
    PHASE_DRAWING,
    PHASE_SHOWDOWN,
)
from floorman.domain.model import ActionType


def check_or_call(state: HandState, seat: int) -> ActionType | None:
    """CHECK or CALL, whichever ``seat`` may take now (exactly one of them is legal for the
    seat to act in a betting round, except for a pending bring-in); ``None`` when neither is
    (not ``seat``'s turn to bet, or it must bring in). Agrees with :func:`legal_actions`
    without working out the bet and raise amounts.
    """
    if state.phase is not PHASE_BETTING or state.seat_to_act != seat or state.bring_in_pending:
        return None
    return ACTION_CALL if amount_to_call(state, state.to_act) else ACTION_CHECK


def bet_or_raise_kind(state: HandState, seat: int) -> ActionType | None:
    """BET, RAISE or COMPLETE: the type every bet or raise entry of :func:`legal_actions`
    has for ``seat`` now (RULES.md "Betting structures": a stud completion, a bet, a raise);
    ``None`` when ``seat`` may not bet or raise now (not its turn to bet, the cap, a short
    all-in that did not reopen the betting, no chips to raise with, nobody to call)."""
    if state.phase is not PHASE_BETTING or state.seat_to_act != seat:
        return None
    options = turn_options(state)
    return options.aggressive if options.raises else None


def legal_actions(state: HandState) -> tuple[LegalAction, ...]:
    """Every action the seat to act may take now, with exact amounts in minor units.

    Betting: FOLD whenever the seat may fold (always, except the bring-in); CHECK; CALL with
    min = max = the chips it adds; BRING_IN with the bring-in (all it has if short); BET /
    RAISE / COMPLETE with "raise to" totals (no-limit maximum: the whole stack); an all-in
    below the minimum is its own entry with min = max = the all-in total and ``all_in``; a
    type may appear twice when its amounts are not one range (Stud Hi open pair: BET small
    and BET big). Draw: DRAW with 0 to 5 discards, and FOLD. Showdown: SHOW and MUCK.
    Empty while cards are due and once the hand is over.
    """
    phase = state.phase
    if phase is PHASE_BETTING:
        options = turn_options(state)
        out: list[LegalAction] = []
        if options.can_fold:
            out.append(LegalAction(ACTION_FOLD))
        if options.can_check:
            out.append(LegalAction(ACTION_CHECK))
        if options.call:
            out.append(LegalAction(ACTION_CALL, options.call, options.call, options.call_all_in))
        if options.bring_in:
            all_in = options.bring_in == state.stacks[options.pos]
            out.append(LegalAction(ACTION_BRING_IN, options.bring_in, options.bring_in, all_in))
        out.extend(LegalAction(r.type, r.min_to, r.max_to, r.all_in) for r in options.raises)
        return tuple(out)
    if phase is PHASE_DRAWING:
        most = discard_limit(state, state.to_act)
        return (LegalAction(ACTION_FOLD), LegalAction(ACTION_DRAW, 0, most))
    if phase is PHASE_SHOWDOWN:
        return (LegalAction(ACTION_SHOW), LegalAction(ACTION_MUCK))
    return ()
