"""Prometheus scrape configs and alert rules (deploy/prometheus/): promtool's checks and unit
tests when promtool is installed (``.ci/validate-deploy`` is the gate that always runs them),
plus structure checks that need no tool."""

from __future__ import annotations

import subprocess
from pathlib import Path

import yaml

from tests.deploy.deploy_kit import (
    ALERT_TESTS,
    ALERTS,
    COMPOSE,
    PROMETHEUS_CONFIGS,
    alert_rules,
    dashboard_expressions,
    dashboard_variable_values,
    kubernetes_object,
    load_yaml,
    promtool,
)
from tests.deploy.promql import substitute_grafana_variables


def _promtool(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [promtool(), *map(str, args)], capture_output=True, text=True, timeout=60, check=False
    )


def test_promtool_accepts_both_scrape_configs():
    """`promtool check config` accepts the compose and the Kubernetes configs (and the rule
    file each loads)."""
    for config in PROMETHEUS_CONFIGS:
        result = _promtool("check", "config", config)
        assert result.returncode == 0, result.stdout + result.stderr


def test_promtool_accepts_the_alert_rules():
    """`promtool check rules` accepts alerts.yml: 8 rules."""
    result = _promtool("check", "rules", ALERTS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS: 8 rules found" in result.stdout


def test_promtool_unit_tests_of_the_alert_rules_pass():
    """`promtool test rules` passes the alert unit tests."""
    result = _promtool("test", "rules", ALERT_TESTS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def test_dashboard_queries_parse_as_promql(tmp_path):
    """Every dashboard query, with Grafana's variables expanded, is valid PromQL to promtool
    (each checked as a recording rule)."""
    values = dashboard_variable_values()
    rules = [
        {"record": f"dashboard:query_{index}", "expr": substitute_grafana_variables(expr, values)}
        for index, (_, expr) in enumerate(dashboard_expressions())
    ]
    path = tmp_path / "dashboard-rules.yml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    result = _promtool("check", "rules", path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"SUCCESS: {len(rules)} rules found" in result.stdout


def test_every_alert_has_a_severity_a_summary_and_a_description():
    """Each alert is labelled severity warning or critical and explains itself."""
    for rule in alert_rules():
        assert rule["labels"]["severity"] in ("warning", "critical"), rule["alert"]
        assert rule["annotations"]["summary"] and rule["annotations"]["description"]
        assert rule["alert"].startswith("Floorman")


def test_unit_tests_make_every_alert_fire():
    """alerts_test.yml expects each alert of alerts.yml to fire at least once."""
    fired = {
        case["alertname"]
        for test in load_yaml(ALERT_TESTS)["tests"]
        for case in test["alert_rule_test"]
        if case["exp_alerts"]
    }
    assert fired == {rule["alert"] for rule in alert_rules()}


def test_compose_scrape_targets_are_the_floorman_services_metrics_port():
    """prometheus.yml's floorman job scrapes every floorman service of compose.yaml on the
    port of its FLOORMAN_METRICS_LISTEN."""
    compose = load_yaml(COMPOSE)
    expected = {
        f"{name}:{service['environment']['FLOORMAN_METRICS_LISTEN'].rpartition(':')[2]}"
        for name, service in compose["services"].items()
        if name.startswith("floorman")
    }
    (job,) = [
        j for j in load_yaml(PROMETHEUS_CONFIGS[0])["scrape_configs"] if j["job_name"] == "floorman"
    ]
    assert {t for static in job["static_configs"] for t in static["targets"]} == expected
    assert len(expected) == 2


def test_kubernetes_scrape_finds_pods_through_the_headless_service():
    """prometheus-k8s.yml resolves the headless Service's DNS name in the manifests'
    namespace and scrapes the container's metrics port."""
    headless = kubernetes_object("Service", "floorman-headless")
    namespace = headless["metadata"]["namespace"]
    container = kubernetes_object("Deployment", "floorman")["spec"]["template"]["spec"][
        "containers"
    ][0]
    metrics_port = {p["name"]: p["containerPort"] for p in container["ports"]}["metrics"]
    (job,) = load_yaml(PROMETHEUS_CONFIGS[1])["scrape_configs"]
    (dns,) = job["dns_sd_configs"]
    assert job["job_name"] == "floorman"
    assert dns["names"] == [f"floorman-headless.{namespace}.svc.cluster.local"]
    assert (dns["type"], dns["port"]) == ("A", metrics_port)
