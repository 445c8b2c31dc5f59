"""The engine's public value types: phases (:class:`~floorman.domain.model.Phase`, re-exported
here), legal actions, snapshots, deal requests, results.

All frozen; money in minor units; seats numbered from 1 (0: the community, or "nobody").
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.domain.cards import Card
from floorman.domain.fast_init import fast_frozen_init
from floorman.domain.model import ActionType
from floorman.domain.model import Phase as Phase  # re-exported: the engine's phases
from floorman.domain.settlement import PotShare


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class Finding:
    """A rule note or discrepancy (RULES.md rule id), e.g. ``card.unknown`` or ``payout.amount``.

    Attributes:
        rule: the RULES.md rule id.
        message: readable text.
        seat: the seat concerned (0 when none).
        expected / actual: values for findings (``"200"`` / ``"250"``), ``""`` when none.
        event_index: 0-based index of the history event it concerns, -1 when none.
    """

    rule: str
    message: str
    seat: int = 0
    expected: str = ""
    actual: str = ""
    event_index: int = -1


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class LegalAction:
    """One action the seat to act may take, with exact amounts in minor units.

    ``min_amount`` / ``max_amount``: CALL the chips it adds; BRING_IN the bring-in; BET,
    RAISE, COMPLETE "raise to" totals of the seat's bet in this round; DRAW the number of
    discards; 0 for FOLD, CHECK, SHOW and MUCK. ``all_in`` is True when the entry puts the
    seat all in (then ``min_amount == max_amount``).
    """

    type: ActionType
    min_amount: int = 0
    max_amount: int = 0
    all_in: bool = False


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class DealRequest:
    """Cards the hand needs next: ``count`` cards to ``seat`` (0: community), face up or down."""

    seat: int
    count: int
    face_up: bool


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's public position.

    Attributes:
        seat: seat number.
        stack: chips behind (not in front, not in the pot).
        bet: chips in front in the current betting round (dead blinds and antes excluded).
        contributed: chips put in over the whole hand (antes and blinds included).
        folded: folded, or mucked at the showdown.
        all_in: no chips behind while still in the hand.
        up_cards: face-up cards (``None``: an unknown face-up card).
        card_count: own cards held.
    """

    seat: int
    stack: int
    bet: int
    contributed: int
    folded: bool
    all_in: bool
    up_cards: tuple[Card | None, ...]
    card_count: int


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class Snapshot:
    """Where a hand stands (the ``HandSnapshot`` of the contract).

    Attributes:
        street: ``first_round``, ``draw``, ``second_round``, ``second_street`` ..
            ``seventh_street``, ``pre_flop``, ``flop``, ``turn``, ``river``, ``showdown`` or
            ``complete``.
        phase: ``dealing``, ``betting``, ``drawing``, ``showdown`` or ``complete``.
        seat_to_act: the seat to act; 0 when cards are due or the hand is over.
        pot_total: chips in the pots and in front of the players (minor units).
        amount_to_call: chips the seat to act must add to call (capped by its stack).
        current_bet: the bet to match in this round.
        seats: every seat dealt in, clockwise from the lowest seat number.
        awaiting_deal_seats: seats that must receive cards next (0: the community card).
        hand_complete: the hand is over.
        bets_this_round: bets and raises counted toward the fixed-limit cap this round.
        community: the community cards dealt: the board of Hold'em and Omaha, or the Stud
            7th-street card when the stub runs short (the contract's ``board``).
        notes: informational findings so far (``card.unknown``).
    """

    street: str
    phase: str
    seat_to_act: int
    pot_total: int
    amount_to_call: int
    current_bet: int
    seats: tuple[SeatView, ...]
    awaiting_deal_seats: tuple[int, ...]
    hand_complete: bool
    bets_this_round: int
    community: tuple[Card | None, ...] = ()
    notes: tuple[Finding, ...] = ()


@fast_frozen_init
@dataclass(frozen=True, slots=True)
class HandResult:
    """A settled hand.

    Attributes:
        pots: main pot first, then side pots; amounts after rake, with eligible seats,
            winners and (Stud Hi-Lo) low winners.
        rake: chips the house takes.
        payouts: seat -> chips pushed from the pots (returned bets excluded; no zeros).
        final_stacks: seat -> stack at the end of the hand, for every seat dealt in.
        returned: seat -> uncalled bet (or unmatched ante) handed back.
        showdown_order: seats in the order they show (empty for a hand won by folds).
        discrepancies: ``payout.amount`` findings where declared payouts differ.
        notes: the hand's informational findings (``card.unknown``).
    """

    pots: tuple[PotShare, ...]
    rake: int
    payouts: dict[int, int]
    final_stacks: dict[int, int]
    returned: dict[int, int]
    showdown_order: tuple[int, ...]
    discrepancies: tuple[Finding, ...] = ()
    notes: tuple[Finding, ...] = ()
