"""Corpus hands replayed per second: floorman's engine beside pokerkit on the same PHH hands.

The hands are the PHH files of ``../shared/corpus/phh`` of the games floorman plays (F7S,
F7S/8, FR; since issue 11 also NT, FT, PO, FO/8 and NS: the 513 NT hands are the corpus NT
replay the issue asks for), read once into memory. Contenders, each over every hand of a variant:

* ``floorman parse+map+replay+settle`` — from the PHH text: ``parse_phh``, ``map_phh`` (which
  replays the hand through the engine while it classifies actions, and keeps the final state)
  and ``settle_hand`` on that state (pots, payouts, final stacks): everything an audit of the
  file needs, each event applied once.
* ``floorman replay (pre-mapped)`` — ``replay`` alone from the configuration and events mapped
  beforehand: the engine's own speed.
* ``pokerkit HandHistory.loads+states`` — pokerkit 0.7.7 from the same text:
  ``HandHistory.loads`` and iterating every state of the hand (its replay, chips pushed and
  pulled at the end).

``FR/wsop-2023-43-5-h85.phh`` is left out on both sides: pokerkit 0.7.7 refuses it (a short
all-in raise; RULES.md "Known differences from pokerkit 0.7.7"); so is
``NT/wsop-2019-42-3-00-01-07.phh``, which floorman refuses (the button's fold is missing: a
fault of the record, ``tests/corpus/test_phh_replay.py``). Rounds are interleaved
(every contender on every variant once per round, in a rotating order) and each figure is the
median of the rounds, because these machines drift by up to 30 %; "vs pokerkit" is the median
of per-round ratios against pokerkit on the same variant in the same round.

The TOML step alone is measured too (:func:`run_toml_bench`, same texts, interleaved):
``tomllib.loads(text, parse_float=Decimal)`` (the standard library, pure Python), ``rtoml.loads``
(Rust) and ``load_toml`` (what ``parse_phh`` uses: rtoml, and tomllib for the few texts rtoml
could read differently, such as decimals). It decided issue 15 point 3: the hand-written
flat-TOML fast path (``toml_flat``, removed) read the corpus at ~37 µs a hand, rtoml at ~8.

Run: ``.venv/bin/python -m bench.replay_bench [--rounds 7] [--min-seconds 0.2]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pokerkit
import rtoml

from floorman import compiled
from floorman.domain.engine import replay, settle_hand
from floorman.domain.history.phh import map_phh, parse_phh
from floorman.domain.history.toml_read import load_toml
from floorman.domain.model import HandConfig, HandEvent

CORPUS_PHH = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "phh"
VARIANT_DIRS = {
    "F7S": "F7S", "F7S/8": "F7S_8", "FR": "FR",
    "NT": "NT", "FT": "FT", "PO": "PO", "FO/8": "FO_8", "NS": "NS",
}  # fmt: skip
EXCLUDED = {
    "FR/wsop-2023-43-5-h85.phh": "pokerkit 0.7.7 refuses its short all-in raise",
    "NT/wsop-2019-42-3-00-01-07.phh": "floorman refuses it: the button's fold is missing",
}
FULL = "floorman parse+map+replay+settle"
REPLAY = "floorman replay (pre-mapped)"
POKERKIT = "pokerkit HandHistory.loads+states"
CONTENDERS = (FULL, REPLAY, POKERKIT)
ALL = "all"


@dataclass(frozen=True, slots=True)
class CorpusHand:
    """One PHH hand: its text, and floorman's mapping of it (for the replay-only line)."""

    name: str
    variant: str
    text: str
    config: HandConfig
    events: tuple[HandEvent, ...]


@dataclass(frozen=True, slots=True)
class Row:
    """Median hands/s of one contender on one variant (``all``: every hand), and the median
    per-round ratio to pokerkit on the same hands (1.0 for pokerkit itself)."""

    contender: str
    variant: str
    hands: int
    rate: float
    vs_pokerkit: float
    rounds: tuple[float, ...]


def load_hands(root: Path = CORPUS_PHH) -> list[CorpusHand]:
    """The PHH hands of :data:`VARIANT_DIRS` under ``root`` (sorted by path), pre-mapped; the
    :data:`EXCLUDED` files are left out.

    Raises:
        FileNotFoundError: ``root`` is missing (the corpus lives beside the repository).
    """
    if not root.is_dir():
        raise FileNotFoundError(f"PHH corpus not found at {root.resolve()}")
    hands = []
    for variant, folder in VARIANT_DIRS.items():
        for path in sorted((root / folder).rglob("*.phh")):
            name = f"{folder}/{path.relative_to(root / folder)}"
            if name in EXCLUDED:
                continue
            text = path.read_text(encoding="utf-8")
            mapping = map_phh(parse_phh(text))
            hands.append(CorpusHand(name, variant, text, mapping.config, mapping.events))
    return hands


def _floorman_full(hands: Sequence[CorpusHand]) -> Callable[[], None]:
    texts = [hand.text for hand in hands]

    def run() -> None:
        for text in texts:
            state = map_phh(parse_phh(text)).state
            assert state is not None  # every corpus hand here is legal (tests/corpus)
            settle_hand(state)

    return run


def _floorman_replay(hands: Sequence[CorpusHand]) -> Callable[[], None]:
    mapped = [(hand.config, hand.events) for hand in hands]

    def run() -> None:
        for config, events in mapped:
            replay(config, events, allow_unknown_up=True)  # written records

    return run


