"""The errors the table store raises on purpose (:class:`StoreError` and its kinds).

Each names the status the transport answers it with (:mod:`floorman.transport.errors`).
Defined here, re-exported by :mod:`floorman.store.base` and :mod:`floorman.store`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from floorman.store.base import RequestRecord


class StoreError(Exception):
    """Base class of the errors the store raises on purpose."""


class TableNotFound(StoreError):
    """No table with this id (NOT_FOUND)."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        super().__init__(f"table {table_id!r} not found")


class TableExists(StoreError):
    """``create_table`` for an id that is taken, by another request (ALREADY_EXISTS)."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        super().__init__(f"table {table_id!r} already exists")


class TableClosed(StoreError):
    """A write to a closed table (FAILED_PRECONDITION); ``sequence`` is its final sequence."""

    def __init__(self, table_id: str, sequence: int) -> None:
        self.table_id = table_id
        self.sequence = sequence
        super().__init__(f"table {table_id!r} is closed (at sequence {sequence})")


class SequenceMismatch(StoreError):
    """``expected_sequence`` is not the table's current sequence (ABORTED)."""

    def __init__(self, table_id: str, *, expected_sequence: int, current_sequence: int) -> None:
        self.table_id = table_id
        self.expected_sequence = expected_sequence
        self.current_sequence = current_sequence
        super().__init__(
            f"table {table_id!r}: expected sequence {expected_sequence}, "
            f"current sequence is {current_sequence}"
        )


class DuplicateRequest(StoreError):
    """A retry of a write that already succeeded: nothing was written; answer ``response``."""

    def __init__(self, record: RequestRecord) -> None:
        self.record = record
        super().__init__(f"request {record.request_id!r} on table {record.table_id!r} was done")

    @property
    def response(self) -> bytes:
        """The response stored by the first, successful call."""
        return self.record.response


class RequestIdConflict(StoreError):
    """The request id was used on this table with another payload (refused, nothing written)."""

    def __init__(self, table_id: str, request_id: str) -> None:
        self.table_id = table_id
        self.request_id = request_id
        super().__init__(
            f"request id {request_id!r} was already used on table {table_id!r} "
            "for a different request"
        )


class StoreUnavailable(StoreError):
    """The database cannot be reached, is locked too long, is full or is closed (UNAVAILABLE).

    ``may_have_landed`` says whether the failure came after the write was sent for commit:
    True, the outcome is unknown (retry with the same request id: the idempotency record
    makes that safe and returns the first answer when it landed); False, nothing was written
    (a read, or a write that failed before its commit).
    """

    def __init__(self, message: str, *, may_have_landed: bool = False) -> None:
        self.may_have_landed = may_have_landed
        super().__init__(message)


class StoreFull(StoreUnavailable):
    """The store is out of room: the file system is full or the file-size limit is reached
    (RESOURCE_EXHAUSTED). Reads still work; writes resume once there is room again (retry
    with the same request id: ``may_have_landed`` as for :class:`StoreUnavailable`)."""


class StoreBusy(StoreUnavailable):
    """The store's write queue is full, or a write waited in it longer than its bound: the
    write was NOT started (``may_have_landed`` is False) and nothing was written
    (RESOURCE_EXHAUSTED with ``RetryInfo``). Retry after ``retry_after`` seconds, with the
    same request id."""

    def __init__(self, message: str, *, retry_after: float) -> None:
        super().__init__(message, may_have_landed=False)
        self.retry_after = retry_after


class InvalidPageToken(StoreError, ValueError):
    """A ``page_token`` this store did not hand out (INVALID_ARGUMENT)."""


class MigrationError(StoreError):
    """The database schema cannot be brought to this version (edited or newer migrations)."""
