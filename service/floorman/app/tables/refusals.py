"""A refusal stored as a request's first answer (DESIGN.md "Contract details": idempotency).

A refused RecordAction or DealCards is written to the table's log as a finding under the
caller's request id and fingerprint, with the refusal as the request's stored response. A
retry with the same id and payload then gets the same refusal, and the same id with another
payload is refused as a conflict, exactly as after a write that succeeded.

The stored form is :data:`REFUSAL_MARK` followed by canonical JSON. A successful answer never
starts with the mark: a protobuf message never starts with a zero byte (field number 0 does
not exist), and the transport-free encoder writes JSON objects.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from floorman.domain.errors import RuleViolation

REFUSAL_MARK: Final = b"\x00floorman.refusal\n"
"""The first bytes of a stored refusal."""


@dataclass(frozen=True, slots=True)
class StoredRefusal:
    """A refusal as first answered: the violation in full, and ``secret`` when the refused
    event carried cards (its details are then shown only to viewers who see hole cards;
    the others get ``public``, the violation in words that name no card, ``None`` in
    answers stored before it existed)."""

    violation: RuleViolation
    secret: bool
    public: RuleViolation | None = None


def _body(violation: RuleViolation) -> dict[str, object]:
    return {
        "rule": violation.rule,
        "message": violation.message,
        "seat": violation.seat,
        "expected": violation.expected,
        "actual": violation.actual,
    }


def _violation(body: dict[str, object]) -> RuleViolation:
    return RuleViolation(
        str(body["rule"]),
        str(body["message"]),
        seat=int(str(body["seat"])),
        expected=str(body["expected"]) or None,
        actual=str(body["actual"]) or None,
    )


def encode_refusal(violation: RuleViolation, *, secret: bool) -> bytes:
    """The stored response of a refused request: :data:`REFUSAL_MARK` + JSON of the rule id,
    message, seat, expected, actual and ``secret``, and for a secret one ``public``: the
    same fields of :meth:`~floorman.domain.errors.RuleViolation.without_cards`."""
    body: dict[str, object] = {**_body(violation), "secret": secret}
    if secret:
        body["public"] = _body(violation.without_cards())
    return REFUSAL_MARK + json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def decode_refusal(response: bytes) -> StoredRefusal | None:
    """The refusal stored in ``response``, or ``None`` for a successful answer.

    Raises:
        ValueError: the response starts with the mark but is not a refusal this code wrote.
    """
    if not response.startswith(REFUSAL_MARK):
        return None
    try:
        body = json.loads(response[len(REFUSAL_MARK) :])
        public = _violation(body["public"]) if "public" in body else None
        return StoredRefusal(_violation(body), secret=bool(body["secret"]), public=public)
    except (KeyError, TypeError) as error:
        raise ValueError(f"a stored refusal this code cannot read: {error!r}") from None
