"""resolve_stakes is memoised with a type-exact key: an accepted result is shared, and a
value equal to an accepted one but of another type (True for 1, 2.0 for 2) is still
refused, every time (RULES.md "Stakes defaults")."""

from __future__ import annotations

import pytest

from floorman.domain.engine.stakes import resolve_stakes
from floorman.domain.errors import InvalidArgument
from floorman.domain.games import game_spec
from floorman.domain.model import BettingStructure, Game, Stakes

SPEC = game_spec(Game.SEVEN_CARD_STUD)
FL = BettingStructure.FIXED_LIMIT


def test_same_stakes_give_the_same_result() -> None:
    first = resolve_stakes(Stakes(small_bet=10, ante=1), spec=SPEC, structure=FL)
    again = resolve_stakes(Stakes(small_bet=10, ante=1), spec=SPEC, structure=FL)
    assert again is first
    assert (first.small_bet, first.big_bet, first.ante, first.bring_in) == (10, 20, 1, 5)


@pytest.mark.parametrize("bad", [True, 1.0])
def test_an_equal_value_of_another_type_is_still_refused(bad: object) -> None:
    resolve_stakes(Stakes(small_bet=10, ante=1), spec=SPEC, structure=FL)  # 1 accepted
    for _ in range(2):
        with pytest.raises(InvalidArgument) as caught:
            resolve_stakes(Stakes(small_bet=10, ante=bad), spec=SPEC, structure=FL)  # type: ignore[arg-type]
        assert [(v.field, v.rule) for v in caught.value.violations] == [
            ("config.stakes.ante", "ante.amount")
        ]


def test_a_refusal_is_raised_every_call() -> None:
    for _ in range(2):
        with pytest.raises(InvalidArgument) as caught:
            resolve_stakes(Stakes(small_bet=10, bring_in=10), spec=SPEC, structure=FL)
        assert [(v.field, v.rule) for v in caught.value.violations] == [
            ("config.stakes.bring_in", "bring_in.amount")
        ]


def test_the_structure_is_part_of_the_key() -> None:
    holdem = game_spec(Game.TEXAS_HOLDEM)
    no_limit = resolve_stakes(
        Stakes(big_blind=10), spec=holdem, structure=BettingStructure.NO_LIMIT
    )
    assert (no_limit.small_bet, no_limit.small_blind, no_limit.big_blind) == (10, 5, 10)
    with pytest.raises(InvalidArgument) as caught:  # fixed limit: the small bet is required
        resolve_stakes(Stakes(big_blind=10), spec=holdem, structure=FL)
    assert [v.field for v in caught.value.violations] == ["config.stakes.small_bet"]
