"""Engine results -> protobuf: snapshots, legal actions, pots, settlements, and the RulesService
answers built from them (ValidateAction, ListLegalActions, SettleHand).

One converter per message: TableService answers reuse these (:mod:`floorman.transport.
table_converters`); the shared messages (config, actions, deals, violations, payouts) are in
:mod:`floorman.transport.converters`. These functions never fail; cards print in ``Th`` form
with ``??`` for an unknown card; money stays int minor units. Messages are filled in place
(``.add()``, ``CopyFrom`` avoided) to keep answers cheap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from google.protobuf.internal.containers import RepeatedCompositeFieldContainer

from floorman.app.rules import ActionCheck, LegalMenu
from floorman.domain import model
from floorman.domain.cards import cards_str
from floorman.domain.engine import HandResult, LegalAction, PotShare, SeatView, Snapshot
from floorman.transport.converters import ACTION_TO_PB, fill_violation, violation_to_pb
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb

# The snapshot's street and phase names -> ``floorman.v1.Street`` / ``HandPhase`` numbers, read
# from the enums themselves: STREET_PRE_FLOP is "pre_flop", HAND_PHASE_BETTING is "betting".
STREET_TO_PB: Final[Mapping[str, pb.Street.ValueType]] = {
    value.name.removeprefix("STREET_").lower(): pb.Street.Value(value.name)
    for value in pb.Street.DESCRIPTOR.values
    if value.number != pb.STREET_UNSPECIFIED
}
PHASE_TO_PB: Final[Mapping[str, pb.HandPhase.ValueType]] = {
    value.name.removeprefix("HAND_PHASE_").lower(): pb.HandPhase.Value(value.name)
    for value in pb.HandPhase.DESCRIPTOR.values
    if value.number != pb.HAND_PHASE_UNSPECIFIED
}


def _fill_legal_action(target: pb.LegalAction, action: LegalAction) -> None:
    target.type = ACTION_TO_PB[action.type]
    target.min_amount = action.min_amount
    target.max_amount = action.max_amount
    target.all_in = action.all_in


def legal_action_to_pb(action: LegalAction) -> pb.LegalAction:
    """One ``floorman.v1.LegalAction``: CALL min = max = the chips added, BRING_IN the
    bring-in, BET / RAISE / COMPLETE "raise to" totals, DRAW the number of discards."""
    message = pb.LegalAction()
    _fill_legal_action(message, action)
    return message


def _fill_seat_view(target: pb.SeatView, view: SeatView) -> None:
    target.seat = view.seat
    target.stack = view.stack
    target.bet = view.bet
    target.contributed = view.contributed
    target.folded = view.folded
    target.all_in = view.all_in
    target.up_cards.extend(cards_str(view.up_cards))
    target.card_count = view.card_count


def seat_view_to_pb(view: SeatView) -> pb.SeatView:
    """One seat of a ``HandSnapshot``."""
    message = pb.SeatView()
    _fill_seat_view(message, view)
    return message


def fill_snapshot(target: pb.HandSnapshot, view: Snapshot, *, with_seats: bool = True) -> None:
    """Set ``target`` (a field of a response, filled in place) from the engine's snapshot
    (``with_seats`` False: every field but ``seats``).

    ``street`` / ``phase`` (deprecated strings) and ``street_kind`` / ``phase_kind`` (their
    enums, STREET_TO_PB / PHASE_TO_PB; UNSPECIFIED only for a name the enums lack) carry the
    same value.
    """
    target.street = view.street
    target.street_kind = STREET_TO_PB.get(view.street, pb.STREET_UNSPECIFIED)
    target.seat_to_act = view.seat_to_act
    target.pot_total = view.pot_total
    target.amount_to_call = view.amount_to_call
    target.phase = view.phase
    target.phase_kind = PHASE_TO_PB.get(view.phase, pb.HAND_PHASE_UNSPECIFIED)
    target.current_bet = view.current_bet
    if with_seats:
        for seat in view.seats:
            _fill_seat_view(target.seats.add(), seat)
    target.awaiting_deal_seats.extend(view.awaiting_deal_seats)
    target.hand_complete = view.hand_complete
    target.bets_this_round = view.bets_this_round
    target.board.extend(cards_str(view.community))


def snapshot_to_pb(view: Snapshot) -> pb.HandSnapshot:
    """A ``floorman.v1.HandSnapshot``: street and phase (strings and enums), seat to act
    (0: cards due or hand over), pot total, amount to call, current bet, every seat (face-up
    cards only), seats awaiting cards, bets this round, the board (community cards dealt)."""
    message = pb.HandSnapshot()
    fill_snapshot(message, view)
    return message


def validation_to_pb(check: ActionCheck) -> rpb.ValidateActionResponse:
    """A ValidateActionResponse: ``legal``; ``violation`` when not legal (``event_index`` -1:
    the proposed action is not part of the history); the snapshot and legal actions BEFORE
    the proposed action."""
    response = rpb.ValidateActionResponse(legal=check.legal)
    if check.violation is not None:
        fill_violation(response.violation, check.violation, event_index=-1)
    fill_snapshot(response.state, check.state)
    for action in check.legal_actions:
        _fill_legal_action(response.legal_actions.add(), action)
    return response


def legal_menu_to_pb(menu: LegalMenu) -> rpb.ListLegalActionsResponse:
    """A ListLegalActionsResponse: the snapshot and the seat to act's legal actions."""
    response = rpb.ListLegalActionsResponse()
    fill_snapshot(response.state, menu.state)
    for action in menu.legal_actions:
        _fill_legal_action(response.legal_actions.add(), action)
    return response


