"""Issue 10 point 10: every Open Hand History export validates against the pinned
specification (``tests/support/ohh_spec.py``, version 1.4.6): its enumerations of streets,
actions, game types and bet types, its required fields, ``table_size`` = the table's seats;
stud and draw concepts ride as the specification's nearest value plus a ``floorman_``
extension key (docs/hand-history-formats.md "Open Hand History"). The validator itself is
shown to refuse what floorman wrote before (it can fail)."""

from __future__ import annotations

import dataclasses
import json
import random
from decimal import Decimal

import pytest
from export_support import canonical_events, random_record, stud_example

from floorman.domain.games import game_spec
from floorman.domain.history import export_ohh, parse_ohh
from floorman.domain.history.ohh import SPEC_VERSION, map_ohh
from floorman.domain.model import BettingStructure, Game
from tests.domain.engine.engine_play import PLAYERS
from tests.support import ohh_spec
from tests.support.ohh_spec import OhhValidationError, assert_valid_ohh, validate_ohh

SEED_GAMES = tuple(PLAYERS)  # every game the random-play helpers deal
HANDS = 20


def test_the_validator_pins_the_version_floorman_writes():
    """The validator and the exporter pin the same specification version."""
    assert ohh_spec.SPEC_VERSION == SPEC_VERSION == "1.4.6"


@pytest.mark.parametrize("structure", list(BettingStructure), ids=lambda s: s.value)
@pytest.mark.parametrize("game", SEED_GAMES, ids=lambda g: g.value)
def test_every_game_exports_valid_ohh_that_reads_back(game: Game, structure):
    """Random hands of every game and structure (burns, unknown cards, hi-lo splits,
    draws, stands pat) export as specification-conformant documents whose ``table_size``
    is the table's seats, and read back to the same events."""
    rng = random.Random(f"ohh-spec-{game.value}-{structure.value}")
    for number in range(1, HANDS + 1):
        record = random_record(rng, game, structure, number=number)
        record = dataclasses.replace(record, table_size=max(record.seats_at_table, 9))
        text = export_ohh(record)
        ohh = assert_valid_ohh(text, table_size=record.seats_at_table)
        assert ohh["game_type"] in ohh_spec.GAME_TYPES
        [hand] = parse_ohh(text)
        mapping = map_ohh(hand)
        assert mapping.refused_at is None, mapping.violation
        merge = game_spec(game).has_board  # a board street's deals are one round's cards
        assert canonical_events(mapping.events, merge=merge) == canonical_events(
            record.events, merge=merge
        ), number


def test_stud_and_draw_concepts_are_the_nearest_value_plus_an_extension():
    """Razz is ``Stud`` with the extension's game ``razz``; the bring-in is ``Post Extra
    Blind`` + ``floorman_action: Bring In``; face-up cards ``floorman_face_up``; rounds
    ``Preflop`` .. ``River`` with ``floorman_street``."""
    rng = random.Random("razz")
    record = random_record(rng, Game.RAZZ, BettingStructure.FIXED_LIMIT, variety=False)
    ohh = assert_valid_ohh(export_ohh(record))
    assert (ohh["game_type"], ohh["floorman"]["game"]) == ("Stud", "razz")
    actions = [a for r in ohh["rounds"] for a in r["actions"]]
    bring_ins = [a for a in actions if a.get("floorman_action") == "Bring In"]
    assert bring_ins and {a["action"] for a in bring_ins} == {"Post Extra Blind"}
    dealt = [a for a in actions if a["action"] == "Dealt Cards"]
    assert all(isinstance(a["floorman_face_up"], bool) for a in dealt)
    assert ohh["rounds"][0]["street"] == "Preflop"
    assert ohh["rounds"][0]["floorman_street"] == "Third Street"


def test_unknown_cards_stay_out_of_the_specifications_card_strings():
    """The specification's card strings have no unknown card: a redacted deal writes the known
    cards in ``cards`` and the whole list with ``??`` in ``floorman_cards``; the reader takes
    the latter."""
    record = stud_example()
    events = list(record.events)
    first = next(i for i, e in enumerate(events) if getattr(e, "seat", 0) == 2)
    deal = events[first]
    events[first] = dataclasses.replace(deal, cards=(None,) * len(deal.cards))
    text = export_ohh(dataclasses.replace(record, events=tuple(events)))
    ohh = assert_valid_ohh(text)
    redacted = next(a for r in ohh["rounds"] for a in r["actions"] if a.get("floorman_cards"))
    assert redacted["cards"] == [] and set(redacted["floorman_cards"]) == {"??"}
    [hand] = parse_ohh(text)
    assert canonical_events(map_ohh(hand).events) == canonical_events(tuple(events))


def _old_style_document() -> dict:
    """What floorman wrote before conforming: stud street names, its own action names and
    game type, an unprefixed key, an unknown card string, no start time."""
    data = json.loads(export_ohh(stud_example()), parse_float=Decimal)
    ohh = data["ohh"]
    ohh["game_type"] = "Razz"
    ohh["rounds"][0]["street"] = "Third Street"
    action = ohh["rounds"][0]["actions"][3]
    action["action"] = "Bring In"
    action["face_up"] = True
    ohh["rounds"][0]["actions"][4]["cards"] = ["??"]
    del ohh["start_date_utc"]
    return data


def test_the_validator_refuses_what_floorman_wrote_before():
    """Each old habit is one problem naming its path (the validator can fail)."""
    problems = validate_ohh(_old_style_document(), table_size=3)
    assert "ohh.game_type: 'Razz' is not one of the game types" in problems
    assert "ohh.start_date_utc: required field missing" in problems
    assert "ohh.rounds[0].street: 'Third Street' is not one of the streets" in problems
    assert "ohh.rounds[0].actions[3].action: 'Bring In' is not one of the actions" in problems
    assert any(p.startswith("ohh.rounds[0].actions[3].face_up: not a field") for p in problems)
    assert any("is not a card string" in p for p in problems)
    with pytest.raises(OhhValidationError):
        assert_valid_ohh(_old_style_document())


def test_the_validator_checks_table_size_bet_preflop_and_the_storage_format():
    """``table_size`` must be the table's seats; ``Bet`` is not a pre-flop action; hands of a
    file are separated by exactly one blank line."""
    data = json.loads(export_ohh(stud_example()), parse_float=Decimal)
    assert validate_ohh(data, table_size=9) == [
        f"ohh.table_size: {data['ohh']['table_size']} is not the table's 9 seats"
    ]
    data["ohh"]["rounds"][0]["actions"][4]["action"] = "Bet"
    assert any("not a valid pre-flop action" in p for p in validate_ohh(data))
    one = export_ohh(stud_example())
    assert len(ohh_spec.assert_valid_ohh_file(one + "\n" + one)) == 2
    with pytest.raises(OhhValidationError):
        ohh_spec.split_ohh_file(one + "\n\n" + one)  # two blank lines
    with pytest.raises(OhhValidationError):
        ohh_spec.split_ohh_file(one + one)  # none
