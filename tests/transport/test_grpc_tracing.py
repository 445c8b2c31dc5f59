"""OpenTelemetry tracing of RPCs (issue 14, item 6; docs/operations.md "Tracing").

A span per RPC with the rpc.* attributes, its ids in the JSON log lines written inside the
RPC, the console exporter of a real server process, and the server without the extra.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys
import time

import grpc
import pytest
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from floorman.config import resolve_settings
from floorman.observability.logging import configure_logging
from floorman.observability.metrics import Metrics
from floorman.observability.tracing import disable_tracing, enable_tracing
from floorman.transport.server import create_server
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc

RULES = "floorman.v1.RulesService"
GOOD = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s"])
BAD = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["Xx"])
CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
CALLER_SPAN = "00f067aa0ba902b7"
TRACEPARENT = f"00-{CALLER_TRACE}-{CALLER_SPAN}-01"


def test_in_process_spans_and_log_ids():
    """One SERVER span per RPC named package.Service/Method with rpc.system / rpc.service /
    rpc.method / rpc.grpc.status_code (0 OK, 3 INVALID_ARGUMENT; an invalid argument is the
    caller's fault: status left unset); the caller's traceparent makes it a child; each
    ``rpc`` log line carries its span's trace_id / span_id."""
    spans = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(spans))
    logs = io.StringIO()
    configure_logging(level="info", stream=logs, trace_ids=True)
    enable_tracing(provider)
    settings = resolve_settings(listen="127.0.0.1:0", metrics_listen="off", env={})

    async def run() -> None:
        server, port = await create_server(settings, metrics=Metrics(), warm=False)
        await server.start()
        try:
            async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
                stub = rules_service_pb2_grpc.RulesServiceStub(channel)
                await stub.EvaluateHand(GOOD)
                with pytest.raises(grpc.aio.AioRpcError) as refused:
                    await stub.EvaluateHand(BAD)
                assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
                await stub.EvaluateHand(GOOD, metadata=(("traceparent", TRACEPARENT),))
        finally:
            await server.stop(None)

    try:
        asyncio.run(run())
    finally:
        disable_tracing()
        configure_logging(level="info", stream=io.StringIO())
    finished = spans.get_finished_spans()
    assert [span.name for span in finished] == [f"{RULES}/EvaluateHand"] * 3
    for span, code in zip(finished, (0, 3, 0), strict=True):
        assert span.kind == SpanKind.SERVER
        assert dict(span.attributes) == {
            "rpc.system": "grpc",
            "rpc.service": RULES,
            "rpc.method": "EvaluateHand",
            "rpc.grpc.status_code": code,
        }
        assert span.status.status_code == StatusCode.UNSET
    assert finished[0].parent is None
    assert format(finished[2].context.trace_id, "032x") == CALLER_TRACE
    assert format(finished[2].parent.span_id, "016x") == CALLER_SPAN
    lines = [json.loads(line) for line in logs.getvalue().splitlines()]
    rpc_lines = [line for line in lines if line.get("event") == "rpc"]
    assert [(line["code"], line["trace_id"], line["span_id"]) for line in rpc_lines] == [
        (
            "OK",
            format(finished[0].context.trace_id, "032x"),
            format(finished[0].context.span_id, "016x"),
        ),
        (
            "INVALID_ARGUMENT",
            format(finished[1].context.trace_id, "032x"),
            format(finished[1].context.span_id, "016x"),
        ),
        ("OK", CALLER_TRACE, format(finished[2].context.span_id, "016x")),
    ]


def _spans_on_stderr(running, count: int, timeout: float = 10.0) -> list[dict]:
    """The first ``count`` console-exporter span lines (JSON) on the server's stderr."""
    deadline = time.monotonic() + timeout
    while True:
        spans = []
        for raw in running.stderr().splitlines():
            try:
                found = json.loads(raw)
            except json.JSONDecodeError:
                continue
            if isinstance(found, dict) and "context" in found:
                spans.append(found)
        if len(spans) >= count or time.monotonic() > deadline:
            return spans
        time.sleep(0.05)


