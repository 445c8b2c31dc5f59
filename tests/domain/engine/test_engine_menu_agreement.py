"""ListLegalActions and ValidateAction agree on every amount (RULES.md "Betting structures":
"every amount ValidateAction accepts lies inside an offered LegalAction, and every offered
amount is accepted").

Both RPCs are built on the engine: the menu is :func:`~floorman.domain.engine.legal_actions`
and the verdict :func:`~floorman.domain.engine.check_action`. Over random states of every seed
game in every structure (random legal play, :mod:`engine_play`), every candidate action of the
seat to act is accepted exactly when the menu covers it: every offered amount (min, max, the
middle) is accepted; the amounts just outside every offered range (min - 1, max + 1) and, in
fixed limit, any other amount are refused; FOLD, CHECK, CALL and BRING_IN are accepted exactly
when offered (CALL and BRING_IN naming no amount or exactly the chips they add).
"""

from __future__ import annotations

import random

import pytest
from engine_play import PLAYERS, play_hand, random_config
from engine_support import BET, BRING_IN, CALL, COMPLETE, RAISE, Hand, table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.domain.engine import HandState, LegalAction, Phase, check_action, legal_actions
from floorman.domain.model import Action, ActionType, BettingStructure, Game, HandEvent

SIZED = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)
PASSIVE = (ActionType.FOLD, ActionType.CHECK, ActionType.CALL, ActionType.BRING_IN)
SEED_GAMES = [(game, structure) for game in PLAYERS for structure in BettingStructure]


def covered(state: HandState, legal: tuple[LegalAction, ...], action: Action) -> bool:
    """The menu ``legal`` offers ``action``. A fixed-limit completion may also be written as
    the BET or RAISE it stands for (the engine's documented synonym for histories)."""
    for entry in legal:
        kind = entry.type
        if kind is ActionType.COMPLETE and action.type is (
            ActionType.BET if state.current_bet == 0 else ActionType.RAISE
        ):
            kind = action.type
        if kind is not action.type:
            continue
        if kind in SIZED:
            if entry.min_amount <= action.amount <= entry.max_amount:
                return True
        elif action.amount in (0, entry.min_amount):
            return True  # FOLD and CHECK have min 0; CALL and BRING_IN name their chips or none
    return False


def candidates(state: HandState, legal: tuple[LegalAction, ...], rng: random.Random) -> set[int]:
    """Amounts to try: around every offered entry (min - 1 ... max + 1), and random ones."""
    amounts = {0, 1}
    for entry in legal:
        low, high = entry.min_amount, entry.max_amount
        amounts |= {low - 1, low, (low + high) // 2, high, high + 1}
    top = max((entry.max_amount for entry in legal), default=0) + 2 * state.stakes.big_bet
    amounts |= {rng.randint(0, top) for _ in range(8)}
    return {amount for amount in amounts if amount >= 0}


class MenuChecker:
    """At every betting decision: accepted by the engine exactly when offered."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.checked = 0

    def __call__(self, before: HandState, event: HandEvent, after: HandState) -> None:
        if before.phase is not Phase.BETTING:
            return
        legal = legal_actions(before)
        seat = before.seat_to_act
        amounts = candidates(before, legal, self.rng)
        for kind in (*PASSIVE, *SIZED):
            for amount in amounts if kind in SIZED else {0, *amounts}:
                action = Action(seat=seat, type=kind, amount=amount)
                violation = check_action(before, action)
                offered = covered(before, legal, action)
                assert (violation is None) == offered, (action, legal, violation)
                self.checked += 1


@pytest.mark.parametrize(
    ("game", "structure"), SEED_GAMES, ids=[f"{g.value}-{s.value}" for g, s in SEED_GAMES]
)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_betting_structures__legal_actions_and_validation_agree_on_every_amount(
    game: Game, structure: BettingStructure, seed: int
) -> None:
    """RULES.md "Betting structures": over a random hand, every action the seat to act could
    name (each type; amounts min - 1, min, middle, max, max + 1 of every offered entry and
    random others) is accepted by the engine's validation exactly when the legal actions
    offer it."""
    rng = random.Random(seed)
    checker = MenuChecker(random.Random(seed + 1))
    play_hand(random_config(rng, game, structure), rng, burns=True, on_step=checker)


def test_betting_structures__a_raise_to_what_the_opponent_can_match_is_offered() -> None:
    """The corpus hand ``FR/wsop-2023-43-5-h85`` raise (a raise to exactly what the only
    opponent can still match, below the fixed size, stands for the full raise): accepted and
    offered as its own entry (min = max, not all in), before the full size."""
    hand = Hand(table(Game.RAZZ, [2650, 27050], small_bet=300, big_bet=600, ante=100,
                      bring_in=100), reserve="Ad 2s Qd Td Jd 8s")  # fmt: skip
    hand.stud_street({1: "4c", 2: "8d"}, {1: "8c 2h", 2: "4h 3d"})
    hand.act(2, BRING_IN).act(1, COMPLETE, 300).act(2, RAISE, 600).act(1, CALL)
    hand.stud_street({1: "Ad", 2: "2s"})
    hand.act(1, BET, 300).act(2, RAISE, 600).act(1, CALL)
    hand.stud_street({1: "Qd", 2: "Td"})
    hand.act(2, BET, 600).act(1, CALL)
    hand.stud_street({1: "Jd", 2: "8s"})
    hand.act(1, BET, 600)
    raises = [(e.min_amount, e.max_amount, e.all_in) for e in hand.legal() if e.type is RAISE]
    assert raises == [(750, 750, False), (1200, 1200, False)]
    assert hand.refuse(2, RAISE, 749) == "bet.amount"
    assert hand.refuse(2, RAISE, 751) == "bet.amount"
    hand.act(2, RAISE, 750)
