"""Roles, the permission every RPC needs, refusals, and the cards a caller sees at a table.

Roles (a token carries one):

* ``admin`` — creates and closes tables, and may do everything a dealer does at EVERY table
  (the floor supervisor); sees every hole card live. Also everything an auditor may do.
* ``dealer`` — bound to a list of table ids: seats players, starts hands, deals, records
  actions there only, and sees those tables' hole cards live. May read any table, but at a
  table it is not bound to it sees cards as an observer.
* ``auditor`` — read-only: tables, hands (hole cards once a hand has ended), WatchTable,
  hand-history export, and the AuditService.
* ``observer`` — read-only: tables, hands and WatchTable with face-up and shown cards only.

Every role that may write at a table sees its hole cards live, so an answer stored for a
retried request id never shows cards to a caller who could not see them anyway.

The stateless services are open or need a token (any role) per the auth file's ``[access]``
table: RulesService (default: token), grpc.health.v1 (default: open, for probes) and server
reflection (default: token). A method this module does not know is refused.

Refusals: no token, a malformed ``authorization`` header, or a token the auth file does not
hold (never issued, or revoked) are :class:`Unauthenticated`; a known caller without the
role or table binding is :class:`PermissionDenied`. Each carries a :class:`Refusal` (the
``reason`` label of ``floorman_auth_refusals_total`` and the ``google.rpc.ErrorInfo`` reason).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from floorman.domain.table.redaction import Role


class AccessRole(enum.Enum):
    """The role a token carries."""

    ADMIN = "admin"
    DEALER = "dealer"
    AUDITOR = "auditor"
    OBSERVER = "observer"


class Access(enum.Enum):
    """Whether a stateless service needs a token."""

    OPEN = "open"
    TOKEN = "token"


@dataclass(frozen=True, slots=True, kw_only=True)
class AccessSettings:
    """The auth file's ``[access]`` table: which stateless services need a token."""

    rules: Access = Access.TOKEN
    health: Access = Access.OPEN
    reflection: Access = Access.TOKEN


@dataclass(frozen=True, slots=True)
class Principal:
    """An authenticated caller: the token's ``name`` (logged; never the token), its role, and
    for a dealer the table ids it is bound to."""

    name: str
    role: AccessRole
    tables: frozenset[str] = field(default_factory=frozenset)


class Permission(enum.Enum):
    """What an RPC needs."""

    RULES = "rules"
    """RulesService: any token, or none when ``[access] rules = "open"``."""
    HEALTH = "health"
    """grpc.health.v1: any token, or none when ``[access] health = "open"``."""
    REFLECTION = "reflection"
    """Server reflection: any token, or none when ``[access] reflection = "open"``."""
    AUDIT = "audit"
    """AuditService: admin or auditor."""
    READ_TABLES = "read_tables"
    """TableService reads: every role (cards per :func:`visibility`)."""
    MANAGE_TABLES = "manage_tables"
    """CreateTable, CloseTable: admin."""
    PLAY_TABLE = "play_table"
    """Seats, hands, deals, actions at one table: admin, or a dealer bound to the table."""


_TABLES: Final = "/floorman.v1.TableService/"
METHOD_PERMISSIONS: Final[Mapping[str, Permission]] = {
    **{
        f"/floorman.v1.RulesService/{name}": Permission.RULES
        for name in (
            "EvaluateHand",
            "CompareHands",
            "ValidateAction",
            "ListLegalActions",
            "SettleHand",
            "BatchEvaluateHands",
            "BatchCompareHands",
            "EvaluateHandStream",
        )
    },
    "/floorman.v1.AuditService/AuditHandHistories": Permission.AUDIT,
    "/floorman.v1.AuditService/AuditHandHistoriesStream": Permission.AUDIT,
    "/grpc.health.v1.Health/Check": Permission.HEALTH,
    "/grpc.health.v1.Health/Watch": Permission.HEALTH,
    "/grpc.health.v1.Health/List": Permission.HEALTH,
    "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo": Permission.REFLECTION,
    **{
        _TABLES + name: Permission.READ_TABLES
        for name in (
            "GetTable",
            "ListTables",
            "GetHand",
            "WatchTable",
            "ExportHandHistory",
            "ListHands",
        )
    },
    _TABLES + "CreateTable": Permission.MANAGE_TABLES,
    _TABLES + "CloseTable": Permission.MANAGE_TABLES,
    **{
        _TABLES + name: Permission.PLAY_TABLE
        for name in (
            "SeatPlayer",
            "LeaveSeat",
            "SitOut",
            "SitIn",
            "StartHand",
            "DealCards",
            "RecordAction",
        )
    },
}
"""Every RPC floorman serves, by full method name, and the permission it needs."""

