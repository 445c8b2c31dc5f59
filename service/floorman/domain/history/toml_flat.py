"""A fast reader for flat TOML documents such as PHH files, or ``None`` to defer to tomllib.

PHH files are flat ``key = value`` lines: strings, integers, decimals, booleans and arrays of
them (one line, or one item per line with comments). :func:`load_flat` reads exactly that
subset several times faster than :func:`tomllib.loads` (a general, character-by-character
parser) and gives the same result (floats as :class:`~decimal.Decimal`, like
``tomllib.loads(text, parse_float=Decimal)``; a local time ``20:15:30`` as
:class:`datetime.time`). Anything outside the subset — tables, inline tables, dotted or
quoted keys, escapes, multi-line strings, dates, fractional seconds, exponents, underscores
in numbers, a repeated key, any malformed line — returns ``None`` and the caller uses tomllib,
which reads it or reports the error. So the subset is a fast path, never a second dialect.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Final

_WS: Final = r"[ \t]*"
_COMMENT: Final = r"(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?"
_SCALAR: Final = (
    r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"  # literal string
    r'|"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'  # basic string without escapes
    r"|(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"  # local time, whole seconds (before numbers)
    r"|[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"  # integer, or decimal without exponent
    r"|true|false"
)
_INLINE_ARRAY: Final = rf"\[{_WS}(?:(?:{_SCALAR}){_WS},{_WS})*(?:(?:{_SCALAR}){_WS},?{_WS})?\]"
_KEY_VALUE: Final = re.compile(
    rf"{_WS}([A-Za-z0-9_-]+){_WS}={_WS}({_SCALAR}|{_INLINE_ARRAY}){_WS}{_COMMENT}"
)
_ARRAY_OPEN: Final = re.compile(rf"{_WS}([A-Za-z0-9_-]+){_WS}={_WS}\[{_WS}{_COMMENT}")
_ARRAY_ITEM: Final = re.compile(rf"{_WS}(?:({_SCALAR}){_WS}(,)?{_WS})?{_COMMENT}")
_ARRAY_CLOSE: Final = re.compile(rf"{_WS}\]{_WS}{_COMMENT}")
_BLANK: Final = re.compile(rf"{_WS}{_COMMENT}")
_ITEMS: Final = re.compile(_SCALAR)


def _scalar(text: str) -> object:
    """The value of one :data:`_SCALAR` token."""
    first = text[0]
    if first in "'\"":
        return text[1:-1]
    if text == "true":
        return True
    if text == "false":
        return False
    if ":" in text:
        return datetime.time.fromisoformat(text)
    if "." in text:
        return Decimal(text)
    return int(text)


def _value(text: str) -> object:
    """The value of a scalar or one-line array token."""
    if text[0] != "[":
        return _scalar(text)
    items = _ITEMS.findall(text, 1, len(text) - 1)
    if items and items[0][0] in "'\"" and all(item[0] in "'\"" for item in items):
        return [item[1:-1] for item in items]  # an array of strings (PHH actions, names)
    return [_scalar(item) for item in items]


def load_flat(text: str) -> dict[str, object] | None:
    """The flat TOML document ``text`` as ``tomllib.loads(text, parse_float=Decimal)`` gives
    it, or ``None`` when it holds anything outside the flat subset (then use tomllib).

    Lines: blank, ``# comment``, ``key = value [# comment]`` with a bare key and a value that
    is a string (literal, or basic without escapes), an integer, a decimal (``10112.5``), a
    boolean, a local time (``20:15:30``) or a one-line array of those; or a multi-line
    array: ``key = [`` then one item per line (``value,``; the last comma optional), blank
    and comment lines, closed by ``]``.
    Line ends are LF or CRLF.
    """
    data: dict[str, object] = {}
    lines = text.split("\n")
    last = len(lines) - 1
    index = 0
    while index <= last:
        line = lines[index]
        if line.endswith("\r") and index < last:
            line = line[:-1]
        index += 1
        match = _KEY_VALUE.fullmatch(line)
        if match is not None:
            key = match.group(1)
            if key in data:
                return None
            data[key] = _value(match.group(2))
            continue
        opened = _ARRAY_OPEN.fullmatch(line)
        if opened is None:
            if _BLANK.fullmatch(line) is None:
                return None
            continue
        key = opened.group(1)
        if key in data:
            return None
        items: list[object] = []
        comma_due = False
        while True:
            if index > last:
                return None
            line = lines[index]
            if line.endswith("\r") and index < last:
                line = line[:-1]
            index += 1
            if _ARRAY_CLOSE.fullmatch(line) is not None:
                break
            item = _ARRAY_ITEM.fullmatch(line)
            if item is None:
                return None
            if item.group(1) is None:
                continue  # blank or comment line
            if comma_due:
                return None  # two items without a comma between them
            items.append(_scalar(item.group(1)))
            comma_due = item.group(2) is None
        data[key] = items
    return data
