"""AuditService on a ``grpc.aio`` channel: :class:`AsyncAuditClient` (split from
:mod:`floorman_client.aio`)."""

from __future__ import annotations

from collections.abc import Iterable

import grpc

from floorman_client.aio_calls import AsyncCaller
from floorman_client.arguments import check_methods
from floorman_client.audit import AuditClient
from floorman_client.v1 import audit_service_pb2 as apb


@check_methods
class AsyncAuditClient(AuditClient):
    """:class:`~floorman_client.audit.AuditClient` on a ``grpc.aio`` channel (awaitables)."""

    def __init__(self, channel: grpc.aio.Channel, *, caller: AsyncCaller | None = None) -> None:
        super().__init__(channel, caller=caller or AsyncCaller())  # type: ignore[arg-type]

    async def audit_hand_histories(  # type: ignore[override]
        self, *, documents: Iterable[apb.HandHistoryDocument], timeout: float | None = None
    ) -> apb.AuditHandHistoriesResponse:
        """As :meth:`AuditClient.audit_hand_histories`, awaited."""
        return await super().audit_hand_histories(documents=documents, timeout=timeout)  # type: ignore[misc]

    async def audit_hand_histories_stream(  # type: ignore[override]
        self, *, documents: Iterable[apb.HandHistoryDocument], timeout: float | None = None
    ) -> apb.AuditHandHistoriesStreamResponse:
        """As :meth:`AuditClient.audit_hand_histories_stream`, awaited."""
        return await super().audit_hand_histories_stream(documents=documents, timeout=timeout)  # type: ignore[misc]
