"""EvaluateHand / CompareHands of the community-card games over gRPC against the real server
subprocess (RULES.md "Hold'em and Omaha": the board in ``board``, three to five cards;
INVALID_ARGUMENT with exact BadRequest field paths and rule ids for every bad board)."""

from __future__ import annotations

import grpc
import pytest

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from tests.support.grpc_errors import field_violations, violation_rules

HOLDEM = pb.GAME_TEXAS_HOLDEM
OMAHA = pb.GAME_OMAHA
OMAHA8 = pb.GAME_OMAHA_HI_LO
OMAHA5 = pb.GAME_FIVE_CARD_OMAHA
OMAHA5_8 = pb.GAME_FIVE_CARD_OMAHA_HI_LO
SHORT = pb.GAME_SHORT_DECK_HOLDEM
C = pb.HandCategory


def evaluate(stub, game, cards, board=""):
    request = rpb.EvaluateHandRequest(game=game, cards=cards.split(), board=board.split())
    return stub.EvaluateHand(request, timeout=10)


def compare(stub, game, hands, board="", community=""):
    request = rpb.CompareHandsRequest(
        game=game,
        hands=[pb.Hand(cards=h.split()) for h in hands],
        board=board.split(),
        community_cards=community.split(),
    )
    return stub.CompareHands(request, timeout=10)


# ----------------------------------------------------------------------------- answers

EVALUATE = [
    # (id, game, hole, board, category, best cards, description)
    ("holdem_flop", HOLDEM, "Qs Qd", "Ah Kd 7c", C.HAND_CATEGORY_ONE_PAIR,
     "Qs Qd Ah Kd 7c", "One pair, queens"),
    ("holdem_board_plays", HOLDEM, "2c 3d", "Ts Js Qs Ks As", C.HAND_CATEGORY_ROYAL_FLUSH,
     "As Ks Qs Js Ts", "Royal flush"),
    ("holdem_one_hole_card", HOLDEM, "Ah 2c", "Kh 9h 5h 3h 8c", C.HAND_CATEGORY_FLUSH,
     "Ah Kh 9h 5h 3h", "Flush, ace high"),
    ("omaha_two_hole_cards", OMAHA, "Ah Kc Kd 2s", "Qh Jh 9h 5h 2d", C.HAND_CATEGORY_ONE_PAIR,
     "Kd Kc Qh Jh 9h", "One pair, kings"),
    ("five_card_omaha_turn", OMAHA5, "Ah Kh 2c 3d 4s", "Qh Jh Th 7c", C.HAND_CATEGORY_ROYAL_FLUSH,
     "Ah Kh Qh Jh Th", "Royal flush"),
    ("short_deck_lowest_straight", SHORT, "As 6d", "7c 8h 9s Kd Kh", C.HAND_CATEGORY_STRAIGHT,
     "9s 8h 7c 6d As", "Straight, nine high"),
    ("short_deck_flush_not_full_house", SHORT, "Ah 7h", "Kh 9h 6h 9c 9d", C.HAND_CATEGORY_FLUSH,
     "Ah Kh 9h 7h 6h", "Flush, ace high"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "hole", "board", "category", "best", "description"),
    [case[1:] for case in EVALUATE],
    ids=[case[0] for case in EVALUATE],
)
def test_evaluate_hand_with_a_board(rules_stub, game, hole, board, category, best, description):
    """The high of hole + board: category, the five cards that play, the description; no
    low side in the high-only games."""
    response = evaluate(rules_stub, game, hole, board)
    assert response.high.category == category
    assert list(response.high.best_cards) == best.split()
    assert response.high.description == description
    assert not response.HasField("low")


def test_evaluate_hand_omaha_hi_lo_both_halves(rules_stub):
    """Omaha Hi-Lo: the high with K-K (trip kings), the low with A-2 (8-5-3-2-A)."""
    response = evaluate(rules_stub, OMAHA8, "As 2d Kc Kd", "Kh 3s 5d 8h 9c")
    assert response.high.description == "Three of a kind, kings"
    assert response.low.description == "8-5-3-2-A"
    assert response.low.qualifies
    assert list(response.low.best_cards) == ["8h", "5d", "3s", "2d", "As"]


