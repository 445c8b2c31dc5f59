"""PHH hands mapped to floorman's configuration and events, then replayed by the engine.

The contract is DESIGN.md's (seats from 1, antes and blinds posted by the engine, a stud
seat's down and up cards as separate Deals, "raise to" amounts); the rules checked on replay
are RULES.md's (bring-in and completion, showdown order, draw).
"""

from __future__ import annotations

import pytest

from floorman.domain.cards import parse_card
from floorman.domain.engine import replay, settle_hand
from floorman.domain.errors import InvalidArgument
from floorman.domain.history.phh import map_phh, parse_phh, parse_phh_action, phh_to_hand
from floorman.domain.history.phh_mapping import draw_deal_order
from floorman.domain.model import (
    Action,
    ActionType,
    BettingStructure,
    Deal,
    ForcedBet,
    ForcedBetKind,
    Game,
    Stakes,
)

A = ActionType


def c(*texts: str | None) -> tuple[int | None, ...]:
    return tuple(None if t is None else parse_card(t) for t in texts)


STUD = """
variant = 'F7S'
antes = [10, 10, 10]
bring_in = 15
small_bet = 50
big_bet = 100
starting_stacks = [1000, 1000, 1000]
seats = [2, 5, 7]
players = ['Ann', 'Bob', 'Cy']
actions = [
  'd dh p1 AsKs2c', 'd dh p2 ??????', 'd dh p3 QdQh3c',
  'p1 pb', 'p2 f', 'p3 cbr 50', 'p1 cbr 100', 'p3 cc',
  'd dh p1 7c', 'd dh p3 8c',
  'p3 cc', 'p1 cbr 50', 'p3 cc',
  'd dh p1 9c', 'd dh p3 Tc', 'p3 cc', 'p1 cc',
  'd dh p1 Jc', 'd dh p3 Jd', 'p3 cbr 100', 'p1 cc',
  'd dh p1 2h', 'd dh p3 3h', 'p3 cc', 'p1 cc',
  'p3 sm QdQh3c8cTcJd3h', 'p1 sm -',
]
finishing_stacks = [740, 990, 1270]
"""


def test_phh_mapping_stud_config_uses_seats_players_and_stakes():
    """pK sits in ``seats[K-1]``; pN's seat is the dealer position (dealing starts at p1);
    a uniform ante and the bring-in become stakes (RULES.md "Seven Card Stud family")."""
    config, _ = phh_to_hand(parse_phh(STUD))
    assert config.game is Game.SEVEN_CARD_STUD
    assert config.betting_structure is BettingStructure.FIXED_LIMIT
    assert [(s.seat, s.player_id, s.stack) for s in config.seats] == [
        (2, "Ann", 1000),
        (5, "Bob", 1000),
        (7, "Cy", 1000),
    ]
    assert config.button_seat == 7
    assert config.stakes == Stakes(small_bet=50, big_bet=100, ante=10, bring_in=15)
    assert config.forced_bets == ()


def test_phh_mapping_stud_deals_split_down_and_up_cards():
    """Seven Card Stud family: a 3rd-street deal is 2 down + 1 up, 4th-6th up, 7th down;
    unknown cards stay None."""
    mapping = map_phh(parse_phh(STUD))
    deals = [e for e in mapping.events if isinstance(e, Deal)]
    assert deals[:5] == [
        Deal(seat=2, cards=c("As", "Ks"), face_up=False),
        Deal(seat=2, cards=c("2c"), face_up=True),
        Deal(seat=5, cards=(None, None), face_up=False),
        Deal(seat=5, cards=(None,), face_up=True),
        Deal(seat=7, cards=c("Qd", "Qh"), face_up=False),
    ]
    assert deals[6] == Deal(seat=2, cards=c("7c"), face_up=True)
    assert deals[-1] == Deal(seat=7, cards=c("3h"), face_up=False)
    assert mapping.sources[:4] == (0, 0, 1, 1)


def test_phh_mapping_resolves_cc_and_cbr_from_the_engine():
    """``pb`` is BRING_IN; ``cbr`` over the bring-in is COMPLETE, then RAISE, and BET on a
    later street; ``cc`` is CALL facing a bet, else CHECK; ``sm`` is SHOW, ``sm -`` shows the
    cards dealt (RULES.md "Seven Card Stud family": bring-in and completion)."""
    mapping = map_phh(parse_phh(STUD))
    actions = [(e.seat, e.type, e.amount) for e in mapping.events if isinstance(e, Action)]
    assert actions[:9] == [
        (2, A.BRING_IN, 0),
        (5, A.FOLD, 0),
        (7, A.COMPLETE, 50),
        (2, A.RAISE, 100),
        (7, A.CALL, 0),
        (7, A.CHECK, 0),
        (2, A.BET, 50),
        (7, A.CALL, 0),
        (7, A.CHECK, 0),
    ]
    shows = [e for e in mapping.events if isinstance(e, Action) and e.type is A.SHOW]
    assert shows[1].cards == c("As", "Ks", "2c", "7c", "9c", "Jc", "2h")
    assert mapping.refused_at is None


