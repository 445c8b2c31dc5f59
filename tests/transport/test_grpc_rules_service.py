"""RulesService over gRPC against the real server subprocess (issue 2, items 4-6).

Happy paths for all six games with exact categories and winners (RULES.md "Standard high
ranking", "Five Card Draw, 7-A", "Seven Card Stud family"), and every bad-input case with its
exact status code, BadRequest field paths and rule ids (RULES.md rule ids ``card.*``).
"""

from __future__ import annotations

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from tests.support.grpc_errors import violation_rules

DRAW7A = pb.GAME_FIVE_CARD_DRAW_7A
DRAW = pb.GAME_FIVE_CARD_DRAW
STUD = pb.GAME_SEVEN_CARD_STUD
RAZZ = pb.GAME_RAZZ
STUD8 = pb.GAME_SEVEN_CARD_STUD_HI_LO
STUD5 = pb.GAME_FIVE_CARD_STUD

C = pb.HandCategory


def descriptions(error: grpc.RpcError) -> list[str]:
    """The BadRequest descriptions, in order."""
    status = rpc_status.from_call(error)
    bad = error_details_pb2.BadRequest()
    status.details[0].Unpack(bad)
    return [violation.description for violation in bad.field_violations]


def evaluate(stub, game, cards, players=0):
    """EvaluateHand with ``cards`` given as one space-separated string or a list."""
    cards = cards.split() if isinstance(cards, str) else cards
    request = rpb.EvaluateHandRequest(game=game, cards=cards, players=players)
    return stub.EvaluateHand(request, timeout=10)


def compare(stub, game, hands, players=0):
    """CompareHands with each hand given as a space-separated string or a list."""
    request = rpb.CompareHandsRequest(
        game=game,
        players=players,
        hands=[pb.Hand(cards=h.split() if isinstance(h, str) else h) for h in hands],
    )
    return stub.CompareHands(request, timeout=10)


def ranks(value: pb.HandValue) -> str:
    """The rank letters of ``best_cards`` in order (suit order within a rank is free)."""
    return "".join(card[0] for card in value.best_cards)


# ----------------------------------------------------------------------------- EvaluateHand

EVALUATE_HIGH = [
    # (id, game, cards, players, category, best ranks in reading order, description)
    ("7a_lowest_straight_flush_32", DRAW7A, "Ah 7h 8h 9h Th", 0,
     C.HAND_CATEGORY_STRAIGHT_FLUSH, "T987A", "Straight flush, ten high"),
    ("7a_lowest_straight_32", DRAW7A, "Ah 7c 8d 9s Th", 0,
     C.HAND_CATEGORY_STRAIGHT, "T987A", "Straight, ten high"),
    ("7a_lowest_straight_36", DRAW7A, "Ah 6h 7c 8d 9s", 5,
     C.HAND_CATEGORY_STRAIGHT, "9876A", "Straight, nine high"),
    ("7a_a789t_not_straight_36", DRAW7A, "Ah 7c 8d 9s Th", 5,
     C.HAND_CATEGORY_HIGH_CARD, "AT987", "High card, ace"),
    ("draw_royal_flush", DRAW, "Ah Kh Qh Jh Th", 0,
     C.HAND_CATEGORY_ROYAL_FLUSH, "AKQJT", "Royal flush"),
    ("draw_ten_as_10", DRAW, "10h Jh Qh Kh ah", 0,
     C.HAND_CATEGORY_ROYAL_FLUSH, "AKQJT", "Royal flush"),
    ("draw_wheel", DRAW, "5c 4d 3h 2s Ac", 0,
     C.HAND_CATEGORY_STRAIGHT, "5432A", "Straight, five high"),
    ("stud_full_house_of_seven", STUD, "As Ad Ac Kh Kd 2c 3d", 0,
     C.HAND_CATEGORY_FULL_HOUSE, "AAAKK", "Full house, aces full of kings"),
    ("stud_flush_of_seven", STUD, "Ah Kh 2h 7h 9h 3c 4d", 0,
     C.HAND_CATEGORY_FLUSH, "AK972", "Flush, ace high"),
    ("stud_five_cards", STUD, "Ah Ad 2c 2d 9s", 0,
     C.HAND_CATEGORY_TWO_PAIR, "AA229", "Two pair, aces and twos"),
    ("stud5_full_house", STUD5, "Ah Ad 5c 5d 5s", 0,
     C.HAND_CATEGORY_FULL_HOUSE, "555AA", "Full house, fives full of aces"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "cards", "players", "category", "best", "description"),
    [case[1:] for case in EVALUATE_HIGH],
    ids=[case[0] for case in EVALUATE_HIGH],
)
def test_evaluate_hand_high_games(rules_stub, game, cards, players, category, best, description):
    """EvaluateHand gives the RULES.md category, best five and dealer description; no low."""
    response = evaluate(rules_stub, game, cards, players)
    assert response.high.category == category
    assert ranks(response.high) == best
    assert set(response.high.best_cards) <= {
        "Th" if c.lower().startswith("10") else c[0].upper() + c[1].lower() for c in cards.split()
    }
    assert response.high.description == description
    assert response.high.qualifies
    assert response.high.strength > 0
    assert not response.HasField("low")


