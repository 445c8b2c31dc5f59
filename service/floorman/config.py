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
* ``--anonymous-role`` / ``FLOORMAN_ANONYMOUS_ROLE``: the card visibility of every caller until
  authentication arrives: ``observer`` (default), ``auditor`` or ``dealer``.

``--metrics-listen off`` (or the variable set to ``off``) disables the metrics endpoint.
This module imports no gRPC: it is plain data shared by the CLI and the server factory.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

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
ENV_ANONYMOUS_ROLE: Final = "FLOORMAN_ANONYMOUS_ROLE"

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
        anonymous_role: the card visibility of callers (one of :data:`ROLES`) until
            authentication supplies a role per caller.
    """

    listen: HostPort
    metrics_listen: HostPort | None
    store: StoreUrl
    grace_seconds: float = DEFAULT_GRACE_SECONDS
    log_level: str = DEFAULT_LOG_LEVEL
    max_connection_age_ms: int = 0
    max_message_bytes: int = MAX_MESSAGE_BYTES
    anonymous_role: str = DEFAULT_ANONYMOUS_ROLE


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
    return Settings(
        listen=listen_at,
        metrics_listen=metrics_at,
        store=store_url,
        grace_seconds=grace_seconds,
        log_level=level,
        max_connection_age_ms=age,
        anonymous_role=role,
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
