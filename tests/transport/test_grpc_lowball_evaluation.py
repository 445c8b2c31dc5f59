"""EvaluateHand / CompareHands of the lowball draw games and Badugi over gRPC against the real
server subprocess (RULES.md "Lowball draw and Badugi"): the value in ``low`` with ``high``
unset, ``winners`` the best low, Badugi ``best_cards`` the one to four cards that play;
INVALID_ARGUMENT with exact BadRequest field paths and rule ids for a wrong card count, a
duplicate or a malformed card.
"""

from __future__ import annotations

import grpc
import pytest

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from tests.support.grpc_errors import field_violations, violation_rules

S27 = pb.GAME_DEUCE_TO_SEVEN_SINGLE_DRAW
T27 = pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW
A5 = pb.GAME_ACE_TO_FIVE_TRIPLE_DRAW
BADUGI = pb.GAME_BADUGI
C = pb.HandCategory


def evaluate(stub, game, cards):
    request = rpb.EvaluateHandRequest(game=game, cards=cards.split())
    return stub.EvaluateHand(request, timeout=10)


def compare(stub, game, hands, players=0):
    request = rpb.CompareHandsRequest(
        game=game, players=players, hands=[pb.Hand(cards=h.split()) for h in hands]
    )
    return stub.CompareHands(request, timeout=10)


EVALUATE = [
    # (id, game, cards, category, best cards, description)
    ("27_best_low", S27, "2s 7h 4c 5d 3c", C.HAND_CATEGORY_HIGH_CARD, "7h 5d 4c 3c 2s",
     "7-5-4-3-2"),
    ("27_wheel_is_ace_high", T27, "As 2d 3c 4h 5s", C.HAND_CATEGORY_HIGH_CARD,
     "As 5s 4h 3c 2d", "A-5-4-3-2"),
    ("27_straight_counts", T27, "6s 5d 4c 3h 2s", C.HAND_CATEGORY_STRAIGHT, "6s 5d 4c 3h 2s",
     "Straight, six high"),
    ("27_flush_counts", S27, "7h 5h 4h 3h 2h", C.HAND_CATEGORY_FLUSH, "7h 5h 4h 3h 2h",
     "Flush, seven high"),
    ("a5_wheel", A5, "As 2s 3s 4s 5s", C.HAND_CATEGORY_HIGH_CARD, "5s 4s 3s 2s As",
     "5-4-3-2-A"),
    ("a5_pair", A5, "Ah Ad 2c 3c 4s", C.HAND_CATEGORY_ONE_PAIR, "Ah Ad 4s 3c 2c",
     "A-A-4-3-2"),
    ("badugi_four", BADUGI, "4s 2d Ac 3h", C.HAND_CATEGORY_BADUGI, "4s 3h 2d Ac",
     "Badugi 4-3-2-A"),
    ("badugi_three", BADUGI, "Kc 2d 2h 4s", C.HAND_CATEGORY_BADUGI_THREE_CARDS, "Kc 4s 2d",
     "3-card K-4-2"),
    ("badugi_two", BADUGI, "As Ah 2s 2h", C.HAND_CATEGORY_BADUGI_TWO_CARDS, "2s Ah",
     "2-card 2-A"),
    ("badugi_one", BADUGI, "2c 3c 4c 5c", C.HAND_CATEGORY_BADUGI_ONE_CARD, "2c", "1-card 2"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "cards", "category", "best", "description"),
    [case[1:] for case in EVALUATE],
    ids=[case[0] for case in EVALUATE],
)
def test_lowball_evaluate_hand_over_grpc(rules_stub, game, cards, category, best, description):
    """The hand in ``low`` (category, the cards that play, description, qualifies, a
    positive strength); ``high`` unset."""
    response = evaluate(rules_stub, game, cards)
    assert not response.HasField("high")
    assert response.low.category == category
    assert list(response.low.best_cards) == best.split()
    assert response.low.description == description
    assert response.low.qualifies
    assert response.low.strength > 0


