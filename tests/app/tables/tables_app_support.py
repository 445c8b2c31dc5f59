"""Helpers for the table use-case tests: a service on the memory store and a table driver."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from floorman.app.tables import commands as c
from floorman.app.tables.ports import DeckSource, SeededDeck
from floorman.app.tables.service import Reply, TableService
from floorman.domain.cards import parse_cards
from floorman.domain.model import Action, ActionType, Deal, Game, Stakes
from floorman.domain.table.redaction import Role, Viewer
from floorman.domain.table.seats import EntryOption
from floorman.domain.table.settings import ButtonRule, DealMode, TableSettings
from floorman.store import EventStore, open_store

DEALER = Viewer(Role.DEALER)
AUDITOR = Viewer(Role.AUDITOR)
OBSERVER = Viewer(Role.OBSERVER)
CREATED_AT = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def cards(text: str) -> tuple[int, ...]:
    """Cards from ``"As Kd"``."""
    return tuple(parse_cards(text.split()))  # type: ignore[arg-type]


def service(
    store: EventStore | None = None, *, deck: DeckSource | None = None, **options: object
) -> TableService:
    """A TableService on ``store`` (default: a new memory store), seeded deck, fixed clock,
    counting hand ids."""
    counter = itertools.count(1)
    return TableService(
        store or open_store("memory://"),
        deck=deck or SeededDeck(11),
        clock=lambda: CREATED_AT,
        ids=lambda: f"hand-{next(counter)}",
        **options,  # type: ignore[arg-type]
    )


def table_settings(
    game: Game = Game.FIVE_CARD_DRAW,
    *,
    small_bet: int = 200,
    ante: int = 0,
    deal_mode: DealMode = DealMode.SERVICE_DEALT,
    **extra: object,
) -> TableSettings:
    """Fixed-limit settings (blinds 100/200 in the draw games)."""
    return TableSettings(
        game=game,
        stakes=Stakes(small_bet=small_bet, ante=ante),
        deal_mode=deal_mode,
        button_rule=extra.pop("button_rule", ButtonRule.DEAD_BUTTON),  # type: ignore[arg-type]
        **extra,  # type: ignore[arg-type]
    )


@dataclass
class Table:
    """Drives one table: fresh request ids, the last sequence seen, the last reply."""

    service: TableService
    table_id: str
    sequence: int = 0
    viewer: Viewer = DEALER
    replies: list[Reply] = field(default_factory=list)
    _ids: Iterable[int] = field(default_factory=itertools.count)

    @classmethod
    def create(cls, service_: TableService, settings: TableSettings, table_id: str = "t1") -> Table:
        """Create the table (request id ``create-<id>``)."""
        reply = service_.create_table(
            c.CreateTable(request_id=f"create-{table_id}", table_id=table_id, settings=settings),
            viewer=DEALER,
        )
        return cls(service_, table_id, reply.outcome.table.sequence)

    def next_id(self) -> str:
        """A fresh request id."""
        return f"r{next(self._ids)}"

    def run(
        self, kind: type, *, request_id: str = "", expected: int | None = None, **fields: object
    ) -> Reply:
        """Send one write; remembers the sequence of a fresh answer."""
        command = kind(
            table_id=self.table_id,
            expected_sequence=self.sequence if expected is None else expected,
            request_id=request_id or self.next_id(),
            **fields,
        )
        method = {
            c.SeatPlayer: self.service.seat_player,
            c.LeaveSeat: self.service.leave_seat,
            c.SitOut: self.service.sit_out,
            c.SitIn: self.service.sit_in,
            c.StartHand: self.service.start_hand,
            c.DealCards: self.service.deal_cards,
            c.RecordAction: self.service.record_action,
            c.CloseTable: self.service.close_table,
        }[kind]
        reply = method(command, viewer=self.viewer)
        if reply.outcome is not None:
            self.sequence = reply.outcome.table.sequence
        self.replies.append(reply)
        return reply

    def seat(
        self, seat: int, stack: int, entry: EntryOption | None = None, player: str = ""
    ) -> Reply:
        """Seat player ``p<seat>`` with ``stack``."""
        return self.run(
            c.SeatPlayer, seat=seat, player_id=player or f"p{seat}", buy_in=stack, entry=entry
        )

    def start(self) -> Reply:
        """StartHand."""
        return self.run(c.StartHand)

    def act(self, seat: int, kind: ActionType, amount: int = 0, card_text: str = "") -> Reply:
        """RecordAction."""
        action = Action(
            seat=seat, type=kind, amount=amount, cards=cards(card_text) if card_text else ()
        )
        return self.run(c.RecordAction, action=action)

    def deal(self, *deals: Deal) -> Reply:
        """DealCards."""
        return self.run(c.DealCards, deals=tuple(deals))

    def stacks(self) -> dict[int, int]:
        """Seat -> stack now."""
        return {s.seat: s.stack for s in self.service.get_table(self.table_id).seats}