def test_evaluate_hand_razz_is_low_only(rules_stub):
    """Razz (RULES.md "Razz"): ace-to-five low from seven cards, no high side."""
    response = evaluate(rules_stub, RAZZ, "As 2c 3d 4h 7s Kc Kd")
    assert not response.HasField("high")
    assert response.low.category == C.HAND_CATEGORY_HIGH_CARD
    assert list(response.low.best_cards) == ["7s", "4h", "3d", "2c", "As"]
    assert response.low.description == "7-4-3-2-A"
    assert response.low.qualifies


def test_evaluate_hand_razz_forced_pair_names_its_pattern(rules_stub):
    """Razz with four distinct ranks must play a pair: the low's category is ONE_PAIR."""
    response = evaluate(rules_stub, RAZZ, "Ks Kc 7d 3h 2s 2c 7c")
    assert response.low.category == C.HAND_CATEGORY_ONE_PAIR
    assert sorted(ranks(response.low)) == sorted("22K73")


def test_evaluate_hand_stud_hi_lo_both_sides(rules_stub):
    """Stud Hi-Lo (RULES.md "Hi-Lo"): the high and the 8-or-better low use any five cards."""
    response = evaluate(rules_stub, STUD8, "As 2c 3d 4h 7s Kc Kd")
    assert response.high.category == C.HAND_CATEGORY_ONE_PAIR
    assert response.high.description == "One pair, kings"
    assert list(response.low.best_cards) == ["7s", "4h", "3d", "2c", "As"]
    assert response.low.description == "7-4-3-2-A"
    assert response.low.qualifies


def test_evaluate_hand_stud_hi_lo_without_qualifying_low(rules_stub):
    """Stud Hi-Lo with no 8-or-better low: the low side says so, strength 0."""
    response = evaluate(rules_stub, STUD8, "Ks Kc Qd Jh 9s 9c 2d")
    assert response.high.category == C.HAND_CATEGORY_TWO_PAIR
    assert response.high.description == "Two pair, kings and nines"
    assert not response.low.qualifies
    assert response.low.strength == 0


def test_evaluate_hand_7a_flush_outranks_full_house(rules_stub):
    """RULES.md "Five Card Draw, 7-A": a flush's strength is above a full house's."""
    flush = evaluate(rules_stub, DRAW7A, "Ah Jh 9h 8h 7h").high
    full_house = evaluate(rules_stub, DRAW7A, "Kc Kd Ks 7c 7d").high
    assert flush.category == C.HAND_CATEGORY_FLUSH
    assert full_house.category == C.HAND_CATEGORY_FULL_HOUSE
    assert flush.strength > full_house.strength


# ----------------------------------------------------------------------------- CompareHands

