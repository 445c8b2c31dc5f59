"""A small stand-in for ``grpcurl -plaintext -d JSON ADDRESS SERVICE/METHOD``: finds the method
through the server's reflection service (no proto files, as grpcurl does), sends the JSON as the
request and returns the answers as JSON (lowerCamelCase names, default values left out, as
grpcurl prints them). Used to check the README's grpcurl commands; run it by hand as
``python tests/clients/reflection_call.py ADDRESS SERVICE/METHOD [JSON]``."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf import descriptor_pool, json_format, message_factory
from google.rpc import error_details_pb2, status_pb2
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import (
    ProtoReflectionDescriptorDatabase,
)


@dataclass
class Reply:
    """What grpcurl would show: the answers (JSON texts) and the status."""

    code: grpc.StatusCode = grpc.StatusCode.OK
    message: str = ""
    answers: list[str] = field(default_factory=list)
    details: list[dict[str, Any]] = field(default_factory=list)


class ReflectionCaller:
    """Calls any method of the server on ``channel`` by its full name, with JSON."""

    def __init__(self, channel: grpc.Channel) -> None:
        self.channel = channel
        self.pool = descriptor_pool.DescriptorPool(ProtoReflectionDescriptorDatabase(channel))

    def services(self) -> list[str]:
        """``grpcurl list``: the service names the server reflects."""
        database = ProtoReflectionDescriptorDatabase(self.channel)
        return sorted(database.get_services())

    def call(self, method: str, body: str = "{}", *, timeout: float = 10.0) -> Reply:
        """Send ``body`` (JSON) to ``method`` (``floorman.v1.RulesService/EvaluateHand``).
        A server stream is read until it ends or ``timeout`` passes (then its answers so far
        with status OK, as when one stops grpcurl)."""
        service_name, method_name = method.split("/")
        descriptor = self.pool.FindServiceByName(service_name).FindMethodByName(method_name)
        request_type = message_factory.GetMessageClass(descriptor.input_type)
        response_type = message_factory.GetMessageClass(descriptor.output_type)
        request = json_format.Parse(body, request_type())
        path = f"/{service_name}/{method_name}"
        reply = Reply()
        try:
            if descriptor.server_streaming:
                stream = self.channel.unary_stream(
                    path, request.SerializeToString, response_type.FromString
                )(request, timeout=timeout)
                try:
                    for answer in stream:
                        reply.answers.append(json_format.MessageToJson(answer, indent=2))
                except grpc.RpcError as error:
                    if error.code() is not grpc.StatusCode.DEADLINE_EXCEEDED:
                        raise
                return reply
            answer = self.channel.unary_unary(
                path, request.SerializeToString, response_type.FromString
            )(request, timeout=timeout)
            reply.answers.append(json_format.MessageToJson(answer, indent=2))
        except grpc.RpcError as error:
            reply.code, reply.message = error.code(), error.details() or ""
            reply.details = _details(error)
        return reply


_DETAIL_TYPES = (error_details_pb2.ErrorInfo, error_details_pb2.BadRequest)  # for Any -> JSON


def _details(error: Any) -> list[dict[str, Any]]:
    for key, value in error.trailing_metadata() or ():
        if key == "grpc-status-details-bin":
            status = status_pb2.Status.FromString(value)
            return [json.loads(json_format.MessageToJson(d)) for d in status.details]
    return []


def main(argv: list[str]) -> int:
    """``ADDRESS METHOD [JSON]``: print the answers, or the error with its details."""
    address, method, *rest = argv
    with grpc.insecure_channel(address) as channel:
        reply = ReflectionCaller(channel).call(method, rest[0] if rest else "{}")
    for answer in reply.answers:
        print(answer)
    if reply.code is not grpc.StatusCode.OK:
        print(f"ERROR:\n  Code: {reply.code.name}\n  Message: {reply.message}")
        for detail in reply.details:
            print(json.dumps(detail, indent=2))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
