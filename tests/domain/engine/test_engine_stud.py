"""The stud family: bring-in, first to act, the open pair, deals, the 7th-street community
card (RULES.md "Seven Card Stud family", "Five Card Stud")."""

from __future__ import annotations

import pytest
from engine_support import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    NL,
    PL,
    RAISE,
    SEVEN_STUDS,
    SHOW,
    STUDS,
    Hand,
    cards,
    stud_first_street,
    table,
)

from floorman.domain.cards import card_str
from floorman.domain.engine import DealRequest, apply, pending_deals, settle_hand, snapshot
from floorman.domain.errors import RuleViolation
from floorman.domain.model import BettingStructure, Deal, Game

HIGH_GAMES = (Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO, Game.FIVE_CARD_STUD)


def stud(
    game: Game,
    stacks: list[int] | dict[int, int],
    reserve: str = "",
    *,
    written: bool = False,
    **kw: object,
) -> Hand:
    """A stud hand (bring-in 5 unless given); ``reserve``: cards the test deals later;
    ``written``: a written record's hand, whose up cards may be ``??``."""
    kw.setdefault("bring_in", 5)
    return Hand(table(game, stacks, **kw), reserve=reserve, written=written)  # type: ignore[arg-type]


# --- the bring-in --------------------------------------------------------------------------


@pytest.mark.parametrize("game", HIGH_GAMES)
def test_bring_in__lowest_door_card_ace_high_ties_by_lowest_suit(game: Game) -> None:
    """RULES.md 3rd street: the lowest upcard brings in (ace high); a tie goes to the lowest
    suit (clubs < diamonds < hearts < spades)."""
    hand = stud(game, [100] * 4).stud_street({1: "Ah", 2: "3d", 3: "3c", 4: "Kd"})
    assert hand.to_act == 3
    assert hand.refuse(2, BRING_IN) == "bring_in.player"
    assert hand.refuse(1, BRING_IN) == "bring_in.player"


def test_bring_in__razz_highest_door_card_ace_low_ties_by_highest_suit() -> None:
    """RULES.md 3rd street Razz: the highest upcard brings in (ace low, so a king is highest);
    a tie goes to the highest suit."""
    hand = stud(Game.RAZZ, [100] * 4).stud_street({1: "Ah", 2: "Kd", 3: "Ks", 4: "Qc"})
    assert hand.to_act == 3
    assert hand.refuse(2, BRING_IN) == "bring_in.player"


@pytest.mark.parametrize("game", STUDS)
def test_bring_in__may_not_fold_or_check_and_must_post_the_amount(game: Game) -> None:
    """RULES.md: the bring-in may not fold or check (``action.not_allowed``); a BRING_IN that
    carries an amount must carry the bring-in (``bring_in.amount``)."""
    hand = stud_first_street(game, [100, 100, 100], bring_in=5)
    assert hand.legal_map() == {BRING_IN: [(5, 5)], COMPLETE: [(10, 10)]}
    assert hand.refuse(1, FOLD) == "action.not_allowed"
    assert hand.refuse(1, CHECK) == "action.not_allowed"
    assert hand.refuse(1, CALL) == "action.not_allowed"
    assert hand.refuse(1, BRING_IN, 4) == "bring_in.amount"
    hand.act(1, BRING_IN, 5)
    assert hand.to_act == 2


@pytest.mark.parametrize("game", STUDS)
def test_bring_in__short_stack_posts_all_it_has(game: Game) -> None:
    """RULES.md "Seven Card Stud family" (the bring-in "posts all it has if short"): a stack
    of 3 after the ante posts 3 of the 5 bring-in and is all in; the next player's CALL is
    the 3 posted (not the full bring-in), or it may COMPLETE to the small bet (10)."""
    hand = stud_first_street(game, [4, 100, 100], bring_in=5, ante=1)
    entry = hand.legal()[0]
    assert (entry.type, entry.min_amount, entry.max_amount, entry.all_in) == (BRING_IN, 3, 3, True)
    hand.act(1, BRING_IN)
    view = snapshot(hand.state)
    assert view.seats[0].all_in and view.current_bet == 3 and view.amount_to_call == 3
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(3, 3)], COMPLETE: [(10, 10)]}


