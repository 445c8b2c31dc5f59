"""Rake (RULES.md "Common to every game": Rake; configurable, default none)."""

from __future__ import annotations

from collections.abc import Sequence

from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.model import RakePolicy

_BPS_WHOLE = 10_000


def check_rake_policy(policy: RakePolicy, *, field: str = "rake") -> None:
    """Refuse a rake policy outside its ranges.

    ``percent_bps`` must be 0-10000 (0 % to 100 %); ``increment`` and ``cap`` non-negative.

    Raises:
        InvalidArgument: one violation per bad field (``rake.percent_bps`` ...).
    """
    bps, increment, cap = policy.percent_bps, policy.increment, policy.cap
    if (
        type(bps) is int
        and type(increment) is int
        and type(cap) is int
        and 0 <= bps <= _BPS_WHOLE
        and increment >= 0
        and cap >= 0
    ):
        return  # the usual case: three whole numbers in range
    problems: list[FieldViolation] = []
    checks = (
        ("percent_bps", policy.percent_bps, _BPS_WHOLE),
        ("increment", policy.increment, None),
        ("cap", policy.cap, None),
    )
    for name, value, upper in checks:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(FieldViolation(f"{field}.{name}", "", f"{value!r} must be >= 0"))
        elif upper is not None and value > upper:
            problems.append(FieldViolation(f"{field}.{name}", "", f"{value} must be <= {upper}"))
    if problems:
        raise InvalidArgument(problems)


def compute_rake(pot_total: int, policy: RakePolicy, *, ended_first_round: bool) -> int:
    """The house's rake on a hand, in minor units.

    RULES.md "Rake": ``min(cap, increment * floor(pot * percent_bps / 10000 / increment))``
    with ``increment`` 0 meaning 1 and ``cap`` 0 meaning no cap, on the total pot at the end
    of the hand (uncalled bets already returned); 0 when ``policy.no_rake_first_round`` and
    the hand ended on the first betting round. Integer arithmetic only. Seed example: 5 %
    (500 bps), 50 per full 1000, cap 300: a pot of 1100 pays 50.

    Args:
        pot_total: every chip in the pots, minor units (>= 0).
        policy: the table's rake policy.
        ended_first_round: the hand ended during its first betting round.

    Returns:
        The rake, never more than ``pot_total``.

    Raises:
        InvalidArgument: a negative ``pot_total`` or a policy out of range.
    """
    check_rake_policy(policy)
    if not isinstance(pot_total, int) or pot_total < 0:
        raise InvalidArgument.single("pot_total", "", f"{pot_total!r} must be >= 0")
    if policy.no_rake_first_round and ended_first_round:
        return 0
    increment = policy.increment or 1
    rake = increment * (pot_total * policy.percent_bps // (_BPS_WHOLE * increment))
    if policy.cap:
        rake = min(rake, policy.cap)
    return rake


def take_rake(pot_amounts: Sequence[int], rake: int) -> list[int]:
    """Take ``rake`` out of the pots: the main pot first, then the side pots in order.

    RULES.md "Rake". A pot smaller than what is left to take is emptied (amount 0) and the
    rest comes out of the next pot.

    Args:
        pot_amounts: pot amounts in minor units, main pot first.
        rake: minor units to take, at most ``sum(pot_amounts)``.

    Returns:
        The amounts after rake, in the same order.

    Raises:
        InvalidArgument: ``rake.amount`` when the rake is negative or exceeds the pots.
    """
    if rake < 0 or rake > sum(pot_amounts):
        raise InvalidArgument.single(
            "rake", "rake.amount", f"rake {rake} is outside 0..{sum(pot_amounts)}"
        )
    left = rake
    after: list[int] = []
    for amount in pot_amounts:
        taken = min(amount, left)
        left -= taken
        after.append(amount - taken)
    return after
