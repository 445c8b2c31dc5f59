"""The stored answers of the table writes: built from reused bytes, they parse to exactly the
message the converters build, for every viewer and every write of a hand."""

from __future__ import annotations

from floorman.app.tables import commands as c
from floorman.app.tables.views import hand_view
from floorman.domain.model import ActionType, Game
from floorman.domain.table.redaction import Role, Viewer
from floorman.transport import table_converters as tc
from floorman.transport.table_answers import encode_outcome
from floorman.v1 import table_service_pb2 as tpb
from tests.app.tables.tables_app_support import Table, service, table_settings

RESPONSE = {
    c.StartHand: tpb.StartHandResponse,
    c.RecordAction: tpb.RecordActionResponse,
}


def test_every_answer_of_two_hands_parses_to_the_converters_message_for_every_viewer():
    """Two stud hands (a showdown: cards turn public late, so the redaction of earlier events
    changes), answered alternately to the three roles: each answer's bytes parse to
    ``Response(table=table_to_pb(..), hand=hand_view_to_pb(..))`` of a view built afresh."""
    table = Table.create(
        service(encoder=encode_outcome), table_settings(Game.SEVEN_CARD_STUD, small_bet=20, ante=2)
    )
    for seat in (1, 2, 3):
        table.seat(seat, 1_000)
    viewers = [Viewer(Role.DEALER), Viewer(Role.OBSERVER), Viewer(Role.AUDITOR)]
    checked = 0
    for _ in range(2):
        reply = table.start()
        kind = c.StartHand
        while True:
            outcome = reply.outcome
            state = table.service.repository.cached("t1")
            run = state.hand or state.last_hand
            viewer = table.viewer
            expected = RESPONSE[kind](
                table=tc.table_to_pb(outcome.table),
                hand=tc.hand_view_to_pb(hand_view("t1", run, viewer)),
            )
            assert RESPONSE[kind].FromString(reply.payload) == expected
            checked += 1
            hand = outcome.hand
            if hand.complete:
                break
            table.viewer = viewers[checked % 3]
            legal = {e.type: e for e in hand.legal_actions}
            seat = hand.state.seat_to_act
            if ActionType.SHOW in legal:
                reply = table.act(seat, ActionType.SHOW)
            elif ActionType.BRING_IN in legal:
                reply = table.act(seat, ActionType.BRING_IN, legal[ActionType.BRING_IN].min_amount)
            elif ActionType.CHECK in legal:
                reply = table.act(seat, ActionType.CHECK)
            else:
                reply = table.act(seat, ActionType.CALL)
            kind = c.RecordAction
    assert checked > 20


def test_table_only_answers_parse_to_the_converters_message():
    """SeatPlayer's answer (settings appended as bytes) equals the built message."""
    table = Table.create(service(encoder=encode_outcome), table_settings())
    reply = table.seat(1, 500)
    expected = tpb.SeatPlayerResponse(table=tc.table_to_pb(reply.outcome.table))
    assert tpb.SeatPlayerResponse.FromString(reply.payload) == expected
    assert tc.encode_outcome("SeatPlayer", reply.outcome) == reply.payload
