"""Store fixtures: every contract test runs on memory, SQLite (a file) and PostgreSQL.

PostgreSQL tests use a fresh schema each (see ``tests/support/postgres.py``): skipped with a
reason when the server is absent locally, failed under ``CI=true``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from floorman.store import EventStore, open_store
from tests.support.postgres import fresh_schema_url

BACKENDS = ["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
DURABLE_BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


class FakeClock:
    """A settable UTC clock for the store (``clock=FakeClock()``)."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2025, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        """Move the clock forward by ``delta``."""
        self.now += delta


def _backend_url(backend: str, tmp_path: Path) -> Iterator[str]:
    if backend == "memory":
        yield "memory://"
    elif backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        with fresh_schema_url("store") as url:
            yield url


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty store of each backend."""
    yield from _backend_url(request.param, tmp_path)


@pytest.fixture(params=DURABLE_BACKENDS)
def durable_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty store of each durable backend (SQLite file, PostgreSQL)."""
    yield from _backend_url(request.param, tmp_path)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A URL of an empty PostgreSQL store on a fresh schema (dropped afterwards)."""
    with fresh_schema_url("store") as url:
        yield url


@pytest.fixture
def clock() -> FakeClock:
    """A fake clock starting 2025-01-01 12:00 UTC."""
    return FakeClock()


@pytest.fixture
def store(store_url: str, clock: FakeClock) -> Iterator[EventStore]:
    """An open, empty store of each backend with the fake clock; closed afterwards."""
    opened = open_store(store_url, clock=clock)
    yield opened
    opened.close()


@pytest.fixture
def open_many() -> Iterator[Callable[..., EventStore]]:
    """``open_many(url, **kw)`` opens a store that is closed at teardown."""
    opened: list[EventStore] = []

    def _open(url: str, **options: object) -> EventStore:
        store = open_store(url, **options)  # type: ignore[arg-type]
        opened.append(store)
        return store

    yield _open
    for store in reversed(opened):
        store.close()
