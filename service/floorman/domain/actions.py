"""Which fields an action may carry (``Action.amount``, ``Action.cards``): one rule for every
way in (ValidateAction, a submitted history, RecordAction, the history readers, the audit).

* ``cards`` belong to DRAW (the discards) and SHOW (the cards shown) only; a MUCK gives the
  hand up without naming cards (the engine ignores any), so cards on any other type are
  refused as ``action.extra_cards``.
* ``amount`` belongs to BET, RAISE and COMPLETE (the "raise to" total) and BRING_IN (must
  match); a CALL, FOLD or CHECK naming chips is the engine's ``bet.amount``. DRAW, SHOW and
  MUCK put in no chips: a nonzero amount there is refused as ``action.extra_amount``.

The transport reports these as INVALID_ARGUMENT field violations; the engine refuses the
same actions with the same rule ids (:func:`check_action_fields`), so replayed and audited
histories get the rule too.
"""

from __future__ import annotations

from typing import Final

from floorman.domain.errors import FieldViolation, RuleViolation
from floorman.domain.model import Action, ActionType

EXTRA_CARDS: Final = "action.extra_cards"
"""Cards on an action other than DRAW or SHOW."""
EXTRA_AMOUNT: Final = "action.extra_amount"
"""A nonzero amount on a DRAW, SHOW or MUCK."""

CARD_ACTIONS: Final = frozenset({ActionType.DRAW, ActionType.SHOW})
"""The action types that carry cards."""
CHIPLESS_ACTIONS: Final = frozenset({ActionType.DRAW, ActionType.SHOW, ActionType.MUCK})
"""The action types that never carry an amount (FOLD, CHECK and CALL: ``bet.amount``)."""


def _name(kind: ActionType) -> str:
    return kind.value.upper()


def stray_fields(action: Action) -> list[tuple[str, str, str]]:
    """``(field, rule, message)`` for each field ``action`` carries that its type does not
    take: ``cards`` outside DRAW and SHOW, a nonzero ``amount`` on DRAW, SHOW or MUCK.
    Empty when the action is well formed (its values are the engine's to judge)."""
    found: list[tuple[str, str, str]] = []
    kind = action.type
    if action.cards and kind not in CARD_ACTIONS:
        found.append(
            ("cards", EXTRA_CARDS, f"a {_name(kind)} carries no cards (only DRAW and SHOW do)")
        )
    if action.amount and kind in CHIPLESS_ACTIONS:
        found.append(
            (
                "amount",
                EXTRA_AMOUNT,
                f"a {_name(kind)} puts in no chips: it cannot carry the amount {action.amount}",
            )
        )
    return found


def action_field_violations(action: Action, *, field: str) -> list[FieldViolation]:
    """:func:`stray_fields` as field violations under ``field`` (``action.cards``,
    ``history[3].action.amount``)."""
    return [
        FieldViolation(f"{field}.{name}", rule, msg) for name, rule, msg in stray_fields(action)
    ]


def check_action_fields(action: Action) -> None:
    """Raise the first :func:`stray_fields` problem of ``action`` as a :class:`RuleViolation`
    (``action.extra_cards`` / ``action.extra_amount``, seat = the action's seat)."""
    found = stray_fields(action)
    if found:
        _field, rule, message = found[0]
        raise RuleViolation(rule, message, seat=action.seat)
