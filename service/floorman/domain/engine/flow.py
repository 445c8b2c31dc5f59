"""Street and round transitions: deal -> bet -> next street -> showdown -> complete.

Every function here changes the state it is given; callers pass a fresh
:meth:`~floorman.domain.engine.state.HandState.clone`.
"""

from __future__ import annotations

from floorman.domain.engine.order import (
    best_exposed_positions,
    bring_in_positions,
    showdown_positions,
    up_cards,
)
from floorman.domain.engine.state import NOBODY, HandState
from floorman.domain.engine.types import Finding
from floorman.domain.members import (
    OPENER_BEST_EXPOSED,
    OPENER_BRING_IN,
    OPENER_LEFT_OF_BIG_BLIND,
    OPENER_LEFT_OF_BUTTON,
    PHASE_BETTING,
    PHASE_COMPLETE,
    PHASE_DEALING,
    PHASE_DRAWING,
    PHASE_SHOWDOWN,
    STRUCTURE_FIXED_LIMIT,
)

FIRST_ACTOR_RULES = {
    OPENER_BRING_IN: "bring_in.player",
    OPENER_BEST_EXPOSED: "stud.first_to_act",
    OPENER_LEFT_OF_BIG_BLIND: "turn.out_of_turn",
    OPENER_LEFT_OF_BUTTON: "turn.out_of_turn",
}


def needs_action(s: HandState, pos: int, able: int) -> bool:
    """Position ``pos`` must still act in this betting round.

    A seat able to bet acts when it faces a bet, or when it has not acted yet and someone
    else can still bet. The only seat able to bet acts only to answer a live seat that put
    more in than it did this round (it never acts against all-in players it covers).
    """
    if s.folded[pos] or s.all_in[pos]:
        return False
    bet = s.bets[pos]
    if bet < s.current_bet:
        if able >= 2:
            return True
        return any(s.bets[q] > bet for q in range(len(s.seats)) if q != pos and not s.folded[q])
    return s.acted_seq[pos] < 0 and able >= 2


def first_needing(s: HandState, start: int, able: int) -> int:
    """The first position clockwise from ``start`` (itself included) that must act
    (:func:`needs_action`, spelled out here: this runs after every betting action)."""
    folded, all_in, bets, acted_seq = s.folded, s.all_in, s.bets, s.acted_seq
    current = s.current_bet
    for pos in s.clockwise(start):
        if folded[pos] or all_in[pos]:
            continue
        bet = bets[pos]
        if bet < current:
            if able >= 2 or needs_action(s, pos, able):
                return pos
        elif acted_seq[pos] < 0 and able >= 2:
            return pos
    return NOBODY


def note(s: HandState, rule: str, message: str, *, pos: int = NOBODY) -> None:
    """Record an informational finding (e.g. ``card.unknown``) on ``s``."""
    seat = s.seats[pos] if pos != NOBODY else 0
    s.notes = (*s.notes, Finding(rule, message, seat=seat, event_index=s.events))


def begin_street(s: HandState, index: int) -> None:
    """Start street ``index``: its deal (phase DEALING: the seats' cards, or the board
    cards of a flop, turn or river) or its draw (phase DRAWING)."""
    s.street = index
    s.street_started = False
    s.street_burned = False
    street = s.spec.streets[index]
    s.to_act = NOBODY
    if street.draw:
        queue = tuple(p for p in s.clockwise(s.dealer_left) if s.live(p))
        s.to_act = queue[0]
        s.draw_queue = queue[1:]
        s.draw_owed = 0
        s.phase = PHASE_DRAWING
        return
    for pos in range(len(s.seats)):
        live = s.live(pos)
        s.need_down[pos] = street.down if live else 0
        s.need_up[pos] = street.up if live else 0
    s.need_community = street.board  # the flop, turn or river (0 without a board)
    s.phase = PHASE_DEALING


def next_drawer(s: HandState) -> None:
    """Hand the draw to the next live seat, or start the betting once everyone drew."""
    s.draw_owed = 0
    if s.draw_queue:
        s.to_act = s.draw_queue[0]
        s.draw_queue = s.draw_queue[1:]
        s.phase = PHASE_DRAWING
        return
    begin_betting(s)