def _fill_pot(target: pb.Pot, pot: PotShare) -> None:
    target.amount = pot.amount
    target.eligible_seats.extend(pot.eligible)
    target.winner_seats.extend(pot.winners)
    target.low_winner_seats.extend(pot.low_winners)


def pot_to_pb(pot: PotShare) -> pb.Pot:
    """A ``floorman.v1.Pot``: amount after rake, eligible seats, winners, low winners."""
    message = pb.Pot()
    _fill_pot(message, pot)
    return message


def _fill_payouts(
    target: RepeatedCompositeFieldContainer[pb.Payout], amounts: Mapping[int, int]
) -> None:
    for seat in sorted(amounts):
        target.add(seat=seat, amount=amounts[seat])


def fill_settlement(
    target: rpb.SettleHandResponse,
    result: HandResult,
    *,
    seats: Sequence[model.SeatState] | None = None,
) -> None:
    """Set ``target`` (filled in place) from a settled hand; see :func:`settlement_to_pb`."""
    target.rake = result.rake
    for pot in result.pots:
        _fill_pot(target.pots.add(), pot)
    _fill_payouts(target.payouts, result.payouts)
    if seats is None:
        for seat in sorted(result.final_stacks):
            target.final_stacks.add(seat=seat, stack=result.final_stacks[seat])
    else:
        for state in seats:
            target.final_stacks.add(
                seat=state.seat, player_id=state.player_id, stack=result.final_stacks[state.seat]
            )
    target.discrepancies.extend(violation_to_pb(finding) for finding in result.discrepancies)
    _fill_payouts(target.returned, result.returned)
    target.showdown_order.extend(result.showdown_order)


def settlement_to_pb(
    result: HandResult, *, seats: Sequence[model.SeatState] | None = None
) -> rpb.SettleHandResponse:
    """A SettleHandResponse (SettleHand's answer; a table hand's ``result``).

    Args:
        result: the settled hand.
        seats: the configuration's seats: ``final_stacks`` then lists every one of them in
            this order, with its ``player_id``; ``None``: every seat of
            ``result.final_stacks`` by seat number, without player ids.

    Returns:
        Pots main pot first (amounts after rake), the rake, payouts and returned chips by
        seat number, final stacks, discrepancies (``payout.amount``) and the showdown order.
    """
    response = rpb.SettleHandResponse()
    fill_settlement(response, result, seats=seats)
    return response
