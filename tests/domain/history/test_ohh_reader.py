"""Open Hand History reader (DESIGN.md "Hand-history formats"): exact amounts, every problem
named by its field, hands from other programs mapped from the standard fields."""

from __future__ import annotations

import json

import pytest
from export_support import draw_example

from floorman.domain.cards import parse_card
from floorman.domain.engine import replay, settle_hand
from floorman.domain.errors import InvalidArgument
from floorman.domain.history import export_ohh, ohh_to_hand, parse_ohh
from floorman.domain.history.ohh import map_ohh
from floorman.domain.model import Action, ActionType, Deal, Game


def c(*texts: str | None) -> tuple[int | None, ...]:
    return tuple(None if t is None else parse_card(t) for t in texts)


def stud_hand(**changes: object) -> dict:
    """A heads-up Stud Hi hand as another program might write it (no floorman extension):
    the bring-in and the small bet in the blind fields, faces left to the card places."""
    ohh = {
        "spec_version": "1.4.6",
        "site_name": "Elsewhere",
        "game_number": "991",
        "game_type": "Stud",
        "bet_limit": {"bet_type": "FL", "bet_cap": 0},
        "currency": "USD",
        "dealer_seat": 0,
        "small_blind_amount": 0.02,
        "big_blind_amount": 0.05,
        "ante_amount": 0.01,
        "players": [
            {"id": 0, "seat": 1, "name": "A", "starting_stack": 1.00},
            {"id": 1, "seat": 2, "name": "B", "starting_stack": 1.00},
        ],
        "rounds": [
            {
                "id": 0,
                "street": "Third Street",
                "cards": [],
                "actions": [
                    {"action_number": 1, "player_id": 0, "action": "Post Ante", "amount": 0.01},
                    {"action_number": 2, "player_id": 1, "action": "Post Ante", "amount": 0.01},
                    {"action_number": 3, "player_id": 1, "action": "Sits Down"},
                    {"action_number": 4, "player_id": 0, "action": "Dealt Cards",
                     "cards": ["Ah", "Kd", "2c"]},
                    {"action_number": 5, "player_id": 1, "action": "Dealt Cards",
                     "cards": ["??", "??", "9s"]},
                    {"action_number": 6, "player_id": 0, "action": "Bring In", "amount": 0.02},
                    {"action_number": 7, "player_id": 1, "action": "Raise", "amount": 0.05},
                    {"action_number": 8, "player_id": 0, "action": "Fold"},
                ],
            }
        ],
        "pots": [
            {"number": 0, "amount": 0.06, "rake": 0,
             "player_wins": [{"player_id": 1, "win_amount": 0.06}]}
        ],
    }  # fmt: skip
    ohh.update(changes)
    return {"ohh": ohh}


def test_parse_ohh_reads_amounts_exactly_in_minor_units() -> None:
    """RULES.md "Money": 0.05 dollars is 5 cents exactly (no float); chips stay whole."""
    [hand] = parse_ohh(json.dumps(stud_hand()))
    assert (hand.small_blind, hand.big_blind, hand.ante) == (2, 5, 1)
    assert [p.starting_stack for p in hand.players] == [100, 100]
    assert (hand.pots[0].amount, hand.pots[0].wins[0].win_amount) == (6, 6)
    [chips] = parse_ohh(export_ohh(draw_example()))
    assert (chips.amount_scale, chips.small_blind, chips.pots[0].amount) == (1, 10, 440)


