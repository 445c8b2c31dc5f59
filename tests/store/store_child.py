"""A separate process writing to a store, for the crash, race and wake-up tests.

Run as ``python store_child.py MODE URL TABLE [ARGS]``; it reports on stdout, one line per
fact, flushed at once (a line is written only after the store call returned):

* ``append-loop URL TABLE``: append one event at a time forever, ``ack <sequence>`` each;
  event ``s`` carries ``{"i": s}`` and request id ``crash-<s>``.
* ``race URL TABLE WORKER COUNT``: append until COUNT successes, racing other writers on
  ``expected_sequence`` (``ready``, then waits for a line on stdin to start): ``ok <sequence>
  <n>`` per success, ``done <conflicts>`` at the end.
* ``append-one URL TABLE``: append one event after the current sequence, ``ack <sequence>``.
* ``fill URL TABLE ROOM``: (SQLite) lower this process's ``RLIMIT_FSIZE`` to ROOM bytes
  above the database files, append until the store is full: ``full <sequence>
  <may_have_landed> <type>``; read: ``read <sequence>``; raise the limit and retry the
  failed append with its request id: ``ack <sequence>``.
"""

from __future__ import annotations

import json
import os
import resource
import sys

from floorman.store import SequenceMismatch, StoreUnavailable, open_store


def _append_loop(url: str, table_id: str) -> None:
    store = open_store(url)
    sequence = store.current_sequence(table_id)
    while True:
        result = store.append(
            table_id,
            expected_sequence=sequence,
            events=[json.dumps({"i": sequence + 1})],
            request_id=f"crash-{sequence + 1}",
            fingerprint="crash",
            response=b"ok",
        )
        sequence = result.sequence
        print(f"ack {sequence}", flush=True)


def _race(url: str, table_id: str, worker: str, count: int) -> None:
    store = open_store(url)
    print("ready", flush=True)
    sys.stdin.readline()  # the parent starts every racer at once
    conflicts = successes = 0
    while successes < count:
        current = store.current_sequence(table_id)
        try:
            result = store.append(
                table_id,
                expected_sequence=current,
                events=[json.dumps({"worker": worker, "n": successes})],
                request_id=f"{worker}-{successes}",
                fingerprint=worker,
                response=b"ok",
            )
        except SequenceMismatch:
            conflicts += 1
            continue
        print(f"ok {result.sequence} {successes}", flush=True)
        successes += 1
    print(f"done {conflicts}", flush=True)
    store.close()


def _append_one(url: str, table_id: str) -> None:
    store = open_store(url)
    current = store.current_sequence(table_id)
    result = store.append(
        table_id,
        expected_sequence=current,
        events=[json.dumps({"from": "child"})],
        request_id=f"child-{current}",
        fingerprint="child",
        response=b"ok",
    )
    print(f"ack {result.sequence}", flush=True)
    store.close()


def _fill(url: str, table_id: str, room: int) -> None:
    store = open_store(url)
    path = url.removeprefix("sqlite:///")
    size = max(os.path.getsize(f) for f in (path, f"{path}-wal") if os.path.exists(f))
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + room, resource.RLIM_INFINITY))
    sequence = store.current_sequence(table_id)
    while True:
        try:
            sequence = store.append(
                table_id,
                expected_sequence=sequence,
                events=[json.dumps({"fill": sequence + 1, "pad": "x" * 2000})],
                request_id=f"fill-{sequence + 1}",
                fingerprint="fill",
                response=b"ok",
            ).sequence
        except StoreUnavailable as error:
            print(f"full {sequence} {error.may_have_landed} {type(error).__name__}", flush=True)
            break
    print(f"read {store.current_sequence(table_id)}", flush=True)
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    result = store.append(
        table_id,
        expected_sequence=sequence,
        events=[json.dumps({"fill": sequence + 1, "pad": "x" * 2000})],
        request_id=f"fill-{sequence + 1}",
        fingerprint="fill",
        response=b"ok",
    )
    print(f"ack {result.sequence}", flush=True)
    store.close()


def main(argv: list[str]) -> None:
    """Dispatch on the mode named in ``argv[0]``."""
    mode, url, table_id, *rest = argv
    if mode == "append-loop":
        _append_loop(url, table_id)
    elif mode == "race":
        _race(url, table_id, rest[0], int(rest[1]))
    elif mode == "append-one":
        _append_one(url, table_id)
    elif mode == "fill":
        _fill(url, table_id, int(rest[0]))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
