"""In-process hand-ranking benchmark: floorman's fast paths beside treys and pokerkit.

Every contender evaluates the same pre-generated random hands (fixed seed), pre-parsed into
its own card type, so parsing is not measured. Rounds are interleaved (A, B, C, A, B, C, ...)
and each figure is the median of the rounds, because these machines drift by up to 30 %.

Run: ``.venv/bin/python -m bench.ranking [--hands N] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from floorman.domain.cards import card_str
from floorman.domain.model import Game
from floorman.domain.ranking import (
    badugi_strength,
    evaluate,
    high_strength,
    low_8_strength,
    low_27_strength,
    low_a5_strength,
)

SEED = 20_240_229
POKERKIT_SHARE = 20  # pokerkit is ~100x slower: it gets 1/20 of the hands


@dataclass(frozen=True, slots=True)
class Case:
    """One benchmark line: ``run`` evaluates every hand of ``hands`` once."""

    name: str
    cards: int
    run: Callable[[], object]
    hands: int
    versus: tuple[str, ...] = ()  # names of the reference cases this one is compared with


@dataclass(frozen=True, slots=True)
class Result:
    """Median evaluations per second of a case over the rounds."""

    case: Case
    rate: float
    rounds: tuple[float, ...]


def make_hands(count: int, size: int, *, seed: int = SEED) -> list[list[int]]:
    """``count`` random hands of ``size`` distinct floorman cards (ints), reproducibly."""
    rng = random.Random(seed * 10 + size)
    return [rng.sample(range(52), size) for _ in range(count)]


def _loop(function: Callable[[Sequence[int]], int], hands: list[list[int]]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            function(hand)

    return run


def _hi_lo(hands: list[list[int]]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            high_strength(hand)
            low_8_strength(hand)

    return run


def _evaluate(game: Game, hands: list[list[int]]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            evaluate(game, hand)

    return run


def _treys(hands: list[list[int]]) -> Callable[[], None]:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    parsed = [[Card.new(card_str(c)) for c in hand] for hand in hands]
    split = [(p[:2], p[2:]) for p in parsed]  # 2 hole cards + a 3-5 card board
    evaluate = evaluator.evaluate

    def run() -> None:
        for hole, board in split:
            evaluate(hole, board)

    return run


def _pokerkit(kind: str, hands: list[list[int]]) -> Callable[[], None]:
    import pokerkit

    cls = getattr(pokerkit, kind)
    parsed = [tuple(pokerkit.Card.parse("".join(card_str(c) for c in hand))) for hand in hands]
    from_game = cls.from_game

    def run() -> None:
        for hand in parsed:
            with contextlib.suppress(ValueError):  # EightOrBetterLowHand: no low
                from_game(hand)

    return run


PK_HIGH, PK_RAZZ, PK_8 = "StandardHighHand", "RegularLowHand", "EightOrBetterLowHand"
PK_27, PK_BADUGI = "StandardLowHand", "BadugiHand"  # 2-7 lowball (aces high); Badugi (aces low)


def build_cases(n: int) -> list[Case]:
    """The benchmark lines on ``n`` hands of four, five and seven cards."""
    four, five, seven = make_hands(n, 4), make_hands(n, 5), make_hands(n, 7)
    pk = max(1, n // POKERKIT_SHARE)
    high_refs = ("treys", f"pokerkit {PK_HIGH}")
    return [
        Case("floorman high_strength", 5, _loop(high_strength, five), n, high_refs),
        Case("treys", 5, _treys(five), n),
        Case(f"pokerkit {PK_HIGH}", 5, _pokerkit(PK_HIGH, five[:pk]), pk),
        Case("floorman high_strength", 7, _loop(high_strength, seven), n, high_refs),
        Case("treys", 7, _treys(seven), n),
        Case(f"pokerkit {PK_HIGH}", 7, _pokerkit(PK_HIGH, seven[:pk]), pk),
        Case("floorman low_a5_strength (razz)", 7, _loop(low_a5_strength, seven), n,
             (f"pokerkit {PK_RAZZ}",)),
        Case(f"pokerkit {PK_RAZZ}", 7, _pokerkit(PK_RAZZ, seven[:pk]), pk),
        Case("floorman high_strength + low_8_strength (hi-lo)", 7, _hi_lo(seven), n,
             (f"pokerkit {PK_8}",)),
        Case(f"pokerkit {PK_8}", 7, _pokerkit(PK_8, seven[:pk]), pk),
        Case("floorman evaluate(SEVEN_CARD_STUD): full answer", 7,
             _evaluate(Game.SEVEN_CARD_STUD, seven), n, high_refs),
        Case("floorman evaluate(SEVEN_CARD_STUD_HI_LO): full answer", 7,
             _evaluate(Game.SEVEN_CARD_STUD_HI_LO, seven), n, (f"pokerkit {PK_8}",)),
        Case("floorman low_a5_strength (A-5 draw)", 5, _loop(low_a5_strength, five), n,
             (f"pokerkit {PK_RAZZ}",)),
        Case(f"pokerkit {PK_RAZZ}", 5, _pokerkit(PK_RAZZ, five[:pk]), pk),
        Case("floorman low_27_strength (2-7)", 5, _loop(low_27_strength, five), n,
             (f"pokerkit {PK_27}",)),
        Case(f"pokerkit {PK_27}", 5, _pokerkit(PK_27, five[:pk]), pk),
        Case("floorman evaluate(DEUCE_TO_SEVEN_TRIPLE_DRAW): full answer", 5,
             _evaluate(Game.DEUCE_TO_SEVEN_TRIPLE_DRAW, five), n, (f"pokerkit {PK_27}",)),
        Case("floorman badugi_strength", 4, _loop(badugi_strength, four), n,
             (f"pokerkit {PK_BADUGI}",)),
        Case(f"pokerkit {PK_BADUGI}", 4, _pokerkit(PK_BADUGI, four[:pk]), pk),
        Case("floorman evaluate(BADUGI): full answer", 4, _evaluate(Game.BADUGI, four), n,
             (f"pokerkit {PK_BADUGI}",)),
    ]  # fmt: skip


def measure(cases: Sequence[Case], rounds: int = 7) -> list[Result]:
    """Run every case once per round, interleaved; the median rate of each (evaluations/s)."""
    for case in cases:  # warm-up: builds the lookup tables, fills caches
        case.run()
    samples: dict[str, list[float]] = {_key(c): [] for c in cases}
    for _ in range(rounds):
        for case in cases:
            start = time.perf_counter()
            case.run()
            samples[_key(case)].append(case.hands / (time.perf_counter() - start))
    return [Result(c, statistics.median(samples[_key(c)]), tuple(samples[_key(c)])) for c in cases]


def _key(case: Case) -> str:
    return f"{case.name}/{case.cards}"


def format_table(results: Sequence[Result]) -> str:
    """A Markdown table: case, cards, evaluations/s, µs per evaluation, speed-up over the
    references it is compared with."""
    rate = {_key(r.case): r.rate for r in results}
    lines = [
        "| evaluator | cards | evals/s (median) | µs/eval | floorman speed-up |",
        "|---|---:|---:|---:|---|",
    ]
    for r in results:
        ratios = ", ".join(
            f"{r.rate / rate[f'{ref}/{r.case.cards}']:.1f}x {ref}" for ref in r.case.versus
        )
        lines.append(
            f"| {r.case.name} | {r.case.cards} | {r.rate:,.0f} | {1e6 / r.rate:.2f} | {ratios} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the in-process ranking table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per card count")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (median)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = measure(build_cases(args.hands), args.rounds)
    print(
        f"In-process ranking, {args.hands} random hands per size (pokerkit: "
        f"{max(1, args.hands // POKERKIT_SHARE)}), seed {SEED}, median of {args.rounds} "
        f"interleaved rounds, pre-parsed cards ({time.perf_counter() - start:.1f} s)"
    )
    print(format_table(results))


if __name__ == "__main__":
    main()
