"""The big-blind ante in the draw games (docs/rules.md "Big-blind ante in the draw games";
RULES.md "Lowball draw and Badugi" is silent, the WSOP Poker Players Championship 2-7 single
draw hands of the corpus use one).

The rule is the community-card games' (RULES.md "Hold'em and Omaha"): the big blind posts one
ante for the table, dead money in the main pot, never part of its live bet. The studs, which
have no blinds, still refuse it (``ante.amount``).
"""

from __future__ import annotations

import pytest
from engine_support import FOLD, NL, Hand, table

from floorman.domain.engine import settle_hand, snapshot, start_hand
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import ForcedBet, ForcedBetKind, Game

DRAWS = (
    Game.FIVE_CARD_DRAW,
    Game.DEUCE_TO_SEVEN_SINGLE_DRAW,
    Game.DEUCE_TO_SEVEN_TRIPLE_DRAW,
    Game.ACE_TO_FIVE_TRIPLE_DRAW,
    Game.BADUGI,
)


@pytest.mark.parametrize("game", DRAWS)
def test_draw_big_blind_ante_is_dead_money_of_the_big_blind(game: Game) -> None:
    """Seat 2 (the big blind, 100) antes 150 for the table: contributed 250, its live bet
    100; everyone folding to it, it gets back nothing but wins 50 + 150 of its own and the
    small blind: final stacks 4950 / 5050 / 5000 / 5000 (the N2L1D hand 41 pattern)."""
    config = table(game, [5000] * 4, button=4, structure=NL, small_blind=50, big_blind=100,
                   big_blind_ante=150)  # fmt: skip
    hand = Hand(config).deal_holes({})
    view = snapshot(hand.state)
    assert [(s.seat, s.bet, s.contributed) for s in view.seats][:2] == [(1, 50, 50), (2, 100, 250)]
    assert (view.current_bet, view.pot_total, hand.to_act) == (100, 300, 3)
    hand.act(3, FOLD).act(4, FOLD).act(1, FOLD)
    assert settle_hand(hand.state).final_stacks == {1: 4950, 2: 5050, 3: 5000, 4: 5000}


def test_draw_explicit_big_blind_ante_entry_is_accepted_and_stud_refuses_one() -> None:
    """An explicit BIG_BLIND_ANTE entry by the big blind starts a 2-7 single draw hand; a
    stud hand still refuses ``Stakes.big_blind_ante`` (``ante.amount``: no blinds)."""
    forced = (
        ForcedBet(seat=1, kind=ForcedBetKind.SMALL_BLIND, amount=50),
        ForcedBet(seat=2, kind=ForcedBetKind.BIG_BLIND, amount=100),
        ForcedBet(seat=2, kind=ForcedBetKind.BIG_BLIND_ANTE, amount=100, dead=True),
    )
    state = start_hand(
        table(
            Game.DEUCE_TO_SEVEN_SINGLE_DRAW,
            [5000] * 3,
            button=3,
            structure=NL,
            small_blind=50,
            big_blind=100,
            forced_bets=forced,
        )
    )
    assert state.dead_chips() == {2: 100}
    with pytest.raises(InvalidArgument) as caught:
        start_hand(table(Game.SEVEN_CARD_STUD, [500] * 4, big_blind_ante=20))
    assert {(v.field, v.rule) for v in caught.value.violations} == {
        ("config.stakes.big_blind_ante", "ante.amount")
    }
