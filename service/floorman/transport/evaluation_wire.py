"""EvaluateHandResult entries written straight in protobuf wire format, for the batch and
streaming evaluation methods (issue 15 point 1): one ``MergeFromString`` per chunk of hands
in place of one sub-message and five field sets per hand.

The bytes parse to exactly the message :func:`floorman.transport.converters.fill_evaluation`
builds (``tests/transport/test_evaluation_wire.py``): proto3 fields at their default (0,
``""``, false, an empty list) are left out as the serializer leaves them out, and field order
does not matter to a parser. Field numbers come from the generated descriptors; the
HandValue head (category, strength, description, qualifies) is cached per value, the card
fields per card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from floorman.domain.cards import CARD_TEXTS
from floorman.domain.hand_value import HandCategory, HandValue
from floorman.domain.ranking import Evaluation
from floorman.transport.converters import CATEGORY_TO_PB
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb

_VARINT, _LENGTH = 0, 2


def varint(value: int) -> bytes:
    """``value`` (0 or more) as a protobuf base-128 varint."""
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


_SIZES: Final = tuple(varint(n) for n in range(1 << 14))
"""Varints of 0 .. 16383 (every length written here)."""


def _tag(message: type, name: str, wire_type: int) -> bytes:
    return varint(message.DESCRIPTOR.fields_by_name[name].number << 3 | wire_type)  # type: ignore[attr-defined]


def _field(tag: bytes, payload: bytes) -> bytes:
    """A length-delimited field."""
    size = len(payload)
    return tag + (_SIZES[size] if size < 16384 else varint(size)) + payload


_CATEGORY: Final = _tag(pb.HandValue, "category", _VARINT)
_CARD_TAG: Final = _tag(pb.HandValue, "best_cards", _LENGTH)
_STRENGTH: Final = _tag(pb.HandValue, "strength", _VARINT)
_DESCRIPTION: Final = _tag(pb.HandValue, "description", _LENGTH)
_QUALIFIES: Final = _tag(pb.HandValue, "qualifies", _VARINT)
_HIGH: Final = _tag(rpb.EvaluateHandResponse, "high", _LENGTH)
_LOW: Final = _tag(rpb.EvaluateHandResponse, "low", _LENGTH)
_ANSWER: Final = _tag(rpb.EvaluateHandResult, "answer", _LENGTH)
_ERROR: Final = _tag(rpb.EvaluateHandResult, "error", _LENGTH)
RESULTS_TAG: Final = _tag(rpb.BatchEvaluateHandsResponse, "results", _LENGTH)
assert _tag(rpb.EvaluateHandStreamResponse, "results", _LENGTH) == RESULTS_TAG

_CARD_FIELDS: Final = tuple(_field(_CARD_TAG, text.encode()) for text in CARD_TEXTS)
"""Card number -> its ``best_cards`` entry."""
_CATEGORY_FIELDS: Final = tuple(
    _CATEGORY + varint(CATEGORY_TO_PB[HandCategory(n)])
    if n in HandCategory._value2member_map_
    else b""
    for n in range(max(HandCategory) + 1)
)
"""HandCategory value -> its ``category`` field (indexed by the int: no enum hashing)."""
_HEADS: dict[tuple[int, str, bool], bytes] = {}
"""(strength, description, qualifies) -> those fields (a few thousand entries per game)."""
_HEADS_LIMIT: Final = 1 << 16


def _head(strength: int, description: str, qualifies: bool) -> bytes:
    key = (strength, description, qualifies)
    found = _HEADS.get(key)
    if found is None:
        found = b"".join(
            (
                _STRENGTH + varint(strength) if strength else b"",
                _field(_DESCRIPTION, description.encode()) if description else b"",
                _QUALIFIES + b"\x01" if qualifies else b"",
            )
        )
        if len(_HEADS) < _HEADS_LIMIT:
            _HEADS[key] = found
    return found


def hand_value(value: HandValue) -> bytes:
    """A ``floorman.v1.HandValue`` as :func:`converters.hand_value_to_pb` would serialize
    it (field order aside)."""
    cards = _CARD_FIELDS
    strength, description, qualifies = value.strength, value.description, value.qualifies
    head = _HEADS.get((strength, description, qualifies)) or _head(strength, description, qualifies)
    return (
        _CATEGORY_FIELDS[value.category]
        + b"".join([cards[card] for card in value.best_cards])
        + head
    )


def _high_prefix(size: int) -> bytes:
    payload = bytes(size)
    return _field(RESULTS_TAG, _field(_ANSWER, _field(_HIGH, payload)))[: -size or None]


_HIGH_PREFIXES: Final = tuple(_high_prefix(size) for size in range(1024))
"""HandValue size -> the tags and sizes before it in a ``results`` entry with a high side
only (every HandValue written here is far below 1024 bytes)."""


def answer_entry(evaluation: Evaluation) -> bytes:
    """One ``results`` entry (an EvaluateHandResult whose ``answer`` is ``evaluation``) of a
    BatchEvaluateHandsResponse or an EvaluateHandStreamResponse; a side that is ``None`` is
    left unset, and with neither side the result is empty (``answer`` unset, as
    ``fill_evaluation`` on an untouched ``answer`` leaves it)."""
    high, low = evaluation.high, evaluation.low
    if low is None:
        if high is None:
            return _field(RESULTS_TAG, b"")
        value = hand_value(high)
        size = len(value)
        if size < 1024:
            return _HIGH_PREFIXES[size] + value
        answer = _field(_HIGH, value)
    elif high is None:
        answer = _field(_LOW, hand_value(low))
    else:
        answer = _field(_HIGH, hand_value(high)) + _field(_LOW, hand_value(low))
    return _field(RESULTS_TAG, _field(_ANSWER, answer))


def response_bytes(evaluation: Evaluation) -> bytes:
    """A unary EvaluateHandResponse for ``evaluation`` in wire format (what
    ``converters.evaluation_to_pb(evaluation).SerializeToString()`` parses as; a side that is
    ``None`` is left out): the unary EvaluateHand fast path parses it once into its answer."""
    high, low = evaluation.high, evaluation.low
    answer = b"" if high is None else _field(_HIGH, hand_value(high))
    return answer if low is None else answer + _field(_LOW, hand_value(low))


def error_entry(status: object) -> bytes:
    """One ``results`` entry whose ``error`` is ``status`` (a ``google.rpc.Status``)."""
    return _field(RESULTS_TAG, _field(_ERROR, status.SerializeToString()))  # type: ignore[attr-defined]


def merge_entries(target: object, entries: Iterable[bytes]) -> None:
    """Append the ``entries`` to ``target.results`` (one parse for all of them)."""
    target.MergeFromString(b"".join(entries))  # type: ignore[attr-defined]
