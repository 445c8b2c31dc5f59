"""Exact amounts and card runs of the hand-history readers (RULES.md "Common to every game":
money is integer minor units, never floating point; ``??`` is an unknown card)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from floorman.domain.cards import parse_card
from floorman.domain.history.amounts import (
    card_run,
    format_number,
    normalize_amount,
    parse_card_list,
    parse_card_run,
    parse_money,
    parse_number,
)


@pytest.mark.parametrize(
    ("text", "scale", "expected"),
    [
        ("$0.10", 100, 10),
        ("$0.04", 100, 4),
        ("$1", 100, 100),
        ("$1,234.56", 100, 123456),
        ("€51125.64", 100, 5112564),
        ("0.1", 100, 10),
        ("2500", 1, 2500),
        ("1,500", 1, 1500),
        ("0", 1, 0),
    ],
)
def test_common_money_parses_decimal_text_exactly_into_minor_units(text, scale, expected):
    """Common to every game (money): room amounts become exact integer minor units."""
    assert parse_money(text, scale=scale) == expected


@pytest.mark.parametrize(("text", "scale"), [("$0.125", 100), ("12.5", 1), ("abc", 100), ("", 1)])
def test_common_money_refuses_fractions_of_a_minor_unit_and_non_numbers(text, scale):
    """Common to every game (money): an amount finer than a minor unit is refused, not rounded."""
    with pytest.raises(ValueError):
        parse_money(text, scale=scale)


def test_common_money_0_29_dollars_is_29_cents_not_a_float_artefact():
    """Common to every game (money): 0.29 x 100 is 29 exactly (a float gives 28.999...)."""
    assert parse_money("$0.29", scale=100) == 29


@pytest.mark.parametrize(
    ("text", "expected", "kind"),
    [
        ("250000", 250000, int),
        ("2.0", 2, int),
        ("10112.5", Decimal("10112.5"), Decimal),
        ("0.25", Decimal("0.25"), Decimal),
    ],
)
def test_phh_number_is_int_when_integral_else_exact_decimal(text, expected, kind):
    """Common to every game (money): PHH numbers stay exact; integral values become ints."""
    value = parse_number(text)
    assert value == expected
    assert type(value) is kind


@pytest.mark.parametrize("text", ["-5", "inf", "nan", "1e", "x"])
def test_phh_number_refuses_negative_infinite_and_garbage(text):
    """Common to every game (money): an action amount is a finite non-negative number."""
    with pytest.raises(ValueError):
        parse_number(text)


def test_normalize_amount_keeps_infinity_and_refuses_nan():
    """An unknown PHH stack (inf) is kept as Decimal infinity; NaN is never an amount."""
    assert normalize_amount(Decimal("Infinity")) == Decimal("Infinity")
    assert normalize_amount(Decimal("9950.0")) == 9950
    with pytest.raises(ValueError):
        normalize_amount(Decimal("NaN"))


@pytest.mark.parametrize(
    ("value", "text"),
    [(250000, "250000"), (Decimal("10112.50"), "10112.5"), (Decimal("Infinity"), "inf")],
)
def test_format_number_writes_phh_numbers(value, text):
    """PHH numbers are written without trailing zeros, infinity as ``inf``."""
    assert format_number(value) == text


def test_card_run_parses_concatenated_cards_with_unknowns():
    """Common to every game (cards): ``??`` in a run is an unknown card (None)."""
    assert parse_card_run("As??Kd") == (parse_card("As"), None, parse_card("Kd"))
    assert parse_card_run("??????") == (None, None, None)


@pytest.mark.parametrize("text", ["AsK", "Xx", "?s", "1h", "AsKdQcXx", "AsKdQcJh10"])
def test_card_run_refuses_malformed_cards(text):
    """Common to every game (cards): a malformed card in a run is refused."""
    with pytest.raises(ValueError):
        parse_card_run(text)
    assert card_run(text) is None


@pytest.mark.parametrize(
    "text", ["", "As", "as", "??", "AsKd", "Td3c4d", "??????", "AsKdQcJhTs9s8s", "2c??3d??4h"]
)
def test_card_run_is_parse_card_run_without_the_exception(text):
    """The readers' fast path reads every run as the card-by-card parse does."""
    expected = tuple(None if text[i : i + 2] == "??" else parse_card(text[i : i + 2])
                     for i in range(0, len(text), 2))  # fmt: skip
    assert card_run(text) == parse_card_run(text) == expected


def test_card_list_parses_space_separated_cards_with_tens_written_10():
    """Common to every game (cards): ``10d`` is accepted for ``Td``; ``??`` is unknown."""
    assert parse_card_list("Ah 10d ??") == (parse_card("Ah"), parse_card("Td"), None)
    with pytest.raises(ValueError):
        parse_card_list("Ah of")