COMPARE = [
    # (id, game, hands, winners, categories)
    ("27_seven_five_wins", T27, ["7h 6d 4c 3c 2s", "7c 5d 4h 3s 2d", "As 2c 3d 4s 5h"], [1],
     [C.HAND_CATEGORY_HIGH_CARD] * 3),
    ("27_pair_beats_straight_and_flush", S27,
     ["6s 5d 4c 3h 2s", "8h 7h 5h 4h 2h", "2c 2d 4d 5c 7s"], [2],
     [C.HAND_CATEGORY_STRAIGHT, C.HAND_CATEGORY_FLUSH, C.HAND_CATEGORY_ONE_PAIR]),
    ("27_suits_split", T27, ["7h 5d 4c 3c 2s", "7c 5s 4d 3h 2d"], [0, 1],
     [C.HAND_CATEGORY_HIGH_CARD] * 2),
    ("a5_wheel_ties_suited_wheel", A5, ["5s 4s 3s 2s As", "5d 4c 3h 2c Ah", "6d 4d 3d 2d Ad"],
     [0, 1], [C.HAND_CATEGORY_HIGH_CARD] * 3),
    ("badugi_four_beat_three", BADUGI, ["Ac 2c 3h 4s", "Kc Qd Jh Ts", "5d 6d 7h 8s"], [1],
     [C.HAND_CATEGORY_BADUGI_THREE_CARDS, C.HAND_CATEGORY_BADUGI,
      C.HAND_CATEGORY_BADUGI_THREE_CARDS]),
    ("badugi_lower_top_card", BADUGI, ["Ac 2d 3h 6s", "Ah 2s 4c 5d"], [1],
     [C.HAND_CATEGORY_BADUGI] * 2),
    ("badugi_suits_split", BADUGI, ["Ac 2d 3h 4s", "As 2h 3c 4d"], [0, 1],
     [C.HAND_CATEGORY_BADUGI] * 2),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "hands", "winners", "categories"),
    [case[1:] for case in COMPARE],
    ids=[case[0] for case in COMPARE],
)
def test_lowball_compare_hands_over_grpc(rules_stub, game, hands, winners, categories):
    """``winners`` hold the best low (ties split), no ``low_winners``; every result carries
    only ``low``."""
    response = compare(rules_stub, game, hands)
    assert list(response.winners) == winners
    assert list(response.low_winners) == []
    assert [r.low.category for r in response.results] == categories
    assert not any(r.HasField("high") for r in response.results)


def test_badugi_compare_reports_the_playing_cards_of_each_hand(rules_stub):
    """CompareHands in Badugi: each result's ``best_cards`` are the cards that play."""
    response = compare(rules_stub, BADUGI, ["Kc 2d 2h 4s", "Ac Ad As Ah", "3c 5d 7h 9s"])
    assert [list(r.low.best_cards) for r in response.results] == [
        ["Kc", "4s", "2d"],
        ["Ac"],
        ["9s", "7h", "5d", "3c"],
    ]
    assert list(response.winners) == [2]


@pytest.mark.parametrize(
    ("game", "cards", "expected"),
    [
        (S27, "As Kd Qc Jh", "2-7 Single Draw takes exactly 5 cards (got 4)"),
        (T27, "As Kd Qc Jh 9s 8s", "2-7 Triple Draw takes exactly 5 cards (got 6)"),
        (A5, "As", "A-5 Triple Draw takes exactly 5 cards (got 1)"),
        (BADUGI, "As Kd Qc Jh 9s", "Badugi takes exactly 4 cards (got 5)"),
        (BADUGI, "As Kd Qc", "Badugi takes exactly 4 cards (got 3)"),
    ],
)
def test_lowball_wrong_card_count_over_grpc(rules_stub, game, cards, expected):
    """INVALID_ARGUMENT, one ``cards`` violation ``card.count`` naming the game and count."""
    with pytest.raises(grpc.RpcError) as caught:
        evaluate(rules_stub, game, cards)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(caught.value) == [("cards", f"card.count: {expected}")]


@pytest.mark.parametrize("game", [S27, T27, A5, BADUGI])
def test_lowball_bad_cards_over_grpc(rules_stub, game):
    """INVALID_ARGUMENT with ``cards[j]`` ``card.duplicate`` and ``card.malformed``."""
    cards = "As 2d as 1h 7c" if game != BADUGI else "As 2d as 1h"
    with pytest.raises(grpc.RpcError) as caught:
        evaluate(rules_stub, game, cards)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violation_rules(caught.value) == [
        ("cards[2]", "card.duplicate"),
        ("cards[3]", "card.malformed"),
    ]


def test_lowball_compare_bad_hands_over_grpc(rules_stub):
    """CompareHands: a short hand is ``hands[1].cards`` ``card.count``, a card seen in an
    earlier hand ``hands[2].cards[3]`` ``card.duplicate``; seven 2-7 triple draw hands are
    more than the game seats (``hands``)."""
    with pytest.raises(grpc.RpcError) as caught:
        compare(rules_stub, BADUGI, ["Ac 2d 3h 4s", "5c 6d 7h", "8c 9d Th Ac"])
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violation_rules(caught.value) == [
        ("hands[1].cards", "card.count"),
        ("hands[2].cards[3]", "card.duplicate"),
    ]
    deck = [f"{rank}{suit}" for rank in "AKQJT98765432" for suit in "cdhs"]
    seven = [" ".join(deck[5 * i : 5 * i + 5]) for i in range(7)]
    with pytest.raises(grpc.RpcError) as caught:
        compare(rules_stub, T27, seven)
    assert field_violations(caught.value) == [
        ("hands", "2-7 Triple Draw seats at most 6 players (got 7 hands)")
    ]
    assert list(compare(rules_stub, S27, seven).winners) == [6]
