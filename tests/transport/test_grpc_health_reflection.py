"""Health checking and server reflection on the real server subprocess (issue 2, item 7)."""

from __future__ import annotations

import grpc
import pytest
from google.protobuf import descriptor_pb2
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

RULES = "floorman.v1.RulesService"
HEALTH = "grpc.health.v1.Health"
REFLECTION = "grpc.reflection.v1alpha.ServerReflection"


@pytest.mark.parametrize("service", ["", RULES, HEALTH, REFLECTION])
def test_health_reports_serving_overall_and_per_service(health_stub, service):
    """Health Check answers SERVING for the server as a whole and for every service."""
    response = health_stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=5)
    assert response.status == health_pb2.HealthCheckResponse.SERVING


def test_health_unknown_service_is_not_found(health_stub):
    """Health Check of a service the server does not have answers NOT_FOUND."""
    with pytest.raises(grpc.RpcError) as caught:
        health_stub.Check(health_pb2.HealthCheckRequest(service="no.such.Service"), timeout=5)
    assert caught.value.code() is grpc.StatusCode.NOT_FOUND


def _reflect(server, **request):
    stub = reflection_pb2_grpc.ServerReflectionStub(server.channel)
    responses = list(
        stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(**request)]))
    )
    assert len(responses) == 1
    return responses[0]


def test_reflection_lists_every_service(server, health_stub):
    """Reflection lists RulesService, Health and itself, and every listed service is SERVING."""
    response = _reflect(server, list_services="")
    names = {service.name for service in response.list_services_response.service}
    assert {RULES, HEALTH, REFLECTION} <= names
    for name in names:
        check = health_stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
        assert check.status == health_pb2.HealthCheckResponse.SERVING, name


def test_reflection_resolves_the_rules_service_file_descriptor(server):
    """Reflection returns the descriptor of rules_service.proto with its RPCs and import."""
    response = _reflect(server, file_containing_symbol=RULES)
    files = {}
    for blob in response.file_descriptor_response.file_descriptor_proto:
        proto = descriptor_pb2.FileDescriptorProto.FromString(blob)
        files[proto.name] = proto
    rules_file = files["floorman/v1/rules_service.proto"]
    assert rules_file.package == "floorman.v1"
    assert "floorman/v1/poker.proto" in rules_file.dependency
    (service,) = [s for s in rules_file.service if s.name == "RulesService"]
    assert {m.name for m in service.method} == {
        "EvaluateHand", "CompareHands", "ValidateAction", "ListLegalActions", "SettleHand",
        "BatchEvaluateHands", "BatchCompareHands", "EvaluateHandStream",
    }  # fmt: skip
    assert "google/rpc/status.proto" in rules_file.dependency  # the batch items' error


def test_reflection_resolves_a_message_and_its_imported_file(server):
    """Reflection finds the file of a message symbol and serves the imported poker.proto."""
    by_symbol = _reflect(server, file_containing_symbol="floorman.v1.EvaluateHandRequest")
    assert by_symbol.HasField("file_descriptor_response")
    by_name = _reflect(server, file_by_filename="floorman/v1/poker.proto")
    (blob,) = by_name.file_descriptor_response.file_descriptor_proto
    proto = descriptor_pb2.FileDescriptorProto.FromString(blob)
    assert "Game" in {enum.name for enum in proto.enum_type}


def test_reflection_unknown_symbol_is_an_error_response(server):
    """Reflection answers NOT_FOUND in-band for a symbol the server does not know."""
    response = _reflect(server, file_containing_symbol="floorman.v1.NoSuchThing")
    assert response.error_response.error_code == grpc.StatusCode.NOT_FOUND.value[0]
