"""Frozen TOML values and their text: what the PHH writer needs, nothing more.

``tomllib`` reads TOML; the standard library has no writer. PHH files are flat key/value
documents, so this writes one ``key = value`` line per field. Values are frozen on read (arrays
become tuples, inline tables :class:`TomlTable`) so a parsed hand stays hashable.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from floorman.domain.history.amounts import format_number, normalize_amount

_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n",
                   "\f": "\\f", "\r": "\\r"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class TomlTable:
    """A frozen inline table: ``items`` are ``(key, value)`` pairs in document order."""

    items: tuple[tuple[str, object], ...]


def freeze(value: object) -> object:
    """``value`` as read by ``tomllib`` (floats as Decimal), made immutable and exact.

    Integral numbers become ``int``; arrays become tuples; tables become :class:`TomlTable`.
    """
    if isinstance(value, bool | str | datetime.date | datetime.time):
        return value
    if isinstance(value, int | Decimal):
        return normalize_amount(value)
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, Mapping):
        return TomlTable(tuple((str(k), freeze(v)) for k, v in value.items()))
    raise TypeError(f"not a TOML value: {type(value).__name__}")


def toml_key(key: str) -> str:
    """``key`` bare when it may be, else as a quoted key."""
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def toml_string(text: str) -> str:
    """A TOML basic string holding exactly ``text``."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(value: object) -> str:
    """The TOML text of a frozen value (see :func:`freeze`).

    Raises:
        TypeError: for a value TOML cannot hold (``None``, an arbitrary object).
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, int | Decimal):
        return format_number(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, TomlTable):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items) + "}"
    raise TypeError(f"not a TOML value: {type(value).__name__}")
