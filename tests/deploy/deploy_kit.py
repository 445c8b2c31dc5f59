"""The deploy kit's files, loaded for the tests in ``tests/deploy/``.

Paths are relative to the repository root; YAML is read with PyYAML (the ``test`` extra).
Nothing here starts a process.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import yaml

REPO_ROOT: Final = Path(__file__).resolve().parents[2]
DEPLOY: Final = REPO_ROOT / "deploy"
DOCKERFILE: Final = DEPLOY / "Dockerfile"
DOCKERIGNORE: Final = REPO_ROOT / ".dockerignore"
COMPOSE: Final = DEPLOY / "compose.yaml"
K8S: Final = DEPLOY / "k8s"
PROMETHEUS: Final = DEPLOY / "prometheus"
ALERTS: Final = PROMETHEUS / "alerts.yml"
ALERT_TESTS: Final = PROMETHEUS / "tests" / "alerts_test.yml"
PROMETHEUS_CONFIGS: Final = (PROMETHEUS / "prometheus.yml", PROMETHEUS / "prometheus-k8s.yml")
DASHBOARD: Final = DEPLOY / "grafana" / "dashboards" / "floorman.json"
GRAFANA_PROVISIONING: Final = DEPLOY / "grafana" / "provisioning"
HEALTHCHECK: Final = DEPLOY / "docker" / "healthcheck.py"
CONSTRAINTS: Final = DEPLOY / "constraints.txt"
KUBERNETES_VERSIONS: Final = ("1.31.0", "1.37.0")
"""Pinned: the oldest Kubernetes the manifests support and the newest the validator bundles
(keep in step with ``.ci/validate-deploy``)."""
PROMETHEUS_SYNTHETIC_METRICS: Final = frozenset({"up"})
"""Series Prometheus adds per scrape target; no exporter serves them."""
TARGET_LABELS: Final = frozenset({"job", "instance"})
"""Labels Prometheus attaches to every scraped series."""


def load_yaml(path: Path) -> Any:
    """The single YAML document in ``path``."""
    return yaml.safe_load(path.read_text())


def load_yaml_documents(path: Path) -> list[Any]:
    """Every non-empty YAML document in ``path``."""
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc is not None]


def dashboard() -> dict[str, Any]:
    """The Grafana dashboard JSON."""
    return json.loads(DASHBOARD.read_text())


def dashboard_panels(panels: list[dict[str, Any]] | None = None) -> Iterator[dict[str, Any]]:
    """Every panel of the dashboard, rows' nested panels included."""
    for panel in dashboard()["panels"] if panels is None else panels:
        yield panel
        yield from dashboard_panels(panel.get("panels", []))


def dashboard_expressions() -> list[tuple[str, str]]:
    """``(where, PromQL)`` of every panel target and every query variable's metric selector
    (``label_values(selector, label)`` gives ``selector``)."""
    found = [
        (f"panel {panel['title']!r} target {target['refId']}", target["expr"])
        for panel in dashboard_panels()
        for target in panel.get("targets", [])
        if target.get("expr")
    ]
    for variable in dashboard()["templating"]["list"]:
        if variable["type"] != "query":
            continue
        definition = variable["definition"]
        assert definition.startswith("label_values(") and definition.endswith(")"), definition
        selector = definition[len("label_values(") : definition.rindex(",")]
        found.append((f"variable {variable['name']!r}", selector))
    return found


def dashboard_variable_values() -> dict[str, str]:
    """What each dashboard variable expands to when "All" is selected (its ``allValue``)."""
    values: dict[str, str] = {}
    for variable in dashboard()["templating"]["list"]:
        if variable["type"] == "query":
            values[variable["name"]] = variable["allValue"]
        elif variable["type"] == "datasource":
            values[variable["name"]] = "prometheus"
    return values


def alert_rules() -> list[dict[str, Any]]:
    """Every rule of ``deploy/prometheus/alerts.yml``."""
    return [rule for group in load_yaml(ALERTS)["groups"] for rule in group["rules"]]


def alert_expressions() -> list[tuple[str, str]]:
    """``(where, PromQL)`` of every alert rule."""
    return [(f"alert {rule['alert']}", rule["expr"]) for rule in alert_rules()]


def kubernetes_objects() -> list[dict[str, Any]]:
    """Every object of the files ``deploy/k8s/kustomization.yaml`` lists, in order."""
    kustomization = load_yaml(K8S / "kustomization.yaml")
    return [doc for name in kustomization["resources"] for doc in load_yaml_documents(K8S / name)]


def kubernetes_object(kind: str, name: str) -> dict[str, Any]:
    """The one object of ``kind`` named ``name``."""
    (found,) = [
        obj
        for obj in kubernetes_objects()
        if obj["kind"] == kind and obj["metadata"]["name"] == name
    ]
    return found


def promtool() -> str:
    """The promtool binary, or skip the test (``.ci/validate-deploy`` installs it)."""
    import pytest

    path = shutil.which("promtool")
    if path is None:
        pytest.skip("promtool not installed (Debian package prometheus; .ci/validate-deploy)")
    return path
