import datetime

from floorman.v1 import poker_pb2 as _poker_pb2
from floorman.v1 import rules_service_pb2 as _rules_service_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DealMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DEAL_MODE_UNSPECIFIED: _ClassVar[DealMode]
    DEAL_MODE_SERVICE_DEALT: _ClassVar[DealMode]
    DEAL_MODE_RECORDED: _ClassVar[DealMode]

class ButtonRule(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BUTTON_RULE_UNSPECIFIED: _ClassVar[ButtonRule]
    BUTTON_RULE_DEAD_BUTTON: _ClassVar[ButtonRule]
    BUTTON_RULE_MOVING_BUTTON: _ClassVar[ButtonRule]

class TableStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_STATUS_UNSPECIFIED: _ClassVar[TableStatus]
    TABLE_STATUS_OPEN: _ClassVar[TableStatus]
    TABLE_STATUS_CLOSED: _ClassVar[TableStatus]

class SeatStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_STATUS_UNSPECIFIED: _ClassVar[SeatStatus]
    SEAT_STATUS_ACTIVE: _ClassVar[SeatStatus]
    SEAT_STATUS_WAITING_FOR_BIG_BLIND: _ClassVar[SeatStatus]
    SEAT_STATUS_SITTING_OUT: _ClassVar[SeatStatus]
    SEAT_STATUS_BUSTED: _ClassVar[SeatStatus]

class HistoryFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    HISTORY_FORMAT_UNSPECIFIED: _ClassVar[HistoryFormat]
    HISTORY_FORMAT_PHH: _ClassVar[HistoryFormat]
    HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON: _ClassVar[HistoryFormat]
    HISTORY_FORMAT_POKERSTARS_TEXT: _ClassVar[HistoryFormat]

class Rotation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ROTATION_UNSPECIFIED: _ClassVar[Rotation]
    ROTATION_HORSE: _ClassVar[Rotation]
    ROTATION_EIGHT_GAME: _ClassVar[Rotation]

class EntryOption(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ENTRY_OPTION_UNSPECIFIED: _ClassVar[EntryOption]
    ENTRY_OPTION_POST_BIG_BLIND: _ClassVar[EntryOption]
    ENTRY_OPTION_WAIT_FOR_BIG_BLIND: _ClassVar[EntryOption]
DEAL_MODE_UNSPECIFIED: DealMode
DEAL_MODE_SERVICE_DEALT: DealMode
DEAL_MODE_RECORDED: DealMode
BUTTON_RULE_UNSPECIFIED: ButtonRule
BUTTON_RULE_DEAD_BUTTON: ButtonRule
BUTTON_RULE_MOVING_BUTTON: ButtonRule
TABLE_STATUS_UNSPECIFIED: TableStatus
TABLE_STATUS_OPEN: TableStatus
TABLE_STATUS_CLOSED: TableStatus
SEAT_STATUS_UNSPECIFIED: SeatStatus
SEAT_STATUS_ACTIVE: SeatStatus
SEAT_STATUS_WAITING_FOR_BIG_BLIND: SeatStatus
SEAT_STATUS_SITTING_OUT: SeatStatus
SEAT_STATUS_BUSTED: SeatStatus
HISTORY_FORMAT_UNSPECIFIED: HistoryFormat
HISTORY_FORMAT_PHH: HistoryFormat
HISTORY_FORMAT_OPEN_HAND_HISTORY_JSON: HistoryFormat
HISTORY_FORMAT_POKERSTARS_TEXT: HistoryFormat
ROTATION_UNSPECIFIED: Rotation
ROTATION_HORSE: Rotation
ROTATION_EIGHT_GAME: Rotation
ENTRY_OPTION_UNSPECIFIED: EntryOption
ENTRY_OPTION_POST_BIG_BLIND: EntryOption
ENTRY_OPTION_WAIT_FOR_BIG_BLIND: EntryOption

class TableSettings(_message.Message):
    __slots__ = ("name", "game", "betting_structure", "stakes", "rake", "max_seats", "deal_mode", "button_rule", "uncapped_heads_up", "min_buy_in", "max_buy_in", "dealer_seat", "currency_code", "minor_units_per_unit", "rotation")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    BETTING_STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    STAKES_FIELD_NUMBER: _ClassVar[int]
    RAKE_FIELD_NUMBER: _ClassVar[int]
    MAX_SEATS_FIELD_NUMBER: _ClassVar[int]
    DEAL_MODE_FIELD_NUMBER: _ClassVar[int]
    BUTTON_RULE_FIELD_NUMBER: _ClassVar[int]
    UNCAPPED_HEADS_UP_FIELD_NUMBER: _ClassVar[int]
    MIN_BUY_IN_FIELD_NUMBER: _ClassVar[int]
    MAX_BUY_IN_FIELD_NUMBER: _ClassVar[int]
    DEALER_SEAT_FIELD_NUMBER: _ClassVar[int]
    CURRENCY_CODE_FIELD_NUMBER: _ClassVar[int]
    MINOR_UNITS_PER_UNIT_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    game: _poker_pb2.Game
    betting_structure: _poker_pb2.BettingStructure
    stakes: _poker_pb2.Stakes
    rake: _poker_pb2.RakePolicy
    max_seats: int
    deal_mode: DealMode
    button_rule: ButtonRule
    uncapped_heads_up: bool
    min_buy_in: int
    max_buy_in: int
    dealer_seat: int
    currency_code: str
    minor_units_per_unit: int
    rotation: GameRotation
    def __init__(self, name: _Optional[str] = ..., game: _Optional[_Union[_poker_pb2.Game, str]] = ..., betting_structure: _Optional[_Union[_poker_pb2.BettingStructure, str]] = ..., stakes: _Optional[_Union[_poker_pb2.Stakes, _Mapping]] = ..., rake: _Optional[_Union[_poker_pb2.RakePolicy, _Mapping]] = ..., max_seats: _Optional[int] = ..., deal_mode: _Optional[_Union[DealMode, str]] = ..., button_rule: _Optional[_Union[ButtonRule, str]] = ..., uncapped_heads_up: _Optional[bool] = ..., min_buy_in: _Optional[int] = ..., max_buy_in: _Optional[int] = ..., dealer_seat: _Optional[int] = ..., currency_code: _Optional[str] = ..., minor_units_per_unit: _Optional[int] = ..., rotation: _Optional[_Union[GameRotation, _Mapping]] = ...) -> None: ...

class RotationEntry(_message.Message):
    __slots__ = ("game", "betting_structure", "stakes")
    GAME_FIELD_NUMBER: _ClassVar[int]
    BETTING_STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    STAKES_FIELD_NUMBER: _ClassVar[int]
    game: _poker_pb2.Game
    betting_structure: _poker_pb2.BettingStructure
    stakes: _poker_pb2.Stakes
    def __init__(self, game: _Optional[_Union[_poker_pb2.Game, str]] = ..., betting_structure: _Optional[_Union[_poker_pb2.BettingStructure, str]] = ..., stakes: _Optional[_Union[_poker_pb2.Stakes, _Mapping]] = ...) -> None: ...

class RotationEntries(_message.Message):
    __slots__ = ("entries",)
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[RotationEntry]
    def __init__(self, entries: _Optional[_Iterable[_Union[RotationEntry, _Mapping]]] = ...) -> None: ...

class GameRotation(_message.Message):
    __slots__ = ("named", "custom", "dealers_choice")
    NAMED_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_FIELD_NUMBER: _ClassVar[int]
    DEALERS_CHOICE_FIELD_NUMBER: _ClassVar[int]
    named: Rotation
    custom: RotationEntries
    dealers_choice: RotationEntries
    def __init__(self, named: _Optional[_Union[Rotation, str]] = ..., custom: _Optional[_Union[RotationEntries, _Mapping]] = ..., dealers_choice: _Optional[_Union[RotationEntries, _Mapping]] = ...) -> None: ...

class RotationState(_message.Message):
    __slots__ = ("current", "current_entry", "next", "next_entry", "hands_left", "choosing")
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_ENTRY_FIELD_NUMBER: _ClassVar[int]
    NEXT_FIELD_NUMBER: _ClassVar[int]
    NEXT_ENTRY_FIELD_NUMBER: _ClassVar[int]
    HANDS_LEFT_FIELD_NUMBER: _ClassVar[int]
    CHOOSING_FIELD_NUMBER: _ClassVar[int]
    current: RotationEntry
    current_entry: int
    next: RotationEntry
    next_entry: int
    hands_left: int
    choosing: bool
    def __init__(self, current: _Optional[_Union[RotationEntry, _Mapping]] = ..., current_entry: _Optional[int] = ..., next: _Optional[_Union[RotationEntry, _Mapping]] = ..., next_entry: _Optional[int] = ..., hands_left: _Optional[int] = ..., choosing: _Optional[bool] = ...) -> None: ...

class TableSeat(_message.Message):
    __slots__ = ("seat", "player_id", "stack", "status", "owes_small_blind", "owes_big_blind")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    OWES_SMALL_BLIND_FIELD_NUMBER: _ClassVar[int]
    OWES_BIG_BLIND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player_id: str
    stack: int
    status: SeatStatus
    owes_small_blind: bool
    owes_big_blind: bool
    def __init__(self, seat: _Optional[int] = ..., player_id: _Optional[str] = ..., stack: _Optional[int] = ..., status: _Optional[_Union[SeatStatus, str]] = ..., owes_small_blind: _Optional[bool] = ..., owes_big_blind: _Optional[bool] = ...) -> None: ...

class Table(_message.Message):
    __slots__ = ("table_id", "settings", "status", "sequence", "seats", "button_seat", "hand_count", "current_hand_id", "created_at", "rotation")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    BUTTON_SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_HAND_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    settings: TableSettings
    status: TableStatus
    sequence: int
    seats: _containers.RepeatedCompositeFieldContainer[TableSeat]
    button_seat: int
    hand_count: int
    current_hand_id: str
    created_at: _timestamp_pb2.Timestamp
    rotation: RotationState
    def __init__(self, table_id: _Optional[str] = ..., settings: _Optional[_Union[TableSettings, _Mapping]] = ..., status: _Optional[_Union[TableStatus, str]] = ..., sequence: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[TableSeat, _Mapping]]] = ..., button_seat: _Optional[int] = ..., hand_count: _Optional[int] = ..., current_hand_id: _Optional[str] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., rotation: _Optional[_Union[RotationState, _Mapping]] = ...) -> None: ...

