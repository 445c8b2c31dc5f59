"""Unit tests of the protobuf <-> domain converters (DESIGN.md "Contract details")."""

from __future__ import annotations

import pytest

from floorman.domain import model
from floorman.domain.cards import parse_card
from floorman.domain.engine import Finding, HandResult
from floorman.domain.errors import HistoryError, InvalidArgument, RuleViolation
from floorman.domain.hand_value import HandCategory, HandValue
from floorman.domain.ranking import Comparison, Evaluation
from floorman.domain.settlement import PotShare
from floorman.transport import converters, engine_converters
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb

INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)


def problems_of(call) -> list[tuple[str, str]]:
    """``(field, rule)`` of every violation ``call()`` raises."""
    with pytest.raises(InvalidArgument) as caught:
        call()
    return [(v.field, v.rule) for v in caught.value.violations]


def cards(text: str) -> tuple[int, ...]:
    """Domain cards from a space-separated string."""
    return tuple(parse_card(c) for c in text.split())


def test_every_domain_enum_member_has_its_protobuf_value():
    """Games, categories, structures, action types and forced-bet kinds map one to one."""
    assert set(converters.GAME_FROM_PB.values()) == set(model.Game)
    assert set(converters.CATEGORY_TO_PB) == set(HandCategory)
    assert set(converters.STRUCTURE_FROM_PB.values()) == set(model.BettingStructure)
    assert set(converters.ACTION_FROM_PB.values()) == set(model.ActionType)
    assert set(converters.FORCED_BET_FROM_PB.values()) == set(model.ForcedBetKind)
    assert converters.GAME_FROM_PB[pb.GAME_RAZZ] is model.Game.RAZZ
    assert converters.CATEGORY_TO_PB[HandCategory.ROYAL_FLUSH] == pb.HAND_CATEGORY_ROYAL_FLUSH


@pytest.mark.parametrize("number", [pb.GAME_UNSPECIFIED, 50, 99, -1])
def test_unspecified_or_unknown_game_is_none(number):
    """GAME_UNSPECIFIED and numbers this server does not know map to no game."""
    assert converters.game_from_pb(number) is None


def test_evaluation_to_pb_sets_only_present_sides():
    """A side that is None stays unset; cards are printed in Th form."""
    high = HandValue(HandCategory.FLUSH, cards("Ah Th 9h 7h 2h"), 123, "Flush, ace high")
    response = converters.evaluation_to_pb(Evaluation(high=high, low=None))
    assert response.high == pb.HandValue(
        category=pb.HAND_CATEGORY_FLUSH,
        best_cards=["Ah", "Th", "9h", "7h", "2h"],
        strength=123,
        description="Flush, ace high",
        qualifies=True,
    )
    assert not response.HasField("low")


def test_comparison_to_pb_keeps_indices_and_order():
    """Winners, low winners and per-hand results keep their order."""
    no_low = HandValue(
        HandCategory.HIGH_CARD, cards("Ks Qd Jh 9s 2d"), 0, "No qualifying low", False
    )
    result = Evaluation(high=None, low=no_low)
    response = converters.comparison_to_pb(
        Comparison(winners=(2, 0), low_winners=(), results=(result, result, result))
    )
    assert list(response.winners) == [2, 0]
    assert list(response.low_winners) == []
    assert [r.low.qualifies for r in response.results] == [False, False, False]
    assert isinstance(response, rpb.CompareHandsResponse)


def _config(**overrides) -> pb.HandConfig:
    fields = {
        "game": pb.GAME_SEVEN_CARD_STUD,
        "betting_structure": pb.BETTING_STRUCTURE_POT_LIMIT,
        "stakes": pb.Stakes(small_bet=200, big_bet=400, ante=25, bring_in=50),
        "rake": pb.RakePolicy(percent_bps=500, increment=50, cap=300, no_rake_first_round=True),
        "seats": [
            pb.SeatState(seat=1, player_id="ann", stack=10_000),
            pb.SeatState(seat=4, player_id="bob", stack=INT64_MAX),
        ],
        "button_seat": 0,
        "forced_bets": [pb.ForcedBet(seat=4, kind=pb.FORCED_BET_KIND_ANTE, amount=10, dead=True)],
        "uncapped_heads_up": True,
    }
    fields.update(overrides)
    return pb.HandConfig(**fields)


