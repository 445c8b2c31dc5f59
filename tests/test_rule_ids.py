"""Every rule id the code uses is documented (RULES.md "Rule ids": one spelling per rule; its
preamble: where RULES.md is silent, the choice is written down in the project's docs).

The source of ``service/floorman`` (generated code apart) is parsed, not imported. Every
string literal shaped like a rule id (``word.word``) is a rule id unless it stands where a
field path goes (the ``field`` / ``path`` parameter of :class:`FieldViolation`,
``InvalidArgument.single`` or any helper with such a parameter) or is a gRPC channel argument.
Each rule id must be listed in the table at the end of RULES.md or in the "Extra rule ids"
table of ``docs/rules.md``, so a new id cannot appear undocumented.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

REPO_ROOT: Final = Path(__file__).resolve().parents[1]
SOURCE: Final = REPO_ROOT / "service" / "floorman"
RULES_MD: Final = REPO_ROOT / ".." / "shared" / "RULES.md"
PROJECT_RULES: Final = REPO_ROOT / "docs" / "rules.md"
RULE_SHAPE: Final = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")
FIELD_PARAMETERS: Final = frozenset({"field", "path"})
NOT_RULE_PREFIXES: Final = ("grpc.", "rpc.", "lifespan.")
"""gRPC channel arguments (``grpc.keepalive_time_ms`` ...), OpenTelemetry span attributes
(``rpc.method`` ...) and ASGI lifespan messages (``lifespan.startup``) share the shape; they
are not ids."""
TABLE_ID: Final = re.compile(r"`([a-z][a-z0-9_]*\.[a-z][a-z0-9_]*)`")


def _source_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if root / "v1" not in p.parents)


def _parameters(node: ast.AST) -> list[str]:
    """Positional parameter names of a function (``self``/``cls`` dropped), or the annotated
    fields of a class in order (a dataclass's constructor)."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        names = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        return names[1:] if names[:1] in (["self"], ["cls"]) else names
    if isinstance(node, ast.ClassDef):
        init = next((i for i in node.body if getattr(i, "name", "") == "__init__"), None)
        if init is not None:
            return _parameters(init)
        return [i.target.id for i in node.body
                if isinstance(i, ast.AnnAssign) and isinstance(i.target, ast.Name)]  # fmt: skip
    return []


def _field_positions(trees: dict[Path, ast.Module]) -> dict[str, set[int]]:
    """Callable name -> the positions of its field-path parameters (every definition in the
    package; names shared by several definitions merge their positions)."""
    positions: dict[str, set[int]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            names = _parameters(node)
            found = {i for i, name in enumerate(names) if name in FIELD_PARAMETERS}
            if found:
                positions.setdefault(node.name, set()).update(found)  # type: ignore[attr-defined]
    return positions


def _called_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _literals(node: ast.AST) -> Iterator[ast.Constant]:
    """The string constants under ``node`` shaped like a rule id."""
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            yield from [child] if RULE_SHAPE.match(child.value) else []


@functools.cache
def source_rule_ids() -> dict[str, frozenset[str]]:
    """Rule id -> the files of ``service/floorman`` (relative to it) that use it."""
    return scan_rule_ids(SOURCE)


def scan_rule_ids(root: Path) -> dict[str, frozenset[str]]:
    """Rule id -> the files (relative to ``root``) of the Python package at ``root`` that use
    it (its ``v1`` generated code apart)."""
    trees = {path: ast.parse(path.read_text(), filename=str(path)) for path in _source_files(root)}
    fields = _field_positions(trees)
    found: dict[str, set[str]] = {}
    for path, tree in trees.items():
        field_paths: set[int] = set()  # ids of the literal nodes standing for field paths
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for index in fields.get(_called_name(node), ()):
                    if index < len(node.args):
                        field_paths |= {id(c) for c in _literals(node.args[index])}
                for keyword in node.keywords:
                    if keyword.arg in FIELD_PARAMETERS:
                        field_paths |= {id(c) for c in _literals(keyword.value)}
        for literal in _literals(tree):
            if id(literal) in field_paths or literal.value.startswith(NOT_RULE_PREFIXES):
                continue
            found.setdefault(literal.value, set()).add(str(path.relative_to(root)))
    return {rule: frozenset(files) for rule, files in found.items()}


def table_ids(text: str, heading: str) -> set[str]:
    """The backquoted ids in the first column of the table under ``heading``."""
    section = text.split(heading, 1)[1]
    section = re.split(r"\n#{1,6} ", section, maxsplit=1)[0]
    ids: set[str] = set()
    for line in section.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            ids |= set(TABLE_ID.findall(line.split("|")[1]))
    return ids


@pytest.fixture(scope="module")
def rules_md_ids() -> set[str]:
    """The ids of RULES.md's table (skips when ``../shared`` is absent)."""
    if not RULES_MD.is_file():
        pytest.skip(f"RULES.md not found at {RULES_MD.resolve()}")
    return table_ids(RULES_MD.read_text(), "## Rule ids")


@pytest.fixture(scope="module")
def project_ids() -> set[str]:
    """The ids of the "Extra rule ids" table of docs/rules.md."""
    return table_ids(PROJECT_RULES.read_text(), "## Extra rule ids")


def test_the_scan_finds_ids_however_the_code_spells_them():
    """The scanner is not vacuous: it finds ids passed as literals (``turn.out_of_turn``),
    through module constants (``seat.occupied``), returned in tuples (``fixed_limit.cap``),
    in findings (``history.unreadable``) and through helpers (``ante.amount``), and skips
    field paths (``config.seats``, ``rake.cap``) and gRPC channel arguments."""
    found = source_rule_ids()
    assert {
        "turn.out_of_turn", "seat.occupied", "fixed_limit.cap", "history.unreadable",
        "ante.amount", "deal.mode", "card.unknown", "payout.amount",
    } <= set(found)  # fmt: skip
    assert not {"config.seats", "config.game", "rake.cap", "bet_limit.bet_type"} & set(found)
    assert not any(rule.startswith("grpc.") for rule in found)


def test_a_new_id_is_caught_in_any_spelling_and_field_paths_are_not(tmp_path):
    """A new id passed directly, through a constant or returned by a helper is found; a field
    path in FieldViolation or a helper's ``field`` parameter is not."""
    (tmp_path / "module.py").write_text(
        "NEW = 'table.new_rule'\n"
        "def bad(field, rule, message):\n"
        "    return FieldViolation(field, rule, message)\n"
        "def check():\n"
        "    bad('settings.some_field', 'buy_in.other', 'x')\n"
        "    FieldViolation(field='config.other_field', rule='', message='x')\n"
        "    raise RuleViolation(NEW, 'refused')\n"
        "def blocked():\n"
        "    return 'cap.reached', 'no more raises'\n"
    )
    assert set(scan_rule_ids(tmp_path)) == {"table.new_rule", "buy_in.other", "cap.reached"}


def test_every_rule_id_in_the_code_is_documented(rules_md_ids, project_ids):
    """RULES.md "Rule ids" and docs/rules.md: each id the code uses is in RULES.md's table
    or in the project's "Extra rule ids" table."""
    undocumented = {
        rule: sorted(files)
        for rule, files in source_rule_ids().items()
        if rule not in rules_md_ids | project_ids
    }
    assert not undocumented, (
        "rule ids used in the code but documented neither in RULES.md nor in docs/rules.md "
        f"('## Extra rule ids'): {undocumented}"
    )


def test_extra_ids_do_not_shadow_rules_md_and_are_used(rules_md_ids, project_ids):
    """docs/rules.md lists only ids RULES.md lacks (one spelling per rule), each used by the
    code (no stale entries)."""
    assert not project_ids & rules_md_ids
    assert project_ids <= set(source_rule_ids())
