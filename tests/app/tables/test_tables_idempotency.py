"""Idempotency, expected sequences and refusal findings (DESIGN.md "Contract details":
idempotency; issue 5: every refused action becomes a finding on the table's stream)."""

from __future__ import annotations

import threading

import pytest
from tables_app_support import DEALER, OBSERVER, Table, cards, service, table_settings

from floorman.app.tables import commands as c
from floorman.app.tables.service import TableService
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Action, ActionType, Deal, Game
from floorman.domain.table.events import FindingRecorded, HandActed
from floorman.domain.table.settings import DealMode
from floorman.store import RequestIdConflict, SequenceMismatch, open_store

FOLD, CALL, CHECK = ActionType.FOLD, ActionType.CALL, ActionType.CHECK

DUPLICATE_SEEN_BY_OBSERVER = (
    "one of the cards is already out of the stub (in a hand, burned or dealt) "
    "(a dealer or admin token sees the cards)"
)


def started(game: Game = Game.FIVE_CARD_DRAW, **settings) -> Table:
    """Three players, first hand started (button 1, blinds 2 and 3, seat 1 to act)."""
    table = Table.create(service(), table_settings(game, **settings))
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    return table


def log(table: Table) -> list:
    """Every event of the table's log (dealer view)."""
    return list(table.service.events_after(table.table_id, 0, viewer=DEALER).events)


def test_retry_of_a_successful_action_returns_the_first_answer_byte_for_byte():
    """A retry with the same request id and payload answers the first answer's bytes and
    appends nothing, even when its expected_sequence is stale by then."""
    table = started()
    first = table.act(1, FOLD)
    before = len(log(table))
    table.act(2, CALL)
    again = table.run(
        c.RecordAction,
        request_id="r4",  # the fold's id (ids count from r0: 3 seats, start, fold)
        expected=first.outcome.table.sequence - 1,
        action=Action(seat=1, type=FOLD),
    )
    assert again.outcome is None and again.payload == first.payload
    assert len(log(table)) == before + 1  # only the call was appended
    assert sum(isinstance(e.event, HandActed) for e in log(table)) == 2


def test_same_request_id_with_another_payload_is_refused():
    """The same request id with another payload is RequestIdConflict and changes nothing."""
    table = started()
    table.act(1, FOLD)
    with pytest.raises(RequestIdConflict):
        table.run(c.RecordAction, request_id="r4", action=Action(seat=2, type=CALL))
    assert table.service.get_hand("t1", "", viewer=DEALER).state.seat_to_act == 2


def test_stale_expected_sequence_is_a_sequence_mismatch_with_the_current_sequence():
    """An expected_sequence older than the last state change is SequenceMismatch carrying the
    table's current sequence; one beyond the log is refused the same way."""
    table = started()
    stale = table.sequence
    table.act(1, FOLD)
    with pytest.raises(SequenceMismatch) as behind:
        table.run(c.RecordAction, expected=stale, action=Action(seat=2, type=CALL))
    assert (behind.value.expected_sequence, behind.value.current_sequence) == (stale, stale + 1)
    with pytest.raises(SequenceMismatch):
        table.run(c.RecordAction, expected=stale + 5, action=Action(seat=2, type=CALL))


def test_refused_action_becomes_a_finding_and_the_callers_sequence_stays_valid():
    """RULES.md ``turn.out_of_turn``: the refusal names the rule, seat, expected and actual
    seat; a finding lands on the log at the next sequence with the event's would-be index;
    the caller's expected_sequence still works; a retry does not record it twice, and the
    refused request id is not free for another payload (DESIGN.md "Idempotency")."""
    table = started()
    sequence = table.sequence
    with pytest.raises(RuleViolation) as refused:
        table.run(c.RecordAction, request_id="bad", action=Action(seat=3, type=CHECK))
    violation = refused.value
    assert (violation.rule, violation.seat, violation.expected, violation.actual) == (
        "turn.out_of_turn", 3, "1", "3",
    )  # fmt: skip
    finding = log(table)[-1]
    assert finding.sequence == sequence + 1 and finding.hand_id == "hand-1"
    assert isinstance(finding.event, FindingRecorded)
    assert (finding.event.finding.rule, finding.event.finding.event_index) == (
        "turn.out_of_turn",
        3,
    )
    with pytest.raises(RuleViolation):
        table.run(c.RecordAction, request_id="bad", action=Action(seat=3, type=CHECK))
    assert len(log(table)) == sequence + 1  # the retried refusal was recorded once
    accepted = table.run(c.RecordAction, expected=sequence, action=Action(seat=1, type=FOLD))
    assert accepted.outcome.table.sequence == sequence + 2
    with pytest.raises(RequestIdConflict):  # the refusal was the id's first answer
        table.run(c.RecordAction, request_id="bad", action=Action(seat=2, type=CALL))


def test_action_with_no_hand_running_is_a_hand_complete_finding():
    """RULES.md ``hand.complete``: an action between hands is refused and recorded."""
    table = Table.create(service(), table_settings())
    table.seat(1, 1000)
    with pytest.raises(RuleViolation) as refused:
        table.act(1, CHECK)
    assert refused.value.rule == "hand.complete"
    assert log(table)[-1].event.finding.rule == "hand.complete"


