from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Game(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_UNSPECIFIED: _ClassVar[Game]
    GAME_FIVE_CARD_DRAW_7A: _ClassVar[Game]
    GAME_FIVE_CARD_DRAW: _ClassVar[Game]
    GAME_SEVEN_CARD_STUD: _ClassVar[Game]
    GAME_RAZZ: _ClassVar[Game]
    GAME_SEVEN_CARD_STUD_HI_LO: _ClassVar[Game]
    GAME_FIVE_CARD_STUD: _ClassVar[Game]
    GAME_TEXAS_HOLDEM: _ClassVar[Game]
    GAME_OMAHA: _ClassVar[Game]
    GAME_OMAHA_HI_LO: _ClassVar[Game]
    GAME_FIVE_CARD_OMAHA: _ClassVar[Game]
    GAME_FIVE_CARD_OMAHA_HI_LO: _ClassVar[Game]
    GAME_SHORT_DECK_HOLDEM: _ClassVar[Game]
    GAME_DEUCE_TO_SEVEN_SINGLE_DRAW: _ClassVar[Game]
    GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW: _ClassVar[Game]
    GAME_ACE_TO_FIVE_TRIPLE_DRAW: _ClassVar[Game]
    GAME_BADUGI: _ClassVar[Game]

class HandCategory(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    HAND_CATEGORY_UNSPECIFIED: _ClassVar[HandCategory]
    HAND_CATEGORY_HIGH_CARD: _ClassVar[HandCategory]
    HAND_CATEGORY_ONE_PAIR: _ClassVar[HandCategory]
    HAND_CATEGORY_TWO_PAIR: _ClassVar[HandCategory]
    HAND_CATEGORY_THREE_OF_A_KIND: _ClassVar[HandCategory]
    HAND_CATEGORY_STRAIGHT: _ClassVar[HandCategory]
    HAND_CATEGORY_FLUSH: _ClassVar[HandCategory]
    HAND_CATEGORY_FULL_HOUSE: _ClassVar[HandCategory]
    HAND_CATEGORY_FOUR_OF_A_KIND: _ClassVar[HandCategory]
    HAND_CATEGORY_STRAIGHT_FLUSH: _ClassVar[HandCategory]
    HAND_CATEGORY_ROYAL_FLUSH: _ClassVar[HandCategory]
    HAND_CATEGORY_BADUGI_ONE_CARD: _ClassVar[HandCategory]
    HAND_CATEGORY_BADUGI_TWO_CARDS: _ClassVar[HandCategory]
    HAND_CATEGORY_BADUGI_THREE_CARDS: _ClassVar[HandCategory]
    HAND_CATEGORY_BADUGI: _ClassVar[HandCategory]

class BettingStructure(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BETTING_STRUCTURE_UNSPECIFIED: _ClassVar[BettingStructure]
    BETTING_STRUCTURE_FIXED_LIMIT: _ClassVar[BettingStructure]
    BETTING_STRUCTURE_POT_LIMIT: _ClassVar[BettingStructure]
    BETTING_STRUCTURE_NO_LIMIT: _ClassVar[BettingStructure]

class ActionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTION_TYPE_UNSPECIFIED: _ClassVar[ActionType]
    ACTION_TYPE_FOLD: _ClassVar[ActionType]
    ACTION_TYPE_CHECK: _ClassVar[ActionType]
    ACTION_TYPE_CALL: _ClassVar[ActionType]
    ACTION_TYPE_BET: _ClassVar[ActionType]
    ACTION_TYPE_RAISE: _ClassVar[ActionType]
    ACTION_TYPE_BRING_IN: _ClassVar[ActionType]
    ACTION_TYPE_COMPLETE: _ClassVar[ActionType]
    ACTION_TYPE_DRAW: _ClassVar[ActionType]
    ACTION_TYPE_SHOW: _ClassVar[ActionType]
    ACTION_TYPE_MUCK: _ClassVar[ActionType]

class ForcedBetKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORCED_BET_KIND_UNSPECIFIED: _ClassVar[ForcedBetKind]
    FORCED_BET_KIND_ANTE: _ClassVar[ForcedBetKind]
    FORCED_BET_KIND_SMALL_BLIND: _ClassVar[ForcedBetKind]
    FORCED_BET_KIND_BIG_BLIND: _ClassVar[ForcedBetKind]
    FORCED_BET_KIND_DEAD_BLIND: _ClassVar[ForcedBetKind]
    FORCED_BET_KIND_BRING_IN: _ClassVar[ForcedBetKind]
    FORCED_BET_KIND_STRADDLE: _ClassVar[ForcedBetKind]
    FORCED_BET_KIND_BIG_BLIND_ANTE: _ClassVar[ForcedBetKind]

class Street(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STREET_UNSPECIFIED: _ClassVar[Street]
    STREET_FIRST_ROUND: _ClassVar[Street]
    STREET_SECOND_ROUND: _ClassVar[Street]
    STREET_THIRD_ROUND: _ClassVar[Street]
    STREET_FOURTH_ROUND: _ClassVar[Street]
    STREET_DRAW: _ClassVar[Street]
    STREET_SECOND_STREET: _ClassVar[Street]
    STREET_THIRD_STREET: _ClassVar[Street]
    STREET_FOURTH_STREET: _ClassVar[Street]
    STREET_FIFTH_STREET: _ClassVar[Street]
    STREET_SIXTH_STREET: _ClassVar[Street]
    STREET_SEVENTH_STREET: _ClassVar[Street]
    STREET_PRE_FLOP: _ClassVar[Street]
    STREET_FLOP: _ClassVar[Street]
    STREET_TURN: _ClassVar[Street]
    STREET_RIVER: _ClassVar[Street]
    STREET_SHOWDOWN: _ClassVar[Street]
    STREET_COMPLETE: _ClassVar[Street]

class HandPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    HAND_PHASE_UNSPECIFIED: _ClassVar[HandPhase]
    HAND_PHASE_DEALING: _ClassVar[HandPhase]
    HAND_PHASE_BETTING: _ClassVar[HandPhase]
    HAND_PHASE_DRAWING: _ClassVar[HandPhase]
    HAND_PHASE_SHOWDOWN: _ClassVar[HandPhase]
    HAND_PHASE_COMPLETE: _ClassVar[HandPhase]
GAME_UNSPECIFIED: Game
GAME_FIVE_CARD_DRAW_7A: Game
GAME_FIVE_CARD_DRAW: Game
GAME_SEVEN_CARD_STUD: Game
GAME_RAZZ: Game
GAME_SEVEN_CARD_STUD_HI_LO: Game
GAME_FIVE_CARD_STUD: Game
GAME_TEXAS_HOLDEM: Game
GAME_OMAHA: Game
GAME_OMAHA_HI_LO: Game
GAME_FIVE_CARD_OMAHA: Game
GAME_FIVE_CARD_OMAHA_HI_LO: Game
GAME_SHORT_DECK_HOLDEM: Game
GAME_DEUCE_TO_SEVEN_SINGLE_DRAW: Game
GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW: Game
GAME_ACE_TO_FIVE_TRIPLE_DRAW: Game
GAME_BADUGI: Game
HAND_CATEGORY_UNSPECIFIED: HandCategory
HAND_CATEGORY_HIGH_CARD: HandCategory
HAND_CATEGORY_ONE_PAIR: HandCategory
HAND_CATEGORY_TWO_PAIR: HandCategory
HAND_CATEGORY_THREE_OF_A_KIND: HandCategory
HAND_CATEGORY_STRAIGHT: HandCategory
HAND_CATEGORY_FLUSH: HandCategory
HAND_CATEGORY_FULL_HOUSE: HandCategory
HAND_CATEGORY_FOUR_OF_A_KIND: HandCategory
HAND_CATEGORY_STRAIGHT_FLUSH: HandCategory
HAND_CATEGORY_ROYAL_FLUSH: HandCategory
HAND_CATEGORY_BADUGI_ONE_CARD: HandCategory
HAND_CATEGORY_BADUGI_TWO_CARDS: HandCategory
HAND_CATEGORY_BADUGI_THREE_CARDS: HandCategory
HAND_CATEGORY_BADUGI: HandCategory
BETTING_STRUCTURE_UNSPECIFIED: BettingStructure
BETTING_STRUCTURE_FIXED_LIMIT: BettingStructure
BETTING_STRUCTURE_POT_LIMIT: BettingStructure
BETTING_STRUCTURE_NO_LIMIT: BettingStructure
ACTION_TYPE_UNSPECIFIED: ActionType
ACTION_TYPE_FOLD: ActionType
ACTION_TYPE_CHECK: ActionType
ACTION_TYPE_CALL: ActionType
ACTION_TYPE_BET: ActionType
ACTION_TYPE_RAISE: ActionType
ACTION_TYPE_BRING_IN: ActionType
ACTION_TYPE_COMPLETE: ActionType
ACTION_TYPE_DRAW: ActionType
ACTION_TYPE_SHOW: ActionType
ACTION_TYPE_MUCK: ActionType
FORCED_BET_KIND_UNSPECIFIED: ForcedBetKind
FORCED_BET_KIND_ANTE: ForcedBetKind
FORCED_BET_KIND_SMALL_BLIND: ForcedBetKind
FORCED_BET_KIND_BIG_BLIND: ForcedBetKind
FORCED_BET_KIND_DEAD_BLIND: ForcedBetKind
FORCED_BET_KIND_BRING_IN: ForcedBetKind
FORCED_BET_KIND_STRADDLE: ForcedBetKind
FORCED_BET_KIND_BIG_BLIND_ANTE: ForcedBetKind
STREET_UNSPECIFIED: Street
STREET_FIRST_ROUND: Street
STREET_SECOND_ROUND: Street
STREET_THIRD_ROUND: Street
STREET_FOURTH_ROUND: Street
STREET_DRAW: Street
STREET_SECOND_STREET: Street
STREET_THIRD_STREET: Street
STREET_FOURTH_STREET: Street
STREET_FIFTH_STREET: Street
STREET_SIXTH_STREET: Street
STREET_SEVENTH_STREET: Street
STREET_PRE_FLOP: Street
STREET_FLOP: Street
STREET_TURN: Street
STREET_RIVER: Street
STREET_SHOWDOWN: Street
STREET_COMPLETE: Street
HAND_PHASE_UNSPECIFIED: HandPhase
HAND_PHASE_DEALING: HandPhase
HAND_PHASE_BETTING: HandPhase
HAND_PHASE_DRAWING: HandPhase
HAND_PHASE_SHOWDOWN: HandPhase
HAND_PHASE_COMPLETE: HandPhase

class HandValue(_message.Message):
    __slots__ = ("category", "best_cards", "strength", "description", "qualifies")
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    BEST_CARDS_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    QUALIFIES_FIELD_NUMBER: _ClassVar[int]
    category: HandCategory
    best_cards: _containers.RepeatedScalarFieldContainer[str]
    strength: int
    description: str
    qualifies: bool
    def __init__(self, category: _Optional[_Union[HandCategory, str]] = ..., best_cards: _Optional[_Iterable[str]] = ..., strength: _Optional[int] = ..., description: _Optional[str] = ..., qualifies: _Optional[bool] = ...) -> None: ...

class Hand(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class Stakes(_message.Message):
    __slots__ = ("small_bet", "big_bet", "ante", "bring_in", "small_blind", "big_blind", "whole_unit", "odd_chip_unit", "straddle", "big_blind_ante")
    SMALL_BET_FIELD_NUMBER: _ClassVar[int]
    BIG_BET_FIELD_NUMBER: _ClassVar[int]
    ANTE_FIELD_NUMBER: _ClassVar[int]
    BRING_IN_FIELD_NUMBER: _ClassVar[int]
    SMALL_BLIND_FIELD_NUMBER: _ClassVar[int]
    BIG_BLIND_FIELD_NUMBER: _ClassVar[int]
    WHOLE_UNIT_FIELD_NUMBER: _ClassVar[int]
    ODD_CHIP_UNIT_FIELD_NUMBER: _ClassVar[int]
    STRADDLE_FIELD_NUMBER: _ClassVar[int]
    BIG_BLIND_ANTE_FIELD_NUMBER: _ClassVar[int]
    small_bet: int
    big_bet: int
    ante: int
    bring_in: int
    small_blind: int
    big_blind: int
    whole_unit: int
    odd_chip_unit: int
    straddle: int
    big_blind_ante: int
    def __init__(self, small_bet: _Optional[int] = ..., big_bet: _Optional[int] = ..., ante: _Optional[int] = ..., bring_in: _Optional[int] = ..., small_blind: _Optional[int] = ..., big_blind: _Optional[int] = ..., whole_unit: _Optional[int] = ..., odd_chip_unit: _Optional[int] = ..., straddle: _Optional[int] = ..., big_blind_ante: _Optional[int] = ...) -> None: ...

class RakePolicy(_message.Message):
    __slots__ = ("percent_bps", "increment", "cap", "no_rake_first_round")
    PERCENT_BPS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_FIELD_NUMBER: _ClassVar[int]
    CAP_FIELD_NUMBER: _ClassVar[int]
    NO_RAKE_FIRST_ROUND_FIELD_NUMBER: _ClassVar[int]
    percent_bps: int
    increment: int
    cap: int
    no_rake_first_round: bool
    def __init__(self, percent_bps: _Optional[int] = ..., increment: _Optional[int] = ..., cap: _Optional[int] = ..., no_rake_first_round: _Optional[bool] = ...) -> None: ...

class SeatState(_message.Message):
    __slots__ = ("seat", "player_id", "stack")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player_id: str
    stack: int
    def __init__(self, seat: _Optional[int] = ..., player_id: _Optional[str] = ..., stack: _Optional[int] = ...) -> None: ...

class ForcedBet(_message.Message):
    __slots__ = ("seat", "kind", "amount", "dead")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    DEAD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: ForcedBetKind
    amount: int
    dead: bool
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[ForcedBetKind, str]] = ..., amount: _Optional[int] = ..., dead: _Optional[bool] = ...) -> None: ...

class HandConfig(_message.Message):
    __slots__ = ("game", "betting_structure", "stakes", "rake", "seats", "button_seat", "forced_bets", "uncapped_heads_up")
    GAME_FIELD_NUMBER: _ClassVar[int]
    BETTING_STRUCTURE_FIELD_NUMBER: _ClassVar[int]
    STAKES_FIELD_NUMBER: _ClassVar[int]
    RAKE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    BUTTON_SEAT_FIELD_NUMBER: _ClassVar[int]
    FORCED_BETS_FIELD_NUMBER: _ClassVar[int]
    UNCAPPED_HEADS_UP_FIELD_NUMBER: _ClassVar[int]
    game: Game
    betting_structure: BettingStructure
    stakes: Stakes
    rake: RakePolicy
    seats: _containers.RepeatedCompositeFieldContainer[SeatState]
    button_seat: int
    forced_bets: _containers.RepeatedCompositeFieldContainer[ForcedBet]
    uncapped_heads_up: bool
    def __init__(self, game: _Optional[_Union[Game, str]] = ..., betting_structure: _Optional[_Union[BettingStructure, str]] = ..., stakes: _Optional[_Union[Stakes, _Mapping]] = ..., rake: _Optional[_Union[RakePolicy, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatState, _Mapping]]] = ..., button_seat: _Optional[int] = ..., forced_bets: _Optional[_Iterable[_Union[ForcedBet, _Mapping]]] = ..., uncapped_heads_up: _Optional[bool] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("seat", "type", "amount", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    type: ActionType
    amount: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., type: _Optional[_Union[ActionType, str]] = ..., amount: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class Deal(_message.Message):
    __slots__ = ("seat", "cards", "face_up", "burn")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    BURN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    face_up: bool
    burn: bool
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., face_up: _Optional[bool] = ..., burn: _Optional[bool] = ...) -> None: ...

class HandEvent(_message.Message):
    __slots__ = ("deal", "action")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    deal: Deal
    action: Action
    def __init__(self, deal: _Optional[_Union[Deal, _Mapping]] = ..., action: _Optional[_Union[Action, _Mapping]] = ...) -> None: ...

class Violation(_message.Message):
    __slots__ = ("rule", "message", "seat", "event_index", "expected", "actual")
    RULE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EVENT_INDEX_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_FIELD_NUMBER: _ClassVar[int]
    rule: str
    message: str
    seat: int
    event_index: int
    expected: str
    actual: str
    def __init__(self, rule: _Optional[str] = ..., message: _Optional[str] = ..., seat: _Optional[int] = ..., event_index: _Optional[int] = ..., expected: _Optional[str] = ..., actual: _Optional[str] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("type", "min_amount", "max_amount", "all_in")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    MIN_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    MAX_AMOUNT_FIELD_NUMBER: _ClassVar[int]
    ALL_IN_FIELD_NUMBER: _ClassVar[int]
    type: ActionType
    min_amount: int
    max_amount: int
    all_in: bool
    def __init__(self, type: _Optional[_Union[ActionType, str]] = ..., min_amount: _Optional[int] = ..., max_amount: _Optional[int] = ..., all_in: _Optional[bool] = ...) -> None: ...

class SeatView(_message.Message):
    __slots__ = ("seat", "stack", "bet", "contributed", "folded", "all_in", "up_cards", "card_count")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    BET_FIELD_NUMBER: _ClassVar[int]
    CONTRIBUTED_FIELD_NUMBER: _ClassVar[int]
    FOLDED_FIELD_NUMBER: _ClassVar[int]
    ALL_IN_FIELD_NUMBER: _ClassVar[int]
    UP_CARDS_FIELD_NUMBER: _ClassVar[int]
    CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    stack: int
    bet: int
    contributed: int
    folded: bool
    all_in: bool
    up_cards: _containers.RepeatedScalarFieldContainer[str]
    card_count: int
    def __init__(self, seat: _Optional[int] = ..., stack: _Optional[int] = ..., bet: _Optional[int] = ..., contributed: _Optional[int] = ..., folded: _Optional[bool] = ..., all_in: _Optional[bool] = ..., up_cards: _Optional[_Iterable[str]] = ..., card_count: _Optional[int] = ...) -> None: ...

class HandSnapshot(_message.Message):
    __slots__ = ("street", "seat_to_act", "pot_total", "amount_to_call", "phase", "current_bet", "seats", "awaiting_deal_seats", "hand_complete", "bets_this_round", "board", "street_kind", "phase_kind")
    STREET_FIELD_NUMBER: _ClassVar[int]
    SEAT_TO_ACT_FIELD_NUMBER: _ClassVar[int]
    POT_TOTAL_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_TO_CALL_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CURRENT_BET_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    AWAITING_DEAL_SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_COMPLETE_FIELD_NUMBER: _ClassVar[int]
    BETS_THIS_ROUND_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    STREET_KIND_FIELD_NUMBER: _ClassVar[int]
    PHASE_KIND_FIELD_NUMBER: _ClassVar[int]
    street: str
    seat_to_act: int
    pot_total: int
    amount_to_call: int
    phase: str
    current_bet: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatView]
    awaiting_deal_seats: _containers.RepeatedScalarFieldContainer[int]
    hand_complete: bool
    bets_this_round: int
    board: _containers.RepeatedScalarFieldContainer[str]
    street_kind: Street
    phase_kind: HandPhase
    def __init__(self, street: _Optional[str] = ..., seat_to_act: _Optional[int] = ..., pot_total: _Optional[int] = ..., amount_to_call: _Optional[int] = ..., phase: _Optional[str] = ..., current_bet: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatView, _Mapping]]] = ..., awaiting_deal_seats: _Optional[_Iterable[int]] = ..., hand_complete: _Optional[bool] = ..., bets_this_round: _Optional[int] = ..., board: _Optional[_Iterable[str]] = ..., street_kind: _Optional[_Union[Street, str]] = ..., phase_kind: _Optional[_Union[HandPhase, str]] = ...) -> None: ...

class Pot(_message.Message):
    __slots__ = ("amount", "eligible_seats", "winner_seats", "low_winner_seats")
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    ELIGIBLE_SEATS_FIELD_NUMBER: _ClassVar[int]
    WINNER_SEATS_FIELD_NUMBER: _ClassVar[int]
    LOW_WINNER_SEATS_FIELD_NUMBER: _ClassVar[int]
    amount: int
    eligible_seats: _containers.RepeatedScalarFieldContainer[int]
    winner_seats: _containers.RepeatedScalarFieldContainer[int]
    low_winner_seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, amount: _Optional[int] = ..., eligible_seats: _Optional[_Iterable[int]] = ..., winner_seats: _Optional[_Iterable[int]] = ..., low_winner_seats: _Optional[_Iterable[int]] = ...) -> None: ...

class Payout(_message.Message):
    __slots__ = ("seat", "amount")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    amount: int
    def __init__(self, seat: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...
