"""Page tokens bound to their query (issue 10 point 13; README "Errors").

A list RPC hands out ``next_page_token``; the token carries the continuation (the store's own
keyset token, or the last hand number listed) AND a digest of the query it was issued for:
its RPC and its filters (``include_closed`` for ListTables, ``table_id`` for ListHands). A
token sent with another query (a changed filter, another RPC, another table) is refused:
INVALID_ARGUMENT with a field violation on ``page_token``. ``page_size`` may change between
pages (it is not a filter). Tokens are opaque base64url text; a malformed one is refused the
same way.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from typing import Final

from floorman.domain.errors import InvalidArgument

_VERSION: Final = 1
FIELD: Final = "page_token"


def query_digest(rpc: str, **filters: object) -> str:
    """A short fingerprint of one query: the RPC name and its filter values."""
    canonical = json.dumps([rpc, filters], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def bind(continuation: str, digest: str) -> str:
    """The page token for ``continuation`` under the query ``digest`` (``""`` stays ``""``:
    the last page)."""
    if not continuation:
        return ""
    raw = json.dumps([_VERSION, digest, continuation], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def unbind(token: str, digest: str) -> str:
    """The continuation a token carries (``""`` for the first page).

    Raises:
        InvalidArgument: ``page_token``: not a token of this service, or a token issued for
            another query (its filters changed).
    """
    if not token:
        return ""
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        version, bound_to, continuation = json.loads(raw)
    except (binascii.Error, ValueError, TypeError):
        raise InvalidArgument.single(FIELD, "", "not a page token of this service") from None
    if version != _VERSION or not isinstance(continuation, str) or not continuation:
        raise InvalidArgument.single(FIELD, "", "not a page token of this service")
    if bound_to != digest:
        raise InvalidArgument.single(
            FIELD,
            "",
            "the page token was issued for another query: send the same filters as for the "
            "first page, or start again without a token",
        )
    return continuation
