"""ListHands and the whole-session export: a table's hands in order (issue 10 point 10).

A hand is listed from the table's fold (:class:`~floorman.domain.table.state.HandSpan`: id,
number, settled or not) and its stored HandStarted event (the game, and the time it was
stored: the start time every export writes). Pages are keyset pages by hand number with
tokens bound to the table (:mod:`floorman.app.tables.paging`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from floorman.app.tables import codec, paging
from floorman.app.tables.repository import TableRepository
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game
from floorman.domain.table.events import HandStarted
from floorman.domain.table.hand import HandRun
from floorman.domain.table.state import HandSpan, TableState
from floorman.store import EventStore
from floorman.store.base import page_size_or_default


@dataclass(frozen=True, slots=True, kw_only=True)
class HandListing:
    """One hand of a table as ListHands lists it.

    Attributes:
        hand_id / number: the hand's id and number (1 for the table's first hand).
        started_at: when its HandStarted was stored (UTC).
        game: the hand's game.
        complete: the hand is settled (only settled hands are exported).
    """

    hand_id: str
    number: int
    started_at: datetime
    game: Game
    complete: bool


def check_page(page_size: int) -> None:
    """Raises InvalidArgument ``page_size`` when it is below 0."""
    if page_size < 0:
        raise InvalidArgument.single("page_size", "", "must be 0 or more")


def list_digest(table_id: str) -> str:
    """The query a ListHands token is bound to: the table."""
    return paging.query_digest("ListHands", table_id=table_id)


def list_hands(
    state: TableState, store: EventStore, *, page_size: int, after: str, digest: str
) -> tuple[tuple[HandListing, ...], str]:
    """The hands of ``state`` numbered after ``after`` (``""``: from the first), at most
    ``page_size`` (0: 50, at most 1000), and the bound token of the next page."""
    size = page_size_or_default(page_size)
    start = int(after) if after.isdigit() else 0
    spans = sorted(
        (span for span in state.hands.values() if span.number > start),
        key=lambda span: span.number,
    )
    page = tuple(_listing(state, store, span) for span in spans[:size])
    more = len(spans) > size
    return page, paging.bind(str(page[-1].number) if more else "", digest)


def _listing(state: TableState, store: EventStore, span: HandSpan) -> HandListing:
    [item] = store.read_events(state.table_id, span.first_sequence - 1, 1)
    started = codec.decode_event(item.payload)
    game = started.config.game if isinstance(started, HandStarted) else state.settings.game
    return HandListing(
        hand_id=span.hand_id,
        number=span.number,
        started_at=item.created_at,
        game=game,
        complete=span.settled,
    )


def settled_runs(state: TableState, repository: TableRepository) -> list[HandRun]:
    """Every settled hand of ``state``, oldest first (rebuilt from the log when needed)."""
    runs = []
    for span in sorted(state.hands.values(), key=lambda span: span.number):
        run = repository.load_hand(state, span.hand_id) if span.settled else None
        if run is not None and run.settled:
            runs.append(run)
    return runs