def test_hand_config_from_pb_converts_every_field():
    """A valid HandConfig converts field for field; huge stacks stay exact integers."""
    config = converters.hand_config_from_pb(_config())
    assert config == model.HandConfig(
        game=model.Game.SEVEN_CARD_STUD,
        betting_structure=model.BettingStructure.POT_LIMIT,
        stakes=model.Stakes(small_bet=200, big_bet=400, ante=25, bring_in=50),
        rake=model.RakePolicy(percent_bps=500, increment=50, cap=300, no_rake_first_round=True),
        seats=(
            model.SeatState(seat=1, player_id="ann", stack=10_000),
            model.SeatState(seat=4, player_id="bob", stack=INT64_MAX),
        ),
        button_seat=0,
        forced_bets=(model.ForcedBet(seat=4, kind=model.ForcedBetKind.ANTE, amount=10, dead=True),),
        uncapped_heads_up=True,
    )


def test_hand_config_defaults_fixed_limit_and_stakes_units():
    """RULES.md "Betting structures" / "Stakes defaults": unspecified structure is fixed
    limit; whole_unit 0 means 100 and odd_chip_unit 0 means 1."""
    config = converters.hand_config_from_pb(
        _config(betting_structure=pb.BETTING_STRUCTURE_UNSPECIFIED, stakes=pb.Stakes(small_bet=2))
    )
    assert config.betting_structure is model.BettingStructure.FIXED_LIMIT
    assert (config.stakes.whole_unit, config.stakes.odd_chip_unit) == (100, 1)


def test_hand_config_collects_every_violation_with_its_path():
    """Every bad field of a HandConfig is reported at once, with protobuf field paths."""
    bad = _config(
        game=pb.GAME_UNSPECIFIED,
        betting_structure=9,
        stakes=pb.Stakes(small_bet=200, ante=-1, odd_chip_unit=INT64_MIN),
        rake=pb.RakePolicy(percent_bps=10_001, increment=-5, cap=-1),
        seats=[
            pb.SeatState(seat=0, stack=100),
            pb.SeatState(seat=2, stack=-1),
            pb.SeatState(seat=2, stack=100),
        ],
        button_seat=-3,
        forced_bets=[
            pb.ForcedBet(seat=7, kind=pb.FORCED_BET_KIND_UNSPECIFIED, amount=-10),
            pb.ForcedBet(seat=2, kind=42, amount=5),
        ],
    )
    assert problems_of(lambda: converters.hand_config_from_pb(bad)) == [
        ("config.game", ""),
        ("config.betting_structure", ""),
        ("config.stakes.ante", ""),
        ("config.stakes.odd_chip_unit", ""),
        ("config.rake.percent_bps", ""),
        ("config.rake.increment", ""),
        ("config.rake.cap", ""),
        ("config.seats[0].seat", ""),
        ("config.seats[1].stack", ""),
        ("config.seats[2].seat", ""),
        ("config.button_seat", ""),
        ("config.forced_bets[0].seat", ""),
        ("config.forced_bets[0].kind", ""),
        ("config.forced_bets[0].amount", ""),
        ("config.forced_bets[1].kind", ""),
    ]


def test_duplicate_seat_message_names_the_first_listing():
    """A seat listed twice names where it was first listed."""
    bad = _config(
        seats=[pb.SeatState(seat=3, stack=1), pb.SeatState(seat=3, stack=1)], forced_bets=[]
    )
    with pytest.raises(InvalidArgument) as caught:
        converters.hand_config_from_pb(bad)
    (violation,) = caught.value.violations
    assert violation.field == "config.seats[1].seat"
    assert "config.seats[0]" in violation.message


