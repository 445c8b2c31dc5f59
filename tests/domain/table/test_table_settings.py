"""Table settings checks (RULES.md "Stakes defaults", game player counts, buy-in limits)."""

from __future__ import annotations

import pytest

from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game, Stakes
from floorman.domain.table.settings import TableSettings, check_settings


def test_settings_default_seats_are_the_games_maximum():
    """RULES.md game sections: a table seats the game's maximum player count by default."""
    assert (
        check_settings(
            TableSettings(game=Game.FIVE_CARD_DRAW_7A, stakes=Stakes(small_bet=2))
        ).max_seats
        == 5
    )
    assert (
        check_settings(
            TableSettings(game=Game.FIVE_CARD_STUD, stakes=Stakes(small_bet=2))
        ).max_seats
        == 10
    )


def test_settings_refuse_bad_stakes_seats_buy_ins_and_dealer_position():
    """RULES.md "Stakes defaults": a bring-in of the small bet is ``bring_in.amount``; seats
    beyond the game's maximum, an inverted buy-in range and a dealer seat in a button game are
    malformed; every problem is reported with its ``settings.*`` path."""
    with pytest.raises(InvalidArgument) as refused:
        check_settings(
            TableSettings(
                game=Game.SEVEN_CARD_STUD,
                stakes=Stakes(small_bet=10, bring_in=10),
                max_seats=9,
                min_buy_in=500,
                max_buy_in=100,
            )
        )
    found = {(v.field, v.rule) for v in refused.value.violations}
    assert found == {
        ("settings.stakes.bring_in", "bring_in.amount"),
        ("settings.max_seats", ""),
        ("settings.max_buy_in", ""),
    }
    with pytest.raises(InvalidArgument) as draw:
        check_settings(
            TableSettings(game=Game.FIVE_CARD_DRAW, stakes=Stakes(small_bet=10), dealer_seat=2)
        )
    assert [v.field for v in draw.value.violations] == ["settings.dealer_seat"]
    with pytest.raises(InvalidArgument) as missing:
        check_settings(TableSettings(game=Game.RAZZ, stakes=Stakes()))
    assert [v.field for v in missing.value.violations] == ["settings.stakes.small_bet"]