COMPARE = [
    # (id, game, hands, players, winners, low_winners, high categories or None)
    ("7a_flush_beats_full_house", DRAW7A, ["Ah Jh 9h 8h 7h", "Kc Kd Ks 7c 7d"], 0, [0], [],
     [C.HAND_CATEGORY_FLUSH, C.HAND_CATEGORY_FULL_HOUSE]),
    ("7a_five_hands_play_36_cards", DRAW7A,
     ["Ah 6h 7c 8d 9s", "Tc Td Ts Jh Qc", "Kh Kd 8h 8c 6c", "Qd Qh Js 9h 7d", "Ac Kc 9c 6d 7h"],
     0, [0], [],
     [C.HAND_CATEGORY_STRAIGHT, C.HAND_CATEGORY_THREE_OF_A_KIND, C.HAND_CATEGORY_TWO_PAIR,
      C.HAND_CATEGORY_ONE_PAIR, C.HAND_CATEGORY_HIGH_CARD]),
    ("draw_tie_splits", DRAW, ["Ah Kd Qc Jh 9s", "As Kc Qd Js 9h"], 0, [0, 1], [],
     [C.HAND_CATEGORY_HIGH_CARD, C.HAND_CATEGORY_HIGH_CARD]),
    ("stud_trips_beat_two_pair", STUD, ["As Ad Kc Kd 2h 3s 4c", "Qs Qd Qc 7h 8s 9c Jd"], 0,
     [1], [], [C.HAND_CATEGORY_TWO_PAIR, C.HAND_CATEGORY_THREE_OF_A_KIND]),
    ("razz_wheel_wins", RAZZ, ["Ah 2d 3c 4s 6h Kd Qs", "Ac 2h 3d 4c 5h Jd Js"], 0, [1], [],
     None),
    ("stud8_split", STUD8, ["Ah Kh Qh 9h 2h Kc Kd", "As 2c 3d 4s 7c Jd Qs"], 0, [0], [1],
     [C.HAND_CATEGORY_FLUSH, C.HAND_CATEGORY_HIGH_CARD]),
    ("stud8_no_low_high_scoops", STUD8, ["Ks Kc Qd Jh 9s 9c 4d", "As Ac Qh Jc 9d 9h 5c"], 0,
     [1], [], [C.HAND_CATEGORY_TWO_PAIR, C.HAND_CATEGORY_TWO_PAIR]),
    ("stud8_one_hand_scoops_both", STUD8, ["As 2s 3s 4s 5s Kd Kc", "Ac 2c 3d 6h 7d Qs Jd"], 0,
     [0], [0], [C.HAND_CATEGORY_STRAIGHT_FLUSH, C.HAND_CATEGORY_HIGH_CARD]),
    ("stud8_tied_lows_quarter", STUD8, ["Ah 2d 3c 4s 6h Kd Ks", "Ac 2h 3d 4c 6s Qd Qs"], 0,
     [0], [0, 1], [C.HAND_CATEGORY_ONE_PAIR, C.HAND_CATEGORY_ONE_PAIR]),
    ("stud5_quads_beat_full_house", STUD5, ["Ah Ad 5c 5d 5s", "Kh Kd Kc Ks 2c"], 0, [1], [],
     [C.HAND_CATEGORY_FULL_HOUSE, C.HAND_CATEGORY_FOUR_OF_A_KIND]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "hands", "players", "winners", "low_winners", "categories"),
    [case[1:] for case in COMPARE],
    ids=[case[0] for case in COMPARE],
)
def test_compare_hands_winners(rules_stub, game, hands, players, winners, low_winners, categories):
    """CompareHands names the exact winners of the pot / high half and of the low half."""
    response = compare(rules_stub, game, hands, players)
    assert list(response.winners) == winners
    assert list(response.low_winners) == low_winners
    assert len(response.results) == len(hands)
    if categories is not None:
        assert [r.high.category for r in response.results] == categories


def test_compare_hands_razz_reports_lows_only(rules_stub):
    """Razz CompareHands: winners hold the best low, results carry only the low side."""
    response = compare(rules_stub, RAZZ, ["Ah 2d 3c 4s 6h Kd Qs", "Ac 2h 3d 4c 5h Jd Js"])
    assert [r.low.description for r in response.results] == ["6-4-3-2-A", "5-4-3-2-A"]
    assert not any(r.HasField("high") for r in response.results)
    assert list(response.low_winners) == []


# ----------------------------------------------------------------------------- bad input

