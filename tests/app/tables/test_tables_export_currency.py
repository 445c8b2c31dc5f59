"""Issue 10 points 10-12: every export of a table's hand carries the table's seats and its
currency (TableSettings ``max_seats``, ``currency_code``, ``minor_units_per_unit``;
docs/hand-history-formats.md "Currency"); stored tables written before the currency fields
read as chip tables (app/tables/codec.py)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from tables_app_support import DEALER, Table, service, table_settings

from floorman.app.tables import codec
from floorman.domain.errors import InvalidArgument
from floorman.domain.model import ActionType, Game, Stakes
from floorman.domain.table.settings import TableSettings, check_settings
from tests.support.ohh_spec import assert_valid_ohh


def _played(settings: TableSettings) -> Table:
    """Three players at ``settings``; one hand in which everyone folds to the big blind."""
    table = Table.create(service(), settings)
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    hand = table.start().outcome.hand
    while not hand.complete:
        hand = table.act(hand.state.seat_to_act, ActionType.FOLD).outcome.hand
    return table


def _export(table: Table, fmt: str) -> str:
    return table.service.export_hand("t1", "", fmt, viewer=DEALER).content


def test_pokerstars_header_says_the_tables_seats_and_writes_euros_with_cents():
    """Point 11: a 5-seat draw table with three players is ``5-max`` (not the highest seat
    played, 3); a EUR table writes ``€1.00/€2.00 EUR`` and stacks ``€20.00``."""
    table = _played(table_settings(max_seats=5, currency_code="EUR"))
    lines = _export(table, "pokerstars").splitlines()
    assert "(€2.00/€4.00 EUR)" in lines[0]
    assert lines[1].startswith("Table 't1' 5-max")
    assert "Seat 1: p1 (€20.00 in chips)" in lines


def test_pokerstars_other_codes_and_chip_tables():
    """Point 12: a JPY table (ISO 4217 exponent 0) writes whole yen and its code; a house chip
    code writes whole chips without a code; three decimals for BHD."""
    yen = _export(_played(table_settings(currency_code="JPY")), "pokerstars").splitlines()
    assert yen[0].split("Limit ")[1].startswith("(200/400 JPY)")
    chips = _export(_played(table_settings(currency_code="CHIPS")), "pokerstars").splitlines()
    assert chips[0].split("Limit ")[1].startswith("(200/400) ")
    dinar = _export(_played(table_settings(currency_code="BHD")), "pokerstars").splitlines()
    assert dinar[0].split("Limit ")[1].startswith("(0.200/0.400 BHD)")


def test_ohh_writes_the_currency_the_seats_and_amounts_per_minor_unit():
    """Points 10 and 12: OHH ``currency`` is the table's code, ``table_size`` its seats,
    amounts minor units / minor units per unit (1000 mils per dollar: 3 decimals), and the
    document validates against the specification."""
    settings = table_settings(max_seats=6, currency_code="USD", minor_units_per_unit=1000)
    ohh = assert_valid_ohh(_export(_played(settings), "ohh"), table_size=6)
    assert (ohh["currency"], ohh["table_size"]) == ("USD", 6)
    assert ohh["big_blind_amount"] == Decimal("0.200")
    assert ohh["players"][0]["starting_stack"] == Decimal("2.000")
    assert ohh["floorman"]["amount_scale"] == 1000


def test_settings_currency_defaults_and_refusals():
    """Point 12: ISO codes default to their ISO 4217 minor units (USD 100, JPY 1), chip codes
    and chip tables to 1; a malformed code and a unit count that is negative or not a power
    of ten are INVALID_ARGUMENT on their fields."""
    base = {"game": Game.FIVE_CARD_DRAW, "stakes": Stakes(small_bet=2)}
    assert check_settings(TableSettings(**base, currency_code="USD")).minor_units_per_unit == 100
    assert check_settings(TableSettings(**base, currency_code="JPY")).minor_units_per_unit == 1
    assert check_settings(TableSettings(**base, currency_code="CHIPS")).minor_units_per_unit == 1
    assert check_settings(TableSettings(**base)).minor_units_per_unit == 1
    with pytest.raises(InvalidArgument) as refused:
        check_settings(TableSettings(**base, currency_code="usd", minor_units_per_unit=-100))
    assert [v.field for v in refused.value.violations] == [
        "settings.currency_code",
        "settings.minor_units_per_unit",
    ]
    with pytest.raises(InvalidArgument) as refused:
        check_settings(TableSettings(**base, currency_code="EUR", minor_units_per_unit=25))
    assert [v.field for v in refused.value.violations] == ["settings.minor_units_per_unit"]


def test_a_table_stored_before_the_currency_fields_reads_as_a_chip_table():
    """Point 12: settings JSON without ``currency_code`` / ``minor_units_per_unit`` (written
    by an older floorman) reads back as chips, one minor unit per chip; new JSON round-trips."""
    settings = check_settings(table_settings(currency_code="GBP"))
    data = codec.settings_json(settings)
    assert codec.settings_from(data) == settings
    old = {k: v for k, v in data.items() if k not in ("currency_code", "minor_units_per_unit")}
    restored = codec.settings_from(json.loads(json.dumps(old)))
    assert (restored.currency_code, restored.minor_units_per_unit) == ("", 1)
    assert restored.currency.is_chips
