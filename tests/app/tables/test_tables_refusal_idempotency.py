"""A refusal is the first answer of its request id (DESIGN.md "Contract details",
Idempotency: "a retry with the same id and payload returns the first answer and changes
nothing; the same id with another payload is refused"; docs/rules.md "A refusal is the first
answer of its request id")."""

from __future__ import annotations

import threading

import pytest
from tables_app_support import DEALER, OBSERVER, Table, cards, service, table_settings

from floorman.app.tables import commands as c
from floorman.app.tables.refusals import REFUSAL_MARK, decode_refusal, encode_refusal
from floorman.app.tables.service import TableService
from floorman.domain.errors import RuleViolation
from floorman.domain.model import Action, ActionType, Deal, Game
from floorman.domain.table.events import FindingRecorded, HandActed
from floorman.domain.table.settings import DealMode
from floorman.store import RequestIdConflict, open_store

RAISE, CALL, FOLD = ActionType.RAISE, ActionType.CALL, ActionType.FOLD
HANDS = {1: "As Ah Ad 7c 8d", 2: "Ks Kh Kd 9c Td", 3: "Qs Qh Qd Jc 2d"}


def recorded_draw(store_url: str = "memory://") -> Table:
    """A recorded Five Card Draw table, blinds 10/20 (small bet 20): three players of 2000,
    hand 1 dealt (button 1, blinds 2 and 3); seat 1 to act, 20 to call, a raise goes to 40."""
    table = Table.create(
        service(open_store(store_url)),
        table_settings(Game.FIVE_CARD_DRAW, small_bet=20, deal_mode=DealMode.RECORDED),
    )
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    table.deal(*(Deal(seat=seat, cards=cards(HANDS[seat])) for seat in (2, 3, 1)))
    return table


def log(table: Table) -> list:
    """Every event of the table's log (dealer view)."""
    return list(table.service.events_after(table.table_id, 0, viewer=DEALER).events)


def findings(table: Table) -> list:
    """The FindingRecorded events of the log."""
    return [e.event.finding for e in log(table) if isinstance(e.event, FindingRecorded)]


def refusal(table: Table, **fields: object) -> RuleViolation:
    """Send one RecordAction (or other write) that must be refused; the refusal."""
    kind = fields.pop("kind", c.RecordAction)
    with pytest.raises(RuleViolation) as refused:
        table.run(kind, **fields)  # type: ignore[arg-type]
    return refused.value


def details(violation: RuleViolation) -> tuple:
    """Everything a caller sees of a refusal."""
    return (violation.rule, violation.message, violation.seat, violation.expected,
            violation.actual)  # fmt: skip


def test_idempotency_refused_request_id_keeps_its_refusal_and_refuses_another_payload():
    """DESIGN.md Idempotency with RULES.md ``bet.amount``: RAISE 41 under "x1" is refused
    (expected 40, actual 41) and recorded once; the identical retry gets the same refusal
    with the same details and records nothing; "x1" with RAISE 40 is RequestIdConflict and
    changes nothing; the caller's expected_sequence still works for a new id."""
    table = recorded_draw()
    sequence = table.sequence
    first = refusal(table, request_id="x1", action=Action(seat=1, type=RAISE, amount=41))
    assert (first.rule, first.seat, first.expected, first.actual) == ("bet.amount", 1, "40", "41")
    assert len(log(table)) == sequence + 1
    again = refusal(table, request_id="x1", action=Action(seat=1, type=RAISE, amount=41))
    assert details(again) == details(first)
    with pytest.raises(RequestIdConflict):
        table.run(c.RecordAction, request_id="x1", action=Action(seat=1, type=RAISE, amount=40))
    assert len(log(table)) == sequence + 1
    assert [f.rule for f in findings(table)] == ["bet.amount"]
    state = table.service.get_hand("t1", "", viewer=DEALER).state
    assert state.seat_to_act == 1 and state.current_bet == 20
    raised = table.run(c.RecordAction, request_id="x2", expected=sequence,
                       action=Action(seat=1, type=RAISE, amount=40))  # fmt: skip
    assert raised.outcome.table.sequence == sequence + 2
    assert table.service.get_hand("t1", "", viewer=DEALER).state.current_bet == 40