def test_evaluate_hand_omaha_hi_lo_without_qualifying_low(rules_stub):
    """Omaha Hi-Lo with two low board cards: ``qualifies`` false, strength 0."""
    response = evaluate(rules_stub, OMAHA8, "As 2d 3c 4d", "Kh 7s 5d Th 9c")
    assert not response.low.qualifies
    assert response.low.strength == 0
    assert response.low.description == "No qualifying low"


def test_compare_hands_omaha_hi_lo_split(rules_stub):
    """Omaha Hi-Lo: the high to one hand, the low to another; no low: low_winners empty."""
    response = compare(
        rules_stub, OMAHA8, ["Ac 2d Qs Js", "Kc Kd 9s 9h", "Th Td 7c 6c"], "Kh 3s 4d 8h Qc"
    )
    assert list(response.winners) == [1]
    assert list(response.low_winners) == [0]
    none = compare(rules_stub, OMAHA8, ["As 2d 3c 4d", "Qc Qd Js Tc"], "Kh 7s 5d Th 9c")
    assert list(none.winners) == [1]
    assert list(none.low_winners) == []
    assert [r.low.qualifies for r in none.results] == [False, False]


def test_compare_hands_holdem_board_tie_and_big_o(rules_stub):
    """Hold'em: the board plays for both (a tie); Five Card Omaha Hi-Lo: the winners of the
    halves named separately."""
    tie = compare(rules_stub, HOLDEM, ["2c 3d", "4c 5d"], "Ts Js Qs Ks As")
    assert list(tie.winners) == [0, 1]
    big_o = compare(
        rules_stub,
        OMAHA5_8,
        ["Qs Qd As 3h Jc", "Kc Kd 2c 9h 9s", "Ac 2s Th Td Js"],
        "Qh 4s 5d 8c 6h",
    )
    assert list(big_o.winners) == [0]
    assert list(big_o.low_winners) == [2]


def test_compare_hands_short_deck(rules_stub):
    """Short-deck: a flush beats a full house."""
    response = compare(rules_stub, SHORT, ["Ah 7h", "Ks Kd"], "Kh 9h 6h 9c 8s")
    assert list(response.winners) == [0]
    assert response.results[1].high.category == C.HAND_CATEGORY_FULL_HOUSE


# ----------------------------------------------------------------------------- bad input

EVALUATE_ERRORS = [
    # (id, game, hole, board, [(field, rule)])
    ("board_in_a_draw_game", pb.GAME_FIVE_CARD_DRAW, "Ah Kd Qc Jh 9s", "2c 3c 4c",
     [("board", "card.count")]),
    ("board_in_stud", pb.GAME_SEVEN_CARD_STUD, "Ah Kd Qc Jh 9s 8s 7s", "2c 3c 4c",
     [("board", "card.count")]),
    ("no_board_holdem", HOLDEM, "Ah Kd", "", [("board", "card.count")]),
    ("two_card_board", HOLDEM, "Ah Kd", "2c 3c", [("board", "card.count")]),
    ("six_card_board", OMAHA, "Ah Kd Qc Jh", "2c 3c 4c 5c 6c 7c", [("board", "card.count")]),
    ("three_hole_cards_holdem", HOLDEM, "Ah Kd Qc", "2c 3c 4c", [("cards", "card.count")]),
    ("three_hole_cards_omaha", OMAHA8, "Ah Kd Qc", "2c 3c 4c", [("cards", "card.count")]),
    ("four_hole_cards_omaha5", OMAHA5, "Ah Kd Qc Jh", "2c 3c 4c", [("cards", "card.count")]),
    ("five_in_short_deck_hole", SHORT, "5h Kd", "Ac 7c 8c", [("cards[0]", "card.not_in_deck")]),
    ("five_in_short_deck_board", SHORT, "Ah Kd", "Ac 5c 8c", [("board[1]", "card.not_in_deck")]),
    ("hole_card_on_board", HOLDEM, "Ah Kd", "2c Kd 4c", [("cards[1]", "card.duplicate")]),
    ("duplicate_on_board", OMAHA, "Ah Kd Qc Jh", "2c 3c 2c", [("board[2]", "card.duplicate")]),
    ("malformed_board_card", HOLDEM, "Ah Kd", "2c Xx 4c", [("board[1]", "card.malformed")]),
    ("every_problem_at_once", OMAHA, "Ah Kd Ah", "Kd 3c",
     [("cards", "card.count"), ("board", "card.count"), ("cards[1]", "card.duplicate"),
      ("cards[2]", "card.duplicate")]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "hole", "board", "expected"),
    [case[1:] for case in EVALUATE_ERRORS],
    ids=[case[0] for case in EVALUATE_ERRORS],
)
def test_evaluate_hand_bad_board_is_invalid_argument(rules_stub, game, hole, board, expected):
    """Every bad board or hole-card count: INVALID_ARGUMENT, exact field paths, rule ids."""
    with pytest.raises(grpc.RpcError) as caught:
        evaluate(rules_stub, game, hole, board)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert violation_rules(caught.value) == expected