class HandView(_message.Message):
    __slots__ = ("hand_id", "hand_number", "table_id", "config", "state", "legal_actions", "events", "complete", "result")
    HAND_ID_FIELD_NUMBER: _ClassVar[int]
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    hand_id: str
    hand_number: int
    table_id: str
    config: _poker_pb2.HandConfig
    state: _poker_pb2.HandSnapshot
    legal_actions: _containers.RepeatedCompositeFieldContainer[_poker_pb2.LegalAction]
    events: _containers.RepeatedCompositeFieldContainer[_poker_pb2.HandEvent]
    complete: bool
    result: _rules_service_pb2.SettleHandResponse
    def __init__(self, hand_id: _Optional[str] = ..., hand_number: _Optional[int] = ..., table_id: _Optional[str] = ..., config: _Optional[_Union[_poker_pb2.HandConfig, _Mapping]] = ..., state: _Optional[_Union[_poker_pb2.HandSnapshot, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[_poker_pb2.LegalAction, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[_poker_pb2.HandEvent, _Mapping]]] = ..., complete: _Optional[bool] = ..., result: _Optional[_Union[_rules_service_pb2.SettleHandResponse, _Mapping]] = ...) -> None: ...

class CreateTableRequest(_message.Message):
    __slots__ = ("request_id", "settings", "table_id")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    settings: TableSettings
    table_id: str
    def __init__(self, request_id: _Optional[str] = ..., settings: _Optional[_Union[TableSettings, _Mapping]] = ..., table_id: _Optional[str] = ...) -> None: ...

class CreateTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: Table
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ...) -> None: ...