def test_ohh_stud_hand_from_another_program_maps_and_replays() -> None:
    """RULES.md "Seven Card Stud family": without the extension the bring-in and small bet
    come from the blind fields; 3rd-street faces follow the card places (2 down, 1 up); the
    completion (a "Raise" adding 5 cents over the 2-cent bring-in) is a COMPLETE to 5;
    unknown hole cards are ``None``; seat changes are ignored."""
    [hand] = parse_ohh(json.dumps(stud_hand()))
    config, events = ohh_to_hand(hand)
    assert config.game is Game.SEVEN_CARD_STUD
    stakes = config.stakes
    assert (stakes.bring_in, stakes.small_bet, stakes.big_bet, stakes.ante) == (2, 5, 10, 1)
    assert events == [
        Deal(seat=1, cards=c("Ah", "Kd")),
        Deal(seat=1, cards=c("2c"), face_up=True),
        Deal(seat=2, cards=c(None, None)),
        Deal(seat=2, cards=c("9s"), face_up=True),
        Action(seat=1, type=ActionType.BRING_IN, amount=2),
        Action(seat=2, type=ActionType.COMPLETE, amount=5),
        Action(seat=1, type=ActionType.FOLD),
    ]
    result = settle_hand(replay(config, events))
    assert result.final_stacks == {1: 97, 2: 103}
    assert result.payouts == {2: 6}


def test_map_ohh_names_the_action_the_engine_refuses() -> None:
    """RULES.md "Seven Card Stud family" (``bring_in.player``): a bring-in by the wrong seat
    is still mapped, and the mapping says which event the engine refused and why."""
    data = stud_hand()
    actions = data["ohh"]["rounds"][0]["actions"]
    actions[3]["cards"], actions[4]["cards"] = ["??", "??", "Kc"], ["??", "??", "2s"]
    mapping = map_ohh(parse_ohh(json.dumps(data))[0])
    assert mapping.refused_at == 4
    assert mapping.violation is not None and mapping.violation.rule == "bring_in.player"
    assert mapping.sources[4] == 6


def test_parse_ohh_reads_several_hands_one_after_another_or_in_an_array() -> None:
    """The OHH storage format writes one object per hand; an array is accepted too; hands of
    games floorman does not play parse as unsupported."""
    badugi = stud_hand(game_type="Badugi")  # not an OHH game type floorman plays
    text = json.dumps(stud_hand()) + "\n\n" + json.dumps(badugi)
    hands = parse_ohh(text)
    assert [(h.index, h.supported) for h in hands] == [(0, True), (1, False)]
    assert [h.game_number for h in parse_ohh(json.dumps([stud_hand(), stud_hand()]))] == [
        "991",
        "991",
    ]
    with pytest.raises(InvalidArgument) as caught:
        ohh_to_hand(hands[1])
    assert [v.field for v in caught.value.violations] == ["game_type"]


@pytest.mark.parametrize(
    ("change", "field", "rule"),
    [
        ({"ante_amount": 0.005}, "hand[0].ante_amount", ""),
        ({"ante_amount": "1"}, "hand[0].ante_amount", ""),
        ({"players": [], "rounds": [], "pots": []}, "hand[0].players", ""),
        ({"bet_limit": {"bet_cap": 0}}, "hand[0].bet_limit.bet_type", ""),
    ],
)
def test_parse_ohh_names_the_bad_field(change: dict, field: str, rule: str) -> None:
    """An amount finer than a minor unit, a string amount, no players or no bet type are
    refused naming the field (never a crash)."""
    with pytest.raises(InvalidArgument) as caught:
        parse_ohh(json.dumps(stud_hand(**change)))
    assert [(v.field, v.rule) for v in caught.value.violations] == [(field, rule)]


def test_parse_ohh_refuses_a_malformed_card_with_its_rule_and_unknown_actions() -> None:
    """RULES.md rule ids: ``card.malformed`` for ``"Xx"``; an action name OHH does not have is
    named; text that is not JSON is refused as ``ohh``."""
    data = stud_hand()
    actions = data["ohh"]["rounds"][0]["actions"]
    actions[3]["cards"][0] = "Xx"
    actions[7]["action"] = "Folds"
    with pytest.raises(InvalidArgument) as caught:
        parse_ohh(json.dumps(data))
    assert [(v.field, v.rule) for v in caught.value.violations] == [
        ("hand[0].rounds[0].actions[3].cards[0]", "card.malformed"),
        ("hand[0].rounds[0].actions[7].action", ""),
    ]
    with pytest.raises(InvalidArgument) as caught:
        parse_ohh("{not json")
    assert caught.value.violations[0].field == "ohh"
