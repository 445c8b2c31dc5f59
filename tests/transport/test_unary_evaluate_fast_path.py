"""The unary EvaluateHand fast path (issue 15 point 2) answers exactly as the use case does.

A plainly valid hand takes the cached ranker of its shape and an answer parsed from wire
bytes; every other request (a bad card text, a duplicate, a card out of the deck, a wrong
count or board, an unknown game, bad ``players``) takes the reported path. The reference
here is the same servicer with the fast path switched off (a core whose ``fast_ranker``
knows no shape), called in-process with a context that records the status it aborts with:
answers, status codes, messages and details must be byte-for-byte the same, and
``floorman_hands_evaluated_total`` counts each answered hand once, on either path.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.domain.cards import CARD_TEXTS
from floorman.observability.metrics import Metrics
from floorman.transport.servicers.rules import RulesCore, RulesServicer
from floorman.v1 import poker_pb2 as pb
from floorman.v1 import rules_service_pb2 as rpb

GAMES = [g for g in pb.Game.values() if g != pb.GAME_UNSPECIFIED]
DECK = list(CARD_TEXTS)


class Aborted(Exception):
    """What the recording context raises in place of gRPC's AbortError."""

    def __init__(self, status: Any) -> None:
        super().__init__(status.code)
        self.status = status


class RecordingContext:
    """The part of ``grpc.aio.ServicerContext`` the rules servicer uses."""

    async def abort_with_status(self, status: Any) -> None:
        raise Aborted(status)


def answer(servicer: RulesServicer, request: rpb.EvaluateHandRequest) -> tuple:
    """("answer", serialized response) or ("error", code, details, trailing metadata)."""
    try:
        response = asyncio.run(servicer.EvaluateHand(request, RecordingContext()))  # type: ignore[arg-type]
    except Aborted as aborted:
        status = aborted.status
        return ("error", status.code, status.details, tuple(status.trailing_metadata))
    return ("answer", response.SerializeToString(deterministic=True))


def hands_counted(metrics: Metrics) -> dict[str, float]:
    return {
        sample.labels["game"]: sample.value
        for family in metrics.registry.collect()
        if family.name == "floorman_hands_evaluated"
        for sample in family.samples
        if sample.name.endswith("_total") and sample.value
    }


def servicers() -> tuple[RulesServicer, RulesServicer, Metrics, Metrics]:
    fast_metrics, slow_metrics = Metrics(), Metrics()
    fast = RulesServicer(metrics=fast_metrics)
    slow = RulesServicer(core=RulesCore(fast_ranker=lambda *_: None), metrics=slow_metrics)
    return fast, slow, fast_metrics, slow_metrics


@st.composite
def requests(draw: st.DrawFn) -> rpb.EvaluateHandRequest:
    """Any game (and 0, 99), 0 to 9 cards with repeats and a bad or non-canonical text now
    and then, 0 to 6 board cards, players -1 to 10: valid and invalid hands alike."""
    texts = st.one_of(
        st.sampled_from(DECK), st.sampled_from(["Xx", "10h", "ah", " Kd", "1c", "AH", ""])
    )
    return rpb.EvaluateHandRequest(
        game=draw(st.sampled_from([*GAMES, 0, 99])),
        cards=draw(st.lists(texts, max_size=9)),
        board=draw(st.lists(texts, max_size=6)) if draw(st.booleans()) else [],
        players=draw(st.integers(min_value=-1, max_value=10)),
    )


@st.composite
def valid_requests(draw: st.DrawFn) -> rpb.EvaluateHandRequest:
    """A hand of distinct canonical cards in a count the game takes (board games: 2-4 own
    cards and 3-5 board cards; others 5-7 cards), most of them valid."""
    game = draw(st.sampled_from(GAMES))
    cards = draw(st.lists(st.sampled_from(DECK), min_size=10, max_size=12, unique=True))
    own = draw(st.integers(min_value=2, max_value=7))
    board = draw(st.sampled_from([0, 3, 4, 5]))
    return rpb.EvaluateHandRequest(game=game, cards=cards[:own], board=cards[own : own + board])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(requests(), valid_requests()), min_size=1, max_size=5))
def test_fast_path_answers_as_the_reported_path(batch: list[rpb.EvaluateHandRequest]) -> None:
    fast, slow, fast_metrics, slow_metrics = servicers()
    for request in batch:
        assert answer(fast, request) == answer(slow, request)
    assert hands_counted(fast_metrics) == hands_counted(slow_metrics)


def test_a_valid_hand_takes_the_cached_shape_ranker() -> None:
    fast, _, metrics, _ = servicers()
    request = rpb.EvaluateHandRequest(
        game=pb.GAME_RAZZ, cards=["Ah", "2d", "3c", "4s", "6h", "Kd", "Kc"]
    )
    kind, body = answer(fast, request)
    assert kind == "answer"
    response = rpb.EvaluateHandResponse.FromString(body)
    assert not response.HasField("high")  # Razz is low only (RULES.md: Razz)
    assert list(response.low.best_cards) == ["6h", "4s", "3c", "2d", "Ah"]
    assert response.low.description == "6-4-3-2-A"
    assert (pb.GAME_RAZZ, 0, 7, 0) in fast._rankers
    assert hands_counted(metrics) == {"razz": 1.0}


@pytest.mark.parametrize(
    ("cards", "field"),
    [
        (["Ah", "Ah", "3c", "4s", "6h", "Kd", "Kc"], "cards[1]"),  # RULES.md: duplicate card
        ([" Ah", "2d", "3c", "4s", "6h", "Kd", "Kc"], None),  # accepted, not canonical
        (["Ah", "2d"], "cards"),  # too few for Razz
    ],
)
def test_a_hand_off_the_fast_path_is_answered_by_the_use_case(
    cards: list[str], field: str | None
) -> None:
    fast, slow, _, _ = servicers()
    request = rpb.EvaluateHandRequest(game=pb.GAME_RAZZ, cards=cards)
    found = answer(fast, request)
    assert found == answer(slow, request)
    if field is None:
        assert found[0] == "answer"
    else:
        assert found[0] == "error" and found[1].name == "INVALID_ARGUMENT"
        assert field in found[2]


def test_an_exception_on_the_fast_path_is_mapped_like_any_other() -> None:
    def broken(*_: Any) -> Any:
        def rank(cards: Any, board: Any) -> Any:
            raise RuntimeError("boom")

        return rank

    def failing(*_: Any, **__: Any) -> Any:
        raise RuntimeError("boom")

    servicer = RulesServicer(core=RulesCore(fast_ranker=broken, evaluate_hand=failing))
    request = rpb.EvaluateHandRequest(
        game=pb.GAME_RAZZ, cards=["Ah", "2d", "3c", "4s", "6h", "Kd", "Kc"]
    )
    kind, code, details, _ = answer(servicer, request)
    assert (kind, code.name) == ("error", "INTERNAL")
    assert "boom" not in details
