"""Dealer readings: category, best five in reading order and description of named hands.

RULES.md sections: "Standard high ranking", "Five Card Draw, 7-A", "Seven Card Stud family"
(Razz, Hi-Lo). Cards are given as text and parsed with the shared card helpers.
"""

from __future__ import annotations

import pytest

from floorman.domain.cards import cards_str, parse_cards
from floorman.domain.hand_value import HandCategory as C
from floorman.domain.model import Game
from floorman.domain.ranking import evaluate

STUD = Game.SEVEN_CARD_STUD
DRAW = Game.FIVE_CARD_DRAW
SEVEN_A = Game.FIVE_CARD_DRAW_7A
HI_LO = Game.SEVEN_CARD_STUD_HI_LO


def hand(text: str) -> list[int]:
    """Parse space-separated cards."""
    return [c for c in parse_cards(text.split()) if c is not None]


HIGH_HANDS = [
    # (game, players, cards, category, best five, description)
    (STUD, 0, "As Ks Qs Js Ts 9s 2d", C.ROYAL_FLUSH, "As Ks Qs Js Ts", "Royal flush"),
    (STUD, 0, "9h 8h 7h 6h 5h Ah 2c", C.STRAIGHT_FLUSH, "9h 8h 7h 6h 5h",
     "Straight flush, nine high"),
    (DRAW, 0, "5d 4d 3d 2d Ad", C.STRAIGHT_FLUSH, "5d 4d 3d 2d Ad", "Straight flush, five high"),
    (STUD, 0, "9c 9d 9h 9s Kd Kc 2h", C.FOUR_OF_A_KIND, "9s 9h 9d 9c Kd", "Four of a kind, nines"),
    (STUD, 0, "Kh Kc Kd 7s 7h 7c 2d", C.FULL_HOUSE, "Kh Kd Kc 7s 7h",
     "Full house, kings full of sevens"),
    (STUD, 0, "7s 7h Kh Kc Kd 2c 2d", C.FULL_HOUSE, "Kh Kd Kc 7s 7h",
     "Full house, kings full of sevens"),
    (STUD, 0, "Ah 9h 6h 4h 2h Kd Kc", C.FLUSH, "Ah 9h 6h 4h 2h", "Flush, ace high"),
    (STUD, 0, "Ah Jh 9h 6h 4h 2h 3s", C.FLUSH, "Ah Jh 9h 6h 4h", "Flush, ace high"),
    (STUD, 0, "Td 9c 8h 7s 6d 6c 2h", C.STRAIGHT, "Td 9c 8h 7s 6d", "Straight, ten high"),
    (STUD, 0, "Ac 2d 3h 4s 5c Kd Kh", C.STRAIGHT, "5c 4s 3h 2d Ac", "Straight, five high"),
    (DRAW, 0, "Qc Qd Qh 9s 3c", C.THREE_OF_A_KIND, "Qh Qd Qc 9s 3c", "Three of a kind, queens"),
    (STUD, 0, "Ac Ad 2h 2s 9c 7d 4h", C.TWO_PAIR, "Ad Ac 2s 2h 9c", "Two pair, aces and twos"),
    (STUD, 0, "Ac Ad 2h 2s 9c 9d 4h", C.TWO_PAIR, "Ad Ac 9d 9c 4h", "Two pair, aces and nines"),
    (DRAW, 0, "Jc Jd 8h 5s 3c", C.ONE_PAIR, "Jd Jc 8h 5s 3c", "One pair, jacks"),
    (Game.FIVE_CARD_STUD, 0, "Kc 9d 7h 5s 3c", C.HIGH_CARD, "Kc 9d 7h 5s 3c", "High card, king"),
    (SEVEN_A, 0, "Ac 7d 8h 9s Tc", C.STRAIGHT, "Tc 9s 8h 7d Ac", "Straight, ten high"),
    (SEVEN_A, 5, "Ac 6d 7h 8s 9c", C.STRAIGHT, "9c 8s 7h 6d Ac", "Straight, nine high"),
    (SEVEN_A, 5, "Ac 7d 8h 9s Tc", C.HIGH_CARD, "Ac Tc 9s 8h 7d", "High card, ace"),
    (SEVEN_A, 0, "Ah 7h 8h 9h Th", C.STRAIGHT_FLUSH, "Th 9h 8h 7h Ah", "Straight flush, ten high"),
    (SEVEN_A, 0, "Ah Kh Qh Jh Th", C.ROYAL_FLUSH, "Ah Kh Qh Jh Th", "Royal flush"),
    (SEVEN_A, 0, "Kd Jd 9d 8d 7d", C.FLUSH, "Kd Jd 9d 8d 7d", "Flush, king high"),
    (SEVEN_A, 0, "7c 8d 9h Js Kc", C.HIGH_CARD, "Kc Js 9h 8d 7c", "High card, king"),
    (SEVEN_A, 0, "Ac Ad Ah 7s 7c", C.FULL_HOUSE, "Ah Ad Ac 7s 7c",
     "Full house, aces full of sevens"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "players", "cards", "category", "best", "text"), HIGH_HANDS)