def _pokerkit(hands: Sequence[CorpusHand]) -> Callable[[], None]:
    texts = [hand.text for hand in hands]
    loads = pokerkit.HandHistory.loads

    def run() -> None:
        for text in texts:
            for _state in loads(text):
                pass

    return run


_BUILDERS = {FULL: _floorman_full, REPLAY: _floorman_replay, POKERKIT: _pokerkit}


def _passes(run: Callable[[], None], min_seconds: float) -> int:
    """How many passes over the hands take at least ``min_seconds`` (after one warm-up)."""
    run()
    start = time.perf_counter()
    run()
    once = max(time.perf_counter() - start, 1e-6)
    return max(1, round(min_seconds / once))


def run_replay_bench(
    *,
    rounds: int = 7,
    min_seconds: float = 0.2,
    hands: Sequence[CorpusHand] | None = None,
) -> list[Row]:
    """Measure every contender on every variant and on all hands together.

    Args:
        rounds: interleaved rounds (at least 5 for the published figures); the median is kept.
        min_seconds: each measured window repeats the hands until it lasts about this long.
        hands: the hands (default: :func:`load_hands`).

    Returns:
        One :class:`Row` per (variant, contender), variants in :data:`VARIANT_DIRS` order then
        ``all``, contenders in :data:`CONTENDERS` order.
    """
    hands = load_hands() if hands is None else list(hands)
    groups = {v: [h for h in hands if h.variant == v] for v in VARIANT_DIRS}
    groups = {v: group for v, group in groups.items() if group}
    groups[ALL] = list(hands)
    cases = [(v, c) for v in groups for c in CONTENDERS]
    runs = {(v, c): _BUILDERS[c](groups[v]) for v, c in cases}
    passes = {case: _passes(runs[case], min_seconds) for case in cases}
    rates: dict[tuple[str, str], list[float]] = {case: [] for case in cases}
    for index in range(rounds):
        shift = index % len(cases)
        for case in cases[shift:] + cases[:shift]:
            run, count = runs[case], passes[case]
            start = time.perf_counter()
            for _ in range(count):
                run()
            rates[case].append(len(groups[case[0]]) * count / (time.perf_counter() - start))
    rows = []
    for variant, contender in cases:
        mine, theirs = rates[variant, contender], rates[variant, POKERKIT]
        ratio = statistics.median(a / b for a, b in zip(mine, theirs, strict=True))
        rows.append(
            Row(
                contender=contender,
                variant=variant,
                hands=len(groups[variant]),
                rate=statistics.median(mine),
                vs_pokerkit=ratio,
                rounds=tuple(mine),
            )
        )
    return rows


TOML_READERS: dict[str, Callable[[str], object]] = {
    "tomllib.loads(parse_float=Decimal)": lambda text: tomllib.loads(text, parse_float=Decimal),
    "rtoml.loads": rtoml.loads,
    "floorman load_toml (rtoml; tomllib where they differ)": load_toml,
}


def run_toml_bench(
    hands: Sequence[CorpusHand], *, rounds: int = 7, min_seconds: float = 0.2
) -> list[tuple[str, float, float]]:
    """``(reader, median µs per hand, median per-round speed-up over tomllib)`` of each of
    :data:`TOML_READERS` on the hands' texts, rounds interleaved."""
    texts = [hand.text for hand in hands]
    runs = {
        name: (lambda read=read: [read(text) for text in texts])
        for name, read in TOML_READERS.items()
    }
    passes = {name: _passes(run, min_seconds) for name, run in runs.items()}
    times: dict[str, list[float]] = {name: [] for name in runs}
    names = list(runs)
    for index in range(rounds):
        shift = index % len(names)
        for name in names[shift:] + names[:shift]:
            start = time.perf_counter()
            for _ in range(passes[name]):
                runs[name]()
            times[name].append((time.perf_counter() - start) / passes[name] / len(texts) * 1e6)
    base = times[names[0]]
    return [
        (
            name,
            statistics.median(times[name]),
            statistics.median(b / t for b, t in zip(base, times[name], strict=True)),
        )
        for name in names
    ]


def format_table(rows: Sequence[Row]) -> str:
    """A Markdown table: variant, hands, contender, median hands/s, µs per hand, median
    per-round speed-up over pokerkit."""
    lines = [
        "| variant | hands | contender | hands/s (median) | µs/hand | vs pokerkit |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row.variant} | {row.hands} | {row.contender} | {row.rate:,.0f} | "
            f"{1e6 / row.rate:,.0f} | {row.vs_pokerkit:.1f}x |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bench.replay_bench``: print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (median)")
    parser.add_argument(
        "--min-seconds", type=float, default=0.2, help="length of each measured window"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rows = run_replay_bench(rounds=args.rounds, min_seconds=args.min_seconds)
    excluded = "; ".join(f"{name} ({why})" for name, why in EXCLUDED.items())
    print(
        f"PHH corpus replay, {rows[-1].hands} hands, median of {args.rounds} "
        f"interleaved rounds ({time.perf_counter() - started:.1f} s); excluded: {excluded}; "
        f"{compiled.describe()}"
    )
    print(format_table(rows))
    toml = run_toml_bench(load_hands(), rounds=args.rounds, min_seconds=args.min_seconds)
    print(f"\nTOML step alone, {rows[-1].hands} PHH texts, median of {args.rounds} rounds")
    print("| reader | µs/hand | vs tomllib |\n|---|---:|---:|")
    for name, micros, speedup in toml:
        print(f"| {name} | {micros:.1f} | {speedup:.1f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
