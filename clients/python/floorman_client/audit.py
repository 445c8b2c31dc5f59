"""``floorman.v1.AuditService``: audit recorded hands against the house rules. Audits have no
side effects; a streamed batch is retried only when its documents were given as a sequence."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import grpc

from floorman_client.arguments import check_methods
from floorman_client.calls import Caller
from floorman_client.v1 import audit_service_pb2 as apb
from floorman_client.v1 import audit_service_pb2_grpc as apb_grpc

SERVICE = apb.DESCRIPTOR.services_by_name["AuditService"].full_name


@check_methods
class AuditClient:
    """AuditService calls; build documents with :func:`floorman_client.messages.document`.

    Args:
        channel: a ``grpc.Channel`` (see :func:`floorman_client.create_channel`).
        caller: token, deadline and retry policy (default: no token, 10 s, 4 attempts).

    Unreadable input is a finding in the answer (rule ``history.unreadable``), not an error.
    """

    def __init__(self, channel: grpc.Channel, *, caller: Caller | None = None) -> None:
        self.stub = apb_grpc.AuditServiceStub(channel)
        self.caller = caller or Caller()

    def audit_hand_histories(
        self, *, documents: Iterable[apb.HandHistoryDocument], timeout: float | None = None
    ) -> apb.AuditHandHistoriesResponse:
        """Audit every hand of ``documents`` in one call: ``hands`` (one ``HandAudit`` per
        hand, in document order: status, findings with rule ids) and ``summary``."""
        request = apb.AuditHandHistoriesRequest(documents=list(documents))
        return self.caller.unary(
            self.stub.AuditHandHistories,
            request,
            method=f"/{SERVICE}/AuditHandHistories",
            timeout=timeout,
        )

    def audit_hand_histories_stream(
        self, *, documents: Iterable[apb.HandHistoryDocument], timeout: float | None = None
    ) -> apb.AuditHandHistoriesStreamResponse:
        """Large batches: the documents go one per message (a generator is read lazily, and
        then never retried); one answer at the end, as for :meth:`audit_hand_histories`."""
        replayable = isinstance(documents, Sequence)
        messages: Iterable[apb.AuditHandHistoriesStreamRequest]
        if replayable:
            messages = [apb.AuditHandHistoriesStreamRequest(document=d) for d in documents]
        else:
            messages = (apb.AuditHandHistoriesStreamRequest(document=d) for d in documents)
        return self.caller.unary(
            self.stub.AuditHandHistoriesStream,
            messages,
            method=f"/{SERVICE}/AuditHandHistoriesStream",
            timeout=timeout,
            idempotent=replayable,
        )