def begin_betting(s: HandState) -> None:
    """Open the current street's betting round, or skip it when nobody can bet.

    RULES.md: draw round 1 opens left of the big blind, round 2 left of the button; stud's
    first street opens with the bring-in (none when at most one player can bet), later streets
    with the best exposed hand. A bring-in all in from the ante passes down the bring-in
    order (:func:`~floorman.domain.engine.order.bring_in_positions`); a best exposed hand
    that cannot act passes to the next clockwise.
    """
    street = s.street_spec
    able = s.able_count()
    opener = street.opener
    s.first_rule = FIRST_ACTOR_RULES[opener]
    s.candidates = ()
    if opener is OPENER_BRING_IN:
        if able <= 1:
            end_round(s)
            return
        pos, alternatives = bring_in_positions(s)
        s.bring_in_pending = True
        s.to_act = s.round_first = pos
        s.candidates = alternatives
        s.phase = PHASE_BETTING
        return
    alternatives: tuple[int, ...] = ()
    if opener is OPENER_LEFT_OF_BIG_BLIND:
        start = (s.big_blind_pos + 1) % len(s.seats) if s.big_blind_pos != NOBODY else s.dealer_left
    elif opener is OPENER_LEFT_OF_BUTTON:
        start = s.dealer_left
    else:
        start, alternatives = best_exposed_positions(s)
        _set_open_pair(s)
    first = first_needing(s, start, able)
    if first == NOBODY:
        end_round(s)
        return
    if alternatives:
        options = {first_needing(s, p, able) for p in alternatives} - {NOBODY}
        s.candidates = tuple(sorted(options)) if len(options) > 1 else ()
    s.to_act = s.round_first = first
    s.phase = PHASE_BETTING


def _set_open_pair(s: HandState) -> None:
    """Stud Hi 4th street: does any live seat show an open pair (RULES.md, ``stud.open_pair``)?"""
    spec = s.spec
    if not (
        spec.open_pair_option
        and s.street == spec.open_pair_street
        and s.config.betting_structure is STRUCTURE_FIXED_LIMIT
    ):
        return
    for pos in range(len(s.seats)):
        if not s.live(pos):
            continue
        ups = up_cards(s, pos)
        if None in ups:
            s.open_pair_unknown = True
            continue
        ranks = [card >> 2 for card in ups]  # type: ignore[operator]
        if len(set(ranks)) < len(ranks):
            s.open_pair = True


def reset_round(s: HandState) -> None:
    """Clear the betting round's counters (chips already in stay in ``contributed``)."""
    n = len(s.seats)
    s.bets = [0] * n
    s.acted_seq = [-1] * n
    s.acted_level = [0] * n
    s.current_bet = s.bet_count = s.full_level = s.min_raise = s.reopen_seq = 0
    s.bring_in_pending = s.open_pair = s.open_pair_unknown = s.big_made = False
    s.aggressor = s.round_first = s.to_act = NOBODY
    s.candidates = ()


def end_round(s: HandState) -> None:
    """Close the betting round, then go to the next street, the showdown or the end."""
    if s.round_first != NOBODY:
        s.showdown_lead = s.aggressor if s.aggressor != NOBODY else s.round_first
    reset_round(s)
    if s.live_count() <= 1:
        finish(s)
        return
    if s.able_count() <= 1 and any(s.all_in[p] for p in range(len(s.seats)) if s.live(p)):
        s.exposed = True  # all-in and no betting left: every hand in the pot is face up (TDA)
    if s.is_last_street:
        start_showdown(s)
    else:
        begin_street(s, s.street + 1)


def start_showdown(s: HandState) -> None:
    """Showdown: every hand exposed after an all-in ends the hand; else SHOW/MUCK in order."""
    order = showdown_positions(s)
    s.show_order = order
    if s.exposed or any(s.all_in[p] for p in range(len(s.seats)) if s.live(p)):
        s.exposed = True
        finish(s)
        return
    s.to_act = order[0]
    s.show_queue = order[1:]
    s.phase = PHASE_SHOWDOWN


def finish(s: HandState) -> None:
    """The hand is over."""
    s.phase = PHASE_COMPLETE
    s.to_act = NOBODY
    s.draw_queue = ()
    s.show_queue = ()
    s.draw_owed = 0
    s.candidates = ()
