"""Issue 10 point 12: every reader maps the currency it finds to minor units (PHH
``currency``, OHH ``currency`` / ``amount_scale``, PokerStars ``$``/``€``/``£`` or an ISO code,
Full Tilt symbols), and the OHH reader still reads what floorman wrote before conforming to
the specification (its own action and street names, ``face_up``, burn actions)."""

from __future__ import annotations

import dataclasses
import json
import random
from decimal import Decimal

from export_support import canonical_events, random_record

from floorman.domain.history import export_ohh, export_pokerstars, parse_ohh
from floorman.domain.history.ohh import map_ohh
from floorman.domain.history.ohh_json import dumps
from floorman.domain.history.phh import parse_phh
from floorman.domain.history.pokerstars import parse_file
from floorman.domain.history.pokerstars_header import parse_header
from floorman.domain.model import BettingStructure, Game


def test_pokerstars_header_maps_symbols_and_codes_to_minor_units():
    """``$``: USD in cents; ``JPY``: whole yen (ISO 4217 exponent 0); ``BHD``: fils (3)."""
    dollars = parse_header(
        "PokerStars Hand #1:  Razz Limit ($0.10/$0.20 USD) - 2024/05/17 20:15:30 UTC"
    )
    assert (dollars.currency, dollars.scale, dollars.small, dollars.big) == ("USD", 100, 10, 20)
    yen = parse_header("PokerStars Hand #1:  Razz Limit (200/400 JPY) - 2024/05/17 20:15:30 UTC")
    assert (yen.currency, yen.scale, yen.small, yen.big) == ("JPY", 1, 200, 400)
    dinar = parse_header(
        "PokerStars Hand #1:  Razz Limit (0.200/0.400 BHD) - 2024/05/17 20:15:30 UTC"
    )
    assert (dinar.scale, dinar.small) == (1000, 200)


def test_pokerstars_export_of_a_yen_table_reads_back_in_minor_units():
    """A JPY table's text (whole yen) reads back with the same stacks in minor units."""
    record = random_record(random.Random("yen"), Game.RAZZ, BettingStructure.FIXED_LIMIT)
    record = dataclasses.replace(record, currency="JPY")
    [hand] = parse_file(export_pokerstars(record)).hands
    assert (hand.currency, hand.scale) == ("JPY", 1)
    assert sorted(s.stack for s in hand.seats) == sorted(s.stack for s in record.config.seats)


def test_phh_reader_scales_the_specifications_currency_amounts():
    """A PHH file with ``currency = "USD"`` and dollar amounts (the PHH dataset's way) reads
    in cents; ``_minor_units_per_unit`` overrides the ISO default."""
    text = "\n".join(
        [
            'variant = "FR"',
            "antes = [0.05, 0.05]",
            "bring_in = 0.1",
            "small_bet = 0.2",
            "big_bet = 0.4",
            "starting_stacks = [10, 12.5]",
            'actions = ["p1 pb", "p2 cbr 0.2", "p1 f"]',
            'currency = "USD"',
        ]
    )
    hand = parse_phh(text + "\n")
    assert (hand.antes, hand.bring_in, hand.starting_stacks) == ((5, 5), 10, (1000, 1250))
    assert hand.actions[1].amount == 20 and hand.minor_units_per_unit == 100
    mils = parse_phh(text + "\n_minor_units_per_unit = 1000\n")
    assert mils.starting_stacks == (10_000, 12_500)


def test_ohh_reader_maps_currency_without_the_extension():
    """Without floorman's extension an OHH ``currency`` of JPY reads whole yen, EUR cents."""
    record = random_record(random.Random("ohh-eur"), Game.RAZZ, BettingStructure.FIXED_LIMIT)
    for code, scale in (("EUR", 100), ("JPY", 1)):
        data = json.loads(
            export_ohh(dataclasses.replace(record, currency=code)), parse_float=Decimal
        )
        del data["ohh"]["floorman"]
        [hand] = parse_ohh(dumps(data))
        assert (hand.currency, hand.amount_scale) == (code, scale)


def _old_style(text: str) -> str:
    """An export rewritten the way floorman wrote OHH before 1.4.6 conformance."""
    data = json.loads(text, parse_float=Decimal)
    for round_ in data["ohh"]["rounds"]:
        round_["street"] = round_.pop("floorman_street")
        actions = []
        for action in round_["actions"]:
            for cards in action.pop("floorman_burns", []):
                actions.append(
                    {
                        "action_number": action["action_number"],
                        "action": "Burn Cards",
                        "cards": cards,
                    }
                )
            if "floorman_action" in action:
                action["action"] = action.pop("floorman_action")
            if "floorman_face_up" in action:
                action["face_up"] = action.pop("floorman_face_up")
            if "floorman_cards" in action:
                action["cards"] = action.pop("floorman_cards")
            actions.append(action)
        for cards in round_.pop("floorman_burns", []):
            actions.append({"action_number": 0, "action": "Burn Cards", "cards": cards})
        round_["actions"] = actions
    return dumps(data)


def test_ohh_reader_still_reads_floormans_earlier_exports():
    """Old names (``Bring In``, ``Discard Cards``, ``Stand Pat``, ``Burn Cards``, ``face_up``,
    stud street names) map to the same events as the conforming export."""
    for game in (Game.SEVEN_CARD_STUD, Game.FIVE_CARD_DRAW):
        rng = random.Random(f"old-{game.value}")
        for number in range(8):
            record = random_record(rng, game, BettingStructure.FIXED_LIMIT, number=number)
            [hand] = parse_ohh(_old_style(export_ohh(record)))
            mapping = map_ohh(hand)
            assert mapping.refused_at is None, mapping.violation
            assert canonical_events(mapping.events) == canonical_events(record.events)
