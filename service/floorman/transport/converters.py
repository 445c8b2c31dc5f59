"""Protobuf <-> domain conversion of the shared ``floorman.v1`` messages (``poker.proto``:
hand configuration, stakes, rake, seats, forced bets, actions, deals, history events, payouts,
violations) and of the ranking RPCs. Each message has ONE converter per direction, here;
engine results (snapshots, legal actions, pots, settlements) are in
:mod:`floorman.transport.engine_converters`, TableService messages in
:mod:`floorman.transport.table_converters`, AuditService ones in
:mod:`floorman.transport.audit_converters`. Only ``floorman.transport`` touches pb2 types.

pb -> domain functions validate what the wire allows but the domain cannot hold (unknown or
unspecified enum numbers, negative amounts, seat numbers below 1, duplicate seats, malformed
cards) and raise :class:`~floorman.domain.errors.InvalidArgument` carrying EVERY problem found,
each with a field path in protobuf field names (``config.seats[2].stack``,
``history[4].action.amount``, ``history[0].deal.cards[1]``). Game rules (player counts,
coherent stakes, duplicate cards across events, ...) are the engine's to check, not these.
Integers stay Python ints end to end, so no int64 value can overflow or crash a conversion.

domain -> pb functions never fail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, TypeVar

from floorman.domain import model
from floorman.domain.actions import action_field_violations
from floorman.domain.cards import CARD_TEXTS, cards_str, parse_cards
from floorman.domain.engine import Finding
from floorman.domain.errors import FieldViolation, HistoryError, InvalidArgument, RuleViolation
from floorman.domain.games import game_spec, highest_seat
from floorman.domain.hand_value import HandCategory, HandValue
from floorman.domain.ranking import Comparison, Evaluation
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb

_E = TypeVar("_E")
_Problems = list[FieldViolation]


def _enum_from_pb(domain_enum: type[_E], pb_enum: Any, prefix: str) -> dict[int, _E]:
    """pb enum number -> domain member, by the name ``<prefix><member name>``.

    Raises:
        ValueError: at import when a domain member has no pb value (a contract drift).
    """
    return {pb_enum.Value(prefix + member.name): member for member in domain_enum}  # type: ignore[attr-defined]


GAME_FROM_PB: Final = _enum_from_pb(model.Game, pb.Game, "GAME_")
GAME_TO_PB: Final = {game: number for number, game in GAME_FROM_PB.items()}
CATEGORY_TO_PB: Final = {
    category: number
    for number, category in _enum_from_pb(HandCategory, pb.HandCategory, "HAND_CATEGORY_").items()
}
STRUCTURE_FROM_PB: Final = _enum_from_pb(
    model.BettingStructure, pb.BettingStructure, "BETTING_STRUCTURE_"
)
ACTION_FROM_PB: Final = _enum_from_pb(model.ActionType, pb.ActionType, "ACTION_TYPE_")
FORCED_BET_FROM_PB: Final = _enum_from_pb(model.ForcedBetKind, pb.ForcedBetKind, "FORCED_BET_KIND_")
STRUCTURE_TO_PB: Final = {structure: number for number, structure in STRUCTURE_FROM_PB.items()}
ACTION_TO_PB: Final = {action: number for number, action in ACTION_FROM_PB.items()}
FORCED_BET_TO_PB: Final = {kind: number for number, kind in FORCED_BET_FROM_PB.items()}


def raise_problems(problems: Sequence[FieldViolation]) -> None:
    """Raise :class:`InvalidArgument` carrying ``problems`` when there are any."""
    if problems:
        raise InvalidArgument(list(problems))


REQUIRED: Final[Any] = object()
"""The ``default`` of :func:`enum_value` for an enum that must be specified."""


def unknown_enum(number: int, enum_name: str) -> str:
    """The one message for an enum number the contract does not define, everywhere:
    ``"99 is not a known Game"`` (the status reads ``"game: 99 is not a known Game"``)."""
    return f"{number} is not a known {enum_name}"


def enum_value(
    number: int,
    table: Mapping[int, _E],
    *,
    field: str,
    what: str,
    problems: _Problems,
    default: Any = REQUIRED,
    enum_name: str = "",
) -> Any:
    """The domain member for pb enum ``number``; UNSPECIFIED (0) is ``default`` unless that is
    :data:`REQUIRED`. ``None`` after recording a violation at ``field``: ``"<what> is
    required"`` (``what`` defaults to the field's last part) or :func:`unknown_enum`
    (``enum_name`` defaults to the domain enum's class name, the contract's enum name)."""
    if number == 0 and default is not REQUIRED:
        return default
    member = table.get(number)
    if member is None:
        if number == 0:
            noun = what or field.rsplit(".", 1)[-1].replace("_", " ")
            problems.append(FieldViolation(field, "", f"{noun} is required"))
        else:
            name = enum_name or _enum_name(table)
            problems.append(FieldViolation(field, "", unknown_enum(number, name)))
    return member


def _enum_name(table: Mapping[int, Any]) -> str:
    member = next((m for m in table.values() if m is not None), None)
    return type(member).__name__ if member is not None else "value"


def _non_negative(value: int, *, field: str, problems: _Problems) -> int:
    """``value`` unchanged; records a violation when it is below 0."""
    if value < 0:
        problems.append(FieldViolation(field, "", f"must be 0 or more, got {value}"))
    return value


def _seat_number(value: int, *, field: str, problems: _Problems) -> int:
    """``value`` unchanged; records a violation when it is below 1 (seats start at 1)."""
    if value < 1:
        problems.append(FieldViolation(field, "", f"seats are numbered from 1, got {value}"))
    return value


def _cards(texts: Sequence[str], *, field: str, problems: _Problems) -> tuple[int | None, ...]:
    """Parse history cards (``??`` allowed, duplicates within the list refused)."""
    try:
        return tuple(parse_cards(texts, field=field, allow_unknown=True))
    except InvalidArgument as exc:
        problems.extend(exc.violations)
        return ()


# ---------------------------------------------------------------------------- ranking RPCs


def default_structure(game: model.Game | None) -> model.BettingStructure:
    """The structure BETTING_STRUCTURE_UNSPECIFIED stands for: the game's default (RULES.md
    "Betting structures": fixed limit; "Hold'em and Omaha": Omaha pot limit, Short-deck no
    limit); fixed limit when the game is unknown (the game's own violation is reported)."""
    if game is None:
        return model.BettingStructure.FIXED_LIMIT
    return game_spec(game).default_structure


def game_from_pb(number: int) -> model.Game | None:
    """The domain game for a ``floorman.v1.Game`` number; ``None`` for GAME_UNSPECIFIED or a
    number this server does not know (see :func:`unknown_game`)."""
    return GAME_FROM_PB.get(number)


def unknown_game(number: int, *, field: str = "game") -> FieldViolation | None:
    """The violation for a ``floorman.v1.Game`` number the contract does not define
    (``"99 is not a known Game"``); ``None`` for a known game and for GAME_UNSPECIFIED
    (a missing game, which the use case reports as required)."""
    if number == 0 or number in GAME_FROM_PB:
        return None
    return FieldViolation(field, "", unknown_enum(number, "Game"))


def _fill_hand_value(target: pb.HandValue, value: HandValue) -> None:
    """Set ``target`` (a field of a response, filled in place: no copy) from ``value``."""
    target.category = CATEGORY_TO_PB[value.category]
    target.best_cards.extend([CARD_TEXTS[card] for card in value.best_cards])  # never unknown
    target.strength = value.strength
    target.description = value.description
    target.qualifies = value.qualifies


def hand_value_to_pb(value: HandValue) -> pb.HandValue:
    """A domain :class:`HandValue` as ``floorman.v1.HandValue`` (cards in ``Th`` form)."""
    message = pb.HandValue()
    _fill_hand_value(message, value)
    return message


def fill_evaluation(target: rpb.EvaluateHandResponse, evaluation: Evaluation) -> None:
    """Set ``target`` (an EvaluateHandResponse inside another message, filled in place) from
    a ranking ``Evaluation``; a side that is ``None`` is left unset."""
    if evaluation.high is not None:
        _fill_hand_value(target.high, evaluation.high)
    if evaluation.low is not None:
        _fill_hand_value(target.low, evaluation.low)


def evaluation_to_pb(evaluation: Evaluation) -> rpb.EvaluateHandResponse:
    """A ranking ``Evaluation(high, low)`` as an EvaluateHandResponse; a side that is ``None``
    is left unset."""
    response = rpb.EvaluateHandResponse()
    fill_evaluation(response, evaluation)
    return response


def comparison_to_pb(comparison: Comparison) -> rpb.CompareHandsResponse:
    """A ranking ``Comparison(winners, low_winners, results)`` as a CompareHandsResponse."""
    response = rpb.CompareHandsResponse(
        winners=comparison.winners, low_winners=comparison.low_winners
    )
    for result in comparison.results:
        fill_evaluation(response.results.add(), result)
    return response


# ---------------------------------------------------------------------------- hand config


def stakes_from_pb(message: pb.Stakes, *, field: str, problems: _Problems) -> model.Stakes:
    """``floorman.v1.Stakes`` -> :class:`model.Stakes`; negative fields are violations,
    ``whole_unit`` / ``odd_chip_unit`` left 0 take their defaults (100 and 1)."""
    values = {
        name: _non_negative(getattr(message, name), field=f"{field}.{name}", problems=problems)
        for name in (
            "small_bet", "big_bet", "ante", "bring_in", "small_blind", "big_blind",
            "whole_unit", "odd_chip_unit", "straddle", "big_blind_ante",
        )
    }  # fmt: skip
    defaults = model.Stakes()
    values["whole_unit"] = values["whole_unit"] or defaults.whole_unit
    values["odd_chip_unit"] = values["odd_chip_unit"] or defaults.odd_chip_unit
    return model.Stakes(**values)


def rake_from_pb(message: pb.RakePolicy, *, field: str, problems: _Problems) -> model.RakePolicy:
    """``floorman.v1.RakePolicy`` -> :class:`model.RakePolicy`; the percentage must be
    0-10000 basis points, increment and cap 0 or more (RULES.md "Rake")."""
    if not 0 <= message.percent_bps <= 10_000:
        problems.append(
            FieldViolation(
                f"{field}.percent_bps",
                "",
                f"must be 0-10000 basis points (100 %), got {message.percent_bps}",
            )
        )
    return model.RakePolicy(
        percent_bps=message.percent_bps,
        increment=_non_negative(message.increment, field=f"{field}.increment", problems=problems),
        cap=_non_negative(message.cap, field=f"{field}.cap", problems=problems),
        no_rake_first_round=message.no_rake_first_round,
    )


def seats_from_pb(
    messages: Sequence[pb.SeatState], *, field: str, problems: _Problems
) -> tuple[model.SeatState, ...]:
    """Seats dealt in: numbers >= 1 and distinct, stacks >= 0."""
    seen: dict[int, str] = {}
    seats = []
    for i, message in enumerate(messages):
        path = f"{field}[{i}]"
        number = _seat_number(message.seat, field=f"{path}.seat", problems=problems)
        if number in seen:
            problems.append(
                FieldViolation(
                    f"{path}.seat", "", f"seat {number} is listed twice (also {seen[number]})"
                )
            )
        seen.setdefault(number, path)
        stack = _non_negative(message.stack, field=f"{path}.stack", problems=problems)
        seats.append(model.SeatState(seat=number, player_id=message.player_id, stack=stack))
    return tuple(seats)


def seat_range_violations(
    seats: Sequence[model.SeatState], game: model.Game, *, field: str
) -> list[FieldViolation]:
    """A violation ``<field>[i].seat`` for each seat above the game's highest seat number
    (:func:`~floorman.domain.games.highest_seat`: seats are numbered 1..the game's maximum;
    numbers below 1 are :func:`seats_from_pb`'s)."""
    most = highest_seat(game)
    return [
        FieldViolation(
            f"{field}[{i}].seat",
            "",
            f"{game.title} seats are numbered 1 to {most}, not {seat.seat}",
        )
        for i, seat in enumerate(seats)
        if seat.seat > most
    ]


def forced_bets_from_pb(
    messages: Sequence[pb.ForcedBet], *, field: str, seats: set[int], problems: _Problems
) -> tuple[model.ForcedBet, ...]:
    """Explicit forced bets: a seat dealt in, a known kind, an amount >= 0."""
    bets = []
    for i, message in enumerate(messages):
        path = f"{field}[{i}]"
        seat = _seat_number(message.seat, field=f"{path}.seat", problems=problems)
        if seat >= 1 and seat not in seats:
            problems.append(FieldViolation(f"{path}.seat", "", f"seat {seat} is not dealt in"))
        kind = enum_value(
            message.kind, FORCED_BET_FROM_PB, field=f"{path}.kind", what="kind", problems=problems
        )
        amount = _non_negative(message.amount, field=f"{path}.amount", problems=problems)
        if kind is not None:
            bets.append(model.ForcedBet(seat=seat, kind=kind, amount=amount, dead=message.dead))
    return tuple(bets)


def hand_config_from_pb(message: pb.HandConfig, *, field: str = "config") -> model.HandConfig:
    """``floorman.v1.HandConfig`` -> :class:`model.HandConfig`.

    BETTING_STRUCTURE_UNSPECIFIED means the game's default structure (RULES.md "Betting
    structures": fixed limit; "Hold'em and Omaha": Omaha pot limit, Short-deck no limit).
    ``button_seat`` must be 0 or more (0: stud's "before the lowest seat").

    Raises:
        InvalidArgument: every violation, paths under ``field`` (``config.game``,
            ``config.seats[2].stack``, ``config.forced_bets[0].kind`` ...).
    """
    problems: _Problems = []
    game = enum_value(
        message.game, GAME_FROM_PB, field=f"{field}.game", what="game", problems=problems
    )
    structure = enum_value(
        message.betting_structure,
        STRUCTURE_FROM_PB,
        field=f"{field}.betting_structure",
        what="betting structure",
        problems=problems,
        default=default_structure(game),
    )
    stakes = stakes_from_pb(message.stakes, field=f"{field}.stakes", problems=problems)
    rake = rake_from_pb(message.rake, field=f"{field}.rake", problems=problems)
    seats = seats_from_pb(message.seats, field=f"{field}.seats", problems=problems)
    button = _non_negative(message.button_seat, field=f"{field}.button_seat", problems=problems)
    forced = forced_bets_from_pb(
        message.forced_bets,
        field=f"{field}.forced_bets",
        seats={s.seat for s in seats},
        problems=problems,
    )
    if game is not None:
        problems.extend(seat_range_violations(seats, game, field=f"{field}.seats"))
    raise_problems(problems)
    assert game is not None and structure is not None  # guaranteed by raise_problems
    return model.HandConfig(
        game=game,
        betting_structure=structure,
        stakes=stakes,
        rake=rake,
        seats=seats,
        button_seat=button,
        forced_bets=forced,
        uncapped_heads_up=message.uncapped_heads_up,
    )


# ---------------------------------------------------------------------------- history


def action_from_pb(message: pb.Action, *, field: str, problems: _Problems) -> model.Action | None:
    """``floorman.v1.Action`` -> :class:`model.Action` (``None`` when its type is bad).
    Cards may be ``??`` (unknown). Cards outside DRAW/SHOW and an amount on DRAW, SHOW or
    MUCK are violations (``action.extra_cards`` / ``action.extra_amount``,
    :mod:`floorman.domain.actions`)."""
    seat = _seat_number(message.seat, field=f"{field}.seat", problems=problems)
    kind = enum_value(
        message.type, ACTION_FROM_PB, field=f"{field}.type", what="action type", problems=problems
    )
    amount = _non_negative(message.amount, field=f"{field}.amount", problems=problems)
    cards = _cards(message.cards, field=f"{field}.cards", problems=problems)
    if kind is None:
        return None
    action = model.Action(seat=seat, type=kind, amount=amount, cards=cards)
    reported = {v.field for v in problems}
    problems.extend(
        v for v in action_field_violations(action, field=field) if v.field not in reported
    )
    return action


def deal_from_pb(message: pb.Deal, *, field: str, problems: _Problems) -> model.Deal:
    """``floorman.v1.Deal`` -> :class:`model.Deal`: seat 0 (community) or more, at least one
    card, cards may be ``??``."""
    seat = _non_negative(message.seat, field=f"{field}.seat", problems=problems)
    if not message.cards:
        problems.append(FieldViolation(f"{field}.cards", "card.count", "a deal needs a card"))
    cards = _cards(message.cards, field=f"{field}.cards", problems=problems)
    return model.Deal(seat=seat, cards=cards, face_up=message.face_up, burn=message.burn)


def hand_event_from_pb(
    message: pb.HandEvent, *, field: str, problems: _Problems
) -> model.HandEvent | None:
    """One history entry; an entry with neither ``deal`` nor ``action`` is a violation."""
    which = message.WhichOneof("event")
    if which == "deal":
        return deal_from_pb(message.deal, field=f"{field}.deal", problems=problems)
    if which == "action":
        return action_from_pb(message.action, field=f"{field}.action", problems=problems)
    problems.append(FieldViolation(field, "", "an event needs a deal or an action"))
    return None


def history_from_pb(
    messages: Sequence[pb.HandEvent], *, field: str = "history"
) -> tuple[model.HandEvent, ...]:
    """A hand's history, in order.

    Raises:
        InvalidArgument: every malformed event (``history[4].action.amount``,
            ``history[0].deal.cards[1]`` with ``card.malformed`` ...).
    """
    problems: _Problems = []
    events = [
        hand_event_from_pb(message, field=f"{field}[{i}]", problems=problems)
        for i, message in enumerate(messages)
    ]
    raise_problems(problems)
    return tuple(e for e in events if e is not None)


def single_action_from_pb(message: pb.Action, *, field: str = "action") -> model.Action:
    """The proposed action of ValidateAction.

    Raises:
        InvalidArgument: every violation under ``field``.
    """
    problems: _Problems = []
    action = action_from_pb(message, field=field, problems=problems)
    raise_problems(problems)
    assert action is not None  # guaranteed by raise_problems
    return action


def payouts_from_pb(
    messages: Sequence[pb.Payout], *, field: str = "declared_payouts"
) -> dict[int, int]:
    """Declared payouts as ``seat -> amount`` (minor units); seats >= 1 and distinct,
    amounts >= 0.

    Raises:
        InvalidArgument: every violation (``declared_payouts[1].amount`` ...).
    """
    problems: _Problems = []
    payouts: dict[int, int] = {}
    for i, message in enumerate(messages):
        path = f"{field}[{i}]"
        seat = _seat_number(message.seat, field=f"{path}.seat", problems=problems)
        amount = _non_negative(message.amount, field=f"{path}.amount", problems=problems)
        if seat in payouts:
            problems.append(FieldViolation(f"{path}.seat", "", f"seat {seat} is listed twice"))
        payouts[seat] = amount
    raise_problems(problems)
    return payouts


def payouts_to_pb(amounts: Mapping[int, int]) -> list[pb.Payout]:
    """``seat -> amount`` (minor units) as ``floorman.v1.Payout`` messages in seat order."""
    return [pb.Payout(seat=seat, amount=amounts[seat]) for seat in sorted(amounts)]


# ---------------------------------------------------------------------------- domain -> pb


def stakes_to_pb(stakes: model.Stakes) -> pb.Stakes:
    """:class:`model.Stakes` -> ``floorman.v1.Stakes`` (every field, defaults included)."""
    return pb.Stakes(
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        ante=stakes.ante,
        bring_in=stakes.bring_in,
        small_blind=stakes.small_blind,
        big_blind=stakes.big_blind,
        whole_unit=stakes.whole_unit,
        odd_chip_unit=stakes.odd_chip_unit,
        straddle=stakes.straddle,
        big_blind_ante=stakes.big_blind_ante,
    )


def rake_to_pb(rake: model.RakePolicy) -> pb.RakePolicy:
    """:class:`model.RakePolicy` -> ``floorman.v1.RakePolicy``."""
    return pb.RakePolicy(
        percent_bps=rake.percent_bps,
        increment=rake.increment,
        cap=rake.cap,
        no_rake_first_round=rake.no_rake_first_round,
    )


def hand_config_to_pb(config: model.HandConfig) -> pb.HandConfig:
    """:class:`model.HandConfig` -> ``floorman.v1.HandConfig`` (seats and explicit forced bets
    in their configured order)."""
    return pb.HandConfig(
        game=GAME_TO_PB[config.game],
        betting_structure=STRUCTURE_TO_PB[config.betting_structure],
        stakes=stakes_to_pb(config.stakes),
        rake=rake_to_pb(config.rake),
        seats=[
            pb.SeatState(seat=s.seat, player_id=s.player_id, stack=s.stack) for s in config.seats
        ],
        button_seat=config.button_seat,
        forced_bets=[
            pb.ForcedBet(seat=b.seat, kind=FORCED_BET_TO_PB[b.kind], amount=b.amount, dead=b.dead)
            for b in config.forced_bets
        ],
        uncapped_heads_up=config.uncapped_heads_up,
    )


def deal_to_pb(deal: model.Deal) -> pb.Deal:
    """:class:`model.Deal` -> ``floorman.v1.Deal`` (cards in ``Th`` form, ``??`` hidden)."""
    return pb.Deal(
        seat=deal.seat, cards=cards_str(deal.cards), face_up=deal.face_up, burn=deal.burn
    )


def action_to_pb(action: model.Action) -> pb.Action:
    """:class:`model.Action` -> ``floorman.v1.Action``."""
    return pb.Action(
        seat=action.seat,
        type=ACTION_TO_PB[action.type],
        amount=action.amount,
        cards=cards_str(action.cards),
    )


def hand_event_to_pb(event: model.HandEvent) -> pb.HandEvent:
    """A :class:`model.Deal` or :class:`model.Action` -> ``floorman.v1.HandEvent``."""
    if isinstance(event, model.Deal):
        return pb.HandEvent(deal=deal_to_pb(event))
    return pb.HandEvent(action=action_to_pb(event))


# ---------------------------------------------------------------------------- violations


def fill_violation(
    target: pb.Violation, item: RuleViolation | Finding, *, event_index: int | None = None
) -> None:
    """Set ``target`` (a field of a response, filled in place) from a refusal or a finding;
    ``event_index`` ``None``: the finding's own index, -1 for a :class:`RuleViolation`."""
    if event_index is None:
        event_index = getattr(item, "event_index", -1)
    target.rule = item.rule
    target.message = item.message
    target.seat = item.seat
    target.event_index = event_index
    target.expected = item.expected
    target.actual = item.actual


def violation_to_pb(
    item: RuleViolation | Finding, *, event_index: int | None = None
) -> pb.Violation:
    """A :class:`RuleViolation` (a refusal) or an engine :class:`Finding` (a ``payout.amount``
    discrepancy, a ``card.unknown`` note, a live table's recorded refusal) as
    ``floorman.v1.Violation``; ``event_index`` as in :func:`fill_violation` (-1: it concerns
    no recorded event)."""
    message = pb.Violation()
    fill_violation(message, item, event_index=event_index)
    return message


def history_error_to_pb(error: HistoryError) -> pb.Violation:
    """A :class:`HistoryError` as a ``floorman.v1.Violation`` naming its event index."""
    return violation_to_pb(error.violation, event_index=error.index)
