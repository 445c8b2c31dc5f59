"""``floorman.v1.RulesService``: stateless hand values, winners, legality and settlement.

Each method converts the request (:mod:`floorman.transport.converters`), calls the injected
transport-neutral use case of :class:`RulesCore`, and converts the answer back. Errors become
statuses in :func:`floorman.transport.errors.maps_errors`; no rule logic lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

import grpc

from floorman.app import evaluation, rules
from floorman.domain import model
from floorman.domain.engine import HandResult
from floorman.domain.errors import FieldViolation, InvalidArgument
from floorman.domain.model import Game
from floorman.domain.ranking import Comparison, Evaluation
from floorman.observability.metrics import Metrics
from floorman.transport import converters, engine_converters, evaluation_wire
from floorman.transport.errors import maps_errors
from floorman.transport.servicers.rules_batch import BatchRules, ranked
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman.v1 import rules_service_pb2_grpc as rpb_grpc

SERVICE_NAME = rpb.DESCRIPTOR.services_by_name["RulesService"].full_name
_T = TypeVar("_T")
_EVALUATE_RESPONSE: Final = rpb.EvaluateHandResponse.FromString


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesCore:
    """The transport-neutral use cases RulesService calls (injected; tests may fake them):
    the ranking use cases of :mod:`floorman.app.evaluation` and the engine use cases of
    :mod:`floorman.app.rules`."""

    evaluate_hand: Callable[..., Evaluation] = evaluation.evaluate_hand
    fast_ranker: Callable[..., evaluation.Ranker | None] = evaluation.fast_ranker
    compare_hands: Callable[..., Comparison] = evaluation.compare_hands
    validate_action: Callable[..., rules.ActionCheck] = rules.validate_action
    list_legal_actions: Callable[..., rules.LegalMenu] = rules.list_legal_actions
    settle_hand: Callable[..., HandResult] = rules.settle_hand


def _convert(convert: Callable[[], _T], problems: list[FieldViolation]) -> _T | None:
    """``convert()``, or ``None`` after adding its field violations to ``problems`` (so one
    INVALID_ARGUMENT lists the problems of every part of a request)."""
    try:
        return convert()
    except InvalidArgument as error:
        problems.extend(error.violations)
        return None


def _hand_from_pb(
    config: pb.HandConfig, history: Sequence[pb.HandEvent], problems: list[FieldViolation]
) -> tuple[model.HandConfig | None, tuple[model.HandEvent, ...]]:
    """The request's configuration and history (``None`` / ``()`` where malformed, the
    problems added to ``problems``)."""
    hand_config = _convert(lambda: converters.hand_config_from_pb(config), problems)
    events = _convert(lambda: converters.history_from_pb(history), problems)
    return hand_config, events or ()


def _raise_if(problems: list[FieldViolation]) -> None:
    if problems:
        raise InvalidArgument(problems)


class RulesServicer(BatchRules, rpb_grpc.RulesServiceServicer):
    """RulesService over an injected :class:`RulesCore` (the batch and stream methods:
    :class:`~floorman.transport.servicers.rules_batch.BatchRules`).

    Args:
        core: the use cases (default: :mod:`floorman.app.evaluation` and :mod:`floorman.app.rules`).
        metrics: counts ``floorman_hands_evaluated_total`` per evaluated hand (``None``: off).
    """

    def __init__(self, *, core: RulesCore | None = None, metrics: Metrics | None = None) -> None:
        self._core = RulesCore() if core is None else core
        self._metrics = metrics
        self._rankers: dict[tuple[int, int, int, int], evaluation.Ranker] = {}

    def _count(self, game: Game | None, hands: int) -> None:
        if self._metrics is not None and game is not None:
            self._metrics.count_hands(game, hands)

    async def EvaluateHand(
        self, request: rpb.EvaluateHandRequest, context: grpc.aio.ServicerContext
    ) -> rpb.EvaluateHandResponse:
        """One hand's high and low values, with the ``board`` in the community-card games
        (INVALID_ARGUMENT for any bad card, count, board, game).

        A plainly valid hand (issue 15 point 2) takes the batch path's cached ranker of its
        shape (:meth:`BatchRules._shape_ranker`) and an answer parsed from wire bytes
        (:func:`~floorman.transport.evaluation_wire.response_bytes`); anything else, and any
        exception there, takes :meth:`_evaluate_reported`, which answers exactly as before
        (every problem reported, errors mapped by :func:`maps_errors`)."""
        cards, board, number = request.cards, request.board, request.game
        try:
            key = (number, request.players, len(cards), len(board))
            ranker = self._rankers.get(key) or self._shape_ranker(*key)
            value = None if ranker is None else ranker(cards, board)
            if value is not None:
                if self._metrics is not None:
                    self._metrics.count_hands(converters.GAME_FROM_PB[number])
                return _EVALUATE_RESPONSE(evaluation_wire.response_bytes(value))
        except Exception:  # the reported path answers (or maps) the same request
            pass
        return await self._evaluate_reported(request, context)

    @maps_errors
    async def _evaluate_reported(
        self, request: rpb.EvaluateHandRequest, context: grpc.aio.ServicerContext
    ) -> rpb.EvaluateHandResponse:
        """EvaluateHand through the use case, with its full error report."""
        result = ranked(
            request.game,
            lambda game: self._core.evaluate_hand(
                game, request.cards, players=request.players, board=request.board
            ),
        )
        self._count(converters.game_from_pb(request.game), 1)
        return converters.evaluation_to_pb(result)

    @maps_errors
    async def CompareHands(
        self, request: rpb.CompareHandsRequest, context: grpc.aio.ServicerContext
    ) -> rpb.CompareHandsResponse:
        """Winners of the pot (or its high half) and of the low half, with each hand's value;
        ``community_cards`` (seven-card studs) or the ``board`` (community-card games) are
        shared by every hand."""
        hands: Sequence[Sequence[str]] = [hand.cards for hand in request.hands]
        result = ranked(
            request.game,
            lambda game: self._core.compare_hands(
                game,
                hands,
                players=request.players,
                community=request.community_cards,
                board=request.board,
            ),
        )
        self._count(converters.game_from_pb(request.game), len(hands))
        return converters.comparison_to_pb(result)

    @maps_errors
    async def ValidateAction(
        self, request: rpb.ValidateActionRequest, context: grpc.aio.ServicerContext
    ) -> rpb.ValidateActionResponse:
        """Replay the history, then judge the proposed action: ``legal`` or the violation
        (a normal answer), with the state and legal actions before it. INVALID_ARGUMENT for
        a malformed config or action (``action`` when unset) and for an illegal history
        (``history[N]``, rule id first in the description)."""
        problems: list[FieldViolation] = []
        config, history = _hand_from_pb(request.config, request.history, problems)
        action: model.Action | None = None
        if request.HasField("action"):
            action = _convert(lambda: converters.single_action_from_pb(request.action), problems)
        else:
            problems.append(FieldViolation("action", "", "the proposed action is required"))
        _raise_if(problems)
        check = self._core.validate_action(config=config, history=history, action=action)
        return engine_converters.validation_to_pb(check)

    @maps_errors
    async def ListLegalActions(
        self, request: rpb.ListLegalActionsRequest, context: grpc.aio.ServicerContext
    ) -> rpb.ListLegalActionsResponse:
        """Replay the history; the state and the seat to act's legal actions (same errors
        as ValidateAction)."""
        problems: list[FieldViolation] = []
        config, history = _hand_from_pb(request.config, request.history, problems)
        _raise_if(problems)
        menu = self._core.list_legal_actions(config=config, history=history)
        return engine_converters.legal_menu_to_pb(menu)

    @maps_errors
    async def SettleHand(
        self, request: rpb.SettleHandRequest, context: grpc.aio.ServicerContext
    ) -> rpb.SettleHandResponse:
        """Replay and settle a whole hand: pots, rake, payouts, final stacks, returned
        chips, showdown order and discrepancies with ``declared_payouts``. INVALID_ARGUMENT
        for a malformed request, an illegal history (``history[N]``) or one that stops
        mid-hand (``history``); FAILED_PRECONDITION (``ErrorInfo`` reason
        ``UNVERIFIABLE_HAND``, metadata ``rule: card.unknown`` and ``seats``) when a
        contested pot needs unknown cards."""
        problems: list[FieldViolation] = []
        config, history = _hand_from_pb(request.config, request.history, problems)
        declared = _convert(lambda: converters.payouts_from_pb(request.declared_payouts), problems)
        _raise_if(problems)
        assert config is not None  # guaranteed: no problems
        result = self._core.settle_hand(config=config, history=history, declared_payouts=declared)
        return engine_converters.settlement_to_pb(result, seats=config.seats)
