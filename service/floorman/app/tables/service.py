"""The TableService use cases: one method per RPC, transport-neutral and synchronous.

Every write follows one path (DESIGN.md "Contract details"):

1. the request's shape is checked (:mod:`floorman.app.tables.commands`);
2. the table is taken from the in-process cache (optimistically: the append's sequence check
   proves it was the log's latest, else it is reloaded and the request judged again; every
   refusal is judged against a state just read from the log) or folded from the log
   (:class:`~floorman.app.tables.repository.TableRepository`);
3. ``expected_sequence`` is checked: it must be at least the sequence of the table's last
   state-changing event and at most its last event (finding events annotate the log without
   changing the state, so a caller never loses its sequence to somebody else's refusal);
4. the request is judged against the state (the engine for actions and deals) and becomes
   events, folded to build the answer;
5. ONE ``store.append(expected_sequence=<the log's last sequence>, events, request_id,
   fingerprint, response)``: the answer is durable with the events.

Idempotency: the store checks the request id before the sequence, and whenever this code
would refuse a request (a stale sequence, a broken rule) it first looks the request id up, so
a retry gets the first answer of its request id, byte for byte, and the same id with another
payload is refused (:class:`~floorman.store.RequestIdConflict`).

Refused actions and deals become findings on the table's log (``FindingRecorded``) after
the refusal is decided: appended at the log's current sequence under the caller's request id
and fingerprint, with the refusal as the stored answer (:mod:`floorman.app.tables.refusals`).
So the refusal is that request id's first answer: an identical retry gets the same refusal
(and records nothing more), the same id with another payload is RequestIdConflict. The state
and the caller's ``expected_sequence`` stay valid (step 3). The caller then gets the
:class:`~floorman.domain.errors.RuleViolation`. A settlement discrepancy (a ``payout.amount``
finding of the engine's result) is appended as a ``FindingRecorded`` right after the hand's
``HandSettled``, in the same write. Every finding so written is reported ONCE through
:class:`~floorman.app.audit.FindingRecorder` (the one place findings are logged and counted):
a ``rule_finding`` log line (rule, table_id, hand_id, seat, event_index, sequence; cards in its
texts redacted to ``??``) and ``floorman_rule_findings_total{game,rule}`` +1.

Answers are encoded by an injected :data:`ResponseEncoder` (the transport stores protobuf
bytes); :class:`Reply` carries the bytes, and the :class:`Outcome` when freshly computed.

The commands and their judging are here; the write path itself (steps 2-5, replays, findings)
is :class:`~floorman.app.tables.writes.TableWrites`, the reads
:class:`~floorman.app.tables.reads.TableReads` (both mixed in).
"""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace

from floorman.app.audit import FindingRecorder
from floorman.app.tables import codec
from floorman.app.tables.commands import (
    CloseTable,
    CreateTable,
    DealCards,
    LeaveSeat,
    RecordAction,
    SeatPlayer,
    SitIn,
    SitOut,
    StartHand,
    check_request_id,
    check_table_id,
    derived_table_id,
    fingerprint,
)
from floorman.app.tables.export import (
    Export,
    FormatUnavailable,
)
from floorman.app.tables.ports import (
    Clock,
    DeckSource,
    IdGenerator,
    SystemRandomDeck,
    random_id,
    utc_now,
)
from floorman.app.tables.reads import EventsPage, HandNotFound, SequenceOutOfRange, TableReads
from floorman.app.tables.repository import (
    DEFAULT_SNAPSHOT_EVERY,
    TableRepository,
)
from floorman.app.tables.views import (
    Outcome,
    table_view,
)
from floorman.app.tables.writes import (
    MAX_ATTEMPTS as MAX_ATTEMPTS,
)
from floorman.app.tables.writes import (
    Reply,
    ResponseEncoder,
    TableWrites,
    _Decision,
    _Refused,
    summary_encoder,
)
from floorman.domain.errors import RuleViolation
from floorman.domain.fast_init import fast_replace
from floorman.domain.games import game_spec
from floorman.domain.table.dealer import deal_pending
from floorman.domain.table.events import (
    FindingRecorded,
    HandActed,
    HandDealt,
    SeatLeft,
    TableClosed,
    TableCreated,
    TableEvent,
)
from floorman.domain.table.lobby import check_open, leave_seat, seat_player, sit_in, sit_out
from floorman.domain.table.play import (
    action_event,
    begin_hand,
    check_draw_cards,
    running_hand,
    settlement,
)
from floorman.domain.table.redaction import Viewer
from floorman.domain.table.rules import DEAL_MODE, HAND_IN_PROGRESS
from floorman.domain.table.settings import DealMode, check_settings
from floorman.domain.table.state import TableState, fold, open_table
from floorman.observability.logging import get_logger
from floorman.observability.metrics import Metrics
from floorman.store import (
    DuplicateRequest,
    EventStore,
)

