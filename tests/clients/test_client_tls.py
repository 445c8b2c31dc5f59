"""The Python client's channel security: TLS verified against a given root certificate,
mutual TLS with a client certificate, and the bearer token in the ``authorization`` metadata,
checked against a small gRPC server in this process that records what it receives (test
certificates made with openssl in a temporary folder)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman_client import NO_RETRIES, FloormanClient, UnavailableError, create_channel


@dataclass
class Certificates:
    """PEM files: a test CA, a server certificate for localhost / 127.0.0.1, a client one."""

    folder: Path

    def path(self, name: str) -> Path:
        return self.folder / name

    def read(self, name: str) -> bytes:
        return self.path(name).read_bytes()


def _openssl(folder: Path, *args: str) -> None:
    subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True, timeout=60)


def _issue(folder: Path, name: str, subject: str, extension: str) -> None:
    _openssl(folder, "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
             "-nodes", "-keyout", f"{name}.key", "-out", f"{name}.csr",
             "-subj", subject)  # fmt: skip
    (folder / f"{name}.ext").write_text(extension + "\n")
    _openssl(folder, "x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
             "-CAcreateserial", "-out", f"{name}.pem", "-days", "2",
             "-extfile", f"{name}.ext")  # fmt: skip


@pytest.fixture(scope="module")
def certificates(tmp_path_factory: pytest.TempPathFactory) -> Certificates:
    """A CA, a server certificate (SAN localhost, 127.0.0.1) and a client certificate."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: cannot make test certificates")
    folder = tmp_path_factory.mktemp("tls")
    _openssl(folder, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
             "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
             "-subj", "/CN=floorman test CA")  # fmt: skip
    _issue(folder, "server", "/CN=localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1")
    _issue(folder, "client", "/CN=terminal-7", "extendedKeyUsage=clientAuth")
    return Certificates(folder)


@dataclass
class Recorder:
    """What the fake RulesService saw: each call's metadata and client certificate names."""

    metadata: list[dict[str, str]] = field(default_factory=list)
    client_names: list[list[bytes]] = field(default_factory=list)

    def evaluate(self, request: rpb.EvaluateHandRequest, context: Any) -> Any:
        self.metadata.append(dict(context.invocation_metadata()))
        self.client_names.append(context.auth_context().get("x509_common_name", []))
        return rpb.EvaluateHandResponse(high=pb.HandValue(description="seen"))


def _serve(certs: Certificates, *, require_client_cert: bool) -> tuple[grpc.Server, int, Recorder]:
    recorder = Recorder()
    handler = grpc.method_handlers_generic_handler(
        "floorman.v1.RulesService",
        {
            "EvaluateHand": grpc.unary_unary_rpc_method_handler(
                recorder.evaluate,
                request_deserializer=rpb.EvaluateHandRequest.FromString,
                response_serializer=rpb.EvaluateHandResponse.SerializeToString,
            )
        },
    )
    server = grpc.server(ThreadPoolExecutor(max_workers=4), handlers=[handler])
    credentials = grpc.ssl_server_credentials(
        [(certs.read("server.key"), certs.read("server.pem"))],
        root_certificates=certs.read("ca.pem") if require_client_cert else None,
        require_client_auth=require_client_cert,
    )
    port = server.add_secure_port("127.0.0.1:0", credentials)
    server.start()
    return server, port, recorder


@pytest.fixture(scope="module")
def tls_server(certificates) -> Iterator[tuple[int, Recorder]]:
    """A TLS server (no client certificate asked)."""
    server, port, recorder = _serve(certificates, require_client_cert=False)
    yield port, recorder
    server.stop(None)


@pytest.fixture(scope="module")
def mtls_server(certificates) -> Iterator[tuple[int, Recorder]]:
    """A mutual-TLS server: client certificates signed by the test CA are required."""
    server, port, recorder = _serve(certificates, require_client_cert=True)
    yield port, recorder
    server.stop(None)


def _evaluate(client: FloormanClient) -> str:
    return client.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s").high.description


def _refused(target: str, **security: Any) -> UnavailableError:
    """The error of one call that cannot get through (the handshake fails)."""
    client = FloormanClient.connect(target, retry=NO_RETRIES, timeout=5, **security)
    with client, pytest.raises(UnavailableError) as caught:
        _evaluate(client)
    return caught.value


def test_tls_with_root_certificate_file_and_bearer_token(certificates, tls_server):
    """TLS verified against the CA file; the token arrives as ``authorization: Bearer``."""
    port, recorder = tls_server
    with FloormanClient.connect(
        f"localhost:{port}", root_certificates=certificates.path("ca.pem"), token="tok-123",
        retry=NO_RETRIES, timeout=10,
    ) as client:  # fmt: skip
        assert _evaluate(client) == "seen"
    assert recorder.metadata[-1]["authorization"] == "Bearer tok-123"


def test_tls_to_an_ip_address_with_pem_bytes(certificates, tls_server):
    """The server certificate's IP SAN verifies 127.0.0.1; PEM given as bytes; no token
    means no authorization metadata."""
    port, recorder = tls_server
    with FloormanClient.connect(
        f"127.0.0.1:{port}", root_certificates=certificates.read("ca.pem"), retry=NO_RETRIES
    ) as client:
        assert _evaluate(client) == "seen"
    assert "authorization" not in recorder.metadata[-1]


def test_plaintext_client_is_refused_by_a_tls_server(tls_server):
    """A plaintext channel to a TLS port fails (UNAVAILABLE), never talks in the clear."""
    port, _ = tls_server
    _refused(f"127.0.0.1:{port}")


def test_untrusted_server_certificate_is_refused(tls_server):
    """TLS with the system roots (which never signed the test CA) fails the handshake."""
    port, _ = tls_server
    _refused(f"localhost:{port}", tls=True)


def test_mutual_tls_presents_the_client_certificate(certificates, mtls_server):
    """Mutual TLS: the server sees the client certificate's common name."""
    port, recorder = mtls_server
    with FloormanClient.connect(
        f"localhost:{port}",
        root_certificates=certificates.path("ca.pem"),
        certificate_chain=certificates.path("client.pem"),
        private_key=certificates.path("client.key"),
        retry=NO_RETRIES,
    ) as client:
        assert _evaluate(client) == "seen"
    assert recorder.client_names[-1] == [b"terminal-7"]


def test_mutual_tls_without_a_client_certificate_is_refused(certificates, mtls_server):
    """A server that requires a client certificate refuses a client without one."""
    port, _ = mtls_server
    _refused(f"localhost:{port}", root_certificates=certificates.path("ca.pem"))


def test_half_a_client_certificate_is_a_usage_error(certificates):
    """A certificate chain without its key (or the reverse) is refused up front."""
    with pytest.raises(ValueError, match="both"):
        create_channel("localhost:1", certificate_chain=certificates.path("client.pem"))
