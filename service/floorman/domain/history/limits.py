"""Bounds on what one recorded hand may hold, so a hostile document costs little to read.

A hand-history file comes from outside: a reader must refuse, in one problem, a hand that
no seed game can produce instead of walking every item of it. The bounds are the largest a
real hand of any seed game reaches, with room to spare:

* :data:`MAX_SEATS`: the most players any seed game seats (RULES.md: Five Card Stud, 2 to
  10); seats are numbered 1 to :data:`MAX_SEATS` (RULES.md "Common to every game": seats are
  numbered clockwise from 1);
* :data:`MAX_HAND_EVENTS`: actions and deals of one hand (ten players, five streets, four
  bets a street in fixed limit, draws, shows: a few hundred at most); the same number as
  the ``history_events`` request limit;
* :data:`MAX_CARDS`: cards in one list (a deal, a show, a board): one deck;
* :data:`MAX_ROUNDS`: betting rounds and pots of one hand (a stud hand has five streets
  and at most one side pot per player);
* :data:`MAX_AMOUNT`: the largest amount a history may state (README "amount limit":
  |amount| <= 10^15 minor units, the default request limit): :func:`beyond_amount_limit`;
* :data:`MAX_NESTING`: arrays and tables (objects) inside one another in a PHH (TOML) or
  OHH (JSON) document: a hand needs a handful of levels; :func:`too_deep` finds a deeper
  one in one linear scan, before a recursive parser would exhaust Python's stack.

:func:`text_digest` fingerprints a hand's text, so an audit can tell an identical copy of a
hand from a different hand under the same number.
"""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal
from typing import Final

from floorman.domain.games import GAMES

MAX_SEATS: Final = max(spec.max_players for spec in GAMES.values())
MAX_HAND_EVENTS: Final = 1000
MAX_CARDS: Final = 52
MAX_ROUNDS: Final = 2 * MAX_SEATS
MAX_AMOUNT: Final = 10**15
MAX_NESTING: Final = 64
_JSON_TOKENS: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_TOML_TOKENS: Final = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]',
    re.DOTALL,
)
_OPEN: Final = frozenset({"[", "{"})
_CLOSE: Final = frozenset({"]", "}"})
_LINE_ENDS: Final = re.compile(r"\r\n?")
_TRAILING_BLANKS: Final = re.compile(r"[ \t\ufeff]+(?=\n|$)")


def too_many(count: int, most: int, noun: str) -> str | None:
    """The problem with ``count`` items where at most ``most`` are allowed, else ``None``
    (``"200000 players; a hand has at most 10"``)."""
    if count > most:
        return f"{count} {noun}; a hand has at most {most}"
    return None


def text_digest(text: str) -> str:
    """A fingerprint of one hand's text: sha256 (hex) of the text with line ends normalised
    (CRLF and CR become LF), blanks at the end of each line and blank lines at both ends
    dropped. Two copies of a hand written by the same room, or copied between systems that
    rewrite line ends, get the same fingerprint; any other change gives another one."""
    normal = _LINE_ENDS.sub("\n", text) if "\r" in text else text
    if " \n" in normal or "\t\n" in normal or "\ufeff" in normal or normal.endswith((" ", "\t")):
        normal = _TRAILING_BLANKS.sub("", normal)  # else there is no blank at a line's end
    normal = normal.strip("\n")
    return hashlib.sha256(normal.encode("utf-8", errors="surrogatepass")).hexdigest()


def too_deep(text: str, *, toml: bool) -> str | None:
    """The problem with a document nesting arrays or tables more than :data:`MAX_NESTING`
    levels deep (``"nested more than 64 levels deep at line 2"``: the line of the first
    bracket past the limit), else ``None``.

    Args:
        text: the document.
        toml: True for TOML (PHH: basic, literal and multi-line strings and comments are
            skipped), False for JSON (OHH: strings skipped).

    Linear in ``len(text)``; brackets inside strings and comments do not count.
    """
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return None  # too few brackets to nest that deep (the common case: one C-level scan)
    depth = 0
    for match in (_TOML_TOKENS if toml else _JSON_TOKENS).finditer(text):
        token = match.group()
        if token in _OPEN:
            depth += 1
            if depth > MAX_NESTING:
                line = text.count("\n", 0, match.start()) + 1
                return f"nested more than {MAX_NESTING} levels deep at line {line}"
        elif token in _CLOSE:
            depth = max(depth - 1, 0)
    return None


def beyond_amount_limit(amount: int | Decimal) -> str | None:
    """The problem with an amount past :data:`MAX_AMOUNT` in absolute value
    (``"100000000000000000000000 is beyond the amount limit (|amount| <= 10^15)"``), else
    ``None`` (infinite PHH sizes are judged elsewhere)."""
    if isinstance(amount, Decimal) and not amount.is_finite():
        return None
    if abs(amount) > MAX_AMOUNT:
        return f"{amount} is beyond the amount limit (|amount| <= 10^15)"
    return None
