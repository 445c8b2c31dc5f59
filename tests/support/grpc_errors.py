"""Reading the error details a refused call carries (DESIGN.md "Error details")."""

from __future__ import annotations

import re

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

_RULE = re.compile(r"^([a-z_]+\.[a-z_]+): ")


def field_violations(error: grpc.RpcError) -> list[tuple[str, str]]:
    """``(field, description)`` of each ``google.rpc.BadRequest`` field violation, in order.

    Raises:
        AssertionError: the call carried no ``google.rpc.Status`` in its trailers.
    """
    status = rpc_status.from_call(error)
    assert status is not None, f"no google.rpc.Status in the trailers: {error}"
    found: list[tuple[str, str]] = []
    for detail in status.details:
        bad = error_details_pb2.BadRequest()
        if detail.Unpack(bad):
            found += [(v.field, v.description) for v in bad.field_violations]
    return found


def violation_rules(error: grpc.RpcError) -> list[tuple[str, str]]:
    """``(field, rule id)`` of each field violation (rule ``""`` when the description does
    not start with one)."""
    return [
        (field, match.group(1) if (match := _RULE.match(description)) else "")
        for field, description in field_violations(error)
    ]
