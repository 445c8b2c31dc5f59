"""Bearer tokens: made at random, stored only as sha256 hashes, matched in constant time.

A token is any printable ASCII string without spaces (what an HTTP/2 header value carries);
:func:`new_token` makes ``fm_`` + 43 URL-safe characters (32 random bytes). The auth file
keeps :func:`hash_token` of it: the lower-case hex sha256 of the token's UTF-8 bytes, the same
as ``printf %s "$TOKEN" | sha256sum``. :func:`find_digest` compares a presented token's hash
with EVERY stored hash using :func:`hmac.compare_digest`, so the time taken does not depend on
which entry (if any) matches or on how many leading characters agree.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from typing import Final, TypeVar

TOKEN_PREFIX: Final = "fm_"
TOKEN_RANDOM_BYTES: Final = 32
MAX_TOKEN_LENGTH: Final = 512
SHA256_HEX: Final = re.compile(r"[0-9a-f]{64}")
_TOKEN_TEXT: Final = re.compile(r"[\x21-\x7e]+")

_E = TypeVar("_E")


def new_token() -> str:
    """A fresh random token: ``fm_`` + 43 URL-safe characters (256 bits from :mod:`secrets`)."""
    return TOKEN_PREFIX + secrets.token_urlsafe(TOKEN_RANDOM_BYTES)


def hash_token(token: str) -> str:
    """The lower-case hex sha256 of ``token``'s UTF-8 bytes (64 characters): what the auth
    file stores."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def is_token_text(token: str) -> bool:
    """True when ``token`` can be a bearer token: 1 to :data:`MAX_TOKEN_LENGTH` printable
    ASCII characters, no spaces."""
    return len(token) <= MAX_TOKEN_LENGTH and _TOKEN_TEXT.fullmatch(token) is not None


def find_digest(token: str, entries: Sequence[tuple[bytes, _E]]) -> _E | None:
    """The value paired with ``token``'s hash in ``entries`` (``(sha256 hex as ASCII bytes,
    value)`` pairs), else ``None``.

    Every stored hash is compared (``hmac.compare_digest``, no early exit), so the time does
    not reveal which entry matched or how close a guess came.
    """
    digest = hash_token(token).encode("ascii")
    found: _E | None = None
    for stored, value in entries:
        if hmac.compare_digest(stored, digest):
            found = value
    return found
