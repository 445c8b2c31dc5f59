"""ValidateAction, ListLegalActions and SettleHand over gRPC for 2-7 single draw, 2-7 triple
draw, A-5 triple draw and Badugi (issue 12 point 3) against the real server subprocess: every
game in fixed, pot and no limit with exact menus in each round, DRAW 0-5 (Badugi 0-4), exact
pots, winners by the low, showdown order and final stacks in minor units (RULES.md "Lowball
draw and Badugi", "Five Card Draw, 7-A", "Betting structures", "Common to every game")."""

from __future__ import annotations

import pytest

from floorman.v1 import poker_pb2 as pb
from tests.support.grpc_errors import violation_rules
from tests.transport.test_grpc_engine_rpcs import (
    BET,
    CALL,
    CHECK,
    DRAW_CARDS,
    FL,
    FOLD,
    NL,
    PL,
    RAISE,
    SHOW,
    STRUCTURES,
    act,
    amounts,
    config,
    deal,
    ev,
    invalid,
    listing,
    menu,
    pots,
    settle,
    stacks,
    validate,
)

LOWBALL = {
    "27single": pb.GAME_DEUCE_TO_SEVEN_SINGLE_DRAW,
    "27triple": pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW,
    "a5triple": pb.GAME_ACE_TO_FIVE_TRIPLE_DRAW,
    "badugi": pb.GAME_BADUGI,
}
SINGLE = pb.GAME_DEUCE_TO_SEVEN_SINGLE_DRAW
BADUGI = pb.GAME_BADUGI
# Seat 1 holds the best hand of each game, seat 2 the next, seat 3 the worst (RULES.md
# "Lowball draw and Badugi"); seat 3 swaps its first card for the Kd on the first draw and
# stays worst.
HANDS = {
    pb.GAME_DEUCE_TO_SEVEN_SINGLE_DRAW: ("7c 5d 4h 3s 2c", "8d 6h 4c 3d 2s", "Ah 2h 3c 4s 5h"),
    pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW: ("7c 5d 4h 3s 2c", "8d 6h 4c 3d 2s", "Ah 2h 3c 4s 5h"),
    pb.GAME_ACE_TO_FIVE_TRIPLE_DRAW: ("Ah 2h 3c 4s 5d", "7c 5h 4h 3s 2c", "8d 8h 4c 3d 2s"),
    pb.GAME_BADUGI: ("Kc Qd Jh Ts", "Ac 2c 3d 4h", "As 2s 3s 4d"),
}


def dealt(game: int) -> list[pb.HandEvent]:
    """The three hands dealt (button seat 3: dealing starts at seat 1)."""
    return [deal(seat, cards) for seat, cards in enumerate(HANDS[game], start=1)]


def limit(game: int) -> int:
    """The most cards a draw discards (RULES.md: 0-5, Badugi 0-4)."""
    return 4 if game == BADUGI else 5


@pytest.mark.parametrize("structure", STRUCTURES.values(), ids=STRUCTURES.keys())
@pytest.mark.parametrize("game", LOWBALL.values(), ids=LOWBALL.keys())
def test_every_lowball_game_and_structure_opens_and_settles_a_hand_won_by_folds(
    rules_stub, game, structure
):
    """RULES.md "Betting structures" and "Five Card Draw, 7-A" blinds (10/20, blinds 5/10,
    button seat 3): seat 3 faces the big blind, seat 1 a raise to 20; everyone folds to it and
    it wins 25 with 10 returned."""
    blinds = {} if structure == FL else {"small_blind": 5, "big_blind": 10}
    cfg = config(game, [1000] * 3, structure=structure, button=3, **blinds)
    history = dealt(game)
    answer = validate(rules_stub, cfg, history, act(3, RAISE, 20))
    assert answer.legal
    top = {FL: 20, PL: 35, NL: 1000}[structure]
    assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CALL", 10, 10), ("RAISE", 20, top)]
    state = answer.state
    assert (state.street, state.phase, state.seat_to_act, state.pot_total) == (
        "first_round", "betting", 3, 15)  # fmt: skip
    history.append(ev(3, RAISE, 20))
    second = {FL: 30, PL: 70, NL: 1000}[structure]
    assert menu(listing(rules_stub, cfg, history).legal_actions) == [
        ("FOLD", 0, 0), ("CALL", 15, 15), ("RAISE", 30, second)]  # fmt: skip
    history += [ev(1, FOLD), ev(2, FOLD)]
    result = settle(rules_stub, cfg, history)
    assert pots(result) == [(25, [3], [3], [])]
    assert amounts(result.returned) == {3: 10}
    assert stacks(result) == {1: 995, 2: 990, 3: 1015}