@pytest.mark.parametrize("game", STUDS)
def test_seven_card_stud_family_short_bring_in_called_for_the_chips_posted(game: Game) -> None:
    """RULES.md "Seven Card Stud family" (a short bring-in; everyone only calls the bring-in:
    the round ends): both others call the 3 posted, the next street is dealt, and the 12 pot
    (antes 3 + 3 x 3) holds every chip, all matched (Full Tilt razz hand #28333847000:
    all in for 9 of a 40 bring-in, called for 9)."""
    hand = stud_first_street(game, [4, 100, 100], bring_in=5, ante=1)
    hand.act(1, BRING_IN).act(2, CALL).act(3, CALL)
    view = snapshot(hand.state)
    assert hand.state.street == 1 and pending_deals(hand.state)  # the next street is due
    assert view.pot_total == 12
    assert [s.contributed for s in view.seats] == [4, 4, 4]  # every chip matched


@pytest.mark.parametrize("game", STUDS)
def test_seven_card_stud_family_short_bring_in_complete_to_the_small_bet(game: Game) -> None:
    """RULES.md "Seven Card Stud family" ("any player may complete") and "Betting structures"
    (a completion counts as the round's first bet): over a short bring-in of 3 the next player
    completes to 10; the third may call 10 or raise to 20; a completion of any other size is
    ``bet.amount``."""
    hand = stud_first_street(game, [4, 100, 100], bring_in=5, ante=1).act(1, BRING_IN)
    assert hand.refuse(2, COMPLETE, 5) == "bet.amount"
    hand.act(2, COMPLETE, 10)
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(10, 10)], RAISE: [(20, 20)]}
    assert snapshot(hand.state).bets_this_round == 1


@pytest.mark.parametrize("structure", [NL, PL], ids=["no_limit", "pot_limit"])
@pytest.mark.parametrize("game", STUDS)
def test_seven_card_stud_family_short_bring_in_first_raise_is_at_least_the_small_bet(
    game: Game, structure: BettingStructure
) -> None:
    """RULES.md "Betting structures" (pot limit and no limit stud: no COMPLETE; the first raise
    over the bring-in goes to at least the small bet, pot limit at most the pot) and "Seven
    Card Stud family" (short bring-in): over a short bring-in of 3 the next player may call 3
    or raise to 10 (no limit: up to its 99; pot limit: up to 3 + the 9 pot after the call =
    12); a raise to 5 is ``bet.min_raise``; the raise to 10 counts as a bet of 10."""
    hand = stud_first_street(game, [4, 100, 100], bring_in=5, ante=1, structure=structure)
    hand.act(1, BRING_IN)
    most = 99 if structure is NL else 12
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(3, 3)], RAISE: [(10, most)]}
    assert hand.refuse(2, RAISE, 5) == "bet.min_raise"
    hand.act(2, RAISE, 10)
    assert hand.legal_map()[RAISE][0][0] == 20


@pytest.mark.parametrize("game", STUDS)
def test_bring_in__all_in_from_the_ante_passes_to_the_next_player(game: Game) -> None:
    """RULES.md: if the bring-in player is all in from the ante, the next in order brings in
    (here the next door card in the order is also the next seat)."""
    hand = stud_first_street(game, [2, 100, 100], bring_in=5, ante=2)
    assert snapshot(hand.state).seats[0].all_in
    assert hand.to_act == 2
    assert hand.legal_map() == {BRING_IN: [(5, 5)], COMPLETE: [(10, 10)]}


ALL_IN_DOORS = {
    # game: (doors of seats 1-4 with seat 1 all in from the ante, the next in order)
    Game.SEVEN_CARD_STUD: ({1: "2c", 2: "Kd", 3: "5h", 4: "5c"}, 4),
    Game.SEVEN_CARD_STUD_HI_LO: ({1: "2c", 2: "Kd", 3: "5h", 4: "5c"}, 4),
    Game.FIVE_CARD_STUD: ({1: "2c", 2: "Kd", 3: "5h", 4: "5c"}, 4),
    Game.RAZZ: ({1: "Ks", 2: "3d", 3: "Qh", 4: "Qd"}, 3),
}


