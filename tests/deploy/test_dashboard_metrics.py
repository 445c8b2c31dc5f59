"""The Grafana dashboard and the alert rules read only what a running server exports
(issue 7 "Show": "a test compares them with a scrape of a running server").

A dedicated ``floorman serve`` answers a few calls of every floorman.v1 service (an evaluated
hand, a refused hand, an audit with a finding, a table created, a table not found) so the
labelled series exist; its ``/metrics`` text is parsed with prometheus_client's parser.
Histograms are matched by their sample names (``_bucket``, ``_sum``, ``_count``), counters by
``_total``. ``up`` is the one series Prometheus adds itself; ``job`` and ``instance`` are the
target labels it attaches.
"""

from __future__ import annotations

import re
import time
import urllib.request
from collections import defaultdict

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from floorman.observability.metrics import Metrics
from floorman.v1 import audit_service_pb2 as apb
from floorman.v1 import audit_service_pb2_grpc, rules_service_pb2_grpc
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import table_service_pb2 as tpb
from tests.deploy.deploy_kit import (
    PROMETHEUS_SYNTHETIC_METRICS,
    TARGET_LABELS,
    alert_expressions,
    dashboard_expressions,
    dashboard_variable_values,
)
from tests.deploy.promql import Selector, grouping_labels, selectors, substitute_grafana_variables
from tests.system.table_client import GrpcTable, settings_pb, stub_for

SERVED = ("floorman.v1.RulesService", "floorman.v1.AuditService", "floorman.v1.TableService")
Scrape = dict[str, list[dict[str, str]]]


def _scrape(url: str) -> Scrape:
    """``{sample name: [labels of each sample]}`` of the Prometheus text at ``url``."""
    with urllib.request.urlopen(url, timeout=10) as response:
        text = response.read().decode()
    samples: Scrape = defaultdict(list)
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[sample.name].append(dict(sample.labels))
    return dict(samples)


@pytest.fixture(scope="module")
def scrape(server_factory) -> Scrape:
    """The /metrics of a dedicated server after calls to every floorman.v1 service."""
    running = server_factory()
    rules = rules_service_pb2_grpc.RulesServiceStub(running.channel)
    rules.EvaluateHand(
        rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["As", "2c", "3d", "4h", "7s"]),
        timeout=30,
    )
    with pytest.raises(grpc.RpcError):
        rules.EvaluateHand(rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=["Xx"]), timeout=30)
    audit = audit_service_pb2_grpc.AuditServiceStub(running.channel)
    junk = apb.HandHistoryDocument(name="junk.txt", content=b"not a hand\n")
    answer = audit.AuditHandHistories(apb.AuditHandHistoriesRequest(documents=[junk]), timeout=30)
    assert answer.summary.findings == 1  # one history.unreadable finding, so a labelled series
    tables = stub_for(running.channel)
    GrpcTable.create(tables, settings_pb(pb.GAME_SEVEN_CARD_STUD))
    with pytest.raises(grpc.RpcError) as missing:
        tables.GetTable(tpb.GetTableRequest(table_id="no-such-table"), timeout=30)
    assert missing.value.code() == grpc.StatusCode.NOT_FOUND
    health_pb2_grpc.HealthStub(running.channel).Check(health_pb2.HealthCheckRequest(), timeout=30)
    deadline = time.monotonic() + 10
    while True:  # a call is counted when its handler ends, just after the client's answer
        samples = _scrape(running.metrics_url)
        services = {labels.get("grpc_service") for labels in samples["grpc_server_handled_total"]}
        if set(SERVED) <= services or time.monotonic() > deadline:
            return samples
        time.sleep(0.05)


def _expressions() -> list[tuple[str, str]]:
    """Every PromQL expression of the dashboard (variables at their "All" values) and alerts."""
    values = dashboard_variable_values()
    return [
        (where, substitute_grafana_variables(expr, values))
        for where, expr in dashboard_expressions()
    ] + alert_expressions()


def _selectors() -> list[tuple[str, Selector]]:
    return [(where, found) for where, expr in _expressions() for found in selectors(expr)]


def _labels_of(scrape: Scrape, name: str) -> set[str]:
    return {label for labels in scrape.get(name, []) for label in labels} | TARGET_LABELS