_ROLES_FOR: Final[Mapping[Permission, frozenset[AccessRole]]] = {
    Permission.AUDIT: frozenset({AccessRole.ADMIN, AccessRole.AUDITOR}),
    Permission.READ_TABLES: frozenset(AccessRole),
    Permission.MANAGE_TABLES: frozenset({AccessRole.ADMIN}),
    Permission.PLAY_TABLE: frozenset({AccessRole.ADMIN, AccessRole.DEALER}),
}


class Refusal(enum.Enum):
    """Why a call was refused: the value is the metric label, :attr:`error_reason` the
    ``google.rpc.ErrorInfo`` reason."""

    MISSING_TOKEN = "missing_token"
    MALFORMED_TOKEN = "malformed_token"
    UNKNOWN_TOKEN = "unknown_token"
    ROLE = "role"
    TABLE = "table"

    @property
    def error_reason(self) -> str:
        """``TOKEN_MISSING``, ``TOKEN_MALFORMED``, ``TOKEN_UNKNOWN``, ``ROLE_NOT_ALLOWED``,
        ``TABLE_NOT_ASSIGNED``."""
        return _ERROR_REASONS[self]


_ERROR_REASONS: Final = {
    Refusal.MISSING_TOKEN: "TOKEN_MISSING",
    Refusal.MALFORMED_TOKEN: "TOKEN_MALFORMED",
    Refusal.UNKNOWN_TOKEN: "TOKEN_UNKNOWN",
    Refusal.ROLE: "ROLE_NOT_ALLOWED",
    Refusal.TABLE: "TABLE_NOT_ASSIGNED",
}
REFUSAL_LABELS: Final = tuple(refusal.value for refusal in Refusal)
"""Every ``reason`` label value of ``floorman_auth_refusals_total``."""


class AccessRefused(Exception):
    """A refused call. ``refusal`` says why; ``metadata`` goes into the ErrorInfo (never a
    token); ``str(error)`` is the message the caller sees."""

    def __init__(self, refusal: Refusal, message: str, **metadata: str) -> None:
        super().__init__(message)
        self.refusal = refusal
        self.metadata = metadata


class Unauthenticated(AccessRefused):
    """No usable token (UNAUTHENTICATED)."""


class PermissionDenied(AccessRefused):
    """A known caller without the role or table binding the call needs (PERMISSION_DENIED)."""


def _open(permission: Permission, access: AccessSettings) -> bool:
    if permission is Permission.RULES:
        return access.rules is Access.OPEN
    if permission is Permission.HEALTH:
        return access.health is Access.OPEN
    if permission is Permission.REFLECTION:
        return access.reflection is Access.OPEN
    return False


def needs_token(method: str, access: AccessSettings) -> bool:
    """False when ``method`` is open to callers without a token (per ``access``)."""
    permission = METHOD_PERMISSIONS.get(method)
    return permission is None or not _open(permission, access)


def admit(method: str, principal: Principal | None, access: AccessSettings) -> Permission | None:
    """Check the parts of a call known before its request is read: the caller's token and
    role. Returns the method's permission (``None`` for an open method called without a
    token). A :data:`Permission.PLAY_TABLE` call still needs :func:`admit_table`.

    Raises:
        Unauthenticated: ``principal`` is ``None`` and the method is not open.
        PermissionDenied: the role may not call the method, or the method is unknown.
    """
    permission = METHOD_PERMISSIONS.get(method)
    if permission is not None and principal is None and _open(permission, access):
        return None
    if principal is None:
        raise Unauthenticated(Refusal.MISSING_TOKEN, "this call needs a bearer token")
    if permission is None:
        raise PermissionDenied(
            Refusal.ROLE, f"no role may call {method}", role=principal.role.value
        )
    allowed = _ROLES_FOR.get(permission)
    if allowed is not None and principal.role not in allowed:
        raise PermissionDenied(
            Refusal.ROLE,
            f"role {principal.role.value} may not call {method.rsplit('/', 1)[-1]}",
            role=principal.role.value,
        )
    return permission


def admit_table(principal: Principal | None, permission: Permission | None, table_id: str) -> None:
    """Check a :data:`Permission.PLAY_TABLE` call against the caller's table binding.

    Raises:
        PermissionDenied: a dealer not bound to ``table_id``.
    """
    if permission is not Permission.PLAY_TABLE or principal is None:
        return
    if principal.role is AccessRole.DEALER and table_id not in principal.tables:
        raise PermissionDenied(
            Refusal.TABLE,
            "this dealer token is not assigned to the table",
            role=principal.role.value,
        )


def visibility(principal: Principal, table_id: str) -> Role:
    """The card visibility of ``principal`` at ``table_id``: admins and the table's dealers
    see hole cards live (:data:`Role.DEALER`), auditors once the hand has ended, everybody
    else (observers, dealers of other tables) face-up and shown cards only."""
    role = principal.role
    if role is AccessRole.ADMIN or (role is AccessRole.DEALER and table_id in principal.tables):
        return Role.DEALER
    if role is AccessRole.AUDITOR:
        return Role.AUDITOR
    return Role.OBSERVER
