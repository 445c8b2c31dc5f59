"""Raw event-store rates per backend: empty commits, one-row durable commits, one-event appends.

These are the floor under a durable RecordAction: ``append`` is what the app layer calls per
action; ``durable_commit`` is the same store's cheapest transaction that must reach disk (the
scratch table row's ``updated_at`` bumped by 1 us: SQLite skips an unchanged row, so the value
must change; fsync/WAL flush included); ``empty_commit`` is
``BEGIN; COMMIT`` with nothing written (no flush: the round-trip and locking floor).

Per DESIGN.md "Measuring", backends and operations are interleaved in each round and the
median of ``rounds`` (>= 5) rounds is reported. Run::

    .venv/bin/python -m bench.store_bench [--operations 300] [--rounds 5] [--no-postgres]

PostgreSQL: ``FLOORMAN_BENCH_POSTGRES_URL`` (default the test server on loopback), in a
scratch schema dropped afterwards; SQLite: a scratch file in a temporary directory.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass

import psycopg
from psycopg import sql

from floorman.store import EventStore, open_store
from floorman.store.postgres import PostgresStore
from floorman.store.sqlite import SQLiteStore

OPERATIONS = ("empty_commit", "durable_commit", "append")
DEFAULT_POSTGRES_URL = "postgresql://root@127.0.0.1:5432/test"
_PAYLOAD = json.dumps(
    {"kind": "action", "seat": 3, "action": "raise_to", "amount": 1200, "street": "fourth",
     "hand": 17, "dealer": "terminal-7", "at": "2025-01-01T12:00:00.000000Z"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Rate:
    """One measured operation: median ``per_second`` over rounds, latency p50/p99 in ms."""

    per_second: float
    p50_ms: float
    p99_ms: float


class _Backend:
    """One open store plus the raw commits of the same database."""

    def __init__(self, name: str, store: EventStore) -> None:
        self.name = name
        self.store = store
        self.sequence = 0
        store.create_table(
            "bench", settings="{}", events=[], request_id="create", fingerprint="f", response=b""
        )
        if isinstance(store, SQLiteStore):
            self._raw = _SQLiteRaw(store.path)
        elif isinstance(store, PostgresStore):
            self._raw = _PostgresRaw(store)
        else:
            raise TypeError(f"no raw commits for {type(store).__name__}")

    def op(self, operation: str) -> Callable[[], None]:
        """The callable doing one ``operation``."""
        if operation == "append":
            return self._append
        if operation == "empty_commit":
            return self._raw.empty_commit
        return self._raw.durable_commit

    def _append(self) -> None:
        result = self.store.append(
            "bench",
            expected_sequence=self.sequence,
            events=[_PAYLOAD],
            request_id=uuid.uuid4().hex,
            fingerprint="0" * 64,
            response=b"x" * 96,
        )
        self.sequence = result.sequence

    def close(self) -> None:
        """Close the raw connection and the store."""
        self._raw.close()
        self.store.close()


class _SQLiteRaw:
    def __init__(self, path: str) -> None:
        self._conn = sqlite3.connect(path, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")

    def empty_commit(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")
        self._conn.execute("COMMIT")

    def durable_commit(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")
        self._conn.execute("UPDATE tables SET updated_at = updated_at + 1 WHERE table_id = 'bench'")
        self._conn.execute("COMMIT")

    def close(self) -> None:
        self._conn.close()


class _PostgresRaw:
    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    def empty_commit(self) -> None:
        with self._store._pool.connection() as conn, conn.transaction():
            pass

    def durable_commit(self) -> None:
        with self._store._pool.connection() as conn, conn.transaction():
            conn.execute(
                "UPDATE tables SET updated_at = updated_at + interval '1 microsecond' "
                "WHERE table_id = 'bench'"
            )

    def close(self) -> None:
        return None


def _run(op: Callable[[], None], operations: int) -> tuple[float, list[float]]:
    latencies = []
    start = time.perf_counter()
    for _ in range(operations):
        t0 = time.perf_counter()
        op()
        latencies.append(time.perf_counter() - t0)
    return operations / (time.perf_counter() - start), latencies


def measure(
    urls: dict[str, str], *, operations: int = 300, rounds: int = 5
) -> dict[str, dict[str, Rate]]:
    """Measure every operation on every store URL, interleaved, ``rounds`` times.

    Returns ``{backend name: {operation: Rate}}`` with the median rate of the rounds and
    latency percentiles over all rounds' operations.
    """
    if rounds < 1 or operations < 1:
        raise ValueError("rounds and operations must be positive")
    rates: dict[tuple[str, str], list[float]] = {}
    latencies: dict[tuple[str, str], list[float]] = {}
    with ExitStack() as stack:
        backends = []
        for name, url in urls.items():
            backend = _Backend(name, open_store(url))
            stack.callback(backend.close)
            backends.append(backend)
        for backend in backends:  # warm up: connections, prepared statements, file growth
            for operation in OPERATIONS:
                _run(backend.op(operation), max(10, operations // 10))
        for _ in range(rounds):
            for backend in backends:
                for operation in OPERATIONS:
                    rate, lat = _run(backend.op(operation), operations)
                    rates.setdefault((backend.name, operation), []).append(rate)
                    latencies.setdefault((backend.name, operation), []).extend(lat)
    result: dict[str, dict[str, Rate]] = {}
    for (name, operation), values in rates.items():
        lat = sorted(latencies[(name, operation)])
        result.setdefault(name, {})[operation] = Rate(
            per_second=statistics.median(values),
            p50_ms=1000 * lat[len(lat) // 2],
            p99_ms=1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))],
        )
    return result


@contextmanager
def bench_urls(*, postgres: bool = True) -> Iterator[dict[str, str]]:
    """Scratch store URLs: a SQLite file and (optionally) a PostgreSQL schema, removed after."""
    with tempfile.TemporaryDirectory(prefix="floorman-bench-") as folder:
        urls = {"sqlite": f"sqlite:///{folder}/bench.db"}
        schema = f"bench_{uuid.uuid4().hex[:12]}"
        server = os.environ.get("FLOORMAN_BENCH_POSTGRES_URL", DEFAULT_POSTGRES_URL)
        if postgres:
            separator = "&" if "?" in server else "?"
            urls["postgres"] = f"{server}{separator}schema={schema}"
        try:
            yield urls
        finally:
            if postgres:
                with psycopg.connect(server, autocommit=True) as conn:
                    drop = sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE")
                    conn.execute(drop.format(sql.Identifier(schema)))


def format_table(results: dict[str, dict[str, Rate]]) -> str:
    """A plain-text table of the results."""
    lines = [f"{'backend':<10}{'operation':<16}{'ops/s':>10}{'p50 ms':>10}{'p99 ms':>10}"]
    for name, by_op in results.items():
        for operation in OPERATIONS:
            rate = by_op[operation]
            lines.append(
                f"{name:<10}{operation:<16}{rate.per_second:>10.0f}"
                f"{rate.p50_ms:>10.3f}{rate.p99_ms:>10.3f}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Command line: measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--operations", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-postgres", action="store_true")
    args = parser.parse_args(argv)
    with bench_urls(postgres=not args.no_postgres) as urls:
        results = measure(urls, operations=args.operations, rounds=args.rounds)
    print(f"store rates, median of {args.rounds} interleaved rounds x {args.operations} ops")
    print(format_table(results))


if __name__ == "__main__":
    main()
