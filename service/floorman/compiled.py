"""Compiled modules: floorman's pure-Python hot paths loaded as C extensions when one was built.

The modules named by :data:`COMPILED_PACKAGES` (the rules core: ranking, engine, settlement, hand
histories, audit) can be compiled by Cython (``make compiled``, ``tools/build_compiled.py``) into
``service/.compiled/`` (or ``FLOORMAN_COMPILED_DIR``). Each compiled file is named after the
module and a digest of the exact source text it was built from::

    floorman.domain.engine.betting-<16 hex of blake2b(source)>.cpython-311-x86_64-linux-gnu.so

:class:`CompiledFinder` sits in front of ``sys.meta_path``: for a module in scope it hashes the
``.py`` file the normal import would load and loads the compiled file only when one with that
digest exists. A source edited since the last build therefore runs as plain Python (never a stale
build); a machine without a C compiler, or ``FLOORMAN_COMPILED=0``, runs everything as plain
Python with the same results. Behaviour is the same either way (Cython compiles the same source,
annotations are not used as C types); only speed differs (BENCHMARKS.md "Compiled modules").

Nothing here imports gRPC or a database; :func:`install` is called by ``floorman/__init__.py``.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType

#: Packages (and their submodules) that are compiled when a build exists: ``floorman.domain``.
COMPILED_PACKAGES: tuple[str, ...] = tuple(f"{__package__}.{sub}" for sub in ("domain",))

#: Modules in scope left as Python: package ``__init__`` files (they only re-export).
_SKIP_BASENAMES = frozenset({"__init__.py"})

#: The environment switch: ``0`` (or ``false``/``no``/``off``) runs everything as plain Python.
ENV_SWITCH = "FLOORMAN_COMPILED"
#: The environment override of the compiled files' folder.
ENV_DIR = "FLOORMAN_COMPILED_DIR"

_DIGEST_HEX = 16


def service_root() -> Path:
    """The folder that holds the ``floorman`` package (``service/`` in a checkout)."""
    return Path(__file__).resolve().parent.parent


def compiled_dir() -> Path:
    """The folder of compiled files: ``$FLOORMAN_COMPILED_DIR`` or ``service/.compiled``."""
    override = os.environ.get(ENV_DIR)
    return Path(override) if override else service_root() / ".compiled"


def enabled() -> bool:
    """False when ``FLOORMAN_COMPILED`` is ``0``, ``false``, ``no`` or ``off``."""
    return os.environ.get(ENV_SWITCH, "1").strip().lower() not in {"0", "false", "no", "off"}


def source_digest(source: bytes) -> str:
    """16 hex digits of the blake2b digest of a module's source bytes (with the Python tag)."""
    tag = (sys.implementation.cache_tag or "").encode()
    return hashlib.blake2b(tag + b"\0" + source, digest_size=_DIGEST_HEX // 2).hexdigest()


def compiled_name(module: str, source: bytes) -> str:
    """The file name a build of ``module`` from ``source`` has in :func:`compiled_dir`."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return f"{module}-{source_digest(source)}{suffix}"


def in_scope(module: str) -> bool:
    """Whether ``module`` (a dotted name) belongs to :data:`COMPILED_PACKAGES`."""
    return any(module == p or module.startswith(p + ".") for p in COMPILED_PACKAGES)


def scope_sources(root: Path | None = None) -> Iterator[tuple[str, Path]]:
    """Every ``(dotted name, .py path)`` in scope under ``root`` (default :func:`service_root`),
    package ``__init__`` files left out, in sorted order."""
    base = root or service_root()
    for package in COMPILED_PACKAGES:
        folder = base.joinpath(*package.split("."))
        for path in sorted(folder.rglob("*.py")):
            if path.name in _SKIP_BASENAMES or "__pycache__" in path.parts:
                continue
            relative = path.relative_to(base).with_suffix("")
            yield ".".join(relative.parts), path


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Loads a module in scope from its compiled file when one matches the source's digest.

    ``find_spec`` returns None (the normal import goes on) for a module out of scope, a package,
    a module whose source is not a ``.py`` file, or one with no matching build.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        try:
            self._names = frozenset(p.name for p in folder.iterdir())
        except OSError:
            self._names = frozenset()

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if not self._names or not in_scope(fullname):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None or spec.submodule_search_locations is not None:
            return None
        if not spec.origin.endswith(".py"):
            return None
        try:
            source = Path(spec.origin).read_bytes()
        except OSError:
            return None
        name = compiled_name(fullname, source)
        if name not in self._names:
            return None
        location = str(self.folder / name)
        loader = importlib.machinery.ExtensionFileLoader(fullname, location)
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)


def install() -> CompiledFinder | None:
    """Put a :class:`CompiledFinder` first on ``sys.meta_path`` (once); None when switched off
    or when no compiled file exists."""
    if not enabled():
        return None
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    finder = CompiledFinder(compiled_dir())
    if not finder._names:
        return None
    sys.meta_path.insert(0, finder)
    return finder


def build_status() -> tuple[int, int]:
    """``(modules with a build of their current source, modules in scope)``; the first is 0
    when the builds are switched off (for ``server_started`` and the benchmarks' headers)."""
    sources = list(scope_sources())
    if not enabled():
        return 0, len(sources)
    folder = compiled_dir()
    try:
        present = {p.name for p in folder.iterdir()}
    except OSError:
        present = set()
    built = sum(compiled_name(module, path.read_bytes()) in present for module, path in sources)
    return built, len(sources)


def describe() -> str:
    """One line for logs and benchmark headers: ``rules core compiled: 110 of 110 modules``."""
    built, total = build_status()
    state = "compiled" if enabled() else f"plain Python ({ENV_SWITCH}=0)"
    return f"rules core {state}: {built} of {total} modules built"


def loaded_compiled() -> list[str]:
    """The modules in scope imported so far from a compiled file (``server_started`` logs how
    many; the tests check them)."""
    extension = importlib.machinery.ExtensionFileLoader
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if in_scope(name) and isinstance(getattr(module, "__loader__", None), extension)
    )
