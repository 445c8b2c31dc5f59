"""Settle a finished hand: returns, pots, rake, winners and payouts (RULES.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set

from floorman.domain.cards import Card
from floorman.domain.errors import InvalidArgument
from floorman.domain.games import GameSpec, game_spec
from floorman.domain.members import SIDE_LOW_8, SIDE_LOW_A5
from floorman.domain.model import Game, RakePolicy
from floorman.domain.settlement.odd_chips import (
    button_order,
    split_amount,
    stud_high_order,
    stud_low_order,
)
from floorman.domain.settlement.pots import build_pots, return_uncalled
from floorman.domain.settlement.rake import compute_rake, take_rake
from floorman.domain.settlement.showdown import (
    SeatValues,
    best_seats,
    check_players_dealt,
    evaluate_seats,
)
from floorman.domain.settlement.types import PotShare, Settlement

OddChipOrder = Callable[[Sequence[int]], tuple[int, ...]]


def settle(
    *,
    game: Game,
    contributions: Mapping[int, int],
    dead: Mapping[int, int] | None = None,
    folded: Set[int],
    hands: Mapping[int, Sequence[Card | None]],
    community: Sequence[Card | None] = (),
    rake: RakePolicy,
    ended_first_round: bool,
    odd_chip_unit: int = 1,
    button_seat: int,
    seat_order: Sequence[int],
    players_dealt: int,
) -> Settlement:
    """Settle a finished hand to the chip.

    RULES.md "Common to every game" (uncalled bets, side pots, rake, ties and odd chips, a
    hand won by folds), "Seven Card Stud family" (Hi-Lo split, Razz), "Five Card Draw, 7-A"
    (deck by players dealt). Steps: the uncalled bet or unmatched ante is returned (live
    chips only: dead blinds are never returned); pots are built from the live seats'
    contribution levels, dead chips going to the main pot; the rake is computed on the total
    and taken from the main pot first; each pot is awarded separately, last side pot first,
    a pot with one eligible seat without a showdown. In a Hi-Lo game a pot splits between the
    best high and the best qualifying low (low half ``(amount // (2 * unit)) * unit``, the
    odd chip to the high half; no qualifying low: the high scoops), each half split among
    its own tied winners.

    Args:
        game: the game (picks rankings and the odd-chip order).
        contributions: seat -> every chip put in during the hand (antes, blinds, bets, dead
            blinds), minor units; list every seat dealt in (0 allowed). Live seats are those
            not folded.
        dead: seat -> the dead part of its contribution (dead blinds: RULES.md "Five Card
            Draw, 7-A", Button). Dead money is never returned, counts toward no bet level
            and goes to the main pot; default none.
        folded: seats that folded or mucked at the showdown (never eligible).
        hands: seat -> own cards (community excluded) for the live seats that showed or were
            exposed; every eligible seat of a contested pot needs one. ``None`` is ``??``.
        community: Stud's shared 7th-street card, if dealt (in every hand's value, never in
            odd-chip comparisons), or the board of a community-card game (RULES.md
            "Hold'em and Omaha").
        rake: the table's rake policy.
        ended_first_round: the hand ended during its first betting round.
        odd_chip_unit: the smallest chip split off, minor units (>= 1).
        button_seat: the button (draw) or fixed dealer position (stud); in draw games it
            must be last in ``seat_order`` when dealt in.
        seat_order: seats dealt in, clockwise, from the first seat left of the button
            (button-game odd-chip order).
        players_dealt: players dealt in (7-A draw: 5 means the 36-card deck).

    Returns:
        The :class:`Settlement`; ``sum(payouts) + rake + sum(returned) == sum(contributions)``.

    Raises:
        UnverifiableHand: a contested pot with an eligible seat's cards missing or unknown.
        InvalidArgument: malformed input (negative chips, dead chips above a seat's
            contribution, bad rake policy, every seat
            folded, a repeated seat in ``seat_order`` or a winner missing from it, a 7-A
            player count outside 2-5, ``card.count``, ``card.not_in_deck``,
            ``card.duplicate``).
    """
    spec = _check_arguments(game, odd_chip_unit, button_seat, seat_order, players_dealt)
    net, returned = return_uncalled(contributions, dead)
    pots = build_pots(net, folded, dead)
    rake_amount = compute_rake(
        sum([amount for amount, _ in pots]), rake, ended_first_round=ended_first_round
    )
    amounts = take_rake([amount for amount, _ in pots], rake_amount)
    contested = {seat for _, eligible in pots if len(eligible) > 1 for seat in eligible}
    values = (
        evaluate_seats(
            game=game,
            seats=contested,
            hands=hands,
            community=community,
            players_dealt=players_dealt,
        )
        if contested
        else {}
    )
    main_order, low_order = _odd_chip_orders(spec, hands, seat_order)
    hi_lo = len(spec.sides) > 1
    shares: list[PotShare] = []
    payouts: dict[int, int] = {}
    for index in reversed(range(len(pots))):  # last side pot first
        share, paid = _award_pot(
            amount=amounts[index],
            eligible=pots[index][1],
            hi_lo=hi_lo,
            values=values,
            main_order=main_order,
            low_order=low_order,
            unit=odd_chip_unit,
        )
        shares.append(share)
        for seat, chips in paid.items():
            payouts[seat] = payouts.get(seat, 0) + chips
    return Settlement(
        pots=tuple(reversed(shares)),
        rake=rake_amount,
        payouts={seat: chips for seat, chips in sorted(payouts.items()) if chips},
        returned=returned,
    )


def _award_pot(
    *,
    amount: int,
    eligible: tuple[int, ...],
    hi_lo: bool,
    values: Mapping[int, SeatValues],
    main_order: OddChipOrder,
    low_order: OddChipOrder,
    unit: int,
) -> tuple[PotShare, dict[int, int]]:
    """One pot's winners and the chips each gets."""
    if len(eligible) == 1:
        return PotShare(amount, eligible, eligible), {eligible[0]: amount}
    winners = best_seats({seat: values[seat].main for seat in eligible}, eligible)
    low_winners = (
        best_seats({seat: values[seat].low for seat in eligible}, eligible, qualifying_only=True)
        if hi_lo
        else ()
    )
    low_half = amount // (2 * unit) * unit if low_winners else 0
    paid = split_amount(amount - low_half, main_order(winners), unit=unit)
    if low_winners:
        for seat, chips in split_amount(low_half, low_order(low_winners), unit=unit).items():
            paid[seat] = paid.get(seat, 0) + chips
    return PotShare(amount, eligible, winners, low_winners), paid


def _odd_chip_orders(
    spec: GameSpec, hands: Mapping[int, Sequence[Card | None]], seat_order: Sequence[int]
) -> tuple[OddChipOrder, OddChipOrder]:
    """(order for ``winners``, order for the Hi-Lo low half) in the game of ``spec``: button
    games from the first winner left of the button; stud games by the highest card by suit,
    or the lowest (aces low) where the side is a low (Razz, the Hi-Lo low half)."""
    if not spec.is_stud:

        def clockwise(winners: Sequence[int]) -> tuple[int, ...]:
            return button_order(winners, seat_order)

        return clockwise, clockwise

    def highest_card(winners: Sequence[int]) -> tuple[int, ...]:
        return stud_high_order(winners, hands)

    def lowest_card(winners: Sequence[int]) -> tuple[int, ...]:
        return stud_low_order(winners, hands)

    main_is_low = spec.sides[0] in (SIDE_LOW_A5, SIDE_LOW_8)
    return (lowest_card if main_is_low else highest_card), lowest_card


def _check_arguments(
    game: Game, odd_chip_unit: int, button_seat: int, seat_order: Sequence[int], players_dealt: int
) -> GameSpec:
    """Refuse an odd-chip unit below 1, a bad ``seat_order`` or 7-A player count (in this
    order); returns the game's definition."""
    if not isinstance(odd_chip_unit, int) or odd_chip_unit < 1:
        raise InvalidArgument.single("odd_chip_unit", "", f"{odd_chip_unit!r} must be >= 1")
    if len(set(seat_order)) != len(seat_order):
        raise InvalidArgument.single("seat_order", "", f"{list(seat_order)} repeats a seat")
    spec = game_spec(game)
    if not spec.is_stud and button_seat in seat_order and seat_order[-1] != button_seat:
        raise InvalidArgument.single(
            "seat_order",
            "",
            f"seat_order {list(seat_order)} must start left of the button {button_seat}",
        )
    check_players_dealt(game, players_dealt)
    return spec
