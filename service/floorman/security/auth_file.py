"""The auth file (TOML): token hashes, roles, table bindings, open services.

::

    # floorman auth file: token HASHES only (sha256 hex of the token's UTF-8 bytes)
    [access]                 # optional; these are the defaults
    rules = "token"          # RulesService: "open" or "token" (any role)
    health = "open"          # grpc.health.v1 on the main port: "open" or "token"
    reflection = "token"     # server reflection: "open" or "token"

    [[tokens]]
    name = "floor-admin"     # shown in logs and refusals; 1-64 of [A-Za-z0-9_.@-]
    sha256 = "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8"
    role = "admin"           # admin, dealer, auditor or observer

    [[tokens]]
    name = "terminal-7"
    sha256 = "..."
    role = "dealer"
    tables = ["main-7", "main-8"]   # dealers only, at least one table id

Anything else is an error naming the entry and key: an unknown key (a typo such as
``sha265``), a plain ``token`` key (the file never holds tokens), a malformed hash, a
duplicate name or hash, ``tables`` on a role other than dealer, a malformed table id.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from floorman.app.tables.commands import TABLE_ID_PATTERN
from floorman.security.policy import Access, AccessRole, AccessSettings, Principal
from floorman.security.tokens import SHA256_HEX

NAME_PATTERN: Final = re.compile(r"[A-Za-z0-9_.@-]{1,64}")
_TOKEN_KEYS: Final = frozenset({"name", "sha256", "role", "tables"})
_ACCESS_KEYS: Final = frozenset({"rules", "health", "reflection"})


class AuthFileError(ValueError):
    """The auth file cannot be read or is malformed; the message names the file and entry
    (and never holds a hash or a token)."""


@dataclass(frozen=True, slots=True)
class TokenEntry:
    """One ``[[tokens]]`` entry: the token's sha256 (lower-case hex) and who it is."""

    sha256: str
    principal: Principal


@dataclass(frozen=True, slots=True)
class AuthConfig:
    """A parsed auth file."""

    tokens: tuple[TokenEntry, ...]
    access: AccessSettings

    def roles(self) -> dict[str, int]:
        """How many tokens each role has (for the reload log line)."""
        counts = {role.value: 0 for role in AccessRole}
        for entry in self.tokens:
            counts[entry.principal.role.value] += 1
        return counts


def _access(table: Any, where: str) -> AccessSettings:
    if not isinstance(table, Mapping):
        raise AuthFileError(f"{where}: [access] must be a table")
    unknown = sorted(set(table) - _ACCESS_KEYS)
    if unknown:
        raise AuthFileError(f"{where}: [access] has unknown keys {unknown}")
    values: dict[str, Access] = {}
    for key, value in table.items():
        try:
            values[key] = Access(value)
        except ValueError:
            raise AuthFileError(f'{where}: [access] {key} must be "open" or "token"') from None
    return AccessSettings(**values)


def _entry(item: Any, where: str) -> TokenEntry:
    if not isinstance(item, Mapping):
        raise AuthFileError(f"{where}: must be a table")
    if "token" in item:
        raise AuthFileError(
            f"{where}: the auth file stores only token hashes: replace 'token' by 'sha256' "
            "(floorman token hash)"
        )
    unknown = sorted(set(item) - _TOKEN_KEYS)
    if unknown:
        raise AuthFileError(f"{where}: unknown keys {unknown}")
    name = item.get("name")
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise AuthFileError(f"{where}: name must be 1-64 characters of [A-Za-z0-9_.@-]")
    where = f"{where} ({name})"
    digest = item.get("sha256")
    if not isinstance(digest, str) or not SHA256_HEX.fullmatch(digest.lower()):
        raise AuthFileError(f"{where}: sha256 must be 64 hex digits (floorman token hash)")
    try:
        role = AccessRole(item.get("role"))
    except ValueError:
        roles = ", ".join(r.value for r in AccessRole)
        raise AuthFileError(f"{where}: role must be one of {roles}") from None
    tables = item.get("tables")
    if role is AccessRole.DEALER:
        if not isinstance(tables, list) or not tables:
            raise AuthFileError(f"{where}: a dealer needs tables = [...] (at least one table id)")
        bad = [t for t in tables if not isinstance(t, str) or not TABLE_ID_PATTERN.fullmatch(t)]
        if bad:
            raise AuthFileError(f"{where}: table ids are 1-64 characters of [A-Za-z0-9_-]")
    elif tables is not None:
        raise AuthFileError(f"{where}: only a dealer is bound to tables")
    principal = Principal(name, role, frozenset(tables or ()))
    return TokenEntry(digest.lower(), principal)


def parse_auth_file(text: str, *, source: str) -> AuthConfig:
    """Parse the TOML text of an auth file (``source`` names it in errors).

    Raises:
        AuthFileError: malformed TOML or any entry problem (see the module docstring).
    """
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise AuthFileError(f"{source}: not valid TOML: {error}") from None
    unknown = sorted(set(document) - {"access", "tokens"})
    if unknown:
        raise AuthFileError(
            f"{source}: unknown top-level keys {unknown} (use [access], [[tokens]])"
        )
    access = _access(document.get("access", {}), source)
    items = document.get("tokens", [])
    if not isinstance(items, list):
        raise AuthFileError(f"{source}: tokens must be an array of tables ([[tokens]])")
    entries = [_entry(item, f"{source}: [[tokens]] #{n}") for n, item in enumerate(items, 1)]
    names: set[str] = set()
    digests: set[str] = set()
    for entry in entries:
        if entry.principal.name in names:
            raise AuthFileError(f"{source}: two tokens are named {entry.principal.name!r}")
        if entry.sha256 in digests:
            raise AuthFileError(
                f"{source}: token {entry.principal.name!r} has the same hash as another one"
            )
        names.add(entry.principal.name)
        digests.add(entry.sha256)
    return AuthConfig(tuple(entries), access)


def load_auth_file(path: str | Path) -> AuthConfig:
    """Read and parse the auth file at ``path``.

    Raises:
        AuthFileError: unreadable or malformed (the message names the file).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise AuthFileError(f"cannot read the auth file {path}: {error}") from None
    return parse_auth_file(text, source=str(path))
