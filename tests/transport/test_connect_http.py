"""``floorman serve --http-listen`` (issue 14 point 4): the RPCs over Connect (JSON and binary,
unary and server streaming) and gRPC-Web, through the same handlers, auth, limits, logs and
errors as the gRPC port (DESIGN.md "Contract details", Errors), and CORS for the configured
origins. A real server process on loopback; curl for the README's Connect JSON call.

The Connect and gRPC-Web framing below is the test's client side (the envelope: one flag
byte, a 4-byte big-endian length, the message); the server side is ``connectrpc``.
"""

from __future__ import annotations

import base64
import json
import re
import shlex
import shutil
import struct
import subprocess
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.conftest import ServerProcess
from tests.security.security_support import metric_value, scrape, with_token, write_auth_file
from tests.system.table_client import GrpcTable, settings_pb

README = Path(__file__).resolve().parents[2] / "README.md"
README_HTTP = "http://127.0.0.1:8080"
GOOD_ORIGIN = "http://dealer.example"
EVALUATE = "/floorman.v1.RulesService/EvaluateHand"
RAZZ_HAND = ["As", "2c", "3d", "4h", "7s", "Kc", "Kd"]
END_STREAM = 0x02
GRPC_WEB_TRAILERS = 0x80

pytestmark = pytest.mark.xdist_group("connect_http")


def _http_port(server: ServerProcess) -> int:
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    port = started["http_port"]
    assert port > 0
    return int(port)


@pytest.fixture(scope="module")
def http_server(server_factory) -> tuple[ServerProcess, str]:
    """A server with ``--http-listen`` on an ephemeral port and one CORS origin; its base URL."""
    running = server_factory("--http-listen", "127.0.0.1:0", "--http-cors-origins", GOOD_ORIGIN)
    return running, f"http://127.0.0.1:{_http_port(running)}"


def _post(
    url: str, body: bytes, content_type: str, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": content_type, **(headers or {})}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def _envelopes(data: bytes) -> list[tuple[int, bytes]]:
    frames, offset = [], 0
    while offset < len(data):
        flags, length = struct.unpack(">BI", data[offset : offset + 5])
        frames.append((flags, data[offset + 5 : offset + 5 + length]))
        offset += 5 + length
    return frames


def _envelope(message: bytes) -> bytes:
    return struct.pack(">BI", 0, len(message)) + message


def _details(error: dict[str, Any]) -> dict[str, bytes]:
    """Connect error details: type name -> the message bytes (base64 without padding)."""
    return {
        d["type"]: base64.b64decode(d["value"] + "=" * (-len(d["value"]) % 4))
        for d in error.get("details", [])
    }


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl is not installed")
def test_connect_json_unary_with_curl_as_in_the_readme(http_server):
    """The README's call: Razz 7-4-3-2-A (RULES.md "Ace-to-five low"), the same answer as
    the gRPC port's EvaluateHand."""
    server, base = http_server
    readme = README.read_text(encoding="utf-8").split("## Browsers and curl", 1)[1]
    command = re.search(r"^curl .*?EvaluateHand$", readme, flags=re.MULTILINE | re.DOTALL)
    assert command is not None, "the README shows the curl call"
    argv = shlex.split(command.group(0).replace("\\\n", " "))
    assert argv[:5] == ["curl", "-s", "-H", "Content-Type: application/json", "-d"]
    body = argv[5]
    assert json.loads(body) == {"game": "GAME_RAZZ", "cards": RAZZ_HAND}
    assert argv[6] == README_HTTP + EVALUATE
    answer = subprocess.run(
        [*argv[:6], base + EVALUATE],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    got = json.loads(answer.stdout)
    assert got["low"]["bestCards"] == ["7s", "4h", "3d", "2c", "As"]
    assert got["low"]["description"] == "7-4-3-2-A"
    assert got["low"]["qualifies"] is True
    grpc_answer = rpb_grpc.RulesServiceStub(server.channel).EvaluateHand(
        rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=RAZZ_HAND), timeout=30
    )
    assert got["low"]["strength"] == str(grpc_answer.low.strength)


def test_connect_binary_unary_matches_the_grpc_answer(http_server):
    """``application/proto``: the same EvaluateHandResponse bytes as over gRPC."""
    server, base = http_server
    request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=RAZZ_HAND)
    status, headers, body = _post(base + EVALUATE, request.SerializeToString(), "application/proto")
    assert status == 200
    assert headers["content-type"] == "application/proto"
    over_grpc = rpb_grpc.RulesServiceStub(server.channel).EvaluateHand(request, timeout=30)
    assert rpb.EvaluateHandResponse.FromString(body) == over_grpc