@pytest.mark.parametrize("game", STUDS)
def test_seven_card_stud_family_bring_in_all_in_from_the_ante_passes_down_the_bring_in_order(
    game: Game,
) -> None:
    """RULES.md "Seven Card Stud family" ("If that player is all-in from the ante, the next in
    order brings in") and "Five Card Stud" (bring-in as Stud Hi); docs/rules.md: the next in
    the bring-in order, not clockwise. Seat 1 (lowest door; Razz: highest) is all in from
    the 2 ante; the next-lowest door, 5c over 5h by suit, brings in (Razz: the next-highest,
    Qh over Qd), not seat 2 clockwise; it posts 5 of its 98 and the action goes on to its
    left, skipping seat 1."""
    doors, expected = ALL_IN_DOORS[game]
    hand = stud(game, {1: 2, 2: 100, 3: 100, 4: 100}, ante=2).stud_street(doors)
    assert snapshot(hand.state).seats[0].all_in
    assert hand.to_act == expected
    assert hand.refuse(2, BRING_IN) == "bring_in.player"
    hand.act(expected, BRING_IN)
    assert (hand.stack(expected), hand.contributed(expected)) == (93, 7)
    assert hand.to_act == (2 if expected == 4 else 4)


@pytest.mark.parametrize("game", STUDS)
def test_seven_card_stud_family_bring_in_skips_every_player_all_in_from_the_ante(
    game: Game,
) -> None:
    """RULES.md "Seven Card Stud family" (the next in order brings in; docs/rules.md: every
    player all in is skipped): the lowest two doors (Razz: highest two) are all in from the
    ante, so the third in the bring-in order brings in: seat 5 (Razz: seat 2)."""
    if game is Game.RAZZ:
        doors, expected = {1: "Kc", 2: "Jd", 3: "3h", 4: "Qs", 5: "4c"}, 2
    else:
        doors, expected = {1: "2c", 2: "Kd", 3: "Ah", 4: "3s", 5: "9h"}, 5
    hand = stud(game, {1: 1, 2: 100, 3: 100, 4: 1, 5: 100}, ante=1).stud_street(doors)
    view = snapshot(hand.state)
    assert [s.all_in for s in view.seats] == [True, False, False, True, False]
    assert hand.to_act == expected
    others = {2, 3, 5} - {expected}
    assert all(hand.refuse(seat, BRING_IN) == "bring_in.player" for seat in others)


def test_seven_card_stud_family_all_in_players_unknown_door_does_not_move_the_bring_in() -> None:
    """DESIGN.md "Unknown cards" and RULES.md "Seven Card Stud family": an unknown door card
    of a player all in from the ante cannot bring in, so it adds no alternative: the lowest
    known door of the others (seat 3, 4d) brings in and seat 2 is refused."""
    hand = stud(Game.SEVEN_CARD_STUD, {1: 1, 2: 100, 3: 100}, ante=1, written=True)
    hand.deal(1, "?? ??").deal(1, "??", up=True)
    hand.deal(2, "?? ??").deal(2, "9c", up=True)
    hand.deal(3, "?? ??").deal(3, "4d", up=True)
    assert hand.to_act == 3
    assert hand.refuse(2, BRING_IN) == "bring_in.player"
    hand.act(3, BRING_IN)
    assert snapshot(hand.state).notes == ()


@pytest.mark.parametrize("game", STUDS)
def test_bring_in__none_when_at_most_one_player_can_bet(game: Game) -> None:
    """RULES.md: with at most one player able to bet there is no bring-in; the next street is
    dealt and every hand is face up."""
    hand = stud_first_street(game, [2, 100, 2], bring_in=5, ante=2)
    view = snapshot(hand.state)
    assert view.phase == "dealing" and view.street != hand.state.spec.streets[0].name
    assert hand.state.exposed


@pytest.mark.parametrize("game", STUDS)
def test_bring_in__action_goes_left_and_the_bring_in_has_no_option(game: Game) -> None:
    """RULES.md: action continues left of the bring-in; if everyone only calls, the round ends
    (no option for the bring-in, unlike a big blind)."""
    hand = stud(game, [100] * 4, button=3)
    doors = {1: "9d", 2: "Kc", 3: "8h", 4: "Qc"} if game is Game.RAZZ else {
        1: "Kd", 2: "2c", 3: "Kh", 4: "Qc"}  # fmt: skip
    hand.stud_street(doors)
    hand.act(2, BRING_IN)
    hand.act(3, CALL).act(4, CALL)
    assert hand.to_act == 1
    hand.act(1, CALL)
    assert snapshot(hand.state).phase == "dealing"
    assert pending_deals(hand.state)[0].seat == 4  # 4th street, dealt from the dealer's left


