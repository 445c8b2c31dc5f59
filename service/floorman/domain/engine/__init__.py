"""The pure hand state machine: every game, action by action (RULES.md).

* :func:`start_hand` — validate a :class:`~floorman.domain.model.HandConfig`, post antes and
  blinds; the state before any card is dealt.
* :func:`apply` — the state after one Deal or Action (never mutates its input); refuses with
  :class:`~floorman.domain.errors.RuleViolation` naming the RULES.md rule id.
  :func:`apply_in_place` does the same on a state the caller owns, without a copy per event.
* :func:`legal_actions`, :func:`check_or_call`, :func:`bet_or_raise_kind`,
  :func:`check_action`, :func:`pending_deals`, :func:`snapshot` — questions about a state.
* :func:`replay` — a whole history (:class:`~floorman.domain.errors.HistoryError` names the
  first bad event's 0-based index).
* :func:`settle_hand` — pots, side pots, rake, payouts, final stacks, showdown order and
  payout discrepancies, through :mod:`floorman.domain.settlement`.

Conventions: seats numbered from 1 (seat 0 in a Deal is the community card); money in
integer minor units; BET / RAISE / COMPLETE amounts are "raise to" totals of the seat's bet
in the round; antes and blinds never appear in a history. Game rules come from
:mod:`floorman.domain.games`.

Decisions where RULES.md is silent (RRoP / TDA followed, written down here):

* A big blind posted short (all in) still sets the full big blind as the bet to call (TDA);
  the unmatched part comes back at settlement.
* A bring-in posted short (all in: RULES.md "posts all it has if short") sets the bet to call
  at the chips posted: the next players may call those chips or complete (fixed limit: to the
  small bet; pot and no limit: a first raise to at least the small bet), never "call" the
  full bring-in. The rooms (Full Tilt razz hand ``Razz-USD-HUSNG-2-201102``: all in for 9 of
  a 40 bring-in, called for 9) and pokerkit 0.7.7 agree.
* A bring-in player all in from the ante passes the bring-in to the next in the bring-in
  order (the next-lowest door card; Razz: the next-highest), skipping every player all in.
  A best exposed hand that is all in passes the first action to the next player clockwise.
* A CALL naming an amount must name the chips it adds; a FOLD or CHECK names none
  (``bet.amount``). An amount of 0 leaves a CALL's amount unspecified.
* A bet or raise is offered only while some opponent could still put in more chips.
* A bet or raise to exactly what the only opponents can still match, when that is below the
  legal amount, stands for the full bet or raise (the excess would be returned uncalled);
  the corpus hand ``FR/wsop-2023-43-5-h85`` raises this way.
* Short all-ins: a single all-in raising by half a bet or more (fixed limit) or by a full
  raise (pot/no limit) counts as a full raise; short all-ins that together reach a full bet
  or raise over the last full level reopen the betting for everyone. A raise refused because
  the betting was not reopened is ``fixed_limit.short_all_in`` in every structure (the rule
  table's one id for that rule).
* Pot limit: the maximum is never below the minimum (a small pot still allows the minimum).
* The seat to draw may FOLD instead (a fold in turn is always allowed, house choice).
* After an all-in with the betting over, every hand is face up: no SHOW is needed, and a SHOW
  of such a hand is still accepted, even after the last card, to reveal unknown cards.
* A MUCK at the showdown gives the hand up; once one hand is left it wins without showing.
* Community-card games: the board comes as Deals to seat 0 (a flop in one deal or card by
  card; ``board.count`` for board cards out of their street or too many). A straddle is a
  live blind counting as a raise (the action starts left of it; no straddle heads-up); the
  big-blind ante is dead money. docs/rules.md "Community-card games".
"""

from floorman.domain.engine.apply import apply, apply_in_place, check_action, replay
from floorman.domain.engine.dealing import pending_deals
from floorman.domain.engine.legal import bet_or_raise_kind, check_or_call, legal_actions
from floorman.domain.engine.settle import settle_hand
from floorman.domain.engine.setup import start_hand
from floorman.domain.engine.snapshot import snapshot
from floorman.domain.engine.state import HandState
from floorman.domain.engine.types import (
    DealRequest,
    Finding,
    HandResult,
    LegalAction,
    Phase,
    SeatView,
    Snapshot,
)
from floorman.domain.settlement import PotShare, UnverifiableHand

__all__ = [
    "DealRequest",
    "Finding",
    "HandResult",
    "HandState",
    "LegalAction",
    "Phase",
    "PotShare",
    "SeatView",
    "Snapshot",
    "UnverifiableHand",
    "apply",
    "apply_in_place",
    "bet_or_raise_kind",
    "check_action",
    "check_or_call",
    "legal_actions",
    "pending_deals",
    "replay",
    "settle_hand",
    "snapshot",
    "start_hand",
]
