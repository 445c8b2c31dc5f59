"""BatchEvaluateHands, BatchCompareHands and EvaluateHandStream over gRPC against the real
server subprocess (issue 15 point 1): answers in request order, each bad item its own
INVALID_ARGUMENT status with its field paths prefixed by the item, an over-size batch refused
whole, an empty batch answered empty, the stream answering message by message and going on
past a bad hand, and every batch answer equal to the unary answer."""

from __future__ import annotations

import re

import grpc
import pytest
from google.rpc import code_pb2, error_details_pb2, status_pb2
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb
from tests.support.grpc_errors import field_violations

STUD = pb.GAME_SEVEN_CARD_STUD
STUD8 = pb.GAME_SEVEN_CARD_STUD_HI_LO
HOLDEM = pb.GAME_TEXAS_HOLDEM
DRAW7A = pb.GAME_FIVE_CARD_DRAW_7A
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def hand(game: int, cards: str, *, board: str = "", players: int = 0) -> rpb.EvaluateHandRequest:
    return rpb.EvaluateHandRequest(
        game=game, cards=cards.split(), board=board.split(), players=players
    )


def own(cards: str) -> pb.Hand:
    return pb.Hand(cards=cards.split())


def violations(status: status_pb2.Status) -> list[tuple[str, str]]:
    """(field, description) of the item status's BadRequest."""
    found = []
    for detail in status.details:
        bad = error_details_pb2.BadRequest()
        if detail.Unpack(bad):
            found += [(v.field, v.description) for v in bad.field_violations]
    return found


def test_batch_answers_in_request_order_with_per_item_errors(server, rules_stub) -> None:
    requests = [
        hand(STUD, "As Ad Ac Kh Kd 2c 3d"),
        hand(STUD, "As Xx Ac Kh Kd"),
        hand(HOLDEM, "Ah Kh", board="Qh Jh Th"),
        hand(99, "As Ad Ac Kh Kd"),
        hand(STUD8, "Ah 2c 3d 4s 5h Kd Kc"),
        hand(STUD, "As As Ac Kh Kd 2c 3d 4d"),
    ]
    response = rules_stub.BatchEvaluateHands(
        rpb.BatchEvaluateHandsRequest(requests=requests), timeout=10
    )
    kinds = [result.WhichOneof("result") for result in response.results]
    assert kinds == ["answer", "error", "answer", "error", "answer", "error"]
    first, third, fifth = (response.results[i].answer for i in (0, 2, 4))
    assert first.high.description == "Full house, aces full of kings"
    assert third.high.category == pb.HAND_CATEGORY_ROYAL_FLUSH
    assert fifth.high.category == pb.HAND_CATEGORY_STRAIGHT
    assert fifth.low.description == "5-4-3-2-A"
    bad = response.results[1].error
    assert bad.code == code_pb2.INVALID_ARGUMENT
    assert violations(bad) == [
        ("requests[1].cards[1]", "card.malformed: 'Xx' is not a card (e.g. 'Ah', 'Td')")
    ]
    assert (
        bad.message == "requests[1].cards[1]: card.malformed: 'Xx' is not a card (e.g. 'Ah', 'Td')"
    )
    assert violations(response.results[3].error) == [("requests[3].game", "99 is not a known Game")]
    assert [field for field, _ in violations(response.results[5].error)] == [
        "requests[5].cards",
        "requests[5].cards[1]",
    ]
    line = server.wait_for_log(
        lambda entry: (
            entry.get("event") == "rpc"
            and entry.get("method") == "/floorman.v1.RulesService/BatchEvaluateHands"
            and entry.get("batch_items") == 6
        )
    )
    assert (line["code"], line["item_errors"]) == ("OK", 3)


def test_empty_batch_is_an_empty_answer(rules_stub) -> None:
    empty = rules_stub.BatchEvaluateHands(rpb.BatchEvaluateHandsRequest(), timeout=10)
    assert list(empty.results) == []
    compared = rules_stub.BatchCompareHands(rpb.BatchCompareHandsRequest(), timeout=10)
    assert list(compared.results) == []


