"""The length limit of each text field that has its own, and its one message.

A field listed here is judged by its own limit everywhere: by the domain and app checks
(a player id when a player sits down, ids of table writes, a table's name) and by the
transport's request limits (``floorman.transport.limits.TEXT_LIMITS`` maps the proto fields
to these), which refuse a longer string before any servicer runs, in the same words. Every
other string of a request is bounded by the server's ``string_chars`` limit
(:mod:`floorman.security.limits`). When an operator sets ``string_chars`` below a field's
own limit, that smaller limit applies to the field too, named in the same message
(``a player id has 1 to 10 characters (limit string_chars)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class TextLimit:
    """A text field's length limit.

    Attributes:
        what: the value in words, with its article (``"a player id"``).
        most: the most characters it may have.
        least: the fewest (1: it may not be empty; 0: it may).
        alphabet: the characters allowed, in words (``"[A-Za-z0-9_-]"``; ``""``: any).
    """

    what: str
    most: int
    least: int = 1
    alphabet: str = ""

    def message(self, most: int | None = None, *, limit: str = "") -> str:
        """The refusal's text: ``"a player id has 1 to 64 characters"``; ``most`` and the
        ``limit`` name when a tighter server limit applies instead."""
        most = self.most if most is None else most
        span = f"1 to {most}" if self.least else f"at most {most}"
        alphabet = f" of {self.alphabet}" if self.alphabet else ""
        named = f" (limit {limit})" if limit else ""
        return f"{self.what} has {span} characters{alphabet}{named}"

    def fits(self, value: str) -> bool:
        """True when ``value``'s length is inside the limit (the alphabet is the caller's)."""
        return self.least <= len(value) <= self.most


PLAYER_ID: Final = TextLimit("a player id", 64)
"""SeatPlayer's ``player_id`` (not blank either)."""
REQUEST_ID: Final = TextLimit("a request id", 128)
"""The ``request_id`` of every table write."""
TABLE_ID: Final = TextLimit("a table id", 64, alphabet="[A-Za-z0-9_-]")
"""Every ``table_id``."""
TABLE_NAME: Final = TextLimit("a table name", 200, least=0)
"""``TableSettings.name``."""
