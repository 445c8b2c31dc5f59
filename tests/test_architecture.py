"""The layers of DESIGN.md "Architecture": imports point inward only.

domain (pure) <- app <- transport; store and observability are ports/adapters the app may use;
only the transport (and the composition root: cli, config) touches gRPC or generated pb2 code.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "service" / "floorman"

# What the pure domain core may import besides itself: no I/O, no clock, no RNG, no gRPC
# (the standard library's pure modules and one pure parser, rtoml).
DOMAIN_STDLIB = {
    "__future__",
    "abc",
    "bisect",
    "collections",
    "dataclasses",
    "datetime",  # only as a data type (HandRecord.started_at); no clock reads (checked below)
    "decimal",
    "enum",
    "functools",
    "hashlib",
    "itertools",
    "json",
    "math",
    "operator",
    "re",
    "rtoml",  # a pure TOML parser (compiled, no I/O): domain/history/toml_read.py, issue 15 pt 3
    "string",
    "tomllib",
    "types",
    "typing",
    "unicodedata",
}
TRANSPORT_ONLY = ("grpc", "grpc_health", "grpc_reflection", "grpc_status", "google", "floorman.v1")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _modules(layer: str) -> list[Path]:
    return sorted((PACKAGE / layer).rglob("*.py"))


def _is(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


@pytest.mark.parametrize("path", _modules("domain"), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_domain_core_imports_only_itself_and_pure_stdlib(path: Path) -> None:
    """The domain core (DESIGN.md layer 2) imports no gRPC, database, I/O, clock or RNG."""
    bad = {
        name
        for name in _imports(path)
        if not _is(name, "floorman.domain") and name.split(".")[0] not in DOMAIN_STDLIB
    }
    assert not bad, f"{path.name} imports {sorted(bad)}"
    text = path.read_text(encoding="utf-8")
    for clock_or_rng in ("datetime.now(", "time.time(", "random.", "secrets."):
        assert clock_or_rng not in text, f"{path.name} reads a clock or RNG: {clock_or_rng}"


@pytest.mark.parametrize("layer", ["domain", "app", "store", "observability", "security"], ids=str)
def test_only_the_transport_touches_grpc_and_generated_code(layer: str) -> None:
    """gRPC and the generated pb2 modules stay in the transport (DESIGN.md layer 4)."""
    offenders = {
        str(path.relative_to(PACKAGE)): sorted(
            name for name in _imports(path) if any(_is(name, t) for t in TRANSPORT_ONLY)
        )
        for path in _modules(layer)
    }
    assert not {k: v for k, v in offenders.items() if v}


@pytest.mark.parametrize("layer", ["app", "store", "observability"], ids=str)
def test_inner_layers_never_import_the_transport(layer: str) -> None:
    """Arrows point down only: nothing below the transport imports it."""
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in _modules(layer)
        if any(_is(name, "floorman.transport") for name in _imports(path))
    ]
    assert not offenders
