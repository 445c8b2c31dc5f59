"""Open Hand History export (DESIGN.md "Hand-history formats"): records -> OHH JSON -> the
same hand through :func:`parse_ohh` and :func:`ohh_to_hand`.

OHH amounts are decimal currency amounts built from integers (minor units / 100 for money
tables, whole chips otherwise), and an OHH raise amount is the chips ADDED (a PHH ``cbr``
amount is the raise-to total): the examples pin both.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest
from export_support import (
    canonical_events,
    draw_example,
    final_stacks,
    random_record,
    stud_example,
)

from floorman.domain.engine import replay, settle_hand
from floorman.domain.games import game_spec
from floorman.domain.history import export_ohh, ohh_to_hand, parse_ohh
from floorman.domain.history.ohh import SPEC_VERSION, map_ohh
from floorman.domain.history.ohh_json import dumps
from floorman.domain.model import BettingStructure, Game
from tests.domain.engine.engine_play import iter_games
from tests.support.ohh_spec import assert_valid_ohh

HANDS_PER_GAME = 25


def _actions(data: dict) -> list[dict]:
    return [action for round_ in data["ohh"]["rounds"] for action in round_["actions"]]


def _name(action: dict) -> str:
    """floorman's action name: the extension's when written, else the specification's."""
    return action.get("floorman_action", action["action"])


def test_export_ohh_amounts_are_chips_added_in_currency_units() -> None:
    """RULES.md "Seven Card Stud family" and "Money": the bring-in posts 0.10; the completion
    to 20 cents adds 0.20 and the raise to 40 cents adds 0.30 (OHH: chips added, never the
    raise-to total); amounts are exact decimals; the pot of 3.95 goes to Bob."""
    text = export_ohh(stud_example())
    data = json.loads(text, parse_float=Decimal)
    ohh = data["ohh"]
    assert (ohh["spec_version"], ohh["game_type"], ohh["currency"]) == (SPEC_VERSION, "Stud", "USD")
    assert ohh["bet_limit"] == {"bet_type": "FL", "bet_cap": 0}
    assert_valid_ohh(data)
    bets = [
        (a["player_id"], _name(a), a.get("amount"))
        for a in _actions(data)
        if _name(a) in ("Post Ante", "Bring In", "Raise", "Call", "Bet")
    ]
    assert bets[:8] == [
        (1, "Post Ante", Decimal("0.05")),
        (2, "Post Ante", Decimal("0.05")),
        (3, "Post Ante", Decimal("0.05")),
        (1, "Bring In", Decimal("0.10")),
        (2, "Raise", Decimal("0.20")),
        (3, "Call", Decimal("0.20")),
        (1, "Raise", Decimal("0.30")),
        (2, "Call", Decimal("0.20")),
    ]
    assert '"amount": 0.30' in text
    bring_in = next(a for a in _actions(data) if _name(a) == "Bring In")
    assert bring_in["action"] == "Post Extra Blind"  # the specification's nearest action
    assert [(r["street"], r["floorman_street"]) for r in ohh["rounds"]] == [
        ("Preflop", "Third Street"), ("Flop", "Fourth Street"), ("Turn", "Fifth Street"),
        ("River", "Sixth Street"), ("River", "Seventh Street"), ("Showdown", "Showdown"),
    ]  # fmt: skip
    assert ohh["pots"] == [
        {
            "number": 0,
            "amount": Decimal("3.95"),
            "rake": Decimal("0.00"),
            "player_wins": [{"player_id": 2, "win_amount": Decimal("3.95")}],
        }
    ]


def test_export_ohh_draw_pot_carries_the_rake_and_the_draw_actions() -> None:
    """RULES.md "Five Card Draw, 7-A" and "Rake": blinds posted as ``Post SB`` / ``Post BB``,
    the draw as ``Mucks Cards`` (extension ``floorman_action: Discard Cards``) then ``Dealt
    Cards``, the 440 pot paying 44
    rake and 396 to seat 2 (chips: whole numbers)."""
    data = json.loads(export_ohh(draw_example()))
    ohh = assert_valid_ohh(data)
    assert (ohh["game_type"], ohh["currency"], ohh["dealer_seat"]) == ("Draw", "Chips", 6)
    assert ohh["floorman"]["game"] == "five_card_draw_7a"
    actions = _actions(data)
    assert [(a["player_id"], a["action"], a["amount"]) for a in actions[:2]] == [
        (2, "Post SB", 10),
        (4, "Post BB", 20),
    ]
    draw = [a for a in actions if _name(a) == "Discard Cards"]
    assert {a["action"] for a in draw} == {"Mucks Cards"}
    assert [(a["player_id"], a["cards"]) for a in draw] == [
        (2, ["7d"]),
        (4, ["9d"]),
        (6, ["7s", "Ts"]),
    ]
    assert ohh["pots"] == [
        {
            "number": 0,
            "amount": 440,
            "rake": 44,
            "player_wins": [{"player_id": 2, "win_amount": 396}],
        }
    ]


@pytest.mark.parametrize(("game", "structure"), list(iter_games()))
def test_export_ohh_round_trip_every_game_and_structure(
    game: Game, structure: BettingStructure
) -> None:
    """DESIGN.md "Hand-history formats": the extension carries the exact configuration, so
    parse + map of the export gives the same configuration, the same events and the same
    final stacks; the pots written are the settlement's pots after rake. A board street is
    one round's ``cards``: board cards dealt in several Deal events map back as one (the
    grouping changes nothing), so the board games compare deals merged."""
    rng = random.Random(f"ohh-{game.value}-{structure.value}")
    for number in range(1, HANDS_PER_GAME + 1):
        record = random_record(rng, game, structure, number=number)
        text = export_ohh(record)
        assert_valid_ohh(text, table_size=record.seats_at_table)
        [hand] = parse_ohh(text)
        mapping = map_ohh(hand)
        assert mapping.refused_at is None, mapping.violation
        assert mapping.config == record.config, number
        merge = game_spec(game).has_board
        assert canonical_events(mapping.events, merge=merge) == canonical_events(
            record.events, merge=merge
        ), number
        assert final_stacks(mapping.config, mapping.events) == final_stacks(
            record.config, record.events
        )
        paid: dict[int, int] = {}
        for pot in hand.pots:
            assert pot.amount - pot.rake == sum(win.win_amount for win in pot.wins)
            for win in pot.wins:
                paid[win.player_id] = paid.get(win.player_id, 0) + win.win_amount
        if hand.pots:
            assert paid == settle_hand(replay(record.config, list(record.events))).payouts


def test_ohh_hand_without_the_extension_maps_from_the_standard_fields() -> None:
    """A draw hand written by another program (no floorman extension): blinds from
    ``small_blind_amount`` / ``big_blind_amount``, the small bet the big blind (fixed limit),
    the events and the final stacks unchanged."""
    record = draw_example()
    data = json.loads(export_ohh(record), parse_float=Decimal)
    del data["ohh"]["floorman"]
    data["ohh"]["game_type"] = "Draw"
    [hand] = parse_ohh(dumps(data))
    config, events = ohh_to_hand(hand)
    assert config.game is Game.FIVE_CARD_DRAW  # "Draw" names classic draw
    assert (config.stakes.small_blind, config.stakes.big_blind) == (10, 20)
    assert (config.stakes.small_bet, config.stakes.big_bet) == (20, 40)
    assert config.forced_bets == ()
    assert events == list(record.events)
