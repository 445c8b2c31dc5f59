"""Starting a hand: configuration checks, "Stakes defaults", antes and blinds (RULES.md)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_support import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    DRAWS,
    FL,
    FOLD,
    NL,
    PL,
    RAISE,
    STUDS,
    Hand,
    table,
)

from floorman.domain.engine import snapshot, start_hand
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import ForcedBet, ForcedBetKind, Game, SeatState


def fields(error: InvalidArgument) -> dict[str, str]:
    """field path -> rule id of every violation."""
    return {v.field: v.rule for v in error.violations}


def invalid(config: object) -> dict[str, str]:
    with pytest.raises(InvalidArgument) as caught:
        start_hand(config)  # type: ignore[arg-type]
    return fields(caught.value)


# --- configuration checks -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "bad_counts"),
    [
        (Game.FIVE_CARD_DRAW_7A, (1, 6)),
        (Game.FIVE_CARD_DRAW, (1, 7)),
        (Game.SEVEN_CARD_STUD, (1, 9)),
        (Game.RAZZ, (1, 9)),
        (Game.SEVEN_CARD_STUD_HI_LO, (1, 9)),
        (Game.FIVE_CARD_STUD, (1, 11)),
    ],
)
def test_config__player_count_for_the_game(game: Game, bad_counts: tuple[int, ...]) -> None:
    """RULES.md game sections: a player count outside the game's range is ``config.seats``."""
    for count in bad_counts:
        assert "config.seats" in invalid(table(game, [100] * count, button=1))


def test_config__seat_numbers_start_at_one_and_are_distinct() -> None:
    """Seats are numbered from 1 and listed once (``config.seats[i].seat``)."""
    config = table(Game.SEVEN_CARD_STUD, [100, 100, 100])
    bad = config.__class__(
        game=config.game,
        stakes=config.stakes,
        seats=(
            SeatState(seat=0, stack=10),
            SeatState(seat=2, stack=10),
            SeatState(seat=2, stack=1),
        ),
    )
    found = invalid(bad)
    assert "config.seats[0].seat" in found
    assert "config.seats[2].seat" in found


def test_config__stacks_are_not_negative() -> None:
    """A negative stack is ``config.seats[i].stack``."""
    assert "config.seats[1].stack" in invalid(table(Game.RAZZ, [100, -1]))


def test_config__draw_button_must_be_dealt_in() -> None:
    """RULES.md "Five Card Draw, 7-A": the button is a seat dealt in (``config.button_seat``)."""
    for game in DRAWS:
        assert "config.button_seat" in invalid(table(game, [100, 100, 100], button=7))
        assert "config.button_seat" in invalid(table(game, [100, 100, 100], button=0))


def test_config__stud_dealer_position_may_be_any_seat_or_zero() -> None:
    """RULES.md stud: the dealer position is fixed; 0 means just before the lowest seat."""
    for dealer in (0, 2, 9):
        start_hand(table(Game.SEVEN_CARD_STUD, [100, 100, 100], button=dealer))
    assert "config.button_seat" in invalid(table(Game.SEVEN_CARD_STUD, [100, 100], button=-1))


def test_config__every_problem_is_reported_at_once() -> None:
    """All violations come back together, each with its field path."""
    found = invalid(table(Game.FIVE_CARD_DRAW, [100, -5], button=3))
    assert {"config.seats[1].stack", "config.button_seat"} <= set(found)


