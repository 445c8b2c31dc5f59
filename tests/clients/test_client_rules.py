"""The Python client's RulesService calls against the real server: exact values, winners,
legality, settlement, and malformed input as InvalidArgumentError with field paths and rule
ids (DESIGN.md "Errors")."""

from __future__ import annotations

import pytest

from floorman.v1 import poker_pb2 as pb
from floorman_client import FloormanClient, InvalidArgumentError
from floorman_client import messages as m
from tests.clients.client_support import (
    FINAL_STACKS,
    SETTLED_POT,
    draw_config,
    recorded_history,
)


@pytest.fixture(scope="module")
def client(server) -> FloormanClient:
    """A client on the session server's channel."""
    return FloormanClient(server.channel)


def test_evaluate_razz_low_by_short_game_name(client):
    """RULES.md Razz: As 2c 3d 4h 7s Kc Kd is a 7-4-3-2-A low; short and enum names agree."""
    answer = client.rules.evaluate_hand(game="razz", cards="As 2c 3d 4h 7s Kc Kd")
    assert answer.low.description == "7-4-3-2-A"
    assert list(answer.low.best_cards) == ["7s", "4h", "3d", "2c", "As"]
    again = client.rules.evaluate_hand(
        game="GAME_RAZZ", cards=["As", "2c", "3d", "4h", "7s", "Kc", "Kd"]
    )
    assert again == answer


def test_compare_hands_seven_to_ace_flush_beats_full_house(client):
    """RULES.md Five Card Draw 7-A: a flush beats a full house (winners are 0-based)."""
    answer = client.rules.compare_hands(game="draw7a", hands=["Ac Ad As Kc Kd", "7h 9h Jh Qh Kh"])
    assert list(answer.winners) == [1]
    assert [r.high.description for r in answer.results] == [
        "Full house, aces full of kings",
        "Flush, king high",
    ]


@pytest.mark.parametrize(
    ("short", "full"),
    [("27sd", "deuce_to_seven_single_draw"), ("2-7-triple", "GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW")],
)
def test_deuce_to_seven_by_short_and_enum_names(client, short, full):
    """RULES.md "Lowball draw and Badugi": in 2-7 the wheel is ace high and loses to a
    king-high hand; the value is the low, no high; short and enum names agree."""
    hands = ["As 2d 3c 4h 5s", "Kc Qd Jh Ts 8c"]
    answer = client.rules.compare_hands(game=short, hands=hands)
    assert list(answer.winners) == [1]
    assert [r.low.description for r in answer.results] == ["A-5-4-3-2", "K-Q-J-T-8"]
    assert not any(r.HasField("high") for r in answer.results)
    assert client.rules.compare_hands(game=full, hands=hands) == answer


def test_badugi_and_a5_by_short_names(client):
    """RULES.md "Lowball draw and Badugi": Badugi plays the cards of distinct ranks and
    suits (Kc 4s 2d of Kc 2d 2h 4s); A-5 Triple Draw reads the suited wheel 5-4-3-2-A."""
    badugi = client.rules.evaluate_hand(game="badugi", cards="Kc 2d 2h 4s")
    assert (badugi.low.description, list(badugi.low.best_cards)) == (
        "3-card K-4-2",
        ["Kc", "4s", "2d"],
    )
    a5 = client.rules.evaluate_hand(game="a5td", cards="As 2s 3s 4s 5s")
    assert a5.low.description == "5-4-3-2-A"


def test_malformed_cards_are_invalid_argument_with_rule_ids(client):
    """RULES.md "Common to every game" (cards): a card outside the 7-A deck and a malformed
    card are INVALID_ARGUMENT naming ``cards[0]`` (card.not_in_deck) and ``cards[1]``
    (card.malformed)."""
    with pytest.raises(InvalidArgumentError) as caught:
        client.rules.evaluate_hand(game="draw7a", cards="2h Xx Ah Kd Qc")
    error = caught.value
    assert [(v.field, v.rule) for v in error.violations] == [
        ("cards[0]", "card.not_in_deck"),
        ("cards[1]", "card.malformed"),
    ]
    assert error.method == "/floorman.v1.RulesService/EvaluateHand"
    assert error.attempts == 1


