"""Starting, playing and settling a table's hand: the table side of the engine calls.

* :func:`begin_hand` — the next hand's HandStarted event (placement per RULES.md, the
  engine's configuration with explicit forced bets).
* :func:`action_event` — a player action as an event (the engine judges it when the table
  folds it: :func:`floorman.domain.table.state.fold` raises its :class:`RuleViolation`).
* :func:`check_draw_cards` — a service-dealt DRAW must name cards its caller can see.
* :func:`settlement` — the HandSettled event once the engine says the hand is over.
"""

from __future__ import annotations

from dataclasses import replace

from floorman.domain.engine import Finding, Phase, settle_hand, start_hand
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Action, ActionType, HandConfig, SeatState
from floorman.domain.settlement import UnverifiableHand
from floorman.domain.table.events import HandActed, HandSettled, HandStarted
from floorman.domain.table.hand import HandRun
from floorman.domain.table.lobby import check_open
from floorman.domain.table.placement import place_hand
from floorman.domain.table.redaction import Viewer
from floorman.domain.table.rotation import (
    NO_CHOICE,
    START,
    Choice,
    advance,
    next_entry,
    unseen_button,
)
from floorman.domain.table.rules import DRAW_HIDDEN_CARDS, HAND_COMPLETE, HAND_IN_PROGRESS
from floorman.domain.table.settings import Rotation, RotationEntry, for_entry
from floorman.domain.table.state import TableState


def begin_hand(state: TableState, *, hand_id: str, choice: Choice = NO_CHOICE) -> HandStarted:
    """The HandStarted event of the table's next hand (without a deck: the caller shuffles).

    The button moves, the blinds are placed, newcomers and returning players are dealt in or
    held out, missed blinds are marked (:mod:`floorman.domain.table.placement`); the forced
    bets are always explicit in the configuration.

    A mixed table (RULES.md "Mixed games") deals the entry :func:`next_entry` names (with
    the entry's game, structure and stakes); its stud hands carry the unseen button, which
    moves one seat per hand like the button, so the next button game starts where the orbit
    would have been. ``choice`` is what StartHand names of the hand (a dealer's choice; the
    game a recorded hand is dealt as).

    Raises:
        InvalidArgument: ``rotation_entry`` outside the rotation.
        RuleViolation: ``table.closed``, ``hand.in_progress`` (a hand is not settled yet),
            ``rotation.game`` (the choice names another game than the table deals next),
            ``table.players`` (fewer than two players can be dealt in).
    """
    check_open(state)
    if state.hand is not None:
        raise RuleViolation(
            HAND_IN_PROGRESS, f"hand {state.hand.number} ({state.hand.hand_id}) is not settled"
        )
    table = state.settings
    rotation = table.rotation
    entry = -1
    if rotation is not None:
        entry = next_entry(rotation, state.rotation, choice)
        settings = for_entry(table, rotation.entries[entry])
    else:  # a one-game table is a rotation of one entry: StartHand may name it
        settings = table
        only = RotationEntry(
            game=table.game, betting_structure=table.betting_structure, stakes=table.stakes
        )
        next_entry(Rotation(entries=(only,)), START, choice)
    stud = settings.spec.is_stud
    placement = place_hand(
        settings=settings,
        seats=state.seats,
        previous=None if stud else state.positions,
    )
    seats = placement.seats
    config = HandConfig(
        game=settings.game,
        betting_structure=settings.betting_structure,
        stakes=settings.stakes,
        rake=settings.rake,
        seats=tuple(
            SeatState(seat=s, player_id=seats[s].player_id, stack=seats[s].stack)
            for s in placement.dealt_in
        ),
        button_seat=placement.engine_button,
        forced_bets=placement.forced_bets,
        uncapped_heads_up=settings.uncapped_heads_up,
    )
    start_hand(config)  # the engine's own checks (InvalidArgument here would be a bug)
    started = HandStarted(
        hand_id=hand_id,
        hand_number=state.hand_count + 1,
        config=config,
        positions=placement.positions,
        seats=tuple(seats[s] for s in sorted(seats)),
    )
    if rotation is None:
        return started
    after = advance(
        state.rotation, entry=entry, dealt_in=len(placement.dealt_in), entries=len(rotation.entries)
    )
    unseen = unseen_button(state.positions, placement.dealt_in, table.max_seats) if stud else None
    return replace(started, rotation_entry=entry, rotation=after, unseen_button=unseen)


