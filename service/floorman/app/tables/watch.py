"""WatchTable: every event of a table's log in order from a sequence, then live.

The stream reads the log in pages (in a worker thread), then waits on the store's notifier
(no thread held) for more. Resuming from the last sequence a watcher saw misses nothing: the
log is gap-free and append-only. The stream ends after a closed table's last event; a
cancelled call (client gone, server stopping) ends it at its next await.
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


async def watch_table(
    service: TableService,
    table_id: str,
    *,
    after_sequence: int,
    viewer: Viewer,
    wait_seconds: float = WAIT_SECONDS,
) -> AsyncIterator[EventView]:
    """Yield the table's events with a sequence above ``after_sequence``, in order, forever
    (until the table is closed and its last event sent, or the service stops watching).

    Raises:
        InvalidArgument: a malformed table id or a negative ``after_sequence``.
        TableNotFound: no such table (before anything is yielded).
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
