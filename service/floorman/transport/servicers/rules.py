"""``floorman.v1.RulesService``: stateless hand values, winners, legality and settlement.

Each method converts the request (:mod:`floorman.transport.converters`), calls the injected
transport-neutral use case of :class:`RulesCore`, and converts the answer back. Errors become
statuses in :func:`floorman.transport.errors.maps_errors`; no rule logic lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import grpc

from floorman.app import evaluation
from floorman.domain.model import Game
from floorman.domain.ranking import Comparison, Evaluation
from floorman.observability.metrics import Metrics
from floorman.transport import converters
from floorman.transport.errors import Unimplemented, maps_errors
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc

SERVICE_NAME = rpb.DESCRIPTOR.services_by_name["RulesService"].full_name


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesCore:
    """The transport-neutral use cases RulesService calls (injected; tests may fake them).

    ValidateAction, ListLegalActions and SettleHand answer UNIMPLEMENTED until the rules
    engine (issue 3) lands. Wiring one: add its use case here, convert the request with
    :mod:`floorman.transport.converters` (``hand_config_from_pb``, ``history_from_pb``,
    ``single_action_from_pb``, ``payouts_from_pb`` already exist), call it, and convert the
    answer back with a new ``*_to_pb`` converter.
    """

    evaluate_hand: Callable[..., Evaluation] = evaluation.evaluate_hand
    compare_hands: Callable[..., Comparison] = evaluation.compare_hands


def _not_served(rpc: str) -> Unimplemented:
    return Unimplemented(
        f"{SERVICE_NAME}/{rpc} is not served yet: it arrives with the rules engine (issue 3)"
    )


class RulesServicer(rpb_grpc.RulesServiceServicer):
    """RulesService over an injected :class:`RulesCore`.

    Args:
        core: the use cases (default: the ranking use cases of :mod:`floorman.app.evaluation`).
        metrics: counts ``floorman_hands_evaluated_total`` per evaluated hand (``None``: off).
    """

    def __init__(self, *, core: RulesCore | None = None, metrics: Metrics | None = None) -> None:
        self._core = RulesCore() if core is None else core
        self._metrics = metrics

    def _count(self, game: Game, hands: int) -> None:
        if self._metrics is not None:
            self._metrics.count_hands(game, hands)

    @maps_errors
    async def EvaluateHand(
        self, request: rpb.EvaluateHandRequest, context: grpc.aio.ServicerContext
    ) -> rpb.EvaluateHandResponse:
        """One hand's high and low values (INVALID_ARGUMENT for any bad card, count, game)."""
        game = converters.game_from_pb(request.game)
        result = self._core.evaluate_hand(game, request.cards, players=request.players)
        self._count(game, 1)  # type: ignore[arg-type]  # a None game was refused above
        return converters.evaluation_to_pb(result)

    @maps_errors
    async def CompareHands(
        self, request: rpb.CompareHandsRequest, context: grpc.aio.ServicerContext
    ) -> rpb.CompareHandsResponse:
        """Winners of the pot (or its high half) and of the low half, with each hand's value."""
        game = converters.game_from_pb(request.game)
        hands: Sequence[Sequence[str]] = [hand.cards for hand in request.hands]
        result = self._core.compare_hands(game, hands, players=request.players)
        self._count(game, len(hands))  # type: ignore[arg-type]
        return converters.comparison_to_pb(result)

    @maps_errors
    async def ValidateAction(
        self, request: rpb.ValidateActionRequest, context: grpc.aio.ServicerContext
    ) -> rpb.ValidateActionResponse:
        """UNIMPLEMENTED until the rules engine is wired (see :class:`RulesCore`)."""
        raise _not_served("ValidateAction")

    @maps_errors
    async def ListLegalActions(
        self, request: rpb.ListLegalActionsRequest, context: grpc.aio.ServicerContext
    ) -> rpb.ListLegalActionsResponse:
        """UNIMPLEMENTED until the rules engine is wired (see :class:`RulesCore`)."""
        raise _not_served("ListLegalActions")

    @maps_errors
    async def SettleHand(
        self, request: rpb.SettleHandRequest, context: grpc.aio.ServicerContext
    ) -> rpb.SettleHandResponse:
        """UNIMPLEMENTED until the rules engine is wired (see :class:`RulesCore`)."""
        raise _not_served("SettleHand")