@pytest.mark.parametrize("game", STUDS)
def test_bring_in__any_player_may_complete_and_the_bring_in_acts_again(game: Game) -> None:
    """RULES.md: any player may complete; the completion is the first bet, so the bring-in
    acts again and may raise."""
    hand = stud_first_street(game, [100] * 3, bring_in=5)
    hand.act(1, BRING_IN).act(2, CALL).act(3, COMPLETE, 10)
    assert hand.to_act == 1
    assert hand.legal_map() == {FOLD: [(0, 0)], CALL: [(5, 5)], RAISE: [(20, 20)]}


def test_bring_in__unknown_door_card_accepts_the_recorded_actor() -> None:
    """DESIGN.md "Unknown cards": in a written record, when the bring-in depends on an
    unknown door card, the recorded actor is accepted with an informational ``card.unknown``
    note (a live table refuses the unknown door card itself)."""
    hand = stud(Game.SEVEN_CARD_STUD, [100] * 3, written=True)
    hand.deal(1, "?? ??").deal(1, "??", up=True)
    hand.deal(2, "?? ??").deal(2, "9c", up=True)
    hand.deal(3, "?? ??").deal(3, "5d", up=True)
    assert hand.to_act == 3
    hand.act(1, BRING_IN)
    notes = snapshot(hand.state).notes
    assert [(n.rule, n.seat) for n in notes] == [("card.unknown", 1)]
    assert hand.to_act == 2
    other = stud(Game.SEVEN_CARD_STUD, [100] * 3, written=True)
    other.deal(1, "?? ??").deal(1, "??", up=True)
    other.deal(2, "?? ??").deal(2, "9c", up=True)
    other.deal(3, "?? ??").deal(3, "5d", up=True)
    assert other.refuse(2, BRING_IN) == "bring_in.player"


# --- first to act from 4th street --------------------------------------------------------


@pytest.mark.parametrize("game", [Game.SEVEN_CARD_STUD, Game.SEVEN_CARD_STUD_HI_LO])
def test_first_to_act__best_exposed_high_hand(game: Game) -> None:
    """RULES.md 4th street on: the best exposed hand acts first (a pair beats ace-king);
    anyone else acting first is ``stud.first_to_act``."""
    hand = stud(game, [100] * 3).stud_street({1: "Ah", 2: "2d", 3: "3c"})
    hand.act(2, BRING_IN).act(3, CALL).act(1, CALL)
    hand.stud_street({1: "Kh", 2: "2h", 3: "4c"})
    assert hand.to_act == 2
    assert hand.refuse(1, CHECK) == "stud.first_to_act"
    hand.act(2, CHECK)
    assert hand.refuse(1, CHECK) == "turn.out_of_turn"


def test_first_to_act__razz_lowest_exposed_hand() -> None:
    """RULES.md Razz: the lowest exposed hand (ace-to-five, pairs are bad) acts first."""
    hand = stud(Game.RAZZ, [100] * 3).stud_street({1: "Ah", 2: "2d", 3: "Kc"})
    hand.act(3, BRING_IN).act(1, CALL).act(2, CALL)
    hand.stud_street({1: "Ac", 2: "3h", 3: "4c"})
    assert hand.to_act == 2  # 3-2 beats K-4 and the pair of aces


@pytest.mark.parametrize("game", STUDS)
def test_first_to_act__full_tie_goes_nearest_the_dealers_left(game: Game) -> None:
    """RULES.md: a full tie goes to the player nearest the dealer's left."""
    for dealer, first in ((0, 2), (1, 2), (2, 3), (3, 2)):
        razz = game is Game.RAZZ
        hand = stud(game, [100] * 3, button=dealer, reserve="Qd 3d 5h 5s")
        hand.stud_street({1: "Kc" if razz else "2c", 2: "9d", 3: "9c"})
        hand.act(1, BRING_IN).act(2, CALL).act(3, CALL)
        hand.stud_street({1: "Qd" if razz else "3d", 2: "5h", 3: "5s"})
        assert hand.to_act == first, (dealer, first)