def test_history_from_pb_converts_deals_and_actions_with_unknown_cards():
    """Deals and actions convert in order; ``??`` becomes an unknown card (None)."""
    history = converters.history_from_pb(
        [
            pb.HandEvent(deal=pb.Deal(seat=1, cards=["Ah", "??"], face_up=False)),
            pb.HandEvent(deal=pb.Deal(seat=0, cards=["7c"], face_up=True, burn=True)),
            pb.HandEvent(action=pb.Action(seat=1, type=pb.ACTION_TYPE_RAISE, amount=INT64_MAX)),
            pb.HandEvent(action=pb.Action(seat=2, type=pb.ACTION_TYPE_DRAW, cards=["??", "Kd"])),
        ]
    )
    assert history == (
        model.Deal(seat=1, cards=(parse_card("Ah"), None)),
        model.Deal(seat=0, cards=(parse_card("7c"),), face_up=True, burn=True),
        model.Action(seat=1, type=model.ActionType.RAISE, amount=INT64_MAX),
        model.Action(seat=2, type=model.ActionType.DRAW, cards=(None, parse_card("Kd"))),
    )


def test_history_from_pb_reports_every_bad_event():
    """Bad events are reported as ``history[i].deal...`` / ``history[i].action...`` paths
    with card rule ids; an empty event is ``history[i]``."""
    bad = [
        pb.HandEvent(deal=pb.Deal(seat=1, cards=["Ah", "Zz", "Ah"])),
        pb.HandEvent(),
        pb.HandEvent(deal=pb.Deal(seat=-1)),
        pb.HandEvent(action=pb.Action(seat=0, type=pb.ACTION_TYPE_UNSPECIFIED)),
        pb.HandEvent(action=pb.Action(seat=2, type=pb.ACTION_TYPE_BET, amount=INT64_MIN)),
        pb.HandEvent(action=pb.Action(seat=2, type=99, cards=["1x"])),
    ]
    assert problems_of(lambda: converters.history_from_pb(bad)) == [
        ("history[0].deal.cards[1]", "card.malformed"),
        ("history[0].deal.cards[2]", "card.duplicate"),
        ("history[1]", ""),
        ("history[2].deal.seat", ""),
        ("history[2].deal.cards", "card.count"),
        ("history[3].action.seat", ""),
        ("history[3].action.type", ""),
        ("history[4].action.amount", ""),
        ("history[5].action.type", ""),
        ("history[5].action.cards[0]", "card.malformed"),
    ]


def test_single_action_paths_start_with_action():
    """ValidateAction's proposed action reports ``action.*`` paths."""
    assert problems_of(
        lambda: converters.single_action_from_pb(pb.Action(seat=-2, type=pb.ACTION_TYPE_CALL))
    ) == [("action.seat", "")]
    action = converters.single_action_from_pb(pb.Action(seat=3, type=pb.ACTION_TYPE_FOLD))
    assert action == model.Action(seat=3, type=model.ActionType.FOLD)


@pytest.mark.parametrize(
    ("kind", "amount", "named", "expected"),
    [
        (pb.ACTION_TYPE_CALL, 0, ["Ah"], [("action.cards", "action.extra_cards")]),
        (pb.ACTION_TYPE_FOLD, 0, ["??"], [("action.cards", "action.extra_cards")]),
        (pb.ACTION_TYPE_MUCK, 0, ["Ah", "Kd"], [("action.cards", "action.extra_cards")]),
        (pb.ACTION_TYPE_RAISE, 40, ["Ah"], [("action.cards", "action.extra_cards")]),
        (pb.ACTION_TYPE_DRAW, 7, [], [("action.amount", "action.extra_amount")]),
        (pb.ACTION_TYPE_DRAW, 2, ["Ah"], [("action.amount", "action.extra_amount")]),
        (pb.ACTION_TYPE_DRAW, -1, [], [("action.amount", "")]),  # one problem per field
        (pb.ACTION_TYPE_SHOW, 5, ["Ah"], [("action.amount", "action.extra_amount")]),
        (
            pb.ACTION_TYPE_MUCK,
            1,
            ["Ah"],
            [("action.cards", "action.extra_cards"), ("action.amount", "action.extra_amount")],
        ),
    ],
)
def test_action_fields_its_type_does_not_take_are_refused(kind, amount, named, expected):
    """Issue contract (domain/actions.py): ``cards`` belong to DRAW and SHOW only (a MUCK
    names none), a nonzero ``amount`` never goes on DRAW, SHOW or MUCK: INVALID_ARGUMENT
    field violations ``action.cards`` / ``action.amount`` with their rule ids."""
    action = pb.Action(seat=1, type=kind, amount=amount, cards=named)
    assert problems_of(lambda: converters.single_action_from_pb(action)) == expected