def test_config__forced_bet_fields() -> None:
    """Explicit forced bets: positive amounts, seats dealt in, no stud blinds."""
    draw = table(
        Game.FIVE_CARD_DRAW,
        [100, 100, 100],
        button=1,
        forced_bets=[
            ForcedBet(seat=2, kind=ForcedBetKind.SMALL_BLIND, amount=5),
            ForcedBet(seat=3, kind=ForcedBetKind.BIG_BLIND, amount=0),
            ForcedBet(seat=9, kind=ForcedBetKind.BIG_BLIND, amount=10),
        ],
    )
    found = invalid(draw)
    assert found["config.forced_bets[1].amount"] == "blind.amount"
    assert found["config.forced_bets[2].seat"] == "blind.player"
    stud = table(
        Game.SEVEN_CARD_STUD,
        [100, 100],
        forced_bets=[
            ForcedBet(seat=1, kind=ForcedBetKind.BRING_IN, amount=5),
            ForcedBet(seat=2, kind=ForcedBetKind.BIG_BLIND, amount=5),
            ForcedBet(seat=2, kind=ForcedBetKind.ANTE, amount=-1),
        ],
    )
    assert invalid(stud) == {
        "config.forced_bets[1].kind": "blind.player",
        "config.forced_bets[2].amount": "ante.amount",
    }


def test_config__a_seat_dealt_in_needs_chips() -> None:
    """docs/rules.md "A busted player (stack 0) is not dealt in": a stack of 0 in the
    configuration is INVALID_ARGUMENT ``config.seats[i].stack``, in every game."""
    for game in (*DRAWS, *STUDS):
        with pytest.raises(InvalidArgument) as caught:
            start_hand(table(game, [100, 0, 100], button=1))
        assert [(v.field, v.rule, v.message) for v in caught.value.violations] == [
            ("config.seats[1].stack", "", "a seat dealt in needs chips: 0")
        ]


# --- Stakes defaults ---------------------------------------------------------------------------


@pytest.mark.parametrize(("small_bet", "unit", "bring_in"), [(10, 1, 5), (25, 1, 12), (25, 5, 10)])
def test_stakes_defaults__bring_in_is_half_the_small_bet_rounded_down(
    small_bet: int, unit: int, bring_in: int
) -> None:
    """RULES.md "Stakes defaults": bring_in 0 = half the small bet rounded down to odd_chip_unit."""
    hand = Hand(
        table(
            Game.SEVEN_CARD_STUD,
            [1000, 1000],
            small_bet=small_bet,
            big_bet=2 * small_bet,
            odd_chip_unit=unit,
        )
    )
    hand.stud_street({1: "2c", 2: "Ah"})
    assert hand.legal_map()[BRING_IN] == [(bring_in, bring_in)]


@pytest.mark.parametrize("game", STUDS)
def test_stakes_defaults__bring_in_of_the_small_bet_or_more_is_invalid(game: Game) -> None:
    """RULES.md "Stakes defaults": a bring-in >= the small bet is INVALID_ARGUMENT (it would be
    a completion)."""
    for bring_in in (10, 11):
        found = invalid(table(game, [100, 100], small_bet=10, bring_in=bring_in))
        assert found == {"config.stakes.bring_in": "bring_in.amount"}


@pytest.mark.parametrize(
    ("small_bet", "small_blind"), [(1000, 500), (300, 100), (200, 100), (150, 75), (10, 5)]
)
def test_stakes_defaults__fixed_limit_small_blind_rounds_down_to_whole_units(
    small_bet: int, small_blind: int
) -> None:
    """RULES.md "Stakes defaults": half the small bet rounded DOWN to whole units (100); if that
    is 0, half the small bet rounded to odd_chip_unit; the big blind is the small bet."""
    hand = Hand(
        table(Game.FIVE_CARD_DRAW, [5000] * 3, button=1, small_bet=small_bet, big_bet=2 * small_bet)
    )
    assert hand.contributed(2) == small_blind
    assert hand.contributed(3) == small_bet
    assert snapshot(hand.state).current_bet == small_bet


def test_stakes_defaults__explicit_blinds_override() -> None:
    """RULES.md "Five Card Draw, 7-A": an explicit blind amount in the configuration overrides."""
    hand = Hand(table(Game.FIVE_CARD_DRAW_7A, [500] * 3, button=1, small_blind=3, big_blind=8))
    assert (hand.contributed(2), hand.contributed(3)) == (3, 8)


