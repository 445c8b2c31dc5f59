"""Opaque ``list_tables`` page tokens: the last listed ``table_id``, versioned and base64url.

Keyset pagination: the next page starts strictly after that id, so a token stays valid while
tables are created or closed, and every backend hands out the same tokens.
"""

from __future__ import annotations

import base64
import binascii
import json

from floorman.store.errors import InvalidPageToken

_VERSION = 1


def encode_page_token(last_table_id: str) -> str:
    """The token of the page that follows ``last_table_id``."""
    raw = json.dumps([_VERSION, last_table_id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_page_token(token: str) -> str | None:
    """The ``table_id`` a token continues after; None for ``""``. Raises InvalidPageToken."""
    if not isinstance(token, str):
        raise InvalidPageToken("page_token must be a string")
    if token == "":
        return None
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        version, last = json.loads(raw)
    except (binascii.Error, ValueError, TypeError) as exc:
        raise InvalidPageToken(f"invalid page_token {token!r}") from exc
    if version != _VERSION or not isinstance(last, str) or not last:
        raise InvalidPageToken(f"invalid page_token {token!r}")
    return last