def test_recorded_deals_refused_with_card_rules_and_recorded_as_findings():
    """RULES.md card rules at a recorded table: a card already dealt is ``card.duplicate``, a
    2 in Five Card Draw 7-A is ``card.not_in_deck``; the whole DealCards is refused (nothing
    dealt) and recorded as a finding that an observer sees in words naming no card."""
    table = started(Game.FIVE_CARD_DRAW_7A, deal_mode=DealMode.RECORDED)
    table.deal(Deal(seat=2, cards=cards("As Ah Ad 7c 8d")))
    with pytest.raises(RuleViolation) as duplicate:
        table.deal(Deal(seat=3, cards=cards("Ks Kh")), Deal(seat=1, cards=cards("Qs As")))
    assert duplicate.value.rule == "card.duplicate"
    assert duplicate.value.actual == "As"
    hand = table.service.get_hand("t1", "", viewer=DEALER)
    assert hand.state.awaiting_deal_seats == (3, 1)  # nothing of the refused request dealt
    finding = log(table)[-1]
    assert (finding.event.finding.rule, finding.event.finding.event_index) == ("card.duplicate", 2)
    assert finding.event.secret
    with pytest.raises(RuleViolation) as outside:
        table.deal(Deal(seat=3, cards=cards("2c")))
    assert outside.value.rule == "card.not_in_deck"
    observed = table.service.events_after("t1", finding.sequence - 1, viewer=OBSERVER).events[0]
    assert observed.event.finding.message == DUPLICATE_SEEN_BY_OBSERVER
    assert (observed.event.finding.rule, observed.event.finding.actual) == ("card.duplicate", "")


def test_deal_cards_at_a_service_dealt_table_is_deal_mode():
    """DealCards where the service deals is refused as ``deal.mode`` (and recorded)."""
    table = started()
    with pytest.raises(RuleViolation) as refused:
        table.deal(Deal(seat=1, cards=cards("2c")))
    assert refused.value.rule == "deal.mode"


def test_refused_card_event_hides_its_details_from_an_observer_caller():
    """A refused event carrying cards answers an observer in its card-free words with the
    rule and seat (issue 10 point 5): the full message names a hole card."""
    table = started(deal_mode=DealMode.RECORDED)
    table.deal(Deal(seat=2, cards=cards("As Ah Ad 7c 8d")))
    table.viewer = OBSERVER
    with pytest.raises(RuleViolation) as refused:
        table.deal(Deal(seat=3, cards=cards("As")))
    assert (refused.value.rule, refused.value.message) == (
        "card.duplicate",
        DUPLICATE_SEEN_BY_OBSERVER,
    )
    assert (refused.value.seat, refused.value.actual) == (3, "")
    assert "As" not in str(refused.value)


def _race(services: list[TableService], commands: list[c.RecordAction]) -> list[object]:
    barrier = threading.Barrier(len(commands))
    results: list[object] = [None] * len(commands)

    def send(index: int) -> None:
        barrier.wait()
        try:
            results[index] = services[index].record_action(commands[index], viewer=DEALER)
        except Exception as error:  # the outcome is what the test looks at
            results[index] = error

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(commands))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_services_on_one_store_conflicting_actions_exactly_one_wins():
    """Two services (replicas) on one store, two terminals sending legal but conflicting
    actions at the same sequence: exactly one succeeds, the other is SequenceMismatch."""
    store = open_store("memory://")
    table = Table.create(service(store), table_settings())
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    replicas = [table.service, service(store)]
    for _round in range(5):
        hand = replicas[0].get_hand("t1", "", viewer=DEALER)
        seat = hand.state.seat_to_act
        if seat == 0:
            break
        sequence = replicas[1].get_table("t1").sequence
        legal = next(e for e in hand.legal_actions if e.type is not FOLD)
        amount = legal.min_amount if legal.type in (ActionType.BET, ActionType.RAISE) else 0
        commands = [
            c.RecordAction(table_id="t1", expected_sequence=sequence, request_id=f"a{_round}",
                           action=Action(seat=seat, type=FOLD)),
            c.RecordAction(table_id="t1", expected_sequence=sequence, request_id=f"b{_round}",
                           action=Action(seat=seat, type=legal.type, amount=amount)),
        ]  # fmt: skip
        results = _race(replicas, commands)
        errors = [r for r in results if isinstance(r, Exception)]
        assert len(errors) == 1 and isinstance(errors[0], SequenceMismatch), results
        assert replicas[0].get_table("t1").sequence > sequence


def test_retry_through_another_replica_never_double_applies():
    """The same request sent to two replicas at once lands once; both answer the same
    bytes."""
    store = open_store("memory://")
    table = Table.create(service(store), table_settings())
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    replicas = [table.service, service(store)]
    command = c.RecordAction(
        table_id="t1", expected_sequence=table.sequence, request_id="same",
        action=Action(seat=1, type=FOLD),
    )  # fmt: skip
    results = _race(replicas, [command, command])
    assert all(not isinstance(r, Exception) for r in results), results
    assert results[0].payload == results[1].payload
    actions = [e for e in replicas[1].events_after("t1", 0, viewer=DEALER).events
               if isinstance(e.event, HandActed)]  # fmt: skip
    assert len(actions) == 1