def running_hand(state: TableState, *, seat: int = 0) -> HandRun:
    """The hand in progress; raises RuleViolation ``table.closed`` or ``hand.complete``."""
    check_open(state)
    if state.hand is None:
        last = f": hand {state.hand_count} has ended" if state.hand_count else ""
        raise RuleViolation(HAND_COMPLETE, f"no hand is in progress{last}", seat=seat)
    return state.hand


def action_event(run: HandRun, action: Action, *, fill_show: bool) -> HandActed:
    """The event recording ``action`` in ``run`` (the engine judges it when it is folded).

    ``fill_show`` (service-dealt tables): a SHOW without cards shows the seat's own cards
    (the service dealt them; the terminal need not repeat them).
    """
    if fill_show and action.type is ActionType.SHOW and not action.cards:
        pos = run.state.positions.get(action.seat)
        if pos is not None:
            action = replace(action, cards=run.state.cards[pos])
    return HandActed(hand_id=run.hand_id, action=action)


def check_draw_cards(run: HandRun, action: Action, *, viewer: Viewer) -> None:
    """At a service-dealt table, a DRAW in turn must name the discarded cards, and its caller
    must be able to see them (docs/rules.md, ``draw.hidden_cards``).

    The service knows every card there, so ``??`` names no card; and a caller whose role
    does not see the seat's hole cards (an observer; an auditor while the hand runs) could
    only guess, so a DRAW naming any card it cannot see is refused whether or not the seat
    holds it: the answer never tells which cards the seat holds. A DRAW that stands pat, or
    that names only cards shown to everyone, is left to the engine, as is a DRAW out of turn.

    Raises:
        RuleViolation: ``draw.hidden_cards``; the message names the cause and the way out,
            never a card.
    """
    state = run.state
    if (
        action.type is not ActionType.DRAW
        or not action.cards
        or state.phase is not Phase.DRAWING
        or state.seat_to_act != action.seat
    ):
        return
    seat = action.seat
    blind = not viewer.sees_hole_cards(hand_over=False)
    role = viewer.role.value
    unseen = blind and not set(action.cards) <= run.public_cards()
    if None not in action.cards and not unseen:
        return
    message = "DRAW must name the discarded cards"
    if None in action.cards:
        message += "; ?? names no card at a service-dealt table"
    if blind:
        message += f"; this caller's role ({role}) cannot see seat {seat}'s cards: act as a dealer"
    raise RuleViolation(
        DRAW_HIDDEN_CARDS,
        message,
        seat=seat,
        expected="dealer" if blind else "known cards",
        actual=role if blind else "??",
    )


def settlement(run: HandRun) -> HandSettled | None:
    """The HandSettled event when the hand is over and can be settled, else ``None``.

    A recorded hand whose contested pot needs unknown (``??``) cards waits: the dealer reveals
    them with SHOW actions (accepted after an all-in even once the hand is over).
    """
    if not run.state.complete or run.settled:
        return None
    try:
        result = settle_hand(run.state)
    except UnverifiableHand:
        return None
    return HandSettled(hand_id=run.hand_id, result=result)


def refusal_finding(run: HandRun | None, violation: RuleViolation, *, offset: int = 0) -> Finding:
    """The finding of a refused event: the rule, the seat and the event's would-be index in
    the hand's history (``offset``: its place within a refused batch of deals)."""
    index = len(run.events) + offset if run is not None else -1
    return Finding(
        violation.rule,
        violation.message,
        seat=violation.seat,
        expected=violation.expected,
        actual=violation.actual,
        event_index=index,
    )
