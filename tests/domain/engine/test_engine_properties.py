"""Properties of random legal play in every game and structure (RULES.md "Chip conservation";
the legal-action contract; determinism)."""

from __future__ import annotations

import random

import pytest
from engine_play import iter_games, play_hand, random_config
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.domain.engine import (
    HandState,
    LegalAction,
    Phase,
    apply_in_place,
    bet_or_raise_kind,
    check_action,
    check_or_call,
    legal_actions,
    replay,
    settle_hand,
)
from floorman.domain.model import Action, ActionType, BettingStructure, Game, HandEvent

_SIZED = (ActionType.BET, ActionType.RAISE, ActionType.COMPLETE)
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


def covered(legal: tuple[LegalAction, ...], action: Action) -> bool:
    """True when ``action`` is described by one of the ``legal`` entries."""
    for entry in legal:
        if entry.type is not action.type:
            continue
        if action.type in _SIZED and not entry.min_amount <= action.amount <= entry.max_amount:
            continue
        if action.type not in _SIZED and action.amount not in (0, entry.min_amount):
            continue  # BRING_IN, CALL, CHECK, FOLD: no amount, or exactly the chips they add
        return True
    return False


def known_cards(state: HandState) -> list[int]:
    """Every known card in a hand or on the board right now."""
    out = [c for cards in state.cards for c in cards if c is not None]
    return out + [c for c in state.community if c is not None]


class Checker:
    """Checks each step of a random hand."""

    def __init__(self, config_total: int, rng: random.Random) -> None:
        self.total = config_total
        self.rng = rng
        self.offered = 0
        self.refused = 0

    def __call__(self, before: HandState, event: HandEvent, after: HandState) -> None:
        assert sum(after.stacks) + sum(after.contributed) == self.total
        cards = known_cards(after)
        assert len(cards) == len(set(cards)), "a card appears twice"
        own = before.clone()
        assert apply_in_place(own, event) is own and own == after  # the same step, no copy
        if before.phase is not Phase.BETTING:
            return
        legal = legal_actions(before)
        assert legal, "a seat to act always has a legal action"
        seat = before.seat_to_act
        types = [entry.type for entry in legal]
        passive = None if before.bring_in_pending else ActionType.CALL
        if passive and ActionType.CALL not in types:
            passive = ActionType.CHECK
        assert check_or_call(before, seat) == passive and (passive is None or passive in types)
        assert bet_or_raise_kind(before, seat) == next((k for k in types if k in _SIZED), None)
        other = next(s for s in before.seats if s != seat)
        assert check_or_call(before, other) is None and bet_or_raise_kind(before, other) is None
        for entry in legal:
            amounts = {
                entry.min_amount,
                entry.max_amount,
                (entry.min_amount + entry.max_amount) // 2,
            }
            for amount in sorted(amounts):
                action = Action(seat=seat, type=entry.type, amount=amount)
                violation = check_action(before, action)
                assert violation is None, (entry, amount, violation)
                self.offered += 1
        top = max((e.max_amount for e in legal), default=0) + 30
        for _ in range(6):
            kind = self.rng.choice(_BETTING)
            action = Action(seat=seat, type=kind, amount=self.rng.randint(0, top))
            if check_action(before, action) is not None:
                assert not covered(legal, action), (action, legal)
                self.refused += 1


@pytest.mark.parametrize(
    ("game", "structure"), GAMES, ids=[f"{g.value}-{s.value}" for g, s in GAMES]
)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play__chips_cards_legal_actions_and_replay(
    game: Game, structure: BettingStructure, seed: int
) -> None:
    """Random legal play (seeded deck, burns reported now and then): chips are conserved at
    every step and at settlement, no card appears twice, every offered action (min, max,
    middle) is accepted, every refused action is outside the offer, ``check_or_call`` and
    ``bet_or_raise_kind`` agree with the legal actions, ``apply_in_place`` on a copy gives
    the state ``apply`` gives, and replaying the events rebuilds an identical state."""
    rng = random.Random(seed)
    config = random_config(rng, game, structure)
    total = sum(seat.stack for seat in config.seats)
    checker = Checker(total, random.Random(seed + 1))
    state, events = play_hand(config, rng, burns=True, on_step=checker)
    assert state.complete
    result = settle_hand(state)
    assert sum(result.final_stacks.values()) + result.rake == total
    assert sum(p.amount for p in result.pots) == sum(result.payouts.values())
    assert replay(config, events) == state


@pytest.mark.parametrize(
    ("game", "structure"), GAMES, ids=[f"{g.value}-{s.value}" for g, s in GAMES]
)
def test_random_play__deterministic(game: Game, structure: BettingStructure) -> None:
    """The same seed plays the same hand: equal states, equal settlements (no hidden RNG)."""
    runs = []
    for _ in range(2):
        rng = random.Random(f"determinism-{game.value}-{structure.value}")
        config = random_config(rng, game, structure)
        runs.append(play_hand(config, rng))
    (first, events_a), (second, events_b) = runs
    assert events_a == events_b and first == second
    assert settle_hand(first) == settle_hand(second)
