"""Metrics and logs of a dedicated real server after a known set of calls (issue 2, item 7).

The server is dedicated so counter values are exact: the shared session server also serves
other tests.
"""

from __future__ import annotations

import time
import urllib.request

import grpc
import pytest
from google.protobuf import descriptor_pool
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc

RULES = "floorman.v1.RulesService"
HEALTH = "grpc.health.v1.Health"
REFLECTION = "grpc.reflection.v1alpha.ServerReflection"
CALLS = 8  # RPCs made by the ``observed`` fixture


@pytest.fixture(scope="module")
def observed(server_factory):
    """A dedicated server after exactly eight RPCs of known outcome."""
    running = server_factory()
    rules = rules_service_pb2_grpc.RulesServiceStub(running.channel)
    rules.EvaluateHand(
        rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s", "Kc", "Kd"])
    )
    rules.EvaluateHand(
        rpb.EvaluateHandRequest(game=pb.GAME_SEVEN_CARD_STUD, cards=["As", "2c", "3d", "4h", "7s"])
    )
    with pytest.raises(grpc.RpcError):
        rules.EvaluateHand(rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["Xx"]))
    rules.CompareHands(
        rpb.CompareHandsRequest(
            game=pb.GAME_SEVEN_CARD_STUD_HI_LO,
            hands=[
                pb.Hand(cards=["As", "2c", "3d", "4h", "7s", "Kc", "Kd"]),
                pb.Hand(cards=["Ah", "2d", "3c", "4s", "6h", "Qd", "Qs"]),
                pb.Hand(cards=["Ks", "Kh", "9d", "9c", "Jh", "Jd", "5c"]),
            ],
        )
    )
    with pytest.raises(grpc.RpcError):
        rules.ValidateAction(rpb.ValidateActionRequest())
    health_pb2_grpc.HealthStub(running.channel).Check(health_pb2.HealthCheckRequest())
    health_pb2_grpc.HealthStub(running.channel).Check(health_pb2.HealthCheckRequest(service=RULES))
    reflection = reflection_pb2_grpc.ServerReflectionStub(running.channel)
    list(
        reflection.ServerReflectionInfo(
            iter([reflection_pb2.ServerReflectionRequest(list_services="")])
        )
    )
    return running


def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """``{(sample name, sorted labels): value}`` of the Prometheus text at ``url``."""
    with urllib.request.urlopen(url, timeout=10) as response:
        text = response.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def rpc_labels(service: str, method: str, grpc_type: str = "unary", **more: str):
    """The sorted label tuple of a ``grpc_server_*`` sample."""
    labels = {"grpc_type": grpc_type, "grpc_service": service, "grpc_method": method, **more}
    return tuple(sorted(labels.items()))


def scrape_when(url: str, key, value: float, *, timeout: float = 10.0):
    """Scrape until ``key`` has ``value`` (a streaming RPC is recorded when its handler
    ends, which may be just after the client saw its last message); return the scrape."""
    deadline = time.monotonic() + timeout
    while True:
        samples = scrape(url)
        if samples.get(key) == value or time.monotonic() > deadline:
            return samples
        time.sleep(0.05)


