"""deploy/compose.yaml: it parses, the Compose Specification parser accepts it (when
compose-spec is installed), it references only files that exist, keeps passwords out of the
repository, and configures floorman with settings floorman.config accepts. No Docker engine
runs here: nothing is started."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from floorman.config import resolve_settings
from tests.deploy.deploy_kit import COMPOSE, DEPLOY, REPO_ROOT, load_yaml

SECRET_KEY = re.compile(r"PASSWORD|SECRET|TOKEN|KEY", re.IGNORECASE)
URL_WITH_PASSWORD = re.compile(r"://[^/\s:@]+:[^/\s@]+@")
FLOORMAN_SERVICES = ("floorman-a", "floorman-b")


def _compose() -> dict[str, Any]:
    return load_yaml(COMPOSE)


def _services() -> dict[str, dict[str, Any]]:
    return _compose()["services"]


def _bind_sources(service: dict[str, Any]) -> list[str]:
    """The host paths of a service's bind mounts (short syntax ``./src:/dst[:ro]``)."""
    return [
        volume.split(":")[0]
        for volume in service.get("volumes", [])
        if isinstance(volume, str) and volume.startswith((".", "/"))
    ]


def test_compose_spec_parser_accepts_the_file():
    """The Compose Specification parser (compose-spec, a Rust implementation; merge keys
    resolved as Compose does) accepts the file: no unknown key, bad duration or port."""
    compose_spec = pytest.importorskip(
        "compose_spec", reason="compose-spec comes with deploy/requirements-validate.txt"
    )
    parsed = compose_spec.compose_spec.PyCompose.from_json(json.dumps(_compose()))
    parsed.validate()
    assert sorted(parsed.service_names()) == sorted(
        ["floorman-a", "floorman-b", "postgres", "prometheus", "grafana"]
    )


def test_two_floorman_replicas_share_postgresql():
    """Two floorman services from one definition, each waiting for a healthy PostgreSQL and
    publishing gRPC on its own loopback port."""
    services = _services()
    first, second = (services[name] for name in FLOORMAN_SERVICES)
    assert {k: v for k, v in first.items() if k != "ports"} == {
        k: v for k, v in second.items() if k != "ports"
    }
    assert first["depends_on"]["postgres"]["condition"] == "service_healthy"
    published = [port for name in FLOORMAN_SERVICES for port in services[name]["ports"]]
    assert published == ["127.0.0.1:50051:50051", "127.0.0.1:50061:50051"]


def test_every_service_has_a_health_check_and_pinned_image():
    """Each service checks its health; third-party images are pinned to a version tag."""
    for name, service in _services().items():
        assert service["healthcheck"]["test"][0] in ("CMD", "CMD-SHELL"), name
        image = service["image"]
        assert ":" in image and not image.endswith(":latest"), name


def test_floorman_health_check_is_the_image_script_over_grpc():
    """The floorman health check runs deploy/docker/healthcheck.py as the Dockerfile installs
    it (/opt/floorman/healthcheck.py)."""
    test = _services()["floorman-a"]["healthcheck"]["test"]
    assert test[:3] == ["CMD", "python", "/opt/floorman/healthcheck.py"]
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert "COPY deploy/docker/healthcheck.py /opt/floorman/healthcheck.py" in dockerfile


def test_referenced_files_exist():
    """The build context and Dockerfile, every bind-mounted file or folder, and for each
    operator env file its committed .example twin."""
    floorman = _services()["floorman-a"]
    context = (DEPLOY / floorman["build"]["context"]).resolve()
    assert context == REPO_ROOT.resolve()
    assert (context / floorman["build"]["dockerfile"]).is_file()
    for name, service in _services().items():
        for source in _bind_sources(service):
            assert (DEPLOY / source).exists(), f"{name}: {source}"
        for env_file in service.get("env_file", []):
            path = DEPLOY / env_file["path"]
            assert path.with_name(path.name + ".example").is_file(), f"{name}: {path}"


def test_named_volumes_and_dependencies_are_defined():
    """Every named volume a service mounts is declared; every dependency is a service."""
    compose = _compose()
    declared = set(compose["volumes"])
    for name, service in compose["services"].items():
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if not source.startswith((".", "/")):
                assert source in declared, f"{name}: {source}"
        assert set(service.get("depends_on", {})) <= set(compose["services"]), name


def test_operator_env_files_are_git_ignored():
    """The env files holding passwords are ignored by git (deploy/env/.gitignore)."""
    if not (REPO_ROOT / ".git").exists():
        pytest.skip("not a git work tree")
    for service in _services().values():
        for env_file in service.get("env_file", []):
            path = (DEPLOY / env_file["path"]).relative_to(REPO_ROOT)
            result = subprocess.run(
                ["git", "check-ignore", "--no-index", "-q", str(path)],
                cwd=REPO_ROOT,
                check=False,
            )
            assert result.returncode == 0, f"{path} is not git-ignored"


def test_no_secret_in_clear():
    """No password, token or key is written in compose.yaml: such variables come from env
    files, and no URL carries user:password."""
    text = COMPOSE.read_text()
    assert not URL_WITH_PASSWORD.search(text)
    for name, service in _services().items():
        for key in service.get("environment", {}):
            assert not SECRET_KEY.search(key), f"{name}: {key} belongs in an env file"


def test_example_env_files_hold_placeholders_only():
    """The committed examples carry CHANGE-ME placeholders, never a real value."""
    for example in sorted((DEPLOY / "env").glob("*.env.example")):
        for line in example.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                assert "CHANGE-ME" in line, f"{example.name}: {line}"


def test_floorman_environment_is_valid_for_floorman_config():
    """The FLOORMAN_* settings (with the example store URL) are ones resolve_settings
    accepts: listen on every interface, metrics on, a PostgreSQL store."""
    environment = dict(_services()["floorman-a"]["environment"])
    example = DEPLOY / "env" / "floorman.env.example"
    for line in example.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition("=")
            environment[key] = value
    settings = resolve_settings(env=environment)
    assert (settings.listen.host, settings.listen.port) == ("0.0.0.0", 50051)
    assert settings.metrics_listen is not None and settings.metrics_listen.port == 9464
    assert settings.store.scheme == "postgresql"
    assert settings.grace_seconds == 10.0


def test_stop_grace_outlasts_the_server_grace():
    """Compose waits longer than FLOORMAN_GRACE before it kills a floorman container."""
    service = _services()["floorman-a"]
    stop_seconds = int(service["stop_grace_period"].removesuffix("s"))
    assert stop_seconds > float(service["environment"]["FLOORMAN_GRACE"]) + 5


def test_grafana_mounts_match_the_provisioning_paths():
    """The dashboard provider reads the folder compose mounts the dashboards at, and the
    datasource url names the prometheus service."""
    grafana = _services()["grafana"]
    mounts = dict((volume.split(":")[1], volume.split(":")[0]) for volume in grafana["volumes"])
    provider = load_yaml(DEPLOY / "grafana/provisioning/dashboards/floorman.yml")["providers"][0]
    dashboards_path = provider["options"]["path"]
    assert (DEPLOY / mounts[dashboards_path] / "floorman.json").is_file()
    datasource = load_yaml(DEPLOY / "grafana/provisioning/datasources/prometheus.yml")
    assert datasource["datasources"][0]["url"] == "http://prometheus:9090"
    home = grafana["environment"]["GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"]
    assert Path(home).parent.as_posix() == dashboards_path