def test_console_exporter_in_a_server_process(server_factory):
    """FLOORMAN_OTEL_EXPORTER=console: one span line per RPC on stderr (stdout keeps only
    the JSON log lines), and its trace_id / span_id are those of the RPC's ``rpc`` line."""
    running = server_factory(env={"FLOORMAN_OTEL_EXPORTER": "console"})
    stub = rules_service_pb2_grpc.RulesServiceStub(running.channel)
    stub.EvaluateHand(GOOD)
    with pytest.raises(grpc.RpcError):
        stub.EvaluateHand(BAD)
    reflection = reflection_pb2_grpc.ServerReflectionStub(running.channel)
    list(
        reflection.ServerReflectionInfo(
            iter([reflection_pb2.ServerReflectionRequest(list_services="")])
        )
    )
    running.wait_for_log(lambda line: line.get("method", "").endswith("/ServerReflectionInfo"))
    rpc_lines = [line for line in running.logs() if line.get("event") == "rpc"]
    assert [line for line in running.logs() if line.get("event") == "non_json_output"] == []
    spans = _spans_on_stderr(running, 3)
    assert [span["name"] for span in spans] == [
        f"{RULES}/EvaluateHand",
        f"{RULES}/EvaluateHand",
        "grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
    ]
    assert [span["attributes"]["rpc.grpc.status_code"] for span in spans] == [0, 3, 0]
    assert [span["kind"] for span in spans] == ["SpanKind.SERVER"] * 3
    assert [(line["trace_id"], line["span_id"]) for line in rpc_lines] == [
        (span["context"]["trace_id"].removeprefix("0x"), span["context"]["span_id"][2:])
        for span in spans
    ]
    assert all(span["resource"]["attributes"]["service.name"] == "floorman" for span in spans)
    (started,) = [line for line in running.logs() if line.get("event") == "server_started"]
    assert "trace_id" not in started  # written outside any RPC


def _serve_command(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("FLOORMAN_")}
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_unknown_exporter_is_a_usage_error():
    """FLOORMAN_OTEL_EXPORTER=zipkin: exit 2 before binding anything, naming the choices."""
    done = _serve_command(
        "import sys; from floorman.cli import main; sys.exit(main(['serve', '--listen', "
        "'127.0.0.1:0', '--metrics-listen', 'off', '--store', 'sqlite:///:memory:']))",
        FLOORMAN_OTEL_EXPORTER="zipkin",
    )
    assert done.returncode == 2, done.stderr
    assert "FLOORMAN_OTEL_EXPORTER='zipkin': expected one of otlp, console or off" in done.stderr


BLOCK_OTEL = (
    "import sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] == 'opentelemetry':\n"
    "            raise ImportError('no ' + name)\n"
    "sys.meta_path.insert(0, Block())\n"
)


def test_tracing_off_needs_no_opentelemetry():
    """Without FLOORMAN_OTEL_EXPORTER the server, its interceptor and logging never import
    OpenTelemetry (the extra is optional): with it unimportable, RPCs are served and logged
    without trace ids."""
    done = _serve_command(
        BLOCK_OTEL + "import asyncio, io, json, grpc\n"
        "from floorman.config import resolve_settings\n"
        "from floorman.observability.logging import configure_logging\n"
        "from floorman.observability.tracing import configure_tracing, exporter_from_env\n"
        "from floorman.transport.server import create_server\n"
        "from floorman.v1 import poker_pb2 as pb, rules_service_pb2 as rpb\n"
        "from floorman.v1 import rules_service_pb2_grpc as g\n"
        "assert configure_tracing(exporter_from_env()) is None\n"
        "logs = io.StringIO(); configure_logging(stream=logs)\n"
        "async def run():\n"
        "    s = resolve_settings(listen='127.0.0.1:0', metrics_listen='off', env={})\n"
        "    server, port = await create_server(s, warm=False)\n"
        "    await server.start()\n"
        "    async with grpc.aio.insecure_channel(f'127.0.0.1:{port}') as channel:\n"
        "        await g.RulesServiceStub(channel).EvaluateHand(rpb.EvaluateHandRequest(\n"
        "            game=pb.GAME_RAZZ, cards=['As', '2c', '3d', '4h', '7s']))\n"
        "    await server.stop(None)\n"
        "asyncio.run(run())\n"
        "(line,) = [json.loads(x) for x in logs.getvalue().splitlines()]\n"
        "assert line['event'] == 'rpc' and 'trace_id' not in line, line\n"
        "assert not [m for m in sys.modules if m.startswith('opentelemetry')]\n"
        "print('served')\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "served"


def test_exporter_without_the_extra_is_a_usage_error():
    """FLOORMAN_OTEL_EXPORTER=console without the OpenTelemetry packages: exit 2 with the
    install hint ``floorman[otel]``."""
    done = _serve_command(
        BLOCK_OTEL + "from floorman.cli import main\n"
        "sys.exit(main(['serve', '--listen', '127.0.0.1:0', '--metrics-listen', 'off', "
        "'--store', 'sqlite:///:memory:']))\n",
        FLOORMAN_OTEL_EXPORTER="console",
    )
    assert done.returncode == 2, done.stderr
    assert "pip install 'floorman[otel]'" in done.stderr
