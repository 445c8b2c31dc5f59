"""In-process ranking of the community-card games (issue 11): Hold'em beside treys and
pokerkit, Omaha (four and five hole cards, high and hi-lo) and Short-deck beside pokerkit.

Every contender evaluates the same pre-generated random deals (fixed seed; hole cards plus
a full five-card board, a fresh board per deal, so floorman's per-board cache never helps),
pre-parsed into its own card type. Rounds are interleaved and each figure is the median of
the rounds (the machines drift by up to 30 %).

Run: ``.venv/bin/python -m bench.board_ranking [--hands N] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time
from collections.abc import Callable, Sequence

from bench.ranking import Case, format_table, measure
from floorman.domain.cards import DECK_SIX_TO_ACE, card_str
from floorman.domain.model import Game
from floorman.domain.ranking import evaluate, high_strength, side_rankings

SEED = 20_261_201
POKERKIT_SHARE = {2: 20, 4: 40, 5: 80}  # pokerkit's share of the deals, by hole cards
FULL_ANSWER_SHARE = 20  # floorman's full Omaha answers (best cards, text): 1/20 of the deals

Deal = tuple[list[int], list[int]]


def make_deals(count: int, hole: int, *, short_deck: bool = False, seed: int = SEED) -> list[Deal]:
    """``count`` random (hole cards, five-card board) deals of distinct cards, reproducibly."""
    rng = random.Random(seed * 10 + hole + 100 * short_deck)
    deck = sorted(DECK_SIX_TO_ACE) if short_deck else list(range(52))
    deals = []
    for _ in range(count):
        cards = rng.sample(deck, hole + 5)
        deals.append((cards[:hole], cards[hole:]))
    return deals


def _floorman(game: Game, deals: list[Deal]) -> Callable[[], None]:
    """Every pot side's strength of each deal (the settlement path)."""
    hands = [ranking.hand for ranking in side_rankings(game)]
    if len(hands) == 1:
        (one,) = hands

        def run_one() -> None:
            for hole, board in deals:
                one(hole, board)

        return run_one

    def run() -> None:
        for hole, board in deals:
            for hand in hands:
                hand(hole, board)

    return run


def _seven_cards(deals: list[Deal]) -> Callable[[], None]:
    sevens = [[*hole, *board] for hole, board in deals]

    def run() -> None:
        for cards in sevens:
            high_strength(cards)

    return run


def _full_answer(game: Game, deals: list[Deal]) -> Callable[[], None]:
    def run() -> None:
        for hole, board in deals:
            evaluate(game, hole, board=board)

    return run


def _treys(deals: list[Deal]) -> Callable[[], None]:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    parsed = [
        ([Card.new(card_str(c)) for c in hole], [Card.new(card_str(c)) for c in board])
        for hole, board in deals
    ]
    treys_evaluate = evaluator.evaluate

    def run() -> None:
        for hole, board in parsed:
            treys_evaluate(hole, board)

    return run


def _pokerkit(kinds: Sequence[str], deals: list[Deal]) -> Callable[[], None]:
    import pokerkit

    makers = [getattr(pokerkit, kind).from_game for kind in kinds]
    parsed = [
        (
            tuple(pokerkit.Card.parse("".join(card_str(c) for c in hole))),
            tuple(pokerkit.Card.parse("".join(card_str(c) for c in board))),
        )
        for hole, board in deals
    ]

    def run() -> None:
        for hole, board in parsed:
            for make in makers:
                with contextlib.suppress(ValueError):  # the 8-or-better low: no low
                    make(hole, board)

    return run


PK_HIGH, PK_OMAHA, PK_LOW = "StandardHighHand", "OmahaHoldemHand", "OmahaEightOrBetterLowHand"
PK_SHORT = "ShortDeckHoldemHand"


def build_cases(n: int) -> list[Case]:
    """The benchmark lines on ``n`` deals per game (pokerkit: a share of them)."""
    holdem = make_deals(n, 2)
    short = make_deals(n, 2, short_deck=True)
    omaha4, omaha5 = make_deals(n, 4), make_deals(n, 5)
    pk2, pk4, pk5 = (max(1, n // POKERKIT_SHARE[h]) for h in (2, 4, 5))
    full = max(1, n // FULL_ANSWER_SHARE)
    holdem_refs = ("treys", f"pokerkit {PK_HIGH}")
    cases = [
        Case(
            "floorman Hold'em (hole + board)",
            7,
            _floorman(Game.TEXAS_HOLDEM, holdem),
            n,
            holdem_refs,
        ),
        Case("floorman high_strength (7 cards)", 7, _seven_cards(holdem), n, holdem_refs),
        Case("treys", 7, _treys(holdem), n),
        Case(f"pokerkit {PK_HIGH}", 7, _pokerkit([PK_HIGH], holdem[:pk2]), pk2),
        Case(
            "floorman evaluate(TEXAS_HOLDEM): full answer",
            7,
            _full_answer(Game.TEXAS_HOLDEM, holdem),
            n,
            holdem_refs,
        ),
        Case(
            "floorman Short-deck",
            7,
            _floorman(Game.SHORT_DECK_HOLDEM, short),
            n,
            (f"pokerkit {PK_SHORT}",),
        ),
        Case(f"pokerkit {PK_SHORT}", 7, _pokerkit([PK_SHORT], short[:pk2]), pk2),
    ]
    for holes, deals, pk in ((4, omaha4, pk4), (5, omaha5, pk5)):
        cards = holes + 5
        high_game = Game.OMAHA if holes == 4 else Game.FIVE_CARD_OMAHA
        hi_lo_game = Game.OMAHA_HI_LO if holes == 4 else Game.FIVE_CARD_OMAHA_HI_LO
        high_ref, hi_lo_ref = f"pokerkit {PK_OMAHA}", f"pokerkit {PK_OMAHA} + {PK_LOW}"
        cases += [
            Case(f"floorman {high_game.value} high", cards, _floorman(high_game, deals), n,
                 (high_ref,)),
            Case(high_ref, cards, _pokerkit([PK_OMAHA], deals[:pk]), pk),
            Case(f"floorman {hi_lo_game.value} high + low", cards, _floorman(hi_lo_game, deals),
                 n, (hi_lo_ref,)),
            Case(hi_lo_ref, cards, _pokerkit([PK_OMAHA, PK_LOW], deals[:pk]), pk),
            Case(f"floorman evaluate({hi_lo_game.name}): full answer", cards,
                 _full_answer(hi_lo_game, deals[:full]), full, (hi_lo_ref,)),
        ]  # fmt: skip
    return cases


def main(argv: Sequence[str] | None = None) -> None:
    """Print the community-card ranking table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="deals per game")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (median)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = measure(build_cases(args.hands), args.rounds)
    shares = ", ".join(f"{h} hole cards 1/{s}" for h, s in POKERKIT_SHARE.items())
    print(
        f"Community-card ranking, {args.hands} random deals per game (pokerkit: {shares}; "
        f"full Omaha answers 1/{FULL_ANSWER_SHARE}), "
        f"seed {SEED}, five-card boards, median of {args.rounds} interleaved rounds, "
        f"pre-parsed cards ({time.perf_counter() - start:.1f} s)"
    )
    print(format_table(results))


if __name__ == "__main__":
    main()
