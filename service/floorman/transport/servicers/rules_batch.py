"""The batch and streaming methods of ``floorman.v1.RulesService`` (issue 15 point 1):
``BatchEvaluateHands``, ``BatchCompareHands`` and ``EvaluateHandStream``.

Each item is answered as its unary call (EvaluateHand, CompareHands) would answer it, or with
its own ``google.rpc.Status`` (INVALID_ARGUMENT, ``BadRequest`` field paths prefixed by the
item: ``requests[3].cards[1]``); a bad item never fails the call. The size limits
(``batch_items`` requests, ``cards`` per list ...) are checked for the whole call before any
work by :class:`floorman.transport.limits.LimitsInterceptor`.

For throughput the per-item work is the ranking itself: a plainly valid hand takes
:func:`floorman.app.evaluation.fast_ranker` of its shape (counts checked once per shape, cached
here by the request's ints; cards by one dict lookup each), anything else the unary use case
with its full error report; answers are written as wire bytes and merged once per chunk
(:mod:`floorman.transport.evaluation_wire`); metrics are added once
per call and game, and the call logs one ``rpc`` line (the interceptor's), never one per item,
carrying ``batch_items`` and ``item_errors`` (bound to the call's log context; a stream's are
its totals so far).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import grpc
import structlog

from floorman.domain.errors import InvalidArgument
from floorman.domain.model import Game
from floorman.transport import converters, evaluation_wire
from floorman.transport.errors import item_status, maps_errors, maps_stream_errors
from floorman.v1 import rules_service_pb2 as rpb

if TYPE_CHECKING:
    from floorman.app.evaluation import Ranker
    from floorman.observability.metrics import Metrics
    from floorman.transport.servicers.rules import RulesCore

_T = TypeVar("_T")
EVALUATE_CHUNK = 1000
"""Hands ranked between two yields to the event loop (about 10 ms), so a 10,000-hand batch
never holds up the server's other calls (or its cancellation) for its whole length."""
COMPARE_CHUNK = 100
"""Showdowns compared between two yields to the event loop."""


def ranked(number: int, rank: Callable[[Game | None], _T]) -> _T:
    """``rank(game)`` for the request's game number; an unknown number is reported as
    ``game: N is not a known Game`` in place of the use case's "game is required", with
    every other problem of the request.

    Raises:
        InvalidArgument: the request's problems.
    """
    unknown = converters.unknown_game(number)
    try:
        result = rank(converters.game_from_pb(number))
    except InvalidArgument as error:
        if unknown is None:
            raise
        violations = [unknown if v.field == "game" else v for v in error.violations]
        raise InvalidArgument(violations) from None
    if unknown is not None:
        raise InvalidArgument([unknown])
    return result


def _log_counts(items: int, errors: int) -> None:
    """Bind the call's item and error counts to its log context: the ``rpc`` line the
    observability interceptor writes at the end of the call carries them."""
    structlog.contextvars.bind_contextvars(batch_items=items, item_errors=errors)


