"""Service settings from command-line flags, ``FLOORMAN_*`` environment variables and defaults.

Precedence, highest first: a flag given on the command line, the environment variable, the
default. Every value is validated here, so the composition root only sees good settings;
a bad value raises :class:`ConfigError` naming the flag or variable it came from.

* ``--listen`` / ``FLOORMAN_LISTEN``: gRPC address, default ``127.0.0.1:50051``.
* ``--metrics-listen`` / ``FLOORMAN_METRICS_LISTEN``: Prometheus address, ``127.0.0.1:9464``.
* ``--store`` / ``FLOORMAN_STORE``: store URL, ``sqlite:///floorman.db``.
* ``--grace`` / ``FLOORMAN_GRACE``: seconds in-flight RPCs get after SIGTERM, ``5``.
* ``--log-level`` / ``FLOORMAN_LOG_LEVEL``: ``info``.
* ``--max-connection-age-ms`` / ``FLOORMAN_MAX_CONNECTION_AGE_MS``: ``0`` (no limit).
* ``--anonymous-role`` / ``FLOORMAN_ANONYMOUS_ROLE``: the card visibility of every caller when
  no auth file is configured: ``observer`` (default), ``auditor`` or ``dealer``.
* ``--auth-file`` / ``FLOORMAN_AUTH_FILE``: the auth file (:mod:`floorman.security.auth_file`);
  unset: no authentication (every caller is anonymous, with a warning at start).
* ``--tls-cert`` / ``--tls-key`` (``FLOORMAN_TLS_CERT`` / ``FLOORMAN_TLS_KEY``): PEM files; both
  or neither. ``--tls-client-ca`` / ``FLOORMAN_TLS_CLIENT_CA``: PEM CA bundle for client
  certificates; ``--tls-client-auth`` / ``FLOORMAN_TLS_CLIENT_AUTH``: ``none`` (default),
  ``optional`` or ``require`` (mutual TLS; needs the client CA).
* ``--health-listen`` / ``FLOORMAN_HEALTH_LISTEN``: a plaintext address serving only
  ``grpc.health.v1`` (for probes that present no certificate); unset or ``off``: none.
* ``--limit NAME=VALUE`` (repeatable) / ``FLOORMAN_LIMITS`` (``NAME=VALUE,...``): request and
  concurrency limits (:mod:`floorman.security.limits`).

* ``--server-model`` / ``FLOORMAN_SERVER_MODEL``: ``aio`` (the default: a ``grpc.aio`` server)
  or ``sync`` (experimental: a ``grpc.server`` thread pool of ``--server-threads`` /
  ``FLOORMAN_SERVER_THREADS`` threads, default 4; :mod:`floorman.transport.sync_server`).

``--metrics-listen off`` (or the variable set to ``off``) disables the metrics endpoint.
This module imports no gRPC: it is plain data shared by the CLI and the server factory.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit

from floorman.security.limits import Limits, LimitsError, apply_limits

DEFAULT_LISTEN: Final = "127.0.0.1:50051"
DEFAULT_METRICS_LISTEN: Final = "127.0.0.1:9464"
DEFAULT_STORE: Final = "sqlite:///floorman.db"
DEFAULT_GRACE_SECONDS: Final = 5.0
DEFAULT_LOG_LEVEL: Final = "info"
LOG_LEVELS: Final = ("debug", "info", "warning", "error", "critical")
DEFAULT_ANONYMOUS_ROLE: Final = "observer"
ROLES: Final = ("observer", "auditor", "dealer")
METRICS_OFF: Final = "off"
MAX_MESSAGE_BYTES: Final = 4 * 1024 * 1024

ENV_LISTEN: Final = "FLOORMAN_LISTEN"
ENV_METRICS_LISTEN: Final = "FLOORMAN_METRICS_LISTEN"
ENV_STORE: Final = "FLOORMAN_STORE"
ENV_GRACE: Final = "FLOORMAN_GRACE"
ENV_LOG_LEVEL: Final = "FLOORMAN_LOG_LEVEL"
ENV_MAX_CONNECTION_AGE_MS: Final = "FLOORMAN_MAX_CONNECTION_AGE_MS"
ENV_TARGET: Final = "FLOORMAN_TARGET"
ENV_TOKEN: Final = "FLOORMAN_TOKEN"
"""Client side: the bearer token ``floorman eval`` sends (as the Node.js example reads it)."""
ENV_CA: Final = "FLOORMAN_CA"
"""Client side: the CA certificate (PEM file) ``floorman eval`` verifies the server with."""
ENV_ANONYMOUS_ROLE: Final = "FLOORMAN_ANONYMOUS_ROLE"
ENV_AUTH_FILE: Final = "FLOORMAN_AUTH_FILE"
ENV_TLS_CERT: Final = "FLOORMAN_TLS_CERT"
ENV_TLS_KEY: Final = "FLOORMAN_TLS_KEY"
ENV_TLS_CLIENT_CA: Final = "FLOORMAN_TLS_CLIENT_CA"
ENV_TLS_CLIENT_AUTH: Final = "FLOORMAN_TLS_CLIENT_AUTH"
ENV_HEALTH_LISTEN: Final = "FLOORMAN_HEALTH_LISTEN"
ENV_LIMITS: Final = "FLOORMAN_LIMITS"
CLIENT_AUTH_MODES: Final = ("none", "optional", "require")
HEALTH_LISTEN_OFF: Final = "off"
ENV_HTTP_LISTEN: Final = "FLOORMAN_HTTP_LISTEN"
ENV_HTTP_CORS_ORIGINS: Final = "FLOORMAN_HTTP_CORS_ORIGINS"
ENV_SERVER_MODEL: Final = "FLOORMAN_SERVER_MODEL"
ENV_SERVER_THREADS: Final = "FLOORMAN_SERVER_THREADS"
SERVER_MODELS: Final = ("aio", "sync")
DEFAULT_SERVER_MODEL: Final = "aio"
DEFAULT_SERVER_THREADS: Final = 4

_WILDCARD_HOSTS: Final = frozenset({"0.0.0.0", "::", "[::]", ""})


class ConfigError(ValueError):
    """A setting is malformed; the message names its flag or environment variable."""


@dataclass(frozen=True, slots=True)
class HostPort:
    """A listen address. ``host`` keeps IPv6 brackets (``[::1]``); ``port`` 0 = ephemeral."""

    host: str
    port: int

    def __str__(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def bare_host(self) -> str:
        """The host without IPv6 brackets (what socket APIs want)."""
        return self.host[1:-1] if self.host.startswith("[") else self.host

    @property
    def dial_host(self) -> str:
        """A host a local client can dial: a wildcard address becomes the loopback."""
        if self.host in _WILDCARD_HOSTS:
            return "[::1]" if ":" in self.host else "127.0.0.1"
        return self.host


@dataclass(frozen=True, slots=True)
class StoreUrl:
    """A validated store URL.

    ``scheme`` is ``"sqlite"`` or ``"postgresql"``; for SQLite ``path`` is the database file
    (``":memory:"`` for an in-memory database), for PostgreSQL ``path`` is empty and ``url``
    is the connection string to hand to the driver.
    """

    scheme: str
    url: str
    path: str = ""

    @property
    def redacted(self) -> str:
        """The URL with any password replaced by ``***`` (safe to log)."""
        parts = urlsplit(self.url)
        if parts.password is None:
            return self.url
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
        return parts._replace(netloc=netloc).geturl()


@dataclass(frozen=True, slots=True, kw_only=True)
class TlsSettings:
    """TLS for the gRPC port: PEM file paths and the client-certificate mode.

    ``client_auth``: ``none`` (no client certificate), ``optional`` (none required: grpcio's
    server API cannot ask for a certificate without requiring it, so this mode behaves as
    ``none`` at the TLS layer and exists for migrations) or ``require`` (mutual TLS: a
    certificate signed by ``client_ca``).
    """

    cert: str
    key: str
    client_ca: str | None = None
    client_auth: str = "none"


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """Everything ``floorman serve`` needs, validated.

    Attributes:
        listen: gRPC listen address.
        metrics_listen: Prometheus HTTP address, or ``None`` when disabled.
        store: the durable store's URL (the store itself arrives with a later issue).
        grace_seconds: how long SIGTERM lets in-flight RPCs finish before cancelling them.
        log_level: one of :data:`LOG_LEVELS`.
        max_connection_age_ms: ``grpc.max_connection_age_ms`` (0: connections never aged out).
        max_message_bytes: largest request or response message.
        anonymous_role: the card visibility of callers (one of :data:`ROLES`) when no auth
            file is configured.
        auth_file: the auth file's path (``None``: no authentication).
        tls: TLS for the gRPC port (``None``: plaintext).
        health_listen: the plaintext health-only address (``None``: none).
        http_listen: the Connect / gRPC-Web address for browsers (``None``: off;
            :mod:`floorman.transport.connect`).
        http_cors_origins: origins whose browsers may call ``http_listen`` (``*``: any).
        limits: request and concurrency limits.
        server_model: ``aio`` or ``sync`` (:data:`SERVER_MODELS`; experimental).
        server_threads: the ``sync`` model's handler threads (1 or more).
    """

    listen: HostPort
    metrics_listen: HostPort | None
    store: StoreUrl
    grace_seconds: float = DEFAULT_GRACE_SECONDS
    log_level: str = DEFAULT_LOG_LEVEL
    max_connection_age_ms: int = 0
    max_message_bytes: int = MAX_MESSAGE_BYTES
    anonymous_role: str = DEFAULT_ANONYMOUS_ROLE
    auth_file: str | None = None
    tls: TlsSettings | None = None
    health_listen: HostPort | None = None
    http_listen: HostPort | None = None
    http_cors_origins: tuple[str, ...] = ()
    limits: Limits = field(default_factory=Limits)
    server_model: str = DEFAULT_SERVER_MODEL
    server_threads: int = DEFAULT_SERVER_THREADS


def parse_host_port(text: str, *, source: str) -> HostPort:
    """Parse ``HOST:PORT`` (IPv6 as ``[::1]:PORT``; port 0 asks for an ephemeral port).

    Raises:
        ConfigError: naming ``source`` when ``text`` is not a host and a port 0-65535.
    """
    value = text.strip()
    host, sep, port_text = value.rpartition(":")
    if not sep or not host or not port_text.isdigit():
        raise ConfigError(f"{source}: {text!r} is not HOST:PORT (e.g. 127.0.0.1:50051)")
    if ":" in host and not (host.startswith("[") and host.endswith("]")):
        raise ConfigError(f"{source}: {text!r}: write an IPv6 host in brackets ([::1]:50051)")
    port = int(port_text)
    if port > 65535:
        raise ConfigError(f"{source}: {text!r}: port must be 0-65535")
    return HostPort(host, port)


def parse_store_url(text: str, *, source: str) -> StoreUrl:
    """Validate a store URL: ``sqlite:///relative.db``, ``sqlite:////abs/path.db``,
    ``sqlite:///:memory:`` or ``postgresql://[user[:password]@]host[:port]/dbname``
    (``postgres://`` accepted).

    Raises:
        ConfigError: naming ``source`` for an unknown scheme or a URL without a database.
    """
    value = text.strip()
    scheme, sep, rest = value.partition("://")
    scheme = scheme.lower()
    if not sep:
        raise ConfigError(
            f"{source}: {text!r} is not a store URL "
            "(sqlite:///floorman.db or postgresql://host/dbname)"
        )
    if scheme == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise ConfigError(
                f"{source}: {text!r}: a SQLite URL is sqlite:///path/to/file.db "
                "(three slashes; four for an absolute path)"
            )
        return StoreUrl("sqlite", value, rest[1:])
    if scheme in ("postgresql", "postgres"):
        try:
            parts = urlsplit(value)
            _ = parts.port  # raises ValueError for a bad port
        except ValueError as exc:
            raise ConfigError(f"{source}: {text!r}: {exc}") from None
        if not parts.path.strip("/"):
            raise ConfigError(f"{source}: {text!r}: name the database (postgresql://host/dbname)")
        return StoreUrl("postgresql", value)
    raise ConfigError(
        f"{source}: unknown store scheme {scheme!r} in {text!r} (use sqlite:/// or postgresql://)"
    )


def parse_grace(text: str, *, source: str) -> float:
    """Parse a grace period in seconds (a finite number >= 0).

    Raises:
        ConfigError: naming ``source`` otherwise.
    """
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(f"{source}: {text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value < 0:
        raise ConfigError(f"{source}: {text!r}: the grace period must be 0 seconds or more")
    return value


def parse_log_level(text: str, *, source: str) -> str:
    """Normalise a log level name (case-insensitive; ``warn`` means ``warning``).

    Raises:
        ConfigError: naming ``source`` for a level outside :data:`LOG_LEVELS`.
    """
    level = text.strip().lower()
    level = "warning" if level == "warn" else level
    if level not in LOG_LEVELS:
        raise ConfigError(f"{source}: {text!r} is not one of {', '.join(LOG_LEVELS)}")
    return level


def parse_role(text: str, *, source: str) -> str:
    """Normalise a role name (case-insensitive).

    Raises:
        ConfigError: naming ``source`` for a role outside :data:`ROLES`.
    """
    role = text.strip().lower()
    if role not in ROLES:
        raise ConfigError(f"{source}: {text!r} is not one of {', '.join(ROLES)}")
    return role


def parse_non_negative_int(text: str, *, source: str) -> int:
    """Parse an integer >= 0.

    Raises:
        ConfigError: naming ``source`` otherwise.
    """
    value = text.strip()
    if not value.isdigit():
        raise ConfigError(f"{source}: {text!r} is not a whole number >= 0")
    return int(value)


def parse_file(text: str, *, source: str) -> str:
    """A path to an existing, readable file.

    Raises:
        ConfigError: naming ``source`` otherwise.
    """
    path = Path(text.strip())
    if not path.is_file() or not os.access(path, os.R_OK):
        raise ConfigError(f"{source}: {text!r} is not a readable file")
    return str(path)


def _optional(flag_value: str | None, env: Mapping[str, str], var: str) -> str | None:
    """The flag value when given, else the non-empty environment value, else ``None``."""
    if flag_value is not None:
        return flag_value if flag_value.strip() else None
    value = env.get(var, "")
    return value if value.strip() else None


def resolve_tls(
    *,
    cert: str | None,
    key: str | None,
    client_ca: str | None,
    client_auth: str | None,
    env: Mapping[str, str],
) -> TlsSettings | None:
    """The TLS settings from their flags (``None`` = not given) and ``env``; ``None`` when
    neither a certificate nor a key is configured.

    Raises:
        ConfigError: a certificate without a key (or the reverse), an unreadable file, an
            unknown client-auth mode, ``optional``/``require`` without a client CA, or client
            settings without TLS.
    """
    cert_text = _optional(cert, env, ENV_TLS_CERT)
    key_text = _optional(key, env, ENV_TLS_KEY)
    ca_text = _optional(client_ca, env, ENV_TLS_CLIENT_CA)
    text, source = _pick(client_auth, "--tls-client-auth", env, ENV_TLS_CLIENT_AUTH, "none")
    mode = text.strip().lower()
    if mode not in CLIENT_AUTH_MODES:
        raise ConfigError(f"{source}: {text!r} is not one of {', '.join(CLIENT_AUTH_MODES)}")
    if cert_text is None and key_text is None:
        if ca_text is not None or mode != "none":
            raise ConfigError(
                "--tls-client-ca / --tls-client-auth need TLS: give --tls-cert and --tls-key"
            )
        return None
    if cert_text is None or key_text is None:
        raise ConfigError("TLS needs both --tls-cert and --tls-key (or neither)")
    if mode != "none" and ca_text is None:
        raise ConfigError(f"--tls-client-auth {mode} needs --tls-client-ca (the client CA)")
    return TlsSettings(
        cert=parse_file(cert_text, source=f"--tls-cert (${ENV_TLS_CERT})"),
        key=parse_file(key_text, source=f"--tls-key (${ENV_TLS_KEY})"),
        client_ca=None
        if ca_text is None
        else parse_file(ca_text, source=f"--tls-client-ca (${ENV_TLS_CLIENT_CA})"),
        client_auth=mode,
    )


def resolve_limits(flags: Sequence[str] | None, env: Mapping[str, str]) -> Limits:
    """The defaults, then ``$FLOORMAN_LIMITS`` (comma-separated ``NAME=VALUE``), then each
    ``--limit NAME=VALUE`` flag.

    Raises:
        ConfigError: naming the flag or variable of a malformed item.
    """
    try:
        limits = apply_limits(Limits(), env.get(ENV_LIMITS, "").split(","), source=f"${ENV_LIMITS}")
        return apply_limits(limits, list(flags or ()), source="--limit")
    except LimitsError as error:
        raise ConfigError(str(error)) from None


def _pick(
    flag_value: str | None, flag: str, env: Mapping[str, str], var: str, default: str
) -> tuple[str, str]:
    """The flag value when given, else the non-empty environment value, else ``default``;
    returns ``(text, source)`` where ``source`` names where the text came from."""
    if flag_value is not None:
        return flag_value, flag
    env_value = env.get(var, "")
    if env_value.strip():
        return env_value, f"${var}"
    return default, f"default of {flag}"


def resolve_settings(
    *,
    listen: str | None = None,
    metrics_listen: str | None = None,
    store: str | None = None,
    grace: str | None = None,
    log_level: str | None = None,
    max_connection_age_ms: str | None = None,
    anonymous_role: str | None = None,
    auth_file: str | None = None,
    tls_cert: str | None = None,
    tls_key: str | None = None,
    tls_client_ca: str | None = None,
    tls_client_auth: str | None = None,
    health_listen: str | None = None,
    http_listen: str | None = None,
    http_cors_origins: str | None = None,
    limits: Sequence[str] | None = None,
    server_model: str | None = None,
    server_threads: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Settings:
    """Build :class:`Settings` from flag values (``None`` = flag not given) and ``env``
    (default: ``os.environ``). Flags win over the environment, which wins over the defaults.

    Raises:
        ConfigError: the first malformed value, naming its flag or variable.
    """
    env = os.environ if env is None else env
    text, source = _pick(listen, "--listen", env, ENV_LISTEN, DEFAULT_LISTEN)
    listen_at = parse_host_port(text, source=source)
    text, source = _pick(
        metrics_listen, "--metrics-listen", env, ENV_METRICS_LISTEN, DEFAULT_METRICS_LISTEN
    )
    metrics_at = (
        None if text.strip().lower() == METRICS_OFF else parse_host_port(text, source=source)
    )
    text, source = _pick(store, "--store", env, ENV_STORE, DEFAULT_STORE)
    store_url = parse_store_url(text, source=source)
    text, source = _pick(grace, "--grace", env, ENV_GRACE, str(DEFAULT_GRACE_SECONDS))
    grace_seconds = parse_grace(text, source=source)
    text, source = _pick(log_level, "--log-level", env, ENV_LOG_LEVEL, DEFAULT_LOG_LEVEL)
    level = parse_log_level(text, source=source)
    text, source = _pick(
        max_connection_age_ms, "--max-connection-age-ms", env, ENV_MAX_CONNECTION_AGE_MS, "0"
    )
    age = parse_non_negative_int(text, source=source)
    text, source = _pick(
        anonymous_role, "--anonymous-role", env, ENV_ANONYMOUS_ROLE, DEFAULT_ANONYMOUS_ROLE
    )
    role = parse_role(text, source=source)
    auth_text = _optional(auth_file, env, ENV_AUTH_FILE)
    auth_path = (
        None
        if auth_text is None
        else parse_file(auth_text, source=f"--auth-file (${ENV_AUTH_FILE})")
    )
    tls = resolve_tls(
        cert=tls_cert,
        key=tls_key,
        client_ca=tls_client_ca,
        client_auth=tls_client_auth,
        env=env,
    )
    text, source = _pick(
        health_listen, "--health-listen", env, ENV_HEALTH_LISTEN, HEALTH_LISTEN_OFF
    )
    health_at = (
        None if text.strip().lower() == HEALTH_LISTEN_OFF else parse_host_port(text, source=source)
    )
    text, source = _pick(http_listen, "--http-listen", env, ENV_HTTP_LISTEN, HEALTH_LISTEN_OFF)
    http_at = (
        None if text.strip().lower() == HEALTH_LISTEN_OFF else parse_host_port(text, source=source)
    )
    text, _ = _pick(http_cors_origins, "--http-cors-origins", env, ENV_HTTP_CORS_ORIGINS, "")
    origins = tuple(origin.strip() for origin in text.split(",") if origin.strip())
    chosen_limits = resolve_limits(limits, env)
    text, source = _pick(
        server_model, "--server-model", env, ENV_SERVER_MODEL, DEFAULT_SERVER_MODEL
    )
    model = text.strip().lower()
    if model not in SERVER_MODELS:
        raise ConfigError(f"{source}: {text!r} is not one of {', '.join(SERVER_MODELS)}")
    text, source = _pick(
        server_threads, "--server-threads", env, ENV_SERVER_THREADS, str(DEFAULT_SERVER_THREADS)
    )
    threads = parse_non_negative_int(text, source=source)
    if threads < 1:
        raise ConfigError(f"{source}: at least 1 thread (got {threads})")
    return Settings(
        listen=listen_at,
        metrics_listen=metrics_at,
        store=store_url,
        grace_seconds=grace_seconds,
        log_level=level,
        max_connection_age_ms=age,
        anonymous_role=role,
        max_message_bytes=chosen_limits.message_bytes,
        auth_file=auth_path,
        tls=tls,
        health_listen=health_at,
        http_listen=http_at,
        http_cors_origins=origins,
        limits=chosen_limits,
        server_model=model,
        server_threads=threads,
    )


def default_target(env: Mapping[str, str] | None = None) -> str:
    """The address a local client dials by default: ``$FLOORMAN_TARGET``, else the dialable
    form of ``$FLOORMAN_LISTEN`` (a wildcard host becomes the loopback), else
    ``127.0.0.1:50051``.

    Raises:
        ConfigError: when ``$FLOORMAN_LISTEN`` is malformed.
    """
    env = os.environ if env is None else env
    target = env.get(ENV_TARGET, "").strip()
    if target:
        return target
    text, source = _pick(None, "--listen", env, ENV_LISTEN, DEFAULT_LISTEN)
    at = parse_host_port(text, source=source)
    return f"{at.dial_host}:{at.port}"
