"""Request-id retention on the real server (DESIGN.md "Contract details": idempotency, ids
kept per table for at least 24 h; issue 16 point 6), SQLite and PostgreSQL: ids aged past
24 h in the store (their ``created_at`` moved back, as a day passing would) are pruned when
the server starts and are free again; younger ids still replay their first answer."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import psycopg
import pytest
from psycopg import sql
from table_client import GrpcTable, settings_pb, stub_for

from floorman.v1 import poker_pb2 as pb
from floorman_client import RequestIdConflictError
from tests.support.postgres import fresh_schema_url, server_url

HOUR_US = 3600 * 1_000_000


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty store of each durable backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'retention.db'}"
    else:
        with fresh_schema_url("retention") as url:
            yield url


def _age(store_url: str, table_id: str, request_ids: list[str], hours: int) -> None:
    """Move the idempotency records of ``request_ids`` ``hours`` into the past."""
    if store_url.startswith("sqlite:///"):
        with sqlite3.connect(store_url.removeprefix("sqlite:///")) as conn:
            conn.executemany(
                "UPDATE requests SET created_at = created_at - ? "
                "WHERE table_id = ? AND request_id = ?",
                [(hours * HOUR_US, table_id, rid) for rid in request_ids],
            )
        return
    schema = parse_qs(urlsplit(store_url).query)["schema"][0]
    with psycopg.connect(server_url(), autocommit=True) as conn:
        conn.execute(
            sql.SQL(
                "UPDATE {}.requests SET created_at = created_at - make_interval(hours => %s) "
                "WHERE table_id = %s AND request_id = ANY(%s)"
            ).format(sql.Identifier(schema)),
            (hours, table_id, request_ids),
        )


def test_ids_older_than_24_hours_are_pruned_at_start_and_free_again(server_factory, store_url):
    """Seat three players; age the create and the first seat 25 h, the second seat 23 h.
    The restarted server logs ``requests_pruned`` with 2; the first seat's id now seats
    another player (new request; before, the same call was REQUEST_ID_CONFLICT), the second
    seat's retry replays its first answer, and every write is in the log once."""
    first = server_factory("--store", store_url, "--anonymous-role", "dealer")
    settings = settings_pb(pb.GAME_SEVEN_CARD_STUD, small_bet=20, ante=5, seats=8)
    table = GrpcTable.create(stub_for(first.channel), settings)
    answers = [table.seat(seat, 1000, f"player-{seat}") for seat in (1, 2, 3)]
    seat_ids = [f"{table.prefix}-{n}" for n in range(3)]
    with pytest.raises(RequestIdConflictError):
        table.call("SeatPlayer", request_id=seat_ids[0], seat=4, player_id="p4", buy_in=1000)
    assert first.stop() == 0

    _age(store_url, table.table_id, [f"create-{table.table_id}", seat_ids[0]], hours=25)
    _age(store_url, table.table_id, [seat_ids[1]], hours=23)
    second = server_factory("--store", store_url, "--anonymous-role", "dealer")
    pruned = second.wait_for_log(lambda line: line.get("event") == "requests_pruned")
    assert pruned["pruned"] == 2
    table.stub = stub_for(second.channel)

    reused = table.call("SeatPlayer", request_id=seat_ids[0], seat=4, player_id="p4", buy_in=1000)
    assert reused.table.sequence == answers[-1].table.sequence + 1
    replayed = table.call(
        "SeatPlayer",
        request_id=seat_ids[1],
        expected=answers[0].table.sequence,
        seat=2,
        player_id="player-2",
        buy_in=1000,
    )
    assert replayed == answers[1]
    events = table.events(0)
    assert [e.sequence for e in events] == list(range(1, reused.table.sequence + 1))
    seated = [e.player_seated.player_id for e in events if e.HasField("player_seated")]
    assert seated == ["player-1", "player-2", "player-3", "p4"]
    assert second.stop() == 0