class GetTableRequest(_message.Message):
    __slots__ = ("table_id",)
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class GetTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: Table
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ...) -> None: ...

class ListTablesRequest(_message.Message):
    __slots__ = ("page_size", "page_token", "include_closed")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_CLOSED_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    include_closed: bool
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., include_closed: _Optional[bool] = ...) -> None: ...

class ListTablesResponse(_message.Message):
    __slots__ = ("tables", "next_page_token")
    TABLES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[Table]
    next_page_token: str
    def __init__(self, tables: _Optional[_Iterable[_Union[Table, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class CloseTableRequest(_message.Message):
    __slots__ = ("table_id", "expected_sequence", "request_id")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_sequence: int
    request_id: str
    def __init__(self, table_id: _Optional[str] = ..., expected_sequence: _Optional[int] = ..., request_id: _Optional[str] = ...) -> None: ...

class CloseTableResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: Table
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ...) -> None: ...

class SeatPlayerRequest(_message.Message):
    __slots__ = ("table_id", "expected_sequence", "request_id", "seat", "player_id", "buy_in", "entry")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    BUY_IN_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_sequence: int
    request_id: str
    seat: int
    player_id: str
    buy_in: int
    entry: EntryOption
    def __init__(self, table_id: _Optional[str] = ..., expected_sequence: _Optional[int] = ..., request_id: _Optional[str] = ..., seat: _Optional[int] = ..., player_id: _Optional[str] = ..., buy_in: _Optional[int] = ..., entry: _Optional[_Union[EntryOption, str]] = ...) -> None: ...

class SeatPlayerResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: Table
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ...) -> None: ...

class LeaveSeatRequest(_message.Message):
    __slots__ = ("table_id", "expected_sequence", "request_id", "seat")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_sequence: int
    request_id: str
    seat: int
    def __init__(self, table_id: _Optional[str] = ..., expected_sequence: _Optional[int] = ..., request_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class LeaveSeatResponse(_message.Message):
    __slots__ = ("table", "cash_out")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    CASH_OUT_FIELD_NUMBER: _ClassVar[int]
    table: Table
    cash_out: int
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ..., cash_out: _Optional[int] = ...) -> None: ...

class SitOutRequest(_message.Message):
    __slots__ = ("table_id", "expected_sequence", "request_id", "seat")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_sequence: int
    request_id: str
    seat: int
    def __init__(self, table_id: _Optional[str] = ..., expected_sequence: _Optional[int] = ..., request_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class SitOutResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: Table
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ...) -> None: ...

class SitInRequest(_message.Message):
    __slots__ = ("table_id", "expected_sequence", "request_id", "seat", "entry")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_sequence: int
    request_id: str
    seat: int
    entry: EntryOption
    def __init__(self, table_id: _Optional[str] = ..., expected_sequence: _Optional[int] = ..., request_id: _Optional[str] = ..., seat: _Optional[int] = ..., entry: _Optional[_Union[EntryOption, str]] = ...) -> None: ...

class SitInResponse(_message.Message):
    __slots__ = ("table",)
    TABLE_FIELD_NUMBER: _ClassVar[int]
    table: Table
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ...) -> None: ...

class StartHandRequest(_message.Message):
    __slots__ = ("table_id", "expected_sequence", "request_id", "game", "betting_structure", "rotation_entry")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    BETTING_STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    ROTATION_ENTRY_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_sequence: int
    request_id: str
    game: _poker_pb2.Game
    betting_structure: _poker_pb2.BettingStructure
    rotation_entry: int
    def __init__(self, table_id: _Optional[str] = ..., expected_sequence: _Optional[int] = ..., request_id: _Optional[str] = ..., game: _Optional[_Union[_poker_pb2.Game, str]] = ..., betting_structure: _Optional[_Union[_poker_pb2.BettingStructure, str]] = ..., rotation_entry: _Optional[int] = ...) -> None: ...

class StartHandResponse(_message.Message):
    __slots__ = ("table", "hand")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    table: Table
    hand: HandView
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ..., hand: _Optional[_Union[HandView, _Mapping]] = ...) -> None: ...

