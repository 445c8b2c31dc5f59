"""Who acts first and who shows first (RULES.md "Seven Card Stud family", "Showdown order").

Positions, not seat numbers: position 0 is the lowest seat, then clockwise. Rules that need
an unknown card (``None``) return every position the hidden card could make right, so a
recorded history's actor can be accepted with a ``card.unknown`` note (DESIGN.md "Unknown
cards").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress

from floorman.domain import ranking
from floorman.domain.cards import ACE, Card
from floorman.domain.engine.state import NOBODY, HandState
from floorman.domain.members import BRING_IN_CARD_HIGHEST_ACE_LOW, EXPOSED_ORDER_LOW

_LOWEST_CARD = 0  # 2c: nothing brings in before it (ace high)
_HIGHEST_RAZZ_CARD = 11 * 4 + 3  # Ks: the highest door card in Razz (ace low)


def up_cards(state: HandState, pos: int) -> tuple[Card | None, ...]:
    """The face-up own cards of position ``pos`` (community excluded), in dealt order
    (``cards`` and ``up`` are parallel: every deal extends both by the same count)."""
    return tuple(compress(state.cards[pos], state.up[pos]))


def _razz_door_key(card: Card) -> tuple[int, int]:
    """Razz bring-in order: rank with the ace lowest, then suit (greater brings in)."""
    rank = card >> 2
    return (-1 if rank == ACE else rank, card & 3)


def bring_in_positions(state: HandState) -> tuple[int, tuple[int, ...]]:
    """The bring-in position and the positions also possible with unknown door cards.

    RULES.md "Seven Card Stud family", 3rd street: the lowest door card brings in (ace high;
    a suit tie goes to the lowest suit); Razz: the highest door card (ace low, so a king is
    highest; a suit tie goes to the highest suit). "If that player is all-in from the ante,
    the next in order brings in": the next in the bring-in order itself (the next-lowest door
    card, Razz the next-highest), skipping every player all in (house decision,
    docs/rules.md). So the bring-in is chosen among the positions able to bet only. The
    caller makes sure at least two can. An explicit BRING_IN forced bet (DESIGN.md "Forced
    bets") names the position instead of the door cards, unless it is all in from the ante:
    the door cards then choose among the others as above.

    Returns:
        ``(position, alternatives)``: ``alternatives`` is empty unless unknown door cards
        could put the bring-in on another position (those are then listed, the default too).
    """
    if state.forced_bring_in != NOBODY and state.able(state.forced_bring_in):
        return state.forced_bring_in, ()
    able = [p for p in range(len(state.seats)) if state.able(p)]
    doors = {p: up_cards(state, p)[0] for p in able}
    known = {p: c for p, c in doors.items() if c is not None}
    unknown = [p for p, c in doors.items() if c is None]
    if known:
        if state.spec.bring_in_card is BRING_IN_CARD_HIGHEST_ACE_LOW:  # Razz
            best = max(known, key=lambda p: _razz_door_key(known[p]))
            extreme = known[best] == _HIGHEST_RAZZ_CARD
        else:
            best = min(known, key=known.__getitem__)
            extreme = known[best] == _LOWEST_CARD
    else:
        best = _first_from(state, state.dealer_left, able)
        extreme = False
    if not unknown or extreme:
        return best, ()
    options = {best, *unknown}
    return best, tuple(sorted(options)) if len(options) > 1 else ()


def best_exposed_positions(state: HandState) -> tuple[int, tuple[int, ...]]:
    """The live position with the best exposed hand, and alternatives with unknown up cards.

    RULES.md "Seven Card Stud family", 4th street on: Stud Hi and Hi-Lo rank exposed cards
    quads > trips > two pair > one pair > high cards; Razz the lowest ace-to-five board; a
    full tie goes to the player nearest the dealer's left. The community card never counts.

    Returns:
        ``(position, alternatives)`` as in :func:`bring_in_positions` (not yet moved past
        seats that cannot act: the caller does that).
    """
    live = [p for p in range(len(state.seats)) if state.live(p)]
    strength: Callable[[Sequence[Card]], int] = (
        ranking.exposed_low_strength
        if state.spec.exposed_order is EXPOSED_ORDER_LOW
        else ranking.exposed_high_strength
    )
    n = len(state.seats)
    known: dict[int, int] = {}
    unknown: list[int] = []
    for p in live:
        ups = up_cards(state, p)
        if None in ups:
            unknown.append(p)
        else:
            known[p] = strength(ups)  # type: ignore[arg-type]
    if known:
        best = max(known, key=lambda p: (known[p], -((p - state.dealer_left) % n)))
    else:
        best = _first_from(state, state.dealer_left, live)
    if not unknown:
        return best, ()
    options = {best, *unknown}
    return best, tuple(sorted(options))


def showdown_positions(state: HandState) -> tuple[int, ...]:
    """Live positions in showdown order (RULES.md "Common to every game", showdown order).

    The last player to bet or raise on the final betting round (an all-in short raise
    included) shows first; with no bet on that round, the first player in that round's
    acting order; then clockwise. With no betting round played at all, the first live
    player left of the button (dealer).
    """
    lead = state.showdown_lead if state.showdown_lead != NOBODY else state.dealer_left
    return tuple(p for p in state.clockwise(lead) if state.live(p))


def _first_from(state: HandState, start: int, allowed: Sequence[int]) -> int:
    """The first position of ``allowed`` clockwise from ``start``."""
    wanted = set(allowed)
    for p in state.clockwise(start):
        if p in wanted:
            return p
    return NOBODY