class BatchRules:
    """Mixed into :class:`floorman.transport.servicers.rules.RulesServicer` (which sets
    ``_core`` and ``_metrics``)."""

    _core: RulesCore
    _metrics: Metrics | None
    _rankers: dict[tuple[int, int, int, int], Ranker]
    """(game number, players, cards, board cards) -> the core's ``fast_ranker`` of that
    shape: valid shapes only (bounded by the game definitions)."""

    def _shape_ranker(self, number: int, players: int, count: int, board: int) -> Ranker | None:
        """The core's ``fast_ranker`` of requests of game ``number`` with ``players``,
        ``count`` own cards and ``board`` board cards, cached in ``_rankers``; ``None`` for an
        unknown game or a shape the use case would refuse (the caller takes the full path)."""
        key = (number, players, count, board)
        ranker = self._rankers.get(key)
        if ranker is None:
            game = converters.GAME_FROM_PB.get(number)
            ranker = None if game is None else self._core.fast_ranker(game, players, count, board)
            if ranker is not None:
                self._rankers[key] = ranker
        return ranker

    def _add_counts(self, counts: dict[Game, int]) -> None:
        if self._metrics is not None:
            for game, hands in counts.items():
                self._metrics.count_hands(game, hands)

    async def _evaluate_all(self, items: Sequence[rpb.EvaluateHandRequest], target: Any) -> int:
        """:meth:`_evaluate_into` in chunks of :data:`EVALUATE_CHUNK`, yielding to the event
        loop between them; the number of item errors."""
        if len(items) <= EVALUATE_CHUNK:
            return self._evaluate_into(items, target)
        errors = 0
        for start in range(0, len(items), EVALUATE_CHUNK):
            if start:
                await asyncio.sleep(0)
            errors += self._evaluate_into(items[start : start + EVALUATE_CHUNK], target, start)
        return errors

    def _evaluate_into(
        self, items: Sequence[rpb.EvaluateHandRequest], target: Any, first: int = 0
    ) -> int:
        """Append one EvaluateHandResult to ``target.results`` (a BatchEvaluateHandsResponse
        or an EvaluateHandStreamResponse) per item, in order (``first``: the index of
        ``items[0]`` in the request, for the error paths), written as wire bytes
        (:mod:`floorman.transport.evaluation_wire`) and merged once; the number of item
        errors."""
        slow = self._core.evaluate_hand
        rankers = self._rankers
        shape_ranker = self._shape_ranker
        entry = evaluation_wire.answer_entry
        entries: list[bytes] = []
        append = entries.append
        counts: dict[int, int] = {}
        errors = 0
        for index, item in enumerate(items, first):
            cards, board = item.cards, item.board
            number, players = item.game, item.players
            key = (number, players, len(cards), len(board))
            ranker = rankers.get(key) or shape_ranker(*key)
            value = None if ranker is None else ranker(cards, board)
            if value is None:
                try:
                    value = ranked(number, partial(slow, cards=cards, players=players, board=board))
                except InvalidArgument as error:
                    append(evaluation_wire.error_entry(item_status(error, f"requests[{index}].")))
                    errors += 1
                    continue
            append(entry(value))
            counts[number] = counts.get(number, 0) + 1
        evaluation_wire.merge_entries(target, entries)
        self._add_counts({converters.GAME_FROM_PB[n]: hands for n, hands in counts.items()})
        return errors

    @maps_errors
    async def BatchEvaluateHands(
        self, request: rpb.BatchEvaluateHandsRequest, context: grpc.aio.ServicerContext
    ) -> rpb.BatchEvaluateHandsResponse:
        """One EvaluateHandResult per request, in order (module docstring)."""
        response = rpb.BatchEvaluateHandsResponse()
        errors = await self._evaluate_all(request.requests, response)
        _log_counts(len(request.requests), errors)
        return response

    @maps_errors
    async def BatchCompareHands(
        self, request: rpb.BatchCompareHandsRequest, context: grpc.aio.ServicerContext
    ) -> rpb.BatchCompareHandsResponse:
        """One CompareHandsResult per request, in order: the CompareHands answer or its
        error (paths ``requests[i].hands[j].cards[k]`` ...)."""
        response = rpb.BatchCompareHandsResponse()
        compare = self._core.compare_hands
        counts: dict[Game, int] = {}
        errors = 0
        for index, item in enumerate(request.requests):
            if index and not index % COMPARE_CHUNK:
                await asyncio.sleep(0)
            target = response.results.add()
            hands: Sequence[Sequence[str]] = [hand.cards for hand in item.hands]
            try:
                rank = partial(
                    compare,
                    hands=hands,
                    players=item.players,
                    community=item.community_cards,
                    board=item.board,
                )
                result = ranked(item.game, rank)
            except InvalidArgument as error:
                target.error.CopyFrom(item_status(error, f"requests[{index}]."))
                errors += 1
                continue
            target.answer.CopyFrom(converters.comparison_to_pb(result))
            game = converters.game_from_pb(item.game)
            if game is not None:
                counts[game] = counts.get(game, 0) + len(hands)
        self._add_counts(counts)
        _log_counts(len(request.requests), errors)
        return response

    @maps_stream_errors
    async def EvaluateHandStream(
        self,
        request_iterator: AsyncIterator[rpb.EvaluateHandStreamRequest],
        context: grpc.aio.ServicerContext,
    ) -> AsyncIterator[rpb.EvaluateHandStreamResponse]:
        """One EvaluateHandStreamResponse per request message, strictly in order; a bad hand
        is its own error result and the stream goes on."""
        items = errors = 0
        async for message in request_iterator:
            response = rpb.EvaluateHandStreamResponse()
            errors += await self._evaluate_all(message.requests, response)
            items += len(message.requests)
            _log_counts(items, errors)
            yield response
