"""The real PostgreSQL server for tests: availability, skip-or-fail, one schema per test.

The server runs on loopback (``postgresql://root@127.0.0.1:5432/test``, trust auth; override
with ``FLOORMAN_TEST_POSTGRES_URL``). Without it a test is skipped with a reason locally but
FAILS under ``CI=true``: CI must never pass by skipping PostgreSQL. Each user isolates itself
in a fresh schema (``?schema=<name>`` in the store URL) dropped afterwards, so parallel
``pytest -n`` workers never collide.

Typical use in a fixture::

    @pytest.fixture
    def postgres_url():
        with fresh_schema_url("srv") as url:   # skips/fails when the server is absent
            yield url                           # give it to open_store(url) / the server
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import psycopg
import pytest
from psycopg import sql

DEFAULT_URL = "postgresql://root@127.0.0.1:5432/test"


def server_url() -> str:
    """The test server's URL (no schema): ``FLOORMAN_TEST_POSTGRES_URL`` or the default."""
    return os.environ.get("FLOORMAN_TEST_POSTGRES_URL", DEFAULT_URL)


@cache
def _probe(url: str) -> str:
    """``""`` when the server answers, else the reason it does not (checked once per URL)."""
    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        return f"{type(exc).__name__}: {exc}".strip()
    return ""


def require_postgres() -> str:
    """The server URL; skips the test when the server is absent, fails instead under CI."""
    url = server_url()
    reason = _probe(url)
    if reason:
        message = f"PostgreSQL not reachable at {url} ({reason})"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{message}: under CI the PostgreSQL tests must run", pytrace=False)
        pytest.skip(message)
    return url


def with_schema(url: str, schema: str) -> str:
    """``url`` with its ``schema`` query parameter set to ``schema``."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "schema"]
    query.append(("schema", schema))
    return urlunsplit(parts._replace(query=urlencode(query)))


def new_schema_name(prefix: str = "t") -> str:
    """A unique, valid schema name such as ``t_3f2a9c0d1b7e4e55``."""
    return f"{prefix}_{uuid.uuid4().hex[:16]}"


def drop_schema(schema: str, url: str | None = None) -> None:
    """Drop ``schema`` and everything in it (no error when it does not exist)."""
    with psycopg.connect(url or server_url(), autocommit=True) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@contextmanager
def fresh_schema_url(prefix: str = "t") -> Iterator[str]:
    """A store URL on a new schema (created by the store on open), dropped at exit.

    Skips or fails like :func:`require_postgres` when the server is absent.
    """
    url = require_postgres()
    schema = new_schema_name(prefix)
    try:
        yield with_schema(url, schema)
    finally:
        drop_schema(schema, url)
