"""TLS and mutual TLS under write load with certificate rotation (issue 16 point 5;
docs/operations.md "TLS and mutual TLS"): the real server serves a certificate from files;
while clients write back to back (no client retries) the certificate and key files are
replaced with another certificate. New connections get the new certificate (its SHA-256
fingerprint, read from a raw TLS handshake) without a restart, the running writers lose
nothing (no call fails), a writer on a connection opened after the rotation writes too, and
every acknowledged write is in the log exactly once with the replay equal to the served state.

The two certificate sets come from ``deploy/tls/make-test-ca.sh`` run twice (two CAs); the
clients trust both CAs, and with mTLS the server requires client certificates of the first.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import ssl
import subprocess
from pathlib import Path

import grpc
import pytest
from store_faults import Writer, check_log, no_retry_table, wait_until
from table_client import stub_for

from tests.conftest import start_server_process
from tests.security.security_support import MAKE_TEST_CA

WRITERS = 3
ACKS = 8  # acknowledged writes per writer before and after the rotation


def _make_ca(out: Path) -> Path:
    subprocess.run(["bash", str(MAKE_TEST_CA), str(out)], check=True, capture_output=True)
    return out


def _fingerprint_of_file(path: Path) -> str:
    return hashlib.sha256(ssl.PEM_cert_to_DER_cert(path.read_text())).hexdigest()


def _served_fingerprint(port: int, bundle: Path, client: Path | None) -> str:
    """SHA-256 of the certificate a NEW TLS connection to ``port`` is shown."""
    context = ssl.create_default_context(cafile=str(bundle))
    context.set_alpn_protocols(["h2"])
    if client is not None:
        context.load_cert_chain(str(client / "client.crt"), str(client / "client.key"))
    with (
        socket.create_connection(("127.0.0.1", port), timeout=30) as raw,
        context.wrap_socket(raw, server_hostname="localhost") as tls,
    ):
        der = tls.getpeercert(binary_form=True)
    assert der is not None
    return hashlib.sha256(der).hexdigest()


def _replace(source: Path, target: Path) -> None:
    """Write ``source`` beside ``target`` and rename it over (an atomic replace)."""
    scratch = target.with_name(target.name + ".new")
    shutil.copyfile(source, scratch)
    os.replace(scratch, target)


def _channel(port: int, bundle: Path, client: Path | None) -> grpc.Channel:
    key = cert = None
    if client is not None:
        key = (client / "client.key").read_bytes()
        cert = (client / "client.crt").read_bytes()
    credentials = grpc.ssl_channel_credentials(bundle.read_bytes(), key, cert)
    return grpc.secure_channel(f"127.0.0.1:{port}", credentials)


@pytest.mark.parametrize("mode", ["tls", "mtls"])
def test_certificate_rotation_under_write_load_loses_nothing(mode, tmp_path):
    """DESIGN.md "Contract details" (durability, idempotency): rotate the served certificate
    mid-load; new connections see it, no acknowledged write is lost or doubled."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: the test CA script needs it")
    first, second = _make_ca(tmp_path / "first"), _make_ca(tmp_path / "second")
    served = tmp_path / "served"
    served.mkdir()
    for name in ("server.crt", "server.key"):
        shutil.copyfile(first / name, served / name)
    bundle = tmp_path / "trust.crt"
    bundle.write_bytes((first / "ca.crt").read_bytes() + (second / "ca.crt").read_bytes())
    client = first if mode == "mtls" else None
    store_url = f"sqlite:///{tmp_path / 'rotation.db'}"
    args = ["--store", store_url, "--anonymous-role", "dealer"]
    args += ["--tls-cert", str(served / "server.crt"), "--tls-key", str(served / "server.key")]
    if mode == "mtls":
        args += ["--tls-client-ca", str(first / "ca.crt"), "--tls-client-auth", "require"]
    server = start_server_process(tmp_path / "server", *args)
    channels: list[grpc.Channel] = []
    try:
        port = server.port
        old, new = (
            _fingerprint_of_file(first / "server.crt"),
            _fingerprint_of_file(second / "server.crt"),
        )
        assert old != new
        assert _served_fingerprint(port, bundle, client) == old
        channel = _channel(port, bundle, client)
        channels.append(channel)
        stub = stub_for(channel)
        writers = [Writer(no_retry_table(stub), seed=n).start() for n in range(WRITERS)]
        wait_until(lambda: all(len(w.acked) >= ACKS for w in writers), "writes before rotation")
        _replace(second / "server.key", served / "server.key")
        _replace(second / "server.crt", served / "server.crt")
        wait_until(lambda: _served_fingerprint(port, bundle, client) == new, "the new certificate")
        marks = [len(w.acked) for w in writers]
        fresh_channel = _channel(port, bundle, client)  # a connection made after the rotation
        channels.append(fresh_channel)
        late = Writer(no_retry_table(stub_for(fresh_channel)), seed=77).start()
        writers.append(late)
        marks.append(0)
        wait_until(
            lambda: all(len(w.acked) >= m + ACKS for w, m in zip(writers, marks, strict=True)),
            "writes after rotation",
        )
        for writer in writers:
            writer.stop.set()
        for writer in writers:
            writer.join()
            assert writer.error is None, writer.error  # no call failed across the rotation
            check_log(writer, store_url)
        assert server.process.poll() is None  # the same process: no restart
        reloads = [line for line in server.logs() if line.get("event") == "tls_reloaded"]
        assert len(reloads) >= 1
    finally:
        for channel in channels:
            channel.close()
        assert server.stop() == 0
