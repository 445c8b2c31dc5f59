"""PostgreSQL connection loss under a write burst (issue 16 point 1), on the real server and
the real database on loopback.

The server connects as a role of its own (created here, owner of the test's schema), so the
outage touches nothing but this test: a separate admin connection refuses that role new
logins (``ALTER ROLE ... NOLOGIN``) and kills its backends with ``pg_terminate_backend``
(``WHERE usename = <the role>``) while four clients write back to back, then lets it log in
again. Writes in flight fail with UNAVAILABLE and ``ErrorInfo{reason: "STORE_UNAVAILABLE",
metadata: may_have_landed}``; health is NOT_SERVING while the store is down (RulesService
keeps SERVING and answering) and SERVING after, the pool having reconnected by itself; every
failed write retried with its request id gives the first answer when it had landed; every
acknowledged write is in the log once and the replay equals the served state."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import grpc
import psycopg
import pytest
from grpc_health.v1 import health_pb2
from psycopg import sql
from store_faults import (
    Writer,
    check_log,
    health_of,
    no_retry_table,
    play_on,
    retry_in_flight,
    wait_until,
)
from table_client import stub_for

from floorman.transport.servicers.rules import SERVICE_NAME as RULES_SERVICE
from floorman.transport.servicers.tables import SERVICE_NAME as TABLE_SERVICE
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc
from tests.support.postgres import new_schema_name, require_postgres, with_schema

pytestmark = pytest.mark.postgres

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
WRITERS = 4
ACKS_BEFORE_CUT = 12


@dataclass
class Outage:
    """A database role and schema for one server, and the switch that takes them down."""

    admin_url: str
    role: str
    store_url: str

    def _admin(self, statement: sql.Composable, *params: object) -> list[tuple]:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            cursor = conn.execute(statement, params)
            return cursor.fetchall() if cursor.description else []

    def cut(self) -> int:
        """Refuse the role new connections and kill every backend of it; how many."""
        self._admin(sql.SQL("ALTER ROLE {} NOLOGIN").format(sql.Identifier(self.role)))
        return len(
            self._admin(
                sql.SQL(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s"
                ),
                self.role,
            )
        )

    def restore(self) -> None:
        """Let the role log in again."""
        self._admin(sql.SQL("ALTER ROLE {} LOGIN").format(sql.Identifier(self.role)))


@pytest.fixture
def outage() -> Iterator[Outage]:
    """A fresh role (LOGIN, CREATE on the database) owning a fresh schema; both dropped."""
    admin_url = require_postgres()
    role = f"fm_fault_{uuid.uuid4().hex[:12]}"
    schema = new_schema_name("outage")
    parts = urlsplit(admin_url)
    database = parts.path.lstrip("/")
    netloc = f"{role}@{parts.hostname}:{parts.port or 5432}"
    store_url = with_schema(urlunsplit(parts._replace(netloc=netloc)), schema)
    store_url += "&pool_timeout=2&application_name=floorman-outage-test"
    ident = sql.Identifier(role)
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN").format(ident))
        conn.execute(
            sql.SQL("GRANT CREATE ON DATABASE {} TO {}").format(sql.Identifier(database), ident)
        )
        conn.execute(
            sql.SQL("CREATE SCHEMA {} AUTHORIZATION {}").format(sql.Identifier(schema), ident)
        )
    try:
        yield Outage(admin_url, role, store_url)
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
                (role,),
            )
            conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))
            conn.execute(sql.SQL("DROP OWNED BY {}").format(ident))
            conn.execute(sql.SQL("DROP ROLE {}").format(ident))


def test_connection_loss_mid_burst_loses_nothing_and_recovers(server_factory, outage):
    """Kill the server's PostgreSQL backends in the middle of four writers' bursts; see the
    module docstring for what is checked."""
    server = server_factory("--store", outage.store_url, "--anonymous-role", "dealer")
    stub = stub_for(server.channel)
    writers = [Writer(no_retry_table(stub), seed=n) for n in range(WRITERS)]
    for writer in writers:
        writer.start()
    rules = rpb_grpc.RulesServiceStub(server.channel)
    request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s"])
    evaluated = rules.EvaluateHand(request, timeout=30)
    wait_until(
        lambda: all(len(w.acked) >= ACKS_BEFORE_CUT for w in writers), "the bursts to get going"
    )
    assert outage.cut() >= 1
    for writer in writers:
        writer.join()
    for writer in writers:
        error = writer.error
        assert error is not None and error.code() == grpc.StatusCode.UNAVAILABLE, error
        assert error.reason == "STORE_UNAVAILABLE"
        assert error.metadata["may_have_landed"] in ("true", "false")

    wait_until(lambda: health_of(server.channel, "") == NOT_SERVING, "NOT_SERVING")
    assert health_of(server.channel, TABLE_SERVICE) == NOT_SERVING
    assert health_of(server.channel, RULES_SERVICE) == SERVING
    assert rules.EvaluateHand(request, timeout=30) == evaluated  # stateless RPCs keep working
    with pytest.raises(grpc.RpcError) as down:
        writers[0].table.table()
    assert down.value.code() == grpc.StatusCode.UNAVAILABLE

    outage.restore()
    wait_until(lambda: health_of(server.channel, "") == SERVING, "SERVING again")
    assert health_of(server.channel, TABLE_SERVICE) == SERVING
    assert any(line.get("event") == "store_unavailable" for line in server.logs())
    for writer in writers:
        assert writer.error is not None
        landed = retry_in_flight(writer)
        if writer.error.metadata["may_have_landed"] == "false":
            assert not landed, "a write said not to have landed is in the log"
        check_log(writer, outage.store_url)
    play_on(writers[0], hands=1)  # play goes on
    check_log(writers[0], outage.store_url)
    assert server.stop() == 0
