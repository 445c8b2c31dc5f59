"""One clear answer for the same input mistake on every RPC (DESIGN.md "Errors": INVALID_ARGUMENT
with BadRequest field paths): an enum number the contract does not define is
``<field>: N is not a known <Enum>`` everywhere; ``players`` is 0 or within the game's player
range in every game; CompareHands takes at most as many hands as the game seats (RULES.md:
2-5 players in 7-A draw, 2-6 classic draw, 2-8 the seven card studs, 2-10 five card stud)."""

from __future__ import annotations

import uuid

import grpc
import pytest

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import table_service_pb2 as tpb
from floorman.v1 import table_service_pb2_grpc as tpb_grpc
from tests.support.grpc_errors import field_violations
from tests.system.table_client import settings_pb

STUD_CARDS = ["As", "Ad", "Ac", "Kh", "Kd", "2c", "3d"]


def _refused(call, request) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=10)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
    return caught.value


def test_unknown_game_number_reads_the_same_on_evaluate_and_compare(rules_stub):
    """``game: 99 is not a known Game`` on EvaluateHand and CompareHands (not "game is
    required"), with every other problem of the request still listed."""
    error = _refused(rules_stub.EvaluateHand, rpb.EvaluateHandRequest(game=99, cards=STUD_CARDS))
    assert error.details() == "game: 99 is not a known Game"
    assert field_violations(error) == [("game", "99 is not a known Game")]
    error = _refused(rules_stub.EvaluateHand, rpb.EvaluateHandRequest(game=99, cards=["Xx"]))
    assert field_violations(error)[0] == ("game", "99 is not a known Game")
    assert field_violations(error)[1][0] == "cards[0]"
    request = rpb.CompareHandsRequest(game=99, hands=[pb.Hand(cards=STUD_CARDS)])
    error = _refused(rules_stub.CompareHands, request)
    assert field_violations(error) == [("game", "99 is not a known Game")]


def test_a_missing_game_is_still_required(rules_stub):
    """GAME_UNSPECIFIED is ``game is required`` (a missing value, not an unknown one)."""
    error = _refused(rules_stub.EvaluateHand, rpb.EvaluateHandRequest(cards=STUD_CARDS))
    assert field_violations(error) == [("game", "game is required")]


def test_unknown_enum_numbers_read_the_same_on_table_and_engine_rpcs(server, rules_stub):
    """TableService and the engine RPCs use the same words: ``settings.game: 99 is not a
    known Game``, ``settings.deal_mode: 7 is not a known DealMode``, ``action.type: 99 is not
    a known ActionType``, ``format: 9 is not a known HistoryFormat``."""
    tables = tpb_grpc.TableServiceStub(server.channel)
    create = tpb.CreateTableRequest(request_id=uuid.uuid4().hex, settings=settings_pb(99))
    assert field_violations(_refused(tables.CreateTable, create)) == [
        ("settings.game", "99 is not a known Game")
    ]
    settings = settings_pb(pb.GAME_RAZZ, ante=5, mode=7)
    create = tpb.CreateTableRequest(request_id=uuid.uuid4().hex, settings=settings)
    assert field_violations(_refused(tables.CreateTable, create)) == [
        ("settings.deal_mode", "7 is not a known DealMode")
    ]
    config = pb.HandConfig(
        game=pb.GAME_RAZZ,
        stakes=pb.Stakes(small_bet=20, ante=5),
        seats=[pb.SeatState(seat=1, stack=500), pb.SeatState(seat=2, stack=500)],
    )
    validate = rpb.ValidateActionRequest(config=config, action=pb.Action(seat=1, type=99))
    assert ("action.type", "99 is not a known ActionType") in field_violations(
        _refused(rules_stub.ValidateAction, validate)
    )
    export = tpb.ExportHandHistoryRequest(table_id="t", format=9)
    assert field_violations(_refused(tables.ExportHandHistory, export)) == [
        ("format", "9 is not a known HistoryFormat")
    ]


@pytest.mark.parametrize(
    ("game", "most", "name"),
    [
        (pb.GAME_FIVE_CARD_DRAW, 6, "Five Card Draw"),
        (pb.GAME_FIVE_CARD_DRAW_7A, 5, "Five Card Draw 7-A"),
        (pb.GAME_SEVEN_CARD_STUD, 8, "Seven Card Stud"),
        (pb.GAME_RAZZ, 8, "Razz"),
        (pb.GAME_SEVEN_CARD_STUD_HI_LO, 8, "Seven Card Stud Hi-Lo"),
    ],
)
def test_compare_hands_refuses_more_hands_than_the_game_seats(rules_stub, game, most, name):
    """RULES.md player counts: one hand more than the game's most players is a ``hands``
    violation (7 classic draw hands, 9 stud hands ...)."""
    ranks = "AKQJT98765432"
    deck = [f"{rank}{suit}" for rank in ranks for suit in "cdhs"]
    hands = [pb.Hand(cards=deck[5 * i : 5 * i + 5]) for i in range(most + 1)]
    error = _refused(rules_stub.CompareHands, rpb.CompareHandsRequest(game=game, hands=hands))
    assert ("hands", f"{name} seats at most {most} players (got {most + 1} hands)") in (
        field_violations(error)
    )
    answer = rules_stub.CompareHands(
        rpb.CompareHandsRequest(game=game, hands=hands[:most]), timeout=10
    )
    assert len(answer.results) == most


@pytest.mark.parametrize("players", [1, 9, 2147483647])
def test_evaluate_hand_players_is_checked_for_stud(rules_stub, players):
    """RULES.md Seven Card Stud: 2 to 8 players; ``players`` 1, 9 or 2147483647 is a
    ``players`` violation (0 and 2-8 are accepted)."""
    request = rpb.EvaluateHandRequest(
        game=pb.GAME_SEVEN_CARD_STUD, cards=STUD_CARDS, players=players
    )
    error = _refused(rules_stub.EvaluateHand, request)
    assert field_violations(error) == [
        ("players", f"Seven Card Stud takes 0 (unknown) or 2 to 8 players (got {players})")
    ]
    for fine in (0, 2, 8):
        request = rpb.EvaluateHandRequest(
            game=pb.GAME_SEVEN_CARD_STUD, cards=STUD_CARDS, players=fine
        )
        assert rules_stub.EvaluateHand(request, timeout=10).high.category == (
            pb.HAND_CATEGORY_FULL_HOUSE
        )
