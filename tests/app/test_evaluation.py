"""EvaluateHand / CompareHands use cases: validation and answers (RULES.md rule ids).

Every violation is checked by its exact field path and rule id; every problem in a request
is reported at once.
"""

from __future__ import annotations

import pytest

from floorman.app.evaluation import GAME_NAMES, compare_hands, evaluate_hand
from floorman.domain.cards import cards_str
from floorman.domain.errors import InvalidArgument
from floorman.domain.hand_value import HandCategory
from floorman.domain.model import Game


def violations(error: pytest.ExceptionInfo[InvalidArgument]) -> list[tuple[str, str]]:
    """(field, rule) of every violation, in order."""
    return [(v.field, v.rule) for v in error.value.violations]


# ----------------------------------------------------------------------------- EvaluateHand


def test_evaluate_hand_accepts_ten_as_10_and_either_case() -> None:
    """Common to every game (cards): '10h', 'ah' and 'KD' parse; answers print 'Th' form."""
    result = evaluate_hand(Game.FIVE_CARD_DRAW, ["10h", "jh", "QH", "Kh", "ah"])
    assert result.high.category is HandCategory.ROYAL_FLUSH
    assert cards_str(result.high.best_cards) == ["Ah", "Kh", "Qh", "Jh", "Th"]


def test_evaluate_hand_razz_answer() -> None:
    """Razz: the example of the CLI (As 2c 3d 4h 7s Kc Kd) reads 7-4-3-2-A and has no high."""
    result = evaluate_hand(Game.RAZZ, ["As", "2c", "3d", "4h", "7s", "Kc", "Kd"])
    assert result.high is None
    assert (result.low.description, result.low.category) == ("7-4-3-2-A", HandCategory.HIGH_CARD)


def test_evaluate_hand_requires_a_game() -> None:
    """An unspecified game is a ``game`` violation without a rule id."""
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(None, ["As", "2c", "3d", "4h", "7s"])
    assert violations(error) == [("game", "")]
    assert error.value.violations[0].message == "game is required"


def test_evaluate_hand_without_game_still_reports_bad_cards() -> None:
    """No game: malformed and duplicate cards are reported beside the missing game."""
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(None, ["As", "Zz", "As"])
    assert violations(error) == [
        ("game", ""),
        ("cards[1]", "card.malformed"),
        ("cards[2]", "card.duplicate"),
    ]


@pytest.mark.parametrize(
    ("game", "count", "allowed"),
    [
        (Game.FIVE_CARD_DRAW, 4, "exactly 5"),
        (Game.FIVE_CARD_DRAW, 6, "exactly 5"),
        (Game.FIVE_CARD_STUD, 7, "exactly 5"),
        (Game.SEVEN_CARD_STUD, 4, "5 to 7"),
        (Game.RAZZ, 8, "5 to 7"),
        (Game.SEVEN_CARD_STUD_HI_LO, 0, "5 to 7"),
    ],
)
def test_evaluate_hand_wrong_card_count_is_card_count(game: Game, count: int, allowed: str) -> None:
    """``card.count`` on ``cards``: 5 cards (draw, Five Card Stud) or 5-7 (Seven Card Stud)."""
    cards = ["As", "Ks", "Qs", "Js", "9s", "8s", "7s", "6s"][:count]
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(game, cards)
    assert violations(error) == [("cards", "card.count")]
    assert allowed in error.value.violations[0].message


@pytest.mark.parametrize("text", ["Zz", "??", "", "A", "1h", "Ahh", "11h"])
def test_evaluate_hand_malformed_card(text: str) -> None:
    """``card.malformed`` names the card's index; ``??`` is not a card here."""
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(Game.FIVE_CARD_DRAW, ["As", "Ks", text, "Js", "9s"])
    assert violations(error) == [("cards[2]", "card.malformed")]


def test_evaluate_hand_duplicate_card_names_the_second_copy() -> None:
    """``card.duplicate`` on the repeated card (either case counts as the same card)."""
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(Game.SEVEN_CARD_STUD, ["As", "Ks", "Qs", "as", "9s", "AS"])
    assert violations(error) == [("cards[3]", "card.duplicate"), ("cards[5]", "card.duplicate")]


@pytest.mark.parametrize("card", ["2h", "6h", "5c"])
def test_seven_to_ace_draw_low_card_is_not_in_deck(card: str) -> None:
    """Five Card Draw 7-A: a card below the seven is ``card.not_in_deck`` in the 32-card deck."""
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(Game.FIVE_CARD_DRAW_7A, ["As", "Ks", "Qs", card, "9s"])
    assert violations(error) == [("cards[3]", "card.not_in_deck")]


def test_seven_to_ace_draw_five_players_let_sixes_in() -> None:
    """Five Card Draw 7-A: with five players the sixes are in; fives still are not."""
    result = evaluate_hand(Game.FIVE_CARD_DRAW_7A, ["Ac", "6d", "7h", "8s", "9c"], players=5)
    assert result.high.description == "Straight, nine high"
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(Game.FIVE_CARD_DRAW_7A, ["Ac", "5d", "7h", "8s", "9c"], players=5)
    assert violations(error) == [("cards[1]", "card.not_in_deck")]


