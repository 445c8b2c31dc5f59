"""Audit runners that spread the files over processes or a cluster (issue 13 points 3, 5).

Each is a :data:`~floorman.app.audit.Runner`: it runs :func:`~floorman.app.audit.audit_file`
on every ``(file, named)`` pair somewhere else and yields each with its result **in the
files' order**, keeping at most ``window`` tasks (runs of consecutive files, :func:`tasks`) in
flight, so memory is bounded by the window, not by the run. The run's state (duplicate
screening, the summary, the log budget) stays in the calling process
(:func:`~floorman.app.audit.iter_audit_files`), so every runner gives the verdicts of
``--jobs 1`` in the same order.

* :class:`ProcessRunner` — ``floorman audit --jobs N``: a
  :class:`~concurrent.futures.ProcessPoolExecutor` of N processes (started by ``fork`` from
  a single-threaded caller, the CLI; by ``forkserver`` when the caller runs other threads:
  :func:`start_method`). A worker that dies (a crash, the
  out-of-memory killer) breaks the pool: the files then in flight are audited again one at a
  time, each in a fresh process, so the one that kills its process is the only one reported
  (``history.unreadable``), and the run goes on with a new pool.
* :class:`DaskRunner` — ``floorman audit --dask-scheduler ADDRESS``: tasks on a
  ``dask.distributed`` cluster (the optional extra ``floorman[dask]``). The workers read the
  files by their absolute paths (a file system every worker sees) and need floorman
  installed; a task that fails (its worker lost too often: ``KilledWorker``) is that file's
  ``history.unreadable`` verdict.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from floorman.app.audit import FileAudit, Job, audit_file_guarded, failed_file

SAFE_START_METHOD: Final = (
    "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
)
"""How worker processes start when the caller runs other threads: never ``fork`` then (a
copy of a process with other threads, such as a test run's gRPC server, can deadlock)."""
STOPPED: Final = "the audit process stopped while reading this file"


def start_method() -> str:
    """``fork`` when this process runs one thread (the CLI: a worker starts at once, with
    the audit already imported), else :data:`SAFE_START_METHOD`."""
    if threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods():
        return "fork"
    return SAFE_START_METHOD


TASKS_IN_FLIGHT_PER_WORKER: Final = 4
"""Tasks submitted ahead per worker (smooths out files of uneven size; bounds memory)."""
TASK_FILES: Final = 32
TASK_BYTES: Final = 64 * 1024
"""A task is consecutive files up to :data:`TASK_FILES` of them or :data:`TASK_BYTES` in
all (one round trip to a worker for many small files; a large file alone)."""


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity, else ``os.cpu_count()``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def tasks(files: Iterable[Job]) -> Iterator[list[Job]]:
    """Consecutive files grouped into tasks (see :data:`TASK_FILES`)."""
    task: list[Job] = []
    size = 0
    for job in files:
        with contextlib.suppress(OSError):  # audit_file reports it
            size += job[0].stat().st_size
        task.append(job)
        if len(task) >= TASK_FILES or size >= TASK_BYTES:
            yield task
            task, size = [], 0
    if task:
        yield task


def audit_task(task: list[Job], sources: list[str] | None = None) -> list[FileAudit]:
    """:func:`~floorman.app.audit.audit_file_guarded` of each of one task's files (what a
    worker runs); ``sources`` names the files' verdicts (default: their paths; a cluster
    worker reads absolute paths, its working directory is not the caller's, while the
    verdicts keep the names given)."""
    names = [str(path) for path, _ in task] if sources is None else sources
    return [
        audit_file_guarded(path, named, name)
        for (path, named), name in zip(task, names, strict=True)
    ]


def _failed(job: Job, error: BaseException | str) -> FileAudit:
    detail = error if isinstance(error, str) else f"{job[0]}: {error!r}"
    return failed_file(str(job[0]), "the file could not be audited", detail)


class ProcessRunner:
    """``--jobs N``: files audited by ``jobs`` worker processes, results in file order (see
    the module docstring).

    Args:
        jobs: worker processes (>= 1).
        window: tasks in flight (default ``4 * jobs``).
        task: what a worker runs on a task (default :func:`audit_task`; a module-level
            function, the workers import it).
    """

    def __init__(
        self,
        jobs: int,
        *,
        window: int | None = None,
        task: Callable[[list[Job]], list[FileAudit]] | None = None,
    ) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.jobs = jobs
        self.task = audit_task if task is None else task
        self.window = window or TASKS_IN_FLIGHT_PER_WORKER * jobs
        method = start_method()
        self._context = multiprocessing.get_context(method)
        if method == "forkserver":  # workers fork from a server that imported the audit
            self._context.set_forkserver_preload(["floorman.app.audit"])

    def _pool(self, workers: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=workers, mp_context=self._context)

    def __call__(self, files: Iterable[Job]) -> Iterator[tuple[Job, FileAudit]]:
        """Each file with its :class:`FileAudit`, in order."""
        todo = tasks(files)
        pool = self._pool(self.jobs)
        window: deque[tuple[list[Job], Future[list[FileAudit]]]] = deque()
        try:
            while True:
                while len(window) < self.window and (task := next(todo, None)) is not None:
                    window.append((task, pool.submit(self.task, task)))
                if not window:
                    return
                task, future = window.popleft()
                try:
                    results = future.result()
                except BrokenProcessPool:  # a worker died: find which file killed it
                    pool.shutdown(wait=True, cancel_futures=True)
                    suspects = [*task, *(job for t, _ in window for job in t)]
                    window.clear()
                    for suspect in suspects:
                        yield suspect, self._alone(suspect)
                    pool = self._pool(self.jobs)
                    continue
                except Exception as error:  # a bad file never stops the others
                    results = [_failed(job, error) for job in task]
                yield from zip(task, results, strict=True)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _alone(self, job: Job) -> FileAudit:
        """Audit one file in a process of its own (after a worker died)."""
        with self._pool(1) as solo:
            try:
                (result,) = solo.submit(self.task, [job]).result()
                return result
            except BrokenProcessPool:
                return _failed(job, f"{job[0]}: {STOPPED}")
            except Exception as error:
                return _failed(job, error)


class DaskUnavailableError(RuntimeError):
    """``--dask-scheduler`` without the optional extra installed."""


class DaskRunner:
    """``--dask-scheduler ADDRESS``: files audited as tasks on a ``dask.distributed``
    cluster, results in file order (see the module docstring).

    Args:
        address: the scheduler (``tcp://host:8786``), or a ``distributed.Client``.
        window: tasks in flight (default: 4 per worker thread of the cluster, at least 8).

    Raises:
        DaskUnavailableError: ``distributed`` is not installed (``pip install floorman[dask]``).
        OSError: the scheduler cannot be reached (the client's own error).
    """

    def __init__(self, address: Any, *, window: int | None = None) -> None:
        try:
            from distributed import Client
        except ImportError as error:
            raise DaskUnavailableError(
                "--dask-scheduler needs dask.distributed: pip install 'floorman[dask]'"
            ) from error
        self._own = not isinstance(address, Client)
        self.client = Client(address, set_as_default=False) if self._own else address
        threads = sum(self.client.nthreads().values())
        self.window = window or max(8, TASKS_IN_FLIGHT_PER_WORKER * threads)

    def __call__(self, files: Iterable[Job]) -> Iterator[tuple[Job, FileAudit]]:
        """Each file with its :class:`FileAudit`, in order."""
        todo = tasks(files)
        window: deque[tuple[list[Job], Any]] = deque()
        while True:
            while len(window) < self.window and (task := next(todo, None)) is not None:
                absolute = [(path.absolute(), named) for path, named in task]
                sources = [str(path) for path, _ in task]
                future = self.client.submit(audit_task, absolute, sources, pure=False)
                window.append((task, future))
            if not window:
                return
            task, future = window.popleft()
            try:
                results = future.result()
            except Exception as error:  # a bad file never stops the others
                results = [_failed(job, error) for job in task]
            future.release()
            yield from zip(task, results, strict=True)

    def close(self) -> None:
        """Close the client this runner opened (a client passed in stays open)."""
        if self._own:
            self.client.close()
