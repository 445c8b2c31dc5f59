"""A worker task for tests/audit/test_audit_parallel.py that kills its process on a file
named ``die.txt`` (a worker lost to a crash or the out-of-memory killer) and audits the
others as usual; module-level so the worker processes import it."""

from __future__ import annotations

import os
from pathlib import Path

from floorman.app.audit import FileAudit
from floorman.app.audit_parallel import audit_task


def dying_task(task: list[tuple[Path, bool]]) -> list[FileAudit]:
    """:func:`~floorman.app.audit_parallel.audit_task`, or the process ends at once."""
    if any(path.name == "die.txt" for path, _ in task):
        os._exit(3)
    return audit_task(task)
