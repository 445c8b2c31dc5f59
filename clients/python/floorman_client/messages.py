"""Small builders for the ``floorman.v1`` messages a terminal sends most, and enum coercion.

Enum arguments accept the number, the full name (``"GAME_RAZZ"``) or the name without its
prefix in any case (``"razz"``, ``"seven_card_stud_hi_lo"``); action types also accept
``"raise"``, ``"bring-in"`` and the like.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from floorman_client.arguments import checked
from floorman_client.v1 import audit_service_pb2 as apb
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import table_service_pb2 as tpb

EnumInput = int | str

GAME_ALIASES: Final = {
    "draw7a": pb.GAME_FIVE_CARD_DRAW_7A,
    "draw": pb.GAME_FIVE_CARD_DRAW,
    "stud": pb.GAME_SEVEN_CARD_STUD,
    "razz": pb.GAME_RAZZ,
    "stud8": pb.GAME_SEVEN_CARD_STUD_HI_LO,
    "studhilo": pb.GAME_SEVEN_CARD_STUD_HI_LO,
    "stud-hi-lo": pb.GAME_SEVEN_CARD_STUD_HI_LO,
    "stud5": pb.GAME_FIVE_CARD_STUD,
    "holdem": pb.GAME_TEXAS_HOLDEM,
    "nlhe": pb.GAME_TEXAS_HOLDEM,
    "omaha": pb.GAME_OMAHA,
    "plo": pb.GAME_OMAHA,
    "omaha8": pb.GAME_OMAHA_HI_LO,
    "omaha-hi-lo": pb.GAME_OMAHA_HI_LO,
    "omaha5": pb.GAME_FIVE_CARD_OMAHA,
    "plo5": pb.GAME_FIVE_CARD_OMAHA,
    "omaha5-8": pb.GAME_FIVE_CARD_OMAHA_HI_LO,
    "bigo": pb.GAME_FIVE_CARD_OMAHA_HI_LO,
    "shortdeck": pb.GAME_SHORT_DECK_HOLDEM,
    "short-deck": pb.GAME_SHORT_DECK_HOLDEM,
    "27sd": pb.GAME_DEUCE_TO_SEVEN_SINGLE_DRAW,
    "2-7-single": pb.GAME_DEUCE_TO_SEVEN_SINGLE_DRAW,
    "27td": pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW,
    "2-7-triple": pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW,
    "a5td": pb.GAME_ACE_TO_FIVE_TRIPLE_DRAW,
    "a-5-triple": pb.GAME_ACE_TO_FIVE_TRIPLE_DRAW,
    "badugi": pb.GAME_BADUGI,
}
"""Short game names (those of ``floorman eval --game``)."""


@checked
def enum_value(enum: Any, prefix: str, value: EnumInput) -> int:
    """The number of ``value`` in the protobuf enum ``enum`` whose names start with
    ``prefix`` (``"GAME_"``): a number is checked, a name may omit the prefix, any case,
    ``-`` or space for ``_``.

    Raises:
        ValueError: a name or number the enum does not have.
    """
    if isinstance(value, int):
        if value not in enum.values():
            raise ValueError(f"{value} is not a {enum.DESCRIPTOR.name} value")
        return value
    name = value.strip().upper().replace("-", "_").replace(" ", "_")
    for candidate in (name, prefix + name):
        if candidate in enum.keys():  # noqa: SIM118 - an EnumTypeWrapper, not a dict
            return int(enum.Value(candidate))
    known = ", ".join(
        key.removeprefix(prefix).lower()
        for key in enum.keys()  # noqa: SIM118 - an EnumTypeWrapper, not a dict
        if not key.endswith("_UNSPECIFIED")
    )
    raise ValueError(f"unknown {enum.DESCRIPTOR.name} {value!r}; known: {known}")


@checked
def game(value: EnumInput) -> int:
    """A ``floorman.v1.Game`` number: a short name of :data:`GAME_ALIASES` (``"draw7a"``,
    ``"stud8"``), an enum name with or without its prefix (``"GAME_RAZZ"``,
    ``"seven_card_stud_hi_lo"``), any case, or the number.

    Raises:
        ValueError: any other name or number.
    """
    if isinstance(value, str) and value.strip().lower() in GAME_ALIASES:
        return int(GAME_ALIASES[value.strip().lower()])
    return enum_value(pb.Game, "GAME_", value)


_game_number = game


@checked
def action_type(value: EnumInput) -> int:
    """A ``floorman.v1.ActionType`` number (``"raise"``, ``"bring_in"``, 5)."""
    return enum_value(pb.ActionType, "ACTION_TYPE_", value)


@checked
def action(kind: EnumInput, *, seat: int, amount: int = 0, cards: Iterable[str] = ()) -> pb.Action:
    """An ``Action``: ``action("raise", seat=2, amount=40)`` (a "raise to" total in minor
    units), ``action("draw", seat=3, cards=["Kc", "7d"])`` (the discards)."""
    return pb.Action(seat=seat, type=action_type(kind), amount=amount, cards=list(cards))


@checked
def deal(seat: int, cards: Iterable[str] | str, *, face_up: bool = False) -> pb.Deal:
    """A ``Deal`` of ``cards`` (a list, or one string ``"Ah Kd"``) to ``seat`` (0: the
    community card) for DealCards at a recorded table."""
    listed = cards.split() if isinstance(cards, str) else list(cards)
    return pb.Deal(seat=seat, cards=listed, face_up=face_up)


@checked
def hand(cards: Iterable[str] | str) -> pb.Hand:
    """A ``Hand`` from a list of cards or one string ``"As Kd Qc Jh Ts"``."""
    return pb.Hand(cards=cards.split() if isinstance(cards, str) else list(cards))


def history_event(event: pb.HandEvent | pb.Deal | pb.Action) -> pb.HandEvent:
    """A ``HandEvent`` wrapping a ``Deal`` or an ``Action`` (a ``HandEvent`` as is)."""
    if isinstance(event, pb.HandEvent):
        return event
    if isinstance(event, pb.Deal):
        return pb.HandEvent(deal=event)
    if isinstance(event, pb.Action):
        return pb.HandEvent(action=event)
    raise TypeError(f"a history event is a HandEvent, Deal or Action, not {type(event).__name__}")


@checked
def payouts(declared: Mapping[int, int] | Sequence[pb.Payout]) -> list[pb.Payout]:
    """``Payout`` messages from ``{seat: amount}`` (minor units) or a list of them."""
    if isinstance(declared, Mapping):
        return [pb.Payout(seat=seat, amount=amount) for seat, amount in declared.items()]
    return list(declared)


@checked
def document(name: str, content: bytes | str, *, format: EnumInput = 0) -> apb.HandHistoryDocument:
    """A ``HandHistoryDocument`` (text is encoded as UTF-8); ``format`` 0 lets the service
    detect it (``"phh"``, ``"pokerstars"``, ``AUDIT_FORMAT_OPEN_HAND_HISTORY`` ...)."""
    data = content.encode() if isinstance(content, str) else content
    kind = enum_value(apb.AuditFormat, "AUDIT_FORMAT_", format)
    return apb.HandHistoryDocument(name=name, content=data, format=kind)


def rotation_entry(
    game: EnumInput, *, betting_structure: EnumInput = 0, **stakes: int
) -> tpb.RotationEntry:
    """A mixed table's ``RotationEntry``: ``game`` as for :func:`game`, a structure name
    (``"no_limit"``; 0: the game's default) and its ``Stakes`` fields by keyword (none: the
    table's stakes)."""
    return tpb.RotationEntry(
        game=_game_number(game),
        betting_structure=enum_value(pb.BettingStructure, "BETTING_STRUCTURE_", betting_structure),
        stakes=pb.Stakes(**stakes) if stakes else None,
    )


ROTATION_ALIASES: Final = {
    "horse": tpb.ROTATION_HORSE,
    "8-game": tpb.ROTATION_EIGHT_GAME,
    "8game": tpb.ROTATION_EIGHT_GAME,
    "eight_game": tpb.ROTATION_EIGHT_GAME,
}
"""Short names of the named rotations (RULES.md "Mixed games")."""


def _listed_entry(item: Any) -> tpb.RotationEntry:
    """A list item of :func:`game_rotation`: a ``RotationEntry``, a game name, or a
    ``(game, structure)`` pair."""
    if isinstance(item, tpb.RotationEntry):
        return item
    if isinstance(item, str | int):
        return rotation_entry(item)
    game_name, *rest = item
    return rotation_entry(game_name, betting_structure=rest[0] if rest else 0)


def game_rotation(
    rotation: EnumInput | Sequence[tpb.RotationEntry | tuple[Any, ...]] | tpb.GameRotation,
    *,
    dealers_choice: bool = False,
) -> tpb.GameRotation:
    """A ``GameRotation``: a named one (``"horse"``, ``"8-game"``, ``"ROTATION_HORSE"`` or
    the number), or a list of entries (``RotationEntry`` messages, game names or
    ``(game, structure)`` pairs, names as :func:`rotation_entry`) played in order, or, with
    ``dealers_choice``, the list the button chooses from."""
    if isinstance(rotation, tpb.GameRotation):
        return rotation
    if isinstance(rotation, str | int):
        key = rotation.strip().lower() if isinstance(rotation, str) else rotation
        if dealers_choice:
            raise ValueError("dealer's choice takes a list of entries, not a named rotation")
        if isinstance(key, str) and key in ROTATION_ALIASES:
            return tpb.GameRotation(named=ROTATION_ALIASES[key])
        return tpb.GameRotation(named=enum_value(tpb.Rotation, "ROTATION_", rotation))
    entries = [_listed_entry(item) for item in rotation]
    listed = tpb.RotationEntries(entries=entries)
    if dealers_choice:
        return tpb.GameRotation(dealers_choice=listed)
    return tpb.GameRotation(custom=listed)


def table_settings(
    game: EnumInput = 0,
    *,
    small_bet: int,
    name: str = "",
    rotation: Any = None,
    dealers_choice: bool = False,
    **fields: Any,
) -> tpb.TableSettings:
    """``TableSettings`` for a fixed-limit table (other structures via
    ``betting_structure=``): ``game`` as for :func:`game`, ``small_bet`` in minor units,
    any other ``Stakes`` field (``ante``, ``bring_in``, ``big_bet`` ...) or ``TableSettings``
    field (``max_seats``, ``deal_mode="recorded"``, ``rake=RakePolicy(...)``) by keyword.
    A mixed table: ``rotation="horse"`` / ``"8-game"`` or a list of entries (see
    :func:`game_rotation`; ``dealers_choice=True`` for dealer's choice); ``game`` may then
    be left out (the first entry's)."""
    stake_names = set(pb.Stakes.DESCRIPTOR.fields_by_name)
    stakes = {key: fields.pop(key) for key in list(fields) if key in stake_names}
    for key, enum, prefix in (
        ("deal_mode", tpb.DealMode, "DEAL_MODE_"),
        ("button_rule", tpb.ButtonRule, "BUTTON_RULE_"),
        ("betting_structure", pb.BettingStructure, "BETTING_STRUCTURE_"),
    ):
        if key in fields:
            fields[key] = enum_value(enum, prefix, fields[key])
    if rotation is not None:
        fields["rotation"] = game_rotation(rotation, dealers_choice=dealers_choice)
    return tpb.TableSettings(
        name=name,
        game=_game_number(game) if game else 0,
        stakes=pb.Stakes(small_bet=small_bet, **stakes),
        **fields,
    )
