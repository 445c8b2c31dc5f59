"""TOML text -> the dictionary ``tomllib.loads(text, parse_float=Decimal)`` gives, fast.

PHH files are TOML. :func:`load_toml` reads them with ``rtoml`` (a Rust TOML 1.0 reader,
about 12x faster than the standard library's pure-Python ``tomllib`` on the corpus PHH
files; BENCHMARKS.md "Replay") and keeps ``tomllib``'s reading as the contract: whenever
``rtoml``'s result could differ from it, the text is read by ``tomllib`` instead, so the
result is always exactly tomllib's (same keys in the same order, same values and types)
and a document tomllib refuses is refused with tomllib's error (its "at line N" message).
The cases read by ``tomllib``:

* ``rtoml`` refuses the text (``tomllib`` then reports the error, or reads what ``rtoml``
  alone refuses);
* a float anywhere (``rtoml`` gives a binary ``float``; floorman needs the exact decimal, as
  ``parse_float=Decimal`` gives it: ``10112.5``, ``inf``);
* a multi-line string (``\"\"\"`` or ``'''`` in the text: ``rtoml`` keeps a CRLF inside it,
  ``tomllib`` makes it LF);
* an offset date-time (``rtoml`` has its own ``tzinfo`` class).

Dates, local date-times and local times are the same ``datetime`` objects in both.
"""

from __future__ import annotations

import datetime
import tomllib
from decimal import Decimal

import rtoml


def load_toml(text: str) -> dict[str, object]:
    """The TOML document ``text`` as ``tomllib.loads(text, parse_float=Decimal)`` reads it.

    Raises:
        tomllib.TOMLDecodeError: ``text`` is not valid TOML (tomllib's error and message).
    """
    if '"""' not in text and "'''" not in text:
        try:
            data = rtoml.loads(text)
        except (rtoml.TomlParsingError, ValueError, OverflowError):
            pass  # tomllib decides: its error message, or what rtoml alone refuses
        else:
            if _plain(data):
                return data
    return tomllib.loads(text, parse_float=Decimal)


_SCALARS = frozenset({str, int, bool})
"""The leaf types rtoml and tomllib read alike, whatever the text."""


def _plain(value: object) -> bool:
    """True when ``value`` (rtoml's reading) holds no float and no offset date-time: what
    tomllib gives for it is then the same object tree."""
    kind = type(value)
    if kind in _SCALARS:
        return True
    if kind is dict:  # a document or a table: its values tested in the loop, most inline
        for item in value.values():  # type: ignore[attr-defined]
            kind = type(item)
            if kind in _SCALARS or (kind is list and set(map(type, item)) <= _SCALARS):
                continue
            if not _plain(item):
                return False
        return True
    if kind is list:  # the common arrays (PHH actions, names, stacks): one C-level pass
        return set(map(type, value)) <= _SCALARS or all(_plain(item) for item in value)  # type: ignore[call-overload]
    if kind is datetime.datetime:
        return value.tzinfo is None  # type: ignore[attr-defined]
    return kind is datetime.date or kind is datetime.time