def test_phh_mapped_stud_hand_replays_to_its_finishing_stacks():
    """The mapped history replays through the engine and settles to finishing_stacks."""
    hand = parse_phh(STUD)
    config, events = phh_to_hand(hand)
    result = settle_hand(replay(config, events, allow_unknown_up=True))  # p2 door: ??
    assert [result.final_stacks[s.seat] for s in config.seats] == list(hand.finishing_stacks)


DRAW = """
variant = 'F5CD'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
small_bet = 100
big_bet = 200
starting_stacks = [1000, 1000, 1000]
actions = [
  'd dh p1 AsKsQsJs2c', 'd dh p2 ??????????', 'd dh p3 7h7d7c2h3h',
  'p3 cbr 200', 'p1 cc', 'p2 f',
  'p1 sd 2c', 'd dh p1 9d', 'p3 sd 2h3h', 'd dh p3 KdKc', 'p1 sd',
  'p1 cc', 'p3 cbr 200', 'p1 cc',
  'p3 sm 7h7d7cKdKc', 'p1 sm',
]
finishing_stacks = [600, 900, 1500]
"""


def test_phh_mapping_draw_blinds_draws_and_replacements():
    """Five Card Draw (house code F5CD): blinds become stakes with pN on the button; ``sd``
    is DRAW (no cards: stand pat) and the next ``dh`` the face-down replacement cards;
    ``sm`` without cards is MUCK."""
    hand = parse_phh(DRAW.replace("'p1 sd',", ""))
    mapping = map_phh(hand)
    assert mapping.config.button_seat == 3
    assert mapping.config.stakes == Stakes(
        small_bet=100, big_bet=200, small_blind=50, big_blind=100
    )
    events = mapping.events
    assert events[3:6] == (
        Action(seat=3, type=A.RAISE, amount=200),
        Action(seat=1, type=A.CALL),
        Action(seat=2, type=A.FOLD),
    )
    assert events[6:10] == (
        Action(seat=1, type=A.DRAW, cards=c("2c")),
        Deal(seat=1, cards=c("9d")),
        Action(seat=3, type=A.DRAW, cards=c("2h", "3h")),
        Deal(seat=3, cards=c("Kd", "Kc")),
    )
    assert events[-1] == Action(seat=1, type=A.MUCK)
    assert mapping.refused_at is None
    result = settle_hand(replay(mapping.config, list(events)))
    assert [result.final_stacks[s] for s in (1, 2, 3)] == [600, 900, 1500]


def test_phh_mapping_reports_the_first_event_the_engine_refuses_and_maps_on():
    """An illegal record still maps: the first refused event and its rule are reported
    (a DRAW by seat 1 in the betting after the draw); later actions come from the tally."""
    mapping = map_phh(parse_phh(DRAW))
    assert mapping.refused_at == 10
    assert mapping.sources[10] == 10
    assert mapping.violation is not None
    assert mapping.violation.rule == "action.not_allowed"
    assert mapping.events[11:13] == (
        Action(seat=1, type=A.CHECK),
        Action(seat=3, type=A.BET, amount=200),
    )


def test_phh_mapping_heads_up_reverses_antes_and_blinds_into_forced_bets():
    """PHH heads-up: antes and blinds are reversed (the button, p2, posts the small blind);
    non-uniform antes become explicit forced bets with both blinds (an ante by the big blind
    alone would be a big-blind ante, docs/rules.md)."""
    text = """
variant = 'N5CD'
antes = [10, 25]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [1000, 2000]
actions = []
"""
    config, events = phh_to_hand(parse_phh(text))
    assert events == []
    assert config.betting_structure is BettingStructure.NO_LIMIT
    assert config.stakes == Stakes(small_bet=100, big_bet=100, small_blind=50, big_blind=100)
    assert config.forced_bets == (
        ForcedBet(seat=1, kind=ForcedBetKind.ANTE, amount=25),
        ForcedBet(seat=2, kind=ForcedBetKind.ANTE, amount=10),
        ForcedBet(seat=2, kind=ForcedBetKind.SMALL_BLIND, amount=50),
        ForcedBet(seat=1, kind=ForcedBetKind.BIG_BLIND, amount=100),
    )


