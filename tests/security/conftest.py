"""Fixtures of the security tests: one server per session (per xdist worker) with an auth file
holding the standard tokens (:data:`security_support.STANDARD_TOKENS`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import grpc
import pytest

from tests.conftest import ServerProcess
from tests.security.security_support import (
    DEALER_A_TABLES,
    DEALER_B_TABLES,
    TableIds,
    with_token,
    write_auth_file,
)


@dataclass
class AuthServer:
    """A running server with an auth file: ``tokens`` name -> token, ``tables_a`` /
    ``tables_b`` the ids dealer-a / dealer-b are bound to."""

    server: ServerProcess
    tokens: dict[str, str]
    tables_a: TableIds
    tables_b: TableIds

    def channel(self, name: str | None) -> grpc.Channel:
        """The server's channel sending token ``name`` (``None``: no token)."""
        if name is None:
            return self.server.channel
        return with_token(self.server.channel, self.tokens[name])


@pytest.fixture(scope="session")
def auth_server(
    server_factory: Callable[..., ServerProcess], tmp_path_factory: pytest.TempPathFactory
) -> AuthServer:
    """A server with the standard tokens, RulesService needing a token, health open."""
    path = tmp_path_factory.mktemp("auth") / "auth.toml"
    tokens = write_auth_file(path)
    running = server_factory("--auth-file", str(path), "--log-level", "debug")
    return AuthServer(running, tokens, TableIds(DEALER_A_TABLES), TableIds(DEALER_B_TABLES))