@pytest.mark.parametrize("game", SEVEN_STUDS)
def test_first_to_act__seventh_street_acts_in_the_sixth_street_order(game: Game) -> None:
    """RULES.md: 7th street (a down card) acts in the 6th street order."""
    later = "2h Qs 7c 3h 8s 6c 4h 9s 5c"
    hand = stud(game, [500] * 3, reserve=later).stud_street({1: "Kh", 2: "Qd", 3: "Jc"})
    hand.act(hand.to_act, BRING_IN)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CALL)
    for ups in (
        {1: "2h", 2: "Qs", 3: "7c"},
        {1: "3h", 2: "8s", 3: "6c"},
        {1: "4h", 2: "9s", 3: "5c"},
    ):
        hand.stud_street(ups)
        sixth_first = hand.to_act
        while snapshot(hand.state).phase == "betting":
            hand.act(hand.to_act, CHECK)
    hand.stud_street({})
    assert hand.to_act == sixth_first


def test_first_to_act__all_in_best_hand_passes_to_the_next_player() -> None:
    """A best exposed hand that is all in cannot act: the next player clockwise opens."""
    hand = stud(Game.SEVEN_CARD_STUD, [100, 5, 100]).stud_street({1: "9h", 2: "Ad", 3: "2c"})
    hand.act(3, BRING_IN).act(1, CALL).act(2, CALL)
    assert snapshot(hand.state).seats[1].all_in
    hand.stud_street({1: "3h", 2: "As", 3: "4c"})
    assert hand.to_act == 3


def test_first_to_act__unknown_up_card_accepts_the_recorded_actor() -> None:
    """DESIGN.md "Unknown cards": in a written record, the first actor that depends on an
    unknown up card is accepted with a ``card.unknown`` note; an impossible actor is still
    refused."""
    hand = stud(Game.SEVEN_CARD_STUD, [100] * 3, written=True)
    hand.stud_street({1: "9h", 2: "8d", 3: "2c"})
    hand.act(3, BRING_IN).act(1, CALL).act(2, CALL)
    hand.deal(1, "2h", up=True).deal(2, "??", up=True).deal(3, "4c", up=True)
    assert hand.refuse(3, CHECK) == "stud.first_to_act"
    hand.act(2, CHECK)
    assert [n.rule for n in snapshot(hand.state).notes] == ["card.unknown"]
    assert hand.to_act == 3


# --- the 4th-street open pair --------------------------------------------------------------


def test_open_pair__either_bet_size_until_a_big_bet_is_made() -> None:
    """RULES.md Stud Hi: an open pair on 4th street lets anyone bet the big bet; until a
    big-size bet or raise is made each raise may be either size; after it every raise is the
    big bet (seed 003: a $1 bet may be raised to $3, then by $2 each)."""
    hand = stud(Game.SEVEN_CARD_STUD, [500] * 3).stud_street({1: "8d", 2: "Kc", 3: "2c"})
    hand.act(3, BRING_IN).act(1, CALL).act(2, CALL)
    hand.stud_street({1: "8h", 2: "Ad", 3: "3c"})
    assert hand.to_act == 1
    assert hand.legal_map()[BET] == [(10, 10), (20, 20)]
    assert hand.refuse(1, BET, 15) == "bet.amount"
    hand.act(1, BET, 10)
    assert hand.legal_map()[RAISE] == [(20, 20), (30, 30)]
    hand.act(2, RAISE, 30)
    assert hand.legal_map()[RAISE] == [(50, 50)]
    assert hand.refuse(3, RAISE, 40) == "stud.open_pair"


def test_open_pair__small_raise_keeps_the_option() -> None:
    """RULES.md: a raise of the small size keeps both sizes open for the next raise."""
    hand = stud(Game.SEVEN_CARD_STUD, [500] * 3).stud_street({1: "8d", 2: "Kc", 3: "2c"})
    hand.act(3, BRING_IN).act(1, CALL).act(2, CALL)
    hand.stud_street({1: "8h", 2: "Ad", 3: "3c"})
    hand.act(1, BET, 10).act(2, RAISE, 20)
    assert hand.legal_map()[RAISE] == [(30, 30), (40, 40)]
    hand.act(3, RAISE, 40)
    assert hand.legal_map()[RAISE] == [(60, 60)]


def test_open_pair__no_pair_no_big_bet() -> None:
    """RULES.md: without an open pair the 4th-street big bet is ``stud.open_pair``."""
    hand = stud(Game.SEVEN_CARD_STUD, [500] * 3).stud_street({1: "8d", 2: "Kc", 3: "2c"})
    hand.act(3, BRING_IN).act(1, CALL).act(2, CALL)
    hand.stud_street({1: "9h", 2: "Ad", 3: "3c"})
    assert hand.legal_map()[BET] == [(10, 10)]
    assert hand.refuse(2, BET, 20) == "stud.open_pair"


