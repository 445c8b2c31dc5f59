"""The write path of :class:`~floorman.app.tables.service.TableService` (split from
:mod:`floorman.app.tables.service`, whose module docstring describes the path): the optimistic
judge-and-append loop, idempotent replays, refusal findings and the after-write reporting.

:class:`TableWrites` is mixed into TableService, which sets the attributes and supplies each
command's ``decide`` (a :class:`_Decision`, or :class:`_Refused` for a refusal to record).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Final

from floorman.app.audit import FindingRecorder
from floorman.app.tables import codec
from floorman.app.tables.commands import (
    TableWrite,
    check_write,
    fingerprint,
)
from floorman.app.tables.refusals import decode_refusal, encode_refusal
from floorman.app.tables.repository import (
    TableRepository,
    with_start_times,
)
from floorman.app.tables.views import (
    Outcome,
    hand_view,
    table_view,
)
from floorman.domain.errors import RuleViolation
from floorman.domain.table.events import (
    FindingRecorded,
    TableEvent,
)
from floorman.domain.table.hand import HandRun
from floorman.domain.table.play import refusal_finding
from floorman.domain.table.redaction import Viewer, shown_violation
from floorman.domain.table.state import TableState, fold
from floorman.observability.logging import debug_enabled
from floorman.store import (
    Append,
    AppendResult,
    DuplicateRequest,
    EventStore,
    RequestIdConflict,
    SequenceMismatch,
)

ResponseEncoder = Callable[[str, Outcome], bytes]
"""``(operation, outcome) -> bytes``: the answer as it will be sent (and stored for retries);
``operation`` is the command's class name (``"RecordAction"``)."""

MAX_ATTEMPTS: Final = 8
"""Optimistic retries when another process appends only findings meanwhile."""


WriteSteps = Generator[Append, AppendResult, "Reply"]
"""A write path as steps: it yields each store write it needs (an :class:`Append`) and gets
its :class:`AppendResult` sent back, or its error thrown in; it returns the call's reply (or
raises its refusal). :func:`drive` runs one alone; a batching caller runs many together
(:meth:`TableWrites.write_steps`)."""


def drive(steps: WriteSteps, store: EventStore) -> Reply:
    """Run ``steps`` to their end, each store write done by ``store.append`` /
    ``store.close_table`` as it comes; their reply (or their error raised)."""
    try:
        write = next(steps)
        while True:
            try:
                result = perform(store, write)
            except Exception as error:
                write = steps.throw(error)
            else:
                write = steps.send(result)
    except StopIteration as stop:
        return stop.value  # type: ignore[no-any-return]
    finally:
        steps.close()  # at once, on this thread (the steps hold the table's lock)


def perform(store: EventStore, write: Append) -> AppendResult:
    """``write`` done alone: ``store.append`` (``store.close_table`` when it closes)."""
    call = store.close_table if write.close else store.append
    return call(
        write.table_id,
        expected_sequence=write.expected_sequence,
        events=write.events,
        request_id=write.request_id,
        fingerprint=write.fingerprint,
        response=write.response,
    )


@dataclass(frozen=True, slots=True)
class Reply:
    """A write's answer: ``payload`` as encoded (the first answer's bytes for a retry) and the
    ``outcome`` when computed by this call (``None`` for a retry)."""

    payload: bytes
    outcome: Outcome | None = None


def summary_encoder(operation: str, outcome: Outcome) -> bytes:
    """A transport-free encoder (tests, tools): the operation, table id and sequence as JSON."""
    return json.dumps(
        {
            "op": operation,
            "table_id": outcome.table.table_id,
            "sequence": outcome.table.sequence,
            "hand_id": outcome.hand.hand_id if outcome.hand else "",
            "cash_out": outcome.cash_out,
        },
        sort_keys=True,
    ).encode()


@dataclass(frozen=True, slots=True)
class _Decision:
    events: tuple[TableEvent, ...]
    with_hand: bool = False
    cash_out: int = 0
    state: TableState | None = None  # the table after ``events``, when decide folded them
    close: bool = False


class _Refused(Exception):
    """An action or deal the rules refuse: recorded as a finding, then raised."""

    def __init__(self, violation: RuleViolation, run: HandRun | None, *, offset: int, secret: bool):
        super().__init__(str(violation))
        self.violation = violation
        self.run = run
        self.offset = offset
        self.secret = secret


