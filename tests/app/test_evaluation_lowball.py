"""EvaluateHand / CompareHands use cases of the lowball draw games and Badugi (RULES.md
"Lowball draw and Badugi"): the value in ``low`` (no ``high``), ``winners`` the best low,
Badugi's ``best_cards`` the one to four cards that play; every bad request a field
violation with its rule id (``card.count``, ``card.duplicate``, ``card.malformed``).
"""

from __future__ import annotations

import pytest

from floorman.app.evaluation import GAME_NAMES, compare_hands, evaluate_hand
from floorman.domain.cards import cards_str
from floorman.domain.errors import InvalidArgument
from floorman.domain.hand_value import HandCategory
from floorman.domain.model import Game

S27 = Game.DEUCE_TO_SEVEN_SINGLE_DRAW
T27 = Game.DEUCE_TO_SEVEN_TRIPLE_DRAW
A5 = Game.ACE_TO_FIVE_TRIPLE_DRAW
BADUGI = Game.BADUGI
C = HandCategory


def violations(error: pytest.ExceptionInfo[InvalidArgument]) -> list[tuple[str, str]]:
    """(field, rule) of every violation, in order."""
    return [(v.field, v.rule) for v in error.value.violations]


EVALUATE = [
    # (id, game, cards, category, best cards, description)
    ("27_best_low", T27, "2s 7h 4c 5d 3c", C.HIGH_CARD, "7h 5d 4c 3c 2s", "7-5-4-3-2"),
    ("27_single_draw_same_ranking", S27, "2s 7h 4c 5d 3c", C.HIGH_CARD, "7h 5d 4c 3c 2s",
     "7-5-4-3-2"),
    ("27_wheel_is_ace_high", T27, "As 2d 3c 4h 5s", C.HIGH_CARD, "As 5s 4h 3c 2d", "A-5-4-3-2"),
    ("27_suited_wheel_is_a_flush", T27, "Ah 2h 3h 4h 5h", C.FLUSH, "Ah 5h 4h 3h 2h",
     "Flush, ace high"),
    ("27_straight_counts", S27, "6s 5d 4c 3h 2s", C.STRAIGHT, "6s 5d 4c 3h 2s",
     "Straight, six high"),
    ("27_flush_counts", T27, "7h 5h 4h 3h 2h", C.FLUSH, "7h 5h 4h 3h 2h", "Flush, seven high"),
    ("27_pair", T27, "Kh 2c Kd 3c 4s", C.ONE_PAIR, "Kh Kd 4s 3c 2c", "One pair, kings"),
    ("27_royal_is_a_straight_flush", S27, "Ah Kh Qh Jh Th", C.STRAIGHT_FLUSH,
     "Ah Kh Qh Jh Th", "Royal flush"),
    ("a5_wheel_best", A5, "As 2d 3c 4h 5s", C.HIGH_CARD, "5s 4h 3c 2d As", "5-4-3-2-A"),
    ("a5_suited_wheel_still_best", A5, "As 2s 3s 4s 5s", C.HIGH_CARD, "5s 4s 3s 2s As",
     "5-4-3-2-A"),
    ("a5_straight_ignored", A5, "6s 5d 4c 3h 2s", C.HIGH_CARD, "6s 5d 4c 3h 2s", "6-5-4-3-2"),
    ("a5_pair_of_aces", A5, "Ah Ad 2c 3c 4s", C.ONE_PAIR, "Ah Ad 4s 3c 2c", "A-A-4-3-2"),
    ("badugi_best", BADUGI, "4s 2d Ac 3h", C.BADUGI, "4s 3h 2d Ac", "Badugi 4-3-2-A"),
    ("badugi_suit_pair_drops_higher", BADUGI, "Ac 2c 3h 4s", C.BADUGI_THREE_CARDS,
     "4s 3h Ac", "3-card 4-3-A"),
    ("badugi_rank_pair", BADUGI, "2s 3d 3c 4d", C.BADUGI_THREE_CARDS, "4d 3c 2s",
     "3-card 4-3-2"),
    ("badugi_two_cards", BADUGI, "As Ah 2s 2h", C.BADUGI_TWO_CARDS, "2s Ah", "2-card 2-A"),
    ("badugi_one_suit", BADUGI, "2c 3c 4c 5c", C.BADUGI_ONE_CARD, "2c", "1-card 2"),
    ("badugi_four_kings", BADUGI, "Kc Kd Kh Ks", C.BADUGI_ONE_CARD, "Kc", "1-card K"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "cards", "category", "best", "description"),
    [case[1:] for case in EVALUATE],
    ids=[case[0] for case in EVALUATE],
)
def test_lowball_evaluate_hand_answer(game, cards, category, best, description) -> None:
    """RULES.md "Lowball draw and Badugi": the hand in ``low`` with its pattern (2-7, A-5)
    or set size (Badugi) as category, the cards that play, the description; no ``high``."""
    result = evaluate_hand(game, cards.split())
    assert result.high is None
    assert result.low is not None
    assert result.low.category is category
    assert cards_str(result.low.best_cards) == best.split()
    assert result.low.description == description
    assert result.low.qualifies


