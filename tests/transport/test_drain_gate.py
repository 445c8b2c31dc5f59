"""The drain gate (issue 16 point 4; DESIGN.md "Composition root"), in process: while open
it counts the running floorman.v1 calls and lets them finish; once closed every new
floorman.v1 call is UNAVAILABLE with ErrorInfo SERVER_SHUTTING_DOWN before any work, while
grpc.health.v1 still answers."""

from __future__ import annotations

import asyncio

import grpc
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_status import rpc_status

from floorman.config import DEFAULT_STORE, HostPort, Settings, parse_store_url
from floorman.transport import guards
from floorman.transport.drain import DrainGate
from floorman.transport.server import create_server
from floorman.transport.servicers.rules import RulesCore
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc

REQUEST = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s"])


class Holding(grpc.aio.ServerInterceptor):
    """Holds every unary floorman.v1 call (after the gate) until ``release`` is set."""

    def __init__(self) -> None:
        self.entered = asyncio.Event()
        self.release = asyncio.Event()

    async def intercept_service(self, continuation, handler_call_details):
        handler = await continuation(handler_call_details)
        if not handler_call_details.method.startswith("/floorman.v1."):
            return handler
        behavior = guards.behavior_of(handler)

        async def held(request, context):
            self.entered.set()
            await self.release.wait()
            return await behavior(request, context)

        return guards.rebuild(handler, held)


async def _scenario() -> dict[str, object]:
    holding = Holding()
    gate = DrainGate()
    settings = Settings(
        listen=HostPort("127.0.0.1", 0),
        metrics_listen=None,
        store=parse_store_url(DEFAULT_STORE, source="test"),
    )
    server, port = await create_server(
        settings, core=RulesCore(), warm=False, interceptors=(gate, holding)
    )
    await server.start()
    seen: dict[str, object] = {}
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = rules_service_pb2_grpc.RulesServiceStub(channel)
            running = asyncio.ensure_future(stub.EvaluateHand(REQUEST, timeout=30))
            await asyncio.wait_for(holding.entered.wait(), 30)
            seen["running"] = gate.running
            gate.close()
            seen["idle_while_running"] = await gate.wait_idle(0.05)
            try:
                await stub.EvaluateHand(REQUEST, timeout=30)
            except grpc.aio.AioRpcError as error:
                seen["refused"] = error
            health = health_pb2_grpc.HealthStub(channel)
            answer = await health.Check(health_pb2.HealthCheckRequest(service=""), timeout=30)
            seen["health"] = answer.status
            holding.release.set()
            seen["answer"] = await running
            seen["idle_after"] = await gate.wait_idle(30)
    finally:
        holding.release.set()
        await server.stop(None)
    return seen


def test_a_closed_gate_refuses_new_calls_and_lets_running_ones_finish():
    """A call running when the gate closes is counted and ends OK (wait_idle waits for it);
    a new call is UNAVAILABLE ``server shutting down`` with ErrorInfo SERVER_SHUTTING_DOWN;
    health still answers."""
    seen = asyncio.run(_scenario())
    assert seen["running"] == 1
    assert seen["idle_while_running"] is False
    refused = seen["refused"]
    assert isinstance(refused, grpc.aio.AioRpcError)
    assert refused.code() is grpc.StatusCode.UNAVAILABLE
    assert refused.details().startswith("server shutting down")
    status = rpc_status.from_call(refused)
    info = error_details_pb2.ErrorInfo()
    assert status is not None and status.details[0].Unpack(info)
    assert (info.reason, info.domain) == ("SERVER_SHUTTING_DOWN", "floorman")
    assert seen["health"] == health_pb2.HealthCheckResponse.SERVING
    assert seen["answer"].low.category  # type: ignore[attr-defined]
    assert seen["idle_after"] is True