@pytest.mark.parametrize("game", [Game.RAZZ, Game.SEVEN_CARD_STUD_HI_LO])
def test_open_pair__not_in_razz_or_hi_lo(game: Game) -> None:
    """RULES.md: the open-pair option is Stud Hi only (not Razz, not Hi-Lo)."""
    hand = stud(game, [500] * 3).stud_street({1: "8d", 2: "Kc", 3: "2c"})
    hand.act(hand.to_act, BRING_IN)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CALL)
    hand.stud_street({1: "8h", 2: "Ad", 3: "3c"})
    assert hand.legal_map()[BET] == [(10, 10)]
    assert hand.refuse(hand.to_act, BET, 20) == "bet.amount"


def test_open_pair__only_on_fourth_street() -> None:
    """RULES.md: the option is a 4th-street rule; 5th street bets are the big bet only."""
    hand = stud(Game.SEVEN_CARD_STUD, [500] * 3).stud_street({1: "8d", 2: "Kc", 3: "2c"})
    hand.act(3, BRING_IN).act(1, CALL).act(2, CALL)
    hand.stud_street({1: "8h", 2: "Ad", 3: "3c"})
    hand.act(1, CHECK).act(2, CHECK).act(3, CHECK)
    hand.stud_street({1: "8s", 2: "5d", 3: "4c"})
    assert hand.legal_map()[BET] == [(20, 20)]


def test_open_pair__not_in_no_limit() -> None:
    """The option sizes fixed-limit bets; no limit keeps its own range."""
    hand = stud(Game.SEVEN_CARD_STUD, [500] * 2, structure=NL).stud_street({1: "8d", 2: "2c"})
    hand.act(2, BRING_IN).act(1, CALL)
    hand.stud_street({1: "8h", 2: "3c"})
    assert hand.legal_map()[BET] == [(10, 495)]


# --- deals ---------------------------------------------------------------------------------


def test_stud_deals__any_split_and_any_seat_order() -> None:
    """A street's cards may come one at a time, up before down, seats in any order."""
    hand = stud(Game.SEVEN_CARD_STUD, [100] * 3)
    hand.deal(3, "Kd", up=True).deal(2, "2c").deal(1, "Ah Ad").deal(2, "3c", up=True)
    hand.deal(3, "Ks").deal(2, "4c").deal(1, "7h", up=True)
    assert snapshot(hand.state).phase == "dealing"
    hand.deal(3, "Kh")
    view = snapshot(hand.state)
    assert view.phase == "betting" and view.seat_to_act == 2
    assert [s.up_cards for s in view.seats] == [cards("7h"), cards("3c"), cards("Kd")]
    assert [s.card_count for s in view.seats] == [3, 3, 3]


def test_stud_deals__wrong_counts_are_card_count() -> None:
    """RULES.md deal pattern: too many cards of a face, a folded seat, a seat not dealt in,
    cards while a seat must act are ``card.count``."""
    hand = stud(Game.SEVEN_CARD_STUD, [100] * 3)
    assert hand.refuse_deal(1, "Ah Ad Ac") == "card.count"
    assert hand.refuse_deal(1, "Ah Ad", up=True) == "card.count"
    assert hand.refuse_deal(7, "Ah") == "card.count"
    assert hand.refuse_deal(0, "Ah", up=True) == "card.count"
    hand.stud_street({1: "9h", 2: "Ad", 3: "2c"})
    assert hand.refuse_deal(1, "5h", up=True) == "card.count"
    hand.act(3, BRING_IN).act(1, FOLD).act(2, CALL)
    assert hand.refuse_deal(1, "5h", up=True) == "card.count"
    assert hand.refuse_deal(2, "5h") == "card.count"
    assert hand.refuse(2, CHECK) == "turn.out_of_turn"


def test_stud_deals__pending_deals_lists_what_is_due() -> None:
    """``pending_deals``: per seat and face, clockwise from the dealer's left."""
    hand = stud(Game.FIVE_CARD_STUD, [100] * 3, button=2)
    assert pending_deals(hand.state) == (
        DealRequest(3, 1, False), DealRequest(3, 1, True),
        DealRequest(1, 1, False), DealRequest(1, 1, True),
        DealRequest(2, 1, False), DealRequest(2, 1, True),
    )  # fmt: skip
    assert snapshot(hand.state).awaiting_deal_seats == (3, 1, 2)


