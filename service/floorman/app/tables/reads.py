"""The TableService reads: GetTable, ListTables, ListHands, GetHand, the WatchTable event
pages and waits, and the hand-history exports (one method per RPC, transport-neutral).

:class:`TableReads` is the read half of :class:`~floorman.app.tables.service.TableService`
(which inherits it): every read folds the table from the log through the repository and
never writes.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from floorman.app.tables import codec, hands, paging
from floorman.app.tables.commands import check_table_id
from floorman.app.tables.export import Export, check_format, export_run, export_session
from floorman.app.tables.hands import HandListing
from floorman.app.tables.repository import TableRepository
from floorman.app.tables.views import (
    EventView,
    HandView,
    TableView,
    event_view,
    hand_view,
    table_view,
)
from floorman.domain.errors import InvalidArgument
from floorman.domain.table.hand import HandRun
from floorman.domain.table.redaction import Viewer
from floorman.domain.table.state import TableState
from floorman.store import EventStore, TableNotFound, TableStatus


class HandNotFound(LookupError):
    """No such hand at the table (NOT_FOUND); ``hand_id`` is ``""`` when the table has no
    hand yet."""

    def __init__(self, message: str, *, table_id: str = "", hand_id: str = "") -> None:
        super().__init__(message)
        self.table_id = table_id
        self.hand_id = hand_id


class SequenceOutOfRange(Exception):
    """A watch from beyond the table's last sequence (OUT_OF_RANGE): it would wait for
    events the caller cannot have seen.

    Attributes:
        table_id: the table.
        after_sequence: the sequence asked for.
        last_sequence: the table's last sequence.
    """

    def __init__(self, table_id: str, after_sequence: int, last_sequence: int) -> None:
        super().__init__(
            f"after_sequence {after_sequence} is beyond the table's last sequence {last_sequence}"
        )
        self.table_id = table_id
        self.after_sequence = after_sequence
        self.last_sequence = last_sequence


@dataclass(frozen=True, slots=True)
class EventsPage:
    """Log events for a watcher; ``done`` when the table is closed and nothing follows."""

    events: tuple[EventView, ...]
    done: bool


class TableReads:
    """The read RPCs of a table service (mixed into
    :class:`~floorman.app.tables.service.TableService`, which sets the attributes)."""

    store: EventStore
    repository: TableRepository
    _stop_watching: asyncio.Event | None

    def get_table(self, table_id: str) -> TableView:
        """The table as its log says it is now.

        Raises:
            InvalidArgument: a malformed ``table_id``. TableNotFound.
        """
        check_table_id(table_id)
        return table_view(self.repository.load(table_id))

    def list_tables(
        self, *, page_size: int = 0, page_token: str = "", include_closed: bool = False
    ) -> tuple[tuple[TableView, ...], str]:
        """One page of tables in ``table_id`` order and the next page's token (``""``: last).

        Closed tables are left out unless ``include_closed`` (a page may then hold fewer than
        ``page_size`` tables). ``page_size`` 0 means 50; at most 1000.

        Raises:
            InvalidArgument: ``page_size`` below 0, or a ``page_token`` this service did not
                hand out.
        """
        if page_size < 0:
            raise InvalidArgument.single("page_size", "", "must be 0 or more")
        digest = paging.query_digest("ListTables", include_closed=include_closed)
        try:
            page = self.store.list_tables(page_size, paging.unbind(page_token, digest))
        except ValueError as error:  # InvalidPageToken
            raise InvalidArgument.single("page_token", "", str(error)) from None
        views = []
        for record in page.tables:
            if record.status is TableStatus.CLOSED and not include_closed:
                continue
            try:
                views.append(table_view(self.repository.load(record.table_id)))
            except TableNotFound:  # pragma: no cover - a table is never deleted
                continue
        return tuple(views), paging.bind(page.next_page_token, digest)

    def list_hands(
        self, table_id: str, *, page_size: int = 0, page_token: str = ""
    ) -> tuple[tuple[HandListing, ...], str]:
        """One page of a table's hands, oldest first, and the next page's token (``""``:
        last); see :func:`floorman.app.tables.hands.list_hands`.

        Raises:
            InvalidArgument: a malformed ``table_id``, ``page_size`` below 0, or a
                ``page_token`` this service did not hand out for this table.
            TableNotFound.
        """
        check_table_id(table_id)
        hands.check_page(page_size)
        digest = hands.list_digest(table_id)
        after = paging.unbind(page_token, digest)
        state = self.repository.load_full(table_id)
        return hands.list_hands(state, self.store, page_size=page_size, after=after, digest=digest)

    def get_hand(self, table_id: str, hand_id: str, *, viewer: Viewer) -> HandView:
        """A hand (``hand_id`` ``""``: the one in progress, else the last one) for ``viewer``.

        Raises:
            InvalidArgument: a malformed ``table_id``. TableNotFound. HandNotFound.
        """
        check_table_id(table_id)
        state = self.repository.load(table_id)
        run = self._hand(state, hand_id)
        return hand_view(table_id, run, viewer)

    def events_after(
        self, table_id: str, after_sequence: int, *, viewer: Viewer, limit: int = 256
    ) -> EventsPage:
        """Up to ``limit`` log events after ``after_sequence``, redacted for ``viewer``.

        Raises:
            InvalidArgument: a malformed ``table_id`` or a negative ``after_sequence``.
            TableNotFound.
            SequenceOutOfRange: ``after_sequence`` is beyond the table's last sequence.
        """
        check_table_id(table_id)
        if after_sequence < 0:
            raise InvalidArgument.single("after_sequence", "", "must be 0 or more")
        stored = self.store.read_events(table_id, after_sequence, limit)
        state = self.repository.load(table_id)
        if after_sequence > state.sequence:
            raise SequenceOutOfRange(table_id, after_sequence, state.sequence)
        events = [codec.decode_event(item.payload) for item in stored]
        if any(not _known(state, getattr(event, "hand_id", "")) for event in events):
            state = self.repository.load_full(table_id)  # an older hand's visibility
        views = []
        for item, event in zip(stored, events, strict=True):
            views.append(
                event_view(
                    state,
                    event,
                    sequence=item.sequence,
                    recorded_at=item.created_at,
                    viewer=viewer,
                )
            )
        last = views[-1].sequence if views else after_sequence
        return EventsPage(tuple(views), done=state.closed and last >= state.sequence)

    async def wait_for_events(self, table_id: str, after_sequence: int, timeout: float) -> bool:
        """Wait (without a thread) until the log has events after ``after_sequence``; False
        after ``timeout`` seconds or once :meth:`stop_watching` was called."""
        stop = self.watching_stopped()
        if stop.is_set():
            return False
        waiter = asyncio.ensure_future(
            self.store.wait_for_events_async(table_id, after_sequence, timeout)
        )
        stopper = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait({waiter, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopper.cancel()
            if not waiter.done():
                waiter.cancel()
        return waiter.done() and not waiter.cancelled() and waiter.result()

    def watching_stopped(self) -> asyncio.Event:
        """Set by :meth:`stop_watching` (created in the running event loop on first use)."""
        if self._stop_watching is None:
            self._stop_watching = asyncio.Event()
        return self._stop_watching

    def stop_watching(self) -> None:
        """End every WatchTable stream at its next wait (the server is stopping)."""
        self.watching_stopped().set()

    def export_hand(self, table_id: str, hand_id: str, fmt: str, *, viewer: Viewer) -> Export:
        """A settled hand's history in ``fmt`` (``phh``, ``ohh`` or ``pokerstars``), hole cards
        as ``viewer`` may see them once the hand has ended.

        Raises:
            InvalidArgument: a malformed ``table_id`` or an unknown format. TableNotFound.
            HandNotFound. RuleViolation ``hand.in_progress`` (not settled yet).
            FormatUnavailable: the format's exporter is not installed.
        """
        check_table_id(table_id)
        check_format(fmt)
        state = self.repository.load(table_id)
        run = self._hand(state, hand_id)
        return export_run(run, fmt, table_id=table_id, settings=state.settings, viewer=viewer)

    def export_session(self, table_id: str, fmt: str, *, viewer: Viewer) -> Export:
        """Every settled hand of the table in ``fmt``, oldest first, in one file: OHH hands
        separated by one blank line (``.ohh``), PHH as a ``.phhs`` file (``[1]``, ``[2]``
        ... sections), PokerStars hands separated by blank lines; ``""`` when no hand is
        settled. Hole cards as :meth:`export_hand`.

        Raises:
            InvalidArgument: a malformed ``table_id`` or an unknown format. TableNotFound.
            FormatUnavailable: the format's exporter is not installed.
        """
        check_table_id(table_id)
        check_format(fmt)
        state = self.repository.load_full(table_id)
        runs = hands.settled_runs(state, self.repository)
        return export_session(runs, fmt, table_id=table_id, settings=state.settings, viewer=viewer)

    def _hand(self, state: TableState, hand_id: str) -> HandRun:
        wanted = hand_id or state.last_hand_id
        run = self.repository.load_hand(state, wanted) if wanted else None
        if run is None and wanted and wanted not in state.hands:  # an older hand: the index
            state = self.repository.load_full(state.table_id)
            run = self.repository.load_hand(state, wanted)
        if run is None:
            if hand_id:
                raise HandNotFound(
                    f"table {state.table_id!r} has no hand {hand_id!r}",
                    table_id=state.table_id,
                    hand_id=hand_id,
                )
            raise HandNotFound(
                f"table {state.table_id!r} has no hand yet (none started)",
                table_id=state.table_id,
            )
        return run


def _known(state: TableState, hand_id: str) -> bool:
    """True when ``state`` itself says how hand ``hand_id`` may be shown (no hand, the one
    running, or a hand whose span the cached state still holds)."""
    return (
        not hand_id
        or hand_id in state.hands
        or (state.hand is not None and state.hand.hand_id == hand_id)
    )