EVALUATE_ERRORS = [
    # (id, game, cards, players, [(field, rule)])
    ("malformed_card", STUD, ["Ah", "Xx", "Kd", "Qc", "Jh"], 0, [("cards[1]", "card.malformed")]),
    ("unknown_card_not_allowed", DRAW, ["Ah", "??", "Kd", "Qc", "Jh"], 0,
     [("cards[1]", "card.malformed")]),
    ("empty_card_text", DRAW, ["Ah", "", "Kd", "Qc", "Jh"], 0, [("cards[1]", "card.malformed")]),
    ("duplicate_within_hand", DRAW, ["Ah", "Kd", "Ah", "Qc", "Jh"], 0,
     [("cards[2]", "card.duplicate")]),
    ("duplicate_any_case", DRAW, ["Ah", "Kd", "aH", "Qc", "Jh"], 0,
     [("cards[2]", "card.duplicate")]),
    ("2h_outside_7a_deck", DRAW7A, ["2h", "Ah", "Kd", "Qc", "Jh"], 0,
     [("cards[0]", "card.not_in_deck")]),
    ("6h_outside_7a_deck_with_4_players", DRAW7A, ["6h", "Ah", "Kd", "Qc", "Jh"], 4,
     [("cards[0]", "card.not_in_deck")]),
    ("four_cards_draw", DRAW, ["Ah", "Kd", "Qc", "Jh"], 0, [("cards", "card.count")]),
    ("six_cards_draw", DRAW, ["Ah", "Kd", "Qc", "Jh", "9s", "8s"], 0, [("cards", "card.count")]),
    ("eight_cards_stud", STUD, ["Ah", "Kd", "Qc", "Jh", "9s", "8s", "7s", "6s"], 0,
     [("cards", "card.count")]),
    ("four_cards_razz", RAZZ, ["Ah", "2d", "3c", "4s"], 0, [("cards", "card.count")]),
    ("six_cards_stud5", STUD5, ["Ah", "Kd", "Qc", "Jh", "9s", "8s"], 0,
     [("cards", "card.count")]),
    ("no_cards", DRAW, [], 0, [("cards", "card.count")]),
    ("unspecified_game", pb.GAME_UNSPECIFIED, ["Ah", "Kd", "Qc", "Jh", "9s"], 0, [("game", "")]),
    ("unknown_game_number", 99, ["Ah", "Kd", "Qc", "Jh", "9s"], 0, [("game", "")]),
    ("negative_players", DRAW7A, ["Ah", "Kd", "Qc", "Jh", "9s"], -1, [("players", "")]),
    ("one_player_7a", DRAW7A, ["Ah", "Kd", "Qc", "Jh", "9s"], 1, [("players", "")]),
    ("six_players_7a", DRAW7A, ["Ah", "Kd", "Qc", "Jh", "9s"], 6, [("players", "")]),
    ("every_problem_at_once", STUD, ["Ah", "Xx", "Ah"], 0,
     [("cards", "card.count"), ("cards[1]", "card.malformed"), ("cards[2]", "card.duplicate")]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "cards", "players", "expected"),
    [case[1:] for case in EVALUATE_ERRORS],
    ids=[case[0] for case in EVALUATE_ERRORS],
)
def test_evaluate_hand_bad_input_is_invalid_argument(rules_stub, game, cards, players, expected):
    """Bad input gets INVALID_ARGUMENT with exact BadRequest field paths and rule ids."""
    with pytest.raises(grpc.RpcError) as caught:
        evaluate(rules_stub, game, cards, players)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert violation_rules(caught.value) == expected


def test_evaluate_hand_6h_accepted_in_7a_with_five_players(rules_stub):
    """RULES.md "Five Card Draw, 7-A": with 5 players the sixes are in the deck."""
    response = evaluate(rules_stub, DRAW7A, "6h Ah Kd Qc Jh", 5)
    assert response.high.category == C.HAND_CATEGORY_HIGH_CARD


def test_violation_descriptions_name_the_card(rules_stub):
    """Each card violation's description starts with its rule id and names the card."""
    with pytest.raises(grpc.RpcError) as caught:
        evaluate(rules_stub, DRAW7A, ["Zq", "2h", "Ah", "Ah", "Kd"])
    texts = descriptions(caught.value)
    assert texts[0].startswith("card.malformed: ") and "Zq" in texts[0]
    assert texts[1].startswith("card.not_in_deck: ") and "2h" in texts[1]
    assert texts[2].startswith("card.duplicate: ") and "Ah" in texts[2]
    assert caught.value.details()  # a readable status message too