class DealCardsRequest(_message.Message):
    __slots__ = ("table_id", "expected_sequence", "request_id", "deals")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_sequence: int
    request_id: str
    deals: _containers.RepeatedCompositeFieldContainer[_poker_pb2.Deal]
    def __init__(self, table_id: _Optional[str] = ..., expected_sequence: _Optional[int] = ..., request_id: _Optional[str] = ..., deals: _Optional[_Iterable[_Union[_poker_pb2.Deal, _Mapping]]] = ...) -> None: ...

class DealCardsResponse(_message.Message):
    __slots__ = ("table", "hand")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    table: Table
    hand: HandView
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ..., hand: _Optional[_Union[HandView, _Mapping]] = ...) -> None: ...

class RecordActionRequest(_message.Message):
    __slots__ = ("table_id", "expected_sequence", "request_id", "action")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_sequence: int
    request_id: str
    action: _poker_pb2.Action
    def __init__(self, table_id: _Optional[str] = ..., expected_sequence: _Optional[int] = ..., request_id: _Optional[str] = ..., action: _Optional[_Union[_poker_pb2.Action, _Mapping]] = ...) -> None: ...

class RecordActionResponse(_message.Message):
    __slots__ = ("table", "hand")
    TABLE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    table: Table
    hand: HandView
    def __init__(self, table: _Optional[_Union[Table, _Mapping]] = ..., hand: _Optional[_Union[HandView, _Mapping]] = ...) -> None: ...