def test_invalid_argument_carries_the_field_violations_in_connect_details(http_server):
    """A malformed card: HTTP 400, code ``invalid_argument``, ``google.rpc.BadRequest`` with
    ``cards[1]`` / ``card.malformed`` and the FIELD_VIOLATION ErrorInfo (DESIGN.md Errors)."""
    _, base = http_server
    body = json.dumps({"game": "GAME_RAZZ", "cards": ["As", "Zz", "3d", "4h", "7s"]}).encode()
    status, _, answer = _post(base + EVALUATE, body, "application/json")
    assert status == 400
    error = json.loads(answer)
    assert error["code"] == "invalid_argument"
    details = _details(error)
    bad = error_details_pb2.BadRequest.FromString(details["google.rpc.BadRequest"])
    assert [(v.field, v.description.split(":")[0]) for v in bad.field_violations] == [
        ("cards[1]", "card.malformed")
    ]
    info = error_details_pb2.ErrorInfo.FromString(details["google.rpc.ErrorInfo"])
    assert (info.reason, info.domain, info.metadata["field"]) == (
        "FIELD_VIOLATION",
        "floorman",
        "cards[1]",
    )


def test_watch_table_streams_over_connect(http_server):
    """WatchTable (server streaming, ``application/connect+json``) of a closed Razz table:
    every event in sequence order, ending with the cash-outs and TableClosed, then an
    end-of-stream frame without an error."""
    server, base = http_server
    stub = tpb_grpc.TableServiceStub(server.channel)
    table = GrpcTable.create(stub, settings_pb(pb.GAME_RAZZ, small_bet=20, ante=5))
    for seat in (1, 2):
        table.seat(seat, 500, f"connect-{seat}-{table.prefix}")
    table.call("CloseTable")
    body = _envelope(json.dumps({"tableId": table.table_id}).encode())
    status, headers, answer = _post(
        base + "/floorman.v1.TableService/WatchTable", body, "application/connect+json"
    )
    assert status == 200
    assert headers["content-type"] == "application/connect+json"
    frames = _envelopes(answer)
    assert frames[-1][0] == END_STREAM
    assert json.loads(frames[-1][1]) == {}
    events = [json_format.Parse(payload, tpb.WatchTableResponse()) for _, payload in frames[:-1]]
    kinds = [item.event.WhichOneof("kind") for item in events]
    assert kinds[-3:] == ["seat_left", "seat_left", "table_closed"]
    over_grpc = list(stub.WatchTable(tpb.WatchTableRequest(table_id=table.table_id), timeout=30))
    assert events == over_grpc


def test_grpc_web_unary(http_server):
    """gRPC-Web (``application/grpc-web+proto``, served by connectrpc): the answer frame, then
    a trailers frame with ``grpc-status: 0``."""
    server, base = http_server
    request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=RAZZ_HAND)
    status, headers, answer = _post(
        base + EVALUATE,
        _envelope(request.SerializeToString()),
        "application/grpc-web+proto",
        {"X-Grpc-Web": "1"},
    )
    assert status == 200
    assert headers["content-type"].startswith("application/grpc-web")
    (flags, message), (trailer_flags, trailers) = _envelopes(answer)
    assert flags == 0
    over_grpc = rpb_grpc.RulesServiceStub(server.channel).EvaluateHand(request, timeout=30)
    assert rpb.EvaluateHandResponse.FromString(message) == over_grpc
    assert trailer_flags == GRPC_WEB_TRAILERS
    assert b"grpc-status: 0" in trailers.lower()


def test_rpc_over_http_is_logged_and_counted_like_grpc(http_server):
    """The observability chain of the gRPC port: an ``rpc`` log line with the method and
    code, and ``grpc_server_handled_total`` counts the call by its code."""
    server, base = http_server
    labels = {
        "grpc_type": "unary",
        "grpc_service": "floorman.v1.RulesService",
        "grpc_method": "EvaluateHand",
        "grpc_code": "INVALID_ARGUMENT",
    }
    before = metric_value(scrape(server.metrics_url), "grpc_server_handled_total", **labels)
    bad = json.dumps({"game": "GAME_RAZZ", "cards": ["Zz"]}).encode()
    assert _post(base + EVALUATE, bad, "application/json")[0] == 400
    after = metric_value(scrape(server.metrics_url), "grpc_server_handled_total", **labels)
    assert after == before + 1
    body = json.dumps({"game": "GAME_RAZZ", "cards": RAZZ_HAND}).encode()
    assert _post(base + EVALUATE, body, "application/json")[0] == 200
    line = server.wait_for_log(
        lambda line: (
            line.get("event") == "rpc"
            and line.get("method") == EVALUATE
            and line.get("code") == "OK"
        )
    )
    assert line["peer"].startswith("ipv4:127.0.0.1:")


