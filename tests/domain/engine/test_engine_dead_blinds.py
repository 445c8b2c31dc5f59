"""Dead blinds are dead money (RULES.md "Five Card Draw, 7-A", Button: a player who missed
blinds posts them on return, the big blind live and a missed small blind dead; "Common to every
game": uncalled bets, side pots, rake, chip conservation).

A dead blind goes to the main pot, never counts toward the poster's bet and is never handed
back as an "uncalled bet": only the poster's live chips are compared with the others'.
"""

from __future__ import annotations

import pytest
from engine_support import BET, CALL, CHECK, DRAW, FOLD, MUCK, RAISE, SHOW, Hand, table

from floorman.domain.engine import PotShare, settle_hand, snapshot
from floorman.domain.model import ForcedBet, ForcedBetKind, Game, RakePolicy

SB = ForcedBetKind.SMALL_BLIND
BB = ForcedBetKind.BIG_BLIND


def dead_small(seat: int, *, flagged: bool) -> ForcedBet:
    """A missed small blind posted dead: a ``DEAD_BLIND``, or a small blind flagged ``dead``."""
    if flagged:
        return ForcedBet(seat=seat, kind=SB, amount=5, dead=True)
    return ForcedBet(seat=seat, kind=ForcedBetKind.DEAD_BLIND, amount=5)


def returning_table(
    stacks: dict[int, int], *, returning: int, flagged: bool, rake: RakePolicy | None = None
) -> Hand:
    """Five card draw 10/20, button seat 1, small blind seat 2 (5), big blind seat 3 (10), and
    ``returning`` posting a live big blind (10) plus a dead small blind (5)."""
    config = table(
        Game.FIVE_CARD_DRAW,
        stacks,
        button=1,
        rake=rake,
        forced_bets=[
            ForcedBet(seat=2, kind=SB, amount=5),
            ForcedBet(seat=3, kind=BB, amount=10),
            ForcedBet(seat=returning, kind=BB, amount=10),
            dead_small(returning, flagged=flagged),
        ],
    )
    return Hand(config, reserve="As Ad Ah Ac Kd Ks Kh Kc Qd Qh 3c 3d 4h 4s Jc 7c 7d")


@pytest.mark.parametrize("flagged", [False, True], ids=["dead_blind", "small_blind_dead"])
def test_button_dead_small_blind_uncontested_stays_in_the_pot(flagged: bool) -> None:
    """Five Card Draw "Button" (big blind live, small blind dead) / "Common to every game"
    (uncalled bet, rake): everyone folds to the returning player; its live 10 is matched by the
    big blind, so nothing is returned and the 30 pot (dead 5 included) is raked 10 % = 3."""
    hand = returning_table(
        {1: 200, 2: 200, 3: 200, 4: 200},
        returning=4,
        flagged=flagged,
        rake=RakePolicy(percent_bps=1000),
    ).deal_draw({})
    assert hand.state.dead_chips() == {4: 5}
    assert [(s.seat, s.bet, s.contributed) for s in snapshot(hand.state).seats] == [
        (1, 0, 0), (2, 5, 5), (3, 10, 10), (4, 10, 15),
    ]  # fmt: skip
    hand.act(4, CHECK).act(1, FOLD).act(2, FOLD).act(3, FOLD)
    result = settle_hand(hand.state)
    assert result.returned == {}
    assert result.rake == 3
    assert result.pots == (PotShare(27, (4,), (4,)),)
    assert result.payouts == {4: 27}
    assert result.final_stacks == {1: 200, 2: 195, 3: 190, 4: 212}


