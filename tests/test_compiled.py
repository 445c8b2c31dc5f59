"""The compiled rules core (floorman/compiled.py, ``make compiled``): a build is used only for
the exact source it was built from, plain Python stays the fallback, and both give the same
answers on the corpus.

BENCHMARKS.md "Compiled modules" gives the speed; these tests check only behaviour.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import floorman.domain
from floorman import compiled

REPO_ROOT = Path(__file__).resolve().parents[1]
CORPUS = REPO_ROOT / ".." / "shared" / "corpus"
CARDS_SOURCE = REPO_ROOT / "service" / "floorman" / "domain" / "cards.py"


def test_the_rules_core_is_in_scope_and_the_transport_is_not() -> None:
    assert compiled.in_scope("floorman.domain.engine.betting")
    assert compiled.in_scope("floorman.domain")
    assert not compiled.in_scope("floorman.domainx")
    assert not compiled.in_scope("floorman.transport.server")
    assert not compiled.in_scope("floorman.store.sqlite")


def test_scope_lists_every_domain_module_but_package_inits() -> None:
    names = dict(compiled.scope_sources(REPO_ROOT / "service"))
    assert "floorman.domain.engine.betting" in names
    assert "floorman.domain.cards" in names
    assert not any(name.endswith(".__init__") for name in names)
    assert all(path.suffix == ".py" for path in names.values())


def test_a_build_is_named_by_the_module_and_its_exact_source() -> None:
    first = compiled.compiled_name("floorman.domain.cards", b"x = 1\n")
    again = compiled.compiled_name("floorman.domain.cards", b"x = 1\n")
    edited = compiled.compiled_name("floorman.domain.cards", b"x = 2\n")
    assert first == again != edited
    assert first.startswith("floorman.domain.cards-")
    assert first.endswith(importlib.machinery.EXTENSION_SUFFIXES[0])


def test_the_finder_loads_a_build_that_matches_the_source(tmp_path: Path) -> None:
    name = compiled.compiled_name("floorman.domain.cards", CARDS_SOURCE.read_bytes())
    (tmp_path / name).write_bytes(b"")  # never executed: only the spec is asked for
    finder = compiled.CompiledFinder(tmp_path)
    spec = finder.find_spec("floorman.domain.cards", floorman.domain.__path__)
    assert spec is not None
    assert spec.origin == str(tmp_path / name)
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def test_a_build_of_an_older_source_is_never_used(tmp_path: Path) -> None:
    stale = compiled.compiled_name("floorman.domain.cards", CARDS_SOURCE.read_bytes() + b"#\n")
    (tmp_path / stale).write_bytes(b"")
    finder = compiled.CompiledFinder(tmp_path)
    assert finder.find_spec("floorman.domain.cards", floorman.domain.__path__) is None


def test_packages_modules_out_of_scope_and_an_empty_folder_fall_through(tmp_path: Path) -> None:
    empty = compiled.CompiledFinder(tmp_path / "missing")
    assert empty.find_spec("floorman.domain.cards", floorman.domain.__path__) is None
    name = compiled.compiled_name("floorman.domain.cards", CARDS_SOURCE.read_bytes())
    (tmp_path / name).write_bytes(b"")
    finder = compiled.CompiledFinder(tmp_path)
    assert finder.find_spec("floorman.domain.engine", floorman.domain.__path__) is None
    assert finder.find_spec("floorman.config", None) is None


def test_floorman_compiled_0_switches_the_builds_off(monkeypatch: pytest.MonkeyPatch) -> None:
    for value in ("0", "false", "No", "off"):
        monkeypatch.setenv(compiled.ENV_SWITCH, value)
        assert not compiled.enabled()
        assert compiled.install() is None
    monkeypatch.setenv(compiled.ENV_SWITCH, "1")
    assert compiled.enabled()


def test_under_ci_the_rules_core_runs_compiled() -> None:
    """CI builds the modules (``make test`` runs ``make compiled`` first): the suite then tests
    the code the service runs. Outside CI a machine without a C compiler runs plain Python."""
    if os.environ.get("CI") != "true" or os.environ.get(compiled.ENV_SWITCH) == "0":
        pytest.skip("only CI requires the build")
    for name in ("floorman.domain.engine.betting", "floorman.domain.history.phh",
                 "floorman.domain.ranking", "floorman.domain.audit"):  # fmt: skip
        importlib.import_module(name)

    loaded = compiled.loaded_compiled()
    assert "floorman.domain.engine.betting" in loaded
    assert "floorman.domain.history.phh" in loaded
    wanted = {name for name, _ in compiled.scope_sources(REPO_ROOT / "service")}
    imported = {name for name in sys.modules if name in wanted}
    assert imported <= set(loaded), f"imported as Python: {sorted(imported - set(loaded))}"


_DIGEST_SCRIPT = r"""
import json, sys
from pathlib import Path
from floorman import compiled
from floorman.domain.audit import audit_document, detect_format
from floorman.domain.engine import settle_hand
from floorman.domain.history.phh import map_phh, parse_phh
root = Path(sys.argv[1])
out = {"compiled": len(compiled.loaded_compiled()), "phh": {}, "audit": {}}
for path in sorted((root / "phh").rglob("*.phh")):
    name = str(path.relative_to(root))
    try:
        state = map_phh(parse_phh(path.read_text(encoding="utf-8"))).state
        out["phh"][name] = repr(settle_hand(state)) if state is not None else "no state"
    except Exception as error:
        out["phh"][name] = f"{type(error).__name__}: {error}"
for path in sorted(root.rglob("*")):
    if not path.is_file() or path.suffix not in {".phh", ".txt", ".json", ".xml", ".hh"}:
        continue
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        audits = audit_document(text, source=path.name, format=detect_format(text))
        out["audit"][str(path.relative_to(root))] = [repr(a) for a in audits]
    except Exception as error:
        out["audit"][str(path.relative_to(root))] = f"{type(error).__name__}: {error}"
print(json.dumps(out))
"""


def _corpus_digest(switch: str) -> dict[str, object]:
    env = {**os.environ, compiled.ENV_SWITCH: switch}
    done = subprocess.run(
        [sys.executable, "-c", _DIGEST_SCRIPT, str(CORPUS)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
def test_compiled_and_plain_python_settle_and_audit_the_corpus_alike() -> None:
    """Every corpus PHH hand's settlement and every corpus file's audit are identical with the
    builds on and off (the same source either way: no C typing from annotations)."""
    plain = _corpus_digest("0")
    built = _corpus_digest("1")
    assert plain["compiled"] == 0
    if built["compiled"] == 0:
        pytest.skip("no compiled build here (make compiled)")
    assert len(plain["phh"]) > 500
    audited = [v for v in plain["audit"].values() if isinstance(v, list)]
    assert sum(len(v) for v in audited) > 1000  # hands audited, not files that failed
    for part in ("phh", "audit"):
        differ = sorted(n for n in plain[part] if plain[part][n] != built[part].get(n))
        assert not differ, (part, differ[:5], [plain[part][differ[0]], built[part][differ[0]]])
        assert plain[part].keys() == built[part].keys()
