"""Audit benchmark: hands audited per second from the corpus, beside pokerkit loading and
replaying the same PHH files, in one run (issue 5).

Contenders, each over the same texts, rounds interleaved (A, B, C, A, B, C ...), figures the
median of the rounds (these machines drift by up to 30 %):

* ``floorman audit PHH`` — parse, map and audit every seed-game PHH hand of
  ``../shared/corpus/phh`` (F7S, F7S/8, FR) from its text: every rule, pot, rake, payouts;
* ``pokerkit load+replay PHH`` — ``HandHistory.loads`` of the same texts and a walk through
  every state (pokerkit 0.7.7 refuses ``FR/wsop-2023-43-5-h85.phh``, RULES.md "Known
  differences": that file is left out of both PHH contenders);
* ``floorman audit rooms`` — every seed-game hand of the PokerStars and Full Tilt files
  (read, mapped and audited; no reference library reads these).

The ranking tables are built before timing. Every contender runs in this one process, on
one core (no worker processes: ``audit_document`` directly, as ``floorman audit --jobs 1``
does per document), so the ratio is per core (issue 15 point 5).
Run: ``python -m bench.audit_bench [--rounds R]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from floorman import compiled
from floorman.app.audit import decode_history
from floorman.app.evaluation import evaluate_hand, warm_up_request
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document, detect_format
from floorman.domain.model import Game

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"
POKERKIT_REJECTS = {"wsop-2023-43-5-h85.phh"}


def seed_phh_texts(corpus: Path) -> list[str]:
    """The seed-game PHH hands pokerkit also reads (29 of 30)."""
    folders = ("F7S", "F7S_8", "FR")
    paths = [p for f in folders for p in sorted((corpus / "phh" / f).glob("*.phh"))]
    return [p.read_text(encoding="utf-8") for p in paths if p.name not in POKERKIT_REJECTS]


ROOM_FORMATS: tuple[SourceFormat, ...] = (
    SourceFormat.BOVADA,
    SourceFormat.MERGE,
    SourceFormat.EVERLEAF,
    SourceFormat.ONGAME,
    SourceFormat.WINAMAX,
    SourceFormat.PARTYPOKER,
    SourceFormat.IPOKER,
    SourceFormat.BOSS,
    SourceFormat.WINNING,
    SourceFormat.KINGSCLUB,
    SourceFormat.ABSOLUTE,
)
"""The room formats of issue 13, each measured on its own (hands per second per format)."""


def room_texts(
    corpus: Path,
    formats: Sequence[SourceFormat] = (SourceFormat.POKERSTARS, SourceFormat.FULL_TILT),
) -> list[tuple[str, SourceFormat, int]]:
    """(text, format, seed-game hands) of every file in ``formats`` (default: PokerStars
    and Full Tilt)."""
    out = []
    for path in sorted((corpus / "hh-fpdb").rglob("*")) + sorted(
        (corpus / "hh-poker-hand-parser").glob("*.txt")
    ):
        if not path.is_file() or path.parent == corpus / "hh-fpdb":
            continue
        text = decode_history(path.read_bytes())
        fmt = detect_format(text)
        if fmt in formats:
            audits = audit_document(text, source=path.name, format=fmt)
            seed = sum(1 for a in audits if a.game is not None)
            out.append((text, fmt, seed))
    return out


def audit_phh(texts: list[str]) -> Callable[[], int]:
    def run() -> int:
        judged = 0
        for text in texts:
            (audit,) = audit_document(text, source="bench", format=SourceFormat.PHH)
            judged += audit.status is not AuditStatus.UNSUPPORTED
        return judged

    return run


def pokerkit_phh(texts: list[str]) -> Callable[[], int]:
    from pokerkit import HandHistory

    def run() -> int:
        replayed = 0
        for text in texts:
            for _state in HandHistory.loads(text):
                pass
            replayed += 1
        return replayed

    return run


def audit_rooms(rooms: list[tuple[str, SourceFormat, int]]) -> Callable[[], int]:
    def run() -> int:
        audited = 0
        for text, fmt, _ in rooms:
            audited += sum(1 for a in audit_document(text, source="bench", format=fmt) if a.game)
        return audited

    return run


def measure(
    cases: Sequence[tuple[str, Callable[[], int], int]], rounds: int
) -> dict[str, list[float]]:
    """Hands per second of every case in every round (cases interleaved)."""
    rates: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    for _ in range(rounds):
        for name, run, hands in cases:
            started = time.perf_counter()
            run()
            rates[name].append(hands / (time.perf_counter() - started))
    return rates


def main(argv: Sequence[str] | None = None) -> int:
    """Print the median hands per second of each contender and the ratios."""
    parser = argparse.ArgumentParser(prog="python -m bench.audit_bench", description=__doc__)
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (>= 5)")
    args = parser.parse_args(argv)
    if not CORPUS.is_dir():
        print(f"corpus not found at {CORPUS.resolve()}: nothing to measure")
        return 0
    for game in Game:
        cards, board = warm_up_request(game)
        evaluate_hand(game, cards, board=board)
    phh = seed_phh_texts(CORPUS)
    rooms = room_texts(CORPUS)
    room_hands = sum(hands for _, _, hands in rooms)
    # every hand judged (some F7S records write a face-up card as ??: card.unknown findings)
    assert audit_phh(phh)() == len(phh), "a seed PHH hand is not judged"
    cases = [
        ("floorman audit PHH", audit_phh(phh), len(phh)),
        ("pokerkit load+replay PHH", pokerkit_phh(phh), len(phh)),
        ("floorman audit rooms", audit_rooms(rooms), room_hands),
    ]
    for fmt in ROOM_FORMATS:
        texts = room_texts(CORPUS, (fmt,))
        hands = sum(n for _, _, n in texts)
        if hands:
            cases.append((f"floorman audit {fmt.value}", audit_rooms(texts), hands))
    rates = measure(cases, max(args.rounds, 5))
    medians = {name: statistics.median(values) for name, values in rates.items()}
    print(
        f"{len(phh)} PHH hands (F7S, F7S/8, FR), {room_hands} PokerStars/Full Tilt seed-game "
        f"hands; median of {max(args.rounds, 5)} interleaved rounds; one process (per core); "
        f"{compiled.describe()}"
    )
    for name, rate in medians.items():
        spread = f"{min(rates[name]):.0f}-{max(rates[name]):.0f}"
        print(f"  {name:<28} {rate:>9.0f} hands/s   (rounds {spread})")
    ratio = medians["floorman audit PHH"] / medians["pokerkit load+replay PHH"]
    print(f"  floorman audit / pokerkit load+replay (same PHH): {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
