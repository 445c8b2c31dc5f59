"""Settling a hand through :mod:`floorman.domain.settlement` (RULES.md "Common to every game")."""

from __future__ import annotations

from collections.abc import Mapping

from floorman.domain.engine.state import HandState
from floorman.domain.engine.types import Finding, HandResult
from floorman.domain.errors import InvalidArgument
from floorman.domain.members import PHASE_COMPLETE, PHASE_SHOWDOWN
from floorman.domain.settlement import settle


def settle_hand(
    state: HandState, *, declared_payouts: Mapping[int, int] | None = None
) -> HandResult:
    """Settle a finished hand, or one whose history stopped at the showdown.

    Uncalled bets (and unmatched antes) go back, pots and side pots are built from the
    contributions (dead blinds are dead money: never returned, in the main pot), the rake
    comes off (``no_rake_first_round``: none when the hand never left its first betting
    round), and each pot goes to its best hand(s) with odd chips per RULES.md. At a showdown
    still in progress every hand not yet shown or mucked is shown, in showdown order. A hand
    won by folds is paid without a showdown.

    Args:
        state: a state in phase COMPLETE or SHOWDOWN.
        declared_payouts: seat -> chips a dealer or history says each seat was pushed from
            the pots; each difference becomes a ``payout.amount`` discrepancy.

    Returns:
        The :class:`HandResult` (final stacks for every seat dealt in).

    Raises:
        InvalidArgument: field ``history`` (``history.incomplete``) when the hand is not
            over (cards or actions are still due before a showdown).
        UnverifiableHand: a contested pot needs a hand with unknown (``None``) cards.
    """
    if state.phase not in (PHASE_COMPLETE, PHASE_SHOWDOWN):
        raise InvalidArgument.single(
            "history",
            "history.incomplete",
            f"the hand is not over: {state.street_spec.name} is in phase {state.phase.value}",
        )
    seats, folded, cards = state.seats, state.folded, state.cards
    settlement = settle(
        game=state.spec.game,
        contributions=dict(zip(seats, state.contributed, strict=True)),
        dead=state.dead_chips(),
        folded={seat for seat, out in zip(seats, folded, strict=True) if out},
        hands={seats[pos]: cards[pos] for pos, out in enumerate(folded) if not out},
        community=state.community,
        rake=state.config.rake,
        ended_first_round=state.street == 0,
        odd_chip_unit=state.stakes.odd_chip_unit,
        button_seat=state.config.button_seat,
        seat_order=[seats[pos] for pos in state.clockwise(state.dealer_left)],
        players_dealt=len(seats),
    )
    payouts, returned = settlement.payouts, settlement.returned  # Settlement.chips_back
    final_stacks = {
        seat: stack + payouts.get(seat, 0) + returned.get(seat, 0)
        for seat, stack in zip(seats, state.stacks, strict=True)
    }
    discrepancies: list[Finding] = []
    if declared_payouts is not None:
        for seat in sorted(set(declared_payouts) | set(settlement.payouts)):
            expected = settlement.payouts.get(seat, 0)
            actual = declared_payouts.get(seat, 0)
            if expected != actual:
                discrepancies.append(
                    Finding(
                        "payout.amount",
                        f"seat {seat} should be paid {expected}, not {actual}",
                        seat=seat,
                        expected=str(expected),
                        actual=str(actual),
                    )
                )
    return HandResult(
        pots=settlement.pots,
        rake=settlement.rake,
        payouts=dict(settlement.payouts),
        final_stacks=final_stacks,
        returned=dict(settlement.returned),
        showdown_order=tuple(seats[pos] for pos in state.show_order),
        discrepancies=tuple(discrepancies),
        notes=state.notes,
    )