class GetHandRequest(_message.Message):
    __slots__ = ("table_id", "hand_id")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    HAND_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    hand_id: str
    def __init__(self, table_id: _Optional[str] = ..., hand_id: _Optional[str] = ...) -> None: ...

class GetHandResponse(_message.Message):
    __slots__ = ("hand",)
    HAND_FIELD_NUMBER: _ClassVar[int]
    hand: HandView
    def __init__(self, hand: _Optional[_Union[HandView, _Mapping]] = ...) -> None: ...

class WatchTableRequest(_message.Message):
    __slots__ = ("table_id", "after_sequence")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    after_sequence: int
    def __init__(self, table_id: _Optional[str] = ..., after_sequence: _Optional[int] = ...) -> None: ...

class TableEvent(_message.Message):
    __slots__ = ("sequence", "table_id", "recorded_at", "hand_id", "table_created", "player_seated", "seat_left", "sat_out", "sat_in", "hand_started", "deal", "action", "hand_settled", "finding", "table_closed")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    RECORDED_AT_FIELD_NUMBER: _ClassVar[int]
    HAND_ID_FIELD_NUMBER: _ClassVar[int]
    TABLE_CREATED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_SEATED_FIELD_NUMBER: _ClassVar[int]
    SEAT_LEFT_FIELD_NUMBER: _ClassVar[int]
    SAT_OUT_FIELD_NUMBER: _ClassVar[int]
    SAT_IN_FIELD_NUMBER: _ClassVar[int]
    HAND_STARTED_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    HAND_SETTLED_FIELD_NUMBER: _ClassVar[int]
    FINDING_FIELD_NUMBER: _ClassVar[int]
    TABLE_CLOSED_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    table_id: str
    recorded_at: _timestamp_pb2.Timestamp
    hand_id: str
    table_created: TableCreated
    player_seated: PlayerSeated
    seat_left: SeatLeft
    sat_out: SeatSatOut
    sat_in: SeatSatIn
    hand_started: HandStarted
    deal: _poker_pb2.Deal
    action: _poker_pb2.Action
    hand_settled: HandSettled
    finding: _poker_pb2.Violation
    table_closed: TableClosed
    def __init__(self, sequence: _Optional[int] = ..., table_id: _Optional[str] = ..., recorded_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., hand_id: _Optional[str] = ..., table_created: _Optional[_Union[TableCreated, _Mapping]] = ..., player_seated: _Optional[_Union[PlayerSeated, _Mapping]] = ..., seat_left: _Optional[_Union[SeatLeft, _Mapping]] = ..., sat_out: _Optional[_Union[SeatSatOut, _Mapping]] = ..., sat_in: _Optional[_Union[SeatSatIn, _Mapping]] = ..., hand_started: _Optional[_Union[HandStarted, _Mapping]] = ..., deal: _Optional[_Union[_poker_pb2.Deal, _Mapping]] = ..., action: _Optional[_Union[_poker_pb2.Action, _Mapping]] = ..., hand_settled: _Optional[_Union[HandSettled, _Mapping]] = ..., finding: _Optional[_Union[_poker_pb2.Violation, _Mapping]] = ..., table_closed: _Optional[_Union[TableClosed, _Mapping]] = ...) -> None: ...

class TableCreated(_message.Message):
    __slots__ = ("settings",)
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    settings: TableSettings
    def __init__(self, settings: _Optional[_Union[TableSettings, _Mapping]] = ...) -> None: ...

class PlayerSeated(_message.Message):
    __slots__ = ("seat", "player_id", "buy_in", "entry")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    BUY_IN_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player_id: str
    buy_in: int
    entry: EntryOption
    def __init__(self, seat: _Optional[int] = ..., player_id: _Optional[str] = ..., buy_in: _Optional[int] = ..., entry: _Optional[_Union[EntryOption, str]] = ...) -> None: ...