def test_over_size_batch_is_refused_whole(rules_stub) -> None:
    request = rpb.BatchEvaluateHandsRequest(requests=[hand(STUD, "As Ad Ac Kh Kd")] * 10_001)
    with pytest.raises(grpc.RpcError) as caught:
        rules_stub.BatchEvaluateHands(request, timeout=10)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(caught.value) == [
        ("requests", "at most 10000 requests in one request (limit batch_items); got 10001")
    ]
    full = rules_stub.BatchEvaluateHands(
        rpb.BatchEvaluateHandsRequest(requests=[hand(STUD, "As Ad Ac Kh Kd")] * 10_000),
        timeout=30,
    )
    assert len(full.results) == 10_000


def test_an_item_over_a_size_limit_refuses_the_call(rules_stub) -> None:
    request = rpb.BatchEvaluateHandsRequest(
        requests=[
            hand(STUD, "As Ad Ac Kh Kd"),
            rpb.EvaluateHandRequest(game=STUD, cards=[*DECK, "Ah"]),
        ]
    )
    with pytest.raises(grpc.RpcError) as caught:
        rules_stub.BatchEvaluateHands(request, timeout=10)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(caught.value) == [
        ("requests[1].cards", "at most 52 cards in one request (limit cards); got 53")
    ]


def test_batch_compare_hands(rules_stub) -> None:
    good = rpb.CompareHandsRequest(
        game=STUD,
        hands=[own("As Ad Ac Kh Kd"), own("2s 3s 4s 5s 6s")],
    )
    bad = rpb.CompareHandsRequest(
        game=STUD,
        hands=[own("As Ad Ac Kh Kd"), own("As 3s 4s 5s 6s")],
    )
    response = rules_stub.BatchCompareHands(
        rpb.BatchCompareHandsRequest(requests=[good, bad, good]), timeout=10
    )
    assert [r.WhichOneof("result") for r in response.results] == ["answer", "error", "answer"]
    assert list(response.results[0].answer.winners) == [1]
    assert response.results[0].answer == rules_stub.CompareHands(good, timeout=10)
    assert violations(response.results[1].error) == [
        (
            "requests[1].hands[1].cards[0]",
            "card.duplicate: As appears twice (also requests[1].hands[0].cards[0])",
        )
    ]


def test_an_item_error_refers_back_to_the_field_of_the_same_item(rules_stub) -> None:
    """A duplicate card names the item's other field by its full path in the batch, as the
    violation's own field (DESIGN.md "Errors": field paths)."""
    requests = [hand(HOLDEM, "Ah Kh", board="Qh Jh Th"), hand(HOLDEM, "Qh 2c", board="Qh Jh Th")]
    response = rules_stub.BatchEvaluateHands(
        rpb.BatchEvaluateHandsRequest(requests=requests), timeout=10
    )
    assert violations(response.results[1].error) == [
        ("requests[1].cards[0]", "card.duplicate: Qh appears twice (also requests[1].board[0])")
    ]


def test_stream_answers_each_message_in_order_past_a_bad_hand(rules_stub) -> None:
    messages = [
        rpb.EvaluateHandStreamRequest(requests=[hand(STUD, "As Ad Ac Kh Kd 2c 3d")]),
        rpb.EvaluateHandStreamRequest(requests=[hand(STUD, "As Ad"), hand(STUD, "2s 3s 4s 5s 6s")]),
        rpb.EvaluateHandStreamRequest(),
        rpb.EvaluateHandStreamRequest(requests=[hand(HOLDEM, "Ah Kh", board="Qh Jh Th 2c")]),
    ]
    answers = list(rules_stub.EvaluateHandStream(iter(messages), timeout=10))
    assert [[r.WhichOneof("result") for r in a.results] for a in answers] == [
        ["answer"],
        ["error", "answer"],
        [],
        ["answer"],
    ]
    assert answers[0].results[0].answer.high.category == pb.HAND_CATEGORY_FULL_HOUSE
    assert violations(answers[1].results[0].error) == [
        ("requests[0].cards", "card.count: Seven Card Stud takes 5 to 7 cards (got 2)")
    ]
    assert answers[1].results[1].answer.high.category == pb.HAND_CATEGORY_STRAIGHT_FLUSH
    assert answers[3].results[0].answer.high.category == pb.HAND_CATEGORY_ROYAL_FLUSH