def test_stud_deals__reported_burns_count_against_the_stub() -> None:
    """DESIGN.md: a reported burn (``Deal(burn=True)``) counts against the stub; a burned card
    can never be dealt again."""
    hand = stud(Game.SEVEN_CARD_STUD, [100, 100]).stud_street({1: "9h", 2: "2c"})
    hand.act(2, BRING_IN).act(1, CALL)
    stub = hand.state.stub
    hand.burn("Qs")
    assert hand.state.stub == stub - 1
    assert hand.refuse_deal(1, "Qs", up=True) == "card.duplicate"
    assert hand.refuse(1, CHECK) == "turn.out_of_turn"


class Stub:
    """The deck in order, handed out card by card (deterministic, no duplicates)."""

    def __init__(self, hand: Hand) -> None:
        self.cards = [card_str(c) for c in sorted(hand.state.deck)]

    def take(self, count: int = 1) -> str:
        taken, self.cards = self.cards[:count], self.cards[count:]
        return " ".join(taken)


def seven_streets(game: Game, players: int, *, burns: int = 0) -> tuple[Hand, Stub]:
    """Deal ``players`` seats through 6th street, everyone calling or checking (6th street's
    betting left open), with ``burns`` reported burns (before 4th, 5th, 6th)."""
    hand = stud(game, [1000] * players)
    stub = Stub(hand)
    for street in range(4):
        if street and burns >= street:
            hand.burn(stub.take())
        spec = hand.state.street_spec
        for seat in hand.state.seats:
            if spec.down:
                hand.deal(seat, stub.take(spec.down))
            hand.deal(seat, stub.take(), up=True)
        if street == 0:
            hand.act(hand.to_act, BRING_IN)
        while street < 3 and snapshot(hand.state).phase == "betting":
            hand.act(hand.to_act, CALL if CALL in hand.legal_map() else CHECK)
    return hand, stub


@pytest.mark.parametrize("game", SEVEN_STUDS)
def test_seventh_street__community_card_when_the_stub_runs_short(game: Game) -> None:
    """RULES.md: if the stub cannot give every remaining player a 7th card, one community
    card is dealt face up for all (8 players: 48 cards dealt, 4 left); it is in every hand
    at the showdown and the seats act in the 6th street order."""
    hand, stub = seven_streets(game, 8)
    sixth_first = hand.state.to_act
    assert hand.state.stub == 4
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    assert pending_deals(hand.state) == (DealRequest(0, 1, True),)
    assert hand.refuse_deal(1, stub.cards[0]) == "card.count"
    community = stub.take()
    hand.deal(0, community, up=True)
    view = snapshot(hand.state)
    assert view.community == cards(community) and view.street == "seventh_street"
    assert hand.state.to_act == sixth_first
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    while snapshot(hand.state).phase == "showdown":
        seat = hand.to_act
        own = hand.state.cards[hand.state.positions[seat]]
        assert len(own) == 6
        hand.act(seat, SHOW, shown=" ".join(card_str(c) for c in own))
    result = settle_hand(hand.state)
    assert sum(result.final_stacks.values()) == 8000


def test_seventh_street__seven_players_get_their_cards_unless_burns_run_the_stub_short() -> None:
    """RULES.md: 7 players at 7th street: 42 dealt + 3 burns leave 7 (one each); a 4th burn
    leaves 6, so the community card is dealt; burns are never shuffled back."""
    hand, stub = seven_streets(Game.SEVEN_CARD_STUD, 7, burns=3)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    assert hand.state.stub == 7
    assert [r.seat for r in pending_deals(hand.state)] == [1, 2, 3, 4, 5, 6, 7]
    hand.burn(stub.take())
    assert pending_deals(hand.state) == (DealRequest(0, 1, True),)


