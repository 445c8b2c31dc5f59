from floorman.v1 import poker_pb2 as _poker_pb2
from google.rpc import status_pb2 as _status_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EvaluateHandRequest(_message.Message):
    __slots__ = ("game", "cards", "players", "board")
    GAME_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    game: _poker_pb2.Game
    cards: _containers.RepeatedScalarFieldContainer[str]
    players: int
    board: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, game: _Optional[_Union[_poker_pb2.Game, str]] = ..., cards: _Optional[_Iterable[str]] = ..., players: _Optional[int] = ..., board: _Optional[_Iterable[str]] = ...) -> None: ...

class EvaluateHandResponse(_message.Message):
    __slots__ = ("high", "low")
    HIGH_FIELD_NUMBER: _ClassVar[int]
    LOW_FIELD_NUMBER: _ClassVar[int]
    high: _poker_pb2.HandValue
    low: _poker_pb2.HandValue
    def __init__(self, high: _Optional[_Union[_poker_pb2.HandValue, _Mapping]] = ..., low: _Optional[_Union[_poker_pb2.HandValue, _Mapping]] = ...) -> None: ...

class CompareHandsRequest(_message.Message):
    __slots__ = ("game", "players", "hands", "community_cards", "board")
    GAME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    COMMUNITY_CARDS_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    game: _poker_pb2.Game
    players: int
    hands: _containers.RepeatedCompositeFieldContainer[_poker_pb2.Hand]
    community_cards: _containers.RepeatedScalarFieldContainer[str]
    board: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, game: _Optional[_Union[_poker_pb2.Game, str]] = ..., players: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[_poker_pb2.Hand, _Mapping]]] = ..., community_cards: _Optional[_Iterable[str]] = ..., board: _Optional[_Iterable[str]] = ...) -> None: ...

class CompareHandsResponse(_message.Message):
    __slots__ = ("winners", "low_winners", "results")
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    LOW_WINNERS_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    low_winners: _containers.RepeatedScalarFieldContainer[int]
    results: _containers.RepeatedCompositeFieldContainer[EvaluateHandResponse]
    def __init__(self, winners: _Optional[_Iterable[int]] = ..., low_winners: _Optional[_Iterable[int]] = ..., results: _Optional[_Iterable[_Union[EvaluateHandResponse, _Mapping]]] = ...) -> None: ...

class EvaluateHandResult(_message.Message):
    __slots__ = ("answer", "error")
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    answer: EvaluateHandResponse
    error: _status_pb2.Status
    def __init__(self, answer: _Optional[_Union[EvaluateHandResponse, _Mapping]] = ..., error: _Optional[_Union[_status_pb2.Status, _Mapping]] = ...) -> None: ...

class CompareHandsResult(_message.Message):
    __slots__ = ("answer", "error")
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    answer: CompareHandsResponse
    error: _status_pb2.Status
    def __init__(self, answer: _Optional[_Union[CompareHandsResponse, _Mapping]] = ..., error: _Optional[_Union[_status_pb2.Status, _Mapping]] = ...) -> None: ...

class BatchEvaluateHandsRequest(_message.Message):
    __slots__ = ("requests",)
    REQUESTS_FIELD_NUMBER: _ClassVar[int]
    requests: _containers.RepeatedCompositeFieldContainer[EvaluateHandRequest]
    def __init__(self, requests: _Optional[_Iterable[_Union[EvaluateHandRequest, _Mapping]]] = ...) -> None: ...

class BatchEvaluateHandsResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[EvaluateHandResult]
    def __init__(self, results: _Optional[_Iterable[_Union[EvaluateHandResult, _Mapping]]] = ...) -> None: ...

class BatchCompareHandsRequest(_message.Message):
    __slots__ = ("requests",)
    REQUESTS_FIELD_NUMBER: _ClassVar[int]
    requests: _containers.RepeatedCompositeFieldContainer[CompareHandsRequest]
    def __init__(self, requests: _Optional[_Iterable[_Union[CompareHandsRequest, _Mapping]]] = ...) -> None: ...

class BatchCompareHandsResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[CompareHandsResult]
    def __init__(self, results: _Optional[_Iterable[_Union[CompareHandsResult, _Mapping]]] = ...) -> None: ...

class EvaluateHandStreamRequest(_message.Message):
    __slots__ = ("requests",)
    REQUESTS_FIELD_NUMBER: _ClassVar[int]
    requests: _containers.RepeatedCompositeFieldContainer[EvaluateHandRequest]
    def __init__(self, requests: _Optional[_Iterable[_Union[EvaluateHandRequest, _Mapping]]] = ...) -> None: ...

class EvaluateHandStreamResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[EvaluateHandResult]
    def __init__(self, results: _Optional[_Iterable[_Union[EvaluateHandResult, _Mapping]]] = ...) -> None: ...

