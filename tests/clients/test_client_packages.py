"""The clients as a new user gets them, outside the repository: the Node.js client's tarball
(`npm pack`) installed into an empty folder, and the Python client's wheel installed into a
fresh virtualenv, each running its examples against the live server. Nothing of the
repository is on the path: the examples are copied out of the installed package (Node) or
next to the fresh interpreter (Python), and run from the empty folder.

These build and install packages (the npm registry and PyPI for the dependencies), so they
run in their own xdist group and only a few of them exist.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
NODE_CLIENT = REPO_ROOT / "clients" / "node"
PYTHON_CLIENT = REPO_ROOT / "clients" / "python"
INSTALL_TIMEOUT = 600

pytestmark = pytest.mark.xdist_group("client_packages")


def _run(command: list[str], cwd: Path, *, env: dict[str, str] | None = None, timeout=120):
    result = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert result.returncode == 0, f"{command}: {result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def _clean_env() -> dict[str, str]:
    """The environment without FLOORMAN_* and without anything pointing into the repository."""
    return {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("FLOORMAN_", "PYTHON", "NODE_PATH", "VIRTUAL_ENV"))
    }


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        if os.environ.get("CI") == "true":
            pytest.fail("npm is needed for the Node.js client's package test")
        pytest.skip("npm not installed")
    return npm


@pytest.fixture(scope="module")
def node_install(tmp_path_factory) -> Path:
    """An empty folder with the packed tarball installed (and typescript for the type check)."""
    npm = _npm()
    # Packed from a copy of the package's tracked files with its own `npm ci`, so nothing else
    # using clients/node/node_modules (make test-node, an editor, another test run) can race
    # the install or the prepare step; the protos come from the repository as in a checkout.
    source = tmp_path_factory.mktemp("node-source") / "node"
    tracked = (
        subprocess.run(
            ["git", "ls-files", "-z", "."], cwd=NODE_CLIENT, capture_output=True, check=True
        )
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, tracked):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(NODE_CLIENT / name, source / name)
    env = {**os.environ, "FLOORMAN_PROTO_SRC": str(REPO_ROOT / "proto")}
    _run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], source, env=env,
         timeout=INSTALL_TIMEOUT)  # fmt: skip
    packs = tmp_path_factory.mktemp("node-pack")
    result = _run([npm, "pack", "--json", "--pack-destination", str(packs)], source, env=env,
                  timeout=INSTALL_TIMEOUT)  # fmt: skip
    (packed,) = json.loads(result.stdout[result.stdout.index("[") :])
    files = {entry["path"] for entry in packed["files"]}
    assert {"proto/floorman/v1/table_service.proto", "src/index.mjs", "types/index.d.ts",
            "types/proto/v1.d.ts", "examples/evaluate.mjs"} <= files  # fmt: skip
    tarball = packs / packed["filename"]
    app = tmp_path_factory.mktemp("node-app")
    (app / "package.json").write_text('{"name": "app", "private": true}\n')
    lock = json.loads((NODE_CLIENT / "package-lock.json").read_text())["packages"]
    dev = [
        f"{name}@{lock[f'node_modules/{name}']['version']}"
        for name in ("typescript", "@types/node")
    ]
    _run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error", str(tarball), *dev],
         app, env=_clean_env(), timeout=INSTALL_TIMEOUT)  # fmt: skip
    installed = app / "node_modules" / "floorman-client"
    assert installed.is_dir() and not installed.is_symlink()
    for example in ("play-hand.js", "evaluate.mjs", "typed.ts"):
        shutil.copy(installed / "examples" / example, app / example)
    return app


def test_node_tarball_runs_its_commonjs_example_in_an_empty_folder(node_install, server):
    """RULES.md Seven Card Stud: the CommonJS example plays a whole service-dealt hand
    through the installed package; the final stacks add up to the three 1000 buy-ins."""
    result = _run(["node", "play-hand.js", server.address], node_install, env=_clean_env())
    lines = result.stdout.splitlines()
    (final,) = [line for line in lines if line.startswith("final stacks: ")]
    stacks = [int(part.split(": ")[1]) for part in final.removeprefix("final stacks: ").split(", ")]
    assert len(stacks) == 3 and sum(stacks) == 3000


def test_node_tarball_runs_its_esm_example_and_refuses_a_misspelt_enum(node_install, server):
    """The ES-module entry: Razz 7-4-3-2-A, Hold'em trips with the board, and
    `dealMode: 'recordd'` refused in the client with the known names."""
    result = _run(["node", "evaluate.mjs", server.address], node_install, env=_clean_env())
    assert result.stdout.splitlines() == [
        "razz low: 7-4-3-2-A",
        "holdem high: HAND_CATEGORY_THREE_OF_A_KIND (Three of a kind, queens)",
        "refused: RangeError: dealMode: unknown floorman.v1.DealMode 'recordd'; known (the "
        "prefix may be left out, any case): DEAL_MODE_SERVICE_DEALT, DEAL_MODE_RECORDED",
    ]


def test_node_tarball_declarations_type_check_a_typescript_example(node_install):
    """`tsc --strict` on the typed example against the installed package's declarations."""
    for config, source in (("tsconfig.json", "typed.ts"), ("tsconfig.wrong.json", "wrong.ts")):
        (node_install / config).write_text(
            json.dumps({
                "compilerOptions": {"strict": True, "noEmit": True, "module": "nodenext",
                                    "moduleResolution": "nodenext", "target": "es2022",
                                    "types": ["node"]},
                "files": [source],
            })
        )  # fmt: skip
    (node_install / "wrong.ts").write_text(
        "import type { v1 } from 'floorman-client';\n"
        "export const sequence: string = ({} as v1.Table__Output).sequence;\n"
    )
    tsc = str(node_install / "node_modules" / ".bin" / "tsc")
    _run([tsc, "-p", "tsconfig.json"], node_install, env=_clean_env())
    wrong = subprocess.run(
        [tsc, "-p", "tsconfig.wrong.json"], cwd=node_install, env=_clean_env(),
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert wrong.returncode != 0 and "error TS2322" in wrong.stdout, wrong.stdout


def test_python_wheel_in_a_fresh_venv_runs_its_example_without_the_server_package(tmp_path, server):
    """The client's wheel holds floorman_client and its own generated floorman_client.v1 and
    nothing of the server; installed into a fresh virtualenv (its three dependencies from the
    index) it plays a whole Seven Card Stud hand and an asyncio evaluation (7-4-3-2-A), and
    the server package is not importable there."""
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
          "--wheel-dir", str(wheels), str(PYTHON_CLIENT)], tmp_path,
         timeout=INSTALL_TIMEOUT)  # fmt: skip
    (wheel,) = wheels.glob("floorman_client-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"floorman_client/aio.py", "floorman_client/py.typed",
            "floorman_client/v1/table_service_pb2_grpc.py",
            "floorman_client/v1/poker_pb2.pyi"} <= names  # fmt: skip
    assert not any(n.startswith("floorman/") for n in names)
    metadata = (
        zipfile.ZipFile(wheel)
        .read(next(n for n in names if n.endswith(".dist-info/METADATA")))
        .decode()
    )
    requires = sorted(
        line.split(":", 1)[1].strip().split(">")[0].split("<")[0].split("=")[0]
        for line in metadata.splitlines()
        if line.startswith("Requires-Dist:")
    )
    assert requires == ["grpcio", "grpcio-status", "protobuf"]
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    python = str(venv / "bin" / "python")
    _run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
         tmp_path, env=_clean_env(), timeout=INSTALL_TIMEOUT)  # fmt: skip
    app = tmp_path / "app"
    app.mkdir()
    shutil.copy(PYTHON_CLIENT / "examples" / "play_hand.py", app / "play_hand.py")
    probe = _run([python, "-c", "import importlib.util as u; print(u.find_spec('floorman'))"],
                 app, env=_clean_env())  # fmt: skip
    assert probe.stdout.strip() == "None"
    result = _run([python, "play_hand.py", server.address], app, env=_clean_env())
    lines = result.stdout.splitlines()
    (final,) = [line for line in lines if line.startswith("final stacks: ")]
    stacks = [int(part.split(": ")[1]) for part in final.removeprefix("final stacks: ").split(", ")]
    assert len(stacks) == 3 and sum(stacks) == 3000
    assert lines[-1] == "async razz low: 7-4-3-2-A"