COMPARE = [
    # (id, game, hands, winners)
    ("27_seven_five_beats_seven_six", T27,
     ["7h 6d 4c 3c 2s", "7c 5d 4h 3s 2d", "8s 5c 4d 3h 2c"], (1,)),
    ("27_king_high_beats_the_ace_high_wheel", S27, ["As 2d 3c 4h 5s", "Kc Qd Jh Ts 8c"], (1,)),
    ("27_straight_loses_to_a_pair", T27, ["6s 5d 4c 3h 2s", "2c 2d 4h 5c 7s"], (1,)),
    ("27_flush_loses_to_a_pair", S27, ["7h 5h 4h 3h 2h", "Kc Kd 4s 3d 2c"], (1,)),
    ("27_suits_tie", T27, ["7h 5d 4c 3c 2s", "7c 5s 4d 3h 2d", "8h 6h 4s 3s 2h"], (0, 1)),
    ("a5_wheel_beats_six_four", A5, ["6s 4d 3c 2h As", "5c 4h 3s 2d Ad"], (1,)),
    ("a5_straight_and_flush_do_not_count", A5, ["5s 4s 3s 2s As", "5d 4c 3h 2c Ah"], (0, 1)),
    ("a5_pair_loses_to_king_high", A5, ["Ac Ad 2c 3c 4s", "Kh Qs Jd 9h 8c"], (1,)),
    ("badugi_four_beat_three", BADUGI, ["Ac 2c 3h 4s", "Kc Qd Jh Ts", "5d 6d 7h 8s"], (1,)),
    ("badugi_lower_top_card", BADUGI, ["Ac 2d 3h 6s", "Ah 2s 4c 5d"], (1,)),
    ("badugi_then_next_card", BADUGI, ["Ac 3d 4h 5s", "2h 3c 4s 5d"], (0,)),
    ("badugi_suits_tie", BADUGI, ["Ac 2d 3h 4s", "As 2h 3c 4d"], (0, 1)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "hands", "winners"),
    [case[1:] for case in COMPARE],
    ids=[case[0] for case in COMPARE],
)
def test_lowball_compare_hands_winners_are_the_best_low(game, hands, winners) -> None:
    """RULES.md "Lowball draw and Badugi" and "Ties split a pot": ``winners`` are the best
    low hands; there is no low half (``low_winners`` empty) and no high value."""
    result = compare_hands(game, [hand.split() for hand in hands])
    assert result.winners == winners
    assert result.low_winners == ()
    assert all(r.high is None and r.low is not None for r in result.results)


@pytest.mark.parametrize(
    ("game", "count", "allowed"),
    [(S27, 4, 5), (S27, 6, 5), (T27, 4, 5), (A5, 6, 5), (A5, 0, 5), (BADUGI, 5, 4),
     (BADUGI, 3, 4)],
)  # fmt: skip
def test_lowball_wrong_card_count_is_a_cards_violation(game, count, allowed) -> None:
    """Five cards in 2-7 and A-5, four in Badugi: any other count is ``card.count`` on
    ``cards`` naming the game and the count."""
    cards = ["As", "Ks", "Qd", "Jh", "9c", "8s"][:count]
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(game, cards)
    assert [(v.field, v.rule, v.message) for v in error.value.violations] == [
        ("cards", "card.count", f"{GAME_NAMES[game]} takes exactly {allowed} cards (got {count})")
    ]


@pytest.mark.parametrize("game", [S27, T27, A5, BADUGI], ids=lambda g: g.value)
def test_lowball_duplicate_and_malformed_cards(game) -> None:
    """``card.duplicate`` on the second copy, ``card.malformed`` on a card that is none (in
    the 52-card deck of these games every well-formed card is in the deck)."""
    cards = ["As", "2d", "as", "1h", "7c"][: 5 if game is not BADUGI else 4]
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(game, cards)
    assert violations(error) == [("cards[2]", "card.duplicate"), ("cards[3]", "card.malformed")]


@pytest.mark.parametrize("game", [S27, T27, A5, BADUGI], ids=lambda g: g.value)
def test_lowball_has_no_board_and_no_community_cards(game) -> None:
    """These games deal no community cards: a ``board`` or ``community_cards`` is a
    ``card.count`` violation on that field."""
    cards = ["As", "2d", "3c", "4h", "7c"][: 5 if game is not BADUGI else 4]
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(game, cards, board=["Kd", "Qd", "Jd"])
    assert violations(error) == [("board", "card.count")]
    with pytest.raises(InvalidArgument) as error:
        compare_hands(game, [cards], community=["Kd"])
    assert ("community_cards", "card.count") in violations(error)


@pytest.mark.parametrize(
    ("game", "most"), [(S27, 7), (T27, 6), (A5, 6), (BADUGI, 6)], ids=lambda v: str(v)
)
def test_lowball_compare_hands_counts_and_paths(game, most) -> None:
    """CompareHands: up to the game's most players (2-7 single draw 7, triple draws and
    Badugi 6); a hand of the wrong size is ``hands[i].cards`` ``card.count``, a card
    repeated across hands ``hands[i].cards[j]`` ``card.duplicate``."""
    size = 4 if game is BADUGI else 5
    deck = [f"{rank}{suit}" for rank in "AKQJT98765432" for suit in "cdhs"]
    hands = [deck[size * i : size * (i + 1)] for i in range(most + 1)]
    assert len(compare_hands(game, hands[:most]).results) == most
    with pytest.raises(InvalidArgument) as error:
        compare_hands(game, hands)
    assert violations(error) == [("hands", "")]
    bad = [hands[0], hands[1][:-1], [*hands[2][:-1], hands[0][0]]]
    with pytest.raises(InvalidArgument) as error:
        compare_hands(game, bad)
    assert violations(error) == [
        ("hands[1].cards", "card.count"),
        (f"hands[2].cards[{size - 1}]", "card.duplicate"),
    ]
