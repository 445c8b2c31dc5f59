"""``evaluate_if_valid`` (the batch fast path, issue 15 point 1) against ``evaluate_hand``:
for any request it answers exactly what the full use case answers, or ``None`` where the full
use case refuses the request (or takes a text only it accepts, such as ``" Ah"``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.app.evaluation import evaluate_hand, evaluate_if_valid
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
TEXTS = st.one_of(st.sampled_from(DECK), st.sampled_from(["Xx", "10h", "ah", " Kd", "??"]))


@settings(max_examples=400, deadline=None)
@given(
    game=st.one_of(st.none(), st.sampled_from(list(Game))),
    cards=st.lists(TEXTS, max_size=8),
    board=st.lists(TEXTS, max_size=6),
    players=st.integers(min_value=-1, max_value=11),
)
def test_fast_path_answers_as_the_use_case_or_steps_aside(game, cards, board, players):
    fast = evaluate_if_valid(game, cards, players=players, board=board)
    try:
        full = evaluate_hand(game, cards, players=players, board=board)
    except InvalidArgument:
        assert fast is None
        return
    assert fast is None or fast == full


@pytest.mark.parametrize(
    ("game", "cards", "board"),
    [
        (Game.SEVEN_CARD_STUD, "As Ad Ac Kh Kd 2c 3d", ""),
        (Game.SEVEN_CARD_STUD_HI_LO, "Ah 2c 3d 4s 5h Kd Kc", ""),
        (Game.TEXAS_HOLDEM, "Ah Kh", "Qh Jh Th"),
        (Game.SHORT_DECK_HOLDEM, "Ah Kh", "Qh Jh Th 9c 6d"),
    ],
)
def test_a_plainly_valid_hand_takes_the_fast_path(game, cards, board):
    fast = evaluate_if_valid(game, cards.split(), board=board.split())
    assert fast is not None
    assert fast == evaluate_hand(game, cards.split(), board=board.split())


def test_a_card_out_of_the_short_deck_steps_aside():
    assert evaluate_if_valid(Game.SHORT_DECK_HOLDEM, ["2h", "Kh"], board=["Qh", "Jh", "Th"]) is None


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(
        [Game.SEVEN_CARD_STUD, Game.RAZZ, Game.SEVEN_CARD_STUD_HI_LO, Game.FIVE_CARD_DRAW]
    ),
    cards=st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True),
    size=st.integers(min_value=5, max_value=7),
)
def test_random_valid_hands_take_the_fast_path_with_the_same_answer(game, cards, size):
    hand = cards[: 5 if game is Game.FIVE_CARD_DRAW else size]
    fast = evaluate_if_valid(game, hand)
    assert fast is not None
    assert fast == evaluate_hand(game, hand)