@pytest.mark.parametrize("flagged", [False, True], ids=["dead_blind", "small_blind_dead"])
def test_button_dead_small_blind_raise_returns_only_the_live_excess(flagged: bool) -> None:
    """Five Card Draw "Button" / "Common to every game" (uncalled bet): the returning player
    raises to 20 and everyone folds; 10 of its live 20 is uncalled and comes back, the dead 5
    stays in the 30 pot it wins."""
    hand = returning_table({1: 200, 2: 200, 3: 200, 4: 200}, returning=4, flagged=flagged)
    hand.deal_draw({}).act(4, RAISE, 20).act(1, FOLD).act(2, FOLD).act(3, FOLD)
    result = settle_hand(hand.state)
    assert result.returned == {4: 10}
    assert result.pots == (PotShare(30, (4,), (4,)),)
    assert result.final_stacks == {1: 200, 2: 195, 3: 190, 4: 215}


@pytest.mark.parametrize("flagged", [False, True], ids=["dead_blind", "small_blind_dead"])
def test_button_dead_small_blind_called_pokerstars_case(flagged: bool) -> None:
    """Five Card Draw "Button" / "Common to every game" (uncalled bet, rake): the reported
    PokerStars hand (seat 5 posts small & big blinds $0.15, raises to $0.40 after the draw and
    is called): the pot is 125 with 5 raked and 120 paid, nothing returned (not 120 + 5
    "uncalled")."""
    hand = returning_table(
        {1: 200, 2: 200, 3: 200, 5: 200},
        returning=5,
        flagged=flagged,
        rake=RakePolicy(percent_bps=10_000, cap=5),
    )
    hand.deal_draw(
        {1: "Tc Td 9h 9s 6c", 2: "Jd Jh 8c 8d 6d", 3: "Ks Kh Kd 4c 5c", 5: "Ah Ad Kc Qs 2h"}
    )
    hand.act(5, CHECK).act(1, CALL).act(2, CALL).act(3, CHECK)
    hand.act(2, DRAW, shown="8c 8d 6d").deal(2, "5d 5h 6h")
    hand.act(3, DRAW).act(5, DRAW, shown="Kc Qs 2h").deal(5, "As 7c 7d")
    hand.act(1, DRAW, shown="9h 9s").deal(1, "6s 5s")
    hand.act(2, CHECK).act(3, BET, 20).act(5, RAISE, 40).act(1, FOLD).act(2, FOLD)
    hand.act(3, CALL).act(5, SHOW, shown="Ah Ad As 7c 7d").act(3, MUCK)
    result = settle_hand(hand.state)
    assert result.returned == {}
    assert result.rake == 5
    assert result.pots == (PotShare(120, (5,), (5,)),)  # seat 3 mucked
    assert result.payouts == {5: 120}
    assert result.final_stacks == {1: 190, 2: 190, 3: 150, 5: 265}


@pytest.mark.parametrize("flagged", [False, True], ids=["dead_blind", "small_blind_dead"])
def test_button_dead_small_blind_with_a_side_pot_goes_to_the_main_pot(flagged: bool) -> None:
    """Five Card Draw "Button" / "Common to every game" (side pots, chip conservation): seat 1
    is all in for 30; the dead 5 sets no level and joins the main pot (30 x 3 + the small
    blind's 5 + 5 dead = 100, won by seat 1's quads); the 40 side pot goes to seat 4's full
    house; nothing is returned."""
    hand = returning_table({1: 30, 2: 200, 3: 200, 4: 200}, returning=4, flagged=flagged)
    hand.deal_draw({1: "As Ad Ah Ac Kd", 3: "3c 3d 4h 4s Jc", 4: "Ks Kh Kc Qd Qh"})
    hand.act(4, RAISE, 20).act(1, RAISE, 30).act(2, FOLD).act(3, CALL).act(4, CALL)
    hand.act(3, DRAW).act(4, DRAW).act(1, DRAW)
    hand.act(3, BET, 20).act(4, CALL)
    assert hand.state.complete
    result = settle_hand(hand.state)
    assert result.returned == {}
    assert result.pots == (PotShare(100, (1, 3, 4), (1,)), PotShare(40, (3, 4), (4,)))
    assert result.final_stacks == {1: 100, 2: 195, 3: 150, 4: 185}
    assert sum(result.final_stacks.values()) == 630
