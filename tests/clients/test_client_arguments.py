"""The Python client checks argument types before building a request (issue 10 point 8): a
wrong type is a ``TypeError`` naming the method and the parameter, never a protobuf error
or a request sent with a coerced value. No server is needed: nothing is sent."""

from __future__ import annotations

import grpc
import pytest

from floorman.v1 import poker_pb2 as pb
from floorman_client import messages
from floorman_client.audit import AuditClient
from floorman_client.rules import RulesClient
from floorman_client.tables import TableClient


@pytest.fixture(scope="module")
def channel():
    """A channel to nowhere: a call that got past the checks would fail as UNAVAILABLE."""
    with grpc.insecure_channel("127.0.0.1:9") as channel:
        yield channel


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: r.evaluate_hand(game="razz", cards=5),
         "evaluate_hand(): cards must be a list of str or a str, not int"),
        (lambda r: r.evaluate_hand(game=3.2, cards="Ah 2c 3d 4h 5s"),
         "evaluate_hand(): game must be an int or a str, not float"),
        (lambda r: r.evaluate_hand(game="razz", cards=["Ah", 2]),
         "evaluate_hand(): cards must be a list of str or a str, not list"),
        (lambda r: r.evaluate_hand(game="razz", cards="Ah", players="5"),
         "evaluate_hand(): players must be an int, not str"),
        (lambda r: r.compare_hands(game="razz", hands=5),
         "compare_hands(): hands must be a list of list of str or str or Hand, not int"),
        (lambda r: r.validate_action(config={}, history=[], action=pb.Action()),
         "validate_action(): config must be a HandConfig, not dict"),
        (lambda r: r.settle_hand(config=pb.HandConfig(), history=[], declared_payouts={1: 2.5}),
         "settle_hand(): declared_payouts must be a mapping of int to int or a list of Payout, "
         "not dict"),
    ],
)  # fmt: skip
def test_rules_calls_name_the_parameter_of_a_wrong_type(channel, call, message):
    """cards=5, game=3.2, a number among the cards, players as text, a dict for a
    HandConfig, a float payout: TypeError naming the parameter."""
    with pytest.raises(TypeError) as caught:
        call(RulesClient(channel))
    assert str(caught.value) == message


def test_table_and_audit_calls_name_the_parameter_of_a_wrong_type(channel):
    """seat="x", a buy-in as a float, a table id as a number, documents as text."""
    tables = TableClient(channel)
    cases = [
        (lambda: tables.seat_player(table_id="t", expected_sequence=0, seat="x",
                                    player_id="p", buy_in=100),
         "seat_player(): seat must be an int, not str"),
        (lambda: tables.seat_player(table_id="t", expected_sequence=0, seat=1,
                                    player_id="p", buy_in=100.5),
         "seat_player(): buy_in must be an int, not float"),
        (lambda: tables.get_table(table_id=7), "get_table(): table_id must be a str, not int"),
        (lambda: tables.record_action(table_id="t", expected_sequence=0, action="fold"),
         "record_action(): action must be an Action, not str"),
        (lambda: AuditClient(channel).audit_hand_histories(documents="x"),
         "audit_hand_histories(): documents must be a list of HandHistoryDocument, not str"),
    ]  # fmt: skip
    for call, message in cases:
        with pytest.raises(TypeError) as caught:
            call()
        assert str(caught.value) == message


def test_message_builders_name_the_parameter_of_a_wrong_type():
    """The builders of :mod:`floorman_client.messages` check their arguments the same way;
    right types still build the messages, a generator of history events is not consumed."""
    with pytest.raises(TypeError, match=r"^action\(\): seat must be an int, not str$"):
        messages.action("fold", seat="x")
    with pytest.raises(TypeError, match=r"^deal\(\): cards must be a list of str or a str"):
        messages.deal(1, 5)
    with pytest.raises(TypeError, match=r"^game\(\): value must be an int or a str, not float$"):
        messages.game(3.2)
    assert messages.action("raise", seat=2, amount=40) == pb.Action(
        seat=2, type=pb.ACTION_TYPE_RAISE, amount=40
    )
    assert messages.deal(1, "Ah Kd", face_up=True).cards == ["Ah", "Kd"]
    assert messages.game(pb.GAME_RAZZ) == pb.GAME_RAZZ
