"""``floorman.v1.AuditService``: hand histories in, one verdict per hand out.

Thin: each document is converted (:mod:`floorman.transport.audit_converters`), audited by
the injected :class:`~floorman.app.audit.AuditService` in a worker thread (an audit is
CPU-bound; the event loop keeps serving other calls), and the verdicts converted back.
Unreadable input is a finding, never an error status; a request with no document is
INVALID_ARGUMENT.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import grpc

from floorman.app.audit import AuditService, AuditSummary, FindingRecorder
from floorman.domain.audit import HandAudit
from floorman.domain.errors import InvalidArgument
from floorman.observability.metrics import Metrics
from floorman.transport import audit_converters as converters
from floorman.transport.errors import maps_errors
from floorman.v1 import audit_service_pb2 as apb
from floorman.v1 import audit_service_pb2_grpc as apb_grpc

SERVICE_NAME = apb.DESCRIPTOR.services_by_name["AuditService"].full_name


class AuditServicer(apb_grpc.AuditServiceServicer):
    """AuditService over an injected :class:`~floorman.app.audit.AuditService`.

    Args:
        core: the audit use cases (default: one logging and counting findings in
            ``metrics``).
        metrics: where ``floorman_rule_findings_total`` is counted when ``core`` is not
            given (``None``: not counted).
    """

    def __init__(self, *, core: AuditService | None = None, metrics: Metrics | None = None) -> None:
        self._core = (
            AuditService(recorder=FindingRecorder(metrics=metrics)) if core is None else core
        )

    @maps_errors
    async def AuditHandHistories(
        self, request: apb.AuditHandHistoriesRequest, context: grpc.aio.ServicerContext
    ) -> apb.AuditHandHistoriesResponse:
        """Audit every document of the request (INVALID_ARGUMENT when there is none)."""
        if not request.documents:
            raise InvalidArgument.single("documents", "", "at least one document is needed")
        verdicts: list[HandAudit] = []
        hands: list[apb.HandAudit] = []
        for index, document in enumerate(request.documents):
            audits = await self._audit_one(document, index, f"documents[{index}]")
            verdicts += audits
            hands += [converters.hand_audit_to_pb(a, document_index=index) for a in audits]
        return apb.AuditHandHistoriesResponse(
            hands=hands, summary=converters.summary_to_pb(AuditSummary.of(verdicts))
        )

    @maps_errors
    async def AuditHandHistoriesStream(
        self,
        request_iterator: AsyncIterator[apb.AuditHandHistoriesStreamRequest],
        context: grpc.aio.ServicerContext,
    ) -> apb.AuditHandHistoriesStreamResponse:
        """Audit each streamed document as it arrives; answer once the client is done."""
        verdicts: list[HandAudit] = []
        hands: list[apb.HandAudit] = []
        index = 0
        async for message in request_iterator:
            audits = await self._audit_one(message.document, index, f"document[{index}]")
            verdicts += audits
            hands += [converters.hand_audit_to_pb(a, document_index=index) for a in audits]
            index += 1
        return apb.AuditHandHistoriesStreamResponse(
            hands=hands, summary=converters.summary_to_pb(AuditSummary.of(verdicts))
        )

    async def _audit_one(
        self, document: apb.HandHistoryDocument, index: int, field: str
    ) -> list[HandAudit]:
        fmt = converters.format_from_pb(document.format, field=f"{field}.format")
        name = document.name or f"document {index}"
        return await asyncio.to_thread(
            self._core.audit_bytes, document.content, source=name, format=fmt
        )