def fixed_limit_showdown(game: int) -> list[pb.HandEvent]:
    """A fixed-limit 10/20 hand to the showdown: round 1 limped, seat 3 draws one card on the
    first draw, everyone else stands pat; small bet 10 on round 2 (triple draw), seat 2 bets
    20 and seat 3 raises to 40 on round 3, seat 3 bets 20 on the last round, seat 1 calls and
    seat 2 folds. Single draw: round 2 is the last (big bet 20)."""
    history = [*dealt(game), ev(3, CALL), ev(1, CALL), ev(2, CHECK)]
    first = HANDS[game][2].split()[0]
    history += [ev(1, DRAW_CARDS), ev(2, DRAW_CARDS), ev(3, DRAW_CARDS, cards=first)]
    history.append(deal(3, "Kd"))
    if game != SINGLE:
        history += [ev(1, BET, 10), ev(2, CALL), ev(3, CALL)]
        history += [ev(1, DRAW_CARDS), ev(2, DRAW_CARDS), ev(3, DRAW_CARDS)]
        history += [ev(1, CHECK), ev(2, BET, 20), ev(3, RAISE, 40), ev(1, CALL), ev(2, CALL)]
        history += [ev(1, DRAW_CARDS), ev(2, DRAW_CARDS), ev(3, DRAW_CARDS)]
    history += [ev(1, CHECK), ev(2, CHECK), ev(3, BET, 20), ev(1, CALL), ev(2, FOLD)]
    return history


def shown(game: int, seat: int) -> str:
    """The seat's cards at the showdown (seat 3: its kept cards, then the Kd)."""
    cards = HANDS[game][seat - 1].split()
    return " ".join([*cards[1:], "Kd"] if seat == 3 else cards)


@pytest.mark.parametrize("game", LOWBALL.values(), ids=LOWBALL.keys())
def test_fixed_limit_lowball_hand_menus_in_each_round_and_the_low_wins(rules_stub, game):
    """RULES.md "Lowball draw and Badugi": DRAW 0-5 (Badugi 0-4) on each draw; fixed-limit
    bets of the small bet (10) on the first two rounds and the big bet (20) on the last two
    (single draw: 20 after the draw); the last aggressor of the last round (seat 3) shows
    first; seat 1's best low wins. Triple draw: pot 10 x 3 + 10 x 3 + 40 x 3 + 20 x 2 = 220;
    single draw: 30 + 40 = 70."""
    cfg = config(game, [1000] * 3, button=3)
    history = fixed_limit_showdown(game)
    at_draw = listing(rules_stub, cfg, history[:6])
    assert (at_draw.state.street, at_draw.state.phase, at_draw.state.seat_to_act) == (
        "draw", "drawing", 1)  # fmt: skip
    assert menu(at_draw.legal_actions) == [("FOLD", 0, 0), ("DRAW", 0, limit(game))]
    if game != SINGLE:
        second = listing(rules_stub, cfg, history[:10])
        assert second.state.street == "second_round" and second.state.seat_to_act == 1
        assert menu(second.legal_actions) == [("FOLD", 0, 0), ("CHECK", 0, 0), ("BET", 10, 10)]
        third = listing(rules_stub, cfg, history[:18])
        assert (third.state.street, third.state.seat_to_act) == ("third_round", 3)
        assert menu(third.legal_actions) == [("FOLD", 0, 0), ("CALL", 20, 20), ("RAISE", 40, 40)]
    last = listing(rules_stub, cfg, history[:-3])
    assert last.state.street == ("second_round" if game == SINGLE else "fourth_round")
    assert menu(last.legal_actions) == [("FOLD", 0, 0), ("CHECK", 0, 0), ("BET", 20, 20)]
    ordered = listing(rules_stub, cfg, history)
    assert (ordered.state.phase, ordered.state.seat_to_act) == ("showdown", 3)
    refused = validate(rules_stub, cfg, history, act(1, SHOW, cards=shown(game, 1)))
    assert (refused.legal, refused.violation.rule) == (False, "showdown.order")
    history += [ev(3, SHOW, cards=shown(game, 3)), ev(1, SHOW, cards=shown(game, 1))]
    result = settle(rules_stub, cfg, history)
    pot = 70 if game == SINGLE else 220
    assert pots(result) == [(pot, [1, 3], [1], [])]
    assert list(result.showdown_order) == [3, 1]
    assert amounts(result.payouts) == {1: pot}
    if game == SINGLE:
        assert stacks(result) == {1: 1040, 2: 990, 3: 970}
    else:
        assert stacks(result) == {1: 1140, 2: 940, 3: 920}


