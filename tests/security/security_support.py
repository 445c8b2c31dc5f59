"""Helpers for the security tests: auth files with real tokens, channels that send them,
rich error details, metric scrapes, and a server started with an auth file."""

from __future__ import annotations

import itertools
import json
import re
import signal
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from floorman.security.tokens import hash_token, new_token

REPO_ROOT = Path(__file__).resolve().parents[2]
MAKE_TEST_CA = REPO_ROOT / "deploy" / "tls" / "make-test-ca.sh"
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[cdhs](?![A-Za-z0-9])")

DEALER_A_TABLES = tuple(f"sec-a{n}" for n in range(40))
DEALER_B_TABLES = tuple(f"sec-b{n}" for n in range(40))
STANDARD_TOKENS: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "admin": ("admin", ()),
    "dealer-a": ("dealer", DEALER_A_TABLES),
    "dealer-b": ("dealer", DEALER_B_TABLES),
    "auditor": ("auditor", ()),
    "observer": ("observer", ()),
}
"""Token name -> (role, tables): the tokens of :func:`write_auth_file` by default."""


def auth_toml(
    tokens: Mapping[str, str],
    roles: Mapping[str, tuple[str, tuple[str, ...]]],
    access: Mapping[str, str] | None = None,
) -> str:
    """The auth file text for ``tokens`` (name -> token) with ``roles`` (name -> (role,
    tables)): only hashes are written."""
    lines = []
    if access:
        lines.append("[access]")
        lines += [f'{key} = "{value}"' for key, value in access.items()]
    for name, token in tokens.items():
        role, tables = roles[name]
        lines += ["", "[[tokens]]", f'name = "{name}"', f'sha256 = "{hash_token(token)}"']
        lines.append(f'role = "{role}"')
        if tables:
            lines.append(f"tables = {json.dumps(list(tables))}")
    return "\n".join(lines) + "\n"


def write_auth_file(
    path: Path,
    roles: Mapping[str, tuple[str, tuple[str, ...]]] = STANDARD_TOKENS,
    *,
    access: Mapping[str, str] | None = None,
    tokens: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """Write an auth file with a fresh token per name of ``roles`` (or the given
    ``tokens``); returns name -> token."""
    chosen = dict(tokens) if tokens is not None else {name: new_token() for name in roles}
    path.write_text(auth_toml(chosen, roles, access))
    return chosen


class _BearerInterceptor(
    grpc.UnaryUnaryClientInterceptor,
    grpc.UnaryStreamClientInterceptor,
    grpc.StreamUnaryClientInterceptor,
    grpc.StreamStreamClientInterceptor,
):
    """Adds ``authorization: Bearer <token>`` to every call."""

    def __init__(self, header: str) -> None:
        self._header = header

    def _details(self, details: Any) -> Any:
        metadata = [*(details.metadata or ()), ("authorization", self._header)]
        return details._replace(metadata=metadata)

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        return continuation(self._details(details), request)

    def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        return continuation(self._details(details), request)

    def intercept_stream_unary(self, continuation: Any, details: Any, requests: Any) -> Any:
        return continuation(self._details(details), requests)

    def intercept_stream_stream(self, continuation: Any, details: Any, requests: Any) -> Any:
        return continuation(self._details(details), requests)


def with_token(channel: grpc.Channel, token: str, *, scheme: str = "Bearer") -> grpc.Channel:
    """``channel`` sending ``authorization: <scheme> <token>`` on every call."""
    return grpc.intercept_channel(channel, _BearerInterceptor(f"{scheme} {token}"))


def error_info(error: grpc.RpcError) -> error_details_pb2.ErrorInfo | None:
    """The ``google.rpc.ErrorInfo`` of a failed call, if it carries one."""
    status = rpc_status.from_call(error)
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            return info
    return None


def bad_request(error: grpc.RpcError) -> error_details_pb2.BadRequest | None:
    """The ``google.rpc.BadRequest`` of a failed call, if it carries one."""
    status = rpc_status.from_call(error)
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            request = error_details_pb2.BadRequest()
            detail.Unpack(request)
            return request
    return None


def scrape(url: str) -> str:
    """The /metrics text at ``url``."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode()


def metric_value(text: str, name: str, **labels: str) -> float:
    """The value of the sample ``name{labels}`` in a /metrics text (0 when absent)."""
    wanted = ",".join(f'{key}="{value}"' for key, value in sorted(labels.items()))
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        sample, _, value = line.rpartition(" ")
        sample_name, _, label_text = sample.partition("{")
        found = ",".join(sorted(label_text.rstrip("}").split(","))) if label_text else ""
        if sample_name == name and found == wanted:
            return float(value)
    return 0.0


@dataclass
class TableIds:
    """Hands out table ids from a dealer's pool, one per test."""

    pool: tuple[str, ...]
    _next: Iterable[int] = field(default_factory=itertools.count)

    def take(self) -> str:
        """A table id not used before by this process's tests."""
        return self.pool[next(self._next)]  # type: ignore[call-overload]


def reload_auth(server: Any, write: Callable[[], None]) -> None:
    """Run ``write`` (which rewrites the auth file), send SIGHUP and wait until the server
    logs the reload."""
    before = sum(1 for line in server.logs() if line.get("event") == "auth_reloaded")
    write()
    server.process.send_signal(signal.SIGHUP)
    seen = 0

    def reloaded(line: dict[str, Any]) -> bool:
        nonlocal seen
        if line.get("event") == "auth_reloaded":
            seen += 1
        return seen > before

    server.wait_for_log(reloaded, timeout=10)
