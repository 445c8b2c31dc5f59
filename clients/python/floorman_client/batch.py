"""RulesService batch and streaming calls (issue 15 point 1): ``BatchEvaluateHands``,
``BatchCompareHands`` and the bidirectional ``EvaluateHandStream``, mixed into
:class:`~floorman_client.rules.RulesClient` (:class:`BatchRules`) and
:class:`~floorman_client.aio.AsyncRulesClient` (:class:`AsyncBatchRules`).

A hand is an ``EvaluateHandRequest`` or a mapping of :meth:`RulesClient.evaluate_hand`'s
arguments (``{"game": "razz", "cards": "As 2c 3d 4h 7s"}``); a showdown a
``CompareHandsRequest`` or a mapping of :meth:`RulesClient.compare_hands`'s. Each answer's
``results[i]`` answers item ``i``: ``answer`` or ``error`` (a ``google.rpc.Status``; read it
with :func:`item_error`). A bad item never fails the call; more than the server's
``batch_items`` (default 10,000) items is :class:`~floorman_client.errors.InvalidArgumentError`
for the whole call. The batches are retried as every RulesService call; a stream never is.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Iterator, Mapping
from typing import Any, Final

import grpc
from google.rpc import status_pb2

from floorman_client.arguments import check_methods
from floorman_client.errors import (
    _BY_CODE,
    _BY_REASON,
    STATUS_DETAILS_KEY,
    FloormanRpcError,
    decode_status_details,
    error_from_rpc,
)
from floorman_client.messages import game as game_number
from floorman_client.messages import hand
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import rules_service_pb2 as rpb

SERVICE: Final = rpb.DESCRIPTOR.services_by_name["RulesService"].full_name
HandInput = rpb.EvaluateHandRequest | Mapping[str, Any]
ShowdownInput = rpb.CompareHandsRequest | Mapping[str, Any]
_CODES: Final = {code.value[0]: code for code in grpc.StatusCode}


def evaluate_request(item: HandInput) -> rpb.EvaluateHandRequest:
    """One hand as an ``EvaluateHandRequest`` (a mapping takes ``game``, ``cards``,
    ``players``, ``board``; cards as a list or one string).

    Raises:
        ValueError: an unknown game name; TypeError: an item of another type.
    """
    if isinstance(item, rpb.EvaluateHandRequest):
        return item
    if not isinstance(item, Mapping):
        raise TypeError(
            f"a hand must be an EvaluateHandRequest or a mapping, not {type(item).__name__}"
        )
    return rpb.EvaluateHandRequest(
        game=game_number(item.get("game", 0)),
        cards=hand(item.get("cards", ())).cards,
        players=item.get("players", 0),
        board=hand(item.get("board", ())).cards,
    )


def compare_request(item: ShowdownInput) -> rpb.CompareHandsRequest:
    """One showdown as a ``CompareHandsRequest`` (a mapping takes ``game``, ``hands``,
    ``community_cards``, ``players``, ``board``).

    Raises:
        ValueError: an unknown game name; TypeError: an item of another type.
    """
    if isinstance(item, rpb.CompareHandsRequest):
        return item
    if not isinstance(item, Mapping):
        raise TypeError(
            f"a showdown must be a CompareHandsRequest or a mapping, not {type(item).__name__}"
        )
    return rpb.CompareHandsRequest(
        game=game_number(item.get("game", 0)),
        hands=[h if isinstance(h, pb.Hand) else hand(h) for h in item.get("hands", ())],
        community_cards=hand(item.get("community_cards", ())).cards,
        players=item.get("players", 0),
        board=hand(item.get("board", ())).cards,
    )


def item_error(status: status_pb2.Status, *, method: str = "") -> FloormanRpcError:
    """The client exception a unary call would have raised for one item's ``error``
    (``InvalidArgumentError`` with its ``violations``: ``requests[3].cards[1]`` ...)."""
    code = _CODES.get(status.code, grpc.StatusCode.UNKNOWN)
    trailing = ((STATUS_DETAILS_KEY, status.SerializeToString()),)
    info, violations = decode_status_details(trailing)
    kind = _BY_CODE.get(code, FloormanRpcError)
    if info is not None:
        kind = _BY_REASON.get((code, info.reason), kind)
    return kind(
        code,
        status.message,
        method=method,
        info=info,
        violations=violations,
        trailing_metadata=trailing,
    )


def _stream_messages(
    messages: Iterable[Iterable[HandInput]],
) -> Iterator[rpb.EvaluateHandStreamRequest]:
    for message in messages:
        if isinstance(message, rpb.EvaluateHandStreamRequest):
            yield message
        else:
            yield rpb.EvaluateHandStreamRequest(requests=[evaluate_request(h) for h in message])


@check_methods
class BatchRules:
    """The batch and stream calls of :class:`~floorman_client.rules.RulesClient` (which sets
    ``stub`` and ``caller``)."""

    stub: Any
    caller: Any

    def batch_evaluate_hands(
        self, *, hands: Iterable[HandInput], timeout: float | None = None
    ) -> rpb.BatchEvaluateHandsResponse:
        """Evaluate every hand in one call: ``results[i]`` answers ``hands[i]``."""
        request = rpb.BatchEvaluateHandsRequest(requests=[evaluate_request(h) for h in hands])
        return self.caller.unary(
            self.stub.BatchEvaluateHands,
            request,
            method=f"/{SERVICE}/BatchEvaluateHands",
            timeout=timeout,
        )

    def batch_compare_hands(
        self, *, showdowns: Iterable[ShowdownInput], timeout: float | None = None
    ) -> rpb.BatchCompareHandsResponse:
        """Compare every showdown in one call: ``results[i]`` answers ``showdowns[i]``."""
        request = rpb.BatchCompareHandsRequest(requests=[compare_request(s) for s in showdowns])
        return self.caller.unary(
            self.stub.BatchCompareHands,
            request,
            method=f"/{SERVICE}/BatchCompareHands",
            timeout=timeout,
        )

    def evaluate_hand_stream(
        self, *, messages: Iterable[Iterable[HandInput]], timeout: float | None = None
    ) -> Iterator[rpb.EvaluateHandStreamResponse]:
        """Stream hands as they come: each item of ``messages`` (a list of hands, or an
        ``EvaluateHandStreamRequest``; a generator is read lazily) gets one answer, yielded
        in order. ``timeout``: the whole stream's deadline (``None``: none). Never retried.

        Raises (while iterating):
            FloormanRpcError: the stream ended with an error status.
        """
        method = f"/{SERVICE}/EvaluateHandStream"
        call = self.stub.EvaluateHandStream(
            _stream_messages(messages), timeout=timeout, metadata=self.caller.metadata
        )
        try:
            yield from call
        except grpc.RpcError as raw:
            raise error_from_rpc(raw, method=method) from None


class AsyncBatchRules(BatchRules):
    """:class:`BatchRules` on a ``grpc.aio`` channel: the batches are awaitables, the stream
    an async iterator."""

    async def batch_evaluate_hands(  # type: ignore[override]
        self, *, hands: Iterable[HandInput], timeout: float | None = None
    ) -> rpb.BatchEvaluateHandsResponse:
        """As :meth:`BatchRules.batch_evaluate_hands`, awaited."""
        return await super().batch_evaluate_hands(hands=hands, timeout=timeout)  # type: ignore[misc]

    async def batch_compare_hands(  # type: ignore[override]
        self, *, showdowns: Iterable[ShowdownInput], timeout: float | None = None
    ) -> rpb.BatchCompareHandsResponse:
        """As :meth:`BatchRules.batch_compare_hands`, awaited."""
        return await super().batch_compare_hands(showdowns=showdowns, timeout=timeout)  # type: ignore[misc]

    async def evaluate_hand_stream(  # type: ignore[override]
        self, *, messages: Iterable[Iterable[HandInput]], timeout: float | None = None
    ) -> AsyncIterator[rpb.EvaluateHandStreamResponse]:
        """As :meth:`BatchRules.evaluate_hand_stream`, as an async iterator (``messages`` is
        read as the stream is sent)."""
        method = f"/{SERVICE}/EvaluateHandStream"
        call = self.stub.EvaluateHandStream(
            _stream_messages(messages), timeout=timeout, metadata=self.caller.metadata
        )
        try:
            async for answer in call:
                yield answer
        except grpc.RpcError as raw:
            raise error_from_rpc(raw, method=method) from None