def test_list_legal_actions_first_to_act_after_the_deal(client):
    """RULES.md Five Card Draw round 1: left of the big blind acts first; 10/20 fixed limit:
    fold, call 20 or raise to 40."""
    answer = client.rules.list_legal_actions(config=draw_config(), history=recorded_history()[:3])
    assert answer.state.seat_to_act == 1
    assert [(a.type, a.min_amount, a.max_amount) for a in answer.legal_actions] == [
        (pb.ACTION_TYPE_FOLD, 0, 0),
        (pb.ACTION_TYPE_CALL, 20, 20),
        (pb.ACTION_TYPE_RAISE, 40, 40),
    ]


def test_validate_action_out_of_turn_is_an_answer_not_an_error(client):
    """RULES.md ``turn.out_of_turn``: seat 3 acting before seat 1 is ``legal: false`` with the
    violation's rule, seat, expected and actual."""
    answer = client.rules.validate_action(
        config=draw_config(), history=recorded_history()[:3], action=m.action("check", seat=3)
    )
    assert not answer.legal
    violation = answer.violation
    assert (violation.rule, violation.seat, violation.expected, violation.actual) == (
        "turn.out_of_turn", 3, "1", "3",
    )  # fmt: skip


def test_settle_hand_pays_the_pot_and_reports_a_wrong_declared_payout(client):
    """RULES.md settlement (``payout.amount``): the 160 pot goes to seat 2; a room that paid
    seat 3 instead gets two discrepancies; final stacks exact."""
    answer = client.rules.settle_hand(
        config=draw_config(), history=recorded_history(), declared_payouts={3: SETTLED_POT}
    )
    assert [(p.amount, list(p.winner_seats)) for p in answer.pots] == [(SETTLED_POT, [2])]
    assert {p.seat: p.amount for p in answer.payouts} == {2: SETTLED_POT}
    assert {s.seat: s.stack for s in answer.final_stacks} == FINAL_STACKS
    assert [(d.rule, d.seat, d.expected, d.actual) for d in answer.discrepancies] == [
        ("payout.amount", 2, "160", "0"),
        ("payout.amount", 3, "0", "160"),
    ]


def test_illegal_history_is_invalid_argument_naming_the_event(client):
    """RULES.md ``turn.out_of_turn`` in a history: INVALID_ARGUMENT at ``history[3]``."""
    history = [*recorded_history()[:3], m.action("check", seat=3)]
    with pytest.raises(InvalidArgumentError) as caught:
        client.rules.settle_hand(config=draw_config(), history=history)
    assert [(v.field, v.rule) for v in caught.value.violations] == [
        ("history[3]", "turn.out_of_turn")
    ]


def test_health_reports_serving(client):
    """The client reads grpc.health.v1 for the server and each service."""
    assert client.health() == "SERVING"
    assert client.health("floorman.v1.RulesService") == "SERVING"


def test_an_unknown_game_name_lists_the_names_the_client_knows():
    """README "Python client": a game the client does not know is a ValueError that lists
    the accepted names (pinochle is no game floorman plays)."""
    with pytest.raises(ValueError) as caught:
        m.game("pinochle")
    assert str(caught.value) == (
        "unknown Game 'pinochle'; known: five_card_draw_7a, five_card_draw, seven_card_stud, "
        "razz, seven_card_stud_hi_lo, five_card_stud, texas_holdem, omaha, omaha_hi_lo, "
        "five_card_omaha, five_card_omaha_hi_lo, short_deck_holdem, deuce_to_seven_single_draw, "
        "deuce_to_seven_triple_draw, ace_to_five_triple_draw, badugi"
    )