class SeatLeft(_message.Message):
    __slots__ = ("seat", "cash_out")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CASH_OUT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cash_out: int
    def __init__(self, seat: _Optional[int] = ..., cash_out: _Optional[int] = ...) -> None: ...

class SeatSatOut(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class SeatSatIn(_message.Message):
    __slots__ = ("seat", "entry")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    entry: EntryOption
    def __init__(self, seat: _Optional[int] = ..., entry: _Optional[_Union[EntryOption, str]] = ...) -> None: ...

class HandStarted(_message.Message):
    __slots__ = ("hand_number", "config", "button_seat", "small_blind_seat", "big_blind_seat", "rotation", "unseen_button_seat")
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    BUTTON_SEAT_FIELD_NUMBER: _ClassVar[int]
    SMALL_BLIND_SEAT_FIELD_NUMBER: _ClassVar[int]
    BIG_BLIND_SEAT_FIELD_NUMBER: _ClassVar[int]
    ROTATION_FIELD_NUMBER: _ClassVar[int]
    UNSEEN_BUTTON_SEAT_FIELD_NUMBER: _ClassVar[int]
    hand_number: int
    config: _poker_pb2.HandConfig
    button_seat: int
    small_blind_seat: int
    big_blind_seat: int
    rotation: RotationState
    unseen_button_seat: int
    def __init__(self, hand_number: _Optional[int] = ..., config: _Optional[_Union[_poker_pb2.HandConfig, _Mapping]] = ..., button_seat: _Optional[int] = ..., small_blind_seat: _Optional[int] = ..., big_blind_seat: _Optional[int] = ..., rotation: _Optional[_Union[RotationState, _Mapping]] = ..., unseen_button_seat: _Optional[int] = ...) -> None: ...

class HandSettled(_message.Message):
    __slots__ = ("result",)
    RESULT_FIELD_NUMBER: _ClassVar[int]
    result: _rules_service_pb2.SettleHandResponse
    def __init__(self, result: _Optional[_Union[_rules_service_pb2.SettleHandResponse, _Mapping]] = ...) -> None: ...

class TableClosed(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class WatchTableResponse(_message.Message):
    __slots__ = ("event",)
    EVENT_FIELD_NUMBER: _ClassVar[int]
    event: TableEvent
    def __init__(self, event: _Optional[_Union[TableEvent, _Mapping]] = ...) -> None: ...

class ExportHandHistoryRequest(_message.Message):
    __slots__ = ("table_id", "hand_id", "format", "whole_session")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    HAND_ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    WHOLE_SESSION_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    hand_id: str
    format: HistoryFormat
    whole_session: bool
    def __init__(self, table_id: _Optional[str] = ..., hand_id: _Optional[str] = ..., format: _Optional[_Union[HistoryFormat, str]] = ..., whole_session: _Optional[bool] = ...) -> None: ...

class ExportHandHistoryResponse(_message.Message):
    __slots__ = ("content", "media_type")
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    MEDIA_TYPE_FIELD_NUMBER: _ClassVar[int]
    content: str
    media_type: str
    def __init__(self, content: _Optional[str] = ..., media_type: _Optional[str] = ...) -> None: ...

class ListHandsRequest(_message.Message):
    __slots__ = ("table_id", "page_size", "page_token")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    page_size: int
    page_token: str
    def __init__(self, table_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class HandSummary(_message.Message):
    __slots__ = ("hand_id", "hand_number", "started_at", "game", "complete")
    HAND_ID_FIELD_NUMBER: _ClassVar[int]
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    STARTED_AT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    COMPLETE_FIELD_NUMBER: _ClassVar[int]
    hand_id: str
    hand_number: int
    started_at: _timestamp_pb2.Timestamp
    game: _poker_pb2.Game
    complete: bool
    def __init__(self, hand_id: _Optional[str] = ..., hand_number: _Optional[int] = ..., started_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., game: _Optional[_Union[_poker_pb2.Game, str]] = ..., complete: _Optional[bool] = ...) -> None: ...

class ListHandsResponse(_message.Message):
    __slots__ = ("hands", "next_page_token")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedCompositeFieldContainer[HandSummary]
    next_page_token: str
    def __init__(self, hands: _Optional[_Iterable[_Union[HandSummary, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...