@pytest.mark.parametrize("game", LOWBALL.values(), ids=LOWBALL.keys())
def test_a_draw_of_more_than_the_limit_is_draw_discard_count(rules_stub, game):
    """RULES.md rule ids ``draw.discard_count``: discarding a card the seat does not hold (here
    one card beyond its hand: six, Badugi five) is refused by ValidateAction with the rule; a
    SettleHand history holding it is INVALID_ARGUMENT on that event."""
    cfg = config(game, [1000] * 3, button=3)
    history = [*dealt(game), ev(3, CALL), ev(1, CALL), ev(2, CHECK)]
    too_many = f"{HANDS[game][0]} {HANDS[game][1].split()[0]}"
    answer = validate(rules_stub, cfg, history, act(1, DRAW_CARDS, cards=too_many))
    assert (answer.legal, answer.violation.rule) == (False, "draw.discard_count")
    assert validate(rules_stub, cfg, history, act(1, DRAW_CARDS, cards=HANDS[game][0])).legal
    error = invalid(settle, rules_stub, cfg, [*history, ev(1, DRAW_CARDS, cards=too_many)])
    assert violation_rules(error) == [(f"history[{len(history)}]", "draw.discard_count")]


@pytest.mark.parametrize("game", LOWBALL.values(), ids=LOWBALL.keys())
def test_no_limit_and_pot_limit_after_the_draw(rules_stub, game):
    """RULES.md "Betting structures": after the draw the no-limit opening bet is at least the
    big blind (10) up to the stack (990); pot limit at most the pot (30)."""
    for structure, top in ((NL, 990), (PL, 30)):
        cfg = config(game, [1000] * 3, structure=structure, button=3, small_blind=5,
                     big_blind=10)  # fmt: skip
        history = [*dealt(game), ev(3, CALL), ev(1, CALL), ev(2, CHECK)]
        history += [ev(1, DRAW_CARDS), ev(2, DRAW_CARDS), ev(3, DRAW_CARDS)]
        answer = listing(rules_stub, cfg, history)
        assert menu(answer.legal_actions) == [("FOLD", 0, 0), ("CHECK", 0, 0), ("BET", 10, top)]
        rule = "bet.amount" if structure == NL else "bet.pot_limit"
        wrong = 9 if structure == NL else 31
        assert validate(rules_stub, cfg, history, act(1, BET, wrong)).violation.rule == rule


def test_triple_draw_reshuffle_over_grpc_deals_other_players_discards(rules_stub):
    """RULES.md "Five Card Draw, 7-A" Draw (2-7 triple draw, six players, 22 in the stub):
    seats 1-4 discard five each (stub 2); seat 5's draw reshuffles the stub with their
    discards, so it may be dealt seat 1's cards; its own discards are ``card.duplicate``."""
    holes = [
        "2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 6s",
        "7c 8c 9c Tc Jc", "7d 8d 9d Td Jd",
    ]  # fmt: skip
    fresh = ["7h 8h 9h Th Jh", "7s 8s 9s Ts Js", "Qc Kc Ac Qd Kd", "Ad Qh Kh Ah Qs"]
    cfg = config(pb.GAME_DEUCE_TO_SEVEN_TRIPLE_DRAW, [1000] * 6, button=6)
    history = [deal(seat, cards) for seat, cards in enumerate(holes, start=1)]
    history += [ev(3, CALL), ev(4, CALL), ev(5, CALL), ev(6, CALL), ev(1, CALL), ev(2, CHECK)]
    for seat in (1, 2, 3, 4):
        history += [ev(seat, DRAW_CARDS, cards=holes[seat - 1]), deal(seat, fresh[seat - 1])]
    history.append(ev(5, DRAW_CARDS, cards=holes[4]))
    error = invalid(settle, rules_stub, cfg, [*history, deal(5, "7c Ks As 2c 3c")])
    assert violation_rules(error) == [(f"history[{len(history)}]", "card.duplicate")]
    history.append(deal(5, holes[0]))  # seat 1's discards, back through the reshuffle
    answer = listing(rules_stub, cfg, history)
    assert (answer.state.phase, answer.state.seat_to_act) == ("drawing", 6)
