from floorman_client.v1 import poker_pb2 as _poker_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class AuditFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AUDIT_FORMAT_UNSPECIFIED: _ClassVar[AuditFormat]
    AUDIT_FORMAT_PHH: _ClassVar[AuditFormat]
    AUDIT_FORMAT_OPEN_HAND_HISTORY: _ClassVar[AuditFormat]
    AUDIT_FORMAT_POKERSTARS: _ClassVar[AuditFormat]
    AUDIT_FORMAT_FULL_TILT: _ClassVar[AuditFormat]
    AUDIT_FORMAT_OTHER: _ClassVar[AuditFormat]
    AUDIT_FORMAT_IPOKER: _ClassVar[AuditFormat]
    AUDIT_FORMAT_BOVADA: _ClassVar[AuditFormat]
    AUDIT_FORMAT_MERGE: _ClassVar[AuditFormat]
    AUDIT_FORMAT_EVERLEAF: _ClassVar[AuditFormat]
    AUDIT_FORMAT_ONGAME: _ClassVar[AuditFormat]
    AUDIT_FORMAT_BOSS: _ClassVar[AuditFormat]
    AUDIT_FORMAT_PARTYPOKER: _ClassVar[AuditFormat]
    AUDIT_FORMAT_WINAMAX: _ClassVar[AuditFormat]
    AUDIT_FORMAT_WINNING: _ClassVar[AuditFormat]
    AUDIT_FORMAT_KINGSCLUB: _ClassVar[AuditFormat]
    AUDIT_FORMAT_ABSOLUTE: _ClassVar[AuditFormat]

class AuditStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    AUDIT_STATUS_UNSPECIFIED: _ClassVar[AuditStatus]
    AUDIT_STATUS_CLEAN: _ClassVar[AuditStatus]
    AUDIT_STATUS_FINDINGS: _ClassVar[AuditStatus]
    AUDIT_STATUS_UNVERIFIABLE: _ClassVar[AuditStatus]
    AUDIT_STATUS_UNSUPPORTED: _ClassVar[AuditStatus]
    AUDIT_STATUS_DUPLICATE: _ClassVar[AuditStatus]
AUDIT_FORMAT_UNSPECIFIED: AuditFormat
AUDIT_FORMAT_PHH: AuditFormat
AUDIT_FORMAT_OPEN_HAND_HISTORY: AuditFormat
AUDIT_FORMAT_POKERSTARS: AuditFormat
AUDIT_FORMAT_FULL_TILT: AuditFormat
AUDIT_FORMAT_OTHER: AuditFormat
AUDIT_FORMAT_IPOKER: AuditFormat
AUDIT_FORMAT_BOVADA: AuditFormat
AUDIT_FORMAT_MERGE: AuditFormat
AUDIT_FORMAT_EVERLEAF: AuditFormat
AUDIT_FORMAT_ONGAME: AuditFormat
AUDIT_FORMAT_BOSS: AuditFormat
AUDIT_FORMAT_PARTYPOKER: AuditFormat
AUDIT_FORMAT_WINAMAX: AuditFormat
AUDIT_FORMAT_WINNING: AuditFormat
AUDIT_FORMAT_KINGSCLUB: AuditFormat
AUDIT_FORMAT_ABSOLUTE: AuditFormat
AUDIT_STATUS_UNSPECIFIED: AuditStatus
AUDIT_STATUS_CLEAN: AuditStatus
AUDIT_STATUS_FINDINGS: AuditStatus
AUDIT_STATUS_UNVERIFIABLE: AuditStatus
AUDIT_STATUS_UNSUPPORTED: AuditStatus
AUDIT_STATUS_DUPLICATE: AuditStatus

class HandHistoryDocument(_message.Message):
    __slots__ = ("name", "content", "format")
    NAME_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    name: str
    content: bytes
    format: AuditFormat
    def __init__(self, name: _Optional[str] = ..., content: _Optional[bytes] = ..., format: _Optional[_Union[AuditFormat, str]] = ...) -> None: ...

class AuditFinding(_message.Message):
    __slots__ = ("rule", "message", "event_index", "seat", "expected", "actual", "line", "informational")
    RULE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    EVENT_INDEX_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    INFORMATIONAL_FIELD_NUMBER: _ClassVar[int]
    rule: str
    message: str
    event_index: int
    seat: int
    expected: str
    actual: str
    line: int
    informational: bool
    def __init__(self, rule: _Optional[str] = ..., message: _Optional[str] = ..., event_index: _Optional[int] = ..., seat: _Optional[int] = ..., expected: _Optional[str] = ..., actual: _Optional[str] = ..., line: _Optional[int] = ..., informational: _Optional[bool] = ...) -> None: ...

