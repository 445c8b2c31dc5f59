"""Helpers for the between-hands rules tests: settings, seats, placements, quick hands."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace

from floorman.domain.engine import legal_actions
from floorman.domain.model import Action, ActionType, ForcedBetKind, Game, Stakes
from floorman.domain.table.dealer import deal_pending
from floorman.domain.table.events import HandActed, HandStarted, PlayerSeated, TableCreated
from floorman.domain.table.placement import Placement, Positions, place_hand
from floorman.domain.table.play import begin_hand, settlement
from floorman.domain.table.seats import EntryOption, Seat, SeatStatus
from floorman.domain.table.settings import ButtonRule, DealMode, TableSettings, check_settings
from floorman.domain.table.state import TableState, fold, open_table

SB = ForcedBetKind.SMALL_BLIND
BB = ForcedBetKind.BIG_BLIND
DEAD = ForcedBetKind.DEAD_BLIND
ANTE = ForcedBetKind.ANTE


def settings(
    game: Game = Game.FIVE_CARD_DRAW,
    *,
    seats: int = 6,
    rule: ButtonRule = ButtonRule.DEAD_BUTTON,
    small_bet: int = 200,
    ante: int = 0,
    dealer_seat: int = 0,
    deal_mode: DealMode = DealMode.SERVICE_DEALT,
) -> TableSettings:
    """Checked settings: fixed limit, small bet 200 (blinds 100/200)."""
    return check_settings(
        TableSettings(
            game=game,
            stakes=Stakes(small_bet=small_bet, ante=ante),
            max_seats=seats,
            button_rule=rule,
            dealer_seat=dealer_seat,
            deal_mode=deal_mode,
        )
    )


def seats(*numbers: int, stack: int = 1000) -> dict[int, Seat]:
    """Free active players ``p<n>`` in ``numbers``."""
    return {n: Seat(seat=n, player_id=f"p{n}", stack=stack) for n in numbers}


def with_seat(table: Mapping[int, Seat], number: int, **changes: object) -> dict[int, Seat]:
    """``table`` with seat ``number`` changed (added when missing)."""
    out = dict(table)
    base = out.get(number, Seat(seat=number, player_id=f"p{number}", stack=1000))
    out[number] = replace(base, **changes)  # type: ignore[arg-type]
    return out


def without(table: Mapping[int, Seat], *numbers: int) -> dict[int, Seat]:
    """``table`` with seats ``numbers`` emptied (players left)."""
    return {n: s for n, s in table.items() if n not in numbers}


def posts(placement: Placement) -> list[tuple[int, ForcedBetKind]]:
    """The forced bets as ``(seat, kind)`` in posting order (antes left out)."""
    return [(b.seat, b.kind) for b in placement.forced_bets if b.kind is not ANTE]


def orbit(
    table_settings: TableSettings,
    table: Mapping[int, Seat],
    hands: int,
    previous: Positions | None = None,
) -> list[Placement]:
    """``hands`` placements in a row with nobody changing seats (seats updated each hand)."""
    out = []
    current = dict(table)
    for _ in range(hands):
        placement = place_hand(settings=table_settings, seats=current, previous=previous)
        out.append(placement)
        current = placement.seats
        previous = placement.positions
    return out


# ---------------------------------------------------------------------------- whole hands


def new_table(table_settings: TableSettings, players: Iterable[tuple[int, int]]) -> TableState:
    """A table with players ``(seat, stack)`` seated before the first hand."""
    state = open_table("t", TableCreated(settings=table_settings), sequence=1, recorded_at=None)
    for number, stack in players:
        event = PlayerSeated(
            seat=number, player_id=f"p{number}", buy_in=stack, entry=EntryOption.POST_BIG_BLIND
        )
        state = fold(state, event, sequence=state.sequence + 1)
    return state


def play_hand(
    state: TableState,
    rng: random.Random,
    *,
    policy: str = "fold",
    hand_id: str = "",
) -> TableState:
    """Start, deal (seeded) and play one hand to its settlement.

    ``policy``: ``fold`` (everyone folds to the big blind / bring-in), ``call`` (check or call
    down), ``random`` (any legal action, amounts at the minimum).
    """
    started = begin_hand(state, hand_id=hand_id or f"h{state.hand_count + 1}")
    deck = sorted(state.settings.spec.deck(len(started.config.seats)))
    rng.shuffle(deck)
    state = _fold_all(state, [replace(started, deck=tuple(deck))])
    while state.hand is not None:
        run = state.hand
        dealt = deal_pending(run, shuffle=lambda cards: rng.sample(list(cards), len(cards)))
        if dealt.events:
            state = _fold_all(state, list(dealt.events))
            continue
        done = settlement(run)
        if done is not None:
            state = _fold_all(state, [done])
            continue
        state = _fold_all(state, [HandActed(hand_id=run.hand_id, action=_choose(run, rng, policy))])
    return state


def _fold_all(state: TableState, events: list) -> TableState:
    for event in events:
        state = fold(state, event, sequence=state.sequence + 1)
    return state


def _choose(run, rng: random.Random, policy: str) -> Action:
    legal = legal_actions(run.state)
    seat = run.state.seat_to_act
    kinds = {entry.type: entry for entry in legal}
    if ActionType.SHOW in kinds:
        pos = run.state.positions[seat]
        return Action(seat=seat, type=ActionType.SHOW, cards=run.state.cards[pos])
    if ActionType.DRAW in kinds:
        return Action(seat=seat, type=ActionType.DRAW)
    if ActionType.BRING_IN in kinds:
        return Action(
            seat=seat, type=ActionType.BRING_IN, amount=kinds[ActionType.BRING_IN].min_amount
        )
    order = {
        "fold": (ActionType.CHECK, ActionType.FOLD),
        "call": (ActionType.CHECK, ActionType.CALL, ActionType.FOLD),
    }.get(policy)
    if order is None:
        entry = rng.choice(legal)
    else:
        entry = next(kinds[kind] for kind in order if kind in kinds)
    amount = (
        entry.min_amount
        if entry.type in (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)
        else 0
    )
    return Action(seat=seat, type=entry.type, amount=amount)


def started_hand(state: TableState) -> HandStarted:
    """The HandStarted event the table would append now (no deck)."""
    return begin_hand(state, hand_id="next")


def statuses(state: TableState) -> dict[int, SeatStatus]:
    """Seat -> status."""
    return {n: s.status for n, s in state.seats.items()}
