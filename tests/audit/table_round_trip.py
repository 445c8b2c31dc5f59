"""Hands played through TableService (memory store, seeded deck) and exported in a format.

:func:`table_service_exports` plays a few hands of every game at one table per game (three or
four players, random legal play: folds, checks, calls, bets and raises of the smallest and
largest sizes, stand-pat draws, shows) and exports each settled hand with
``TableService.export_hand`` as the auditor role sees it (hole cards once the hand is over).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

from floorman.app.tables import commands as c
from floorman.app.tables.ports import SeededDeck
from floorman.app.tables.service import TableService
from floorman.domain.model import Action, ActionType, Game, Stakes
from floorman.domain.table.redaction import Role, Viewer
from floorman.domain.table.settings import ButtonRule, DealMode, TableSettings
from floorman.store import open_store

DEALER = Viewer(Role.DEALER)
AUDITOR = Viewer(Role.AUDITOR)
HANDS_PER_GAME = 4
_SIZED = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)


def _choose(seat: int, legal: tuple, rng: random.Random) -> Action:
    kinds = {entry.type: entry for entry in legal}
    for forced in (ActionType.SHOW, ActionType.BRING_IN):
        if forced in kinds:
            return Action(seat=seat, type=forced, amount=kinds[forced].min_amount)
    if ActionType.DRAW in kinds:
        return Action(seat=seat, type=ActionType.DRAW)
    entry = rng.choice([e for e in legal if e.type is not ActionType.FOLD] or list(legal))
    if rng.random() < 0.1 and ActionType.FOLD in kinds:
        entry = kinds[ActionType.FOLD]
    amount = rng.choice((entry.min_amount, entry.max_amount)) if entry.type in _SIZED else 0
    return Action(seat=seat, type=entry.type, amount=amount)


def _sender(
    service: TableService,
    table_id: str,
    sequences: dict[str, int],
    request: Iterator[int],
) -> Callable[..., Any]:
    """Sends one write to ``table_id`` with the last sequence seen; returns its outcome."""
    methods = {
        c.SeatPlayer: service.seat_player,
        c.StartHand: service.start_hand,
        c.RecordAction: service.record_action,
    }

    def send(kind: type, **fields: object) -> Any:
        command = kind(
            table_id=table_id,
            expected_sequence=sequences[table_id],
            request_id=f"r{next(request)}",
            **fields,
        )
        outcome = methods[kind](command, viewer=DEALER).outcome
        sequences[table_id] = outcome.table.sequence
        return outcome

    return send


def table_service_exports(fmt: str, *, seed: int = 3) -> Iterator[tuple[str, str]]:
    """(hand id, exported text) of every hand played, in ``fmt`` (``phh``, ``ohh``,
    ``pokerstars``); raises ``FormatUnavailable`` when the exporter is missing."""
    rng = random.Random(seed)
    counter = itertools.count(1)
    service = TableService(
        open_store("memory://"),
        deck=SeededDeck(seed),
        clock=lambda: datetime(2025, 3, 1, 20, 0, tzinfo=UTC),
        ids=lambda: f"hand-{next(counter)}",
    )
    request = itertools.count(1)
    sequences: dict[str, int] = {}
    for number, game in enumerate(Game):
        table_id = f"t{number}"
        settings = TableSettings(
            game=game,
            stakes=Stakes(small_bet=20, ante=2 if game.is_stud else 0),
            deal_mode=DealMode.SERVICE_DEALT,
            button_rule=ButtonRule.DEAD_BUTTON,
        )
        reply = service.create_table(
            c.CreateTable(request_id=f"create-{table_id}", table_id=table_id, settings=settings),
            viewer=DEALER,
        )
        sequences[table_id] = reply.outcome.table.sequence
        send = _sender(service, table_id, sequences, request)
        for seat in (1, 3, 4, 6)[: 3 if game is Game.FIVE_CARD_DRAW_7A else 4]:
            send(c.SeatPlayer, seat=seat, player_id=f"p{seat}", buy_in=rng.choice((300, 800)))
        for _ in range(HANDS_PER_GAME):
            hand = send(c.StartHand).hand
            while not hand.complete:
                action = _choose(hand.state.seat_to_act, hand.legal_actions, rng)
                hand = send(c.RecordAction, action=action).hand
            yield (
                hand.hand_id,
                service.export_hand(table_id, hand.hand_id, fmt, viewer=AUDITOR).content,
            )
