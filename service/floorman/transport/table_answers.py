"""The answers of the table writes as the bytes the store keeps (and a retry gets again).

:func:`encode_outcome` is the :data:`~floorman.app.tables.service.ResponseEncoder` the server
injects. The answer of a write late in a long hand must cost about what an early one costs
(issue 15 point 4), so the parts that do not change between two answers are serialized once
and reused as bytes: each hand event (by identity, then by value), the prefix of a hand's
events already answered, the table's settings and the hand's configuration. Protobuf parsers
accept a message's fields in any order and merge nothing here (each reused part is a whole
field), so the bytes parse to the same message as :func:`~floorman.transport.
table_converters.table_to_pb` / :func:`~floorman.transport.table_converters.hand_view_to_pb`
would build. The caches hold immutable domain values only and are bounded (cleared when full).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import datetime
from typing import Any, Final

from google.protobuf.timestamp_pb2 import Timestamp

from floorman.app.tables.views import HandView, Outcome, TableView
from floorman.domain import model
from floorman.domain.engine.types import SeatView, Snapshot
from floorman.domain.table.seats import Seat
from floorman.domain.table.settings import TableSettings
from floorman.transport.converters import hand_config_to_pb
from floorman.transport.engine_converters import fill_snapshot, seat_view_to_pb
from floorman.transport.table_converters import (
    hand_event_to_pb,
    hand_view_to_pb,
    rotation_state_to_pb,
    seat_to_pb,
    settings_to_pb,
    table_to_pb,
)
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import table_service_pb2 as tpb

__all__ = ["RESPONSES", "encode_outcome", "hand_view_bytes", "table_bytes"]

_EVENTS_FIELD: Final = tpb.HandView.DESCRIPTOR.fields_by_name["events"].number
_CONFIG_FIELD: Final = tpb.HandView.DESCRIPTOR.fields_by_name["config"].number
_STATE_FIELD: Final = tpb.HandView.DESCRIPTOR.fields_by_name["state"].number
_SNAPSHOT_SEATS_FIELD: Final = pb.HandSnapshot.DESCRIPTOR.fields_by_name["seats"].number
_SETTINGS_FIELD: Final = tpb.Table.DESCRIPTOR.fields_by_name["settings"].number
_SEATS_FIELD: Final = tpb.Table.DESCRIPTOR.fields_by_name["seats"].number
_CREATED_FIELD: Final = tpb.Table.DESCRIPTOR.fields_by_name["created_at"].number
_CACHE_LIMIT: Final = 512


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    """One length-delimited protobuf field (wire type 2): key, length, payload."""
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


@functools.lru_cache(maxsize=1 << 16)
def _event_field(event: model.HandEvent) -> bytes:
    """A (redacted, immutable, hashable) hand event as a serialized ``events`` field."""
    return _field(_EVENTS_FIELD, hand_event_to_pb(event).SerializeToString(deterministic=True))


_BY_IDENTITY: dict[int, tuple[Any, bytes]] = {}
_BY_IDENTITY_LIMIT: Final = 1 << 16


def _by_identity(value: Any, encode: Callable[[Any], bytes]) -> bytes:
    """``encode(value)`` looked up by object identity first (a hand's events, its config and
    the table's settings are the same objects answer after answer; the entry keeps its value
    alive, so ids stay unique)."""
    entry = _BY_IDENTITY.get(id(value))
    if entry is not None and entry[0] is value:
        return entry[1]
    data = encode(value)
    if len(_BY_IDENTITY) >= _BY_IDENTITY_LIMIT:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[id(value)] = (value, data)
    return data


@functools.lru_cache(maxsize=1024)
def _settings_field(settings: TableSettings) -> bytes:
    return _field(_SETTINGS_FIELD, settings_to_pb(settings).SerializeToString(deterministic=True))


@functools.lru_cache(maxsize=4096)
def _config_field(config: model.HandConfig) -> bytes:
    return _field(_CONFIG_FIELD, hand_config_to_pb(config).SerializeToString(deterministic=True))


_EVENTS_BYTES: dict[str, tuple[tuple[model.HandEvent, ...], bytes]] = {}


def _events_bytes(hand_id: str, events: tuple[model.HandEvent, ...], *, done: bool) -> bytes:
    """The ``events`` fields of a hand's (redacted) events: the bytes of the longest prefix
    already serialized for the hand (checked equal, identity first) extended by the new
    events, so the answer to action 40 serializes one event, not forty. Only running hands
    are kept (``done``: the hand is complete, its entry dropped)."""
    entry = _EVENTS_BYTES.pop(hand_id, None)
    data, start = b"", 0
    if entry is not None and len(entry[0]) <= len(events) and events[: len(entry[0])] == entry[0]:
        data, start = entry[1], len(entry[0])
    if start < len(events):
        data += b"".join([_by_identity(e, _event_field) for e in events[start:]])
    if not done:
        if len(_EVENTS_BYTES) >= _CACHE_LIMIT:
            _EVENTS_BYTES.clear()
        _EVENTS_BYTES[hand_id] = (events, data)
    return data


@functools.lru_cache(maxsize=4096)
def _seat_field(seat: Seat) -> bytes:
    return _field(_SEATS_FIELD, seat_to_pb(seat).SerializeToString(deterministic=True))


@functools.lru_cache(maxsize=1024)
def _created_field(moment: datetime) -> bytes:
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return _field(_CREATED_FIELD, stamp.SerializeToString(deterministic=True))


def table_bytes(view: TableView) -> bytes:
    """The serialized ``Table`` of ``view``: the scalars, then each seat, the creation time
    and the settings, each serialized once (a seat again only when it changed)."""
    head = tpb.Table(
        table_id=view.table_id,
        status=tpb.TABLE_STATUS_CLOSED if view.closed else tpb.TABLE_STATUS_OPEN,
        sequence=view.sequence,
        button_seat=view.button_seat,
        hand_count=view.hand_count,
        current_hand_id=view.current_hand_id,
        rotation=None if view.rotation is None else rotation_state_to_pb(view.rotation),
    ).SerializeToString(deterministic=True)
    parts = [head]
    parts.extend([_by_identity(seat, _seat_field) for seat in view.seats])
    if view.created_at is not None:
        parts.append(_by_identity(view.created_at, _created_field))
    parts.append(_by_identity(view.settings, _settings_field))
    return b"".join(parts)


@functools.lru_cache(maxsize=1 << 14)
def _seat_view_field(view: SeatView) -> bytes:
    return _field(
        _SNAPSHOT_SEATS_FIELD, seat_view_to_pb(view).SerializeToString(deterministic=True)
    )


def _snapshot_bytes(view: Snapshot) -> bytes:
    """The serialized ``HandSnapshot``: its scalars, then each seat (serialized once per
    seat position: an action changes one or two seats)."""
    head = pb.HandSnapshot()
    fill_snapshot(head, view, with_seats=False)
    parts = [head.SerializeToString(deterministic=True)]
    parts.extend([_seat_view_field(seat) for seat in view.seats])
    return b"".join(parts)


def hand_view_bytes(view: HandView) -> bytes:
    """The serialized ``HandView`` of ``view``: the hand's events are serialized once each
    and appended as repeated ``events`` fields, the configuration once per hand, the
    snapshot's seats once per seat position, so a long hand costs little more per answer
    than a short one."""
    head = hand_view_to_pb(view, with_events=False, with_config=False, with_state=False)
    return b"".join(
        (
            head.SerializeToString(deterministic=True),
            _field(_STATE_FIELD, _snapshot_bytes(view.state)),
            _by_identity(view.config, _config_field),
            _events_bytes(view.hand_id, view.events, done=view.complete),
        )
    )


def _table_only(response: type[Any]) -> Callable[[Outcome], bytes]:
    number = response.DESCRIPTOR.fields_by_name["table"].number
    return lambda outcome: _field(number, table_bytes(outcome.table))


def _with_hand(response: type[Any]) -> Callable[[Outcome], bytes]:
    table = response.DESCRIPTOR.fields_by_name["table"].number
    hand = response.DESCRIPTOR.fields_by_name["hand"].number

    def build(outcome: Outcome) -> bytes:
        data = _field(table, table_bytes(outcome.table))
        if outcome.hand is not None:
            data += _field(hand, hand_view_bytes(outcome.hand))
        return data

    return build


def _leave(outcome: Outcome) -> bytes:
    message = tpb.LeaveSeatResponse(table=table_to_pb(outcome.table), cash_out=outcome.cash_out)
    return message.SerializeToString(deterministic=True)


RESPONSES: Final[dict[str, Callable[[Outcome], bytes]]] = {
    "CreateTable": _table_only(tpb.CreateTableResponse),
    "CloseTable": _table_only(tpb.CloseTableResponse),
    "SeatPlayer": _table_only(tpb.SeatPlayerResponse),
    "LeaveSeat": _leave,
    "SitOut": _table_only(tpb.SitOutResponse),
    "SitIn": _table_only(tpb.SitInResponse),
    "StartHand": _with_hand(tpb.StartHandResponse),
    "DealCards": _with_hand(tpb.DealCardsResponse),
    "RecordAction": _with_hand(tpb.RecordActionResponse),
}


def encode_outcome(operation: str, outcome: Outcome) -> bytes:
    """The serialized response of ``operation`` (what the store keeps for retries)."""
    return RESPONSES[operation](outcome)