@pytest.mark.parametrize("structure", [PL, NL])
def test_stakes_defaults__pot_and_no_limit_draw_blinds_come_from_the_stakes(structure) -> None:
    """RULES.md "Betting structures": PL/NL draw blinds come from small_blind / big_blind."""
    hand = Hand(
        table(Game.FIVE_CARD_DRAW, [500] * 3, structure=structure, button=1, small_blind=7,
              big_blind=15, small_bet=0, big_bet=0)
    )  # fmt: skip
    assert (hand.contributed(2), hand.contributed(3)) == (7, 15)


def test_stakes_defaults__small_blind_above_big_blind_is_invalid() -> None:
    """A small blind above the big blind is ``config.stakes.small_blind`` (``blind.amount``)."""
    found = invalid(table(Game.FIVE_CARD_DRAW, [100] * 2, button=1, small_blind=20, big_blind=10))
    assert found == {"config.stakes.small_blind": "blind.amount"}


def test_stakes_defaults__small_bet_is_required() -> None:
    """Stakes must name the small bet (minor units > 0)."""
    assert "config.stakes.small_bet" in invalid(table(Game.RAZZ, [100, 100], small_bet=0))
    negative = invalid(table(Game.RAZZ, [100, 100], ante=-1))
    assert negative == {"config.stakes.ante": "ante.amount"}


# --- antes and blinds --------------------------------------------------------------------------


@pytest.mark.parametrize("game", STUDS)
def test_stud__every_player_antes_and_the_ante_is_not_a_bet(game: Game) -> None:
    """RULES.md "Seven Card Stud family": every player antes; the ante is not a bet."""
    hand = Hand(table(game, [100, 100, 100], ante=2, bring_in=5))
    view = snapshot(hand.state)
    assert [(s.stack, s.bet, s.contributed) for s in view.seats] == [(98, 0, 2)] * 3
    assert view.current_bet == 0 and view.pot_total == 6 and view.phase == "dealing"


def test_stud__short_ante_posts_all_and_is_all_in() -> None:
    """RULES.md: a short stack posts what it has and is all in (its unmatched part comes back)."""
    hand = Hand(table(Game.SEVEN_CARD_STUD, [1, 100, 100], ante=2, bring_in=5))
    seat = snapshot(hand.state).seats[0]
    assert (seat.stack, seat.contributed, seat.all_in) == (0, 1, True)


def test_draw__blinds_left_of_the_button_are_live_bets() -> None:
    """RULES.md "Five Card Draw, 7-A": small blind left of the button, big blind left of it;
    both live; round 1 starts left of the big blind."""
    hand = Hand(table(Game.FIVE_CARD_DRAW, [100] * 4, button=2)).deal_draw({})
    view = snapshot(hand.state)
    assert [(s.seat, s.bet) for s in view.seats] == [(1, 0), (2, 0), (3, 5), (4, 10)]
    assert view.seat_to_act == 1 and view.current_bet == 10 and view.bets_this_round == 1


def test_draw__heads_up_button_posts_the_small_blind_and_acts_first() -> None:
    """RULES.md "Heads-up": the button posts the small blind and acts first before the draw."""
    hand = Hand(table(Game.FIVE_CARD_DRAW_7A, [100, 100], button=2)).deal_draw({})
    assert (hand.contributed(2), hand.contributed(1)) == (5, 10)
    assert hand.to_act == 2


def test_draw__short_big_blind_is_all_in_and_the_full_blind_is_called() -> None:
    """A big blind short of chips posts all and is all in; the others still call the full big
    blind (RRoP / TDA); the unmatched part comes back at settlement."""
    hand = Hand(table(Game.FIVE_CARD_DRAW, {1: 100, 2: 100, 3: 4}, button=1)).deal_draw({})
    assert snapshot(hand.state).seats[2].all_in
    assert hand.to_act == 1
    assert hand.legal_map()[CALL] == [(10, 10)]


