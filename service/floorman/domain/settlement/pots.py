"""Uncalled bets and side pots (RULES.md "Common to every game").

Contributions map a seat to every chip it put in during the hand (antes, blinds, bets), in
minor units; a seat dealt in that put nothing in may be listed with 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from floorman.domain.errors import FieldViolation, InvalidArgument


def check_contributions(contributions: Mapping[int, int]) -> None:
    """Refuse contributions that are not whole, non-negative minor units.

    Raises:
        InvalidArgument: one violation ``contributions[<seat>]`` per bad entry.
    """
    problems = [
        FieldViolation(f"contributions[{seat}]", "", f"{amount!r} is not a non-negative integer")
        for seat, amount in contributions.items()
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0
    ]
    if problems:
        raise InvalidArgument(problems)


def return_uncalled(contributions: Mapping[int, int]) -> tuple[dict[int, int], dict[int, int]]:
    """Hand back the part of the largest contribution that nobody matched.

    RULES.md "Common to every game": a bet nobody calls is returned to its bettor and never
    enters the pot (nor the rake); an unmatched part of a short-stacked ante is returned the
    same way. General form: the largest contribution's excess over the second-largest one
    (every seat counts, folded seats included) goes back to that seat. A tie for the largest
    returns nothing; a lone contributor gets everything back.

    Args:
        contributions: seat -> minor units put in during the hand.

    Returns:
        ``(net, returned)``: ``net`` has every seat of ``contributions`` with its chips that
        stay in the pots; ``returned`` maps the one seat concerned to the chips it gets back
        (empty when nothing is returned; never a zero entry).

    Raises:
        InvalidArgument: a contribution that is negative or not an integer.
    """
    check_contributions(contributions)
    net = dict(contributions)
    if not net:
        return net, {}
    top_seat = max(net, key=lambda seat: net[seat])
    top = net[top_seat]
    second = max((amount for seat, amount in net.items() if seat != top_seat), default=0)
    if top <= second:
        return net, {}
    net[top_seat] = second
    return net, {top_seat: top - second}


def build_pots(
    contributions: Mapping[int, int], folded: Set[int]
) -> list[tuple[int, tuple[int, ...]]]:
    """Split the chips into the main pot and side pots.

    RULES.md "Common to every game": pots come from contribution levels; a folded seat's chips
    stay in the pots but that seat is not eligible. The levels are the distinct positive
    contributions of the live seats (listed in ``contributions`` and not in ``folded``); the
    pot of a level holds every seat's chips between the previous level and it, and is open to
    the live seats that reached it. Adjacent pots with the same eligible seats are merged.
    Chips of folded seats above the highest live level (only reachable when the contenders
    of a side pot all muck) join the last pot; when no live seat put anything in, all the
    chips form one pot open to every live seat.

    Args:
        contributions: seat -> minor units, already net of :func:`return_uncalled`.
        folded: seats that folded or mucked; they may also be absent from ``contributions``.

    Returns:
        ``[(amount, eligible_seats_ascending), ...]``, main pot first; ``[]`` when no chip
        was put in.

    Raises:
        InvalidArgument: a bad contribution, or chips in the pot with every seat folded.
    """
    check_contributions(contributions)
    total = sum(contributions.values())
    if total == 0:
        return []
    live = {seat: amount for seat, amount in contributions.items() if seat not in folded}
    if not live:
        raise InvalidArgument.single("folded", "", "every seat folded: nobody can win the pot")
    levels = sorted({amount for amount in live.values() if amount > 0}) or [0]
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions.values())
        eligible = tuple(sorted(seat for seat, c in live.items() if c >= level))
        if pots and pots[-1][1] == eligible:
            amount += pots.pop()[0]
        pots.append((amount, eligible))
        previous = level
    dead_above = sum(max(0, c - previous) for c in contributions.values())
    if dead_above:
        amount, eligible = pots.pop()
        pots.append((amount + dead_above, eligible))
    return pots