COMPARE_ERRORS = [
    # (id, game, hands, players, [(field, rule)])
    ("duplicate_across_hands", DRAW, [["Ah", "Kd", "Qc", "Jh", "9s"],
                                      ["2c", "Ah", "3d", "4h", "5s"]], 0,
     [("hands[1].cards[1]", "card.duplicate")]),
    ("malformed_in_second_hand", STUD, [["Ah", "Kd", "Qc", "Jh", "9s"],
                                        ["2c", "3d", "4h", "5s", "1x"]], 0,
     [("hands[1].cards[4]", "card.malformed")]),
    ("not_in_deck_in_hand", DRAW7A, [["Ah", "Kd", "Qc", "Jh", "9s"],
                                     ["As", "Ks", "Qs", "Js", "5s"]], 0,
     [("hands[1].cards[4]", "card.not_in_deck")]),
    ("wrong_count_in_hand", STUD5, [["Ah", "Kd", "Qc", "Jh", "9s"], ["2c", "3d", "4h", "5s"]], 0,
     [("hands[1].cards", "card.count")]),
    ("no_hands", DRAW, [], 0, [("hands", "")]),
    ("unspecified_game", pb.GAME_UNSPECIFIED, [["Ah", "Kd", "Qc", "Jh", "9s"]], 0,
     [("game", "")]),
    ("six_hands_7a", DRAW7A, [[f"{r}{s}" for r in "AKQJT"] for s in "cdhs"]
     + [["9c", "9d", "9h", "9s", "8c"], ["8d", "8h", "8s", "7c", "7d"]], 0, [("hands", "")]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "hands", "players", "expected"),
    [case[1:] for case in COMPARE_ERRORS],
    ids=[case[0] for case in COMPARE_ERRORS],
)
def test_compare_hands_bad_input_is_invalid_argument(rules_stub, game, hands, players, expected):
    """CompareHands bad input: INVALID_ARGUMENT naming ``hands[i].cards[j]`` and the rule."""
    with pytest.raises(grpc.RpcError) as caught:
        compare(rules_stub, game, hands, players)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert violation_rules(caught.value) == expected


_CARD_TEXT = st.one_of(
    st.sampled_from(["Ah", "Kd", "Qc", "Jh", "9s", "7c", "6h", "2h", "10d", "??", "", "A", "ah"]),
    st.text(max_size=6),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    game=st.integers(min_value=-3, max_value=9),
    hands=st.lists(st.lists(_CARD_TEXT, max_size=9), max_size=7),
    players=st.integers(min_value=-(2**31), max_value=2**31 - 1),
)
def test_no_user_input_reaches_internal(rules_stub, game, hands, players):
    """Random requests are answered OK or INVALID_ARGUMENT, never INTERNAL or UNKNOWN."""
    for call in (
        lambda: compare(rules_stub, game, hands, players),
        lambda: evaluate(rules_stub, game, hands[0] if hands else [], players),
    ):
        try:
            call()
        except grpc.RpcError as error:
            assert error.code() is grpc.StatusCode.INVALID_ARGUMENT, error.details()
            assert violation_rules(error)


def test_huge_bad_request_still_gets_invalid_argument(rules_stub):
    """Dozens of bad cards and a 100 KB card text still come back as INVALID_ARGUMENT
    (details are capped so the trailers fit the client's metadata limit). Ten hands: more are
    refused earlier by the ``hands`` limit (tests/security)."""
    hands = [["x" * 100_000, "Ah"], *([["Zz"] * 9] * 9)]
    with pytest.raises(grpc.RpcError) as caught:
        compare(rules_stub, STUD, hands)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    found = violation_rules(caught.value)
    assert 1 <= len(found) <= 12
    assert found[:2] == [("hands", ""), ("hands[0].cards", "card.count")]  # 10 > 8 stud hands
    assert "more" in caught.value.details()