class ValidateActionRequest(_message.Message):
    __slots__ = ("config", "history", "action")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    config: _poker_pb2.HandConfig
    history: _containers.RepeatedCompositeFieldContainer[_poker_pb2.HandEvent]
    action: _poker_pb2.Action
    def __init__(self, config: _Optional[_Union[_poker_pb2.HandConfig, _Mapping]] = ..., history: _Optional[_Iterable[_Union[_poker_pb2.HandEvent, _Mapping]]] = ..., action: _Optional[_Union[_poker_pb2.Action, _Mapping]] = ...) -> None: ...

class ValidateActionResponse(_message.Message):
    __slots__ = ("legal", "violation", "state", "legal_actions")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    VIOLATION_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    violation: _poker_pb2.Violation
    state: _poker_pb2.HandSnapshot
    legal_actions: _containers.RepeatedCompositeFieldContainer[_poker_pb2.LegalAction]
    def __init__(self, legal: _Optional[bool] = ..., violation: _Optional[_Union[_poker_pb2.Violation, _Mapping]] = ..., state: _Optional[_Union[_poker_pb2.HandSnapshot, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[_poker_pb2.LegalAction, _Mapping]]] = ...) -> None: ...

class ListLegalActionsRequest(_message.Message):
    __slots__ = ("config", "history")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    config: _poker_pb2.HandConfig
    history: _containers.RepeatedCompositeFieldContainer[_poker_pb2.HandEvent]
    def __init__(self, config: _Optional[_Union[_poker_pb2.HandConfig, _Mapping]] = ..., history: _Optional[_Iterable[_Union[_poker_pb2.HandEvent, _Mapping]]] = ...) -> None: ...

class ListLegalActionsResponse(_message.Message):
    __slots__ = ("state", "legal_actions")
    STATE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    state: _poker_pb2.HandSnapshot
    legal_actions: _containers.RepeatedCompositeFieldContainer[_poker_pb2.LegalAction]
    def __init__(self, state: _Optional[_Union[_poker_pb2.HandSnapshot, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[_poker_pb2.LegalAction, _Mapping]]] = ...) -> None: ...

class SettleHandRequest(_message.Message):
    __slots__ = ("config", "history", "declared_payouts")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    DECLARED_PAYOUTS_FIELD_NUMBER: _ClassVar[int]
    config: _poker_pb2.HandConfig
    history: _containers.RepeatedCompositeFieldContainer[_poker_pb2.HandEvent]
    declared_payouts: _containers.RepeatedCompositeFieldContainer[_poker_pb2.Payout]
    def __init__(self, config: _Optional[_Union[_poker_pb2.HandConfig, _Mapping]] = ..., history: _Optional[_Iterable[_Union[_poker_pb2.HandEvent, _Mapping]]] = ..., declared_payouts: _Optional[_Iterable[_Union[_poker_pb2.Payout, _Mapping]]] = ...) -> None: ...

class SettleHandResponse(_message.Message):
    __slots__ = ("pots", "rake", "payouts", "final_stacks", "discrepancies", "returned", "showdown_order")
    POTS_FIELD_NUMBER: _ClassVar[int]
    RAKE_FIELD_NUMBER: _ClassVar[int]
    PAYOUTS_FIELD_NUMBER: _ClassVar[int]
    FINAL_STACKS_FIELD_NUMBER: _ClassVar[int]
    DISCREPANCIES_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    SHOWDOWN_ORDER_FIELD_NUMBER: _ClassVar[int]
    pots: _containers.RepeatedCompositeFieldContainer[_poker_pb2.Pot]
    rake: int
    payouts: _containers.RepeatedCompositeFieldContainer[_poker_pb2.Payout]
    final_stacks: _containers.RepeatedCompositeFieldContainer[_poker_pb2.SeatState]
    discrepancies: _containers.RepeatedCompositeFieldContainer[_poker_pb2.Violation]
    returned: _containers.RepeatedCompositeFieldContainer[_poker_pb2.Payout]
    showdown_order: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, pots: _Optional[_Iterable[_Union[_poker_pb2.Pot, _Mapping]]] = ..., rake: _Optional[int] = ..., payouts: _Optional[_Iterable[_Union[_poker_pb2.Payout, _Mapping]]] = ..., final_stacks: _Optional[_Iterable[_Union[_poker_pb2.SeatState, _Mapping]]] = ..., discrepancies: _Optional[_Iterable[_Union[_poker_pb2.Violation, _Mapping]]] = ..., returned: _Optional[_Iterable[_Union[_poker_pb2.Payout, _Mapping]]] = ..., showdown_order: _Optional[_Iterable[int]] = ...) -> None: ...
