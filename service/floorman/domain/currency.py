"""Money's currency: a table's currency code and the number of minor units per unit.

Amounts stay integer minor units everywhere (RULES.md "Money"); a currency only says how to
WRITE them: ``currency_code`` is an ISO 4217 code (``USD``, ``EUR``: exactly three capital
letters) or a house chip code (``CHIPS``, ``PTS1``: 2 to 12 capital letters or digits,
starting with a letter, not three letters), and ``minor_units_per_unit`` how many minor units
make one written unit (a power of ten, 1 to 10^6: an amount is then written exactly with that
many decimals). The default unit count is the ISO 4217 exponent of the code (100 for most,
1 for ``JPY`` or ``KRW``, 1000 for ``BHD`` or ``KWD``) and 1 for a house chip code. An empty code
is the legacy chip table: whole chips, 1 minor unit per chip. Decisions in
``docs/hand-history-formats.md`` ("Currency").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from floorman.domain.errors import FieldViolation

MAX_MINOR_UNITS_PER_UNIT: Final = 1_000_000
"""The largest ``minor_units_per_unit`` (six decimals)."""
CHIPS_CODE: Final = "CHIPS"
"""The house chip code of a chip table (what an empty code means)."""

_ISO_CODE = re.compile(r"[A-Z]{3}")
_HOUSE_CODE = re.compile(r"[A-Z][A-Z0-9]{1,11}")
_ISO_EXPONENTS: Final = {
    # ISO 4217 currencies whose minor unit is not the cent (exponent other than 2).
    "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
    "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0,
    "XPF": 0, "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
}  # fmt: skip
SYMBOLS: Final = {"USD": "$", "EUR": "€", "GBP": "£"}
"""Currency symbols the PokerStars-style text writes (other codes are written as codes)."""
CODES_BY_SYMBOL: Final = {symbol: code for code, symbol in SYMBOLS.items()}


def is_iso_code(code: str) -> bool:
    """True for an ISO 4217-shaped code (three capital letters)."""
    return bool(_ISO_CODE.fullmatch(code))


def default_minor_units(code: str) -> int:
    """Minor units per unit when a table does not say: the ISO 4217 exponent's power of ten
    for an ISO code (100 unless listed otherwise), 1 for a house chip code or ``""``."""
    if is_iso_code(code):
        return 10 ** _ISO_EXPONENTS.get(code, 2)
    return 1


def check_currency(code: str, minor_units: int, *, field: str) -> list[FieldViolation]:
    """The problems of a currency setting (``[]`` when valid).

    Args:
        code: ``""`` (chips) or an ISO 4217 / house chip code.
        minor_units: 0 (the code's default) or a power of ten from 1 to 10^6.
        field: the prefix of the field paths (``settings``).

    Returns:
        Violations on ``{field}.currency_code`` and ``{field}.minor_units_per_unit``.
    """
    problems = []
    if code and not (_ISO_CODE.fullmatch(code) or _HOUSE_CODE.fullmatch(code)):
        problems.append(
            FieldViolation(
                f"{field}.currency_code",
                "",
                f"{code[:40]!r} is neither an ISO 4217 code (three capital letters, e.g. USD) "
                "nor a house chip code (2 to 12 capital letters or digits, e.g. CHIPS)",
            )
        )
    if minor_units < 0 or (minor_units and not _power_of_ten(minor_units)):
        problems.append(
            FieldViolation(
                f"{field}.minor_units_per_unit",
                "",
                f"must be a power of ten from 1 to {MAX_MINOR_UNITS_PER_UNIT} (0: the "
                f"currency's default), got {minor_units}",
            )
        )
    return problems


def _power_of_ten(value: int) -> bool:
    unit = 1
    while unit < value and unit < MAX_MINOR_UNITS_PER_UNIT:
        unit *= 10
    return unit == value


@dataclass(frozen=True, slots=True)
class Currency:
    """How amounts are written: ``code`` (``""``: chips) and ``minor_units`` per unit.

    ``Currency("USD", 100)`` writes 1250 minor units as ``12.50``; ``Currency("", 1)`` as
    ``1250``.
    """

    code: str = ""
    minor_units: int = 1

    @classmethod
    def of(cls, code: str, minor_units: int = 0) -> Currency:
        """The currency of a setting (``minor_units`` 0: the code's default)."""
        return cls(code, minor_units or default_minor_units(code))

    @property
    def is_chips(self) -> bool:
        """True for a chip table (no code, or a house chip code, at one minor unit)."""
        return not self.code or (not is_iso_code(self.code) and self.minor_units == 1)

    @property
    def decimals(self) -> int:
        """Decimals of a written amount (2 for cents, 0 for whole chips)."""
        return len(str(self.minor_units)) - 1

    def units(self, minor: int) -> int | Decimal:
        """``minor`` minor units as the written number: an ``int`` when one unit is one
        minor unit, else an exact Decimal with :attr:`decimals` places (``12.50``)."""
        if self.minor_units == 1:
            return minor
        return Decimal(minor).scaleb(-self.decimals)

    def text(self, minor: int) -> str:
        """``minor`` as text with :attr:`decimals` places (``"12.50"``, ``"1250"``)."""
        value = self.units(minor)
        return str(value) if isinstance(value, int) else f"{value:.{self.decimals}f}"

    def minor(self, written: int | Decimal) -> int | None:
        """A written amount back in minor units; ``None`` when it is finer than one."""
        value = Decimal(written) * self.minor_units
        if not value.is_finite() or value != value.to_integral_value():
            return None
        return int(value)
