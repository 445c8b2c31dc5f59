"""``floorman.v1.AuditService``: hand histories in, one verdict per hand out.

Thin: each document is converted (:mod:`floorman.transport.audit_converters`), audited by
the injected :class:`~floorman.app.audit.AuditService` in a worker thread (an audit is
CPU-bound; the event loop keeps serving other calls), and the verdicts converted back.
Unreadable input is a finding, never an error status; a request (or stream) with no
document, or a stream message without one, is INVALID_ARGUMENT. A call's findings are logged
and counted when it is answered, never for a refused call.

One call is one :class:`~floorman.app.audit.AuditRun` (a hand repeated across its documents
is a duplicate; its ``rule_finding`` log lines are bounded). The answer never exceeds
``max_answer_bytes`` (the server's send limit): verdicts that would not fit are counted in
the summary and in ``omitted_hands`` but not listed (an ``audit_answer_truncated`` warning
says so in the log).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Final

import grpc

from floorman.app.audit import AuditRun, AuditService, AuditSummary, FindingRecorder
from floorman.domain.audit import HandAudit
from floorman.domain.errors import InvalidArgument
from floorman.observability.logging import get_logger
from floorman.observability.metrics import Metrics
from floorman.security.limits import Limits
from floorman.transport import audit_converters as converters
from floorman.transport.errors import maps_errors
from floorman.v1 import audit_service_pb2 as apb
from floorman.v1 import audit_service_pb2_grpc as apb_grpc

SERVICE_NAME = apb.DESCRIPTOR.services_by_name["AuditService"].full_name
ANSWER_RESERVE_BYTES: Final = 64 * 1024
"""Room kept in an answer for the summary and the framing of its fields (a quarter of the
limit when that is smaller: the summary holds counts per rule id, a few KB at most)."""
TRUNCATED_EVENT: Final = "audit_answer_truncated"


class _Answer:
    """The verdicts of one call, and the ones that fit in the answer (in order: once one
    does not fit, every later one is omitted too)."""

    def __init__(self, max_bytes: int) -> None:
        self.limit = max_bytes
        self.budget = max_bytes - min(ANSWER_RESERVE_BYTES, max_bytes // 4)
        self.used = 0
        self.verdicts: list[HandAudit] = []
        self.hands: list[apb.HandAudit] = []
        self.omitted = 0

    def add(self, audits: list[HandAudit], document_index: int) -> None:
        self.verdicts += audits
        for audit in audits:
            if self.omitted:
                self.omitted += 1
                continue
            message = converters.hand_audit_to_pb(audit, document_index=document_index)
            size = message.ByteSize() + 8  # the field's tag and length
            if self.used + size > self.budget:
                self.omitted += 1
                continue
            self.used += size
            self.hands.append(message)

    def summary(self) -> apb.AuditSummary:
        if self.omitted:
            get_logger().warning(
                TRUNCATED_EVENT,
                hands=len(self.verdicts),
                omitted_hands=self.omitted,
                limit_bytes=self.limit,
            )
        return converters.summary_to_pb(AuditSummary.of(self.verdicts))


class AuditServicer(apb_grpc.AuditServiceServicer):
    """AuditService over an injected :class:`~floorman.app.audit.AuditService`.

    Args:
        core: the audit use cases (default: one logging and counting findings in
            ``metrics``).
        metrics: where ``floorman_rule_findings_total`` is counted when ``core`` is not
            given (``None``: not counted).
        max_answer_bytes: the largest answer (the server's ``grpc.max_send_message_length``).
    """

    def __init__(
        self,
        *,
        core: AuditService | None = None,
        metrics: Metrics | None = None,
        max_answer_bytes: int = Limits().message_bytes,
    ) -> None:
        self._core = (
            AuditService(recorder=FindingRecorder(metrics=metrics)) if core is None else core
        )
        self._max_answer_bytes = max_answer_bytes

    @maps_errors
    async def AuditHandHistories(
        self, request: apb.AuditHandHistoriesRequest, context: grpc.aio.ServicerContext
    ) -> apb.AuditHandHistoriesResponse:
        """Audit every document of the request (INVALID_ARGUMENT when there is none)."""
        if not request.documents:
            raise InvalidArgument.single("documents", "", "at least one document is needed")
        for index, document in enumerate(request.documents):  # refuse a bad format first
            converters.format_from_pb(document.format, field=f"documents[{index}].format")
        run = AuditRun(deferred=True)
        answer = _Answer(self._max_answer_bytes)
        try:
            for index, document in enumerate(request.documents):
                audits = await self._audit_one(document, index, f"documents[{index}]", run)
                answer.add(audits, index)
        except BaseException:  # a failed or cancelled call records nothing
            self._core.drop(run)
            raise
        self._core.finish(run)
        return apb.AuditHandHistoriesResponse(
            hands=answer.hands, summary=answer.summary(), omitted_hands=answer.omitted
        )

    @maps_errors
    async def AuditHandHistoriesStream(
        self,
        request_iterator: AsyncIterator[apb.AuditHandHistoriesStreamRequest],
        context: grpc.aio.ServicerContext,
    ) -> apb.AuditHandHistoriesStreamResponse:
        """Audit each streamed document as it arrives; answer once the client is done.

        Refused like the unary call: no message at all is INVALID_ARGUMENT (field
        ``document``, "at least one document is needed"), a message without a document
        INVALID_ARGUMENT naming it (``message[<i>].document``). The findings are logged and
        counted only once the whole stream is accepted: a stream refused part-way (a bad
        message, more documents than the limit, a cancelled call) records none."""
        run = AuditRun(deferred=True)
        answer = _Answer(self._max_answer_bytes)
        index = 0
        try:
            async for message in request_iterator:
                field = f"message[{index}].document"
                if not message.HasField("document"):
                    raise InvalidArgument.single(field, "", "a document is needed")
                audits = await self._audit_one(message.document, index, field, run)
                answer.add(audits, index)
                index += 1
            if index == 0:
                raise InvalidArgument.single("document", "", "at least one document is needed")
        except BaseException:  # a refused, failed or cancelled call records nothing
            self._core.drop(run)
            raise
        self._core.finish(run)
        return apb.AuditHandHistoriesStreamResponse(
            hands=answer.hands, summary=answer.summary(), omitted_hands=answer.omitted
        )

    async def _audit_one(
        self, document: apb.HandHistoryDocument, index: int, field: str, run: AuditRun
    ) -> list[HandAudit]:
        fmt = converters.format_from_pb(document.format, field=f"{field}.format")
        name = document.name or f"document {index}"
        return await asyncio.to_thread(
            self._core.audit_bytes, document.content, source=name, format=fmt, run=run
        )