class TableWrites:
    """The write machinery of a table service (mixed into
    :class:`~floorman.app.tables.service.TableService`, which sets the attributes)."""

    store: EventStore
    repository: TableRepository
    _encode: ResponseEncoder
    _log: Any
    _findings: FindingRecorder
    _steps_wanted: threading.local

    def _write(
        self, command: TableWrite, viewer: Viewer, decide: Callable[[TableState], _Decision]
    ) -> Reply:
        """The write path (module docstring of :mod:`~floorman.app.tables.service`), run to
        its end here; or, inside :meth:`write_steps`, its steps returned for the caller to
        drive (typed as the reply they end with)."""
        steps = self._write_steps(command, viewer, decide)
        if getattr(self._steps_wanted, "on", False):
            self._steps_wanted.on = False
            return steps  # type: ignore[return-value]  # write_steps hands them on
        return drive(steps, self.store)

    def write_steps(
        self, use_case: Callable[..., Reply], command: Any, *, viewer: Viewer
    ) -> WriteSteps | Reply:
        """``use_case(command, viewer=viewer)`` (a write use case of this service) as its
        :data:`WriteSteps`, for a caller that batches the store writes of many calls
        (:meth:`EventStore.append_all`); a use case without such steps (``create_table``)
        runs to its end and returns its :class:`Reply`. Run the steps on the thread that
        called this (they hold the table's lock from their first step to their end)."""
        self._steps_wanted.on = True
        try:
            return use_case(command, viewer=viewer)
        finally:
            self._steps_wanted.on = False

    def _write_steps(
        self, command: TableWrite, viewer: Viewer, decide: Callable[[TableState], _Decision]
    ) -> WriteSteps:
        check_write(command)
        operation = type(command).__name__
        stamp = fingerprint(command)
        table_id = command.table_id
        with self.repository.locked(table_id):
            # Optimistic: judge against the cached table (no read); the append's sequence
            # check proves it was the log's latest, else reload and judge again. Every
            # refusal is judged against a state just read from the log.
            state, fresh = self.repository.cached(table_id), False
            if state is None or state.sequence < command.expected_sequence:
                state, fresh = self.repository.load(table_id), True
            for _attempt in range(MAX_ATTEMPTS):
                if not state.state_sequence <= command.expected_sequence <= state.sequence:
                    if not fresh:
                        state, fresh = self.repository.load(table_id), True
                        continue
                    replayed = self._replayed(command, stamp, viewer)
                    return replayed or _raise_mismatch(command, state)
                try:
                    decision = decide(state)
                except _Refused as refused:
                    if not fresh:
                        state, fresh = self.repository.load(table_id), True
                        continue
                    replayed = self._replayed(command, stamp, viewer)
                    if replayed is not None:
                        return replayed
                    try:
                        recorded = yield from self._record_finding(state, command, stamp, refused)
                    except DuplicateRequest as duplicate:  # the same request, written meanwhile
                        return self._answer(duplicate.response, viewer)
                    if not recorded:
                        state = self.repository.load(table_id)
                        continue
                    raise shown_violation(
                        refused.violation,
                        refused.violation.without_cards(),
                        secret=refused.secret,
                        viewer=viewer,
                    ) from None
                except RuleViolation:
                    if not fresh:
                        state, fresh = self.repository.load(table_id), True
                        continue
                    replayed = self._replayed(command, stamp, viewer)
                    if replayed is not None:
                        return replayed
                    raise
                new_state = decision.state
                if new_state is None:
                    new_state = state
                    for offset, event in enumerate(decision.events, start=1):
                        new_state = fold(new_state, event, sequence=state.sequence + offset)
                outcome = self._outcome(new_state, decision, viewer)
                payload = self._encode(operation, outcome)
                try:
                    written = yield Append(
                        table_id,
                        expected_sequence=state.sequence,
                        events=[codec.encode_event(event) for event in decision.events],
                        request_id=command.request_id,
                        fingerprint=stamp,
                        response=payload,
                        close=decision.close,
                    )
                except DuplicateRequest as duplicate:
                    return self._answer(duplicate.response, viewer)
                except SequenceMismatch:
                    state, fresh = self.repository.load(table_id), True
                    continue
                new_state = with_start_times(new_state, decision.events, written.events)
                self.repository.remember(new_state)
                self._after_write(operation, command, new_state, decision)
                return Reply(payload, outcome)
            _raise_mismatch(command, state)
        raise AssertionError("unreachable")  # pragma: no cover

    def _outcome(self, state: TableState, decision: _Decision, viewer: Viewer) -> Outcome:
        hand = None
        if decision.with_hand:
            run = state.hand or state.last_hand
            if run is not None:
                hand = hand_view(state.table_id, run, viewer)
        return Outcome(table=table_view(state), hand=hand, cash_out=decision.cash_out)

    def _replayed(self, command: TableWrite, stamp: str, viewer: Viewer) -> Reply | None:
        """The first answer when ``command.request_id`` was already answered with the same
        payload (a stored refusal is raised again); raises RequestIdConflict for another
        payload; ``None`` when the id is new."""
        record = self.store.get_request(command.table_id, command.request_id)
        if record is None:
            return None
        if record.fingerprint != stamp:
            raise RequestIdConflict(command.table_id, command.request_id)
        return self._answer(record.response, viewer)

    @staticmethod
    def _answer(response: bytes, viewer: Viewer) -> Reply:
        """A request id's stored first answer: the reply, or its refusal raised again (shown
        as ``viewer`` may see it).

        Raises:
            RuleViolation: the first answer was a refusal.
        """
        refusal = decode_refusal(response)
        if refusal is not None:
            raise shown_violation(
                refusal.violation, refusal.public, secret=refusal.secret, viewer=viewer
            )
        return Reply(response)

    def _record_finding(
        self, state: TableState, command: TableWrite, stamp: str, refused: _Refused
    ) -> Generator[Append, AppendResult, bool]:
        """Append the refusal's finding under the caller's request id and fingerprint, with
        the refusal as the stored answer; False when the log moved meanwhile (judge again).

        Raises:
            DuplicateRequest: the same request was answered meanwhile (by another replica).
            RequestIdConflict: the request id was taken meanwhile by another payload.
        """
        if state.closed:
            return True
        finding = refusal_finding(refused.run, refused.violation, offset=refused.offset)
        public = None
        if refused.secret:
            card_free = refused.violation.without_cards()
            public = refusal_finding(refused.run, card_free, offset=refused.offset)
        hand_id = refused.run.hand_id if refused.run is not None else ""
        event = FindingRecorded(
            hand_id=hand_id, finding=finding, secret=refused.secret, public=public
        )
        try:
            yield Append(
                command.table_id,
                expected_sequence=state.sequence,
                events=[codec.encode_event(event)],
                request_id=command.request_id,
                fingerprint=stamp,
                response=encode_refusal(refused.violation, secret=refused.secret),
            )
        except SequenceMismatch:
            return False
        self.repository.remember(fold(state, event, sequence=state.sequence + 1))
        self._report(state, event, sequence=state.sequence + 1)
        return True

    def _report(self, state: TableState, event: FindingRecorded, *, sequence: int) -> None:
        """Log and count one finding just written at ``sequence`` (cards in its texts are
        redacted: a live table's finding may concern a hand still running)."""
        run = state.hand if state.hand is not None else state.last_hand
        self._findings.record(
            run.config.game if run is not None else state.settings.game,
            event.finding,
            redact_cards=True,
            table_id=state.table_id,
            hand_id=event.hand_id,
            sequence=sequence,
        )

    def _after_write(
        self, operation: str, command: TableWrite, state: TableState, decision: _Decision
    ) -> None:
        first = state.sequence - len(decision.events) + 1
        for offset, event in enumerate(decision.events):
            if isinstance(event, FindingRecorded):
                self._report(state, event, sequence=first + offset)
        if debug_enabled():
            self._log.debug(
                "table_write",
                operation=operation,
                table_id=state.table_id,
                hand_id=state.hand.hand_id if state.hand is not None else state.last_hand_id,
                sequence=state.sequence,
                events=len(decision.events),
                request_id=command.request_id,
            )
        try:
            self.repository.maybe_snapshot(state)
        except Exception:  # a snapshot is only a cache: never fail the write for it
            self._log.warning("snapshot_failed", table_id=state.table_id, exc_info=True)


def _raise_mismatch(command: TableWrite, state: TableState) -> Reply:
    raise SequenceMismatch(
        command.table_id,
        expected_sequence=command.expected_sequence,
        current_sequence=state.sequence,
    )