def test_dashboard_and_alerts_have_expressions():
    """The dashboard has panel queries and variables, the alert file rules: the checks below
    are not vacuous."""
    wheres = [where for where, _ in _expressions()]
    assert sum(w.startswith("panel") for w in wheres) >= 15
    assert sum(w.startswith("variable") for w in wheres) == 2
    assert sum(w.startswith("alert") for w in wheres) == 8


def test_every_metric_name_is_exported_by_the_running_server(scrape):
    """Each metric name in the dashboard's and the alert rules' PromQL is a sample name of the
    live /metrics (or ``up``, which Prometheus adds)."""
    unknown = sorted(
        {
            f"{where}: {found.name}"
            for where, found in _selectors()
            if found.name not in scrape and found.name not in PROMETHEUS_SYNTHETIC_METRICS
        }
    )
    assert not unknown, "metric names the server does not export:\n" + "\n".join(unknown)
    used = {found.name for _, found in _selectors()}
    assert {
        "grpc_server_handled_total",
        "grpc_server_started_total",
        "grpc_server_handling_seconds_bucket",
        "grpc_server_handling_seconds_sum",
        "grpc_server_handling_seconds_count",
        "floorman_hands_evaluated_total",
        "floorman_rule_findings_total",
        "floorman_store_operation_seconds_bucket",
        "floorman_store_operation_seconds_count",
        "floorman_store_errors_total",
    } <= used


def test_matcher_labels_exist_on_their_metric(scrape):
    """Every label a selector matches on is a label of that metric's samples (or a target
    label: job, instance)."""
    wrong = sorted(
        f"{where}: {found.name}{{{matcher.label}}}"
        for where, found in _selectors()
        for matcher in found.matchers
        if matcher.label not in _labels_of(scrape, found.name)
    )
    assert not wrong, "labels the metric does not carry:\n" + "\n".join(wrong)


def test_grouping_labels_exist_on_the_metrics_grouped(scrape):
    """Every by/without/on label is carried by a metric the same expression reads."""
    wrong = []
    for where, expr in _expressions():
        carried = set().union(*(_labels_of(scrape, s.name) for s in selectors(expr)))
        wrong += [f"{where}: {label}" for label in sorted(grouping_labels(expr) - carried)]
    assert not wrong, "grouping labels no metric of the expression carries:\n" + "\n".join(wrong)


def test_status_codes_and_service_names_are_real(scrape):
    """grpc_code values are gRPC status code names; grpc_service values (and regexes) name
    services the server really counts."""
    codes = {code.name for code in grpc.StatusCode}
    served = {labels["grpc_service"] for labels in scrape["grpc_server_started_total"]}
    assert set(SERVED) <= served
    wrong = []
    for where, found in _selectors():
        for matcher in found.matchers:
            if matcher.label == "grpc_code":
                values = matcher.value.split("|") if "~" in matcher.op else [matcher.value]
                wrong += [f"{where}: grpc_code {v!r}" for v in values if v not in codes]
            elif matcher.label == "grpc_service" and matcher.op == "=":
                if matcher.value not in served:
                    wrong.append(f"{where}: grpc_service {matcher.value!r}")
            elif matcher.label == "grpc_service" and matcher.op == "=~":
                pattern = re.compile(matcher.value)
                if not any(pattern.fullmatch(name) for name in served):
                    wrong.append(f"{where}: grpc_service =~ {matcher.value!r} matches none")
    assert not wrong, "\n".join(wrong)


def test_dashboard_covers_every_metric_family_the_service_defines():
    """Each family registered by floorman.observability.metrics.Metrics is shown on the
    dashboard (a new metric there needs a panel in deploy/grafana/dashboards/floorman.json)."""
    values = dashboard_variable_values()
    shown = {
        found.name
        for _, expr in dashboard_expressions()
        for found in selectors(substitute_grafana_variables(expr, values))
    }
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count")}
    missing = [
        family.name
        for family in Metrics().registry.collect()
        if not any(family.name + s in shown for s in suffixes.get(family.type, ("",)))
    ]
    assert not missing, f"metric families without a dashboard panel: {missing}"
