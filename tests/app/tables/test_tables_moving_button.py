"""RULES.md Five Card Draw 7-A "Button" (the moving-button table option) through TableService:
the tester's three-handed layout with newcomers deals three distinct positions, and the
hand's history audits clean in every format (docs/rules.md "Moving button")."""

from __future__ import annotations

import pytest
from tables_app_support import DEALER, Table, service, table_settings

from floorman.app.tables import commands as c
from floorman.domain.audit import AuditStatus, SourceFormat, audit_document
from floorman.domain.model import ActionType, ForcedBetKind
from floorman.domain.table.placement import Positions
from floorman.domain.table.seats import EntryOption
from floorman.domain.table.settings import ButtonRule

POST, WAIT = EntryOption.POST_BIG_BLIND, EntryOption.WAIT_FOR_BIG_BLIND
SB, BB, DEAD = ForcedBetKind.SMALL_BLIND, ForcedBetKind.BIG_BLIND, ForcedBetKind.DEAD_BLIND
FORMATS = {"phh": SourceFormat.PHH, "ohh": SourceFormat.OHH, "pokerstars": SourceFormat.POKERSTARS}


def _fold_out(table: Table):
    hand = table.start().outcome.hand
    while not hand.complete:
        hand = table.act(hand.state.seat_to_act, ActionType.FOLD).outcome.hand
    return hand


@pytest.mark.parametrize(
    ("entry2", "entry5", "positions", "first_to_act", "forced"),
    [
        (POST, WAIT, Positions(2, 4, 5), 2, [(4, SB, 100), (5, BB, 200), (2, BB, 200)]),
        (POST, POST, Positions(5, 2, 4), 5, [(2, SB, 100), (2, DEAD, 100), (4, BB, 200),
                                             (5, BB, 200)]),
    ],
)  # fmt: skip
def test_moving_button_newcomers_three_handed_distinct_positions_and_clean_history(
    entry2, entry5, positions, first_to_act, forced
):
    """RULES.md "Button" (moving button): seats 1, 4, 5 play (1,4,5) and (4,5,1); seats 1 and
    5 leave; seat 2 and seat 5 join. The next hand deals 2, 4, 5 with the button moved and
    three distinct positions, first to act left of the big blind, the newcomers' entry blinds
    posted, and its history audits clean in PHH, OHH and PokerStars."""
    table = Table.create(
        service(), table_settings(button_rule=ButtonRule.MOVING_BUTTON, max_seats=5)
    )
    for seat in (1, 4, 5):
        table.seat(seat, 2000)
    assert [_fold_out(table).positions for _ in range(2)] == [
        Positions(1, 4, 5),
        Positions(4, 5, 1),
    ]
    table.run(c.LeaveSeat, seat=1)
    table.run(c.LeaveSeat, seat=5)
    table.seat(2, 2000, entry2)
    table.seat(5, 2000, entry5)
    hand = table.start().outcome.hand
    assert [s.seat for s in hand.config.seats] == [2, 4, 5]
    assert hand.positions == positions
    assert hand.config.button_seat == positions.button
    assert hand.state.seat_to_act == first_to_act
    assert [(b.seat, b.kind, b.amount) for b in hand.config.forced_bets] == forced
    while not hand.complete:
        hand = table.act(hand.state.seat_to_act, ActionType.FOLD).outcome.hand
    for fmt, source in FORMATS.items():
        text = table.service.export_hand("t1", hand.hand_id, fmt, viewer=DEALER).content
        (audit,) = audit_document(text, source=hand.hand_id, format=source)
        assert audit.status is AuditStatus.CLEAN, (fmt, audit.findings)
