"""deploy/k8s/: every object validates against the pinned Kubernetes schemas (strict, when
kubernetes-validate is installed; ``.ci/validate-deploy`` always runs it), and the manifests
agree with each other and with the server: native gRPC probes on services the server
registers, settings floorman.config accepts, the store URL from a Secret, a termination grace
longer than the drain, a locked-down security context."""

from __future__ import annotations

from typing import Any

import pytest

from floorman import config as floorman_config
from floorman.config import ENV_STORE, resolve_settings
from floorman.transport.server import SERVICE_NAMES
from floorman.transport.servicers.rules import SERVICE_NAME as RULES_SERVICE
from tests.deploy.deploy_kit import (
    K8S,
    KUBERNETES_VERSIONS,
    kubernetes_object,
    kubernetes_objects,
    load_yaml,
)

POD_LABELS = {"app.kubernetes.io/name": "floorman"}
PROBES = ("startupProbe", "readinessProbe", "livenessProbe")


def _pod_spec() -> dict[str, Any]:
    return kubernetes_object("Deployment", "floorman")["spec"]["template"]["spec"]


def _container() -> dict[str, Any]:
    (container,) = _pod_spec()["containers"]
    return container


def _container_ports() -> dict[str, int]:
    return {port["name"]: port["containerPort"] for port in _container()["ports"]}


def _config() -> dict[str, str]:
    return kubernetes_object("ConfigMap", "floorman-config")["data"]


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_object_validates_strictly_against_pinned_kubernetes(version):
    """kubernetes-validate (bundled schemas, offline, strict: no unknown field) accepts every
    object for the pinned Kubernetes versions."""
    utils = pytest.importorskip(
        "kubernetes_validate.utils",
        reason="kubernetes-validate comes with deploy/requirements-validate.txt",
    )
    for obj in kubernetes_objects():
        utils.validate(obj, version, strict=True)