def test_high_hands_read_like_a_dealer(game, players, cards, category, best, text) -> None:
    """Standard high ranking / Five Card Draw 7-A: category, best five and announcement."""
    high = evaluate(game, hand(cards), players=players).high
    assert (high.category, cards_str(high.best_cards), high.description) == (
        category,
        best.split(),
        text,
    )
    assert high.qualifies


LOW_HANDS = [
    # (game, cards, category, best five, description)
    (Game.RAZZ, "As 2c 3d 4h 7s Kc Kd", C.HIGH_CARD, "7s 4h 3d 2c As", "7-4-3-2-A"),
    (Game.RAZZ, "5h 4h 3h 2h Ah Kc Qd", C.HIGH_CARD, "5h 4h 3h 2h Ah", "5-4-3-2-A"),
    (Game.RAZZ, "Ks Kc 7d 3h 2s", C.ONE_PAIR, "Ks Kc 7d 3h 2s", "K-K-7-3-2"),
    (Game.RAZZ, "Ts 9c 8d 7h 6s Tc 9d", C.HIGH_CARD, "Ts 9d 8d 7h 6s", "T-9-8-7-6"),
    (Game.RAZZ, "Ac Ad 2c 2d 3c 3d 4c", C.ONE_PAIR, "Ad Ac 4c 3d 2d", "A-A-4-3-2"),
    (Game.RAZZ, "Kc Kd Kh Ks Qc Qd Qh", C.FULL_HOUSE, "Qh Qd Qc Ks Kh", "Q-Q-Q-K-K"),
    (HI_LO, "Ah 2c 3d 4s 7h Kc Kd", C.HIGH_CARD, "7h 4s 3d 2c Ah", "7-4-3-2-A"),
    (HI_LO, "8c 7d 5h 4s 2c 2d 8h", C.HIGH_CARD, "8h 7d 5h 4s 2d", "8-7-5-4-2"),
]  # fmt: skip


@pytest.mark.parametrize(("game", "cards", "category", "best", "text"), LOW_HANDS)
def test_low_hands_read_highest_first(game, cards, category, best, text) -> None:
    """Razz / Hi-Lo low: the low's pattern, best five highest first (ace low) and reading."""
    low = evaluate(game, hand(cards)).low
    assert (low.category, cards_str(low.best_cards), low.description) == (
        category,
        best.split(),
        text,
    )
    assert low.qualifies and low.strength > 0


def test_hi_lo_without_qualifying_low_reads_no_qualifying_low() -> None:
    """Seven Card Stud Hi-Lo: no 8-or-better low -> best A-5 five, qualifies False, strength 0."""
    low = evaluate(HI_LO, hand("Ah 2c 3d 4s 9h Kc Kd")).low
    assert low.qualifies is False
    assert low.strength == 0
    assert low.description == "No qualifying low"
    assert low.category is C.HIGH_CARD
    assert cards_str(low.best_cards) == ["9h", "4s", "3d", "2c", "Ah"]


def test_hi_lo_paired_board_without_low_names_the_pattern() -> None:
    """Seven Card Stud Hi-Lo: a paired hand with no low reports its A-5 pattern (one pair)."""
    low = evaluate(HI_LO, hand("Ah Ad 3d 3s 9h 9c 2d")).low
    assert (low.qualifies, low.strength, low.category) == (False, 0, C.ONE_PAIR)
    assert cards_str(low.best_cards) == ["Ah", "Ad", "9h", "3s", "2d"]


def test_hi_lo_evaluates_both_halves_from_any_five() -> None:
    """Seven Card Stud Hi-Lo: each half uses its own best five of the seven cards."""
    result = evaluate(HI_LO, hand("Ac 2c 3c 4c 5c 6d 7d"))
    assert result.high.category is C.STRAIGHT_FLUSH
    assert result.high.description == "Straight flush, five high"
    assert result.low.description == "5-4-3-2-A"


def test_razz_has_no_high_side_and_high_games_no_low() -> None:
    """Razz fills only ``low``; the high games fill only ``high``."""
    cards = hand("As 2c 3d 4h 7s")
    assert evaluate(Game.RAZZ, cards).high is None
    for game in (Game.FIVE_CARD_DRAW, Game.FIVE_CARD_STUD, Game.SEVEN_CARD_STUD):
        assert evaluate(game, cards).low is None