class HandAudit(_message.Message):
    __slots__ = ("document_name", "document_index", "hand_id", "format", "format_name", "game", "status", "findings", "line", "detail")
    DOCUMENT_NAME_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_INDEX_FIELD_NUMBER: _ClassVar[int]
    HAND_ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    FORMAT_NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    FINDINGS_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    document_name: str
    document_index: int
    hand_id: str
    format: AuditFormat
    format_name: str
    game: _poker_pb2.Game
    status: AuditStatus
    findings: _containers.RepeatedCompositeFieldContainer[AuditFinding]
    line: int
    detail: str
    def __init__(self, document_name: _Optional[str] = ..., document_index: _Optional[int] = ..., hand_id: _Optional[str] = ..., format: _Optional[_Union[AuditFormat, str]] = ..., format_name: _Optional[str] = ..., game: _Optional[_Union[_poker_pb2.Game, str]] = ..., status: _Optional[_Union[AuditStatus, str]] = ..., findings: _Optional[_Iterable[_Union[AuditFinding, _Mapping]]] = ..., line: _Optional[int] = ..., detail: _Optional[str] = ...) -> None: ...

class AuditSummary(_message.Message):
    __slots__ = ("hands", "clean", "findings", "unverifiable", "unsupported", "findings_by_rule", "duplicates")
    class FindingsByRuleEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    HANDS_FIELD_NUMBER: _ClassVar[int]
    CLEAN_FIELD_NUMBER: _ClassVar[int]
    FINDINGS_FIELD_NUMBER: _ClassVar[int]
    UNVERIFIABLE_FIELD_NUMBER: _ClassVar[int]
    UNSUPPORTED_FIELD_NUMBER: _ClassVar[int]
    FINDINGS_BY_RULE_FIELD_NUMBER: _ClassVar[int]
    DUPLICATES_FIELD_NUMBER: _ClassVar[int]
    hands: int
    clean: int
    findings: int
    unverifiable: int
    unsupported: int
    findings_by_rule: _containers.ScalarMap[str, int]
    duplicates: int
    def __init__(self, hands: _Optional[int] = ..., clean: _Optional[int] = ..., findings: _Optional[int] = ..., unverifiable: _Optional[int] = ..., unsupported: _Optional[int] = ..., findings_by_rule: _Optional[_Mapping[str, int]] = ..., duplicates: _Optional[int] = ...) -> None: ...

class AuditHandHistoriesRequest(_message.Message):
    __slots__ = ("documents",)
    DOCUMENTS_FIELD_NUMBER: _ClassVar[int]
    documents: _containers.RepeatedCompositeFieldContainer[HandHistoryDocument]
    def __init__(self, documents: _Optional[_Iterable[_Union[HandHistoryDocument, _Mapping]]] = ...) -> None: ...

class AuditHandHistoriesResponse(_message.Message):
    __slots__ = ("hands", "summary", "omitted_hands")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    OMITTED_HANDS_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedCompositeFieldContainer[HandAudit]
    summary: AuditSummary
    omitted_hands: int
    def __init__(self, hands: _Optional[_Iterable[_Union[HandAudit, _Mapping]]] = ..., summary: _Optional[_Union[AuditSummary, _Mapping]] = ..., omitted_hands: _Optional[int] = ...) -> None: ...

class AuditHandHistoriesStreamRequest(_message.Message):
    __slots__ = ("document",)
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    document: HandHistoryDocument
    def __init__(self, document: _Optional[_Union[HandHistoryDocument, _Mapping]] = ...) -> None: ...

class AuditHandHistoriesStreamResponse(_message.Message):
    __slots__ = ("hands", "summary", "omitted_hands")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    OMITTED_HANDS_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedCompositeFieldContainer[HandAudit]
    summary: AuditSummary
    omitted_hands: int
    def __init__(self, hands: _Optional[_Iterable[_Union[HandAudit, _Mapping]]] = ..., summary: _Optional[_Union[AuditSummary, _Mapping]] = ..., omitted_hands: _Optional[int] = ...) -> None: ...