def test_cors_preflight_allowed_for_the_configured_origin_only(http_server):
    """``--http-cors-origins``: the preflight of a listed origin is answered with the origin
    and the Connect headers allowed; another origin gets no ``access-control-allow-origin``."""
    _, base = http_server

    def preflight(origin: str) -> tuple[int, dict[str, str]]:
        request = urllib.request.Request(
            base + EVALUATE,
            method="OPTIONS",
            headers={
                "Origin": origin,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type,connect-protocol-version",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, {k.lower(): v for k, v in answer.headers.items()}
        except urllib.error.HTTPError as error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}

    status, headers = preflight(GOOD_ORIGIN)
    assert status == 200
    assert headers["access-control-allow-origin"] == GOOD_ORIGIN
    assert "connect-protocol-version" in headers["access-control-allow-headers"]
    status, headers = preflight("http://elsewhere.example")
    assert status == 400
    assert "access-control-allow-origin" not in headers


def test_http_listen_is_off_unless_set(server):
    """Without ``--http-listen`` (or FLOORMAN_HTTP_LISTEN) no HTTP port is opened."""
    started = server.wait_for_log(lambda line: line.get("event") == "server_started")
    assert started["http_port"] == 0


@pytest.fixture(scope="module")
def auth_http(server_factory, tmp_path_factory) -> tuple[ServerProcess, str, dict[str, str]]:
    path = tmp_path_factory.mktemp("connect-auth") / "auth.toml"
    tokens = write_auth_file(path)
    running = server_factory("--auth-file", str(path), "--http-listen", "127.0.0.1:0")
    return running, f"http://127.0.0.1:{_http_port(running)}", tokens


@pytest.mark.parametrize(
    ("authorization", "reason"),
    [(None, "TOKEN_MISSING"), ("Bearer not-a-known-token", "TOKEN_UNKNOWN")],
)
def test_missing_or_unknown_token_is_refused_as_on_grpc(auth_http, authorization, reason):
    """With an auth file, a call without a token or with an unknown one is UNAUTHENTICATED
    with the same ErrorInfo reason as the gRPC port; a valid token is served."""
    server, base, tokens = auth_http
    request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=RAZZ_HAND)
    headers = {} if authorization is None else {"Authorization": authorization}
    status, _, body = _post(
        base + EVALUATE, request.SerializeToString(), "application/proto", headers
    )
    assert status == 401
    error = json.loads(body)
    assert error["code"] == "unauthenticated"
    info = error_details_pb2.ErrorInfo.FromString(_details(error)["google.rpc.ErrorInfo"])
    assert info.reason == reason
    channel = server.channel
    if authorization is not None:
        channel = with_token(channel, authorization.removeprefix("Bearer "))
    with pytest.raises(grpc.RpcError) as refused:
        rpb_grpc.RulesServiceStub(channel).EvaluateHand(request, timeout=30)
    assert refused.value.code() is grpc.StatusCode.UNAUTHENTICATED
    assert refused.value.details() == error["message"]
    ok = _post(
        base + EVALUATE,
        request.SerializeToString(),
        "application/proto",
        {"Authorization": f"Bearer {tokens['observer']}"},
    )
    assert ok[0] == 200


def test_server_with_http_listen_exits_0_on_sigterm(server_factory):
    """SIGTERM stops the HTTP listener with the gRPC port: exit code 0 (DESIGN.md drain)."""
    running = server_factory("--http-listen", "127.0.0.1:0")
    base = f"http://127.0.0.1:{_http_port(running)}"
    body = json.dumps({"game": "GAME_RAZZ", "cards": RAZZ_HAND}).encode()
    assert _post(base + EVALUATE, body, "application/json")[0] == 200
    assert running.stop() == 0


def test_misspelt_enum_name_or_field_in_json_is_invalid_argument(http_server):
    """JSON is parsed strictly: ``GAME_RAZZZ`` or an unknown field is ``invalid_argument``
    naming it, never silently the default (issue 14)."""
    _, base = http_server
    for body, named in (
        ({"game": "GAME_RAZZZ", "cards": RAZZ_HAND}, "GAME_RAZZZ"),
        ({"gam": "GAME_RAZZ", "cards": RAZZ_HAND}, '"gam"'),
    ):
        status, _, answer = _post(base + EVALUATE, json.dumps(body).encode(), "application/json")
        assert status == 400
        error = json.loads(answer)
        assert error["code"] == "invalid_argument"
        assert named in error["message"]


