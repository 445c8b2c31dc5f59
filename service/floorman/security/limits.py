"""Request and concurrency limits, configured with ``--limit NAME=VALUE`` (repeatable) or
``FLOORMAN_LIMITS="NAME=VALUE,NAME=VALUE"`` (flags win per name).

=================  ========  =============================================================
name               default   what it bounds
=================  ========  =============================================================
message_bytes      4194304   one request or response message (gRPC; RESOURCE_EXHAUSTED)
amount             10**15    the absolute value of every money amount of a request (stakes,
                             stacks, buy-ins, bets, forced bets, payouts, rake cap and
                             increment), in minor units: sums over ten seats stay far inside
                             int64, so no answer can overflow
cards              52        cards in one list: EvaluateHand, a CompareHands hand, the
                             community cards, one Deal or Action
hands              10        hands in one CompareHands request
batch_items        10000     requests in one BatchEvaluateHands / BatchCompareHands
                             request or one EvaluateHandStream message
seats              10        seats of a HandConfig; declared payouts of SettleHand
forced_bets        30        forced bets of a HandConfig
history_events     1000      events of a ValidateAction / ListLegalActions / SettleHand
                             history
deals              64        deals in one DealCards request
audit_documents    100       documents in one AuditHandHistories request or stream
rotation_entries   32        entries of a mixed table's rotation (TableSettings.rotation;
                             the table itself takes at most 32: docs/rules.md)
string_chars       256       every string of a floorman request without its own length
                             limit (page tokens, document names ...; the ids and a table's
                             name have theirs: :mod:`floorman.domain.text_limits`, which
                             this limit tightens when set lower); control characters are
                             refused in every string
streams_per_peer   32        concurrent streaming calls (WatchTable, audit streams, health
                             Watch, reflection) from one client address (0: no limit)
concurrent_rpcs    1000      calls in progress on the whole server (0: no limit)
pending_writes     64        table writes running on the server (use case and commit); as
                             many more wait about one write's time for a slot, beyond that
                             RESOURCE_EXHAUSTED ``STORE_BUSY`` with a ``RetryInfo`` delay
                             (:mod:`floorman.transport.write_queue`; 0: no limit)
=================  ========  =============================================================

A request over a size limit is INVALID_ARGUMENT with a field violation naming the field and
the limit; a concurrency limit is RESOURCE_EXHAUSTED (:class:`LimitExceeded`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Final

MIN_MESSAGE_BYTES: Final = 64 * 1024
_ZERO_MEANS_UNLIMITED: Final = frozenset({"streams_per_peer", "concurrent_rpcs", "pending_writes"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    """Every limit (see the module docstring for what each bounds)."""

    message_bytes: int = 4 * 1024 * 1024
    amount: int = 10**15
    cards: int = 52
    hands: int = 10
    batch_items: int = 10_000
    seats: int = 10
    forced_bets: int = 30
    history_events: int = 1000
    deals: int = 64
    audit_documents: int = 100
    rotation_entries: int = 32
    string_chars: int = 256
    streams_per_peer: int = 32
    concurrent_rpcs: int = 1000
    pending_writes: int = 64


LIMIT_NAMES: Final = tuple(f.name for f in fields(Limits))


class LimitsError(ValueError):
    """A malformed ``--limit`` value (the message names the source and the limit)."""


class LimitExceeded(Exception):
    """A concurrency limit is reached (RESOURCE_EXHAUSTED): ``limit`` is its name, ``value``
    its setting."""

    def __init__(self, limit: str, value: int, message: str) -> None:
        super().__init__(message)
        self.limit = limit
        self.value = value


def _minimum(name: str) -> int:
    if name == "message_bytes":
        return MIN_MESSAGE_BYTES
    return 0 if name in _ZERO_MEANS_UNLIMITED else 1


def _wanted(name: str) -> str:
    """What a value of limit ``name`` must be, in words: ``a positive whole number`` (at
    least 1), ``a whole number, 0 or more (0: no limit)``, or ``a whole number of at least N``
    (digits only, at most 18 of them)."""
    minimum = _minimum(name)
    if minimum == 1:
        return "a positive whole number"
    if minimum == 0:
        return "a whole number, 0 or more (0: no limit)"
    return f"a whole number of at least {minimum}"


def apply_limits(base: Limits, items: list[str], *, source: str) -> Limits:
    """``base`` with each ``NAME=VALUE`` of ``items`` applied in order (empty items skipped).

    Raises:
        LimitsError: naming ``source`` for an unknown name, a missing ``=``, a value that is
            not a whole number, or one below the limit's minimum (1; 65536 for
            ``message_bytes``; 0 = no limit for ``streams_per_peer``, ``concurrent_rpcs`` and
            ``pending_writes``).
    """
    changes: dict[str, int] = {}
    for item in items:
        text = item.strip()
        if not text:
            continue
        name, sep, value = text.partition("=")
        name = name.strip().lower()
        if not sep or name not in LIMIT_NAMES:
            raise LimitsError(
                f"{source}: {item!r} is not NAME=VALUE with NAME one of {', '.join(LIMIT_NAMES)}"
            )
        value = value.strip().replace("_", "")
        if not value.isascii() or not value.isdigit() or len(value) > 18:
            raise LimitsError(f"{source}: {name}={value!r}: the value must be {_wanted(name)}")
        number = int(value)
        if number < _minimum(name):
            raise LimitsError(f"{source}: {name}={value!r}: the value must be {_wanted(name)}")
        changes[name] = number
    return replace(base, **changes)