def test_history_action_with_stray_fields_names_its_event():
    """The same rule in a submitted history: ``history[N].action.cards`` / ``.amount``;
    the fields each type takes (DRAW discards, SHOW cards, a BET amount) still pass."""
    history = [
        pb.HandEvent(action=pb.Action(seat=1, type=pb.ACTION_TYPE_BET, amount=20)),
        pb.HandEvent(action=pb.Action(seat=2, type=pb.ACTION_TYPE_CALL, cards=["Ah"])),
        pb.HandEvent(action=pb.Action(seat=2, type=pb.ACTION_TYPE_DRAW, cards=["Kd"])),
        pb.HandEvent(action=pb.Action(seat=1, type=pb.ACTION_TYPE_DRAW, amount=7)),
        pb.HandEvent(action=pb.Action(seat=1, type=pb.ACTION_TYPE_SHOW, cards=["Qs"])),
    ]
    with pytest.raises(InvalidArgument) as caught:
        converters.history_from_pb(history)
    assert [(v.field, v.rule, v.message) for v in caught.value.violations] == [
        ("history[1].action.cards", "action.extra_cards",
         "a CALL carries no cards (only DRAW and SHOW do)"),
        ("history[3].action.amount", "action.extra_amount",
         "a DRAW puts in no chips: it cannot carry the amount 7"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "seat", "most"),
    [
        (pb.GAME_FIVE_CARD_DRAW, 2147483647, 6),
        (pb.GAME_FIVE_CARD_DRAW, 7, 6),
        (pb.GAME_FIVE_CARD_DRAW_7A, 6, 5),
        (pb.GAME_RAZZ, 9, 8),
        (pb.GAME_FIVE_CARD_STUD, 11, 10),
    ],
)
def test_hand_config_seat_above_the_games_highest_seat_is_refused(game, seat, most):
    """RULES.md "Seats are numbered clockwise from 1" with docs/rules.md "Table limits"
    (the game's maximum seats, at most 10): a stateless HandConfig seat above the game's
    highest seat is INVALID_ARGUMENT ``config.seats[i].seat``; the highest one passes."""
    seats = [pb.SeatState(seat=1, stack=100), pb.SeatState(seat=seat, stack=100)]
    bad = pb.HandConfig(game=game, stakes=pb.Stakes(small_bet=20), seats=seats)
    with pytest.raises(InvalidArgument) as caught:
        converters.hand_config_from_pb(bad)
    name = converters.game_from_pb(game).title
    assert [(v.field, v.message) for v in caught.value.violations] == [
        ("config.seats[1].seat", f"{name} seats are numbered 1 to {most}, not {seat}")
    ]
    bad.seats[1].seat = most
    assert converters.hand_config_from_pb(bad).seats[1].seat == most


def test_payouts_from_pb():
    """Declared payouts become ``seat -> amount``; bad seats, duplicates and negative
    amounts are violations."""
    assert converters.payouts_from_pb([pb.Payout(seat=2, amount=1050)]) == {2: 1050}
    assert problems_of(
        lambda: converters.payouts_from_pb(
            [
                pb.Payout(seat=0, amount=5),
                pb.Payout(seat=2, amount=-1),
                pb.Payout(seat=2, amount=3),
            ]
        )
    ) == [
        ("declared_payouts[0].seat", ""),
        ("declared_payouts[1].amount", ""),
        ("declared_payouts[2].seat", ""),
    ]
    assert converters.payouts_to_pb({3: 7, 1: 2}) == [
        pb.Payout(seat=1, amount=2),
        pb.Payout(seat=3, amount=7),
    ]


