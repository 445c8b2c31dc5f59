"""``floorman eval`` against a server with an auth file and TLS (README "Configuration",
client side): ``--token`` (else ``$FLOORMAN_TOKEN``) is sent as the bearer token, ``--ca``
(else ``$FLOORMAN_CA``) verifies the server's certificate and implies TLS, ``--tls`` alone
trusts the default roots; without a token the answer is UNAUTHENTICATED (exit 1)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from floorman.cli import main
from floorman.security.tokens import hash_token, new_token

REPO_ROOT = Path(__file__).resolve().parents[2]
MAKE_TEST_CA = REPO_ROOT / "deploy" / "tls" / "make-test-ca.sh"
RAZZ = ["--game", "razz", "As", "2c", "3d", "4h", "7s", "Kc", "Kd"]
LOW_LINE = "low: 7-4-3-2-A (high card)"


@dataclass
class TlsServer:
    """The server's ``localhost`` target, its CA file and an observer's token."""

    target: str
    ca: Path
    token: str


@pytest.fixture(scope="module")
def tls_server(
    server_factory: Callable[..., object], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[TlsServer]:
    """A server with TLS (deploy/tls/make-test-ca.sh certificates) and an auth file holding
    one observer token; RulesService needs a token (the default ``[access]``)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: cannot make test certificates")
    folder = tmp_path_factory.mktemp("eval-tls")
    certs = folder / "tls"
    subprocess.run(["bash", str(MAKE_TEST_CA), str(certs)], check=True, capture_output=True)
    token = new_token()
    auth = folder / "auth.toml"
    auth.write_text(
        f'[[tokens]]\nname = "eval"\nsha256 = "{hash_token(token)}"\nrole = "observer"\n'
    )
    running = server_factory(
        "--auth-file", str(auth),
        "--tls-cert", str(certs / "server.crt"), "--tls-key", str(certs / "server.key"),
    )  # fmt: skip
    yield TlsServer(f"localhost:{running.port}", certs / "ca.crt", token)
    running.stop()  # type: ignore[attr-defined]


def test_eval_sends_the_token_over_tls_verified_by_the_ca(tls_server, capsys, monkeypatch):
    """``--token`` and ``--ca``: exit 0 and the Razz low line."""
    monkeypatch.delenv("FLOORMAN_TOKEN", raising=False)
    monkeypatch.delenv("FLOORMAN_CA", raising=False)
    argv = ["eval", "--target", tls_server.target, "--ca", str(tls_server.ca)]
    code = main([*argv, "--token", tls_server.token, *RAZZ])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert LOW_LINE in out.out


def test_eval_reads_the_token_and_ca_from_the_environment(tls_server, capsys, monkeypatch):
    """``$FLOORMAN_TOKEN`` and ``$FLOORMAN_CA`` stand in for the flags: exit 0."""
    monkeypatch.setenv("FLOORMAN_TOKEN", tls_server.token)
    monkeypatch.setenv("FLOORMAN_CA", str(tls_server.ca))
    code = main(["eval", "--target", tls_server.target, *RAZZ])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert LOW_LINE in out.out


def test_eval_without_a_token_is_unauthenticated(tls_server, capsys, monkeypatch):
    """No token: UNAUTHENTICATED (TOKEN_MISSING) printed, exit 1."""
    monkeypatch.delenv("FLOORMAN_TOKEN", raising=False)
    code = main(["eval", "--target", tls_server.target, "--ca", str(tls_server.ca), *RAZZ])
    err = capsys.readouterr().err
    assert code == 1
    assert "error: UNAUTHENTICATED" in err and "TOKEN_MISSING" in err


def test_eval_tls_flag_uses_the_default_roots(tls_server):
    """``--tls`` without ``--ca`` verifies with gRPC's default roots (here pointed at the test
    CA with GRPC_DEFAULT_SSL_ROOTS_FILE_PATH): exit 0; plaintext to the TLS port: exit 1."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    env["GRPC_DEFAULT_SSL_ROOTS_FILE_PATH"] = str(tls_server.ca)
    base = [sys.executable, "-m", "floorman", "eval", "--target", tls_server.target]
    secure = [*base, "--tls", "--token", tls_server.token, *RAZZ]
    done = subprocess.run(secure, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert LOW_LINE in done.stdout
    plain = [*base, "--token", tls_server.token, *RAZZ]
    done = subprocess.run(plain, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1
