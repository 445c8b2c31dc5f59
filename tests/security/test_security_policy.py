"""The role policy (issue 6 "Deliver" 1): which role may call which RPC, table bindings, card
visibility per caller, and the bearer header."""

from __future__ import annotations

import pytest
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection

from floorman.domain.table.redaction import Role
from floorman.security.policy import (
    METHOD_PERMISSIONS,
    Access,
    AccessRole,
    AccessSettings,
    Permission,
    PermissionDenied,
    Principal,
    Refusal,
    Unauthenticated,
    admit,
    admit_table,
    visibility,
)
from floorman.transport.auth import bearer_token
from floorman.v1 import audit_service_pb2, rules_service_pb2, table_service_pb2

ADMIN = Principal("boss", AccessRole.ADMIN)
DEALER = Principal("t7", AccessRole.DEALER, frozenset({"A"}))
AUDITOR = Principal("aud", AccessRole.AUDITOR)
OBSERVER = Principal("obs", AccessRole.OBSERVER)
TOKEN_ACCESS = AccessSettings()
T = "/floorman.v1.TableService/"
AUDIT = "/floorman.v1.AuditService/AuditHandHistories"


def _served_methods() -> set[str]:
    """Every method floorman registers: its three services, health and reflection."""
    names = set()
    for module, service in (
        (rules_service_pb2, "RulesService"),
        (table_service_pb2, "TableService"),
        (audit_service_pb2, "AuditService"),
        (health_pb2, "Health"),
    ):
        descriptor = module.DESCRIPTOR.services_by_name[service]
        names |= {f"/{descriptor.full_name}/{m.name}" for m in descriptor.methods}
    return names | {f"/{reflection.SERVICE_NAME}/ServerReflectionInfo"}


def test_every_served_method_has_a_permission():
    """The policy names every RPC the server registers, and nothing else."""
    assert set(METHOD_PERMISSIONS) == _served_methods()


@pytest.mark.parametrize(
    ("principal", "method", "allowed"),
    [
        (ADMIN, T + "CreateTable", True), (ADMIN, T + "CloseTable", True),
        (ADMIN, T + "RecordAction", True), (ADMIN, AUDIT, True),
        (DEALER, T + "CreateTable", False), (DEALER, T + "CloseTable", False),
        (DEALER, T + "StartHand", True), (DEALER, T + "GetHand", True), (DEALER, AUDIT, False),
        (AUDITOR, T + "RecordAction", False), (AUDITOR, T + "SeatPlayer", False),
        (AUDITOR, T + "WatchTable", True), (AUDITOR, T + "ExportHandHistory", True),
        (AUDITOR, "/floorman.v1.AuditService/AuditHandHistoriesStream", True),
        (OBSERVER, T + "ListTables", True), (OBSERVER, T + "DealCards", False),
        (OBSERVER, AUDIT, False),
        (OBSERVER, "/floorman.v1.RulesService/EvaluateHand", True),
    ],
)  # fmt: skip
def test_role_matrix(principal, method, allowed):
    """Admin: everything; dealer: table play and reads; auditor and observer: reads (the
    auditor also audits); any role may use the rules service."""
    if allowed:
        assert admit(method, principal, TOKEN_ACCESS) is METHOD_PERMISSIONS[method]
        return
    with pytest.raises(PermissionDenied) as caught:
        admit(method, principal, TOKEN_ACCESS)
    assert caught.value.refusal is Refusal.ROLE
    assert caught.value.metadata == {"role": principal.role.value}


def test_tokens_are_needed_unless_the_access_table_opens_a_service():
    """Without a token, table and audit calls are TOKEN_MISSING; rules and reflection need
    a token by default, health does not; [access] can open or close each."""
    for method in (T + "GetTable", "/floorman.v1.AuditService/AuditHandHistories",
                   "/floorman.v1.RulesService/CompareHands",
                   "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"):  # fmt: skip
        with pytest.raises(Unauthenticated) as caught:
            admit(method, None, TOKEN_ACCESS)
        assert caught.value.refusal is Refusal.MISSING_TOKEN
    assert admit("/grpc.health.v1.Health/Check", None, TOKEN_ACCESS) is None
    opened = AccessSettings(rules=Access.OPEN, health=Access.TOKEN, reflection=Access.OPEN)
    assert admit("/floorman.v1.RulesService/EvaluateHand", None, opened) is None
    with pytest.raises(Unauthenticated):
        admit("/grpc.health.v1.Health/Watch", None, opened)
    with pytest.raises(Unauthenticated):
        admit(T + "GetTable", None, opened)


def test_unknown_methods_are_refused():
    """A method the policy does not know is refused, whoever calls."""
    with pytest.raises(PermissionDenied):
        admit("/floorman.v1.TableService/DropEverything", ADMIN, TOKEN_ACCESS)


def test_dealers_play_only_at_their_tables():
    """A dealer's table writes need the table in its binding; the admin plays anywhere;
    reads are not bound."""
    admit_table(DEALER, Permission.PLAY_TABLE, "A")
    admit_table(ADMIN, Permission.PLAY_TABLE, "B")
    admit_table(DEALER, Permission.READ_TABLES, "B")
    with pytest.raises(PermissionDenied) as caught:
        admit_table(DEALER, Permission.PLAY_TABLE, "B")
    assert caught.value.refusal is Refusal.TABLE
    assert caught.value.refusal.error_reason == "TABLE_NOT_ASSIGNED"


def test_card_visibility_follows_role_and_binding():
    """Admin and a table's dealer see hole cards live; auditors after the hand; observers
    and dealers of other tables only face-up and shown cards."""
    assert visibility(ADMIN, "B") is Role.DEALER
    assert visibility(DEALER, "A") is Role.DEALER
    assert visibility(DEALER, "B") is Role.OBSERVER
    assert visibility(AUDITOR, "A") is Role.AUDITOR
    assert visibility(OBSERVER, "A") is Role.OBSERVER


def test_bearer_header_parsing():
    """``authorization: Bearer <token>`` (any case of the scheme) gives the token; no header
    gives None; two headers, another scheme, or a token with spaces are malformed."""
    assert bearer_token([("authorization", "Bearer fm_x")]) == "fm_x"
    assert bearer_token([("x-other", "1"), ("authorization", "bearer  fm_y ")]) == "fm_y"
    assert bearer_token([("x-other", "1")]) is None and bearer_token(None) is None
    for metadata in (
        [("authorization", "Bearer a"), ("authorization", "Bearer b")],
        [("authorization", "Basic fm_x")],
        [("authorization", "Bearer fm x")],
        [("authorization", "Bearer")],
    ):
        with pytest.raises(Unauthenticated) as caught:
            bearer_token(metadata)
        assert caught.value.refusal is Refusal.MALFORMED_TOKEN