def test_bad_board_descriptions(rules_stub):
    """The descriptions say what is wrong: no board in this game, the board's size."""
    with pytest.raises(grpc.RpcError) as caught:
        evaluate(rules_stub, pb.GAME_RAZZ, "Ah 2d 3c 4s 6h", "7c 8c 9c")
    assert field_violations(caught.value) == [
        ("board", "card.count: Razz has no board (got 3 cards)")
    ]
    with pytest.raises(grpc.RpcError) as caught:
        evaluate(rules_stub, OMAHA, "Ah 2d 3c 4s", "7c 8c")
    assert field_violations(caught.value) == [
        ("board", "card.count: Omaha takes a board of 3 to 5 cards (got 2)")
    ]


COMPARE_ERRORS = [
    # (id, game, hands, board, community, [(field, rule)])
    ("no_board", HOLDEM, ["Ah Kd", "Qc Qd"], "", "", [("board", "card.count")]),
    ("board_in_razz", pb.GAME_RAZZ, ["Ah 2d 3c 4s 6h", "Ac 2h 3d 4c 5h"], "7c 8c 9c", "",
     [("board", "card.count")]),
    ("community_cards_in_holdem", HOLDEM, ["Ah Kd", "Qc Qd"], "2c 3c 4c", "5c",
     [("community_cards", "card.count")]),
    ("hole_card_on_board", HOLDEM, ["Ah Kd", "Qc 3c"], "2c 3c 4c",  "",
     [("hands[1].cards[1]", "card.duplicate")]),
    ("duplicate_across_hands", OMAHA, ["Ah Kd Qc Jh", "Ah 2d 3d 4d"], "2c 3c 4c", "",
     [("hands[1].cards[0]", "card.duplicate")]),
    ("wrong_hole_count", OMAHA5_8, ["Ah Kd Qc Jh 9s", "2d 3d 4d 5d"], "2c 3c 4c", "",
     [("hands[1].cards", "card.count")]),
    ("five_in_short_deck", SHORT, ["Ah Kd", "Qc 5d"], "Ac 7c 8c", "",
     [("hands[1].cards[1]", "card.not_in_deck")]),
    ("board_card_not_in_short_deck", SHORT, ["Ah Kd", "Qc Qd"], "Ac 7c 2c", "",
     [("board[2]", "card.not_in_deck")]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "hands", "board", "community", "expected"),
    [case[1:] for case in COMPARE_ERRORS],
    ids=[case[0] for case in COMPARE_ERRORS],
)
def test_compare_hands_bad_board_is_invalid_argument(
    rules_stub, game, hands, board, community, expected
):
    """CompareHands with a bad board: INVALID_ARGUMENT, exact field paths, rule ids."""
    with pytest.raises(grpc.RpcError) as caught:
        compare(rules_stub, game, hands, board, community)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert violation_rules(caught.value) == expected
