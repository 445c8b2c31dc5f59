"""What a state keeps worked out (``HandState.turn_cache``, ``view_cache``) never changes
an answer.

:func:`~floorman.domain.engine.options.turn_options` keeps its answer on the state it was
asked about, and every step clears it: a state asked first (warm: its menu listed, as a
table does after every action) and one never asked (cold) must step, refuse and list alike,
and a kept answer must always equal one worked out afresh. :func:`~floorman.domain.engine.
snapshot` keeps its seat views across steps and reuses those of unchanged seats: the
snapshot after every step equals one taken with nothing kept.
"""

from __future__ import annotations

import random

import pytest
from engine_play import iter_games, play_hand, random_config
from engine_support import BRING_IN, CALL, COMPLETE, RAISE, Hand, table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.domain.engine import (
    HandState,
    Phase,
    apply,
    apply_in_place,
    check_action,
    legal_actions,
    snapshot,
)
from floorman.domain.engine.options import TurnOptions, _turn_options, turn_options
from floorman.domain.model import Action, ActionType, BettingStructure, Game, HandEvent

_BETTING = (
    ActionType.FOLD,
    ActionType.CHECK,
    ActionType.CALL,
    ActionType.BET,
    ActionType.RAISE,
    ActionType.BRING_IN,
    ActionType.COMPLETE,
)
GAMES = list(iter_games())


def fresh(state: HandState) -> TurnOptions:
    """The options of ``state`` worked out anew (the cache neither read nor filled)."""
    return _turn_options(state, True)


def cold(state: HandState) -> HandState:
    """A copy of ``state`` that has worked out nothing yet."""
    copy = state.clone()
    copy.turn_cache = copy.view_cache = None
    return copy


def warm(state: HandState) -> HandState:
    """A copy of ``state`` whose menu was listed (its options kept)."""
    copy = cold(state)
    if copy.phase is Phase.BETTING:
        legal_actions(copy)
        assert copy.turn_cache is not None
    return copy


def outcome(state: HandState, event: HandEvent) -> tuple[object, ...]:
    """What :func:`check_action` / :func:`apply` make of ``event`` on ``state``: the
    refusal's rule, message and details, or the state after it."""
    if isinstance(event, Action):
        violation = check_action(state, event)
        if violation is not None:
            return (
                "refused",
                violation.rule,
                violation.message,
                violation.seat,
                violation.expected,
                violation.actual,
            )
    return ("applied", apply(state, event))


class CacheChecker:
    """Checks one step of a random hand with the options kept and not kept."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.compared = 0

    def __call__(self, before: HandState, event: HandEvent, after: HandState) -> None:
        assert after.turn_cache is None, "a step clears the options it read"
        # ``after`` carries the seat views of the snapshot of ``before`` (the line below, at
        # the step before): those of unchanged seats are reused
        assert snapshot(after) == snapshot(cold(after))
        assert snapshot(after) == snapshot(after)
        if before.turn_cache is not None:
            assert before.turn_cache == fresh(before)
        hot, plain = warm(before), cold(before)
        assert outcome(hot, event) == outcome(plain, event) == ("applied", after)
        assert apply_in_place(warm(before), event) == after
        assert apply_in_place(cold(before), event) == after
        if before.phase is not Phase.BETTING:
            return
        assert turn_options(hot) is hot.turn_cache  # asked again: the kept answer
        assert hot.turn_cache == fresh(plain)
        assert legal_actions(hot) == legal_actions(cold(before))
        assert snapshot(hot) == snapshot(plain)
        seat = before.seat_to_act
        top = max((entry.max_amount for entry in legal_actions(before)), default=0) + 30
        for _ in range(6):
            kind = self.rng.choice(_BETTING)
            action = Action(seat=seat, type=kind, amount=self.rng.choice((0, top // 2, top)))
            assert outcome(warm(before), action) == outcome(cold(before), action), action
            self.compared += 1


@pytest.mark.parametrize(
    ("game", "structure"), GAMES, ids=[f"{g.value}-{s.value}" for g, s in GAMES]
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_turn_cache__warm_and_cold_states_step_refuse_and_list_alike(
    game: Game, structure: BettingStructure, seed: int
) -> None:
    """Random legal play: after every step the kept options are gone; a state whose menu
    was listed steps (copied and in place), refuses random actions with the same rule and
    message, and lists the same menu and snapshot as one never asked; kept options always
    equal fresh ones."""
    rng = random.Random(seed)
    config = random_config(rng, game, structure)
    checker = CacheChecker(random.Random(seed + 1))
    state, _ = play_hand(config, rng, burns=True, on_step=checker)
    assert state.complete  # (short stacks may leave no betting round to compare)


def test_turn_cache__a_recorded_first_actor_other_than_the_default_gets_its_own_options() -> None:
    """RULES.md bring-in with an unknown door card: the options kept for the default
    bring-in seat (3) are not reused when the record's seat 1 brings in instead (its
    stack differs, so would its bring-in)."""
    config = table(Game.SEVEN_CARD_STUD, {1: 4, 2: 100, 3: 100}, bring_in=5, ante=1)
    hand = Hand(config, written=True)
    hand.deal(1, "?? ??").deal(1, "??", up=True)
    hand.deal(2, "?? ??").deal(2, "9c", up=True)
    hand.deal(3, "?? ??").deal(3, "5d", up=True)
    assert hand.to_act == 3
    state = hand.state
    assert [entry.type for entry in legal_actions(state)] == [BRING_IN, COMPLETE]
    assert state.turn_cache is not None and state.turn_cache.pos == state.positions[3]
    after = apply(state, Action(seat=1, type=BRING_IN))
    assert after.contributed[0] == 4 and after.all_in[0]  # all it had: 1 ante + 3, not 5
    assert after == apply(cold(state), Action(seat=1, type=BRING_IN))
    in_place = warm(state)
    assert apply_in_place(in_place, Action(seat=1, type=BRING_IN)) == after
    assert after.turn_cache is None
    assert legal_actions(after) == legal_actions(cold(after))
    assert [e.type for e in legal_actions(after)][:2] == [ActionType.FOLD, CALL]
    assert RAISE in [e.type for e in legal_actions(after)] or COMPLETE in [
        e.type for e in legal_actions(after)
    ]
