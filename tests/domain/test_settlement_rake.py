"""Rake (RULES.md "Common to every game": Rake)."""

from __future__ import annotations

import pytest

from floorman.domain.errors import InvalidArgument
from floorman.domain.model import RakePolicy
from floorman.domain.settlement import compute_rake, take_rake

SEED_POLICY = RakePolicy(percent_bps=500, increment=50, cap=300)


def test_common_rake_seed_example_1100_pays_50() -> None:
    """Common to every game (rake): 5 %, 50 per full 1000, cap 300: a pot of 1100 pays 50."""
    assert compute_rake(1100, SEED_POLICY, ended_first_round=False) == 50


@pytest.mark.parametrize(
    ("pot", "rake"), [(999, 0), (1000, 50), (1999, 50), (2000, 100), (6000, 300), (99_999, 300)]
)
def test_common_rake_whole_increments_up_to_the_cap(pot: int, rake: int) -> None:
    """Common to every game (rake): only full increments are raked and the cap of 300 holds."""
    assert compute_rake(pot, SEED_POLICY, ended_first_round=False) == rake


def test_common_rake_increment_zero_means_one() -> None:
    """Common to every game (rake): increment 0 rakes to the minor unit (5 % of 1099 is 54)."""
    policy = RakePolicy(percent_bps=500, increment=0, cap=0)
    assert compute_rake(1099, policy, ended_first_round=False) == 54


def test_common_rake_cap_zero_means_no_cap() -> None:
    """Common to every game (rake): cap 0 leaves 10 % of 1_000_000 at 100_000."""
    policy = RakePolicy(percent_bps=1000, increment=0, cap=0)
    assert compute_rake(1_000_000, policy, ended_first_round=False) == 100_000


def test_common_rake_none_by_default_and_on_an_empty_pot() -> None:
    """Common to every game (rake): the default policy rakes 0, and an empty pot pays 0."""
    assert compute_rake(5000, RakePolicy(), ended_first_round=False) == 0
    assert compute_rake(0, SEED_POLICY, ended_first_round=False) == 0


def test_common_rake_none_when_hand_ends_on_first_round_if_configured() -> None:
    """Common to every game (rake): no_rake_first_round waives the rake only for such hands."""
    policy = RakePolicy(percent_bps=500, increment=50, cap=300, no_rake_first_round=True)
    assert compute_rake(1100, policy, ended_first_round=True) == 0
    assert compute_rake(1100, policy, ended_first_round=False) == 50
    assert compute_rake(1100, SEED_POLICY, ended_first_round=True) == 50


def test_common_rake_full_percent_takes_the_whole_pot_at_most() -> None:
    """Common to every game (rake): 100 % (10000 bps) rakes exactly the pot."""
    assert compute_rake(777, RakePolicy(percent_bps=10_000), ended_first_round=False) == 777


@pytest.mark.parametrize(
    ("policy", "field"),
    [
        (RakePolicy(percent_bps=10_001), "rake.percent_bps"),
        (RakePolicy(percent_bps=-1), "rake.percent_bps"),
        (RakePolicy(percent_bps=500, increment=-50), "rake.increment"),
        (RakePolicy(percent_bps=500, cap=-1), "rake.cap"),
    ],
)
def test_common_rake_policy_out_of_range_is_invalid(policy: RakePolicy, field: str) -> None:
    """Common to every game (rake): a percent over 100 % or a negative field is refused."""
    with pytest.raises(InvalidArgument) as caught:
        compute_rake(1000, policy, ended_first_round=False)
    assert [v.field for v in caught.value.violations] == [field]


def test_common_rake_comes_out_of_the_main_pot_first() -> None:
    """Common to every game (rake): 50 of rake leaves the main pot 250 and the side pot whole."""
    assert take_rake([300, 200], 50) == [250, 200]


def test_common_rake_main_pot_smaller_than_rake_spills_into_side_pots() -> None:
    """Common to every game (rake): a 30 main pot pays 30 of 103, the first side pot the rest."""
    assert take_rake([30, 60, 1000], 103) == [0, 0, 987]


def test_common_rake_more_than_the_pots_is_refused() -> None:
    """Common to every game (rake): taking more than the pots hold is rake.amount."""
    with pytest.raises(InvalidArgument) as caught:
        take_rake([10, 20], 31)
    assert caught.value.violations[0].rule == "rake.amount"