__all__ = [
    "EventsPage",
    "Export",
    "FormatUnavailable",
    "HandNotFound",
    "Reply",
    "ResponseEncoder",
    "SequenceOutOfRange",
    "TableService",
    "summary_encoder",
]


class TableService(TableWrites, TableReads):
    """Table sessions on an event store.

    Args:
        store: the durable log (opened and migrated by the caller, who closes it).
        deck: the deck source of service-dealt tables (default: ``secrets.SystemRandom``).
        clock: UTC time of table creation (default: the system clock).
        ids: hand ids (default: random uuid4 hex).
        encoder: how answers are encoded and stored (default: :func:`summary_encoder`).
        snapshot_every: persist a between-hands snapshot every this many hands (0: never).
        metrics: where ``floorman_rule_findings_total`` counts the table's findings (the
            server's :class:`~floorman.observability.metrics.Metrics`; ``None``: logged only).
    """

    def __init__(
        self,
        store: EventStore,
        *,
        deck: DeckSource | None = None,
        clock: Clock | None = None,
        ids: IdGenerator | None = None,
        encoder: ResponseEncoder | None = None,
        snapshot_every: int = DEFAULT_SNAPSHOT_EVERY,
        metrics: Metrics | None = None,
    ) -> None:
        self.store = store
        self.repository = TableRepository(store, snapshot_every=snapshot_every)
        self._deck = SystemRandomDeck() if deck is None else deck
        self._clock = utc_now if clock is None else clock
        self._ids = random_id if ids is None else ids
        self._encode = summary_encoder if encoder is None else encoder
        self._log = get_logger()
        self._findings = FindingRecorder(metrics=metrics)
        self._stop_watching: asyncio.Event | None = None
        self._steps_wanted = threading.local()  # write_steps: _write returns its steps

    # ---- writes ---------------------------------------------------------------------------

    def create_table(self, command: CreateTable, *, viewer: Viewer) -> Reply:
        """Open a table; its id is ``command.table_id`` or derived from the request id.

        Raises:
            InvalidArgument: bad ids or settings. TableExists (the id is taken by another
            request). RequestIdConflict.
        """
        check_request_id(command.request_id)
        if command.table_id:
            check_table_id(command.table_id)
        settings = check_settings(command.settings)
        table_id = command.table_id or derived_table_id(command.request_id)
        event = TableCreated(settings=settings, created_at=self._clock())
        state = open_table(table_id, event, sequence=1, recorded_at=event.created_at)
        outcome = Outcome(table=table_view(state))
        payload = self._encode("CreateTable", outcome)
        try:
            self.store.create_table(
                table_id,
                settings=codec.dumps(codec.settings_json(settings)),
                events=[codec.encode_event(event)],
                request_id=command.request_id,
                fingerprint=fingerprint(replace(command, table_id=table_id)),
                response=payload,
            )
        except DuplicateRequest as duplicate:
            return Reply(duplicate.response)
        self.repository.remember(state)
        self._log.info("table_created", table_id=table_id, game=settings.game.value)
        return Reply(payload, outcome)

    def close_table(self, command: CloseTable, *, viewer: Viewer) -> Reply:
        """Close the table: every seated player cashes out, then no more writes.

        Raises:
            RuleViolation: ``table.closed``, ``hand.in_progress``. See :meth:`record_action`.
        """

        def decide(state: TableState) -> _Decision:
            check_open(state)
            if state.hand is not None:
                raise RuleViolation(HAND_IN_PROGRESS, "finish the hand before closing the table")
            leaving = tuple(
                SeatLeft(seat=s, cash_out=state.seats[s].stack) for s in sorted(state.seats)
            )
            return _Decision((*leaving, TableClosed()), close=True)

        return self._write(command, viewer, decide)

    def seat_player(self, command: SeatPlayer, *, viewer: Viewer) -> Reply:
        """A newcomer sits down (see :func:`floorman.domain.table.lobby.seat_player`)."""
        return self._write(
            command,
            viewer,
            lambda state: _Decision(
                (
                    seat_player(
                        state,
                        seat=command.seat,
                        player_id=command.player_id,
                        buy_in=command.buy_in,
                        entry=command.entry,
                    ),
                )
            ),
        )

    def leave_seat(self, command: LeaveSeat, *, viewer: Viewer) -> Reply:
        """A player leaves with the stack (answer: ``cash_out``)."""

        def decide(state: TableState) -> _Decision:
            event = leave_seat(state, seat=command.seat)
            return _Decision((event,), cash_out=event.cash_out)

        return self._write(command, viewer, decide)

    def sit_out(self, command: SitOut, *, viewer: Viewer) -> Reply:
        """A player sits out from the next hand."""
        return self._write(
            command, viewer, lambda state: _Decision((sit_out(state, seat=command.seat),))
        )

    def sit_in(self, command: SitIn, *, viewer: Viewer) -> Reply:
        """A player comes back (owed blinds posted or waited for)."""
        return self._write(
            command,
            viewer,
            lambda state: _Decision((sit_in(state, seat=command.seat, entry=command.entry),)),
        )

    def start_hand(self, command: StartHand, *, viewer: Viewer) -> Reply:
        """Start the next hand: button, blinds, antes; service-dealt: shuffle and deal.

        A mixed table deals the entry its rotation names next (docs/rules.md "Mixed games").

        Raises:
            InvalidArgument: ``rotation_entry`` outside the rotation.
            RuleViolation: ``table.closed``, ``hand.in_progress``, ``rotation.game``,
                ``table.players``.
        """

        def decide(state: TableState) -> _Decision:
            started = begin_hand(state, hand_id=self._ids(), choice=command.choice)
            if state.settings.deal_mode is DealMode.SERVICE_DEALT:
                spec = game_spec(started.config.game)  # a mixed table: the hand's game
                deck = spec.deck(len(started.config.seats))
                started = replace(started, deck=tuple(self._deck.shuffle(sorted(deck))))
            events, after = self._continue(state, (started,))
            return _Decision(events, with_hand=True, state=after)

        return self._write(command, viewer, decide)

    def deal_cards(self, command: DealCards, *, viewer: Viewer) -> Reply:
        """Recorded mode: the dealer reports cards; the engine refuses duplicates, cards
        outside the deck, wrong counts (``card.*``, ``draw.stub``).

        Raises:
            RuleViolation: ``deal.mode`` at a service-dealt table, ``hand.complete``, the
                engine's card rules (each also recorded as a finding).
        """

        def decide(state: TableState) -> _Decision:
            check_open(state)
            run = state.hand
            try:
                if state.settings.deal_mode is not DealMode.RECORDED:
                    raise RuleViolation(DEAL_MODE, "this table is service-dealt: it deals itself")
                run = running_hand(state)
            except RuleViolation as violation:
                raise _Refused(violation, run, offset=0, secret=True) from None
            deals = tuple(HandDealt(hand_id=run.hand_id, deal=deal) for deal in command.deals)
            events, after = self._continue(state, deals)
            return _Decision(events, with_hand=True, state=after)

        return self._write(command, viewer, decide)

    def record_action(self, command: RecordAction, *, viewer: Viewer) -> Reply:
        """A player's action, judged by the engine; service-dealt tables then deal whatever
        the engine asks for, and a finished hand is settled, in the same append.

        Raises:
            RuleViolation: ``hand.complete`` (no hand running), ``draw.hidden_cards`` (a
                service-dealt DRAW naming ``??`` or cards ``viewer`` cannot see) or the
                engine's refusal (``turn.out_of_turn``, ``action.not_allowed``,
                ``bet.amount`` ...), each also recorded as a finding; ``table.closed``.
            SequenceMismatch: ``expected_sequence`` is stale. RequestIdConflict.
        """
        action = command.action

        def decide(state: TableState) -> _Decision:
            check_open(state)
            try:
                run = running_hand(state, seat=action.seat)
            except RuleViolation as violation:
                raise _Refused(violation, None, offset=0, secret=bool(action.cards)) from None
            fill = state.settings.deal_mode is DealMode.SERVICE_DEALT
            if fill:
                try:
                    check_draw_cards(run, action, viewer=viewer)
                except RuleViolation as violation:  # its message names no card: not secret
                    raise _Refused(violation, run, offset=0, secret=False) from None
            event = action_event(run, action, fill_show=fill)
            events, after = self._continue(state, (event,))
            return _Decision(events, with_hand=True, state=after)

        return self._write(command, viewer, decide)

    # ---- the write path -------------------------------------------------------------------

    def _continue(
        self, state: TableState, events: tuple[TableEvent, ...]
    ) -> tuple[tuple[TableEvent, ...], TableState]:
        """``events`` checked by folding them (the engine judges hand events), then the
        service dealer's deals and the settlement they lead to; with the table after them.

        Raises:
            _Refused: the engine refuses one of ``events``.
        """
        out: list[TableEvent] = []
        sequence = state.sequence
        for event in events:
            try:
                state = fold(state, event, sequence=sequence + 1)
            except RuleViolation as violation:
                # state.hand holds the batch's earlier events: the refused one comes next
                secret = _carries_cards(event)
                raise _Refused(violation, state.hand, offset=0, secret=secret) from None
            sequence += 1
            out.append(event)
        while state.hand is not None:
            more: list[TableEvent] = []
            if state.settings.deal_mode is DealMode.SERVICE_DEALT:
                run = fast_replace(state.hand, last_sequence=sequence)  # table events may follow
                dealt = deal_pending(run, shuffle=self._deck.shuffle)
                if dealt.events:  # the dealer's run is the fold of its deals
                    more.extend(dealt.events)
                    sequence += len(dealt.events)
                    state = fast_replace(
                        state, sequence=sequence, state_sequence=sequence, hand=dealt.run
                    )
            settled = settlement(state.hand) if state.hand is not None else None
            if settled is not None:
                sequence += 1
                state = fold(state, settled, sequence=sequence)
                more.append(settled)
                for discrepancy in settled.result.discrepancies:
                    noted = FindingRecorded(hand_id=settled.hand_id, finding=discrepancy)
                    sequence += 1
                    state = fold(state, noted, sequence=sequence)
                    more.append(noted)
            out.extend(more)
            if not more:
                break
        return tuple(out), state


def _carries_cards(event: TableEvent) -> bool:
    """True for a deal, or an action with cards (its refusal message may name them)."""
    if isinstance(event, HandDealt):
        return True
    return isinstance(event, HandActed) and bool(event.action.cards)
