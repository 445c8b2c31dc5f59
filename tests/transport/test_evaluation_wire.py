"""The wire-written EvaluateHandResult entries (:mod:`floorman.transport.evaluation_wire`)
parse to exactly the messages ``converters.fill_evaluation`` builds, in every game (high,
7-A, Hi-Lo with and without a qualifying low, 2-7, A-5, Badugi, board games), for an error
entry and for an evaluation with no side."""

from __future__ import annotations

import random

import pytest
from google.rpc import status_pb2

from floorman.app.evaluation import evaluate_hand, warm_up_request
from floorman.domain.cards import CARD_TEXTS
from floorman.domain.model import Game
from floorman.domain.ranking import Evaluation, board_count_range, card_count_range, deck_for
from floorman.transport import converters, evaluation_wire
from floorman.v1 import rules_service_pb2 as rpb


def _expected(evaluations: list[Evaluation]) -> rpb.BatchEvaluateHandsResponse:
    response = rpb.BatchEvaluateHandsResponse()
    for evaluation in evaluations:
        converters.fill_evaluation(response.results.add().answer, evaluation)
    return response


def _written(evaluations: list[Evaluation]) -> rpb.BatchEvaluateHandsResponse:
    response = rpb.BatchEvaluateHandsResponse()
    evaluation_wire.merge_entries(response, [evaluation_wire.answer_entry(e) for e in evaluations])
    return response


def _random_hands(game: Game, count: int, seed: int) -> list[Evaluation]:
    rng = random.Random(seed)
    deck = sorted(deck_for(game, 0))
    low, high = card_count_range(game)
    fewest, most = board_count_range(game)
    found = []
    for _ in range(count):
        own, board = rng.randint(low, high), rng.randint(fewest, most) if most else 0
        picked = [CARD_TEXTS[c] for c in rng.sample(deck, own + board)]
        found.append(evaluate_hand(game, picked[:own], board=picked[own:]))
    return found


@pytest.mark.parametrize("game", list(Game))
def test_entries_parse_to_the_filled_messages(game: Game) -> None:
    cards, board = warm_up_request(game)
    evaluations = [evaluate_hand(game, cards, board=board), *_random_hands(game, 300, 15)]
    written = _written(evaluations)
    assert written == _expected(evaluations)
    assert written.SerializeToString() == _expected(evaluations).SerializeToString()


def test_a_hi_lo_hand_without_a_qualifying_low() -> None:
    evaluation = evaluate_hand(
        Game.SEVEN_CARD_STUD_HI_LO, ["Kh", "Kd", "Qc", "Jh", "9s", "9c", "2d"]
    )
    assert evaluation.low is not None and not evaluation.low.qualifies
    assert _written([evaluation]) == _expected([evaluation])


def test_an_evaluation_without_sides_is_an_empty_result() -> None:
    written = _written([Evaluation(None, None)])
    assert written == _expected([Evaluation(None, None)])
    assert not written.results[0].HasField("answer")


def test_an_error_entry_keeps_its_place() -> None:
    status = status_pb2.Status(code=3, message="requests[1].cards: bad")
    evaluation = evaluate_hand(Game.SEVEN_CARD_STUD, ["Ah", "Kd", "Qc", "Jh", "9s"])
    response = rpb.BatchEvaluateHandsResponse()
    evaluation_wire.merge_entries(
        response,
        [evaluation_wire.answer_entry(evaluation), evaluation_wire.error_entry(status)],
    )
    expected = _expected([evaluation])
    expected.results.add().error.CopyFrom(status)
    assert response == expected


@pytest.mark.parametrize("value", [0, 1, 127, 128, 300, 16383, 16384, 2**40])
def test_varint(value: int) -> None:
    from google.protobuf.internal.encoder import _VarintBytes

    assert evaluation_wire.varint(value) == _VarintBytes(value)


@pytest.mark.parametrize("game", list(Game))
def test_response_bytes_parse_to_the_unary_answer(game: Game) -> None:
    """The unary EvaluateHand fast path's answer (issue 15 point 2) is the converter's."""
    for evaluation in [Evaluation(None, None), *_random_hands(game, 200, 16)]:
        parsed = rpb.EvaluateHandResponse.FromString(evaluation_wire.response_bytes(evaluation))
        assert parsed == converters.evaluation_to_pb(evaluation)