def test_forced_bets__explicit_bets_replace_derivation() -> None:
    """DESIGN.md "Forced bets": explicit forced bets override derivation; a dead blind goes to
    the pot without counting as the poster's bet; a live newcomer's big blind is a bet."""
    config = table(
        Game.FIVE_CARD_DRAW,
        [200] * 5,
        button=1,
        forced_bets=[
            ForcedBet(seat=2, kind=ForcedBetKind.SMALL_BLIND, amount=5),
            ForcedBet(seat=3, kind=ForcedBetKind.BIG_BLIND, amount=10),
            ForcedBet(seat=5, kind=ForcedBetKind.BIG_BLIND, amount=10),
            ForcedBet(seat=5, kind=ForcedBetKind.DEAD_BLIND, amount=5),
        ],
    )
    hand = Hand(config).deal_draw({})
    view = snapshot(hand.state)
    assert [(s.seat, s.bet, s.contributed) for s in view.seats] == [
        (1, 0, 0), (2, 5, 5), (3, 10, 10), (4, 0, 0), (5, 10, 15),
    ]  # fmt: skip
    assert view.seat_to_act == 4 and view.pot_total == 30
    hand.act(4, CALL).act(5, CHECK).act(1, FOLD).act(2, CALL).act(3, CHECK)
    assert hand.street == "draw"


def test_forced_bets__stud_short_antes_from_the_configuration() -> None:
    """DESIGN.md "Forced bets": explicit antes replace the derived ones (a short ante)."""
    config = table(
        Game.RAZZ,
        [100, 100],
        ante=5,
        forced_bets=[
            ForcedBet(seat=1, kind=ForcedBetKind.ANTE, amount=5),
            ForcedBet(seat=2, kind=ForcedBetKind.ANTE, amount=2),
        ],
    )
    assert (Hand(config).contributed(1), Hand(config).contributed(2)) == (5, 2)


def test_stud__bring_in_options_by_structure() -> None:
    """RULES.md: fixed limit BRING_IN or COMPLETE; pot/no limit BRING_IN or a BET of at least
    the small bet (no COMPLETE)."""
    limit = Hand(table(Game.SEVEN_CARD_STUD, [500, 500], bring_in=3)).stud_street(
        {1: "2c", 2: "Kd"}
    )
    assert limit.legal_map() == {BRING_IN: [(3, 3)], COMPLETE: [(10, 10)]}
    nolimit = Hand(table(Game.SEVEN_CARD_STUD, [500, 500], structure=NL, bring_in=3))
    nolimit.stud_street({1: "2c", 2: "Kd"})
    assert nolimit.legal_map() == {BRING_IN: [(3, 3)], BET: [(10, 500)]}
    potlimit = Hand(table(Game.SEVEN_CARD_STUD, [500, 500], structure=PL, bring_in=3, ante=5))
    potlimit.stud_street({1: "2c", 2: "Kd"})
    assert potlimit.legal_map() == {BRING_IN: [(3, 3)], BET: [(10, 10)]}
    assert potlimit.refuse(1, COMPLETE, 10) == "action.not_allowed"
    assert potlimit.refuse(1, RAISE, 10) == "action.not_allowed"


@pytest.mark.parametrize("game", DRAWS)
@pytest.mark.parametrize(
    ("structure", "stakes"),
    [("fixed", {"small_bet": 1, "big_bet": 2}), ("no_limit", {"small_bet": 1, "big_blind": 1})],
)
def test_stakes_defaults__a_small_blind_that_rounds_down_to_0_must_be_set(
    game: Game, structure: str, stakes: dict[str, int]
) -> None:
    """RULES.md "Stakes defaults": the small blind derives from half the small bet (fixed
    limit) or half the big blind (pot and no limit); when that rounds down to 0 there would be
    no small blind at all, so the configuration is refused (``blind.amount``), as a bring-in
    that rounds down to 0 is; an explicit small blind of 1 is accepted."""
    kind = FL if structure == "fixed" else NL
    found = invalid(table(game, [100, 100, 100], structure=kind, button=3, **stakes))
    assert found == {"config.stakes.small_blind": "blind.amount"}
    start_hand(table(game, [100, 100, 100], structure=kind, button=3, small_blind=1, **stakes))


