"""``make bench``: every benchmark of floorman, each beside its reference, in one run.

Sections (each is also runnable alone as ``python -m bench.<module>``):

* ``ranking`` — in-process evaluation vs treys and pokerkit (issue 2; 2-7, A-5 and Badugi:
  issue 12).
* ``board`` — Hold'em (vs treys and pokerkit), Omaha 4/5 high and hi-lo and Short-deck (vs
  pokerkit) evaluation in-process (issue 11).
* ``grpc`` — EvaluateHand over gRPC at concurrency 1 and 16 vs the health Check (issue 2).
* ``batch`` — BatchEvaluateHands and EvaluateHandStream (7-card stud hands/s over one
  connection) beside unary EvaluateHand at concurrency 1 and 16 (issue 15 point 1).
* ``connect`` — EvaluateHand over Connect (``--http-listen``, HTTP/1.1 JSON and binary)
  beside the gRPC port at concurrency 1 and 8 (issue 14).
* ``replay`` — corpus hands replayed per second vs pokerkit (issue 3).
* ``engine`` — the engine step alone: pre-mapped corpus replay (+ settlement) vs pokerkit's
  state replay, and one step at action 5 vs action 40 of a long hand (issue 15 points 3, 4).
* ``store`` — raw store commit and append rates (issue 4).
* ``table`` — durable RecordAction latency at 1 and 50 tables (issue 4).
* ``audit`` — hands audited per second vs pokerkit loading the same PHH (issue 5), and per
  room format (issue 13).
* ``audit_scale`` — ``floorman audit``'s peak RSS on 1x, 10x and 100x the corpus (renumbered
  copies) and the ``--jobs 2`` speed-up over ``--jobs 1`` (issue 13).
* ``load`` — 200 clients mixing evaluation and table traffic for 60 s against one server:
  p50/p99 per RPC, errors, server memory (issue 6).

``python -m bench [--only ranking,board,grpc,...]``. Machines here drift by up to 30 %: every
section interleaves its contenders and reports medians and ratios, not absolute speed.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import traceback
from collections.abc import Sequence

SECTIONS: dict[str, str] = {
    "ranking": "bench.ranking",
    "board": "bench.board_ranking",
    "grpc": "bench.grpc_bench",
    "batch": "bench.batch_bench",
    "connect": "bench.connect_bench",
    "replay": "bench.replay_bench",
    "engine": "bench.engine_bench",
    "store": "bench.store_bench",
    "table": "bench.table_bench",
    "audit": "bench.audit_bench",
    "audit_scale": "bench.audit_scale",
    "load": "bench.load_bench",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen sections in order; a section that fails is reported, the rest still run."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", default=",".join(SECTIONS), help=f"comma-separated subset of {list(SECTIONS)}"
    )
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown sections: {unknown}")
    from floorman import compiled

    print(compiled.describe(), "(make compiled; floorman/compiled.py)", flush=True)
    failed: list[str] = []
    for name in chosen:
        print(f"\n## {name}\n", flush=True)
        started = time.perf_counter()
        try:
            module = importlib.import_module(SECTIONS[name])
            module.main([])
        except Exception:
            traceback.print_exc()
            failed.append(name)
        print(f"\n({name}: {time.perf_counter() - started:.0f} s)", flush=True)
    if failed:
        print(f"\nfailed sections: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
