"""Declarative game definitions (RULES.md game sections; floorman.domain.games)."""

from __future__ import annotations

import pytest

from floorman.domain.cards import RANKS, rank_of
from floorman.domain.errors import InvalidArgument
from floorman.domain.games import (
    GAMES,
    BringInCard,
    ExposedOrder,
    ForcedBets,
    Opener,
    PotSide,
    game_spec,
)
from floorman.domain.model import Game


def test_games__every_seed_game_has_a_definition() -> None:
    """Each of the six seed games of RULES.md has exactly one definition."""
    assert set(GAMES) == set(Game)
    for game in Game:
        assert game_spec(game).game is game


def test_games__unknown_game_is_invalid_argument() -> None:
    """Asking for a game floorman does not play names the ``config.game`` field."""
    with pytest.raises(InvalidArgument) as caught:
        game_spec("omaha")  # type: ignore[arg-type]
    assert caught.value.violations[0].field == "config.game"


@pytest.mark.parametrize(
    ("game", "low", "high"),
    [
        (Game.FIVE_CARD_DRAW_7A, 2, 5),
        (Game.FIVE_CARD_DRAW, 2, 6),
        (Game.SEVEN_CARD_STUD, 2, 8),
        (Game.RAZZ, 2, 8),
        (Game.SEVEN_CARD_STUD_HI_LO, 2, 8),
        (Game.FIVE_CARD_STUD, 2, 10),
    ],
)
def test_games__player_counts(game: Game, low: int, high: int) -> None:
    """RULES.md player ranges: 7-A 2-5, classic draw 2-6, seven studs 2-8, five stud 2-10."""
    spec = game_spec(game)
    assert (spec.min_players, spec.max_players) == (low, high)
    spec.deck(low)
    spec.deck(high)
    for bad in (low - 1, high + 1):
        with pytest.raises(InvalidArgument) as caught:
            spec.deck(bad)
        assert caught.value.violations[0].field == "config.seats"


def test_five_card_draw_7a__deck_follows_players_dealt_in() -> None:
    """RULES.md "Five Card Draw, 7-A": 7 through A (32 cards) for 2-4 players, 6-A for 5."""
    spec = game_spec(Game.FIVE_CARD_DRAW_7A)
    for players in (2, 3, 4):
        deck = spec.deck(players)
        assert len(deck) == 32
        assert min(rank_of(c) for c in deck) == RANKS.index("7")
    deck = spec.deck(5)
    assert len(deck) == 36
    assert min(rank_of(c) for c in deck) == RANKS.index("6")


def test_short_deck_holdem__36_card_deck() -> None:
    """RULES.md "Hold'em and Omaha": Short-deck uses the 36-card deck (6 through A)."""
    spec = game_spec(Game.SHORT_DECK_HOLDEM)
    for players in (spec.min_players, spec.max_players):
        deck = spec.deck(players)
        assert len(deck) == 36
        assert min(rank_of(c) for c in deck) == RANKS.index("6")


_STRIPPED = (Game.FIVE_CARD_DRAW_7A, Game.SHORT_DECK_HOLDEM)


@pytest.mark.parametrize("game", [g for g in Game if g not in _STRIPPED])
def test_games__full_deck_elsewhere(game: Game) -> None:
    """Every other game deals from the 52-card deck."""
    spec = game_spec(game)
    assert len(spec.deck(spec.min_players)) == 52
    assert len(spec.deck(spec.max_players)) == 52


@pytest.mark.parametrize("game", [Game.FIVE_CARD_DRAW, Game.FIVE_CARD_DRAW_7A])
def test_five_card_draw__streets(game: Game) -> None:
    """RULES.md draw: five down, round 1 left of the big blind (small bet), the draw, round 2
    left of the button (big bet); blinds, no bring-in."""
    spec = game_spec(game)
    first, second = spec.streets
    assert (first.name, first.down, first.up, first.draw) == ("first_round", 5, 0, False)
    assert (first.opener, first.big_bet) == (Opener.LEFT_OF_BIG_BLIND, False)
    assert (second.name, second.cards, second.draw) == ("second_round", 0, True)
    assert (second.opener, second.big_bet) == (Opener.LEFT_OF_BUTTON, True)
    assert spec.forced_bets is ForcedBets.BLINDS and spec.is_draw and not spec.is_stud
    assert spec.bring_in_card is None and spec.hand_cards == 5


@pytest.mark.parametrize("game", [Game.SEVEN_CARD_STUD, Game.RAZZ, Game.SEVEN_CARD_STUD_HI_LO])
def test_seven_card_stud_family__streets(game: Game) -> None:
    """RULES.md: 3rd street two down one up, 4th-6th one up, 7th one down; small bet on 3rd and
    4th, big bet from 5th; bring-in on 3rd, best exposed hand after; a burn before 4th-7th."""
    spec = game_spec(game)
    pattern = [(s.name, s.down, s.up, s.big_bet, s.burn) for s in spec.streets]
    assert pattern == [
        ("third_street", 2, 1, False, False),
        ("fourth_street", 0, 1, False, True),
        ("fifth_street", 0, 1, True, True),
        ("sixth_street", 0, 1, True, True),
        ("seventh_street", 1, 0, True, True),
    ]
    assert spec.streets[0].opener is Opener.BRING_IN
    assert all(s.opener is Opener.BEST_EXPOSED for s in spec.streets[1:])
    assert spec.forced_bets is ForcedBets.ANTES_AND_BRING_IN and spec.is_stud
    assert spec.community_last_street and spec.hand_cards == 7


def test_five_card_stud__streets() -> None:
    """RULES.md "Five Card Stud": one down one up, then one up on 3rd-5th; big bet on 4th and
    5th; lowest upcard brings in; no open-pair option; no community card."""
    spec = game_spec(Game.FIVE_CARD_STUD)
    pattern = [(s.name, s.down, s.up, s.big_bet) for s in spec.streets]
    assert pattern == [
        ("second_street", 1, 1, False),
        ("third_street", 0, 1, False),
        ("fourth_street", 0, 1, True),
        ("fifth_street", 0, 1, True),
    ]
    assert spec.bring_in_card is BringInCard.LOWEST_ACE_HIGH
    assert spec.exposed_order is ExposedOrder.HIGH
    assert not spec.open_pair_option and not spec.community_last_street
    assert spec.sides == (PotSide.HIGH,)


def test_seven_card_stud_family__bring_in_exposure_and_sides() -> None:
    """Stud Hi and Hi-Lo: lowest door card, high exposure; Razz: highest door card, low
    exposure; only Stud Hi has the open-pair option; pot sides per game."""
    stud, razz, hilo = (
        game_spec(Game.SEVEN_CARD_STUD),
        game_spec(Game.RAZZ),
        game_spec(Game.SEVEN_CARD_STUD_HI_LO),
    )
    assert stud.bring_in_card is hilo.bring_in_card is BringInCard.LOWEST_ACE_HIGH
    assert razz.bring_in_card is BringInCard.HIGHEST_ACE_LOW
    assert stud.exposed_order is hilo.exposed_order is ExposedOrder.HIGH
    assert razz.exposed_order is ExposedOrder.LOW
    assert stud.open_pair_option and stud.open_pair_street == 1
    assert not razz.open_pair_option and not hilo.open_pair_option
    assert stud.sides == (PotSide.HIGH,)
    assert razz.sides == (PotSide.LOW_A5,)
    assert hilo.sides == (PotSide.HIGH, PotSide.LOW_8)
    assert game_spec(Game.FIVE_CARD_DRAW_7A).sides == (PotSide.HIGH_7A,)