def test_idempotency_retry_of_a_refusal_is_refused_even_when_stale_or_legal_by_now():
    """DESIGN.md Idempotency with RULES.md ``turn.out_of_turn``: seat 2 calling out of turn
    under "early" is refused; after seat 1 folds, seat 2 is to act and the same call would
    be legal, yet the retry of "early" (also with its old, stale expected_sequence) answers
    the first refusal and applies nothing; no second finding is written."""
    table = recorded_draw()
    sequence = table.sequence
    first = refusal(table, request_id="early", action=Action(seat=2, type=CALL))
    assert (first.rule, first.expected, first.actual) == ("turn.out_of_turn", "1", "2")
    table.act(1, FOLD)
    for expected in (table.sequence, sequence):
        again = refusal(table, request_id="early", expected=expected,
                        action=Action(seat=2, type=CALL))  # fmt: skip
        assert details(again) == details(first)
    acted = [e.event.action for e in log(table) if isinstance(e.event, HandActed)]
    assert acted == [Action(seat=1, type=FOLD)]
    assert [f.rule for f in findings(table)] == ["turn.out_of_turn"]
    assert table.service.get_hand("t1", "", viewer=DEALER).state.seat_to_act == 2


def test_idempotency_refused_deal_cards_keeps_its_refusal():
    """DESIGN.md Idempotency with RULES.md ``card.duplicate``: a refused DealCards under
    "d1" answers its retry with the same refusal; "d1" with other cards is RequestIdConflict;
    one finding is written."""
    table = Table.create(
        service(), table_settings(Game.FIVE_CARD_DRAW, deal_mode=DealMode.RECORDED)
    )
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    table.deal(Deal(seat=2, cards=cards("As Ah Ad 7c 8d")))
    bad = (Deal(seat=3, cards=cards("As Kh Kd 9c Td")),)
    first = refusal(table, kind=c.DealCards, request_id="d1", deals=bad)
    assert (first.rule, first.actual) == ("card.duplicate", "As")
    assert details(refusal(table, kind=c.DealCards, request_id="d1", deals=bad)) == details(first)
    with pytest.raises(RequestIdConflict):
        table.run(c.DealCards, request_id="d1", deals=(Deal(seat=3, cards=cards("Ks")),))
    assert [f.rule for f in findings(table)] == ["card.duplicate"]
    assert table.service.get_hand("t1", "", viewer=DEALER).state.awaiting_deal_seats == (3, 1)


def test_idempotency_deal_mode_refusal_is_the_first_answer_too():
    """docs/rules.md ``deal.mode``: DealCards at a service-dealt table is refused; the retry
    gets the same refusal and "m1" with other cards is RequestIdConflict."""
    table = Table.create(service(), table_settings())
    for seat in (1, 2):
        table.seat(seat, 2000)
    table.start()
    first = refusal(table, kind=c.DealCards, request_id="m1",
                    deals=(Deal(seat=1, cards=cards("2c")),))  # fmt: skip
    assert first.rule == "deal.mode"
    again = refusal(table, kind=c.DealCards, request_id="m1",
                    deals=(Deal(seat=1, cards=cards("2c")),))  # fmt: skip
    assert details(again) == details(first)
    with pytest.raises(RequestIdConflict):
        table.run(c.DealCards, request_id="m1", deals=(Deal(seat=1, cards=cards("3c")),))
    assert [f.rule for f in findings(table)] == ["deal.mode"]


