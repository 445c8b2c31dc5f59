"""``--http-listen`` with the gRPC port's TLS files (issue 14 point 4, docs/operations.md "TLS
and mutual TLS"): with ``--tls-cert`` / ``--tls-key`` the Connect port is HTTPS only with the
same certificate (the dealer terminal and the RPCs), and with ``--tls-client-auth require`` it
wants a client certificate of ``--tls-client-ca`` as the gRPC port does. Certificates from
``deploy/tls/make-test-ca.sh``."""

from __future__ import annotations

import http.client
import json
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from tests.security.security_support import MAKE_TEST_CA

EVALUATE = "/floorman.v1.RulesService/EvaluateHand"
RAZZ = {"game": "GAME_RAZZ", "cards": ["As", "2c", "3d", "4h", "5s"]}


@pytest.fixture(scope="module")
def certs(tmp_path_factory) -> Path:
    """A test CA, server and client certificates (and a rogue client) from the script."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: the test CA script needs it")
    out = tmp_path_factory.mktemp("http-tls")
    subprocess.run(["bash", str(MAKE_TEST_CA), str(out)], check=True, capture_output=True)
    return out


def _server(server_factory, certs: Path, mode: str = "none") -> int:
    """A server with TLS (``mode``: the client-auth mode) and ``--http-listen``; its HTTP port."""
    args = ["--tls-cert", str(certs / "server.crt"), "--tls-key", str(certs / "server.key")]
    if mode != "none":
        args += ["--tls-client-ca", str(certs / "ca.crt"), "--tls-client-auth", mode]
    server = server_factory(*args, "--http-listen", "127.0.0.1:0")
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    return int(started["http_port"])


def _context(certs: Path, client: str | None = None) -> ssl.SSLContext:
    context = ssl.create_default_context(cafile=str(certs / "ca.crt"))
    if client is not None:
        context.load_cert_chain(str(certs / f"{client}.crt"), str(certs / f"{client}.key"))
    return context


def _call(port: int, context: ssl.SSLContext | None, path: str = EVALUATE) -> tuple[int, bytes]:
    """POST the Razz hand as Connect JSON (or GET ``path`` when it is not an RPC)."""
    connection = (
        http.client.HTTPSConnection("localhost", port, context=context, timeout=30)
        if context is not None
        else http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    )
    try:
        if path == EVALUATE:
            body = json.dumps(RAZZ).encode()
            connection.request("POST", path, body, {"Content-Type": "application/json"})
        else:
            connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def test_http_listener_is_https_with_the_grpc_certificate(certs, server_factory):
    """A client trusting the CA gets the Connect answer and the terminal page over HTTPS; the
    certificate is the gRPC port's; a plaintext request on the port gets no HTTP answer."""
    port = _server(server_factory, certs)
    status, body = _call(port, _context(certs))
    assert status == 200
    assert json.loads(body)["low"]["description"] == "5-4-3-2-A"
    status, page = _call(port, _context(certs), "/")
    assert status == 200 and b"floorman dealer terminal" in page
    served = ssl.get_server_certificate(("127.0.0.1", port), ca_certs=str(certs / "ca.crt"))
    assert ssl.PEM_cert_to_DER_cert(served) == ssl.PEM_cert_to_DER_cert(
        (certs / "server.crt").read_text()
    )
    with pytest.raises((http.client.HTTPException, ConnectionError)):
        _call(port, None)


def test_http_listener_with_mutual_tls_wants_a_client_ca_certificate(certs, server_factory):
    """``--tls-client-auth require``: a client certificate of the client CA is served; none or
    one of another CA fails the handshake."""
    port = _server(server_factory, certs, "require")
    status, body = _call(port, _context(certs, "client"))
    assert status == 200 and json.loads(body)["low"]["description"] == "5-4-3-2-A"
    for client in (None, "rogue-client"):
        with pytest.raises((ssl.SSLError, ConnectionError)):
            _call(port, _context(certs, client))
