"""The public view of a hand state (the contract's ``HandSnapshot``)."""

from __future__ import annotations

from itertools import compress

from floorman.domain.engine.dealing import pending_deals
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
    # positional, in SeatView's field order (seat, stack, bet, contributed, folded, all_in,
    # up_cards, card_count): keywords cost a third more, once per seat of every snapshot
    seats = tuple(
        map(
            SeatView,
            state.seats,
            state.stacks,
            state.bets,
            state.contributed,
            state.folded,
            [a and not f for a, f in zip(state.all_in, state.folded, strict=True)],
            map(tuple, map(compress, state.cards, state.up)),
            map(len, state.cards),
        )
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