@pytest.mark.parametrize("players", [1, 6, 10, -1])
def test_seven_to_ace_draw_players_must_be_zero_or_two_to_five(players: int) -> None:
    """Five Card Draw 7-A: ``players`` 0 (unknown) or 2-5; anything else is a ``players`` error."""
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(Game.FIVE_CARD_DRAW_7A, ["Ac", "Kd", "7h", "8s", "9c"], players=players)
    assert violations(error) == [("players", "")]


def test_other_games_take_players_in_their_range_but_their_deck_ignores_it() -> None:
    """RULES.md "Five Card Draw, 7-A" (classic draw: 2 to 6 players): a count in range gives
    the same answer as 0; a negative count is always a violation."""
    cards = ["Ac", "Kd", "7h", "8s", "9c"]
    assert evaluate_hand(Game.FIVE_CARD_DRAW, cards, players=6).high.description == "High card, ace"
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(Game.FIVE_CARD_DRAW, cards, players=-2)
    assert violations(error) == [("players", "")]


@pytest.mark.parametrize(
    ("game", "most"),
    [
        (Game.FIVE_CARD_DRAW_7A, 5),
        (Game.FIVE_CARD_DRAW, 6),
        (Game.SEVEN_CARD_STUD, 8),
        (Game.RAZZ, 8),
        (Game.SEVEN_CARD_STUD_HI_LO, 8),
        (Game.FIVE_CARD_STUD, 10),
    ],
)
def test_players_is_zero_or_within_every_games_player_range(game: Game, most: int) -> None:
    """RULES.md player counts (7-A 2-5, classic draw 2-6, seven card studs 2-8, five card
    stud 2-10): ``players`` 0, 2 and the maximum evaluate; 1, maximum + 1 and 2147483647 are
    a ``players`` violation naming the range."""
    cards = ["Ac", "Kd", "Qh", "Js", "9c"]
    answers = {evaluate_hand(game, cards, players=players) for players in (0, 2, most)}
    assert len(answers) == 1  # the same value whatever the count
    for players in (1, most + 1, 2**31 - 1):
        with pytest.raises(InvalidArgument) as error:
            evaluate_hand(game, cards, players=players)
        assert [(v.field, v.message) for v in error.value.violations] == [
            ("players", f"{GAME_NAMES[game]} takes 0 (unknown) or 2 to {most} players "
                        f"(got {players})")
        ]  # fmt: skip


@pytest.mark.parametrize(
    ("game", "most"),
    [
        (Game.FIVE_CARD_DRAW_7A, 5),
        (Game.FIVE_CARD_DRAW, 6),
        (Game.SEVEN_CARD_STUD, 8),
        (Game.RAZZ, 8),
        (Game.SEVEN_CARD_STUD_HI_LO, 8),
        (Game.FIVE_CARD_STUD, 10),
    ],
)
def test_compare_hands_refuses_more_hands_than_the_game_seats(game: Game, most: int) -> None:
    """RULES.md player counts: CompareHands takes up to the game's most players (each hand
    a different player); one hand more is a ``hands`` violation, whatever the cards."""
    deck = [f"{rank}{suit}" for rank in "AKQJT98765432" for suit in "cdhs"]
    hands = [deck[5 * i : 5 * i + 5] for i in range(most + 1)]
    result = compare_hands(game, hands[:most])
    assert len(result.results) == most
    with pytest.raises(InvalidArgument) as error:
        compare_hands(game, hands)
    assert ("hands", f"{GAME_NAMES[game]} seats at most {most} players (got {most + 1} hands)") in [
        (v.field, v.message) for v in error.value.violations
    ]


def test_compare_hands_refuses_more_hands_than_players_dealt_in() -> None:
    """DESIGN.md ("players" 0: the number of hands): a ``players`` count below the number
    of hands is a ``hands`` violation; equal or above is fine."""
    hands = [
        ["Ac", "Ad", "Ah", "Kc", "Kd"],
        ["2c", "3c", "4c", "5c", "7d"],
        ["9s", "9h", "8s", "8h", "Qd"],
    ]
    assert compare_hands(Game.FIVE_CARD_DRAW, hands, players=3).winners == (0,)
    with pytest.raises(InvalidArgument) as error:
        compare_hands(Game.FIVE_CARD_DRAW, hands, players=2)
    assert [(v.field, v.message) for v in error.value.violations] == [
        ("hands", "3 hands, but only 2 players dealt in")
    ]


