"""TableService protobuf <-> the table use cases' commands and views.

Messages shared with RulesService (hand configuration, actions, deals, snapshots, legal
actions, settlements, violations) convert with the one converter each has in
:mod:`floorman.transport.converters` / :mod:`floorman.transport.engine_converters`.

pb -> domain functions raise :class:`~floorman.domain.errors.InvalidArgument` with every
problem and its field path (``settings.stakes.small_bet``, ``action.type``,
``deals[1].cards[0]``); UNSPECIFIED enums take their documented default where the contract
gives one (fixed limit, service-dealt, dead button; entry: wait for the big blind when
seating, post owed blinds when sitting in). domain -> pb functions never fail. The deck order
and reshuffled stubs are not in any view, so no converter could send them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from google.protobuf.timestamp_pb2 import Timestamp

from floorman.app.tables import commands
from floorman.app.tables.hands import HandListing
from floorman.app.tables.views import EventView, HandView, Outcome, RotationView, TableView
from floorman.domain import model
from floorman.domain.errors import FieldViolation
from floorman.domain.table import events as ev
from floorman.domain.table.placement import Positions
from floorman.domain.table.redaction import Role
from floorman.domain.table.rotation import Choice, NamedRotation, entry_stakes, named_rotation
from floorman.domain.table.seats import EntryOption, Seat, SeatStatus
from floorman.domain.table.settings import (
    ButtonRule,
    DealMode,
    Rotation,
    RotationEntry,
    TableSettings,
)
from floorman.transport import converters as conv
from floorman.transport.converters import (
    STRUCTURE_TO_PB,
    action_to_pb,
    deal_to_pb,
    hand_config_to_pb,
    hand_event_to_pb,
    raise_problems,
    rake_to_pb,
    stakes_to_pb,
    violation_to_pb,
)
from floorman.transport.engine_converters import (
    legal_action_to_pb,
    settlement_to_pb,
    snapshot_to_pb,
)
from floorman.v1 import table_service_pb2 as tpb

_Problems = list[FieldViolation]

DEAL_MODE_FROM_PB: Final = {
    tpb.DEAL_MODE_SERVICE_DEALT: DealMode.SERVICE_DEALT,
    tpb.DEAL_MODE_RECORDED: DealMode.RECORDED,
}
DEAL_MODE_TO_PB: Final = {mode: number for number, mode in DEAL_MODE_FROM_PB.items()}
BUTTON_RULE_FROM_PB: Final = {
    tpb.BUTTON_RULE_DEAD_BUTTON: ButtonRule.DEAD_BUTTON,
    tpb.BUTTON_RULE_MOVING_BUTTON: ButtonRule.MOVING_BUTTON,
}
BUTTON_RULE_TO_PB: Final = {rule: number for number, rule in BUTTON_RULE_FROM_PB.items()}
ENTRY_FROM_PB: Final = {
    tpb.ENTRY_OPTION_POST_BIG_BLIND: EntryOption.POST_BIG_BLIND,
    tpb.ENTRY_OPTION_WAIT_FOR_BIG_BLIND: EntryOption.WAIT_FOR_BIG_BLIND,
}
ENTRY_TO_PB: Final = {entry: number for number, entry in ENTRY_FROM_PB.items()}
SEAT_STATUS_TO_PB: Final = {
    SeatStatus.ACTIVE: tpb.SEAT_STATUS_ACTIVE,
    SeatStatus.WAITING_FOR_BIG_BLIND: tpb.SEAT_STATUS_WAITING_FOR_BIG_BLIND,
    SeatStatus.SITTING_OUT: tpb.SEAT_STATUS_SITTING_OUT,
    SeatStatus.BUSTED: tpb.SEAT_STATUS_BUSTED,
}
FORMAT_FROM_PB: Final = {
    tpb.HISTORY_FORMAT_PHH: "phh",
    tpb.HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON: "ohh",
    tpb.HISTORY_FORMAT_POKERSTARS_TEXT: "pokerstars",
}
ROLE_NAMES: Final = {role.value: role for role in Role}


# ---------------------------------------------------------------------------- requests


def settings_from_pb(message: tpb.TableSettings, *, field: str = "settings") -> TableSettings:
    """``TableSettings`` -> the domain settings (defaults filled later by the use case).

    Raises:
        InvalidArgument: a missing game, unknown enum numbers, negative money; a game or a
            betting structure set with a rotation (``settings.game``,
            ``settings.betting_structure``: a mixed table leaves them unset).
    """
    problems: _Problems = []
    has_rotation = message.HasField("rotation")
    game = conv.enum_value(
        message.game,
        conv.GAME_FROM_PB,
        field=f"{field}.game",
        what="game",
        problems=problems,
        **({"default": None} if has_rotation else {}),
    )
    structure = conv.enum_value(
        message.betting_structure,
        conv.STRUCTURE_FROM_PB,
        field=f"{field}.betting_structure",
        what="",
        problems=problems,
        default=conv.default_structure(game),
    )
    stakes = conv.stakes_from_pb(message.stakes, field=f"{field}.stakes", problems=problems)
    rake = conv.rake_from_pb(message.rake, field=f"{field}.rake", problems=problems)
    deal_mode = conv.enum_value(
        message.deal_mode,
        DEAL_MODE_FROM_PB,
        field=f"{field}.deal_mode",
        what="",
        problems=problems,
        default=DealMode.SERVICE_DEALT,
    )
    button_rule = conv.enum_value(
        message.button_rule,
        BUTTON_RULE_FROM_PB,
        field=f"{field}.button_rule",
        what="",
        problems=problems,
        default=ButtonRule.DEAD_BUTTON,
    )
    if has_rotation and game is not None:
        # The contract: a mixed table leaves game unset (its answer names the first entry's);
        # an unknown game number is reported above.
        problems.append(
            FieldViolation(
                f"{field}.game",
                "",
                f"a mixed table leaves the game unset ({game.value} sent): its rotation "
                "names the games",
            )
        )
    if has_rotation and message.betting_structure in conv.STRUCTURE_FROM_PB:
        # The same contract for the structure: each entry of a rotation names its own.
        problems.append(
            FieldViolation(
                f"{field}.betting_structure",
                "",
                "a mixed table leaves the betting structure unset "
                f"({structure.value} sent): each entry "
                "of its rotation names its own",
            )
        )
    for name in ("max_seats", "min_buy_in", "max_buy_in", "dealer_seat"):
        if getattr(message, name) < 0:
            problems.append(FieldViolation(f"{field}.{name}", "", "must be 0 or more"))
    rotation = (
        _rotation_from_pb(message.rotation, stakes, field=f"{field}.rotation", problems=problems)
        if has_rotation
        else None
    )
    raise_problems(problems)
    if rotation is not None and rotation.entries:
        first = rotation.entries[0]
        game, structure, stakes = first.game, first.betting_structure, first.stakes
    return TableSettings(
        name=message.name,
        rotation=rotation,
        game=game,  # type: ignore[arg-type]  # checked above
        betting_structure=structure,
        stakes=stakes,
        rake=rake,
        max_seats=message.max_seats,
        deal_mode=deal_mode,
        button_rule=button_rule,
        uncapped_heads_up=message.uncapped_heads_up,
        min_buy_in=message.min_buy_in,
        max_buy_in=message.max_buy_in,
        dealer_seat=message.dealer_seat,
        currency_code=message.currency_code,
        minor_units_per_unit=message.minor_units_per_unit,
    )


ROTATION_FROM_PB: Final = {
    tpb.ROTATION_HORSE: NamedRotation.HORSE,
    tpb.ROTATION_EIGHT_GAME: NamedRotation.EIGHT_GAME,
}
ROTATION_TO_PB: Final = {name.value: number for number, name in ROTATION_FROM_PB.items()}


def _rotation_from_pb(
    message: tpb.GameRotation, stakes: model.Stakes, *, field: str, problems: _Problems
) -> Rotation | None:
    """``GameRotation`` -> the domain rotation (a named one with the table's ``stakes``; an
    entry without stakes takes the table's). ``None`` after recording a violation."""
    kind = message.WhichOneof("kind")
    if kind == "named":
        name = conv.enum_value(
            message.named,
            ROTATION_FROM_PB,
            field=f"{field}.named",
            what="the rotation",
            problems=problems,
            enum_name="Rotation",
        )
        return None if name is None else named_rotation(name, stakes)
    if kind is None:
        problems.append(FieldViolation(field, "", "a rotation is named, custom or dealer's choice"))
        return None
    listed = message.custom if kind == "custom" else message.dealers_choice
    entries = []
    for index, item in enumerate(listed.entries):
        where = f"{field}.{kind}.entries[{index}]"
        game = conv.enum_value(
            item.game, conv.GAME_FROM_PB, field=f"{where}.game", what="game", problems=problems
        )
        structure = conv.enum_value(
            item.betting_structure,
            conv.STRUCTURE_FROM_PB,
            field=f"{where}.betting_structure",
            what="",
            problems=problems,
            default=conv.default_structure(game),
        )
        if game is not None and structure is not None:
            inherits = not item.HasField("stakes")
            own = (
                entry_stakes(game, stakes)
                if inherits
                else conv.stakes_from_pb(item.stakes, field=f"{where}.stakes", problems=problems)
            )
            entries.append(
                RotationEntry(
                    game=game, betting_structure=structure, stakes=own, table_stakes=inherits
                )
            )
    if not listed.entries:
        problems.append(FieldViolation(f"{field}.{kind}.entries", "", "list 1 to 32 entries"))
    return Rotation(entries=tuple(entries), dealers_choice=kind == "dealers_choice")


def rotation_to_pb(rotation: Rotation) -> tpb.GameRotation:
    """The domain rotation -> ``GameRotation``."""
    if rotation.named and not rotation.dealers_choice:
        return tpb.GameRotation(named=ROTATION_TO_PB[rotation.named])  # type: ignore[arg-type]
    listed = tpb.RotationEntries(entries=[rotation_entry_to_pb(e) for e in rotation.entries])
    if rotation.dealers_choice:
        return tpb.GameRotation(dealers_choice=listed)
    return tpb.GameRotation(custom=listed)


def rotation_entry_to_pb(entry: RotationEntry) -> tpb.RotationEntry:
    """A rotation entry -> ``RotationEntry``."""
    return tpb.RotationEntry(
        game=conv.GAME_TO_PB[entry.game],
        betting_structure=STRUCTURE_TO_PB[entry.betting_structure],
        stakes=stakes_to_pb(entry.stakes),
    )


def rotation_state_to_pb(view: RotationView) -> tpb.RotationState:
    """A rotation view -> ``RotationState`` (entries numbered from 1)."""
    return tpb.RotationState(
        current=None if view.current is None else rotation_entry_to_pb(view.current),
        current_entry=view.current_index + 1,
        next=rotation_entry_to_pb(view.next),
        next_entry=view.next_index + 1,
        hands_left=view.hands_left,
        choosing=view.choosing,
    )


def _entry(number: int) -> EntryOption | None:
    problems: _Problems = []
    entry = conv.enum_value(
        number, ENTRY_FROM_PB, field="entry", what="", problems=problems, default=None
    )
    raise_problems(problems)
    return entry


def create_table_from_pb(request: tpb.CreateTableRequest) -> commands.CreateTable:
    """CreateTableRequest -> command."""
    return commands.CreateTable(
        request_id=request.request_id,
        table_id=request.table_id,
        settings=settings_from_pb(request.settings),
    )


def _write(request: Any) -> dict[str, Any]:
    return {
        "table_id": request.table_id,
        "expected_sequence": request.expected_sequence,
        "request_id": request.request_id,
    }


def close_table_from_pb(request: tpb.CloseTableRequest) -> commands.CloseTable:
    """CloseTableRequest -> command."""
    return commands.CloseTable(**_write(request))


def seat_player_from_pb(request: tpb.SeatPlayerRequest) -> commands.SeatPlayer:
    """SeatPlayerRequest -> command (entry UNSPECIFIED: wait for the big blind)."""
    return commands.SeatPlayer(
        **_write(request),
        seat=request.seat,
        player_id=request.player_id,
        buy_in=request.buy_in,
        entry=_entry(request.entry),
    )


def leave_seat_from_pb(request: tpb.LeaveSeatRequest) -> commands.LeaveSeat:
    """LeaveSeatRequest -> command."""
    return commands.LeaveSeat(**_write(request), seat=request.seat)


def sit_out_from_pb(request: tpb.SitOutRequest) -> commands.SitOut:
    """SitOutRequest -> command."""
    return commands.SitOut(**_write(request), seat=request.seat)


def sit_in_from_pb(request: tpb.SitInRequest) -> commands.SitIn:
    """SitInRequest -> command (entry UNSPECIFIED: post owed blinds)."""
    return commands.SitIn(**_write(request), seat=request.seat, entry=_entry(request.entry))


def start_hand_from_pb(request: tpb.StartHandRequest) -> commands.StartHand:
    """StartHandRequest -> command (``game`` / ``betting_structure`` / ``rotation_entry``
    unset: not named)."""
    problems: _Problems = []
    game = conv.enum_value(
        request.game, conv.GAME_FROM_PB, field="game", what="", problems=problems, default=None
    )
    structure = conv.enum_value(
        request.betting_structure,
        conv.STRUCTURE_FROM_PB,
        field="betting_structure",
        what="",
        problems=problems,
        default=None,
    )
    if request.rotation_entry < 0:
        problems.append(FieldViolation("rotation_entry", "", "must be 0 or more"))
    raise_problems(problems)
    choice = Choice(entry=request.rotation_entry, game=game, betting_structure=structure)
    return commands.StartHand(**_write(request), choice=choice)


def deal_cards_from_pb(request: tpb.DealCardsRequest) -> commands.DealCards:
    """DealCardsRequest -> command (cards may be ``??``; malformed cards are INVALID_ARGUMENT).

    Raises:
        InvalidArgument: ``deals[i].cards[j]`` (``card.malformed``), ``deals[i].seat``.
    """
    problems: _Problems = []
    deals = tuple(
        conv.deal_from_pb(deal, field=f"deals[{i}]", problems=problems)
        for i, deal in enumerate(request.deals)
    )
    raise_problems(problems)
    return commands.DealCards(**_write(request), deals=deals)


def record_action_from_pb(request: tpb.RecordActionRequest) -> commands.RecordAction:
    """RecordActionRequest -> command.

    Raises:
        InvalidArgument: ``action.type`` required, ``action.seat`` >= 1, ``action.amount``
            >= 0, ``action.cards[i]`` malformed.
    """
    return commands.RecordAction(
        **_write(request), action=conv.single_action_from_pb(request.action, field="action")
    )


def history_format_from_pb(number: int) -> str:
    """``HistoryFormat`` -> ``phh`` / ``ohh`` / ``pokerstars``.

    Raises:
        InvalidArgument: ``format`` unspecified or unknown.
    """
    problems: _Problems = []
    fmt = conv.enum_value(
        number,
        FORMAT_FROM_PB,
        field="format",
        what="the history format",
        problems=problems,
        enum_name="HistoryFormat",
    )
    raise_problems(problems)
    return fmt


# ---------------------------------------------------------------------------- views


def _timestamp(moment: datetime | None) -> Timestamp | None:
    if moment is None:
        return None
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp


def hand_listing_to_pb(hand: HandListing) -> tpb.HandSummary:
    """A ListHands entry -> ``HandSummary``."""
    return tpb.HandSummary(
        hand_id=hand.hand_id,
        hand_number=hand.number,
        started_at=_timestamp(hand.started_at),
        game=conv.GAME_TO_PB[hand.game],
        complete=hand.complete,
    )


def settings_to_pb(settings: TableSettings) -> tpb.TableSettings:
    """Domain settings -> ``TableSettings``."""
    return tpb.TableSettings(
        name=settings.name,
        game=conv.GAME_TO_PB[settings.game],
        betting_structure=STRUCTURE_TO_PB[settings.betting_structure],
        stakes=stakes_to_pb(settings.stakes),
        rake=rake_to_pb(settings.rake),
        max_seats=settings.max_seats,
        deal_mode=DEAL_MODE_TO_PB[settings.deal_mode],
        button_rule=BUTTON_RULE_TO_PB[settings.button_rule],
        uncapped_heads_up=settings.uncapped_heads_up,
        min_buy_in=settings.min_buy_in,
        max_buy_in=settings.max_buy_in,
        dealer_seat=settings.dealer_seat,
        currency_code=settings.currency_code,
        minor_units_per_unit=settings.minor_units_per_unit,
        rotation=None if settings.rotation is None else rotation_to_pb(settings.rotation),
    )


def seat_to_pb(seat: Seat) -> tpb.TableSeat:
    """A seat -> ``TableSeat``."""
    return tpb.TableSeat(
        seat=seat.seat,
        player_id=seat.player_id,
        stack=seat.stack,
        status=SEAT_STATUS_TO_PB[seat.status],
        owes_small_blind=seat.owes_small_blind,
        owes_big_blind=seat.owes_big_blind,
    )


def table_to_pb(view: TableView, *, with_settings: bool = True) -> tpb.Table:
    """A table view -> ``Table`` (``with_settings`` False: every field but ``settings``)."""
    return tpb.Table(
        table_id=view.table_id,
        settings=settings_to_pb(view.settings) if with_settings else None,
        status=tpb.TABLE_STATUS_CLOSED if view.closed else tpb.TABLE_STATUS_OPEN,
        sequence=view.sequence,
        seats=[seat_to_pb(seat) for seat in view.seats],
        button_seat=view.button_seat,
        hand_count=view.hand_count,
        current_hand_id=view.current_hand_id,
        created_at=_timestamp(view.created_at),
        rotation=None if view.rotation is None else rotation_state_to_pb(view.rotation),
    )


def hand_view_to_pb(
    view: HandView,
    *,
    with_events: bool = True,
    with_config: bool = True,
    with_state: bool = True,
) -> tpb.HandView:
    """A hand view -> ``HandView`` (``with_events`` / ``with_config`` / ``with_state``
    False: without the ``events`` / ``config`` / ``state`` field, which
    :mod:`floorman.transport.table_answers` appends as bytes it serialized before)."""
    message = tpb.HandView(
        hand_id=view.hand_id,
        hand_number=view.hand_number,
        table_id=view.table_id,
        config=hand_config_to_pb(view.config) if with_config else None,
        state=snapshot_to_pb(view.state) if with_state else None,
        legal_actions=[legal_action_to_pb(legal) for legal in view.legal_actions],
        events=[hand_event_to_pb(event) for event in view.events] if with_events else [],
        complete=view.complete,
    )
    if view.result is not None:
        message.result.CopyFrom(settlement_to_pb(view.result))
    return message


def _positions(positions: Positions | None) -> dict[str, int]:
    if positions is None:
        return {}
    return {
        "button_seat": positions.button,
        "small_blind_seat": positions.small_blind,
        "big_blind_seat": positions.big_blind,
    }


def _event_fields(event: ev.TableEvent, rotation: RotationView | None = None) -> dict[str, Any]:
    """The ``TableEvent.kind`` oneof field of a (redacted) domain event (``rotation``: a
    mixed table's HandStarted)."""
    if isinstance(event, ev.TableCreated):
        return {"table_created": tpb.TableCreated(settings=settings_to_pb(event.settings))}
    if isinstance(event, ev.PlayerSeated):
        return {
            "player_seated": tpb.PlayerSeated(
                seat=event.seat,
                player_id=event.player_id,
                buy_in=event.buy_in,
                entry=ENTRY_TO_PB[event.entry],
            )
        }
    if isinstance(event, ev.SeatLeft):
        return {"seat_left": tpb.SeatLeft(seat=event.seat, cash_out=event.cash_out)}
    if isinstance(event, ev.SeatSatOut):
        return {"sat_out": tpb.SeatSatOut(seat=event.seat)}
    if isinstance(event, ev.SeatSatIn):
        return {"sat_in": tpb.SeatSatIn(seat=event.seat, entry=ENTRY_TO_PB[event.entry])}
    if isinstance(event, ev.HandStarted):
        started = tpb.HandStarted(
            hand_number=event.hand_number,
            config=hand_config_to_pb(event.config),
            **_positions(event.positions),
            rotation=None if rotation is None else rotation_state_to_pb(rotation),
            unseen_button_seat=event.unseen_button.button if event.unseen_button else 0,
        )
        return {"hand_started": started}
    if isinstance(event, ev.HandDealt):
        return {"deal": deal_to_pb(event.deal)}
    if isinstance(event, ev.HandActed):
        return {"action": action_to_pb(event.action)}
    if isinstance(event, ev.HandSettled):
        return {"hand_settled": tpb.HandSettled(result=settlement_to_pb(event.result))}
    if isinstance(event, ev.FindingRecorded):
        return {"finding": violation_to_pb(event.finding)}
    return {"table_closed": tpb.TableClosed()}


def event_to_pb(view: EventView) -> tpb.TableEvent:
    """A log event as a viewer may see it -> ``TableEvent``."""
    return tpb.TableEvent(
        sequence=view.sequence,
        table_id=view.table_id,
        recorded_at=_timestamp(view.recorded_at),
        hand_id=view.hand_id,
        **_event_fields(view.event, view.rotation),
    )


# ---------------------------------------------------------------------------- answers


def encode_outcome(operation: str, outcome: Outcome) -> bytes:
    """The serialized response of ``operation`` (what the store keeps for retries); see
    :mod:`floorman.transport.table_answers`."""
    from floorman.transport.table_answers import encode_outcome as encode

    return encode(operation, outcome)
