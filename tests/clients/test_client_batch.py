"""The Python clients' batch and stream calls (issue 15 point 1) against the real server:
``batch_evaluate_hands``, ``batch_compare_hands`` and ``evaluate_hand_stream`` on the sync
and the asyncio client; per-item errors read back as InvalidArgumentError with prefixed
field paths; an over-size batch refused whole."""

from __future__ import annotations

import asyncio

import pytest

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from floorman_client import AsyncFloormanClient, FloormanClient, InvalidArgumentError
from floorman_client.batch import item_error

HANDS = [
    {"game": "razz", "cards": "As 2c 3d 4h 7s Kc Kd"},
    {"game": "stud", "cards": "As Ad"},
    rpb.EvaluateHandRequest(game=pb.GAME_FIVE_CARD_DRAW, cards=["Ah", "Kh", "Qh", "Jh", "Th"]),
]


@pytest.fixture(scope="module")
def client(server) -> FloormanClient:
    return FloormanClient(server.channel)


def test_batch_evaluate_hands_in_order_with_an_item_error(client):
    answer = client.rules.batch_evaluate_hands(hands=HANDS)
    assert [r.WhichOneof("result") for r in answer.results] == ["answer", "error", "answer"]
    assert answer.results[0].answer.low.description == "7-4-3-2-A"
    assert answer.results[2].answer.high.description == "Royal flush"
    error = item_error(
        answer.results[1].error, method="/floorman.v1.RulesService/BatchEvaluateHands"
    )
    assert isinstance(error, InvalidArgumentError)
    assert [(v.field, v.rule) for v in error.violations] == [("requests[1].cards", "card.count")]


def test_batch_compare_hands(client):
    answer = client.rules.batch_compare_hands(
        showdowns=[
            {"game": "draw7a", "hands": ["Ac Ad As Kc Kd", "7h 9h Jh Qh Kh"]},
            {"game": "draw", "hands": ["Ac Ad As Kc Kd", "Ac 9h Jh Qh Kh"]},
        ]
    )
    assert list(answer.results[0].answer.winners) == [1]
    error = item_error(answer.results[1].error)
    assert [(v.field, v.rule) for v in error.violations] == [
        ("requests[1].hands[1].cards[0]", "card.duplicate")
    ]


def test_unknown_game_name_is_refused_before_sending(client):
    with pytest.raises(ValueError):
        client.rules.batch_evaluate_hands(hands=[{"game": "gin rummy", "cards": "As"}])


def test_over_size_batch_is_an_invalid_argument_error(client):
    with pytest.raises(InvalidArgumentError) as caught:
        client.rules.batch_evaluate_hands(hands=[HANDS[0]] * 10_001)
    assert [v.field for v in caught.value.violations] == ["requests"]


def test_evaluate_hand_stream_answers_each_message_in_order(client):
    answers = list(client.rules.evaluate_hand_stream(messages=[HANDS[:1], HANDS[1:], []]))
    assert [[r.WhichOneof("result") for r in a.results] for a in answers] == [
        ["answer"],
        ["error", "answer"],
        [],
    ]


def test_async_client_batch_and_stream(server):
    async def scenario() -> tuple[
        rpb.BatchEvaluateHandsResponse, list, rpb.BatchCompareHandsResponse
    ]:
        async with AsyncFloormanClient.connect(server.address) as aclient:
            batch = await aclient.rules.batch_evaluate_hands(hands=HANDS)
            streamed = [
                a async for a in aclient.rules.evaluate_hand_stream(messages=[HANDS, HANDS[:1]])
            ]
            compared = await aclient.rules.batch_compare_hands(
                showdowns=[{"game": "draw7a", "hands": ["Ac Ad As Kc Kd", "7h 9h Jh Qh Kh"]}]
            )
            return batch, streamed, compared

    batch, streamed, compared = asyncio.run(scenario())
    assert [r.WhichOneof("result") for r in batch.results] == ["answer", "error", "answer"]
    assert list(streamed[0].results) == list(batch.results)
    assert len(streamed) == 2 and len(streamed[1].results) == 1
    assert list(compared.results[0].answer.winners) == [1]
