"""WatchTable: every event of a table's log in order from a sequence, then live.

The stream reads the log in pages (in a worker thread), then waits on the store's notifier
(no thread held) for more. Resuming from the last sequence a watcher saw misses nothing: the
log is gap-free and append-only. The stream ends after a closed table's last event; a
cancelled call (client gone) ends it at its next await. When the server stops watching
(shutdown), the stream raises :class:`WatchStopped` with the last sequence it sent, so the
watcher can tell a shutdown from a normal end and resume elsewhere (UNAVAILABLE on the wire).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Final

from floorman.app.tables.service import TableService
from floorman.app.tables.views import EventView
from floorman.domain.table.redaction import Viewer

PAGE: Final = 256
WAIT_SECONDS: Final = 30.0


class WatchStopped(Exception):
    """The service stopped watching (the server is shutting down) before the table closed.

    Attributes:
        table_id: the table watched.
        last_sequence: the last sequence sent (the ``after_sequence`` to resume from).
    """

    def __init__(self, table_id: str, last_sequence: int) -> None:
        super().__init__(f"server shutting down; resume from sequence {last_sequence}")
        self.table_id = table_id
        self.last_sequence = last_sequence


async def watch_table(
    service: TableService,
    table_id: str,
    *,
    after_sequence: int,
    viewer: Viewer,
    wait_seconds: float = WAIT_SECONDS,
) -> AsyncIterator[EventView]:
    """Yield the table's events with a sequence above ``after_sequence``, in order, until
    the table is closed and its last event sent.

    Raises:
        InvalidArgument: a malformed table id or a negative ``after_sequence``.
        TableNotFound: no such table (before anything is yielded).
        SequenceOutOfRange: ``after_sequence`` is beyond the table's last sequence.
        WatchStopped: the service stopped watching first (server shutdown), with the last
            sequence sent.
    """
    last = after_sequence
    stopped = service.watching_stopped()
    while not stopped.is_set():
        page = await asyncio.to_thread(
            service.events_after, table_id, last, viewer=viewer, limit=PAGE
        )
        for view in page.events:
            yield view
            last = view.sequence
        if page.done:
            return
        if not page.events:
            await service.wait_for_events(table_id, last, wait_seconds)
    raise WatchStopped(table_id, last)
