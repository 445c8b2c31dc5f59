"""RulesService on a ``grpc.aio`` channel: :class:`AsyncRulesClient` (split from
:mod:`floorman_client.aio`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import grpc

from floorman_client.aio_calls import AsyncCaller
from floorman_client.arguments import check_methods
from floorman_client.batch import AsyncBatchRules
from floorman_client.messages import EnumInput
from floorman_client.rules import HistoryInput, RulesClient
from floorman_client.v1 import poker_pb2 as pb
from floorman_client.v1 import rules_service_pb2 as rpb


@check_methods
class AsyncRulesClient(AsyncBatchRules, RulesClient):  # type: ignore[misc]
    """:class:`~floorman_client.rules.RulesClient` on a ``grpc.aio`` channel: every method
    returns an awaitable of the same answer."""

    def __init__(self, channel: grpc.aio.Channel, *, caller: AsyncCaller | None = None) -> None:
        super().__init__(channel, caller=caller or AsyncCaller())  # type: ignore[arg-type]

    async def compare_hands(  # type: ignore[override]
        self,
        *,
        game: EnumInput,
        hands: Iterable[Sequence[str] | str | pb.Hand],
        community_cards: Sequence[str] = (),
        players: int = 0,
        board: Sequence[str] | str = (),
        timeout: float | None = None,
    ) -> rpb.CompareHandsResponse:
        """As :meth:`RulesClient.compare_hands`, awaited."""
        return await super().compare_hands(
            game=game,
            hands=hands,
            community_cards=community_cards,
            players=players,
            board=board,
            timeout=timeout,
        )  # type: ignore[misc]

    async def evaluate_hand(  # type: ignore[override]
        self,
        *,
        game: EnumInput,
        cards: Sequence[str] | str,
        players: int = 0,
        board: Sequence[str] | str = (),
        timeout: float | None = None,
    ) -> rpb.EvaluateHandResponse:
        """As :meth:`RulesClient.evaluate_hand`, awaited."""
        return await super().evaluate_hand(
            game=game, cards=cards, players=players, board=board, timeout=timeout
        )  # type: ignore[misc]

    async def list_legal_actions(  # type: ignore[override]
        self, *, config: pb.HandConfig, history: HistoryInput, timeout: float | None = None
    ) -> rpb.ListLegalActionsResponse:
        """As :meth:`RulesClient.list_legal_actions`, awaited."""
        return await super().list_legal_actions(config=config, history=history, timeout=timeout)  # type: ignore[misc]

    async def settle_hand(  # type: ignore[override]
        self,
        *,
        config: pb.HandConfig,
        history: HistoryInput,
        declared_payouts: Mapping[int, int] | Sequence[pb.Payout] = (),
        timeout: float | None = None,
    ) -> rpb.SettleHandResponse:
        """As :meth:`RulesClient.settle_hand`, awaited."""
        return await super().settle_hand(
            config=config, history=history, declared_payouts=declared_payouts, timeout=timeout
        )  # type: ignore[misc]

    async def validate_action(  # type: ignore[override]
        self,
        *,
        config: pb.HandConfig,
        history: HistoryInput,
        action: pb.Action,
        timeout: float | None = None,
    ) -> rpb.ValidateActionResponse:
        """As :meth:`RulesClient.validate_action`, awaited."""
        return await super().validate_action(
            config=config, history=history, action=action, timeout=timeout
        )  # type: ignore[misc]
