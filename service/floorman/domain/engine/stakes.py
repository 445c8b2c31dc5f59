"""Stakes defaults and coherence (RULES.md "Stakes defaults", "Betting structures").

A :class:`~floorman.domain.model.Stakes` field left 0 is unset; :func:`resolve_stakes` fills
it per RULES.md and refuses incoherent stakes with field paths under ``config.stakes``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.games import GameSpec
from floorman.domain.members import STRUCTURE_FIXED_LIMIT
from floorman.domain.model import BettingStructure, Stakes

DEFAULT_WHOLE_UNIT = 100
DEFAULT_ODD_CHIP_UNIT = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolvedStakes:
    """Stakes with every default applied, in minor units.

    ``bring_in`` is 0 in the draw games; ``small_blind`` / ``big_blind`` are 0 in the studs.
    ``min_open`` is the smallest opening bet in pot limit and no limit (big blind in the draw
    games, small bet in the studs). ``straddle`` (community-card games
    only) / ``big_blind_ante`` (blind games: docs/rules.md) are 0 when the table has none.
    """

    small_bet: int
    big_bet: int
    ante: int
    bring_in: int
    small_blind: int
    big_blind: int
    whole_unit: int
    odd_chip_unit: int
    straddle: int = 0
    big_blind_ante: int = 0

    def min_open(self, spec: GameSpec) -> int:
        """Pot-/no-limit minimum opening bet: the big blind (draw) or the small bet (stud)."""
        return self.big_blind if spec.has_button else self.small_bet


def _round_down(amount: int, unit: int) -> int:
    """``amount`` rounded down to a multiple of ``unit``."""
    return amount // unit * unit


_MEMO: dict[tuple[object, ...], tuple[GameSpec, ResolvedStakes]] = {}
"""Resolved stakes already worked out: (``id(spec)``, structure, each field's type and
value) -> (``spec``, kept alive so its id is never reused, the result). Type-exact: ``True``
and ``1`` (equal, same hash) are different keys, so a bad value is refused every time; only
accepted stakes are kept (a refusal is raised afresh each call)."""
_MEMO_LIMIT = 4096


def resolve_stakes(
    stakes: Stakes, *, spec: GameSpec, structure: BettingStructure
) -> ResolvedStakes:
    """Apply RULES.md "Stakes defaults" and check the stakes are coherent (memoised: a
    table resolves the same stakes for every hand; the result is frozen, so it is shared).

    Defaults: ante 0 = none; bring-in 0 = half the small bet rounded down to
    ``odd_chip_unit``; fixed-limit draw small blind 0 = half the small bet rounded down to
    ``whole_unit`` (if that is 0, to ``odd_chip_unit``); pot-/no-limit small blind 0 = half
    the big blind rounded down to ``odd_chip_unit``; big blind 0 = the small bet; big bet 0 =
    twice the small bet; ``whole_unit`` 0 = 100, ``odd_chip_unit`` 0 = 1. In pot-/no-limit
    draw a small bet left 0 is the big blind.

    Raises:
        InvalidArgument: every problem found, with paths such as ``config.stakes.small_bet``
            and rule ids ``bring_in.amount`` (a bring-in of the small bet or more, which is a
            completion, or a default that rounds down to 0), ``blind.amount`` (likewise a
            default small blind of 0), ``ante.amount`` (also a big-blind ante), and for the
            straddle (RULES.md "Hold'em and Omaha") ``straddle.player`` (a game without a
            board has none) and ``straddle.amount`` (not twice the big blind); ``""`` for
            plain shape problems.
    """
    values = (
        stakes.small_bet,
        stakes.big_bet,
        stakes.ante,
        stakes.bring_in,
        stakes.small_blind,
        stakes.big_blind,
        stakes.whole_unit,
        stakes.odd_chip_unit,
        stakes.straddle,
        stakes.big_blind_ante,
    )
    key = (id(spec), type(structure), structure, tuple(map(type, values)), values)
    try:
        hit = _MEMO.get(key)
    except TypeError:  # an unhashable value: refused below, never kept
        return _resolve(stakes, spec, structure)
    if hit is not None:
        return hit[1]
    resolved = _resolve(stakes, spec, structure)
    if len(_MEMO) >= _MEMO_LIMIT:
        _MEMO.clear()
    _MEMO[key] = (spec, resolved)
    return resolved


def _resolve(stakes: Stakes, spec: GameSpec, structure: BettingStructure) -> ResolvedStakes:
    """:func:`resolve_stakes` without the memo (same result, same errors)."""
    problems: list[FieldViolation] = []

    def bad(name: str, rule: str, message: str) -> None:
        problems.append(FieldViolation(f"config.stakes.{name}", rule, message))

    rules = {
        "ante": "ante.amount",
        "bring_in": "bring_in.amount",
        "straddle": "straddle.amount",
        "big_blind_ante": "ante.amount",
    }
    for name in (
        "small_bet",
        "big_bet",
        "ante",
        "bring_in",
        "small_blind",
        "big_blind",
        "whole_unit",
        "odd_chip_unit",
        "straddle",
        "big_blind_ante",
    ):
        value = getattr(stakes, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            rule = rules.get(name, "blind.amount" if "blind" in name else "")
            bad(name, rule, f"{value!r} must be a non-negative integer of minor units")
    if problems:
        raise InvalidArgument(problems)

    whole_unit = stakes.whole_unit or DEFAULT_WHOLE_UNIT
    unit = stakes.odd_chip_unit or DEFAULT_ODD_CHIP_UNIT
    limit = structure is STRUCTURE_FIXED_LIMIT
    small_bet = stakes.small_bet
    if not small_bet and spec.has_button and not limit:
        small_bet = stakes.big_blind
    if not small_bet:
        bad("small_bet", "", "the small bet is required (minor units > 0)")
        raise InvalidArgument(problems)
    big_bet = stakes.big_bet or 2 * small_bet
    if big_bet < small_bet:
        bad("big_bet", "", f"the big bet {big_bet} is below the small bet {small_bet}")

    bring_in = small_blind = big_blind = 0
    if spec.is_stud:
        bring_in = stakes.bring_in or _round_down(small_bet // 2, unit)
        if bring_in <= 0:
            bad("bring_in", "bring_in.amount", "half the small bet rounds down to 0: set it")
        elif bring_in >= small_bet:
            bad(
                "bring_in",
                "bring_in.amount",
                f"a bring-in of {bring_in} is not below the small bet {small_bet} "
                "(a full bring-in is a completion)",
            )
    else:
        big_blind = stakes.big_blind or small_bet
        if stakes.small_blind:
            small_blind = stakes.small_blind
        elif limit:
            small_blind = _round_down(small_bet // 2, whole_unit) or _round_down(
                small_bet // 2, unit
            )
        else:
            small_blind = _round_down(big_blind // 2, unit)
        if small_blind <= 0:
            bad("small_blind", "blind.amount", "half the small bet rounds down to 0: set it")
        elif small_blind > big_blind:
            bad(
                "small_blind",
                "blind.amount",
                f"the small blind {small_blind} is above the big blind {big_blind}",
            )
    _check_board_forced_bets(stakes, spec, big_blind, bad)
    if problems:
        raise InvalidArgument(problems)
    return ResolvedStakes(
        small_bet=small_bet,
        big_bet=big_bet,
        ante=stakes.ante,
        bring_in=bring_in,
        small_blind=small_blind,
        big_blind=big_blind,
        whole_unit=whole_unit,
        odd_chip_unit=unit,
        straddle=stakes.straddle,
        big_blind_ante=stakes.big_blind_ante,
    )


def _check_board_forced_bets(
    stakes: Stakes, spec: GameSpec, big_blind: int, bad: Callable[[str, str, str], None]
) -> None:
    """The straddle exists in the community-card games only, the big-blind ante in every
    blind game (docs/rules.md "Big-blind ante in the draw games"); the straddle is twice the
    big blind (RULES.md "Hold'em and Omaha")."""
    game = spec.game.value
    if stakes.straddle and not spec.has_board:
        bad("straddle", "straddle.player", f"{game} has no straddle (community-card games only)")
    elif stakes.straddle and stakes.straddle != 2 * big_blind:
        bad(
            "straddle",
            "straddle.amount",
            f"a straddle is twice the big blind ({2 * big_blind}), not {stakes.straddle}",
        )
    if stakes.big_blind_ante and not spec.has_button:
        bad(
            "big_blind_ante",
            "ante.amount",
            f"{game} has no big-blind ante (blind games only: docs/rules.md)",
        )