# --- DESIGN.md "Forced bets": an explicit bring-in --------------------------------------------

ANTES_5 = [ForcedBet(seat=seat, kind=ForcedBetKind.ANTE, amount=5) for seat in (1, 2, 3)]


def forced_bring_in(seat: int, amount: int, *, stacks: Sequence[int] = (500, 500, 500),
                    bring_in: int = 0, game: Game = Game.SEVEN_CARD_STUD) -> Hand:  # fmt: skip
    """Seven Card Stud 20/40, antes 5 (explicit), seats 1-3 with door cards 2c 9d Th (seat 1
    would bring in by the cards), and a BRING_IN forced bet of ``amount`` by ``seat``."""
    forced = [*ANTES_5, ForcedBet(seat=seat, kind=ForcedBetKind.BRING_IN, amount=amount)]
    config = table(game, stacks, small_bet=20, big_bet=40, bring_in=bring_in, forced_bets=forced)
    doors = RAZZ_DOORS if game is Game.RAZZ else {1: "2c", 2: "9d", 3: "Th"}
    return Hand(config).stud_street(doors)


RAZZ_DOORS = {1: "Kd", 2: "5d", 3: "4h"}  # seat 1 would bring in by the cards (highest door)


@pytest.mark.parametrize("game", [Game.SEVEN_CARD_STUD, Game.RAZZ])
def test_forced_bets__bring_in_names_the_seat_and_the_amount(game: Game) -> None:
    """DESIGN.md "Forced bets": a BRING_IN forced bet names who brings in (not the door
    cards, RULES.md "Seven Card Stud family") and the amount (not the stakes' bring-in). It
    is not posted: the seat still acts BRING_IN or COMPLETE, and the door cards' choice
    (seat 1) bringing in is ``bring_in.player``."""
    hand = forced_bring_in(3, 7, bring_in=3, game=game)
    assert [hand.contributed(seat) for seat in (1, 2, 3)] == [5, 5, 5]
    assert hand.to_act == 3
    assert hand.legal_map() == {BRING_IN: [(7, 7)], COMPLETE: [(20, 20)]}
    assert hand.refuse(1, BRING_IN) == "bring_in.player"
    assert hand.refuse(3, FOLD) == "action.not_allowed"
    hand.act(3, BRING_IN, 7)
    assert hand.to_act == 1  # action continues left of the bring-in
    assert hand.legal_map()[CALL] == [(7, 7)]


def test_forced_bets__bring_in_seat_may_complete() -> None:
    """DESIGN.md "Forced bets": the named seat may complete to the small bet instead; the
    round then goes on as usual (called and folded: on to 4th street)."""
    hand = forced_bring_in(3, 7)
    hand.act(3, COMPLETE, 20).act(1, CALL).act(2, FOLD)
    assert [hand.contributed(seat) for seat in (1, 2, 3)] == [25, 5, 25]
    assert hand.street == "fourth_street"


def test_forced_bets__a_short_forced_bring_in_posts_all_it_has() -> None:
    """RULES.md: the bring-in "posts all it has if short", forced or not (9 - 5 ante = 4)."""
    hand = forced_bring_in(3, 7, stacks=(500, 500, 9))
    assert hand.legal_map() == {BRING_IN: [(4, 4)]}
    hand.act(3, BRING_IN)
    assert (hand.stack(3), hand.contributed(3)) == (0, 9)


def test_forced_bets__a_forced_bring_in_all_in_from_the_ante_passes_by_the_cards() -> None:
    """RULES.md "If that player is all-in from the ante, the next in order brings in": a
    named seat all in from its ante cannot bring in, so the door cards choose among the
    others (seat 1, 2c) at the forced amount (docs/rules.md "Forced bets")."""
    hand = forced_bring_in(3, 7, stacks=(500, 500, 5))
    assert hand.to_act == 1
    assert hand.legal_map() == {BRING_IN: [(7, 7)], COMPLETE: [(20, 20)]}


