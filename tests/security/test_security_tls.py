"""TLS and mutual TLS with certificates made by ``deploy/tls/make-test-ca.sh`` (issue 6 "Show":
a plaintext client is refused when TLS is on; with mTLS, probes reach health on a separate
plaintext port)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from floorman.config import ConfigError, resolve_settings
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc
from floorman.v1 import table_service_pb2 as tpb
from tests.security.security_support import MAKE_TEST_CA, error_info, write_auth_file
from tests.system.table_client import stub_for

RAZZ = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "5s"])


@pytest.fixture(scope="module")
def certs(tmp_path_factory) -> Path:
    """A test CA, server and client certificates (and a rogue client) from the script."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: the test CA script needs it")
    out = tmp_path_factory.mktemp("tls")
    subprocess.run(["bash", str(MAKE_TEST_CA), str(out)], check=True, capture_output=True)
    return out


def _credentials(certs: Path, client: str | None = None) -> grpc.ChannelCredentials:
    """Channel credentials trusting the test CA, presenting ``client``'s certificate."""
    if client is None:
        return grpc.ssl_channel_credentials((certs / "ca.crt").read_bytes())
    return grpc.ssl_channel_credentials(
        (certs / "ca.crt").read_bytes(),
        (certs / f"{client}.key").read_bytes(),
        (certs / f"{client}.crt").read_bytes(),
    )


def _evaluate(channel: grpc.Channel) -> grpc.StatusCode:
    """EvaluateHand's status code on ``channel`` (a failed handshake is UNAVAILABLE)."""
    try:
        rpb_grpc.RulesServiceStub(channel).EvaluateHand(RAZZ, timeout=10)
    except grpc.RpcError as error:
        return error.code()
    return grpc.StatusCode.OK


def _tls_args(certs: Path, mode: str = "none") -> list[str]:
    args = ["--tls-cert", str(certs / "server.crt"), "--tls-key", str(certs / "server.key")]
    if mode != "none":
        args += ["--tls-client-ca", str(certs / "ca.crt"), "--tls-client-auth", mode]
    return args


