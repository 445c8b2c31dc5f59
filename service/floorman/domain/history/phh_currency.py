"""PHH amounts and the table's currency (issue 10 point 12; docs/hand-history-formats.md).

The PHH specification writes amounts in the units of its ``currency`` field (an ISO 4217
code: ``currency = "USD"`` with ``antes = [0.25]`` is a quarter, as pokerkit's converters and
the PHH dataset write them). floorman keeps minor units, so:

* :func:`written_scale` -- minor units per written unit of a PHH file: floorman's
  user-defined ``_minor_units_per_unit`` when present (a power of ten), else the ISO 4217
  default of ``currency`` (100 for ``USD``, 1 for ``JPY``), else 1 (chips: no ``currency``, or
  a house chip code);
* :func:`to_minor` -- a hand read with its file's numbers -> the same hand in minor units
  (a :class:`~floorman.domain.history.phh_model.PhhHand` always holds minor units, and
  ``minor_units_per_unit`` says how many make one written unit);
* :func:`to_written` -- the inverse, for :func:`~floorman.domain.history.phh.dump_phh`.

floorman's own ``_`` fields (``_forced_bets``, ``_rake``, ``_rake_policy``) stay in minor
units. A written amount finer than a minor unit stays a Decimal (the mapping refuses it:
"not a whole number of chips").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from decimal import Decimal
from typing import Final

from floorman.domain.currency import default_minor_units, is_iso_code
from floorman.domain.history.amounts import Amount, normalize_amount
from floorman.domain.history.phh_actions import PhhAction
from floorman.domain.history.phh_model import PhhHand

UNITS_FIELD: Final = "_minor_units_per_unit"
"""floorman's user-defined field: minor units per written unit (when not the default)."""
_AMOUNTS: Final = (
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
)
_SIZES: Final = ("bring_in", "small_bet", "big_bet", "min_bet")


def written_scale(currency: object, units: object) -> int:
    """Minor units per written unit of a PHH file with these ``currency`` and
    ``_minor_units_per_unit`` values (``None`` when absent)."""
    if isinstance(units, int) and not isinstance(units, bool) and units >= 1:
        return units
    if isinstance(currency, str) and is_iso_code(currency):
        return default_minor_units(currency)
    return 1


def _map(hand: PhhHand, convert: Callable[[Amount], Amount]) -> PhhHand:
    changes: dict[str, object] = {}
    for name in _AMOUNTS:
        values = getattr(hand, name)
        if values is not None:
            changes[name] = tuple(convert(v) for v in values)
    for name in _SIZES:
        value = getattr(hand, name)
        if value is not None:
            changes[name] = convert(value)
    changes["actions"] = tuple(
        action if action.amount is None else _with_amount(action, convert(action.amount))
        for action in hand.actions
    )
    return dataclasses.replace(hand, **changes)  # type: ignore[arg-type]


def _with_amount(action: PhhAction, amount: Amount) -> PhhAction:
    return PhhAction(
        actor=action.actor,
        verb=action.verb,
        player=action.player,
        amount=amount,
        cards=action.cards,
        shows_dealt=action.shows_dealt,
        commentary=action.commentary,
    )


def to_minor(hand: PhhHand, scale: int) -> PhhHand:
    """``hand`` (the file's numbers) in minor units, ``minor_units_per_unit`` = ``scale``."""
    if scale == 1:
        if hand.minor_units_per_unit == 1:
            return hand  # a chips file as read: nothing to change
        return dataclasses.replace(hand, minor_units_per_unit=1)
    scaled = _map(hand, lambda value: normalize_amount(Decimal(value) * scale))
    return dataclasses.replace(scaled, minor_units_per_unit=scale)


def to_written(hand: PhhHand) -> PhhHand:
    """``hand`` (minor units) with the numbers its file writes (``minor_units_per_unit``
    minor units make one written unit)."""
    scale = hand.minor_units_per_unit
    if scale == 1:
        return hand
    return _map(hand, lambda value: normalize_amount(Decimal(value) / scale))
