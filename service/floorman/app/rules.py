"""ValidateAction, ListLegalActions and SettleHand use cases: stateless questions about a hand.

Each use case rebuilds the hand from its configuration and history with the pure engine
(:mod:`floorman.domain.engine`) and answers on domain objects; the transport converts them.
Nothing is kept between calls, so any replica answers any request the same way.

Errors (mapped to gRPC statuses in one place, :mod:`floorman.transport.errors`):

* :class:`~floorman.domain.errors.InvalidArgument` — a malformed configuration (field paths
  such as ``config.seats[1].stack``), or a SettleHand history that stops mid-hand (field
  ``history``, saying what is still due).
* :class:`~floorman.domain.errors.HistoryError` — history event ``index`` (0-based) breaks a
  rule; it carries the RULES.md rule id.
* :class:`~floorman.domain.settlement.UnverifiableHand` — a contested pot needs cards the
  history holds as unknown (``??``); it names the seats (rule ``card.unknown``).

An illegal proposed action is not an error: :func:`validate_action` answers ``legal=False``
with the :class:`~floorman.domain.errors.RuleViolation` the engine raised.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from floorman.domain import engine
from floorman.domain.engine import (
    HandResult,
    HandState,
    LegalAction,
    Phase,
    Snapshot,
    check_action,
    legal_actions,
    replay,
    snapshot,
)
from floorman.domain.errors import InvalidArgument, RuleViolation
from floorman.domain.model import Action, HandConfig, HandEvent


@dataclass(frozen=True, slots=True)
class LegalMenu:
    """Where a hand stands and what the seat to act may do (ListLegalActions).

    Attributes:
        state: the snapshot after the history (street, phase, seat to act, pot, seats, ...).
        legal_actions: the seat to act's options with exact amounts in minor units (empty
            while cards are due and once the hand is over).
    """

    state: Snapshot
    legal_actions: tuple[LegalAction, ...]


@dataclass(frozen=True, slots=True)
class ActionCheck:
    """The answer to "may this action be taken now?" (ValidateAction).

    Attributes:
        legal: True when the engine accepts the proposed action.
        violation: the rule it breaks (RULES.md id, readable message, seat, expected, actual),
            ``None`` when legal.
        state: the snapshot BEFORE the proposed action.
        legal_actions: what the seat to act may do before the proposed action.
    """

    legal: bool
    violation: RuleViolation | None
    state: Snapshot
    legal_actions: tuple[LegalAction, ...]


def list_legal_actions(*, config: HandConfig, history: Sequence[HandEvent]) -> LegalMenu:
    """Replay ``history`` and list what the seat to act may do (ListLegalActions).

    Args:
        config: the hand's configuration (antes and blinds are posted from it).
        history: the hand's events so far, in order (Deals and Actions).

    Returns:
        The :class:`LegalMenu` after the last event.

    Raises:
        InvalidArgument: the configuration is malformed (``config.*`` field paths).
        HistoryError: history event ``index`` is illegal (its RULES.md rule id).
    """
    state = replay(config, history)
    return LegalMenu(state=snapshot(state), legal_actions=legal_actions(state))


def validate_action(
    *, config: HandConfig, history: Sequence[HandEvent], action: Action
) -> ActionCheck:
    """Replay ``history`` and judge the proposed ``action`` without applying it (ValidateAction).

    Args:
        config: the hand's configuration.
        history: the hand's events so far, in order.
        action: the proposed action (BET / RAISE / COMPLETE amounts are "raise to" totals in
            minor units).

    Returns:
        The :class:`ActionCheck`: ``legal``, the violation when not, the snapshot before the
        action and the legal actions of the seat to act.

    Raises:
        InvalidArgument: the configuration is malformed.
        HistoryError: history event ``index`` is illegal; the proposed action is then not
            judged (the hand it would join does not exist).
    """
    state = replay(config, history)
    violation = check_action(state, action)
    return ActionCheck(
        legal=violation is None,
        violation=violation,
        state=snapshot(state),
        legal_actions=legal_actions(state),
    )


def settle_hand(
    *,
    config: HandConfig,
    history: Sequence[HandEvent],
    declared_payouts: Mapping[int, int] | None = None,
) -> HandResult:
    """Replay a whole hand and settle it (SettleHand).

    The history may end at the showdown before every hand was shown: the remaining hands are
    then shown in showdown order. Pots are built from the contributions (RULES.md "Side
    pots"), uncalled bets and unmatched antes go back, the rake comes off the main pot first,
    ties split with odd chips per RULES.md, hi-lo halves with the odd chip to the high half.

    Args:
        config: the hand's configuration (rake policy included).
        history: every event of the hand, in order.
        declared_payouts: seat -> chips (minor units) the room pushed to each seat from the
            pots; each difference becomes a ``payout.amount`` discrepancy in the result.
            ``None`` or empty: nothing to check.

    Returns:
        The :class:`~floorman.domain.engine.HandResult`: pots (after rake), rake, payouts,
        final stacks of every seat, returned chips, showdown order, discrepancies.

    Raises:
        InvalidArgument: the configuration is malformed, or field ``history`` with rule
            ``history.incomplete`` when the history stops mid-hand (a seat still to act, to
            draw, or cards still due).
        HistoryError: history event ``index`` is illegal.
        UnverifiableHand: a contested pot needs unknown cards (``card.unknown``; the seats).
    """
    state = replay(config, history)
    if state.phase not in (Phase.COMPLETE, Phase.SHOWDOWN):
        raise InvalidArgument.single(
            "history", "history.incomplete", f"the hand is not over: {_what_is_due(state)}"
        )
    return engine.settle_hand(state, declared_payouts=declared_payouts or None)


def _what_is_due(state: HandState) -> str:
    """Why a hand that stopped mid-way cannot be settled, in words."""
    view = snapshot(state)
    if state.phase is Phase.BETTING:
        return f"seat {view.seat_to_act} is still to act on {view.street}"
    if state.phase is Phase.DRAWING:
        return f"seat {view.seat_to_act} is still to draw"
    community = "the board" if state.spec.has_board else "the community card"
    seats = ", ".join(
        community if seat == 0 else f"seat {seat}" for seat in view.awaiting_deal_seats
    )
    return f"cards are still due on {view.street} ({seats})"
