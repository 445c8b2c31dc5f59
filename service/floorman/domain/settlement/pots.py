"""Uncalled bets and side pots (RULES.md "Common to every game").

Contributions map a seat to every chip it put in during the hand (antes, blinds, bets), in
minor units; a seat dealt in that put nothing in may be listed with 0. Dead chips (a dead
blind) are listed apart as well, as the dead part of a seat's contribution: they are dead
money, never returned and never a bet level, and go to the main pot.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from floorman.domain.errors import FieldViolation, InvalidArgument

_INT_ONLY = frozenset({int})


def check_contributions(contributions: Mapping[int, int]) -> None:
    """Refuse contributions that are not whole, non-negative minor units.

    Raises:
        InvalidArgument: one violation ``contributions[<seat>]`` per bad entry.
    """
    amounts = contributions.values()
    if set(map(type, amounts)) <= _INT_ONLY and (not amounts or min(amounts) >= 0):
        return  # the usual case, in two C-level passes
    problems = [
        FieldViolation(f"contributions[{seat}]", "", f"{amount!r} is not a non-negative integer")
        for seat, amount in contributions.items()
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0
    ]
    if problems:
        raise InvalidArgument(problems)


def check_dead(contributions: Mapping[int, int], dead: Mapping[int, int]) -> None:
    """Refuse dead chips that are not whole, non-negative minor units within the seat's
    contribution (a seat may not have more dead chips than chips in).

    Raises:
        InvalidArgument: one violation ``dead[<seat>]`` per bad entry.
    """
    problems = []
    for seat, amount in dead.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            problems.append(
                FieldViolation(f"dead[{seat}]", "", f"{amount!r} is not a non-negative integer")
            )
        elif amount > contributions.get(seat, 0):
            problems.append(
                FieldViolation(
                    f"dead[{seat}]",
                    "",
                    f"{amount} dead chips exceed the {contributions.get(seat, 0)} seat {seat} "
                    "put in",
                )
            )
    if problems:
        raise InvalidArgument(problems)


def return_uncalled(
    contributions: Mapping[int, int], dead: Mapping[int, int] | None = None
) -> tuple[dict[int, int], dict[int, int]]:
    """Hand back the part of the largest live contribution that nobody matched.

    RULES.md "Common to every game": a bet nobody calls is returned to its bettor and never
    enters the pot (nor the rake); an unmatched part of a short-stacked ante is returned the
    same way. General form: the largest live contribution's excess over the second-largest one
    (every seat counts, folded seats included) goes back to that seat. A tie for the largest
    returns nothing; a lone contributor gets everything back.

    Dead chips (a dead blind: RULES.md "Five Card Draw, 7-A", Button, "a missed small blind
    dead") are dead money: they never count toward the poster's bet, so only the live part of
    each contribution (``contributions - dead``) is compared, and dead chips are never
    returned. Antes are not dead chips here: an unmatched ante is returned.

    Args:
        contributions: seat -> minor units put in during the hand (dead chips included).
        dead: seat -> the dead part of that seat's contribution (default: none).

    Returns:
        ``(net, returned)``: ``net`` has every seat of ``contributions`` with its chips that
        stay in the pots (dead chips included); ``returned`` maps the one seat concerned to
        the chips it gets back (empty when nothing is returned; never a zero entry).

    Raises:
        InvalidArgument: a contribution that is negative or not an integer
            (``contributions[<seat>]``), dead chips that are negative, not an integer or more
            than the seat put in (``dead[<seat>]``).
    """
    check_contributions(contributions)
    net = dict(contributions)
    if not net:
        return net, {}
    if dead:
        check_dead(contributions, dead)
        live = {seat: amount - dead.get(seat, 0) for seat, amount in net.items()}
    else:
        live = net
    top_seat, top, second = 0, -1, 0  # the first largest and the largest of the others
    for seat, amount in live.items():  # (every amount >= 0: checked above)
        if amount > top:
            if top > second:
                second = top
            top_seat, top = seat, amount
        elif amount > second:
            second = amount
    if top <= second:
        return net, {}
    net[top_seat] -= top - second
    return net, {top_seat: top - second}


def build_pots(
    contributions: Mapping[int, int],
    folded: Set[int],
    dead: Mapping[int, int] | None = None,
) -> list[tuple[int, tuple[int, ...]]]:
    """Split the chips into the main pot and side pots.

    RULES.md "Common to every game": pots come from contribution levels; a folded seat's chips
    stay in the pots but that seat is not eligible. The levels are the distinct positive live
    contributions of the live seats (listed in ``contributions`` and not in ``folded``); the
    pot of a level holds every seat's live chips between the previous level and it, and is
    open to the live seats that reached it. Adjacent pots with the same eligible seats are
    merged. Live chips of folded seats above the highest live level (only reachable when the
    contenders of a side pot all muck) join the last pot; when no live seat put a live chip
    in, all the chips form one pot open to every live seat.

    Dead chips (``dead``: dead blinds, RULES.md "Five Card Draw, 7-A", Button) are dead
    money: they set no level and all go to the main pot (standard practice), whoever posted
    them. A seat whose only chips are dead ones therefore reaches no level.

    Args:
        contributions: seat -> minor units, already net of :func:`return_uncalled` (dead
            chips included).
        folded: seats that folded or mucked; they may also be absent from ``contributions``.
        dead: seat -> the dead part of that seat's contribution (default: none).

    Returns:
        ``[(amount, eligible_seats_ascending), ...]``, main pot first; ``[]`` when no chip
        was put in.

    Raises:
        InvalidArgument: a bad contribution or dead amount, or chips in the pot with every
            seat folded.
    """
    check_contributions(contributions)
    total = sum(contributions.values())
    if total == 0:
        return []
    dead_total = 0
    if dead:
        check_dead(contributions, dead)
        dead_total = sum(dead.values())
        contributions = {seat: c - dead.get(seat, 0) for seat, c in contributions.items()}
    live = {seat: amount for seat, amount in contributions.items() if seat not in folded}
    if not live:
        raise InvalidArgument.single("folded", "", "every seat folded: nobody can win the pot")
    levels = sorted({amount for amount in live.values() if amount > 0}) or [0]
    pots: list[tuple[int, tuple[int, ...]]] = []
    chips = list(contributions.values())
    below = 0  # sum(min(c, previous level)): the chips of the pots built so far
    for level in levels:
        upto = sum([c if c < level else level for c in chips])
        amount = upto - below  # every seat's chips between the previous level and this one
        eligible = tuple(sorted([seat for seat, c in live.items() if c >= level]))
        if pots and pots[-1][1] == eligible:
            amount += pots.pop()[0]
        pots.append((amount, eligible))
        below = upto
    dead_above = sum(chips) - below  # chips above the highest live level
    if dead_above:
        amount, eligible = pots.pop()
        pots.append((amount + dead_above, eligible))
    if dead_total:
        amount, eligible = pots[0]
        pots[0] = (amount + dead_total, eligible)
    return pots