def test_forced_bets__without_a_bring_in_the_cards_and_the_stakes_decide() -> None:
    """docs/rules.md "Forced bets": explicit forced bets without a BRING_IN leave the bring-in
    seat to the door cards and its amount to the stakes (here 3)."""
    config = table(Game.SEVEN_CARD_STUD, [500] * 3, small_bet=20, bring_in=3, forced_bets=ANTES_5)
    hand = Hand(config).stud_street({1: "2c", 2: "9d", 3: "Th"})
    assert hand.to_act == 1
    assert hand.legal_map() == {BRING_IN: [(3, 3)], COMPLETE: [(20, 20)]}


def forced_violations(game: Game, forced: Sequence[ForcedBet]) -> list[tuple[str, str, str]]:
    """``(field, rule, message)`` of the violations a 3-seat 20/40 hand with ``forced`` gets."""
    with pytest.raises(InvalidArgument) as caught:
        start_hand(table(game, [500] * 3, button=1, small_bet=20, forced_bets=forced))
    return [(v.field, v.rule, v.message) for v in caught.value.violations]


def bring_in(seat: int, amount: int, *, dead: bool = False) -> ForcedBet:
    return ForcedBet(seat=seat, kind=ForcedBetKind.BRING_IN, amount=amount, dead=dead)


@pytest.mark.parametrize(
    ("game", "forced", "expected"),
    [
        (Game.FIVE_CARD_DRAW, [bring_in(2, 5)],
         [("config.forced_bets[0].kind", "bring_in.player", "Five Card Draw has no bring-in")]),
        (Game.SEVEN_CARD_STUD, [bring_in(2, 5), bring_in(3, 5)],
         [("config.forced_bets[1].kind", "bring_in.player",
           "one seat brings in: forced_bets[0] is already a bring-in")]),
        (Game.SEVEN_CARD_STUD, [bring_in(2, 20)],
         [("config.forced_bets[0].amount", "bring_in.amount",
           "a bring-in of 20 is not below the small bet 20 (a full bring-in is a completion)")]),
        (Game.RAZZ, [bring_in(2, 0)],
         [("config.forced_bets[0].amount", "bring_in.amount", "0 must be > 0 minor units")]),
        (Game.RAZZ, [bring_in(7, 5)],
         [("config.forced_bets[0].seat", "bring_in.player", "seat 7 is not dealt in")]),
        (Game.FIVE_CARD_STUD, [bring_in(1, 5, dead=True)],
         [("config.forced_bets[0].dead", "bring_in.amount",
           "a bring-in is a live bet, never dead")]),
    ],
    ids=["draw", "two", "small_bet", "zero", "seat", "dead"],
)  # fmt: skip
def test_forced_bets__bring_in_checks(
    game: Game, forced: list[ForcedBet], expected: list[tuple[str, str, str]]
) -> None:
    """DESIGN.md "Forced bets": a BRING_IN forced bet is stud only, at most one, a seat dealt
    in, live, and an amount > 0 below the small bet (``bring_in.player`` / ``bring_in.amount``)."""
    assert forced_violations(game, forced) == expected


def forced(seat: int, kind: ForcedBetKind, amount: int, *, dead: bool = False) -> ForcedBet:
    return ForcedBet(seat=seat, kind=kind, amount=amount, dead=dead)


K = ForcedBetKind