def test_evaluate_hand_reports_every_violation_at_once() -> None:
    """Every problem of one request comes back in one error, in field order."""
    with pytest.raises(InvalidArgument) as error:
        evaluate_hand(Game.FIVE_CARD_DRAW_7A, ["2h", "Ah", "xx", "ah", "??", "7c"], players=7)
    assert violations(error) == [
        ("players", ""),
        ("cards", "card.count"),
        ("cards[0]", "card.not_in_deck"),
        ("cards[2]", "card.malformed"),
        ("cards[3]", "card.duplicate"),
        ("cards[4]", "card.malformed"),
    ]


# ----------------------------------------------------------------------------- CompareHands


def test_compare_hands_needs_at_least_one_hand() -> None:
    """No hand is a ``hands`` violation without a rule id."""
    with pytest.raises(InvalidArgument) as error:
        compare_hands(Game.SEVEN_CARD_STUD, [])
    assert violations(error) == [("hands", "")]


def test_compare_hands_requires_a_game() -> None:
    """An unspecified game is a ``game`` violation."""
    with pytest.raises(InvalidArgument) as error:
        compare_hands(None, [["As", "Ks", "Qs", "Js", "9s"]])
    assert violations(error) == [("game", "")]


def test_compare_hands_duplicate_across_hands() -> None:
    """``card.duplicate`` when a card appears in two hands, named in the later hand."""
    with pytest.raises(InvalidArgument) as error:
        compare_hands(
            Game.FIVE_CARD_DRAW, [["As", "Ks", "Qs", "Js", "9s"], ["2c", "3c", "4c", "5c", "AS"]]
        )
    assert violations(error) == [("hands[1].cards[4]", "card.duplicate")]
    assert "hands[0].cards[0]" in error.value.violations[0].message


def test_compare_hands_per_hand_count_and_card_paths() -> None:
    """Per-hand problems carry ``hands[i].cards`` / ``hands[i].cards[j]`` paths."""
    with pytest.raises(InvalidArgument) as error:
        compare_hands(
            Game.SEVEN_CARD_STUD,
            [["As", "Ks", "Qs", "Js"], ["2c", "3c", "4c", "5c", "6c", "Xx"], ["7d", "7d", "8d"]],
        )
    assert violations(error) == [
        ("hands[0].cards", "card.count"),
        ("hands[1].cards[5]", "card.malformed"),
        ("hands[2].cards", "card.count"),
        ("hands[2].cards[1]", "card.duplicate"),
    ]


def test_seven_to_ace_compare_five_hands_play_the_36_card_deck() -> None:
    """Five Card Draw 7-A: players 0 and five hands -> 36-card deck, A-6-7-8-9 a straight."""
    hands = [
        ["Ac", "6d", "7h", "8s", "9c"],
        ["Kc", "Kd", "Kh", "7c", "8d"],
        ["Tc", "Td", "Qs", "Qc", "Js"],
        ["6h", "6s", "9d", "Ts", "Jd"],
        ["8h", "9h", "Jh", "Ah", "Qd"],
    ]
    result = compare_hands(Game.FIVE_CARD_DRAW_7A, hands)
    assert result.winners == (0,)
    assert result.results[0].high.description == "Straight, nine high"


def test_seven_to_ace_compare_four_hands_refuse_sixes() -> None:
    """Five Card Draw 7-A: players 0 and four hands -> 32-card deck, a six is not in it."""
    hands = [["Ac", "6d", "7h", "8s", "9c"], ["Kc", "Kd", "Kh", "7c", "8d"]]
    with pytest.raises(InvalidArgument) as error:
        compare_hands(Game.FIVE_CARD_DRAW_7A, hands)
    assert violations(error) == [("hands[0].cards[1]", "card.not_in_deck")]
    result = compare_hands(Game.FIVE_CARD_DRAW_7A, hands, players=5)
    assert result.winners == (0,)


def test_seven_to_ace_compare_more_than_five_hands_is_a_hands_violation() -> None:
    """Five Card Draw 7-A: more than five hands (2-5 players) is a ``hands`` violation."""
    deck = [r + s for r in "789TJQKA" for s in "cdhs"]
    hands = [deck[5 * i : 5 * i + 5] for i in range(6)]  # 30 distinct cards of the 7-A deck
    with pytest.raises(InvalidArgument) as error:
        compare_hands(Game.FIVE_CARD_DRAW_7A, hands)
    assert violations(error) == [("hands", "")]
    with pytest.raises(InvalidArgument) as error:
        compare_hands(Game.FIVE_CARD_DRAW_7A, hands, players=5)
    assert violations(error) == [("hands", "")]
    assert len(compare_hands(Game.FIVE_CARD_DRAW_7A, hands[:5]).results) == 5


def test_compare_hands_hi_lo_answer() -> None:
    """Seven Card Stud Hi-Lo: high and low halves go to different hands."""
    result = compare_hands(
        Game.SEVEN_CARD_STUD_HI_LO,
        [["Kc", "Kd", "Kh", "9s", "9c", "Qd", "Jh"], ["Ac", "2d", "3h", "4s", "7c", "Td", "Jc"]],
    )
    assert (result.winners, result.low_winners) == ((0,), (1,))
    assert result.results[0].low.qualifies is False