def test_metrics_count_started_and_handled_rpcs_by_code(observed):
    """grpc_server_started_total / grpc_server_handled_total count every RPC by method and
    status code, health and reflection included."""
    reflection_handled = (
        "grpc_server_handled_total",
        rpc_labels(REFLECTION, "ServerReflectionInfo", "bidi_stream", grpc_code="OK"),
    )
    samples = scrape_when(observed.metrics_url, reflection_handled, 1.0)
    expected = {
        ("grpc_server_started_total", rpc_labels(RULES, "EvaluateHand")): 3.0,
        ("grpc_server_handled_total", rpc_labels(RULES, "EvaluateHand", grpc_code="OK")): 2.0,
        (
            "grpc_server_handled_total",
            rpc_labels(RULES, "EvaluateHand", grpc_code="INVALID_ARGUMENT"),
        ): 1.0,
        ("grpc_server_started_total", rpc_labels(RULES, "CompareHands")): 1.0,
        ("grpc_server_handled_total", rpc_labels(RULES, "CompareHands", grpc_code="OK")): 1.0,
        (
            "grpc_server_handled_total",
            rpc_labels(RULES, "ValidateAction", grpc_code="INVALID_ARGUMENT"),
        ): 1.0,
        ("grpc_server_started_total", rpc_labels(HEALTH, "Check")): 2.0,
        ("grpc_server_handled_total", rpc_labels(HEALTH, "Check", grpc_code="OK")): 2.0,
        (
            "grpc_server_started_total",
            rpc_labels(REFLECTION, "ServerReflectionInfo", "bidi_stream"),
        ): 1.0,
        reflection_handled: 1.0,
    }
    for key, value in expected.items():
        assert samples.get(key) == value, key
    handled = sum(v for (name, _), v in samples.items() if name == "grpc_server_handled_total")
    assert handled == CALLS


def test_metrics_handling_seconds_histogram(observed):
    """grpc_server_handling_seconds is a histogram per method with one observation per RPC."""
    samples = scrape(observed.metrics_url)
    labels = rpc_labels(RULES, "EvaluateHand")
    assert samples[("grpc_server_handling_seconds_count", labels)] == 3.0
    assert samples[("grpc_server_handling_seconds_sum", labels)] > 0.0
    buckets = sorted(
        (float(dict(key)["le"]), value)
        for (name, key), value in samples.items()
        if name == "grpc_server_handling_seconds_bucket"
        and (dict(key)["grpc_method"], dict(key)["grpc_service"]) == ("EvaluateHand", RULES)
    )
    counts = [value for _, value in buckets]
    assert counts == sorted(counts) and counts[-1] == 3.0
    assert buckets[-1][0] == float("inf")


def test_metrics_count_hands_evaluated_per_game(observed):
    """floorman_hands_evaluated_total{game} counts each hand evaluated (CompareHands with
    three hands counts three; refused requests count nothing)."""
    samples = scrape(observed.metrics_url)
    per_game = {
        dict(labels)["game"]: value
        for (name, labels), value in samples.items()
        if name == "floorman_hands_evaluated_total"
    }
    assert per_game == {
        "five_card_draw_7a": 0.0,
        "five_card_draw": 0.0,
        "seven_card_stud": 1.0,
        "razz": 1.0,
        "seven_card_stud_hi_lo": 3.0,
        "five_card_stud": 0.0,
        "texas_holdem": 0.0,
        "omaha": 0.0,
        "omaha_hi_lo": 0.0,
        "five_card_omaha": 0.0,
        "five_card_omaha_hi_lo": 0.0,
        "short_deck_holdem": 0.0,
        "deuce_to_seven_single_draw": 0.0,
        "deuce_to_seven_triple_draw": 0.0,
        "ace_to_five_triple_draw": 0.0,
        "badugi": 0.0,
    }


def test_one_json_log_line_per_rpc(observed):
    """Each RPC logs one JSON line: event "rpc", full method, code, duration_ms, peer."""
    observed.wait_for_log(
        lambda line: line.get("method", "").endswith("/ServerReflectionInfo"), timeout=10
    )
    lines = [line for line in observed.logs() if line.get("event") == "rpc"]
    assert len(lines) == CALLS
    assert [(line["method"], line["code"]) for line in lines] == [
        ("/floorman.v1.RulesService/EvaluateHand", "OK"),
        ("/floorman.v1.RulesService/EvaluateHand", "OK"),
        ("/floorman.v1.RulesService/EvaluateHand", "INVALID_ARGUMENT"),
        ("/floorman.v1.RulesService/CompareHands", "OK"),
        ("/floorman.v1.RulesService/ValidateAction", "INVALID_ARGUMENT"),
        ("/grpc.health.v1.Health/Check", "OK"),
        ("/grpc.health.v1.Health/Check", "OK"),
        ("/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo", "OK"),
    ]
    for line in lines:
        assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0.0
        assert line["peer"].startswith(("ipv4:127.0.0.1:", "ipv6:"))
        assert line["level"] == "info"
        assert "timestamp" in line
        assert "trace_id" not in line and "span_id" not in line  # tracing off (unset)