@pytest.mark.parametrize(
    ("body", "content_type", "named"),
    [
        (b'{"game": "GAME_FOO"}', "application/json", "GAME_FOO"),
        (b'{"players": "abc"}', "application/json", "players"),
        (b'{"cards": "As"}', "application/json", "cards"),
        (b"{not json", "application/json", "Failed to load JSON"),
        (b"\xff\xff\xff\xff", "application/proto", "floorman.v1.EvaluateHandRequest"),
    ],
)
def test_a_body_that_does_not_parse_carries_the_field_violation(
    http_server, body, content_type, named
):
    """DESIGN.md "Errors" and README "Browsers and curl": a Connect body that is not the
    method's message (bad JSON, a wrong type or enum name, bytes that do not parse) is
    ``invalid_argument`` with ``google.rpc.BadRequest`` on ``request`` and the FIELD_VIOLATION
    ErrorInfo, as the gRPC port answers a malformed request."""
    _, base = http_server
    status, _, answer = _post(base + EVALUATE, body, content_type)
    assert status == 400
    error = json.loads(answer)
    assert error["code"] == "invalid_argument"
    assert named in error["message"]
    details = _details(error)
    bad = error_details_pb2.BadRequest.FromString(details["google.rpc.BadRequest"])
    assert [v.field for v in bad.field_violations] == ["request"]
    assert bad.field_violations[0].description.startswith(
        "the request is not a valid floorman.v1.EvaluateHandRequest message"
    )
    info = error_details_pb2.ErrorInfo.FromString(details["google.rpc.ErrorInfo"])
    assert (info.reason, info.metadata["field"]) == ("FIELD_VIOLATION", "request")


def _get(url: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_the_dealer_terminal_is_served_beside_the_rpcs(http_server):
    """``GET /`` is the terminal page and ``/terminal/<name>`` its assets (issue 14 point 5);
    anything else outside ``/pkg.Service/`` stays 404, and the RPC routes are unchanged."""
    _, base = http_server
    status, headers, body = _get(base + "/")
    assert (status, headers["content-type"]) == (200, "text/html; charset=utf-8")
    assert b'<script src="/terminal/terminal.js">' in body
    status, headers, body = _get(base + "/terminal/terminal.js")
    assert (status, headers["content-type"]) == (200, "text/javascript; charset=utf-8")
    # The esbuild bundle of clients/web (make terminal), speaking Connect via connect-web.
    assert body.startswith(b"// floorman dealer terminal: generated by `make terminal`")
    assert b'"Connect-Protocol-Version"' in body
    assert _get(base + "/terminal/terminal.css")[0] == 200
    for path in (
        "/terminal/",
        "/terminal/missing.js",
        "/terminal/..%2Fconnect.py",
        "/terminal/../connect.py",
        "/terminal/__init__.py",
        "/index.html",
    ):
        assert _get(base + path)[0] == 404, path
    assert _post(base + "/", b"{}", "application/json")[0] == 404
    status, _, answer = _post(
        base + EVALUATE,
        json.dumps({"game": "GAME_RAZZ", "cards": RAZZ_HAND}).encode(),
        "application/json",
    )
    assert status == 200 and json.loads(answer)["low"]["description"] == "7-4-3-2-A"


def test_batch_evaluate_hands_over_connect_json(http_server):
    """BatchEvaluateHands (issue 15 point 1) over Connect JSON: the results in order, the bad
    hand's own status with its BadRequest inline (``@type``), its path prefixed by the item.
    EvaluateHandStream is bidirectional, gRPC only: not routed here (404)."""
    _, base = http_server
    body = json.dumps(
        {
            "requests": [
                {"game": "GAME_RAZZ", "cards": RAZZ_HAND},
                {"game": "GAME_RAZZ", "cards": ["As", "Zz", "3d", "4h", "7s"]},
            ]
        }
    ).encode()
    status, _, answer = _post(
        base + "/floorman.v1.RulesService/BatchEvaluateHands", body, "application/json"
    )
    assert status == 200
    results = json.loads(answer)["results"]
    assert results[0]["answer"]["low"]["description"] == "7-4-3-2-A"
    error = results[1]["error"]
    assert error["code"] == 3
    bad = next(d for d in error["details"] if d["@type"].endswith("google.rpc.BadRequest"))
    assert [v["field"] for v in bad["fieldViolations"]] == ["requests[1].cards[1]"]
    status, _, _ = _post(
        base + "/floorman.v1.RulesService/EvaluateHandStream", b"{}", "application/json"
    )
    assert status == 404
