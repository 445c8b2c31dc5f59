"""The public view of a hand state (the contract's ``HandSnapshot``)."""

from __future__ import annotations

from floorman.domain.engine.dealing import pending_deals
from floorman.domain.engine.order import up_cards
from floorman.domain.engine.state import HandState
from floorman.domain.engine.types import Phase, SeatView, Snapshot


def street_name(state: HandState) -> str:
    """``complete``, ``showdown``, ``draw`` during the draw, else the street's name."""
    if state.phase is Phase.COMPLETE:
        return "complete"
    if state.phase is Phase.SHOWDOWN:
        return "showdown"
    street = state.street_spec
    if street.draw and (state.phase is Phase.DRAWING or state.draw_owed):
        return "draw"
    return street.name


def snapshot(state: HandState) -> Snapshot:
    """Where the hand stands: street, phase, seat to act, pot, amounts and every seat.

    ``pot_total`` counts every chip put in (pots and bets in front); ``amount_to_call`` is
    what the seat to act must add to call (capped by its stack; 0 outside a betting round).
    """
    betting = state.phase is Phase.BETTING
    amount_to_call = 0
    if betting:
        pos = state.to_act
        amount_to_call = min(max(state.current_bet - state.bets[pos], 0), state.stacks[pos])
    seats = tuple(
        SeatView(
            seat=seat,
            stack=state.stacks[pos],
            bet=state.bets[pos],
            contributed=state.contributed[pos],
            folded=state.folded[pos],
            all_in=state.all_in[pos] and not state.folded[pos],
            up_cards=up_cards(state, pos),
            card_count=len(state.cards[pos]),
        )
        for pos, seat in enumerate(state.seats)
    )
    return Snapshot(
        street=street_name(state),
        phase=state.phase.value,
        seat_to_act=state.seat_to_act,
        pot_total=state.pot_total,
        amount_to_call=amount_to_call,
        current_bet=state.current_bet,
        seats=seats,
        awaiting_deal_seats=tuple(dict.fromkeys(r.seat for r in pending_deals(state))),
        hand_complete=state.phase is Phase.COMPLETE,
        bets_this_round=state.bet_count,
        community=state.community,
        notes=state.notes,
    )