def test_idempotency_replayed_card_refusal_is_redacted_for_the_retrying_viewer():
    """DESIGN.md Idempotency and hole-card redaction: a refused deal that carried cards is
    replayed to an observer in its card-free words (issue 10 point 5), and to a dealer in
    full."""
    table = Table.create(
        service(), table_settings(Game.FIVE_CARD_DRAW, deal_mode=DealMode.RECORDED)
    )
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    table.deal(Deal(seat=2, cards=cards("As Ah Ad 7c 8d")))
    bad = (Deal(seat=3, cards=cards("As")),)
    first = refusal(table, kind=c.DealCards, request_id="d2", deals=bad)
    table.viewer = OBSERVER
    hidden = refusal(table, kind=c.DealCards, request_id="d2", deals=bad)
    assert details(hidden) == (
        "card.duplicate",
        "one of the cards is already out of the stub (in a hand, burned or dealt) "
        "(a dealer or admin token sees the cards)",
        3,
        "",
        "",
    )
    table.viewer = DEALER
    assert details(refusal(table, kind=c.DealCards, request_id="d2", deals=bad)) == details(first)


def test_idempotency_a_refusal_not_recorded_as_a_finding_leaves_the_request_id_free():
    """docs/rules.md: a lobby refusal (``seat.occupied``) writes nothing, so its request id
    may carry another request afterwards."""
    table = Table.create(service(), table_settings())
    table.seat(1, 2000)
    assert refusal(table, kind=c.SeatPlayer, request_id="s1", seat=1, player_id="p9",
                   buy_in=2000).rule == "seat.occupied"  # fmt: skip
    reply = table.run(c.SeatPlayer, request_id="s1", seat=2, player_id="p9", buy_in=2000)
    assert reply.outcome is not None


def _race(services: list[TableService], command: c.RecordAction) -> list[object]:
    barrier = threading.Barrier(len(services))
    results: list[object] = [None] * len(services)

    def send(index: int) -> None:
        barrier.wait()
        try:
            results[index] = services[index].record_action(command, viewer=DEALER)
        except Exception as error:  # the outcome is what the test looks at
            results[index] = error

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(services))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_idempotency_the_same_refused_request_on_two_replicas_is_recorded_once():
    """DESIGN.md Idempotency, two replicas on one store: the same refused RecordAction sent
    to both at once is refused by both with the same details, and one finding is written."""
    store = open_store("memory://")
    table = Table.create(
        service(store), table_settings(Game.FIVE_CARD_DRAW, deal_mode=DealMode.RECORDED)
    )
    for seat in (1, 2, 3):
        table.seat(seat, 2000)
    table.start()
    replicas = [table.service, service(store), service(store)]
    command = c.RecordAction(table_id="t1", expected_sequence=table.sequence, request_id="dup",
                             action=Action(seat=3, type=CALL))  # fmt: skip
    results = _race(replicas, command)
    assert all(isinstance(r, RuleViolation) for r in results), results
    assert {details(r) for r in results} == {  # type: ignore[arg-type]
        ("turn.out_of_turn", "cards are due before anyone acts", 3, "", "3")
    }
    assert [f.rule for f in findings(table)] == ["turn.out_of_turn"]


def test_idempotency_stored_refusal_round_trips_and_never_looks_like_an_answer():
    """DESIGN.md Idempotency: a stored refusal decodes to the same rule, message, seat,
    expected, actual and secrecy; an answer (JSON or protobuf bytes) is not a refusal."""
    violation = RuleViolation("bet.amount", "raise to 41", seat=1, expected=40, actual=41)
    stored = encode_refusal(violation, secret=True)
    assert stored.startswith(REFUSAL_MARK)
    decoded = decode_refusal(stored)
    assert decoded is not None and decoded.secret
    assert details(decoded.violation) == ("bet.amount", "raise to 41", 1, "40", "41")
    for answer in (b"", b'{"op":"RecordAction"}', b"\x0a\x02t1"):
        assert decode_refusal(answer) is None
