"""Legal actions for the seat to act (the contract's ``LegalAction`` list)."""

from __future__ import annotations

from floorman.domain.engine.drawing import MAX_DISCARDS
from floorman.domain.engine.options import turn_options
from floorman.domain.engine.state import HandState
from floorman.domain.engine.types import LegalAction, Phase
from floorman.domain.model import ActionType


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
    if phase is Phase.BETTING:
        options = turn_options(state)
        out: list[LegalAction] = []
        if options.can_fold:
            out.append(LegalAction(ActionType.FOLD))
        if options.can_check:
            out.append(LegalAction(ActionType.CHECK))
        if options.call:
            out.append(
                LegalAction(ActionType.CALL, options.call, options.call, options.call_all_in)
            )
        if options.bring_in:
            all_in = options.bring_in == state.stacks[options.pos]
            out.append(LegalAction(ActionType.BRING_IN, options.bring_in, options.bring_in, all_in))
        out.extend(LegalAction(r.type, r.min_to, r.max_to, r.all_in) for r in options.raises)
        return tuple(out)
    if phase is Phase.DRAWING:
        most = min(MAX_DISCARDS, len(state.cards[state.to_act]))
        return (LegalAction(ActionType.FOLD), LegalAction(ActionType.DRAW, 0, most))
    if phase is Phase.SHOWDOWN:
        return (LegalAction(ActionType.SHOW), LegalAction(ActionType.MUCK))
    return ()
