"""Live-table findings are logged and counted in one place (issue 5 item 3; DESIGN.md "Logs":
one line per rule finding, never hole cards of an unfinished hand)."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
import structlog
from tables_app_support import DEALER, Table, cards, service, table_settings

from floorman.app.tables import commands as c
from floorman.app.tables import service as table_service
from floorman.domain.engine import Finding
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Action, ActionType, Deal, Game
from floorman.domain.table.events import FindingRecorded, HandSettled
from floorman.domain.table.settings import DealMode
from floorman.observability.logging import configure_logging
from floorman.observability.metrics import Metrics

CHECK, FOLD = ActionType.CHECK, ActionType.FOLD


@pytest.fixture(autouse=True)
def _every_level_logged():
    """Log every level (another test may have configured a higher one) to a scratch stream."""
    configure_logging(level="debug", stream=io.StringIO())


def _count(metrics: Metrics, game: str, rule: str) -> float:
    value = metrics.registry.get_sample_value(
        "floorman_rule_findings_total", {"game": game, "rule": rule}
    )
    return value or 0.0


def _started(metrics: Metrics, game: Game = Game.FIVE_CARD_DRAW, **settings: object) -> Table:
    """Three players (2000 each), first hand started: button 1, blinds 2 and 3, seat 1 acts."""
    table = Table.create(service(metrics=metrics), table_settings(game, **settings))
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    return table


def _findings(logs: list[dict]) -> list[dict]:
    return [line for line in logs if line["event"] == "rule_finding"]


def test_refused_deal_is_logged_once_without_cards_and_counted():
    """RULES.md ``card.duplicate`` at a recorded table: one ``rule_finding`` line (table, hand,
    seat, event index, sequence) with every card redacted to ``??``, and
    ``floorman_rule_findings_total{game="five_card_draw_7a",rule="card.duplicate"}`` = 1."""
    metrics = Metrics()
    table = _started(metrics, Game.FIVE_CARD_DRAW_7A, deal_mode=DealMode.RECORDED)
    table.deal(Deal(seat=2, cards=cards("As Ah Ad 7c 8d")))
    with structlog.testing.capture_logs() as logs, pytest.raises(RuleViolation) as refused:
        table.deal(Deal(seat=3, cards=cards("Ks Kh")), Deal(seat=1, cards=cards("Qs As")))
    assert refused.value.rule == "card.duplicate" and refused.value.actual == "As"
    (line,) = _findings(logs)
    assert (line["rule"], line["game"], line["table_id"], line["hand_id"]) == (
        "card.duplicate", "five_card_draw_7a", "t1", "hand-1",
    )  # fmt: skip
    assert (line["event_index"], line["sequence"]) == (2, table.sequence + 1)
    assert line["actual"] == "??"
    assert not {"As", "Ks", "Qs"} & set(" ".join(map(str, line.values())).split())
    assert _count(metrics, "five_card_draw_7a", "card.duplicate") == 1


def test_refused_action_is_counted_once_even_when_retried():
    """RULES.md ``turn.out_of_turn``: the refusal counts 1 in
    ``floorman_rule_findings_total{game="five_card_draw",rule="turn.out_of_turn"}``; its retry
    (same request id) is refused again without a second line or count."""
    metrics = Metrics()
    table = _started(metrics)
    with structlog.testing.capture_logs() as logs:
        for _ in range(2):
            with pytest.raises(RuleViolation):
                table.run(c.RecordAction, request_id="bad", action=Action(seat=3, type=CHECK))
    assert len(_findings(logs)) == 1
    assert _count(metrics, "five_card_draw", "turn.out_of_turn") == 1


def test_settlement_discrepancy_is_a_finding_after_the_settlement(monkeypatch):
    """RULES.md ``payout.amount``: a discrepancy in the settlement's result is appended as a
    finding right after HandSettled, in the same write, then logged once and counted once."""
    discrepancy = Finding("payout.amount", "seat 3 should be paid 300, not 299", seat=3,
                          expected="300", actual="299")  # fmt: skip
    settle = table_service.settlement

    def with_discrepancy(run):
        settled = settle(run)
        if settled is None:
            return None
        result = replace(settled.result, discrepancies=(discrepancy,))
        return replace(settled, result=result)

    monkeypatch.setattr(table_service, "settlement", with_discrepancy)
    metrics = Metrics()
    table = _started(metrics)
    with structlog.testing.capture_logs() as logs:
        table.act(1, FOLD)
        table.act(2, FOLD)
    events = table.service.events_after("t1", 0, viewer=DEALER).events
    settled, noted = events[-2], events[-1]
    assert isinstance(settled.event, HandSettled) and isinstance(noted.event, FindingRecorded)
    assert noted.event.finding == discrepancy and noted.hand_id == "hand-1"
    assert noted.sequence == settled.sequence + 1 == table.sequence
    (line,) = _findings(logs)
    assert (line["rule"], line["seat"], line["expected"], line["actual"]) == (
        "payout.amount", 3, "300", "299",
    )  # fmt: skip
    assert line["sequence"] == noted.sequence
    assert _count(metrics, "five_card_draw", "payout.amount") == 1
