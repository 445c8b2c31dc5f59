"""The standard ``grpc.health.v1.Health/Check`` call without the grpcio-health-checking package.

The two messages are built here in a private descriptor pool (not the default one), so they
never clash with ``grpc_health.v1.health_pb2`` when a process imports both (the server does);
on the wire they are the standard messages.
"""

from __future__ import annotations

from typing import Any, Final

import grpc
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

CHECK_METHOD: Final = "/grpc.health.v1.Health/Check"
SERVING_STATUSES: Final = ("UNKNOWN", "SERVING", "NOT_SERVING", "SERVICE_UNKNOWN")


def _message_classes() -> tuple[Any, Any]:
    field = descriptor_pb2.FieldDescriptorProto
    proto = descriptor_pb2.FileDescriptorProto(
        name="floorman_client/health.proto", package="grpc.health.v1", syntax="proto3"
    )
    request = proto.message_type.add(name="HealthCheckRequest")
    request.field.add(name="service", number=1, type=field.TYPE_STRING, label=field.LABEL_OPTIONAL)
    response = proto.message_type.add(name="HealthCheckResponse")
    status = response.enum_type.add(name="ServingStatus")
    for number, name in enumerate(SERVING_STATUSES):
        status.value.add(name=name, number=number)
    response.field.add(
        name="status",
        number=1,
        type=field.TYPE_ENUM,
        type_name=".grpc.health.v1.HealthCheckResponse.ServingStatus",
        label=field.LABEL_OPTIONAL,
    )
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return (
        message_factory.GetMessageClass(
            pool.FindMessageTypeByName(f"{proto.package}.{request.name}")
        ),
        message_factory.GetMessageClass(
            pool.FindMessageTypeByName(f"{proto.package}.{response.name}")
        ),
    )


HealthCheckRequest, HealthCheckResponse = _message_classes()


def check_method(channel: grpc.Channel | grpc.aio.Channel) -> Any:
    """The ``Health/Check`` multicallable on ``channel`` (sync or asyncio)."""
    return channel.unary_unary(
        CHECK_METHOD,
        request_serializer=HealthCheckRequest.SerializeToString,
        response_deserializer=HealthCheckResponse.FromString,
    )


def status_name(response: Any) -> str:
    """``"SERVING"``, ``"NOT_SERVING"`` ... for a ``HealthCheckResponse``."""
    number = int(response.status)
    return SERVING_STATUSES[number] if 0 <= number < len(SERVING_STATUSES) else str(number)
