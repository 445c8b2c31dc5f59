"""``floorman.v1.RulesService``: stateless rules (hand values, winners, action legality,
settlement). Every call is free of side effects, so every call is retried when safe."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import grpc

from floorman_client.arguments import check_methods
from floorman_client.batch import BatchRules
from floorman_client.calls import Caller
from floorman_client.messages import EnumInput, hand, history_event, payouts
from floorman_client.messages import game as game_number
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import rules_service_pb2 as rpb
from floorman_client.v1 import rules_service_pb2_grpc as rpb_grpc

SERVICE = rpb.DESCRIPTOR.services_by_name["RulesService"].full_name

HistoryInput = Iterable[pb.HandEvent | pb.Deal | pb.Action]


@check_methods
class RulesClient(BatchRules):
    """RulesService calls with keyword arguments; answers are the ``floorman.v1`` responses.

    Args:
        channel: a ``grpc.Channel`` (see :func:`floorman_client.create_channel`).
        caller: token, deadline and retry policy (default: no token, 10 s, 4 attempts).

    Every method takes ``timeout`` (seconds, retries included; ``None``: the caller's
    default) and raises a :class:`~floorman_client.errors.FloormanRpcError` subclass:
    :class:`~floorman_client.errors.InvalidArgumentError` for malformed input (its
    ``violations`` name each field and rule id). The batch and stream calls
    (``batch_evaluate_hands``, ``batch_compare_hands``, ``evaluate_hand_stream``) are
    :class:`~floorman_client.batch.BatchRules`'.
    """

    def __init__(self, channel: grpc.Channel, *, caller: Caller | None = None) -> None:
        self.stub = rpb_grpc.RulesServiceStub(channel)
        self.caller = caller or Caller()

    def evaluate_hand(
        self,
        *,
        game: EnumInput,
        cards: Sequence[str] | str,
        players: int = 0,
        board: Sequence[str] | str = (),
        timeout: float | None = None,
    ) -> rpb.EvaluateHandResponse:
        """The value of one hand: ``high`` (every game with a high side) and ``low`` (Razz,
        the Hi-Lo games). ``cards``: a list or one string (``"As 2c 3d 4h 7s"``); ``players``:
        Five Card Draw 7-A only (5: the 36-card deck); ``board``: the community-card games'
        three to five board cards (a list or one string), the hole cards in ``cards``."""
        request = rpb.EvaluateHandRequest(
            game=game_number(game),
            cards=hand(cards).cards,
            players=players,
            board=hand(board).cards,
        )
        return self.caller.unary(
            self.stub.EvaluateHand, request, method=f"/{SERVICE}/EvaluateHand", timeout=timeout
        )

    def compare_hands(
        self,
        *,
        game: EnumInput,
        hands: Iterable[Sequence[str] | str | pb.Hand],
        community_cards: Sequence[str] = (),
        players: int = 0,
        board: Sequence[str] | str = (),
        timeout: float | None = None,
    ) -> rpb.CompareHandsResponse:
        """Who wins a showdown: ``winners`` / ``low_winners`` are 0-based indices into
        ``hands``; ``results`` one value per hand; ``board``: the community-card games'
        shared board (three to five cards)."""
        request = rpb.CompareHandsRequest(
            game=game_number(game),
            hands=[h if isinstance(h, pb.Hand) else hand(h) for h in hands],
            community_cards=list(community_cards),
            players=players,
            board=hand(board).cards,
        )
        return self.caller.unary(
            self.stub.CompareHands, request, method=f"/{SERVICE}/CompareHands", timeout=timeout
        )

    def validate_action(
        self,
        *,
        config: pb.HandConfig,
        history: HistoryInput,
        action: pb.Action,
        timeout: float | None = None,
    ) -> rpb.ValidateActionResponse:
        """Whether ``action`` is legal after ``history`` (Deals, Actions or HandEvents): an
        illegal action is an answer (``legal`` false, ``violation`` with its rule id), not an
        error; a malformed history is INVALID_ARGUMENT naming ``history[N]``."""
        request = rpb.ValidateActionRequest(
            config=config, history=[history_event(e) for e in history], action=action
        )
        return self.caller.unary(
            self.stub.ValidateAction,
            request,
            method=f"/{SERVICE}/ValidateAction",
            timeout=timeout,
        )

    def list_legal_actions(
        self, *, config: pb.HandConfig, history: HistoryInput, timeout: float | None = None
    ) -> rpb.ListLegalActionsResponse:
        """The state after ``history`` and the legal actions of the seat to act, with exact
        amounts in minor units."""
        request = rpb.ListLegalActionsRequest(
            config=config, history=[history_event(e) for e in history]
        )
        return self.caller.unary(
            self.stub.ListLegalActions,
            request,
            method=f"/{SERVICE}/ListLegalActions",
            timeout=timeout,
        )

    def settle_hand(
        self,
        *,
        config: pb.HandConfig,
        history: HistoryInput,
        declared_payouts: Mapping[int, int] | Sequence[pb.Payout] = (),
        timeout: float | None = None,
    ) -> rpb.SettleHandResponse:
        """Pots, side pots, rake, payouts and final stacks of a whole hand; a difference from
        ``declared_payouts`` (``{seat: amount}``) comes back in ``discrepancies``."""
        request = rpb.SettleHandRequest(
            config=config,
            history=[history_event(e) for e in history],
            declared_payouts=payouts(declared_payouts),
        )
        return self.caller.unary(
            self.stub.SettleHand, request, method=f"/{SERVICE}/SettleHand", timeout=timeout
        )