def test_stream_message_over_the_batch_limit_ends_the_stream(rules_stub) -> None:
    messages = [
        rpb.EvaluateHandStreamRequest(requests=[hand(STUD, "As Ad Ac Kh Kd")]),
        rpb.EvaluateHandStreamRequest(requests=[hand(STUD, "As Ad Ac Kh Kd")] * 10_001),
    ]
    call = rules_stub.EvaluateHandStream(iter(messages), timeout=10)
    first = next(call)
    assert first.results[0].WhichOneof("result") == "answer"
    with pytest.raises(grpc.RpcError) as caught:
        next(call)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert field_violations(caught.value) == [
        (
            "message[1].requests",
            "at most 10000 requests in one request (limit batch_items); got 10001",
        )
    ]


GAMES = [g for g in pb.Game.values() if g != pb.GAME_UNSPECIFIED]


@st.composite
def random_requests(draw: st.DrawFn) -> rpb.EvaluateHandRequest:
    """Any game, 0 to 8 cards drawn from the deck with repeats and a bad text now and then,
    0 to 5 board cards, players 0 to 6: valid and invalid hands alike."""
    texts = st.one_of(st.sampled_from(DECK), st.sampled_from(["Xx", "10h", "ah", " Kd", "1c"]))
    return rpb.EvaluateHandRequest(
        game=draw(st.sampled_from([*GAMES, 0, 99])),
        cards=draw(st.lists(texts, max_size=8)),
        board=draw(st.lists(texts, max_size=5)) if draw(st.booleans()) else [],
        players=draw(st.integers(min_value=-1, max_value=6)),
    )


def unary(stub, request: rpb.EvaluateHandRequest) -> rpb.EvaluateHandResult:
    try:
        return rpb.EvaluateHandResult(answer=stub.EvaluateHand(request, timeout=10))
    except grpc.RpcError as error:
        from grpc_status import rpc_status

        return rpb.EvaluateHandResult(error=rpc_status.from_call(error))


def normal(result: rpb.EvaluateHandResult, index: int | None = None) -> tuple:
    """A result in comparable form: the answer, or (code, message, field violations,
    ErrorInfo reason and metadata); with ``index``, a unary error's paths as the batch
    prefixes them (``requests[index].``)."""
    if result.WhichOneof("result") != "error":
        return ("answer", result.answer.SerializeToString(deterministic=True))
    error = result.error
    found, info = violations(error), {}
    for detail in error.details:
        unpacked = error_details_pb2.ErrorInfo()
        if detail.Unpack(unpacked):
            info = {"reason": unpacked.reason, **unpacked.metadata}
    message = error.message
    if index is not None:
        prefix = f"requests[{index}]."
        message = message.replace(found[0][0], prefix + found[0][0], 1)
        message = re.sub(r"\(also ([^)]+)\)", rf"(also {prefix}\1)", message)
        found = [
            (prefix + field, re.sub(r"\(also ([^)]+)\)", rf"(also {prefix}\1)", text))
            for field, text in found
        ]
        info["field"] = prefix + info["field"]
    return ("error", error.code, message, found, info)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(random_requests(), min_size=1, max_size=6))
def test_batch_answer_equals_unary_answer(rules_stub, requests) -> None:
    batch = rules_stub.BatchEvaluateHands(
        rpb.BatchEvaluateHandsRequest(requests=requests), timeout=10
    )
    expected = [normal(unary(rules_stub, r), i) for i, r in enumerate(requests)]
    assert [normal(r) for r in batch.results] == expected
    streamed = list(
        rules_stub.EvaluateHandStream(iter([rpb.EvaluateHandStreamRequest(requests=requests)]))
    )
    assert [normal(r) for r in streamed[0].results] == expected


def test_a_long_batch_keeps_order_and_item_paths_across_chunks(rules_stub) -> None:
    """A 2,500-hand batch is ranked in chunks of 1,000 (the server yields between them): the
    answers stay in request order and a bad hand's path is its index in the whole request."""
    good, bad = hand(STUD, "As Ad Ac Kh Kd"), hand(STUD, "As As")
    bad_at = {0, 999, 1000, 1500, 2499}
    requests = [bad if i in bad_at else good for i in range(2500)]
    response = rules_stub.BatchEvaluateHands(
        rpb.BatchEvaluateHandsRequest(requests=requests), timeout=30
    )
    errors = [i for i, r in enumerate(response.results) if r.WhichOneof("result") == "error"]
    assert errors == sorted(bad_at)
    assert [violations(response.results[i].error)[0][0] for i in errors] == [
        f"requests[{i}].cards" for i in sorted(bad_at)
    ]
    assert response.results[1].answer.high.category == pb.HAND_CATEGORY_FULL_HOUSE
