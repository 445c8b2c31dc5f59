"""The README's ten-minute tour is true: every command of its "A ten-minute tour" section runs,
in order, against a fresh server, and what the README shows after a command block is what the
commands print. grpcurl commands go through server reflection (:mod:`reflection_call`, as
grpcurl does), ``.venv/bin/floorman`` and the Python heredoc run as written (the address
swapped for the test server's), ``sed`` runs in the same scratch folder. The Node.js commands
are covered by ``make test-node`` (which runs the same example script)."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest

from tests.clients.reflection_call import ReflectionCaller, Reply

REPO_ROOT = Path(__file__).resolve().parents[2]
README = REPO_ROOT / "README.md"
TOUR_ADDRESS = "127.0.0.1:50051"
SKIPPED_PROGRAMS = ("npm", "node", "make", "cd")
EXIT_COMMENT = re.compile(r"#\s*exit status (\d+)")
JSON_PAIR = re.compile(r'"([@\w]+)": ("[^"]*"|-?\d+|true|false)')
SERVICES = {
    "floorman.v1.AuditService",
    "floorman.v1.RulesService",
    "floorman.v1.TableService",
    "grpc.health.v1.Health",
    "grpc.reflection.v1alpha.ServerReflection",
}


@dataclass
class Step:
    """A ``sh`` block of the tour: its commands and the ``text`` block shown after it."""

    commands: list[str]
    shown: str = ""
    outputs: list[str] = field(default_factory=list)
    replies: list[Reply] = field(default_factory=list)


def _tour_steps() -> list[Step]:
    text = README.read_text(encoding="utf-8")
    tour = text.split("## A ten-minute tour", 1)[1].split("\n## ", 1)[0]
    steps: list[Step] = []
    for kind, body in re.findall(r"```(sh|text)\n(.*?)```", tour, flags=re.DOTALL):
        if kind == "text":
            assert steps, "a text block before any command"
            steps[-1].shown = body
            continue
        commands: list[str] = []
        lines = iter(body.splitlines())
        for line in lines:
            while line.endswith("\\"):
                line = line[:-1] + next(lines).strip()
            if line.rstrip().endswith("<<'EOF'"):
                heredoc = []
                for inner in lines:
                    if inner == "EOF":
                        break
                    heredoc.append(inner)
                line = line + "\n" + "\n".join(heredoc)
            if line.strip():
                commands.append(line)
        steps.append(Step(commands))
    return steps


CAMEL_CODES = {
    "".join(part.title() for part in code.name.split("_")): code for code in grpc.StatusCode
}


def _expected_code(shown: str) -> grpc.StatusCode:
    match = re.search(r"^ERROR:\n\s+Code: (\w+)", shown, flags=re.MULTILINE)
    return CAMEL_CODES[match.group(1)] if match else grpc.StatusCode.OK


def _run(step: Step, command: str, caller: ReflectionCaller, address: str, workdir: Path) -> None:
    command = command.replace(TOUR_ADDRESS, address)
    program = shlex.split(command.split("\n", 1)[0], comments=True)[0]
    if program == "grpcurl":
        argv = shlex.split(command)
        if argv[-1] == "list" or argv[-2] == "describe":
            assert set(caller.services()) >= SERVICES
            assert argv[-1] == "list" or argv[-1] in SERVICES
            return
        body = argv[argv.index("-d") + 1]
        reply = caller.call(argv[-1], body, timeout=1.5)
        step.replies.append(reply)
        step.outputs += reply.answers + [json.dumps(d) for d in reply.details]
        return
    if program in SKIPPED_PROGRAMS:
        return
    env = {**os.environ, "FLOORMAN_TARGET": address}
    venv_bin = str(Path(sys.executable).parent)
    if command.startswith(".venv/bin/python - <<'EOF'"):
        script = command.split("\n", 1)[1]
        result = subprocess.run(
            [sys.executable, "-"], input=script, capture_output=True, text=True, cwd=workdir,
            env=env, timeout=120,
        )  # fmt: skip
    else:
        shell = command.replace(".venv/bin/", venv_bin + "/")
        result = subprocess.run(
            ["bash", "-c", shell], capture_output=True, text=True, cwd=workdir, env=env,
            timeout=120,
        )  # fmt: skip
    wanted = EXIT_COMMENT.search(command)
    assert result.returncode == (int(wanted.group(1)) if wanted else 0), (
        f"{command}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    )
    step.outputs += [result.stdout, result.stderr]


def _normal(text: str) -> str:
    return " ".join(text.split())


def _check_shown(step: Step) -> None:
    shown = step.shown
    if not shown:
        return
    actual = _normal(" ".join(step.outputs))
    compact = _normal(" ".join(json.dumps(json.loads(o)) for o in step.outputs if o[:1] == "{"))
    if shown.startswith("ERROR:"):
        reply = step.replies[-1]
        message = re.search(r"Message: (.*)", shown).group(1)
        assert reply.message == message
    if shown.lstrip().startswith(("{", "ERROR:", '"')) or shown.startswith("  "):
        for key, value in JSON_PAIR.findall(shown):
            if value != '"..."':
                assert f'"{key}": {value}' in compact, f'"{key}": {value} not in {compact}'
        return
    for line in shown.splitlines():
        if line.strip() and "..." not in line:
            assert _normal(line) in actual, f"{line!r} not printed:\n{' '.join(step.outputs)}"


def test_readme_tour_commands_run_and_print_what_the_readme_shows(server_factory, tmp_path):
    """Each command of the README tour succeeds (or fails as the README says) against a fresh
    server, and each shown output matches what the commands print."""
    running = server_factory()
    steps = _tour_steps()
    assert sum(len(step.commands) for step in steps) >= 20, "the tour lost its commands"
    caller = ReflectionCaller(running.channel)
    for step in steps:
        for command in step.commands:
            _run(step, command, caller, running.address, tmp_path)
        if step.replies:
            assert step.replies[-1].code is _expected_code(step.shown), step.replies[-1]
            assert all(r.code is grpc.StatusCode.OK for r in step.replies[:-1])
        _check_shown(step)
    running.stop()


def test_readme_keeps_the_two_setup_commands_first():
    """The README opens with ``make run`` and ``make test``."""
    head = README.read_text(encoding="utf-8").split("```", 2)[1]
    assert [line.split()[:2] for line in head.splitlines()[1:]] == [
        ["make", "run"],
        ["make", "test"],
    ]


@pytest.mark.parametrize(
    "link", sorted(set(re.findall(r"\]\(((?:docs|clients)/[^)#]+)\)", README.read_text())))
)
def test_readme_links_point_at_files(link):
    """Every docs/ and clients/ link of the README names a file in the repository."""
    assert (REPO_ROOT / link).is_file(), link
