"""The auth file while serving (issue 6 "Show": a revoked token stops working at reload): SIGHUP
and a change on disk re-read it, a broken file keeps the previous one in force, and a server
without one warns that every caller is anonymous."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import grpc
import pytest

from floorman.v1 import table_service_pb2 as tpb
from tests.security.security_support import (
    STANDARD_TOKENS,
    auth_toml,
    error_info,
    reload_auth,
    with_token,
    write_auth_file,
)
from tests.system.table_client import stub_for

ROLES = {"keeper": ("auditor", ()), "leaver": ("auditor", ())}


def _list(channel: grpc.Channel) -> grpc.StatusCode:
    """ListTables' status code for ``channel``."""
    try:
        stub_for(channel).ListTables(tpb.ListTablesRequest(), timeout=30)
    except grpc.RpcError as error:
        assert error.code() != grpc.StatusCode.UNAUTHENTICATED or (
            error_info(error).reason == "TOKEN_UNKNOWN"
        )
        return error.code()
    return grpc.StatusCode.OK


@pytest.fixture
def reload_server(server_factory, tmp_path):
    """A dedicated server whose auth file holds ``keeper`` and ``leaver``."""
    path = tmp_path / "auth.toml"
    tokens = write_auth_file(path, ROLES)
    return server_factory("--auth-file", str(path)), path, tokens


def test_revoked_token_stops_working_at_sighup(reload_server):
    """Removing a token from the file and sending SIGHUP refuses it (UNAUTHENTICATED
    TOKEN_UNKNOWN) while the other token keeps working."""
    server, path, tokens = reload_server
    keeper = with_token(server.channel, tokens["keeper"])
    leaver = with_token(server.channel, tokens["leaver"])
    assert _list(leaver) == grpc.StatusCode.OK
    reload_auth(server, lambda: path.write_text(auth_toml({"keeper": tokens["keeper"]}, ROLES)))
    assert _list(leaver) == grpc.StatusCode.UNAUTHENTICATED
    assert _list(keeper) == grpc.StatusCode.OK
    line = [x for x in server.logs() if x.get("event") == "auth_reloaded"][-1]
    assert (line["trigger"], line["tokens"]) == ("sighup", 1)


def test_a_changed_file_is_reloaded_without_a_signal(reload_server):
    """Rewriting the file (as a Kubernetes Secret update does) is picked up by the periodic
    check: the revoked token is refused once the server logs the reload."""
    server, path, tokens = reload_server
    leaver = with_token(server.channel, tokens["leaver"])
    assert _list(leaver) == grpc.StatusCode.OK
    replacement = path.with_suffix(".new")
    replacement.write_text(auth_toml({"keeper": tokens["keeper"]}, ROLES))
    os.replace(replacement, path)  # atomic swap, a new inode
    server.wait_for_log(
        lambda x: x.get("event") == "auth_reloaded" and x.get("trigger") == "file_changed",
        timeout=15,
    )
    assert _list(leaver) == grpc.StatusCode.UNAUTHENTICATED


def test_a_broken_file_keeps_the_previous_one_in_force(reload_server):
    """A malformed file at reload is refused (``auth_reload_failed`` logged, no hash in it):
    every token of the previous file keeps working."""
    server, path, tokens = reload_server
    before = sum(1 for x in server.logs() if x.get("event") == "auth_reload_failed")
    path.write_text('[[tokens]]\nname = "keeper"\ntoken = "plain"\nrole = "admin"\n')
    server.process.send_signal(signal.SIGHUP)
    server.wait_for_log(
        lambda x: x.get("event") == "auth_reload_failed"
        and sum(1 for y in server.logs() if y.get("event") == "auth_reload_failed") > before
    )  # fmt: skip
    failed = [x for x in server.logs() if x.get("event") == "auth_reload_failed"][-1]
    assert "only token hashes" in failed["error"] and "plain" not in failed["error"]
    assert _list(with_token(server.channel, tokens["leaver"])) == grpc.StatusCode.OK


def test_server_without_auth_file_warns_that_callers_are_anonymous(server):
    """With no auth file the server keeps the anonymous role and logs ``auth_disabled`` as
    a warning before ``server_started``."""
    events = [line.get("event") for line in server.logs()]
    warning = next(line for line in server.logs() if line.get("event") == "auth_disabled")
    assert warning["level"] == "warning" and warning["anonymous_role"] == "observer"
    assert events.index("auth_disabled") < events.index("server_started")


def test_server_refuses_to_start_with_a_malformed_auth_file(tmp_path):
    """A malformed auth file stops ``floorman serve`` at start (exit 1, the problem named);
    a missing one is a bad setting (exit 2)."""
    bad = tmp_path / "bad.toml"
    bad.write_text(auth_toml({"x": "fm_x"}, {"x": ("dealer", ())}))
    base = [sys.executable, "-m", "floorman", "serve", "--listen", "127.0.0.1:0",
            "--metrics-listen", "off", "--store", "sqlite:///:memory:"]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    broken = subprocess.run(
        [*base, "--auth-file", str(bad)], capture_output=True, text=True, env=env, timeout=60
    )
    assert broken.returncode == 1 and "a dealer needs tables" in broken.stderr
    missing = subprocess.run(
        [*base, "--auth-file", str(tmp_path / "nope.toml")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert missing.returncode == 2 and "--auth-file" in missing.stderr


def test_standard_tokens_cover_every_role():
    """The shared test auth file has one token per role (the tests above rely on it)."""
    assert {role for role, _ in STANDARD_TOKENS.values()} == {
        "admin",
        "dealer",
        "auditor",
        "observer",
    }
