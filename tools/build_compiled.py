"""Build the compiled modules (floorman.compiled) with Cython: ``make compiled``.

Usage::

    python tools/build_compiled.py [--jobs N] [--check] [--clean]

For each module in ``floorman.compiled.COMPILED_PACKAGES`` whose current source has no build in
the compiled folder yet, Cython translates it to C (language level 3, annotations not used as C
types, so the compiled module keeps Python's semantics) and the platform's C compiler builds it;
the result is stored under the name ``floorman.compiled`` looks for (module + source digest).
Builds of sources that no longer exist are removed. A module that fails to build is reported and
left as Python: the service runs the same, only slower. Exit status 0 unless ``--check`` is given
and a module in scope has no build.

Incremental: a second run with no source change compiles nothing (well under a second).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "service"))

from floorman import compiled  # noqa: E402

#: Cython directives: Python semantics kept (no C typing from annotations, Python's division,
#: bound functions that introspect like Python's), and no C asserts of our own.
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,
    "binding": True,
    "embedsignature": False,
    "always_allow_keywords": True,
}

#: Added to Python's own C flags (later flags win): -O2 without debug info builds in about half
#: the time of Python's own -O3 -g (BENCHMARKS.md "Compiled modules").
CFLAGS = os.environ.get("FLOORMAN_COMPILED_CFLAGS", "-O2 -g0").split()


def wanted() -> dict[str, tuple[str, Path]]:
    """``{compiled file name: (module, source path)}`` for every module in scope."""
    out: dict[str, tuple[str, Path]] = {}
    for module, path in compiled.scope_sources(ROOT / "service"):
        out[compiled.compiled_name(module, path.read_bytes())] = (module, path)
    return out


def build(todo: dict[str, tuple[str, Path]], target: Path, jobs: int) -> list[str]:
    """Compile ``todo`` into ``target``; return the modules that failed."""
    from Cython.Build import cythonize  # dev dependency: only the build needs it
    from setuptools import Distribution, Extension

    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="floorman-compiled-") as scratch_name:
        scratch = Path(scratch_name)
        extensions = []
        for _name, (module, path) in sorted(todo.items()):
            # Cython names the C module from the dotted name; the source is copied so the
            # generated C and the object files stay in the scratch folder.
            copy = scratch / "src" / Path(*module.split(".")).with_suffix(".py")
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copy)
            extensions.append(Extension(module, [str(copy)], extra_compile_args=CFLAGS))
        # Every package folder needs an __init__ so Cython derives the dotted names.
        for folder in (scratch / "src").rglob("*"):
            if folder.is_dir():
                (folder / "__init__.py").touch()
        os.chdir(scratch / "src")
        try:
            translated = cythonize(
                extensions,
                compiler_directives=DIRECTIVES,
                quiet=True,
                build_dir=str(scratch / "c"),
                nthreads=jobs,
            )
        except Exception:  # find the module that fails, build the others
            translated = []
            for extension in extensions:
                try:
                    translated.extend(
                        cythonize(
                            [extension],
                            compiler_directives=DIRECTIVES,
                            quiet=True,
                            build_dir=str(scratch / "c"),
                        )
                    )
                except Exception as error:  # a failed module stays Python
                    print(f"compiled: {extension.name}: Cython failed: {error}", file=sys.stderr)
                    failed.append(extension.name)
        if not translated:
            return failed
        distribution = Distribution({"name": "floorman-compiled", "ext_modules": translated})
        command = distribution.get_command_obj("build_ext")
        command.build_lib = str(scratch / "lib")
        command.build_temp = str(scratch / "tmp")
        command.parallel = jobs
        command.ensure_finalized()
        try:
            command.run()
        except Exception as error:  # report, keep what was built
            print(f"compiled: the C build failed: {error}", file=sys.stderr)
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        target.mkdir(parents=True, exist_ok=True)
        for name, (module, _path) in todo.items():
            built = scratch / "lib" / (str(Path(*module.split("."))) + suffix)
            if built.exists():
                # copied beside its final name, then renamed: an interrupted build never
                # leaves a truncated file under a name the finder would load
                partial = target / f".{name}.partial"
                shutil.copyfile(built, partial)
                os.replace(partial, target / name)
            elif module not in failed:
                failed.append(module)
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel C builds")
    parser.add_argument("--check", action="store_true", help="fail when a module has no build")
    parser.add_argument("--clean", action="store_true", help="remove every build first")
    args = parser.parse_args(argv)
    target = compiled.compiled_dir()
    if args.clean and target.exists():
        shutil.rmtree(target)
    want = wanted()
    present = {p.name for p in target.iterdir()} if target.exists() else set()
    for stale in sorted(present - set(want)):  # older sources' builds, interrupted copies
        (target / stale).unlink()
    todo = {name: entry for name, entry in want.items() if name not in present}
    started = time.monotonic()
    failed: list[str] = []
    if todo:
        print(f"compiled: building {len(todo)} of {len(want)} modules into {target}", flush=True)
        try:
            failed = build(todo, target, max(1, args.jobs))
        except ImportError as error:
            print(f"compiled: not built ({error}); floorman runs as plain Python", file=sys.stderr)
            failed = [module for module, _ in todo.values()]
        print(
            f"compiled: {len(todo) - len(failed)} built, {len(failed)} left as Python "
            f"({time.monotonic() - started:.1f} s)",
            flush=True,
        )
    if args.check and failed:
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