def test_phh_mapping_five_card_stud_deals_one_down_then_up():
    """Five Card Stud (house code F5S): 2nd street is one down and one up card."""
    text = """
variant = 'F5S'
antes = [5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [500, 500]
actions = ['d dh p1 As2c', 'd dh p2 KdKh', 'p1 pb', 'p2 f']
"""
    _, events = phh_to_hand(parse_phh(text))
    assert events[:2] == [
        Deal(seat=1, cards=c("As"), face_up=False),
        Deal(seat=1, cards=c("2c"), face_up=True),
    ]


def test_phh_mapping_community_card_is_a_seat_zero_deal():
    """Seven Card Stud family: ``d db`` is the 7th-street community card (seat 0, face up)."""
    text = STUD.replace("'d dh p1 2h', 'd dh p3 3h',", "'d db 2h',").replace(
        "'p3 sm QdQh3c8cTcJd3h', 'p1 sm -',", ""
    )
    _, events = phh_to_hand(parse_phh(text))
    assert Deal(seat=0, cards=c("2h"), face_up=True) in events


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (STUD.replace("[1000, 1000, 1000]", "[1000.125, 1000, 1000]"), "starting_stacks[0]"),
        (DRAW.replace("[50, 100, 0]", "[50, 100, 200]"), "blinds_or_straddles"),
    ],
)  # fmt: skip
def test_phh_mapping_refuses_what_the_model_cannot_hold(text, field):
    """Chips finer than 1/100 and straddles in a game without a board are
    refused naming the field."""
    with pytest.raises(InvalidArgument) as caught:
        phh_to_hand(parse_phh(text))
    assert [v.field for v in caught.value.violations] == [field]


def test_phh_mapping_keeps_the_state_it_reached_so_nothing_is_replayed_twice():
    """``map_phh`` steps the engine through every event: its ``state`` is the state a replay
    of the mapped events gives (settled without replaying: RULES.md "Common to every game",
    the finishing stacks), and ``None`` once the engine refused an event."""
    hand = parse_phh(STUD)
    mapping = map_phh(hand)
    assert mapping.state is not None and mapping.state.complete
    assert mapping.state == replay(mapping.config, list(mapping.events), allow_unknown_up=True)
    result = settle_hand(mapping.state)
    assert [result.final_stacks[s.seat] for s in mapping.config.seats] == list(
        hand.finishing_stacks
    )
    assert map_phh(parse_phh(DRAW)).state is None  # refused at event 10
    assert map_phh(hand) == mapping  # the state is not compared: it follows from the events


@pytest.mark.parametrize(
    ("written", "engine_order"),
    [
        # the specification's order: every sd, then the d dh in the same order
        (["p1 sd 7d", "p2 sd", "p3 sd 7sTs", "d dh p1 8c", "d dh p3 9s9h", "p1 cbr 20"],
         ["p1 sd 7d", "d dh p1 8c", "p2 sd", "p3 sd 7sTs", "d dh p3 9s9h", "p1 cbr 20"]),
        # replacements dealt in another order of players, one of them in two deals
        (["p1 sd 7d6d", "p2 sd 9d", "d dh p2 8d", "d dh p1 8c", "d dh p1 2c"],
         ["p1 sd 7d6d", "d dh p1 8c", "d dh p1 2c", "p2 sd 9d", "d dh p2 8d"]),
        # two draws in a row (everyone all in: no betting between them)
        (["p1 sd 7d", "p2 sd 9d", "d dh p1 8c", "d dh p2 8d", "p1 sd 8c", "p2 sd", "d dh p1 2c"],
         ["p1 sd 7d", "d dh p1 8c", "p2 sd 9d", "d dh p2 8d", "p1 sd 8c", "d dh p1 2c",
          "p2 sd"]),
        # floorman's own older exports (each sd followed by its d dh) are kept as they are
        (["p1 sd 7d", "d dh p1 8c", "p2 sd 9d", "d dh p2 8d"],
         ["p1 sd 7d", "d dh p1 8c", "p2 sd 9d", "d dh p2 8d"]),
        # a deal nobody discarded for stays after the run, for the engine to refuse
        (["p1 sd 7d", "d dh p2 8d", "d dh p1 8c"], ["p1 sd 7d", "d dh p1 8c", "d dh p2 8d"]),
    ],
)  # fmt: skip
def test_phh_draw_rounds_map_to_the_engine_order(written, engine_order):
    """PHH specification (a draw round: every ``sd``, then the ``d dh``) -> RULES.md "Five
    Card Draw, 7-A" (each player receives its replacements before the next one draws): each
    discard is followed by its player's replacement deals; the sources keep the written
    index."""
    actions = tuple(parse_phh_action(text) for text in written)
    ordered = draw_deal_order(actions)
    assert [str(action) for _, action in ordered] == engine_order
    assert sorted(index for index, _ in ordered) == list(range(len(written)))
    assert all(actions[index] is action for index, action in ordered)