def test_stud_deals__a_burn_that_leaves_the_stub_short_is_card_count() -> None:
    """RULES.md "Seven Card Stud family" (burn "only if a card is left to burn") and
    docs/rules.md "A burn is skipped when it would leave the stub short": ten five-stud
    players need 50 cards; after burns before 3rd and 4th street 10 cards are left, so a burn
    before 5th street is refused (``card.count``) and the 10 cards reach the players."""
    hand = stud(Game.FIVE_CARD_STUD, [100] * 10, written=True)  # a record: every card unknown
    for seat in range(1, 11):
        hand.apply(Deal(seat=seat, cards=(None,))).apply(
            Deal(seat=seat, cards=(None,), face_up=True)
        )
    hand.act(hand.to_act, BRING_IN)
    for street in range(3):
        while snapshot(hand.state).phase == "betting":
            hand.act(hand.to_act, CALL if CALL in hand.legal_map() else CHECK)
        if street < 2:
            hand.burn()
        else:
            assert hand.state.stub == 10
            assert hand.refuse_deal(0, "??", burn=True) == "card.count"
        for seat in range(1, 11):
            hand.apply(Deal(seat=seat, cards=(None,), face_up=True))
    assert hand.state.stub == 0
    assert snapshot(hand.state).phase == "betting"
    assert hand.refuse_deal(1, "??", up=True) == "card.count"


def test_stud_deals__no_burn_may_take_the_last_card_before_the_community_card() -> None:
    """RULES.md "Seven Card Stud family": one community card "burning first only if a card is
    left to burn": eight players, a burn before each of 4th to 6th street leaves one card for
    7th street; a burn of it is refused (``card.count``) and it is dealt as the community card."""
    hand = stud(Game.SEVEN_CARD_STUD, [1000] * 8, written=True)  # a record: every card unknown
    for seat in range(1, 9):
        hand.apply(Deal(seat=seat, cards=(None, None))).apply(
            Deal(seat=seat, cards=(None,), face_up=True)
        )
    hand.act(hand.to_act, BRING_IN)
    for _street in range(3):
        while snapshot(hand.state).phase == "betting":
            hand.act(hand.to_act, CALL if CALL in hand.legal_map() else CHECK)
        hand.burn()
        for seat in range(1, 9):
            hand.apply(Deal(seat=seat, cards=(None,), face_up=True))
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    assert hand.state.stub == 1
    assert pending_deals(hand.state) == (DealRequest(0, 1, True),)
    assert hand.refuse_deal(0, "??", burn=True) == "card.count"
    hand.apply(Deal(seat=0, cards=(None,), face_up=True))
    assert hand.state.stub == 0
    assert snapshot(hand.state).phase == "betting"


def test_cards__a_face_up_card_must_be_known() -> None:
    """docs/rules.md "A face-up card must be known": on a live hand a face-up ``??`` (an up
    card, or the 7th-street community card) is refused as ``card.unknown`` and changes
    nothing; unknown down cards and burns are accepted; a written record's hand accepts the
    face-up ``??`` (its audit reports it)."""
    hand = stud(Game.SEVEN_CARD_STUD, [100] * 3)
    hand.deal(1, "?? ??")
    before = hand.state
    assert hand.refuse_deal(1, "??", up=True) == "card.unknown"
    with pytest.raises(RuleViolation) as caught:
        apply(hand.state, Deal(seat=1, cards=(None,), face_up=True))
    assert (caught.value.rule, caught.value.seat, caught.value.actual) == ("card.unknown", 1, "??")
    assert caught.value.message == (
        "seat 1's card is dealt face up: the whole table sees it, so it must be known, not ??"
    )
    assert hand.state == before
    hand.deal(1, "9c", up=True)
    written = stud(Game.SEVEN_CARD_STUD, [100] * 3, written=True)
    written.deal(1, "?? ??").deal(1, "??", up=True)
    assert written.state.cards[0] == (None, None, None)


def test_cards__the_community_card_must_be_known() -> None:
    """docs/rules.md "A face-up card must be known": the stud community card (seat 0) is face
    up for everyone: ``??`` there is ``card.unknown``; a burned ``??`` is fine."""
    hand, stub = seven_streets(Game.SEVEN_CARD_STUD, 8)
    while snapshot(hand.state).phase == "betting":
        hand.act(hand.to_act, CHECK)
    assert pending_deals(hand.state) == (DealRequest(0, 1, True),)
    hand.burn("??")
    assert hand.refuse_deal(0, "??", up=True) == "card.unknown"
    assert hand.refuse_deal(0, "??") == "card.unknown"
    hand.deal(0, stub.take(), up=True)
