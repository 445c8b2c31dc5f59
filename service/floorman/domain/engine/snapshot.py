"""The public view of a hand state (the contract's ``HandSnapshot``)."""

from __future__ import annotations

from itertools import compress

from floorman.domain.engine.dealing import pending_deals
from floorman.domain.engine.state import HandState
from floorman.domain.engine.types import SeatView, Snapshot
from floorman.domain.members import PHASE_BETTING, PHASE_COMPLETE, PHASE_DRAWING, PHASE_SHOWDOWN


def street_name(state: HandState) -> str:
    """``complete``, ``showdown``, ``draw`` during the draw, else the street's name."""
    if state.phase is PHASE_COMPLETE:
        return "complete"
    if state.phase is PHASE_SHOWDOWN:
        return "showdown"
    street = state.street_spec
    if street.draw and (state.phase is PHASE_DRAWING or state.draw_owed):
        return "draw"
    return street.name


def snapshot(state: HandState) -> Snapshot:
    """Where the hand stands: street, phase, seat to act, pot, amounts and every seat.

    ``pot_total`` counts every chip put in (pots and bets in front); ``amount_to_call`` is
    what the seat to act must add to call (capped by its stack; 0 outside a betting round).
    """
    betting = state.phase is PHASE_BETTING
    amount_to_call = 0
    if betting:
        pos = state.to_act
        amount_to_call = min(max(state.current_bet - state.bets[pos], 0), state.stacks[pos])
    seats = _seat_views(state)
    return Snapshot(
        street=street_name(state),
        phase=state.phase.value,
        seat_to_act=state.seat_to_act,
        pot_total=state.pot_total,
        amount_to_call=amount_to_call,
        current_bet=state.current_bet,
        seats=seats,
        awaiting_deal_seats=tuple(dict.fromkeys(r.seat for r in pending_deals(state))),
        hand_complete=state.phase is PHASE_COMPLETE,
        bets_this_round=state.bet_count,
        community=state.community,
        notes=state.notes,
    )


def _seat_views(state: HandState) -> tuple[SeatView, ...]:
    """Every seat's :class:`SeatView`, by position.

    A table lists a snapshot after every event, and one event changes one or two seats: the
    views of the previous snapshot (``HandState.view_cache``, carried by every copy) are kept
    for the seats whose stack, bet, contributed chips, folded and all-in flags are equal and
    whose ``cards`` / ``up`` tuples are the same objects (tuples are replaced whenever a seat's
    cards change), and rebuilt for the others; the answer is the same either way.
    """
    seats, stacks, bets, contributed = state.seats, state.stacks, state.bets, state.contributed
    folded, all_in, cards, up = state.folded, state.all_in, state.cards, state.up
    kept = state.view_cache
    if kept is None:
        # positional, in SeatView's field order (seat, stack, bet, contributed, folded,
        # all_in, up_cards, card_count): keywords cost a third more
        views = tuple(
            map(
                SeatView,
                seats,
                stacks,
                bets,
                contributed,
                folded,
                [a and not f for a, f in zip(all_in, folded, strict=True)],
                map(tuple, map(compress, cards, up)),
                map(len, cards),
            )
        )
    else:
        old_views, old_cards, old_up = kept
        out = []
        for pos, view in enumerate(old_views):
            held, face = cards[pos], up[pos]
            out_of_hand = folded[pos]
            shoved = all_in[pos] and not out_of_hand
            if (
                old_cards[pos] is held
                and old_up[pos] is face
                and view.stack == stacks[pos]
                and view.bet == bets[pos]
                and view.contributed == contributed[pos]
                and view.folded == out_of_hand
                and view.all_in == shoved
            ):
                out.append(view)
            else:
                out.append(
                    SeatView(
                        seats[pos],
                        stacks[pos],
                        bets[pos],
                        contributed[pos],
                        out_of_hand,
                        shoved,
                        tuple(compress(held, face)),
                        len(held),
                    )
                )
        views = tuple(out)
    state.view_cache = (views, tuple(cards), tuple(up))
    return views
