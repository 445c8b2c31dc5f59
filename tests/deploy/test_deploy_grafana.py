"""The Grafana dashboard JSON and its provisioning: a well-formed dashboard whose every query
goes to the provisioned Prometheus datasource (metric names are checked against a live
scrape in test_dashboard_metrics.py)."""

from __future__ import annotations

from tests.deploy.deploy_kit import (
    GRAFANA_PROVISIONING,
    dashboard,
    dashboard_panels,
    load_yaml,
)

REQUIRED_TITLES = (
    "RPC rate by method and code",
    "Error and refusal ratio by service",
    "Latency p50 / p99 by method (unary)",
    "Hands evaluated by game",
    "Rule findings by rule",
    "Store errors by operation and error",
    "Store operation latency p50 / p99",
    "Table write latency p99",
)


def test_dashboard_identity_and_schema():
    """A fixed uid (stable links), a title, a refresh, and Grafana 10+ schema."""
    board = dashboard()
    assert (board["uid"], board["title"]) == ("floorman", "floorman")
    assert board["schemaVersion"] >= 36
    assert board["editable"] is False


def test_panels_have_unique_ids_and_do_not_overlap():
    """Every panel has a unique id and a grid position inside 24 columns; no two overlap."""
    panels = list(dashboard_panels())
    ids = [panel["id"] for panel in panels]
    assert len(ids) == len(set(ids))
    cells: set[tuple[int, int]] = set()
    for panel in panels:
        grid = panel["gridPos"]
        assert grid["x"] >= 0 and grid["x"] + grid["w"] <= 24, panel["title"]
        area = {
            (x, y)
            for x in range(grid["x"], grid["x"] + grid["w"])
            for y in range(grid["y"], grid["y"] + grid["h"])
        }
        assert not area & cells, f"{panel['title']} overlaps another panel"
        cells |= area


def test_every_query_uses_the_datasource_variable_and_has_a_unit():
    """Each non-row panel queries through ${datasource} with unique refIds and shows a unit;
    panel descriptions explain what is plotted."""
    for panel in dashboard_panels():
        if panel["type"] == "row":
            continue
        assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}
        ref_ids = [target["refId"] for target in panel["targets"]]
        assert len(ref_ids) == len(set(ref_ids)) and ref_ids, panel["title"]
        for target in panel["targets"]:
            assert target["datasource"] == panel["datasource"]
        assert panel["fieldConfig"]["defaults"]["unit"], panel["title"]
        assert panel["description"], panel["title"]


def test_issue_panels_are_present():
    """The panels issue 7 asks for: RPC rate by method and code, error ratio, p50/p99 latency,
    hands by game, findings by rule, store metrics."""
    titles = {panel["title"] for panel in dashboard_panels()}
    assert set(REQUIRED_TITLES) <= titles


def test_datasource_variable_defaults_to_the_provisioned_prometheus():
    """The datasource variable's default is the uid the provisioning file gives Prometheus."""
    (provisioned,) = load_yaml(GRAFANA_PROVISIONING / "datasources/prometheus.yml")["datasources"]
    (variable,) = [v for v in dashboard()["templating"]["list"] if v["type"] == "datasource"]
    assert variable["query"] == provisioned["type"] == "prometheus"
    assert variable["current"]["value"] == provisioned["uid"]