def test_violation_to_pb_carries_rule_seat_and_values():
    """A RuleViolation becomes a Violation with its rule id, seat, expected and actual."""
    violation = RuleViolation(
        "fixed_limit.cap", "the round is capped", seat=3, expected=200, actual=250
    )
    assert converters.violation_to_pb(violation) == pb.Violation(
        rule="fixed_limit.cap",
        message="the round is capped",
        seat=3,
        event_index=-1,
        expected="200",
        actual="250",
    )
    error = HistoryError(7, RuleViolation("turn.out_of_turn", "seat 2 acted out of turn", seat=2))
    assert converters.history_error_to_pb(error).event_index == 7
    assert converters.history_error_to_pb(error).rule == "turn.out_of_turn"


def test_hand_config_and_history_round_trip_through_their_one_converter_pair():
    """Each shared message has one converter per direction: a HandConfig and a history go to
    protobuf and back unchanged (``??`` stays unknown; stakes units given, as the domain
    fills them)."""
    stakes = pb.Stakes(small_bet=200, big_bet=400, ante=25, whole_unit=100, odd_chip_unit=1)
    message = _config(stakes=stakes)
    assert converters.hand_config_to_pb(converters.hand_config_from_pb(message)) == message
    history = [
        pb.HandEvent(deal=pb.Deal(seat=1, cards=["Ah", "??"], face_up=False)),
        pb.HandEvent(deal=pb.Deal(seat=0, cards=["7c"], face_up=True, burn=True)),
        pb.HandEvent(action=pb.Action(seat=2, type=pb.ACTION_TYPE_DRAW, cards=["??", "Kd"])),
    ]
    events = converters.history_from_pb(history)
    assert [converters.hand_event_to_pb(event) for event in events] == history


def test_engine_finding_becomes_a_violation_with_its_event_index():
    """A ``payout.amount`` finding keeps its own event index; an explicit index wins."""
    finding = Finding("payout.amount", "seat 2 should be paid 98", seat=2, expected="98",
                      actual="99", event_index=12)  # fmt: skip
    assert converters.violation_to_pb(finding) == pb.Violation(
        rule="payout.amount", message="seat 2 should be paid 98", seat=2, event_index=12,
        expected="98", actual="99",
    )  # fmt: skip
    assert converters.violation_to_pb(finding, event_index=-1).event_index == -1


def test_settlement_final_stacks_follow_the_config_seats_or_the_seat_numbers():
    """SettleHand lists final stacks in the configuration's seat order with player ids; a
    table's hand result (no seats given) lists them by seat number without ids."""
    result = HandResult(
        pots=(PotShare(40, (1, 2), (2,)),), rake=0, payouts={2: 40},
        final_stacks={1: 80, 2: 120}, returned={1: 5}, showdown_order=(2, 1),
    )  # fmt: skip
    seats = (model.SeatState(seat=2, player_id="bob", stack=80),
             model.SeatState(seat=1, player_id="ann", stack=100))  # fmt: skip
    named = engine_converters.settlement_to_pb(result, seats=seats)
    assert [(s.seat, s.player_id, s.stack) for s in named.final_stacks] == [
        (2, "bob", 120), (1, "ann", 80),
    ]  # fmt: skip
    plain = engine_converters.settlement_to_pb(result)
    assert [(s.seat, s.player_id, s.stack) for s in plain.final_stacks] == [
        (1, "", 80),
        (2, "", 120),
    ]
    assert plain.pots == named.pots and list(plain.returned) == [pb.Payout(seat=1, amount=5)]
    assert list(plain.showdown_order) == [2, 1]