def test_server_started_line_names_the_ports(observed):
    """The server_started line carries the bound gRPC port and the metrics port."""
    (started,) = [line for line in observed.logs() if line.get("event") == "server_started"]
    assert started["listen"] == f"127.0.0.1:{observed.port}"
    assert started["port"] == observed.port > 0
    assert started["metrics_port"] == observed.metrics_port > 0
    assert started["store"].startswith("sqlite:///")


SERVED = (
    "floorman.v1.RulesService",
    "floorman.v1.AuditService",
    "floorman.v1.TableService",
    HEALTH,
    REFLECTION,
)
SERIES_AT_ZERO = (
    "grpc_server_started_total",
    "grpc_server_msg_received_total",
    "grpc_server_msg_sent_total",
    "grpc_server_handling_seconds_count",
)


def _methods():
    """``(service, method, grpc_type)`` of every method the server registers."""
    # the generated modules put the services in the default pool
    from floorman.v1 import audit_service_pb2, table_service_pb2  # noqa: F401

    kinds = {
        (False, False): "unary",
        (True, False): "client_stream",
        (False, True): "server_stream",
        (True, True): "bidi_stream",
    }
    pool = descriptor_pool.Default()
    return [
        (name, method.name, kinds[(method.client_streaming, method.server_streaming)])
        for name in SERVED
        for method in pool.FindServiceByName(name).methods
    ]


def test_every_method_series_exist_at_zero_then_count_messages(server_factory):
    """Before any call every method of every served service (floorman.v1, health,
    reflection) has its started / msg_received / msg_sent / handling_seconds and
    handled{grpc_code="OK"} series at 0; then grpc_server_msg_received_total and
    grpc_server_msg_sent_total count one request and one answer per unary call (none sent
    for a refused one) and each message of a stream."""
    running = server_factory()
    before = scrape(running.metrics_url)
    methods = _methods()
    assert len(methods) > 20
    for service, method, grpc_type in methods:
        labels = rpc_labels(service, method, grpc_type)
        for name in SERIES_AT_ZERO:
            assert before.get((name, labels)) == 0.0, (name, service, method)
        ok = rpc_labels(service, method, grpc_type, grpc_code="OK")
        assert before.get(("grpc_server_handled_total", ok)) == 0.0, (service, method)

    rules = rules_service_pb2_grpc.RulesServiceStub(running.channel)
    rules.EvaluateHand(
        rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s"])
    )
    with pytest.raises(grpc.RpcError):
        rules.EvaluateHand(rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["Xx"]))
    reflection = reflection_pb2_grpc.ServerReflectionStub(running.channel)
    answers = list(
        reflection.ServerReflectionInfo(
            iter(
                [
                    reflection_pb2.ServerReflectionRequest(list_services=""),
                    reflection_pb2.ServerReflectionRequest(file_containing_symbol=RULES),
                    reflection_pb2.ServerReflectionRequest(list_services=""),
                ]
            )
        )
    )
    assert len(answers) == 3
    bidi = rpc_labels(REFLECTION, "ServerReflectionInfo", "bidi_stream")
    samples = scrape_when(
        running.metrics_url,
        ("grpc_server_handled_total", rpc_labels(REFLECTION, "ServerReflectionInfo",
                                                 "bidi_stream", grpc_code="OK")),
        1.0,
    )  # fmt: skip
    evaluate = rpc_labels(RULES, "EvaluateHand")
    assert samples[("grpc_server_msg_received_total", evaluate)] == 2.0
    assert samples[("grpc_server_msg_sent_total", evaluate)] == 1.0
    assert samples[("grpc_server_msg_received_total", bidi)] == 3.0
    assert samples[("grpc_server_msg_sent_total", bidi)] == 3.0
    compare = rpc_labels(RULES, "CompareHands")
    assert samples[("grpc_server_msg_received_total", compare)] == 0.0
