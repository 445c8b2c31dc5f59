"""Exact JSON text for hand histories: :class:`~decimal.Decimal` amounts written as written.

``json.dumps`` cannot write a Decimal without going through ``float``; money never does
(RULES.md "Money"). This writer handles the JSON types a history holds (objects, arrays,
strings, booleans, ``None``, ``int`` and ``Decimal``) with two-space indentation.
"""

from __future__ import annotations

import json
from decimal import Decimal


def dumps(value: object, *, indent: int = 2) -> str:
    """The JSON text of ``value`` (keys in insertion order; non-ASCII kept).

    Raises:
        TypeError: for a value JSON cannot hold (a float included: amounts are exact).
    """
    return _write(value, indent, 0)


def _write(value: object, indent: int, level: int) -> str:
    if value is None or isinstance(value, bool | str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise TypeError(f"{value} is not a JSON number")
        return format(value, "f")
    pad = " " * (indent * (level + 1))
    end = " " * (indent * level)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [
            f"{pad}{json.dumps(str(key), ensure_ascii=False)}: {_write(item, indent, level + 1)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list | tuple):
        if not value:
            return "[]"
        if all(isinstance(item, str | int | Decimal) for item in value):
            return "[" + ", ".join(_write(item, indent, level) for item in value) + "]"
        items = [f"{pad}{_write(item, indent, level + 1)}" for item in value]
        return "[\n" + ",\n".join(items) + "\n" + end + "]"
    raise TypeError(f"not a JSON value: {type(value).__name__}")