@pytest.mark.parametrize(
    ("game", "bets", "expected"),
    [
        (Game.FIVE_CARD_DRAW,
         [forced(2, K.SMALL_BLIND, 10), forced(3, K.BIG_BLIND, 20), forced(3, K.BIG_BLIND, 20)],
         ("config.forced_bets[2]", "blind.player", "seat 3 already posts the big blind "
          "(forced_bets[1])")),
        (Game.FIVE_CARD_DRAW,
         [forced(2, K.SMALL_BLIND, 10), forced(2, K.BIG_BLIND, 20)],
         ("config.forced_bets[1]", "blind.player", "seat 2 already posts the small blind "
          "(forced_bets[0]): a seat posts the small or the big blind live, never both")),
        (Game.FIVE_CARD_DRAW,
         [forced(3, K.BIG_BLIND, 20), forced(2, K.SMALL_BLIND, 10), forced(3, K.SMALL_BLIND, 10)],
         ("config.forced_bets[2]", "blind.player", "seat 3 already posts the big blind "
          "(forced_bets[0]): a seat posts the small or the big blind live, never both")),
        (Game.FIVE_CARD_DRAW,
         [forced(3, K.BIG_BLIND, 20), forced(1, K.DEAD_BLIND, 10), forced(1, K.DEAD_BLIND, 10)],
         ("config.forced_bets[2]", "blind.player", "seat 1 already posts a dead blind "
          "(forced_bets[1])")),
        (Game.SEVEN_CARD_STUD,
         [forced(1, K.ANTE, 5), forced(2, K.ANTE, 5), forced(1, K.ANTE, 5)],
         ("config.forced_bets[2]", "ante.amount", "seat 1 already posts an ante "
          "(forced_bets[0])")),
        (Game.SEVEN_CARD_STUD,
         [forced(2, K.BRING_IN, 5), forced(2, K.BRING_IN, 5)],
         ("config.forced_bets[1]", "bring_in.player", "seat 2 already posts the bring-in "
          "(forced_bets[0])")),
        (Game.TEXAS_HOLDEM,
         [forced(3, K.BIG_BLIND, 20), forced(1, K.STRADDLE, 40), forced(1, K.STRADDLE, 40)],
         ("config.forced_bets[2]", "straddle.player", "seat 1 already posts a straddle "
          "(forced_bets[1])")),
        (Game.TEXAS_HOLDEM,
         [forced(3, K.BIG_BLIND, 20), forced(3, K.BIG_BLIND_ANTE, 20),
          forced(3, K.BIG_BLIND_ANTE, 20)],
         ("config.forced_bets[2]", "ante.amount", "seat 3 already posts a big-blind ante "
          "(forced_bets[1])")),
    ],
    ids=["big_blind_twice", "small_and_big", "big_and_small", "dead_twice", "ante_twice",
         "bring_in_twice", "straddle_twice", "big_blind_ante_twice"],
)  # fmt: skip
def test_forced_bets__a_seat_posts_each_forced_bet_once(
    game: Game, bets: list[ForcedBet], expected: tuple[str, str, str]
) -> None:
    """DESIGN.md "Forced bets" and docs/rules.md: a HandConfig naming a forced bet its seat
    already posts (the same kind twice, or a live small and a live big blind on one seat) is
    refused at the later one (``config.forced_bets[i]``), never posted twice."""
    assert forced_violations(game, bets) == [expected]


@pytest.mark.parametrize(
    "dead_small",
    [forced(1, K.DEAD_BLIND, 10), forced(1, K.SMALL_BLIND, 10, dead=True)],
    ids=["dead_blind", "small_blind_dead"],
)
def test_forced_bets__a_big_blind_and_a_dead_small_blind_on_one_seat_are_posted(
    dead_small: ForcedBet,
) -> None:
    """RULES.md "Five Card Draw" Button: a returning player posts the big blind live and the
    missed small blind dead (a ``DEAD_BLIND`` or a ``SMALL_BLIND`` marked dead): both are
    posted; so are a live and a dead small blind on the small-blind seat."""
    config = table(Game.FIVE_CARD_DRAW, [500] * 3, button=1, small_bet=20, forced_bets=[
        forced(2, K.SMALL_BLIND, 10), forced(2, K.SMALL_BLIND, 10, dead=True),
        forced(3, K.BIG_BLIND, 20), forced(1, K.BIG_BLIND, 20), dead_small])  # fmt: skip
    state = start_hand(config)
    assert state.contributed == [30, 20, 20]
    assert state.bets == [20, 10, 20]