def test_kustomization_lists_every_manifest():
    """kustomization.yaml applies every other YAML file of deploy/k8s (nothing forgotten),
    and the objects expected by issue 7 are all there."""
    listed = set(load_yaml(K8S / "kustomization.yaml")["resources"])
    present = {path.name for path in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == present
    kinds = {(obj["apiVersion"], obj["kind"]) for obj in kubernetes_objects()}
    assert {
        ("apps/v1", "Deployment"),
        ("v1", "Service"),
        ("v1", "ConfigMap"),
        ("policy/v1", "PodDisruptionBudget"),
        ("autoscaling/v2", "HorizontalPodAutoscaler"),
    } <= kinds


def test_every_namespaced_object_is_in_the_floorman_namespace():
    """All objects but the Namespace itself live in namespace floorman."""
    for obj in kubernetes_objects():
        if obj["kind"] != "Namespace":
            assert obj["metadata"]["namespace"] == "floorman", obj["metadata"]["name"]


def test_probes_are_native_grpc_on_registered_services():
    """Startup, readiness and liveness probes use the kubelet's gRPC health check on the gRPC
    container port; readiness asks about the whole server (""), liveness about RulesService;
    every name asked about is one the server sets SERVING."""
    container = _container()
    grpc_port = _container_ports()["grpc"]
    for probe in PROBES:
        check = container[probe]["grpc"]
        assert check["port"] == grpc_port
        assert check["service"] in ("", *SERVICE_NAMES), probe
    assert container["readinessProbe"]["grpc"]["service"] == ""
    assert container["startupProbe"]["grpc"]["service"] == ""
    assert container["livenessProbe"]["grpc"]["service"] == RULES_SERVICE


def test_config_map_holds_only_known_valid_floorman_settings():
    """Every ConfigMap key is a FLOORMAN_* variable of floorman.config; with a store URL added
    resolve_settings accepts them: gRPC and metrics on every interface at the container
    ports."""
    config = _config()
    known = {value for name, value in vars(floorman_config).items() if name.startswith("ENV_")}
    assert set(config) <= known
    assert ENV_STORE not in config  # the store URL carries a password: it is in the Secret
    settings = resolve_settings(env={**config, ENV_STORE: "postgresql://u@db/floorman"})
    ports = _container_ports()
    assert (settings.listen.host, settings.listen.port) == ("0.0.0.0", ports["grpc"])
    assert settings.metrics_listen is not None
    assert (settings.metrics_listen.host, settings.metrics_listen.port) == (
        "0.0.0.0",
        ports["metrics"],
    )
    assert settings.max_connection_age_ms > 0  # headless round_robin clients rebalance


def test_store_url_comes_from_a_secret_reference_never_a_literal():
    """FLOORMAN_STORE is a secretKeyRef; no Secret object, and no literal URL, is committed."""
    env = {item["name"]: item for item in _container()["env"]}
    assert env[ENV_STORE]["valueFrom"]["secretKeyRef"] == {"name": "floorman-store", "key": "url"}
    assert "value" not in env[ENV_STORE]
    assert not [obj for obj in kubernetes_objects() if obj["kind"] == "Secret"]
    refs = _container()["envFrom"]
    assert refs == [{"configMapRef": {"name": "floorman-config"}}]


def test_termination_grace_outlasts_pre_stop_and_server_grace():
    """terminationGracePeriodSeconds > preStop pause + FLOORMAN_GRACE + 5 s to close the store,
    so the kubelet never kills a draining server."""
    command = _container()["lifecycle"]["preStop"]["exec"]["command"]
    assert command[0] == "sleep"
    pause = float(command[1])
    grace = float(_config()["FLOORMAN_GRACE"])
    assert _pod_spec()["terminationGracePeriodSeconds"] > pause + grace + 5


def test_security_context_is_locked_down():
    """Non-root (the image's uid 10001), read-only root filesystem, no privilege escalation,
    every capability dropped, RuntimeDefault seccomp, no service-account token; /tmp is an
    emptyDir."""
    pod = _pod_spec()
    container = _container()
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] == 10001
    assert pod["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}
    assert pod["automountServiceAccountToken"] is False
    context = container["securityContext"]
    assert context["readOnlyRootFilesystem"] is True
    assert context["allowPrivilegeEscalation"] is False
    assert context["capabilities"]["drop"] == ["ALL"]
    (mount,) = container["volumeMounts"]
    (volume,) = pod["volumes"]
    assert (mount["mountPath"], mount["name"]) == ("/tmp", volume["name"])
    assert "emptyDir" in volume


def test_resources_have_requests_and_limits():
    """CPU and memory requests (the HPA's utilisation base) and limits are set."""
    resources = _container()["resources"]
    assert set(resources["requests"]) == {"cpu", "memory"}
    assert set(resources["limits"]) == {"cpu", "memory"}


def test_services_select_the_pods_and_name_container_ports():
    """A headless Service (client-side round_robin) and a cluster-IP one, both selecting the
    pod labels and targeting named container ports."""
    template_labels = kubernetes_object("Deployment", "floorman")["spec"]["template"]["metadata"][
        "labels"
    ]
    headless = kubernetes_object("Service", "floorman-headless")["spec"]
    normal = kubernetes_object("Service", "floorman")["spec"]
    assert headless["clusterIP"] == "None"
    assert normal["type"] == "ClusterIP" and "clusterIP" not in normal
    ports = _container_ports()
    for spec in (headless, normal):
        assert spec["selector"].items() <= template_labels.items()
        assert {(p["name"], p["port"]) for p in spec["ports"]} == set(ports.items())
        assert {p["targetPort"] for p in spec["ports"]} == set(ports)


def test_pdb_and_hpa_target_the_deployment():
    """The PodDisruptionBudget selects the pods and keeps one; the HPA scales the Deployment
    between 2 and 10 replicas on CPU, and the Deployment leaves replicas to it."""
    deployment = kubernetes_object("Deployment", "floorman")
    assert "replicas" not in deployment["spec"]
    pdb = kubernetes_object("PodDisruptionBudget", "floorman")["spec"]
    assert (
        pdb["selector"]["matchLabels"]
        == POD_LABELS
        == deployment["spec"]["selector"]["matchLabels"]
    )
    assert pdb["minAvailable"] == 1
    hpa = kubernetes_object("HorizontalPodAutoscaler", "floorman")["spec"]
    assert hpa["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": "floorman",
    }
    assert (hpa["minReplicas"], hpa["maxReplicas"]) == (2, 10)
    assert hpa["minReplicas"] > pdb["minAvailable"]
    (metric,) = hpa["metrics"]
    assert metric["resource"]["name"] == "cpu"


def test_pod_annotations_point_prometheus_at_the_metrics_port():
    """prometheus.io/* annotations name the metrics container port and /metrics."""
    annotations = kubernetes_object("Deployment", "floorman")["spec"]["template"]["metadata"][
        "annotations"
    ]
    assert annotations["prometheus.io/scrape"] == "true"
    assert int(annotations["prometheus.io/port"]) == _container_ports()["metrics"]
    assert annotations["prometheus.io/path"] == "/metrics"