def test_script_makes_a_ca_server_and_client_certificates(certs):
    """The script's server certificate names localhost and 127.0.0.1 and both leaf
    certificates verify against the test CA (and the rogue one does not)."""
    text = subprocess.run(
        ["openssl", "x509", "-in", str(certs / "server.crt"), "-noout", "-ext", "subjectAltName"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "DNS:localhost" in text and "IP Address:127.0.0.1" in text
    for name, ok in (("server", True), ("client", True), ("rogue-client", False)):
        verify = subprocess.run(
            ["openssl", "verify", "-CAfile", str(certs / "ca.crt"), str(certs / f"{name}.crt")],
            capture_output=True,
        )
        assert (verify.returncode == 0) is ok, name
    assert (certs / "client.key").stat().st_mode & 0o077 == 0


def test_tls_answers_tls_clients_and_refuses_plaintext(certs, server_factory):
    """With TLS on, a client trusting the CA is served; a plaintext client cannot connect
    (UNAVAILABLE) and nothing listens in plaintext on the port."""
    server = server_factory(*_tls_args(certs))
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    assert started["tls"] == "none"
    address = f"127.0.0.1:{server.port}"
    assert _evaluate(grpc.secure_channel(address, _credentials(certs))) == grpc.StatusCode.OK
    assert _evaluate(grpc.insecure_channel(address)) == grpc.StatusCode.UNAVAILABLE


@pytest.fixture(scope="module")
def mtls_server(certs, server_factory, tmp_path_factory):
    """A server with mutual TLS required, a plaintext health port, an auth file holding one
    auditor token ``aud`` (RulesService open); returns ``(server, tokens)``."""
    auth = tmp_path_factory.mktemp("mtls") / "auth.toml"
    tokens = write_auth_file(auth, {"aud": ("auditor", ())}, access={"rules": "open"})
    server = server_factory(
        *_tls_args(certs, "require"), "--health-listen", "127.0.0.1:0", "--auth-file", str(auth)
    )
    return server, tokens


def test_mutual_tls_requires_a_certificate_from_the_client_ca(certs, mtls_server):
    """With ``--tls-client-auth require`` a client certificate signed by the client CA is
    served; no certificate, a certificate of another CA, and plaintext are refused."""
    server, _ = mtls_server
    address = f"127.0.0.1:{server.port}"
    ok = grpc.secure_channel(address, _credentials(certs, "client"))
    assert _evaluate(ok) == grpc.StatusCode.OK
    for channel in (
        grpc.secure_channel(address, _credentials(certs)),
        grpc.secure_channel(address, _credentials(certs, "rogue-client")),
        grpc.insecure_channel(address),
    ):
        assert _evaluate(channel) == grpc.StatusCode.UNAVAILABLE


def test_plaintext_health_port_serves_only_health(mtls_server):
    """Beside an mTLS port, ``--health-listen`` answers grpc.health.v1 in plaintext without a
    certificate (what a kubelet probe does) and serves no other service."""
    server, _ = mtls_server
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    assert started["tls"] == "require" and started["health_port"] > 0
    plain = grpc.insecure_channel(f"127.0.0.1:{started['health_port']}")
    health = health_pb2_grpc.HealthStub(plain)
    for service in ("", "floorman.v1.RulesService", "floorman.v1.TableService"):
        answer = health.Check(health_pb2.HealthCheckRequest(service=service), timeout=10)
        assert answer.status == health_pb2.HealthCheckResponse.SERVING
    assert _evaluate(plain) == grpc.StatusCode.UNIMPLEMENTED


def test_tokens_travel_over_mutual_tls(certs, mtls_server):
    """Bearer tokens and client certificates combine: over mTLS an auditor token lists
    tables, while the same channel without a token is UNAUTHENTICATED."""
    server, tokens = mtls_server
    address = f"127.0.0.1:{server.port}"
    with_token = grpc.composite_channel_credentials(
        _credentials(certs, "client"), grpc.access_token_call_credentials(tokens["aud"])
    )
    stub_for(grpc.secure_channel(address, with_token)).ListTables(
        tpb.ListTablesRequest(), timeout=10
    )
    bare = grpc.secure_channel(address, _credentials(certs, "client"))
    with pytest.raises(grpc.RpcError) as caught:
        stub_for(bare).ListTables(tpb.ListTablesRequest(), timeout=10)
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert error_info(caught.value).reason == "TOKEN_MISSING"


def test_tls_settings_are_validated(certs):
    """A certificate without a key, mutual TLS without a client CA, client settings without
    TLS and an unknown mode are configuration errors naming the flag."""
    cert, key, ca = (str(certs / n) for n in ("server.crt", "server.key", "ca.crt"))
    cases = [
        ({"tls_cert": cert}, "--tls-key"),
        ({"tls_cert": cert, "tls_key": key, "tls_client_auth": "require"}, "--tls-client-ca"),
        ({"tls_client_ca": ca}, "need TLS"),
        ({"tls_cert": cert, "tls_key": key, "tls_client_auth": "maybe"}, "--tls-client-auth"),
        ({"tls_cert": cert + ".missing", "tls_key": key}, "--tls-cert"),
    ]
    for flags, named in cases:
        with pytest.raises(ConfigError, match=named):
            resolve_settings(env={}, **flags)
    env = {
        "FLOORMAN_TLS_CERT": cert,
        "FLOORMAN_TLS_KEY": key,
        "FLOORMAN_TLS_CLIENT_CA": ca,
        "FLOORMAN_TLS_CLIENT_AUTH": "REQUIRE",
        "FLOORMAN_HEALTH_LISTEN": "0.0.0.0:50052",
    }
    settings = resolve_settings(env=env)
    assert settings.tls is not None and settings.tls.client_auth == "require"
    assert str(settings.health_listen) == "0.0.0.0:50052"
