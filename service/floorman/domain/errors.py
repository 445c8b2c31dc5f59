"""Domain errors: few, narrow, and each maps to one gRPC status in the transport.

* :class:`InvalidArgument` — the request itself is malformed (INVALID_ARGUMENT with
  ``google.rpc.BadRequest`` field violations; the rule id goes in each description).
* :class:`RuleViolation` — a well-formed action that the rules forbid now (a normal
  ``legal: false`` answer for ValidateAction; FAILED_PRECONDITION on a live table).
* :class:`HistoryError` — a recorded history whose event ``index`` breaks a rule or is
  malformed (INVALID_ARGUMENT naming ``history[index]``).

Rule ids are the ones in the table at the end of RULES.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class FloormanError(Exception):
    """Base class of every error the domain raises on purpose."""


@dataclass(frozen=True, slots=True)
class FieldViolation:
    """One bad field: ``field`` is a path such as ``cards[2]`` or ``hands[1].cards[0]``.

    ``rule`` is a RULES.md rule id (``card.duplicate``) or ``""`` for plain request shape
    problems (a missing game, a negative amount).
    """

    field: str
    rule: str
    message: str

    @property
    def description(self) -> str:
        """``"<rule>: <message>"`` (just the message when no rule applies): BadRequest format."""
        return f"{self.rule}: {self.message}" if self.rule else self.message


class InvalidArgument(FloormanError):
    """The request is malformed; carries every field violation found."""

    def __init__(self, violations: Iterable[FieldViolation]) -> None:
        self.violations: tuple[FieldViolation, ...] = tuple(violations)
        super().__init__("; ".join(f"{v.field}: {v.description}" for v in self.violations))

    @classmethod
    def single(cls, field: str, rule: str, message: str) -> InvalidArgument:
        """An error with one violation."""
        return cls([FieldViolation(field, rule, message)])


class RuleViolation(FloormanError):
    """An action the rules forbid.

    Attributes:
        rule: stable rule id from RULES.md, e.g. ``fixed_limit.cap``.
        message: readable reason.
        seat: the seat concerned (0 when none).
        expected / actual: optional values for findings (``"200"`` / ``"250"``).
        cards: the cards (their texts, ``"Ah"``) the message, ``expected`` or ``actual``
            name; empty when they name none.
        card_free: the reason in words that name no card (``"seat 3 does not hold one of
            the cards it discards"``): required when ``cards`` is not empty, else the
            message itself. :meth:`without_cards` builds the card-free violation from it.
    """

    def __init__(
        self,
        rule: str,
        message: str,
        *,
        seat: int = 0,
        expected: object | None = None,
        actual: object | None = None,
        cards: Iterable[str] = (),
        card_free: str = "",
    ) -> None:
        self.rule = rule
        self.message = message
        self.seat = seat
        self.expected = "" if expected is None else str(expected)
        self.actual = "" if actual is None else str(actual)
        self.cards: tuple[str, ...] = tuple(cards)
        if self.cards and not card_free:
            raise ValueError(f"a {rule} violation naming cards needs its card-free words")
        self.card_free = card_free or message
        super().__init__(f"{rule}: {message}")

    def without_cards(self) -> RuleViolation:
        """This violation as a viewer who may not see the cards gets it: the card-free words,
        the same rule and seat, and ``expected`` / ``actual`` unless they are one of the
        named cards (itself when it names no card)."""
        if not self.cards:
            return self
        named = set(self.cards)
        return RuleViolation(
            self.rule,
            self.card_free,
            seat=self.seat,
            expected=None if self.expected in named else self.expected or None,
            actual=None if self.actual in named else self.actual or None,
        )


class HistoryError(FloormanError):
    """Event ``index`` (0-based) of a recorded history is illegal or malformed."""

    def __init__(self, index: int, violation: RuleViolation) -> None:
        self.index = index
        self.violation = violation
        super().__init__(f"history[{index}]: {violation}")

    @property
    def rule(self) -> str:
        """The broken rule's id."""
        return self.violation.rule
